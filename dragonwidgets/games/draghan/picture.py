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

It is drawn by four modules: this one (``board_svg`` and the line saying who decides what),
``picture_pieces`` (the geometry, colours and names, and the small drawings the rest is made of),
``picture_table`` (the realm, location, decks, monsters, dragon, market and set-aside characters) and
``picture_heroes`` (each character's panel); the SVG pieces every game's picture shares come from
``dragonwidgets/games/svg.py``.
"""

from __future__ import annotations

from typing import Any

from ..svg import opening, whose_view
from ..svg import text as _text
from .picture_heroes import heroes_svg
from .picture_pieces import (
    DECKS,
    HEAD,
    INK,
    ORDERED_DECKS,
    PAD,
    REALMS,
    SKILL_COLOURS,
    SKILLS,
    SLOTS,
    WIDTH,
    fit,
    monster_name,
    who_words,
)
from .picture_table import centre_svg, side_svg, where_svg

#: the table's names, kept here for the picture's readers (the tests name them as ``picture.SKILLS``...)
__all__ = ["DECKS", "ORDERED_DECKS", "REALMS", "SKILLS", "SKILL_COLOURS", "SLOTS", "board_svg"]


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
    whose = whose_view(names, view)
    where, where_h = where_svg(observation, cards, PAD, HEAD + PAD)
    centre, centre_h = centre_svg(observation, cards, names, HEAD + PAD)
    y = HEAD + PAD + max(where_h, centre_h) + 12
    side, side_h = side_svg(observation, cards, y)
    y += side_h + (12 if side_h else 0)
    heroes, heroes_h = heroes_svg(observation, layout, names, y)
    height = y + heroes_h + PAD
    parts = [
        *opening("Draghan", head, whose, WIDTH, height, INK, centred=False),
        _text(PAD, HEAD / 2, fit(f"{head} · {whose}", 15, WIDTH - 2 * PAD), size=15, weight="bold"),
        where, centre, side, heroes,
        "</svg>",
    ]
    return "\n".join(parts)


# ---------------------------------------------------------------------------------------------- words
def _seat_names(obs: dict[str, Any], cards: dict[str, Any]) -> list[str]:
    """Each seat's name as the game gives it: its character's (``"Elf"``), else ``"Seat 2"``."""
    return [cards[h["card"]]["name"] if h else f"Seat {i + 1}" for i, h in enumerate(obs["heroes"])]


def _headline(obs: dict[str, Any], cards: dict[str, Any], names: list[str]) -> str:
    """Say the round, the realm and who decides what, in the widget's words."""
    if obs["result"] != "running" or obs["decision"] is None:
        reason = (obs.get("outcome") or {}).get("reason") or ""
        won = "The team wins" if obs["result"] == "won" else "The team loses"
        return f"Game over: {won}" + (f": {reason}" if reason else "")
    decision = obs["decision"]
    if decision == "choose_character":
        return f"Setting up · {who_words(names, obs['current_player'])} chooses a character"
    if obs["round"] == 0:  # a character chosen at set-up waits for its market card (manual draws)
        return f"Setting up · {_what(obs, cards, names, decision)}"
    return f"Round {obs['round']} · {REALMS[obs['realm']]} · {_what(obs, cards, names, decision)}"


def _what(obs: dict[str, Any], cards: dict[str, Any], names: list[str], decision: str) -> str:
    """The decision due, as a clause with its subject (``"the Elf chooses which monster to face"``)."""
    active, player = who_words(names, obs["active_player"]), obs["current_player"]
    if decision == "declare_equipment":
        target = obs["targets"].get(str(obs["declaring"]))
        monster = monster_name(obs, cards, target) if target else "nothing"
        return f"{who_words(names, obs['declaring'])} faces {monster}: which equipment to use"
    if decision == "buy":
        coins = obs["heroes"][player]["coins"] if obs["heroes"][player] else 0
        return f"{who_words(names, player)} may buy at the market ({coins} coin{'s' * (coins != 1)})"
    if decision == "assign_assist":
        return f"{active} gives the {cards[obs['location']]['name']}'s {obs['assist']} to one monster"
    clauses = {
        "heal_1": f"{active} is wounded and may play a healing card",
        "heal_2": f"{active} is wounded and may play a healing card again",
        "portal_choice": (f"the team may travel to the Shadow Realm (portal {len(obs['portals_up'])} of 3; "
                          f"{active} decides)"),
        "theft": f"a thief takes a random card from {active}",
        "draw_dragon": "the dragon appears: a large dragon card is drawn",
        "declare_target": f"{who_words(names, obs['declaring'])} chooses which monster to face",
        "gold": f"{active} shares out the odd coins",
        "replace": f"Seat {obs['active_player'] + 1} takes a new character",
        "share": f"{active} may give one card to another character",
        "equipment_check": f"{who_words(names, player)} carries too much and must discard",
        "reveal_location": "the next location turns up (pick it)",
        "draw_market": "a market card goes on display (pick it)",
        "reveal_encounter": "the next encounter card turns up (pick it)",
        "join_card": "a new character takes a market card (pick it)",
    }
    return clauses.get(decision, f"{who_words(names, player)} to {decision.replace('_', ' ')}")
