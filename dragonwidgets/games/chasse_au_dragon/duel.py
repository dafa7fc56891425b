"""Phase 2, the duel with an opponent: declare it, the defender's answer, the outcome (CD-DUEL-1..11).

Offered only when an opponent stands on the active player's square after the movement (CD-TURN-2 (2)).
The defender may flee (by decoy or flight roll, :mod:`.flight`) or fight (:mod:`.combat`); the
loser of the fight hands over backpack and cage and goes home (:func:`duel_outcome`). Whatever
happens, the turn goes on with the encounter (:mod:`.encounter`, CD-DUEL-11).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from dragonwidgets.engine import Action, Event

from .encounter import begin_encounter
from .state import DUEL_FLIGHT, ChasseState, square_id
from .tables import NAMES
from .zones import hand_over


def opponents_here(s: ChasseState) -> list[int]:
    """Return the opponents on the active player's square, in seat order (CD-DUEL-1)."""
    here = s.positions[s.active]
    return [q for q in range(s.players) if q != s.active and s.positions[q] == here]


def duel_actions(s: ChasseState) -> tuple[Action, ...]:
    """Return the active player's choice: duel one opponent on this square, or none (CD-DUEL-1)."""
    return duel_menu(s.active, tuple(opponents_here(s)))


@cache
def duel_menu(p: int, opponents: tuple[int, ...]) -> tuple[Action, ...]:
    """CD-DUEL-1: seat ``p`` may duel one of ``opponents`` (on its square), or none. Cached: a shared tuple."""
    duels = tuple(Action(f"duel {q}", f"Duel {NAMES[q]}", p, "duel", (f"adv/{q}",), ("CD-DUEL-1",)) for q in opponents)
    return duels + (Action("no duel", "Do not duel", p, "no_duel", (), ("CD-DUEL-1",)),)


def declare_duel(s: ChasseState, q: int, ev: list[Event]) -> None:
    """The active player challenges seat ``q``, who answers next (CD-DUEL-1, CD-DUEL-2)."""
    s.defender = q
    s.flight_tried = False
    s.phase = DUEL_FLIGHT
    ev.append(Event("duel_declared", f"{NAMES[s.active]} challenges {NAMES[q]} to a duel.",
                    data={"attacker": s.active, "defender": q}))


def defender_actions(s: ChasseState) -> tuple[Action, ...]:
    """Return the defender's answers: flee by decoy or flight roll, or fight (CD-DUEL-2..5)."""
    q = s.defender
    board = s.boards[q]  # type: ignore[index]
    return duel_flight_menu(q, s.active, board.cage > 0, board.power())


@cache
def duel_flight_menu(q: int, attacker: int, has_cage: bool, n: int) -> tuple[Action, ...]:
    """CD-DUEL-2..5: the defender ``q`` (combat die d``n``) flees by decoy (a cage goblin) or by a flight roll, or fights.

    Cached: a shared tuple, never mutated.
    """
    out = []
    if has_cage:
        out.append(Action("decoy", f"Flee: give {NAMES[attacker]} a goblin from your cage", q,
                          "decoy", (f"zone/{q}/cage",), ("CD-DUEL-3", "CD-GOB-2")))
    out.append(Action("flee roll", f"Flee by rolling your d{n}: only a {n} succeeds", q, "flee_roll",
                      (), ("CD-DUEL-4",)))
    out.append(Action("no flight", "Fight the duel", q, "no_flight", (), ("CD-DUEL-2",)))
    return tuple(out)


def duel_outcome(s: ChasseState, a: int, b: int, options: Mapping[str, Any], ev: list[Event]) -> None:
    """Settle the duel, the active player's total ``a`` against the defender's ``b`` (CD-DUEL-8..11).

    The loser hands backpack and cage over to the winner and goes home to camp; vault, dungeon,
    equipment and pantry stay (CD-DUEL-10); a tie changes nothing. Then the encounter.
    """
    p, q = s.active, s.defender
    assert q is not None
    if a == b:  # CD-DUEL-9
        ev.append(Event("duel_tied", "The duel is a tie: nothing changes hands and nobody moves."))
    else:  # CD-DUEL-8
        winner, loser = (p, q) if a > b else (q, p)
        cards, goblins = hand_over(s.boards[loser], s.boards[winner])
        s.positions[loser] = s.camps[loser]
        # Section 7: the table sees "backpack and cage handed over", never how many cards.
        ev.append(Event("duel_won", f"{NAMES[winner]} wins the duel: {NAMES[loser]} hands over "
                        f"backpack and cage and goes home to camp ({square_id(s.camps[loser])}).",  # type: ignore[arg-type]
                        data={"winner": winner, "loser": loser, "cards": cards, "goblins": goblins}))
    s.defender = None
    begin_encounter(s, options, ev)  # CD-DUEL-11, CD-TURN-3
