"""A lesson taken by a student: :class:`LessonRun`, the state machine a lesson widget or page drives.

The run stands at one chapter and one step. It plays by itself what the student does not decide (the
other seats' scripted replies and chance, in a walkthrough or guess chapter; the bots and the dice after a
practice chapter's line) and stops where the student decides: :meth:`LessonRun.answer` takes their action
id and returns a :class:`Feedback`, :meth:`LessonRun.hint` gives the step's hints in order, and
:meth:`LessonRun.view` is everything a lesson panel shows, as JSON data, holding only what the chapter's
seat may see (its observation, its own legal actions, the log as it reads it).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from ..engine import CHANCE
from ..engine.bots import bot_move
from ..engine.game import Game
from ..engine.registry import make_bot
from ..engine.rules import rule_ids_in
from .errors import LessonError
from .format import Where
from .goals import GOALS
from .lesson import Lesson
from .model import Chapter, Step
from .validate import start_game

#: The most steps a run plays by itself between two answers (a safety net for a broken game, never a rule).
MAX_AUTO_STEPS = 100_000


@dataclass(frozen=True)
class Played:
    """One step the run played: the student's own move, another seat's reply, a chance outcome or a bot's move.

    Attributes:
        step: the game's step after it.
        player: the seat that decided, or :data:`~dragonwidgets.CHANCE` (-1).
        texts: its events as the chapter's seat reads them (as the full table reads them when the step
            says ``reveal``, or for a chapter of every seat).
        comment: the lesson's comment on that step, if any.
    """

    step: int
    player: int
    texts: tuple[str, ...]
    comment: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Return ``{"step", "player", "texts", "comment"}``."""
        return {"step": self.step, "player": self.player, "texts": list(self.texts), "comment": self.comment}


@dataclass(frozen=True)
class Feedback:
    """What the student is told about an answer.

    Attributes:
        kind: ``"right"`` (an accepted answer), ``"wrong"`` (legal, not the lesson's move: the author's
            feedback for it, or the question's default), ``"illegal"`` (the engine's reason with the rules'
            texts, :meth:`~dragonwidgets.engine.game.Game.explain`) or ``"played"`` (a practice move).
        text: the words shown.
        rules: the rule IDs ``text`` cites (an illegal answer's).
        advanced: whether the lesson moved on (a right answer; a wrong one to a question without retry).
        played: the steps played since the answer (the student's own move first).
    """

    kind: Literal["right", "wrong", "illegal", "played"]
    text: str
    rules: tuple[str, ...] = ()
    advanced: bool = False
    played: tuple[Played, ...] = field(default_factory=tuple)

    @property
    def right(self) -> bool:
        """Whether the answer was right (a practice move counts as right)."""
        return self.kind in ("right", "played")

    def to_dict(self) -> dict[str, Any]:
        """Return ``{"kind", "right", "text", "rules", "advanced", "played"}``."""
        return {"kind": self.kind, "right": self.right, "text": self.text, "rules": list(self.rules),
                "advanced": self.advanced, "played": [p.to_dict() for p in self.played]}


class LessonRun:
    """A student taking ``lesson``, chapter by chapter (the lesson is checked first).

    >>> from dragonwidgets import Lesson
    >>> run = (Lesson("Two moves", game="emerald", players=3, seed=1, options={"first_player": 0})
    ...        .guess("Find the move", seat=0).step("move T1 black", hints=["Tower T1."]).run())
    >>> run.progress
    'Chapter 1 of 1'
    >>> run.answer("move T2 black").kind, run.hint()
    ('wrong', 'Tower T1.')
    >>> run.answer("move T1 black").kind, run.done, run.score
    ('right', True, {'right': 0, 'questions': 1, 'goals_reached': 0, 'goals': 0})

    Args:
        lesson: the lesson.
        seed: the seed of the bots' choices in practice chapters.

    Raises:
        LessonError: the lesson does not check (:meth:`Lesson.check`).
    """

    def __init__(self, lesson: Lesson, *, seed: int = 0) -> None:
        lesson.check()
        self.lesson = lesson
        self._rng = random.Random(seed)
        self._right = 0
        self._questions = 0
        self._goals: list[bool] = []
        self._index = 0
        self._done = False
        self._played: list[Played] = []
        self._finished: list[dict[str, Any]] = []
        self._last: Feedback | None = None
        self._start_chapter(0)
        self._advance()

    # ---------------------------------------------------------------- where the run stands
    @property
    def chapter(self) -> Chapter:
        """The chapter the run stands in (the last one once done)."""
        return self.lesson.chapters[self._index]

    @property
    def chapter_number(self) -> int:
        """The chapter's number, from 1."""
        return self._index + 1

    @property
    def progress(self) -> str:
        """``"Chapter k of n"`` (``"Done: n chapters"`` at the end)."""
        n = len(self.lesson.chapters)
        return f"Done: {n} chapter{'s' if n != 1 else ''}" if self._done else f"Chapter {self.chapter_number} of {n}"

    @property
    def done(self) -> bool:
        """Whether every chapter is finished."""
        return self._done

    @property
    def seat(self) -> int | None:
        """The seat the student plays in this chapter (``None``: every seat, the full table's view)."""
        return self.chapter.seat

    @property
    def score(self) -> dict[str, int]:
        """``{"right", "questions", "goals_reached", "goals"}``: questions answered right at the first try, of
        those asked so far, and practice goals reached, of the practice chapters finished."""
        return {"right": self._right, "questions": self._questions,
                "goals_reached": sum(self._goals), "goals": len(self._goals)}

    @property
    def game(self) -> Game:
        """The chapter's game as it stands (the run's own object: a lesson widget shows it; read it, do not
        change it, or the run no longer stands where its line says)."""
        return self._game

    def observation(self) -> dict[str, Any]:
        """Return the chapter's game as its seat sees it (:meth:`~dragonwidgets.engine.game.Game.observation`)."""
        return self._game.observation(self.seat)

    @property
    def awaiting(self) -> bool:
        """Whether the student decides now (an answer is expected)."""
        return not self._done and self.chapter.student_decides(self._game.current_player) and (
            self._step is not None or self.chapter.mode == "practice")

    @property
    def _step(self) -> Step | None:
        steps = self.chapter.steps
        return steps[self._i] if self._i < len(steps) else None

    # ---------------------------------------------------------------- the student's calls
    def answer(self, action_id: str) -> Feedback:
        """Answer the step with ``action_id`` and return the :class:`Feedback`.

        An illegal answer is told the engine's reason and the rules' texts; a legal one that is not accepted,
        the author's feedback for it (or the question's default); a right one plays the line's action and
        the run goes on to the student's next decision (the steps played meanwhile are in
        ``feedback.played``). In a practice chapter any legal action is played.

        Raises:
            LessonError: the lesson is over (field ``answer``).
            TypeError: ``action_id`` is not a str.
        """
        verdict = self.preview(action_id)
        self._played, self._finished = [], []
        if not verdict.advanced:
            self._tries += 1
            return self._told(verdict)
        step = self._step
        if step is None:  # a practice chapter after its line
            self._play(action_id, None)
            self._advance()
        else:
            if self.chapter.asks(step, self._game.current_player or 0):
                self._questions += 1
                self._right += verdict.kind == "right" and self._tries == 0
            self._play_line_step(step)
        return self._told(replace(verdict, played=tuple(self._played)))

    def preview(self, action_id: str) -> Feedback:
        """Return the :class:`Feedback` :meth:`answer` would give ``action_id`` now, changing nothing (its
        ``played`` is empty: nothing is played). An offline page precomputes each answer's feedback with it.

        Raises:
            LessonError: the lesson is over (field ``answer``).
            TypeError: ``action_id`` is not a str.
        """
        if self._done:
            raise LessonError("the lesson is over: there is nothing to answer", field="answer")
        if not isinstance(action_id, str):
            raise TypeError(f"an answer is an action id (str), got {type(action_id).__name__}")
        game = self._game
        legal = {a.id: a for a in game.legal_actions()}
        if action_id not in legal:
            text = game.explain(action_id)
            return Feedback("illegal", text, tuple(rule_ids_in(text)))
        step = self._step
        if step is None:
            return Feedback("played", f"You play: {legal[action_id].label}.", advanced=True)
        question = step.question
        accepted = question.accepted if question is not None and question.accepted else [step.action]
        if action_id in accepted:
            text = "Right." if action_id == step.action else f"Right. The lesson goes on with: {legal[step.action].label}."
            return Feedback("right", text, advanced=True)
        text = self._wrong_text(step, legal[action_id].label, action_id)
        if question is not None and not question.retry:
            return Feedback("wrong", f"{text} The lesson plays: {legal[step.action].label}.", advanced=True)
        return Feedback("wrong", text)

    def skip(self) -> None:
        """Leave the chapter unfinished and go on to the next one (a practice chapter's goal counts as not
        reached; a question left unanswered counts nothing). An offline page skips practice chapters so.

        Raises:
            LessonError: the lesson is over (field ``skip``).
        """
        if self._done:
            raise LessonError("the lesson is over: there is no chapter to skip", field="skip")
        self._played, self._finished = [], []
        if self.chapter.mode == "practice":
            self._goals.append(False)
        self._next_chapter()
        self._advance()

    def hint(self) -> str | None:
        """Return the step's next hint, in the order the author wrote them; ``None`` when none is left (or the
        student does not decide now). A walkthrough step without hints has one: the move it asks for."""
        step = self._step
        if not self.awaiting or step is None:
            return None
        hints = list(step.question.hints) if step.question is not None else []
        if not hints and self.chapter.mode == "walkthrough":
            hints = [f"Play: {self._label(step.action)}."]
        if self._hints < len(hints):
            self._hints += 1
            return hints[self._hints - 1]
        return None

    def view(self) -> dict[str, Any]:
        """Return what a lesson panel shows now, as JSON data, holding only what the chapter's seat may see.

        Keys: ``title``, ``progress``, ``chapter`` (its number, from 1), ``chapters``, ``chapter_title``,
        ``mode``, ``seat``, ``intro`` (the chapter's introduction), ``comment`` and ``highlights`` (the step's,
        or the chapter's ``closing`` once the line is played), ``question`` (``None``, or ``{"scored", "retry",
        "hints_shown", "hints_left"}``), ``expected`` (a walkthrough's scripted move for the student, else
        ``None``: a guess chapter hides the future), ``goal`` (a practice chapter's), ``awaiting``,
        ``legal_actions`` (the student's, as :meth:`~dragonwidgets.Action.to_dict`, when they decide),
        ``observation``, ``log`` (the last 20 rows as the seat reads them), ``played`` (the steps played
        since the last answer), ``finished`` (the chapters finished since then: ``{"chapter", "title", "closing",
        "goal_reached"}``), ``feedback`` (the last one), ``score``, ``done``.
        """
        chapter, step, awaiting = self.chapter, self._step, self.awaiting
        hints = step.question.hints if step is not None and step.question is not None else []
        question = None
        if awaiting and step is not None and (step.question is not None or chapter.mode == "guess"):
            question = {"scored": chapter.asks(step, self._game.current_player or 0),
                        "retry": step.question.retry if step.question is not None else True,
                        "hints_shown": list(hints[: self._hints]), "hints_left": max(0, len(hints) - self._hints)}
        shows_step = awaiting and step is not None
        return {
            "title": self.lesson.title, "progress": self.progress, "chapter": self.chapter_number,
            "chapters": len(self.lesson.chapters), "chapter_title": chapter.title, "mode": chapter.mode,
            "seat": chapter.seat, "intro": chapter.comment,
            "comment": step.comment if shows_step and step is not None else chapter.closing if step is None else None,
            "highlights": list(step.highlights) if shows_step and step is not None else [],
            "question": question,
            "expected": step.action if shows_step and step is not None and chapter.mode == "walkthrough" else None,
            "goal": GOALS[chapter.goal or "win"].text if chapter.mode == "practice" else None,
            "awaiting": awaiting,
            "legal_actions": [a.to_dict() for a in self._game.legal_actions()] if awaiting else [],
            "observation": self.observation(),
            "log": self._game.log(viewer=chapter.seat, last=20),
            "played": [p.to_dict() for p in self._played],
            "finished": list(self._finished),
            "feedback": self._last.to_dict() if self._last is not None else None,
            "score": self.score, "done": self._done,
        }

    # ---------------------------------------------------------------- internals
    def _start_chapter(self, index: int) -> None:
        self._index = index
        chapter = self.chapter
        self._game: Game = start_game(chapter.start, Where(index, chapter.title))
        self._i = 0
        self._tries = 0
        self._hints = 0
        self._bots = {seat: make_bot(self._game.name, name) for seat, name in chapter.bots.items()}

    def _told(self, feedback: Feedback) -> Feedback:
        self._last = feedback
        return feedback

    def _label(self, action_id: str) -> str:
        for action in self._game.legal_actions():
            if action.id == action_id:
                return action.label
        return action_id

    def _wrong_text(self, step: Step, label: str, action_id: str) -> str:
        question = step.question
        if question is not None and action_id in question.feedback:
            return question.feedback[action_id]
        if question is not None and question.default is not None:
            return question.default
        if self.chapter.mode == "walkthrough":
            return f"{label}: legal, but this lesson asks for another move (a hint shows it)."
        return f"{label}: legal, but not the move this lesson looks for."

    def _play(self, action_id: str, step: Step | None) -> None:
        game = self._game
        player = game.current_player
        events = game.apply(action_id)
        viewer = None if step is not None and step.reveal else self.seat
        texts = tuple(t for t in (e.text_for(viewer) for e in events) if t)
        assert player is not None
        self._played.append(Played(game.step, player, texts, step.comment if step is not None else None))

    def _play_line_step(self, step: Step) -> None:
        self._play(step.action, step)
        self._i += 1
        self._tries = 0
        self._hints = 0
        self._advance()

    def _advance(self) -> None:
        """Play what the student does not decide, up to their next decision or the lesson's end."""
        for _ in range(MAX_AUTO_STEPS):
            if self._done:
                return
            chapter, game, step = self.chapter, self._game, self._step
            if step is not None:
                if chapter.student_decides(game.current_player):
                    return
                self._play(step.action, step)
                self._i += 1
                continue
            if chapter.mode != "practice":
                self._next_chapter()
                continue
            if GOALS[chapter.goal or "win"].reached(game, chapter.seat or 0) or game.is_over:
                self._goals.append(GOALS[chapter.goal or "win"].reached(game, chapter.seat or 0))
                self._next_chapter()
                continue
            if game.current_player == chapter.seat:
                return
            if game.current_player == CHANCE:
                self._resolve_chance()
            else:
                seat = game.current_player
                assert seat is not None
                self._play(bot_move(game, self._bots[seat], self._rng).id, None)
        raise RuntimeError(f"the lesson played {MAX_AUTO_STEPS} steps by itself without reaching the student")

    def _resolve_chance(self) -> None:
        events = self._game.resolve_chance()
        texts = tuple(t for t in (e.text_for(self.seat) for e in events) if t)
        self._played.append(Played(self._game.step, CHANCE, texts))

    def _next_chapter(self) -> None:
        chapter = self.chapter
        reached = self._goals[-1] if chapter.mode == "practice" else None
        self._finished.append({"chapter": self.chapter_number, "title": chapter.title, "closing": chapter.closing,
                               "goal_reached": reached})
        if self._index + 1 >= len(self.lesson.chapters):
            self._done = True
            return
        self._start_chapter(self._index + 1)
