"""dragonwidgets.learn, the notebook's small learner (issue 15 item 5): a linear softmax policy over the
observation tensor, trained by REINFORCE. It learns (a trained policy beats the random bot more often than
an untrained one on the same seeds), its update goes the right way, it is seeded, and it plays a widget seat."""

from __future__ import annotations

import numpy as np
import pytest

import dragonwidgets
from dragonwidgets import EmeraldWidget
from dragonwidgets.learn import Decision, LinearPolicy, evaluate, features, play_game, train


def emerald(seed: int = 3):
    return dragonwidgets.new_game("emerald", players=2, seed=seed)


def wins(rewards: np.ndarray) -> int:
    return int((rewards == 1.0).sum())


def test_an_untrained_policy_is_uniform_over_the_legal_actions():
    game = emerald()
    policy = LinearPolicy.for_game(game)
    mask = game.legal_action_mask()
    p = policy.probabilities(features(game.observation_tensor(game.current_player)), mask)
    assert p.shape == (93,) and np.isclose(p.sum(), 1.0)
    assert np.allclose(p[mask], 1 / mask.sum()) and not p[~mask].any()


def test_an_update_makes_a_rewarded_move_likelier_and_a_punished_one_rarer():
    game = emerald()
    x, mask = features(game.observation_tensor(game.current_player)), game.legal_action_mask()
    action = int(np.flatnonzero(mask)[-1])
    for advantage, sign in ((1.0, 1), (-1.0, -1)):
        policy = LinearPolicy.for_game(game)
        before = policy.probabilities(x, mask)
        policy.update([Decision(x, before, action)], advantage, learning_rate=0.1)
        after = policy.probabilities(x, mask)
        assert sign * (after[action] - before[action]) > 0.01
        assert not after[~mask].any()


def test_training_is_seeded():
    def weights(seed):
        policy = LinearPolicy.for_game(emerald())
        train(policy, games=3, seed=seed)
        return policy.weights

    first = weights(7)
    assert np.array_equal(first, weights(7)) and first.any()
    assert not np.array_equal(first, weights(8))


def test_training_goes_on_where_it_stopped():
    whole, split = LinearPolicy.for_game(emerald()), LinearPolicy.for_game(emerald())
    train(whole, games=4, seed=5)
    t = train(split, games=2, seed=5)
    t = train(split, games=2, seed=5, training=t)
    assert t.games == 4 and len(t.rewards) == 4 and np.array_equal(whole.weights, split.weights)


def test_a_trained_policy_beats_random_more_often_than_an_untrained_one():
    untrained, trained = LinearPolicy.for_game(emerald()), LinearPolicy.for_game(emerald())
    train(trained, "random", games=100, seed=0)
    before = wins(evaluate(untrained, "random", games=40, seed=10_000))
    after = wins(evaluate(trained, "random", games=40, seed=10_000))
    assert after >= 24 and after >= before + 6, (before, after)  # 60 % of 40, and clearly above


def test_a_trained_policy_plays_a_widget_seat_by_its_best_move():
    policy = LinearPolicy.for_game(emerald(), name="reinforce")
    train(policy, games=5, seed=1)
    w = EmeraldWidget(players=2, seed=4, seats=["human", policy])
    assert w.seats == ["human", "agent reinforce"]
    while w.game.current_player != 1:
        w.act(w.game.legal_action_ids()[0])
    game = w.game
    expected = policy.best(features(game.observation_tensor(1)), game.legal_action_mask())
    step = game.step
    assert w.bot_step().id == game.action_id(expected) == game.entry(step).action.id


def test_bad_input_is_refused():
    game = emerald()
    policy = LinearPolicy.for_game(game)
    with pytest.raises(ValueError, match=">= 0"):
        features(np.array([0.0, -1.0]))
    with pytest.raises(ValueError, match="no legal action"):
        policy.probabilities(np.zeros(528), np.zeros(93, dtype=bool))
    with pytest.raises(ValueError, match="seat must be in 0..1"):
        play_game(policy, seat=2)
    with pytest.raises(ValueError, match="games must be >= 0"):
        train(policy, games=-1)
    with pytest.raises(ValueError, match="has no bot 'clever'"):
        play_game(policy, "clever")
