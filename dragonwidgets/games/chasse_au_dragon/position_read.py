"""Reading a position's JSON values (:mod:`.position`): each reader checks one value's type and range and
raises :class:`PositionError` naming the field, e.g. ``field 'boards.white.cage': ...``.

>>> seat_of("blue", "active", 2), square_of("3,4", "adventurers.white")
(1, (3, 4))
>>> seat_of("red", "active", 2)
Traceback (most recent call last):
...
dragonwidgets.engine.errors.PositionError: field 'active': 'red' is not a seat of this 2-player game (seats: white, blue)
"""

from __future__ import annotations

import re
from typing import Any, NoReturn

from dragonwidgets.engine import PositionError

from .setup import TYPE_ORDER
from .state import COLOURS, Square

_SQUARE = re.compile(r"[0-7],[0-7]")


def fail(field: str, message: str) -> NoReturn:
    """Raise :class:`PositionError` for ``field``: ``field 'boards.white': message``."""
    raise PositionError(f"field '{field}': {message}")


def fields_of(value: Any, field: str, known: tuple[str, ...]) -> dict[str, Any]:
    """Return ``value``, a JSON object whose keys are all among ``known`` (raises ``PositionError``)."""
    if not isinstance(value, dict):
        fail(field, f"must be an object with some of the keys {', '.join(known)}, got {value!r:.60}")
    for key in value:
        if key not in known:
            fail(f"{field}.{key:.40}" if field else f"{key:.40}", f"not a field of a La Chasse au Dragon position here "
                 f"(known: {', '.join(known)})")
    return value


def integer(value: Any, field: str, low: int = 0, high: int | None = None, rule: str = "") -> int:
    """Return ``value``, an int in ``low..high`` (``high`` None: no upper bound)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        span = f"{low}..{high}" if high is not None else f">= {low}"
        fail(field, f"must be an int {span}{f' ({rule})' if rule else ''}, got {value!r:.40}")
    return value


def flag(value: Any, field: str) -> bool:
    """Return ``value``, a JSON ``true`` or ``false``."""
    if not isinstance(value, bool):
        fail(field, f"must be true or false, got {value!r:.40}")
    return value


def seat_of(value: Any, field: str, players: int, allow_none: bool = False) -> int | None:
    """Return the seat of a colour name (``"white"`` is seat 0, then blue, black, orange, red, green)."""
    if value is None and allow_none:
        return None
    names = COLOURS[:players]
    if value not in names:
        fail(field, f"{value!r:.40} is not a seat of this {players}-player game (seats: {', '.join(names)})")
    return names.index(value)


def seats_object(value: Any, field: str, players: int) -> dict[int, Any]:
    """Return ``{seat: value}`` from a JSON object keyed by colour, e.g. ``{"white": "3,3"}``."""
    if not isinstance(value, dict):
        fail(field, f"must be an object keyed by colour ({', '.join(COLOURS[:players])}), got {value!r:.60}")
    return {seat_of(key, f"{field}.{key:.40}", players): v for key, v in value.items()}  # type: ignore[misc]


def square_of(value: Any, field: str, allow_none: bool = False) -> Square | None:
    """Return the square of an id ``"x,y"`` with ``0 <= x, y <= 7`` (CD-BOARD-1, CD-REC-1)."""
    if value is None and allow_none:
        return None
    if not isinstance(value, str) or not _SQUARE.fullmatch(value):
        fail(field, f"a square is \"x,y\" with 0 <= x, y <= 7 (CD-BOARD-1, CD-REC-1), got {value!r:.40}")
    return int(value[0]), int(value[2])


def cards_of(value: Any, field: str, allowed: tuple[str, ...], rule: str) -> list[str]:
    """Return ``value``, a list of card types among ``allowed`` (``rule`` says why only those)."""
    if not isinstance(value, list):
        fail(field, f"must be a list of card types, got {value!r:.60}")
    for i, card in enumerate(value):
        if card not in TYPE_ORDER:
            fail(f"{field}[{i}]", f"{card!r:.40} is not a card type (card types: {', '.join(TYPE_ORDER)}, CD-MON-1)")
        if card not in allowed:
            fail(f"{field}[{i}]", f"{card!r} cannot be here: this place holds {', '.join(allowed)} ({rule})")
    return value


def throws_of(value: Any, field: str) -> list[int]:
    """Return ``value``, a list of die faces (ints 1..20, the largest die being the dragon's d20, CD-MON-2)."""
    if not isinstance(value, list):
        fail(field, f"must be a list of die faces, got {value!r:.60}")
    return [integer(f, f"{field}[{i}]", 1, 20, "faces of a die, d20 at most: CD-MON-2") for i, f in enumerate(value)]
