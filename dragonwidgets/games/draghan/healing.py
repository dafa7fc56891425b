"""Healing, phases 1 and 6 (DG-HEAL-1..3): a wounded active character may play a healing card."""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonwidgets.engine import Action, Event, event

from . import actions, equipment_check, locations
from .state import HEAL_1

if TYPE_CHECKING:
    from .game import DraghanGame


def healing_cards(g: "DraghanGame", seat: int) -> list[str]:
    """The seat's cards with the healing icon (DG-HEAL-1); none for a seat without a character."""
    hero, heal = g.state.heroes[seat], g.tables.heal
    return [c for c in hero.equipment if c in heal] if hero else []


def heal_actions(g: "DraghanGame") -> list[Action]:
    """DG-HEAL-1..3: the wounded active character may play one of its healing cards."""
    s, a = g.state, g.state.active
    character, first = s.heroes[a].card, s.phase == HEAL_1  # type: ignore[union-attr]
    out = [actions.heal(g.tables, a, c, character, first) for c in healing_cards(g, a)]
    out.append(actions.no_heal(a))
    return out


def heal_phase(g: "DraghanGame", phase: str, ev: list[Event]) -> None:
    """DG-HEAL-1..3: phase 1 (``HEAL_1``) or 6 (``HEAL_2``) is a decision only for a wounded character
    holding a healing card; otherwise the round goes on at once."""
    s = g.state
    hero = s.heroes[s.active]
    s.phase = phase
    if not (hero and hero.wounded and healing_cards(g, s.active)):
        after_heal(g, ev)


def heal(g: "DraghanGame", card: str, ev: list[Event]) -> None:
    """DG-HEAL-1/3: the card is discarded and the active character turns healthy."""
    s = g.state
    hero = s.heroes[s.active]
    hero.equipment.remove(card)  # type: ignore[union-attr]
    s.discard.append(card)
    hero.wounded = False  # type: ignore[union-attr]
    ev.append(event("healed", f"The {g.player_name(s.active)} plays the {g.tables.name[card]} and is healed."))
    after_heal(g, ev)


def after_heal(g: "DraghanGame", ev: list[Event]) -> None:
    """After phase 1 the location is visited (phase 2); after phase 6 the equipment is checked (phase 7)."""
    if g.state.phase == HEAL_1:
        locations.visit(g, ev)
    else:
        equipment_check.start_check(g, ev)
