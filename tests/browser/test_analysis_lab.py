"""The Analyse switch and the Review in real JupyterLab (Debian's chromium), issue 29 item 2.

- A seat's view (seat 0, the person to move, the bots at the other seats paused): Analyse; values appear beside
  every legal action and on the board's targets and refine (the rollouts grow) while the page stays answered; a
  click on an action meanwhile is applied and shown as quickly as without an analysis (measured, printed, and
  bounded generously); the values of the old decision go and the new decision is analysed.
- Review: after a few moves, the review of seat 0's decisions puts marks in the log and draws the chart.
- axe-core finds no serious or critical violation with the values, tints, marks and chart shown, light and dark.

Screenshots are written to ``$DW_SCREENSHOT_DIR`` (default: the test's temporary folder) for a person to look at.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import lab_harness
import pytest
from axe_harness import DARK, LIGHT, describe, run_axe, serious, set_theme

pytestmark = pytest.mark.browser

NOTEBOOK = "analysis_lab.ipynb"
SOURCES = (
    "import dragonwidgets\n"
    "from dragonwidgets.widgets import analysis_panel\n"
    "analysis_panel.REVIEW_ROLLOUTS = 8\n"
    "w = dragonwidgets.EmeraldWidget(players=3, seed=4, first_player=0, seats=['human'] * 3, viewer='0', "
    "playing=False)\n"
    "w",
)


@pytest.fixture(scope="module")
def nb(lab, chromium):
    lab.write_notebook(NOTEBOOK, *SOURCES)
    context = chromium.new_context(viewport={"width": 1400, "height": 1300})
    page = context.new_page()
    opened = lab_harness.open_notebook(page, lab, NOTEBOOK)
    try:
        yield opened
    finally:
        opened.close()
        context.close()
        lab.shutdown_sessions()


def screenshot(root, tmp_path, name: str) -> None:
    out = Path(os.environ.get("DW_SCREENSHOT_DIR") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    root.screenshot(path=str(out / name))
    print(f"\nscreenshot {out / name}")


def _click_and_time(root, kernel, before: int) -> float:
    """Click the first legal action in the list; return the seconds until the page shows the next step."""
    button = root.locator(".dw-action-list button.dw-action").first
    t0 = time.perf_counter()
    button.click()
    root.page.wait_for_function(
        "([sel, step]) => document.querySelector(sel)?.getAttribute('aria-valuetext')?.startsWith(`step ${step + 1} `)",
        arg=[f'[data-dw-widget="{kernel.eval("w.model_id")}"] .dw-timeline-range', before], timeout=20_000)
    return time.perf_counter() - t0


def test_analysis_in_a_seat_view_values_appear_refine_and_a_click_is_answered(nb, tmp_path):
    kernel = nb.kernel
    root = nb.widget("w")
    quiet = _click_and_time(root, kernel, kernel.eval("w.step"))  # the usual time, no analysis running
    t0 = time.perf_counter()
    root.locator(".dw-analyse-toggle").click()
    first_value = root.locator(".dw-action-list .dw-analysis-value").first
    first_value.wait_for(state="visible", timeout=30_000)
    to_first = time.perf_counter() - t0
    ids = kernel.eval("[a['id'] for a in w.legal_actions]")
    assert root.locator(".dw-action-list .dw-analysis-value").count() == len(ids)
    assert "%" in first_value.text_content()
    tinted = root.locator(".dw-board-wrap svg [data-action-id][data-analysis]")
    assert tinted.count() > 0
    assert tinted.first.get_attribute("aria-description").startswith("Analysis: ")
    rollouts = kernel.eval("w.analysis['rollouts']")
    kernel.wait_for(f"w.analysis.get('rollouts', 0) > {rollouts}", timeout=30)  # refined while we watch
    note = root.locator(".dw-analysis-note")
    assert "Red" in note.text_content() or "knowledge" in note.text_content()
    screenshot(root, tmp_path, "analysis_seat_view.png")
    assert kernel.eval("w.analysis['knowledge']") == "seat" and kernel.eval("w.analysis['seat']") == 0
    assert not kernel.eval("w.analysis.get('done')"), "the analysis ended before the click: it can't show the latency"
    old = kernel.eval("w.step")
    busy = _click_and_time(root, kernel, old)
    print(f"\nfirst values in {to_first:.2f} s; click answered in {quiet * 1000:.0f} ms without the analysis, "
          f"{busy * 1000:.0f} ms while it ran")
    assert busy < max(2.0, 4 * quiet)
    assert kernel.eval("w.last_error") == ""
    kernel.wait_for(f"w.analysis.get('step') == {old + 1} or w.analysis.get('state') == 'waiting'")
    root.locator(".dw-analyse-toggle").click()
    kernel.wait_for("w.analysis['state'] == 'off'")
    root.locator(".dw-action-list .dw-analysis-value").first.wait_for(state="detached")


def test_review_marks_are_visible_in_the_log_and_the_chart_is_drawn(nb, tmp_path):
    kernel = nb.kernel
    root = nb.widget("w")
    kernel.run("g = w.game\nfor _ in range(12):\n    g.resolve_chance() if g.current_player == -1 else g.apply(g.legal_actions()[-1])\n"
               "w.refresh()")
    root.locator(".dw-review-toggle").click()
    kernel.wait_for("w.review.get('state') == 'done'", timeout=240)
    own = kernel.eval("len(w.review['steps'])")
    assert own > 0 and kernel.eval("all(s['seat'] == 0 for s in w.review['steps'])")
    marks = root.locator(".dw-log .dw-review-mark")
    marks.first.wait_for(state="visible")
    shown_steps = sorted({int(marks.nth(i).evaluate("m => m.closest('li').dataset.step")) for i in range(marks.count())})
    in_log = kernel.eval("sorted({r['step'] for r in w.log})")
    expected = kernel.eval("[s['step'] + 1 for s in w.review['steps']]")
    assert shown_steps == [s for s in expected if s in in_log]
    assert root.locator(".dw-win-chart polyline").count() == 1
    screenshot(root, tmp_path, "review_seat_view.png")
    marks.first.scroll_into_view_if_needed()
    screenshot(root.locator(".dw-log"), tmp_path, "review_log.png")


def test_no_serious_axe_violation_with_values_tints_marks_and_chart_in_light_and_dark(nb, tmp_path):
    """After the review (marks in the log, the chart drawn), with the analysis's values beside the actions and
    its tints on the board: axe finds no serious or critical violation in the widget in either theme."""
    kernel = nb.kernel
    root = nb.widget("w")
    assert kernel.eval("w.review.get('state')") == "done"  # left by the review test: marks and chart shown
    kernel.run("g = w.game\nwhile g.current_player != 0:\n"
               "    g.resolve_chance() if g.current_player == -1 else g.apply(g.legal_actions()[-1])\nw.refresh()")
    if kernel.eval("w.review.get('state')") != "done":  # a changed game may drop the review: make it again
        kernel.wait_for("w.review.get('state') in ('off', 'done')")
        if kernel.eval("w.review.get('state')") == "off":
            root.locator(".dw-review-toggle").click()
        kernel.wait_for("w.review.get('state') == 'done'", timeout=240)
    root.locator(".dw-analyse-toggle").click()
    root.locator(".dw-action-list .dw-analysis-value").first.wait_for(state="visible", timeout=30_000)
    assert root.locator(".dw-log .dw-review-mark").count() > 0 and root.locator(".dw-win-chart").count() == 1
    page = root.page
    selector = f'[data-dw-widget="{kernel.eval("w.model_id")}"] .dw-root'
    found = {}
    try:
        set_theme(page, DARK)
        found["dark"] = serious(run_axe(page, selector))
        screenshot(root, tmp_path, "analysis_review_dark.png")
    finally:
        set_theme(page, LIGHT)  # the server saves the theme: leave it as found
    found["light"] = serious(run_axe(page, selector))
    root.locator(".dw-analyse-toggle").click()
    kernel.wait_for("w.analysis['state'] == 'off'")
    report = "\n".join(f"--- {theme}\n{describe(v)}" for theme, v in found.items() if v)
    assert not report, f"serious axe violations with the analysis and the review shown:\n{report}"


def test_the_teachers_view_analyses_with_every_card_known_labelled_so(nb, tmp_path):
    kernel = nb.kernel
    root = nb.widget("w")
    kernel.run("w.review_stop()\nw.viewer = 'teacher'")
    menu = root.locator(".dw-analyse-knowledge")
    menu.wait_for(state="visible")
    menu.select_option("table")
    assert kernel.eval("w.analysis['on']") is False  # choosing what it may know does not start it
    root.locator(".dw-analyse-toggle").click()
    kernel.wait_for("w.analysis.get('knowledge') == 'table' and bool(w.analysis.get('rows'))", timeout=60)
    root.locator(".dw-analysis-note", has_text="every card known").wait_for(state="visible")
    screenshot(root, tmp_path, "analysis_teacher_every_card_known.png")
    kernel.run("w.viewer = '0'")  # a seat's view: the all-known analysis is stopped, never shown there
    kernel.wait_for("w.analysis.get('knowledge') == 'seat'")
    assert "every card known" not in root.locator(".dw-analysis-note").text_content()
    root.locator(".dw-analyse-toggle").click()
    kernel.wait_for("w.analysis['state'] == 'off'")
