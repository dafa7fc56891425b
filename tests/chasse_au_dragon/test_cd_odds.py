"""The odds of the fight in view (CD-COMBAT-5, CD-COMBAT-6), from any seat's observation."""

from __future__ import annotations

import random

import pytest

import dragonwidgets
from dragonwidgets.games.chasse_au_dragon.dice import duel_odds
from dragonwidgets.games.chasse_au_dragon.odds import fight_odds

FIGHTS = ("choose_duel", "duel_flight", "encounter", "flee_roll", "combat")


@pytest.mark.parametrize("seed", [3])
def test_CD_COMBAT_6_fight_odds_are_exact_and_public(seed):
    """Every fight decision of a random game gets exact odds; every seat's view gives the same ones."""
    g = dragonwidgets.new_game("chasse_au_dragon", players=3, seed=seed, chance="manual")
    rng = random.Random(seed)
    seen = set()
    for _ in range(800):
        if g.is_over:
            break
        obs = g.observation(None)
        odds = fight_odds(obs)
        if obs["decision"] in FIGHTS:
            seen.add(obs["decision"])
            assert odds, obs["decision"]
            for o in odds:
                a, b = o["faces"]
                assert (o["win"], o["tie"], o["loss"]) == tuple(round(p, 10) for p in duel_odds(a, b))
                assert abs(o["win"] + o["tie"] + o["loss"] - 1) < 1e-9
            assert all(fight_odds(g.observation(s)) == odds for s in range(3))
        else:
            assert odds is None
        legal = g.legal_actions()
        if g.is_chance_node:
            g.apply(rng.choices(legal, weights=[a.prob for a in legal])[0])
        else:
            g.apply(legal[rng.randrange(len(legal))])
    assert {"encounter", "combat"} <= seen
