"""Checks every game's static picture (``game.picture(view)``, issue 14 item 3) must pass, shared by the games'
picture tests: plain SVG a static page can show, and a seat's picture blind to what that seat cannot see."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections.abc import Callable

import dragonwidgets
from dragonwidgets.engine.game import Game
from dragonwidgets.widgets.static_picture import picture_svg

SVG = "{http://www.w3.org/2000/svg}"
#: What a picture shown in a static page may not hold: scripts, styles, CSS variables, external resources.
FORBIDDEN = ("<script", "<style", "var(", "href", "url(")
MAX_BYTES = 60_000


def svg_titles(svg: str) -> list[str]:
    """Return the texts of every ``<title>`` in ``svg``, in document order (the first is the picture's)."""
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}title")]


def svg_texts(svg: str) -> list[str]:
    """Return the texts of every ``<text>`` in ``svg``, in document order."""
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]


def assert_plain_svg(svg: str, view_box: str, title_start: str) -> None:
    """Assert ``svg`` is one XML ``<svg>`` with this ``viewBox``, a first-child ``<title>`` starting with
    ``title_start``, nothing of :data:`FORBIDDEN`, and under :data:`MAX_BYTES`."""
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("viewBox") == view_box
    assert root[0].tag == f"{SVG}title" and root[0].text.startswith(title_start)
    assert len(svg.encode()) < MAX_BYTES
    for forbidden in FORBIDDEN:
        assert forbidden not in svg


def assert_seat_pictures_blind_to_hidden(game: Game, rng_seed: int,
                                         picture: Callable[[Game, int | None], str] = Game.picture) -> None:
    """Assert each seat's picture is the same for ``game`` and for ``game.determinize(seat)`` (a table that
    differs only in what the seat cannot see, digest section 7), and that some redeal changes the full
    table's picture (so something hidden really moved). ``picture(game, view)`` draws a view (default
    ``game.picture(view)``; a game whose hook is not wired yet passes its ``board_svg`` call)."""
    for seat in range(game.players):
        twin = game.determinize(seat, random.Random(rng_seed + seat))
        assert picture(twin, seat) == picture(game, seat)
    full = picture(game, None)
    assert any(picture(game.determinize(0, random.Random(rng_seed + k)), None) != full for k in range(5))


def assert_widget_carries_picture(widget_class: type, players: int, seat: int) -> None:
    """Assert a widget's display data (``_repr_mimebundle_``) holds, beside the widget view, its view's picture
    as ``text/html`` (an image, ``picture_html``): seat ``seat``'s in that seat's view, the full table's in the
    teacher's."""
    for viewer, view in ((str(seat), seat), ("teacher", None)):
        w = widget_class(players=players, seed=1, viewer=viewer)
        data, _ = w._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" in data
        assert picture_svg(data["text/html"]) == w.game.picture(view)
        assert data["text/html"].count("<img ") == 1 and "<svg" not in data["text/html"]
    assert w.game.picture(seat) != w.game.picture(None)


def first_reaching(name: str, players: int, until: Callable[[Game], bool], seeds: int = 200, **options) -> Game:
    """Return the first seeded random game of ``name`` (seed 0, 1, ...) whose play reaches a table where
    ``until(game)`` holds, stopped there."""
    for seed in range(seeds):
        game = dragonwidgets.new_game(name, players=players, seed=seed, **options)
        rng = random.Random(seed)
        while not game.is_over and not until(game):
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        if until(game):
            return game
    raise AssertionError(f"no seed below {seeds} reached the table wanted")
