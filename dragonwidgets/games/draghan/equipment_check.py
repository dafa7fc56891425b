"""Phase 7, the equipment check (DG-EQUIP-1..3, DG-INT-26): 1 head, 1 torso, 2 hands at most.

Every character over a limit discards one card of that slot at a time, in seat order from the
active one; then the round ends (:func:`.rounds.end_round`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonwidgets.engine import Action, Event, event

from . import actions, rounds
from .state import CHECK

if TYPE_CHECKING:
    from .game import DraghanGame


def over_limit(g: "DraghanGame", seat: int) -> list[str]:
    """The cards in the seat's over-full slots (DG-EQUIP-1: 1 head, 1 torso, 2 hands)."""
    return cards_over_limit(g, g.state.heroes[seat].equipment)  # type: ignore[union-attr]


def cards_over_limit(g: "DraghanGame", equipment: list[str]) -> list[str]:
    """The cards of ``equipment`` in over-full slots (DG-EQUIP-1: 1 head, 1 torso, 2 hands)."""
    slot_of = g.tables.slot
    if len(equipment) <= 1:
        return []  # every limit is at least 1 (DG-EQUIP-1)
    slots = [slot_of[c] for c in equipment]
    if len(set(slots)) == len(slots):
        return []  # one card per slot (or none): within every limit
    out = []
    for slot, cap in g.decks.limits.items():
        if slots.count(slot) > cap:
            out += [c for c, at in zip(equipment, slots) if at == slot]
    return out


def check_actions(g: "DraghanGame") -> list[Action]:
    """DG-EQUIP-1/2, DG-INT-26: a character over a body-part limit discards one card of that slot at a time."""
    s = g.state
    seat = s.checkers[0]
    character = s.heroes[seat].card  # type: ignore[union-attr]
    return [actions.discard(g.tables, seat, character, c) for c in over_limit(g, seat)]


def start_check(g: "DraghanGame", ev: list[Event]) -> None:
    """DG-EQUIP-1..3, DG-INT-26: every character over a limit discards, in seat order from the active."""
    s = g.state
    s.checkers = [seat for seat in s.order_from(s.active) if over_limit(g, seat)]
    next_check(g, ev)


def next_check(g: "DraghanGame", ev: list[Event]) -> None:
    """The next character still over a limit discards; when none is left the round ends (DG-PASS-1)."""
    s = g.state
    while s.checkers and not over_limit(g, s.checkers[0]):
        s.checkers.pop(0)
    if s.checkers:
        s.phase = CHECK
    else:
        rounds.end_round(g, ev)


def discard(g: "DraghanGame", card: str, ev: list[Event]) -> None:
    """DG-EQUIP-2: the checked character discards ``card``."""
    s = g.state
    seat = s.checkers[0]
    s.heroes[seat].equipment.remove(card)  # type: ignore[union-attr]
    s.discard.append(card)
    ev.append(event("discarded", f"The {g.player_name(seat)} cannot carry the {g.tables.name[card]} on: discarded."))
    next_check(g, ev)
