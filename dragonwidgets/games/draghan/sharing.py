"""Phase 5, sharing (DG-SHARE-1/2, DG-INT-27): the active character may give one card to another character."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonwidgets.engine import Action, Event, event

from . import actions, healing
from .state import HEAL_2, SHARE

if TYPE_CHECKING:
    from .game import DraghanGame


def share_phase(g: "DraghanGame", ev: list[Event]) -> None:
    """DG-SHARE-1/2: a decision when the active character holds a card and another character is in play."""
    s = g.state
    hero = s.heroes[s.active]
    if hero and hero.equipment and s.count_in_play() > 1:
        s.phase = SHARE
    else:
        healing.heal_phase(g, HEAL_2, ev)


def share_actions(g: "DraghanGame") -> list[Action]:
    """DG-SHARE-1, DG-INT-27: one of the active character's cards to another character, or skip."""
    s, a, t = g.state, g.state.active, g.tables
    others = [(to, h.card) for to, h in enumerate(s.heroes) if h is not None and to != a]
    out = [actions.give(t, a, c, to, character) for c in s.heroes[a].equipment for to, character in others]  # type: ignore[union-attr]
    out.append(actions.skip(a))
    return out


def give(g: "DraghanGame", card: str, to: int, ev: list[Event]) -> None:
    """DG-SHARE-1: the active character gives ``card`` to seat ``to``'s character; phase 6 follows."""
    s, a = g.state, g.state.active
    s.heroes[a].equipment.remove(card)  # type: ignore[union-attr]
    s.heroes[to].equipment.append(card)  # type: ignore[union-attr]
    ev.append(event("given", f"The {g.player_name(a)} gives the {g.tables.name[card]} to the {g.player_name(to)}."))
    healing.heal_phase(g, HEAL_2, ev)


def skip(g: "DraghanGame", ev: list[Event]) -> None:
    """DG-SHARE-1: nothing is given; phase 6 follows."""
    healing.heal_phase(g, HEAL_2, ev)
