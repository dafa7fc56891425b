"""dragonwidgets.simulation.stats: Wilson intervals, win rates, the rate table, means and line fits."""

from __future__ import annotations

import numpy as np
import pytest

import dragonwidgets
from dragonwidgets.simulation.stats import (
    linear_fit, matchups, mean_interval, plot_rates, rate_table, rates, win_rates, wilson_interval,
)


def test_wilson_matches_published_values():
    # Newcombe (1998), Statistics in Medicine 17:857, table I: 81/263 -> 0.2553 to 0.3662 (95 %).
    low, high = wilson_interval(81, 263)
    assert round(float(low), 4) == 0.2553 and round(float(high), 4) == 0.3662
    # 0 of 10: the upper end is z^2 / (n + z^2); the interval is never empty.
    low, high = wilson_interval(0, 10)
    assert float(low) == 0.0 and float(high) == pytest.approx(1.959964**2 / (10 + 1.959964**2), rel=1e-6)


def test_wilson_is_symmetric_vectorised_and_narrows():
    low, high = wilson_interval(np.array([3, 17]), 20)
    assert low[0] == pytest.approx(1 - high[1]) and high[0] == pytest.approx(1 - low[1])
    narrow = wilson_interval(500, 1000)
    wide = wilson_interval(5, 10)
    assert narrow[1] - narrow[0] < wide[1] - wide[0]
    assert wilson_interval(5, 10, 0.99)[1] > wide[1]


@pytest.mark.parametrize("k, n, confidence", [(-1, 10, 0.95), (11, 10, 0.95), (0, 0, 0.95), (1, 2, 1.0)])
def test_wilson_rejects_bad_counts(k, n, confidence):
    with pytest.raises(ValueError):
        wilson_interval(k, n, confidence)


def test_win_rates_count_a_shared_victory_for_each_tied_seat():
    winners = np.array([[True, False, False], [False, True, True], [True, False, False]])
    r = win_rates(winners)
    assert r.wins.tolist() == [2, 1, 1] and r.games.tolist() == [3, 3, 3]
    assert r.rate.tolist() == pytest.approx([2 / 3, 1 / 3, 1 / 3])
    assert np.all(r.low <= r.rate) and np.all(r.rate <= r.high)
    assert r.errorbars().shape == (2, 3) and np.all(r.errorbars() >= 0)
    with pytest.raises(ValueError):
        win_rates(np.zeros((0, 3), dtype=bool))


def test_win_rates_of_a_simulation():
    result = dragonwidgets.simulate("emerald", players=2, bots="random", n_games=6, seed=3, progress=False)
    r = win_rates(result.winners)
    assert r.wins.tolist() == result.winners.sum(axis=0).tolist() and r.games.tolist() == [6, 6]


def test_matchups_put_bot_a_in_seat_0_against_b_everywhere_else():
    r = matchups("emerald", [("greedy", "random"), ("random", "greedy")], players=3, n_games=5, seed=8, progress=False)
    for k, bots in enumerate((["greedy", "random", "random"], ["random", "greedy", "greedy"])):
        alone = dragonwidgets.simulate("emerald", players=3, bots=bots, n_games=5, seed=8, progress=False)
        assert r.wins[k] == alone.winners[:, 0].sum()
    assert r.games.tolist() == [5, 5]


def test_rate_table_lines():
    text = rate_table(["greedy", "random"], rates([7, 3], [10, 10]))
    lines = text.splitlines()
    assert len(lines) == 3 and lines[1].startswith("greedy") and "7/10" in lines[1] and "70.0 %" in lines[1]
    with pytest.raises(ValueError):
        rate_table(["only one"], rates([7, 3], 10))


def test_mean_interval_covers_the_mean():
    m, low, high = mean_interval([10, 12, 14, 16])
    assert m == 13 and low < 13 < high and high - 13 == pytest.approx(13 - low)
    with pytest.raises(ValueError):
        mean_interval([1])


def test_linear_fit_agrees_with_polyfit_and_covers_the_true_slope():
    rng = np.random.default_rng(5)
    x = rng.integers(0, 4, size=400)
    y = 3.0 + 2.5 * x + rng.normal(0, 1, size=400)
    fit = linear_fit(x, y)
    slope, intercept = np.polyfit(x, y, 1)
    assert fit.slope == pytest.approx(slope) and fit.intercept == pytest.approx(intercept)
    assert fit.low < 2.5 < fit.high and fit.high - fit.low < 0.3 and fit.n == 400
    assert fit(np.array([0, 1])).tolist() == pytest.approx([intercept, intercept + slope])


@pytest.mark.parametrize("x, y", [([1, 2], [1, 2]), ([1, 1, 1], [1, 2, 3]), ([1, 2, 3], [1, 2])])
def test_linear_fit_rejects_degenerate_input(x, y):
    with pytest.raises(ValueError):
        linear_fit(x, y)


def test_plot_rates_draws_one_dot_per_label_with_its_interval():
    import matplotlib

    matplotlib.use("Agg")
    r = rates([30, 10, 20], 40)
    ax = plot_rates(["a", "b", "c"], r, xlabel="x")
    line = ax.lines[0]
    assert list(line.get_xdata()) == pytest.approx(list(r.rate)) and list(line.get_ydata()) == [0, 1, 2]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["a", "b", "c"] and ax.yaxis_inverted()
    with pytest.raises(ValueError, match="2 labels for 3 rates"):
        plot_rates(["a", "b"], r)


def test_plot_rates_draws_a_rate_of_0_or_1_whole():
    """A bot that never (or always) wins is a whole dot at the axis' end, not a half dot cut by the axes."""
    import matplotlib

    matplotlib.use("Agg")
    ax = plot_rates(["never", "always"], rates([0, 40], 40))
    ax.figure.canvas.draw()
    line = ax.lines[0]
    radius = line.get_markersize() * ax.figure.dpi / 72 / 2
    box = ax.get_window_extent()
    for x, _ in ax.transData.transform(list(zip(line.get_xdata(), line.get_ydata()))):
        assert box.x0 <= x - radius and x + radius <= box.x1
    assert ax.get_xticks()[0] == 0 and ax.get_xticks()[-1] == 1
