"""Wounds, dropping out and replacements (DG-WOUND-1..5, DG-INT-13, DG-END-2/3).

When a monster survives phase 4 the active character is wounded; a second wound takes it out. In
Draghan a new character from those set aside takes the seat (chosen, or drawn with
``replacement_character="random"``); in the Shadow Realm nobody replaces it.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from dragonwidgets.engine import CHANCE, Action, Event, event

from . import equipment_check, market, rounds, setup
from .state import DRAGHAN, REPLACE

if TYPE_CHECKING:
    from .game import DraghanGame


def wound(g: "DraghanGame", ev: list[Event]) -> None:
    """DG-WOUND-1..5: the active character is wounded; a second wound takes it out."""
    s, a = g.state, g.state.active
    hero = s.heroes[a]
    name = g.player_name(a)
    if not hero.wounded:  # type: ignore[union-attr]
        hero.wounded = True  # type: ignore[union-attr]
        ev.append(wounded_event(name))
        market.after_outcome(g, ev)
        return
    s.discard.append(hero.card)  # type: ignore[union-attr]
    s.discard.extend(hero.equipment)  # type: ignore[union-attr]
    s.supply += hero.coins  # type: ignore[union-attr]
    s.heroes[a] = None
    ev.append(event("dropped_out", f"The {name} is wounded again and drops out.",
                    {"seat": a, "character": hero.card}))  # type: ignore[union-attr]
    if s.realm == DRAGHAN:
        if not s.set_aside:
            rounds.lose(g, "a new character is needed but none is left", "DG-END-2", ev)
            return
        if len(s.set_aside) == 1:
            replace(g, s.set_aside[0], ev)
        else:
            s.phase = REPLACE
        return
    if not s.in_play():
        rounds.lose(g, "no character is left in the Shadow Realm", "DG-END-3", ev)
        return
    equipment_check.start_check(g, ev)  # DG-SHARE-2, DG-INT-29: phases 5 and 6 are skipped


@cache
def wounded_event(name: str) -> Event:
    """Return the log of the character ``name`` wounded (DG-WOUND-1). Cached: a shared event, never mutated."""
    return event("wounded", f"Not every monster was defeated: the {name} is wounded.")


def replace_actions(g: "DraghanGame") -> list[Action]:
    """DG-WOUND-4, DG-INT-13: a new character from those set aside (chosen, or drawn with the option)."""
    s, a, name = g.state, g.state.active, g.tables.name
    chance = g.options["replacement_character"] == "random"
    n = len(s.set_aside)
    return [Action(f"replace {c}", f"The {name[c]} joins the team", CHANCE if chance else a, "replace",
                   (f"card/{c}",), ("DG-WOUND-4", "DG-INT-13"), 1 / n if chance else None) for c in s.set_aside]


def replace(g: "DraghanGame", character: str, ev: list[Event]) -> None:
    """DG-WOUND-4: ``character`` takes the active seat, as at set-up; the market follows (after its market
    card is picked, with manual draws: :func:`.setup.join_card`)."""
    setup.enter(g, g.state.active, character, ev)
    if g.state.joining:
        g.state.resume = "replace"
        return
    market.after_outcome(g, ev)
