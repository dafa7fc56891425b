"""``ChasseGame._copy_state`` (:meth:`ChasseState.copy`): a full, independent copy of the state for
cloning and search, equal to the original and sharing nothing mutable with it.
"""

from __future__ import annotations

import copy
import dataclasses
import random

from dragonwidgets.games.chasse_au_dragon import ChasseGame
from dragonwidgets.games.chasse_au_dragon.state import COMBAT, ChasseState, Fight, Management

IMMUTABLE = (int, str, bool, tuple, type(None))


def mid_fight(seed: int = 2) -> ChasseGame:
    """A game in manual chance, stopped inside a fight after its first throw (every field in use)."""
    g = ChasseGame(players=4, seed=seed, chance="manual", dragon_raids=True)
    rng = random.Random(seed)
    while not (g.state.phase == COMBAT and g.state.fight.throws[0] and g.state.last_rolls
               and any(b.backpack for b in g.state.boards) and g.state.removed):
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    return g


def assert_independent(a, b, path: str) -> None:
    """Equal values, and no mutable object reachable from ``a`` is the same object in ``b``."""
    assert a == b, path
    if isinstance(a, IMMUTABLE) and not (isinstance(a, tuple) and any(isinstance(x, (list, dict)) for x in a)):
        return
    assert a is not b, f"{path} is shared"
    if isinstance(a, dict):
        for k in a:
            assert_independent(a[k], b[k], f"{path}[{k!r}]")
    elif isinstance(a, (list, tuple)):
        for i, (x, y) in enumerate(zip(a, b)):
            assert_independent(x, y, f"{path}[{i}]")
    elif dataclasses.is_dataclass(a):
        for f in dataclasses.fields(a):
            assert_independent(getattr(a, f.name), getattr(b, f.name), f"{path}.{f.name}")


def test_copy_state_is_equal_and_shares_nothing():
    """Every field of ChasseState, Management and Fight is copied (a new field left out fails here)."""
    g = mid_fight()
    s = g.state
    assert isinstance(s.fight, Fight) and all(isinstance(b, Management) for b in s.boards)
    c = g._copy_state()
    assert isinstance(c, ChasseState) and c == s == copy.deepcopy(s)
    assert_independent(s, c, "state")


def test_search_copy_has_the_same_digest_and_lives_apart():
    """clone(history=False) uses _copy_state: same digest; playing the copy to its end leaves the original."""
    g = mid_fight(5)
    before = g.state_digest()
    twin = g.clone(history=False)
    assert twin.state_digest() == before and twin.legal_action_ids() == g.legal_action_ids()
    rng = random.Random(1)
    while not twin.is_over:
        legal = twin.legal_actions()
        twin.apply(legal[rng.randrange(len(legal))])
    assert g.state_digest() == before and not g.is_over
    g.apply(g.legal_actions()[0])  # and the original still plays
    assert twin.is_over


def test_mutating_the_copy_leaves_the_original():
    """Each kind of field mutated in the copy (pile, zone, fight, dice, position, removed, tallies)."""
    g = mid_fight(7)
    snapshot = copy.deepcopy(g.state)
    c = g._copy_state()
    c.piles[3, 3].append("dragon")
    c.boards[0].backpack["giant"] = 9
    c.fight.throws[0].append(1)
    for rolls in c.last_rolls.values():
        rolls.append(3)
    c.positions[0] = (0, 0)
    c.removed["orc"] = 99
    c.fights_won[0] += 5
    assert g.state == snapshot
    for name in ("piles", "boards", "fight", "last_rolls", "positions", "removed", "fights_won"):
        assert getattr(c, name) != getattr(snapshot, name), name
