"""Drachenland's picture, the pieces: the geometry and fixed colours of the table, SVG elements written the
picture's way (rounded coordinates, escaped attributes), and the small drawings of adventurers, dragons,
eggs, gems and tokens (face up and face down).
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

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


def num(v: float) -> str:
    """A coordinate, one decimal at most."""
    return f"{round(v, 1):g}"


def tag(name: str, attrs: Mapping[str, object], inner: str = "") -> str:
    """An SVG element with its attributes escaped (``None`` values left out; numbers rounded)."""
    parts = [name]
    for key, value in attrs.items():
        if value is None:
            continue
        shown = num(value) if isinstance(value, float) else str(value)
        parts.append(f'{key.rstrip("_").replace("_", "-")}="{escape(shown)}"')
    head = " ".join(parts)
    return f"<{head}>{inner}</{name}>" if inner else f"<{head}/>"


def text_svg(x: float, y: float, words: object, *, size: float = 11, anchor: str = "start", **attrs: object) -> str:
    """A line of text, vertically centred on ``y`` (the picture's defaults, 11 units and start, left out)."""
    return tag("text", {"x": float(x), "y": float(y), "font_size": None if size == 11 else size,
                         "text_anchor": None if anchor == "start" else anchor, "dy": ".35em", **attrs},
                escape(str(words)))


def group_svg(x: float, y: float, inner: str, **attrs: object) -> str:
    """``inner`` translated to (x, y)."""
    return tag("g", {"transform": f"translate({num(x)},{num(y)})", **attrs}, inner)


def title_svg(words: str) -> str:
    """A tooltip (``<title>``) for the element it opens."""
    return f"<title>{escape(words)}</title>"


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def gem_count(n: int, gem: str, layout: Mapping) -> str:
    """``"1 ruby"``, ``"2 rubies"`` (the widget's words)."""
    name = layout.get("gems", {}).get(gem, {}).get("name", gem)
    if n == 1:
        return f"1 {name}"
    return f"{n} {name[:-1]}ies" if name.endswith("y") else f"{n} {name}s"


def seat_name(seat: int, layout: Mapping) -> str:
    shapes = layout.get("shapes", [])
    return shapes[seat].get("name", f"Seat {seat + 1}") if seat < len(shapes) else f"Seat {seat + 1}"


def colour_css(colour: str, layout: Mapping) -> str:
    return layout.get("colours", {}).get(colour, {}).get("css", "#888888")


# -- small pictures, centred on (0, 0) (js/drachenland/glyphs.js) -----------------------------------------
def shape_svg(glyph: str, r: float, **attrs: object) -> str:
    """A seat's shape (DL-REC-4: circle, square, triangle or diamond) of radius ``r``."""
    if glyph == "square":
        return tag("rect", {"x": -r * 0.88, "y": -r * 0.88, "width": r * 1.76, "height": r * 1.76, "rx": r * 0.18, **attrs})
    if glyph == "triangle":
        return tag("path", {"d": f"M0,{num(-r * 1.12)} L{num(r * 1.05)},{num(r * 0.78)} L{num(-r * 1.05)},{num(r * 0.78)} Z", **attrs})
    if glyph == "diamond":
        return tag("path", {"d": f"M0,{num(-r * 1.15)} L{num(r * 1.05)},0 L0,{num(r * 1.15)} L{num(-r * 1.05)},0 Z", **attrs})
    return tag("circle", {"r": float(r), **attrs})


def adventurer_svg(glyph: str, css: str, ring: bool, r: float = PIECE_R, state: str = "") -> str:
    """An adventurer: its seat's shape in its colour, a white ring mark when it wears a ring; ``state``
    "active" adds a halo, "used" dims it."""
    out = tag("circle", {"r": r + 5.0, "fill": "#ffe9b3", "stroke": "#ffb300", "stroke_width": 2,
                          "stroke_dasharray": "4 2"}) if state == "active" else ""
    out += shape_svg(glyph, r, fill=css, stroke=INK, stroke_width=1.4)
    if ring:
        out += tag("circle", {"cx": r * 0.85, "cy": -r * 0.85, "r": r * 0.42, "fill": "none", "stroke": "#ffffff",
                               "stroke_width": 2.6}) + tag("circle", {"cx": r * 0.85, "cy": -r * 0.85, "r": r * 0.42,
                                                                       "fill": "none", "stroke": INK, "stroke_width": 0.6})
    return tag("g", {"opacity": 0.55 if state == "used" else None}, out)


def dragon_svg(css: str, r: float = 10) -> str:
    """A royal dragon seen from above, wings spread, about ``2r`` wide."""
    k = r / 10

    def poly(points: tuple[tuple[float, float], ...]) -> str:
        return " ".join(f"{'L' if i else 'M'}{num(x * k)},{num(y * k)}" for i, (x, y) in enumerate(points)) + " Z"

    line = {"stroke": "#212121", "stroke_width": 0.8}
    return (tag("path", {"d": poly(((-2, -2), (-11, -7), (-8, 1), (-11, 4), (-2, 4))), "fill": css, **line})
            + tag("path", {"d": poly(((2, -2), (11, -7), (8, 1), (11, 4), (2, 4))), "fill": css, **line})
            + tag("ellipse", {"cx": 0, "cy": float(k), "rx": 3 * k, "ry": 7 * k, "fill": css, **line})
            + tag("circle", {"cx": 0, "cy": -6.5 * k, "r": 3.2 * k, "fill": css, **line}))


def egg_svg(count: int, r: float = 8) -> str:
    """A dragon egg, the count on it when more than one."""
    out = tag("ellipse", {"rx": r * 0.8, "ry": float(r), "fill": EGG, "stroke": "#6d4c41", "stroke_width": 0.9})
    return out + (text_svg(0, r * 0.1, count, size=9, anchor="middle", font_weight=800, fill="#3e2723") if count > 1 else "")


def gem_svg(css: str, count: int, r: float = 6.2) -> str:
    """A gem (a small cut stone), the count on it when more than one."""
    d = f"M0,{num(-r)} L{num(r)},{num(-r * 0.2)} L0,{num(r)} L{num(-r)},{num(-r * 0.2)} Z"
    out = tag("path", {"d": d, "fill": css, "stroke": "#455a64", "stroke_width": 0.7})
    ink = INK if css.lower() in ("#b0bec5", "#ffffff") else "#ffffff"
    return out + (text_svg(0, 0.5, count, size=9, anchor="middle", font_weight=800, fill=ink) if count > 1 else "")


#: Each token kind's picture on a disc of radius 8 (js/drachenland/glyphs.js): (kind of mark, path data).
_LINE, _FILL = {"fill": "none", "stroke": "#4e342e", "stroke_width": 1.3, "stroke_linecap": "round"}, \
    {"fill": "#8d6e63", "stroke": "#4e342e", "stroke_width": 0.8}
TOKEN_PICTURES: dict[str, tuple[tuple[dict[str, object], str], ...]] = {
    "fate": ((_LINE, "M-4.5,1.5 A4.6,4.6 0 1 1 -1,4.4"), ({"fill": "#4e342e"}, "M-6.8,-0.5 L-4.4,3.2 L-1.8,-0.2 Z")),
    "boatman": ((_FILL, "M-6,1 L6,1 L3.5,5 L-3.5,5 Z"), (_LINE, "M0,1 L0,-6 M0,-5.5 L4.5,-0.5 L0,-0.5")),
    "magic_hand": ((_LINE, "M-3.5,5 L-3.5,-1 M-1.5,1 L-1.5,-5 M0.5,1 L0.5,-6 M2.5,1 L2.5,-5 M4,2 L5.5,-1.5"),
                   (_FILL, "M-4,0 L4.5,0 L4,4 L1.5,6 L-2.5,6 L-4,3.5 Z")),
}


def token_face_svg(kind: str, layout: Mapping, r: float = 9.5) -> str:
    """A face-up token: a disc with its picture (a royal dragon in its colour, "+3" for a forced march...)."""
    ring = kind == "ring"
    disc = tag("circle", {"r": float(r), "fill": "#ffe082" if ring else TOKEN_FACE, "stroke": "#5d4037"})
    if kind.startswith("royal_dragon_"):
        picture = dragon_svg(colour_css(kind.removeprefix("royal_dragon_"), layout), 7.5)
    elif kind == "baby_dragon":
        picture = dragon_svg("#4e342e", 6.5)
    elif ring:
        picture = (tag("circle", {"r": 4.2, "fill": "none", "stroke": "#ffffff", "stroke_width": 2.4})
                   + tag("circle", {"r": 4.2, "fill": "none", "stroke": "#6d4c41", "stroke_width": 0.5}))
    elif kind in TOKEN_PICTURES:
        picture = "".join(tag("path", {"d": d, **style}) for style, d in TOKEN_PICTURES[kind])
    else:
        picture = text_svg(0, 0.5, "+3" if kind == "forced_march" else "?", size=7.5, anchor="middle", font_weight=800,
                        fill="#4e342e")
    return disc + tag("g", {"transform": f"scale({num(r / 8)})"}, picture)


def token_back_svg(r: float = 9.5) -> str:
    """A face-down token: the dragon-head back with a "?"."""
    horns = (f"M{num(-r * 0.55)},{num(-r * 0.2)} L{num(-r * 0.75)},{num(-r * 0.75)} L{num(-r * 0.2)},{num(-r * 0.45)} "
             f"M{num(r * 0.55)},{num(-r * 0.2)} L{num(r * 0.75)},{num(-r * 0.75)} L{num(r * 0.2)},{num(-r * 0.45)}")
    return (tag("circle", {"r": float(r), "fill": TOKEN_BACK, "stroke": GOLD})
            + tag("path", {"d": horns, "fill": "none", "stroke": GOLD})
            + text_svg(0, r * 0.12, "?", size=r * 1.15, anchor="middle", font_weight=800, fill=GOLD))


def seat_glyph(seat: int, layout: Mapping) -> str:
    shapes = layout.get("shapes", [])
    return shapes[seat].get("glyph", "circle") if seat < len(shapes) else "circle"
