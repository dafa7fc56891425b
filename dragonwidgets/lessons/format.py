"""The lesson's JSON format: reading a dict back into chapters, every field checked for its shape.

The file is ``{"format": "dragonwidgets-lesson", "version": 1, "title": str, "chapters": [chapter, ...]}``,
each chapter as :meth:`~.model.Chapter.to_dict` writes it. :func:`read_chapters` checks shapes and types
only (a :class:`~.errors.LessonError` names the chapter, step and field); :mod:`.validate` then replays it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NoReturn, TypeVar

from ..engine.data import json_problem
from .errors import LessonError
from .model import MODES, Chapter, Question, Start, Step, Variation

#: The name every lesson file carries in ``format``.
FORMAT = "dragonwidgets-lesson"
#: The version of the format this code writes and reads.
VERSION = 1
#: The longest text (a comment, a hint, a feedback) a lesson may hold, in characters.
MAX_TEXT = 10_000

T = TypeVar("T")


@dataclass(frozen=True)
class Where:
    """The place a check is at: a chapter (index and title) and a step (index and action), and a prefix
    for the field (``"variations[0].steps[1]."``)."""

    chapter: int | None = None
    title: str = ""
    step: int | None = None
    action: str = ""
    prefix: str = ""

    def fail(self, field: str, reason: str) -> NoReturn:
        """Raise the :class:`LessonError` for ``field`` here."""
        raise LessonError(reason, field=self.prefix + field, chapter=self.chapter, chapter_title=self.title,
                          step=self.step, action=self.action)

    def within(self, prefix: str) -> Where:
        """The same place, fields named under ``prefix``."""
        return Where(self.chapter, self.title, self.step, self.action, self.prefix + prefix)


def _keys(data: Any, where: Where, field: str, required: tuple[str, ...], optional: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(data, dict):
        where.fail(field, f"must be a JSON object, got {type(data).__name__}")
    for key in required:
        if key not in data:
            where.fail(f"{field}.{key}".lstrip("."), "is missing")
    unknown = sorted(set(data) - set(required) - set(optional))
    if unknown:
        where.fail(f"{field}.{unknown[0]}".lstrip("."), f"is not a field here; the fields are {', '.join(required + optional)}")
    return data


def _typed(value: Any, kind: type[T], where: Where, field: str) -> T:
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        where.fail(field, f"must be a {kind.__name__}, got {value!r:.60}")
    return value


def _text(value: Any, where: Where, field: str) -> str:
    text = _typed(value, str, where, field)
    if len(text) > MAX_TEXT:
        where.fail(field, f"is at most {MAX_TEXT:,} characters, got {len(text):,}")
    return text


def _texts(value: Any, where: Where, field: str) -> list[str]:
    return [_text(v, where, f"{field}[{i}]") for i, v in enumerate(_typed(value, list, where, field))]


def read_lesson(data: Any) -> tuple[str, list[Chapter]]:
    """Return ``(title, chapters)`` from a lesson's JSON dict, its shape checked.

    Raises:
        LessonError: not a dict, another ``format``, a ``version`` this code does not read, a missing or
            unknown field, or a field of the wrong type (the message names it).
    """
    top = Where()
    _keys(data, top, "", ("format", "version", "chapters"), ("title",))
    problem = json_problem(data)
    if problem is not None:
        top.fail(problem[0], f"{problem[1]}; a lesson holds plain JSON data only")
    if data["format"] != FORMAT:
        top.fail("format", f"must be {FORMAT!r}, got {data['format']!r:.60}")
    if data["version"] != VERSION:
        top.fail("version", f"this code reads version {VERSION}, got {data['version']!r:.20}")
    title = _text(data.get("title", ""), top, "title")
    chapters = _typed(data["chapters"], list, top, "chapters")
    if not chapters:
        top.fail("chapters", "a lesson has at least one chapter")
    return title, [read_chapter(c, i) for i, c in enumerate(chapters)]


def read_chapter(data: Any, index: int) -> Chapter:
    """Return the :class:`Chapter` of ``data``, the ``index``-th chapter (shape checked)."""
    title = data.get("title", "") if isinstance(data, dict) else ""
    where = Where(index, title if isinstance(title, str) else "")
    _keys(data, where, "", ("title", "mode", "start", "seat", "steps"), ("comment", "closing", "goal", "bots"))
    _text(title, where, "title")
    if data["mode"] not in MODES:
        where.fail("mode", f"must be one of {', '.join(MODES)}, got {data['mode']!r:.40}")
    seat = data["seat"]
    if seat is not None:
        _typed(seat, int, where, "seat")
    bots = {}
    for key, name in _typed(data.get("bots", {}), dict, where, "bots").items():
        if not key.isdigit():
            where.fail("bots", f"its keys are seats ('1'), got {key!r:.20}")
        bots[int(key)] = _typed(name, str, where, f"bots[{key!r}]")
    goal = data.get("goal")
    steps = _typed(data["steps"], list, where, "steps")
    return Chapter(
        title=title, mode=data["mode"], start=read_start(data["start"], where), seat=seat,
        steps=[read_step(s, Where(index, title, i, _action_of(s))) for i, s in enumerate(steps)],
        comment=None if data.get("comment") is None else _text(data["comment"], where, "comment"),
        closing=None if data.get("closing") is None else _text(data["closing"], where, "closing"),
        goal=None if goal is None else _typed(goal, str, where, "goal"), bots=bots)


def _action_of(step: Any) -> str:
    action = step.get("action") if isinstance(step, dict) else None
    return action if isinstance(action, str) else ""


def read_start(data: Any, where: Where) -> Start:
    """Return the :class:`Start` of ``data`` (shape checked)."""
    _keys(data, where, "start", ("game", "players"), ("seed", "options", "chance", "position", "record"))
    position = data.get("position")
    record = data.get("record")
    if position is not None and record is not None:
        where.fail("start", "gives a position and a record: a chapter starts from one of them")
    return Start(
        game=_typed(data["game"], str, where, "start.game"), players=_typed(data["players"], int, where, "start.players"),
        seed=_typed(data.get("seed", 0), int, where, "start.seed"),
        options=_typed(data.get("options", {}), dict, where, "start.options"),
        chance=_typed(data.get("chance", "manual"), str, where, "start.chance"),
        position=None if position is None else _typed(position, dict, where, "start.position"),
        record=None if record is None else _typed(record, dict, where, "start.record"))


def read_step(data: Any, where: Where, in_variation: bool = False) -> Step:
    """Return the :class:`Step` of ``data`` (shape checked; a variation's step asks no question)."""
    _keys(data, where, "", ("action",), ("comment", "highlights", "question", "variations", "reveal"))
    question = data.get("question")
    if question is not None and in_variation:
        where.fail("question", "a step of a variation asks no question")
    variations = _typed(data.get("variations", []), list, where, "variations")
    return Step(
        action=_typed(data["action"], str, where, "action"),
        comment=None if data.get("comment") is None else _text(data["comment"], where, "comment"),
        highlights=[_typed(h, str, where, f"highlights[{i}]")
                    for i, h in enumerate(_typed(data.get("highlights", []), list, where, "highlights"))],
        question=None if question is None else read_question(question, where),
        variations=[read_variation(v, where.within(f"variations[{i}].")) for i, v in enumerate(variations)],
        reveal=_typed(data.get("reveal", False), bool, where, "reveal"))


def read_question(data: Any, where: Where) -> Question:
    """Return the :class:`Question` of ``data`` (shape checked)."""
    _keys(data, where, "question", (), ("accepted", "feedback", "default", "hints", "retry"))
    feedback = _typed(data.get("feedback", {}), dict, where, "question.feedback")
    return Question(
        accepted=[_typed(a, str, where, f"question.accepted[{i}]")
                  for i, a in enumerate(_typed(data.get("accepted", []), list, where, "question.accepted"))],
        feedback={k: _text(v, where, f"question.feedback[{k!r}]") for k, v in feedback.items()},
        default=None if data.get("default") is None else _text(data["default"], where, "question.default"),
        hints=_texts(data.get("hints", []), where, "question.hints"),
        retry=_typed(data.get("retry", True), bool, where, "question.retry"))


def read_variation(data: Any, where: Where) -> Variation:
    """Return the :class:`Variation` of ``data`` (shape checked)."""
    _keys(data, where, "", ("steps",), ("comment",))
    steps = _typed(data["steps"], list, where, "steps")
    if not steps:
        where.fail("steps", "a variation has at least one step")
    return Variation(
        steps=[read_step(s, where.within(f"steps[{i}]."), in_variation=True) for i, s in enumerate(steps)],
        comment=None if data.get("comment") is None else _text(data["comment"], where, "comment"))
