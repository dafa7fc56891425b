"""Emerald's observation tensor (issue 15; layout in ``dragonwidgets/games/emerald/tensor.py``).

It holds exactly what ``observation(seat)`` holds (digest section 7): the same for two tables that differ
only in what the seat cannot see (``determinize`` twins), and different whenever the observation differs.
"""

from __future__ import annotations

import json
import random

import pytest

import dragonwidgets
from dragonwidgets.games.emerald.state import PAY_OR_LOSE, REVEAL_CARD
from dragonwidgets.games.emerald.tensor import observation_layout
from random_play import random_prefix
from tensor_checks import check_shape, pair_views, twin_tensors

SHAPES = {2: (528,), 3: (569,), 4: (610,), 5: (651,)}


def _hidden(game, seat):
    """What ``seat`` cannot see, from the full table: face-down and boxed cards, other seats' gold."""
    s = game.state
    return (json.dumps({sq: {k: cards[:-1] for k, cards in two.items()} for sq, two in s.piles.items()}),
            s.out_of_game, [(h.gold, h.paid) for i, h in enumerate(s.hands) if i != seat])


def _positions():
    out = [random_prefix("emerald", p, seed, n) for p in (2, 3, 5) for seed, n in ((1, 0), (2, 35), (3, 90))]
    out.append(random_prefix("emerald", 3, 4, 10_000))  # over: every held gold value is shown, paid ones not
    out.append(random_prefix("emerald", 4, 5, 60, show_paid_gold=True))  # EM-INT-18
    g = random_prefix("emerald", 3, 3, 0, chance="manual")  # a card due under a taken one (EM-CARD-2)
    rng = random.Random(3)
    while g.state.phase != REVEAL_CARD:
        g.apply(rng.choice(g.legal_actions()))
    out.append(g)
    for seed in range(40):  # a pending payment: the captured knight's owner decides (EM-CAPTURE-6)
        g = random_prefix("emerald", 3, seed, 0)
        rng = random.Random(seed)
        while not g.is_over and g.state.phase != PAY_OR_LOSE:
            g.apply(rng.choice(g.legal_actions()))
        if g.state.phase == PAY_OR_LOSE:
            out.append(g)
            break
    return out


@pytest.mark.parametrize("players", sorted(SHAPES))
def test_shape_and_dtype_are_fixed_per_player_count(players):
    check_shape(random_prefix("emerald", players, 3, 50), SHAPES[players])


def test_determinized_twins_give_the_seat_the_same_tensor():
    """Digest section 7: face-down cards, the box, others' gold in hand and paid are not in a seat's tensor."""
    redealt, _ = twin_tensors(_positions(), _hidden)
    assert redealt > 50  # the twins really differ in what the seat cannot see


def test_another_seats_gold_values_are_absent_and_its_own_present():
    """EM-CARD-5: gold lies face down; only its holder reads the values (until the end)."""
    g = random_prefix("emerald", 3, 2, 90)
    layout = observation_layout(g.board, g.players)
    holders = [s for s in range(3) if g.state.hands[s].gold]
    assert holders
    seat = holders[0]
    other = (seat + 1) % 3
    for viewer, shown in ((seat, True), (other, False)):
        row = layout.view(g.observation_tensor(viewer), "hands").reshape(3, -1)[seat]
        assert row[0] == shown and row[6] == len(g.state.hands[seat].gold)
        expected = [g.state.hands[seat].gold.count(v) for v in range(1, 6)] if shown else [0] * 5
        assert row[1:6].tolist() == expected


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_tensor_changes_exactly_when_the_observation_does(players):
    """Over whole random games and every seat: equal observations (``step`` aside) give equal tensors and
    different ones different tensors (the tensor is a faithful encoding, not a summary)."""
    by_obs, by_tensor = {}, {}
    for seed in range(2):
        g = dragonwidgets.new_game("emerald", players=players, seed=seed)
        rng = random.Random(seed)
        while True:
            pair_views(g, by_obs, by_tensor)
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
    assert len(by_obs) > 100


def test_the_knights_field_counts_every_knight_on_the_board():
    """EM-SETUP-11/12: 5 knights of each colour at 3 players, wherever they stand (NEST included)."""
    g = random_prefix("emerald", 3, 6, 120)
    layout = observation_layout(g.board, g.players)
    knights = layout.view(g.observation_tensor(1), "knights").reshape(-1, 5)
    assert knights.sum(axis=0).tolist() == [5, 5, 5, 0, 0]


@pytest.mark.parametrize("bad", [None, -1, 3, True, "0"])
def test_a_bad_seat_is_refused(bad):
    g = dragonwidgets.new_game("emerald", players=3, seed=1)
    with pytest.raises(ValueError, match="seat must be a seat 0..2"):
        g.observation_tensor(bad)
