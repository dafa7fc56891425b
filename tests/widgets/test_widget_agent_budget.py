"""An agent seat's time limit (issue 27 item 9): a notebook agent thinks in a worker thread, at most
``agent_time_limit`` seconds a move, while the kernel's event loop keeps answering the page; over the limit the
bots pause with a message and nothing changes; an answer that comes after the game moved on is dropped.

The event loop is driven as the other bot tests drive it (``asyncio.run`` of a scenario); the agents wait on
events the test sets, so nothing depends on how fast this machine is.
"""

from __future__ import annotations

import asyncio
import math
import threading
import time

import numpy as np
import pytest

from dragonwidgets import EmeraldWidget
from dragonwidgets.engine import Game
from dragonwidgets.games.emerald import GreedyBot
from dragonwidgets.widgets.base import IntentError

HELD_AT_MOST = 3.0  # seconds a held agent waits for its release before answering anyway


class HeldAgent:
    """A PettingZoo-style policy (the lowest legal index) that, while ``hold`` is set, waits for ``release``
    before answering: an agent that thinks for as long as the test wants. It records each call's thread and
    the step it was asked at."""

    name = "held"

    def __init__(self, hold: bool = True):
        self.hold = hold
        self.asked = threading.Event()
        self.release = threading.Event()
        self.answered = threading.Event()
        self.threads: list[threading.Thread] = []
        self.steps: list[int] = []

    def __call__(self, obs):
        self.threads.append(threading.current_thread())
        self.steps.append(obs["view"]["step"])
        self.asked.set()
        if self.hold:
            self.release.wait(HELD_AT_MOST)
        self.answered.set()
        return int(np.flatnonzero(obs["action_mask"])[0])


@pytest.fixture
def agents():
    made: list[HeldAgent] = []

    def make(hold: bool = True) -> HeldAgent:
        made.append(HeldAgent(hold))
        return made[-1]

    yield make
    for agent in made:  # no agent thread outlives its test
        agent.release.set()


async def until(condition, within: float = 5.0) -> None:
    """Let the event loop run until ``condition()`` holds (fail after ``within`` seconds)."""
    deadline = time.monotonic() + within
    while not condition():
        assert time.monotonic() < deadline, "timed out waiting"
        await asyncio.sleep(0.005)


def at_agents_turn(agent, **kwargs) -> EmeraldWidget:
    """An Emerald widget, greedy bots around the agent in seat 1 (Red starts), paused at the agent's turn."""
    return EmeraldWidget(players=3, seed=1, seats=["greedy", agent, "greedy"], pace=0, **kwargs)


def test_item9_a_slow_agent_pauses_the_bots_with_a_message_and_changes_nothing(agents):
    agent = agents()

    async def scenario():
        w = at_agents_turn(agent, agent_time_limit=0.2)
        before, step = w.game.state_digest(), w.game.step
        w.play()
        await until(lambda: not w.playing)
        paused = (w.last_error, w.game.state_digest() == before, w.game.step == step)
        agent.release.set()  # its answer comes late: nobody applies it
        await until(agent.answered.is_set)
        for _ in range(20):
            await asyncio.sleep(0.005)
        return w, paused, before, step

    w, (message, unchanged, same_step), before, step = asyncio.run(scenario())
    assert unchanged and same_step
    assert message.startswith(f"{w.game.player_name(1)}'s agent held did not answer within agent_time_limit = 0.2 s")
    assert "the bots are paused and nothing changed" in message and "left to finish" in message
    assert w.game.state_digest() == before and w.game.step == step and not w.playing


def test_item9_an_agent_that_never_returns_is_left_and_its_seat_can_be_given_to_a_bot(agents):
    """Play again waits the limit once more (the agent is not asked twice); giving the seat to a bot plays on."""
    agent = agents()

    async def scenario():
        w = at_agents_turn(agent, agent_time_limit=0.1)
        step = w.game.step
        w.play()
        await until(lambda: not w.playing)
        w._on_front_end_msg(w, {"kind": "play"}, [])
        await until(lambda: not w.playing)
        again = w.last_error
        w.seats = ["greedy", "greedy", "greedy"]
        w._on_front_end_msg(w, {"kind": "play"}, [])
        await until(lambda: w.game.step > step + 2)
        return w, again

    w, again = asyncio.run(scenario())
    assert "did not answer within agent_time_limit = 0.1 s" in again
    assert len(agent.threads) == 1 and not agent.answered.is_set()  # asked once, still "thinking"
    assert w.last_error == "" and w.seats[1] == "greedy"


def test_item9_the_page_is_answered_while_an_agent_thinks(agents):
    """set_pace and set_viewer are handled while the agent thinks; its answer is applied when it comes."""
    agent = agents()

    async def scenario():
        w = at_agents_turn(agent)
        step = w.game.step
        w.play()
        await until(agent.asked.is_set)
        sent = time.perf_counter()
        w._on_front_end_msg(w, {"kind": "set_pace", "pace": 0.3}, [])
        w._on_front_end_msg(w, {"kind": "set_viewer", "viewer": "0"}, [])
        answered_in = time.perf_counter() - sent
        during = (agent.answered.is_set(), w.pace, w.viewer, w.last_error, w.game.step == step)
        agent.release.set()
        await until(lambda: w.game.step > step)
        return w, during, answered_in, step

    w, during, answered_in, step = asyncio.run(scenario())
    print(f"two page messages answered in {answered_in * 1000:.1f} ms while the agent thought")
    assert during == (False, 0.3, "0", "", True)
    assert answered_in < 0.5
    assert w.game.entry(step).action.player == 1 and w.last_error == ""


def test_item9_an_answer_while_paused_is_not_applied_and_play_applies_it_without_asking_again(agents):
    agent = agents()

    async def scenario():
        w = at_agents_turn(agent)
        before, step = w.game.state_digest(), w.game.step
        w.play()
        await until(agent.asked.is_set)
        w._on_front_end_msg(w, {"kind": "pause"}, [])
        agent.release.set()
        await until(agent.answered.is_set)
        for _ in range(20):
            await asyncio.sleep(0.005)
        paused = (w.playing, w.game.state_digest() == before)
        w._on_front_end_msg(w, {"kind": "play"}, [])
        await until(lambda: w.game.step > step)
        return w, paused, step

    w, paused, step = asyncio.run(scenario())
    assert paused == (False, True)
    assert w.game.entry(step).action.player == 1 and agent.steps.count(step) == 1


def test_item9_a_late_answer_after_undo_is_dropped(agents):
    """A person plays, the agent thinks, the person takes the move back: the agent's answer to the old
    position is dropped; after the person's new move the agent is asked again and that answer is played."""
    agent = agents(hold=False)

    async def scenario():
        w = EmeraldWidget(players=3, seed=1, seats=["human", agent, "human"], pace=0, playing=False)
        while w.game.current_player != 0:  # Red (the agent) opens, Blue is a person
            w.bot_step() if w.game.current_player == 1 else w.act(w.game.legal_action_ids()[0])
        w.act(w.game.legal_action_ids()[0])
        agent.hold, asked_before = True, len(agent.threads)
        agent.asked.clear(), agent.answered.clear()
        w.play()
        first = w.game.legal_action_ids()
        w.act(first[0])  # the person's turn ends: the agent is asked
        await until(agent.asked.is_set)
        w._on_front_end_msg(w, {"kind": "undo"}, [])
        undone = (w.last_error, w.game.current_player, w.game.step, w.game.state_digest())
        agent.release.set()
        await until(agent.answered.is_set)
        for _ in range(20):
            await asyncio.sleep(0.005)
        after_answer = (w.game.step, w.game.state_digest())
        agent.hold = False
        w.act(first[1])  # another move: a new question
        await until(lambda: w.game.current_player != 1)
        return w, undone, after_answer, first, len(agent.threads) - asked_before

    w, (error, player, step, digest), after_answer, first, asked = asyncio.run(scenario())
    assert error == "" and player == 0
    assert after_answer == (step, digest)  # the late answer changed nothing
    assert w.game.entry(step).action.id == first[1]
    answers = [e for e in w.game.history[step + 1:] if e.action.player == 1]
    assert answers and w.game.entry(step + 1).action.player == 1
    assert asked == 1 + len(answers)  # the dropped answer, then one question per move played


def test_item9_a_fast_agent_plays_as_before_from_a_worker_thread(agents):
    """The same moves as the synchronous bot_step() makes, each worked out outside the kernel's thread."""
    agent = agents(hold=False)

    def synchronous_record():
        w = EmeraldWidget(players=3, seed=4, seats=["greedy", HeldAgent(hold=False), "greedy"])
        while not w.game.is_over:
            w.bot_step()
        return w.record()

    async def scenario():
        w = EmeraldWidget(players=3, seed=4, seats=["greedy", agent, "greedy"], pace=0)
        w.play()
        await until(lambda: w.game.is_over, within=30)
        return w

    w = asyncio.run(scenario())
    assert w.record() == synchronous_record() and w.last_error == ""
    assert agent.threads and threading.main_thread() not in agent.threads


def test_item9_a_search_agent_gets_a_private_copy_never_the_live_game():
    """A bot object with ``needs_search`` redeals a copy taken on the kernel's thread (its determinize is bound
    to it), so the worker thread never reads the game the kernel changes."""
    seen = {}

    class Searcher(GreedyBot):
        needs_search = True

        def choose(self, view, legal_actions, rng, determinize):
            tables = [cell.cell_contents for cell in determinize.__closure__ if isinstance(cell.cell_contents, Game)]
            assert len(tables) == 1  # the one table it redeals (a determinized copy: engine/bots.py)
            seen["table"] = tables[0]
            seen["thread"] = threading.current_thread()
            determinize(rng)
            return super().choose(view, legal_actions, rng)

    w = at_agents_turn(Searcher())
    w.bot_step()
    assert seen["table"] is not w.game and seen["thread"] is not threading.main_thread()
    assert seen["table"].step == w.game.step - 1


def test_item9_bot_step_waits_for_an_agent_at_most_its_time_limit(agents):
    """From Python (or the page's Step button) an agent over its limit raises, pauses and changes nothing."""
    agent = agents()
    w = at_agents_turn(agent, agent_time_limit=0.2)
    w.play()
    before = w.game.state_digest()
    started = time.perf_counter()
    with pytest.raises(IntentError, match="did not answer within agent_time_limit = 0.2 s"):
        w.bot_step()
    waited = time.perf_counter() - started
    print(f"bot_step gave up after {waited:.3f} s")
    assert waited < HELD_AT_MOST - 1 and not w.playing and w.game.state_digest() == before


def test_item9_the_time_limit_defaults_to_five_seconds_and_can_be_changed():
    w = EmeraldWidget(players=3, seed=1)
    assert w.agent_time_limit == 5.0
    w.agent_time_limit = 30
    assert w.agent_time_limit == 30.0


@pytest.mark.parametrize("bad", [0, -1, math.nan, math.inf])
def test_item9_a_bad_time_limit_is_refused_naming_the_field(bad):
    with pytest.raises(IntentError, match=r"agent_time_limit must be a number of seconds above 0.*got"):
        EmeraldWidget(players=3, seed=1, agent_time_limit=bad)
    w = EmeraldWidget(players=3, seed=1, agent_time_limit=2)
    with pytest.raises(IntentError, match="agent_time_limit must be"):
        w.agent_time_limit = bad
    assert w.agent_time_limit == 2.0


def test_item9_a_seat_given_to_a_bot_while_its_agent_thinks_plays_at_once(agents):
    """The bots do not wait for an answer that will be dropped: the new player moves while the agent thinks."""
    agent = agents()

    async def scenario():
        w = at_agents_turn(agent)
        step = w.game.step
        w.play()
        await until(agent.asked.is_set)
        w.seats = ["greedy", "greedy", "greedy"]
        await until(lambda: w.game.step > step + 1, within=HELD_AT_MOST - 1)
        return w, agent.answered.is_set(), step

    w, answered, step = asyncio.run(scenario())
    assert not answered and w.playing and w.last_error == ""
    assert w.game.entry(step).action.player == 1  # greedy's move for Red, made while the agent still thought
