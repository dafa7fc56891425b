"""Each game's notebook ends with a short lesson of its own: one chapter written in Python, one recorded from a
played and annotated game (issue 28 item 6). The notebooks are made by tools/make_notebooks.py; these tests run
the saved lesson cells again and check what they build, and that the saved outputs hold no error."""

from __future__ import annotations

import pathlib
import re
from typing import Any

import nbformat
import pytest

from dragonwidgets import Lesson
from dragonwidgets.engine.game import Game
from dragonwidgets.lessons.model import Chapter

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[2] / "notebooks"
#: Each game notebook and the prefix of its rule IDs.
GAMES = {"emerald": "EM", "drachenland": "DL", "chasse_au_dragon": "CD", "draghan": "DG"}


def lesson_cells(name: str) -> list[Any]:
    """The cells of ``name``'s notebook from its "A lesson of your own" heading to the end."""
    book = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    starts = [i for i, cell in enumerate(book.cells)
              if cell.cell_type == "markdown" and re.search(r"^## \d+\. A lesson of your own", cell.source, re.M)]
    assert len(starts) == 1, f"{name}.ipynb: one 'A lesson of your own' section expected, found {len(starts)}"
    assert starts[0] > 0, f"{name}.ipynb: the lesson section is the notebook's end, not its start"
    return list(book.cells[starts[0]:])


def run_cells(cells: list[Any]) -> dict[str, Any]:
    """Execute the code ``cells`` in one fresh namespace (as a kernel would, in order) and return it."""
    namespace: dict[str, Any] = {}
    for cell in cells:
        if cell.cell_type == "code":
            exec(compile(cell.source, "<notebook cell>", "exec"), namespace)
    return namespace


def recorded_line(game: Game) -> list[str]:
    """The action ids of ``game``'s line a chapter replays (chance drawn by the seed left out)."""
    return [e.action.id for e in game.history if not (game.chance_mode == "auto" and e.auto)]


def texts(chapter: Chapter) -> list[str]:
    """Every comment, feedback, default and hint of ``chapter``."""
    found = [chapter.comment or "", chapter.closing or ""]
    for step in chapter.steps:
        found.append(step.comment or "")
        if step.question is not None:
            found += [*step.question.feedback.values(), step.question.default or "", *step.question.hints]
    return [t for t in found if t]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_game_notebook_lesson_has_a_written_and_a_recorded_chapter_that_check(name: str) -> None:
    cells = lesson_cells(name)
    assert [c.cell_type for c in cells] == ["markdown", "code", "code", "code"]
    written_source, recorded_source = cells[1].source, cells[2].source
    assert "Lesson(" in written_source and "add_game(" not in written_source
    assert "add_game(" in recorded_source and ".annotate(" in recorded_source

    namespace = run_cells(cells)
    lesson, game = namespace["my_lesson"], namespace["recorded"]
    assert isinstance(lesson, Lesson) and isinstance(game, Game)
    assert lesson.check() is lesson
    assert len(lesson.chapters) == 2
    written, recorded = lesson.chapters

    # the chapter written in Python: a walkthrough or guess-the-move chapter of 2 to 4 commented steps, at
    # least one of them a question with feedback for a wrong answer and a hint; its texts cite the game's rules
    assert written.mode in ("walkthrough", "guess")
    commented = [s for s in written.steps if s.comment or s.question is not None]
    assert 2 <= len(commented) <= 4, [s.action for s in commented]
    questions = [s.question for s in written.steps if s.question is not None]
    assert any(q.feedback and q.hints for q in questions)
    assert any(re.search(rf"\b{GAMES[name]}-[A-Z0-9]+-\d+", t) for t in texts(written))

    # the recorded chapter: the played game's whole line from its start, with the game's two comments
    assert recorded.start.game == game.name == name and recorded.start.seed == game.seed
    assert [s.action for s in recorded.steps] == recorded_line(game)
    assert len(game.comments) == 2
    assert sorted(t for t in texts(recorded)) == sorted(game.comments.values())


@pytest.mark.parametrize("name", sorted(GAMES))
def test_game_notebook_saved_lesson_outputs_show_no_error_and_the_lesson(name: str) -> None:
    cells = lesson_cells(name)
    outputs = [o for c in cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    printed = "".join(o.text for o in cells[-1].outputs if o.output_type == "stream")
    assert re.match(r"Lesson\('.+': 2 chapters: (walkthrough|guess) '.+', walkthrough '.+'\)", printed), printed
    shown = [o for o in cells[-1].outputs if o.output_type in ("display_data", "execute_result")]
    assert any("application/vnd.jupyter.widget-view+json" in o.data for o in shown), "the lesson's widget"
