"""Scores and the winner: gold, treasures, gems, bonuses, then the tie-breaks (EM-SCORE-*)."""

from __future__ import annotations

from .board import Board
from .state import EmeraldState, Hand


def score(hand: Hand, board: Board) -> int:
    """Return the points of ``hand``.

    EM-SCORE-1: gold at face value; EM-SCORE-2: 5 per treasure; EM-SCORE-3: 1 per gem;
    EM-SCORE-4: 4 per bonus card; EM-SCORE-5: paid gold and boxed cards score nothing.
    """
    bonus = sum(board.four_gems_points if b == "four_different_gems" else board.majority_points for b in hand.bonus)
    return sum(hand.gold) + board.treasure_points * hand.treasures + hand.gem_count() + bonus


def scores(state: EmeraldState, board: Board) -> dict[int, int]:
    """Return ``{seat: points}`` as the cards lie now (majority bonuses only once awarded, EM-END-4)."""
    return {seat: score(h, board) for seat, h in enumerate(state.hands)}


def rank_key(state: EmeraldState, board: Board, seat: int) -> tuple[int, int, int]:
    """Return the sort key of ``seat``: (score, treasures, gems) (EM-SCORE-6/7)."""
    hand = state.hands[seat]
    return score(hand, board), hand.treasures, hand.gem_count()


def winners(state: EmeraldState, board: Board) -> list[int]:
    """Return the winning seats: highest score, then most treasures, then most gems.

    EM-SCORE-6/7; EM-INT-20: the tie-breaks apply to any number of tied players, and a tie that
    survives both is a shared victory (several seats returned).
    """
    keys = [rank_key(state, board, s) for s in range(state.players)]
    best = max(keys)
    return [s for s, k in enumerate(keys) if k == best]
