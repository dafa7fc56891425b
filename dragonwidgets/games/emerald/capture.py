"""The dragon's capture: choosing the victim, soothing the dragon with gold, or losing the knight.

EM-CAPTURE-*, EM-SOOTHE-*. Knights of one colour on one square are interchangeable (EM-INT-24), so
a victim is a colour. When knights of that colour there have and have not moved this turn, the
captured one is taken to be one that has moved: only the active player's knights carry that mark,
that player chooses the victim, and the choice is weakly best for them (the unmoved one may still
be the turn's second knight).
"""

from __future__ import annotations

from .board import NEST, Board
from .movement import add_one, mark_moved, remove_knight
from .state import EmeraldState, Pending


def victim_colours(state: EmeraldState, board: Board, square: str) -> list[str]:
    """Return the colours with a knight on ``square``, in board order (EM-CAPTURE-2..5, EM-P2-5)."""
    here = state.knights[square]
    return [c for c in board.colours if c in here]


def capture_knight(state: EmeraldState, square: str, colour: str) -> Pending:
    """Mark a ``colour`` knight on ``square`` as captured; its owner now decides (EM-CAPTURE-3..6).

    Counts the capture in ``state.captured`` (a measure, whether the knight is then kept or lost).
    """
    owner = state.owner(colour)
    state.pending = Pending(square, colour, owner)
    if state.captured:
        state.captured[owner] += 1
    return state.pending


def soothe_dragon(state: EmeraldState, value: int, *, knight_may_move: bool = True) -> None:
    """The captured knight's owner gives the dragon one gold card of ``value``; the knight stays.

    EM-SOOTHE-1/2: exactly one gold card, chosen by the owner, removed from the game;
    EM-SOOTHE-3, EM-INT-17: the knight stays and moves normally; with ``knight_may_move=False`` an
    unmoved knight of the active player soothed now may not move again this turn.
    Raises ``ValueError`` if the owner holds no gold card of that value.
    """
    pending = state.pending
    assert pending is not None and pending.victim_owner is not None
    hand = state.hands[pending.victim_owner]
    hand.gold.remove(value)
    hand.paid.append(value)
    colour, square = pending.victim_colour, pending.square
    if not knight_may_move and pending.victim_owner == state.active and not state.moved.get(square, {}).get(colour):
        mark_moved(state, square, colour)


def lose_knight(state: EmeraldState) -> None:
    """The captured knight goes to the nest, out of the game (EM-CAPTURE-6/7)."""
    pending = state.pending
    assert pending is not None and pending.victim_colour is not None
    remove_knight(state, pending.square, pending.victim_colour)
    add_one(state.knights[NEST], pending.victim_colour)
