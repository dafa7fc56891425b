"""``EmeraldGame._copy_state``: the fast state copy used by clones and search is full and independent."""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

import dragonwidgets
from dragonwidgets.games.emerald.state import PAY_OR_LOSE, EmeraldState, Hand, Pending


def _played(players: int, seed: int, steps: int, until_phase: str | None = None):
    """A game after ``steps`` random decisions (or at the first ``until_phase`` decision)."""
    g = dragonwidgets.new_game("emerald", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over or g.state.phase == until_phase:
            break
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    return g


def _mutable_parts(obj, out: dict[int, object]) -> dict[int, object]:
    """Collect every mutable object reachable from ``obj`` (lists, dicts, hands, pending captures)."""
    if isinstance(obj, (list, dict, set, Hand, Pending, EmeraldState)):
        out[id(obj)] = obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            _mutable_parts(k, out)
            _mutable_parts(v, out)
    elif isinstance(obj, (list, tuple, set)):
        for v in obj:
            _mutable_parts(v, out)
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            _mutable_parts(getattr(obj, f.name), out)
    return out


def _positions():
    out = [_played(p, seed, steps) for p in (2, 3, 4, 5) for seed, steps in ((1, 0), (2, 40), (3, 400))]
    for seed in range(40):  # a pending capture (Pending object in the state)
        g = _played(3, seed, 400, until_phase=PAY_OR_LOSE)
        if g.state.phase == PAY_OR_LOSE:
            out.append(g)
            break
    assert any(g.state.pending is not None for g in out)
    assert any(g.is_over for g in out)
    return out


@pytest.mark.parametrize("game", _positions(), ids=lambda g: f"{g.players}p-step{g.step}-{g.state.phase}")
def test_copy_state_is_equal_and_shares_nothing_mutable(game):
    copied = game._copy_state()
    assert copied == game.state  # every field equal (dataclass equality, recursively)
    assert copied == copy.deepcopy(game.state)
    shared = set(_mutable_parts(copied, {})) & set(_mutable_parts(game.state, {}))
    assert not shared, f"shared mutable parts: {[type(_mutable_parts(copied, {})[i]).__name__ for i in shared]}"


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_playing_on_a_copy_leaves_the_original_unchanged(players):
    game = _played(players, 7, 30)
    before_digest, before_state = game.state_digest(), copy.deepcopy(game.state)
    twin = game.clone()
    twin.state = game._copy_state()
    assert twin.state_digest() == before_digest
    rng = random.Random(3)
    while not twin.is_over:
        legal = twin.legal_actions()
        twin.apply(legal[rng.randrange(len(legal))])
    assert twin.state_digest() != before_digest
    assert game.state_digest() == before_digest
    assert game.state == before_state


def test_mutating_the_original_leaves_the_copy_unchanged():
    game = _played(3, 11, 60)
    copied = game._copy_state()
    frozen = copy.deepcopy(copied)
    s = game.state
    s.knights["P1"]["black"] = 9
    s.piles["M1"]["gold"].append(5)
    s.hands[0].gold.append(5)
    s.hands[1].gems["gem_1"] = 7
    s.lair_places[0] = "black"
    s.captured[0] += 3
    assert copied == frozen
