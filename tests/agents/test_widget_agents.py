"""Agents of the notebook's own play widget seats (issue 15 item 4): a bot object or a callable from an
observation to an action; one that raises or answers something illegal pauses the bots, shows the error and
changes nothing."""

from __future__ import annotations

import asyncio

import numpy as np
import pytest

from dragonwidgets import DrachenlandWidget, EmeraldWidget
from dragonwidgets.games.emerald import GreedyBot
from dragonwidgets.widgets.base import IntentError


def first_legal(obs):
    """A PettingZoo-style policy: the lowest legal index of the action mask."""
    return int(np.flatnonzero(obs["action_mask"])[0])


def test_a_pettingzoo_style_policy_plays_a_seat():
    seen = []

    def policy(obs):
        seen.append(obs)
        return first_legal(obs)

    w = EmeraldWidget(players=3, seed=1, seats=["human", policy, "greedy"])
    assert w.seats == ["human", "agent policy", "greedy"] and "agent policy" in w.bot_names
    while w.game.current_player != 1:
        w.bot_step() if w.game.current_player == 2 else w.act(w.game.legal_action_ids()[0])
    game = w.game
    expected, step = game.action_id(game.legal_action_indices()[0]), game.step
    action = w.bot_step()
    assert action.id == expected == game.entry(step).action.id
    obs = seen[-1]
    assert obs["view"]["viewer"] == 1 and expected in obs["legal_actions"]
    assert obs["observation"].shape == game.observation_tensor_shape  # the seat's own tensor, no more


def test_a_bot_object_plays_as_the_named_bot_does():
    def play(seats):
        w = EmeraldWidget(players=3, seed=11, seats=seats)
        while not w.game.is_over:
            w.bot_step()
        return w.record()

    assert play([GreedyBot(), "random", GreedyBot()]) == play(["greedy", "random", "greedy"])


@pytest.mark.parametrize("answer, message", [
    (lambda obs: 1 / 0, "division by zero"),
    (lambda obs: 10_000, "outside the action space"),
    (lambda obs: "take gem", "'take gem' is not legal"),
    (lambda obs: None, "an agent answers an action index"),
])
def test_a_failing_agent_pauses_the_bots_and_changes_nothing(answer, message):
    w = EmeraldWidget(players=3, seed=1, seats=["greedy", answer, "greedy"])
    while w.game.current_player != 1:
        w.bot_step()
    w.play()
    before, step = w.game.state_digest(), w.game.step
    with pytest.raises(IntentError, match=message) as info:
        w.bot_step()
    assert str(info.value).startswith(f"{w.game.player_name(1)}'s agent <lambda> failed, the bots are paused")
    assert not w.playing and message in w.last_error
    assert w.game.state_digest() == before and w.game.step == step


def test_a_failing_agent_is_named_as_its_peoples_in_drachenland():
    """Drachenland's seats are peoples: the error names "the Dwarves' agent", not "Dwarves's"."""
    w = DrachenlandWidget(players=2, seed=1, seats=["human", lambda obs: 1 / 0])
    while w.game.current_player != 1:
        w.act(w.game.legal_actions()[0].id) if w.game.current_player == 0 else w.resolve_chance()
    with pytest.raises(IntentError) as info:
        w.bot_step()
    name = w.game.player_name(1)
    assert name.endswith("s") and str(info.value).startswith(f"{name}' agent <lambda> failed")


def test_a_failing_agent_stops_the_running_bots_and_the_front_end_sees_why():
    def broken(obs):
        raise RuntimeError("my network is not trained")

    async def scenario():
        w = EmeraldWidget(players=3, seed=1, seats=["greedy", broken, "greedy"], pace=0)
        w.play()
        for _ in range(200):
            await asyncio.sleep(0)
            if not w.playing:
                break
        return w

    w = asyncio.run(scenario())
    assert not w.playing and w.game.current_player == 1
    assert "my network is not trained" in w.last_error
    w._on_front_end_msg(w, {"kind": "bot_step"}, [])  # the Step button: refused the same way
    assert "my network is not trained" in w.last_error and w.game.current_player == 1


def test_agents_get_distinct_labels_and_the_front_end_can_give_one_to_another_seat():
    class Policy:
        name = "ppo"

        def __call__(self, obs):
            return first_legal(obs)

    a, b = Policy(), Policy()
    w = EmeraldWidget(players=3, seed=1, seats=[a, b, "human"])
    assert w.seats == ["agent ppo", "agent ppo #2", "human"]
    w._on_front_end_msg(w, {"kind": "set_seat", "seat": 2, "who": "agent ppo"}, [])
    assert w.last_error == "" and w.seats[2] == "agent ppo" and w._bot(2) is a


@pytest.mark.parametrize("who", [42, object()])
def test_a_seat_that_is_no_agent_is_refused(who):
    w = EmeraldWidget(players=3, seed=1)
    with pytest.raises(IntentError, match=r"seats\[1\] must be 'human', a bot name, an agent object"):
        w.seats = ["human", who, "human"]
    assert w.seats == ["human"] * 3
