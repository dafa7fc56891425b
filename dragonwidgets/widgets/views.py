"""Who sees what and who may choose: the view rules every game widget shares.

A widget shows one *viewer*'s view: ``"teacher"`` (the whole table), ``"hotseat"`` (the person to move)
or one seat (``"0"``). :class:`ViewRules` (a part of :class:`~dragonwidgets.widgets.GameWidget`) turns the
viewer into the seat whose observation is sent, lists the actions that view may see and choose, and
says which viewers the front end's view menu may offer (with take-backs off, a hot-seat game among
friends: only the hot-seat view and the person to move).
"""

from __future__ import annotations

from typing import Any

from ..engine import CHANCE, Action
from .messages import IntentError

HUMAN = "human"
TEACHER = "teacher"
HOTSEAT = "hotseat"


class ViewRules:
    """The viewer rules of :class:`~dragonwidgets.widgets.GameWidget` (it supplies ``_game``, ``seats``,
    ``viewer``, ``take_backs``, ``_hot_seat`` and ``_check_not_editing``)."""

    def set_viewer(self, viewer: str | int) -> None:
        """Show ``"teacher"`` (everything), ``"hotseat"`` or one seat's view (``0`` or ``"0"``), as the
        front end's view menu asks.

        With take-backs off in a seat view (a hot-seat game among friends), only the viewers in
        ``viewer_choices`` may be chosen: ``"hotseat"`` and the seat of the person to move. From Python,
        ``w.viewer = ...`` still shows any view.

        Raises:
            IntentError: not a viewer of this game, or one ``viewer_choices`` does not offer now.
        """
        new = self._checked_viewer(self._as_viewer(viewer))
        if new != TEACHER:
            self._check_not_editing("set_viewer")
        allowed = self._viewer_choices()
        if new != self.viewer and new not in allowed:
            raise IntentError(
                f"set_viewer: take-backs are off (take_backs=False) in a seat view, so the view may only switch "
                f"to {' or '.join(map(repr, allowed))}: another seat's view, or the teacher's, would show "
                f"private cards; set w.viewer = {new!r} in Python"
            )
        self.viewer = new

    def _view_seat(self) -> int | None:
        if self.viewer == TEACHER:
            return None
        if self.viewer == HOTSEAT:
            player = self._game.current_player
            if player is not None and player >= 0 and self.seats[player] == HUMAN:
                self._hot_seat = player
            return self._hot_seat
        return int(self.viewer)

    def _visible_actions(self, seat: int | None) -> list[Action]:
        player = self._game.current_player
        if player is None:
            return []
        if player == CHANCE and seat is not None and self._game.chance_outcomes_hidden:
            return []  # which cards a face-down pile holds is nobody's to see: the teacher picks
        if seat is None or player == CHANCE or player == seat:
            return self._game.legal_actions()
        return []

    def _may_choose_now(self, seat: int | None) -> bool:
        try:
            self._check_may_choose(self._game.current_player, seat)
        except IntentError:
            return False
        return True

    def _check_may_choose(self, player: int | None, seat: int | None) -> None:
        """Raise ``IntentError`` unless the view of ``seat`` (None: teacher) may choose for ``player``."""
        if getattr(self, "editing", False):
            raise IntentError("the table is being edited: press 'Play from here' or 'Cancel' first")
        if player is None or player == CHANCE:
            return
        game = self._game
        if self.seats[player] != HUMAN:
            raise IntentError(
                f"{game.player_name(player)} is played by the bot {self.seats[player]!r}: press Step (bot_step()) "
                f"or Play, or give the seat to a person (set_seat({player}, 'human'))"
            )
        if seat is not None and seat != player:
            raise IntentError(
                f"this is {game.player_name(seat)}'s view and {game.player_name(player)} decides now: "
                f"switch the viewer to {player} or to 'hotseat' to act for them"
            )

    def _check_take_backs(self, what: str) -> None:
        """Raise ``IntentError`` if ``take_backs`` is off and this view is a seat's (not the teacher's)."""
        if not self.take_backs and self.viewer != TEACHER:
            raise IntentError(
                f"{what}: take-backs are off (take_backs=False) in the {self.viewer!r} view, so a player cannot "
                "rewind to see hidden cards; set w.viewer = 'teacher' or w.take_backs = True in Python"
            )

    def _viewer_choices(self) -> list[str]:
        """The viewers the view menu offers: all, or with take-backs off in a seat view, ``"hotseat"`` and
        the seat of the person to move (and the view already shown)."""
        everyone = [TEACHER, HOTSEAT, *(str(i) for i in range(self._game.players))]
        if self.take_backs or self.viewer == TEACHER:
            return everyone
        allowed = {HOTSEAT, self.viewer}
        player = self._game.current_player
        if player is not None and player >= 0 and self.seats[player] == HUMAN:
            allowed.add(str(player))
        return [v for v in everyone if v in allowed]

    def _checked_viewer(self, value: str) -> str:
        """Return ``value`` if it is a viewer of this game (the ``viewer`` trait's check), else raise ``IntentError``."""
        seats = [str(i) for i in range(self._game.players)]
        if value not in (TEACHER, HOTSEAT, *seats):
            raise IntentError(f"viewer must be 'teacher', 'hotseat' or a seat {seats}, got {value!r}")
        return value

    def _as_viewer(self, viewer: Any) -> str:
        if isinstance(viewer, int) and not isinstance(viewer, bool):
            return str(viewer)
        if not isinstance(viewer, str):
            raise IntentError(f"viewer must be 'teacher', 'hotseat' or a seat number, got {viewer!r}")
        return viewer
