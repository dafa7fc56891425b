"""The engine's part of positions (issue 13): what every game's positions share, on the toy dice race.

A game starts from a position (whole or partial) instead of the seeded set-up, its record carries the
position, a position reached by play goes on with the same dice, and a bad position raises
``PositionError`` (a ``GameDataError``) creating nothing.
"""

from __future__ import annotations

import json
import random

import pytest
from toy_game import ToyGame

import dragonwidgets
from dragonwidgets import GameDataError, PositionError, RecordError
from dragonwidgets.engine import registry


@pytest.fixture(autouse=True)
def register_toy(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "toy", "toy_game")


def _play(g, n, rng):
    for _ in range(n):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])


def test_a_partial_position_sets_what_it_names_and_the_set_up_gives_the_rest():
    g = dragonwidgets.new_game("toy", players=2, seed=4, position={"totals": [3, 5]})
    seeded = ToyGame(players=2, seed=4)
    assert g.state.totals == [3, 5] and g.state.start_bonus == seeded.state.start_bonus
    assert g.start_position == {"totals": [3, 5]}


def test_a_position_reached_by_play_goes_on_with_the_same_dice():
    g = ToyGame(players=3, seed=9)
    rng = random.Random(1)
    _play(g, 5, rng)
    pos = g.position()
    assert {"game", "players", "seed", "chance_step"} <= set(pos) and pos["chance_step"] == g.step
    twin = dragonwidgets.new_game("toy", position=json.loads(json.dumps(pos)))  # players and seed from it
    assert twin.players == 3 and twin.seed == 9
    for seat in (None, 0, 1, 2):
        a, b = g.observation(seat), twin.observation(seat)
        assert {k: v for k, v in a.items() if k != "step"} == {k: v for k, v in b.items() if k != "step"}
    rng_a, rng_b = random.Random(7), random.Random(7)
    while not g.is_over:
        assert g.legal_action_ids() == twin.legal_action_ids()
        _play(g, 1, rng_a)
        _play(twin, 1, rng_b)
        assert g.state == twin.state  # auto chance drew the same dice
    assert twin.is_over and twin.scores() == g.scores()


def test_the_record_carries_the_position_and_replays_it():
    g = dragonwidgets.new_game("toy", players=2, seed=2, position={"totals": [4, 0]})
    _play(g, 4, random.Random(3))
    record = json.loads(json.dumps(g.to_record()))
    assert record["position"] == {"totals": [4, 0]}
    again = dragonwidgets.from_record(record)
    assert again.state_digest() == g.state_digest() and again.start_position == g.start_position
    g.goto(0)
    assert g.state.totals == [4, 0]  # rewinding goes back to the position, not to the seeded set-up
    record["position"] = {"totals": [4]}
    with pytest.raises(RecordError, match="field 'totals'"):
        dragonwidgets.from_record(record)
    record["position"] = [1, 2]
    with pytest.raises(RecordError, match="record key 'position' must be a dict"):
        dragonwidgets.from_record(record)


@pytest.mark.parametrize("position, words", [
    ([3, 5], "a position is a dict"),
    ({"totals": [3, float("nan")]}, "plain JSON data"),
    ({"totals": {1, 2}}, "plain JSON data"),
    ({"game": "emerald"}, "field 'game': this is a position of 'emerald'"),
    ({"players": 3}, "field 'players': the position is for 3 players"),
    ({"step": -1}, "field 'step'"),
    ({"step": True}, "field 'step'"),
    ({"totals": [3, -1]}, "field 'totals'"),
    ({"note": "x" * 1_100_000}, "at most 1,000,000 bytes"),
])
def test_a_bad_position_is_a_position_error_and_creates_nothing(position, words):
    with pytest.raises(PositionError, match=words.replace("(", r"\(")) as err:
        dragonwidgets.new_game("toy", players=2, seed=1, position=position)
    assert isinstance(err.value, GameDataError)


def test_games_without_positions_say_so():
    class NoPositions(ToyGame):
        _position = ToyGame.__mro__[1]._position
        _from_position = ToyGame.__mro__[1]._from_position

    with pytest.raises(NotImplementedError, match="does not implement positions"):
        NoPositions(players=2, seed=1, position={})
    with pytest.raises(NotImplementedError):
        NoPositions(players=2, seed=1).position()
