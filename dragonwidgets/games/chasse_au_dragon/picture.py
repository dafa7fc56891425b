"""A static SVG picture of the La Chasse au Dragon table as one observation shows it (``Game.picture``), for
places where no front end runs: a notebook rendered statically or exported with ``nbconvert --to html``.

It follows the widget's board (``js/chasse_au_dragon``) in simplified form: the 8 x 8 forest (the edge
light, the inner squares darker deeper in, CD-BOARD-2/3) with each pile of face-down monster cards and its
size, the monster turned up now, the camps and the adventurers; beside it the turn, its phase (CD-TURN-2),
the monster met and the dice of the fight under way or the last one; under them one management board per
seat (CD-ZONE-1..6). It is drawn from the observation only, so a seat's picture shows what that seat may
know: an opponent's backpack, cage, vault and dungeon as a thickness word (CD-ZONE-7), the piles as
counts. The teacher's picture adds, as each square's tooltip, the pile's cards top first.

Plain SVG: fixed colours that read on a white page, no script, no CSS, no external font or image.
"""

from __future__ import annotations

from html import escape
from typing import Any

CELL = 64  # one square's side (js/chasse_au_dragon/layout.js)
HEAD = 30  # the line above the board: whose turn, which decision
FOREST = (30, HEAD + 26)  # the forest's top-left corner; the coordinates sit in the margin
SIDE_X, SIDE_W = 580, 320  # the panel beside the forest
MBOARD_W, MBOARD_H, MBOARD_GAP = 292, 160, 12  # the management boards, three to a row
VIEW_W = SIDE_X + SIDE_W + 20

# Fixed colours: the widget's light theme (js/chasse_au_dragon/chasse_au_dragon.css mixed with a white page).
INK, MUTED, BORDER, ACCENT, PANEL = "#1f1f1f", "#555555", "#c4c4c4", "#1565c0", "#f4f4f4"
DEPTH_FILL = ("#f2f6cd", "#bfe2c0", "#7dae80", "#3f7844")  # the forest edge, then depth 1..3
GRID, FRAME, INNER_EDGE = "#b8cab0", "#8fac83", "#1b3d0b"
CARD_BACK, CARD_EDGE, CARD_FACE, CARD_INK = "#5d4037", "#f3e5ab", "#fff8e1", "#1b1b1b"
EXPLODE, WINNER_BG, WINNER_EDGE, HALO, HALO_EDGE = "#ff6f00", "#fff9e6", "#c9a227", "#ffeaa7", "#ffb300"
#: The monsters in the order of their power (CD-MON-1), with the face colour of their cards.
MONSTER_FILL = {"goblin": "#d8e8c6", "orc": "#ddd4d0", "ogre": "#faddb2", "troll": "#cfd8dc",
                "giant": "#d8cded", "dragon": "#ebb4b4"}
MONSTER_EDGE = {"goblin": "#7cb342", "orc": "#8d6e63", "ogre": "#ef8f00", "troll": "#607d8b",
                "giant": "#7e57c2", "dragon": "#c62828"}
#: The pawn and tent colours (fill, edge) of the component list's colours (the widget's PAWN_CSS).
PAWN = {"white": ("#f5f5f5", "#424242"), "blue": ("#1e88e5", "#0d2a4d"), "black": ("#262626", "#e0e0e0"),
        "orange": ("#fb8c00", "#4e2a00"), "red": ("#e53935", "#4a0d0c"), "green": ("#7cb342", "#1b3300")}
#: The turn's phases (CD-TURN-2), as the widget's phase strip names them.
PHASES = ("raid", "move", "duel", "monster", "camp")
ZONES = (("backpack", "1 backpack"), ("cage", "2 cage"), ("vault", "3 vault"), ("dungeon", "4 dungeon"),
         ("equipment", "5 equipment"), ("pantry", "6 pantry"))


def board_svg(observation: dict[str, Any], layout: dict[str, Any]) -> str:
    """Return an SVG picture (a ``str``, about 20-35 kB) of the table ``observation`` shows.

    Args:
        observation: ``game.observation(player)`` (a seat's view or the full table's, ``None``).
        layout: ``game.board_layout()`` (``size``, ``colours`` by word, ``seat_colours``, ``powers``).

    Returns:
        An ``<svg>`` document with a ``viewBox`` (910 units wide; 760 high for up to three seats, 924 for
        four to six) and a ``<title>``. It shows every inner square's pile size (CD-BOARD-2, CD-INT-23),
        the card turned up now (CD-ENC-1), the camps (CD-SETUP-4) and the adventurers, the fight's throws
        (CD-COMBAT-1, exploding dice) and each management board as the observation has it (CD-ZONE-7).

    Raises:
        KeyError: ``observation`` or ``layout`` lacks a key of the La Chasse au Dragon contract.

    >>> from dragonwidgets.games.chasse_au_dragon import new_game
    >>> g = new_game(players=2, seed=1, first_player=0)
    >>> svg = board_svg(g.observation(1), g.board_layout())
    >>> svg.startswith("<svg"), "White to move" in svg, svg.count("'s adventurer on")
    (True, True, 2)
    """
    names = [layout["colours"][c]["name"] for c in layout["seat_colours"]]
    head = _headline(observation, names)
    view = observation.get("viewer")
    whose = "the full table" if view is None else f"{names[view]}'s view"
    rows = -(-len(observation["boards"]) // 3)
    top = FOREST[1] + layout["size"] * CELL + 18
    height = top + rows * (MBOARD_H + MBOARD_GAP)
    parts = [
        (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {VIEW_W} {height}" width="100%" role="img" '
         f'font-family="sans-serif" text-anchor="middle" dominant-baseline="central" fill="{INK}">'),
        f"<title>La Chasse au Dragon: {escape(head, quote=False)} ({escape(whose, quote=False)})</title>",
        f'<rect width="{VIEW_W}" height="{height}" fill="#ffffff"/>',
        _text(12, 15, f"{head} · {whose}", size=15, weight="bold", anchor="start"),
        _forest(observation, layout, names),
        _side_panel(observation, names),
        _management_boards(observation, layout, names, top),
        "</svg>",
    ]
    return "\n".join(parts)


# ---------------------------------------------------------------------------------------------- words
def _headline(obs: dict[str, Any], names: list[str]) -> str:
    """Say the round and who decides what: ``"Round 6 · White to move"``."""
    if obs["decision"] is None:
        won = [names[w] for w in (obs.get("outcome") or {}).get("winners", [])]
        return f"Game over: {' and '.join(won)} {'win' if len(won) > 1 else 'wins'}" if won else "Game over"
    active = names[obs["active_player"]]
    revealed = obs["revealed"]
    doing = {
        "place_camp": f"{active} to place a camp",
        "raid": "the dragon's raid: 2d6 to roll",
        "move": f"{active} to move",
        "choose_duel": f"{active} to choose a duel",
        "duel_flight": f"{names[obs['defender']]} to flee or fight the duel" if obs["defender"] is not None else "",
        "reveal": f"{active} meets a monster: a card to turn up",
        "encounter": f"{active} to face the {revealed['card']}" if revealed else "",
        "flee_roll": f"{names[obs['fleeing']]}'s flight roll" if obs["fleeing"] is not None else "",
        "combat": f"{active}'s fight: dice to throw",
        "camp": f"{active} to act at camp",
    }.get(obs["decision"]) or f"{active}: {obs['decision'].replace('_', ' ')}"
    return f"Round {obs['round']} · {doing}"


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


# ---------------------------------------------------------------------------------------------- drawing
def _text(x: float, y: float, words: Any, *, size: float = 12, weight: str = "", anchor: str = "",
          fill: str = "", style: str = "") -> str:
    """Return a ``<text>`` at (x, y), its words escaped."""
    extra = (f' font-weight="{weight}"' if weight else "") + (f' text-anchor="{anchor}"' if anchor else "")
    extra += (f' fill="{fill}"' if fill else "") + (f' font-style="{style}"' if style else "")
    return f'<text x="{x:g}" y="{y:g}" font-size="{size:g}"{extra}>{escape(str(words), quote=False)}</text>'


def _title(words: str) -> str:
    return f"<title>{escape(words, quote=False)}</title>"


def _depth(x: int, y: int, size: int) -> int:
    """Depth of a square: 0 on the forest edge, 1..3 deeper in (CD-BOARD-2/3, CD-REC-1)."""
    return min(x, y, size - 1 - x, size - 1 - y)


def _forest(obs: dict[str, Any], layout: dict[str, Any], names: list[str]) -> str:
    """The forest: squares by depth, piles, the card turned up, camps, then the adventurers."""
    size = layout["size"]
    side = size * CELL
    out = [f'<g transform="translate({FOREST[0]},{FOREST[1]})">',
           f'<rect x="-3" y="-3" width="{side + 6}" height="{side + 6}" rx="6" fill="{FRAME}"/>']
    for y in range(size):
        for x in range(size):
            out.append(_square(x, y, obs, layout, names))
    out.append(f'<rect x="{CELL}" y="{CELL}" width="{side - 2 * CELL}" height="{side - 2 * CELL}" fill="none" '
               f'stroke="{INNER_EDGE}" stroke-width="2.5"/>')
    for i in range(size):
        out.append(_text(i * CELL + CELL / 2, -12, i, size=11, fill=MUTED))
        out.append(_text(-12, i * CELL + CELL / 2, i, size=11, fill=MUTED))
    out.append(_pawns(obs, layout, names))
    out.append("</g>")
    return "\n".join(out)


def _square(x: int, y: int, obs: dict[str, Any], layout: dict[str, Any], names: list[str]) -> str:
    sq = f"{x},{y}"
    ox, oy = x * CELL, y * CELL
    fill = DEPTH_FILL[_depth(x, y, layout["size"])]
    out = [f"<g>{_title(_describe(sq, obs, names))}",
           f'<rect x="{ox}" y="{oy}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="{GRID}"/>']
    revealed = obs["revealed"] if (obs["revealed"] or {}).get("square") == sq else None
    if sq in obs["piles"]:
        count = obs["piles"][sq]
        if revealed:
            out.append(_monster_card(revealed["card"], revealed["power"], ox + 21, oy + 24))
            out.append(f'<circle cx="{ox + 7}" cy="{oy + 8}" r="6.5" fill="{CARD_BACK}" stroke="{CARD_EDGE}"/>'
                       + _text(ox + 7, oy + 8.5, count, size=8.5, weight="bold", fill=CARD_FACE))
        else:
            out.append(_pile(count, ox + 18, oy + 21))
    for seat, camp in enumerate(obs["camps"]):
        if camp == sq:
            out.append(_tent(PAWN[layout["seat_colours"][seat]], ox + 16, oy + CELL - 8))
    out.append("</g>")
    return "".join(out)


def _describe(sq: str, obs: dict[str, Any], names: list[str]) -> str:
    """A square in words (its tooltip); the teacher's view adds the pile's cards, top first."""
    parts = [f"Square {sq}"]
    if sq not in obs["piles"]:
        parts.append("forest edge: no monsters")
    else:
        n = obs["piles"][sq]
        parts.append(f"a pile of {n} monster card(s), face down" if n else "empty pile: no more monsters here")
        if (obs["revealed"] or {}).get("square") == sq:
            parts.append(f"top card turned up: {obs['revealed']['card']} (power {obs['revealed']['power']})")
        known = (obs.get("hidden") or {}).get("piles", {}).get(sq)
        if known:
            parts.append(f"teacher: {', '.join(known)} (top first)")
    parts += [f"{names[seat]}'s camp" for seat, camp in enumerate(obs["camps"]) if camp == sq]
    here = [names[seat] for seat, where in enumerate(obs["positions"]) if where == sq]
    if here:
        parts.append(f"here: {', '.join(here)}")
    return " · ".join(parts)


def _pile(count: int, cx: float, cy: float, w: float = 20, h: float = 26) -> str:
    """A pile of face-down monster cards centred on (cx, cy) with its count; an empty pile is a dashed outline."""
    if not count:
        return (f'<rect x="{cx - w / 2:g}" y="{cy - h / 2:g}" width="{w:g}" height="{h:g}" rx="3" fill="none" '
                f'stroke="#6d6d6d" stroke-dasharray="3 2"/>')
    out = [f'<rect x="{cx - w / 2 + i * 2.2:g}" y="{cy - h / 2 + i * 2.2:g}" width="{w:g}" height="{h:g}" rx="3" '
           f'fill="{CARD_BACK}" stroke="{CARD_EDGE}"/>' for i in range(min(3, count) - 1, -1, -1)]
    out.append(_text(cx, cy + 0.5, count, size=13, weight="bold", fill=CARD_FACE))
    return "".join(out)


def _monster_card(card: str, power: int, cx: float, cy: float, w: float = 24, h: float = 32) -> str:
    """A face-up monster card centred on (cx, cy): its power large, its name small (CD-MON-1)."""
    return (f'<rect x="{cx - w / 2:g}" y="{cy - h / 2:g}" width="{w:g}" height="{h:g}" rx="3" '
            f'fill="{MONSTER_FILL.get(card, CARD_FACE)}" stroke="{EXPLODE}" stroke-width="2.2"/>'
            + _text(cx, cy - h * 0.1, power, size=12 * w / 24, weight="bold", fill=CARD_INK)
            + _text(cx, cy + h * 0.3, card, size=6.5 * w / 24, fill=CARD_INK))


def _tent(colours: tuple[str, str], x: float, y: float, w: float = 24) -> str:
    """A camp tent standing on (x, y) in its seat's colours."""
    fill, edge = colours
    h = w * 0.72
    return (f'<g transform="translate({x:g},{y:g})"><path d="M{-w / 2:g},0 L0,{-h:g} L{w / 2:g},0 Z" fill="{fill}" '
            f'stroke="{edge}" stroke-width="1.2" stroke-linejoin="round"/><path d="M{-w * 0.13:g},0 L0,{-h * 0.45:g} '
            f'L{w * 0.13:g},0 Z" fill="#000000" fill-opacity="0.55"/></g>')


def _pawn(colours: tuple[str, str], r: float = 6) -> str:
    """An adventurer pawn standing on (0, 0), about 2r wide and 4r tall."""
    fill, edge = colours
    body = f"M{-r * 1.25:g},0 Q{-r * 1.2:g},{-r * 1.9:g} 0,{-r * 2.1:g} Q{r * 1.2:g},{-r * 1.9:g} {r * 1.25:g},0 Z"
    return (f'<path d="{body}" fill="{fill}" stroke="{edge}" stroke-width="1.3"/>'
            f'<circle cy="{-r * 2.75:g}" r="{r * 0.95:g}" fill="{fill}" stroke="{edge}" stroke-width="1.3"/>')


def _fan(n: int) -> list[tuple[float, float]]:
    """Where ``n`` pawns stand on a square, relative to its corner (the widget's ``pawnFan``)."""
    step = min(13, (CELL - 16) / max(1, n - 1))
    centre = CELL * 0.68 if n <= 2 else CELL / 2 + 4
    first = min(centre - step * (n - 1) / 2, CELL - 8 - step * (n - 1))
    return [(first + i * step, CELL - 7 - (i % 2) * 3) for i in range(n)]


def _pawns(obs: dict[str, Any], layout: dict[str, Any], names: list[str]) -> str:
    """Every adventurer, fanned out when several share a square; the one to play ringed."""
    by_square: dict[str, list[int]] = {}
    for seat, where in enumerate(obs["positions"]):
        if where:
            by_square.setdefault(where, []).append(seat)
    out = []
    for where, seats in by_square.items():
        x0, y0 = (int(v) * CELL for v in where.split(","))
        for seat, (dx, dy) in zip(seats, _fan(len(seats))):
            active = not obs["is_over"] and obs["active_player"] == seat
            halo = (f'<ellipse cy="-10" rx="12" ry="17" fill="{HALO}" fill-opacity="0.8" stroke="{HALO_EDGE}" '
                    f'stroke-width="2" stroke-dasharray="4 2"/>' if active else "")
            words = f"{names[seat]}'s adventurer on {where}{', to play' if active else ''}"
            out.append(f'<g transform="translate({x0 + dx:g},{y0 + dy:g})">{_title(words)}{halo}'
                       f'{_pawn(PAWN[layout["seat_colours"][seat]])}</g>')
    return "".join(out)


# ---------------------------------------------------------------------------------------------- the side panel
def _side_panel(obs: dict[str, Any], names: list[str]) -> str:
    """The turn and its phase, the monster met or the duel, the fight's dice (or the last roll), the end."""
    x, y = SIDE_X, FOREST[1] - 16
    out = []
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
    out.append(_monster_card(r["card"], r["power"], x + 28, y + 32, 42, 56))
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
def _management_boards(obs: dict[str, Any], layout: dict[str, Any], names: list[str], top: float) -> str:
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
           f'<g transform="translate({x + 14:g},{y + 22:g})">{_pawn(PAWN[layout["seat_colours"][seat]], 4)}</g>',
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
