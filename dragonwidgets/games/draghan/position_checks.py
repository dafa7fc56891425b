"""The checks of a position (issue 13): the rules' invariants every real Draghan table satisfies.

:func:`check_table` runs once :mod:`.position` has placed the cards: the kinds of card each zone holds,
the coins (DG-SETUP-8), the dragon (DG-DRAGON-1), the fight's declarations (DG-FIGHT-1/3) and whether the
decision named is one the table allows (:func:`check_decision`). Every error names its field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dragonwidgets.engine import PositionError

from . import equipment_check
from . import state
from .state import DraghanState

if TYPE_CHECKING:
    from .game import DraghanGame

#: The decisions (the state's phases) a position may name.
DECISIONS = (state.CHOOSE_CHARACTER, state.HEAL_1, state.PORTAL, state.THEFT, state.DRAW_DRAGON,
             state.DECLARE_TARGET, state.DECLARE_EQUIPMENT, state.ASSIST, state.GOLD, state.REPLACE, state.BUY,
             state.SHARE, state.HEAL_2, state.CHECK, state.OVER, state.REVEAL_LOCATION, state.DRAW_MARKET,
             state.REVEAL_ENCOUNTER, state.JOIN_CARD)
#: Which kinds of card each zone holds (with the rule).
KINDS = {
    "set_aside": (("character",), "DG-SETUP-6"), "table": (("monster", "dragon_card"), "DG-EXPLORE-3"),
    "revealed_equipment": (("equipment",), "DG-EXPLORE-3"), "market_display": (("market",), "DG-LOC-6"),
    "portals_up": (("location",), "DG-PORTAL-2"), "visited": (("location",), "DG-LOC-8"),
    "equipment": (("equipment", "market"), "DG-INT-8"), "character": (("character",), "DG-SETUP-6"),
    "dragon": (("dragon",), "DG-DRAGON-1"), "round_down": (("monster",), "DG-RESULT-1"),
}


def fail(field: str, message: str) -> PositionError:
    """The error for ``field``: ``field 'heroes.1.coins': ...``."""
    return PositionError(f"field {field!r}: {message}")


def check_table(g: "DraghanGame", s: DraghanState, position: dict[str, Any]) -> None:
    """The rules' invariants a real table satisfies: kinds of the zones, coins, the dragon, the decision."""
    for i, h in enumerate(s.heroes):
        if h is None:
            continue
        check_kinds(g, [h.card], "character", f"heroes.{i}.character")
        check_kinds(g, h.equipment, "equipment", f"heroes.{i}.equipment")
    for key in ("set_aside", "table", "revealed_equipment", "market_display", "portals_up", "visited", "round_down"):
        check_kinds(g, getattr(s, key), key, key)
    if s.dragon:
        check_kinds(g, [s.dragon], "dragon", "dragon")
    if (g.tables.dragon_card in s.table) != bool(s.dragon) and not (s.phase == state.DRAW_DRAGON and not s.dragon):
        raise fail("dragon", "the dragon card on the table and a large dragon drawn go together, except at the "
                   "draw itself (DG-DRAGON-1, DG-INT-18)")
    if not g.options["unlimited_coins"]:
        held = sum(h.coins for h in s.heroes if h)
        if s.supply < 0 or s.supply + held != g.decks.coins:
            raise fail("supply", f"the supply ({s.supply}) and the characters' coins ({held}) make the game's "
                       f"{g.decks.coins} coins (DG-SETUP-8, DG-INT-24)")
    if s.realm not in (state.DRAGHAN, state.SHADOW):
        raise fail("realm", f"must be 'draghan' or 'shadow', got {s.realm!r}")
    if not 0 <= s.first_player < g.players or not 0 <= s.active < g.players:
        raise fail("active", f"seats are 0..{g.players - 1}")
    for seat_, m in s.targets.items():
        if m not in s.table:
            raise fail(f"targets.{seat_}", f"{m} is not on the table (DG-FIGHT-1)")
    for seat_, cards in s.used.items():
        hero = s.heroes[seat_]
        if hero is None or not set(cards) <= set(hero.equipment):
            raise fail(f"used.{seat_}", "a character commits its own cards only (DG-FIGHT-3)")
    check_decision(g, s, position)


def check_kinds(g: "DraghanGame", cards: list[str], zone: str, field: str) -> None:
    allowed, rule = KINDS[zone]
    for c in cards:
        if g.tables.card[c].kind not in allowed:
            raise fail(field, f"{c} is a {g.tables.card[c].kind} card; this place holds {' or '.join(allowed)} ({rule})")


def check_decision(g: "DraghanGame", s: DraghanState, position: dict[str, Any]) -> None:
    """The decision must be one the table allows (DG-ROUND-2 and the phases' rules); fill its queue if not given."""
    phase, hero = s.phase, s.heroes[s.active]
    if phase not in DECISIONS:
        raise fail("decision", f"unknown decision {phase!r}; the decisions are {', '.join(DECISIONS)}")

    def need(ok: bool, why: str) -> None:
        if not ok:
            raise fail("decision", f"{phase!r} is not due: {why}")

    if phase == state.JOIN_CARD:
        need(g.picks_draws(), "cards are picked by hand only with chance='manual' and pick_draws (DG-SETUP-7)")
        need(bool(s.joining) and all(s.heroes[x] is not None for x in s.joining) and bool(s.decks["market"]),
             "'joining' lists the seats whose new character takes a market card (DG-SETUP-7)")
        need(s.resume in ("choose", "deal", "replace"),
             "'resume' says what follows: 'choose', 'deal' or 'replace' (DG-SETUP-6, DG-WOUND-4)")
        need((s.round == 0) == (s.resume != "replace"),
             "characters join at set-up ('choose', 'deal': round 0) or as a replacement in a round (DG-WOUND-4)")
        return
    need(not s.joining, "'joining' is for the decision 'join_card' (DG-SETUP-7)")
    if phase == state.CHOOSE_CHARACTER:
        chosen = [h is not None for h in s.heroes]
        need(s.round == 0 and not all(chosen) and chosen == sorted(chosen, reverse=True),
             "characters are chosen at set-up, in seat order, before round 1 (DG-SETUP-6); name the decision due")
        return
    need(s.round >= 1, "round is 0: the game is still being set up (DG-SETUP-6)")
    need(phase == state.OVER or s.result == "running", "the result is decided: the decision is 'over' (DG-END-1)")
    need(phase != state.OVER or s.result in ("won", "lost"), "a finished game says its result, 'won' or 'lost' (DG-END-1)")
    need(s.realm == state.SHADOW or phase in (state.REPLACE, state.OVER) or all(h is not None for h in s.heroes),
         "in Draghan every seat has a character (DG-WOUND-4)")
    need(hero is not None or phase in (state.REPLACE, state.OVER), "the active seat has no character (DG-ROUND-2)")
    if phase in (state.HEAL_1, state.HEAL_2):
        need(hero is not None and hero.wounded and any(c in g.tables.heal for c in hero.equipment),
             "the active character is not wounded or holds no healing card (DG-HEAL-1)")
    elif phase == state.PORTAL:
        need(s.realm == state.DRAGHAN and bool(s.portals_up), "no portal is face up in Draghan (DG-PORTAL-1)")
    elif phase == state.THEFT:
        need(hero is not None and not hero.coins and len(hero.equipment) > 1,
             "a thief picks a card only from a character without coins holding two or more (DG-LOC-5)")
    elif phase in (state.REVEAL_LOCATION, state.DRAW_MARKET, state.REVEAL_ENCOUNTER):
        need(g.picks_draws(), "cards are picked by hand only with chance='manual' and pick_draws (DG-LOC-1)")
        need(phase != state.DRAW_MARKET or (s.to_draw > 0 and bool(s.decks["market"])),
             "no market card is left to draw ('to_draw', DG-LOC-6)")
        deck = "encounter" if phase == state.REVEAL_ENCOUNTER else "location"
        need(phase == state.DRAW_MARKET or bool(s.realm_deck(deck)),
             f"the {deck} deck is empty (DG-EXPLORE-6, DG-END-4)")
        need(phase != state.REVEAL_ENCOUNTER or s.to_reveal > 0, "no encounter is left to reveal ('to_reveal', DG-EXPLORE-1)")
    elif phase == state.DRAW_DRAGON:
        need(g.tables.dragon_card in s.table and not s.dragon, "the dragon card is not on the table (DG-DRAGON-1)")
    elif phase in (state.DECLARE_TARGET, state.DECLARE_EQUIPMENT):
        need(bool(s.table), "no monster is on the table (DG-FIGHT-1)")
        if "declaring" not in position:
            s.declaring = s.order_from(s.active)
        need(bool(s.declaring) and all(s.heroes[x] is not None for x in s.declaring),
             "'declaring' lists the characters still to declare (DG-INT-15)")
        need(phase == state.DECLARE_TARGET or s.declaring[0] in s.targets,
             "the character declaring its cards faces a monster ('targets', DG-FIGHT-3)")
    elif phase == state.ASSIST:
        need(bool(s.assist) and bool(s.table), "no assist location helps this round (DG-LOC-3)")
    elif phase == state.GOLD:
        need(bool(s.gold_queue), "no odd coins are to be handed out ('gold_queue', DG-INT-4)")
    elif phase == state.REPLACE:
        need(s.realm == state.DRAGHAN and hero is None and bool(s.set_aside),
             "a replacement comes in Draghan, to the active seat without a character (DG-WOUND-4)")
    elif phase == state.BUY:
        if "buyers" not in position:
            s.buyers = s.order_from(s.active)
        need(bool(s.market_display) and bool(s.buyers), "no market card is for sale (DG-MARKET-1)")
    elif phase == state.SHARE:
        need(hero is not None and bool(hero.equipment) and s.count_in_play() > 1,
             "the active character has nothing to give or nobody to give to (DG-SHARE-1)")
    elif phase == state.CHECK:
        if "checkers" not in position:
            s.checkers = [x for x in s.order_from(s.active)
                          if equipment_check.cards_over_limit(g, s.heroes[x].equipment)]  # type: ignore[union-attr]
        need(bool(s.checkers) and all(s.heroes[x] is not None for x in s.checkers),
             "no character carries more than its limits (DG-EQUIP-1)")
