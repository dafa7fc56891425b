"""Flight ("fuite"), before a fight: by decoy or by flight roll, from a duel or a monster (CD-DUEL-2..6, CD-ENC-2..6).

The duel's defender (:mod:`.duel`) or the player meeting a monster at least as strong as their
equipment (:mod:`.encounter`) may flee instead of fighting:

- by **decoy**: one whole goblin of the cage (CD-GOB-2, CD-INT-13); in a duel the attacker captures
  it (CD-DUEL-3, CD-INT-10), a monster's decoy leaves the game (CD-ENC-3 (a)). It always succeeds.
- by **flight roll**: one throw of one's own combat die, no explosion, that succeeds only on the
  maximum (CD-DUEL-4, CD-ENC-3 (b), CD-INT-9); the roll is the chance node ``flee {face}``. Once it
  is tried no decoy may follow, and a failure forces the fight (CD-DUEL-5, CD-ENC-4).

A duel fled goes on with the encounter (CD-DUEL-6, CD-INT-11); a monster fled goes under its pile (CD-ENC-6).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from dragonwidgets.engine import CHANCE, Action, Event

from . import dice
from .combat import start_fight
from .encounter import begin_encounter, put_under_pile
from .state import DUEL_FLIGHT, FLEE_ROLL, ChasseState
from .tables import NAMES


def flee_by_decoy(s: ChasseState, options: Mapping[str, Any], ev: list[Event]) -> None:
    """Flee with one whole cage goblin (CD-DUEL-3, CD-ENC-3 (a), CD-GOB-2, CD-INT-10/13).

    In a duel the defender's goblin goes into the attacker's cage, or leaves the game with the
    ``duel_decoy_to_cage`` option off; a monster's decoy leaves the game.
    """
    if s.phase == DUEL_FLIGHT:
        q = s.defender
        s.boards[q].cage -= 1  # type: ignore[index]
        if options["duel_decoy_to_cage"]:
            s.boards[s.active].cage += 1
            where = f"it is captured into {NAMES[s.active]}'s cage"
        else:
            s.removed["goblin"] = s.removed.get("goblin", 0) + 1
            where = "it leaves the game"
        ev.append(Event("duel_fled", f"{NAMES[q]} flees the duel with a goblin decoy: {where}."))  # type: ignore[index]
        begin_encounter(s, options, ev)  # CD-DUEL-6, CD-INT-11
    else:
        p = s.active
        s.boards[p].cage -= 1
        s.removed["goblin"] = s.removed.get("goblin", 0) + 1
        put_under_pile(s, f"{NAMES[p]} flees the {s.pile_here()[0]} with a goblin decoy (it leaves the game).",
                       options, ev)


def begin_flight_roll(s: ChasseState) -> None:
    """Try a flight roll: the defender in a duel, else the active player; no decoy after it (CD-DUEL-4/5, CD-ENC-3/4)."""
    s.fleeing = s.defender if s.phase == DUEL_FLIGHT else s.active
    s.flight_tried = True
    s.phase = FLEE_ROLL


@cache
def flight_roll_outcomes(n: int, who: str) -> tuple[Action, ...]:
    """CD-DUEL-4, CD-ENC-3: the faces of ``who``'s flight roll on a d``n`` (no explosion; ``n`` succeeds).

    Cached: a shared tuple, never mutated.

    >>> [a.id for a in flight_roll_outcomes(4, "White")][-1], flight_roll_outcomes(4, "White")[-1].label
    ('flee 4', "White's flight roll on a d4 shows 4: away!")
    """
    return tuple(Action(f"flee {f}", f"{who}'s flight roll on a d{n} shows {f}{': away!' if f == n else ''}",
                        CHANCE, "flight_roll", ("dice",), ("CD-DUEL-4", "CD-ENC-3"), pr)
                 for f, pr in dice.throw_outcomes(n))


def flight_roll(s: ChasseState, face: int, options: Mapping[str, Any], ev: list[Event]) -> None:
    """The flight roll shows ``face``: only the maximum succeeds, a failure forces the fight (CD-DUEL-4..6, CD-ENC-3/4/6)."""
    who = s.fleeing
    n = s.boards[who].power()  # type: ignore[index]
    s.last_rolls = {"flight": [face]}
    ok = face == n
    duel = s.defender is not None and s.fight is None and who == s.defender
    ev.append(flight_roll_event(who, face, n))
    s.fleeing = None
    if duel:
        if ok:
            begin_encounter(s, options, ev)  # CD-DUEL-6, CD-INT-11: the turn goes on
        else:
            start_fight(s, "duel")
    elif ok:
        put_under_pile(s, f"The {s.pile_here()[0]} goes under the pile.", options, ev)
    else:
        start_fight(s, "encounter")


@cache
def flight_roll_event(who: int, face: int, n: int) -> Event:
    """Return the log of seat ``who``'s flight roll showing ``face`` on a d``n``: only ``n`` succeeds (CD-DUEL-4, CD-ENC-3).

    Cached: a shared event, never mutated (see :mod:`.game`); 6 seats x 6 dice x their faces at most.
    """
    return Event("flight_roll", f"{NAMES[who]} rolls {face} on a d{n} to flee: "
                 f"{'success' if face == n else 'failure, the fight must happen'}.", data={"face": face, "faces": n})
