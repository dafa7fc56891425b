"""Emerald's picture, the seats' hands: each seat's gold, gems, treasures, bonus and knights, and the legend.
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..svg import text as _text
from ..svg import title as _title
from .picture_board import (
    ACCENT,
    BONUS_FILL,
    BORDER,
    DRAGON,
    HAND_BG,
    HANDS,
    INK,
    MUTED,
    TREASURE,
    TREASURE_INK,
    WINNER_BG,
    WINNER_EDGE,
    card_svg,
    gem_svg,
)


# ---------------------------------------------------------------------------------------------- the seats
def hands_svg(obs: dict[str, Any], layout: dict[str, Any], names: list[str]) -> str:
    """One block per seat in the top-left corner, then the legend."""
    hands = obs["hands"]
    gap = 6
    h = min(96, (HANDS["bottom"] - HANDS["y"] - HANDS["legend"]) / max(len(hands), 1) - gap)
    out = [_hand(hand, obs, layout, names, HANDS["y"] + i * (h + gap), h) for i, hand in enumerate(hands)]
    out.append(_legend(obs, layout, names, HANDS["y"] + len(hands) * (h + gap) + 4))
    return "\n".join(out)


def _hand(hand: dict[str, Any], obs: dict[str, Any], layout: dict[str, Any], names: list[str], y: float, h: float) -> str:
    seat = hand["seat"]
    colours = obs["seat_colours"][seat]
    x, w = HANDS["x"], HANDS["w"]
    outcome = obs.get("outcome") or {}
    winner = seat in outcome.get("winners", [])
    to_move = obs.get("current_player") == seat
    pending = obs["pending"] if obs["pending"] and obs["pending"]["victim_owner"] == seat else None
    edge = (f'stroke="{WINNER_EDGE}" stroke-width="3"' if winner else f'stroke="{DRAGON}" stroke-width="2.5"' if pending
            else f'stroke="{ACCENT}" stroke-width="2.5"' if to_move else f'stroke="{BORDER}"')
    out = [f'<g><rect x="{x}" y="{y:g}" width="{w}" height="{h:g}" rx="8" fill="{WINNER_BG if winner else HAND_BG}" {edge}/>']
    out += [f'<circle cx="{x + 16 + i * 16}" cy="{y + 16:g}" r="6.5" fill="{escape(layout["colours"][c]["css"])}" stroke="{INK}" '
            f'stroke-width="1.3"/>' for i, c in enumerate(colours)]
    out.append(_text(x + 12 + len(colours) * 16, y + 17, names[seat], size=14, weight="bold", anchor="start"))
    tags = "  ".join(t for t, on in (("★ winner", winner), ("▶ to move", to_move), ("(this view)", obs.get("viewer") == seat)) if on)
    if tags:
        out.append(_text(x + 150, y + 17, tags, weight="bold", anchor="start", fill=ACCENT))
    scores = obs.get("scores") or outcome.get("scores") or {}
    if str(seat) in scores:
        out.append(_text(x + w - 10, y + 17, f"{scores[str(seat)]} pts", size=14, weight="bold", anchor="end"))
    top = y + 28
    out.append(_gold(hand, x + 10, top))
    out.append(_gem_counts(hand, layout["gems"], x + 206, top))
    out.append(_treasures_and_bonus(hand, layout["gems"], x + 342, top))
    if pending:
        colour = layout["colours"].get(pending["victim_colour"], {}).get("name", pending["victim_colour"]).lower()
        foot = f"Dragon holds a {colour} knight on {pending['square']}: pay one gold card or lose it"
        out.append(_text(x + 10, y + h - 8, foot, size=12.5, weight="bold", anchor="start", fill=DRAGON))
    else:
        out.append(_text(x + 10, y + h - 8, _knight_counts(obs, colours, hand), anchor="start", fill=MUTED))
    out.append("</g>")
    return "\n".join(out)


def _gold(hand: dict[str, Any], x: float, y: float) -> str:
    """A seat's gold cards: their values when this view may see them, else backs and their number."""
    cw, ch = 28, 38
    if hand["gold"] is not None:
        values = sorted(hand["gold"])
        if not values:
            return _text(x, y + ch / 2, "no gold", anchor="start", fill=MUTED)
        step = 150 / len(values) if len(values) > 6 else cw + 3
        return "".join(f"<g>{_title(f'gold card worth {v}')}{card_svg({'kind': 'gold', 'value': v}, x + cw / 2 + i * step, y + ch / 2, cw, ch, {})}</g>"
                       for i, v in enumerate(values))
    n = hand["gold_count"]
    if not n:
        return _text(x, y + ch / 2, "no gold", anchor="start", fill=MUTED)
    out = [f"<g>{_title(f'{n} gold card(s), values hidden from this view')}"]
    out += [card_svg(None, x + cw / 2 + i * 4, y + ch / 2 - i * 2, cw, ch, {}) for i in range(min(n, 3) - 1, -1, -1)]
    out.append(_text(x + cw + 14, y + ch / 2, f"×{n}", weight="bold", anchor="start"))
    out.append(_text(x + cw + 14, y + ch / 2 + 13, "hidden", anchor="start", fill=MUTED))
    out.append("</g>")
    return "".join(out)


def _gem_counts(hand: dict[str, Any], gems: dict[str, Any], x: float, y: float) -> str:
    out = []
    for i, (gem, info) in enumerate(gems.items()):
        n = hand["gems"].get(gem, 0)
        cx = x + 10 + i * 32
        dim = "" if n else ' opacity="0.35"'
        words = f"{n} {info['name']}"
        out.append(f'<g{dim}>{_title(words)}{gem_svg(info["css"], cx, y + 12, 0.9)}'
                   f'{_text(cx, y + 32, f"×{n}", weight="bold")}</g>')
    return "".join(out)


def _treasures_and_bonus(hand: dict[str, Any], gems: dict[str, Any], x: float, y: float) -> str:
    t = hand["treasures"]
    dim = "" if t else ' opacity="0.35"'
    out = [(f'<g{dim}>{_title(f"{t} treasure card(s), 5 points each")}<rect x="{x:g}" y="{y + 2:g}" width="22" '
            f'height="20" rx="3" fill="{TREASURE}" stroke="#8d6e00"/>{_text(x + 11, y + 12, "★", size=15, fill=TREASURE_INK)}'
            f'{_text(x + 11, y + 32, f"×{t}", weight="bold")}</g>')]
    for i, bonus in enumerate(hand["bonus"]):
        gem = next((g for g in gems if g in bonus), None)
        words = f"majority bonus: {gems[gem]['name']} (4 points)" if gem else "bonus: four different gems (4 points)"
        bx, by = x + 38 + (i % 3) * 20, y + 8 + (i // 3) * 20
        ring = gems[gem]["css"] if gem else "#8d6e00"
        out.append(f'<g>{_title(words)}<circle cx="{bx:g}" cy="{by:g}" r="9" fill="{BONUS_FILL}" stroke="{escape(ring)}" '
                   f'stroke-width="2.5"/>{_text(bx, by, "B" if gem else "4", size=10, weight="bold", fill="#4e3b00")}</g>')
    return "".join(out)


def _knight_counts(obs: dict[str, Any], colours: list[str], hand: dict[str, Any]) -> str:
    play = lair = nest = 0
    for space, here in obs["knights"].items():
        n = sum(here.get(c, 0) for c in colours)
        if space == "LAIR":
            lair += n
        elif space == "NEST":
            nest += n
        else:
            play += n
    paid = ""
    if hand["gold_paid"]:
        values = f" ({'+'.join(map(str, hand['paid_values']))})" if hand.get("paid_values") else ""
        paid = f" · {hand['gold_paid']} gold paid to the dragon{values}"
    return f"knights: {play} in play · {lair} in lair · {nest} in nest{paid}"


def _legend(obs: dict[str, Any], layout: dict[str, Any], names: list[str], y: float) -> str:
    """The gems' names and who holds the "four different gems" bonus, under the seats."""
    x = HANDS["x"] + 6
    out = [_text(x, y + 8, "GEMS", size=10.5, weight="bold", anchor="start", fill=MUTED)]
    x += 52
    for info in layout["gems"].values():
        out.append(gem_svg(info["css"], x, y + 8, 0.7))
        out.append(_text(x + 10, y + 8, info["name"], anchor="start", fill=MUTED))
        x += 24 + 7 * len(info["name"])
    out.append(f'<circle cx="{x + 6}" cy="{y + 8:g}" r="3.5" fill="{ACCENT}" stroke="#ffffff"/>')
    out.append(_text(x + 14, y + 8, "moved this turn", anchor="start", fill=MUTED))
    four = obs["bonus"]["four_different_gems"]
    holder = "still available" if four is None else f"taken by {names[four]}"
    out.append(_text(HANDS["x"] + 6, y + 25, f"“four different gems” bonus {holder} · +n = face-down cards",
                     anchor="start", fill=MUTED))
    return "\n".join(out)
