"""``Game.clone`` copies every attribute of every game without asking the live game for its ``__dict__``.

In CPython 3.11 an object's attributes live inline until something asks for its ``__dict__``; from then on
they live in a real dict and every attribute read of the rules is slower. Bots, hints and widgets clone
live games, so a clone must leave the original's attributes where they were. What an object holds is
visible through ``gc.get_referents``: its attribute values while they are inline, one dict once they are
not.
"""

from __future__ import annotations

import gc
import json
import random

import pytest

import dragonwidgets
from dragonwidgets.engine import GAMES

from toy_game import ToyGame


def played(name: str, steps: int = 25, players: int = 2):
    """A game of ``name`` after ``steps`` random decisions, its log read and its numeric face asked
    (which make the caches a game makes later in its life)."""
    g = ToyGame(players=2, seed=4) if name == "toy" else dragonwidgets.new_game(name, players=players, seed=4)
    rng = random.Random(4)
    for _ in range(steps):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    g.log(0)
    try:
        g.observation_tensor(0), g.num_distinct_actions, g.legal_action_mask()
    except NotImplementedError:
        pass  # the toy game has no numeric face
    return g


def holds_a_dict_of_its_attributes(obj) -> bool:
    return any(type(r) is dict and "state" in r and "_step" in r for r in gc.get_referents(obj))


def view(g) -> str:
    return json.dumps([g.observation(None), g.step, [a.id for a in g.legal_actions()]], sort_keys=True, default=str)


GAME_NAMES = [*sorted(GAMES), "toy"]


@pytest.mark.parametrize("history", [True, False])
@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_clone_leaves_the_originals_attributes_inline(name, history):
    g = played(name)
    held = [id(r) for r in gc.get_referents(g)]
    assert not holds_a_dict_of_its_attributes(g)
    c = g.clone(history=history)
    assert [id(r) for r in gc.get_referents(g)] == held
    assert not holds_a_dict_of_its_attributes(c)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_full_clone_has_every_attribute_of_the_original_and_shares_only_the_fixed_ones(name):
    g = played(name)
    c = g.clone()
    mine, its = vars(g), vars(c)  # (asking for __dict__ here, once the clone is made)
    assert sorted(its) == sorted(mine)
    for key, value in mine.items():
        if key.endswith("_cache") and value is not None:
            assert its[key] is value, f"{key}: data fixed for the game is shared"
        elif isinstance(value, (list, dict, set)) or key == "state":
            assert its[key] is not value, f"{key} is shared by the clone"


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_search_copy_has_every_attribute_of_the_original(name):
    g = played(name)
    c = g.clone(history=False)
    mine, its = vars(g), vars(c)
    assert sorted(its) == sorted(mine)
    assert its["state"] is not mine["state"] and its["options"] is not mine["options"]
    assert its["_actions"] == [] and its["_keep_history"] is False


@pytest.mark.parametrize("history", [True, False])
@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_clone_and_its_original_play_on_alike_and_apart(name, history):
    g = played(name)
    c = g.clone(history=history)
    before = view(g)
    rng = random.Random(9)
    picks = []
    for _ in range(30):
        if c.is_over:
            break
        legal = c.legal_actions()
        picks.append(rng.randrange(len(legal)))
        c.apply(legal[picks[-1]])
    assert view(g) == before  # the copy's moves did not touch the original
    for pick in picks:
        g.apply(g.legal_actions()[pick])
    assert view(g) == view(c)
