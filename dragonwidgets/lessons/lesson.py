"""A lesson: its chapters, a fluent way to write one in Python, its JSON file (:class:`Lesson`)."""

from __future__ import annotations

import json
import os
from typing import Any, Iterable

from ..engine.game import Game
from .errors import LessonError
from .format import FORMAT, VERSION, read_lesson
from .model import Chapter, Mode, Question, Start, Step, Variation
from .recorded import chapter_from_game
from .validate import check_chapter


class Lesson:
    """A lesson a student takes alone: chapters, each a start, a mode and a line of steps.

    Build one in Python: each chapter method (:meth:`walkthrough`, :meth:`guess`, :meth:`practice`) starts a
    chapter and :meth:`step` adds a step to the last one; every method returns the lesson, so the calls chain.
    The keyword arguments of the constructor (``game``, ``players``, ``seed``, ``options``, ``chance``) are
    the start of every chapter that does not give its own. A lesson is checked by replaying it
    (:meth:`check`) when it is loaded, saved or run.

    >>> from dragonwidgets import Lesson
    >>> lesson = (Lesson("Emerald: first moves", game="emerald", players=3, seed=1, options={"first_player": 0})
    ...     .walkthrough("Your first knight", seat=0)
    ...     .step("move T1 black", "Move the black knight of tower T1.", highlight=["T1/black"])
    ...     .step("end turn", "One knight is enough for now: end your turn.")
    ...     .guess("Find the move", seat=0)
    ...     .step("move T2 black", accept=["move T1 black"], hints=["A tower knight starts the race."])
    ...     .practice("Play on", seat=0, bots="random"))
    >>> [c.mode for c in lesson.check().chapters]
    ['walkthrough', 'guess', 'practice']

    Args:
        title: the lesson's title.
        game, players, seed, options, chance: the default start of its chapters (see :class:`~.model.Start`).
        chapters: chapters made already.
    """

    def __init__(self, title: str = "", *, game: str | None = None, players: int | None = None, seed: int = 0,
                 options: dict[str, Any] | None = None, chance: str = "manual",
                 chapters: Iterable[Chapter] = ()) -> None:
        self.title = title
        self.chapters: list[Chapter] = list(chapters)
        self._defaults: dict[str, Any] = {"game": game, "players": players, "seed": seed,
                                          "options": dict(options or {}), "chance": chance}

    # ---------------------------------------------------------------- building
    def _start(self, given: dict[str, Any]) -> Start:
        values = {**self._defaults, **{k: v for k, v in given.items() if v is not None}}
        record = values.get("record")
        if isinstance(record, dict):  # a record says its game and players (start_game checks they agree)
            for key in ("game", "players"):
                if given.get(key) is None:
                    values[key] = record.get(key)
        if values["game"] is None or values["players"] is None:
            raise LessonError("a chapter's start needs game= and players= (give them to Lesson(...) or the chapter)",
                              field="start", chapter=len(self.chapters))
        return Start(**values)

    def _chapter(self, title: str, mode: Mode, seat: int | None, comment: str | None,
                 start: dict[str, Any], goal: str | None = None, bots: dict[int, str] | None = None) -> Lesson:
        self.chapters.append(Chapter(title=title, mode=mode, start=self._start(start), seat=seat, comment=comment,
                                     goal=goal, bots=dict(bots or {})))
        return self

    def walkthrough(self, title: str, *, seat: int | None = 0, comment: str | None = None,
                    **start: Any) -> Lesson:
        """Start a *walkthrough* chapter: the student plays the scripted moves of ``seat`` (``None``: every
        seat), the others' replies and chance play by themselves.

        ``**start``: ``game``, ``players``, ``seed``, ``options``, ``chance``, ``position`` or ``record``
        (:class:`~.model.Start`), over the lesson's defaults.
        """
        return self._chapter(title, "walkthrough", seat, comment, start)

    def guess(self, title: str, *, seat: int | None = 0, comment: str | None = None, **start: Any) -> Lesson:
        """Start a *guess the move* chapter: each step of ``seat`` is a question, the future is hidden."""
        return self._chapter(title, "guess", seat, comment, start)

    def practice(self, title: str, *, seat: int = 0, bots: str | dict[int, str] = "random", goal: str = "win",
                 comment: str | None = None, **start: Any) -> Lesson:
        """Start a *practice* chapter: after its line (often none), the student plays ``seat`` on against
        ``bots`` (one name for every other seat, or ``{seat: name}``) until ``goal`` (:data:`~.goals.GOALS`)."""
        if isinstance(bots, str):
            players = start.get("players") or self._defaults["players"] or 0
            bots = {other: bots for other in range(players) if other != seat}
        return self._chapter(title, "practice", seat, comment, start, goal=goal, bots=bots)

    def step(self, action: str, comment: str | None = None, *, highlight: Iterable[str] = (),
             accept: Iterable[str] = (), feedback: dict[str, str] | None = None, default: str | None = None,
             hints: Iterable[str] = (), retry: bool = True, ask: bool = False, reveal: bool = False) -> Lesson:
        """Add a step to the last chapter: ``action`` (an action id, chance outcomes included), with an optional
        ``comment`` and ``highlight`` (board element names). Any of ``accept`` (other right answers),
        ``feedback`` ({wrong answer id: text}), ``default``, ``hints``, ``retry=False`` or ``ask=True`` makes
        the step a question (:class:`~.model.Question`; ``accept`` adds to the step's own action).

        Raises:
            LessonError: the lesson has no chapter yet.
        """
        question = None
        accepted = [a for a in accept if a != action]
        if accepted or feedback or default is not None or hints or not retry or ask:
            question = Question(accepted=[action, *accepted] if accepted else [], feedback=dict(feedback or {}),
                                default=default, hints=list(hints), retry=retry)
        self._last_chapter("steps").steps.append(Step(action=action, comment=comment, highlights=list(highlight),
                                                      question=question, reveal=reveal))
        return self

    def steps(self, *actions: str) -> Lesson:
        """Add plain steps (no comment) to the last chapter, one per action id."""
        chapter = self._last_chapter("steps")
        chapter.steps.extend(Step(action=a) for a in actions)
        return self

    def variation(self, *actions: str, comment: str | None = None) -> Lesson:
        """Add to the last step a variation: the line of ``actions`` played instead of it, with a ``comment``."""
        chapter = self._last_chapter("steps")
        if not chapter.steps:
            raise LessonError("a variation belongs to a step: add a step first", field="variations",
                              chapter=len(self.chapters) - 1, chapter_title=chapter.title)
        chapter.steps[-1].variations.append(Variation(steps=[Step(action=a) for a in actions], comment=comment))
        return self

    def closing(self, text: str) -> Lesson:
        """Set the text the last chapter shows when its line ends."""
        self._last_chapter("closing").closing = text
        return self

    def add_game(self, game: Game, title: str, *, mode: Mode = "walkthrough", seat: int | None = 0) -> Lesson:
        """Add a chapter made from a played (and annotated) game: its start, its line up to the end, its
        comments as the steps' comments and its variations (:meth:`~dragonwidgets.engine.game.Game.annotate`)."""
        self.chapters.append(chapter_from_game(game, title, mode, seat))
        return self

    def _last_chapter(self, field: str) -> Chapter:
        if not self.chapters:
            raise LessonError("start a chapter first (walkthrough, guess or practice)", field=field)
        return self.chapters[-1]

    # ---------------------------------------------------------------- checking and files
    def check(self) -> Lesson:
        """Replay every chapter and return the lesson.

        Raises:
            LessonError: naming the chapter, the step and the field, at the first thing that cannot be (see
                :mod:`dragonwidgets.lessons.validate`): an illegal step or accepted answer, a highlight naming
                nothing on the board, something the chapter's seat may not see, a bad start, goal or bot.
        """
        if not self.chapters:
            raise LessonError("a lesson has at least one chapter", field="chapters")
        for index, chapter in enumerate(self.chapters):
            check_chapter(chapter, index)
        return self

    def to_dict(self) -> dict[str, Any]:
        """Return the lesson as JSON data: ``{"format": "dragonwidgets-lesson", "version": 1, "title",
        "chapters": [...]}`` (each chapter as :meth:`~.model.Chapter.to_dict`)."""
        return {"format": FORMAT, "version": VERSION, "title": self.title,
                "chapters": [c.to_dict() for c in self.chapters]}

    @classmethod
    def from_dict(cls, data: Any) -> Lesson:
        """Return the lesson of JSON ``data``, checked by replaying it (:meth:`check`).

        Raises:
            LessonError: another format or version, a malformed field, or what :meth:`check` raises.
        """
        title, chapters = read_lesson(data)
        return cls(title, chapters=chapters).check()

    def save(self, path: str | os.PathLike[str]) -> None:
        """Check the lesson, then write it to ``path`` as JSON (UTF-8). Nothing is written if the check fails.

        Raises:
            LessonError: as :meth:`check`.
        """
        self.check()
        text = json.dumps(self.to_dict(), indent=1, ensure_ascii=False)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text + "\n")

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Lesson:
        """Read and check the lesson saved at ``path``.

        Raises:
            LessonError: the file is not JSON (the message gives the line), or as :meth:`from_dict`.
            OSError: the file cannot be read.
        """
        with open(path, encoding="utf-8") as f:
            text = f.read()
        try:
            data = json.loads(text)
        except json.JSONDecodeError as e:
            raise LessonError(f"the file is not JSON: {e.msg} at line {e.lineno}, column {e.colno}",
                              field="(file)") from None
        return cls.from_dict(data)

    def run(self) -> Any:
        """Return a :class:`~.run.LessonRun`: the lesson taken by a student, from its first chapter."""
        from .run import LessonRun

        return LessonRun(self)

    def widget(self, *, seed: int = 0, **kwargs: Any) -> Any:
        """Return the lesson as a widget a student takes in a notebook (JupyterLab, Notebook 7, marimo...): the
        board of the chapter's seat beside the lesson panel (:class:`~dragonwidgets.lessons.widget.LessonWidget`).

        Args:
            seed: the seed of the bots' choices in practice chapters.
            **kwargs: ``layout`` (ipywidgets).

        Raises:
            LessonError: the lesson does not check, or its chapters play different games.
        """
        from .widget import lesson_widget

        return lesson_widget(self, seed=seed, **kwargs)

    def to_html(self, path: str | os.PathLike[str]) -> Any:
        """Write the lesson as one self-contained HTML page a student opens from disk, with no kernel and no
        network (:func:`dragonwidgets.lessons.page.lesson_to_html`); return the page's path.

        Raises:
            LessonError: the lesson does not check, or its chapters play different games.
            OSError: the file cannot be written.
        """
        from .page import lesson_to_html

        return lesson_to_html(self, path)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Lesson) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        modes = ", ".join(f"{c.mode} {c.title!r}" for c in self.chapters)
        return f"Lesson({self.title!r}: {len(self.chapters)} chapters: {modes})"

