"""The engine's integer action space, legal action mask, index errors and returns (issue 15), on Emerald.

Emerald's space is listed in ``dragonwidgets/games/emerald/tensor.py``: its order is a contract (agents
trained on one version keep their meaning), so a few indices are pinned here.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

import dragonwidgets
from dragonwidgets import IllegalActionError
from random_play import random_prefix

PLAYER_COUNTS = (2, 3, 4, 5)


def _played_states(players: int, seed: int, chance: str = "auto"):
    """Yield every state of one random game (random choices, and random chance outcomes in manual mode)."""
    g = dragonwidgets.new_game("emerald", players=players, seed=seed, chance=chance)
    rng = random.Random(seed)
    while True:
        yield g
        if g.is_over:
            return
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_action_space_is_a_bijection_with_pinned_indices(players):
    """action_id(action_index(x)) == x for every id; the first and last ids keep their indices."""
    g = dragonwidgets.new_game("emerald", players=players, seed=1)
    n = g.num_distinct_actions
    ids = [g.action_id(i) for i in range(n)]
    assert len(set(ids)) == n
    assert [g.action_index(a) for a in ids] == list(range(n))
    assert ids[0] == "move T1 black" and ids[1] == "move T1 red"  # board colour order
    assert ids[-6:] == ["pay 1", "pay 2", "pay 3", "pay 4", "pay 5", "lose"]
    colours = {2: 4, 3: 3, 4: 4, 5: 5}[players]  # EM-SETUP-11/12, EM-P2-1: colours in play
    assert n == 20 * colours + 3 + colours + 6  # moves, end turn + 2 takes, captures, 5 pays + lose
    assert ids[20 * colours: 20 * colours + 3] == ["end turn", "take gold", "take gem"]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_legal_action_mask_marks_exactly_the_legal_actions(players):
    """Over whole random games, the mask's True indices are the legal actions' indices (none at the end)."""
    decisions = 0
    for g in _played_states(players, seed=10 + players):
        mask = g.legal_action_mask()
        assert mask.dtype == bool and mask.shape == (g.num_distinct_actions,)
        expected = sorted(g.action_index(a) for a in g.legal_action_ids()) if not g.is_over else []
        assert np.flatnonzero(mask).tolist() == expected == g.legal_action_indices()
        decisions += not g.is_over
    assert decisions > 20


def test_chance_outcomes_have_their_own_space():
    """With manual chance, every die face and card turned up is in chance_space; the seats' mask is empty then."""
    seen = set()
    for g in _played_states(3, seed=5, chance="manual"):
        if g.is_chance_node:
            assert not g.legal_action_mask().any()
            for outcome in g.legal_action_ids():
                assert g.chance_space.ids[g.chance_space.index(outcome)] == outcome
                seen.add(outcome.split()[0])
    assert seen == {"roll", "reveal"}
    assert not set(g.chance_space.ids) & set(g.action_space.ids)


@pytest.mark.parametrize("bad", [-1, 72, 10**9, 2.0, "0", True, None])
def test_an_index_outside_the_space_changes_nothing(bad):
    g = random_prefix("emerald", 3, 4, 7)
    before, step = g.state_digest(), g.step
    with pytest.raises(IllegalActionError, match="outside the action space 0..71") as info:
        g.apply_index(bad)
    assert info.value.index is bad and "legal indices: " in str(info.value)
    assert g.state_digest() == before and g.step == step


def test_an_index_not_legal_now_names_its_id_and_the_legal_ones():
    """EM-CARD-1: no card may be taken at a knight's selection; the error says which index, id and what is legal."""
    g = dragonwidgets.new_game("emerald", players=3, seed=1, first_player=0)
    before = g.state_digest()
    index = g.action_index("take gem")
    with pytest.raises(IllegalActionError) as info:
        g.apply_index(np.int64(index))
    message = str(info.value)
    assert f"index {index} ('take gem')" in message and info.value.action_id == "take gem"
    legal = g.legal_action_indices()
    assert f"legal indices: {', '.join(map(str, legal))}" in message
    assert info.value.legal == g.legal_action_ids()
    assert g.state_digest() == before


def test_apply_index_applies_the_action_of_that_index():
    g = dragonwidgets.new_game("emerald", players=3, seed=1, first_player=0)
    twin = g.clone()
    g.apply_index(g.action_index("move T2 black"))
    twin.apply("move T2 black")
    assert g.state_digest() == twin.state_digest()


def test_lookups_outside_the_space_raise_value_error():
    g = dragonwidgets.new_game("emerald", players=2, seed=1)
    with pytest.raises(ValueError, match="0..92"):
        g.action_id(93)
    with pytest.raises(ValueError, match="'fly away' is not in this action space"):
        g.action_index("fly away")
    with pytest.raises(ValueError, match="'move T1 yellow'"):  # yellow is not played at 2 players (EM-P2-1)
        g.action_index("move T1 yellow")


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_returns_are_zero_until_the_end_then_the_winners_share_one(players):
    """EM-END-4, EM-INT-20: the winners (several on a tie) share 1; the others get 0."""
    for seed in range(3):
        g = random_prefix("emerald", players, seed, 40)
        assert g.is_over or g.returns() == [0.0] * players
        g = random_prefix("emerald", players, seed, 100_000)
        winners = g.winners()
        assert g.returns() == [1 / len(winners) if s in winners else 0.0 for s in range(players)]
        assert sum(g.returns()) == pytest.approx(1.0)
