"""Knight movement: start spaces, exact distances, the lair exception (EM-MOVE-*, EM-LAIR-*, EM-P2-2).

Knights of one colour on one space are interchangeable (EM-INT-24), so the state counts knights per
space and colour, and counts separately those that moved this turn (``state.moved`` lists only the
spaces where a knight moved this turn, so a new turn simply empties it).
"""

from __future__ import annotations

from .board import LAIR, NEST, Board
from .state import KNIGHTS_PER_TURN, EmeraldState


def place_knights(board: Board, players: int) -> tuple[list[tuple[str, ...]], dict[str, dict[str, int]]]:
    """Return the seats' colours and the starting knights, space id -> colour -> count.

    EM-SETUP-11/12, EM-P34-1, EM-P5-1/2, EM-P2-1: one knight of each colour in play on every start
    space used; at 2 players seat i plays colours i and i + 2 (black + blue, red + green).
    """
    per_player, _ = board.knights_by_players[players]
    seats = [tuple(board.colours[i + k * players] for k in range(per_player)) for i in range(players)]
    in_play = [c for i in range(per_player) for c in (s[i] for s in seats)]
    knights: dict[str, dict[str, int]] = {s: {} for s in board.start_spaces}
    for s in board.start_spaces_by_players[players]:
        knights[s] = {c: 1 for c in sorted(in_play, key=board.colours.index)}
    for sq in board.path:
        knights[sq] = {}
    knights[LAIR] = {}
    knights[NEST] = {}
    return seats, knights


def knights_on(state: EmeraldState, space: str) -> int:
    """Return the number of knights of every colour on ``space`` (EM-MOVE-1)."""
    return sum(state.knights[space].values())


def destination(board: Board, space: str, count: int) -> str:
    """Return where a knight leaving ``space`` with ``count`` knights there ends its move.

    EM-MOVE-1/2/6: it advances exactly ``count`` squares (a start space is pos 0, so a full tower
    of n knights sends it to Pn); EM-LAIR-2, EM-INT-11: reaching or passing the lair enters it.
    The board holds the answers in a table (``Board.destinations``).

    >>> from dragonwidgets.games.emerald.board import load_board
    >>> destination(load_board(), "T1", 3), destination(load_board(), "M8", 3)
    ('P3', 'LAIR')
    """
    return board.destination(space, count)


def unmoved(state: EmeraldState, space: str, colour: str) -> int:
    """Return the ``colour`` knights on ``space`` that have not moved this turn (EM-TURN-2, EM-INT-24)."""
    gone = state.moved.get(space)
    return state.knights[space].get(colour, 0) - (gone.get(colour, 0) if gone else 0)


def movable_stacks(state: EmeraldState, board: Board, seat: int) -> list[tuple[str, str, int]]:
    """Return one ``(space, colour, knights there)`` per (space, colour) holding a knight ``seat`` may move now.

    EM-MOVE-8: in the castle or on P1..M9, the seat's own colour (at 2 players the turn's colour,
    EM-P2-2), not moved yet this turn (EM-TURN-2). The knight count (all colours, EM-MOVE-1) gives
    the destination, ``board.destination(space, n)``. Empty after the turn's second knight.
    Spaces come in board order, and the seat's colours in their order on each space.
    """
    if state.knights_moved >= KNIGHTS_PER_TURN:
        return []
    colours = state.seat_colours[seat]
    if state.turn_colour is not None:  # EM-P2-2: the colour of the turn's first knight
        colours = (state.turn_colour,) if state.turn_colour in colours else ()
    knights, moved = state.knights, state.moved
    out = []
    if len(colours) == 1:  # one colour to look for (3 to 5 players, or a 2-player turn's second knight)
        c = colours[0]
        for space in board.movable_spaces:
            here = knights[space]
            if c in here and (space not in moved or here[c] > moved[space].get(c, 0)):
                out.append((space, c, sum(here.values())))
        return out
    for space in board.movable_spaces:  # a 2-player turn's first knight: both colours of the seat
        here = knights[space]
        if not here:
            continue
        n = 0
        for c in colours:
            if c in here and (space not in moved or here[c] > moved[space].get(c, 0)):
                n = n or sum(here.values())
                out.append((space, c, n))
    return out


def has_movable_knight(state: EmeraldState, board: Board, seat: int) -> bool:
    """Check if ``seat`` has a knight it could move at the start of its turn (EM-TURN-3, EM-MOVE-8)."""
    knights = state.knights
    for c in state.seat_colours[seat]:
        for space in board.movable_spaces:
            if c in knights[space]:
                return True
    return False


def move_knight(state: EmeraldState, board: Board, space: str, colour: str) -> tuple[str, int]:
    """Move one unmoved ``colour`` knight from ``space``; return (its destination id, the number of
    knights of all colours that were on ``space``, the distance counted by EM-MOVE-1).

    EM-MOVE-1..7, EM-LAIR-1/2; marks it moved (EM-TURN-2) and, at 2 players, fixes the turn's
    colour (EM-P2-2). The caller has checked it is legal.
    """
    here = state.knights[space]
    count = sum(here.values())
    dest = board.destinations[space][count]
    remove_one(here, colour)
    there = state.knights[dest]
    there[colour] = there.get(colour, 0) + 1
    moved = state.moved.setdefault(dest, {})  # EM-TURN-2: it may not move again this turn
    moved[colour] = moved.get(colour, 0) + 1
    state.knights_moved += 1
    if len(state.seat_colours[state.active]) > 1:
        state.turn_colour = colour
    state.destination = dest
    return dest, count


def enter_lair(state: EmeraldState, colour: str) -> int:
    """Put a ``colour`` knight on the next free corridor place; return its index (EM-LAIR-3, EM-INT-23)."""
    i = state.lair_places.index(None)
    state.lair_places[i] = colour
    return i


def remove_knight(state: EmeraldState, space: str, colour: str) -> None:
    """Take one ``colour`` knight off ``space``, a moved one if any (EM-INT-24, see capture.py)."""
    remove_one(state.knights[space], colour)
    gone = state.moved.get(space)
    if gone and gone.get(colour, 0):
        remove_one(gone, colour)
        if not gone:
            del state.moved[space]


def clear_moved(state: EmeraldState) -> None:
    """Forget which knights moved: a new turn starts (EM-TURN-2)."""
    state.moved.clear()


def mark_moved(state: EmeraldState, space: str, colour: str) -> None:
    """Count one more ``colour`` knight on ``space`` as moved this turn (EM-TURN-2)."""
    add_one(state.moved.setdefault(space, {}), colour)


def add_one(counts: dict[str, int], colour: str) -> None:
    """Add one ``colour`` knight to a colour -> count dict."""
    counts[colour] = counts.get(colour, 0) + 1


def remove_one(counts: dict[str, int], colour: str) -> None:
    """Remove one ``colour`` knight from a colour -> count dict (dropping the key at zero)."""
    n = counts[colour] - 1
    if n:
        counts[colour] = n
    else:
        del counts[colour]
