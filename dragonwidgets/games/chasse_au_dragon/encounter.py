"""Phase 3, the monster encounter: reveal the top card of the pile here, flee or fight, the outcome (CD-ENC-1..12).

With manual chance the card turned up is picked by hand first (:func:`reveal_outcomes`, :func:`reveal`).

The encounter begins after the movement (no opponent here) or after the duel (:mod:`.duel`). The
player flees for free from a weaker monster (:func:`flee_free`), or by decoy or flight roll
(:mod:`.flight`); otherwise the fight (:mod:`.combat`) ends in :func:`encounter_outcome`. A monster
fled, tied or winning goes under its pile (:func:`put_under_pile`). Then the camp phase (:mod:`.camp`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from dragonwidgets.engine import CHANCE, Action, Event

from .camp import begin_camp_phase
from .end import game_over
from .setup import TYPE_ORDER
from .state import ENCOUNTER, POWER, REVEAL, ChasseState
from .tables import NAMES, SQUARE_ID
from .text import a_or_an, logged
from .zones import add, lose_backpack, lose_cage


def begin_encounter(s: ChasseState, options: Mapping[str, Any], ev: list[Event]) -> None:
    """Meet the pile here, if any: a card is to be turned up (REVEAL); else go on to the camp phase (CD-TURN-3, CD-ENC-1).

    The game then turns the top card up at once (auto chance, :func:`turn_up_top`) or lets a teacher pick
    the card among the pile's (manual chance, :func:`reveal_outcomes`, :func:`reveal`).
    """
    s.defender = None
    s.flight_tried = False
    if s.pile_here():
        s.phase = REVEAL
    else:
        begin_camp_phase(s, options, ev)


def turn_up_top(s: ChasseState, ev: list[Event]) -> None:
    """Turn the top card of the pile here face up for everyone; the player answers it next (CD-ENC-1, CD-BOARD-6)."""
    here = s.positions[s.active]
    s.revealed = True
    s.phase = ENCOUNTER
    ev.append(revealed_event(s.active, SQUARE_ID[here], s.piles[here][0]))  # type: ignore[index]


@cache
def revealed_event(p: int, sid: str, card: str) -> Event:
    """Return the log of seat ``p`` meeting ``card`` on top of the pile of square id ``sid`` (CD-ENC-1).

    Cached: a shared event, never mutated (see :mod:`.game`); 6 seats x 64 squares x 6 card types at most.
    """
    return Event("monster_revealed", f"{NAMES[p]} meets the top monster of {sid}: {a_or_an(card)} (power {POWER[card]}).",
                 data={"square": sid, "card": card})


def reveal_outcomes(s: ChasseState) -> list[Action]:
    """Return the cards the pile here may turn up, one outcome per type, ``prob`` = its share of the pile.

    CD-ENC-1, CD-BOARD-6: the pile is face down, so with manual chance any of its cards may be the one
    turned up, uniformly (``reveal {type}``, ``prob`` = cards of that type / cards in the pile).
    """
    pile = s.pile_here()
    here = SQUARE_ID[s.positions[s.active]]  # type: ignore[index]
    n = len(pile)
    return [Action(f"reveal {t}", f"The top card of {here} is {a_or_an(t)} ({pile.count(t)} of the {n} cards "
                   f"of the pile)", CHANCE, "reveal", (here,), ("CD-ENC-1", "CD-BOARD-6"), pile.count(t) / n)
            for t in TYPE_ORDER if t in pile]


def reveal(s: ChasseState, card: str, ev: list[Event]) -> None:
    """Chance picked ``card`` (manual chance): it comes to the top of the pile here, trading places with the
    card that was there, and is turned up (CD-ENC-1). No card is created or lost.

    Raises ``ValueError`` if the pile holds no such card (the caller offers only the pile's cards).
    """
    pile = s.pile_here()
    i = pile.index(card)
    pile[0], pile[i] = pile[i], pile[0]
    turn_up_top(s, ev)


def encounter_actions(s: ChasseState) -> tuple[Action, ...]:
    """Return the active player's answers to the revealed monster (CD-ENC-2..5, CD-INT-13/14; see :func:`encounter_menu`)."""
    p = s.active
    board = s.boards[p]
    here = s.positions[p]
    return encounter_menu(p, s.piles[here][0], board.power(),  # type: ignore[index]
                          board.cage > 0 and not s.flight_tried, SQUARE_ID[here])  # type: ignore[index]


@cache
def encounter_menu(p: int, card: str, n: int, can_decoy: bool, here: str) -> tuple[Action, ...]:
    """CD-ENC-2..5, CD-INT-13/14: seat ``p`` (die d``n``) meets ``card`` on square ``here``.

    A monster weaker than the equipment can be let go for free; otherwise the seat may leave a cage
    goblin as a decoy (``can_decoy``: a cage goblin and no flight roll tried yet) or try a flight roll;
    fighting is always possible. Cached: a shared tuple, never mutated.

    >>> [a.id for a in encounter_menu(0, "troll", 4, True, "2,2")]
    ['decoy', 'flee roll', 'fight']
    """
    out = []
    if POWER[card] < n:
        out.append(Action("flee free", f"Let the {card} go: it is weaker than your equipment", p, "flee_free",
                          (), ("CD-ENC-5",)))
    else:
        if can_decoy:
            out.append(Action("decoy", f"Flee: leave a goblin from your cage to the {card}", p, "decoy",
                              (f"zone/{p}/cage",), ("CD-ENC-3", "CD-GOB-2", "CD-INT-13")))
        out.append(Action("flee roll", f"Flee by rolling your d{n}: only a {n} succeeds",
                          p, "flee_roll", (), ("CD-ENC-3",)))
    out.append(Action("fight", f"Fight the {card} (your d{n} against its d{POWER[card]})", p,
                      "fight", (here,), ("CD-ENC-2", "CD-ENC-7")))
    return tuple(out)


def flee_free(s: ChasseState, options: Mapping[str, Any], ev: list[Event]) -> None:
    """Let a monster weaker than the equipment go, at no cost: it goes under its pile (CD-ENC-5, CD-ENC-6)."""
    put_under_pile(s, f"{NAMES[s.active]} lets the {s.pile_here()[0]} go (free flight).", options, ev)


def put_under_pile(s: ChasseState, text: str, options: Mapping[str, Any], ev: list[Event]) -> None:
    """Put the revealed card under its pile, log ``text``; the encounter is over (CD-ENC-6/9/10, CD-INT-16)."""
    pile = s.pile_here()
    pile.append(pile.pop(0))
    s.revealed = False
    ev.append(logged("card_under", text))
    begin_camp_phase(s, options, ev)


def encounter_outcome(s: ChasseState, a: int, b: int, options: Mapping[str, Any], ev: list[Event]) -> None:
    """Settle the fight, the player's total ``a`` against the monster's ``b`` (CD-ENC-8..12, CD-END-1).

    A win takes the card (a goblin into the cage, any other into the backpack; a dragon ends the
    game); a loss empties the backpack and/or the cage out of the game; a tie costs nothing.
    """
    p = s.active
    pile = s.pile_here()
    card = pile[0]
    who = NAMES[p]
    if a > b:  # CD-ENC-8
        s.fights_won[p] += 1
        pile.pop(0)
        s.revealed = False
        if card == "goblin":
            s.boards[p].cage += 1
            ev.append(logged("monster_beaten", f"{who} captures the goblin: it goes into the cage."))
        else:
            add(s.boards[p].backpack, card)
            ev.append(logged("monster_beaten", f"{who} defeats the {card}: {POWER[card]} wealth into the backpack."))
        if card == "dragon":  # CD-ENC-12, CD-END-1, CD-INT-18
            s.dragon_slayer = p
            s.end_reason = f"{who} slew a dragon"
            game_over(s, options["base_equipment_score"], ev)
            return
        begin_camp_phase(s, options, ev)
        return
    if a == b:  # CD-ENC-10
        put_under_pile(s, f"A tie: the {card} goes under the pile; {who} loses nothing.", options, ev)
        return
    s.fights_lost[p] += 1  # CD-ENC-9
    lost = []
    if card in ("goblin", "dragon"):
        lose_cage(s, p)
        lost.append("cage")
    if card != "goblin":
        lose_backpack(s, p)
        lost.append("backpack")
    put_under_pile(s, f"The {card} wins: {who}'s {' and '.join(sorted(lost))} "
                   f"{'are' if len(lost) > 1 else 'is'} emptied out of the game; the {card} goes under the pile.",
                   options, ev)
