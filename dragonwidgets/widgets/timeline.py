"""Time travel: take back a decision (``undo``) or show any step of the history (``goto``).

The engine keeps the whole history; acting at an earlier step starts a branch. With take-backs off
(``take_backs=False``), only the teacher's view may rewind, so players cannot see hidden cards through
take-backs (:meth:`~.views.ViewRules._check_take_backs`). Bots due after a rewind pause, and the status
says how to resume (:mod:`.bot_seats`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import HistoryError

if TYPE_CHECKING:  # the traits and the other parts' methods, for mypy (see _parts.py)
    from ._parts import WidgetParts
else:
    WidgetParts = object


class Timeline(WidgetParts):
    """The take-backs of :class:`~dragonwidgets.widgets.GameWidget` (it supplies ``_game`` and the editing,
    view, bot and publishing methods)."""

    def undo(self) -> None:
        """Take back the last decision.

        When people play against bots, this takes back the last decision *a person* made, with the
        bots' answers after it, so it is that person's turn again and the bots, if playing, go on after
        their next move. Otherwise (every seat human, or every seat a bot) it steps back over the last
        decision; bots then due are paused (the status says how to resume).

        Raises:
            HistoryError: no decision to take back.
            IntentError: ``take_backs`` is off and this is not the teacher view.
        """
        self._check_not_editing("undo")
        self._check_take_backs("undo")
        game = self._game
        game.undo()  # raises before anything changes
        while self._people_play_bots() and self._is_bot_seat(game.current_player):
            try:
                game.undo()
            except HistoryError:  # a bot opened the game: nothing a person decided lies behind
                break
        if self._bot_due():
            self._pause_for_rewind()
        self._after_change()

    def goto(self, step: int) -> None:
        """Show the state after ``step`` history entries; acting there starts a branch.

        Bots due at that step pause (they would play the history away), and the status says how to
        resume; at a person's turn they keep playing and answer the person's new move.

        Raises:
            HistoryError: ``step`` is not in ``0..len(game.history)``.
            IntentError: ``take_backs`` is off and this is not the teacher view.
        """
        self._check_not_editing("goto")
        self._check_take_backs("goto")
        self._game.goto(step)  # raises before anything changes
        if self._bot_due():
            self._pause_for_rewind()
        self._after_change()
