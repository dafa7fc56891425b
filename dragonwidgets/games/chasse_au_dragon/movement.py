"""Phase 1, movement: king steps, the first free, each further one paid with a goblin quarter (CD-MOVE-1..7, CD-GOB-1..8).

The active player takes one ``step x,y`` at a time or ``stop``s (also without moving, CD-MOVE-2).
Goblins are the fuel (CD-GOB): a whole goblin gives 4 quarters; the pantry's partly used goblin pays
first, then a cage goblin is moved into the pantry and turned (:func:`pay_quarter`). When no quarter
is left after a step the movement ends by itself (CD-MOVE-6). Then the duel, if an opponent is on the
square (:mod:`.duel`), else the encounter (:mod:`.encounter`); squares passed through do nothing (CD-MOVE-5).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from dragonwidgets.engine import Action, Event

from .encounter import begin_encounter
from .state import CHOOSE_DUEL, QUARTERS, ChasseState, Management, Square
from .tables import NAMES, NEIGHBOURS, SQUARE_ID, SQUARE_OF

# ---------------------------------------------------------------------------- goblin quarters (CD-GOB)

def quarters(board: Management) -> int:
    """Return the quarters available for movement: pantry + 4 per cage goblin (CD-GOB-4, CD-GOB-8).

    >>> quarters(Management(cage=2, pantry=1))
    9
    """
    return board.pantry + QUARTERS * board.cage


def pay_quarter(state: ChasseState, seat: int) -> str:
    """Pay one quarter for a movement step beyond the first; return what happened, for the log.

    CD-GOB-3/5/6/7, CD-INT-8: the pantry goblin pays first; if the pantry is empty a cage goblin is
    moved there and turned (3 left); a goblin whose last quarter is used is removed from the game.
    Raises ``ValueError`` when no quarter is left (the caller offers no such step).
    """
    board = state.boards[seat]
    if board.pantry == 0:
        if board.cage == 0:
            raise ValueError("no goblin quarter left in the pantry or the cage")
        board.cage -= 1
        board.pantry = QUARTERS - 1
        return "a goblin leaves the cage for the pantry (3 quarters left)"
    board.pantry -= 1
    if board.pantry == 0:
        state.removed["goblin"] = state.removed.get("goblin", 0) + 1
        return "the pantry goblin's last quarter is used: it leaves the game"
    return f"the pantry goblin has {board.pantry} quarter{'s' * (board.pantry > 1)} left"


# ---------------------------------------------------------------------------- the choices

def move_actions(s: ChasseState) -> tuple[Action, ...]:
    """Return the active player's movement choices: one free king step, then one quarter per step; or stop.

    CD-MOVE-1..7, CD-GOB-3/8; see :func:`move_menu` and :func:`stop_menu`.
    """
    p = s.active
    if s.steps == 0:
        return move_menu(p, s.positions[p], False)
    if quarters(s.boards[p]):
        return move_menu(p, s.positions[p], True)
    return stop_menu(p, True)


@cache
def move_menu(p: int, here: Square, paid: bool) -> tuple[Action, ...]:
    """Return seat ``p``'s movement choices on ``here``: every king step on the board, then ``stop``.

    CD-MOVE-1..4, CD-GOB-3: ``paid`` (a step was already taken this turn) makes each further step
    cost a goblin quarter; the caller offers :func:`stop_menu` alone when no quarter is left
    (CD-MOVE-6). CD-MOVE-2: stopping (or staying) is always allowed. Cached: a shared tuple.

    >>> [a.id for a in move_menu(0, (0, 0), False)]
    ['step 1,0', 'step 0,1', 'step 1,1', 'stop']
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


# ---------------------------------------------------------------------------- moving

def take_step(s: ChasseState, end: str, options: Mapping[str, Any], ev: list[Event]) -> None:
    """Step onto the square of id ``end``: the first step is free, each further step costs a quarter.

    CD-MOVE-1/3, CD-GOB-3..7. CD-MOVE-6, section 6 ("forced: if a step has been taken and quarters
    = 0, the only option is stop (auto)"): once a step is taken with no quarter left, free or paid,
    the movement ends here.
    """
    p = s.active
    positions = s.positions
    paid = s.steps > 0
    note = pay_quarter(s, p) if paid else "free step"
    start = SQUARE_ID[positions[p]]  # type: ignore[index]
    positions[p] = SQUARE_OF[end]
    s.steps += 1
    ev.append(stepped_event(p, start, end, paid, note))
    if quarters(s.boards[p]) == 0:  # CD-MOVE-6, section 6: only "stop" is left
        ev.append(stopped_event(p, end, True))
        end_movement(s, options, ev)


def stop(s: ChasseState, options: Mapping[str, Any], ev: list[Event]) -> None:
    """End the movement where the adventurer stands (CD-MOVE-2)."""
    ev.append(stopped_event(s.active, SQUARE_ID[s.positions[s.active]], False))  # type: ignore[index]
    end_movement(s, options, ev)


def end_movement(s: ChasseState, options: Mapping[str, Any], ev: list[Event]) -> None:
    """Go on to the duel if an opponent is on the square, else to the encounter (CD-TURN-2/3, CD-MOVE-5)."""
    if s.positions.count(s.positions[s.active]) > 1:  # an opponent is here (the quick form of duel.opponents_here)
        s.phase = CHOOSE_DUEL
    else:
        begin_encounter(s, options, ev)


# ---------------------------------------------------------------------------- the log (shared events)

@cache
def stepped_event(p: int, start: str, end: str, paid: bool, note: str) -> Event:
    """Return the log of seat ``p``'s step from square id ``start`` to ``end``, ``paid`` or free; ``note`` says what it cost.

    Cached: a shared event, never mutated (the frequent events are made once, see :mod:`.game`); at most
    6 seats x 64 squares x 8 steps x 5 notes (:func:`pay_quarter`'s four and "free step").
    """
    return Event("stepped", f"{NAMES[p]} steps from {start} to {end} ({note}).",
                 data={"from": start, "to": end, "paid": paid})


@cache
def stopped_event(p: int, here: str, no_quarter: bool) -> Event:
    """Return the log of seat ``p``'s movement ending on square id ``here``: by itself once ``no_quarter`` is
    left (CD-MOVE-6), else by a ``stop`` (CD-MOVE-2). Cached: a shared event, never mutated."""
    if no_quarter:
        return Event("stopped", f"{NAMES[p]} has no goblin quarter left and stops on {here}.")
    return Event("stopped", f"{NAMES[p]} stops on {here}.")
