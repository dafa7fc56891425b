"""Property tests over random play (hypothesis draws seeds and player counts 2..5).

Invariants checked after every step: cards conserved, treasures and bonuses conserved, knights
conserved per colour, the dragon on a legal square (on its track with the square ahead on it, or one
square behind it facing the lair: EM-TRACK-5, EM-INT-15). Also: every game ends, the same seed and
actions give the same state, and records round-trip through JSON and ``dragonwidgets.from_record``.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

import dragonwidgets
from dragonwidgets.games.emerald import EmeraldGame
from dragonwidgets.games.emerald.scoring import score

SETTINGS = settings(max_examples=15, deadline=None)
players_st = st.integers(2, 5)
seed_st = st.integers(0, 2**20)


def play_random(game: EmeraldGame, rng: random.Random, check=None, limit: int = 3000) -> list[str]:
    ids = []
    while not game.is_over:
        legal = game.legal_actions()
        assert legal, "a running game always has a legal action"
        action = legal[rng.randrange(len(legal))]
        game.apply(action) if not game.is_chance_node else game.resolve_chance()
        ids.append(action.id)
        if check:
            check(game)
        assert len(ids) < limit, "a random game must end"
    return ids


def check_invariants(game: EmeraldGame) -> None:
    s, b = game.state, game.board
    # cards: board + hands + paid + box = the two decks (D7, EM-SETUP-10, EM-SOOTHE-1)
    gold = Counter(c for c in s.out_of_game if isinstance(c, int))
    gems = Counter(c for c in s.out_of_game if isinstance(c, str))
    for piles in s.piles.values():
        gold.update(piles["gold"])
        gems.update(piles["gem"])
    for h in s.hands:
        gold.update(h.gold)
        gold.update(h.paid)
        gems.update(h.gems)
    assert gold == Counter(b.gold_deck) and gems == Counter(b.gem_deck)
    # treasures and bonuses (EM-SETUP-2/3, EM-LAIR-4)
    assert s.treasures_left + sum(h.treasures for h in s.hands) == b.treasures
    assert sum(1 for c in s.lair_places if c) == b.treasures - s.treasures_left
    held = [x for h in s.hands for x in h.bonus]
    assert len(held) == len(set(held)) <= 5 and held.count("four_different_gems") == (s.four_gems_holder is not None)
    # knights per colour (EM-SETUP-11, EM-CAPTURE-7)
    per_colour = b.knights_by_players[game.players][1]
    totals = Counter()
    for here in s.knights.values():
        totals.update(here)
    assert totals == {c: per_colour for cs in s.seat_colours for c in cs}
    assert all(n >= 0 for here in s.knights.values() for n in here.values())
    assert all(0 <= s.moved[sp].get(c, 0) <= s.knights[sp].get(c, 0) for sp in s.moved for c in s.moved[sp])
    # dragon (EM-DRAGON-1/6, EM-TRACK-4/5, EM-INT-15)
    track = b.track_positions[s.track]
    d, f = s.dragon_pos, s.dragon_facing
    assert (d in track and d + f in track) or (d == track[0] - 1 and f == 1)


@SETTINGS
@given(players=players_st, seed=seed_st)
def test_random_games_end_with_invariants_kept(players, seed):
    """The game always ends; cards, treasures, bonuses and knights are conserved; the dragon stays legal."""
    g = EmeraldGame(players=players, seed=seed)
    check_invariants(g)
    play_random(g, random.Random(seed), check_invariants)
    assert g.outcome() is not None and g.winners()
    assert g.scores() == {i: score(h, g.board) for i, h in enumerate(g.state.hands)}


@SETTINGS
@given(players=players_st, seed=seed_st)
def test_same_seed_and_actions_give_the_same_state(players, seed):
    """Determinism: replaying the same ids on a game with the same seed reaches the same digest at each step."""
    a = EmeraldGame(players=players, seed=seed)
    ids = play_random(a, random.Random(seed))
    b = EmeraldGame(players=players, seed=seed)
    for i in ids:
        b.apply(i)
    assert b.state_digest() == a.state_digest() and repr(a) == repr(b)


@SETTINGS
@given(players=players_st, seed=seed_st, back=st.integers(0, 40))
def test_record_round_trips_through_json(players, seed, back):
    """Records round-trip through json and dragonwidgets.from_record, also at a rewound step."""
    g = EmeraldGame(players=players, seed=seed, show_paid_gold=bool(seed % 2))
    play_random(g, random.Random(seed))
    g.goto(max(0, g.step - back))
    replay = dragonwidgets.from_record(json.loads(json.dumps(g.to_record())))
    assert replay.step == g.step and replay.state_digest() == g.state_digest()
    assert replay.observation(0) == g.observation(0) and repr(replay) == repr(g)


@settings(max_examples=10, deadline=None)
@given(players=players_st, seed=seed_st,
       options=st.fixed_dictionaries({
           "lair_knights_in_play": st.booleans(), "soothed_knight_may_move": st.booleans(),
           "dragon_move_ends_turn": st.booleans(), "track_carries_dragon": st.booleans()}))
def test_every_option_combination_plays_to_the_end(players, seed, options):
    """The options of section 4 (EM-INT-9/13/16/17) keep the game finite and the invariants true."""
    g = EmeraldGame(players=players, seed=seed, **options)
    play_random(g, random.Random(seed), check_invariants)
    assert g.is_over


def test_undo_restores_the_previous_state():
    g = EmeraldGame(players=3, seed=3)
    rng = random.Random(1)
    for _ in range(30):
        before = g.state_digest()
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
        g.undo()
        assert g.state_digest() == before
        g.apply(legal[rng.randrange(len(legal))])
