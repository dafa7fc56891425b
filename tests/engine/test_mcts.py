"""The engine's Monte Carlo tree search bot: registered for every game, reproducible, never peeks, stronger than random."""

from __future__ import annotations

import json
import pickle
import random

import pytest

import dragonwidgets
from dragonwidgets.engine import GAMES, MCTSBot, bot_move, bot_names, make_bot, play_out
from dragonwidgets.engine.mcts import evaluate

SMALL = dict(iterations=25, rollout_depth=10)


def random_prefix(name, players, seed, steps):
    """A game after ``steps`` random decisions, stopped at a decision with a choice."""
    g = dragonwidgets.new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    while len(g.legal_actions()) < 2:
        g.apply(g.legal_actions()[0])
    assert not g.is_over
    return g


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_offers_mcts(name):
    assert "mcts" in bot_names(name)
    assert set(bot_names(name)) >= {"mcts", "random"}
    assert isinstance(make_bot(name, "mcts"), MCTSBot)


def test_the_bot_pickles_with_its_budget():
    bot = pickle.loads(pickle.dumps(MCTSBot(iterations=7, rollout_depth=3, exploration=1.5)))
    assert (bot.iterations, bot.seconds, bot.rollout_depth, bot.exploration) == (7, None, 3, 1.5)


@pytest.mark.parametrize("kwargs", [dict(iterations=0), dict(iterations=2.5), dict(seconds=0),
                                    dict(seconds="1"), dict(rollout_depth=-1), dict(exploration=-0.1)])
def test_bad_budgets_are_refused(kwargs):
    with pytest.raises(ValueError):
        MCTSBot(**kwargs)


def test_same_rng_same_choice_and_the_true_game_untouched():
    g = random_prefix("emerald", 3, seed=4, steps=10)
    before = json.dumps(g.to_record(), sort_keys=True), g.state_digest()
    picks = {bot_move(g, MCTSBot(**SMALL), random.Random(11)).id for _ in range(3)}
    assert len(picks) == 1 and picks <= set(g.legal_action_ids())
    assert (json.dumps(g.to_record(), sort_keys=True), g.state_digest()) == before


def test_the_search_depends_on_its_rng():
    g = random_prefix("emerald", 3, seed=4, steps=10)
    picks = {bot_move(g, MCTSBot(iterations=3, rollout_depth=2), random.Random(s)).id for s in range(12)}
    assert len(picks) > 1


@pytest.mark.parametrize("name, players, seed, steps", [
    ("draghan", 2, 3, 6),
    ("chasse_au_dragon", 3, 5, 40),
    ("drachenland", 3, 7, 60),
    ("emerald", 3, 2, 20),
])
def test_never_peeks_a_redeal_of_what_the_seat_cannot_see_changes_nothing(name, players, seed, steps):
    g = random_prefix(name, players, seed, steps)
    seat = g.current_player
    g2 = g.clone()
    g2._resample_hidden(seat, random.Random(9))
    g2._legal_cache = None
    assert g2.observation(seat) == g.observation(seat)
    assert g2.state_digest() != g.state_digest()  # the full tables differ: something hidden moved
    a1 = bot_move(g, MCTSBot(**SMALL), random.Random(5))
    a2 = bot_move(g2, MCTSBot(**SMALL), random.Random(5))
    assert a1.id == a2.id


class Spy:
    """A search bot that records what its determinize callable hands out."""

    needs_view = False
    needs_search = True

    def __init__(self):
        self.copies = []

    def choose(self, view, legal_actions, rng, determinize):
        self.copies = [determinize(rng) for _ in range(3)]
        return legal_actions[0]


def test_bot_move_hands_a_search_bot_determinized_copies_only():
    g = random_prefix("chasse_au_dragon", 3, seed=5, steps=40)
    seat, spy = g.current_player, Spy()
    bot_move(g, spy, random.Random(1))
    assert len(spy.copies) == 3
    for c in spy.copies:
        assert c is not g and c.state is not g.state and c.seed != g.seed
        assert c.current_player == seat and c.observation(seat) == g.observation(seat)
    assert len({c.seed for c in spy.copies}) == 3


def test_a_single_legal_action_is_played_without_search():
    only = dragonwidgets.new_game("emerald", players=2, seed=1).legal_actions()[:1]
    assert MCTSBot().choose({}, only, random.Random(0)) is only[0]
    with pytest.raises(ValueError, match="bot_move"):
        MCTSBot().choose({}, only * 2, random.Random(0))


def test_evaluate_shares_wins_and_ranks_unfinished_scores():
    g = random_prefix("emerald", 3, seed=4, steps=10)
    scores = g.scores()
    values = evaluate(g)
    assert len(values) == 3 and all(0 <= v <= 1 for v in values)
    best = max(scores.values())
    for p, v in enumerate(values):
        if scores[p] == best and list(scores.values()).count(best) == 1:
            assert v == 1.0
    play_out(g, [make_bot("emerald", "random")] * 3, random.Random(0))
    values, winners = evaluate(g), g.winners()
    assert sum(values) == pytest.approx(1.0) and all(values[w] == 1 / len(winners) for w in winners)
    team = random_prefix("draghan", 2, seed=3, steps=6)
    play_out(team, [make_bot("draghan", "random")] * 2, random.Random(0))
    assert evaluate(team) == [1.0 if team.winners() else 0.0] * 2


def test_beats_random_on_emerald():
    """Two-player Emerald, 8 seeded games, seats alternating: a small search wins at least 6 (random: 4 expected)."""
    wins = 0.0
    for k in range(8):
        seat = k % 2
        bots = [make_bot("emerald", "random"), make_bot("emerald", "random")]
        bots[seat] = MCTSBot(iterations=16, rollout_depth=8)
        g = play_out(dragonwidgets.new_game("emerald", players=2, seed=100 + k), bots, random.Random(k))
        if seat in g.winners():
            wins += 1 / len(g.winners())
    assert wins >= 6
