"""Issue 29: the rollout policies, and the faster twins that choose exactly as the game's bots do."""

from __future__ import annotations

import random

import pytest

import dragonwidgets
from dragonwidgets.analysis.policies import DEFAULT_POLICIES, make_policy, policy_name
from dragonwidgets.analysis.twins.chasse_au_dragon import ChasseGreedyPolicy
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


def test_one_draghan_planner_shared_by_every_seat_and_rollout_chooses_as_fresh_planners():
    """The shared planner (policies.SHARED) has searched other tables first (a warm memo); at every decision
    of another game it chooses as a fresh planner does."""
    shared = make_policy("draghan", "planner", 3)
    assert shared[0] is shared[1] is shared[2] is make_policy("draghan", "planner", 2)[0]
    for seed in (1, 2):
        g = dragonwidgets.new_game("draghan", players=3, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            seat = g.current_player
            view, legal = g.observation(seat), g.legal_actions()
            k = rng.randrange(2**32)
            mine = shared[seat].choose(view, legal, random.Random(k))
            if seed == 2:
                assert dragonwidgets.make_bot("draghan", "planner").choose(view, legal, random.Random(k)).id == mine.id
            g.apply(mine)
