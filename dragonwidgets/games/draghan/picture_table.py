"""Draghan's picture, the table: the round's phases (DG-ROUND-1), the realm and location (DG-LOC, DG-PORTAL),
the decks, the monsters with their requirements and the icons placed (DG-FIGHT-6/7), the dragon
(DG-DRAGON-1/5), the market (DG-MARKET-1) and the set-aside characters (DG-SETUP-6).
"""

from __future__ import annotations

from typing import Any

from ..svg import text as _text
from ..svg import title as _title
from .picture_pieces import (
    ABILITY_TEXT,
    ACCENT,
    BORDER,
    CARD,
    CARD_EDGE,
    CARD_H,
    CARD_W,
    CENTRE_W,
    CENTRE_X,
    DECK_FILL,
    DECK_INK,
    DECKS,
    DRAGHAN_ONLY,
    DRAGON,
    DRAGON_BG,
    GAP,
    GOLD,
    GOLD_EDGE,
    INK,
    LOST_BG,
    LOST_EDGE,
    MONSTER,
    MUTED,
    OK,
    ORDERED_DECKS,
    PAD,
    PHASES,
    REALM_FILL,
    REALMS,
    SHADOW_MONSTER,
    SKILLS,
    WHERE_W,
    WIDTH,
    WON_BG,
    cards_svg,
    character_svg,
    coins_svg,
    equipment_svg,
    fit,
    icon_words,
    icons_svg,
    is_matched,
    monster_name,
    need_svg,
    phase_of,
    rect_svg,
    who_words,
    wrap,
)


# ---------------------------------------------------------------------------------------------- the left panel
def where_svg(obs: dict[str, Any], cards: dict[str, Any], x: float, y: float) -> tuple[str, float]:
    """The realm and location panel (js/draghan/location.js): round and phases, realm, location, portals,
    decks, supply; returns its SVG and height."""
    w = WHERE_W
    setup = obs["decision"] == "choose_character" or (not obs["round"] and not obs["is_over"])
    title = f"Round {obs['round']} · game over" if obs["is_over"] else "Setting up" if setup else f"Round {obs['round']}"
    out = [_text(x + 10, y + 16, title, size=14, weight="bold")]
    at = y + 32
    if not setup:
        out.append(_phases(obs, x + 10, at, w - 20))
        at += 48
    realm = _realm(obs, x + 10, at, w - 20)
    out.append(realm[0])
    at += realm[1] + 6
    location = _location(obs, cards, x + 10, at, w - 20)
    out.append(location[0])
    at += location[1] + 6
    if obs["realm"] != "shadow":
        up = obs["portals_up"]
        words = f"PORTALS {len(up)} OF 3" + (": " + ", ".join(cards[p]["name"] for p in up) if up else "")
        out.append(f"<g>{_title('Portals turned up; the third forces the travel (DG-PORTAL-6)')}"
                   f"{_text(x + 10, at + 8, fit(words, 11, w - 20), size=11, weight='bold', fill=MUTED)}</g>")
        at += 22
    decks = _decks(obs, cards, x + 10, at, w - 20)
    out.append(decks[0])
    at += decks[1] + 4
    supply = obs["supply"]
    out.append(f"<g>{_title(f'The coins in the supply: {supply} (DG-INT-24)')}"
               f"{_text(x + 10, at + 9, 'supply', size=11)}{coins_svg(supply, x + 52, at + 9, 11)}</g>")
    out.append(_text(x + 110, at + 9, f"defeated {obs['defeated']}", size=11))
    fled = obs["fled"]
    out.append(f"<g>{_title('Draghan monsters that fled into the Shadow deck')}"
               f"{_text(x + 190, at + 9, f'fled {fled}', size=11)}</g>")
    h = at + 22 - y
    return rect_svg(x, y, w, h, "#ffffff") + "".join(out), h


def _phases(obs: dict[str, Any], x: float, y: float, w: float) -> str:
    """The phase track of the round (DG-ROUND-1), the phase now filled."""
    now, pill = phase_of(obs), (w - 3 * 4) / 4
    out = []
    for k, (key, label, _) in enumerate(PHASES):
        px, py = x + (k % 4) * (pill + 4), y + (k // 4) * 22
        on = key == now
        out.append(rect_svg(px, py, pill, 18, ACCENT if on else "#ffffff", ACCENT if on else BORDER, rx=9)
                   + _text(px + pill / 2, py + 9.5, label, size=10, weight="bold" if on else "", anchor="middle",
                           fill="#ffffff" if on else MUTED))
    return f"<g>{_title(f'Phase now: {now}' if now else 'Phases of the round')}{''.join(out)}</g>"


def _realm(obs: dict[str, Any], x: float, y: float, w: float) -> tuple[str, float]:
    """The realm badge (DG-PORTAL): where the team is, and the travel pending."""
    realm = obs["realm"]
    h = 44 if obs["travel_pending"] else 28
    words = f"The team is in {REALMS[realm]}" + (
        "; it travels to the Shadow Realm at the end of this round (no way back)" if obs["travel_pending"] else "")
    out = [rect_svg(x, y, w, h, REALM_FILL[realm], REALM_FILL[realm]),
           _text(x + 10, y + 14, REALMS[realm].upper(), size=13, weight="bold", fill="#ffffff")]
    if obs["travel_pending"]:
        out.append(_text(x + 10, y + 33, "→ Shadow Realm at the round's end", size=11, fill="#ffffff"))
    return f"<g>{_title(words)}{''.join(out)}</g>", h


def _location(obs: dict[str, Any], cards: dict[str, Any], x: float, y: float, w: float) -> tuple[str, float]:
    """The location turned up this round with its ability (DG-LOC-2..7) and, for an assist, its icons."""
    lid = obs["location"]
    if not lid:
        return (rect_svg(x, y, w, 28, "#ffffff", dash="4 3")
                + _text(x + 10, y + 14, "No location turned up yet", size=11, fill=MUTED)), 28
    c = cards[lid]
    ability = c["ability"] or ""
    out = [rect_svg(x, y, w, 70, CARD, CARD_EDGE, width=2), _text(x + 10, y + 14, fit(c["name"], 13, w - 20),
                                                                  size=13, weight="bold"),
           _text(x + 10, y + 33, ability.upper(), size=11, weight="bold", fill=MUTED)]
    if ability == "assist":
        out.append(icons_svg(obs["assist"] or c["icons"], x + 70, y + 33)[0])
    for k, line in enumerate(wrap(ABILITY_TEXT.get(ability, ""), 10, w - 20)):
        out.append(_text(x + 10, y + 50 + 12 * k, line, size=10, fill=MUTED))
    words = f"Location {c['name']} ({lid}): {ability}" + (f", icons {obs['assist']}" if ability == "assist" else "")
    return f"<g>{_title(words)}{''.join(out)}</g>", 70


def _decks(obs: dict[str, Any], cards: dict[str, Any], x: float, y: float, w: float) -> tuple[str, float]:
    """The face-down decks by their sizes and the discard pile's count (section 7); the teacher's picture
    (``hidden``) adds each ordered deck's next card, and its whole order as the tooltip."""
    sizes, hidden = obs["deck_sizes"], (obs.get("hidden") or {}).get("decks")
    rows = [(key, label, sizes[key]) for key, label in DECKS if key in sizes]
    rows.append(("discard", "Discard pile", len(obs["discard"])))
    out = []
    for k, (key, label, n) in enumerate(rows):
        ry = y + k * 28
        unused = obs["realm"] == "shadow" and key in DRAGHAN_ONLY
        if key == "discard":
            box = rect_svg(x, ry, 28, 24, "#ffffff", rx=3)
            ink = INK
        elif not n:
            box, ink = rect_svg(x, ry, 28, 24, "#ffffff", rx=3, dash="3 2"), MUTED
        else:
            box, ink = rect_svg(x, ry, 28, 24, MUTED if unused else DECK_FILL, MUTED if unused else "#3e2723", rx=3), DECK_INK
        words = (f"{label}: {n} card(s), face up, never reshuffled" if key == "discard"
                 else f"{label}: {n} card(s), face down" + (" (no longer used in the Shadow Realm, DG-PORTAL-4)"
                                                             if unused else ""))
        extra = ""
        if hidden is not None and key in ORDERED_DECKS and hidden.get(key):
            order = [cards[c]["name"] for c in hidden[key]]
            words += f"; in order, top first (the teacher's view): {', '.join(order)}"
            extra = _text(x + 146, ry + 12, fit(f"next: {order[0]}", 10, w - 140), size=10, fill=MUTED, style="italic")
        out.append(f"<g>{_title(words)}{box}{_text(x + 14, ry + 12.5, n, size=12, weight='bold', anchor='middle', fill=ink)}"
                   f"{_text(x + 36, ry + 12, label, size=11, fill=MUTED if unused else INK)}{extra}</g>")
    return "".join(out), len(rows) * 28


# ---------------------------------------------------------------------------------------------- the centre
def centre_svg(obs: dict[str, Any], cards: dict[str, Any], names: list[str], y: float) -> tuple[str, float]:
    """The result banner, the encounters (the dragon, the monsters) and the equipment found this round."""
    x, w, out, at = CENTRE_X, CENTRE_W, [], y
    if obs["is_over"]:
        won = obs["result"] == "won"
        reason = (obs.get("outcome") or {}).get("reason") or ""
        words = ("The team wins!" if won else "The team loses") + (f" · {reason}" if reason else "")
        out.append(f"<g>{_title(words)}"
                   f"{rect_svg(x, at, w, 36, WON_BG if won else LOST_BG, GOLD if won else LOST_EDGE, width=2)}"
                   f"{_text(x + 12, at + 18, fit(words, 15, w - 24), size=15, weight='bold')}</g>")
        at += 44
    out.append(_text(x, at + 10, "ENCOUNTERS", size=12, weight="bold", fill=MUTED))
    at += 24
    dragon = [m for m in obs["table"] if m["dragon"]]
    monsters = [m for m in obs["table"] if not m["dragon"]]
    for m in dragon:
        out.append(_dragon(obs, cards, names, m, x, at, w))
        at += 96 + GAP
    if not monsters:
        out.append(_text(x, at + 8, "No other monster on the table." if dragon else "No monster on the table.",
                         size=12, fill=MUTED))
        at += 24
    per_row = int((w + GAP) // (CARD_W + GAP))
    for k, m in enumerate(monsters):
        out.append(_monster(obs, cards, names, m, x + (k % per_row) * (CARD_W + GAP), at + (k // per_row) * (CARD_H + GAP)))
    at += -(-len(monsters) // per_row) * (CARD_H + GAP)
    found = obs["revealed_equipment"]
    if found:
        active = who_words(names, obs["active_player"])
        out.append(_text(x, at + 8, f"EQUIPMENT FOUND: TO {active.upper()} IF EVERY MONSTER FALLS", size=11,
                         weight="bold", fill=MUTED))
        grid, h = cards_svg(found, cards, x, at + 20, w, equipment_svg)
        out.append(grid)
        at += 20 + h
    return "".join(out), at - y


def _facing(obs: dict[str, Any], cards: dict[str, Any], names: list[str], m: dict[str, Any]) -> str:
    """Who faces a monster, with the cards each commits, and the assist location given to it."""
    who = []
    for seat in m["facing"]:
        used = obs["used"].get(str(seat), [])
        who.append(" + ".join([names[seat], *(cards[c]["name"] for c in used)]))
    if obs["assist_target"] == m["id"] and obs["location"]:
        who.append(f"{cards[obs['location']]['name']} ({obs['assist']})")
    return f"faced by {', '.join(who)}" if who else "nobody faces it"


def _placed_words(m: dict[str, Any]) -> str:
    placed = ", ".join(f"{n} {word}" for (_, word), n in zip(SKILLS, m["placed"]))
    return f"needs {icon_words(m['req'])}; placed {placed}"


def _monster(obs: dict[str, Any], cards: dict[str, Any], names: list[str], m: dict[str, Any], x: float, y: float) -> str:
    """One monster on the table (js/draghan/table.js): name, need row, marks, who faces it."""
    c = cards[m["id"]]
    name = monster_name(obs, cards, m["id"])
    matched = is_matched(m["req"], m["placed"]) and any(m["placed"])
    facing = _facing(obs, cards, names, m)
    marks = [("pays", f"{c['gold']} gold")] if c["gold"] else []
    marks += [("flees", "")] if c["flee"] else []
    marks += [("thief", "")] if c["theft"] else []
    out = [rect_svg(x, y, CARD_W, CARD_H, SHADOW_MONSTER if c["deck"] == "encounter_shadow" else MONSTER,
                 OK if matched else CARD_EDGE, width=2.5 if matched else 1),
           _text(x + 8, y + 13, fit(name, 12, CARD_W - 16), size=12, weight="bold"),
           need_svg(m["req"], m["placed"], x + 6, y + 33)]
    mx = x + 8
    for word, more in marks:
        label = f"{word} {more}".strip()
        out.append(_text(mx, y + 53, label.upper(), size=9.5, weight="bold",
                         fill=GOLD_EDGE if word == "pays" else REALM_FILL["shadow"] if word == "flees" else MUTED))
        mx += len(label) * 6.5 + 10
    for k, line in enumerate(wrap(facing, 10, CARD_W - 16)):
        out.append(_text(x + 8, y + 70 + 12 * k, line, size=10, fill=INK if m["facing"] else MUTED))
    if matched:
        out.append(_text(x + CARD_W - 8, y + 53, "✓ matched", size=10, weight="bold", anchor="end", fill=OK))
    words = f"{name} ({m['id']}): {_placed_words(m)}; {facing}" + (
        f"; pays {c['gold']} gold when defeated (DG-RESULT-2)" if c["gold"] else "") + (
        "; flees into the Shadow Realm deck if undefeated (DG-RESULT-4)" if c["flee"] else "") + (
        "; thief: stole when revealed (DG-EXPLORE-4)" if c["theft"] else "") + ("; matched" if matched else "")
    return f"<g>{_title(words)}{''.join(out)}</g>"


def _dragon(obs: dict[str, Any], cards: dict[str, Any], names: list[str], m: dict[str, Any], x: float, y: float,
            w: float) -> str:
    """The dragon: the large dragon drawn for the dragon card (DG-DRAGON-1), protected by every other
    monster on the table (DG-DRAGON-5)."""
    big = cards[obs["dragon"]]["name"] if obs["dragon"] else None
    others = sum(1 for t in obs["table"] if not t["dragon"])
    matched = is_matched(m["req"], m["placed"]) and any(m["placed"])
    facing = _facing(obs, cards, names, m)
    rule = (f"protected: {others} other monster{'s' * (others != 1)} must fall first (DG-DRAGON-5)" if others
            else "no other monster protects it")
    out = [rect_svg(x, y, w, 96, DRAGON_BG, OK if matched else DRAGON, width=3),
           _text(x + 12, y + 14, "THE DRAGON", size=11, weight="bold", fill=DRAGON),
           _text(x + 12, y + 34, big or "not drawn yet", size=17, weight="bold"),
           need_svg(m["req"], m["placed"], x + 220, y + 34),
           _text(x + 12, y + 58, fit(facing, 11, w - 24), size=11),
           _text(x + 12, y + 78, rule, size=10, fill=MUTED)]
    if matched:
        out.append(_text(x + w - 12, y + 14, "✓ matched", size=11, weight="bold", anchor="end", fill=OK))
    label = f"The dragon: {big} ({obs['dragon']})" if big else "The dragon"
    return f"<g>{_title(f'{label}, {_placed_words(m)}; {facing}; {rule}')}{''.join(out)}</g>"


# ---------------------------------------------------------------------------------------------- market, characters
def side_svg(obs: dict[str, Any], cards: dict[str, Any], y: float) -> tuple[str, float]:
    """The market display (DG-MARKET-1) and the set-aside characters (DG-SETUP-6, DG-WOUND-4), if any."""
    out, at, w = [], y, WIDTH - 2 * PAD
    groups = [(obs["market_display"], "MARKET · FOR SALE AFTER THE FIGHT", equipment_svg),
              (obs["set_aside"], "CHARACTERS TO CHOOSE FROM" if obs["decision"] == "choose_character"
               else "SET-ASIDE CHARACTERS (REPLACEMENTS)", character_svg)]
    for ids, label, draw in groups:
        if ids:
            out.append(_text(PAD, at + 8, label, size=11, weight="bold", fill=MUTED))
            grid, h = cards_svg(ids, cards, PAD, at + 20, w, draw)
            out.append(grid)
            at += 20 + h
    return "".join(out), at - y
