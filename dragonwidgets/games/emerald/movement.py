"""Knight movement, the ``select_knight`` decision: exact distances, the lair (EM-MOVE-*, EM-LAIR-*, EM-P2-2).

Knights of one colour on one space are interchangeable (EM-INT-24), so the state counts knights per
space and colour, and counts separately those that moved this turn (``state.moved`` lists only the
spaces where a knight moved this turn, so a new turn simply empties it).
"""

from __future__ import annotations

from dragonwidgets.engine import Action, Event

from . import events
from .actions import end_turn_action, move_action
from .board import Board
from .state import KNIGHTS_PER_TURN, EmeraldState, Rules


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


def knight_actions(state: EmeraldState, board: Board) -> list[Action]:
    """Return the active player's ``select_knight`` actions: one ``move {space} {colour}`` per (space,
    colour) holding a knight the seat may move now, then ``end turn`` after the turn's first knight
    (EM-TURN-2/3: never before it).

    EM-MOVE-8: a knight in the castle or on P1..M9, of the seat's own colour (at 2 players the turn's
    colour, EM-P2-2), not moved yet this turn (EM-TURN-2); none after the turn's second knight. The
    knight count there (all colours, EM-MOVE-1) gives the destination, ``board.destinations[space][n]``
    (EM-MOVE-2/6, EM-LAIR-2). Spaces come in board order, and the seat's colours in their order on
    each space.
    """
    seat = state.active
    if state.knights_moved >= KNIGHTS_PER_TURN:
        return []
    colours = state.seat_colours[seat]
    if state.turn_colour is not None:  # EM-P2-2: the colour of the turn's first knight
        colours = (state.turn_colour,) if state.turn_colour in colours else ()
    knights, moved = state.knights, state.moved
    two, dests = state.players == 2, board.destinations
    out = []
    if len(colours) == 1:  # one colour to look for (3 to 5 players, or a 2-player turn's second knight)
        c = colours[0]
        for space in board.movable_spaces:
            here = knights[space]
            if c in here and (space not in moved or here[c] > moved[space].get(c, 0)):
                n = sum(here.values())
                out.append(move_action(space, c, n, dests[space][n], seat, two))
    else:  # a 2-player turn's first knight: both colours of the seat
        for space in board.movable_spaces:
            here = knights[space]
            if not here:
                continue
            n = 0  # the knights on ``space``, counted once a colour of the seat is found there
            for c in colours:
                if c in here and (space not in moved or here[c] > moved[space].get(c, 0)):
                    n = n or sum(here.values())
                    out.append(move_action(space, c, n, dests[space][n], seat, two))
    if state.knights_moved == 1:
        out.append(end_turn_action(seat))
    return out


def has_movable_knight(state: EmeraldState, board: Board, seat: int) -> bool:
    """Check if ``seat`` has a knight it could move at the start of its turn (EM-TURN-3, EM-MOVE-8)."""
    knights = state.knights
    for c in state.seat_colours[seat]:
        for space in board.movable_spaces:
            if c in knights[space]:
                return True
    return False


def move_knight(state: EmeraldState, rules: Rules, space: str, colour: str, ev: list[Event]) -> str:
    """Move one unmoved ``colour`` knight of the active player from ``space``, report it in ``ev`` and
    return its destination id.

    EM-MOVE-1..7, EM-LAIR-1/2: it goes as many squares as there are knights of all colours on
    ``space``, or into the lair; it is marked moved (EM-TURN-2) and, at 2 players, fixes the turn's
    colour (EM-P2-2). The caller has checked it is legal.
    """
    here = state.knights[space]
    count = sum(here.values())
    dest = rules.board.destinations[space][count]
    remove_one(here, colour)
    there = state.knights[dest]
    there[colour] = there.get(colour, 0) + 1
    moved = state.moved.setdefault(dest, {})  # EM-TURN-2: it may not move again this turn
    moved[colour] = moved.get(colour, 0) + 1
    state.knights_moved += 1
    if len(state.seat_colours[state.active]) > 1:
        state.turn_colour = colour
    state.destination = dest
    ev.append(events.knight_moved(rules.names[state.active], colour, space, count, dest))
    return dest


def enter_lair(state: EmeraldState, rules: Rules, colour: str, ev: list[Event]) -> None:
    """The ``colour`` knight that reached the lair takes the next free corridor place (EM-LAIR-3,
    EM-INT-23) and its owner a treasure card (EM-LAIR-4); reported in ``ev``.

    No gold or gem card, no dragon (EM-LAIR-5); the turn then ends (EM-TURN-5, see ``turn.py``).
    """
    place = state.lair_places.index(None)
    state.lair_places[place] = colour
    state.treasures_left -= 1
    state.hands[state.active].treasures += 1
    ev.append(events.treasure_taken(rules.names[state.active], colour, place, state.treasures_left))


def remove_knight(state: EmeraldState, space: str, colour: str) -> None:
    """Take one ``colour`` knight off ``space``, a moved one if any (EM-INT-24, see capture.py)."""
    remove_one(state.knights[space], colour)
    gone = state.moved.get(space)
    if gone and gone.get(colour, 0):
        remove_one(gone, colour)
        if not gone:
            del state.moved[space]


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
