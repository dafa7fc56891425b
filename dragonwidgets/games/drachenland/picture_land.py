"""Drachenland's picture, the land: paths, rivers and stepping stones, the entrances, the volcanoes with
their eggs, gems, tokens and royal dragons, and the adventurers on the land.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from .picture_pieces import (
    BANK,
    CONE,
    CONE_EDGE,
    GEM_SLOTS,
    LAND,
    LAVA,
    MAP_SCALE,
    MUTED,
    PATH,
    STONE,
    STONE_R,
    VOLCANO_R,
    WATER,
    adventurer_svg,
    colour_css,
    dragon_svg,
    egg_svg,
    gem_count,
    gem_svg,
    group_svg,
    num,
    plural,
    seat_glyph,
    seat_name,
    tag,
    text_svg,
    title_svg,
    token_back_svg,
    token_face_svg,
)


# -- the land (js/drachenland/map.js) ---------------------------------------------------------------------
def place_points(layout: Mapping) -> dict[str, tuple[float, float, str]]:
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
    d = (f"M{num(x - r)},{num(base)} Q{num(x - r * 0.55)},{num(y - r * 0.05)} {num(x - r * 0.34)},{num(top)} "
         f"L{num(x + r * 0.34)},{num(top)} Q{num(x + r * 0.55)},{num(y - r * 0.05)} {num(x + r)},{num(base)} Z")
    return (tag("path", {"d": d, "fill": CONE, "stroke": CONE_EDGE, "stroke_width": 1.3})
            + tag("ellipse", {"cx": float(x), "cy": float(top), "rx": r * 0.34, "ry": r * 0.13, "fill": LAVA,
                               "stroke": CONE_EDGE, "stroke_width": 0.8}))


def land_svg(layout: Mapping, pts: Mapping[str, tuple[float, float, str]]) -> str:
    """Paths, rivers, volcano cones, stepping stones and entrance arrows (shared styles set once a group)."""
    paths: list[str] = []  # each path's segments as one path's data
    entries: list[str] = []
    for a, b in layout.get("edges", []):
        (x1, y1, k1), (x2, y2, k2) = pts[a], pts[b]
        (entries if "entrances" in (k1, k2) else paths).append(f"M{num(x1)} {num(y1)}L{num(x2)} {num(y2)}")
    rivers = []
    for a, b in layout.get("rivers", []):
        d = _wavy(pts[a], pts[b])
        rivers.append(tag("g", {}, title_svg(f"River between {a} and {b} (a boatman crosses it)")
                           + tag("path", {"d": d, "stroke": BANK, "stroke_width": 9})
                           + tag("path", {"d": d, "stroke": WATER, "stroke_width": 3, "stroke_dasharray": "9 4"})))
    stones = []
    for stone in layout.get("stones", []):
        x, y, _ = pts[stone["id"]]
        junction = {"r": STONE_R + 1.5, "fill": "#c7b5ae"} if stone.get("junction") else {"r": STONE_R}
        stones.append(tag("circle", {"cx": x, "cy": y, **junction}))
    labels = [text_svg(pts[v["id"]][0] - VOLCANO_R * 0.55, pts[v["id"]][1] - VOLCANO_R * 0.92, v["id"], size=12, anchor="end")
              for v in layout.get("volcanoes", [])]
    line = {"stroke": PATH, "stroke_width": 3, "stroke_linecap": "round"}
    return "".join((
        tag("path", {"d": "".join(paths), **line, "stroke_dasharray": "2 4"}),
        tag("path", {"d": "".join(entries), **line, "stroke_dasharray": "1 5"}),
        "".join(_cone(*pts[v["id"]][:2]) for v in layout.get("volcanoes", [])),
        tag("g", {"fill": "none", "stroke_linecap": "round"}, "".join(rivers)),
        tag("g", {"fill": STONE, "stroke": "#8c8c8c", "stroke_width": 1.2}, "".join(stones)),
        "".join(_entrance(e["id"], layout, pts) for e in layout.get("entrances", [])),
        tag("g", {"font_weight": 700, "fill": "#404040", "stroke": LAND, "stroke_width": 3,
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
    d = f"M{num(x)},{num(y)} L{num(bx - uy * 9)},{num(by + ux * 9)} L{num(bx + uy * 9)},{num(by - ux * 9)} Z"
    return tag("g", {}, title_svg(f"Entrance {eid}: adventurers come in here; it is not a space")
                + tag("path", {"d": d, "fill": "#6d4c41", "stroke": "#ffffff"})
                + text_svg((x + bx) / 2 - uy * 20, (y + by) / 2 + ux * 20, eid, anchor="middle", font_weight=700, fill=MUTED))


# -- what lies on the land (js/drachenland/volcano.js, adventurers.js) ------------------------------------
def volcano_contents_svg(vid: str, xy: tuple[float, float, str], view: Mapping | None, dragons: list[str],
                      obs: Mapping, layout: Mapping) -> str:
    """A volcano's token (face down: the back), eggs, gems by colour and the royal dragons sitting there."""
    out = []
    if view:
        secret = (obs.get("hidden") or {}).get("face_down", {}).get(vid)  # the teacher's view only
        token = view.get("token")
        if view.get("face_down"):
            known = f"; the teacher's view knows it is a {layout.get('tokens', {}).get(secret, secret)}" if secret else ""
            out.append(group_svg(0, -VOLCANO_R * 0.62, title_svg(f"{vid}: face-down token{known}") + token_back_svg(),
                              class_="dl-token-back"))
        elif token and not token.startswith("royal_dragon_"):
            name = layout.get("tokens", {}).get(token, token)
            out.append(group_svg(0, -VOLCANO_R * 0.62, title_svg(f"{vid}: {name} token, face up") + token_face_svg(token, layout),
                              class_="dl-token-face"))
        if view.get("eggs"):
            out.append(group_svg(-12, 4, title_svg(f"{vid}: {plural(view['eggs'], 'dragon egg')}") + egg_svg(view["eggs"])))
        for gem, (dx, dy) in GEM_SLOTS.items():
            n = view.get("gems", {}).get(gem, 0)
            if n:
                css = layout.get("gems", {}).get(gem, {}).get("css", "#888888")
                out.append(group_svg(dx, dy, title_svg(f"{vid}: {gem_count(n, gem, layout)}") + gem_svg(css, n)))
        if not view.get("eggs") and not any(view.get("gems", {}).values()):
            out.append(text_svg(0, 4, "empty", size=8, anchor="middle", fill="#efebe9"))
    for k, colour in enumerate(dragons):
        deg = math.radians(-55 + (k * 70 / (len(dragons) - 1) if len(dragons) > 1 else 0))
        name = layout.get("colours", {}).get(colour, {}).get("name", colour).lower()
        out.append(group_svg((VOLCANO_R + 5) * math.cos(deg), (VOLCANO_R + 5) * math.sin(deg),
                          title_svg(f"The {name} royal dragon on {vid}") + dragon_svg(colour_css(colour, layout), 11),
                          class_="dl-dragon"))
    return group_svg(xy[0], xy[1], "".join(out))


def adventurer_state(obs: Mapping, seat: int, colour: str) -> str:
    """"active" (taking its action), "used" (already used this turn) or ""."""
    if obs.get("active_player") != seat or obs.get("is_over"):
        return ""
    if (obs.get("action") or {}).get("adventurer") == colour:
        return "active"
    return "used" if colour in (obs.get("used") or []) else ""


def adventurers_on_land_svg(obs: Mapping, layout: Mapping, pts: Mapping[str, tuple[float, float, str]]) -> str:
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
            out.append(group_svg(px, py, title_svg(f"{seat_name(seat, layout)}' {colour} adventurer on {node}")
                              + adventurer_svg(seat_glyph(seat, layout), colour_css(colour, layout),
                                            colour in obs["rings"][seat],
                                            state=adventurer_state(obs, seat, colour)), class_="dl-adventurer"))
    return "".join(out)
