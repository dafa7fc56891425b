"""Which actions get the next batch of rollouts, and when the ranking has settled.

- ``"racing"`` (the default): an action leaves the race once it is *shown worse* than the best action (the
  one of highest value), or once its own interval is within ``precision`` of its value; the others go on.
  Shown worse: its 95 % interval lies wholly below the best's, or the common random numbers show it: over
  the rollouts both were given (the same redeal, dice and bot draws for both, at least :data:`MIN_PAIRED`),
  the mean difference of their returns is below 0 by more than :data:`Z_PAIRED` standard errors (a 99 %
  bound, stricter than 95 % because the race looks again after every batch). Paired differences vary much
  less than each action's return, so a worse action leaves the race long before the two intervals part.
  Rollouts go where actions are close; an action out of the race comes back if it is no longer shown worse.
- ``"uniform"``: every action gets every batch until all intervals are within ``precision`` (the naive
  baseline the benchmark prints beside it).

Exact actions (:mod:`.exact`) get no rollouts; an exact best action's value is its whole interval, and an
action whose interval lies below an exact value is shown worse.
"""

from __future__ import annotations

import math
from typing import Mapping, Optional, Sequence

from .result import ActionValue

__all__ = ["ALLOCATIONS", "MIN_PAIRED", "Z_PAIRED", "is_settled", "shown_worse", "to_sample"]

#: the allocation rules :func:`~dragonwidgets.analysis.analyse` accepts
ALLOCATIONS = ("racing", "uniform")
#: the fewest paired rollouts a paired comparison needs
MIN_PAIRED = 10
#: standard errors a paired difference must lie below 0 for an action to be shown worse (one-sided 99.5 %)
Z_PAIRED = 2.576

#: action id -> {rollout key: the seat's return in that rollout}
Samples = Mapping[str, Mapping[int, float]]


def _best(rows: Sequence[ActionValue]) -> ActionValue:
    return max(rows, key=lambda row: row.value if row.value == row.value else -1.0)


def shown_worse(row: ActionValue, best: ActionValue, samples: Optional[Samples] = None) -> bool:
    """Check if ``row`` is shown worse than ``best``: its interval wholly below, or (``samples`` given, both
    sampled) the paired difference of their returns over common rollouts below 0 by :data:`Z_PAIRED`
    standard errors."""
    if row.action == best.action:
        return False
    if row.high < best.low:
        return True
    if samples is None or row.action not in samples or best.action not in samples:
        return False
    mine, theirs = samples[row.action], samples[best.action]
    diffs = [mine[k] - theirs[k] for k in mine.keys() & theirs.keys()]
    n = len(diffs)
    if n < MIN_PAIRED:
        return False
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean + Z_PAIRED * math.sqrt(var / n) < 0 if var > 0 else mean < 0


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
              samples: Optional[Samples] = None) -> list[str]:
    """Return the ids of the actions the next batch of rollouts goes to (``[]``: stop).

    Args:
        allocation: ``"racing"`` or ``"uniform"``.
        rows: the current value of every action (rows without rollouts have ``nan`` values).
        budget: the most rollouts an action may be given.
        precision: the half-width at which an interval is precise enough.
        samples: each sampled action's return per rollout key (racing's paired comparisons); ``None``:
            intervals only.
    """
    open_rows = [row for row in rows if not row.exact and row.rollouts < budget]
    if allocation == "uniform":
        if all(row.half_width <= precision for row in rows):
            return []
        return [row.action for row in open_rows]
    best = _best(rows)
    return [row.action for row in open_rows if row.half_width > precision and not shown_worse(row, best, samples)]
