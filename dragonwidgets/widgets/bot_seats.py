"""Bot seats: who plays a seat, whether a bot is due, one bot move, and the loop that plays them at a pace.

A seat is played by a person (``"human"``), by one of the game's bots (by name), or by an *agent* of the
notebook's own: any object with the bot protocol (``choose(view, legal_actions, rng)``) or any callable
given what the seat may know (``dragonwidgets.engine.spaces.agent_input``: ``{"observation", "action_mask",
"view", "legal_actions"}``, so a PettingZoo policy plays as it is) that answers an action index, id or
Action. An agent is shown by a label (``"agent <its name>"``) among ``bot_names``. An agent that raises or
answers something illegal pauses the bots and shows the error; nothing changes.

The loop runs on the event loop Jupyter's kernel runs (one move every ``pace`` seconds while ``playing``);
where no loop runs (plain Python, tests) nothing plays by itself and ``bot_step()`` makes one move.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Any

from ..engine import CHANCE, Action, bot_move, make_bot
from ..engine.registry import GENERIC_BOTS
from ..engine.spaces import agent_choice, agent_input
from .messages import IntentError
from .status import possessive
from .views import HUMAN

#: The longest pace (seconds between bot moves) a widget accepts.
MAX_PACE = 10.0
_LOG = logging.getLogger(__name__)


class BotSeats:
    """The bot seats of :class:`~dragonwidgets.widgets.GameWidget` (it supplies ``_game``, ``seats``,
    ``bot_names``, ``playing``, ``pace``, ``_bots``, ``_task``, ``_rewound`` and the editing and publishing
    methods)."""

    def play(self) -> None:
        """Let bot seats play by themselves, one move every ``pace`` seconds."""
        self._rewound = False
        self.playing = True

    def pause(self) -> None:
        """Stop bot seats playing by themselves."""
        self.playing = False

    def bot_step(self) -> Action:
        """Make one move for the bot seat that decides now (or draw a due chance outcome).

        Returns the action applied.

        Raises:
            IntentError: the game is over, or a person decides now, or the seat's agent raised or answered
                something illegal (the bots are then paused, ``last_error`` says why, nothing changed).
        """
        self._check_not_editing("bot_step")
        game = self._game
        seat = game.current_player
        if seat is None:
            raise IntentError("the game is over: nothing for a bot to play (rewind with goto() or undo())")
        if seat == CHANCE:
            events_before = game.step
            game.resolve_chance()
            self._after_change()
            return game.entry(events_before).action
        if self.seats[seat] == HUMAN:
            raise IntentError(
                f"{game.player_name(seat)} is played by a person: choose one of the legal actions, or give "
                f"the seat to a bot in the Seats panel (from Python: w.set_seat({seat}, {self._default_bot()!r}))"
            )
        rng = random.Random(f"{game.seed}:{game.step}:{seat}")
        bot = self._bot(seat)
        if self.seats[seat] not in self._seat_agents():
            action = bot_move(game, bot, rng)
            game.apply(action)
        else:
            try:  # the notebook's own agent: whatever it does wrong is shown, and changes nothing
                answer = bot_move(game, bot, rng) if hasattr(bot, "choose") else bot(agent_input(game, seat))
                step = game.step
                game.apply(agent_choice(game, answer))
                action = game.entry(step).action
            except Exception as exc:  # noqa: BLE001 - an agent's failure is reported in the widget
                self.playing = False
                self.last_error = f"{possessive(game, seat)} {self.seats[seat]} failed, the bots are paused: {exc}"[:2000]
                raise IntentError(self.last_error) from exc
        self._after_change()
        return action

    def set_seat(self, seat: int, who: Any) -> None:
        """Give ``seat`` to ``"human"``, to a bot (one of ``bot_names``) or to an agent (a bot object or a callable)."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self._game.players:
            raise IntentError(f"seat must be an int in 0..{self._game.players - 1}, got {seat!r}")
        seats = list(self.seats)
        seats[seat] = who
        self.seats = seats

    def set_pace(self, pace: float) -> None:
        """Set the seconds between bot moves (0..10)."""
        self.pace = pace

    def _checked_seats(self, value: Any) -> list[str]:
        """Return ``value`` as a list of names if it gives each seat ``"human"``, a bot of this game or an agent
        (the ``seats`` trait's check; an agent is named by its label, added to ``bot_names``), else raise
        ``IntentError``."""
        entries = list(value)
        n = self._game.players
        if len(entries) != n:
            raise IntentError(f"seats needs one entry per seat ({n}), got {len(entries)}: {entries!r}")
        allowed = [HUMAN, *self.bot_names]
        seats, agents = [], {}
        for i, who in enumerate(entries):
            if isinstance(who, str):
                if who not in allowed:
                    raise IntentError(f"seats[{i}] must be one of {allowed}, an agent object (choose(view, legal, rng)) "
                                      f"or a callable from an observation to an action, got {who!r}")
                seats.append(who)
            elif hasattr(who, "choose") or callable(who):
                label = self._agent_label(who, agents)
                agents[label] = who
                seats.append(label)
            else:
                raise IntentError(f"seats[{i}] must be 'human', a bot name, an agent object (choose(view, legal, rng)) "
                                  f"or a callable from an observation to an action, got {who!r:.80}")
        if agents:
            self._seat_agents().update(agents)
            self.bot_names = [*self.bot_names, *(label for label in agents if label not in self.bot_names)]
        return seats

    def _seat_agents(self) -> dict[str, Any]:
        """The notebook's agents this widget was given, by label."""
        return self.__dict__.setdefault("_agents", {})

    def _agent_label(self, agent: Any, new: dict[str, Any]) -> str:
        """Return ``agent``'s label: ``"agent <name>"`` (its ``name``, else its ``__name__`` or class), numbered
        when another agent has it already."""
        name = getattr(agent, "name", None)
        if not isinstance(name, str):
            name = getattr(agent, "__name__", None) or type(agent).__name__
        known = {**self._seat_agents(), **new}
        label, k = f"agent {name}", 1
        while label in known and known[label] is not agent:
            k += 1
            label = f"agent {name} #{k}"
        return label

    @staticmethod
    def _checked_pace(pace: float) -> float:
        """Return ``pace`` if it is 0..:data:`MAX_PACE` seconds (the ``pace`` trait's check), else raise ``IntentError``."""
        if not 0 <= pace <= MAX_PACE:
            raise IntentError(f"pace must be between 0 and {MAX_PACE:g} seconds, got {pace!r}")
        return pace

    def _people_play_bots(self) -> bool:
        """Whether the seats mix people and bots (the bots then answer people by themselves)."""
        return HUMAN in self.seats and any(who != HUMAN for who in self.seats)

    def _default_bot(self) -> str:
        """The bot a hint suggests: the game's own player (``greedy``, ``planner``), else ``random``."""
        own = [b for b in self.bot_names if b != "random" and b not in GENERIC_BOTS and b not in self._seat_agents()]
        return own[0] if own else "random"

    def _first_human_seat(self) -> int:
        return next((i for i, who in enumerate(self.seats) if who == HUMAN), 0)

    def _bot(self, seat: int) -> Any:
        name = self.seats[seat]
        if name in self._seat_agents():
            return self._seat_agents()[name]
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
