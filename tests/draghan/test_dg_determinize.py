"""``DraghanGame._resample_hidden`` (digest section 7, "Sampling hidden orders"): only the order of the
face-down decks is hidden, so a search copy gets new deck orders and nothing else changes. The Draghan
location deck keeps its block structure (one market and one portal in each of positions 1-4, 5-8, 9-13).
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
import random_play

from dragonwidgets.games.draghan import DraghanGame
from dragonwidgets.games.draghan.cards import build_location_deck, load_decks, location_blocks
from dragonwidgets.games.draghan.determinize import resample_location_deck
from dragonwidgets.games.draghan.state import SHADOW
from dragonwidgets.games.draghan.tables import tables

T = tables(load_decks())
#: The face-down decks dealt in order (the large dragons are drawn by a uniform chance node instead).
FACE_DOWN = ("location_draghan", "location_shadow", "encounter_draghan", "encounter_shadow", "market")


def random_prefix(players: int, seed: int, steps: int, **options) -> DraghanGame:
    """A seeded random game of draghan after ``steps`` decisions (or at its end)."""
    return random_play.random_prefix("draghan", players, seed, steps, **options)


def positions():
    """Games stopped at various points: setup, mid-Draghan, in the Shadow Realm, over (2-4 characters)."""
    out = []
    for players in (2, 3, 4):
        for seed in range(4):
            for steps in (0, 7, 25, 60, 200):
                out.append(random_prefix(players, 100 * players + seed, steps))
    return out


POSITIONS = positions()


def resampled(g: DraghanGame, seat: int, rng: random.Random) -> DraghanGame:
    copy = g.clone(history=False)
    copy._resample_hidden(seat, rng)
    return copy


def view(g: DraghanGame, seat: int | None) -> str:
    return json.dumps(g.observation(seat), sort_keys=True)


def every_card(g: DraghanGame) -> Counter:
    """The multiset of every card id anywhere in the game (decks, table, hands, piles)."""
    s = g.state
    ids = [c for deck in s.decks.values() for c in deck]
    ids += s.discard + s.removed + s.visited + s.portals_up + s.market_display + s.table + s.revealed_equipment
    ids += s.set_aside + [c for h in s.heroes if h for c in [h.card, *h.equipment]]
    return Counter(ids)


def test_the_positions_cover_the_shadow_realm_and_mid_block_location_decks():
    """The positions used below are not all alike (else the tests would prove little)."""
    assert any(g.state.realm == SHADOW for g in POSITIONS)
    assert any(0 < len(g.state.decks["location_draghan"]) < 13 for g in POSITIONS)
    assert any(g.is_over for g in POSITIONS)


@pytest.mark.parametrize("index", range(0, len(POSITIONS), 3))
def test_every_seats_observation_is_unchanged_after_resampling(index):
    """Section 7: only deck orders change, so no seat (nor the teacher's table without ``hidden``) sees a difference."""
    g = POSITIONS[index]
    for seat in range(g.players):
        copy = resampled(g, seat, random.Random(seat))
        for viewer in range(g.players):
            assert view(copy, viewer) == view(g, viewer)
        full, full_copy = g.observation(None), copy.observation(None)
        full.pop("hidden"), full_copy.pop("hidden")
        assert full == full_copy
        assert [a.id for a in copy.legal_actions()] == [a.id for a in g.legal_actions()]


@pytest.mark.parametrize("index", range(1, len(POSITIONS), 3))
def test_states_differing_only_in_deck_orders_resample_to_the_same_digest(index):
    """The interface: hidden items are sorted before shuffling, so the true orders do not leak into the result."""
    g = POSITIONS[index]
    other = resampled(g, 0, random.Random(12345))  # same observation, other deck orders
    decks = {k: v for k, v in g.state.decks.items() if len(v) > 1}
    if decks:
        assert other.state_digest() != g.state_digest()
    for seat in range(g.players):
        a, b = resampled(g, seat, random.Random(7)), resampled(other, seat, random.Random(7))
        assert a.state_digest() == b.state_digest()
        assert a.state.decks == b.state.decks


def test_the_hidden_order_varies_across_generators():
    g = random_prefix(3, 11, 5)
    seen = {name: set() for name in FACE_DOWN}
    for k in range(30):
        decks = resampled(g, 0, random.Random(k)).state.decks
        for name in FACE_DOWN:
            seen[name].add(tuple(decks[name]))
    for name in FACE_DOWN:
        if len(g.state.decks[name]) > 1:
            assert len(seen[name]) > 1, name
    assert len(seen["encounter_draghan"]) == 30


def test_DG_DRAGON_1_the_large_dragons_keep_their_order():
    """The dragon is drawn by a chance node with equal probabilities, in the list's order: that list (the
    decks file's order minus the dragons drawn) is the same for every seat and is left alone."""
    g = random_prefix(2, 4, 30, campaign_defeated_dragons="G2")
    assert resampled(g, 1, random.Random(3)).state.decks["dragons"] == g.state.decks["dragons"] == ["G1", "G3", "G4"]


@pytest.mark.parametrize("index", range(2, len(POSITIONS), 3))
def test_resampling_conserves_every_card_and_coin(index):
    """Each deck keeps its cards (only their order is new); nothing else of the state changes."""
    g = POSITIONS[index]
    copy = resampled(g, 0, random.Random(3))
    assert every_card(copy) == every_card(g)
    for name, deck in g.state.decks.items():
        assert sorted(copy.state.decks[name]) == sorted(deck)
    assert copy.state.supply == g.state.supply
    assert [h and h.coins for h in copy.state.heroes] == [h and h.coins for h in g.state.heroes]


@pytest.mark.parametrize("index", range(0, len(POSITIONS), 4))
def test_resampled_copies_play_on_to_the_end(index):
    g = POSITIONS[index]
    for k in range(2):
        copy = g.determinize(k % g.players, random.Random(k))
        rng = random.Random(k)
        while not copy.is_over:
            legal = copy.legal_actions()
            copy.apply(legal[rng.randrange(len(legal))])
        assert copy.outcome() is not None and copy.measures()["rounds"] >= g.measures()["rounds"]


@pytest.mark.parametrize("drawn", range(14))
def test_DG_SETUP_3_location_deck_keeps_one_market_and_one_portal_per_block(drawn):
    """Section 7: the Draghan location deck is resampled within its blocks, whatever was already turned up."""
    for k in range(10):
        deck = build_location_deck(T.decks, random.Random(k))
        seen, rest = deck[:drawn], deck[drawn:]
        new = resample_location_deck(rest, T, random.Random(100 + k))
        assert sorted(new) == sorted(rest)
        full = seen + new
        for block in location_blocks():
            abilities = [T.card[c].ability for c in full[block.start:block.stop]]
            assert abilities.count("market") == 1 and abilities.count("portal") == 1


def test_location_deck_resampling_moves_cards_between_blocks():
    """The 2/2/3 split of the other locations is hidden too: a card can land in any block."""
    deck = build_location_deck(T.decks, random.Random(0))
    blocks_of = {c: set() for c in deck}
    for k in range(60):
        new = resample_location_deck(deck, T, random.Random(k))
        for i, block in enumerate(location_blocks()):
            for c in new[block.start:block.stop]:
                blocks_of[c].add(i)
    assert all(found == {0, 1, 2} for found in blocks_of.values())


def test_a_hand_made_location_deck_is_shuffled_whole():
    """A deck not built in blocks (a test position) keeps its cards; it is simply shuffled."""
    deck = sorted(c for c in T.decks.location_draghan if T.card[c].ability == "market")
    new = resample_location_deck(deck, T, random.Random(1))
    assert sorted(new) == deck
