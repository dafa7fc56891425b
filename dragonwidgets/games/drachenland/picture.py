"""A static SVG picture of the Drachenland map with chosen spaces coloured (for notebooks and docs).

The interactive map is the widget's; this one is plain text, so a notebook can draw a question's answer
on the map (``IPython.display.SVG(map_svg(...))``), e.g. which spaces each die value reaches.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from .board import Board

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

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}" height="{h:g}" viewBox="0 0 {w:g} {h:g}" '
           f'font-family="sans-serif">', f'<rect width="{w:g}" height="{h:g}" fill="#f4efe1"/>']
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
