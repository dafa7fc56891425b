"""La Chasse au Dragon's picture, the panels: the turn's phases and the fight beside the forest (CD-TURN-2,
CD-COMBAT-1), and each seat's management board with its zones (CD-ZONE-7).
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..svg import text as _text
from ..svg import title as _title
from .picture_forest import (
    ACCENT,
    BORDER,
    EXPLODE,
    FOREST,
    INK,
    MONSTER_FILL,
    MUTED,
    PANEL,
    PAWN,
    SIDE_W,
    SIDE_X,
    WINNER_BG,
    WINNER_EDGE,
    monster_card_svg,
    pawn_svg,
)

MBOARD_W, MBOARD_H, MBOARD_GAP = 292, 160, 12  # the management boards, three to a row
MONSTER_EDGE = {"goblin": "#7cb342", "orc": "#8d6e63", "ogre": "#ef8f00", "troll": "#607d8b",
                "giant": "#7e57c2", "dragon": "#c62828"}
#: The turn's phases (CD-TURN-2), as the widget's phase strip names them.
PHASES = ("raid", "move", "duel", "monster", "camp")
ZONES = (("backpack", "1 backpack"), ("cage", "2 cage"), ("vault", "3 vault"), ("dungeon", "4 dungeon"),
         ("equipment", "5 equipment"), ("pantry", "6 pantry"))


def _phase(obs: dict[str, Any]) -> str | None:
    """The turn's phase (CD-TURN-2) the decision belongs to, as the widget's ``phaseOf``."""
    d = obs["decision"]
    duel = obs["defender"] is not None
    if d in ("raid", "move", "camp"):
        return d
    if d in ("choose_duel", "duel_flight"):
        return "duel"
    if d == "flee_roll":
        return "duel" if duel and obs["fleeing"] == obs["defender"] else "monster"
    if d == "combat":
        return "duel" if (obs["fight"] or {}).get("kind") == "duel" else "monster"
    return "monster" if d in ("encounter", "reveal") else None


# ---------------------------------------------------------------------------------------------- the side panel
def side_panel_svg(obs: dict[str, Any], names: list[str]) -> str:
    """The turn and its phase, the monster met or the duel, the fight's dice (or the last roll), the end."""
    x: float = SIDE_X
    y: float = FOREST[1] - 16
    out: list[str] = []
    if obs["is_over"]:
        y = _over(obs, names, x, y, out)
    else:
        y = _phases(obs, x, y, out)
    y = _moving(obs, x, y, out)
    y = _duel(obs, names, x, y, out)
    y = _monster(obs, names, x, y, out)
    _fight(obs, names, x, y, out)
    return "\n".join(out)


def _phases(obs: dict[str, Any], x: float, y: float, out: list[str]) -> float:
    out.append(_text(x, y + 8, f"ROUND {obs['round']} · PHASE OF THE TURN", size=11, weight="bold", anchor="start",
                     fill=MUTED))
    now = _phase(obs)
    px = x
    for phase in PHASES:
        if phase == "raid" and not obs["dragon_raids"]:
            continue
        w = 12 + 6.5 * len(phase)
        lit = phase == now
        out.append(f'<rect x="{px:g}" y="{y + 20:g}" width="{w:g}" height="18" rx="9" fill="{ACCENT if lit else "#ffffff"}" '
                   f'stroke="{ACCENT if lit else BORDER}"/>'
                   + _text(px + w / 2, y + 29, phase, size=11, weight="bold" if lit else "",
                           fill="#ffffff" if lit else MUTED))
        px += w + 4
    return y + 48


def _moving(obs: dict[str, Any], x: float, y: float, out: list[str]) -> float:
    if obs["decision"] != "move":
        return y
    quarters = obs["boards"][obs["active_player"]]["quarters"]
    left = "goblin quarters: not this view's to count" if quarters is None else f"{quarters} goblin quarter(s) left"
    out.append(_text(x, y + 6, f"Steps this turn: {obs['steps']} (the first is free)", anchor="start"))
    out.append(_text(x, y + 22, left, anchor="start", fill=MUTED))
    return y + 36


def _duel(obs: dict[str, Any], names: list[str], x: float, y: float, out: list[str]) -> float:
    a, d = obs["active_player"], obs["defender"]
    if d is None:
        return y
    boards = obs["boards"]
    out.append(f'<rect x="{x}" y="{y:g}" width="{SIDE_W}" height="26" rx="6" fill="{PANEL}"/>')
    out.append(_text(x + 8, y + 13, f"Duel: {names[a]} (d{boards[a]['power']}) challenges {names[d]} "
                     f"(d{boards[d]['power']})", weight="bold", anchor="start"))
    return y + 34


def _monster(obs: dict[str, Any], names: list[str], x: float, y: float, out: list[str]) -> float:
    """The monster turned up: its card, its power and the die it fights with (CD-ENC-1, CD-MON-1)."""
    r = obs["revealed"]
    if not r:
        return y
    out.append(f'<rect x="{x}" y="{y:g}" width="{SIDE_W}" height="64" rx="6" fill="{PANEL}"/>')
    out.append(monster_card_svg(r["card"], r["power"], x + 28, y + 32, 42, 56))
    out.append(_text(x + 58, y + 20, f"{r['card'].capitalize()} on {r['square']}", size=14, weight="bold", anchor="start"))
    out.append(_text(x + 58, y + 40, f"power {r['power']} · fights with a d{r['power']}", anchor="start", fill=MUTED))
    return y + 72


def _fight(obs: dict[str, Any], names: list[str], x: float, y: float, out: list[str]) -> float:
    """The dice of the fight under way with every throw, explosions marked (CD-COMBAT-1), or the last roll."""
    f, a = obs["fight"], obs["active_player"]
    rows: list[tuple[str, int | None, list[int], bool]] = []  # name, die, throws, throwing now
    if f:
        title = "Duel under way" if f["kind"] == "duel" else "Fight under way"
        other = names[obs["defender"]] if f["kind"] == "duel" else f"the {(obs['revealed'] or {}).get('card', 'monster')}"
        rows = [(names[a], f["faces"][0], f["throws"][0], f["side"] == 0),
                (other, f["faces"][1], f["throws"][1], f["side"] == 1)]
    elif obs["decision"] == "flee_roll" and obs["fleeing"] is not None:
        n = obs["boards"][obs["fleeing"]]["power"]
        title = f"Flight roll: {names[obs['fleeing']]}'s d{n}, only a {n} succeeds"
    elif obs["last_rolls"].get("flight"):
        title, rows = "Last roll", [("flight roll", None, obs["last_rolls"]["flight"], False)]
    elif obs["last_rolls"].get("attacker"):
        title = "Last fight"
        rows = [("attacker", None, obs["last_rolls"]["attacker"], False),
                ("other side", None, obs["last_rolls"].get("defender") or [], False)]
    else:
        title = "No dice thrown yet"
    h = 26 + 28 * len(rows)
    out.append(f'<rect x="{x}" y="{y:g}" width="{SIDE_W}" height="{h}" rx="6" fill="#ffffff" stroke="{BORDER}"/>')
    out.append(_text(x + 8, y + 13, title, weight="bold", anchor="start", fill=INK if f else MUTED))
    for i, (name, die, throws, now) in enumerate(rows):
        out.append(_throw_row(x + 8, y + 38 + 28 * i, name, die, throws, now))
    return y + h + 8


def _throw_row(x: float, y: float, name: str, die: int | None, throws: list[int], now: bool) -> str:
    """One side of a fight: its name, its die, each throw (orange when it exploded) and the total."""
    out = [_text(x, y, name, weight="bold" if now else "", anchor="start"),
           _text(x + 104, y, f"d{die}" if die else "", weight="bold", anchor="start", fill=MUTED)]
    tx = x + 136
    for i, face in enumerate(throws):
        exploded = face == die if die else i < len(throws) - 1
        w = 22 if face < 10 else 28
        out.append(f'<rect x="{tx:g}" y="{y - 11:g}" width="{w}" height="22" rx="4" '
                   f'fill="{"#ffdcb3" if exploded else "#ffffff"}" stroke="{EXPLODE if exploded else INK}" stroke-width="1.5"/>'
                   + _text(tx + w / 2, y, face, weight="bold"))
        tx += w + 3
    if now:
        out.append(_text(tx + 2, y, "throws again…" if throws else "to throw…", size=11, anchor="start", fill=ACCENT,
                         style="italic"))
    elif throws:
        out.append(_text(tx + 4, y, f"= {sum(throws)}", weight="bold", anchor="start"))
    return "".join(out)


def _over(obs: dict[str, Any], names: list[str], x: float, y: float, out: list[str]) -> float:
    outcome = obs.get("outcome") or {}
    won = [names[w] for w in outcome.get("winners", [])]
    head = f"★ {' and '.join(won)} {'win' if len(won) > 1 else 'wins'}" if won else "Game over"
    out.append(_text(x, y + 10, head, size=15, weight="bold", anchor="start"))
    if outcome.get("reason"):
        out.append(_text(x, y + 30, outcome["reason"], size=11, anchor="start", fill=MUTED))
    return y + 46


# ---------------------------------------------------------------------------------------------- management boards
def management_boards_svg(obs: dict[str, Any], layout: dict[str, Any], names: list[str], top: float) -> str:
    """One management board per seat (CD-ZONE-1..6), three to a row under the forest."""
    out = []
    for seat, board in enumerate(obs["boards"]):
        x = 10 + (seat % 3) * (MBOARD_W + MBOARD_GAP)
        y = top + (seat // 3) * (MBOARD_H + MBOARD_GAP)
        out.append(_management_board(seat, board, obs, layout, names, x, y))
    return "\n".join(out)


def _management_board(seat: int, b: dict[str, Any], obs: dict[str, Any], layout: dict[str, Any], names: list[str],
                      x: float, y: float) -> str:
    outcome = obs.get("outcome") or {}
    winner = seat in outcome.get("winners", [])
    to_play = not obs["is_over"] and obs["current_player"] == seat
    edge = (f'stroke="{WINNER_EDGE}" stroke-width="3"' if winner else f'stroke="{ACCENT}" stroke-width="2.5"' if to_play
            else f'stroke="{BORDER}"')
    out = [(f'<g><rect x="{x:g}" y="{y:g}" width="{MBOARD_W}" height="{MBOARD_H}" rx="6" '
            f'fill="{WINNER_BG if winner else "#ffffff"}" {edge}/>'),
           f'<g transform="translate({x + 14:g},{y + 22:g})">{pawn_svg(PAWN[layout["seat_colours"][seat]], 4)}</g>',
           _text(x + 26, y + 14, names[seat], size=14, weight="bold", anchor="start")]
    camp = obs["camps"][seat]
    tags = [t for t, on in (("★ winner", winner), ("▶ to play", to_play), ("this view", obs.get("viewer") == seat)) if on]
    line = " · ".join(([f"camp {camp}"] if camp else []) + tags)
    out.append(_text(x + 26, y + 30, line, size=11, anchor="start", fill=ACCENT if tags else MUTED))
    score = (obs.get("scores") or {}).get(str(seat))
    if score is None and b["wealth"] is not None:  # what this view may add up: backpack + vault + equipment
        score = b["wealth"]["backpack"] + b["wealth"]["vault"] + (layout["powers"].get(b["equipment"], 0) if b["equipment"] else 0)
    if score is not None:
        out.append(_text(x + MBOARD_W - 8, y + 14, f"wealth {score}", weight="bold", anchor="end"))
    zw, zh = (MBOARD_W - 20) / 2, 30
    for i, (zone, label) in enumerate(ZONES):
        zx, zy = x + 8 + (i % 2) * (zw + 4), y + 40 + (i // 2) * (zh + 4)
        out.append(_zone(zone, label, b, layout["powers"], names[seat], zx, zy, zw, zh))
    if b["quarters"] is not None:
        out.append(_text(x + 8, y + MBOARD_H - 8, f"{b['quarters']} goblin quarter(s) for movement", size=11,
                         anchor="start", fill=MUTED))
    out.append("</g>")
    return "\n".join(out)


def _zone(zone: str, label: str, b: dict[str, Any], powers: dict[str, int], owner: str,
          x: float, y: float, w: float, h: float) -> str:
    """One zone as this view shows it: its cards or goblins, or only its thickness (CD-ZONE-7); its tooltip
    says the same in words (``"White's cage: 2 goblins"``)."""
    bx, by = x + 5, y + 21
    if zone == "equipment":
        kit = b["equipment"] or "base"
        words = f"{kit}, fights with a d{b['power']}"
        body = _chip(kit, b["equipment"], bx, by) + _text(bx + 16 + 6.2 * len(kit), by, f"d{b['power']}", size=11,
                                                           weight="bold", anchor="start", fill=MUTED)
    elif b[zone] is None:  # hidden from this view: only its thickness
        words = f"{b['thickness'][zone]} (only its thickness can be judged)"
        body = _text(bx, by, b["thickness"][zone], size=11, anchor="start", fill=MUTED, style="italic")
    elif zone in ("backpack", "vault"):
        words = _cards_words(b[zone], powers)
        body = _cards(b[zone], powers, bx, by, w - 10)
    else:  # the cage and the dungeon hold goblins, the pantry quarters of one
        n = b[zone]
        words = (f"{n}/4 of a goblin" if zone == "pantry" else f"{n} goblin{'s' if n != 1 else ''}") if n else "empty"
        body = _text(bx, by, words, size=11, anchor="start", fill=INK if n else MUTED)
    tip = _title(f"{owner}'s {zone}: {words}")
    return (f'<g>{tip}<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h}" rx="5" '
            f'fill="{PANEL}" stroke="{BORDER}"/>{_text(x + 5, y + 8, label.upper(), size=8.5, anchor="start", fill=MUTED)}'
            f"{body}</g>")


def _cards_words(cards: dict[str, int], powers: dict[str, int]) -> str:
    """A backpack's or a vault's cards in words: ``"orc ×2, troll (= 22)"``, or ``"empty"``."""
    kinds = _kinds(cards)
    if not kinds:
        return "empty"
    return ", ".join(f"{t} ×{cards[t]}" if cards[t] > 1 else t for t in kinds) + f" (= {_sum(cards, powers)})"


def _kinds(cards: dict[str, int]) -> list[str]:
    """The card types present, in the order of their power (CD-MON-1)."""
    return [t for t in MONSTER_FILL if cards.get(t)] + [t for t in cards if t not in MONSTER_FILL and cards[t]]


def _sum(cards: dict[str, int], powers: dict[str, int]) -> int:
    return sum(powers.get(t, 0) * n for t, n in cards.items())


def _chip(words: str, monster: str | None, x: float, y: float) -> str:
    """A small label with its monster's colour bar on the left."""
    w = 10 + 6.2 * len(words)
    return (f'<rect x="{x:g}" y="{y - 7:g}" width="{w:g}" height="14" rx="3" fill="#ffffff" stroke="{BORDER}"/>'
            f'<rect x="{x:g}" y="{y - 7:g}" width="4" height="14" fill="{MONSTER_EDGE.get(monster or "", BORDER)}"/>'
            + _text(x + 7, y, words, size=10.5, anchor="start"))


def _cards(cards: dict[str, int], powers: dict[str, int], x: float, y: float, room: float) -> str:
    """A backpack's or a vault's cards as chips (``troll ×2``) and their sum; as one squeezed line of text
    when the chips would not fit in ``room`` units."""
    kinds = _kinds(cards)
    if not kinds:
        return _text(x, y, "empty", size=11, anchor="start", fill=MUTED)
    total = f"= {_sum(cards, powers)}"
    chips = [f"{t} ×{cards[t]}" if cards[t] > 1 else t for t in kinds]
    if sum(14 + 6.2 * len(c) for c in chips) + 6.2 * len(total) > room:
        line = f"{' '.join(c.replace(' ', '') for c in chips)} {total}"
        fit = f' textLength="{room:g}" lengthAdjust="spacingAndGlyphs"' if 5.6 * len(line) > room else ""
        return f'<text x="{x:g}" y="{y:g}" font-size="10" text-anchor="start"{fit}>{escape(line, quote=False)}</text>'
    out = []
    for t, words in zip(kinds, chips):
        out.append(_chip(words, t, x, y))
        x += 14 + 6.2 * len(words)
    out.append(_text(x, y, total, size=10.5, weight="bold", anchor="start"))
    return "".join(out)
