"""Issue 29: the rollout policies, and the faster twins that choose exactly as the game's bots do."""

from __future__ import annotations

import random

import pytest

import dragonwidgets
from dragonwidgets.analysis.policies import DEFAULT_POLICIES, ChasseGreedyPolicy, make_policy, policy_name
from dragonwidgets.games.chasse_au_dragon.bots import GreedyBot


@pytest.mark.parametrize("seed", [1])
def test_chasse_greedy_twin_chooses_as_the_greedy_bot_at_every_decision_of_a_game(seed):
    g = dragonwidgets.new_game("chasse_au_dragon", players=3, seed=seed)
    bot, twin = GreedyBot(), ChasseGreedyPolicy()
    rng = random.Random(seed)
    decisions = 0
    while not g.is_over and decisions < 150:
        seat = g.current_player
        view, legal = g.observation(seat), g.legal_actions()
        k = rng.randrange(2**32)
        mine = twin.choose(view, legal, random.Random(k))
        assert bot.choose(view, legal, random.Random(k)).id == mine.id
        g.apply(mine)
        decisions += 1
    assert decisions == 150


def test_default_policy_per_game_and_unknown_policy_refused():
    assert policy_name("draghan", None) == "planner" == DEFAULT_POLICIES["draghan"]
    assert policy_name("emerald", "random") == "random"
    with pytest.raises(ValueError, match="policy must be"):
        policy_name("emerald", "planner")
    assert all(isinstance(b, ChasseGreedyPolicy) for b in make_policy("chasse_au_dragon", "greedy", 3))
