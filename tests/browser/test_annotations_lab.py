"""Comments, variations and recording a lesson in real JupyterLab (Debian's chromium), issue 28 items 2 and 3.

- An annotated Emerald game: the log shows a step's comment under its rows, the timeline marks the commented
  steps and the step a variation leaves from, and the variation's Switch makes it the kernel's line.
- Recording: Record lesson, moves played by clicks, a comment typed for a step, two steps made questions (one
  with another accepted answer picked from the legal actions), a variation played from a past step, Save to
  JSON and Copy for a cell; the saved file loads back as a Lesson that validates, with both questions.

Screenshots are written to ``$DW_SCREENSHOT_DIR`` (default: the test's temporary folder) for a person to look at.
"""

from __future__ import annotations

import os
from pathlib import Path

import lab_harness
import pytest
from test_accessibility import describe, run_axe, serious

pytestmark = pytest.mark.browser

NOTEBOOK = "annotations_lab.ipynb"
SOURCES = (
    "import dragonwidgets\n"
    "wa = dragonwidgets.EmeraldWidget(players=3, seed=4, first_player=0, seats=['human'] * 3, playing=False)\n"
    "for _ in range(6):\n"
    "    wa.act(wa.game.legal_actions()[0].id)\n"
    "first_line = [e.action.id for e in wa.game.history]\n"
    "wa.game.annotate(0, 'Black moves first: every knight starts on a tower.')\n"
    "wa.game.annotate(2, 'Black has moved two knights.')\n"
    "wa.goto(3)\n"
    "wa.act([a.id for a in wa.game.legal_actions() if a.id != first_line[3]][0])\n"
    "wa",
    "wr = dragonwidgets.EmeraldWidget(players=3, seed=4, first_player=0, seats=['human'] * 3, playing=False)\n"
    "wr",
)


@pytest.fixture(scope="module")
def nb(lab, chromium):
    """The test's notebook, opened once for the tests of this file."""
    lab.write_notebook(NOTEBOOK, *SOURCES)
    context = chromium.new_context(viewport={"width": 1400, "height": 1300})
    page = context.new_page()
    opened = lab_harness.open_notebook(page, lab, NOTEBOOK)
    try:
        yield opened
    finally:
        page.evaluate("() => window.jupyterapp.shell.currentWidget.context.save()")
        opened.close()
        context.close()
        lab.shutdown_sessions()


def screenshot(root, tmp_path, name: str) -> None:
    """Write a picture of the widget to $DW_SCREENSHOT_DIR (or the test's folder) for a person to look at."""
    out = Path(os.environ.get("DW_SCREENSHOT_DIR") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    root.screenshot(path=str(out / name))
    print(f"\nscreenshot {out / name}")


def test_the_log_and_timeline_show_comments_and_a_variation_switches_the_line(nb, tmp_path):
    kernel = nb.kernel
    root = nb.widget("wa")
    notes = root.locator('.dw-log-notes[data-step="2"]')
    notes.wait_for(state="visible")
    assert notes.text_content() == "Black has moved two knights."
    marks = root.locator(".dw-timeline-marks .dw-mark")
    assert [marks.nth(i).get_attribute("data-mark-step") for i in range(marks.count())] == ["0", "2", "3"]
    assert "dw-mark-variation" in root.locator('[data-mark-step="3"]').get_attribute("class")
    variation = root.locator('.dw-log-notes[data-step="3"]')
    assert "A variation from step 3" in variation.text_content()
    screenshot(root, tmp_path, "annotations_log_timeline.png")
    screenshot(root.locator(".dw-log"), tmp_path, "annotations_log.png")
    variation.locator('[data-variation="3:0"]').click()
    kernel.wait_for("[e.action.id for e in wa.game.history] == first_line")
    assert kernel.eval("wa.last_error") == ""
    root.locator('.dw-log-notes[data-step="3"] [data-variation="3:0"]').wait_for(state="visible")  # the other line, kept


def _act(nb, root, var: str) -> None:
    """Click the first action of the action list; wait until the kernel applied it."""
    step = nb.kernel.eval(f"{var}.step")
    root.locator(".dw-action-list button.dw-action").first.click()
    nb.kernel.wait_for(f"{var}.step == {step + 1} and {var}.last_error == ''")


def _goto(nb, root, var: str, step: int) -> None:
    """Step the timeline with its buttons to ``step``."""
    while (now := nb.kernel.eval(f"{var}.step")) != step:
        # the page must show the kernel's step before the next click: a click on a page still a step behind
        # (the kernel's reply on its way) asks for the step the kernel is already at, and nothing moves
        root.page.wait_for_function("([root, step]) => Number(root.querySelector('.dw-timeline-range').value) === step",
                                    arg=[root.element_handle(), now])
        root.locator(f'[data-timeline="{"back" if now > step else "forward"}"]').click()
        nb.kernel.wait_for(f"{var}.step != {now}")
    root.locator(".dw-record-label", has_text=f"Comment on step {step}").wait_for(state="visible")


def test_recording_a_two_question_lesson_saves_a_lesson_that_loads_and_validates(nb, tmp_path):
    kernel = nb.kernel
    root = nb.widget("wr")
    root.locator(".dw-record-toggle").click()
    kernel.wait_for("wr.recording.get('on')")
    for _ in range(6):
        _act(nb, root, "wr")
    first_line = kernel.eval("[e.action.id for e in wr.game.history]")

    _goto(nb, root, "wr", 0)
    root.locator(".dw-record-comment").fill("Black starts: move a knight off its tower.")
    root.locator(".dw-record-save-comment").click()
    kernel.wait_for("wr.game.comment(0) == 'Black starts: move a knight off its tower.'")
    root.locator(".dw-record-ask").check()
    kernel.wait_for("0 in wr.questions")
    other = root.locator(".dw-record-also input").first
    other.wait_for(state="visible")
    also = other.get_attribute("data-accept")
    other.check()
    kernel.wait_for(f"wr.questions.get(0) == [{first_line[0]!r}, {also!r}]")

    _goto(nb, root, "wr", 2)
    root.locator(".dw-record-ask").check()
    kernel.wait_for("2 in wr.questions")
    screenshot(root, tmp_path, "record_lesson_question.png")
    found = serious(run_axe(root.page, f'[data-dw-widget="{kernel.eval("wr.model_id")}"] .dw-annotations'))
    assert not found, f"serious axe violations in the recording panel:\n{describe(found)}"

    _goto(nb, root, "wr", 4)  # a variation: rewind and play another move
    root.locator(".dw-action-list button.dw-action").last.click()
    kernel.wait_for("wr.game.variations(4) != []")
    assert [a["id"] for a in kernel.eval("wr.game.variations(4)[0]['actions']")] == first_line[4:]

    root.locator(".dw-record-name").fill("recorded_lesson_test.json")
    kernel.run("import pathlib; pathlib.Path('recorded_lesson_test.json').unlink(missing_ok=True)")
    root.locator(".dw-record-save").click()
    saved = kernel.wait_for("wr.recording.get('saved')")
    root.locator(".dw-record-saved", has_text="Saved to").wait_for(state="visible")
    root.locator(".dw-record-copy").click()
    area = root.locator(".dw-record-export")
    area.wait_for(state="visible")
    assert "Lesson.from_dict" in area.input_value()
    screenshot(root, tmp_path, "record_lesson_saved.png")

    from dragonwidgets import Lesson

    lesson = Lesson.load(saved)  # validated on load
    [chapter] = lesson.chapters
    asked = {i: s.question.accepted for i, s in enumerate(chapter.steps) if s.question is not None}
    assert asked == {0: [first_line[0], also], 2: []}
    assert chapter.steps[0].comment == "Black starts: move a knight off its tower."
    assert [s.action for s in chapter.steps[4].variations[0].steps] == first_line[4:]
    assert kernel.eval("len(dragonwidgets.Lesson.load(wr.recording['saved']).check().chapters)") == 1
    kernel.run(area.input_value())  # the snippet, pasted into a cell
    assert kernel.eval("lesson == wr.recorded_lesson()") is True
    Path(saved).unlink()


def test_an_exported_page_shows_the_comments_offline_and_a_seats_page_no_variation(chromium, tmp_path):
    """``dragonwidgets.to_html`` pages of an annotated game, opened from disk with the network off: the teacher's
    page shows the comments in the log and the variation (with no Switch: a page has no kernel), a seat's page
    the comments only."""
    import dragonwidgets

    game = dragonwidgets.new_game("emerald", players=3, seed=4, first_player=0)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    first = [e.action.id for e in game.history]
    game.annotate(2, "Black has moved two knights.")
    game.goto(3)
    game.apply(next(a for a in game.legal_actions() if a.id != first[3]))
    context = chromium.new_context(viewport={"width": 1400, "height": 1000}, offline=True)
    try:
        page = context.new_page()
        for viewer, variation_shown in (("teacher", True), (0, False)):
            path = dragonwidgets.to_html(game, tmp_path / f"page_{viewer}.html", viewer=viewer)
            page.goto(path.as_uri())
            notes = page.locator('.dw-log-notes[data-step="2"]')
            notes.wait_for(state="attached", timeout=20000)
            assert notes.text_content() == "Black has moved two knights."
            assert (page.locator('.dw-log-notes[data-step="3"]').count() == 1) is variation_shown
            assert page.locator("[data-variation]").count() == 0  # no kernel: nothing to switch
            assert page.locator(".dw-record-toggle").is_hidden()
            if viewer == "teacher":
                screenshot(page.locator(".dw-root"), tmp_path, "annotations_page_teacher.png")
    finally:
        context.close()
