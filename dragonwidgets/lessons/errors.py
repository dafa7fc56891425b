"""The error a lesson raises: :class:`LessonError`, naming the chapter, the step and the field."""

from __future__ import annotations

from ..engine.errors import DragonwidgetsError


class LessonError(DragonwidgetsError, ValueError):
    """A lesson is malformed, or replaying it shows a step that cannot be (an illegal action, a highlight
    naming nothing on the board, something its seat may not see), or a lesson run was asked what it cannot do.

    The message begins with where: ``chapters[1] 'Find the move', steps[2] ('move T1 black'), field
    'question.accepted[0]': ...`` (indices count from 0, as in ``lesson.chapters[1].steps[2]``). Nothing is
    loaded or changed when it is raised.

    Attributes:
        chapter: the index of the chapter (``None``: the lesson as a whole).
        step: the index of the step in the chapter's line (``None``: the chapter as a whole).
        field: the field at fault, e.g. ``"question.accepted[0]"``, ``"highlights[1]"``, ``"version"``.
        reason: what was wrong and what is allowed.
    """

    def __init__(self, reason: str, *, field: str, chapter: int | None = None, chapter_title: str = "",
                 step: int | None = None, action: str = "") -> None:
        self.chapter = chapter
        self.step = step
        self.field = field
        self.reason = reason
        where = []
        if chapter is not None:
            where.append(f"chapters[{chapter}] {chapter_title!r}")
        if step is not None:
            where.append(f"steps[{step}] ({action!r})" if action else f"steps[{step}]")
        where.append(f"field {field!r}")
        super().__init__(f"{', '.join(where)}: {reason}")
