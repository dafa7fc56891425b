"""A game as one HTML page: every step of its line, for one viewer, playable from disk with no kernel.

:func:`to_html` replays the game's whole line in a copy of the game and, at every step, reads the traits
the game's widget publishes for the viewer (the widget's own code computes them: nothing is copied).
The page holds:

- every trait once, as at step 0 (``game_name``, ``board``, ``rule_texts``, ``seats``...);
- per step, the traits that changed from the step before, in the widget sync's formats (:mod:`.sync`):
  ``observation`` as :func:`~.sync.dict_ops`, ``log`` as :func:`~.sync.log_patch`, ``text`` as
  :func:`~.sync.text_patch`, ``legal_actions`` as a :func:`~.sync.table_patch`, the others (``status``,
  Draghan's ``player_names``...) whole. Every :data:`KEYFRAME_EVERY` steps a *keyframe* holds those four
  as changes from nothing and every other trait that differs from step 0, so showing any step applies at
  most that many steps' changes;
- that payload as compact JSON, zlib-compressed and base64-encoded, in
  ``<script type="application/json" id="dw-data">``; the game's front-end bundle (deflated, base64) in
  ``<script type="text/plain" id="dw-bundle">``; and the page script (``js/page.js``, built into
  ``static/page.js``), which decodes both, imports the bundle from a Blob URL and renders it on a model
  that replays the steps. A Content-Security-Policy lets the page make no request to any network.

A seat's page holds what the widget sends to that seat's view at each step and nothing more. In the page
no action can be chosen (``can_act`` is false): the timeline, the ←/→ keys and Undo move through the
recorded line, and other intents are refused with a sentence saying so.

Sizes (``benchmarks/bench_pages.py``): a 200-step Emerald game about 0.2 MB, a complete 4-player
Drachenland game of random play (about 4,000 steps) about 0.5 MB.
"""

from __future__ import annotations

import base64
import html
import json
import os
import pathlib
import re
import zlib
from collections.abc import Callable, Iterator
from typing import Any

import anywidget

from .. import __version__
from ..engine import CHANCE, Game
from .arguments import STATIC
from .base import GameWidget
from .chasse_au_dragon import ChasseAuDragonWidget
from .drachenland import DrachenlandWidget
from .draghan import DraghanWidget
from .emerald import EmeraldWidget
from .sync import apply_dict_ops, apply_log_patch, apply_table_patch, apply_text_patch, dict_ops, log_patch
from .sync import table_patch, text_patch
from .status import possessive
from .views import HUMAN, TEACHER

__all__ = ["to_html", "read_page", "page_traits", "KEYFRAME_EVERY"]

#: A keyframe (every trait whole) every this many steps: showing any step applies at most this many steps.
KEYFRAME_EVERY = 256
#: The payload's format, checked by the page script.
FORMAT = "dragonwidgets-page/1"
#: The big traits, in every keyframe, written as changes in the widget sync's formats and read back (every
#: other trait goes whole, in a step where it changed), with their value before any change.
_ENCODE: dict[str, Callable[[Any, Any], Any]] = {
    "observation": dict_ops, "legal_actions": table_patch, "log": log_patch, "text": text_patch}
_DECODE: dict[str, Callable[[Any, Any], Any]] = {
    "observation": apply_dict_ops, "legal_actions": apply_table_patch, "log": apply_log_patch, "text": apply_text_patch}
_EMPTY = {"observation": {}, "legal_actions": [], "log": [], "text": ""}
_WIDGETS = {cls.GAME: cls for cls in (EmeraldWidget, DrachenlandWidget, ChasseAuDragonWidget, DraghanWidget)}
#: No request leaves the page: scripts only inline or from the Blob URL of the inlined bundle.
_CSP = ("default-src 'none'; script-src 'unsafe-inline' blob:; style-src 'unsafe-inline'; img-src data: blob:; "
        "font-src data:; connect-src 'none'; form-action 'none'; base-uri 'none'")


def to_html(game: Game, path: str | os.PathLike[str], *, viewer: str | int = TEACHER,
            review: Any = None) -> pathlib.Path:
    """Write ``game`` as one self-contained HTML page at ``path`` and return its resolved path.

    The page opens from disk in a browser, with no network and no kernel, at the step the game shows
    now, and steps through the game's whole line (also the entries after that step) with the board,
    timeline, log and inspector of the game's widget, as that widget shows them to ``viewer``. It holds
    only what the widget sends to that view: a seat's page shows nothing that seat may not see.

    Args:
        game: the game (``dragonwidgets.new_game(...)``, ``w.game``); it is not changed.
        path: the file to write (``str`` or path-like, ``~`` expanded); its folder must exist.
        viewer: ``"teacher"`` (the whole table) or a seat, as an ``int`` or a string (``0`` or ``"0"``).
        review: ``None`` (no review), ``True`` (review the game now, :func:`dragonwidgets.analysis.review`:
            every seat's decisions on the teacher's page, only that seat's, from its knowledge, on a seat's
            page), or a :class:`~dragonwidgets.analysis.Review` of this game made before. The page shows its
            marks in the log and on the timeline and the win-chance chart, offline (issue 29 item 3).

    Raises:
        TypeError: ``game`` is not a dragonwidgets game.
        ValueError: ``viewer`` is not ``"teacher"`` nor a seat of the game (the message lists them).
            Or ``review`` is not ``None``, ``True`` nor a ``Review`` of this game's line, or it reviews other
            seats' decisions than a seat page's own (they are judged from hands that seat may not see).
        RuntimeError: the front end is not built (``static/<game>.js``, ``static/page.js``).
        OSError: the file cannot be written (e.g. ``FileNotFoundError`` for a missing folder); nothing
            is written then.

    >>> import dragonwidgets, tempfile, pathlib
    >>> g = dragonwidgets.new_game("emerald", players=2, seed=1)
    >>> _ = g.apply(g.legal_actions()[0])
    >>> out = to_html(g, pathlib.Path(tempfile.mkdtemp()) / "game.html", viewer=0)
    >>> [page_traits(read_page(out), k)["step"] for k in (0, 1)]
    [0, 1]
    """
    if not isinstance(game, Game):
        hint = "; for a widget pass w.game or call w.to_html(path)" if isinstance(game, GameWidget) else ""
        raise TypeError(f"to_html() takes a dragonwidgets Game (dragonwidgets.new_game(...)), got {game!r:.60}{hint}")
    viewer = _page_viewer(game, viewer)
    target = pathlib.Path(path).expanduser()
    widget_cls = _WIDGETS.get(game.name, GameWidget)
    scripts = _built(widget_cls.GAME if widget_cls is not GameWidget else "game"), _built("page")
    payload = page_payload(game, viewer)
    if review is not None:
        payload["traits"]["review"] = _review_trait(game, viewer, review)
    target.write_text(_page_html(game, viewer, payload, *scripts), encoding="utf-8")
    return target.resolve()


def page_payload(game: Game, viewer: str) -> dict[str, Any]:
    """Return the page's data for ``viewer`` (``"teacher"`` or ``"0"``...): ``{"format", "traits": every
    trait as at step 0 and as the page sets it, "start": the step shown first, "keyframe_every", "autos": one
    character per history entry, "1" where chance drew it after a decision (Undo steps over it), "steps":
    per step the changes (see the module docstring)}``."""
    static: dict[str, Any] = {}
    steps: list[dict[str, Any]] = []
    previous: dict[str, Any] = {}
    for k, shown in enumerate(_replay(game, viewer)):
        static = static or {name: value for name, value in shown.items() if name not in _ENCODE}
        keyframe = k % KEYFRAME_EVERY == 0
        against = {**static, **_EMPTY} if keyframe else previous
        steps.append({name: _ENCODE[name](against[name], value) if name in _ENCODE else value
                      for name, value in shown.items()
                      if (keyframe and name in _ENCODE) or not _same(value, against[name])})
        previous = shown
    autos = "".join("1" if game.entry(i).auto else "0" for i in range(game.history_length))
    return {"format": FORMAT, "traits": {**static, **_page_sets(viewer)}, "start": game.step,
            "keyframe_every": KEYFRAME_EVERY, "autos": autos, "steps": steps}


def _page_sets(viewer: str) -> dict[str, Any]:
    """The traits a page sets itself: it replays a recorded game (no action to choose, no bot playing, no
    kernel to refuse anything yet) in one view."""
    return {"can_act": False, "playing": False, "last_error": "", "viewer_choices": [viewer], "version": 0,
            "recording": {},  # nothing is recorded in a page (no kernel)
            "analysis": {"offline": True, "state": "off"}, "review": {"state": "off", "offline": True}}


def _review_trait(game: Game, viewer: str, review: Any) -> dict[str, Any]:
    """The ``review`` trait of a page: ``review`` (``True`` or a ``Review``) checked against ``game`` and the viewer."""
    from ..analysis import Review
    from ..analysis import review as review_game
    from .analysis_panel import review_trait

    seat = None if viewer == TEACHER else int(viewer)
    if review is True:
        review = review_game(game, seat, progress=False)
    if not isinstance(review, Review):
        raise ValueError(f"review must be None, True or a dragonwidgets.analysis.Review, got {type(review).__name__}")
    if review.game != game.name:
        raise ValueError(f"review is of a {review.game} game, not of this {game.name} game")
    for s in review:
        if s.step >= game.history_length or game.entry(s.step).action.id != s.action:
            raise ValueError(f"review step {s.step} ({s.action!r}) is not in this game's line")
        if seat is not None and s.seat != seat:
            raise ValueError(f"review: a page of seat {seat}'s view carries only that seat's review (review(game, "
                             f"seat={seat}) or review=True); step {s.step} is seat {s.seat}'s decision")
    return {**review_trait(review, game, seat), "offline": True}


def _replay(game: Game, viewer: str) -> Iterator[dict[str, Any]]:
    """Yield, for every step ``0..history_length``, every trait the game's widget shows ``viewer`` there
    (but ``step`` and those of :func:`_page_sets`): a widget on a copy of the game, its comm closed (it sends
    nothing), every seat a person (no bot plays; the status asks no one to press Play), moved by its own
    ``goto``."""
    twin = game.clone()
    widget = _WIDGETS.get(game.name, GameWidget)(game=twin, seats=[HUMAN] * game.players, viewer=viewer,
                                                  playing=False)
    widget.close()
    own = set(widget.trait_names(sync=True)) - set(anywidget.AnyWidget.class_trait_names(sync=True))
    names = sorted(own - set(_page_sets(viewer)) - {"step"})
    for k in range(twin.history_length + 1):
        widget.goto(k)
        shown = {name: getattr(widget, name) for name in names}
        if twin.current_player == CHANCE:
            shown["status"] = _chance_status(widget, recorded=k < twin.history_length)
        yield shown


def _chance_status(widget: GameWidget, recorded: bool) -> str:
    """The status at a chance node of a page: who draws what, and where the page shows the outcome (nothing
    can be picked or rolled in a page: it replays what was drawn). ``recorded``: the line goes on after it."""
    where = ("→ on the timeline shows what it drew" if recorded
             else "the recorded game stops here, before the draw")
    situation = widget._situation().replace(" (pick it)", "")  # Draghan's words for the teacher's view
    return f"{situation}. Chance decides: {where}."


def _same(a: Any, b: Any) -> bool:
    return a is b or a == b


def _page_viewer(game: Game, viewer: Any) -> str:
    seats = [str(i) for i in range(game.players)]
    value = str(viewer) if isinstance(viewer, int) and not isinstance(viewer, bool) else viewer
    if value not in (TEACHER, *seats):
        raise ValueError(
            f"viewer must be 'teacher' or a seat of this {game.players}-player game "
            f"({', '.join(seats)}; an int or a string), got {viewer!r}: a page shows one view "
            "('hotseat', which follows the person to move, would show every seat's cards)"
        )
    return value


def _built(name: str) -> str:
    path = STATIC / f"{name}.js"
    if not path.is_file():
        raise RuntimeError(f"the front end static/{name}.js is not built: run `npm install && npm run build` "
                           "in the repository (pip install does it)")
    return path.read_text(encoding="utf-8")


def _packed(data: bytes) -> str:
    return base64.b64encode(zlib.compress(data, 9)).decode("ascii")


def _inline_script(text: str) -> str:
    """Return JS text safe inside ``<script>``: ``</script`` and ``<!--`` get a backslash, which JS
    strings, regular expressions and comments read as the same characters."""
    return text.replace("</script", "<\\/script").replace("</SCRIPT", "<\\/SCRIPT").replace("<!--", "<\\!--")


def _page_html(game: Game, viewer: str, payload: dict[str, Any], bundle_js: str, page_js: str) -> str:
    traits = payload["traits"]
    title = getattr(_WIDGETS.get(game.name), "TITLE", "") or game.name.replace("_", " ").capitalize()
    names = [game.player_name(i) for i in range(game.players)]
    who = "the teacher's view (the whole table)" if viewer == TEACHER else f"{possessive(game, int(viewer))} view only"
    length = traits["history_length"]
    head = f"{title}, {game.players} players: {who}"
    line = (f"{', '.join(names[:-1])} and {names[-1]} · {length} steps, opened at step {payload['start']} · "
            f"exported from dragonwidgets {__version__}: a recorded game to step through with the timeline or "
            "the ←/→ keys, with no kernel and no network")
    raw = json.dumps(payload, separators=(",", ":"), allow_nan=False, ensure_ascii=False).encode("utf-8")
    data = json.dumps({"format": FORMAT, "game": game.name, "viewer": viewer, "steps": length, "data": _packed(raw)})
    return _TEMPLATE.format(
        csp=_CSP, title=html.escape(f"{head} · dragonwidgets"), h1=html.escape(head), line=html.escape(line),
        css=_PAGE_CSS, data=data, bundle=_packed(bundle_js.encode("utf-8")), page_js=_inline_script(page_js),
        shows="game", data_id="dw-data",
    )


def read_page(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Return the data of a page :func:`to_html` wrote (the dict :func:`page_payload` describes).

    Raises:
        ValueError: the file is not such a page.
    """
    text = pathlib.Path(path).expanduser().read_text(encoding="utf-8")
    found = re.search(r'<script type="application/json" id="dw-data">(.*?)</script>', text, re.S)
    try:
        header = json.loads(found.group(1))  # type: ignore[union-attr]
        if header["format"] != FORMAT:
            raise ValueError(f"format {header['format']!r}, not {FORMAT!r}")
        return json.loads(zlib.decompress(base64.b64decode(header["data"], validate=True)))
    except (AttributeError, KeyError, TypeError, ValueError, zlib.error) as e:
        raise ValueError(f"{path} is not a page written by dragonwidgets.to_html ({e})") from None


def page_traits(payload: dict[str, Any], step: int) -> dict[str, Any]:
    """Return every trait the page shows at ``step``, as the page script computes them (from the keyframe
    before ``step``, applying each step's changes): the Python twin of ``js/page.js``, used by the tests.

    Raises:
        IndexError: ``step`` is not in ``0..history_length``.
    """
    steps = payload["steps"]
    if not 0 <= step < len(steps):
        raise IndexError(f"step must be in 0..{len(steps) - 1}, got {step}")
    shown = {**payload["traits"], **_EMPTY}
    for k in range(step - step % payload["keyframe_every"], step + 1):
        for name, change in steps[k].items():
            shown[name] = _DECODE[name](shown[name], change) if name in _DECODE else change
    return {**shown, "step": step}


_PAGE_CSS = """
:root { color-scheme: light; }
body { margin: 0; background: #ffffff; color: #1f1f1f;
  font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; }
.dw-page-head { max-width: 1280px; margin: 0 auto; padding: 14px 16px 4px; }
.dw-page-head h1 { margin: 0 0 4px; font-size: 20px; }
.dw-page-head p { margin: 0; color: #4a4a4a; }
.dw-page-main { max-width: 1280px; margin: 0 auto; padding: 8px; }
/* No bot plays in a page and no table is edited: the seats panel (Play, Step, pace) and the Edit button
   have nothing to do. */
.dw-page-main .dw-seats, .dw-page-main .dw-edit-toggle { display: none; }
.dw-page-failed { color: #b71c1c; font-weight: 600; }
"""

#: The page around a bundle and its data; a lesson's page (dragonwidgets/lessons/page.py) fills it too, with
#: ``shows="lesson"`` and its own ``data_id``.
_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="{csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<meta name="generator" content="dragonwidgets">
<title>{title}</title>
<style>{css}</style>
</head>
<body>
<header class="dw-page-head">
<h1>{h1}</h1>
<p>{line}</p>
</header>
<main class="dw-page-main"><div id="dw-widget"><noscript>This page needs JavaScript to show the {shows}.</noscript></div></main>
<script type="application/json" id="{data_id}">{data}</script>
<script type="text/plain" id="dw-bundle">{bundle}</script>
<script type="module">
{page_js}
</script>
</body>
</html>
"""
