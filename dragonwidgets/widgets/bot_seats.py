"""Bot seats: who plays a seat, whether a bot is due, one bot move, and the loop that plays them at a pace.

A seat is played by a person (``"human"``), by one of the game's bots (by name), or by an *agent* of the
notebook's own: any object with the bot protocol (``choose(view, legal_actions, rng)``) or any callable
given what the seat may know (``dragonwidgets.engine.spaces.agent_input``: ``{"observation", "action_mask",
"view", "legal_actions"}``, so a PettingZoo policy plays as it is) that answers an action index, id or
Action. An agent is shown by a label (``"agent <its name>"``) among ``bot_names``. An agent that raises or
answers something illegal pauses the bots and shows the error; nothing changes.

The loop runs on the event loop Jupyter's kernel runs (one move every ``pace`` seconds while ``playing``);
where no loop runs (plain Python, tests) nothing plays by itself and ``bot_step()`` makes one move.

An agent thinks in a worker thread, at most ``agent_time_limit`` seconds a move (issue 27 item 9), so the
kernel keeps answering the page meanwhile (the loop awaits the answer; ``bot_step()`` waits for it). It is
asked on the kernel's thread and given copies only: a callable gets ``agent_input`` (arrays and dicts made
before the thread starts), a bot object ``bot_move`` on a private copy of the table (its ``determinize``
redeals that copy), never the live game. Its answer is applied on the kernel's thread, and only if the game
still stands where the agent was asked (the same game, line of play and seat player): after an undo, a
goto or a seat given to someone else it is dropped, and while the bots are paused it waits. An agent over
its time pauses the bots and says so in ``last_error``; its thread cannot be stopped and is left to finish
(a daemon thread), its answer dropped. An agent is never called twice at once: a new question waits for
its earlier call to end, within the same time limit. The game's own bots (``greedy``, ``mcts``...) play
on the kernel's thread as before: they answer in a tenth of a second or less.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import math
import random
import threading
import time
from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from ..engine import CHANCE, Action, bot_move, make_bot
from ..engine.registry import GENERIC_BOTS
from ..engine.spaces import agent_choice, agent_input
from .messages import IntentError
from .status import possessive
from .views import HUMAN

if TYPE_CHECKING:  # the traits and the other parts' methods, for mypy (see _parts.py)
    from ._parts import WidgetParts
else:
    WidgetParts = object

#: The longest pace (seconds between bot moves) a widget accepts.
MAX_PACE = 10.0
#: Seconds an agent may think over one move unless the widget is given ``agent_time_limit=``.
AGENT_TIME_LIMIT = 5.0
_LOG = logging.getLogger(__name__)


class _AgentCall(NamedTuple):
    """One question put to a notebook agent and its answer to come from a worker thread."""

    question: tuple  # what was asked: BotSeats._question()
    answer: concurrent.futures.Future


def _in_worker_thread(work: Callable[[], Any]) -> concurrent.futures.Future:
    """Start ``work()`` in a daemon thread (one that never keeps Python from exiting, as an agent that never
    returns would) and return the future of its result or exception."""
    answer: concurrent.futures.Future = concurrent.futures.Future()
    answer.set_running_or_notify_cancel()  # running: waiting for it may time out, never cancel it

    def run() -> None:
        try:
            answer.set_result(work())
        except BaseException as exc:  # noqa: BLE001 - whatever the agent raises is its answer, shown in the widget
            answer.set_exception(exc)

    threading.Thread(target=run, name="dragonwidgets agent", daemon=True).start()
    return answer


class BotSeats(WidgetParts):
    """The bot seats of :class:`~dragonwidgets.widgets.GameWidget` (it supplies ``_game``, ``seats``,
    ``bot_names``, ``playing``, ``pace``, ``_bots``, ``_task``, ``_rewound`` and the editing and publishing
    methods)."""

    #: The agent's call the bots' loop awaits now (``None``: none).
    _awaited: _AgentCall | None = None

    def play(self) -> None:
        """Let bot seats play by themselves, one move every ``pace`` seconds."""
        self._rewound = False
        self.playing = True

    def pause(self) -> None:
        """Stop bot seats playing by themselves."""
        self.playing = False

    def bot_step(self) -> Action:
        """Make one move for the bot seat that decides now (or draw a due chance outcome).

        An agent's move is worked out in a worker thread and waited for, at most ``agent_time_limit``
        seconds (the caller, a notebook cell or the page's Step button, waits that long at most).

        Returns the action applied.

        Raises:
            IntentError: the game is over, or a person decides now, or the seat's agent raised, answered
                something illegal or took more than ``agent_time_limit`` seconds (the bots are then paused,
                ``last_error`` says why, nothing changed), or the bots' loop is waiting for this agent now.
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
        if self.seats[seat] in self._seat_agents():
            action = self._agent_step_waiting(seat)
        else:
            action = bot_move(game, self._bot(seat), self._bot_rng(seat))
            game.apply(action)
        self._after_change()
        return action

    def set_seat(self, seat: int, who: Any) -> None:
        """Give ``seat`` to ``"human"``, to a bot (one of ``bot_names``) or to an agent (a bot object or a callable).

        From the page (the Seats panel) it is refused with take-backs off in a seat's view (a hot-seat game:
        a bot's seat given to a person could then be viewed, ``ViewRules._check_page_intent``); from Python it
        is not.

        Raises:
            IntentError: ``seat`` is not a seat of the game, or ``who`` is none of those (the ``seats`` check).
        """
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
        seats: list[str] = []
        agents: dict[str, Any] = {}
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

    # ------------------------------------------------------------------ the notebook's agents, in a worker thread
    def _agent_step_waiting(self, seat: int) -> Action:
        """Ask the agent of ``seat`` (deciding now), wait for its answer at most ``agent_time_limit`` seconds
        and apply it; return the action applied. Raises ``IntentError`` as :meth:`bot_step` says."""
        if getattr(self, "_awaited", None) is not None:
            raise IntentError(f"{possessive(self._game, seat)} {self.seats[seat]} is thinking (the bots play by "
                              "themselves): it moves when it answers; pause the bots to stop waiting for it")
        deadline = time.monotonic() + self.agent_time_limit
        question = self._question()
        assert question is not None, "bot_step asks the agent of the seat deciding now (not while editing)"
        call = self._call_asking(question)
        if call is None:
            earlier = self._earlier_call_running(question)
            if earlier is not None:
                concurrent.futures.wait([earlier], timeout=deadline - time.monotonic())
                if not earlier.done():
                    raise self._agent_too_slow(seat, earlier=True)
            call = self._ask_agent(question)
        try:
            answer = call.answer.result(timeout=max(0.0, deadline - time.monotonic()))
        except TimeoutError:
            raise self._agent_too_slow(seat) from None
        except Exception as exc:  # noqa: BLE001 - an agent's failure is reported in the widget
            raise self._agent_failed(seat, exc) from exc
        return self._apply_agent_answer(seat, answer)

    async def _agent_move(self) -> None:
        """Play the agent whose seat decides now, its answer worked out in a worker thread while the kernel's
        event loop answers the page; apply it if the game still stands where the agent was asked, else drop
        it. An agent over ``agent_time_limit`` seconds, failing or answering something illegal pauses the
        bots and sets ``last_error``."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.agent_time_limit
        question = self._question()
        assert question is not None, "the bots' loop plays an agent only when one decides now"
        seat = question[1]
        call = self._call_asking(question)
        if call is None:
            earlier = self._earlier_call_running(question)
            if earlier is not None:
                await asyncio.wait([asyncio.wrap_future(earlier)], timeout=deadline - loop.time())
                if self._question() != question:
                    return  # the game moved on meanwhile: the loop asks again if the agent is due
                if not earlier.done():
                    self._agent_too_slow(seat, earlier=True)
                    return
            call = self._ask_agent(question)
        self._awaited = call
        self.status = (f"{possessive(self._game, seat)} {self.seats[seat]} is thinking "
                       f"(up to {self.agent_time_limit:g} s).")
        try:
            answer = await asyncio.wait_for(asyncio.wrap_future(call.answer), max(0.0, deadline - loop.time()))
        except TimeoutError:
            if self._question() == question:
                self._agent_too_slow(seat)
            return
        except Exception as exc:  # noqa: BLE001 - an agent's failure is reported in the widget
            if self._question() == question:
                self._agent_failed(seat, exc)
            return
        finally:
            if self._awaited is call:
                self._awaited = None
        if not (self.playing and self._question() == question):
            _LOG.info("%s answered after the game changed: its answer is dropped", self.seats[seat])
            return
        try:
            self._apply_agent_answer(seat, answer)
        except IntentError:
            return  # the bots are paused, last_error says why
        self._after_change()

    def _question(self) -> tuple | None:
        """What the agent deciding now is asked: ``(the game, its seat, the agent's label, the action ids that
        led here)``; ``None`` when no agent decides now (nobody does while the table is edited). Equal questions
        are the same table, seat and agent."""
        game = self._game
        seat = game.current_player
        if seat is None or seat == CHANCE or self.seats[seat] not in self._seat_agents() or self.editing:
            return None
        return game, seat, self.seats[seat], tuple(game.entry(i).action.id for i in range(game.step))

    def _call_asking(self, question: tuple) -> _AgentCall | None:
        """The agent's call whose answer has not been used yet, if it asks ``question`` (the bots were paused
        while it thought, or it ran over its time: waiting for it again does not ask the agent twice)."""
        call = self._agent_calls().get(question[2])
        return call if call is not None and call.question == question else None

    def _earlier_call_running(self, question: tuple) -> concurrent.futures.Future | None:
        """The answer still to come of the agent's call on another question (an agent is asked once at a time)."""
        call = self._agent_calls().get(question[2])
        return call.answer if call is not None and call.question != question and not call.answer.done() else None

    def _ask_agent(self, question: tuple) -> _AgentCall:
        """Put ``question`` to its agent in a worker thread and return the call."""
        call = _AgentCall(question, _in_worker_thread(self._agent_work(question[1])))
        self._agent_calls()[question[2]] = call
        return call

    def _agent_work(self, seat: int) -> Callable[[], Any]:
        """Return the call that asks the agent of ``seat`` for its answer, made on the kernel's thread: what it
        touches is the agent and copies made now (``agent_input``, or a private copy of the table for a bot
        object), never the live game, so it may run in another thread."""
        agent, rng = self._bot(seat), self._bot_rng(seat)
        if hasattr(agent, "choose"):
            table = self._game.clone(history=False)
            return lambda: bot_move(table, agent, rng)
        given = agent_input(self._game, seat)
        return lambda: agent(given)

    def _apply_agent_answer(self, seat: int, answer: Any) -> Action:
        """Apply the legal action the agent's ``answer`` names and return it; otherwise pause the bots, set
        ``last_error`` and raise ``IntentError`` (nothing changed)."""
        game = self._game
        step = game.step
        self._agent_calls().pop(self.seats[seat], None)  # its answer is used, right or wrong
        try:
            game.apply(agent_choice(game, answer))
        except Exception as exc:  # noqa: BLE001 - an agent's failure is reported in the widget
            raise self._agent_failed(seat, exc) from exc
        return game.entry(step).action

    def _agent_failed(self, seat: int, exc: BaseException) -> IntentError:
        """Pause the bots, say in ``last_error`` that the agent of ``seat`` failed and why; return the error."""
        self._agent_calls().pop(self.seats[seat], None)  # asked again when the bots play on
        self.playing = False
        why = self._error_for_page(exc)  # in a seat's view, no list of another seat's choices (views.py)
        self.last_error = f"{possessive(self._game, seat)} {self.seats[seat]} failed, the bots are paused: {why}"[:2000]
        return IntentError(self.last_error)

    def _agent_too_slow(self, seat: int, earlier: bool = False) -> IntentError:
        """Pause the bots, say in ``last_error`` that the agent of ``seat`` took more than ``agent_time_limit``
        seconds (or was still on an ``earlier`` question), that nothing changed and what to do; return the error."""
        limit = self.agent_time_limit
        self.playing = False
        what = "was still answering an earlier question after" if earlier else "did not answer within"
        self.last_error = (
            f"{possessive(self._game, seat)} {self.seats[seat]} {what} agent_time_limit = {limit:g} s: the bots are "
            "paused and nothing changed. Its thread cannot be stopped and is left to finish; an answer to a game "
            f"that moved on is dropped. Play bots waits {limit:g} s more, w.agent_time_limit = {2 * limit:g} gives "
            "it longer, or give the seat to another player"
        )
        _LOG.warning("%s", self.last_error)
        return IntentError(self.last_error)

    def _agent_calls(self) -> dict[str, _AgentCall]:
        """The last call put to each agent, by label (one at a time per agent)."""
        return self.__dict__.setdefault("_agent_call_by_label", {})

    def _bot_rng(self, seat: int) -> random.Random:
        """The generator a bot or agent of ``seat`` is given now (seeded by the game's seed, step and seat)."""
        return random.Random(f"{self._game.seed}:{self._game.step}:{seat}")

    @staticmethod
    def _checked_agent_time_limit(seconds: float) -> float:
        """Return ``seconds`` if above 0 and finite (the ``agent_time_limit`` trait's check), else raise
        ``IntentError``."""
        if not (isinstance(seconds, (int, float)) and math.isfinite(seconds) and seconds > 0):
            raise IntentError(f"agent_time_limit must be a number of seconds above 0 (how long an agent may think "
                              f"over one move), got {seconds!r:.40}")
        return float(seconds)

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
        """Start the bot loop on the running event loop (Jupyter's) if bots are due; else nothing. A loop waiting
        for an agent asked about a game that has changed since (an undo, a goto, the seat given to another
        player) is stopped first: that answer will be dropped, and whoever is due now plays at once."""
        awaited = getattr(self, "_awaited", None)
        if awaited is not None and self._task is not None and awaited.question != self._question():
            self._task.cancel()
            self._task = self._awaited = None
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
                    if self._question() is not None:
                        await self._agent_move()
                    else:
                        self.bot_step()
                except Exception as exc:  # noqa: BLE001 - report in the widget, stop the bots
                    _LOG.exception("bot move failed")
                    self.last_error = f"bot move failed: {self._error_for_page(exc)}"
                    self.playing = False
        finally:
            if self._task is asyncio.current_task():
                self._task = None
