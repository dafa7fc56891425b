"""Static SVG pictures of Drachenland: the map with chosen spaces coloured, and the whole table.

The interactive map is the widget's; these are plain text. :func:`map_svg` lets a notebook draw a
question's answer on the map (``IPython.display.SVG(map_svg(...))``), e.g. which spaces each die value
reaches. :func:`board_svg` draws the table an observation shows (the widget's board, simplified), which
``game.picture(player)`` gives to places where no front end runs (a notebook shown statically).

The table is drawn by three modules beside this one: ``picture_pieces`` (geometry, colours, SVG elements
and the small drawings of pieces), ``picture_land`` (the land, the volcanoes and the adventurers on it) and
``picture_panels`` (the dice, turn and supply boxes and each seat's panel). Its elements are written its own
way (rounded coordinates, text centred with ``dy``), not with ``dragonwidgets/games/svg.py``, so its
pictures stay as they were.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from .board import Board
from .picture_land import (
    adventurers_on_land_svg,
    land_svg,
    place_points,
    volcano_contents_svg,
)
from .picture_panels import dice_box_svg, info_box_svg, panel_svg, turn_box_svg
from .picture_pieces import (
    BORDER,
    LAND,
    MAP_PAD,
    MAP_SCALE,
    PANEL_GAP,
    PANEL_H,
    num,
    seat_name,
    tag,
    title_svg,
)

SCALE = 8  # SVG units per board unit (the board is 100 x 70)
PAD = 24  # margin around the map, so edge labels (entrances) stay inside
#: One fill per die value 1..6 (a light-to-dark ramp), used by :func:`reach_svg`.
DIE_FILLS = ("#fde725", "#7ad151", "#22a884", "#2a788e", "#414487", "#440154")


def map_svg(board: Board, *, fills: Mapping[str, str] | None = None, labels: Mapping[str, str] | None = None,
            ring: str | None = None, title: str = "") -> str:
    """Return an SVG map of ``board`` with the spaces in ``fills`` coloured.

    Args:
        board: the board (``game.board``).
        fills: ``{node id: CSS colour}`` for the spaces to colour; the others are drawn plain.
        labels: ``{node id: short text}`` written on those spaces (e.g. the die value).
        ring: a node to circle (e.g. the starting space).
        title: a caption above the map.

    Returns:
        The SVG document as a ``str`` (848 px wide, 608 px high plus 24 px for a caption).
    """
    fills = fills or {}
    labels = labels or {}
    top = PAD + (24 if title else 0)
    w, h = board.width * SCALE + 2 * PAD, board.height * SCALE + top + PAD

    def xy(n: str) -> tuple[float, float]:
        x, y = board.xy[n]
        return x * SCALE + PAD, y * SCALE + top

    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}" height="{h:g}" viewBox="0 0 {w:g} {h:g}" '
            f'font-family="sans-serif">'), f'<rect width="{w:g}" height="{h:g}" fill="#f4efe1"/>']
    if title:
        out.append(f'<text x="8" y="17" font-size="15">{escape(title)}</text>')
    for a, b in board.edges:
        (x1, y1), (x2, y2) = xy(a), xy(b)
        out.append(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="#a38b63" stroke-width="2"/>')
    for a, b in board.river_pairs:
        (x1, y1), (x2, y2) = xy(a), xy(b)
        out.append(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="#4a90d9" stroke-width="4" '
                   f'stroke-dasharray="10 6" opacity="0.7"/>')
    for e in board.entrances:
        x, y = xy(e)
        out.append(f'<text x="{x:g}" y="{y:g}" font-size="14" font-weight="bold" text-anchor="middle" '
                   f'dominant-baseline="middle" fill="#6d4c41">{escape(e)}</text>')
    for n in board.stones + board.volcanoes:
        x, y = xy(n)
        volcano = board.is_volcano(n)
        r = 17 if volcano else 8
        fill = fills.get(n, "#c9743b" if volcano else "#e8dcc0")
        out.append(f'<circle cx="{x:g}" cy="{y:g}" r="{r}" fill="{fill}" stroke="#5d4037" stroke-width="1.5">'
                   f'<title>{escape(n)}</title></circle>')
        if volcano:
            out.append(f'<text x="{x:g}" y="{y - r - 3:g}" font-size="11" text-anchor="middle">{escape(n)}</text>')
        if n in labels:
            out.append(f'<text x="{x:g}" y="{y:g}" font-size="{12 if volcano else 10}" text-anchor="middle" '
                       f'dominant-baseline="central" fill="#000">{escape(labels[n])}</text>')
    if ring:
        x, y = xy(ring)
        out.append(f'<circle cx="{x:g}" cy="{y:g}" r="24" fill="none" stroke="#d81b60" stroke-width="4"/>')
    out.append("</svg>")
    return "\n".join(out)


def reach_svg(board: Board, start: str, reach: Mapping[str, int], title: str = "") -> str:
    """Return :func:`map_svg` with each space in ``reach`` ({node: smallest die value}) coloured by that value.

    >>> from .board import load_board
    >>> from .movement import walk_distances
    >>> b = load_board()
    >>> svg = reach_svg(b, "V01", walk_distances(b, "V01", 4, (), ()))
    >>> svg.count('fill="#fde725"')  # the four spaces one step from V01
    4
    """
    fills = {n: DIE_FILLS[(d - 1) % len(DIE_FILLS)] for n, d in reach.items()}
    return map_svg(board, fills=fills, labels={n: str(d) for n, d in reach.items()}, ring=start, title=title)


def board_svg(observation: Mapping, layout: Mapping) -> str:
    """Return an SVG picture of the table ``observation`` shows: the widget's board, simplified.

    The map (paths, rivers, stepping stones, volcanoes with their eggs, gems and tokens: face down as the
    dragon-head back, face up by their picture; the royal dragons; the adventurers in their seat's shape
    and colour, a ring mark on those that wear one), the dice, whose turn and the decision, eggs left and
    rings in the supply, then one panel per seat (adventurers off the land, tokens, rings, the hoard or
    "behind the screen", the final score). Drawn from ``observation`` only, so a seat's picture shows
    nothing that seat may not see; the teacher's view names a face-down token in its tooltip only, as
    the widget does.

    Args:
        observation: ``game.observation(player)`` (the Drachenland contract's keys).
        layout: ``game.board_layout()``.

    Returns:
        The SVG document as a ``str`` (about 40-55 kB): 1068 units wide, the map 768 high plus a row of
        panels per two seats; a ``viewBox`` so it scales (``width="100%"``), a ``<title>``, fixed colours,
        no script.

    Raises:
        KeyError: ``observation`` or ``layout`` lacks a key of the Drachenland contract.

    >>> from .game import DrachenlandGame
    >>> game = DrachenlandGame(players=3, seed=1)
    >>> svg = board_svg(game.observation(0), game.board_layout())
    >>> svg.count('class="dl-token-back"')  # the 15 volcanoes' tokens, all face down at the start
    15
    >>> "behind the screen" in svg  # the Dwarves' and Elves' hoards, seen from the Humans' seat
    True
    """
    pts = place_points(layout)
    seats = len(observation.get("adventurers") or [])
    width = (layout.get("width") or 100) * MAP_SCALE + 2 * MAP_PAD
    map_h = (layout.get("height") or 70) * MAP_SCALE + 2 * MAP_PAD
    rows = (seats + 1) // 2
    height = map_h + rows * (PANEL_H + PANEL_GAP)
    viewer = observation.get("viewer")
    who = "the full table" if viewer is None else f"{seat_name(viewer, layout)}' view"
    dragons: dict[str, list[str]] = {}
    for colour, where in (observation.get("dragons") or {}).items():
        if where:
            dragons.setdefault(where, []).append(colour)
    volcanoes = observation.get("volcanoes") or {}
    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-MAP_PAD} {-MAP_PAD} {num(width)} {num(height)}" '
            f'width="100%" font-family="sans-serif" font-size="11" role="img">'),
           title_svg(f"Drachenland, {who}, step {observation.get('step', 0)}"),
           tag("rect", {"x": -MAP_PAD + 2, "y": -MAP_PAD + 2, "width": width - 4, "height": map_h - 4, "rx": 16,
                         "fill": LAND, "stroke": BORDER}),
           land_svg(layout, pts)]
    out += [volcano_contents_svg(v["id"], pts[v["id"]], volcanoes.get(v["id"]), dragons.get(v["id"], []), observation, layout)
            for v in layout.get("volcanoes", [])]
    out += [adventurers_on_land_svg(observation, layout, pts), dice_box_svg(observation, layout),
            turn_box_svg(observation, layout), info_box_svg(observation)]
    panel_w = (width - PANEL_GAP) / 2
    for seat in range(seats):
        x = -MAP_PAD + (seat % 2) * (panel_w + PANEL_GAP)
        y = -MAP_PAD + map_h + PANEL_GAP / 2 + (seat // 2) * (PANEL_H + PANEL_GAP)
        out.append(panel_svg(seat, observation, layout, x, y, panel_w))
    out.append("</svg>")
    return "\n".join(out)
