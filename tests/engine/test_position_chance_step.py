"""A position's place in the chance stream, and the step of the game started from it (issue 27, item 10).

``position()`` carried the source game's step as ``"step"`` while the game started from it counts its own
history from 0: the two disagreed. The place in the seed's chance stream is now ``"chance_step"``, a position
names no step of its own, and an older position's ``"step"`` is still read as its chance step.
"""

from __future__ import annotations

import json
import random

import pytest

import dragonwidgets
from dragonwidgets import PositionError


def _played(game, n, seed=1):
    rng = random.Random(seed)
    for _ in range(n):
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("name, players", [("emerald", 3), ("chasse_au_dragon", 2), ("drachenland", 2), ("draghan", 2)])
def test_item10_a_position_and_the_game_started_from_it_agree_on_the_step(name, players):
    source = _played(dragonwidgets.new_game(name, players=players, seed=5), 11)
    position = json.loads(json.dumps(source.position()))
    twin, start = dragonwidgets.new_game(name, position=position), source.step
    assert twin.step == twin.observation()["step"] == 0  # a new game: no history yet
    again = twin.position()
    assert again.get("step", twin.step) == twin.step, "position() names a step the game is not at"
    assert again["chance_step"] == position["chance_step"] == source.step  # the place in the chance stream
    for game in (twin, source):  # the same decisions
        _played(game, 3, seed=9)
    assert twin.position() == source.position()  # the same table and the same dice to come
    assert twin.position()["chance_step"] == source.step == start + twin.step


def test_item10_an_older_positions_step_is_read_as_its_chance_step():
    source = _played(dragonwidgets.new_game("emerald", players=3, seed=5), 11)
    position = source.position()
    older = {**{k: v for k, v in position.items() if k != "chance_step"}, "step": position["chance_step"]}
    twin = dragonwidgets.new_game("emerald", position=older)
    assert twin.position() == position and twin.start_position == position
    for game in (twin, source):  # the same decisions draw the same dice
        _played(game, 6, seed=3)
    assert twin.position() == source.position()


@pytest.mark.parametrize("extra, words", [
    ({"chance_step": -1}, "field 'chance_step'"),
    ({"chance_step": 1.5}, "field 'chance_step'"),
    ({"step": True}, "field 'step'"),
    ({"step": 3, "chance_step": 4}, "field 'step'"),
])
def test_item10_a_bad_chance_step_is_refused_naming_the_field(extra, words):
    with pytest.raises(PositionError, match=words):
        dragonwidgets.new_game("emerald", players=3, seed=1, position={"first_player": 0, **extra})
