"""When the game ends: the last treasure, or a player down to one knight in play (EM-END-*); then the
majority bonuses and the scores (EM-END-4).
"""

from __future__ import annotations

from typing import Sequence

from dragonwidgets.engine import Event

from . import events
from .board import LAIR, NEST
from .bonus import award_majority_bonuses
from .scoring import scores, winners
from .state import IN_PLAY_TO_CONTINUE, OVER, EmeraldState, Rules


def knights_in_play_by_seat(state: EmeraldState, *, lair_knights_in_play: bool = True) -> list[int]:
    """Return, for every seat, how many of its knights are in play, over all its colours (EM-END-2, EM-P2-4).

    EM-INT-13: every knight not in the nest (the castle, P1..M9 and the lair); ``lair_knights_in_play=False``
    leaves out the lair (only knights that can still move).
    """
    counts = [0] * state.players
    owner = state.colour_owner
    for space, here in state.knights.items():
        if space == NEST or (space == LAIR and not lair_knights_in_play):
            continue
        for colour, n in here.items():
            if colour in owner:  # (a test position may hold colours nobody plays)
                counts[owner[colour]] += n
    return counts


def knights_in_play(state: EmeraldState, seat: int, *, lair_knights_in_play: bool = True) -> int:
    """Return how many of ``seat``'s knights are in play (see :func:`knights_in_play_by_seat`)."""
    return knights_in_play_by_seat(state, lair_knights_in_play=lair_knights_in_play)[seat]


def end_reason(state: EmeraldState, names: Sequence[str], *, lair_knights_in_play: bool = True) -> str | None:
    """Return why the game ends now, or ``None`` if it goes on (EM-END-1, EM-END-2, EM-INT-14).

    ``names`` are the seats' display names, used in the reason.
    """
    if state.treasures_left == 0:
        return "the last treasure card was taken from the lair (EM-END-1)"
    for seat, n in enumerate(knights_in_play_by_seat(state, lair_knights_in_play=lair_knights_in_play)):
        if n < IN_PLAY_TO_CONTINUE:
            left = "no knight" if n == 0 else "only one knight"
            return f"{names[seat]} has {left} left in play (EM-END-2)"
    return None


def check_end(state: EmeraldState, rules: Rules, ev: list[Event]) -> bool:
    """End the game at once if an end condition holds (EM-END-1/2/3, EM-TURN-9, EM-INT-13/14); return
    whether it ended."""
    reason = end_reason(state, rules.names, lair_knights_in_play=rules.lair_knights_in_play)
    if reason:
        finish(state, rules, reason, ev)
    return reason is not None


def finish(state: EmeraldState, rules: Rules, reason: str, ev: list[Event]) -> None:
    """Stop the game for ``reason``: award the majority bonuses, report them and the scores (EM-END-3/4)."""
    board, names = rules.board, rules.names
    state.phase, state.end_reason, state.pending = OVER, reason, None
    for gem, seat in award_majority_bonuses(state, board).items():
        ev.append(events.majority_bonus(board.gem_names[gem], gem, None if seat is None else names[seat], seat))
    ev.append(events.game_over(reason, scores(state, board), winners(state, board), names))
