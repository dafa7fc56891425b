"""Accessibility of the four game widgets in real JupyterLab, checked by axe-core (Deque's engine).

For each game the test writes a notebook of its own (seat 0 a person, the others bots), opens it, and
runs axe on the widget only (JupyterLab's own UI is not ours to fix) in JupyterLab's light theme at
the start, then after a few decisions with the state inspector open, in the light and the dark theme.
No serious or critical violation may remain. A first test plants a low-contrast element in a widget
and expects axe to report it: in JupyterLab axe skips its contrast checks silently unless the page's
body has a height (JupyterLab's ``<body>`` has none and hides its overflow), so this proves that the
contrast checks of the other tests really run.

The axe helpers are in ``axe_harness.py``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import lab_harness
import pytest
from axe_harness import DARK, LIGHT, describe, run_axe, serious, set_theme

pytestmark = pytest.mark.browser

WIDGETS = {"emerald": "EmeraldWidget", "drachenland": "DrachenlandWidget",
           "chasse_au_dragon": "ChasseAuDragonWidget", "draghan": "DraghanWidget"}
#: Per game: the widget's arguments after ``players=3, seed=...`` and the decisions played before the
#: second check (from the kernel: seat 0 takes the first legal action, the bots their own).
SETUP = {
    "emerald": ("seed=4, seats=['human', 'greedy', 'greedy']", 12),
    "drachenland": ("seed=2, seats=['human', 'greedy', 'greedy']", 12),
    "chasse_au_dragon": ("seed=3, seats=['human', 'greedy', 'greedy'], first_player=0", 12),
    "draghan": ("seed=19, seats=['human', 'planner', 'planner'], first_player=0", 12),
}
NOTEBOOK = "a11y_games.ipynb"


@pytest.fixture(scope="module")
def games(lab, chromium):
    """One notebook showing the four games' widgets (``w_emerald``, ``w_drachenland``...), opened once
    for every test of this file (a page load and a kernel instead of one per game)."""
    cells = ["import dragonwidgets"] + [
        f"w_{game} = dragonwidgets.{cls}(players=3, {SETUP[game][0]}, playing=False)\nw_{game}"
        for game, cls in WIDGETS.items()]
    lab.write_notebook(NOTEBOOK, *cells)
    # Tall enough for a whole widget: axe leaves the colour contrast of what lies below the window unchecked
    # (a text planted at the widget's foot, 1,566 px down, went unreported once the widget grew past 1,000 px).
    context = chromium.new_context(viewport={"width": 1400, "height": 2400})
    nb = lab_harness.open_notebook(context.new_page(), lab, NOTEBOOK)
    try:
        yield nb
    finally:
        nb.close()
        context.close()
        lab.shutdown_sessions()


def widget(nb, game: str):
    """Return (widget root locator, CSS selector of that root) for the game's widget, scrolled into view."""
    root = nb.widget(f"w_{game}")
    root.scroll_into_view_if_needed()
    model_id = nb.kernel.eval(f"w_{game}.model_id")
    return root, f'[data-dw-widget="{model_id}"] .dw-root'


def wait_for_step(root, step: int) -> None:
    """Wait until the page's timeline shows ``step``."""
    root.page.wait_for_function(
        "([root, step]) => Number(root.querySelector('.dw-timeline-range').value) === step",
        arg=[root.element_handle(), step])


def test_axe_reports_a_planted_low_contrast_text(games):
    """The contrast check runs in JupyterLab: grey text planted on grey in a widget is reported."""
    root, selector = widget(games, "emerald")
    root.evaluate("""root => {
      const p = document.createElement('p');
      p.id = 'dw-planted'; p.textContent = 'planted low-contrast text';
      p.style.cssText = 'color:#777;background:#888;font-size:13px';
      root.append(p);
    }""")
    try:
        found = [n["target"] for v in run_axe(root.page, selector) if v["id"] == "color-contrast" for n in v["nodes"]]
    finally:
        root.evaluate("root => root.querySelector('#dw-planted').remove()")
    assert "#dw-planted" in found, found


@pytest.mark.parametrize("game", list(WIDGETS))
def test_no_serious_axe_violation_in_the_widget(games, game):
    """No serious or critical axe violation inside the widget: at the start and after a few decisions
    (with the state inspector open), in JupyterLab's light and dark themes."""
    root, selector = widget(games, game)
    page = root.page
    kernel = games.kernel
    found: dict[str, list[dict]] = {}
    try:
        set_theme(page, LIGHT)
        found["start, light"] = run_axe(page, selector)
        set_theme(page, DARK)
        found["start, dark"] = run_axe(page, selector)
        kernel.run(lab_harness.PLAY_PY)
        kernel.run(f"_dw_play(w_{game}, {SETUP[game][1]})")
        wait_for_step(root, kernel.eval(f"w_{game}.step"))
        root.locator(".dw-inspector > summary").click()
        root.locator(".dw-inspector-body").wait_for()
        found["later, dark"] = run_axe(page, selector)
    finally:
        set_theme(page, LIGHT)  # the server saves the theme: leave it as found
    found["later, light"] = run_axe(page, selector)
    if os.environ.get("DW_AXE_REPORT"):  # a folder: every violation found, for a person to read
        Path(os.environ["DW_AXE_REPORT"], f"{game}.json").write_text(json.dumps(found, indent=1))
    counts = {when: (len(serious(v)), len(v)) for when, v in found.items()}
    print(f"\n{game}: axe violations (serious or critical, all) {json.dumps(counts)}")
    report = "\n".join(f"--- {when}\n{describe(serious(v))}" for when, v in found.items() if serious(v))
    assert not report, f"{game}: serious axe violations in the widget:\n{report}"
