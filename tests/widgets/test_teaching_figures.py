"""The teaching notebooks' figures, drawn from the generator's cells (tools/make_teaching_notebooks.py) with
matplotlib's Agg backend and a few throws: what a student sees must not hide what it shows."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def _book(game: str) -> list[str]:
    spec = importlib.util.spec_from_file_location("make_teaching_notebooks", ROOT / "tools" / "make_teaching_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return [c for c in module.BOOKS[game] if not c.startswith("#md")]


def test_chasse_dice_figure_legend_hides_no_point_of_a_die():
    """CD-COMBAT-1..6: question 1's right-hand panel draws every player's die against every monster; its
    legend (which die is which colour) must cover none of those points (it sat on the d4 line's goblin and
    orc points, the beginner's odds the text talks about)."""
    code = _book("chasse_au_dragon")
    figure_cell = next(c for c in code if "exact (lines) and thrown" in c)
    namespace: dict = {}
    plt.close("all")
    try:
        exec(code[0], namespace)
        namespace["N_FIGHTS"] = 50  # a few throws: the figure's layout does not depend on their number
        exec(code[1], namespace)
        namespace["plt"].show = lambda *a, **k: None
        exec(figure_cell, namespace)
        fig = plt.gcf()
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        ax = fig.axes[1]
        legend = ax.get_legend().get_window_extent(renderer)
        hidden = []
        for line in ax.lines:
            for x, y in line.get_xydata():
                px, py = ax.transData.transform((x, y))
                if legend.contains(px, py):
                    hidden.append((line.get_label(), float(x), round(float(y), 2)))
        assert not hidden, f"the legend covers points of the figure: {hidden}"
    finally:
        plt.close("all")
