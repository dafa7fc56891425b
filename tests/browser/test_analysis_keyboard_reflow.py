"""Issue 29's remaining UI items in Debian's chromium: the Analysis panel and the lesson panel at 400 CSS px
(WCAG 1.4.10 reflow, 2.5.8 target size), the analysis by keyboard alone, the win-chance chart by arrow keys.

The pages are test_touch_and_projector.py's quick live pages (its ``touch`` fixture: a live widget rendered by
its game's bundle, its intents handled by the widget itself, no JupyterLab). The analysis and the review run in
worker threads and publish their traits later, as they do in a kernel; a kernel pushes those to the page, the
live page only learns them in the answer to its next message. :func:`pushable` gives the page's model a name
so that the test can ask for that answer (a ``resync``, the message a view sends when it missed an update): the
person's side stays keyboard only.

Screenshots (400 px, light) go to ``$DW_SHOTS`` (default: the test's tmp_path) and to ``/tmp/shots_ui/``.
"""

from __future__ import annotations

import math
import random
import re
import shutil
import time
from pathlib import Path

import pytest
from lesson_sample import browser_lesson
from test_touch_and_projector import ORIGIN, TARGETS_JS, answered, shots_dir, touch, wait_answer  # noqa: F401

from dragonwidgets import EmeraldWidget
from dragonwidgets.widgets import analysis_panel
from dragonwidgets.widgets.arguments import STATIC

pytestmark = pytest.mark.browser

NARROW = 400
UI_SHOTS = Path("/tmp/shots_ui")

#: the page's bundle behind a module that keeps the model the widget is rendered with (window.dwModel)
WRAPPER = """import widget from "/dw-game-bundle.js";
export default { ...widget, render(ctx) { window.dwModel = ctx.model; return widget.render(ctx); } };"""

#: What is wrong with the text of the panels under ``selectors`` (a CSS selector list): an element off the
#: page's sides, a box whose content is cut (overflow hidden or scrolled sideways), a text wider than its
#: box, or two texts drawn over each other. Hidden elements (no box, or clipped to nothing for screen readers
#: only) are left out.
TEXT_PROBLEMS_JS = """(selectors) => {
  const problems = [];
  const width = document.documentElement.clientWidth;
  const leaves = [];
  // the part of `box` that the boxes around `el` which cut their content (a scrolling list) let show, or null
  const shown = (el, box) => {
    let {left, right, top, bottom} = box;
    for (let up = el.parentElement; up; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const r = up.getBoundingClientRect();
      left = Math.max(left, r.left); right = Math.min(right, r.right);
      top = Math.max(top, r.top); bottom = Math.min(bottom, r.bottom);
    }
    return right - left > 0 && bottom - top > 0 ? {left, right, top, bottom} : null;
  };
  const named = (el) => (el.className?.baseVal ?? el.className) + ' "' + (el.textContent || '').trim().slice(0, 40) + '"';
  for (const panel of document.querySelectorAll(selectors)) {
    for (const el of [panel, ...panel.querySelectorAll('*')]) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (el.closest('svg') && el.localName !== 'svg') continue;  // a drawing's parts: its box is checked
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      if (style.clip === 'rect(0px, 0px, 0px, 0px)') continue;  // for screen readers only (a live region): never seen
      if (r.left < -0.5 || r.right > width + 0.5) problems.push(`off the page (${r.left.toFixed(0)}..${r.right.toFixed(0)}): ${named(el)}`);
      const block = style.display !== 'inline' && el.localName !== 'svg';
      // a box that cuts or scrolls its content sideways, or text spilling out of a block
      if (block && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
        problems.push(`content wider than its box (${el.scrollWidth} > ${el.clientWidth}, overflow ${style.overflowX}): ${named(el)}`);
      if (style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1) problems.push(`text cut by an ellipsis: ${named(el)}`);
      const ownText = [...el.childNodes].some((n) => n.nodeType === 3 && n.data.trim());
      if (ownText) {
        const range = document.createRange();
        range.selectNodeContents(el);
        for (const box of range.getClientRects()) {
          const seen = shown(el, box);  // the part a scrolling list (the log) shows
          if (seen) leaves.push({el, box: seen});
        }
      }
    }
  }
  for (let i = 0; i < leaves.length; i++) {
    for (let j = i + 1; j < leaves.length; j++) {
      const a = leaves[i], b = leaves[j];
      if (a.el === b.el || a.el.contains(b.el) || b.el.contains(a.el)) continue;
      const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
      const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
      if (across > 1 && down > 1) problems.push(`texts overlap: ${named(a.el)} and ${named(b.el)}`);
    }
  }
  return [...new Set(problems)];
}"""

#: The focused element: what it is, whether the keyboard's ring shows, and how wide and which style it is.
FOCUSED_JS = """() => {
  const el = document.activeElement;
  const style = getComputedStyle(el);
  return {cls: (el.className?.baseVal ?? el.className) || el.localName, role: el.getAttribute('role'),
          visible: el.matches(':focus-visible'), outline: style.outlineStyle, width: parseFloat(style.outlineWidth)};
}"""

#: the win-chance chart as a person reaches it: its state and the point the keyboard is on
CHART_JS = """() => {
  const svg = document.querySelector('.dw-win-chart');
  const cursor = svg.querySelector('.dw-chart-cursor');
  const dot = cursor.querySelector('.dw-chart-cursor-dot');
  const readout = document.querySelector('.dw-chart-readout');
  return {focused: document.activeElement === svg, now: svg.getAttribute('aria-valuenow'),
          text: svg.getAttribute('aria-valuetext'), readout: readout.textContent, readoutShown: !readout.hidden,
          live: readout.getAttribute('aria-live'),
          cursor: getComputedStyle(cursor).visibility, cx: Number(dot.getAttribute('cx')), cy: Number(dot.getAttribute('cy'))};
}"""


# ----------------------------------------------------------------------------------------------- helpers
def pushable(page, widget):
    """Reload ``page`` (a ``touch`` page showing ``widget``) with its model kept as ``window.dwModel``."""
    bundle = (STATIC / f"{widget.game.name}.js").read_text(encoding="utf-8")
    page.route(f"{ORIGIN}/bundle.js", lambda r: r.fulfill(body=WRAPPER, content_type="text/javascript"))
    page.route(f"{ORIGIN}/dw-game-bundle.js", lambda r: r.fulfill(body=bundle, content_type="text/javascript"))
    page.reload()
    page.wait_for_function("() => window.ready === true && Boolean(window.dwModel)")
    return page


def push(page) -> None:
    """Bring the traits the widget changed since the page's last message to the page (what a kernel does)."""
    before = answered(page)
    page.evaluate("() => { window.dwModel.send({kind: 'resync'}); }")
    wait_answer(page, before)
    page.wait_for_timeout(50)  # the shell draws in a microtask, the layout after it


def wait_until(page, condition, what: str, timeout: float = 60) -> None:
    """Wait for ``condition()`` (the widget's state). Playwright's loop is the widget's event loop here (the
    worker threads hand their results to it), so the wait lets it run."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        page.wait_for_timeout(50)


def shoot(target, tmp_path, name: str, **kwargs) -> Path:
    """Screenshot ``target`` (a page or a locator) to the test's folder and a copy to /tmp/shots_ui/."""
    out = shots_dir(tmp_path) / name
    target.screenshot(path=str(out), **kwargs)
    UI_SHOTS.mkdir(parents=True, exist_ok=True)
    shutil.copy(out, UI_SHOTS / name)
    return out


def played_widget(monkeypatch) -> EmeraldWidget:
    """Emerald, seat 0's view, after 14 seeded random decisions and on to seat 0's turn; quick analyses."""
    monkeypatch.setattr(analysis_panel, "REVIEW_ROLLOUTS", 30)
    monkeypatch.setattr(analysis_panel, "ANALYSIS_ROLLOUTS", 16)
    widget = EmeraldWidget(players=3, seed=4, first_player=0, seats=["human"] * 3, viewer="0", playing=False)
    game, rng = widget.game, random.Random(1)
    decisions = 0
    while decisions < 14 or game.current_player != 0:
        if game.current_player == -1:
            game.resolve_chance()
        else:
            game.apply(rng.choice(game.legal_actions()))
            decisions += 1
    widget.refresh()
    return widget


def assert_reflows(page, selectors: str, label: str) -> None:
    """No sideways scroll, every control at least 24 x 24 CSS px, no text cut, off the page or overlapping."""
    scroll = page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll <= NARROW, f"{label} at {NARROW} px: the page scrolls sideways ({scroll} px)"
    small = [t for t in page.evaluate(TARGETS_JS) if t["w"] < 24 or t["h"] < 24]
    assert small == [], f"{label}: controls under 24 x 24 CSS px: {small}"
    problems = page.evaluate(TEXT_PROBLEMS_JS, selectors)
    assert problems == [], f"{label}: " + "\n".join(problems)


def tab_to(page, predicate: str, limit: int = 120) -> int:
    """Press Tab until ``predicate`` (JS, of document.activeElement) holds; return the presses."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate(f"() => {{ const el = document.activeElement; return Boolean({predicate}); }}"):
            return presses
    raise AssertionError(f"{limit} Tab presses never reached {predicate}")


def assert_ring_and_name(page, role: str, name) -> None:
    """The focused element has a visible focus ring and is the one with this role and accessible name."""
    focused = page.evaluate(FOCUSED_JS)
    assert focused["visible"] and focused["outline"] != "none" and focused["width"] >= 2, focused
    assert page.get_by_role(role, name=name).evaluate("el => el === document.activeElement"), \
        f"the focused {focused['cls']} is not the {role} named {name!r}"


#: the symbol of each review mark (analysis.js MARK_SYMBOLS)
MARK_SYMBOLS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


def point_text(step: dict, names: list[str]) -> str:
    """What the chart says of one reviewed decision (the review trait's row); JavaScript's Math.round."""
    mark = f", {step['mark']} ({MARK_SYMBOLS[step['mark']]})" if step["mark"] else ""
    percent = math.floor(step["value"] * 100 + 0.5)
    return f"Step {step['step'] + 1}, {names[step['seat']]}: {percent} % chance to win{mark}"


# ----------------------------------------------------------------------------------------------- reflow
def test_at_400px_the_analysis_values_review_marks_and_chart_reflow_with_24px_controls(touch, monkeypatch, tmp_path):
    widget = played_widget(monkeypatch)
    page = pushable(touch(widget, NARROW), widget)
    shoot(page, tmp_path, "analysis_400_off.png", full_page=True)
    assert_reflows(page, ".dw-analysis, .dw-action-list", "the analysis panel, off")
    widget.review_start()
    widget.analyse_start()
    wait_until(page, lambda: widget.review.get("state") == "done" and widget.analysis.get("done"),
               "the review and the values")
    push(page)
    assert page.locator(".dw-action-list .dw-analysis-value").count() == len(widget.legal_actions)
    assert page.locator(".dw-log .dw-review-mark").count() > 0 and page.locator(".dw-win-chart").count() == 1
    shoot(page, tmp_path, "analysis_400_values_review.png", full_page=True)
    shoot(page.locator(".dw-analysis"), tmp_path, "analysis_400_panel.png")
    assert_reflows(page, ".dw-analysis, .dw-action-list, .dw-log, .dw-timeline",
                   "the analysis panel with values, review marks and the chart")
    # a tap at the chart's right end reads its last point, ringed, its words shown under the chart
    box = page.locator(".dw-win-chart").bounding_box()
    page.locator(".dw-win-chart").tap(position={"x": box["width"] - 2, "y": box["height"] / 2})
    last = max(widget.review["steps"], key=lambda s: (s["step"], s["seat"]))
    chart = page.evaluate(CHART_JS)
    assert chart["readout"] == chart["text"] == point_text(last, widget.player_names), chart
    assert chart["cursor"] == "visible" and chart["readoutShown"]
    assert_reflows(page, ".dw-analysis", "the analysis panel with the chart's point read")


def test_at_400px_the_marks_of_neighbouring_decisions_never_cover_each_other_on_the_timeline(
        touch, monkeypatch, tmp_path):
    """A long game's review marks decisions a step apart: on a 400 px page their symbols would be about 5 px apart
    on the timeline's track (each is about 12 px wide). The review trait here is written as Python would send it,
    every decision from step 30 to 41 marked."""
    widget = played_widget(monkeypatch)
    game, rng = widget.game, random.Random(2)
    while game.step < 60 and game.current_player is not None:
        game.resolve_chance() if game.current_player == -1 else game.apply(rng.choice(game.legal_actions()))
    widget.refresh()
    marks = ["blunder", "mistake", "inaccuracy"]
    steps = [{"step": k, "seat": 0, "action": "a", "value": 0.3, "low": 0.2, "high": 0.4, "best_action": "b",
              "best_value": 0.6, "loss": 0.3, "mark": marks[k % 3], "exact": False,
              "text": f"{marks[k % 3]}: 30 points"}
             for k in range(30, 42)]
    page = pushable(touch(widget, NARROW), widget)
    widget.review = {"state": "done", "seat": 0, "reviewed": len(steps), "total": len(steps), "policy": "greedy",
                     "steps": steps, "note": "Review of Black's decisions"}
    push(page)
    assert page.locator(".dw-review-tick").count() == len(steps)
    shoot(page.locator(".dw-timeline"), tmp_path, "timeline_400_dense_marks.png")
    assert_reflows(page, ".dw-timeline", "the timeline with neighbouring marks")


def test_at_400px_the_lesson_panel_with_feedback_and_a_hint_reflows_with_24px_controls(touch, tmp_path):
    widget = browser_lesson().widget()
    page = touch(widget, NARROW)
    before = answered(page)
    page.locator('.dw-action-list [data-action-id="move T3 black"]').tap()  # legal, not the lesson's move
    wait_answer(page, before)
    before = answered(page)
    page.locator(".dw-lesson-hint").tap()
    wait_answer(page, before)
    assert "Not this one" in page.locator(".dw-lesson-feedback").inner_text()
    assert page.locator(".dw-lesson-hints li").count() == 1
    shoot(page, tmp_path, "lesson_400.png", full_page=True)
    shoot(page.locator(".dw-lesson"), tmp_path, "lesson_400_panel.png")
    assert_reflows(page, ".dw-lesson", "the lesson panel")


#: The focused element's box and the lesson panel's: whether any of the element is under the panel.
UNDER_PANEL_JS = """() => {
  const el = document.activeElement, r = el.getBoundingClientRect();
  const p = document.querySelector('.dw-lesson').getBoundingClientRect();
  const across = Math.min(r.right, p.right) - Math.max(r.left, p.left);
  const down = Math.min(r.bottom, p.bottom) - Math.max(r.top, p.top);
  return {name: el.getAttribute('data-target') || el.className, top: Math.round(r.top), bottom: Math.round(r.bottom),
          panelTop: Math.round(p.top), under: across > 0.5 && down > 0.5};
}"""


@pytest.mark.parametrize("height", [700, 900])
def test_at_400px_the_lesson_panel_never_hides_the_board_element_the_keyboard_focuses(height, touch, tmp_path):
    """The panel sticks to the bottom of the window under a board too wide for it beside (shell.css): a board
    element the arrows focus behind it is scrolled up clear of it (WCAG 2.4.11, focus not obscured)."""
    widget = browser_lesson().widget()
    page = touch(widget, NARROW, height)
    page.keyboard.press("Tab")  # the widget's root
    page.keyboard.press("Tab")  # the board's roving tab stop
    assert page.evaluate("() => Boolean(document.activeElement.closest('.dw-board-wrap'))")
    seen = [page.evaluate(UNDER_PANEL_JS)]
    for _ in range(len(widget.legal_actions) + 1):
        page.keyboard.press("ArrowRight")
        seen.append(page.evaluate(UNDER_PANEL_JS))
    shoot(page, tmp_path, f"lesson_400x{height}_focus.png")
    assert len({s["name"] for s in seen}) >= 4, seen
    assert [s for s in seen if s["under"]] == [], f"focused board elements under the lesson panel: {seen}"


# ----------------------------------------------------------------------------------------------- keyboard
def test_by_keyboard_alone_analyse_shows_values_and_review_shows_marks_and_the_chart(touch, monkeypatch, tmp_path):
    widget = played_widget(monkeypatch)
    page = pushable(touch(widget, NARROW), widget)
    page.keyboard.press("Tab")  # from the page to the widget's root, its first tab stop
    presses = tab_to(page, "el.classList.contains('dw-analyse-toggle')")
    print(f"\nTab presses from the widget to Analyse: {presses}")
    assert_ring_and_name(page, "button", "Analyse")
    assert page.evaluate("() => document.activeElement.getAttribute('aria-pressed')") == "false"
    before = answered(page)
    page.keyboard.press("Enter")
    wait_answer(page, before)
    assert widget.analysis["on"] is True
    wait_until(page, lambda: bool(widget.analysis.get("done")), "the analysis's values")
    push(page)
    values = page.locator(".dw-action-list .dw-analysis-value")
    assert values.count() == len(widget.legal_actions) and all("%" in t for t in values.all_inner_texts())
    assert page.evaluate("() => document.activeElement.getAttribute('aria-pressed')") == "true"
    assert_ring_and_name(page, "button", "Analyse")  # the same name, its state in aria-pressed

    tab_to(page, "el.classList.contains('dw-review-toggle')", limit=3)
    assert_ring_and_name(page, "button", "Review")
    before = answered(page)
    page.keyboard.press("Space")
    wait_answer(page, before)
    wait_until(page, lambda: widget.review.get("state") == "done", "the review")
    push(page)
    reviewed = {s["step"] + 1 for s in widget.review["steps"]}
    shown = set(page.locator(".dw-log .dw-review-mark").evaluate_all(
        "ms => ms.map(m => Number(m.closest('li').dataset.step))"))
    in_log = {row["step"] for row in widget.log}
    assert shown == reviewed & in_log and shown
    assert page.locator(".dw-win-chart polyline").count() == 1
    assert_ring_and_name(page, "button", "Clear review")
    shoot(page, tmp_path, "keyboard_400_review.png", full_page=True)


def test_the_win_chance_chart_takes_focus_and_arrow_keys_announce_each_point(touch, monkeypatch, tmp_path):
    widget = played_widget(monkeypatch)
    page = pushable(touch(widget, NARROW), widget)
    widget.review_start()
    wait_until(page, lambda: widget.review.get("state") == "done", "the review")
    push(page)
    steps = sorted(widget.review["steps"], key=lambda s: (s["step"], s["seat"]))
    names = widget.player_names
    assert any(s["mark"] for s in steps), f"this seeded game's review has no mark to announce: {steps}"
    step_before = widget.step
    page.keyboard.press("Tab")
    tab_to(page, "el.classList.contains('dw-win-chart')")
    assert_ring_and_name(page, "slider", re.compile(r"^Win chance over the game, after each reviewed decision: "))
    chart = page.evaluate(CHART_JS)
    assert chart["cursor"] == "visible" and chart["readoutShown"]
    assert chart["text"] == chart["readout"] == point_text(steps[0], names) and chart["now"] == "1"
    seen = [chart]
    for key in ["ArrowRight", "ArrowRight", "End", "ArrowLeft", "Home", "ArrowLeft"]:
        page.keyboard.press(key)
        seen.append(page.evaluate(CHART_JS))
    expected = [0, 1, 2, len(steps) - 1, len(steps) - 2, 0, 0]  # Left at the first point stays there
    assert [int(c["now"]) - 1 for c in seen] == expected
    assert [c["text"] for c in seen] == [point_text(steps[i], names) for i in expected]
    assert all(c["readout"] == c["text"] for c in seen)
    assert len({(c["cx"], c["cy"]) for c in seen}) == len(set(expected)), "the highlight did not move with the point"
    assert seen[1]["cx"] > seen[0]["cx"] and seen[3]["cx"] > seen[2]["cx"]
    marked = next(i for i, s in enumerate(steps) if s["mark"])
    page.keyboard.press("Home")
    for _ in range(marked):
        page.keyboard.press("ArrowRight")
    at_mark = page.evaluate(CHART_JS)
    assert at_mark["text"] == point_text(steps[marked], names) and steps[marked]["mark"] in at_mark["text"]
    shoot(page, tmp_path, "chart_400_focused_mark.png", full_page=True)
    shoot(page.locator(".dw-analysis"), tmp_path, "chart_400_panel.png")
    assert widget.step == step_before and widget.last_error == "", "the chart's arrow keys moved the timeline"
    page.keyboard.press("Tab")  # leaving the chart hides its highlight
    assert page.evaluate(CHART_JS)["cursor"] == "hidden"
