"""The lesson the lesson browser tests take (JupyterLab, Notebook 7, marimo, the offline page): a walkthrough,
a guess-the-move question with feedback and a hint, and a practice chapter."""

from __future__ import annotations

import time
from typing import Any

#: Python that builds it as ``lesson`` (a notebook cell writes it; :func:`browser_lesson` runs it)
LESSON_PY = """
from dragonwidgets import Lesson
lesson = (
    Lesson("Emerald: first moves", game="emerald", players=3, seed=1, options={"first_player": 0})
    .walkthrough("Your first knights", seat=0, comment="You play black.")
    .step("move T1 black", "Move the black knight of tower T1.", highlight=["T1/black"])
    .step("move T2 black", "And a second one, from T2.", highlight=["T2/black"])
    .steps("move T1 red", "move T2 red", "move T1 blue", "move T2 blue")
    .guess("Find the move", seat=0, comment="Black to move again.")
    .step("move T1 black", feedback={"move T2 black": "T2 waits: tower T1 goes first."},
          hints=["Tower T1 goes first."])
    .practice("Play on", seat=0, bots="random")
)
"""
#: the same, then the lesson's widget shown (a notebook cell)
LESSON_WIDGET_PY = LESSON_PY + "w = lesson.widget()\nw\n"


def browser_lesson():
    """Return the lesson :data:`LESSON_PY` builds (a :class:`dragonwidgets.Lesson`)."""
    scope: dict = {}
    exec(LESSON_PY, scope)
    return scope["lesson"]


def wait_lesson_text(root: Any, selector: str, words: str, timeout: float = 20) -> str:
    """Wait until the lesson panel's ``selector`` (inside ``root``, a Playwright locator or page) says
    ``words``; return its text. Raises AssertionError with what it says after ``timeout`` seconds."""
    loc = root.locator(f".dw-lesson {selector}")
    deadline = time.monotonic() + timeout
    while True:
        text = loc.inner_text() if loc.count() else ""
        if words in text:
            return text
        if time.monotonic() > deadline:
            raise AssertionError(f"{selector} never said {words!r}; it says {text!r}")
        time.sleep(0.05)
