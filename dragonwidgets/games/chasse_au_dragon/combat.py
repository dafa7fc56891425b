"""The fight ("COMBAT"): each side throws its exploding combat die, the higher total wins (CD-COMBAT-1..4).

A fight starts in a duel (:mod:`.duel`: the active player against the defender) or an encounter
(:mod:`.encounter`: against the monster, whose die the left neighbour rolls). Each throw is one chance
node, ``throw {face}``: side 0 (the active player) throws until a face is not its die's maximum, then
side 1 does the same (CD-COMBAT-1). :func:`throw` returns the totals once both have thrown; the game
then settles the duel or the encounter. The probabilities of a whole fight are in :mod:`.dice`.
"""

from __future__ import annotations

from functools import cache

from dragonwidgets.engine import CHANCE, Action, Event

from . import dice
from .state import COMBAT, POWER, ChasseState, Fight
from .tables import NAMES


def start_fight(s: ChasseState, kind: str) -> None:
    """Start a fight of ``kind`` ``"duel"`` or ``"encounter"``: each side's die (CD-COMBAT-1..3, CD-DUEL-7, CD-ENC-7).

    A player's die is their equipment power (d4 with base equipment); a monster's die is its power (CD-MON-2).
    """
    mine = s.boards[s.active].power()
    other = s.boards[s.defender].power() if kind == "duel" else POWER[s.pile_here()[0]]  # type: ignore[index]
    s.fight = Fight(kind, (mine, other))
    s.phase = COMBAT


def fighter_name(s: ChasseState, side: int) -> str:
    """Return who throws for ``side`` of the fight under way: "White", or "the troll (rolled by Blue)" (CD-COMBAT-4)."""
    bout = s.fight
    assert bout is not None
    if side == 0:
        return NAMES[s.active]
    if bout.kind == "duel":
        return NAMES[s.defender]  # type: ignore[index]
    return monster_thrower(s.pile_here()[0], (s.active + 1) % s.players)  # CD-COMBAT-4: the left neighbour rolls


@cache
def monster_thrower(card: str, roller: int) -> str:
    """Return who throws for a monster: "the troll (rolled by Blue)", ``roller`` being the seat that rolls (CD-COMBAT-4).

    Cached: every throw of a monster asks for it (the throw menus are cached by it), 6 card types x 6 seats.
    """
    return f"the {card} (rolled by {NAMES[roller]})"


@cache
def throw_outcomes(n: int, who: str) -> tuple[Action, ...]:
    """CD-COMBAT-1: the faces of one throw of ``who``'s d``n`` in a fight (the maximum explodes).

    Cached: a shared tuple, never mutated (the engine only reads its chance outcomes).

    >>> [a.id for a in throw_outcomes(4, "White")]
    ['throw 1', 'throw 2', 'throw 3', 'throw 4']
    """
    return tuple(Action(f"throw {f}", f"{who[0].upper()}{who[1:]}'s d{n} shows {f}{': it explodes, throw again' if f == n else ''}",
                        CHANCE, "throw", ("dice",), ("CD-COMBAT-1",), pr)
                 for f, pr in dice.throw_outcomes(n))


def throw(s: ChasseState, face: int, ev: list[Event]) -> tuple[str, int, int] | None:
    """Record one throw of the side throwing now; a maximum explodes: that side throws again (CD-COMBAT-1).

    Returns ``None`` while the fight goes on; once both sides have thrown, logs the fight, ends it
    and returns ``(kind, a, b)``: the fight's kind and the two totals, the active player's first
    (CD-COMBAT-2: the higher wins, equal totals tie).
    """
    bout = s.fight
    assert bout is not None
    bout.throws[bout.side].append(face)
    if face == bout.faces[bout.side]:
        return None  # it explodes: the same side throws again
    if bout.side == 0:
        bout.side = 1
        return None
    mine, theirs = bout.throws
    a, b = sum(mine), sum(theirs)
    s.last_rolls = {"attacker": list(mine), "defender": list(theirs)}
    rolls = f"{NAMES[s.active]} {'+'.join(map(str, mine))} = {a}, {fighter_name(s, 1)} {'+'.join(map(str, theirs))} = {b}"
    s.fight = None  # its throws' lists now belong to the log alone
    ev.append(Event("fight", f"Fight: {rolls}.", data={"throws": [mine, theirs], "totals": [a, b],
                                                        "faces": list(bout.faces)}))
    return bout.kind, a, b
