"""A lesson taken with ``lesson.widget()`` in ``marimo run`` (issue 28 item 4), driven in chromium: the lesson
panel shows chapter 1 of n and the step's instruction; a wrong answer clicked on the board shows its feedback;
Hint shows a hint; the right answer advances; a marimo cell that follows the lesson (a ``mo.state`` the widget
feeds) sees the kernel's run agree. Also the shipped Emerald tutorial, its answers chosen by the kernel's own
run (``LessonRun.preview``).

Notebook 7 is not tested here: it is now covered by tests/browser/test_lesson_notebook7.py.

Screenshots go to ``$DW_SCREENSHOTS`` (default: the test's temp folder).
"""

from __future__ import annotations

import json
import os
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import lab_harness as lh
import pytest
from lesson_sample import LESSON_PY, wait_lesson_text

pytestmark = pytest.mark.browser

TUTORIAL_PY = "lesson = dragonwidgets.tutorial('emerald')\n"

APP = '''import marimo

app = marimo.App()


@app.cell
def _():
    import json
    import marimo as mo
    import dragonwidgets
{lesson}
    w = lesson.widget()
    get_run, set_run = mo.state((w.step, w.lesson["progress"]))
    w.observe(lambda _: set_run((w.step, w.lesson["progress"])), names=["step", "lesson"])
    view = mo.ui.anywidget(w)
    view
    return get_run, json, mo, view, w


@app.cell
def _(get_run, json, mo, w):
    step, progress = get_run()
    kinds = {{a["id"]: w.run.preview(a["id"]).kind for a in w.legal_actions}} if w.run.awaiting else {{}}
    feedback = w.lesson.get("feedback") or {{}}
    state = {{"step": step, "progress": progress, "kinds": kinds, "feedback": feedback.get("kind"),
              "score": w.run.score, "error": w.last_error}}
    mo.md(f"<pre id='kernel'>{{json.dumps(state)}}</pre>")
    return


if __name__ == "__main__":
    app.run()
'''


def _shots(tmp_path: Path) -> Path:
    out = Path(os.environ.get("DW_SCREENSHOTS", tmp_path))
    out.mkdir(parents=True, exist_ok=True)
    return out


def _marimo_run(tmp_path: Path, lesson_py: str) -> Iterator[str]:
    """``marimo run`` of an app whose first cell shows ``mo.ui.anywidget(lesson.widget())``: yields its URL."""
    path = tmp_path / "lesson_app.py"
    path.write_text(APP.format(lesson=textwrap.indent(lesson_py.strip("\n"), "    ")))
    with lh.marimo_run(path, tmp_path / "marimo.log") as url:
        yield url


@pytest.fixture
def marimo_lesson(tmp_path: Path) -> Iterator[str]:
    """``marimo run`` of the small three-chapter lesson of tests/browser/test_lesson_lab.py."""
    yield from _marimo_run(tmp_path, LESSON_PY)


@pytest.fixture
def marimo_tutorial(tmp_path: Path) -> Iterator[str]:
    """``marimo run`` of ``dragonwidgets.tutorial('emerald')``."""
    yield from _marimo_run(tmp_path, TUTORIAL_PY)


def _open(page: Any, url: str) -> Any:
    page.goto(url)
    root = page.locator(".dw-root").first
    root.locator(".dw-lesson .dw-lesson-progress").wait_for(timeout=60_000)
    page.locator("#kernel").first.wait_for(timeout=60_000)
    return root


def _kernel(page: Any) -> dict[str, Any]:
    """What the following cell last printed: the kernel's step, progress, verdicts, feedback kind and score."""
    return json.loads(page.locator("#kernel").first.text_content())


def _wait_kernel(page: Any, key: str, want: Any, timeout: float = 20) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        state = _kernel(page)
        if state[key] == want:
            return state
        if time.monotonic() > deadline:
            raise AssertionError(f"the following cell's {key} stayed {state[key]!r}, not {want!r}: {state}")
        time.sleep(0.1)


# marimo shows an anywidget inside a shadow root: the focused element is found through the shadow roots.
FOCUSED_ACTION = """() => {
  let el = document.activeElement;
  while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
  return el ? el.getAttribute('data-action-id') : null;
}"""


def test_a_lesson_is_taken_in_marimo_run_by_clicking_the_board(marimo_lesson, page, tmp_path):
    root = _open(page, marimo_lesson)
    assert root.locator(".dw-lesson .dw-lesson-progress").inner_text().startswith("Chapter 1 of 3")
    assert "Move the black knight of tower T1." in root.locator(".dw-lesson .dw-lesson-comment").inner_text()
    assert root.locator('[data-target="T1/black"][data-lesson-mark]').count() >= 1

    root.locator('[data-action-id="move T3 black"]').first.click()  # legal, not the lesson's move
    wait_lesson_text(root, ".dw-lesson-feedback", "Not this one.")
    assert _wait_kernel(page, "feedback", "wrong")["step"] == 0
    root.locator(".dw-lesson-hint").click()
    wait_lesson_text(root, ".dw-lesson-hints", "Play: Move a black knight from T1")
    page.screenshot(path=str(_shots(tmp_path) / "lesson_marimo_wrong_and_hint.png"))

    root.locator('[data-action-id="move T1 black"]').first.click()
    wait_lesson_text(root, ".dw-lesson-comment", "And a second one, from T2.")
    assert _wait_kernel(page, "step", 1)["feedback"] == "right"
    root.locator('[data-action-id="move T2 black"]').first.click()
    wait_lesson_text(root, ".dw-lesson-progress", "Chapter 2 of 3")
    root.locator('[data-action-id="move T2 black"]').first.click()
    wait_lesson_text(root, ".dw-lesson-feedback", "T2 waits: tower T1 goes first.")
    root.locator(".dw-lesson-hint").click()
    wait_lesson_text(root, ".dw-lesson-hints", "Tower T1 goes first.")
    root.locator('[data-action-id="move T1 black"]').first.click()
    wait_lesson_text(root, ".dw-lesson-progress", "Chapter 3 of 3")
    state = _wait_kernel(page, "progress", "Chapter 3 of 3")
    assert state["score"] == {"right": 0, "questions": 1, "goals_reached": 0, "goals": 0}  # a wrong try first
    assert state["error"] == ""
    page.screenshot(path=str(_shots(tmp_path) / "lesson_marimo_chapter3.png"))


def test_a_lesson_is_answered_by_keyboard_only_in_marimo_run(marimo_lesson, page, tmp_path):
    """marimo's own hotkeys leave the widget's keys alone: a number answers, h asks a hint, Enter on the
    board's focused target answers."""
    root = _open(page, marimo_lesson)
    root.focus()
    page.keyboard.press("3")  # the third legal action: legal, not the lesson's move
    wait_lesson_text(root, ".dw-lesson-feedback", "Not this one.")
    page.keyboard.press("h")
    wait_lesson_text(root, ".dw-lesson-hints", "Play: Move a black knight from T1")
    page.keyboard.press("Tab")  # from the widget's root to the board's roving tab stop
    for _ in range(8):
        if page.evaluate(FOCUSED_ACTION) == "move T1 black":
            break
        page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED_ACTION) == "move T1 black"
    page.keyboard.press("Enter")
    wait_lesson_text(root, ".dw-lesson-comment", "And a second one, from T2.")
    assert root.locator(".dw-lesson .dw-lesson-feedback").inner_text().startswith("Right.")
    assert _wait_kernel(page, "step", 1)["error"] == ""
    page.screenshot(path=str(_shots(tmp_path) / "lesson_marimo_keyboard.png"))


def test_the_emerald_tutorial_is_taken_in_marimo_run(marimo_tutorial, page, tmp_path):
    root = _open(page, marimo_tutorial)
    kinds = _kernel(page)["kinds"]
    wrong = next(a for a, kind in kinds.items() if kind == "wrong")
    right = next(a for a, kind in kinds.items() if kind == "right")
    progress = root.locator(".dw-lesson .dw-lesson-progress").inner_text()
    assert progress.startswith("Chapter 1 of ") and int(progress.split()[3]) > 1
    comment = root.locator(".dw-lesson .dw-lesson-comment").inner_text()
    assert comment.strip()

    root.locator(f'.dw-actions [data-action-id="{wrong}"]').click()
    wait_lesson_text(root, ".dw-lesson-feedback", "Not this one.")
    root.locator(".dw-lesson-hint").click()
    hints = root.locator(".dw-lesson .dw-lesson-hints li")
    hints.first.wait_for(timeout=20_000)
    assert hints.first.inner_text().strip()
    page.screenshot(path=str(_shots(tmp_path) / "lesson_marimo_tutorial.png"))

    root.locator(f'.dw-actions [data-action-id="{right}"]').click()
    wait_lesson_text(root, ".dw-lesson-feedback", "Right")
    state = _wait_kernel(page, "feedback", "right")
    assert state["step"] > 0 or root.locator(".dw-lesson .dw-lesson-comment").inner_text() != comment
    assert state["error"] == ""
