"""Who sees what and who may choose: the view rules every game widget shares.

A widget shows one *viewer*'s view: ``"teacher"`` (the whole table), ``"hotseat"`` (the person to move)
or one seat (``"0"``). :class:`ViewRules` (a part of :class:`~dragonwidgets.widgets.GameWidget`) turns the
viewer into the seat whose observation is sent, lists the actions that view may see and choose, and
says which viewers the front end's view menu may offer (with take-backs off, a hot-seat game among
friends: only the hot-seat view and the person to move).

What a seat's view may do (issue 27, items 1 and 2):

- at a chance node only the teacher's view (or Python: ``w.game.apply(id)`` then ``w.refresh()``) picks the
  outcome; a seat's view lists none, so no refusal ever names an outcome, and the node resolves as the game's
  option says: with ``chance="manual"`` the seat's view waits for the teacher (its ``resolve_chance`` and Step
  are refused there), otherwise chance draws at once;
- with take-backs off (a hot-seat game), the page may not change who plays a seat either
  (:meth:`ViewRules._check_page_intent`): a bot's seat given to a person could then be viewed. From Python
  the teacher still may (``w.seats = [...]``, ``w.set_seat(...)``), and so may the teacher's view.

The person at the screen is the person to move (a human seat), or, while bots or chance answer, the person
who moved last: the ``"hotseat"`` view shows them, whatever view was shown meanwhile.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import CHANCE, Action, IllegalActionError
from .messages import IntentError

if TYPE_CHECKING:  # the traits and the other parts' methods, for mypy (see _parts.py)
    from ._parts import WidgetParts
else:
    WidgetParts = object

HUMAN = "human"
TEACHER = "teacher"
HOTSEAT = "hotseat"


class ViewRules(WidgetParts):
    """The viewer rules of :class:`~dragonwidgets.widgets.GameWidget` (it supplies ``_game``, ``seats``,
    ``viewer``, ``take_backs``, ``_check_not_editing`` and ``_drop_draft``)."""

    def set_viewer(self, viewer: str | int) -> None:
        """Show ``"teacher"`` (everything), ``"hotseat"`` or one seat's view (``0`` or ``"0"``), as the
        front end's view menu asks.

        With take-backs off in a seat view (a hot-seat game among friends), only the viewers in
        ``viewer_choices`` may be chosen: ``"hotseat"`` and the seat of the person to move. From Python,
        ``w.viewer = ...`` still shows any view.

        While the table is being edited only the teacher's view may be chosen here (a stray click does not
        lose the draft); ``w.viewer = "0"`` in Python ends editing instead (:meth:`_checked_viewer`).

        Raises:
            IntentError: not a viewer of this game, one ``viewer_choices`` does not offer now, or a seat's
                view while the table is being edited.
        """
        new = self._as_viewer(viewer)
        if new != TEACHER:
            self._check_not_editing("set_viewer")  # the view menu keeps a draft; ``w.viewer = ...`` drops it
        new = self._checked_viewer(new)
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
            return self._person_at_screen()
        return int(self.viewer)

    def _person_at_screen(self) -> int:
        """The seat the hot-seat view shows: the person to move (a human seat), else the person who decided
        last (the one whose move the bots, or chance, answer now), else the first human seat (seat 0 when
        no seat is a person's). Worked out from the history, so no view shown meanwhile, nor a view menu
        message, can make it another seat."""
        game = self._game
        humans = [i for i, who in enumerate(self.seats) if who == HUMAN]
        player = game.current_player
        if not humans:
            return 0
        if player in humans:
            return player
        for step in range(game.step - 1, -1, -1):  # back over the bots' and chance's entries since then
            if (decider := game.entry(step).action.player) in humans:
                return decider
        return humans[0]

    def _visible_actions(self, seat: int | None) -> list[Action]:
        player = self._game.current_player
        if player is None:
            return []
        if player == CHANCE and seat is not None:
            # only the teacher's view picks a chance outcome; which cards a face-down pile holds is nobody's
            # at the table to see (a seat's view may draw at random: resolve_chance)
            return []
        if seat is None or player == seat:
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
        if player is None:
            return
        if player == CHANCE:
            if seat is not None:  # said before an id is read: the refusal names no outcome (issue 27 item 1)
                raise IntentError(
                    "chance decides now, and only the teacher's view picks a chance outcome (in Python: "
                    "w.viewer = 'teacher'); this view may draw one at random (Step, resolve_chance())"
                )
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
        """Return ``value`` if it is a viewer of this game (the ``viewer`` trait's check), else raise ``IntentError``.

        A viewer other than the teacher ends editing first, before the new view is sent (issue 27 item 4): the
        draft (the whole table) is dropped and the game as it was before editing comes back, so nothing of
        the edit reaches a seat's view (:meth:`~.editing.PositionEditor._drop_draft`)."""
        seats = [str(i) for i in range(self._game.players)]
        if value not in (TEACHER, HOTSEAT, *seats):
            raise IntentError(f"viewer must be 'teacher', 'hotseat' or a seat {seats}, got {value!r}")
        if value != TEACHER:
            self._drop_draft()
        return value

    def _error_for_page(self, error: BaseException) -> str:
        """The words of a refusal as the page is sent them (``last_error``): in a seat's view, an illegal
        action's list of what is legal names only the actions this view may see (another seat's choices,
        worked out from its hand, or a face-down pile's outcomes, are not its to know)."""
        text = str(error)
        seat = self._view_seat()
        if isinstance(error, IllegalActionError) and seat is not None:
            visible = {a.id for a in self._visible_actions(seat)}
            if any(a not in visible for a in error.legal):
                mine = [a for a in error.legal if a in visible]
                listed = ", ".join(map(repr, mine)) if mine else "nothing this view may choose"
                text = f"{error.action_id!r} is not legal: {error.reason}. Legal now: {listed}"
        return text[:2000]

    def _check_page_intent(self, kind: str) -> None:
        """Raise ``IntentError`` if the page may not send an intent of ``kind`` now (the notebook may still call
        the method): with take-backs off in a seat view, ``set_seat`` (issue 27 item 2); in a seat view at a
        chance node of a game with ``chance="manual"``, ``resolve_chance`` and ``bot_step``: the teacher picks
        that outcome, so the seat's view waits (issue 27 item 1: a chance node resolves as the game's option
        says, the seeded draw with ``chance="auto"``, the teacher's pick with ``"manual"``)."""
        game = self._game
        if (kind in ("resolve_chance", "bot_step") and self.viewer != TEACHER and game.chance_mode == "manual"
                and game.current_player == CHANCE):
            raise IntentError(
                f"{kind}: chance is manual (chance='manual'), so the teacher picks this outcome: this view waits "
                "(the teacher's view picks it, or Python: w.game.apply(id) then w.refresh())"
            )
        if kind == "set_seat" and not self.take_backs and self.viewer != TEACHER:
            raise IntentError(
                "set_seat: take-backs are off (take_backs=False) in a seat view, so the page may not change who "
                "plays a seat (a seat given to a person could then show its private cards); the teacher may, in "
                "Python (w.seats = [...] or w.set_seat(seat, who)) or from the teacher's view"
            )

    def _as_viewer(self, viewer: Any) -> str:
        if isinstance(viewer, int) and not isinstance(viewer, bool):
            return str(viewer)
        if not isinstance(viewer, str):
            raise IntentError(f"viewer must be 'teacher', 'hotseat' or a seat number, got {viewer!r}")
        return viewer
