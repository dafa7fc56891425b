"""Everything an offline lesson page needs, computed in Python beforehand: :func:`page_data`.

A page with no kernel cannot ask the rules anything, so each walkthrough and guess-the-move chapter is
written out as *frames*, one per decision of the student: what the panel shows then (the step's comment,
highlights, question and hints, the seat's observation, the steps played since the previous frame) and,
for every legal action of the student, the :class:`~.run.Feedback` an answer gets and whether it moves on.
A practice chapter needs bots, so it is listed with ``"needs_kernel": true`` and no frames.

Every frame is read from a :class:`~.run.LessonRun` of the chapter's seat, so it holds what that seat may see
and nothing more (its observation, its own legal actions, the log as it reads it). The answers of a
question are in the page: a student who reads the file's source can find them (the page hides them from
view, as a guess chapter's run does).
"""

from __future__ import annotations

from typing import Any

from .goals import GOALS
from .lesson import Lesson
from .run import LessonRun

#: The name of the format :func:`page_data` writes.
PAGE_FORMAT = "dragonwidgets-lesson-page"
#: Its version.
PAGE_VERSION = 1


def _frame(run: LessonRun) -> dict[str, Any]:
    view = run.view()
    step = run.chapter.steps[run._i]
    hints = list(step.question.hints) if step.question is not None else []
    if not hints and run.chapter.mode == "walkthrough":
        hints = [f"Play: {next(a['label'] for a in view['legal_actions'] if a['id'] == step.action)}."]
    answers = {a["id"]: {**run.preview(a["id"]).to_dict(), "label": a["label"], "targets": a["targets"]}
               for a in view["legal_actions"]}
    for answer in answers.values():
        del answer["played"]
    keep = ("comment", "highlights", "question", "expected", "observation", "log", "played", "finished")
    return {**{k: view[k] for k in keep}, "hints": hints, "answers": answers}


def page_data(lesson: Lesson) -> dict[str, Any]:
    """Return the lesson as an offline page plays it: JSON data, every question's answers precomputed.

    Shape: ``{"format": "dragonwidgets-lesson-page", "version": 1, "title", "chapters": [chapter, ...]}``;
    a chapter is ``{"title", "mode", "seat", "intro", "closing", "goal", "needs_kernel", "frames",
    "end"}``: ``frames`` (none for a practice chapter, whose ``needs_kernel`` is true) are the student's
    decisions in order, each ``{"comment", "highlights", "question", "expected", "hints", "observation",
    "log", "played", "finished", "answers"}`` where ``answers`` maps each legal action id of the student to
    ``{"kind", "right", "text", "rules", "advanced", "label", "targets"}`` (an answer that is not
    ``advanced`` stays on the frame; one that is goes to the next frame); ``end`` is what is shown when
    the line is played: ``{"observation", "played"}``.

    An illegal answer cannot be precomputed for every id; the page offers only the legal actions (the
    board's clickable elements), as the widget does.

    Raises:
        LessonError: the lesson does not check.
    """
    run = LessonRun(lesson)
    chapters: list[dict[str, Any]] = [
        {"title": c.title, "mode": c.mode, "seat": c.seat, "intro": c.comment, "closing": c.closing,
         "goal": GOALS[c.goal or "win"].text if c.mode == "practice" else None,
         "needs_kernel": c.mode == "practice", "frames": [], "end": None}
        for c in lesson.chapters]
    while not run.done:
        entry = chapters[run.chapter_number - 1]
        if run.chapter.mode == "practice":
            run.skip()
            continue
        entry["frames"].append(_frame(run))
        entry["end"] = _after(run, run.chapter.steps[run._i].action) or entry["end"]
    return {"format": PAGE_FORMAT, "version": PAGE_VERSION, "title": lesson.title, "chapters": chapters}


def _after(run: LessonRun, answer: str) -> dict[str, Any] | None:
    """Answer ``answer``; when that ends the chapter, return what its end shows (else ``None``)."""
    seat, chapter = run.seat, run.chapter_number
    before_end = run._game
    feedback = run.answer(answer)
    if run.done or run.chapter_number != chapter:
        return {"observation": before_end.observation(seat), "played": [p.to_dict() for p in feedback.played]}
    return None
