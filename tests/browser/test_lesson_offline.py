"""A lesson's offline page (``lesson.to_html(path)``, issue 28 item 5), opened with ``file://`` in Debian's
chromium with the network blocked: a wrong answer shows its feedback, a hint shows, a right answer advances
(by mouse on the board, and once by keyboard only), the practice chapter says it needs a notebook, the
progress survives a reload, no request leaves the page, and axe-core finds no serious or critical
violation in the lesson panel. Screenshots go to ``$DW_SCREENSHOTS`` (default: the test's temp folder).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from axe_harness import run_axe, serious
from lesson_sample import browser_lesson

pytestmark = pytest.mark.browser



@pytest.fixture
def offline(chromium):
    """A page in a context with the network off, every request that is not a ``file:`` one aborted and
    counted, and the page's console errors collected: ``(page, requests, errors)``."""
    context = chromium.new_context(viewport={"width": 1300, "height": 950}, offline=True)
    requests: list[str] = []
    errors: list[str] = []

    def route(r):
        if r.request.url.startswith("file:"):
            r.continue_()
        else:
            requests.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.on("request", lambda q: None if q.url.startswith(("file:", "blob:", "data:")) else requests.append(q.url))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        yield page, requests, errors
    finally:
        context.close()


def _shots(tmp_path: Path) -> Path:
    out = Path(os.environ.get("DW_SCREENSHOTS", tmp_path))
    out.mkdir(parents=True, exist_ok=True)
    return out


def _text(page, selector: str) -> str:
    return page.locator(f".dw-lesson {selector}").inner_text()


def _wait_text(page, selector: str, words: str) -> None:
    page.wait_for_function("([s, w]) => (document.querySelector('.dw-lesson ' + s)?.textContent || '').includes(w)",
                           arg=[selector, words], timeout=10_000)


def _click_move(page, action_id: str) -> None:
    page.locator(f'.dw-board-wrap [data-action-id="{action_id}"]').first.click()


def _open(page, path: Path) -> None:
    page.goto(path.as_uri())
    page.wait_for_selector(".dw-lesson .dw-lesson-progress", timeout=20_000)


def test_a_lesson_page_is_taken_offline_by_mouse_and_keeps_its_progress(offline, tmp_path):
    page, requests, errors = offline
    path = browser_lesson().to_html(tmp_path / "lesson.html")
    shots = _shots(tmp_path)
    _open(page, path)
    assert _text(page, ".dw-lesson-progress").startswith("Chapter 1 of 3")
    assert page.locator('.dw-board-wrap [data-target="T1/black"][data-lesson-mark]').count() >= 1
    page.screenshot(path=str(shots / "lesson_offline_start.png"), full_page=True)

    _click_move(page, "move T3 black")  # legal, not the lesson's move
    _wait_text(page, ".dw-lesson-feedback", "Not this one.")
    assert "legal, but this lesson asks for another move" in _text(page, ".dw-lesson-feedback")
    page.locator(".dw-lesson-hint").click()
    _wait_text(page, ".dw-lesson-hints", "Play: Move a black knight from T1")
    page.screenshot(path=str(shots / "lesson_offline_wrong_and_hint.png"), full_page=True)

    _click_move(page, "move T1 black")
    _wait_text(page, ".dw-lesson-comment", "And a second one, from T2.")
    assert page.locator('.dw-board-wrap [data-target="T2/black"][data-lesson-mark]').count() >= 1
    assert page.locator('.dw-board-wrap [data-target="T1/black"][data-lesson-mark]').count() == 0
    _click_move(page, "move T2 black")
    _wait_text(page, ".dw-lesson-progress", "Chapter 2 of 3")
    assert "Red" in _text(page, ".dw-lesson-played")  # the others' replies, played by themselves

    _click_move(page, "move T2 black")
    _wait_text(page, ".dw-lesson-feedback", "T2 waits: tower T1 goes first.")
    page.keyboard.press("h")
    _wait_text(page, ".dw-lesson-hints", "Tower T1 goes first.")
    _click_move(page, "move T1 black")
    _wait_text(page, ".dw-lesson-progress", "Chapter 3 of 3")
    assert "need a notebook" in _text(page, ".dw-lesson-ask")
    assert page.locator(".dw-board-wrap [data-action-id]").count() == 0  # nothing to play without a kernel

    page.reload()  # the progress is kept in the page's localStorage
    page.wait_for_selector(".dw-lesson .dw-lesson-progress", timeout=20_000)
    assert _text(page, ".dw-lesson-progress").startswith("Chapter 3 of 3")
    page.locator(".dw-lesson-skip").click()
    _wait_text(page, ".dw-lesson-progress", "Done: 3 chapters")
    assert _text(page, ".dw-lesson-score") == "Score: 0 of 1 question right at the first try"
    page.screenshot(path=str(shots / "lesson_offline_done.png"), full_page=True)
    page.locator(".dw-lesson-restart").click()
    _wait_text(page, ".dw-lesson-progress", "Chapter 1 of 3")
    assert requests == [] and errors == []


def test_a_lesson_page_is_answered_by_keyboard_only(offline, tmp_path):
    page, requests, errors = offline
    path = browser_lesson().to_html(tmp_path / "lesson.html")
    _open(page, path)
    page.keyboard.press("3")  # the third legal action: legal, not the lesson's move
    _wait_text(page, ".dw-lesson-feedback", "Not this one.")
    page.keyboard.press("h")
    _wait_text(page, ".dw-lesson-hints", "Play: Move a black knight from T1")
    page.keyboard.press("Tab")  # from the widget's root to the board's roving tab stop
    for _ in range(8):
        if page.evaluate("() => document.activeElement?.getAttribute('data-action-id')") == "move T1 black":
            break
        page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement?.getAttribute('data-action-id')") == "move T1 black"
    page.keyboard.press("Enter")
    _wait_text(page, ".dw-lesson-comment", "And a second one, from T2.")
    assert _text(page, ".dw-lesson-feedback").startswith("Right.")
    page.screenshot(path=str(_shots(tmp_path) / "lesson_offline_keyboard.png"), full_page=True)
    assert requests == [] and errors == []


def test_the_lesson_panel_of_a_page_has_no_serious_accessibility_violation(offline, tmp_path):
    page, _, _ = offline
    path = browser_lesson().to_html(tmp_path / "lesson.html")
    _open(page, path)
    _click_move(page, "move T3 black")
    _wait_text(page, ".dw-lesson-feedback", "Not this one.")
    page.locator(".dw-lesson-hint").click()
    _wait_text(page, ".dw-lesson-hints", "Play:")
    bad = serious(run_axe(page, ".dw-lesson"))
    assert bad == [], bad
    assert page.evaluate("() => typeof axe.run") == "function"


#: The right answer of the node the page stands at (or whether it is the end, or a practice chapter).
_NODE_JS = """() => {
  const {model, payload} = window.dragonwidgetsLesson;
  const at = model.progress().node, node = payload.nodes[at];
  const right = Object.entries(node.answers).find(([, told]) => told.kind === 'right');
  return {at, done: Boolean(node.lesson.done), skip: Boolean(node.skip), right: right ? right[0] : null};
}"""


@pytest.mark.parametrize("game", ["emerald", "drachenland", "chasse_au_dragon", "draghan"])
def test_every_question_of_a_tutorials_page_is_answerable_offline(game, offline, tmp_path):
    """Issue 28's goal for an offline lesson page: at most 1 MB for a tutorial, no request, every question
    answerable (each right answer, chosen from the legal-action list, moves the page on to the end)."""
    import dragonwidgets

    page, requests, errors = offline
    path = dragonwidgets.tutorial(game).to_html(tmp_path / f"{game}.html")
    size = path.stat().st_size
    print(f"{game} tutorial page: {size} bytes")
    assert size <= 1_000_000
    _open(page, path)
    answered = 0
    for _ in range(400):
        node = page.evaluate(_NODE_JS)
        if node["done"]:
            break
        if node["skip"]:
            page.locator(".dw-lesson-skip").click()
        else:
            page.locator(f'.dw-actions [data-action-id="{node["right"]}"]').first.click()
            answered += 1
        page.wait_for_function("n => window.dragonwidgetsLesson.model.progress().node > n", arg=node["at"],
                               timeout=10_000)
    assert page.evaluate(_NODE_JS)["done"] and answered >= 8
    score = _text(page, ".dw-lesson-score")
    assert re.fullmatch(r"Score: (\d+) of \1 questions right at the first try", score), score
    assert requests == [] and errors == []
