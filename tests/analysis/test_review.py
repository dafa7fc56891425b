"""Issue 29 item 1: ``game.review()``, every decision of a played game against the best action."""

from __future__ import annotations

import random

import pytest

import dragonwidgets
from dragonwidgets.analysis import MARKS, Review, review
from dragonwidgets.analysis.review import mark
from dragonwidgets.engine.actions import CHANCE
from dragonwidgets.engine.bots import bot_move


def short_game(decisions: int = 5):
    g = dragonwidgets.new_game("emerald", players=3, seed=2)
    rng = random.Random(1)
    for _ in range(decisions):
        g.apply(rng.choice(g.legal_action_ids()))
    return g


def test_review_leaves_the_game_unchanged():
    g = short_game()
    g.goto(g.step - 1)  # a rewound game: its later entries must stay too
    before = (g.state_digest(), g.step, g.history_length, g.to_record())
    g.review(rollouts=3, policy="random")
    assert (g.state_digest(), g.step, g.history_length, g.to_record()) == before


def test_review_has_one_step_per_decision_with_the_action_taken():
    g = short_game()
    r = g.review(rollouts=3, policy="random")
    decisions = [(i, e.action.player, e.action.id) for i, e in enumerate(g.history) if e.action.player != CHANCE]
    assert isinstance(r, Review) and [(s.step, s.seat, s.action) for s in r] == decisions
    for s in r:
        assert 0 <= s.low <= s.value <= s.high <= 1
        assert s.best_value >= s.value and s.loss == pytest.approx(s.best_value - s.value)
        assert s.mark in {"", *(name for name, _ in MARKS)}


def test_review_on_an_executor_gives_the_review_made_in_this_process():
    """With an executor each decision is one task analysed in a worker; the seeds make it the same review."""
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

    g = short_game(7)
    here = g.review(rollouts=6, policy="random", seed=4)
    with ThreadPoolExecutor(2) as threads:
        assert g.review(rollouts=6, policy="random", seed=4, executor=threads).steps == here.steps
    with ProcessPoolExecutor(2) as processes:  # the rewound copies travel to other processes and back
        assert g.review(rollouts=6, policy="random", seed=4, executor=processes).steps == here.steps
    assert g.review(rollouts=6, policy="random", seed=5).steps != here.steps  # the seed matters: could fail


def test_review_of_one_seat_only_and_its_win_chance_chart():
    g = short_game()
    r = g.review(seat=1, rollouts=3, policy="random")
    assert len(r) > 0 and {s.seat for s in r} == {1}
    assert r.win_chances(1) == [(s.step, s.value) for s in r]
    assert r.to_dict()["steps"][0]["seat"] == 1


def test_review_values_a_taken_action_as_the_analysis_of_that_decision_does():
    """The decision at step 17 of the planner's Draghan game (seed 0): the dragon was defeated, exact 1."""
    g = dragonwidgets.new_game("draghan", players=2, seed=0)
    bots = [dragonwidgets.make_bot("draghan", "planner") for _ in range(2)]
    rng = random.Random(0)
    while g.step < 18:
        g.apply(bot_move(g, bots[g.current_player], rng))
    assert g.entry(17).action.id == "assist dragon"
    last = [s for s in review(g, rollouts=4) if s.step == 17][0]
    assert last.exact and last.value == 1.0 and last.loss == 0.0 and last.mark == ""


def test_marks_follow_the_thresholds():
    assert mark(0.20, True) == "blunder"
    assert mark(0.19, True) == "mistake"
    assert mark(0.10, True) == "mistake"
    assert mark(0.05, True) == "inaccuracy"
    assert mark(0.049, True) == ""
    assert mark(0.30, False) == ""  # not shown worse than the best: noise


def test_a_step_is_marked_only_when_its_action_is_shown_worse():
    g = short_game(6)
    r = g.review(rollouts=12, policy="random")
    for s in r:
        a = dragonwidgets.analyse(g_at(g, s.step), s.seat, policy="random", rollouts=12, seed=s.step, until="best",
                                  refine=[s.action])
        assert (s.mark != "") == (s.action in a.worse and s.loss >= 0.05)


def g_at(g, step: int):
    c = g.clone()
    c.goto(step)
    return c


@pytest.mark.parametrize("seat", [3, -1, "0", True])
def test_a_bad_seat_is_refused(seat):
    g = short_game(2)
    with pytest.raises(ValueError, match="seat must be"):
        g.review(seat=seat)


def test_an_executor_without_submit_is_refused_before_any_analysis():
    with pytest.raises(ValueError, match="executor must be"):
        short_game(2).review(executor="two cores")


def test_an_unknown_stop_is_refused_before_any_analysis():
    with pytest.raises(ValueError, match="until must be one of"):
        short_game(2).review(until="converged")


def test_review_stops_each_decision_once_its_best_action_is_known_then_refines_the_action_taken():
    """By default a decision is analysed until its best action is known (what a mark needs), then the action
    taken and the best go on to the budget (what the chart and the loss need), the others not."""
    g = short_game(6)
    quick = g.review(rollouts=40, policy="random")
    full = g.review(rollouts=40, policy="random", until="settled")
    assert [s.action for s in quick] == [s.action for s in full]
    for s in quick:
        a = dragonwidgets.analyse(g_at(g, s.step), s.seat, policy="random", rollouts=40, seed=s.step, until="best",
                                  refine=[s.action])
        assert a.best_known or any(r.rollouts == 40 for r in a)  # known, or a challenger out of budget
        assert a[s.action].rollouts == a.best().rollouts == 40  # (±5 points takes more than 40 rollouts)
        assert (s.value, s.best_action) == (a[s.action].value, a.best().action)
