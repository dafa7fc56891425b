"""``dragonwidgets.pettingzoo.env`` passes PettingZoo's own ``api_test`` and ``seed_test`` (issue 15), for each
game at its smallest and largest player count. A game joins as soon as it has the numeric face (an integer
action space and an observation tensor); until then its cases are skipped with the reason.
"""

from __future__ import annotations

import functools

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the optional extra 'pettingzoo' is not installed")
from pettingzoo.test import api_test, seed_test  # noqa: E402

import dragonwidgets  # noqa: E402
from dragonwidgets import IllegalActionError  # noqa: E402
from dragonwidgets.engine.registry import game_class  # noqa: E402
from dragonwidgets.pettingzoo import env  # noqa: E402

GAMES = ("emerald", "drachenland", "chasse_au_dragon", "draghan")


def _has_numeric_face(name: str, players: int) -> bool:
    game = dragonwidgets.new_game(name, players=players, seed=0)
    try:
        game.num_distinct_actions, game.observation_tensor_shape
    except NotImplementedError:
        return False
    return True


def _cases():
    for name in GAMES:
        cls = game_class(name)
        for players in sorted({cls.min_players, cls.max_players}):
            marks = () if _has_numeric_face(name, players) else pytest.mark.skip(
                reason=f"{name} has no integer action space or observation tensor yet (issue 15)")
            yield pytest.param(name, players, marks=marks, id=f"{name}-{players}")


CASES = list(_cases())


@pytest.mark.parametrize("name, players", CASES)
def test_api_test(name, players):
    api_test(env(name, players=players, render_mode="ansi"), num_cycles=1000)


@pytest.mark.parametrize("name, players", CASES)
def test_seed_test(name, players):
    seed_test(functools.partial(env, name, players=players), num_cycles=500)


def _play_to_the_end(e, seed):
    """Play ``e`` with random legal indices to the end; return each agent's summed rewards."""
    rng = np.random.default_rng(seed)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, termination, truncation, _ = e.last()
        total[agent] += reward
        action = None if termination or truncation else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        e.step(action)
    return total


@pytest.mark.parametrize("name, players", CASES)
def test_a_whole_game_pays_each_agent_its_seat_return(name, players):
    e = env(name, players=players)
    e.reset(seed=3)
    game = e.unwrapped.game
    total = _play_to_the_end(e, 3)
    assert game.is_over and not e.agents
    assert [total[a] for a in e.possible_agents] == pytest.approx(game.returns())


@pytest.mark.parametrize("name, players", CASES)
def test_an_illegal_index_raises_and_changes_nothing(name, players):
    e = env(name, players=players)
    e.reset(seed=1)
    game = e.unwrapped.game
    agent, before = e.agent_selection, game.state_digest()
    illegal = int(np.flatnonzero(e.observe(agent)["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match=f"index {illegal} "):
        e.step(illegal)
    assert game.state_digest() == before and e.agent_selection == agent


@pytest.mark.parametrize("name, players", CASES)
def test_only_the_agent_to_act_has_a_mask_and_render_gives_the_text_board(name, players):
    e = env(name, players=players, render_mode="ansi")
    e.reset(seed=2)
    game = e.unwrapped.game
    assert e.agent_selection == f"player_{game.current_player}"
    for agent in e.possible_agents:
        mask = e.observe(agent)["action_mask"]
        assert mask.any() == (agent == e.agent_selection)
    assert e.render() == repr(game)


def test_a_seed_gives_the_same_game_and_later_resets_new_ones():
    e = env("emerald", players=3)
    e.reset(seed=11)
    first = e.unwrapped.game.seed
    e.reset()
    second = e.unwrapped.game.seed
    e.reset(seed=11)
    assert e.unwrapped.game.seed == first != second


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="chance is always drawn"):
        env("emerald", players=3, chance="manual")
    with pytest.raises(ValueError, match="render_mode"):
        env("emerald", players=3, render_mode="human")
    with pytest.raises(ValueError, match="no option 'speed'"):
        env("emerald", players=3, speed=2)
