"""Issue 29 item 3: a lesson's feedback may quote the analysis (``dragonwidgets.analysis.quote``)."""

from __future__ import annotations

import math

import pytest

import dragonwidgets
from dragonwidgets import Lesson
from dragonwidgets.analysis import ActionValue, Analysis, analyse, chance_words, quote


def test_quote_says_the_value_its_interval_and_the_policy():
    g = dragonwidgets.new_game("emerald", players=3, seed=1, first_player=0)
    a = analyse(g, policy="random", rollouts=8, seed=3)
    row = a.best()
    text = quote(a, row.action)
    assert text.startswith(f"{round(row.value * 100)} % chance to win")
    assert f"{round(row.low * 100)}–{round(row.high * 100)} %" in text and "random bot" in text


def test_exact_simple_fractions_are_said_as_one_in_n_estimates_in_percent_and_an_event_may_be_named():
    a = Analysis((ActionValue("flee", 1 / 3, 1 / 3, 1 / 3, 0, True, 0.0),
                  ActionValue("fight", 0.25, 0.2, 0.3, 100, False, 1.5)), "chasse_au_dragon", 3, 1, "greedy")
    assert quote(a, "flee", event="the dragon catches your knight") == \
        "a 1 in 3 chance that the dragon catches your knight (exact)"
    assert quote(a, "fight").startswith("25 % chance to win (95 % interval 20–30 %; mean score 1.5; 100 rollouts")
    assert chance_words(0.62) == "62 % chance"


def test_quote_refuses_an_unknown_action_or_a_value_not_yet_found():
    a = Analysis((ActionValue("x", math.nan, 0.0, 1.0, 0, False, math.nan),), "emerald", 0, 0, "greedy")
    with pytest.raises(KeyError, match="not among the analysed actions"):
        quote(a, "y")
    with pytest.raises(ValueError, match="no value yet"):
        quote(a, "x")
    with pytest.raises(ValueError, match="probability"):
        chance_words(1.5)


def test_a_lesson_question_feedback_quotes_the_analysis_and_the_lesson_checks():
    """The lesson example: a guess-the-move question whose wrong answer's feedback quotes both values."""
    g = dragonwidgets.new_game("emerald", players=3, seed=1, first_player=0)
    a = analyse(g, policy="random", rollouts=8, seed=3)
    best, worst = a.best(), a.ranked()[-1]
    assert best.action != worst.action
    feedback = (f"{worst.action} leaves you {quote(a, worst.action)}; "
                f"{best.action} gives {quote(a, best.action)}.")
    lesson = (Lesson("Emerald: the analysis explains", game="emerald", players=3, seed=1,
                     options={"first_player": 0})
              .guess("Which knight first?", seat=0)
              .step(best.action, feedback={worst.action: feedback}))
    checked = lesson.check()
    question = checked.chapters[0].steps[0].question
    assert question.feedback[worst.action] == feedback
    assert quote(a, worst.action) in feedback and "chance to win" in feedback
