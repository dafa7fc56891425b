"""Bot seats: which bot plays a seat, whether a bot is due, and the loop that plays them at a pace.

The loop runs on the event loop Jupyter's kernel runs (one move every ``pace`` seconds while ``playing``);
where no loop runs (plain Python, tests) nothing plays by itself and ``bot_step()`` makes one move.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from ..engine import CHANCE, make_bot
from ..engine.registry import GENERIC_BOTS
from .views import HUMAN

_LOG = logging.getLogger(__name__)


class BotSeats:
    """The bot seats of :class:`~dragonwidgets.widgets.GameWidget` (it supplies ``_game``, ``seats``,
    ``bot_names``, ``playing``, ``pace``, ``_bots``, ``_task``, ``_rewound`` and ``bot_step``)."""

    def _default_bot(self) -> str:
        """The bot a hint suggests: the game's own player (``greedy``, ``planner``), else ``random``."""
        own = [b for b in self.bot_names if b != "random" and b not in GENERIC_BOTS]
        return own[0] if own else "random"

    def _first_human_seat(self) -> int:
        return next((i for i, who in enumerate(self.seats) if who == HUMAN), 0)

    def _bot(self, seat: int) -> Any:
        name = self.seats[seat]
        bot = self._bots.get(seat)
        if bot is None or getattr(bot, "_dw_name", None) != name:
            bot = make_bot(self._game.name, name)
            try:
                bot._dw_name = name
            except AttributeError:
                pass
            self._bots[seat] = bot
        return bot

    def _bot_due(self) -> bool:
        game = self._game
        if getattr(self, "editing", False):
            return False
        player = game.current_player
        if player is None:
            return False
        if player == CHANCE:
            last = game.entry(game.step - 1).action.player if game.step else None
            if last is None or last == CHANCE:
                return all(w != HUMAN for w in self.seats)
            return self.seats[last] != HUMAN
        return self.seats[player] != HUMAN

    def _pause_for_rewind(self) -> None:
        self._rewound = True
        if self.playing:
            self.playing = False

    def _is_bot_seat(self, player: int | None) -> bool:
        return player is not None and player >= 0 and self.seats[player] != HUMAN

    def _schedule_bots(self) -> None:
        """Start the bot loop on the running event loop (Jupyter's) if bots are due; else nothing."""
        if not self.playing or (self._task is not None and not self._task.done()) or not self._bot_due():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no event loop (plain Python, tests): call bot_step()
        self._task = loop.create_task(self._run_bots())

    async def _run_bots(self) -> None:
        try:
            while self.playing and self._bot_due():
                await asyncio.sleep(self.pace)
                if not (self.playing and self._bot_due()):
                    break
                try:
                    self.bot_step()
                except Exception as exc:  # noqa: BLE001 - report in the widget, stop the bots
                    _LOG.exception("bot move failed")
                    self.last_error = f"bot move failed: {exc}"
                    self.playing = False
        finally:
            if self._task is asyncio.current_task():
                self._task = None
