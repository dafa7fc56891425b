"""Issue 29: the analysis from a seat is identical for two tables that differ only in what that seat cannot see.

The second table is built as ``tests/engine/test_determinize_privacy.py`` builds it (hidden cards swapped by
hand in ``position()``, another seed, start position and place in the chance stream); its helpers are loaded
from that file by path (tests/ has no packages).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from dragonwidgets.analysis import analyse
from dragonwidgets.engine.actions import CHANCE

_spec = importlib.util.spec_from_file_location(
    "determinize_privacy", Path(__file__).resolve().parent.parent / "engine" / "test_determinize_privacy.py")
assert _spec is not None and _spec.loader is not None
privacy = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(privacy)

CASES = [("emerald", 3, 4, 15, 25), ("drachenland", 3, 1, 6, 10), ("chasse_au_dragon", 3, 9, 0, 40),
         ("draghan", 3, 1, 6, 10)]


def twins(name: str, players: int, seed: int, before: int, after: int):
    """A true game at a seat's decision and a twin table that seat cannot tell from it (or skip)."""
    g = privacy.true_game(name, players, seed, before, after)
    seat = g.current_player
    if seat is None or seat == CHANCE:
        pytest.skip("no seat decides in this position")
    twin = privacy.twin_table(g, seat)
    if twin is None:
        pytest.skip("nothing hidden from the seat to swap here")
    assert twin.state_digest() != g.state_digest()
    return g, twin, seat


def rows(a) -> list[tuple]:
    return [(r.action, r.value, r.low, r.high, r.rollouts, r.exact, r.mean_score) for r in a]


@pytest.mark.parametrize("name, players, seed, before, after", CASES)
def test_analysis_from_a_seat_is_identical_for_tables_it_cannot_tell_apart(name, players, seed, before, after):
    g, twin, seat = twins(name, players, seed, before, after)
    one = analyse(g, seat, policy="random", rollouts=3, seed=11)
    two = analyse(twin, seat, policy="random", rollouts=3, seed=11)
    assert rows(one) == rows(two)


def test_with_every_card_known_the_analysis_does_depend_on_the_hidden_cards():
    """The check above can fail: the teacher's analysis (``knowledge="table"``) sees the swapped cards and
    gives other values for the twin table."""
    g, twin, seat = twins("emerald", 3, 4, 15, 25)
    one = analyse(g, seat, policy="random", rollouts=6, seed=11, knowledge="table")
    two = analyse(twin, seat, policy="random", rollouts=6, seed=11, knowledge="table")
    assert one.knowledge == "table"
    assert rows(one) != rows(two)
