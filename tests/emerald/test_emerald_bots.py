"""Bots: both play complete games at 2..5 players, from their seat's observation only."""

from __future__ import annotations

import random

import pytest

import dragonwidgets
from dragonwidgets.engine import play_out
from dragonwidgets.games.emerald import BOTS, EmeraldGame, GreedyBot, RandomBot
from dragonwidgets.games.emerald.bots import landing_odds
from emerald_builder import play, position


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bots_play_complete_games(players, bot):
    for seed in range(3):
        g = EmeraldGame(players=players, seed=seed)
        play_out(g, [BOTS[bot]() for _ in range(players)], random.Random(seed))
        assert g.is_over and g.winners()


def test_registry_offers_both_bots_and_the_engines_search_bot():
    assert dragonwidgets.bot_names("emerald") == ["greedy", "mcts", "random"]
    assert isinstance(dragonwidgets.make_bot("emerald", "greedy"), GreedyBot)


def test_greedy_decides_from_its_seat_view_only():
    """The bot gets ``game.observation(seat)``: no face-down cards, no other seat's gold values."""
    g = EmeraldGame(players=3, seed=1)
    seen = []

    class Spy(GreedyBot):
        def choose(self, view, legal, rng):
            seen.append(view)
            return super().choose(view, legal, rng)

    play_out(g, [Spy(), Spy(), Spy()], random.Random(0))
    assert seen and all("face_down" not in v and v["viewer"] is not None for v in seen)
    assert all(h["gold"] is None for v in seen for h in v["hands"] if h["seat"] != v["viewer"] and not v["is_over"])


def test_greedy_prefers_the_lair():
    g = position(3, knights={"M8": {"black": 1, "red": 1}, "P6": {"black": 1}},
                 piles={"M1": {"gold": [5], "gem": []}})
    choice = GreedyBot().choose(g.observation(0), g.legal_actions(), random.Random(0))
    assert choice.id == "move M8 black"


def test_greedy_takes_the_better_card_and_avoids_the_dragon():
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}}, piles={"M1": {"gold": [2], "gem": []},
                 "M2": {"gold": [3], "gem": []}}, track=6, dragon=("M9", "plain"))
    # M1 (gold 2, safe) vs P2 (plain): the card wins
    assert GreedyBot().choose(g.observation(0), g.legal_actions(), random.Random(0)).id == "move P6 black"
    play(g, "move P6 black")
    assert GreedyBot().choose(g.observation(0), g.legal_actions(), random.Random(0)).id == "take gold"


def test_greedy_captures_an_opponent_and_pays_the_cheapest():
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}, "M3": {"black": 1, "red": 1}, "P2": {"red": 1}},
                 emptied="all", hands={0: {"gold": [4, 1]}, 1: {"gold": [5, 2]}})
    play(g, "move P6 black", "roll 1")
    assert GreedyBot().choose(g.observation(0), g.legal_actions(), random.Random(0)).id == "capture red"
    play(g, "capture red")
    assert GreedyBot().choose(g.observation(1), g.legal_actions(), random.Random(0)).id == "pay 2"


def test_landing_odds_from_the_observation():
    """The bot's dragon forecast (EM-DRAGON-7 on the observed track) matches the start position: M3, M2, M1."""
    odds = landing_odds(EmeraldGame(players=3, seed=0).observation(0))
    assert odds == pytest.approx({"M3": 1 / 3, "M2": 1 / 3, "M1": 1 / 3})


def test_greedy_beats_random_more_often_than_not():
    wins = 0
    for seed in range(20):
        g = EmeraldGame(players=2, seed=seed, first_player=seed % 2)
        play_out(g, [GreedyBot(), RandomBot()], random.Random(seed))
        wins += 0 in g.winners()
    assert wins >= 14
