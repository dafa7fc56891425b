"""The round's frame: its start (DG-ROUND-1), its end with the map passed on (DG-PASS-1/2), and the loss (DG-END-2..4).

A round runs through the modules in this order: :mod:`.healing` (phase 1), :mod:`.locations` (phase
2, :mod:`.portals`), :mod:`.encounters` and :mod:`.declaring` (phase 3), :mod:`.results` (phase 4, then
:mod:`.wounds` and :mod:`.market`), :mod:`.sharing` (phase 5), :mod:`.healing` (phase 6),
:mod:`.equipment_check` (phase 7), and :func:`end_round` (phase 8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonwidgets.engine import Event, event

from . import healing, portals
from .state import HEAL_1, OVER, PORTAL

if TYPE_CHECKING:
    from .game import DraghanGame


def start_round(g: "DraghanGame", ev: list[Event]) -> None:
    """DG-ROUND-1: phase 1, healing, if the active character is wounded and holds a healing card."""
    s = g.state
    s.round += 1
    s.location = None
    s.extra_draw = 0
    s.assist = ""
    s.assist_target = None
    s.portal_open = False
    s.market_display = []
    s.revealed_equipment = []
    s.targets, s.used = {}, {}
    healing.heal_phase(g, HEAL_1, ev)


def end_round(g: "DraghanGame", ev: list[Event]) -> None:
    """DG-PASS-1/2, DG-PORTAL-3/4: travel if pending, then the map passes to the next character."""
    s = g.state
    if s.portal_open:  # portal_decision_time = "end_of_round" (DG-INT-19)
        s.phase = PORTAL
        return
    if s.travel_pending:
        portals.travel(g, ev)
    n = g.players
    for k in range(1, n + 1):  # the next seat with a character in play (the active one if it is the last)
        seat = (s.active + k) % n
        if s.heroes[seat]:
            s.active = seat
            break
    start_round(g, ev)


def lose(g: "DraghanGame", reason: str, rule: str, ev: list[Event]) -> None:
    """DG-END-2..4: the team loses, for ``reason`` (the rule ``rule``); the game is over."""
    s = g.state
    s.result = "lost"
    s.end_reason = f"{reason} ({rule})"
    s.phase = OVER
    ev.append(event("lost", f"The team loses: {reason}."))
