"""Which actions get the next batch of rollouts, when the best action is known, and when the ranking has settled.

Two stops (:func:`~dragonwidgets.analysis.analyse`'s ``until``):

- *the best action is known* (:func:`best_known`): every other action is shown worse than the best, or shown
  *close* to it: it cannot be better than the best by ``precision`` or more (the paired difference's upper
  99.5 % bound below ``precision``, or its interval's top below the best's bottom plus ``precision``), or else
  both intervals are within ``precision``. This is what a choice needs: which action, up to ``precision``.
- *the ranking has settled* (:func:`is_settled`, the default): every action not shown worse has its own
  interval within ``precision``, the best's too (what a table of values needs). A settled ranking has its best
  action known, so ``"best"`` never stops later.

Allocations:

- ``"racing"`` (the default): until the best action is known, the rollouts go to the best action and the
  actions not yet told apart from it (the challengers); then, until the ranking has settled, to every action
  neither shown worse nor yet within ``precision``. An action *leaves* the race once it is shown
  worse than the best action (the one of highest value), and comes back if it no longer is.
  Shown worse: its 95 % interval lies wholly below the best's, or the common random numbers show it: over
  the rollouts both were given (the same redeal, dice and bot draws for both, at least :data:`MIN_PAIRED`),
  the mean difference of their returns is below 0 by more than :data:`Z_PAIRED` standard errors (a 99 %
  bound, stricter than 95 % because the race looks again after every batch). Paired differences vary much
  less than each action's return, so a worse action leaves the race long before the two intervals part.
- ``"uniform"``: every action gets every batch until the stop (the naive baseline the benchmark prints
  beside it).

Exact actions (:mod:`.exact`) get no rollouts; an exact best action's value is its whole interval, and an
action whose interval lies below an exact value is shown worse.
"""

from __future__ import annotations

import math
from typing import Mapping, Optional, Sequence

from .result import ActionValue

__all__ = ["ALLOCATIONS", "MIN_PAIRED", "STOPS", "Z_PAIRED", "best_known", "is_settled", "shown_close", "shown_worse",
           "to_sample"]

#: the allocation rules :func:`~dragonwidgets.analysis.analyse` accepts
ALLOCATIONS = ("racing", "uniform")
#: where an analysis may stop: once the ranking has settled, or once the best action is known
STOPS = ("settled", "best")
#: the fewest paired rollouts a paired comparison needs
MIN_PAIRED = 10
#: standard errors a paired difference must lie below 0 for an action to be shown worse (one-sided 99.5 %)
Z_PAIRED = 2.576

#: action id -> {rollout key: the seat's return in that rollout}
Samples = Mapping[str, Mapping[int, float]]


def _best(rows: Sequence[ActionValue]) -> ActionValue:
    return max(rows, key=lambda row: row.value if row.value == row.value else -1.0)


def _paired_upper(row: ActionValue, best: ActionValue, samples: Optional[Samples]) -> Optional[float]:
    """The upper :data:`Z_PAIRED` bound of ``row``'s mean return minus ``best``'s over the rollouts both were
    given, or ``None`` when either is not sampled or they share fewer than :data:`MIN_PAIRED` rollouts."""
    if samples is None or row.action not in samples or best.action not in samples:
        return None
    mine, theirs = samples[row.action], samples[best.action]
    diffs = [mine[k] - theirs[k] for k in mine.keys() & theirs.keys()]
    n = len(diffs)
    if n < MIN_PAIRED:
        return None
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean + Z_PAIRED * math.sqrt(var / n)


def shown_worse(row: ActionValue, best: ActionValue, samples: Optional[Samples] = None) -> bool:
    """Check if ``row`` is shown worse than ``best``: its interval wholly below, or (``samples`` given, both
    sampled) the paired difference of their returns over common rollouts below 0 by :data:`Z_PAIRED`
    standard errors (when every paired difference is the same, that difference below 0)."""
    if row.action == best.action:
        return False
    if row.high < best.low:
        return True
    upper = _paired_upper(row, best, samples)
    return upper is not None and upper < 0


def shown_close(row: ActionValue, best: ActionValue, precision: float, samples: Optional[Samples] = None) -> bool:
    """Check if ``row`` is shown not better than ``best`` by ``precision`` or more: its interval's top below
    the bottom of the best's plus ``precision``, or (``samples`` given, both sampled) the paired difference's
    upper :data:`Z_PAIRED` bound below ``precision``. ``False`` for ``best`` itself."""
    if row.action == best.action:
        return False
    if row.high < best.low + precision:
        return True
    upper = _paired_upper(row, best, samples)
    return upper is not None and upper < precision


def _resolved(row: ActionValue, best: ActionValue, precision: float, samples: Optional[Samples]) -> bool:
    """Whether ``row`` is told apart from ``best`` as far as a choice needs: it is the best, shown close (which
    takes in shown worse: a bound below 0 is below ``precision``), or both intervals are within ``precision``
    (as far as a settled ranking tells them apart). One paired sum per row."""
    return ((row.half_width <= precision and best.half_width <= precision)
            or shown_close(row, best, precision, samples) or row.action == best.action)


def best_known(rows: Sequence[ActionValue], precision: float, samples: Optional[Samples] = None) -> bool:
    """Check if the best action is known: every other action is :func:`shown_worse` than the best (the row of
    highest value) or :func:`shown_close` to it, so no action is better than it by ``precision`` or more (at
    the bounds' confidence), or else both its interval and the best's are within ``precision`` (told apart as
    far as a settled ranking tells them: a settled ranking has its best action known). Every row must have a
    value (at least one rollout, or exact)."""
    if not rows:
        return True
    best = _best(rows)
    return all(_resolved(row, best, precision, samples) for row in rows)


def is_settled(rows: Sequence[ActionValue], precision: float, samples: Optional[Samples] = None) -> bool:
    """Check if the ranking has settled: the best action's interval is within ``precision`` of its value and
    every other action's is within ``precision`` too, or it is :func:`shown_worse` than the best.

    Every row must have a value (at least one rollout, or exact).
    """
    if not rows:
        return True
    best = _best(rows)
    return best.half_width <= precision and all(
        row.half_width <= precision or shown_worse(row, best, samples) for row in rows)


def to_sample(allocation: str, rows: Sequence[ActionValue], budget: int, precision: float,
              samples: Optional[Samples] = None, until: str = "settled", refine: Sequence[str] = ()) -> list[str]:
    """Return the ids of the actions the next batch of rollouts goes to (``[]``: stop).

    Args:
        allocation: ``"racing"`` or ``"uniform"``.
        rows: the current value of every action (rows without rollouts have ``nan`` values).
        budget: the most rollouts an action may be given.
        precision: the half-width at which an interval is precise enough.
        samples: each sampled action's return per rollout key (the paired comparisons); ``None``: intervals
            only.
        until: ``"settled"`` (stop once :func:`is_settled`) or ``"best"`` (once :func:`best_known`).
        refine: with ``until="best"``, action ids that, with the best action, go on to an interval within
            ``precision`` (or ``budget``) once the best is known (a review's action taken, whose value it
            charts and whose loss against the best it marks).
    """
    open_rows = [row for row in rows if not row.exact and row.rollouts < budget]
    best = _best(rows)
    if allocation == "uniform":
        done = (all(row.half_width <= precision for row in rows) if until == "settled"  # (naive: no action dropped)
                else best_known(rows, precision, samples))
        if not done:
            return [row.action for row in open_rows]
    else:
        challengers = {row.action for row in open_rows if not _resolved(row, best, precision, samples)}
        if challengers:  # the best and those not yet told apart from it (the best rolled out too: pairs)
            return [row.action for row in open_rows if row.action == best.action or row.action in challengers]
        if until == "settled":
            return [row.action for row in open_rows if row.half_width > precision and not shown_worse(row, best, samples)]
    if until == "best":  # the best action is known (or nothing still open could tell more)
        wanted = set(refine) | {best.action} if refine else set()
        return [row.action for row in open_rows if row.action in wanted and row.half_width > precision]
    return []
