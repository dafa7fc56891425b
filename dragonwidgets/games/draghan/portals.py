"""Portals and the journey to the Shadow Realm (DG-PORTAL-1..6, DG-INT-19).

A first or second portal asks the team whether to travel (when it turns up, or at the end of the
round with ``portal_decision_time="end_of_round"``); the third one forces the journey (DG-PORTAL-6,
in :func:`.locations.visit`). The team travels at the end of the round (:func:`.rounds.end_round`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonwidgets.engine import Action, Event, event

from . import actions, encounters, rounds
from .state import PORTAL, SHADOW

if TYPE_CHECKING:
    from .game import DraghanGame


def portal_actions(g: "DraghanGame") -> list[Action]:
    """DG-PORTAL-1, DG-INT-19: the team may travel to the Shadow Realm at the end of this round."""
    return list(actions.portal(g.state.active))


def decide(g: "DraghanGame", travel: bool, ev: list[Event]) -> None:
    """DG-PORTAL-1/2: ``travel`` or stay; at the end of the round the round then ends, else phase 3 goes on."""
    s = g.state
    s.travel_pending = travel
    ev.append(event("portal", "The team will travel to the Shadow Realm at the end of this round." if travel
                    else "The team stays in Draghan; the portal stays face up."))
    if s.phase == PORTAL and s.portal_open:  # the end-of-round choice (DG-INT-19 option)
        s.portal_open = False
        rounds.end_round(g, ev)
    else:
        encounters.start_explore(g, ev)


def travel(g: "DraghanGame", ev: list[Event]) -> None:
    """DG-PORTAL-3/4: the team goes to the Shadow Realm; the Draghan decks and portals leave the game."""
    s = g.state
    s.realm = SHADOW
    s.travel_pending = False
    for key in ("location_draghan", "encounter_draghan"):
        s.removed.extend(s.decks[key])
        s.decks[key] = []
    s.removed.extend(s.portals_up)
    s.portals_up = []
    ev.append(event("travelled", "The team travels to the Shadow Realm. There is no way back."))
