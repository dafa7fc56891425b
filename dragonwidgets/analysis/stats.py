"""The 95 % interval of an action's win probability: the Wilson score interval of its mean return.

A rollout's return for the seat lies in ``[0, 1]`` (a win 1, a loss 0, a tie the share ``returns()`` gives,
e.g. 1/2 or 1/3). The interval is Wilson's score interval for a proportion, applied to the mean return. The
choice, against a normal interval on the mean (mean ± 1.96 s/√n):

- a variable in ``[0, 1]`` with mean ``p`` has a variance of at most ``p (1 - p)``, the Bernoulli variance
  Wilson's interval assumes, so the interval is never too narrow for shared ties (it is slightly wide);
- it stays honest where the normal interval collapses: after 10 wins in 10 rollouts the normal interval is
  ``[1, 1]``, Wilson's ``[0.72, 1]``; it never leaves ``[0, 1]``;
- at ``n = 400`` and ``p = 1/2`` it is ±4.9 points, as the normal interval.

With common random numbers (one redeal and chance stream for every action of a batch) each action's interval
is still its own, marginal interval; differences between actions are estimated more tightly than two such
intervals suggest, so reading two overlapping intervals as "no difference" is cautious.
"""

from __future__ import annotations

import math

__all__ = ["Z95", "wilson"]

#: the standard normal quantile of a two-sided 95 % interval
Z95 = 1.959963984540054


def wilson(mean: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval ``(low, high)`` of a mean of ``n`` values in ``[0, 1]``.

    Args:
        mean: the observed mean, in ``[0, 1]``.
        n: how many values it is the mean of; ``0`` gives ``(0.0, 1.0)`` (nothing is known).
        z: the normal quantile (default :data:`Z95`, a 95 % interval).

    Returns:
        ``(low, high)`` with ``0 <= low <= mean <= high <= 1``.

    >>> wilson(1.0, 10)
    (0.7224672001371107, 1.0)
    >>> low, high = wilson(0.5, 400); round(high - low, 3)
    0.098
    """
    if n <= 0:
        return 0.0, 1.0
    z2 = z * z
    centre = (mean + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(max(mean * (1 - mean), 0.0) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, min(mean, centre - half)), min(1.0, max(mean, centre + half))
