"""The state copy used by cloning and search (``_copy_state``, issue 6): equal, and sharing nothing mutable."""

from __future__ import annotations

import copy
import random
from dataclasses import fields

import pytest
import random_play

from dragonwidgets.games.drachenland import DrachenlandGame
from dragonwidgets.games.drachenland.state import DrachenlandState, Step


def random_prefix(players: int, seed: int, steps: int) -> DrachenlandGame:
    """A seeded random game of drachenland after ``steps`` decisions (or at its end)."""
    return random_play.random_prefix("drachenland", players, seed, steps)


def mutable_ids(obj, out: set[int]) -> set[int]:
    """Ids of every mutable object reachable from ``obj`` (containers, the state, its step)."""
    if isinstance(obj, (dict, list, set)):
        out.add(id(obj))
        for x in (list(obj.keys()) + list(obj.values())) if isinstance(obj, dict) else obj:
            mutable_ids(x, out)
    elif isinstance(obj, (DrachenlandState, Step)):
        out.add(id(obj))
        for f in fields(obj):
            mutable_ids(getattr(obj, f.name), out)
    return out


def in_movement(players: int, seed: int) -> DrachenlandGame:
    """A game stopped in a movement phase, so the copy has a step, dice and used adventurers."""
    g = random_prefix(players, seed, 60)
    rng = random.Random(seed)
    while g.state.step is None or g.state.dice is None:
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    return g


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_copy_state_equals_the_state_and_gives_the_same_digest(players, seed):
    """``_copy_state`` equals the state field by field, as deepcopy does; a game holding it has the same digest."""
    g = in_movement(players, seed)
    c = g._copy_state()
    assert c == g.state == copy.deepcopy(g.state)
    twin = g.clone()
    twin.state = c
    assert twin.state_digest() == g.state_digest()
    assert twin.legal_action_ids() == g.legal_action_ids()


@pytest.mark.parametrize("players, seed", [(2, 4), (4, 5)])
def test_copy_state_shares_no_mutable_object(players, seed):
    """Every dict, list, set and the step of the copy are new objects (so no field can be forgotten)."""
    g = in_movement(players, seed)
    c = g._copy_state()
    assert mutable_ids(c, set()).isdisjoint(mutable_ids(g.state, set()))


def test_mutating_the_copy_leaves_the_original():
    """Writing into every part of the copy, then playing on with it, leaves the original as it was."""
    g = in_movement(3, 6)
    before, digest, legal = copy.deepcopy(g.state), g.state_digest(), g.legal_action_ids()
    c = g._copy_state()
    v = sorted(c.eggs)[0]
    c.eggs[v] += 5
    c.gems[v]["ruby"] += 5
    c.token[v] = "ring"
    c.face_down.clear()
    c.dragons["red"] = v
    c.positions[0]["red"] = v
    c.rings[0].add("green")
    c.held[0]["magic_hand"] += 1
    c.hoards[0]["egg"] += 1
    c.dice.append(9)
    c.dice_used[0] = not c.dice_used[0]
    c.used.append("blue")
    c.step.takes += 1
    c.flights[0] += 1
    c.calls[0] += 1
    assert g.state == before and g.state_digest() == digest and g.legal_action_ids() == legal

    twin = g.clone()
    twin.state = g._copy_state()
    rng = random.Random(6)
    for _ in range(300):
        if twin.is_over:
            break
        ids = twin.legal_action_ids()
        twin.apply(ids[rng.randrange(len(ids))])
    assert twin.state != before
    assert g.state == before and g.state_digest() == digest
