"""The turn part every game's observation begins with (``engine.tensors.turn_view``) and the tensors that
begin with it (``turn_fields``, ``SparseWriter.turn``): the same keys with the same meaning in every game.
"""

from __future__ import annotations

import numpy as np
import pytest

import dragonwidgets
from dragonwidgets.engine import GAMES
from dragonwidgets.engine.registry import game_class
from random_play import random_prefix

#: The keys the engine puts before a game's own (``Game.observation``).
ENGINE_KEYS = ["game", "step", "players", "current_player", "is_over", "outcome"]
#: The games whose tensors begin with ``turn_fields`` (first_player included).
TURN_FIELD_GAMES = ("chasse_au_dragon", "emerald")


def _cases():
    return [pytest.param(name, players, id=f"{name}-{players}p") for name in sorted(GAMES)
            for players in sorted({game_class(name).min_players, game_class(name).max_players})]


@pytest.mark.parametrize("name, players", _cases())
def test_a_game_s_own_keys_begin_with_viewer_decision_active_player(name, players):
    """Every view (each seat's, the teacher's) has the viewer, the decision now (the state's phase) and the
    seat whose turn it is, first among the game's own keys."""
    for steps in (0, 25):
        g = random_prefix(name, players, 3, steps)
        assert not g.is_over
        for viewer in (None, *range(players)):
            obs = g.observation(viewer)
            assert list(obs)[:9] == [*ENGINE_KEYS, "viewer", "decision", "active_player"]
            assert (obs["viewer"], obs["decision"], obs["active_player"]) == (viewer, g.state.phase, g.state.active)


@pytest.mark.parametrize("name", ["draghan", "emerald"])
def test_the_decision_is_none_once_over(name):
    """A finished game offers no decision: ``decision`` is None (its phase still names the end)."""
    g = random_prefix(name, 2, 1, 100_000)
    assert g.is_over and g.state.phase is not None
    assert [g.observation(v)["decision"] for v in (None, 0, 1)] == [None, None, None]


@pytest.mark.parametrize("name", TURN_FIELD_GAMES)
@pytest.mark.parametrize("first", [0, 2])
def test_the_tensor_s_turn_fields_say_who_sees_decides_and_began(name, first):
    """The turn fields one-hot the viewer, the seat to decide, the active seat and the first player."""
    g = dragonwidgets.new_game(name, players=3, seed=1, first_player=first)
    layout = g._observation_encoder().layout
    for seat in range(3):
        v = g.observation_tensor(seat)
        hot = {name: np.flatnonzero(layout.view(v, name)).tolist()
               for name in ("viewer", "current_player", "is_over", "active_player", "first_player")}
        assert hot == {"viewer": [seat], "current_player": [g.current_player], "is_over": [],
                       "active_player": [first], "first_player": [first]}
