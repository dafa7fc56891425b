"""A static SVG picture of the Draghan card table as one observation shows it (``Game.picture``), for places
where no front end runs: a notebook rendered statically or exported with ``nbconvert --to html``.

It follows the widget's board (``js/draghan``) in simplified form: on the left where the team is (the round
and its seven phases, the realm, the location turned up with its ability, the portals, the face-down decks
by their sizes, the discard pile, the coin supply, monsters defeated and fled); in the centre the game's
result once over, the dragon (the large dragon drawn for it, DG-DRAGON-1) and the monsters on the table,
each with the icons it needs drawn against the icons placed at it (filled chips matched, hollow ones
missing, DG-FIGHT-6/7), its gold, flee and theft marks and who faces it; the equipment found this round;
then the market display and the set-aside characters; at the bottom one panel per seat: the character's
side up with its icons (DG-WOUND), its coins, the map card on the active one, the monster it faces with the
cards it commits, and its equipment by body slot against the limits (DG-EQUIP-1).

Draghan is open (digest section 7): every seat's picture is the same table; only the order of the
face-down decks is hidden. A seat's picture draws the decks by their sizes only. The teacher's picture
(the full table, whose observation holds ``hidden``) adds under each deck its next card, and as the deck's
tooltip its whole order, top first.

Plain SVG: fixed colours that read on a white page, no script, no CSS, no external font or image.
"""

from __future__ import annotations

from html import escape
from typing import Any

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
    ("location", "2 location", ("portal_choice",)),
    ("fight", "3 fight", ("draw_dragon", "declare_target", "declare_equipment", "assign_assist")),
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


def board_svg(observation: dict[str, Any], layout: dict[str, Any]) -> str:
    """Return an SVG picture (a ``str``, about 10-30 kB) of the Draghan table ``observation`` shows.

    Args:
        observation: ``game.observation(player)`` (a seat's view or the full table's, ``None``).
        layout: ``game.board_layout()`` (every card's fields: ``cards``; the body slot ``limits``).

    Returns:
        An ``<svg>`` document 1000 units wide (its height grows with the monsters on the table and the
        characters' equipment) with a ``viewBox`` and a first-child ``<title>`` (``"Draghan: ..."``). It shows
        the round and phase (DG-ROUND-1), the realm and location (DG-LOC, DG-PORTAL), the decks' sizes, the
        monsters with their requirement and the icons placed (DG-FIGHT-6/7), the dragon (DG-DRAGON-1/5),
        the market (DG-MARKET-1), the set-aside characters (DG-SETUP-6), each character's side, icons,
        coins and equipment (DG-WOUND, DG-EQUIP-1), and the result (DG-END). Only the teacher's picture
        (``observation["hidden"]``) names the decks' next cards.

    Raises:
        KeyError: ``observation`` or ``layout`` lacks a key of the Draghan contract.

    >>> from dragonwidgets.games.draghan.game import DraghanGame
    >>> g = DraghanGame(players=2, seed=6, first_player=0)
    >>> _ = g.apply("choose CH1"), g.apply("choose CH3")
    >>> svg = board_svg(g.observation(1), g.board_layout())
    >>> svg.startswith("<svg"), "Round 1 · Draghan · the Elf chooses which monster to face" in svg
    (True, True)
    """
    cards = layout["cards"]
    view = observation.get("viewer")
    names = _seat_names(observation, cards)
    head = _headline(observation, cards, names)
    whose = "the full table" if view is None else f"{names[view]}'s view"
    where, where_h = _where(observation, cards, PAD, HEAD + PAD)
    centre, centre_h = _centre(observation, cards, names, HEAD + PAD)
    y = HEAD + PAD + max(where_h, centre_h) + 12
    side, side_h = _side(observation, cards, y)
    y += side_h + (12 if side_h else 0)
    heroes, heroes_h = _heroes(observation, layout, names, y)
    height = y + heroes_h + PAD
    parts = [
        (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height:g}" width="100%" role="img" '
         f'font-family="sans-serif" dominant-baseline="central" fill="{INK}">'),
        f"<title>Draghan: {escape(head, quote=False)} ({escape(whose, quote=False)})</title>",
        f'<rect width="{WIDTH}" height="{height:g}" fill="#ffffff"/>',
        _text(PAD, HEAD / 2, _fit(f"{head} · {whose}", 15, WIDTH - 2 * PAD), size=15, weight="bold"),
        where, centre, side, heroes,
        "</svg>",
    ]
    return "\n".join(parts)


# ---------------------------------------------------------------------------------------------- words
def _seat_names(obs: dict[str, Any], cards: dict[str, Any]) -> list[str]:
    """Each seat's name as the game gives it: its character's (``"Elf"``), else ``"Seat 2"``."""
    return [cards[h["card"]]["name"] if h else f"Seat {i + 1}" for i, h in enumerate(obs["heroes"])]


def _who(names: list[str], seat: int | None) -> str:
    if seat is None or seat < 0:
        return "chance"
    name = names[seat]
    return name if name.startswith("Seat ") else f"the {name}"


def _monster_name(obs: dict[str, Any], cards: dict[str, Any], mid: str) -> str:
    """A monster as the table reads it: the dragon by its large card, two of one name by their ids."""
    if cards[mid]["kind"] == "dragon_card":
        return f"the dragon ({cards[obs['dragon']]['name']})" if obs["dragon"] else "the dragon"
    name = cards[mid]["name"]
    twice = sum(1 for m in obs["table"] if not m["dragon"] and cards[m["id"]]["name"] == name) > 1
    return f"{name} {mid}" if twice else name


def _icon_words(icons: str) -> str:
    """``"SSK"`` in words: ``"2 strength, 1 knowledge"`` (``"no icon"`` when empty)."""
    return ", ".join(f"{icons.count(letter)} {word}" for letter, word in SKILLS if letter in icons) or "no icon"


def _headline(obs: dict[str, Any], cards: dict[str, Any], names: list[str]) -> str:
    """Say the round, the realm and who decides what, in the widget's words."""
    if obs["result"] != "running" or obs["decision"] is None:
        reason = (obs.get("outcome") or {}).get("reason") or ""
        won = "The team wins" if obs["result"] == "won" else "The team loses"
        return f"Game over: {won}" + (f": {reason}" if reason else "")
    decision = obs["decision"]
    if decision == "choose_character":
        return f"Setting up · {_who(names, obs['current_player'])} chooses a character"
    return f"Round {obs['round']} · {REALMS[obs['realm']]} · {_what(obs, cards, names, decision)}"


def _what(obs: dict[str, Any], cards: dict[str, Any], names: list[str], decision: str) -> str:
    """The decision due, as a clause with its subject (``"the Elf chooses which monster to face"``)."""
    active, player = _who(names, obs["active_player"]), obs["current_player"]
    if decision == "declare_equipment":
        target = obs["targets"].get(str(obs["declaring"]))
        monster = _monster_name(obs, cards, target) if target else "nothing"
        return f"{_who(names, obs['declaring'])} faces {monster}: which equipment to use"
    if decision == "buy":
        coins = obs["heroes"][player]["coins"] if obs["heroes"][player] else 0
        return f"{_who(names, player)} may buy at the market ({coins} coin{'s' * (coins != 1)})"
    if decision == "assign_assist":
        return f"{active} gives the {cards[obs['location']]['name']}'s {obs['assist']} to one monster"
    clauses = {
        "heal_1": f"{active} is wounded and may play a healing card",
        "heal_2": f"{active} is wounded and may play a healing card again",
        "portal_choice": (f"the team may travel to the Shadow Realm (portal {len(obs['portals_up'])} of 3; "
                          f"{active} decides)"),
        "theft": f"a thief takes a random card from {active}",
        "draw_dragon": "the dragon appears: a large dragon card is drawn",
        "declare_target": f"{_who(names, obs['declaring'])} chooses which monster to face",
        "gold": f"{active} shares out the odd coins",
        "replace": f"Seat {obs['active_player'] + 1} takes a new character",
        "share": f"{active} may give one card to another character",
        "equipment_check": f"{_who(names, player)} carries too much and must discard",
    }
    return clauses.get(decision, f"{_who(names, player)} to {decision.replace('_', ' ')}")


def _phase(obs: dict[str, Any]) -> str | None:
    """The phase (DG-ROUND-1) the decision belongs to; a theft is the location's or a monster's."""
    decision = obs["decision"]
    if decision == "theft":
        return "fight" if obs["table"] or obs["revealed_equipment"] else "location"
    return next((key for key, _, decisions in PHASES if decision in decisions), None)


# ---------------------------------------------------------------------------------------------- drawing
def _text(x: float, y: float, words: Any, *, size: float = 12, weight: str = "", anchor: str = "",
          fill: str = "", italic: bool = False) -> str:
    """Return a ``<text>`` at (x, y), its words escaped."""
    extra = (f' font-weight="{weight}"' if weight else "") + (f' text-anchor="{anchor}"' if anchor else "")
    extra += (f' fill="{fill}"' if fill else "") + (' font-style="italic"' if italic else "")
    return f'<text x="{x:g}" y="{y:g}" font-size="{size:g}"{extra}>{escape(str(words), quote=False)}</text>'


def _title(words: str) -> str:
    return f"<title>{escape(words, quote=False)}</title>"


def _rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = BORDER, *, rx: float = 6,
          width: float = 1, dash: str = "") -> str:
    extra = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{width:g}"{extra}/>')


def _fit(words: str, size: float, width: float) -> str:
    """``words`` cut with an ellipsis to fit ``width`` units at font ``size`` (about 0.56 em a letter)."""
    most = max(1, int(width / (0.56 * size)))
    return words if len(words) <= most else words[: most - 1].rstrip() + "…"


def _wrap(words: str, size: float, width: float, lines: int = 2) -> list[str]:
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
        out.append(_fit(" ".join(rest), size, width))
    return out


def _chip(letter: str, cx: float, cy: float, state: str = "", r: float = 8) -> str:
    """One skill icon: a disc with its letter, filled, or hollow and dashed when still ``needed``."""
    colour = SKILL_COLOURS.get(letter, MUTED)
    if state == "needed":
        return (f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="#ffffff" stroke="{colour}" stroke-width="1.5" '
                f'stroke-dasharray="3 2"/>' + _text(cx, cy + 0.5, letter, size=r * 1.2, weight="bold",
                                                     anchor="middle", fill=colour))
    return (f'<circle cx="{cx:g}" cy="{cy:g}" r="{r:g}" fill="{colour}"/>'
            + _text(cx, cy + 0.5, letter, size=r * 1.2, weight="bold", anchor="middle", fill="#ffffff"))


def _icons(icons: str, x: float, cy: float, r: float = 8) -> tuple[str, float]:
    """A row of chips for an icon string (``"SCC"``) from ``x``; returns it and the x after it."""
    out = [_chip(letter, x + r + k * (2 * r + 3), cy, r=r) for k, letter in enumerate(icons)]
    return "".join(out), x + len(icons) * (2 * r + 3)


def _need(req: str, placed: list[int], x: float, cy: float) -> str:
    """What a monster needs against what is placed at it: each needed icon filled when matched, hollow
    when missing; icons placed beyond the need follow as ``+n`` (DG-FIGHT-6/7)."""
    out, at = [], x
    for (letter, _), got in zip(SKILLS, placed):
        need = req.count(letter)
        for k in range(need):
            out.append(_chip(letter, at + 8, cy, "placed" if k < got else "needed"))
            at += 19
        if need and got > need:
            out.append(_text(at + 1, cy, f"+{got - need}", size=10, fill=MUTED))
            at += 20
    return "".join(out)


def _matched(req: str, placed: list[int]) -> bool:
    """Check if the icons placed match every icon the monster needs (DG-FIGHT-7)."""
    return all(got >= req.count(letter) for (letter, _), got in zip(SKILLS, placed))


def _coins(n: int, x: float, cy: float, size: float = 12) -> str:
    """A coin count: a gold disc and the number."""
    r = size * 0.45
    return (f'<circle cx="{x + r:g}" cy="{cy:g}" r="{r:g}" fill="{GOLD}" stroke="{GOLD_EDGE}"/>'
            + _text(x + 2 * r + 3, cy, n, size=size, weight="bold"))


# ---------------------------------------------------------------------------------------------- the left panel
def _where(obs: dict[str, Any], cards: dict[str, Any], x: float, y: float) -> tuple[str, float]:
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
                   f"{_text(x + 10, at + 8, _fit(words, 11, w - 20), size=11, weight='bold', fill=MUTED)}</g>")
        at += 22
    decks = _decks(obs, cards, x + 10, at, w - 20)
    out.append(decks[0])
    at += decks[1] + 4
    supply = obs["supply"]
    out.append(f"<g>{_title(f'The coins in the supply: {supply} (DG-INT-24)')}"
               f"{_text(x + 10, at + 9, 'supply', size=11)}{_coins(supply, x + 52, at + 9, 11)}</g>")
    out.append(_text(x + 110, at + 9, f"defeated {obs['defeated']}", size=11))
    fled = obs["fled"]
    out.append(f"<g>{_title('Draghan monsters that fled into the Shadow deck')}"
               f"{_text(x + 190, at + 9, f'fled {fled}', size=11)}</g>")
    h = at + 22 - y
    return _rect(x, y, w, h, "#ffffff") + "".join(out), h


def _phases(obs: dict[str, Any], x: float, y: float, w: float) -> str:
    """The phase track of the round (DG-ROUND-1), the phase now filled."""
    now, pill = _phase(obs), (w - 3 * 4) / 4
    out = []
    for k, (key, label, _) in enumerate(PHASES):
        px, py = x + (k % 4) * (pill + 4), y + (k // 4) * 22
        on = key == now
        out.append(_rect(px, py, pill, 18, ACCENT if on else "#ffffff", ACCENT if on else BORDER, rx=9)
                   + _text(px + pill / 2, py + 9.5, label, size=10, weight="bold" if on else "", anchor="middle",
                           fill="#ffffff" if on else MUTED))
    return f"<g>{_title(f'Phase now: {now}' if now else 'Phases of the round')}{''.join(out)}</g>"


def _realm(obs: dict[str, Any], x: float, y: float, w: float) -> tuple[str, float]:
    """The realm badge (DG-PORTAL): where the team is, and the travel pending."""
    realm = obs["realm"]
    h = 44 if obs["travel_pending"] else 28
    words = f"The team is in {REALMS[realm]}" + (
        "; it travels to the Shadow Realm at the end of this round (no way back)" if obs["travel_pending"] else "")
    out = [_rect(x, y, w, h, REALM_FILL[realm], REALM_FILL[realm]),
           _text(x + 10, y + 14, REALMS[realm].upper(), size=13, weight="bold", fill="#ffffff")]
    if obs["travel_pending"]:
        out.append(_text(x + 10, y + 33, "→ Shadow Realm at the round's end", size=11, fill="#ffffff"))
    return f"<g>{_title(words)}{''.join(out)}</g>", h


def _location(obs: dict[str, Any], cards: dict[str, Any], x: float, y: float, w: float) -> tuple[str, float]:
    """The location turned up this round with its ability (DG-LOC-2..7) and, for an assist, its icons."""
    lid = obs["location"]
    if not lid:
        return (_rect(x, y, w, 28, "#ffffff", dash="4 3")
                + _text(x + 10, y + 14, "No location turned up yet", size=11, fill=MUTED)), 28
    c = cards[lid]
    ability = c["ability"] or ""
    out = [_rect(x, y, w, 70, CARD, CARD_EDGE, width=2), _text(x + 10, y + 14, _fit(c["name"], 13, w - 20),
                                                                  size=13, weight="bold"),
           _text(x + 10, y + 33, ability.upper(), size=11, weight="bold", fill=MUTED)]
    if ability == "assist":
        out.append(_icons(obs["assist"] or c["icons"], x + 70, y + 33)[0])
    for k, line in enumerate(_wrap(ABILITY_TEXT.get(ability, ""), 10, w - 20)):
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
            box = _rect(x, ry, 28, 24, "#ffffff", rx=3)
            ink = INK
        elif not n:
            box, ink = _rect(x, ry, 28, 24, "#ffffff", rx=3, dash="3 2"), MUTED
        else:
            box, ink = _rect(x, ry, 28, 24, MUTED if unused else DECK_FILL, MUTED if unused else "#3e2723", rx=3), DECK_INK
        words = (f"{label}: {n} card(s), face up, never reshuffled" if key == "discard"
                 else f"{label}: {n} card(s), face down" + (" (no longer used in the Shadow Realm, DG-PORTAL-4)"
                                                             if unused else ""))
        extra = ""
        if hidden is not None and key in ORDERED_DECKS and hidden.get(key):
            order = [cards[c]["name"] for c in hidden[key]]
            words += f"; in order, top first (the teacher's view): {', '.join(order)}"
            extra = _text(x + 146, ry + 12, _fit(f"next: {order[0]}", 10, w - 140), size=10, fill=MUTED, italic=True)
        out.append(f"<g>{_title(words)}{box}{_text(x + 14, ry + 12.5, n, size=12, weight='bold', anchor='middle', fill=ink)}"
                   f"{_text(x + 36, ry + 12, label, size=11, fill=MUTED if unused else INK)}{extra}</g>")
    return "".join(out), len(rows) * 28


# ---------------------------------------------------------------------------------------------- the centre
def _centre(obs: dict[str, Any], cards: dict[str, Any], names: list[str], y: float) -> tuple[str, float]:
    """The result banner, the encounters (the dragon, the monsters) and the equipment found this round."""
    x, w, out, at = CENTRE_X, CENTRE_W, [], y
    if obs["is_over"]:
        won = obs["result"] == "won"
        reason = (obs.get("outcome") or {}).get("reason") or ""
        words = ("The team wins!" if won else "The team loses") + (f" · {reason}" if reason else "")
        out.append(f"<g>{_title(words)}"
                   f"{_rect(x, at, w, 36, WON_BG if won else LOST_BG, GOLD if won else LOST_EDGE, width=2)}"
                   f"{_text(x + 12, at + 18, _fit(words, 15, w - 24), size=15, weight='bold')}</g>")
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
        active = _who(names, obs["active_player"])
        out.append(_text(x, at + 8, f"EQUIPMENT FOUND: TO {active.upper()} IF EVERY MONSTER FALLS", size=11,
                         weight="bold", fill=MUTED))
        grid, h = _cards(found, cards, x, at + 20, w, _equipment)
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
    return f"needs {_icon_words(m['req'])}; placed {placed}"


def _monster(obs: dict[str, Any], cards: dict[str, Any], names: list[str], m: dict[str, Any], x: float, y: float) -> str:
    """One monster on the table (js/draghan/table.js): name, need row, marks, who faces it."""
    c = cards[m["id"]]
    name = _monster_name(obs, cards, m["id"])
    matched = _matched(m["req"], m["placed"]) and any(m["placed"])
    facing = _facing(obs, cards, names, m)
    marks = [("pays", f"{c['gold']} gold")] if c["gold"] else []
    marks += [("flees", "")] if c["flee"] else []
    marks += [("thief", "")] if c["theft"] else []
    out = [_rect(x, y, CARD_W, CARD_H, SHADOW_MONSTER if c["deck"] == "encounter_shadow" else MONSTER,
                 OK if matched else CARD_EDGE, width=2.5 if matched else 1),
           _text(x + 8, y + 13, _fit(name, 12, CARD_W - 16), size=12, weight="bold"),
           _need(m["req"], m["placed"], x + 6, y + 33)]
    mx = x + 8
    for word, more in marks:
        label = f"{word} {more}".strip()
        out.append(_text(mx, y + 53, label.upper(), size=9.5, weight="bold",
                         fill=GOLD_EDGE if word == "pays" else REALM_FILL["shadow"] if word == "flees" else MUTED))
        mx += len(label) * 6.5 + 10
    for k, line in enumerate(_wrap(facing, 10, CARD_W - 16)):
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
    matched = _matched(m["req"], m["placed"]) and any(m["placed"])
    facing = _facing(obs, cards, names, m)
    rule = (f"protected: {others} other monster{'s' * (others != 1)} must fall first (DG-DRAGON-5)" if others
            else "no other monster protects it")
    out = [_rect(x, y, w, 96, DRAGON_BG, OK if matched else DRAGON, width=3),
           _text(x + 12, y + 14, "THE DRAGON", size=11, weight="bold", fill=DRAGON),
           _text(x + 12, y + 34, big or "not drawn yet", size=17, weight="bold"),
           _need(m["req"], m["placed"], x + 220, y + 34),
           _text(x + 12, y + 58, _fit(facing, 11, w - 24), size=11),
           _text(x + 12, y + 78, rule, size=10, fill=MUTED)]
    if matched:
        out.append(_text(x + w - 12, y + 14, "✓ matched", size=11, weight="bold", anchor="end", fill=OK))
    label = f"The dragon: {big} ({obs['dragon']})" if big else "The dragon"
    return f"<g>{_title(f'{label}, {_placed_words(m)}; {facing}; {rule}')}{''.join(out)}</g>"


def _cards(ids: list[str], cards: dict[str, Any], x: float, y: float, w: float, draw: Any) -> tuple[str, float]:
    """Small cards in rows across ``w``; returns them and their height."""
    per_row = max(1, int((w + GAP) // (SMALL_W + GAP)))
    out = [draw(cards, cid, x + (k % per_row) * (SMALL_W + GAP), y + (k // per_row) * (SMALL_H + GAP))
           for k, cid in enumerate(ids)]
    return "".join(out), -(-len(ids) // per_row) * (SMALL_H + GAP)


def _equipment_words(c: dict[str, Any], cid: str) -> str:
    return " · ".join(filter(None, [
        f"{c['name']} ({cid})", _icon_words(c["icons"]) if c["icons"] else "no skill icon",
        f"{c['slot']} slot" if c["slot"] else "", "heals its owner when played (DG-HEAL)" if c["heal"] else "",
        f"price {c['price']}" if c["price"] is not None else ""]))


def _equipment(cards: dict[str, Any], cid: str, x: float, y: float) -> str:
    """An equipment card (market or encounter, DG-INT-8): name, icons, healing mark, body slot, price."""
    c = cards[cid]
    out = [_rect(x, y, SMALL_W, SMALL_H, CARD if c["kind"] == "market" else WOOD, CARD_EDGE),
           _text(x + 8, y + 13, _fit(c["name"], 11, SMALL_W - 16), size=11, weight="bold"),
           _kit_row(c, x + 6, y + 32, SMALL_W - 12)]
    return f"<g>{_title(_equipment_words(c, cid))}{''.join(out)}</g>"


def _kit_row(c: dict[str, Any], x: float, cy: float, w: float) -> str:
    """An equipment card's icons, healing mark, slot and price on one line from ``x``."""
    chips, at = _icons(c["icons"], x, cy, r=7)
    out = [chips]
    if c["heal"]:
        out.append(_text(at + 2, cy, "✚", size=12, weight="bold", fill=HEAL))
        at += 16
    if c["slot"]:
        out.append(_text(at + 4, cy, c["slot"].upper(), size=9, fill=MUTED))
    if c["price"] is not None:
        out.append(_coins(c["price"], x + w - 26, cy, 10))
    return "".join(out)


def _kit_right(c: dict[str, Any], right: float, cy: float) -> tuple[str, float]:
    """An equipment card's icons, healing mark and price ending at ``right`` (its slot said by its row);
    returns them and where they start."""
    at = right - (30 if c["price"] is not None else 0)
    out = [_coins(c["price"], at + 4, cy, 10)] if c["price"] is not None else []
    if c["heal"]:
        at -= 16
        out.append(_text(at + 2, cy, "✚", size=12, weight="bold", fill=HEAL))
    at -= len(c["icons"]) * 17
    out.append(_icons(c["icons"], at, cy, r=7)[0])
    return "".join(out), at


def _character(cards: dict[str, Any], cid: str, x: float, y: float) -> str:
    """A character card not in play: both sides' icons."""
    c = cards[cid]
    chips, at = _icons(c["healthy"], x + 6, y + 32, r=7)
    words = f"{c['name']} ({cid}): healthy {_icon_words(c['healthy'])}; wounded {_icon_words(c['wounded'])}"
    return (f"<g>{_title(words)}{_rect(x, y, SMALL_W, SMALL_H, BG2, CARD_EDGE)}"
            f"{_text(x + 8, y + 13, _fit(c['name'], 11, SMALL_W - 16), size=11, weight='bold')}{chips}"
            f"{_text(at + 6, y + 32, 'wounded ' + c['wounded'], size=10, fill=MUTED)}</g>")


# ---------------------------------------------------------------------------------------------- market, characters
def _side(obs: dict[str, Any], cards: dict[str, Any], y: float) -> tuple[str, float]:
    """The market display (DG-MARKET-1) and the set-aside characters (DG-SETUP-6, DG-WOUND-4), if any."""
    out, at, w = [], y, WIDTH - 2 * PAD
    groups = [(obs["market_display"], "MARKET · FOR SALE AFTER THE FIGHT", _equipment),
              (obs["set_aside"], "CHARACTERS TO CHOOSE FROM" if obs["decision"] == "choose_character"
               else "SET-ASIDE CHARACTERS (REPLACEMENTS)", _character)]
    for ids, label, draw in groups:
        if ids:
            out.append(_text(PAD, at + 8, label, size=11, weight="bold", fill=MUTED))
            grid, h = _cards(ids, cards, PAD, at + 20, w, draw)
            out.append(grid)
            at += 20 + h
    return "".join(out), at - y


def _heroes(obs: dict[str, Any], layout: dict[str, Any], names: list[str], y: float) -> tuple[str, float]:
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


def _hero(obs: dict[str, Any], layout: dict[str, Any], names: list[str], seat: int, x: float, y: float, w: float,
          h: float) -> str:
    """One character: header (name, seat, map, to decide, coins), its side up, its fight, its equipment."""
    hero, cards = obs["heroes"][seat], layout["cards"]
    active = obs["active_player"] == seat
    to_play = not obs["is_over"] and obs["current_player"] == seat
    mine = obs.get("viewer") == seat
    stroke, width = (ACCENT, 3) if to_play else (GOLD, 2) if active else (BORDER, 1)
    box = _rect(x, y, w, h, MINE_BG if mine else "#ffffff", stroke, width=width, dash="" if hero else "5 4")
    box += _tags(x + w - 10, y, active, to_play)
    if hero is None:
        words = ("out of the game (dropped out in the Shadow Realm); still shares the team's win"
                 if any(obs["heroes"]) else "no character yet")
        return (f"<g>{_title(f'Seat {seat + 1}: {words}')}{box}"
                f"{_text(x + 10, y + 16, f'Seat {seat + 1}', size=13, weight='bold', fill=MUTED)}"
                + "".join(_text(x + 10, y + 38 + 14 * k, line, size=11, fill=MUTED)
                          for k, line in enumerate(_wrap(words, 11, w - 20, 3))) + "</g>")
    c = cards[hero["card"]]
    side, other = ("wounded", "healthy") if hero["wounded"] else ("healthy", "wounded")
    head = [_text(x + 10, y + 16, _fit(names[seat], 13, w - 110), size=13, weight="bold"),
            _text(x + 14 + min(len(names[seat]), 18) * 7.6, y + 16, f"seat {seat + 1}", size=10, fill=MUTED),
            _coins(hero["coins"], x + w - 40, y + 16, 13)]
    sw = 64
    chips, at = _icons(hero["shows"], x + 18 + sw, y + 42)
    face = [_rect(x + 10, y + 34, sw, 16, HEAL if side == "healthy" else SKILL_COLOURS["S"], "none", rx=3),
            _text(x + 10 + sw / 2, y + 42.5, side.upper(), size=9.5, weight="bold", anchor="middle", fill="#ffffff"),
            chips, _text(at + 8, y + 42, _fit(f"{other}: {c[other] or '–'}", 10, x + w - at - 16), size=10,
                         fill=MUTED)]
    fight = _fight_line(obs, cards, names, seat)
    if fight:
        face.append(_text(x + 10, y + 64, _fit(fight, 10.5, w - 20), size=10.5,
                          weight="bold" if obs["declaring"] == seat else "", fill=ACCENT if obs["declaring"] == seat else INK))
    words = (f"{names[seat]} (seat {seat + 1}): {side} side up, shows {_icon_words(hero['shows'])}; "
             f"{other} side {_icon_words(c[other])}; {hero['coins']} coin(s)"
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
        out.append(_rect(right, y - 8, tw, 16, fill, fill, rx=3)
                   + _text(right + tw / 2, y + 0.5, word, size=9.5, weight="bold", anchor="middle", fill=ink))
    return "".join(out)


def _fight_line(obs: dict[str, Any], cards: dict[str, Any], names: list[str], seat: int) -> str:
    """The monster a character faces and the cards it commits (public, DG-FIGHT-10), or ``""``."""
    target = obs["targets"].get(str(seat))
    declaring = obs["declaring"] == seat
    if target is None and not declaring:
        return ""
    used = obs["used"].get(str(seat), [])
    words = (f"faces {_monster_name(obs, cards, target)}" + (f" with {', '.join(cards[c]['name'] for c in used)}"
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
        out.append(f"<g>{_title(tip)}{_rect(x, at, w, lines * ROW - 2, BG2, BG2, rx=4)}"
                   f"{_text(x + 6, at + ROW / 2 - 1, label.upper(), size=9.5, weight='bold' if over else '', fill=INK if over else MUTED)}</g>")
        for k, cid in enumerate(ids):
            cy = at + k * ROW + ROW / 2 - 1
            c = cards[cid]
            note = "; committed to this fight" if cid in used else ""
            kit, start = _kit_right(c, x + w - 4, cy)
            fill, edge = CARD if c["kind"] == "market" else WOOD, ACCENT if note else CARD_EDGE
            out.append(f"<g>{_title(_equipment_words(c, cid) + note)}"
                       f"{_rect(x + 64, cy - 10, w - 66, 20, fill, edge, rx=4, width=2 if note else 1)}"
                       f"{_text(x + 70, cy, _fit(c['name'], 10.5, start - x - 74), size=10.5, weight='bold')}{kit}</g>")
        at += lines * ROW
    return "".join(out)
