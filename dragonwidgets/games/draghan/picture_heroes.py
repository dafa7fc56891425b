"""Draghan's picture, the heroes: each character's side, icons, coins, equipment in its body slots and
wounds (DG-WOUND, DG-EQUIP-1), and its part in the fight.
"""

from __future__ import annotations

from typing import Any

from ..svg import text as _text
from ..svg import title as _title
from .picture_pieces import (
    ACCENT,
    BG2,
    BORDER,
    CARD,
    CARD_EDGE,
    GOLD,
    HEAL,
    INK,
    MINE_BG,
    MUTED,
    PAD,
    ROW,
    SKILL_COLOURS,
    SLOTS,
    WIDTH,
    WOOD,
    coins_svg,
    equipment_words,
    fit,
    icon_words,
    icons_svg,
    kit_right_svg,
    monster_name,
    rect_svg,
    wrap,
)


def heroes_svg(obs: dict[str, Any], layout: dict[str, Any], names: list[str], y: float) -> tuple[str, float]:
    """One panel per seat, in seat order (js/draghan/heroes.js), all as high as the fullest one."""
    n = len(obs["heroes"])
    w = (WIDTH - 2 * PAD - (n - 1) * 10) / n
    lines = max([_kit_lines(obs, layout, h) for h in obs["heroes"] if h] or [0])
    h = 84 + (lines * ROW if lines else 0)
    out = [_hero(obs, layout, names, seat, PAD + seat * (w + 10), y, w, h) for seat in range(n)]
    return "".join(out), h


def _kit_lines(obs: dict[str, Any], layout: dict[str, Any], hero: dict[str, Any]) -> int:
    """The lines a character's equipment takes: one per card, an empty slot one line."""
    slots = [layout["cards"][c]["slot"] for c in hero["equipment"]]
    loose = sum(1 for s in slots if s not in SLOTS)
    return sum(max(1, slots.count(s)) for s in SLOTS) + loose


def _empty_seat_words(obs: dict[str, Any]) -> str:
    """What an empty seat says: no character chosen yet while setting up (round 0), else its character dropped
    out in the Shadow Realm (DG-WOUND-5), sharing the team's win unless the team lost (DG-WOUND-6, DG-END-1)."""
    if not obs["round"]:
        return "no character yet"
    out = "out of the game (dropped out in the Shadow Realm)"
    if obs["result"] == "lost":
        return out
    return f"{out}; {'shares' if obs['result'] == 'won' else 'still shares'} the team's win"


def _hero(obs: dict[str, Any], layout: dict[str, Any], names: list[str], seat: int, x: float, y: float, w: float,
          h: float) -> str:
    """One character: header (name, seat, map, to decide, coins), its side up, its fight, its equipment."""
    hero, cards = obs["heroes"][seat], layout["cards"]
    active = obs["active_player"] == seat
    to_play = not obs["is_over"] and obs["current_player"] == seat
    mine = obs.get("viewer") == seat
    stroke, width = (ACCENT, 3) if to_play else (GOLD, 2) if active else (BORDER, 1)
    box = rect_svg(x, y, w, h, MINE_BG if mine else "#ffffff", stroke, width=width, dash="" if hero else "5 4")
    box += _tags(x + w - 10, y, active, to_play)
    if hero is None:
        words = _empty_seat_words(obs)
        return (f"<g>{_title(f'Seat {seat + 1}: {words}')}{box}"
                f"{_text(x + 10, y + 16, f'Seat {seat + 1}', size=13, weight='bold', fill=MUTED)}"
                + "".join(_text(x + 10, y + 38 + 14 * k, line, size=11, fill=MUTED)
                          for k, line in enumerate(wrap(words, 11, w - 20, 3))) + "</g>")
    c = cards[hero["card"]]
    side, other = ("wounded", "healthy") if hero["wounded"] else ("healthy", "wounded")
    head = [_text(x + 10, y + 16, fit(names[seat], 13, w - 110), size=13, weight="bold"),
            _text(x + 14 + min(len(names[seat]), 18) * 7.6, y + 16, f"seat {seat + 1}", size=10, fill=MUTED),
            coins_svg(hero["coins"], x + w - 40, y + 16, 13)]
    sw = 64
    chips, at = icons_svg(hero["shows"], x + 18 + sw, y + 42)
    face = [rect_svg(x + 10, y + 34, sw, 16, HEAL if side == "healthy" else SKILL_COLOURS["S"], "none", rx=3),
            _text(x + 10 + sw / 2, y + 42.5, side.upper(), size=9.5, weight="bold", anchor="middle", fill="#ffffff"),
            chips, _text(at + 8, y + 42, fit(f"{other}: {c[other] or '–'}", 10, x + w - at - 16), size=10,
                         fill=MUTED)]
    fight = _fight_line(obs, cards, names, seat)
    if fight:
        face.append(_text(x + 10, y + 64, fit(fight, 10.5, w - 20), size=10.5,
                          weight="bold" if obs["declaring"] == seat else "", fill=ACCENT if obs["declaring"] == seat else INK))
    words = (f"{names[seat]} (seat {seat + 1}): {side} side up, shows {icon_words(hero['shows'])}; "
             f"{other} side {icon_words(c[other])}; {hero['coins']} coin(s)"
             + ("; holds the map card: the active character (DG-ROUND-2)" if active else "")
             + ("; to decide" if to_play else "") + (f"; {fight[2:]}" if fight else ""))
    return (f"<g>{_title(words)}{box}{''.join(head)}{''.join(face)}"
            f"{_slots(obs, layout, hero, x + 10, y + 78, w - 20)}</g>")


def _tags(right: float, y: float, active: bool, to_play: bool) -> str:
    """The map card (the active character, DG-ROUND-2) and the seat to decide, on a panel's top edge."""
    tags = [("MAP", GOLD, "#1b1b1b")] if active else []
    tags += [("▶ TO DECIDE", ACCENT, "#ffffff")] if to_play else []
    out = []
    for word, fill, ink in reversed(tags):
        tw = len(word) * 6.6 + 10
        right -= tw + 4
        out.append(rect_svg(right, y - 8, tw, 16, fill, fill, rx=3)
                   + _text(right + tw / 2, y + 0.5, word, size=9.5, weight="bold", anchor="middle", fill=ink))
    return "".join(out)


def _fight_line(obs: dict[str, Any], cards: dict[str, Any], names: list[str], seat: int) -> str:
    """The monster a character faces and the cards it commits (public, DG-FIGHT-10), or ``""``."""
    target = obs["targets"].get(str(seat))
    declaring = obs["declaring"] == seat
    if target is None and not declaring:
        return ""
    used = obs["used"].get(str(seat), [])
    words = (f"faces {monster_name(obs, cards, target)}" + (f" with {', '.join(cards[c]['name'] for c in used)}"
                                                              if used else "")
             if target else "chooses a monster to face…")
    return f"{'▶' if declaring else '→'} {words}"


def _slots(obs: dict[str, Any], layout: dict[str, Any], hero: dict[str, Any], x: float, y: float, w: float) -> str:
    """The equipment by body slot against its limit (DG-EQUIP-1), a slot over it marked; cards committed
    to this fight marked ``used``."""
    cards, limits = layout["cards"], layout["limits"]
    used = {c for ids in obs["used"].values() for c in ids}
    by_slot = {slot: [c for c in hero["equipment"] if cards[c]["slot"] == slot] for slot in SLOTS}
    groups = [(slot, f"{slot} {len(ids)}/{limits[slot]}", ids, len(ids) > limits[slot]) for slot, ids in by_slot.items()]
    loose = [c for c in hero["equipment"] if cards[c]["slot"] not in SLOTS]
    if loose:
        groups.append(("", "no slot", loose, False))
    out, at = [], y
    for slot, label, ids, over in groups:
        lines = max(1, len(ids))
        tip = (f"more {slot} cards than the {limits[slot]} a character may carry (DG-EQUIP-1)" if over
               else f"up to {limits[slot]} {slot} card(s) (DG-EQUIP-1)" if slot else "cards without a body slot")
        out.append(f"<g>{_title(tip)}{rect_svg(x, at, w, lines * ROW - 2, BG2, BG2, rx=4)}"
                   f"{_text(x + 6, at + ROW / 2 - 1, label.upper(), size=9.5, weight='bold' if over else '', fill=INK if over else MUTED)}</g>")
        for k, cid in enumerate(ids):
            cy = at + k * ROW + ROW / 2 - 1
            c = cards[cid]
            note = "; committed to this fight" if cid in used else ""
            kit, start = kit_right_svg(c, x + w - 4, cy)
            fill, edge = CARD if c["kind"] == "market" else WOOD, ACCENT if note else CARD_EDGE
            out.append(f"<g>{_title(equipment_words(c, cid) + note)}"
                       f"{rect_svg(x + 64, cy - 10, w - 66, 20, fill, edge, rx=4, width=2 if note else 1)}"
                       f"{_text(x + 70, cy, fit(c['name'], 10.5, start - x - 74), size=10.5, weight='bold')}{kit}</g>")
        at += lines * ROW
    return "".join(out)
