"""Comments and variations in the widget, and a lesson recorded by playing (issue 28 items 2 and 3).

:class:`Annotations` (a part of :class:`~dragonwidgets.widgets.GameWidget`) publishes the ``annotations``
trait, what the log and the timeline show of an annotated game (``game.annotate``, ``game.variations``):

- the teacher's view: every comment of the line and every variation (a summary of each: its first actions and
  its length), which :meth:`~Annotations.enter_variation` makes the current line;
- a seat's view: only the comments, those on the steps up to the one shown, and only those that name nothing
  the seat may not see at the step they comment (the lessons' privacy check, :mod:`dragonwidgets.lessons.privacy`:
  a comment is the author's words, public text, but it may name a hidden card). A variation may play what the
  seat never saw, so none is sent to a seat.

Recording a lesson (the ``recording`` trait, the teacher's view only): :meth:`~Annotations.record_start`, then play
the line as usual, write the comment of any step (:meth:`~Annotations.annotate`), make a step a question
(:meth:`~Annotations.set_question`: the move played there is the accepted answer, plus the legal actions given),
rewind and play to keep the old line as a variation, then :meth:`~Annotations.recorded_lesson` (a
:class:`~dragonwidgets.Lesson`), :meth:`~Annotations.record_export` (its JSON and a snippet for a notebook cell,
shown in the page) or :meth:`~Annotations.record_save` (a file beside the notebook).
"""

from __future__ import annotations

import json
import pathlib
import re
from typing import TYPE_CHECKING, Any

from ..engine import CHANCE
from .messages import IntentError, shown
from .views import TEACHER

if TYPE_CHECKING:  # the traits and the other parts' methods, for mypy (see _parts.py)
    from ..lessons import Lesson
    from ._parts import WidgetParts
else:
    WidgetParts = object

#: How many action ids a variation's summary shows (the rest is counted).
VARIATION_PREVIEW = 4
#: Most other accepted answers a question takes.
MAX_ACCEPTED = 50
#: A file name :meth:`Annotations.record_save` takes: letters, digits, spaces, ``_ . -``, ending ``.json``.
SAVE_NAME = re.compile(r"^[\w][\w .-]{0,95}\.json$")


class Annotations(WidgetParts):
    """The annotations and the lesson recording of :class:`~dragonwidgets.widgets.GameWidget`."""

    annotations: dict[str, Any]
    recording: dict[str, Any]
    _recording_on: bool
    _recording_title: str
    _questions: dict[int, dict[str, Any]]
    _export: tuple[str, dict[str, Any]] | None
    _comment_checks: dict[tuple[Any, ...], bool]

    def _init_annotations(self) -> None:
        """The recording's state before the first publish (not recording, no question)."""
        self._recording_on = False
        self._recording_title = f"{self._game.name.replace('_', ' ').capitalize()}: a recorded lesson"
        self._questions = {}
        self._export = None
        self._comment_checks = {}

    # ------------------------------------------------------------------ what is published
    def _annotations_shown(self, seat: int | None) -> dict[str, Any]:
        """``{"comments": {"k": text}, "variations": {"k": [{"index", "actions", "moves", "comment"?}]}}`` as
        ``seat``'s view may see them (see the module docstring; ``seat`` None: the teacher's view)."""
        game = self._game
        comments = game.comments
        if seat is not None:
            shown_now = {k: text for k, text in comments.items() if k <= game.step and self._comment_visible(seat, k, text)}
            return {"comments": {str(k): text for k, text in shown_now.items()}, "variations": {}}
        lines = {str(k): [_summary(i, line) for i, line in enumerate(found)]
                 for k, found in sorted(game._variations.items()) if found}
        return {"comments": {str(k): text for k, text in comments.items()}, "variations": lines}

    def _comment_visible(self, seat: int, step: int, text: str) -> bool:
        """Whether the comment ``text`` on ``step`` names nothing ``seat`` may not see there (memoized per line)."""
        from ..lessons.privacy import hidden_names, names_in_text  # lessons import the engine only

        game = self._game
        line = tuple(game.entry(i).action.id for i in range(min(step + 1, game.history_length)))
        key = (seat, step, text, line)
        checks = self._comment_checks
        if key not in checks:
            if len(checks) > 4096:  # a long session of edits: forget the old lines' checks
                checks.clear()
            twin = game.clone()
            twin.goto(step)
            upcoming = game.entry(step).action if step < game.history_length else None
            checks[key] = not names_in_text(text, hidden_names(twin, seat, upcoming))
        return checks[key]

    def _recording_shown(self) -> dict[str, Any]:
        """The ``recording`` trait: ``{"available": whether this view may record, "on", "title", "questions":
        {"k": {"played", "accepted"}}, "next": the entry played from the shown step ({"step", "id", "player"},
        None at the end of the line), "export"?: {"json", "snippet"}, "saved"?: path}``."""
        available = self.viewer == TEACHER and not self.editing
        if not self._recording_on or not available:
            return {"available": available, "on": False}
        game = self._game
        played = game.entry(game.step).action if game.step < game.history_length else None
        out: dict[str, Any] = {"available": True, "on": True, "title": self._recording_title,
                               "questions": {str(k): q for k, q in sorted(self._live_questions().items())},
                               "next": None if played is None else {"step": game.step, "id": played.id,
                                                                    "player": played.player}}
        export = self._export
        if export is not None and export[0] == self._recording_signature():
            out.update(export[1])
        return out

    def _live_questions(self) -> dict[int, dict[str, Any]]:
        """The questions whose step still plays the move they were asked about (a branch before them drops
        them): ``{k: {"played": id, "accepted": [other ids]}}``."""
        game = self._game
        questions = self._questions
        for k in [k for k, q in questions.items()
                  if k >= game.history_length or game.entry(k).action.id != q["played"]]:
            del questions[k]
        return questions

    def _recording_signature(self) -> str:
        return json.dumps([self._game.to_record(), sorted(self._live_questions().items()), self._recording_title],
                          sort_keys=True)

    # ------------------------------------------------------------------ variations
    def enter_variation(self, step: int, index: int) -> None:
        """Make the variation ``index`` from ``step`` the current line (``game.enter_variation``): the line
        played from ``step`` is kept as a variation in its turn. The teacher's view only (a variation may play
        what a seat never saw).

        Raises:
            IntentError: this is a seat's view, or the table is being edited.
            HistoryError: no such step or variation (nothing changes).
        """
        self._check_not_editing("enter_variation")
        if self.viewer != TEACHER:
            raise IntentError("enter_variation: only the teacher's view switches to a variation (a variation may "
                              "show what a seat never saw); in Python: w.viewer = 'teacher'")
        self._game.enter_variation(step, index)  # raises before anything changes
        if self._bot_due():
            self._pause_for_rewind()
        self._after_change()

    # ------------------------------------------------------------------ recording
    def record_start(self, title: str | None = None) -> None:
        """Start recording a lesson from this game (the teacher's view): play the line as usual, then
        :meth:`annotate`, :meth:`set_question`, rewind and play for variations. The bots pause.

        Args:
            title: the lesson's title (default: the game's name and "a recorded lesson").

        Raises:
            IntentError: this is a seat's view, the table is being edited, or ``title`` is not a str.
        """
        self._check_recorder("record_start", need_on=False)
        if title is not None and not isinstance(title, str):
            raise IntentError(f"record_start: title must be a str, got {shown(title)}")
        if self.playing:
            self.pause()
        self._recording_on = True
        if title:
            self._recording_title = title
        self._after_change()

    def record_stop(self) -> None:
        """Stop recording (the comments stay in the game, the questions in the widget: :meth:`recorded_lesson`
        still makes the lesson, and :meth:`record_start` goes on with them).

        Raises:
            IntentError: this is a seat's view or the widget is not recording.
        """
        self._check_recorder("record_stop")
        self._recording_on = False
        self._after_change()

    def annotate(self, step: int, text: str) -> None:
        """Write the comment ``text`` on the state after ``step`` entries (``game.annotate``; a blank text
        removes it) while recording.

        Raises:
            IntentError: not recording, or this is a seat's view.
            HistoryError, TypeError, ValueError: as ``game.annotate`` (a bad step, a text too long); nothing
                changes.
        """
        self._check_recorder("annotate")
        self._game.annotate(step, text)
        self._after_change()

    def set_question(self, step: int, accepted: list[str] | tuple[str, ...] = ()) -> None:
        """Make entry ``step`` of the line a question while recording: the move played from the state after
        ``step`` entries is the accepted answer, and so is each legal action id of ``accepted`` (chosen among
        the legal actions at that state). Setting it again replaces the accepted answers.

        Raises:
            IntentError: not recording, a seat's view, ``step`` not an entry of the line (``0..history_length-1``)
                or chance's entry, ``accepted`` not a list of at most :data:`MAX_ACCEPTED` strings or naming an
                action not legal at that state (the message names it); nothing changes.
        """
        self._check_recorder("set_question")
        game = self._game
        last = game.history_length - 1
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= last:
            where = f"0..{last}" if last >= 0 else "none yet: play a move first"
            raise IntentError(f"set_question: step must be an entry of the line ({where}), got {shown(step)}")
        played = game.entry(step).action
        if played.player == CHANCE:
            raise IntentError(f"set_question: entry {step} is chance's ({played.id!r}); a question asks a seat's move")
        if not isinstance(accepted, (list, tuple)) or len(accepted) > MAX_ACCEPTED:
            raise IntentError(f"set_question: accepted must be a list of at most {MAX_ACCEPTED} action ids, "
                              f"got {shown(accepted)}")
        twin = game.clone()
        twin.goto(step)
        legal = set(twin.legal_action_ids())
        for i, answer in enumerate(accepted):
            if not isinstance(answer, str) or answer not in legal:
                raise IntentError(f"set_question: accepted[{i}] ({shown(answer)}) is not a legal action at step "
                                  f"{step}; the others accepted are chosen among the legal actions there")
        others = [a for a in dict.fromkeys(accepted) if a != played.id]
        self._questions[step] = {"played": played.id, "accepted": others}
        self._after_change()

    def clear_question(self, step: int) -> None:
        """Make entry ``step`` a plain step again (no question) while recording.

        Raises:
            IntentError: not recording, a seat's view, or no question on ``step``.
        """
        self._check_recorder("clear_question")
        if step not in self._live_questions():
            asked = ", ".join(map(str, sorted(self._live_questions()))) or "none"
            raise IntentError(f"clear_question: entry {shown(step)} is no question (questions: {asked})")
        del self._questions[step]
        self._after_change()

    @property
    def questions(self) -> dict[int, list[str]]:
        """The recorded questions: ``{entry: the accepted action ids, the move played first}`` (a copy)."""
        return {k: [q["played"], *q["accepted"]] for k, q in sorted(self._live_questions().items())}

    def recorded_lesson(self, title: str | None = None, *, mode: str = "walkthrough", seat: int | None = None
                        ) -> Lesson:
        """Return the lesson recorded here: one chapter of the game's line from its start, its comments and
        variations, a question on each step :meth:`set_question` marked
        (:func:`dragonwidgets.lessons.recorded.chapter_from_recording`), checked.

        Args:
            title: the lesson's and the chapter's title (default: the recording's).
            mode: the chapter's mode, ``"walkthrough"`` (default) or ``"guess"``.
            seat: the student's seat; ``None``: the seat of the questions when one seat decides them all.

        Raises:
            LessonError: the lesson does not check (e.g. a comment names what the student's seat may not see),
                naming chapter, step and field.
        """
        from ..lessons import Lesson
        from ..lessons.recorded import chapter_from_recording

        name = title or self._recording_title
        chapter = chapter_from_recording(self._game, name, self.questions, mode=mode,  # type: ignore[arg-type]
                                         seat=seat)
        return Lesson(name, chapters=[chapter]).check()

    def record_export(self) -> None:
        """Put the recorded lesson's JSON and a snippet for a notebook cell in the ``recording`` trait
        (``export``: ``{"json", "snippet"}``), for the page to show and copy.

        Raises:
            IntentError: not recording, or a seat's view.
            LessonError: the recorded lesson does not check (nothing is exported).
        """
        self._check_recorder("record_export")
        text = json.dumps(self.recorded_lesson().to_dict(), indent=1, ensure_ascii=False)
        snippet = f"import json\nfrom dragonwidgets import Lesson\nlesson = Lesson.from_dict(json.loads({text!r}))"
        self._keep_export({"export": {"json": text, "snippet": snippet}})
        self._after_change()

    def record_save(self, name: str) -> pathlib.Path:
        """Save the recorded lesson as ``name`` in the kernel's working folder (beside the notebook) and
        return its path; the ``recording`` trait says where (``saved``).

        Raises:
            IntentError: not recording, a seat's view, ``name`` not a plain file name ending ``.json`` (no
                folder), or a file of that name exists (nothing is overwritten).
            LessonError: the recorded lesson does not check (nothing is written).
        """
        self._check_recorder("record_save")
        if not isinstance(name, str) or not SAVE_NAME.match(name):
            raise IntentError(f"record_save: name must be a file name ending .json (letters, digits, spaces, _ . -; "
                              f"no folder), got {shown(name)}")
        path = pathlib.Path.cwd() / name
        if path.exists():
            raise IntentError(f"record_save: {name} exists already; choose another name (nothing is overwritten)")
        self.recorded_lesson().save(path)
        self._keep_export({"saved": str(path)})
        self._after_change()
        return path

    def _keep_export(self, shown_now: dict[str, Any]) -> None:
        """Remember what the page shows of this recording (its export, where it was saved) until it changes."""
        signature = self._recording_signature()
        kept = self._export[1] if self._export is not None and self._export[0] == signature else {}
        self._export = (signature, {**kept, **shown_now})

    def _check_recorder(self, what: str, need_on: bool = True) -> None:
        """Raise ``IntentError`` unless this is the teacher's view, not editing, and (``need_on``) recording."""
        self._check_not_editing(what)
        if self.viewer != TEACHER:
            raise IntentError(f"{what}: only the teacher's view records a lesson (this is the {self.viewer!r} view); "
                              "in Python: w.viewer = 'teacher'")
        if need_on and not self._recording_on:
            raise IntentError(f"{what}: the widget is not recording a lesson: press 'Record lesson' (record_start()) first")


def _summary(index: int, line: dict[str, Any]) -> dict[str, Any]:
    """What the variation list shows of a variation: its index, its first action ids, how many entries, and
    the comment on its first state if any."""
    ids = [a["id"] for a in line["actions"]]
    out: dict[str, Any] = {"index": index, "actions": ids[:VARIATION_PREVIEW], "moves": len(ids)}
    comments = line.get("comments", {})
    if comments:
        out["comment"] = comments[min(comments, key=int)]
    return out


__all__ = ["Annotations", "MAX_ACCEPTED", "SAVE_NAME", "VARIATION_PREVIEW"]
