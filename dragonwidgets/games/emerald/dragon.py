"""Mother dragon and her flight track: trigger, flight, track advance (EM-DRAGON-*, EM-TRACK-*).

``turn.py`` calls them in order: a knight's move may wake the dragon (``triggers_dragon``), the
``dragon_roll`` chance node flies it (``move_dragon``), and once its capture is resolved the track
advances (``advance_flight_track``).

The dragon is a mountain ``pos`` ``d`` and a facing ``f`` (+1 toward the lair, -1 toward the plain);
the flight track at position ``s`` lies beside the 4 squares ``board.track_positions[s]``.
"""

from __future__ import annotations

from dragonwidgets.engine import Event

from . import events
from .board import Board
from .state import TOWARD_LAIR, TOWARD_PLAIN, EmeraldState, Rules


def is_dragon_on_track(state: EmeraldState, board: Board) -> bool:
    """Check if the dragon stands beside its track (EM-DRAGON-1; EM-TRACK-4: it may be left one behind)."""
    return state.dragon_pos in board.track_positions[state.track]


def triggers_dragon(state: EmeraldState, board: Board, square: str) -> bool:
    """Check if a knight ending its move on ``square`` makes the active player move the dragon.

    EM-DRAGON-2: a mountain square beside the flight track (the 4 squares of its position, EM-INT-7),
    or the dragon's square; EM-DRAGON-3, EM-LAIR-5, EM-INT-12: nothing else (never the lair, never a
    plain square).
    """
    pos = board.mountain_pos.get(square)
    if pos is None:
        return False
    return pos == state.dragon_pos or pos in board.track_positions[state.track]


def fly(track: tuple[int, ...], d: int, f: int, roll: int) -> tuple[int, int, list[int]]:
    """Fly the dragon ``roll`` squares; return (square, facing, squares entered in order).

    EM-DRAGON-7 (normative), implementing EM-DRAGON-4/5/6, EM-TRACK-4 and EM-INT-15: an off-track
    dragon first turns toward the lair; it turns around, free, as soon as it reaches an end square.

    >>> fly((7, 8, 9, 10), 10, -1, 3)   # the first move from M4 with a 3 (EM-EX-16): M3, M2, M1, turns
    (7, 1, [9, 8, 7])
    >>> fly((8, 9, 10, 11), 7, 1, 2)    # off the track beside M1: back onto it
    (9, 1, [8, 9])
    """
    if d not in track:
        f = TOWARD_LAIR
    elif d + f not in track:
        f = -f
    path = []
    for _ in range(roll):
        d += f
        path.append(d)
        if d + f not in track:
            f = -f
    return d, f, path


def move_dragon(state: EmeraldState, rules: Rules, roll: int, ev: list[Event]) -> str:
    """Fly the dragon ``roll`` squares along its track (EM-DRAGON-4..7, see :func:`fly`); report the
    flight in ``ev`` and return the square where it stops, where it captures (EM-CAPTURE-1)."""
    board = rules.board
    state.last_roll = roll
    d, f, path = flight(board, state.track, state.dragon_pos, state.dragon_facing, roll)
    state.dragon_pos, state.dragon_facing = d, f
    state.dragon_moves += 1
    square = board.square_at(d)
    facing = "the lair" if f == TOWARD_LAIR else "the plain"
    ev.append(events.dragon_moved(roll, path, square, facing))
    return square


def flight(board: Board, track: int, d: int, f: int, roll: int) -> tuple[int, int, tuple[str, ...]]:
    """Return :func:`fly` from ``d`` facing ``f`` along the flight track at position ``track``, with the
    squares entered as ids, e.g. ``(7, 1, ("M3", "M2", "M1"))``. It depends on the board's fixed
    geometry only, so each answer is kept on the board (``board.flights``) and given again."""
    key = (track, d, f, roll)
    found = board.flights.get(key)
    if found is None:
        d, f, path = fly(board.track_positions[track], d, f, roll)
        found = board.flights[key] = (d, f, tuple(map(board.square_at, path)))
    return found


def advance_flight_track(state: EmeraldState, board: Board, *, carries_dragon: bool = False) -> bool:
    """Slide the flight track one square toward the lair after a dragon move; return whether it moved.

    EM-TRACK-1: after every dragon move, capture resolved; EM-TRACK-2: fixed at the final position.
    EM-TRACK-3, EM-INT-16: the dragon stays beside its square (``carries_dragon=True`` moves it with
    the track instead); a dragon left on the new plain-end square facing the plain turns to face the
    lair (EM-INT-15). EM-TRACK-4/5: a dragon on the old plain end is now one square off the track.
    """
    if state.track >= board.track_final:
        return False
    state.track += 1
    track = board.track_positions[state.track]
    if carries_dragon:
        state.dragon_pos += 1
    elif state.dragon_pos == track[0] and state.dragon_facing == TOWARD_PLAIN:
        state.dragon_facing = TOWARD_LAIR
    return True
