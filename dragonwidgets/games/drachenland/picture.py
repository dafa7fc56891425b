"""Static SVG pictures of Drachenland: the map with chosen spaces coloured, and the whole table.

The interactive map is the widget's; these are plain text. :func:`map_svg` lets a notebook draw a
question's answer on the map (``IPython.display.SVG(map_svg(...))``), e.g. which spaces each die value
reaches. :func:`board_svg` draws the table an observation shows (the widget's board, simplified), which
``game.picture(player)`` gives to places where no front end runs (a notebook shown statically).
"""

from __future__ import annotations

import math
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


# ---------------------------------------------------------------------------------------------------------
# The whole table as a seat sees it (the widget's board, simplified), for notebooks shown statically.

#: The widget's geometry (js/drachenland/layout.js): SVG units per board unit, the margin, the radii.
MAP_SCALE, MAP_PAD = 10, 34
VOLCANO_R, STONE_R, PIECE_R = 30, 6, 8
DICE_BOX, TURN_BOX, INFO_BOX = (4, 4, 176, 104), (780, 4, 238, 112), (4, 620, 230, 78)
PANEL_H, PANEL_GAP = 132, 8  # one seat panel under the map (two panels a row)
#: Fixed colours that read on a white page (the widget's light theme).
INK, MUTED, BOX, BORDER, ACCENT = "#1f1f1f", "#4b4b4b", "#ececec", "#c4c4c4", "#1565c0"
LAND, PATH, STONE, WATER, BANK = "#ebf6df", "#bba8a1", "#d1d1d1", "#3f8fd8", "#d0e9fc"
CONE, CONE_EDGE, LAVA, EGG = "#a1887f", "#3e2723", "#ff7043", "#fff8e1"
TOKEN_BACK, TOKEN_FACE, GOLD = "#6d1b1b", "#fff5e6", "#f4c542"
GEM_SLOTS = {"ruby": (3, -4), "emerald": (16, -4), "sapphire": (3, 10), "diamond": (16, 10)}
TOKEN_ORDER = ("fate", "boatman", "baby_dragon", "forced_march", "magic_hand")
HOARD_ORDER = ("egg", "ruby", "emerald", "sapphire", "diamond")
#: The decisions of the contract, in a few words (the widget's turn box).
DECISION_WORDS = {
    "roll": "roll the dice", "reroll": "roll again (fate)", "fate": "keep the roll or play fate",
    "choose_die": "choose a die", "choose_adventurer": "choose an adventurer", "movement": "move",
    "treasure": "take treasure", "magic_hand": "magic hand or done", "take_again": "take again (magic hand)",
    "reveal": "turn up the volcano's token",
}
PIPS = {1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
        4: ((-1, -1), (1, -1), (-1, 1), (1, 1)), 5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
        6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1))}


def _num(v: float) -> str:
    """A coordinate, one decimal at most."""
    return f"{round(v, 1):g}"


def _tag(name: str, attrs: Mapping[str, object], inner: str = "") -> str:
    """An SVG element with its attributes escaped (``None`` values left out; numbers rounded)."""
    parts = [name]
    for key, value in attrs.items():
        if value is None:
            continue
        shown = _num(value) if isinstance(value, float) else str(value)
        parts.append(f'{key.rstrip("_").replace("_", "-")}="{escape(shown)}"')
    head = " ".join(parts)
    return f"<{head}>{inner}</{name}>" if inner else f"<{head}/>"


def _text(x: float, y: float, words: object, *, size: float = 11, anchor: str = "start", **attrs: object) -> str:
    """A line of text, vertically centred on ``y`` (the picture's defaults, 11 units and start, left out)."""
    return _tag("text", {"x": float(x), "y": float(y), "font_size": None if size == 11 else size,
                         "text_anchor": None if anchor == "start" else anchor, "dy": ".35em", **attrs},
                escape(str(words)))


def _group(x: float, y: float, inner: str, **attrs: object) -> str:
    """``inner`` translated to (x, y)."""
    return _tag("g", {"transform": f"translate({_num(x)},{_num(y)})", **attrs}, inner)


def _title(words: str) -> str:
    """A tooltip (``<title>``) for the element it opens."""
    return f"<title>{escape(words)}</title>"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _gem_count(n: int, gem: str, layout: Mapping) -> str:
    """``"1 ruby"``, ``"2 rubies"`` (the widget's words)."""
    name = layout.get("gems", {}).get(gem, {}).get("name", gem)
    if n == 1:
        return f"1 {name}"
    return f"{n} {name[:-1]}ies" if name.endswith("y") else f"{n} {name}s"


def _seat_name(seat: int, layout: Mapping) -> str:
    shapes = layout.get("shapes", [])
    return shapes[seat].get("name", f"Seat {seat + 1}") if seat < len(shapes) else f"Seat {seat + 1}"


def _colour_css(colour: str, layout: Mapping) -> str:
    return layout.get("colours", {}).get(colour, {}).get("css", "#888888")


# -- small pictures, centred on (0, 0) (js/drachenland/glyphs.js) -----------------------------------------
def _shape(glyph: str, r: float, **attrs: object) -> str:
    """A seat's shape (DL-REC-4: circle, square, triangle or diamond) of radius ``r``."""
    if glyph == "square":
        return _tag("rect", {"x": -r * 0.88, "y": -r * 0.88, "width": r * 1.76, "height": r * 1.76, "rx": r * 0.18, **attrs})
    if glyph == "triangle":
        return _tag("path", {"d": f"M0,{_num(-r * 1.12)} L{_num(r * 1.05)},{_num(r * 0.78)} L{_num(-r * 1.05)},{_num(r * 0.78)} Z", **attrs})
    if glyph == "diamond":
        return _tag("path", {"d": f"M0,{_num(-r * 1.15)} L{_num(r * 1.05)},0 L0,{_num(r * 1.15)} L{_num(-r * 1.05)},0 Z", **attrs})
    return _tag("circle", {"r": float(r), **attrs})


def _adventurer(glyph: str, css: str, ring: bool, r: float = PIECE_R, state: str = "") -> str:
    """An adventurer: its seat's shape in its colour, a white ring mark when it wears a ring; ``state``
    "active" adds a halo, "used" dims it."""
    out = _tag("circle", {"r": r + 5.0, "fill": "#ffe9b3", "stroke": "#ffb300", "stroke_width": 2,
                          "stroke_dasharray": "4 2"}) if state == "active" else ""
    out += _shape(glyph, r, fill=css, stroke=INK, stroke_width=1.4)
    if ring:
        out += _tag("circle", {"cx": r * 0.85, "cy": -r * 0.85, "r": r * 0.42, "fill": "none", "stroke": "#ffffff",
                               "stroke_width": 2.6}) + _tag("circle", {"cx": r * 0.85, "cy": -r * 0.85, "r": r * 0.42,
                                                                       "fill": "none", "stroke": INK, "stroke_width": 0.6})
    return _tag("g", {"opacity": 0.55 if state == "used" else None}, out)


def _dragon(css: str, r: float = 10) -> str:
    """A royal dragon seen from above, wings spread, about ``2r`` wide."""
    k = r / 10

    def poly(points: tuple[tuple[float, float], ...]) -> str:
        return " ".join(f"{'L' if i else 'M'}{_num(x * k)},{_num(y * k)}" for i, (x, y) in enumerate(points)) + " Z"

    line = {"stroke": "#212121", "stroke_width": 0.8}
    return (_tag("path", {"d": poly(((-2, -2), (-11, -7), (-8, 1), (-11, 4), (-2, 4))), "fill": css, **line})
            + _tag("path", {"d": poly(((2, -2), (11, -7), (8, 1), (11, 4), (2, 4))), "fill": css, **line})
            + _tag("ellipse", {"cx": 0, "cy": float(k), "rx": 3 * k, "ry": 7 * k, "fill": css, **line})
            + _tag("circle", {"cx": 0, "cy": -6.5 * k, "r": 3.2 * k, "fill": css, **line}))


def _egg(count: int, r: float = 8) -> str:
    """A dragon egg, the count on it when more than one."""
    out = _tag("ellipse", {"rx": r * 0.8, "ry": float(r), "fill": EGG, "stroke": "#6d4c41", "stroke_width": 0.9})
    return out + (_text(0, r * 0.1, count, size=9, anchor="middle", font_weight=800, fill="#3e2723") if count > 1 else "")


def _gem(css: str, count: int, r: float = 6.2) -> str:
    """A gem (a small cut stone), the count on it when more than one."""
    d = f"M0,{_num(-r)} L{_num(r)},{_num(-r * 0.2)} L0,{_num(r)} L{_num(-r)},{_num(-r * 0.2)} Z"
    out = _tag("path", {"d": d, "fill": css, "stroke": "#455a64", "stroke_width": 0.7})
    ink = INK if css.lower() in ("#b0bec5", "#ffffff") else "#ffffff"
    return out + (_text(0, 0.5, count, size=9, anchor="middle", font_weight=800, fill=ink) if count > 1 else "")


#: Each token kind's picture on a disc of radius 8 (js/drachenland/glyphs.js): (kind of mark, path data).
_LINE, _FILL = {"fill": "none", "stroke": "#4e342e", "stroke_width": 1.3, "stroke_linecap": "round"}, \
    {"fill": "#8d6e63", "stroke": "#4e342e", "stroke_width": 0.8}
TOKEN_PICTURES = {
    "fate": ((_LINE, "M-4.5,1.5 A4.6,4.6 0 1 1 -1,4.4"), ({"fill": "#4e342e"}, "M-6.8,-0.5 L-4.4,3.2 L-1.8,-0.2 Z")),
    "boatman": ((_FILL, "M-6,1 L6,1 L3.5,5 L-3.5,5 Z"), (_LINE, "M0,1 L0,-6 M0,-5.5 L4.5,-0.5 L0,-0.5")),
    "magic_hand": ((_LINE, "M-3.5,5 L-3.5,-1 M-1.5,1 L-1.5,-5 M0.5,1 L0.5,-6 M2.5,1 L2.5,-5 M4,2 L5.5,-1.5"),
                   (_FILL, "M-4,0 L4.5,0 L4,4 L1.5,6 L-2.5,6 L-4,3.5 Z")),
}


def _token_face(kind: str, layout: Mapping, r: float = 9.5) -> str:
    """A face-up token: a disc with its picture (a royal dragon in its colour, "+3" for a forced march...)."""
    ring = kind == "ring"
    disc = _tag("circle", {"r": float(r), "fill": "#ffe082" if ring else TOKEN_FACE, "stroke": "#5d4037"})
    if kind.startswith("royal_dragon_"):
        picture = _dragon(_colour_css(kind.removeprefix("royal_dragon_"), layout), 7.5)
    elif kind == "baby_dragon":
        picture = _dragon("#4e342e", 6.5)
    elif ring:
        picture = (_tag("circle", {"r": 4.2, "fill": "none", "stroke": "#ffffff", "stroke_width": 2.4})
                   + _tag("circle", {"r": 4.2, "fill": "none", "stroke": "#6d4c41", "stroke_width": 0.5}))
    elif kind in TOKEN_PICTURES:
        picture = "".join(_tag("path", {"d": d, **style}) for style, d in TOKEN_PICTURES[kind])
    else:
        picture = _text(0, 0.5, "+3" if kind == "forced_march" else "?", size=7.5, anchor="middle", font_weight=800,
                        fill="#4e342e")
    return disc + _tag("g", {"transform": f"scale({_num(r / 8)})"}, picture)


def _token_back(r: float = 9.5) -> str:
    """A face-down token: the dragon-head back with a "?"."""
    horns = (f"M{_num(-r * 0.55)},{_num(-r * 0.2)} L{_num(-r * 0.75)},{_num(-r * 0.75)} L{_num(-r * 0.2)},{_num(-r * 0.45)} "
             f"M{_num(r * 0.55)},{_num(-r * 0.2)} L{_num(r * 0.75)},{_num(-r * 0.75)} L{_num(r * 0.2)},{_num(-r * 0.45)}")
    return (_tag("circle", {"r": float(r), "fill": TOKEN_BACK, "stroke": GOLD})
            + _tag("path", {"d": horns, "fill": "none", "stroke": GOLD})
            + _text(0, r * 0.12, "?", size=r * 1.15, anchor="middle", font_weight=800, fill=GOLD))


# -- the land (js/drachenland/map.js) ---------------------------------------------------------------------
def _points(layout: Mapping) -> dict[str, tuple[float, float, str]]:
    """Every node's SVG position and kind (volcano, stone, entrance), by id."""
    out: dict[str, tuple[float, float, str]] = {}
    for kind in ("entrances", "stones", "volcanoes"):
        for n in layout.get(kind, []):
            out[n["id"]] = (n["x"] * MAP_SCALE, n["y"] * MAP_SCALE, kind)
    return out


def _wavy(p: tuple[float, float, str], q: tuple[float, float, str], trim: float = VOLCANO_R - 4) -> str:
    """A river from volcano ``p`` to volcano ``q``: a sine wave trimmed to the rims."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy) or 1
    ux, uy = dx / length, dy / length
    span = max(0.0, length - 2 * trim)
    waves = max(1, round(span / 22))
    steps = waves * 6
    pts = []
    for i in range(steps + 1):
        along = trim + span * i / steps
        off = math.sin(i / steps * waves * 2 * math.pi) * 4
        pts.append(f"{round(p[0] + ux * along - uy * off)},{round(p[1] + uy * along + ux * off)}")
    return "M" + " L".join(pts)


def _cone(x: float, y: float) -> str:
    """A volcano's cone with its glowing crater, centred on (x, y)."""
    r = VOLCANO_R
    base, top = y + r * 0.72, y - r * 0.62
    d = (f"M{_num(x - r)},{_num(base)} Q{_num(x - r * 0.55)},{_num(y - r * 0.05)} {_num(x - r * 0.34)},{_num(top)} "
         f"L{_num(x + r * 0.34)},{_num(top)} Q{_num(x + r * 0.55)},{_num(y - r * 0.05)} {_num(x + r)},{_num(base)} Z")
    return (_tag("path", {"d": d, "fill": CONE, "stroke": CONE_EDGE, "stroke_width": 1.3})
            + _tag("ellipse", {"cx": float(x), "cy": float(top), "rx": r * 0.34, "ry": r * 0.13, "fill": LAVA,
                               "stroke": CONE_EDGE, "stroke_width": 0.8}))


def _land(layout: Mapping, pts: Mapping[str, tuple[float, float, str]]) -> str:
    """Paths, rivers, volcano cones, stepping stones and entrance arrows (shared styles set once a group)."""
    paths, entries = [], []  # each path's segments as one path's data
    for a, b in layout.get("edges", []):
        (x1, y1, k1), (x2, y2, k2) = pts[a], pts[b]
        (entries if "entrances" in (k1, k2) else paths).append(f"M{_num(x1)} {_num(y1)}L{_num(x2)} {_num(y2)}")
    rivers = []
    for a, b in layout.get("rivers", []):
        d = _wavy(pts[a], pts[b])
        rivers.append(_tag("g", {}, _title(f"River between {a} and {b} (a boatman crosses it)")
                           + _tag("path", {"d": d, "stroke": BANK, "stroke_width": 9})
                           + _tag("path", {"d": d, "stroke": WATER, "stroke_width": 3, "stroke_dasharray": "9 4"})))
    stones = []
    for stone in layout.get("stones", []):
        x, y, _ = pts[stone["id"]]
        junction = {"r": STONE_R + 1.5, "fill": "#c7b5ae"} if stone.get("junction") else {"r": STONE_R}
        stones.append(_tag("circle", {"cx": x, "cy": y, **junction}))
    labels = [_text(pts[v["id"]][0] - VOLCANO_R * 0.55, pts[v["id"]][1] - VOLCANO_R * 0.92, v["id"], size=12, anchor="end")
              for v in layout.get("volcanoes", [])]
    line = {"stroke": PATH, "stroke_width": 3, "stroke_linecap": "round"}
    return "".join((
        _tag("path", {"d": "".join(paths), **line, "stroke_dasharray": "2 4"}),
        _tag("path", {"d": "".join(entries), **line, "stroke_dasharray": "1 5"}),
        "".join(_cone(*pts[v["id"]][:2]) for v in layout.get("volcanoes", [])),
        _tag("g", {"fill": "none", "stroke_linecap": "round"}, "".join(rivers)),
        _tag("g", {"fill": STONE, "stroke": "#8c8c8c", "stroke_width": 1.2}, "".join(stones)),
        "".join(_entrance(e["id"], layout, pts) for e in layout.get("entrances", [])),
        _tag("g", {"font_weight": 700, "fill": "#404040", "stroke": LAND, "stroke_width": 3,
                   "paint_order": "stroke"}, "".join(labels)),
    ))


def _entrance(eid: str, layout: Mapping, pts: Mapping[str, tuple[float, float, str]]) -> str:
    """An arrow from outside the map's edge pointing in, its tip on the entrance, with its name."""
    x, y, _ = pts[eid]
    nxt = [pts[b if a == eid else a] for a, b in layout.get("edges", []) if eid in (a, b)]
    mx = sum(p[0] for p in nxt) / len(nxt) if nxt else x
    my = sum(p[1] for p in nxt) / len(nxt) if nxt else y
    length = math.hypot(mx - x, my - y) or 1
    ux, uy = (mx - x) / length, (my - y) / length
    bx, by = x - ux * 24, y - uy * 24
    d = f"M{_num(x)},{_num(y)} L{_num(bx - uy * 9)},{_num(by + ux * 9)} L{_num(bx + uy * 9)},{_num(by - ux * 9)} Z"
    return _tag("g", {}, _title(f"Entrance {eid}: adventurers come in here; it is not a space")
                + _tag("path", {"d": d, "fill": "#6d4c41", "stroke": "#ffffff"})
                + _text((x + bx) / 2 - uy * 20, (y + by) / 2 + ux * 20, eid, anchor="middle", font_weight=700, fill=MUTED))


# -- what lies on the land (js/drachenland/volcano.js, adventurers.js) ------------------------------------
def _volcano_contents(vid: str, xy: tuple[float, float, str], view: Mapping | None, dragons: list[str],
                      obs: Mapping, layout: Mapping) -> str:
    """A volcano's token (face down: the back), eggs, gems by colour and the royal dragons sitting there."""
    out = []
    if view:
        secret = (obs.get("hidden") or {}).get("face_down", {}).get(vid)  # the teacher's view only
        token = view.get("token")
        if view.get("face_down"):
            known = f"; the teacher's view knows it is a {layout.get('tokens', {}).get(secret, secret)}" if secret else ""
            out.append(_group(0, -VOLCANO_R * 0.62, _title(f"{vid}: face-down token{known}") + _token_back(),
                              class_="dl-token-back"))
        elif token and not token.startswith("royal_dragon_"):
            name = layout.get("tokens", {}).get(token, token)
            out.append(_group(0, -VOLCANO_R * 0.62, _title(f"{vid}: {name} token, face up") + _token_face(token, layout),
                              class_="dl-token-face"))
        if view.get("eggs"):
            out.append(_group(-12, 4, _title(f"{vid}: {_plural(view['eggs'], 'dragon egg')}") + _egg(view["eggs"])))
        for gem, (dx, dy) in GEM_SLOTS.items():
            n = view.get("gems", {}).get(gem, 0)
            if n:
                css = layout.get("gems", {}).get(gem, {}).get("css", "#888888")
                out.append(_group(dx, dy, _title(f"{vid}: {_gem_count(n, gem, layout)}") + _gem(css, n)))
        if not view.get("eggs") and not any(view.get("gems", {}).values()):
            out.append(_text(0, 4, "empty", size=8, anchor="middle", fill="#efebe9"))
    for k, colour in enumerate(dragons):
        deg = math.radians(-55 + (k * 70 / (len(dragons) - 1) if len(dragons) > 1 else 0))
        name = layout.get("colours", {}).get(colour, {}).get("name", colour).lower()
        out.append(_group((VOLCANO_R + 5) * math.cos(deg), (VOLCANO_R + 5) * math.sin(deg),
                          _title(f"The {name} royal dragon on {vid}") + _dragon(_colour_css(colour, layout), 11),
                          class_="dl-dragon"))
    return _group(xy[0], xy[1], "".join(out))


def _adventurer_state(obs: Mapping, seat: int, colour: str) -> str:
    """"active" (taking its action), "used" (already used this turn) or ""."""
    if obs.get("active_player") != seat or obs.get("is_over"):
        return ""
    if (obs.get("action") or {}).get("adventurer") == colour:
        return "active"
    return "used" if colour in (obs.get("used") or []) else ""


def _adventurers_on_land(obs: Mapping, layout: Mapping, pts: Mapping[str, tuple[float, float, str]]) -> str:
    """Every adventurer on the land, fanned out below a volcano when several stand there."""
    here: dict[str, list[tuple[int, str]]] = {}
    for seat, by_colour in enumerate(obs.get("adventurers") or []):
        for colour in layout.get("colours", {}):
            node = (by_colour or {}).get(colour)
            if node:
                here.setdefault(node, []).append((seat, colour))
    out = []
    for node, who in here.items():
        x, y, kind = pts[node]
        n = len(who)
        for i, (seat, colour) in enumerate(who):
            if kind == "volcanoes":
                a = math.radians(90 + (i - (n - 1) / 2) * (22 if n > 5 else 27))
                px, py = x + (VOLCANO_R + 4) * math.cos(a), y + (VOLCANO_R + 4) * math.sin(a)
            else:
                px, py = x + i * 5, y - i * 5
            out.append(_group(px, py, _title(f"{_seat_name(seat, layout)}' {colour} adventurer on {node}")
                              + _adventurer(_glyph(seat, layout), _colour_css(colour, layout),
                                            colour in obs["rings"][seat],
                                            state=_adventurer_state(obs, seat, colour)), class_="dl-adventurer"))
    return "".join(out)


def _glyph(seat: int, layout: Mapping) -> str:
    shapes = layout.get("shapes", [])
    return shapes[seat].get("glyph", "circle") if seat < len(shapes) else "circle"


# -- the boxes in the map's corners (js/drachenland/dice.js, turn.js) -------------------------------------
def _box(x: float, y: float, w: float, h: float, title: str = "") -> str:
    out = _tag("rect", {"x": x, "y": y, "width": w, "height": h, "rx": 10, "fill": BOX, "stroke": BORDER})
    return out + (_text(x + 10, y + 11, title.upper(), size=10.5, font_weight=700, fill=MUTED) if title else "")


def _dice_box(obs: Mapping, layout: Mapping) -> str:
    """The two dice: the faces rolled, a used die greyed out, the die chosen for the action outlined."""
    x0, y0, w, h = DICE_BOX
    rolled = obs.get("dice")
    out = [_box(x0, y0, w, h, "dice")]
    for i in (0, 1):
        value = rolled[i] if rolled else None
        chosen = obs.get("chosen_die") == i and bool(rolled) and not obs.get("is_over")
        used = bool((obs.get("dice_used") or [False, False])[i]) and bool(rolled) and not (chosen and obs.get("action"))
        x, y, size = x0 + 14 + i * 64, y0 + 22, 46
        face = _tag("rect", {"x": x, "y": y, "width": size, "height": size, "rx": 8, "fill": "#f2f2f2" if used else "#ffffff",
                             "stroke": ACCENT if chosen else INK, "stroke_width": 4 if chosen else 1.8,
                             "stroke_dasharray": "4 3" if used else None})
        cx, cy = x + size / 2, y + size / 2
        if value is None:
            face += _text(cx, cy, "–", size=20, anchor="middle", font_weight=700, fill=INK)
        elif value in PIPS:
            face += "".join(_tag("circle", {"cx": cx + dx * size * 0.26, "cy": cy + dy * size * 0.26, "r": size * 0.085,
                                            "fill": INK}) for dx, dy in PIPS[value])
        else:
            face += _text(cx, cy, value, size=20, anchor="middle", font_weight=700, fill=INK)
        faces = " ".join(str(f) for f in (layout.get("dice") or [[], []])[i])
        state = "not rolled" if value is None else f"shows {value}" + (", used" if used else "") + (", chosen" if chosen else "")
        out.append(_tag("g", {"opacity": 0.35 if used else None, "class": "dl-die"},
                        _title(f"Die {'AB'[i]} (faces {faces}): {state}") + face
                        + _text(cx, y + size + 12, f"die {'AB'[i]}", size=10, anchor="middle", fill=MUTED)))
    return "".join(out)


def _action_lines(obs: Mapping, layout: Mapping) -> list[str]:
    """The action under way in a few words (or the roll and the adventurers used)."""
    a = obs.get("action")
    if not a:
        used = obs.get("used") or []
        rolled = f"rolled {' and '.join(str(d) for d in obs['dice'])}" if obs.get("dice") else ""
        return ["bringing an adventurer in" if obs.get("turn") == 0 else rolled, f"used: {', '.join(used)}" if used else ""]
    colour = layout.get("colours", {}).get(a["adventurer"], {}).get("name", a["adventurer"])
    die = "no die" if a.get("die_value") is None else f"die {a['die_value']}" + (" (spent)" if a.get("die_spent") else "")
    flags = [f for f in ("entering", "walked", "moved", "stopped") if a.get(f)]
    return [f"{colour}{' on ' + a['at'] if a.get('at') else ''} · {die}", " · ".join(flags)]


def _turn_box(obs: Mapping, layout: Mapping) -> str:
    """Whose turn it is, the action under way and the decision to take (or the winners)."""
    x, y, w, h = TURN_BOX
    over = obs.get("is_over")
    head = ("game over" if over else f"opening round · exactly {obs.get('opening_distance', '?')}" if obs.get("turn") == 0
            else f"round {obs.get('turn', '?')}")
    out = [_box(x, y, w, h, head)]
    seat = obs.get("active_player")
    if seat is not None and not over:
        out.append(_group(x + 20, y + 34, _shape(_glyph(seat, layout), 8, fill="#dadada", stroke=INK, stroke_width=1.3)))
        out.append(_text(x + 34, y + 34, _seat_name(seat, layout), size=14, font_weight=700, fill=INK))
        for i, line in enumerate(_action_lines(obs, layout)):
            if line:
                out.append(_text(x + 12, y + 60 + i * 18, line, size=11.5, fill=INK))
        if obs.get("decision"):
            words = DECISION_WORDS.get(obs["decision"], obs["decision"].replace("_", " "))
            out.append(_text(x + 12, y + h - 12, f"now: {words}", size=11.5, font_weight=700, fill=ACCENT))
    elif over:
        winners = [_seat_name(p, layout) for p in (obs.get("outcome") or {}).get("winners", [])]
        out.append(_text(x + 12, y + 40, f"★ {' and '.join(winners)}" if winners else "", size=14, font_weight=700, fill=INK))
    return "".join(out)


def _info_box(obs: Mapping) -> str:
    """Eggs left on the land, rings in the supply, a small legend."""
    x, y, w, h = INFO_BOX
    return (_box(x, y, w, h)
            + _text(x + 10, y + 14, f"eggs left {obs.get('eggs_left', '?')} · rings in supply {obs.get('ring_supply', '?')}",
                    size=11.5, fill=INK)
            + _group(x + 18, y + 38, _token_back(7)) + _text(x + 30, y + 38, "face-down token", size=11.5, fill=INK)
            + _group(x + 140, y + 38, _adventurer("circle", "#9e9e9e", True, 6))
            + _text(x + 152, y + 38, "wears a ring", size=11.5, fill=INK)
            + _text(x + 10, y + 62, "the game ends when the last egg is taken", size=11.5, fill=INK))


# -- the seat panels under the map (js/drachenland/players.js) --------------------------------------------
def _panel(seat: int, obs: Mapping, layout: Mapping, x: float, y: float, w: float) -> str:
    """One seat: name and tags, adventurers (off the land or where), tokens, rings, hoard, final score."""
    over = obs.get("is_over")
    winners = (obs.get("outcome") or {}).get("winners") or []
    tags = [t for t, on in (("★ winner", seat in winners), ("▶ to move", not over and obs.get("current_player") == seat),
                            ("this view", seat == obs.get("viewer"))) if on]
    mine = seat == obs.get("viewer")
    out = [_tag("rect", {"x": x, "y": y, "width": w, "height": PANEL_H, "rx": 8, "fill": "#fafafa",
                         "stroke": ACCENT if "▶ to move" in tags else BORDER, "stroke_width": 2.5 if tags else 1}),
           _group(x + 16, y + 16, _shape(_glyph(seat, layout), 7, fill="#dadada", stroke=INK, stroke_width=1.3)),
           _text(x + 30, y + 16, f"{_seat_name(seat, layout)} ({_glyph(seat, layout)})", size=13, font_weight=700, fill=INK)]
    if tags:
        out.append(_text(x + w - 10, y + 16, " · ".join(tags), size=11, anchor="end", font_weight=700,
                         fill=ACCENT if not mine or "▶ to move" in tags else MUTED))
    final = obs["final"][seat] if obs.get("final") else None
    rows = [("adventurers", _adventurer_row(seat, obs, layout)), ("tokens", _token_row(seat, obs, layout)),
            ("rings", _ring_row(seat, obs, layout)), ("hoard", _hoard_row(seat, obs, layout))]
    for i, (label, row) in enumerate(rows):
        ry = y + 40 + i * 21
        out.append(_text(x + 10, ry, label, size=10.5, fill=MUTED))
        out.append(_group(x + 92, ry, row))
    if final:
        out.append(_text(x + 10, y + PANEL_H - 10, _final_words(final, layout), size=11, font_weight=700, fill=INK))
    return _tag("g", {"class": "dl-seat"}, "".join(out))


def _adventurer_row(seat: int, obs: Mapping, layout: Mapping) -> str:
    where_all = obs["adventurers"][seat]
    worn = obs["rings"][seat]
    out = []
    for i, colour in enumerate(layout.get("colours", {})):
        where = where_all.get(colour)
        out.append(_group(i * 78 + 8, 0, _adventurer(_glyph(seat, layout), _colour_css(colour, layout), colour in worn, 7,
                                                     _adventurer_state(obs, seat, colour))))
        out.append(_text(i * 78 + 20, 0, where or "off", size=11, fill=INK if where else MUTED))
    return "".join(out)


def _token_row(seat: int, obs: Mapping, layout: Mapping) -> str:
    held = obs["tokens"][seat]
    kinds = [k for k in (*TOKEN_ORDER, *(k for k in held if k not in TOKEN_ORDER)) if held.get(k)]
    if not kinds:
        return _text(0, 0, "none", size=11, fill=MUTED)
    out, x = [], 8.0
    for kind in kinds:
        name = layout.get("tokens", {}).get(kind, kind.replace("_", " "))
        words = f"{name} ×{held[kind]}" if held[kind] > 1 else name
        out.append(_group(x, 0, _token_face(kind, layout, 8)) + _text(x + 11, 0, words, size=11, fill=INK))
        x += 26 + 6.2 * len(words)
    return "".join(out)


def _ring_row(seat: int, obs: Mapping, layout: Mapping) -> str:
    worn = obs["rings"][seat]
    if not worn:
        return _text(0, 0, "none", size=11, fill=MUTED)
    out = []
    for i, colour in enumerate(worn):
        out.append(_tag("circle", {"cx": i * 70 + 6, "cy": 0, "r": 5.5, "fill": "none", "stroke": _colour_css(colour, layout),
                                   "stroke_width": 2.5}))
        out.append(_text(i * 70 + 16, 0, colour, size=11, fill=INK))
    return "".join(out)


def _hoard_row(seat: int, obs: Mapping, layout: Mapping) -> str:
    items = obs["hoards"][seat]
    if items is None:
        return _text(0, 0, "behind the screen", size=11, fill=MUTED, class_="dl-hoard-hidden")
    out = []
    for i, kind in enumerate(HOARD_ORDER):
        n = items.get(kind, 0)
        css = layout.get("gems", {}).get(kind, {}).get("css", "#888888")
        icon = _egg(1, 7) if kind == "egg" else _gem(css, 1, 6.5)
        words = _plural(n, "egg") if kind == "egg" else _gem_count(n, kind, layout)
        out.append(_tag("g", {"opacity": None if n else 0.45}, _title(words) + _group(i * 46 + 8, 0, icon)
                        + _text(i * 46 + 18, 0, n, size=11, font_weight=700, fill=INK)))
    return "".join(out)


def _final_words(final: Mapping, layout: Mapping) -> str:
    sets = final.get("sets", 0)
    returned = [_gem_count(n, g, layout) for g, n in (final.get("returned") or {}).items() if n > 0]
    back = f"; gave back {', '.join(returned)}" if returned else "; gave nothing back"
    return f"{final.get('score')} points: {_plural(sets, 'set')} of egg + ruby + emerald + sapphire{back}"


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
    pts = _points(layout)
    seats = len(observation.get("adventurers") or [])
    width = (layout.get("width") or 100) * MAP_SCALE + 2 * MAP_PAD
    map_h = (layout.get("height") or 70) * MAP_SCALE + 2 * MAP_PAD
    rows = (seats + 1) // 2
    height = map_h + rows * (PANEL_H + PANEL_GAP)
    viewer = observation.get("viewer")
    who = "the full table" if viewer is None else f"{_seat_name(viewer, layout)}' view"
    dragons: dict[str, list[str]] = {}
    for colour, where in (observation.get("dragons") or {}).items():
        if where:
            dragons.setdefault(where, []).append(colour)
    volcanoes = observation.get("volcanoes") or {}
    out = [(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-MAP_PAD} {-MAP_PAD} {_num(width)} {_num(height)}" '
            f'width="100%" font-family="sans-serif" font-size="11" role="img">'),
           _title(f"Drachenland, {who}, step {observation.get('step', 0)}"),
           _tag("rect", {"x": -MAP_PAD + 2, "y": -MAP_PAD + 2, "width": width - 4, "height": map_h - 4, "rx": 16,
                         "fill": LAND, "stroke": BORDER}),
           _land(layout, pts)]
    out += [_volcano_contents(v["id"], pts[v["id"]], volcanoes.get(v["id"]), dragons.get(v["id"], []), observation, layout)
            for v in layout.get("volcanoes", [])]
    out += [_adventurers_on_land(observation, layout, pts), _dice_box(observation, layout),
            _turn_box(observation, layout), _info_box(observation)]
    panel_w = (width - PANEL_GAP) / 2
    for seat in range(seats):
        x = -MAP_PAD + (seat % 2) * (panel_w + PANEL_GAP)
        y = -MAP_PAD + map_h + PANEL_GAP / 2 + (seat // 2) * (PANEL_H + PANEL_GAP)
        out.append(_panel(seat, observation, layout, x, y, panel_w))
    out.append("</svg>")
    return "\n".join(out)
