"""Phase 3, first part: the encounter cards revealed (DG-EXPLORE-1..7, DG-INT-23) and the dragon drawn (DG-DRAGON-1).

Monsters go to the table, equipment waits for the result (DG-RESULT-7/8), a thief steals at once
(:func:`.locations.theft`), the dragon card brings a large dragon. Then the characters declare
(:mod:`.declaring`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonwidgets.engine import CHANCE, Action, Event, event

from . import declaring, locations
from .cards import draw_outcomes, to_top
from .state import DRAW_DRAGON, REVEAL_ENCOUNTER

if TYPE_CHECKING:
    from .game import DraghanGame


def start_explore(g: "DraghanGame", ev: list[Event]) -> None:
    """DG-EXPLORE-1/2: as many cards as characters in play, plus one at a threat location."""
    s = g.state
    s.to_reveal = s.count_in_play() + s.extra_draw
    s.resume = "explore"
    explore(g, ev)


def explore(g: "DraghanGame", ev: list[Event], picked: bool = False) -> None:
    """DG-EXPLORE-3..7: reveal one card at a time; thefts at once; the dragon card draws a dragon.

    With manual draws each card is a chance node (``picked``: the top card is the one just picked).
    """
    s = g.state
    deck = s.realm_deck("encounter")
    card_of, revealed = g.tables.card, g.tables.revealed
    ask = g.picks_draws()
    while s.to_reveal > 0:
        if not deck:  # DG-EXPLORE-6, DG-INT-23
            ev.append(event("deck_empty", f"The encounter deck is empty: {s.to_reveal} draw{'s' * (s.to_reveal > 1)} ignored."))
            s.to_reveal = 0
            break
        if ask and not picked:
            s.phase = REVEAL_ENCOUNTER
            return
        picked = False
        cid = deck.pop(0)
        s.to_reveal -= 1
        card = card_of[cid]
        ev.append(revealed[cid])
        if card.kind == "equipment":
            s.revealed_equipment.append(cid)
            continue
        s.table.append(cid)
        if card.kind == "dragon_card":
            s.phase = DRAW_DRAGON
            return
        if card.theft and locations.theft(g, ev):
            return
    declaring.start_declare(g, ev)


def encounter_outcomes(g: "DraghanGame") -> list[Action]:
    """Manual draws: the encounter cards that could turn up next, equally likely (DG-EXPLORE-3)."""
    name = g.tables.name
    return draw_outcomes(g.state.realm_deck("encounter"), "encounter", lambda c: f"{name[c]} turns up",
                         "reveal_encounter", ("DG-EXPLORE-3",))


def reveal(g: "DraghanGame", card: str, ev: list[Event]) -> None:
    """Manual draws: ``card`` is the encounter card turned up (taken from its place in the deck)."""
    to_top(g.state.realm_deck("encounter"), card)
    explore(g, ev, picked=True)


def dragon_outcomes(g: "DraghanGame") -> list[Action]:
    """DG-DRAGON-1, DG-CAMP-3: the chance node of the dragon: each large dragon in play, equally likely."""
    dragons, card = g.state.decks["dragons"], g.tables.card
    n = len(dragons)
    return [Action(f"dragon {d}", f"The dragon is the {card[d].name} ({card[d].req})", CHANCE,
                   "draw_dragon", (f"card/{d}",), ("DG-DRAGON-1", "DG-CAMP-3"), 1 / n) for d in dragons]


def draw_dragon(g: "DraghanGame", dragon: str, ev: list[Event]) -> None:
    """DG-DRAGON-1: the large dragon ``dragon`` is drawn from the face-down ones; the endgame begins."""
    s = g.state
    s.dragon = dragon
    s.decks["dragons"].remove(dragon)
    card = g.tables.card[dragon]
    ev.append(event("dragon_drawn", f"The dragon appears: the {card.name} ({card.req}). The endgame begins.",
                    {"dragon": dragon}))
    explore(g, ev)
