"""A game exported as one HTML page (``dragonwidgets.to_html``, issue 14 item 2), opened with ``file://`` in
Debian's chromium with the network blocked: no request leaves the page, it steps with the timeline
buttons and the ←/→ keys, and at each step visited it shows the same board, log and status as the live
widget at that step.

The live side: the live widget (``w.goto(k)``, every seat a person, the same viewer) gives its traits at
that step; a fake-model page renders them with the same game bundle, and the texts of the board
(``.dw-board-wrap``), the log and the status line must be those of the exported page. The page's own
model must also hold the live widget's traits (observation, legal actions, log, text board, status).
"""

from __future__ import annotations

import json
import random

import anywidget
import pytest

import dragonwidgets
from dragonwidgets import ChasseAuDragonWidget, DrachenlandWidget, DraghanWidget, EmeraldWidget
from dragonwidgets.widgets.arguments import STATIC
from dragonwidgets.engine import CHANCE
from dragonwidgets.widgets.page import _chance_status, _page_sets

pytestmark = pytest.mark.browser

WIDGETS = {"emerald": EmeraldWidget, "drachenland": DrachenlandWidget, "chasse_au_dragon": ChasseAuDragonWidget,
           "draghan": DraghanWidget}
#: The texts compared: the board (the texts of its leaf elements, sorted: a page updated step by step may keep
#: its pieces' elements in another document order than a fresh render, which draws the same), the log and the
#: status line.
PANELS_JS = """() => {
  const leaves = [...document.querySelectorAll('.dw-board-wrap *')].filter(e => e.children.length === 0)
    .map(e => e.textContent).filter(Boolean).sort().join('|');
  return [leaves, ...['.dw-log', '.dw-status'].map(s => document.querySelector(s).textContent)];
}"""
MODEL_JS = "names => names.map(n => window.dragonwidgetsPage.model.get(n))"
TRAITS = ["observation", "legal_actions", "log", "text", "status"]
LIVE_ORIGIN = "http://dw.test"
#: A page rendering given traits with a game bundle on a model that only reads them.
LIVE_HTML = """<!DOCTYPE html><html><head><meta charset="utf-8"></head><body><div id="w"></div>
<script type="module">
import widget from "/bundle.js";
let cleanup = null;
window.show = (traits) => {
  const el = document.getElementById("w");
  if (cleanup) cleanup();
  el.replaceChildren();
  const model = { get: (n) => traits[n], set() {}, on() {}, off() {}, send() {}, save_changes() {} };
  widget.initialize?.({ model });
  cleanup = widget.render({ model, el });
};
window.ready = true;
</script></body></html>"""


def _played(name: str, players: int, seed: int, entries: int | None):
    """A game of seeded random play: ``entries`` history entries, or to the end when ``None``."""
    game = dragonwidgets.new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over and (entries is None or game.history_length < entries):
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.fixture
def offline(chromium):
    """A page in a context with the network off, every request that is not a ``file:`` one aborted and
    counted, and the page's console errors collected: ``(page, requests, errors)``."""
    context = chromium.new_context(viewport={"width": 1400, "height": 1000}, offline=True)
    requests: list[str] = []
    errors: list[str] = []

    def route(r):
        if r.request.url.startswith("file:"):
            r.continue_()
        else:
            requests.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.on("request", lambda q: None if q.url.startswith(("file:", "blob:", "data:")) else requests.append(q.url))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        yield page, requests, errors
    finally:
        context.close()


@pytest.fixture
def live_page(chromium):
    """Return ``show(game_name, traits) -> [board, log, status texts]``: the traits rendered with the game's
    bundle on a page served from memory."""
    context = chromium.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    served = {"bundle": ""}
    page.route(f"{LIVE_ORIGIN}/live.html", lambda r: r.fulfill(body=LIVE_HTML, content_type="text/html"))
    page.route(f"{LIVE_ORIGIN}/bundle.js", lambda r: r.fulfill(body=served["bundle"], content_type="text/javascript"))

    def show(name: str, traits: dict) -> list[str]:
        if served["bundle"] != name:
            served["bundle"] = (STATIC / f"{name}.js").read_text(encoding="utf-8")
            page.goto(f"{LIVE_ORIGIN}/live.html")
            page.wait_for_function("() => window.ready === true")
            served["bundle"] = name
        page.evaluate("t => window.show(t)", traits)
        return page.evaluate(PANELS_JS)

    try:
        yield show
    finally:
        context.close()


def _live_traits(widget, step: int) -> dict:
    widget.goto(step)
    state = widget.get_state()
    own = set(widget.trait_names(sync=True)) - set(anywidget.AnyWidget.class_trait_names(sync=True))
    traits = {name: state[name] for name in own}
    traits.update(_page_sets(widget.viewer))  # a page replays: no action to choose, no bot playing
    if widget.game.current_player == CHANCE:  # nothing to pick or roll in a page: it says so (issue 27 item 14)
        traits["status"] = _chance_status(widget, recorded=step < widget.game.history_length)
    return json.loads(json.dumps(traits))


def _shown_step(page) -> int:
    return page.evaluate("() => Number(document.querySelector('.dw-timeline-range').value)")


def _wait_step(page, step: int) -> None:
    page.wait_for_function("s => Number(document.querySelector('.dw-timeline-range').value) === s", arg=step,
                           timeout=10000)


def _open(page, path) -> None:
    page.goto(path.as_uri())
    page.wait_for_selector(".dw-root .dw-board-wrap", timeout=20000)


def _check_against_live(page, live_page, widget, step: int) -> None:
    """The page at ``step`` shows the live widget's board, log and status, and holds its traits."""
    _wait_step(page, step)
    shown = page.evaluate(PANELS_JS)
    traits = _live_traits(widget, step)
    assert shown == live_page(widget.game.name, traits), f"step {step}: the page's board, log or status differ"
    assert page.evaluate(MODEL_JS, TRAITS) == [traits[n] for n in TRAITS], f"step {step}"


@pytest.mark.parametrize("name,players,viewer", [
    ("emerald", 3, "teacher"), ("drachenland", 4, "1"), ("chasse_au_dragon", 3, "0"), ("draghan", 2, "teacher"),
])
def test_an_exported_page_steps_offline_like_the_live_widget(name, players, viewer, offline, live_page, tmp_path):
    page, requests, errors = offline
    game = _played(name, players, seed=3, entries=60)
    start = game.history_length // 2
    game.goto(start)
    path = dragonwidgets.to_html(game, tmp_path / f"{name}.html", viewer=viewer)
    widget = WIDGETS[name](game=game.clone(), seats=["human"] * players, viewer=viewer, playing=False)
    _open(page, path)
    assert page.title().startswith(f"{WIDGETS[name].TITLE}, {players} players")
    _check_against_live(page, live_page, widget, start)
    visited = [start]
    for button in ("back", "back", "forward", "first", "forward", "last", "back"):
        page.click(f"[data-timeline={button}]")
        visited.append({"back": visited[-1] - 1, "forward": visited[-1] + 1, "first": 0,
                        "last": game.history_length}[button])
        _check_against_live(page, live_page, widget, visited[-1])
    page.click("h1")  # the focus leaves the widget: keys still step the page
    for key, delta in (("ArrowLeft", -1), ("ArrowLeft", -1), ("ArrowRight", 1)):
        page.keyboard.press(key)
        visited.append(visited[-1] + delta)
        _check_against_live(page, live_page, widget, visited[-1])
    assert requests == [], "the page asked the network"
    assert errors == []


def test_a_complete_drachenland_game_fits_its_budget_and_steps_to_the_end_offline(offline, live_page, tmp_path):
    """Issue 14's budget: at most 5 MB for a complete 4-player Drachenland game of random play."""
    page, requests, errors = offline
    game = _played("drachenland", 4, seed=21, entries=None)
    assert game.is_over
    game.goto(0)
    path = dragonwidgets.to_html(game, tmp_path / "drachenland.html", viewer=2)
    assert path.stat().st_size <= 5_000_000, f"{path.stat().st_size} bytes"
    widget = DrachenlandWidget(game=game.clone(), seats=["human"] * 4, viewer="2", playing=False)
    _open(page, path)
    _check_against_live(page, live_page, widget, 0)
    page.click("[data-timeline=last]")
    _check_against_live(page, live_page, widget, game.history_length)
    assert "Game over" in page.text_content(".dw-status")
    middle = game.history_length // 2 + 3  # between two keyframes
    page.evaluate("s => { const r = document.querySelector('.dw-timeline-range'); r.value = s; "
                  "r.dispatchEvent(new Event('change', {bubbles: true})); }", middle)
    _check_against_live(page, live_page, widget, middle)
    page.keyboard.press("u")  # Undo: back to the previous decision
    page.wait_for_function("s => Number(document.querySelector('.dw-timeline-range').value) < s", arg=middle)
    assert _shown_step(page) < middle
    page.screenshot(path=str(tmp_path / "drachenland.png"), full_page=True)
    assert requests == [] and errors == []
