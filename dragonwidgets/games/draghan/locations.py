"""Phase 2, a new location (DG-LOC-1..8, DG-END-4), and the thief (DG-LOC-5, DG-EXPLORE-4, DG-INT-14).

The location turned up acts first: heal, assist, threat, market, theft or portal (:mod:`.portals`);
then the encounters are revealed (:mod:`.encounters`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonwidgets.engine import CHANCE, Action, Event, event

from . import encounters, rounds
from .cards import block_sizes_left, draw_outcomes, take
from .state import DRAW_MARKET, MARKET_DISPLAY, PORTAL, REVEAL_LOCATION, SHADOW, THEFT

if TYPE_CHECKING:
    from .game import DraghanGame


def visit(g: "DraghanGame", ev: list[Event]) -> None:
    """DG-LOC-1..8, DG-END-4: turn up the next location of the realm and apply its ability first."""
    s = g.state
    deck = s.realm_deck("location")
    if not deck:
        rounds.lose(g, "no Shadow location is left to turn up", "DG-END-4", ev)
        return
    if g.picks_draws():
        s.phase = REVEAL_LOCATION
        return
    turn_up(g, deck[0], ev)


def location_outcomes(g: "DraghanGame") -> list[Action]:
    """Manual draws: the locations that could turn up, equally likely: the Draghan deck's current block
    (DG-SETUP-2..4: each block is shuffled apart), any of the Shadow deck."""
    s, name = g.state, g.tables.name
    deck = s.realm_deck("location")
    could = deck if s.realm == SHADOW else deck[:block_sizes_left(len(deck))[0]]
    return draw_outcomes(could, "location", lambda c: f"{name[c]} turns up", "reveal_location", ("DG-LOC-1", "DG-SETUP-2"))


def turn_up(g: "DraghanGame", loc: str, ev: list[Event]) -> None:
    """DG-LOC-1..8: the location ``loc`` (the top card, or the one picked) turns up; its ability acts first."""
    s = g.state
    take(s.realm_deck("location"), loc)
    s.location = loc
    card = g.tables.card[loc]
    ev.append(event("location", f"Round {s.round}: the {g.player_name(s.active)} turns up {card.name} ({card.ability}).",
                    {"location": loc, "ability": card.ability, "active": s.active}))
    ability = card.ability
    if ability == "portal":
        s.portals_up.append(loc)
    else:
        s.visited.append(loc)
    if ability == "heal":
        for h in s.heroes:
            if h:
                h.wounded = False
        ev.append(event("healed", "Every wounded character is healed (DG-LOC-2)."))
    elif ability == "assist":
        s.assist = card.icons
    elif ability == "threat":
        s.extra_draw = 1
    elif ability == "market":
        s.to_draw = min(MARKET_DISPLAY, len(s.decks["market"]))
        if g.picks_draws() and s.to_draw:
            s.phase = DRAW_MARKET
            return
        s.market_display = [s.decks["market"].pop(0) for _ in range(s.to_draw)]
        s.to_draw = 0
        market_opens(g, ev)
    elif ability == "theft":
        s.resume = "location"
        if theft(g, ev):
            return
    elif ability == "portal":
        if len(s.portals_up) >= 3:  # DG-PORTAL-6
            s.travel_pending = True
            ev.append(event("portal", "The third portal: the team must travel to the Shadow Realm at the end of this round."))
        elif g.options["portal_decision_time"] == "reveal":
            s.phase = PORTAL
            return
        else:
            s.portal_open = True
    encounters.start_explore(g, ev)


def market_opens(g: "DraghanGame", ev: list[Event]) -> None:
    """DG-LOC-6: the cards on display are told."""
    s, name, card = g.state, g.tables.name, g.tables.card
    ev.append(event("market", "For sale after the fight: " + ", ".join(
        f"{name[c]} ({card[c].price})" for c in s.market_display) + "."))


def market_outcomes(g: "DraghanGame") -> list[Action]:
    """Manual draws: the market cards that could go on display next, equally likely (DG-LOC-6)."""
    name = g.tables.name
    return draw_outcomes(g.state.decks["market"], "market", lambda c: f"{name[c]} goes on display", "draw_market",
                         ("DG-LOC-6",))


def draw_market(g: "DraghanGame", card: str, ev: list[Event]) -> None:
    """Manual draws: ``card`` goes on display; after the last one the encounters follow (DG-LOC-6)."""
    s = g.state
    deck = s.decks["market"]
    s.market_display.append(take(deck, card))
    s.to_draw -= 1
    if s.to_draw and deck:
        return
    s.to_draw = 0
    market_opens(g, ev)
    encounters.start_explore(g, ev)


def theft(g: "DraghanGame", ev: list[Event]) -> bool:
    """DG-LOC-5, DG-EXPLORE-4: a coin, else a random equipment card (a chance node if several), else nothing.

    Returns True when a chance node must pick the card.
    """
    s, a = g.state, g.state.active
    hero = s.heroes[a]
    who = g.player_name(a)
    if hero is None:
        return False
    if hero.coins:
        hero.coins -= 1
        s.supply += 1
        ev.append(event("theft", f"A thief takes a coin from the {who}."))
    elif len(hero.equipment) == 1:
        lose_card(g, hero.equipment[0], ev)
    elif hero.equipment:
        s.phase = THEFT
        return True
    else:
        ev.append(event("theft", f"A thief finds nothing on the {who}."))
    return False


def theft_outcomes(g: "DraghanGame") -> list[Action]:
    """DG-LOC-5, DG-INT-14: the chance node of a theft: each card of the active character, equally likely."""
    s, name = g.state, g.tables.name
    kit = s.heroes[s.active].equipment  # type: ignore[union-attr]
    return [Action(f"lose {c}", f"The thief takes the {name[c]}", CHANCE, "theft_pick", (f"card/{c}",),
                   ("DG-LOC-5", "DG-EXPLORE-4", "DG-INT-14"), 1 / len(kit)) for c in kit]


def stolen(g: "DraghanGame", card: str, ev: list[Event]) -> None:
    """The chance outcome ``lose {card}``: the thief takes ``card``; the phase goes on where it stopped."""
    lose_card(g, card, ev)
    if g.state.resume == "location":
        encounters.start_explore(g, ev)
    else:
        encounters.explore(g, ev)


def lose_card(g: "DraghanGame", card: str, ev: list[Event]) -> None:
    """DG-LOC-5: the active character's ``card`` goes to the discard pile."""
    s = g.state
    s.heroes[s.active].equipment.remove(card)  # type: ignore[union-attr]
    s.discard.append(card)
    ev.append(event("theft", f"A thief takes the {g.tables.name[card]} from the {g.player_name(s.active)}."))
