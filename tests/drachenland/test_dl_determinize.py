"""Redealing what a seat cannot see (``_resample_hidden``, digest section 7, issue 6).

Hidden from every seat: the face-down volcano tokens and the boxed 16th token (DL-SETUP-5). They
are redealt uniformly from the unrevealed remainder. Hoards are kept: every take is public, so a
seat knows them (``determinize.py`` says why). Until the engine's ``clone(history=False)`` is used
here, a copy is ``g.clone()`` followed by the hook, as ``determinize`` will do.
"""

from __future__ import annotations

import random
from collections import Counter
from math import factorial, prod

import pytest

from dragonwidgets.games.drachenland import DrachenlandGame


def random_prefix(players: int, seed: int, face_down: int) -> DrachenlandGame:
    """Random play until at most ``face_down`` volcanoes are still face down (at a seat's decision)."""
    g = DrachenlandGame(players=players, seed=seed)
    rng = random.Random(seed)
    while len(g.state.face_down) > face_down or g.step < 3:
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    assert not g.is_over
    return g


def resampled(g: DrachenlandGame, seat: int, rng: random.Random) -> DrachenlandGame:
    twin = g.clone()
    twin._resample_hidden(seat, rng)
    return twin


def hidden(g: DrachenlandGame) -> tuple:
    """The hidden arrangement: each face-down volcano's token, then the boxed one."""
    s = g.state
    return tuple(s.token[v] for v in sorted(s.face_down)) + (s.boxed,)


def tokens_everywhere(g: DrachenlandGame) -> Counter:
    """Every dragon-head token still in the game: on volcanoes, in the box, as royal dragons on the board."""
    s = g.state
    dragons = [f"royal_dragon_{c}" for c, v in s.dragons.items() if v]
    return Counter([k for k in s.token.values() if k] + [s.boxed] + dragons)


def permute_hidden(g: DrachenlandGame, rng: random.Random) -> None:
    """Rearrange the face-down tokens and the boxed one among themselves (a state ``seat`` cannot tell apart)."""
    s = g.state
    slots = sorted(s.face_down)
    kinds = [s.token[v] for v in slots] + [s.boxed]
    assert len(set(kinds)) >= 2, "nothing to rearrange"
    while True:
        new = list(kinds)
        rng.shuffle(new)
        if new != kinds:
            break
    for v, k in zip(slots, new):
        s.token[v] = k
    s.boxed = new[-1]
    g._legal_cache = None


# (players, seed, face-down volcanoes left): early (all 15), middle and late positions
POSITIONS = [(2, 11, 15), (3, 12, 10), (4, 13, 5), (3, 14, 2)]


@pytest.mark.parametrize("players, seed, face_down", POSITIONS)
def test_section_7_every_seats_observation_is_unchanged(players, seed, face_down):
    """Section 7: after redealing for any seat, no seat's observation changes (only face-down things moved)."""
    g = random_prefix(players, seed, face_down)
    assert len(g.state.face_down) >= 2
    for seat in range(players):
        twin = resampled(g, seat, random.Random(seat))
        for viewer in range(players):
            assert twin.observation(viewer) == g.observation(viewer)
        assert twin.legal_action_ids() == g.legal_action_ids()
        assert twin.state.hoards == g.state.hoards  # known from the public log of takes: kept


@pytest.mark.parametrize("players, seed, face_down", POSITIONS)
def test_section_7_states_that_differ_only_in_hidden_tokens_resample_alike(players, seed, face_down):
    """Two tables that differ only in the face-down tokens and the box give the same digest after
    resampling with equal generators."""
    a = random_prefix(players, seed, face_down)
    b = a.clone()
    permute_hidden(b, random.Random(seed))
    assert a.state_digest() != b.state_digest()
    assert all(a.observation(p) == b.observation(p) for p in range(players))
    for seat in range(players):
        ra, rb = resampled(a, seat, random.Random(100 + seat)), resampled(b, seat, random.Random(100 + seat))
        assert ra.state_digest() == rb.state_digest()


@pytest.mark.parametrize("players, seed, face_down", POSITIONS)
def test_DL_SETUP_5_resampling_conserves_the_tokens_and_moves_only_hidden_ones(players, seed, face_down):
    """D3: the same multiset of tokens before and after; face-up tokens, eggs, gems and hoards stay put."""
    g = random_prefix(players, seed, face_down)
    before_hidden = Counter(hidden(g))
    for r in range(5):
        twin = resampled(g, r % players, random.Random(r))
        assert Counter(hidden(twin)) == before_hidden
        assert tokens_everywhere(twin) == tokens_everywhere(g)
        s, t = g.state, twin.state
        assert {v: k for v, k in t.token.items() if v not in t.face_down} == \
               {v: k for v, k in s.token.items() if v not in s.face_down}
        assert (t.eggs, t.gems, t.hoards, t.held, t.positions, t.dragons) == (s.eggs, s.gems, s.hoards, s.held,
                                                                               s.positions, s.dragons)


@pytest.mark.parametrize("players, seed, face_down", POSITIONS)
def test_resampled_arrangements_vary_with_the_generator(players, seed, face_down):
    """Across generators the hidden arrangement really changes (several distinct deals), and the same
    generator state gives the same deal."""
    g = random_prefix(players, seed, face_down)
    assert len(set(hidden(g))) >= 2, "at least two kinds of token are still hidden"
    deals = {hidden(resampled(g, 0, random.Random(r))) for r in range(40)}
    arrangements = factorial(len(hidden(g))) // prod(factorial(n) for n in Counter(hidden(g)).values())
    assert len(deals) >= min(6, arrangements)
    assert hidden(resampled(g, 0, random.Random(7))) == hidden(resampled(g, 0, random.Random(7)))


def test_DL_REC_3_the_boxed_token_is_each_kind_as_often_as_the_pool_says():
    """Uniform redeal: at the start, the boxed token is a forced march 4 times in 16 (D3), a ring 3 in 16."""
    g = random_prefix(3, 21, 15)
    assert len(g.state.face_down) == 15
    rng = random.Random(21)
    boxed = Counter()
    n = 3200
    for _ in range(n):
        g._resample_hidden(0, rng)  # redealing a redeal is a fresh uniform deal
        boxed[g.state.boxed] += 1
    assert abs(boxed["forced_march"] / n - 4 / 16) < 0.03
    assert abs(boxed["ring"] / n - 3 / 16) < 0.03
    assert abs(boxed["royal_dragon_red"] / n - 1 / 16) < 0.02


@pytest.mark.parametrize("players, seed, face_down", [(2, 31, 12), (4, 32, 6)])
def test_DL_END_1_resampled_copies_play_on_to_the_end(players, seed, face_down):
    """A resampled copy is a legal table: random play from it ends by the last egg (DL-END-1)."""
    g = random_prefix(players, seed, face_down)
    eggs_in_play = g.state.eggs_left + sum(h["egg"] for h in g.state.hoards)
    for r in range(2):
        twin = resampled(g, r % players, random.Random(r))
        rng = random.Random(r)
        while not twin.is_over:
            assert twin.step < 200_000
            ids = twin.legal_action_ids()
            twin.apply(ids[rng.randrange(len(ids))])
        assert twin.state.eggs_left == 0
        assert sum(h["egg"] for h in twin.state.hoards) == eggs_in_play
        assert "took the last egg" in twin.outcome().reason
