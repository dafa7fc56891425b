"""Bonus cards: "4 pierres différentes" during play, gem majorities at the end (EM-BONUS-*)."""

from __future__ import annotations

from .board import Board
from .state import FOUR_GEMS, EmeraldState


def has_four_different_gems(state: EmeraldState, board: Board, seat: int) -> bool:
    """Check if ``seat`` owns at least one gem card of every type (EM-BONUS-1)."""
    return all(map(state.hands[seat].gems.get, board.gem_types))  # a type held is a count >= 1


def claim_four_different_gems(state: EmeraldState, board: Board, seat: int) -> bool:
    """Give ``seat`` the "4 pierres différentes" bonus if it is the first to own all four types.

    Returns whether it was taken now. EM-BONUS-1: checked as soon as a gem is taken; EM-BONUS-2:
    once taken it never moves again, whoever completes the four types later.
    """
    if state.four_gems_holder is not None or not has_four_different_gems(state, board, seat):
        return False
    state.four_gems_holder = seat
    state.hands[seat].bonus.append(FOUR_GEMS)
    return True


def majority_holder(counts: list[int]) -> int | None:
    """Return the seat with strictly the most cards of one type, ``None`` on a tie or when nobody has one.

    EM-BONUS-3/4, EM-INT-19.

    >>> majority_holder([2, 2, 1]), majority_holder([2, 0, 0]), majority_holder([0, 0, 0])
    (None, 0, None)
    """
    best = max(counts)
    if best == 0 or counts.count(best) > 1:
        return None
    return counts.index(best)


def award_majority_bonuses(state: EmeraldState, board: Board) -> dict[str, int | None]:
    """Award each gem type's majority bonus at the end of the game; return gem -> seat or ``None``.

    EM-END-4, EM-BONUS-3/4/5: a strict majority takes the card, a tie sends it back to the box.
    """
    for gem in board.gem_types:
        holder = majority_holder([h.gems.get(gem, 0) for h in state.hands])
        state.majority[gem] = holder
        if holder is not None:
            state.hands[holder].bonus.append(f"majority_{gem}")
    return state.majority
