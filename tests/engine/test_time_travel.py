"""Time travel at once (issue 12): goto and undo restore from checkpoints instead of replaying from step 0,
and give exactly the state the line had at that step; the history's tail is read without building it."""

from __future__ import annotations

import random

import pytest

import dragonwidgets
from dragonwidgets.engine import GAMES, HistoryError, game_class
from dragonwidgets.engine import game as engine_game

#: Checkpoints this close together make short games (Draghan's end in 50-110 steps) cross several.
CHECKPOINT_EVERY = 8


@pytest.fixture(autouse=True)
def close_checkpoints(monkeypatch):
    monkeypatch.setattr(engine_game, "CHECKPOINT_EVERY", CHECKPOINT_EVERY)


def _played(name: str, players: int, steps: int, seed: int):
    g = dragonwidgets.new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    digests = {g.step: (g.state_digest(), g.legal_action_ids())}
    while g.step < steps and not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
        digests[g.step] = (g.state_digest(), g.legal_action_ids())
    return g, digests, rng


def _now(g):
    return g.state_digest(), g.legal_action_ids()


@pytest.mark.parametrize("name", sorted(GAMES))
def test_goto_any_step_gives_the_state_the_line_had_there(name):
    players = game_class(name).max_players
    g, digests, rng = _played(name, players, 300, seed=5)
    last = g.step
    assert last > 2 * CHECKPOINT_EVERY
    assert sorted(g._checkpoints)[:3] == [CHECKPOINT_EVERY, 2 * CHECKPOINT_EVERY, 3 * CHECKPOINT_EVERY]
    for step in rng.sample(sorted(digests), min(40, len(digests))) + [0, last]:
        g.goto(step)
        assert _now(g) == digests[step], step
        assert g.history_length == last
    g.goto(last)
    assert _now(g) == digests[last]


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_checkpoint_is_not_changed_by_playing_on_from_it(name):
    players = game_class(name).max_players
    g, digests, rng = _played(name, players, 3 * CHECKPOINT_EVERY + 5, seed=4)
    if g.is_over:
        pytest.skip("the random game ended early")
    on = min(s for s in digests if s >= CHECKPOINT_EVERY)  # on a checkpoint, or just after one
    g.goto(on)
    for _ in range(10):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])  # a branch: the old line after step 32 is dropped
    g.goto(on)
    assert _now(g) == digests[on]
    assert all(k <= g.history_length for k in g._checkpoints)


def test_undo_and_record_round_trip_on_a_long_drachenland_game():
    g, digests, _ = _played("drachenland", 2, 1500, seed=8)
    end = g.step
    g.undo()
    assert g.step < end and _now(g) == digests[g.step]
    again = dragonwidgets.from_record(g.to_record())
    assert again.step == g.step and again.state_digest() == g.state_digest()
    again.goto(end)
    assert _now(again) == digests[end]
    with pytest.raises(HistoryError):
        g.goto(end + 1)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_tail_of_the_history_and_the_log_read_without_building_them(name):
    g, _, _ = _played(name, game_class(name).min_players, 200, seed=9)
    history = g.history
    assert g.history_length == len(history)
    for i in (0, 1, len(history) // 2, -1, -2):
        assert g.entry(i) == history[i]
    with pytest.raises(IndexError):
        g.entry(len(history))
    for viewer in (None, 0):
        full = g.log(viewer)
        for n in (0, 1, 5, 60, 10_000):
            assert g.log(viewer, last=n) == full[-n:] if n else g.log(viewer, last=n) == []
        g2 = g.clone()
        g2.goto(g.step // 2)
        assert g2.log(viewer, last=7) == g2.log(viewer)[-7:]
