"""Switching an annotated game's line to a stored variation (``game.enter_variation``, issue 28 item 2): the
chosen line becomes the current one with its comments and nested variations, the line it replaces is kept as a
variation in its turn, and a bad step or index, or a line that no longer replays, changes nothing."""

from __future__ import annotations

import random

import pytest

import dragonwidgets
from dragonwidgets import HistoryError
from dragonwidgets.engine import GAMES, game_class


def _played(name: str = "emerald", steps: int = 6, seed: int = 3) -> dragonwidgets.engine.Game:
    g = dragonwidgets.new_game(name, players=game_class(name).min_players + 1, seed=seed)
    rng = random.Random(seed)
    while g.step < steps and not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    return g


def _ids(g) -> list[str]:
    return [e.action.id for e in g.history]


def _branched(name: str = "emerald", at: int = 2):
    """A game of 6 steps, annotated, branched at ``at``: returns (game, the old line's ids, its end digest)."""
    g = _played(name, steps=6)
    old, end = _ids(g), g.state_digest()
    g.annotate(1, "before")
    g.annotate(4, "on the old line")
    g.goto(at)
    g.apply(next(a for a in g.legal_actions() if a.id != old[at]))
    return g, old, end


@pytest.mark.parametrize("name", sorted(GAMES))
def test_entering_a_variation_makes_it_the_line_and_keeps_the_replaced_line(name):
    g, old, end = _branched(name)
    new_line = _ids(g)
    g.enter_variation(2, 0)
    assert _ids(g) == old
    g.goto(g.history_length)
    assert g.state_digest() == end  # the old line replays to where it stood
    assert g.comments == {1: "before", 4: "on the old line"}  # its comment is back on its step
    [kept] = g.variations(2)
    assert [a["id"] for a in kept["actions"]] == new_line[2:]


def test_entering_a_variation_shows_the_state_after_its_first_entry():
    g, old, _ = _branched()
    g.enter_variation(2, 0)
    assert g.step == 3 and g.history[2].action.id == old[2]


def test_entering_and_entering_back_gives_the_first_line_again():
    g, old, _ = _branched()
    second = _ids(g)
    g.enter_variation(2, 0)
    g.enter_variation(2, 0)
    assert _ids(g) == second
    assert [a["id"] for a in g.variations(2)[0]["actions"]] == old[2:]
    assert g.comments == {1: "before"}


def test_nested_variations_come_back_on_their_steps():
    g = _played(steps=6)
    g.annotate(0, "study")
    first = _ids(g)
    g.goto(4)
    g.apply(next(a for a in g.legal_actions() if a.id != first[4]))  # a variation at 4 of the first line
    at4 = _ids(g)
    g.goto(2)
    g.apply(next(a for a in g.legal_actions() if a.id != first[2]))  # the first line, nested, kept at 2
    g.enter_variation(2, 0)
    assert _ids(g) == at4
    assert [a["id"] for a in g.variations(4)[0]["actions"]] == first[4:]


@pytest.mark.parametrize("step, index", [(-1, 0), (99, 0), (True, 0), (2, 1), (2, -1), (2, "0"), (3, 0)])
def test_a_bad_step_or_index_is_refused_naming_it_and_changes_nothing(step, index):
    g, _, _ = _branched()
    before = (g.to_record(), g.step)
    with pytest.raises(HistoryError, match="step|index"):
        g.enter_variation(step, index)
    assert (g.to_record(), g.step) == before


def test_a_variation_that_no_longer_replays_is_refused_and_changes_nothing():
    g, _, _ = _branched()
    g._variations[2][0]["actions"][1]["id"] = "no such action"
    before = (g.to_record(), g.step)
    with pytest.raises(HistoryError, match="does not replay: its action 1"):
        g.enter_variation(2, 0)
    assert (g.to_record(), g.step) == before


def test_a_record_after_entering_a_variation_reads_back_the_same():
    g, _, _ = _branched()
    g.enter_variation(2, 0)
    again = dragonwidgets.from_record(g.to_record())
    assert _ids(again) == _ids(g) and again.comments == g.comments and again.variations(2) == g.variations(2)
