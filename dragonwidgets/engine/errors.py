"""The errors the engine raises. Every one says what was wrong and what would have been right."""

from __future__ import annotations

from typing import Any


class DragonwidgetsError(Exception):
    """Base class of every error dragonwidgets raises on purpose."""


class IllegalActionError(DragonwidgetsError, ValueError):
    """An action that is not legal in the current state was applied.

    The game is left exactly as it was. ``action_id`` is what was asked for, ``reason`` why it was
    refused, and ``legal`` the ids that were legal at that moment. An index refused by
    ``Game.apply_index`` is kept as ``index``.
    """

    index: Any

    def __init__(self, action_id: str, reason: str, legal: list[str]):
        self.action_id = action_id
        self.reason = reason
        self.legal = list(legal)
        shown = ", ".join(repr(a) for a in self.legal[:12])
        more = f" (and {len(self.legal) - 12} more)" if len(self.legal) > 12 else ""
        super().__init__(f"{action_id!r} is not legal: {reason}. Legal now: {shown or 'nothing'}{more}")


class RecordError(DragonwidgetsError, ValueError):
    """A game record is malformed, from an unknown game or version, or was altered."""


class HistoryError(DragonwidgetsError, IndexError):
    """``undo()`` or ``goto()`` asked for a step outside the recorded history."""


class GameDataError(DragonwidgetsError, ValueError):
    """A board or deck data file failed validation; the message names the file and the field."""


class PositionError(GameDataError):
    """A position (``new_game(..., position=...)``) breaks a count or a rule of the game; the message names
    the field and the count or rule broken. No game is created."""
