"""Emerald's picture, the board: its geometry and colours (the widget's), the castle, plain and mountains,
the flight track, the lair and nest, the piles, the knights, the dragon and its die.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from ..svg import text as _text
from ..svg import title as _title

VIEW_W, VIEW_H = 960, 730  # the widget's board (js/emerald/layout.js VIEW)
HEAD = 30  # the line above the board: whose turn, which decision
# The widget's geometry (js/emerald/layout.js), in SVG units.
CASTLE = (14, 542, 190, 178)  # x, y, w, h
TOWERS = {"T1": (52, 582), "T2": (166, 582), "T3": (52, 680), "T4": (166, 680), "KEEP": (109, 631)}
SPACE_R = 32
PLAIN = {"x0": 214, "y": 628, "w": 58, "h": 90, "pitch": 64}
MOUNTAIN = {"x": 650, "w": 140, "h": 48, "cy1": 600, "pitch": 56}
PILE = {"w": 36, "h": 48, "gold": 620, "gem": 820}
RAIL = {"x": 852, "w": 80, "slot": 50}
LAIR = (640, 26, 160, 86)
TREASURES = (812, 36, 40, 54)
NEST = (492, 26, 134, 86)
DIE = (866, 652, 56)
HANDS = {"x": 16, "y": 16, "w": 462, "bottom": 500, "legend": 34}
START = ("T1", "T2", "T3", "T4", "KEEP")
# Fixed colours: the widget's light theme (js/emerald/emerald.css mixed with a white page).
INK, MUTED, BORDER, ACCENT = "#1f1f1f", "#555555", "#c4c4c4", "#1565c0"
BOARD_BG, ROAD, STONE, START_FILL = "#f8fbf4", "#dad0cd", "#dddddd", "#e2e8ea"
PLAIN_FILL, MOUNTAIN_FILL, LAIR_FILL, NEST_FILL = "#dcedc9", "#dbd1cd", "#beb3af", "#ffe0d6"
TRACK_FILL, TRACK_SQUARE, DRAGON, DRAGON_WING, DRAGON_EDGE = "#bdaca5", "#cbbeb9", "#c62828", "#dc6d4b", "#4a0d0d"
GOLD, GOLD_EDGE, COIN, COIN_EDGE, GOLD_INK = "#f6c945", "#9a7400", "#ffe082", "#b8860b", "#5d4300"
GEM_CARD, CARD_BACK, TREASURE, TREASURE_INK = "#eff1f3", "#6a76c0", "#ffd573", "#6d4c00"
HAND_BG, WINNER_BG, WINNER_EDGE, BONUS_FILL = "#f4f4f4", "#fff9e6", "#c9a227", "#ffe284"
DIAMOND = "M0,-9 L8,-2 L0,10 L-8,-2 Z"
FACETS = "M-8,-2 L8,-2 M-3,-2 L0,10 L3,-2"
DIE_PIPS = {1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1))}


# ---------------------------------------------------------------------------------------------- drawing
def _space(space: str) -> tuple[str, float, float, float, float]:
    """Return the shape of a space: ``("circle", cx, cy, r, r)`` or ``("rect", x, y, w, h)``."""
    if space in TOWERS:
        return ("circle", *TOWERS[space], SPACE_R, SPACE_R)
    k = _mountain(space)
    if k:
        return ("rect", MOUNTAIN["x"], _mountain_y(k) - MOUNTAIN["h"] / 2, MOUNTAIN["w"], MOUNTAIN["h"])
    n = int(space[1:])
    return ("rect", PLAIN["x0"] + (n - 1) * PLAIN["pitch"], PLAIN["y"], PLAIN["w"], PLAIN["h"])


def _mountain(space: str | None) -> int:
    """The mountain number of a square id (``"M4"`` -> 4), or 0."""
    m = re.fullmatch(r"M([1-9])", space or "")
    return int(m.group(1)) if m else 0


def _mountain_y(k: int) -> float:
    return MOUNTAIN["cy1"] - (k - 1) * MOUNTAIN["pitch"]


def skeleton_svg(layout: dict[str, Any]) -> str:
    """The fixed board: road, castle and start spaces, plain and mountain squares, lair, nest, rail."""
    out = [f'<rect width="{VIEW_W}" height="{VIEW_H}" rx="12" fill="{BOARD_BG}" stroke="{BORDER}"/>']
    road: list[tuple[float, float]] = [(CASTLE[0] + CASTLE[2] - 4, PLAIN["y"] + PLAIN["h"] / 2)]
    road += [(_space(f"P{k}")[1] + PLAIN["w"] / 2, PLAIN["y"] + PLAIN["h"] / 2) for k in range(1, 7)]
    mx = MOUNTAIN["x"] + MOUNTAIN["w"] / 2
    road += [(mx, PLAIN["y"] + PLAIN["h"] / 2)] + [(mx, _mountain_y(k)) for k in range(1, 10)]
    road.append((mx, LAIR[1] + LAIR[3] / 2))
    out.append(f'<polyline points="{" ".join(f"{x:g},{y:g}" for x, y in road)}" fill="none" stroke="{ROAD}" '
               f'stroke-width="26" stroke-linejoin="round" stroke-linecap="round"/>')
    left, top, width, height = CASTLE
    out.append(f'<rect x="{left}" y="{top}" width="{width}" height="{height}" rx="4" fill="{STONE}" stroke="#8a8a8a"/>')
    out.append(_text(left + width / 2, top - 10, "CASTLE", size=12, weight="bold", fill=MUTED))
    used = layout.get("start_spaces") or START
    for space in START:
        _, cx, cy, r, _ = _space(space)
        dim = "" if space in used else ' opacity="0.35"'
        label = "keep" if space == "KEEP" else space
        out.append(f'<g{dim}><circle cx="{cx}" cy="{cy}" r="{r}" fill="{START_FILL}" stroke="#8a8a8a"/>'
                   f'{_text(cx, cy - r + 12, label, size=12, weight="bold", fill=MUTED)}</g>')
    for k in range(1, 7):
        _, x, y, w, h = _space(f"P{k}")
        out.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="6" fill="{PLAIN_FILL}" stroke="#8a8a8a"/>')
        out.append(_text(x + w / 2, y + 12, f"P{k}", weight="bold", fill=MUTED))
    for k in range(1, 10):
        _, x, y, w, h = _space(f"M{k}")
        out.append(f'<rect x="{x}" y="{y:g}" width="{w}" height="{h}" rx="6" fill="{MOUNTAIN_FILL}" stroke="#8a8a8a"/>')
        out.append(_text(x + 16, y + h / 2, f"M{k}", weight="bold", fill=MUTED))
        out.append(f'<rect x="{RAIL["x"] + 6}" y="{_mountain_y(k) - RAIL["slot"] / 2:g}" width="{RAIL["w"] - 12}" '
                   f'height="{RAIL["slot"]}" rx="6" fill="none" stroke="#c8c8c8" stroke-dasharray="4 3"/>')
    x, y, w, h = LAIR
    out.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="14" fill="{LAIR_FILL}" stroke="#8a8a8a"/>')
    out.append(_text(x + w / 2, y + 18, "LAIR", weight="bold", fill=INK))
    out += [f'<circle cx="{px}" cy="{py}" r="13" fill="#ece8e7" stroke="#8a8a8a" stroke-dasharray="3 2"/>'
            for px, py in _lair_places()]
    x, y, w, h = NEST
    out.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="30" fill="{NEST_FILL}" stroke="#8a8a8a"/>')
    out.append(_text(x + w / 2, y + 18, "NEST", weight="bold", fill=MUTED))
    out.append(_text(PILE["gold"], _mountain_y(9) - 34, "gold", size=11, fill=MUTED))
    out.append(_text(PILE["gem"], _mountain_y(9) - 34, "gems", size=11, fill=MUTED))
    return "\n".join(out)


def _lair_places() -> list[tuple[float, float]]:
    return [(LAIR[0] + 28 + i * 35, LAIR[1] + 58) for i in range(4)]


def track_svg(track: dict[str, Any]) -> str:
    """The flight track: a band on the rail beside its four squares, with its position (EM-TRACK-*)."""
    ks = [_mountain(sq) for sq in track["squares"] if _mountain(sq)]
    if not ks:
        return ""
    half = RAIL["slot"] / 2
    top, bottom = _mountain_y(max(ks)) - half - 4, _mountain_y(min(ks)) + half + 4
    words = f"Flight track beside M{min(ks)}-M{max(ks)}, position {track['position']} of 6"
    out = [f"<g>{_title(words)}",
           (f'<rect x="{RAIL["x"]}" y="{top:g}" width="{RAIL["w"]}" height="{bottom - top:g}" rx="10" '
            f'fill="{TRACK_FILL}" stroke="#5d4037" stroke-width="1.5"/>')]
    out += [f'<rect x="{RAIL["x"] + 8}" y="{_mountain_y(k) - half + 2:g}" width="{RAIL["w"] - 16}" height="{RAIL["slot"] - 4}" '
            f'rx="5" fill="{TRACK_SQUARE}"/>' for k in range(min(ks), max(ks) + 1)]
    cx = RAIL["x"] + RAIL["w"] / 2
    out.append(_text(cx, top - 20, "flight track", size=11, weight="bold"))
    out.append(_text(cx, top - 7, f"{track['position']} of 6{', fixed' if track['fixed'] else ''}", size=11, fill=MUTED))
    out.append("</g>")
    return "\n".join(out)


def gem_svg(css: str, cx: float, cy: float, scale: float) -> str:
    """A gem glyph (a cut stone) of colour ``css`` centred on (cx, cy)."""
    return (f'<g transform="translate({cx:g},{cy:g}) scale({scale:.3g})"><path d="{DIAMOND}" fill="{escape(css)}" '
            f'stroke="#555555" stroke-width="0.8"/><path d="{FACETS}" fill="none" stroke="#ffffff" '
            f'stroke-opacity="0.6" stroke-width="0.8"/></g>')


def card_svg(card: dict[str, Any] | None, cx: float, cy: float, w: float, h: float, gems: dict[str, Any]) -> str:
    """One card centred on (cx, cy): a gold card with its value, a gem card with its stone, or a back (``None``)."""
    x, y = cx - w / 2, cy - h / 2
    box = f'x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="4"'
    if card is None:
        return (f'<rect {box} fill="{CARD_BACK}" stroke="#444444"/><rect x="{x + 4:g}" y="{y + 4:g}" width="{w - 8:g}" '
                f'height="{h - 8:g}" rx="2" fill="none" stroke="#ffffff" stroke-opacity="0.5"/>')
    if card["kind"] == "gold":
        return (f'<rect {box} fill="{GOLD}" stroke="{GOLD_EDGE}"/><circle cx="{cx:g}" cy="{cy:g}" r="{min(w, h) * 0.36:g}" '
                f'fill="{COIN}" stroke="{COIN_EDGE}" stroke-width="1.2"/>'
                + _text(cx, cy + 0.5, card["value"], size=min(w, h) * 0.5, weight="bold", fill=GOLD_INK))
    css = gems.get(card["gem"], {}).get("css", "#888888")
    return f'<rect {box} fill="{GEM_CARD}" stroke="#8a8a8a"/>' + gem_svg(css, cx, cy, min(w, h) / 22)


def _card_name(card: dict[str, Any], gems: dict[str, Any]) -> str:
    return f"gold {card['value']}" if card["kind"] == "gold" else gems.get(card["gem"], {}).get("name", card["gem"])


def piles_svg(obs: dict[str, Any], layout: dict[str, Any]) -> str:
    """Each mountain square's gold and gem piles: the face-up top card and ``+n`` face-down cards (EM-CARD-2)."""
    gems = layout["gems"]
    teacher = obs.get("face_down") or {}
    out = []
    for square, two in sorted(obs["piles"].items(), key=lambda kv: _mountain(kv[0])):
        k = _mountain(square)
        for kind in ("gold", "gem"):
            out.append(_pile(f"{kind} pile of {square}", two[kind], PILE[kind], _mountain_y(k), gems,
                             teacher.get(square, {}).get(kind)))
    return "\n".join(out)


def _pile(name: str, pile: dict[str, Any], cx: float, cy: float, gems: dict[str, Any],
          face_down: list[dict[str, Any]] | None) -> str:
    count, top = pile["count"], pile["top"]
    hidden = count - (1 if top else 0)
    w, h = PILE["w"], PILE["h"]
    if top:
        words = f"{name}: {_card_name(top, gems)} face up, {hidden} face down"
    else:
        words = f"{name}: {count} face down, the top one to be turned up" if count else f"{name}: empty"
    if face_down:  # the teacher's view: the face-down cards, top first
        words += " (" + ", ".join(_card_name(c, gems) for c in reversed(face_down)) + ")"
    out = [f"<g>{_title(words)}"]
    if not count:
        out.append(f'<rect x="{cx - w / 2:g}" y="{cy - h / 2:g}" width="{w}" height="{h}" rx="4" fill="none" '
                   f'stroke="#9a9a9a" stroke-dasharray="3 3"/>')
    else:
        out += [card_svg(None, cx + i * 2.5, cy - i * 2.5, w, h, gems) for i in range(min(hidden, 2), 0, -1)]
        out.append(card_svg(top, cx, cy, w, h, gems))
        if hidden:
            bx, by = cx + w / 2 - 2, cy + h / 2 - 2
            out.append(f'<circle cx="{bx:g}" cy="{by:g}" r="8" fill="{INK}"/>'
                       + _text(bx, by, f"+{hidden}", size=9, weight="bold", fill="#ffffff"))
    out.append("</g>")
    return "".join(out)


def treasures_svg(left: int) -> str:
    """The lair's treasure cards left (5 points each, EM-LAIR-*)."""
    x, y, w, h = TREASURES
    out = [f"<g>{_title(f'{left} treasure card(s) left in the lair')}"]
    out += [f'<rect x="{x + i * 3}" y="{y - i * 3}" width="{w}" height="{h}" rx="4" fill="{TREASURE}" stroke="#8d6e00"/>'
            for i in range(min(left, 4) - 1, -1, -1)]
    if left:
        out.append(_text(x + w / 2, y + h / 2 - 4, "★", size=15, fill=TREASURE_INK))
    else:
        out.append(f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="4" fill="none" stroke="#9a9a9a" stroke-dasharray="3 3"/>')
    out.append(_text(x + w / 2, y + h + 14, f"{left} left", size=11, fill=MUTED))
    out.append("</g>")
    return "".join(out)


def _ink(css: str) -> str:
    """Black or white, whichever reads better on ``css`` (a ``#rrggbb`` colour)."""
    try:
        rgb = [int(css[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    except ValueError:
        return "#ffffff"
    lum = sum(f * (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4) for f, c in zip((0.2126, 0.7152, 0.0722), rgb))
    return "#111111" if lum > 0.18 else "#ffffff"


def _stack(x: float, y: float, r: float, colour: str, count: int, where: str, layout: dict[str, Any],
           moved: int = 0, victim: bool = False) -> str:
    """A stack of ``count`` knights of ``colour`` centred on (x, y): discs piled up, the count on top."""
    info = layout["colours"].get(colour, {"name": colour, "css": "#888888"})
    note = f", {moved} moved this turn" if moved else ""
    words = f"{count} {info['name'].lower()} knight(s) on {where}{note}"
    out = [f"<g>{_title(words)}"]
    edge = f'stroke="{DRAGON}" stroke-width="3"' if victim else f'stroke="{INK}" stroke-width="1.3"'
    layers = min(count, 3)
    out += [f'<circle cx="{x:g}" cy="{y - i * 3:g}" r="{r:g}" fill="{escape(info["css"])}" {edge}/>' for i in range(layers - 1, -1, -1)]
    top = y - (layers - 1) * 3
    if count > 1:
        out.append(_text(x, top, count, size=r * 1.25, weight="bold", fill=_ink(info["css"])))
    if moved:
        out.append(f'<circle cx="{x + r * 0.8:g}" cy="{top - r * 0.8:g}" r="3.5" fill="{ACCENT}" stroke="#ffffff"/>')
    out.append("</g>")
    return "".join(out)


def _slots(space: str, n: int) -> list[tuple[float, float, float]]:
    """Centres and radius of ``n`` knight stacks on ``space`` (the widget's ``stackSlots``)."""
    shape, x, y, _, h = _space(space)
    if shape == "circle":
        rows = [n] if n <= 3 else [3, n - 3]
        ys = [y + 5] if len(rows) == 1 else [y + 1, y + 18]
        return [(x + (i - (m - 1) / 2) * 17, ys[row], 7.5) for row, m in enumerate(rows) for i in range(m)]
    if _mountain(space):
        return [(x + 44 + i * 21, y + h / 2 + 2, 9) for i in range(n)]
    return [(x + 17 + (i % 2) * 24, y + 32 + (i // 2) * 22, 9) for i in range(n)]


def knights_svg(obs: dict[str, Any], layout: dict[str, Any]) -> str:
    """Every stack of knights on the castle and the path, the lair's places and the nest (EM-SETUP-11)."""
    order = list(layout["colours"])
    pending = obs["pending"] or {}
    out = []
    for space, here in obs["knights"].items():
        present = sorted((c for c in here if here[c] > 0), key=order.index)
        if space in ("LAIR", "NEST") or not present:
            continue
        moved = obs["moved"].get(space, {})
        for (x, y, r), colour in zip(_slots(space, len(present)), present):
            victim = pending.get("square") == space and pending.get("victim_colour") == colour
            out.append(_stack(x, y, r, colour, here[colour], space, layout, moved.get(colour, 0), victim))
    for (x, y), colour in zip(_lair_places(), obs["lair_places"]):
        if colour:
            out.append(_stack(x, y, 11, colour, 1, "the lair", layout))
    nest = obs["knights"].get("NEST", {})
    present = sorted((c for c in nest if nest[c] > 0), key=order.index)
    for i, colour in enumerate(present):
        out.append(_stack(NEST[0] + 22 + (i % 4) * 30, NEST[1] + 46 + (i // 4) * 24, 10, colour, nest[colour], "the nest", layout))
    return "\n".join(out)


def dragon_svg(dragon: dict[str, Any]) -> str:
    """The dragon beside its square on the rail, head toward the lair (up) or the plain (down) (EM-DRAGON-1)."""
    k = _mountain(dragon["square"])
    if not k:
        return ""
    x, y = RAIL["x"] + RAIL["w"] / 2, _mountain_y(k)
    facing = "the lair" if dragon["facing"] == "lair" else "the plain"
    off = "" if dragon["on_track"] else ", off its track"
    dash = "" if dragon["on_track"] else ' stroke-dasharray="4 3"'
    turn = 0 if dragon["facing"] == "lair" else 180
    words = f"Dragon beside {dragon['square']}, facing {facing}{off}"
    return (f'<g>{_title(words)}'
            f'<circle cx="{x:g}" cy="{y:g}" r="24" fill="#f9e0e0" stroke="{DRAGON}" stroke-width="1.5"{dash}/>'
            f'<g transform="translate({x:g},{y:g}) rotate({turn})" stroke="{DRAGON_EDGE}">'
            f'<path d="M-3,-2 L-26,-12 L-20,2 L-27,8 L-4,10 Z M3,-2 L26,-12 L20,2 L27,8 L4,10 Z" fill="{DRAGON_WING}"/>'
            f'<path d="M0,14 Q4,22 10,21" fill="none" stroke="{DRAGON}" stroke-width="3"/>'
            f'<ellipse cx="0" cy="3" rx="7" ry="13" fill="{DRAGON}"/><ellipse cx="0" cy="-12" rx="6" ry="7" fill="{DRAGON}"/>'
            f'<path d="M-5,-24 L0,-31 L5,-24 Z" fill="{INK}" stroke="none"/></g></g>')


def die_svg(roll: int | None) -> str:
    """The dragon die showing the last roll (faces 1, 1, 2, 2, 3, 3), or a dash before the first."""
    x, y, size = DIE
    cx, cy = x + size / 2, y + size / 2
    out = [f"<g>{_title(f'Dragon die: last roll {roll}' if roll else 'Dragon die: not rolled yet')}",
           f'<rect x="{x}" y="{y}" width="{size}" height="{size}" rx="10" fill="#ffffff" stroke="{INK}" stroke-width="2"/>']
    out += [f'<circle cx="{cx + dx * size * 0.25:g}" cy="{cy + dy * size * 0.25:g}" r="{size * 0.09:g}" fill="{DRAGON}"/>'
            for dx, dy in DIE_PIPS.get(roll or 0, ())]
    if not roll:
        out.append(_text(cx, cy, "–", size=22, fill=MUTED))
    out.append(_text(cx, y + size + 14, "dragon die", size=11, fill=MUTED))
    out.append("</g>")
    return "".join(out)
