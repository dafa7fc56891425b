"""``EmeraldGame._resample_hidden`` (digest section 7): what a seat cannot see is redealt for search.

Hidden from a seat: the face-down pile cards, the 4 boxed cards, the other seats' gold values (until
the end) and the values they paid to the dragon.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import dragonwidgets
from dragonwidgets.games.emerald.state import GEM, GOLD, OVER, PAY_OR_LOSE
from random_play import random_prefix


def _resampled(game, seat: int, rng_seed: int):
    twin = game.clone()
    twin._resample_hidden(seat, random.Random(rng_seed))
    twin._legal_cache = None  # as determinize() does: another seat's choices may depend on redealt cards
    return twin


def _all_cards(state) -> tuple[Counter, Counter]:
    """Every gold value and gem type in the game: piles, box, hands, paid to the dragon."""
    gold, gems = Counter(), Counter()
    for piles in state.piles.values():
        gold.update(piles[GOLD])
        gems.update(piles[GEM])
    for c in state.out_of_game:
        (gold if isinstance(c, int) else gems)[c] += 1
    for hand in state.hands:
        gold.update(hand.gold)
        gold.update(hand.paid)
        gems.update(hand.gems)
    return gold, gems


def _hidden_from(game, seat: int) -> tuple:
    """What ``seat`` cannot see, read from the full table: face-down cards, the box, others' gold."""
    s = game.state
    face_down = tuple((sq, kind, tuple(cards[:-1])) for sq, two in s.piles.items() for kind, cards in two.items())
    others = tuple((tuple(h.gold), tuple(h.paid)) for i, h in enumerate(s.hands) if i != seat)
    return face_down, tuple(s.out_of_game), others


def _positions():
    out = [random_prefix("emerald", p, seed, n) for p in (2, 3, 4, 5) for seed, n in ((1, 0), (2, 35), (3, 90))]
    out.append(random_prefix("emerald", 3, 4, 10_000))  # finished: gold values are shown, paid ones not
    out.append(random_prefix("emerald", 4, 5, 60, show_paid_gold=True))
    for seed in range(60):  # a pending payment (the captured knight's owner decides)
        g = dragonwidgets.new_game("emerald", players=3, seed=seed)
        rng = random.Random(seed)
        while not g.is_over and g.state.phase != PAY_OR_LOSE:
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
        if g.state.phase == PAY_OR_LOSE:
            out.append(g)
            break
    assert any(g.is_over for g in out) and any(g.state.phase == PAY_OR_LOSE for g in out)
    return out


POSITIONS = _positions()


@pytest.mark.parametrize("game", POSITIONS, ids=lambda g: f"{g.players}p-step{g.step}-{g.state.phase}")
def test_observation_of_the_seat_is_unchanged(game):
    for seat in range(game.players):
        twin = _resampled(game, seat, 17)
        assert twin.observation(seat) == game.observation(seat)


@pytest.mark.parametrize("game", POSITIONS, ids=lambda g: f"{g.players}p-step{g.step}-{g.state.phase}")
def test_components_are_conserved(game):
    before = _all_cards(game.state)
    for seat in range(game.players):
        assert _all_cards(_resampled(game, seat, 5).state) == before
    assert before == (Counter(game.board.gold_deck), Counter(game.board.gem_deck))


@pytest.mark.parametrize("game", POSITIONS, ids=lambda g: f"{g.players}p-step{g.step}-{g.state.phase}")
def test_the_hidden_part_really_varies_across_rngs(game):
    seat = 0
    if not any(len(cards) > 1 for two in game.state.piles.values() for cards in two.values()):
        pytest.skip("no face-down card left")  # the box alone still varies, checked below
    seen = {_hidden_from(_resampled(game, seat, r), seat) for r in range(8)}
    assert len(seen) > 1
    boxes = {tuple(_resampled(game, seat, r).state.out_of_game) for r in range(20)}
    assert len(boxes) > 1


def _swap_hidden(game, seat: int) -> None:
    """Change, in place, only things ``seat`` cannot see: face-down cards, the box, others' gold."""
    s = game.state
    deep = [(sq, kind) for sq, two in s.piles.items() for kind, cards in two.items() if len(cards) > 1]
    (sq1, k1), (sq2, k2) = [x for x in deep if x[1] == GOLD][:2]
    a, b = s.piles[sq1][k1], s.piles[sq2][k2]
    a[0], b[0] = b[0], a[0]  # swap two face-down gold cards between piles
    gold_box = [i for i, c in enumerate(s.out_of_game) if isinstance(c, int)][0]
    s.out_of_game[gold_box], a[0] = a[0], s.out_of_game[gold_box]  # a face-down card and a boxed one
    gem_piles = [(sq, kind) for sq, kind in deep if kind == GEM]
    sq3, k3 = gem_piles[-1]
    gem_box = [i for i, c in enumerate(s.out_of_game) if isinstance(c, str)][0]
    s.out_of_game[gem_box], s.piles[sq3][k3][0] = s.piles[sq3][k3][0], s.out_of_game[gem_box]
    other = next(i for i, h in enumerate(s.hands) if i != seat and h.gold)
    s.hands[other].gold[0], b[0] = b[0], s.hands[other].gold[0]  # an opponent's gold and a face-down one
    game._legal_cache = None


def test_states_differing_only_in_hidden_things_resample_to_the_same_state():
    game = random_prefix("emerald", 3, 21, 40)
    seat = 1
    assert any(h.gold for i, h in enumerate(game.state.hands) if i != seat)
    other = game.clone()
    for _ in range(20):
        _swap_hidden(other, seat)
        if other.state_digest() != game.state_digest():
            break
    assert other.state_digest() != game.state_digest()  # the full tables differ ...
    assert other.observation(seat) == game.observation(seat)  # ... but not what the seat sees
    for r in range(3):
        assert _resampled(other, seat, r).state_digest() == _resampled(game, seat, r).state_digest()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_resampled_copies_play_on_to_the_end(players):
    game = random_prefix("emerald", players, 9, 50)
    for seat in range(players):
        twin = game.determinize(seat, random.Random(seat))
        rng = random.Random(seat)
        while not twin.is_over:
            legal = twin.legal_actions()
            twin.apply(legal[rng.randrange(len(legal))])
        assert twin.state.phase == OVER
    assert not game.is_over  # the true game is never touched


def test_own_gold_and_paid_values_and_public_cards_stay():
    game = random_prefix("emerald", 3, 4, 10_000)
    assert game.is_over
    twin = _resampled(game, 0, 3)
    for a, b in zip(game.state.hands, twin.state.hands):
        assert sorted(a.gold) == sorted(b.gold)  # shown at the end for scoring
    assert sorted(twin.state.hands[0].paid) == sorted(game.state.hands[0].paid)
    assert twin.scores() == game.scores()


def test_a_position_with_cards_from_nowhere_is_refused():
    game = random_prefix("emerald", 3, 2, 20)
    game.state.hands[0].gold += [5] * 6  # more gold 5 cards than the deck holds
    with pytest.raises(ValueError, match="do not add up"):
        game._resample_hidden(0, random.Random(1))
