"""Lookup tables of the 8x8 forest and of the seats, built once at import for the hot paths.

Nothing here changes during a game, whatever the options or the setup file: the board is always 8x8
(CD-BOARD-1) and the seats always the six colours (component list). The rules read these tables
instead of rebuilding strings and neighbour lists at every step of a game.

>>> SQUARE_ID[3, 4], SQUARE_OF["3,4"], NEIGHBOURS[0, 0], NAMES[3]
('3,4', (3, 4), ((1, 0), (0, 1), (1, 1)), 'Orange')
"""

from __future__ import annotations

from .setup import BOARD_SIZE, on_board
from .state import COLOURS, Square, parse_square, square_id

#: CD-MOVE-1: the 8 king-move directions ``(dx, dy)``, in the order the step actions are listed.
DIRECTIONS: tuple[tuple[int, int], ...] = tuple(
    (dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0))

#: The 64 squares (CD-BOARD-1), row by row.
SQUARES: tuple[Square, ...] = tuple((x, y) for y in range(BOARD_SIZE) for x in range(BOARD_SIZE))

#: A square's id in actions, targets and events: ``(3, 4) -> "3,4"`` (CD-REC-1).
SQUARE_ID: dict[Square, str] = {sq: square_id(sq) for sq in SQUARES}

#: The square of an id: ``"3,4" -> (3, 4)``.
SQUARE_OF: dict[str, Square] = {sid: parse_square(sid) for sid in SQUARE_ID.values()}

#: CD-MOVE-1, CD-MOVE-4: the squares one king step away that are on the board, in ``DIRECTIONS`` order.
NEIGHBOURS: dict[Square, tuple[Square, ...]] = {
    (x, y): tuple((x + dx, y + dy) for dx, dy in DIRECTIONS if on_board(x + dx, y + dy)) for x, y in SQUARES}

#: A seat's display name, its pawns' colour: ``NAMES[0] == "White"``.
NAMES: tuple[str, ...] = tuple(c.title() for c in COLOURS)
