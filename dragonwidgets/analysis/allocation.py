"""Which actions get the next batch of rollouts, and when the ranking has settled.

- ``"racing"`` (the default): an action leaves the race when its interval lies wholly below the best
  action's (its upper end under the best's lower end: it is worse, whatever the next rollouts say), or when
  its own interval is already within ``precision`` of its value; the others go on. Rollouts go where
  actions are close, so the ranking settles with fewer rollouts than when every action gets every batch.
  An action out of the race comes back if the best's interval later falls below it.
- ``"uniform"``: every action gets every batch until all intervals are within ``precision`` (the naive
  baseline the benchmark prints beside it).

Exact actions (:mod:`.exact`) get no rollouts; an exact best action's value is its whole interval.
"""

from __future__ import annotations

from typing import Sequence

from .result import ActionValue

__all__ = ["ALLOCATIONS", "is_settled", "to_sample"]

#: the allocation rules :func:`~dragonwidgets.analysis.analyse` accepts
ALLOCATIONS = ("racing", "uniform")


def _best(rows: Sequence[ActionValue]) -> ActionValue:
    return max(rows, key=lambda row: row.value)


def is_settled(rows: Sequence[ActionValue], precision: float) -> bool:
    """Check if the ranking has settled: the best action's interval is within ``precision`` of its value and
    every other action's is within ``precision`` too, or wholly below the best's.

    Every row must have a value (at least one rollout, or exact).
    """
    if not rows:
        return True
    best = _best(rows)
    return best.half_width <= precision and all(
        row.half_width <= precision or row.high < best.low for row in rows)


def to_sample(allocation: str, rows: Sequence[ActionValue], budget: int, precision: float) -> list[str]:
    """Return the ids of the actions the next batch of rollouts goes to (``[]``: stop).

    Args:
        allocation: ``"racing"`` or ``"uniform"``.
        rows: the current value of every action (each sampled at least once, or exact).
        budget: the most rollouts an action may be given.
        precision: the half-width at which an interval is precise enough.
    """
    open_rows = [row for row in rows if not row.exact and row.rollouts < budget]
    if allocation == "uniform":
        if all(row.half_width <= precision for row in rows):
            return []
        return [row.action for row in open_rows]
    best = _best(rows)
    return [row.action for row in open_rows if row.half_width > precision and row.high >= best.low]
