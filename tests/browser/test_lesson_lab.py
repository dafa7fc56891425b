"""A lesson taken in real JupyterLab (``lesson.widget()``, issue 28 item 4): the lesson panel beside the
board, the step's highlight on the board, a wrong answer clicked on the board shows its feedback, a hint
shows, a right answer advances (the kernel's run agrees), the others' replies play by themselves; once by
keyboard only; axe-core finds no serious or critical violation in the lesson panel in the light and the
dark theme. Screenshots go to ``$DW_SCREENSHOTS`` (default: the test's temp folder).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from lesson_sample import LESSON_WIDGET_PY, wait_lesson_text
from axe_harness import DARK, LIGHT, run_axe, serious, set_theme

pytestmark = pytest.mark.browser

NOTEBOOK = "lesson_lab_test.ipynb"
def _shots(tmp_path: Path) -> Path:
    out = Path(os.environ.get("DW_SCREENSHOTS", tmp_path))
    out.mkdir(parents=True, exist_ok=True)
    return out


def _open(lab, open_notebook):
    lab.write_notebook(NOTEBOOK, LESSON_WIDGET_PY)
    nb = open_notebook(NOTEBOOK)
    root = nb.widget("w")
    root.locator(".dw-lesson .dw-lesson-progress").wait_for(timeout=30_000)
    return nb, root


def _axe(page, selector: str) -> list[dict]:
    return serious(run_axe(page, selector))


def test_a_lesson_is_taken_in_jupyterlab_by_clicking_the_board(lab, open_notebook, tmp_path):
    nb, root = _open(lab, open_notebook)
    shots = _shots(tmp_path)
    assert root.locator(".dw-lesson .dw-lesson-progress").inner_text().startswith("Chapter 1 of 3")
    assert root.locator('[data-target="T1/black"][data-lesson-mark]').count() >= 1
    assert root.locator(".dw-timeline").is_hidden() and root.locator(".dw-seats").is_hidden()

    root.locator('[data-action-id="move T3 black"]').first.click()
    wait_lesson_text(root, ".dw-lesson-feedback", "Not this one.")
    assert nb.kernel.eval("w.lesson['feedback']['kind']") == "wrong" and nb.kernel.eval("w.step") == 0
    root.locator(".dw-lesson-hint").click()
    wait_lesson_text(root, ".dw-lesson-hints", "Play: Move a black knight from T1")
    nb.page.screenshot(path=str(shots / "lesson_lab_wrong_and_hint.png"))

    root.locator('[data-action-id="move T1 black"]').first.click()
    wait_lesson_text(root, ".dw-lesson-comment", "And a second one, from T2.")
    root.locator('[data-action-id="move T2 black"]').first.click()
    wait_lesson_text(root, ".dw-lesson-progress", "Chapter 2 of 3")
    assert "Red" in root.locator(".dw-lesson-played").inner_text()
    root.locator('[data-action-id="move T2 black"]').first.click()
    wait_lesson_text(root, ".dw-lesson-feedback", "T2 waits: tower T1 goes first.")
    root.locator('[data-action-id="move T1 black"]').first.click()
    wait_lesson_text(root, ".dw-lesson-progress", "Chapter 3 of 3")
    assert nb.kernel.eval("w.run.score") == {"right": 0, "questions": 1, "goals_reached": 0, "goals": 0}
    root.locator(".dw-board-wrap [data-action-id]").first.click()  # practice: the bots answer in the kernel
    wait_lesson_text(root, ".dw-lesson-feedback", "Played.")
    nb.page.screenshot(path=str(shots / "lesson_lab_practice.png"))
    assert nb.kernel.eval("w.last_error") == ""


def test_a_lesson_is_answered_by_keyboard_only_in_jupyterlab(lab, open_notebook, tmp_path):
    nb, root = _open(lab, open_notebook)
    root.focus()
    nb.page.keyboard.press("3")  # the third legal action: legal, not the lesson's move
    wait_lesson_text(root, ".dw-lesson-feedback", "Not this one.")
    nb.page.keyboard.press("h")
    wait_lesson_text(root, ".dw-lesson-hints", "Play: Move a black knight from T1")
    nb.page.keyboard.press("Tab")  # from the widget's root to the board's roving tab stop
    focused = "() => document.activeElement?.getAttribute('data-action-id')"
    for _ in range(8):
        if nb.page.evaluate(focused) == "move T1 black":
            break
        nb.page.keyboard.press("ArrowRight")
    assert nb.page.evaluate(focused) == "move T1 black"
    nb.page.keyboard.press("Enter")
    wait_lesson_text(root, ".dw-lesson-comment", "And a second one, from T2.")
    assert root.locator(".dw-lesson-feedback").inner_text().startswith("Right.")
    assert nb.kernel.eval("w.step") == 1
    nb.page.screenshot(path=str(_shots(tmp_path) / "lesson_lab_keyboard.png"))


def test_the_lesson_panel_has_no_serious_accessibility_violation_light_and_dark(lab, open_notebook, tmp_path):
    nb, root = _open(lab, open_notebook)
    page = nb.page
    root.locator('[data-action-id="move T3 black"]').first.click()
    wait_lesson_text(root, ".dw-lesson-feedback", "Not this one.")
    root.locator(".dw-lesson-hint").click()
    wait_lesson_text(root, ".dw-lesson-hints", "Play:")
    try:
        set_theme(page, LIGHT)
        assert _axe(page, ".dw-lesson") == []
        set_theme(page, DARK)
        page.screenshot(path=str(_shots(tmp_path) / "lesson_lab_dark.png"))
        assert _axe(page, ".dw-lesson") == []
    finally:
        set_theme(page, LIGHT)  # the server saves the theme: leave it as found


def test_the_emerald_tutorial_is_taken_in_jupyterlab(lab, open_notebook, tmp_path):
    """Issue 28's goal: a tutorial taken in JupyterLab, a wrong answer (its feedback shown), a hint and a
    right answer (it advances), the answers chosen by the kernel's own run (LessonRun.preview)."""
    lab.write_notebook("lesson_tutorial_test.ipynb", "import dragonwidgets\nw = dragonwidgets.tutorial('emerald').widget()\nw")
    nb = open_notebook("lesson_tutorial_test.ipynb")
    root = nb.widget("w")
    root.locator(".dw-lesson .dw-lesson-progress").wait_for(timeout=30_000)
    verdicts = "{a['id']: w.run.preview(a['id']).kind for a in w.legal_actions}"
    kinds = nb.kernel.eval(verdicts)
    wrong = next(a for a, kind in kinds.items() if kind == "wrong")
    right = next(a for a, kind in kinds.items() if kind == "right")
    comment = root.locator(".dw-lesson-comment").inner_text()
    root.locator(f'.dw-actions [data-action-id="{wrong}"]').click()
    wait_lesson_text(root, ".dw-lesson-feedback", "Not this one.")
    root.locator(".dw-lesson-hint").click()
    hint = nb.kernel.eval("w.lesson['hints'][0]")
    wait_lesson_text(root, ".dw-lesson-hints", hint[:40])
    nb.page.screenshot(path=str(_shots(tmp_path) / "lesson_lab_tutorial.png"))
    root.locator(f'.dw-actions [data-action-id="{right}"]').click()
    wait_lesson_text(root, ".dw-lesson-feedback", "Right")
    assert nb.kernel.eval("w.lesson['feedback']['advanced']") is True
    assert root.locator(".dw-lesson-comment").inner_text() != comment or nb.kernel.eval("w.step") > 0
