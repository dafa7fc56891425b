"""The market after phase 4 (DG-MARKET-1..4, DG-INT-24): each seat in turn buys displayed cards with its own coins."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonwidgets.engine import Action, Event, event

from . import actions, sharing
from .state import BUY

if TYPE_CHECKING:
    from .game import DraghanGame


def after_outcome(g: "DraghanGame", ev: list[Event]) -> None:
    """DG-MARKET-1/2: after phase 4 each seat may buy, in seat order from the active one."""
    s = g.state
    if s.market_display:
        s.buyers = s.order_from(s.active)
        next_buyer(g, ev)
    else:
        sharing.share_phase(g, ev)


def affordable(g: "DraghanGame", seat: int) -> list[str]:
    """DG-MARKET-3: the displayed cards the seat can pay with its own coins."""
    card, coins = g.tables.card, g.state.heroes[seat].coins  # type: ignore[union-attr]
    return [c for c in g.state.market_display if (card[c].price or 0) <= coins]


def buy_actions(g: "DraghanGame") -> list[Action]:
    """DG-MARKET-1..3: a seat buys displayed cards it can afford with its own coins, or passes."""
    s, t = g.state, g.tables
    seat = s.buyers[0]
    character = s.heroes[seat].card  # type: ignore[union-attr]
    out = [actions.buy(t, seat, character, c) for c in affordable(g, seat)]
    out.append(actions.no_buy(seat))
    return out


def next_buyer(g: "DraghanGame", ev: list[Event]) -> None:
    """DG-MARKET-2/4: the next seat that can afford a card buys; at the end the unsold cards are discarded."""
    s = g.state
    while s.buyers and not affordable(g, s.buyers[0]):  # nothing affordable: a forced pass
        s.buyers.pop(0)
    if s.buyers:
        s.phase = BUY
        return
    if s.market_display:  # DG-MARKET-4
        s.discard.extend(s.market_display)
        ev.append(event("market_closed", "The market cards nobody bought are discarded."))
        s.market_display = []
    sharing.share_phase(g, ev)


def buy(g: "DraghanGame", card: str, ev: list[Event]) -> None:
    """DG-MARKET-3: the buying seat pays ``card``'s price to the supply and takes it."""
    s = g.state
    seat = s.buyers[0]
    price = g.tables.card[card].price or 0
    hero = s.heroes[seat]
    hero.coins -= price  # type: ignore[union-attr]
    s.supply += price
    s.market_display.remove(card)
    hero.equipment.append(card)  # type: ignore[union-attr]
    ev.append(event("bought", f"The {g.player_name(seat)} buys the {g.tables.name[card]} for {price}."))
    next_buyer(g, ev)


def done_buying(g: "DraghanGame", ev: list[Event]) -> None:
    """DG-MARKET-2: the buying seat passes; the next one may buy."""
    g.state.buyers.pop(0)
    next_buyer(g, ev)
