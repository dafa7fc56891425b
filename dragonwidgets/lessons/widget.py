"""A lesson taken in a notebook: :class:`LessonWidget`, the game's own widget in a lesson mode.

``lesson.widget()`` returns the widget of the lesson's game (``EmeraldWidget``...) with a lesson panel
beside its board: the board, its rule tooltips, its keyboard model and the seat's view are the game
widget's own, so a lesson looks and answers as the game does elsewhere. What the mode changes:

- the widget shows the view of the chapter's seat (``viewer`` ``"0"``...; the teacher's view for a chapter
  of every seat), with take-backs off and no bot seat: the :class:`~.run.LessonRun` plays the others'
  scripted replies, chance and a practice chapter's bots itself;
- a move chosen on the board or by key (the ``act`` intent, :meth:`LessonWidget.act`) is the student's
  answer (:meth:`LessonRun.answer`): the feedback, the hints given, the score and what the panel shows are
  in the ``lesson`` trait (:meth:`LessonRun.view` without the game traits the widget already sends);
- the page may send only :data:`LESSON_KINDS` (``act``, ``hint``, ``restart``, ``resync``): the timeline,
  the seats, the view menu and edit mode belong to a game, not a lesson, and are refused with a sentence
  saying so, changing nothing (from Python too: they would move the game under the lesson).

Every synced trait holds what the chapter's seat may see, as in a seat's view of the game widget.
"""

from __future__ import annotations

import logging
from typing import Any, ClassVar

import traitlets as t

from ..engine import Game
from ..widgets.base import GameWidget
from ..widgets.messages import MAX_KEYS, IntentError, _check_field, shown
from ..widgets.views import HUMAN, TEACHER
from .errors import LessonError
from .lesson import Lesson
from .run import Feedback, LessonRun

__all__ = ["LESSON_KINDS", "LessonWidget", "lesson_widget", "parse_lesson_intent"]

_LOG = logging.getLogger(__name__)
#: kind -> {field: type}: the messages a lesson's page may send (each the name of the widget method it calls).
LESSON_KINDS: dict[str, dict[str, type]] = {"act": {"id": str}, "hint": {}, "restart": {}, "resync": {}}
#: The keys of :meth:`LessonRun.view` the ``lesson`` trait leaves out: the game traits send them already.
_GAME_KEYS = ("observation", "legal_actions", "log")
#: The game widget's calls a lesson refuses: they would move the game, or show it, under the lesson.
_NOT_IN_A_LESSON = ("goto", "undo", "play", "pause", "bot_step", "resolve_chance", "set_viewer", "set_seat",
                    "set_pace", "edit_start", "edit", "edit_play", "edit_cancel")


def parse_lesson_intent(content: Any, buffers: Any = None) -> tuple[str, dict[str, Any]]:
    """Return ``(method name, keyword arguments)`` for a message a lesson's page sent.

    Raises:
        IntentError: not a dict, too many keys, binary buffers, a kind that is not one of
            :data:`LESSON_KINDS` (a game's kind such as ``goto`` is named as not taken in a lesson), a
            missing or extra field, or a field of the wrong type. The message is never printed whole.
    """
    if not isinstance(content, dict):
        raise IntentError(f"a message is a dict with a 'kind', got {shown(content)}")
    if len(content) > MAX_KEYS:
        raise IntentError(f"a message has at most {MAX_KEYS} keys (its kind and fields), got {len(content)}")
    if buffers:
        raise IntentError("a message carries no binary buffers")
    kind = content.get("kind")
    known = ", ".join(LESSON_KINDS)
    if isinstance(kind, str) and kind in _NOT_IN_A_LESSON:
        raise IntentError(f"message {kind!r}: a lesson takes no {kind!r} (the lesson moves the game itself); "
                          f"its messages are {known}")
    if not isinstance(kind, str) or kind not in LESSON_KINDS:
        raise IntentError(f"unknown message kind {shown(kind)}; a lesson's kinds: {known}")
    fields = LESSON_KINDS[kind]
    extra = [k for k in content if k != "kind" and k not in fields]
    if extra:
        raise IntentError(f"message {kind!r} has unexpected field(s) {', '.join(shown(k) for k in extra)}")
    args = {}
    for name, want in fields.items():
        if name not in content:
            raise IntentError(f"message {kind!r} needs the field {name!r}")
        args[name] = _check_field(kind, name, want, content[name])
    return kind, args


class LessonWidget(GameWidget):
    """The lesson mode of a game's widget: the board of the chapter's seat beside the lesson panel.

    Made by :meth:`Lesson.widget` (:func:`lesson_widget` picks the game's widget class); the front end is the
    game's bundle, whose shell shows the lesson panel when the ``lesson`` trait is set.

    Args:
        lesson: the lesson (checked first).
        seed: the seed of the bots' choices in practice chapters.
        layout: ipywidgets' layout.

    Raises:
        LessonError: the lesson does not check, or its chapters play different games.

    >>> from dragonwidgets import Lesson
    >>> w = (Lesson("One move", game="emerald", players=3, seed=1, options={"first_player": 0})
    ...      .guess("Find the move", seat=0).step("move T1 black", hints=["Tower T1."]).widget())
    >>> w.viewer, w.lesson["progress"], w.answer("move T2 black").kind, w.hint()
    ('0', 'Chapter 1 of 1', 'wrong', 'Tower T1.')
    >>> w.answer("move T1 black").kind, w.lesson["done"], w.lesson["score"]["questions"]
    ('right', True, 1)
    """

    lesson = t.Dict(
        help="What the lesson panel shows (LessonRun.view() without observation, legal_actions and log, which "
        "the game traits carry): progress, the chapter, comment, highlights, question, hints shown, feedback, "
        "the steps played since the last answer, score, done."
    ).tag(sync=True)

    GAME: ClassVar[str] = ""

    def __init__(self, lesson: Lesson, *, seed: int = 0, **kwargs: Any) -> None:
        if not isinstance(lesson, Lesson):
            raise TypeError(f"a lesson widget shows a dragonwidgets Lesson, got {lesson!r:.60}")
        unknown = sorted(set(kwargs) - {"layout"})
        if unknown:
            raise TypeError(f"{type(self).__name__}() got unexpected keyword argument(s) "
                            f"{', '.join(map(repr, unknown))}; it takes lesson, seed= and layout=")
        self._lesson = lesson
        self._seed = seed
        self._run = LessonRun(lesson, seed=seed)
        self._swapping = False
        self._hints: list[str] = []
        game = self._run.game
        GameWidget.__init__(self, game, seats=[HUMAN] * game.players, viewer=self._viewer_for_chapter(),
                            take_backs=False, playing=False, **kwargs)

    # ------------------------------------------------------------------ the student's calls
    @property
    def run(self) -> LessonRun:
        """The :class:`~.run.LessonRun` this widget drives (read it; answer through the widget, so the
        page follows)."""
        return self._run

    def answer(self, id: str) -> Feedback:
        """Answer the lesson's question (or play a practice move) with the action ``id`` and return the
        :class:`~.run.Feedback` the panel shows: an illegal answer is told the engine's reason with the
        rules' texts, a legal wrong one the author's feedback; a right one advances, the others' replies
        playing by themselves.

        Raises:
            IntentError: ``id`` is not a str, or the lesson is over (nothing changes).
        """
        if not isinstance(id, str):
            raise IntentError(f"an answer is an action id (str), got {type(id).__name__}")
        if not self._run.awaiting:
            raise IntentError("the lesson waits for no answer now: it is over (press 'Take it again', restart())"
                              if self._run.done else "the lesson waits for no answer now")
        feedback = self._run.answer(id)
        if feedback.advanced:
            self._hints = []
        self._after_change()
        return feedback

    def act(self, id: str) -> None:
        """A move chosen on the board or by key: the student's answer (:meth:`answer`).

        Raises:
            IntentError: as :meth:`answer`.
        """
        self.answer(id)

    def hint(self) -> str | None:
        """Give the step's next hint (shown in the panel) and return it; ``None`` when none is left."""
        text = self._run.hint()
        if text is not None:
            self._hints.append(text)
        self._publish()
        return text

    def restart(self) -> None:
        """Take the lesson again from its first chapter (the score starts at zero)."""
        self._run = LessonRun(self._lesson, seed=self._seed)
        self._hints = []
        self._after_change()

    def _refused(self, kind: str) -> IntentError:
        return IntentError(f"{kind}: a lesson moves the game itself, so it takes no {kind} (answer with act(id) "
                           "or the board, ask hint(), or restart())")

    def goto(self, step: int) -> None:
        """Refused: a lesson moves its game itself.

        Raises:
            IntentError: always."""
        raise self._refused("goto")

    def undo(self) -> None:
        """Refused: a lesson moves its game itself.

        Raises:
            IntentError: always."""
        raise self._refused("undo")

    def play(self) -> None:
        """Refused: the lesson plays the other seats itself.

        Raises:
            IntentError: always."""
        raise self._refused("play")

    def bot_step(self) -> Any:
        """Refused: the lesson plays the other seats itself.

        Raises:
            IntentError: always."""
        raise self._refused("bot_step")

    def resolve_chance(self) -> None:
        """Refused: the lesson plays chance itself.

        Raises:
            IntentError: always."""
        raise self._refused("resolve_chance")

    def set_viewer(self, viewer: str | int) -> None:
        """Refused: a lesson shows the chapter's seat.

        Raises:
            IntentError: always."""
        raise self._refused("set_viewer")

    def set_seat(self, seat: int, who: Any) -> None:
        """Refused: the lesson plays the other seats itself.

        Raises:
            IntentError: always."""
        raise self._refused("set_seat")

    def edit_start(self) -> None:
        """Refused: a lesson's table is not edited.

        Raises:
            IntentError: always."""
        raise self._refused("edit_start")

    # ------------------------------------------------------------------ the page's path in
    def _on_front_end_msg(self, _widget: Any, content: Any, buffers: Any) -> None:
        """Route one message of :data:`LESSON_KINDS` to its method; any refusal sets ``last_error`` only."""
        try:
            kind, args = parse_lesson_intent(content, buffers)
            getattr(self, kind)(**args)
        except Exception as exc:  # noqa: BLE001 - nothing from the page may break the kernel
            if not isinstance(exc, (ValueError, TypeError, LookupError, t.TraitError)):
                _LOG.exception("unexpected error handling a lesson message")  # never the message itself
            self.last_error = str(exc)[:2000]
        else:
            self.last_error = ""

    def _check_page_intent(self, kind: str) -> None:
        """A lesson's page sends only :data:`LESSON_KINDS` (checked by :func:`parse_lesson_intent`)."""

    # ------------------------------------------------------------------ what is published
    def _viewer_for_chapter(self) -> str:
        seat = self._run.seat
        return TEACHER if seat is None else str(seat)

    def _follow_chapter(self) -> None:
        """After a chapter ended (or a restart), show the new chapter's game from its seat."""
        game: Game = self._run.game
        viewer = self._viewer_for_chapter()
        if game is self._game and viewer == self.viewer:
            return
        self._swapping = True
        ready, self._ready = self._ready, False  # no republishing while the traits change one by one
        try:
            self._game = game
            with self.hold_sync():
                self.game_name = game.name
                self.board = self._board_layout()
                self.player_names = [game.player_name(i) for i in range(game.players)]
                self.seats = [HUMAN] * game.players
                self.viewer = viewer
        finally:
            self._ready = ready
            self._swapping = False

    def _publish(self) -> None:
        run = getattr(self, "_run", None)
        if run is None:
            return
        with self.hold_sync():
            self._follow_chapter()
            super()._publish()
            self.lesson = lesson_panel(run.view(), self._hints)

    def _visible_actions(self, seat: int | None) -> list[Any]:
        """The student's legal actions while the lesson waits for their answer; none otherwise."""
        run = getattr(self, "_run", None)
        if run is None or not run.awaiting:
            return []
        return super()._visible_actions(seat)

    def _may_choose_now(self, seat: int | None) -> bool:
        run = getattr(self, "_run", None)
        return run is not None and run.awaiting

    def _status(self, seat: int | None, visible: list[Any]) -> str:
        """The game's status line, or at the lesson's end, that it is over."""
        run = getattr(self, "_run", None)
        if run is not None and run.done:
            return "The lesson is over: the panel shows your score."
        return super()._status(seat, visible)

    def _schedule_bots(self) -> None:
        """No bot seat in a lesson: the run plays the others itself."""

    def __repr__(self) -> str:
        return f"{self._run.progress} of {self._lesson!r}\n[{type(self).__name__}: viewer {self.viewer}]"


def lesson_panel(view: dict[str, Any], hints: list[str]) -> dict[str, Any]:
    """Return the ``lesson`` trait for a run's ``view`` (:meth:`LessonRun.view`) and the ``hints`` given at
    its step: the view without the game traits, with ``hints`` (given, in order) and ``more_hints`` (whether
    the Hint button gives one more: a question's hints left, or a walkthrough step's move not yet shown)."""
    question = view.get("question")
    if question is not None:
        more = question["hints_left"] > 0
    else:
        more = bool(view["awaiting"] and view["mode"] == "walkthrough" and view["expected"] and not hints)
    return {**{k: v for k, v in view.items() if k not in _GAME_KEYS}, "hints": list(hints), "more_hints": more}


_CLASSES: dict[str, type[LessonWidget]] = {}


def lesson_widget_class(game: str) -> type[LessonWidget]:
    """Return the lesson widget class of ``game``: :class:`LessonWidget` over the game's widget (its bundle,
    texts and extra traits), made once.

    Raises:
        LessonError: no widget shows ``game``.
    """
    if game not in _CLASSES:
        from ..widgets.page import _WIDGETS

        base = _WIDGETS.get(game)
        if base is None:
            raise LessonError(f"no widget shows the game {game!r}; games: {', '.join(_WIDGETS)}", field="start.game")
        name = f"{base.__name__.removesuffix('Widget')}LessonWidget"
        _CLASSES[game] = type(name, (LessonWidget, base), {"__module__": __name__, "__doc__": LessonWidget.__doc__})
    return _CLASSES[game]


def lesson_game(lesson: Lesson) -> str:
    """Return the one game every chapter of ``lesson`` plays.

    Raises:
        LessonError: the chapters play different games (field ``start.game``, naming the first other one).
    """
    first = lesson.chapters[0].start.game if lesson.chapters else ""
    for index, chapter in enumerate(lesson.chapters):
        if chapter.start.game != first:
            raise LessonError(f"a lesson widget or page shows one game: chapter 0 plays {first!r}, this one "
                              f"{chapter.start.game!r}", field="start.game", chapter=index, chapter_title=chapter.title)
    return first


def lesson_widget(lesson: Lesson, *, seed: int = 0, **kwargs: Any) -> LessonWidget:
    """Return ``lesson`` as a widget (:class:`LessonWidget` over the game's widget).

    Raises:
        LessonError: the lesson does not check, or its chapters play different games.
    """
    return lesson_widget_class(lesson_game(lesson))(lesson, seed=seed, **kwargs)  # the run checks the lesson
