"""What a lesson is made of: :class:`Start`, :class:`Question`, :class:`Variation`, :class:`Step`,
:class:`Chapter`, plain dataclasses with their JSON form (``to_dict``; read back by :mod:`.format`).

A chapter starts a game (:class:`Start`) and holds a line of steps. A step is one entry of the game's
history, named as the engine names it (``"move T1 black"``, and with ``chance="manual"`` the chance outcomes
too: ``"roll 3"``); it may carry a comment shown when the step is reached (before its action is played),
highlights (board elements, :mod:`.board`), a question for the student, variations (other lines from the
same state, with their comments) and ``reveal`` (the author shows the student's seat something it may not
see, on purpose).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..engine.game import Game
from ..engine.registry import from_record, new_game

#: The modes of a chapter: the student plays the scripted moves and the others' replies play by themselves
#: (``walkthrough``); each of the student's steps is a question and the future is hidden (``guess``); the
#: student plays on against bots until a goal is reached (``practice``).
MODES = ("walkthrough", "guess", "practice")
Mode = Literal["walkthrough", "guess", "practice"]


@dataclass
class Start:
    """Where a chapter starts: a new game of ``game`` (seeded set-up, or ``position``), or a ``record``
    replayed to the step it shows.

    Attributes:
        game: a game name (``"emerald"``...).
        players: the number of seats.
        seed: the seed of the set-up and of the dice.
        options: the game's options.
        chance: ``"manual"`` (default: the line names every chance outcome, as ``"roll 3"``) or ``"auto"``
            (the seed draws them; the line holds the seats' decisions only).
        position: a table to start from (``game.position()`` or a partial one), or ``None``.
        record: a game record (``game.to_record()``) to start from instead, at the step it shows; its own
            game, players, seed, options and chance mode are used (``game`` and ``players`` must agree).
    """

    game: str
    players: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    chance: str = "manual"
    position: dict[str, Any] | None = None
    record: dict[str, Any] | None = None

    def new_game(self) -> Game:
        """Return the chapter's game at its start.

        Raises:
            ValueError, PositionError, RecordError: as :func:`dragonwidgets.new_game` or
                :func:`dragonwidgets.from_record` raise them.
        """
        if self.record is not None:
            return from_record(self.record)
        return new_game(self.game, players=self.players, seed=self.seed, chance=self.chance,
                        position=self.position, **self.options)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form: ``{"game", "players", "seed", "options"?, "chance"?, "position"?, "record"?}``."""
        out: dict[str, Any] = {"game": self.game, "players": self.players, "seed": self.seed}
        if self.options:
            out["options"] = dict(self.options)
        if self.chance != "manual":
            out["chance"] = self.chance
        if self.position is not None:
            out["position"] = self.position
        if self.record is not None:
            out["record"] = self.record
        return out


@dataclass
class Question:
    """"Your move": what the student is asked at a step of their seat.

    Attributes:
        accepted: the action ids counted right (empty: the step's own action); the step's action must be
            among them, since the line goes on with it.
        feedback: the author's answer to an anticipated wrong answer: legal action id -> text.
        default: the text for any other legal wrong answer (``None``: a sentence of the lesson's own).
        hints: texts given one by one, in order, on request.
        retry: ``True``: a wrong answer may be tried again; ``False``: after a wrong legal answer the
            lesson plays the step's action and goes on (no point).
    """

    accepted: list[str] = field(default_factory=list)
    feedback: dict[str, str] = field(default_factory=dict)
    default: str | None = None
    hints: list[str] = field(default_factory=list)
    retry: bool = True

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form (only the fields that differ from their defaults)."""
        out: dict[str, Any] = {}
        if self.accepted:
            out["accepted"] = list(self.accepted)
        if self.feedback:
            out["feedback"] = dict(self.feedback)
        if self.default is not None:
            out["default"] = self.default
        if self.hints:
            out["hints"] = list(self.hints)
        if not self.retry:
            out["retry"] = False
        return out


@dataclass
class Variation:
    """Another line from the state of a step (instead of the step's action), with its own comments.

    Attributes:
        steps: its steps (a step of a variation asks no question).
        comment: a comment on the whole line.
    """

    steps: list[Step]
    comment: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form: ``{"steps": [...], "comment"?}``."""
        out: dict[str, Any] = {"steps": [s.to_dict() for s in self.steps]}
        if self.comment is not None:
            out["comment"] = self.comment
        return out


@dataclass
class Step:
    """One entry of a chapter's line.

    Attributes:
        action: the action id, as the engine names it (a chance outcome too, with ``chance="manual"``).
        comment: shown when the step is reached, before its action is played.
        highlights: board elements to light meanwhile, named as the board names them (:mod:`.board`).
        question: a question for the student (their seat's step only), or ``None``.
        variations: other lines from this step's state.
        reveal: ``True`` lets this step show the student's seat what it may not see (the comment or
            highlights name a hidden card; the step's events are shown as the full table reads them).
    """

    action: str
    comment: str | None = None
    highlights: list[str] = field(default_factory=list)
    question: Question | None = None
    variations: list[Variation] = field(default_factory=list)
    reveal: bool = False

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form: ``{"action", "comment"?, "highlights"?, "question"?, "variations"?, "reveal"?}``."""
        out: dict[str, Any] = {"action": self.action}
        if self.comment is not None:
            out["comment"] = self.comment
        if self.highlights:
            out["highlights"] = list(self.highlights)
        if self.question is not None:
            out["question"] = self.question.to_dict()
        if self.variations:
            out["variations"] = [v.to_dict() for v in self.variations]
        if self.reveal:
            out["reveal"] = True
        return out


@dataclass
class Chapter:
    """A chapter: a start, a mode, the student's seat and a line of steps.

    Attributes:
        title: its title.
        mode: one of :data:`MODES`.
        start: where it starts.
        seat: the seat the student plays; ``None``: the teacher's view, the student plays every seat.
        steps: the line.
        comment: an introduction, shown before the first step.
        closing: shown when the line ends (a practice chapter: when the student plays on).
        goal: a practice chapter's goal, a name of :data:`~.goals.GOALS` (``"win"``...).
        bots: a practice chapter's bots: seat -> bot name (``dragonwidgets.bot_names(game)``), one for
            every seat but the student's.
    """

    title: str
    mode: Mode
    start: Start
    seat: int | None = 0
    steps: list[Step] = field(default_factory=list)
    comment: str | None = None
    closing: str | None = None
    goal: str | None = None
    bots: dict[int, str] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Return the JSON form: ``{"title", "mode", "start", "seat", "steps", "comment"?, "closing"?, "goal"?, "bots"?}``
        (``bots`` keyed by the seat as a string)."""
        out: dict[str, Any] = {"title": self.title, "mode": self.mode, "start": self.start.to_dict(),
                               "seat": self.seat, "steps": [s.to_dict() for s in self.steps]}
        if self.comment is not None:
            out["comment"] = self.comment
        if self.closing is not None:
            out["closing"] = self.closing
        if self.goal is not None:
            out["goal"] = self.goal
        if self.bots:
            out["bots"] = {str(seat): name for seat, name in sorted(self.bots.items())}
        return out

    def asks(self, step: Step, player: int) -> bool:
        """Whether ``step``, a decision of ``player``, is a question that counts in the score: it carries one,
        or the chapter is a guess-the-move chapter and ``player`` is the student's seat."""
        return step.question is not None or (self.mode == "guess" and self.student_decides(player))

    def student_decides(self, player: int | None) -> bool:
        """Whether the student makes the decision of ``player`` (a seat; not chance, not a finished game)."""
        return player is not None and player >= 0 and (self.seat is None or player == self.seat)
