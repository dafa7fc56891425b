"""Draghan's picture, the pieces: the geometry, colours and names of the table, and the small drawings the
rest is made of (boxes, fitted words, icon chips, requirements, coins, cards of equipment and characters).
"""

from __future__ import annotations

from typing import Any

from ..svg import text as _text
from ..svg import title as _title

WIDTH = 1000  # SVG units; the height follows the table (more monsters, more rows)
HEAD = 34  # the line above the table: who decides what, whose view
PAD, GAP = 10, 8
WHERE_W = 280  # the left panel: realm, location, decks
CENTRE_X = PAD + WHERE_W + 12
CENTRE_W = WIDTH - PAD - CENTRE_X
CARD_W, CARD_H = 164, 104  # a monster
SMALL_W, SMALL_H = 156, 46  # an equipment, market or character card
ROW = 24  # one equipment line in a character's panel
# Fixed colours: the widget's light theme (js/draghan/draghan.css mixed with a white page).
INK, MUTED, BORDER, ACCENT, BG2 = "#1f1f1f", "#555555", "#c4c4c4", "#1565c0", "#f4f4f4"
SKILL_COLOURS = {"S": "#c62828", "C": "#ad1457", "K": "#1565c0"}
CARD, CARD_EDGE, WOOD = "#fcf9ec", "#a3908a", "#e3dbd9"
MONSTER, SHADOW_MONSTER, DRAGON, DRAGON_BG = "#f9e9e9", "#e1dcf0", "#b71c1c", "#f6dcd6"
GOLD, GOLD_EDGE, HEAL, OK = "#c9a227", "#8a6d12", "#2e7d32", "#2e7d32"
REALM_FILL = {"draghan": "#33691e", "shadow": "#4527a0"}
DECK_FILL, DECK_INK, WON_BG, LOST_BG, LOST_EDGE, MINE_BG = "#5d4037", "#fff8e1", "#fff4d2", "#f9e5e5", "#c62828", "#f3f7fc"
SKILLS = (("S", "strength"), ("C", "charm"), ("K", "knowledge"))
SLOTS = ("head", "torso", "hand")
REALMS = {"draghan": "Draghan", "shadow": "Shadow Realm"}
#: What each location ability does this round (DG-LOC-2..7), as the widget says it.
ABILITY_TEXT = {
    "heal": "Healing: every wounded character is healed",
    "assist": "Assist: its icons help the team against one monster",
    "threat": "Threat: one more encounter card is revealed",
    "theft": "Theft: the active character loses a coin, else a random card",
    "market": "Market: 4 cards for sale after the fight",
    "portal": "Portal: the team may travel to the Shadow Realm",
}
#: The round's phases (DG-ROUND-1) and the decisions that belong to each.
PHASES = (
    ("heal", "1 heal", ("heal_1",)),
    ("location", "2 location", ("reveal_location", "draw_market", "portal_choice")),
    ("fight", "3 fight", ("reveal_encounter", "draw_dragon", "declare_target", "declare_equipment", "assign_assist")),
    ("result", "4 result", ("gold", "replace", "buy")),
    ("share", "5 share", ("share",)),
    ("heal2", "6 heal", ("heal_2",)),
    ("check", "7 check", ("equipment_check",)),
)
DECKS = (
    ("location_draghan", "Draghan locations"),
    ("encounter_draghan", "Draghan encounters"),
    ("market", "Market"),
    ("location_shadow", "Shadow locations"),
    ("encounter_shadow", "Shadow encounters"),
    ("dragons", "Large dragons"),
)
#: The decks the Shadow Realm no longer uses (DG-PORTAL-4).
DRAGHAN_ONLY = ("location_draghan", "encounter_draghan", "market")
#: The decks whose next card the teacher's picture names (the large dragons are drawn at random, DG-DRAGON-1).
ORDERED_DECKS = ("location_draghan", "encounter_draghan", "market", "location_shadow", "encounter_shadow")


def who_words(names: list[str], seat: int | None) -> str:
    if seat is None or seat < 0:
        return "chance"
    name = names[seat]
    return name if name.startswith("Seat ") else f"the {name}"


def monster_name(obs: dict[str, Any], cards: dict[str, Any], mid: str) -> str:
    """A monster as the table reads it: the dragon by its large card, two of one name by their ids."""
    if cards[mid]["kind"] == "dragon_card":
        return f"the dragon ({cards[obs['dragon']]['name']})" if obs["dragon"] else "the dragon"
    name = cards[mid]["name"]
    twice = sum(1 for m in obs["table"] if not m["dragon"] and cards[m["id"]]["name"] == name) > 1
    return f"{name} {mid}" if twice else name


def icon_words(icons: str) -> str:
    """``"SSK"`` in words: ``"2 strength, 1 knowledge"`` (``"no icon"`` when empty)."""
    return ", ".join(f"{icons.count(letter)} {word}" for letter, word in SKILLS if letter in icons) or "no icon"


def phase_of(obs: dict[str, Any]) -> str | None:
    """The phase (DG-ROUND-1) the decision belongs to; a theft is the location's or a monster's."""
    decision = obs["decision"]
    if decision == "join_card":  # a replacement's card (round 1 on), or one chosen at set-up (no phase yet)
        return "result" if obs["round"] else None
    if decision == "theft":
        return "fight" if obs["table"] or obs["revealed_equipment"] else "location"
    return next((key for key, _, decisions in PHASES if decision in decisions), None)


# ---------------------------------------------------------------------------------------------- drawing
def rect_svg(x: float, y: float, w: float, h: float, fill: str, stroke: str = BORDER, *, rx: float = 6,
          width: float = 1, dash: str = "") -> str:
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{width:g}"{extra}/>')


def fit(words: str, size: float, width: float) -> str:
    """``words`` cut with an ellipsis to fit ``width`` units at font ``size`` (about 0.56 em a letter)."""
    most = max(1, int(width / (0.56 * size)))
    return words if len(words) <= most else words[: most - 1].rstrip() + "…"


def wrap(words: str, size: float, width: float, lines: int = 2) -> list[str]:
    """``words`` broken at spaces into at most ``lines`` lines that fit ``width`` (the last one cut)."""
    most = max(1, int(width / (0.5 * size)))
    out: list[str] = []
    rest = words.split()
    while rest and len(out) < lines - 1:
        line = rest.pop(0)
        while rest and len(line) + 1 + len(rest[0]) <= most:
            line += " " + rest.pop(0)
        out.append(line)
    if rest:
        out.append(fit(" ".join(rest), size, width))
    return out


def chip_svg(letter: str, cx: float, cy: float, state: str = "", r: float = 8) -> str:
    """One skill icon: a disc with its letter, filled, or hollow and dashed when still ``needed``."""
    colour = SKILL_COLOURS.get(letter, MUTED)
    if state == "needed":
        return (f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="#ffffff" stroke="{colour}" stroke-width="1.5" '
                f'stroke-dasharray="3 2"/>' + _text(cx, cy + 0.5, letter, size=r * 1.2, weight="bold",
                                                     anchor="middle", fill=colour))
    return (f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{colour}"/>'
            + _text(cx, cy + 0.5, letter, size=r * 1.2, weight="bold", anchor="middle", fill="#ffffff"))


def icons_svg(icons: str, x: float, cy: float, r: float = 8) -> tuple[str, float]:
    """A row of chips for an icon string (``"SCC"``) from ``x``; returns it and the x after it."""
    out = [chip_svg(letter, x + r + k * (2 * r + 3), cy, r=r) for k, letter in enumerate(icons)]
    return "".join(out), x + len(icons) * (2 * r + 3)


def need_svg(req: str, placed: list[int], x: float, cy: float) -> str:
    """What a monster needs against what is placed at it: each needed icon filled when matched, hollow
    when missing; icons placed beyond the need follow as ``+n`` (DG-FIGHT-6/7)."""
    out, at = [], x
    for (letter, _), got in zip(SKILLS, placed):
        need = req.count(letter)
        for k in range(need):
            out.append(chip_svg(letter, at + 8, cy, "placed" if k < got else "needed"))
            at += 19
        if need and got > need:
            out.append(_text(at + 1, cy, f"+{got - need}", size=10, fill=MUTED))
            at += 20
    return "".join(out)


def is_matched(req: str, placed: list[int]) -> bool:
    """Check if the icons placed match every icon the monster needs (DG-FIGHT-7)."""
    return all(got >= req.count(letter) for (letter, _), got in zip(SKILLS, placed))


def coins_svg(n: int, x: float, cy: float, size: float = 12) -> str:
    """A coin count: a gold disc and the number."""
    r = size * 0.45
    return (f'<circle cx="{x + r:g}" cy="{cy:g}" r="{r:g}" fill="{GOLD}" stroke="{GOLD_EDGE}"/>'
            + _text(x + 2 * r + 3, cy, n, size=size, weight="bold"))


def cards_svg(ids: list[str], cards: dict[str, Any], x: float, y: float, w: float, draw: Any) -> tuple[str, float]:
    """Small cards in rows across ``w``; returns them and their height."""
    per_row = max(1, int((w + GAP) // (SMALL_W + GAP)))
    out = [draw(cards, cid, x + (k % per_row) * (SMALL_W + GAP), y + (k // per_row) * (SMALL_H + GAP))
           for k, cid in enumerate(ids)]
    return "".join(out), -(-len(ids) // per_row) * (SMALL_H + GAP)


def equipment_words(c: dict[str, Any], cid: str) -> str:
    return " · ".join(filter(None, [
        f"{c['name']} ({cid})", icon_words(c["icons"]) if c["icons"] else "no skill icon",
        f"{c['slot']} slot" if c["slot"] else "", "heals its owner when played (DG-HEAL)" if c["heal"] else "",
        f"price {c['price']}" if c["price"] is not None else ""]))


def equipment_svg(cards: dict[str, Any], cid: str, x: float, y: float) -> str:
    """An equipment card (market or encounter, DG-INT-8): name, icons, healing mark, body slot, price."""
    c = cards[cid]
    out = [rect_svg(x, y, SMALL_W, SMALL_H, CARD if c["kind"] == "market" else WOOD, CARD_EDGE),
           _text(x + 8, y + 13, fit(c["name"], 11, SMALL_W - 16), size=11, weight="bold"),
           kit_row_svg(c, x + 6, y + 32, SMALL_W - 12)]
    return f"<g>{_title(equipment_words(c, cid))}{''.join(out)}</g>"


def kit_row_svg(c: dict[str, Any], x: float, cy: float, w: float) -> str:
    """An equipment card's icons, healing mark, slot and price on one line from ``x``."""
    chips, at = icons_svg(c["icons"], x, cy, r=7)
    out = [chips]
    if c["heal"]:
        out.append(_text(at + 2, cy, "✚", size=12, weight="bold", fill=HEAL))
        at += 16
    if c["slot"]:
        out.append(_text(at + 4, cy, c["slot"].upper(), size=9, fill=MUTED))
    if c["price"] is not None:
        out.append(coins_svg(c["price"], x + w - 26, cy, 10))
    return "".join(out)


def kit_right_svg(c: dict[str, Any], right: float, cy: float) -> tuple[str, float]:
    """An equipment card's icons, healing mark and price ending at ``right`` (its slot said by its row);
    returns them and where they start."""
    at = right - (30 if c["price"] is not None else 0)
    out = [coins_svg(c["price"], at + 4, cy, 10)] if c["price"] is not None else []
    if c["heal"]:
        at -= 16
        out.append(_text(at + 2, cy, "✚", size=12, weight="bold", fill=HEAL))
    at -= len(c["icons"]) * 17
    out.append(icons_svg(c["icons"], at, cy, r=7)[0])
    return "".join(out), at


def character_svg(cards: dict[str, Any], cid: str, x: float, y: float) -> str:
    """A character card not in play: both sides' icons."""
    c = cards[cid]
    chips, at = icons_svg(c["healthy"], x + 6, y + 32, r=7)
    words = f"{c['name']} ({cid}): healthy {icon_words(c['healthy'])}; wounded {icon_words(c['wounded'])}"
    return (f"<g>{_title(words)}{rect_svg(x, y, SMALL_W, SMALL_H, BG2, CARD_EDGE)}"
            f"{_text(x + 8, y + 13, fit(c['name'], 11, SMALL_W - 16), size=11, weight='bold')}{chips}"
            f"{_text(at + 6, y + 32, 'wounded ' + c['wounded'], size=10, fill=MUTED)}</g>")
