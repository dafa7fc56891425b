"""``quote``: an analysed action's value as a sentence, for a lesson's feedback or a widget's label.

>>> from dragonwidgets.analysis import ActionValue, Analysis
>>> a = Analysis((ActionValue("move T1 black", 0.62, 0.55, 0.68, 200, False, 3.25),
...               ActionValue("pass", 1 / 3, 1 / 3, 1 / 3, 0, True, 1.0)), "emerald", 4, 0, "greedy")
>>> quote(a, "move T1 black")
'62 % chance to win (95 % interval 55–68 %; mean score 3.2; 200 rollouts of the greedy bot)'
>>> quote(a, "pass")
'a 1 in 3 chance to win (exact)'
>>> quote(a, "pass", event="the dragon catches your knight")
'a 1 in 3 chance that the dragon catches your knight (exact)'
"""

from __future__ import annotations

import math
from fractions import Fraction

from .result import ActionValue, Analysis

__all__ = ["chance_words", "quote", "value_text"]


def chance_words(p: float) -> str:
    """Return ``p`` (a probability in ``[0, 1]``) in words: ``"a 1 in 3 chance"`` when it is a simple fraction
    ``1/n`` (n from 2 to 12), a percentage otherwise (``"62 % chance"``).

    Raises:
        ValueError: ``p`` is not a number in ``[0, 1]``.
    """
    if not isinstance(p, (int, float)) or isinstance(p, bool) or not 0 <= p <= 1 or math.isnan(p):
        raise ValueError(f"p must be a probability in [0, 1], got {p!r}")
    frac = Fraction(p).limit_denominator(12)
    if frac.numerator == 1 and frac.denominator > 1 and abs(float(frac) - p) < 1e-9:
        return f"a 1 in {frac.denominator} chance"
    return f"{round(p * 100)} % chance"


def value_text(row: ActionValue) -> str:
    """Return one row's value as a short label: ``"62 % (55–68 %)"``, ``"33 % exact"``, or ``"…"`` before any
    rollout."""
    if row.value != row.value:
        return "…"
    if row.exact:
        return f"{round(row.value * 100)} % exact"
    return f"{round(row.value * 100)} % ({round(row.low * 100)}–{round(row.high * 100)} %)"


def quote(analysis: Analysis, action: str, event: str | None = None) -> str:
    """Return a sentence that quotes ``analysis``'s value of ``action``, for a lesson's feedback.

    Args:
        analysis: an :class:`~.result.Analysis` (``dragonwidgets.analyse(...)``).
        action: the id of one of its actions.
        event: what the value is the chance of, in words (``"the dragon catches your knight"``); ``None``:
            winning (the analysis's values are win chances; in Draghan, the team's).

    Returns:
        ``"62 % chance to win (95 % interval 55–68 %; mean score 3.2; 200 rollouts of the greedy bot)"``; an
        exact value reads ``"a 1 in 3 chance to win (exact)"`` (an exact simple fraction ``1/n`` is said so).

    Raises:
        KeyError: ``action`` is not among the analysed actions.
        ValueError: the action has no value yet (no rollout was played).
    """
    row = analysis[action]
    if row.value != row.value:
        raise ValueError(f"{action!r} has no value yet: no rollout was played for it")
    what = f"that {event}" if event else "to win"
    # a simple fraction is said so only when the value is exact: an estimate of 0.5 is "50 %", not "1 in 2"
    words = chance_words(min(1.0, max(0.0, row.value))) if row.exact else f"{round(row.value * 100)} % chance"
    if row.exact:
        return f"{words} {what} (exact)"
    detail = f"95 % interval {round(row.low * 100)}–{round(row.high * 100)} %"
    if row.mean_score == row.mean_score:
        detail += f"; mean score {row.mean_score:.1f}"
    detail += f"; {row.rollouts} rollouts of the {analysis.policy} bot"
    return f"{words} {what} ({detail})"
