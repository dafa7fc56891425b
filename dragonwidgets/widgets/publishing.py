"""What the browser is sent: the traits derived from the game, republished after every change.

After an intent changed the game (or a Python call did, then :meth:`refresh`), :class:`TraitPublisher`
reassigns every derived trait inside one ``hold_sync()``: the viewer's observation, the legal actions that
view may see, the step, the log tail, the view menu, the text board and the status. They are computed for
the viewer's seat only, so nothing a seat may not know reaches its browser. The board layout and the rule
texts are sent once, when the widget is made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine.rules import rules

if TYPE_CHECKING:  # the traits and the other parts' methods, for mypy (see _parts.py)
    from ._parts import WidgetParts
else:
    WidgetParts = object

#: Log rows synced to the browser (the newest ones).
LOG_ROWS = 60


class TraitPublisher(WidgetParts):
    """The publishing of :class:`~dragonwidgets.widgets.GameWidget` (it supplies ``_game``, the traits,
    ``hold_sync`` and the view, status and bot methods)."""

    def _after_change(self) -> None:
        """Republish the traits after the game changed, then start the bots if one is due."""
        if self._game.is_over and self.playing:
            self.playing = False
        self._publish()
        self._schedule_bots()

    def _publish(self) -> None:
        """Reassign every derived trait, whole, in one message."""
        game = self._game
        seat = self._view_seat()
        visible = self._visible_actions(seat)
        with self.hold_sync():
            self.view_seat = seat
            self.observation = self._observation_shown(seat)
            self.legal_actions = [a.to_dict() for a in visible]
            self.can_act = bool(visible) and self._may_choose_now(seat)
            self.step = game.step
            self.history_length = game.history_length
            self.viewer_choices = self._viewer_choices()
            self.log = game.log(seat, last=LOG_ROWS)
            self.text = repr(game)
            self.status = self._status(seat, visible)
            self.annotations = self._annotations_shown(seat)
            self.recording = self._recording_shown()
            self._publish_analysis()  # the analysis switch and the review (analysis_panel.py)

    def _observation_shown(self, seat: int | None) -> dict[str, Any]:
        """The observation this view is sent: ``game.observation(seat)`` (``seat`` None: the full table). A
        game's widget adds what it works out for the view from it (La Chasse au Dragon's fight odds,
        Draghan's fight hint), so that the ``observation`` trait is set once per update."""
        return self._game.observation(seat)

    def _rule_texts(self) -> dict[str, str]:
        """``{rule ID: text}`` of the game's rules; ``{}`` for a game of its own without rule texts."""
        try:
            return {r.id: r.text for r in rules(self._game.name)}
        except (ValueError, FileNotFoundError, TypeError):
            return {}

    def _board_layout(self) -> dict[str, Any]:
        """The game's static board layout (``game.board_layout()``), ``{}`` if it has none."""
        layout = getattr(self._game, "board_layout", None)
        return layout() if callable(layout) else {}
