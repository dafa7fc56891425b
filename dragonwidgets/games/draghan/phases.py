"""The dispatch by phase: who decides in each phase of the round (a queue's head, the active player or
chance, DG-ROUND-2), the legal actions or chance outcomes there (each listed by its phase's module), and
the module that applies each kind of action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from dragonwidgets.engine import CHANCE, Action, Event

from . import declaring, encounters, equipment_check, healing, locations, market, portals, results, setup, sharing, wounds
from .state import (
    ASSIST,
    BUY,
    CHECK,
    CHOOSE_CHARACTER,
    DECLARE_EQUIPMENT,
    DECLARE_TARGET,
    DRAW_DRAGON,
    DRAW_MARKET,
    GOLD,
    HEAL_1,
    HEAL_2,
    JOIN_CARD,
    OVER,
    PORTAL,
    REPLACE,
    REVEAL_ENCOUNTER,
    REVEAL_LOCATION,
    SHARE,
    THEFT,
)

if TYPE_CHECKING:
    from .game import DraghanGame

#: The phases decided by the seat at the head of a queue of the state (the queue's field name).
_QUEUED = {DECLARE_TARGET: "declaring", DECLARE_EQUIPMENT: "declaring", BUY: "buyers", CHECK: "checkers"}
#: The phases decided by the active player (DG-ROUND-2); REPLACE too, unless it is drawn.
_BY_ACTIVE = frozenset((HEAL_1, HEAL_2, PORTAL, ASSIST, GOLD, SHARE))
_CHANCE = frozenset((THEFT, DRAW_DRAGON, REVEAL_LOCATION, DRAW_MARKET, REVEAL_ENCOUNTER, JOIN_CARD))

#: Each decision's legal actions, by phase (the module of the phase lists them).
_ACTIONS_OF: dict[str, Callable[["DraghanGame"], list[Action]]] = {
    CHOOSE_CHARACTER: setup.choose_actions, HEAL_1: healing.heal_actions, HEAL_2: healing.heal_actions,
    PORTAL: portals.portal_actions, DECLARE_TARGET: declaring.target_actions,
    DECLARE_EQUIPMENT: declaring.equipment_actions, ASSIST: declaring.assist_actions, GOLD: results.gold_actions,
    REPLACE: wounds.replace_actions, BUY: market.buy_actions, SHARE: sharing.share_actions,
    CHECK: equipment_check.check_actions,
}

#: Each chance node's outcomes, by phase (the module of the phase lists them).
_OUTCOMES_OF: dict[str, Callable[["DraghanGame"], list[Action]]] = {
    CHOOSE_CHARACTER: lambda g: [setup.DEAL], REPLACE: wounds.replace_actions, THEFT: locations.theft_outcomes,
    DRAW_DRAGON: encounters.dragon_outcomes, REVEAL_ENCOUNTER: encounters.encounter_outcomes,
    REVEAL_LOCATION: locations.location_outcomes, DRAW_MARKET: locations.market_outcomes,
    JOIN_CARD: setup.join_outcomes,
}

#: The chance outcomes naming one card (``lose {card}``, ``encounter {id}``...): each kind's module applies it.
_DRAWS: dict[str, Callable[["DraghanGame", str, list[Event]], None]] = {
    "theft_pick": locations.stolen, "reveal_encounter": encounters.reveal, "reveal_location": locations.turn_up,
    "draw_market": locations.draw_market, "join_card": setup.join_card, "draw_dragon": encounters.draw_dragon,
}


def player_to_move(g: "DraghanGame") -> int | None:
    """Return the seat to decide (the head of the phase's queue, else the active one), CHANCE, or None when over."""
    s = g.state
    phase = s.phase
    queue = _QUEUED.get(phase)
    if queue:  # declaring, buying, checking: in seat order from the active one
        return getattr(s, queue)[0]
    if phase in _BY_ACTIVE:
        return s.active
    if phase == OVER:
        return None
    if phase in _CHANCE or (phase == REPLACE and g.options["replacement_character"] == "random"):
        return CHANCE
    if phase == CHOOSE_CHARACTER:
        return CHANCE if s.decks["characters"] else setup.seat_choosing(s)
    return s.active


def legal_actions(g: "DraghanGame") -> list[Action]:
    """Return the legal actions of the decision now (its phase's module lists them)."""
    return _ACTIONS_OF[g.state.phase](g)


def chance_outcomes(g: "DraghanGame") -> list[Action]:
    """Return the outcomes of the chance node now (its phase's module lists them)."""
    return _OUTCOMES_OF[g.state.phase](g)


def apply(g: "DraghanGame", action: Action) -> list[Event]:
    """Apply ``action`` (a legal decision or chance outcome) by its kind, in its phase's module; return the events."""
    ev: list[Event] = []
    words = action.id.split()
    kind = action.kind
    if kind == "face":  # the most frequent decisions first (random play)
        declaring.face(g, declaring.monster_named(g, words[1]), ev)
    elif kind == "use":
        declaring.use(g, words[1], ev)
    elif kind == "done":
        declaring.next_declarer(g, ev)
    elif kind == "give":
        sharing.give(g, words[1], int(words[2]), ev)
    elif kind == "skip":
        sharing.skip(g, ev)
    elif kind == "choose_character":
        setup.choose(g, words[1], ev)
    elif kind == "deal":
        setup.deal(g, ev)
    elif kind == "heal":
        healing.heal(g, words[1], ev)
    elif kind == "pass" and g.state.phase in (HEAL_1, HEAL_2):
        healing.after_heal(g, ev)
    elif kind in ("travel", "stay"):
        portals.decide(g, kind == "travel", ev)
    elif kind in _DRAWS:
        _DRAWS[kind](g, words[1], ev)
    elif kind == "assist":
        declaring.assign_assist(g, declaring.monster_named(g, words[1]), ev)
    elif kind == "gold":
        results.odd_coins(g, words[2], ev)
    elif kind == "replace":
        wounds.replace(g, words[1], ev)
    elif kind == "buy":
        market.buy(g, words[1], ev)
    elif kind == "pass":  # buying
        market.done_buying(g, ev)
    else:  # discard at the check
        equipment_check.discard(g, words[1], ev)
    return ev
