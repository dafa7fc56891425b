"""Goblins as fuel: quarters for movement, the pantry first (CD-GOB-1..8)."""

from __future__ import annotations

from .state import QUARTERS, ChasseState, Management


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
