"""What the tutorials share: a chapter that starts where an earlier line of the same game left off."""

from __future__ import annotations

from typing import Any

from ..model import Start


def record_after(start: dict[str, Any], actions: tuple[str, ...]) -> dict[str, Any]:
    """Return the record of the game ``start`` (a :class:`~dragonwidgets.lessons.model.Start` as a dict) after
    ``actions``, for a chapter's ``record=`` start.

    Raises:
        IllegalActionError: an action of the line is not legal where it comes.
    """
    game = Start(**start).new_game()
    for action in actions:
        game.apply(action)
    return game.to_record()
