"""Small statistics for simulation studies: win rates with intervals, a line fit with an interval.

The teaching notebooks share these so that every win rate and every slope they print is computed the
same way. Only numpy and the standard library: no scipy.

- :func:`wilson_interval`: the Wilson score interval of a proportion (``k`` successes in ``n`` trials).
- :func:`win_rates`: per-seat win rates of a ``(games, players)`` winners array, with intervals.
- :func:`rate_table`: a plain-text table of labelled rates with their intervals, for ``print``.
- :func:`plot_rates`: the same rates drawn as dots with their intervals, one line per label (matplotlib).
- :func:`matchups`: bot against bot by simulation: seat 0's win rate for each pairing.
- :func:`mean_interval`: a mean with its normal-approximation interval.
- :func:`linear_fit`: the least-squares line ``y = intercept + slope * x`` with an interval on the slope.

Intervals use the normal quantile (1.96 for 95 %); for a slope or a mean from fewer than about 30
points the exact Student-t interval would be a little wider.
"""

from __future__ import annotations

from dataclasses import dataclass
from statistics import NormalDist
from typing import Any, Sequence

import numpy as np


def _z(confidence: float) -> float:
    """Return the two-sided normal quantile for ``confidence`` (1.96 for 0.95).

    Raises:
        ValueError: ``confidence`` is not strictly between 0 and 1.
    """
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be strictly between 0 and 1, got {confidence!r}")
    return NormalDist().inv_cdf((1 + confidence) / 2)


def wilson_interval(successes, trials, confidence: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Return the Wilson score interval ``(low, high)`` of the proportion ``successes / trials``.

    Args:
        successes: a count or an array of counts (``0 <= successes <= trials``).
        trials: a count or an array of counts, broadcast against ``successes`` (``>= 1``).
        confidence: the interval's coverage, e.g. 0.95.

    Returns:
        Two float arrays of the broadcast shape (0-d for scalars), within ``[0, 1]``. Unlike the plain
        ``p ± z·sqrt(p(1-p)/n)``, the interval is never empty at 0 or ``n`` successes.

    Raises:
        ValueError: a count is negative, above its trials, or trials are below 1; a bad ``confidence``.

    >>> low, high = wilson_interval(50, 100)
    >>> round(float(low), 3), round(float(high), 3)
    (0.404, 0.596)
    >>> [round(float(x), 3) for x in wilson_interval(0, 10)]
    [0.0, 0.278]
    """
    z = _z(confidence)
    k, n = np.broadcast_arrays(np.asarray(successes, dtype=float), np.asarray(trials, dtype=float))
    if np.any(n < 1) or np.any(k < 0) or np.any(k > n):
        raise ValueError("wilson_interval needs 0 <= successes <= trials and trials >= 1")
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * np.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    low = np.where(k == 0, 0.0, np.clip(centre - half, 0.0, 1.0))  # exact ends, free of rounding
    high = np.where(k == n, 1.0, np.clip(centre + half, 0.0, 1.0))
    return low, high


@dataclass(frozen=True)
class Rates:
    """Proportions with their intervals: ``wins`` out of ``games`` for each entry.

    Attributes:
        wins: ``(k,)`` int64 successes.
        games: ``(k,)`` int64 trials.
        rate: ``(k,)`` float64 ``wins / games``.
        low, high: ``(k,)`` float64, the Wilson interval (:func:`wilson_interval`).
        confidence: the intervals' coverage.
    """

    wins: np.ndarray
    games: np.ndarray
    rate: np.ndarray
    low: np.ndarray
    high: np.ndarray
    confidence: float

    def errorbars(self) -> np.ndarray:
        """Return the ``(2, k)`` distances below and above each rate, as matplotlib's ``yerr`` wants."""
        return np.vstack([self.rate - self.low, self.high - self.rate])


def rates(wins, games, confidence: float = 0.95) -> Rates:
    """Return :class:`Rates` for counts ``wins`` out of ``games`` (arrays or numbers, broadcast to 1-d).

    Raises:
        ValueError: as :func:`wilson_interval`.
    """
    k, n = (np.atleast_1d(np.asarray(a)).astype(np.int64) for a in np.broadcast_arrays(wins, games))
    low, high = wilson_interval(k, n, confidence)
    return Rates(wins=k, games=n, rate=k / n, low=np.atleast_1d(low), high=np.atleast_1d(high),
                 confidence=confidence)


def win_rates(winners: np.ndarray, confidence: float = 0.95) -> Rates:
    """Return each seat's win rate over a study, with intervals.

    Args:
        winners: ``(games, players)`` bool, e.g. ``SimulationResult.winners``. A shared victory (a tie)
            counts as a win for each tied seat, so the rates may add up to more than 1.
        confidence: the intervals' coverage.

    Returns:
        :class:`Rates` with one entry per seat.

    Raises:
        ValueError: ``winners`` is not 2-d or holds no game.

    >>> r = win_rates(np.array([[True, False], [True, False], [False, True], [True, True]]))
    >>> r.wins.tolist(), r.games.tolist(), r.rate.tolist()
    ([3, 2], [4, 4], [0.75, 0.5])
    """
    w = np.asarray(winners, dtype=bool)
    if w.ndim != 2 or w.shape[0] == 0:
        raise ValueError(f"winners must be a (games, players) array with at least one game, got shape {w.shape}")
    return rates(w.sum(axis=0), w.shape[0], confidence)


def rate_table(labels: Sequence[str], r: Rates, *, title: str = "win rate") -> str:
    """Return a plain-text table with one line per entry: label, wins/games, rate and interval.

    Raises:
        ValueError: ``labels`` and ``r`` differ in length.

    >>> print(rate_table(["seat 0", "seat 1"], rates([30, 10], 40)))
    entry     wins/games  win rate  95 % interval
    seat 0      30/40       75.0 %  [ 59.8 %,  85.8 %]
    seat 1      10/40       25.0 %  [ 14.2 %,  40.2 %]
    """
    if len(labels) != len(r.rate):
        raise ValueError(f"{len(labels)} labels for {len(r.rate)} rates")
    width = max(8, *(len(s) for s in labels))
    head = f"{'entry':<{width}}  wins/games  {title:>8}  {round(100 * r.confidence):d} % interval"
    lines = [head]
    for label, k, n, p, lo, hi in zip(labels, r.wins, r.games, r.rate, r.low, r.high):
        count = f"{k}/{n}"
        lines.append(f"{label:<{width}}  {count:^10}  {100 * p:6.1f} %  [{100 * lo:5.1f} %, {100 * hi:5.1f} %]")
    return "\n".join(lines)


def plot_rates(labels: Sequence[str], r: Rates, *, xlabel: str = "win rate (95 % intervals)",
               fair: float | None = 0.5, ax=None):
    """Draw labelled rates as dots with their intervals, one line per label, top to bottom; return the axes.

    ``fair`` draws a dashed line at an even share (``None``: no line). Needs matplotlib (the ``plot``
    extra); ``ax`` is a matplotlib ``Axes`` to draw on (default: a new figure sized to the labels).

    Raises:
        ValueError: ``labels`` and ``r`` differ in length.
    """
    if len(labels) != len(r.rate):
        raise ValueError(f"{len(labels)} labels for {len(r.rate)} rates")
    import matplotlib.pyplot as plt  # here: the statistics themselves need numpy only

    if ax is None:
        _, ax = plt.subplots(figsize=(7, 0.5 + 0.5 * len(labels)))
    ax.errorbar(r.rate, range(len(labels)), xerr=r.errorbars(), fmt="o", capsize=4)
    if fair is not None:
        ax.axvline(fair, ls="--", color="grey")
    # a little room beyond 0 and 1, so that a rate of 0 % or 100 % is a whole dot, not one cut by the axes
    ax.set(yticks=range(len(labels)), yticklabels=labels, xlabel=xlabel, xlim=(-0.03, 1.03),
           xticks=np.linspace(0, 1, 6))
    ax.invert_yaxis()
    return ax


def matchups(game: str, pairs: Sequence[tuple[Any, Any]], *, n_games: int, seed: int, players: int = 2,
             options: dict[str, Any] | None = None, **simulate_kw: Any) -> Rates:
    """Measure bots against each other: for each ``(a, b)``, bot ``a`` in seat 0 and bot ``b`` in every
    other seat, ``n_games`` games by :func:`dragonwidgets.simulate`; return seat 0's win rates.

    Every pairing plays the same seeds (``seed``), so the pairings differ only by their bots. Leave the
    game's first player drawn from the seed (its default where it has one) so that seat 0 does not
    always start. A shared victory counts as a win (see :func:`win_rates`).

    Args:
        game: a game name.
        pairs: ``(a, b)`` bot names or bot objects, as ``simulate``'s ``bots`` entries.
        n_games, seed, players, options: as :func:`dragonwidgets.simulate`; ``simulate_kw`` is passed on
            (e.g. ``executor``).

    Returns:
        :class:`Rates` with one entry per pairing, in the order of ``pairs``.

    Raises:
        ValueError: as :func:`dragonwidgets.simulate`.

    >>> r = matchups("emerald", [("greedy", "random")], n_games=4, seed=1, progress=False)
    >>> r.games.tolist(), r.rate.shape
    ([4], (1,))
    """
    from .run import simulate

    wins = []
    for a, b in pairs:
        result = simulate(game, players=players, bots=[a] + [b] * (players - 1), n_games=n_games, seed=seed,
                          options=options, **simulate_kw)
        wins.append(int(result.winners[:, 0].sum()))
    return rates(wins, n_games)


def mean_interval(values, confidence: float = 0.95) -> tuple[float, float, float]:
    """Return ``(mean, low, high)``: the mean of ``values`` and its normal-approximation interval.

    Raises:
        ValueError: fewer than 2 values.

    >>> [round(v, 3) for v in mean_interval([1, 2, 3, 4])]
    [2.5, 1.235, 3.765]
    """
    x = np.asarray(values, dtype=float).ravel()
    if x.size < 2:
        raise ValueError("mean_interval needs at least 2 values")
    m = float(x.mean())
    half = _z(confidence) * float(x.std(ddof=1)) / float(np.sqrt(x.size))
    return m, m - half, m + half


@dataclass(frozen=True)
class LineFit:
    """A least-squares line ``y = intercept + slope * x`` (:func:`linear_fit`).

    Attributes:
        slope, intercept: the fitted coefficients.
        low, high: the interval on the slope (normal approximation).
        n: the number of points.
        confidence: the interval's coverage.
    """

    slope: float
    intercept: float
    low: float
    high: float
    n: int
    confidence: float

    def __call__(self, x):
        """Return the line's value at ``x`` (a number or an array)."""
        return self.intercept + self.slope * np.asarray(x, dtype=float)


def linear_fit(x, y, confidence: float = 0.95) -> LineFit:
    """Fit ``y = intercept + slope * x`` by least squares; give an interval on the slope.

    The slope's standard error is the usual ``sqrt(residual variance / sum((x - mean x)^2))`` with
    ``n - 2`` degrees of freedom; the interval is ``slope ± z * se`` (normal quantile).

    Args:
        x, y: numbers of the same length (flattened), at least 3, with ``x`` not all equal.

    Raises:
        ValueError: lengths differ, fewer than 3 points, or ``x`` takes one value only.

    >>> fit = linear_fit([0, 1, 2, 3], [1, 3, 5, 7])
    >>> fit.slope, fit.intercept, fit.low, fit.high
    (2.0, 1.0, 2.0, 2.0)
    """
    xs, ys = np.asarray(x, dtype=float).ravel(), np.asarray(y, dtype=float).ravel()
    if xs.size != ys.size:
        raise ValueError(f"x has {xs.size} values, y has {ys.size}")
    if xs.size < 3:
        raise ValueError("linear_fit needs at least 3 points")
    dx = xs - xs.mean()
    sxx = float(dx @ dx)
    if sxx == 0:
        raise ValueError("linear_fit needs at least two different x values")
    slope = float(dx @ (ys - ys.mean())) / sxx
    intercept = float(ys.mean() - slope * xs.mean())
    residuals = ys - (intercept + slope * xs)
    se = float(np.sqrt((residuals @ residuals) / (xs.size - 2) / sxx))
    half = _z(confidence) * se
    return LineFit(slope, intercept, slope - half, slope + half, int(xs.size), confidence)
