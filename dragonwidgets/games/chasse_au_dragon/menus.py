"""The legal actions of the frequent decisions, built once per distinct situation and then reused.

An :class:`~dragonwidgets.engine.Action` is frozen, and the ids, labels and targets of these menus
depend only on a few small values (the seat, its square, a die, a card), never on the rest of the
state. So each menu is a function of those values, cached with :func:`functools.cache`: a random game
asks for the same few hundred menus thousands of times. Each function returns a tuple (shared, never
mutated) that ``ChasseGame`` hands to the engine as it is: the engine only reads its legal actions
and gives callers of ``legal_actions()`` a fresh list. A step is cached on its own
(:func:`step_action`), so the move menus of neighbouring squares share their steps. The domain of
every cache is small and bounded (6 seats x 64 squares x a few flags, 6 dice, 6 card types), so
nothing grows during long runs. The camp's menu depends on the zones' contents and is built in ``game.py``.

>>> [a.id for a in move_menu(0, (0, 0), False)]
['step 1,0', 'step 0,1', 'step 1,1', 'stop']
>>> [a.id for a in encounter_menu(0, "troll", 4, True, "2,2")]
['decoy', 'flee roll', 'fight']
"""

from __future__ import annotations

from functools import cache

from dragonwidgets.engine import CHANCE, Action

from . import dice
from .state import POWER, Square
from .tables import NAMES, NEIGHBOURS, SQUARE_ID


@cache
def a_or_an(word: str) -> str:
    """Return ``word`` with its indefinite article: "an orc", "a troll"."""
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


@cache
def move_menu(p: int, here: Square, paid: bool) -> tuple[Action, ...]:
    """Return seat ``p``'s movement choices on ``here``: every king step on the board, then ``stop``.

    CD-MOVE-1..4, CD-GOB-3: ``paid`` (a step was already taken this turn) makes each further step
    cost a goblin quarter; the caller offers :func:`stop_menu` alone when no quarter is left
    (CD-MOVE-6). CD-MOVE-2: stopping (or staying) is always allowed.
    """
    return tuple(step_action(p, to, paid) for to in NEIGHBOURS[here]) + stop_menu(p, paid)


@cache
def step_action(p: int, to: Square, paid: bool) -> Action:
    """Return seat ``p``'s step onto ``to`` (CD-MOVE-1; CD-MOVE-3, CD-GOB-3 when ``paid``).

    It does not depend on the square stepped from, so the move menus of neighbouring squares share it.
    """
    sid = SQUARE_ID[to]
    if paid:
        return Action(f"step {sid}", f"Step to {sid} for a goblin quarter", p, "step", (sid,), ("CD-MOVE-3", "CD-GOB-3"))
    return Action(f"step {sid}", f"Step to {sid} (free)", p, "step", (sid,), ("CD-MOVE-1",))


@cache
def stop_menu(p: int, paid: bool) -> tuple[Action, ...]:
    """Return the ``stop`` choice alone (CD-MOVE-2, CD-MOVE-6: no quarter left after a step)."""
    return (Action("stop", "Stop here" if paid else "Stay on this square", p, "stop", (), ("CD-MOVE-2",)),)


@cache
def duel_menu(p: int, opponents: tuple[int, ...]) -> tuple[Action, ...]:
    """CD-DUEL-1: seat ``p`` may duel one of ``opponents`` (on its square), or none."""
    duels = tuple(Action(f"duel {q}", f"Duel {NAMES[q]}", p, "duel", (f"adv/{q}",), ("CD-DUEL-1",)) for q in opponents)
    return duels + (Action("no duel", "Do not duel", p, "no_duel", (), ("CD-DUEL-1",)),)


@cache
def duel_flight_menu(q: int, attacker: int, has_cage: bool, n: int) -> tuple[Action, ...]:
    """CD-DUEL-2..5: the defender ``q`` (combat die d``n``) flees by decoy (a cage goblin) or by a flight roll, or fights."""
    out = []
    if has_cage:
        out.append(Action("decoy", f"Flee: give {NAMES[attacker]} a goblin from your cage", q,
                          "decoy", (f"zone/{q}/cage",), ("CD-DUEL-3", "CD-GOB-2")))
    out.append(Action("flee roll", f"Flee by rolling your d{n}: only a {n} succeeds", q, "flee_roll",
                      (), ("CD-DUEL-4",)))
    out.append(Action("no flight", "Fight the duel", q, "no_flight", (), ("CD-DUEL-2",)))
    return tuple(out)


@cache
def encounter_menu(p: int, card: str, n: int, can_decoy: bool, here: str) -> tuple[Action, ...]:
    """CD-ENC-2..5, CD-INT-13/14: seat ``p`` (die d``n``) meets ``card`` on square ``here``.

    A monster weaker than the equipment can be let go for free; otherwise the seat may leave a cage
    goblin as a decoy (``can_decoy``: a cage goblin and no flight roll tried yet) or try a flight roll;
    fighting is always possible.
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


@cache
def raid_outcomes() -> tuple[Action, ...]:
    """CD-RAID-2/3: the 21 unordered results of the raid's 2d6, with their probabilities (1/36 or 2/36)."""
    out = []
    for a in range(1, 7):
        for b in range(a, 7):
            squares = f"({a};{b})" if a == b else f"({a};{b}) and ({b};{a})"
            out.append(Action(f"raid {a} {b}", f"The raid dice show {a} and {b}: the dragon raids {squares}",
                              CHANCE, "raid", (f"{a},{b}", f"{b},{a}"), ("CD-RAID-2", "CD-RAID-3"),
                              (1 if a == b else 2) / 36))
    return tuple(out)


@cache
def flight_roll_outcomes(n: int, who: str) -> tuple[Action, ...]:
    """CD-DUEL-4, CD-ENC-3: the faces of ``who``'s flight roll on a d``n`` (no explosion; ``n`` succeeds)."""
    return tuple(Action(f"flee {f}", f"{who}'s flight roll on a d{n} shows {f}{': away!' if f == n else ''}",
                        CHANCE, "flight_roll", ("dice",), ("CD-DUEL-4", "CD-ENC-3"), pr)
                 for f, pr in dice.throw_outcomes(n))


@cache
def throw_outcomes(n: int, who: str) -> tuple[Action, ...]:
    """CD-COMBAT-1: the faces of one throw of ``who``'s d``n`` in a fight (the maximum explodes)."""
    return tuple(Action(f"throw {f}", f"{who[0].upper()}{who[1:]}'s d{n} shows {f}{': it explodes, throw again' if f == n else ''}",
                        CHANCE, "throw", ("dice",), ("CD-COMBAT-1",), pr)
                 for f, pr in dice.throw_outcomes(n))
