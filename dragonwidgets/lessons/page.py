"""A lesson as one HTML page a student opens from disk: no kernel, no network (issue 28 item 5).

:func:`lesson_to_html` takes the lesson once through its widget (:class:`~.widget.LessonWidget`, its comm
closed) and writes, at each decision of the student (a *node*):

- the traits the widget sends the chapter's seat there (observation, legal actions, log, status...), as
  changes from the node before, in the formats of the game page (:mod:`dragonwidgets.widgets.page`), so the
  page runtime's replay (``js/page.js``, ``createReplay``) reads them;
- the lesson panel's data there (the ``lesson`` trait), the step's hints in order, and for every legal
  action of the student the :class:`~.run.Feedback` an answer gets (:meth:`~.run.LessonRun.preview`):
  whether it moves on to the next node, and its words. A practice chapter needs bots, so it is one node
  saying it needs a notebook, which the student may skip.

The page script (``js/lesson_page.js``, built into ``static/lesson_page.js``) follows the nodes as the
student answers, counts the score as :class:`~.run.LessonRun` does and keeps the student's progress in the
page's ``localStorage`` (so a reload goes on where the student was); it sends nothing anywhere (the page's
Content-Security-Policy allows no request). Every node is read from the widget of the chapter's seat, so the
page holds what that seat may see, and the answers to its questions (a student who reads the file's
source can find them).
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import pathlib
from typing import Any

import anywidget

from .. import __version__
from ..widgets.page import (
    _CSP,
    _EMPTY,
    _ENCODE,
    _PAGE_CSS,
    _TEMPLATE,
    _built,
    _inline_script,
    _packed,
    _same,
)
from .lesson import Lesson
from .widget import LessonWidget, lesson_game, lesson_widget_class

__all__ = ["LESSON_PAGE_FORMAT", "PRACTICE_NOTICE", "lesson_page_payload", "lesson_to_html", "read_lesson_page"]

#: The payload's format, checked by the page script.
LESSON_PAGE_FORMAT = "dragonwidgets-lesson-page/1"
#: What a practice chapter says in a page.
PRACTICE_NOTICE = ("This practice chapter plays on against bots, which need a notebook: open the lesson there "
                   "(lesson.widget()) to play it. Press 'Next chapter' to go on.")
#: The traits a page sets itself (no kernel to refuse anything yet, no bot playing, one view).
_PAGE_SETS = {"playing": False, "last_error": "", "version": 0}
#: The traits left out of the nodes: set once, or by the page.
_NOT_PER_NODE = {"lesson", *_PAGE_SETS}


def lesson_page_payload(lesson: Lesson) -> dict[str, Any]:
    """Return the page's data: ``{"format", "key", "title", "game", "traits": every trait as at the first
    node, "keyframe_every", "steps": per node the trait changes (as :func:`dragonwidgets.widgets.page.page_payload`
    writes them), "nodes": per node {"lesson": the panel's data, "hints": [...], "answers": {action id:
    {"kind", "right", "text", "rules", "advanced"}}, "skip": a practice chapter's node}}``. The last node is the
    lesson's end (``lesson.done``).

    Raises:
        LessonError: the lesson does not check, or its chapters play different games.
    """
    widget = lesson_widget_class(lesson_game(lesson))(lesson)
    widget.close()  # its comm closed: it sends nothing
    own = set(widget.trait_names(sync=True)) - set(anywidget.AnyWidget.class_trait_names(sync=True))
    names = sorted(own - _NOT_PER_NODE)
    shown_nodes: list[dict[str, Any]] = []
    nodes: list[dict[str, Any]] = []
    run = widget.run
    skipped: set[int] = set()  # the practice chapters the page skips (numbered from 1)
    while True:
        shown = {name: getattr(widget, name) for name in names}
        panel = dict(widget.lesson)
        panel["finished"] = [{**f, "goal_reached": None, "skipped": True} if f["chapter"] in skipped else f
                             for f in panel["finished"]]
        if run.done:
            shown_nodes.append(shown)
            nodes.append({"lesson": panel, "hints": [], "answers": {}})
            break
        if run.chapter.mode == "practice":
            shown.update(legal_actions=[], can_act=False)
            panel.update(awaiting=False, more_hints=False, notice=PRACTICE_NOTICE, question=None)
            shown_nodes.append(shown)
            nodes.append({"lesson": panel, "hints": [], "answers": {}, "skip": True})
            skipped.add(run.chapter_number)
            run.skip()
            widget.refresh()
            continue
        answers = {a["id"]: _told(run.preview(a["id"]).to_dict()) for a in widget.legal_actions}
        hints = []
        while (hint := run.hint()) is not None:
            hints.append(hint)
        shown_nodes.append(shown)
        nodes.append({"lesson": panel, "hints": hints, "answers": answers})
        widget.answer(next(a for a, told in answers.items() if told["kind"] == "right"))
    return {"format": LESSON_PAGE_FORMAT, "key": _key(lesson), "title": lesson.title, "game": widget.game_name,
            "traits": {**_static(widget, names), **_PAGE_SETS}, "keyframe_every": len(nodes) + 1,
            "steps": _changes(shown_nodes), "nodes": nodes}


def _told(feedback: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in feedback.items() if k != "played"}


def _static(widget: LessonWidget, per_node: list[str]) -> dict[str, Any]:
    """The traits sent once (board layout, rule texts, bot names...), as the widget holds them."""
    own = set(widget.trait_names(sync=True)) - set(anywidget.AnyWidget.class_trait_names(sync=True))
    return {name: getattr(widget, name) for name in sorted(own - set(per_node) - _NOT_PER_NODE)}


def _changes(shown_nodes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per node, the traits that changed from the node before (the first node: every one), the big ones in
    the widget sync's formats (one keyframe: the first node)."""
    steps: list[dict[str, Any]] = []
    previous: dict[str, Any] = {}
    for k, shown in enumerate(shown_nodes):
        against = {**shown, **_EMPTY} if k == 0 else previous
        steps.append({name: _ENCODE[name](against[name], value) if name in _ENCODE else value
                      for name, value in shown.items()
                      if k == 0 or not _same(value, against[name])})
        previous = shown
    return steps


def _key(lesson: Lesson) -> str:
    """The lesson's key in the page's localStorage: a digest of its JSON (another lesson keeps its own)."""
    text = json.dumps(lesson.to_dict(), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def lesson_to_html(lesson: Lesson, path: str | os.PathLike[str]) -> pathlib.Path:
    """Write ``lesson`` as one self-contained HTML page at ``path`` and return its resolved path.

    The page opens from disk in a browser with no network and no kernel: the board of each chapter's seat
    beside the lesson panel, as :meth:`Lesson.widget` shows them; walkthrough and guess-the-move chapters
    work fully (each question's legal answers and feedback were computed when the page was written),
    practice chapters say they need a notebook. The student's progress is kept in the page's localStorage
    and survives a reload; nothing is sent anywhere.

    Raises:
        LessonError: the lesson does not check, or its chapters play different games.
        RuntimeError: the front end is not built (``static/<game>.js``, ``static/lesson_page.js``).
        OSError: the file cannot be written (its folder must exist); nothing is written then.
    """
    target = pathlib.Path(path).expanduser()
    payload = lesson_page_payload(lesson)
    scripts = _built(payload["game"]), _built("lesson_page")
    target.write_text(_page_html(lesson, payload, *scripts), encoding="utf-8")
    return target.resolve()


def read_lesson_page(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Return the data of a page :func:`lesson_to_html` wrote (:func:`lesson_page_payload`'s dict).

    Raises:
        ValueError: the file is not such a page.
    """
    import base64
    import re
    import zlib

    text = pathlib.Path(path).expanduser().read_text(encoding="utf-8")
    found = re.search(r'<script type="application/json" id="dw-lesson-data">(.*?)</script>', text, re.DOTALL)
    try:
        header = json.loads(found.group(1))  # type: ignore[union-attr]
        if header["format"] != LESSON_PAGE_FORMAT:
            raise ValueError(f"format {header['format']!r}, not {LESSON_PAGE_FORMAT!r}")
        data: dict[str, Any] = json.loads(zlib.decompress(base64.b64decode(header["data"], validate=True)))
        return data
    except (AttributeError, KeyError, TypeError, ValueError, zlib.error) as e:
        raise ValueError(f"{path} is not a lesson page written by dragonwidgets ({e})") from None


def _page_html(lesson: Lesson, payload: dict[str, Any], bundle_js: str, page_js: str) -> str:
    chapters = lesson.chapters
    head = lesson.title or "A lesson"
    needs = sum(c.mode == "practice" for c in chapters)
    line = (f"{len(chapters)} chapter{'s' if len(chapters) != 1 else ''}"
            + (f" ({needs} practice chapter{'s need' if needs != 1 else ' needs'} a notebook)" if needs else "")
            + f" · written by dragonwidgets {__version__}: answer on the board or with the keys; your progress stays "
              "in this browser, nothing is sent anywhere")
    raw = json.dumps(payload, separators=(",", ":"), allow_nan=False, ensure_ascii=False).encode("utf-8")
    data = json.dumps({"format": LESSON_PAGE_FORMAT, "game": payload["game"], "data": _packed(raw)})
    return _TEMPLATE.format(
        csp=_CSP, title=html.escape(f"{head} · dragonwidgets lesson"), h1=html.escape(head), line=html.escape(line),
        css=_PAGE_CSS, data=data, bundle=_packed(bundle_js.encode("utf-8")), page_js=_inline_script(page_js),
        shows="lesson", data_id="dw-lesson-data",
    )

