"""La Chasse au Dragon's picture, the forest: its geometry and colours (the widget's), the squares with their
piles and the card turned up, the camps and the adventurers.
"""

from __future__ import annotations

from typing import Any

from ..svg import text as _text
from ..svg import title as _title

CELL = 64  # one square's side (js/chasse_au_dragon/layout.js)
HEAD = 30  # the line above the board: whose turn, which decision
FOREST = (30, HEAD + 26)  # the forest's top-left corner; the coordinates sit in the margin
SIDE_X, SIDE_W = 580, 320  # the panel beside the forest
VIEW_W = SIDE_X + SIDE_W + 20
# Fixed colours: the widget's light theme (js/chasse_au_dragon/chasse_au_dragon.css mixed with a white page).
INK, MUTED, BORDER, ACCENT, PANEL = "#1f1f1f", "#555555", "#c4c4c4", "#1565c0", "#f4f4f4"
DEPTH_FILL = ("#f2f6cd", "#bfe2c0", "#7dae80", "#3f7844")  # the forest edge, then depth 1..3
GRID, FRAME, INNER_EDGE = "#b8cab0", "#8fac83", "#1b3d0b"
CARD_BACK, CARD_EDGE, CARD_FACE, CARD_INK = "#5d4037", "#f3e5ab", "#fff8e1", "#1b1b1b"
EXPLODE, WINNER_BG, WINNER_EDGE, HALO, HALO_EDGE = "#ff6f00", "#fff9e6", "#c9a227", "#ffeaa7", "#ffb300"
#: The monsters in the order of their power (CD-MON-1), with the face colour of their cards.
MONSTER_FILL = {"goblin": "#d8e8c6", "orc": "#ddd4d0", "ogre": "#faddb2", "troll": "#cfd8dc",
                "giant": "#d8cded", "dragon": "#ebb4b4"}
#: The pawn and tent colours (fill, edge) of the component list's colours (the widget's PAWN_CSS).
PAWN = {"white": ("#f5f5f5", "#424242"), "blue": ("#1e88e5", "#0d2a4d"), "black": ("#262626", "#e0e0e0"),
        "orange": ("#fb8c00", "#4e2a00"), "red": ("#e53935", "#4a0d0c"), "green": ("#7cb342", "#1b3300")}


# ---------------------------------------------------------------------------------------------- drawing
def _depth(x: int, y: int, size: int) -> int:
    """Depth of a square: 0 on the forest edge, 1..3 deeper in (CD-BOARD-2/3, CD-REC-1)."""
    return min(x, y, size - 1 - x, size - 1 - y)


def forest_svg(obs: dict[str, Any], layout: dict[str, Any], names: list[str]) -> str:
    """The forest: squares by depth, piles, the card turned up, camps, then the adventurers."""
    size = layout["size"]
    side = size * CELL
    out = [f'<g transform="translate({FOREST[0]},{FOREST[1]})">',
           f'<rect x="-3" y="-3" width="{side + 6}" height="{side + 6}" rx="6" fill="{FRAME}"/>']
    for y in range(size):
        for x in range(size):
            out.append(_square(x, y, obs, layout, names))
    out.append(f'<rect x="{CELL}" y="{CELL}" width="{side - 2 * CELL}" height="{side - 2 * CELL}" fill="none" '
               f'stroke="{INNER_EDGE}" stroke-width="2.5"/>')
    for i in range(size):
        out.append(_text(i * CELL + CELL / 2, -12, i, size=11, fill=MUTED))
        out.append(_text(-12, i * CELL + CELL / 2, i, size=11, fill=MUTED))
    out.append(_pawns(obs, layout, names))
    out.append("</g>")
    return "\n".join(out)


def _square(x: int, y: int, obs: dict[str, Any], layout: dict[str, Any], names: list[str]) -> str:
    sq = f"{x},{y}"
    ox, oy = x * CELL, y * CELL
    fill = DEPTH_FILL[_depth(x, y, layout["size"])]
    out = [f"<g>{_title(_describe(sq, obs, names))}",
           f'<rect x="{ox}" y="{oy}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="{GRID}"/>']
    revealed = obs["revealed"] if (obs["revealed"] or {}).get("square") == sq else None
    if sq in obs["piles"]:
        count = obs["piles"][sq]
        if revealed:
            out.append(monster_card_svg(revealed["card"], revealed["power"], ox + 21, oy + 24))
            out.append(f'<circle cx="{ox + 7}" cy="{oy + 8}" r="6.5" fill="{CARD_BACK}" stroke="{CARD_EDGE}"/>'
                       + _text(ox + 7, oy + 8.5, count, size=8.5, weight="bold", fill=CARD_FACE))
        else:
            out.append(pile_svg(count, ox + 18, oy + 21))
    for seat, camp in enumerate(obs["camps"]):
        if camp == sq:
            out.append(tent_svg(PAWN[layout["seat_colours"][seat]], ox + 16, oy + CELL - 8))
    out.append("</g>")
    return "".join(out)


def _describe(sq: str, obs: dict[str, Any], names: list[str]) -> str:
    """A square in words (its tooltip); the teacher's view adds the pile's cards, top first."""
    parts = [f"Square {sq}"]
    if sq not in obs["piles"]:
        parts.append("forest edge: no monsters")
    else:
        n = obs["piles"][sq]
        parts.append(f"a pile of {n} monster card(s), face down" if n else "empty pile: no more monsters here")
        if (obs["revealed"] or {}).get("square") == sq:
            parts.append(f"top card turned up: {obs['revealed']['card']} (power {obs['revealed']['power']})")
        known = (obs.get("hidden") or {}).get("piles", {}).get(sq)
        if known:
            parts.append(f"teacher: {', '.join(known)} (top first)")
    parts += [f"{names[seat]}'s camp" for seat, camp in enumerate(obs["camps"]) if camp == sq]
    here = [names[seat] for seat, where in enumerate(obs["positions"]) if where == sq]
    if here:
        parts.append(f"here: {', '.join(here)}")
    return " · ".join(parts)


def pile_svg(count: int, cx: float, cy: float, w: float = 20, h: float = 26) -> str:
    """A pile of face-down monster cards centred on (cx, cy) with its count; an empty pile is a dashed outline."""
    if not count:
        return (f'<rect x="{cx - w / 2:g}" y="{cy - h / 2:g}" width="{w:g}" height="{h:g}" rx="3" fill="none" '
                f'stroke="#6d6d6d" stroke-dasharray="3 2"/>')
    out = [f'<rect x="{cx - w / 2 + i * 2.2:g}" y="{cy - h / 2 + i * 2.2:g}" width="{w:g}" height="{h:g}" rx="3" '
           f'fill="{CARD_BACK}" stroke="{CARD_EDGE}"/>' for i in range(min(3, count) - 1, -1, -1)]
    out.append(_text(cx, cy + 0.5, count, size=13, weight="bold", fill=CARD_FACE))
    return "".join(out)


def monster_card_svg(card: str, power: int, cx: float, cy: float, w: float = 24, h: float = 32) -> str:
    """A face-up monster card centred on (cx, cy): its power large, its name small (CD-MON-1)."""
    return (f'<rect x="{cx - w / 2:g}" y="{cy - h / 2:g}" width="{w:g}" height="{h:g}" rx="3" '
            f'fill="{MONSTER_FILL.get(card, CARD_FACE)}" stroke="{EXPLODE}" stroke-width="2.2"/>'
            + _text(cx, cy - h * 0.1, power, size=12 * w / 24, weight="bold", fill=CARD_INK)
            + _text(cx, cy + h * 0.3, card, size=6.5 * w / 24, fill=CARD_INK))


def tent_svg(colours: tuple[str, str], x: float, y: float, w: float = 24) -> str:
    """A camp tent standing on (x, y) in its seat's colours."""
    fill, edge = colours
    h = w * 0.72
    return (f'<g transform="translate({x:g},{y:g})"><path d="M{-w / 2:g},0 L0,{-h:g} L{w / 2:g},0 Z" fill="{fill}" '
            f'stroke="{edge}" stroke-width="1.2" stroke-linejoin="round"/><path d="M{-w * 0.13:g},0 L0,{-h * 0.45:g} '
            f'L{w * 0.13:g},0 Z" fill="#000000" fill-opacity="0.55"/></g>')


def pawn_svg(colours: tuple[str, str], r: float = 6) -> str:
    """An adventurer pawn standing on (0, 0), about 2r wide and 4r tall."""
    fill, edge = colours
    body = f"M{-r * 1.25:g},0 Q{-r * 1.2:g},{-r * 1.9:g} 0,{-r * 2.1:g} Q{r * 1.2:g},{-r * 1.9:g} {r * 1.25:g},0 Z"
    return (f'<path d="{body}" fill="{fill}" stroke="{edge}" stroke-width="1.3"/>'
            f'<circle cy="{-r * 2.75:g}" r="{r * 0.95:g}" fill="{fill}" stroke="{edge}" stroke-width="1.3"/>')


def _fan(n: int) -> list[tuple[float, float]]:
    """Where ``n`` pawns stand on a square, relative to its corner (the widget's ``pawnFan``)."""
    step = min(13, (CELL - 16) / max(1, n - 1))
    centre = CELL * 0.68 if n <= 2 else CELL / 2 + 4
    first = min(centre - step * (n - 1) / 2, CELL - 8 - step * (n - 1))
    return [(first + i * step, CELL - 7 - (i % 2) * 3) for i in range(n)]


def _pawns(obs: dict[str, Any], layout: dict[str, Any], names: list[str]) -> str:
    """Every adventurer, fanned out when several share a square; the one to play ringed."""
    by_square: dict[str, list[int]] = {}
    for seat, where in enumerate(obs["positions"]):
        if where:
            by_square.setdefault(where, []).append(seat)
    out = []
    for where, seats in by_square.items():
        x0, y0 = (int(v) * CELL for v in where.split(","))
        for seat, (dx, dy) in zip(seats, _fan(len(seats))):
            active = not obs["is_over"] and obs["active_player"] == seat
            halo = (f'<ellipse cy="-10" rx="12" ry="17" fill="{HALO}" fill-opacity="0.8" stroke="{HALO_EDGE}" '
                    f'stroke-width="2" stroke-dasharray="4 2"/>' if active else "")
            words = f"{names[seat]}'s adventurer on {where}{', to play' if active else ''}"
            out.append(f'<g transform="translate({x0 + dx:g},{y0 + dy:g})">{_title(words)}{halo}'
                       f'{pawn_svg(PAWN[layout["seat_colours"][seat]])}</g>')
    return "".join(out)
