"""Drachenland's picture, the boxes and panels: the dice, whose turn and the decision, eggs and rings left,
and one panel per seat (adventurers off the land, tokens, rings, the hoard or "behind the screen", the final
score).
"""

from __future__ import annotations

from collections.abc import Mapping

from .picture_land import adventurer_state
from .picture_pieces import (
    ACCENT,
    BORDER,
    BOX,
    DECISION_WORDS,
    DICE_BOX,
    HOARD_ORDER,
    INFO_BOX,
    INK,
    MUTED,
    PANEL_H,
    PIPS,
    TOKEN_ORDER,
    TURN_BOX,
    adventurer_svg,
    colour_css,
    egg_svg,
    gem_count,
    gem_svg,
    group_svg,
    plural,
    seat_glyph,
    seat_name,
    shape_svg,
    tag,
    text_svg,
    title_svg,
    token_back_svg,
    token_face_svg,
)


# -- the boxes in the map's corners (js/drachenland/dice.js, turn.js) -------------------------------------
def _box(x: float, y: float, w: float, h: float, title: str = "") -> str:
    out = tag("rect", {"x": x, "y": y, "width": w, "height": h, "rx": 10, "fill": BOX, "stroke": BORDER})
    return out + (text_svg(x + 10, y + 11, title.upper(), size=10.5, font_weight=700, fill=MUTED) if title else "")


def dice_box_svg(obs: Mapping, layout: Mapping) -> str:
    """The two dice: the faces rolled, a used die greyed out, the die chosen for the action outlined."""
    x0, y0, w, h = DICE_BOX
    rolled = obs.get("dice")
    out = [_box(x0, y0, w, h, "dice")]
    for i in (0, 1):
        value = rolled[i] if rolled else None
        chosen = obs.get("chosen_die") == i and bool(rolled) and not obs.get("is_over")
        used = bool((obs.get("dice_used") or [False, False])[i]) and bool(rolled) and not (chosen and obs.get("action"))
        x, y, size = x0 + 14 + i * 64, y0 + 22, 46
        face = tag("rect", {"x": x, "y": y, "width": size, "height": size, "rx": 8, "fill": "#f2f2f2" if used else "#ffffff",
                             "stroke": ACCENT if chosen else INK, "stroke_width": 4 if chosen else 1.8,
                             "stroke_dasharray": "4 3" if used else None})
        cx, cy = x + size / 2, y + size / 2
        if value is None:
            face += text_svg(cx, cy, "–", size=20, anchor="middle", font_weight=700, fill=INK)
        elif value in PIPS:
            face += "".join(tag("circle", {"cx": cx + dx * size * 0.26, "cy": cy + dy * size * 0.26, "r": size * 0.085,
                                            "fill": INK}) for dx, dy in PIPS[value])
        else:
            face += text_svg(cx, cy, value, size=20, anchor="middle", font_weight=700, fill=INK)
        faces = " ".join(str(f) for f in (layout.get("dice") or [[], []])[i])
        state = "not rolled" if value is None else f"shows {value}" + (", used" if used else "") + (", chosen" if chosen else "")
        out.append(tag("g", {"opacity": 0.35 if used else None, "class": "dl-die"},
                        title_svg(f"Die {'AB'[i]} (faces {faces}): {state}") + face
                        + text_svg(cx, y + size + 12, f"die {'AB'[i]}", size=10, anchor="middle", fill=MUTED)))
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


def turn_box_svg(obs: Mapping, layout: Mapping) -> str:
    """Whose turn it is, the action under way and the decision to take (or the winners)."""
    x, y, w, h = TURN_BOX
    over = obs.get("is_over")
    head = ("game over" if over else f"opening round · exactly {obs.get('opening_distance', '?')}" if obs.get("turn") == 0
            else f"round {obs.get('turn', '?')}")
    out = [_box(x, y, w, h, head)]
    seat = obs.get("active_player")
    if seat is not None and not over:
        out.append(group_svg(x + 20, y + 34, shape_svg(seat_glyph(seat, layout), 8, fill="#dadada", stroke=INK, stroke_width=1.3)))
        out.append(text_svg(x + 34, y + 34, seat_name(seat, layout), size=14, font_weight=700, fill=INK))
        for i, line in enumerate(_action_lines(obs, layout)):
            if line:
                out.append(text_svg(x + 12, y + 60 + i * 18, line, size=11.5, fill=INK))
        if obs.get("decision"):
            words = DECISION_WORDS.get(obs["decision"], obs["decision"].replace("_", " "))
            out.append(text_svg(x + 12, y + h - 12, f"now: {words}", size=11.5, font_weight=700, fill=ACCENT))
    elif over:
        winners = [seat_name(p, layout) for p in (obs.get("outcome") or {}).get("winners", [])]
        out.append(text_svg(x + 12, y + 40, f"★ {' and '.join(winners)}" if winners else "", size=14, font_weight=700, fill=INK))
    return "".join(out)


def info_box_svg(obs: Mapping) -> str:
    """Eggs left on the land, rings in the supply, a small legend."""
    x, y, w, h = INFO_BOX
    return (_box(x, y, w, h)
            + text_svg(x + 10, y + 14, f"eggs left {obs.get('eggs_left', '?')} · rings in supply {obs.get('ring_supply', '?')}",
                    size=11.5, fill=INK)
            + group_svg(x + 18, y + 38, token_back_svg(7)) + text_svg(x + 30, y + 38, "face-down token", size=11.5, fill=INK)
            + group_svg(x + 140, y + 38, adventurer_svg("circle", "#9e9e9e", True, 6))
            + text_svg(x + 152, y + 38, "wears a ring", size=11.5, fill=INK)
            + text_svg(x + 10, y + 62, "the game ends when the last egg is taken", size=11.5, fill=INK))


# -- the seat panels under the map (js/drachenland/players.js) --------------------------------------------
def panel_svg(seat: int, obs: Mapping, layout: Mapping, x: float, y: float, w: float) -> str:
    """One seat: name and tags, adventurers (off the land or where), tokens, rings, hoard, final score."""
    over = obs.get("is_over")
    winners = (obs.get("outcome") or {}).get("winners") or []
    tags = [t for t, on in (("★ winner", seat in winners), ("▶ to move", not over and obs.get("current_player") == seat),
                            ("this view", seat == obs.get("viewer"))) if on]
    mine = seat == obs.get("viewer")
    out = [tag("rect", {"x": x, "y": y, "width": w, "height": PANEL_H, "rx": 8, "fill": "#fafafa",
                         "stroke": ACCENT if "▶ to move" in tags else BORDER, "stroke_width": 2.5 if tags else 1}),
           group_svg(x + 16, y + 16, shape_svg(seat_glyph(seat, layout), 7, fill="#dadada", stroke=INK, stroke_width=1.3)),
           text_svg(x + 30, y + 16, f"{seat_name(seat, layout)} ({seat_glyph(seat, layout)})", size=13, font_weight=700, fill=INK)]
    if tags:
        out.append(text_svg(x + w - 10, y + 16, " · ".join(tags), size=11, anchor="end", font_weight=700,
                         fill=ACCENT if not mine or "▶ to move" in tags else MUTED))
    final = obs["final"][seat] if obs.get("final") else None
    rows = [("adventurers", _adventurer_row(seat, obs, layout)), ("tokens", _token_row(seat, obs, layout)),
            ("rings", _ring_row(seat, obs, layout)), ("hoard", _hoard_row(seat, obs, layout))]
    for i, (label, row) in enumerate(rows):
        ry = y + 40 + i * 21
        out.append(text_svg(x + 10, ry, label, size=10.5, fill=MUTED))
        out.append(group_svg(x + 92, ry, row))
    if final:
        out.append(text_svg(x + 10, y + PANEL_H - 10, _final_words(final, layout), size=11, font_weight=700, fill=INK))
    return tag("g", {"class": "dl-seat"}, "".join(out))


def _adventurer_row(seat: int, obs: Mapping, layout: Mapping) -> str:
    where_all = obs["adventurers"][seat]
    worn = obs["rings"][seat]
    out = []
    for i, colour in enumerate(layout.get("colours", {})):
        where = where_all.get(colour)
        out.append(group_svg(i * 78 + 8, 0, adventurer_svg(seat_glyph(seat, layout), colour_css(colour, layout), colour in worn, 7,
                                                     adventurer_state(obs, seat, colour))))
        out.append(text_svg(i * 78 + 20, 0, where or "off", size=11, fill=INK if where else MUTED))
    return "".join(out)


def _token_row(seat: int, obs: Mapping, layout: Mapping) -> str:
    held = obs["tokens"][seat]
    kinds = [k for k in (*TOKEN_ORDER, *(k for k in held if k not in TOKEN_ORDER)) if held.get(k)]
    if not kinds:
        return text_svg(0, 0, "none", size=11, fill=MUTED)
    out, x = [], 8.0
    for kind in kinds:
        name = layout.get("tokens", {}).get(kind, kind.replace("_", " "))
        words = f"{name} ×{held[kind]}" if held[kind] > 1 else name
        out.append(group_svg(x, 0, token_face_svg(kind, layout, 8)) + text_svg(x + 11, 0, words, size=11, fill=INK))
        x += 26 + 6.2 * len(words)
    return "".join(out)


def _ring_row(seat: int, obs: Mapping, layout: Mapping) -> str:
    worn = obs["rings"][seat]
    if not worn:
        return text_svg(0, 0, "none", size=11, fill=MUTED)
    out = []
    for i, colour in enumerate(worn):
        out.append(tag("circle", {"cx": i * 70 + 6, "cy": 0, "r": 5.5, "fill": "none", "stroke": colour_css(colour, layout),
                                   "stroke_width": 2.5}))
        out.append(text_svg(i * 70 + 16, 0, colour, size=11, fill=INK))
    return "".join(out)


def _hoard_row(seat: int, obs: Mapping, layout: Mapping) -> str:
    items = obs["hoards"][seat]
    if items is None:
        return text_svg(0, 0, "behind the screen", size=11, fill=MUTED, class_="dl-hoard-hidden")
    out = []
    for i, kind in enumerate(HOARD_ORDER):
        n = items.get(kind, 0)
        css = layout.get("gems", {}).get(kind, {}).get("css", "#888888")
        icon = egg_svg(1, 7) if kind == "egg" else gem_svg(css, 1, 6.5)
        words = plural(n, "egg") if kind == "egg" else gem_count(n, kind, layout)
        out.append(tag("g", {"opacity": None if n else 0.45}, title_svg(words) + group_svg(i * 46 + 8, 0, icon)
                        + text_svg(i * 46 + 18, 0, n, size=11, font_weight=700, fill=INK)))
    return "".join(out)


def _final_words(final: Mapping, layout: Mapping) -> str:
    sets = final.get("sets", 0)
    returned = [gem_count(n, g, layout) for g, n in (final.get("returned") or {}).items() if n > 0]
    back = f"; gave back {', '.join(returned)}" if returned else "; gave nothing back"
    return f"{plural(final.get('score', 0), 'point')}: {plural(sets, 'set')} of egg + ruby + emerald + sapphire{back}"
