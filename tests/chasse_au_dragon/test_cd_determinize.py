"""``ChasseGame._resample_hidden`` (digest section 7, CD-BOARD-6, CD-ZONE-7, CD-ZONE-9): a search copy
redeals the cards a seat cannot see (the piles below a revealed top card, the opponents' face-down
backpacks and vaults, the removed wealth cards) and nothing it can see.
"""

from __future__ import annotations

import random

import pytest
import random_play

from cd_builder import Board, cards_by_type, play, position
from dragonwidgets.games.chasse_au_dragon import ChasseGame
from dragonwidgets.games.chasse_au_dragon.determinize import ZONE_CARDS

SEEDS = range(6)


def table() -> ChasseGame:
    """Three seats; White (0) meets the troll on 2,2 (revealed); Blue and Black carry face-down cards."""
    g = position(3, at={0: "2,2"}, piles={"2,2": ["troll", "orc", "goblin"]}, removed={"orc": 2, "goblin": 3},
                 boards={0: Board(backpack=["ogre"], vault=["orc"], cage=1),
                         1: Board(backpack=["orc", "troll"], vault=["giant"], cage=2, equipment="ogre", pantry=2),
                         2: Board(backpack=["ogre"], dungeon=1)})
    play(g, "stop")
    assert g.observation(0)["revealed"]["card"] == "troll"
    return g


def random_prefix(players: int, seed: int, decisions: int) -> ChasseGame:
    """A seeded random game of chasse_au_dragon after ``decisions`` decisions (or at its end)."""
    return random_play.random_prefix("chasse_au_dragon", players, seed, decisions)


def resampled(g: ChasseGame, seat: int, rng_seed: int) -> ChasseGame:
    copy = g.clone(history=False)  # a search copy, as determinize makes
    copy._resample_hidden(seat, random.Random(rng_seed))
    return copy


def zone_sizes(g: ChasseGame) -> list:
    s = g.state
    return [{sq: len(p) for sq, p in s.piles.items()}, sum(s.removed.values())] + [
        (sum(b.backpack.values()), sum(b.vault.values()), b.cage, b.dungeon, b.pantry, b.equipment) for b in s.boards]


def test_section_7_observation_unchanged_after_resampling():
    """Section 7: whatever is redealt, the seat's own view is exactly what it was (built table and random games)."""
    games = [table()] + [random_prefix(p, s, 40 * s + 30) for p in (2, 4, 6) for s in SEEDS]
    for g in games:
        for seat in range(g.players):
            for r in range(3):
                assert resampled(g, seat, r).observation(seat) == g.observation(seat)


def test_section_7_states_differing_only_in_hidden_cards_resample_alike():
    """Section 7: the result depends only on what the seat sees and the rng: two tables that differ in
    Blue's face-down cards, a pile's hidden order and which wealth cards left the game become equal."""
    a = table()
    b = a.clone(history=False)
    s = b.state
    s.boards[1].backpack, s.boards[1].vault = {"orc": 1, "giant": 1}, {"troll": 1}  # same cards, other zones
    s.piles[3, 3][:] = s.piles[3, 3][::-1]
    s.piles[2, 2][1:] = ["goblin", "orc"]  # below the revealed troll
    sq = next(q for q, p in sorted(s.piles.items()) if q != (2, 2) and "ogre" in p)  # an ogre in a hidden pile
    s.piles[sq][s.piles[sq].index("ogre")] = "orc"
    s.removed = {"orc": 1, "ogre": 1, "goblin": 3}  # the orc that left is now that ogre
    assert cards_by_type(a) == cards_by_type(b)
    assert a.observation(0) == b.observation(0) and a.state_digest() != b.state_digest()
    for r in range(4):
        assert resampled(a, 0, r).state_digest() == resampled(b, 0, r).state_digest()


def test_section_7_resampled_copies_play_to_the_end():
    """A determinized copy is a legal table: random play from it ends (CD-END-1 or no card left to win)."""
    for seed in SEEDS:
        g = random_prefix(3, seed, 200)
        rng = random.Random(seed)
        for seat in range(g.players):
            copy = g.determinize(seat, rng)
            while not copy.is_over:
                assert copy.step < 200_000
                legal = copy.legal_actions()
                copy.apply(legal[rng.randrange(len(legal))])
            assert copy.outcome() is not None
    t = resampled(table(), 0, 5)  # manual chance: the dice drawn from the game's generator one by one
    rng = random.Random(5)
    while not t.is_over:
        assert t.step < 200_000
        if t.is_chance_node:
            t.resolve_chance()
        else:
            legal = t.legal_actions()
            t.apply(legal[rng.randrange(len(legal))])


def test_CD_BOARD_6_hidden_part_varies_across_rngs():
    """CD-BOARD-6, CD-ZONE-7: across rngs the piles' hidden cards, the opponents' face-down zones and the
    removed wealth cards really change; the revealed troll and White's own board never do."""
    g = table()
    copies = [resampled(g, 0, r) for r in range(12)]
    piles = {tuple(map(tuple, c.state.piles.values())) for c in copies}
    blue = {tuple(sorted(c.state.boards[1].backpack.items())) for c in copies}
    removed = {tuple(sorted(c.state.removed.items())) for c in copies}
    assert len(piles) == 12 and len(blue) > 1 and len(removed) > 1
    for c in copies:
        assert c.state.piles[2, 2][0] == "troll"
        assert c.state.boards[0] == g.state.boards[0]


def test_CD_END_1_fixed_dragons_stay_in_their_piles():
    """CD-END-1, CD-REC-2: a dragon never leaves its pile while the game goes on, so each centre pile keeps
    the dragon the deal fixed there, at a depth that does vary; no other pile ever gets one."""
    centre = {(3, 3), (4, 3), (3, 4), (4, 4)}
    games = [table()] + [g for g in (random_prefix(3, s, 150) for s in SEEDS) if not g.is_over]
    assert len(games) >= 4
    for g in games:
        depths = set()
        for r in range(8):
            c = resampled(g, 0, r)
            for sq, pile in c.state.piles.items():
                assert pile.count("dragon") == (sq in centre), sq
            depths.add(tuple(c.state.piles[sq].index("dragon") for sq in sorted(centre)))
        assert len(depths) > 1


def test_CD_END_1_after_the_end_the_slain_dragons_pile_has_none():
    g = random_prefix(2, 3, 100_000)
    slain = g.state.positions[g.state.dragon_slayer]
    for r in range(4):
        c = resampled(g, 1, r)
        assert [sq for sq, p in c.state.piles.items() if "dragon" in p] == [
            sq for sq in ((3, 3), (4, 3), (3, 4), (4, 4)) if sq != slain]


def off_board(g: ChasseGame, seat: int) -> int:
    """The cards out of ``seat``'s sight off the board: the opponents' face-down zones and the removed cards."""
    s = g.state
    return sum(s.removed.values()) + sum(sum(b.backpack.values()) + sum(b.vault.values()) + b.cage + b.dungeon
                                         for i, b in enumerate(s.boards) if i != seat)


def test_CD_ZONE_9_components_conserved():
    """CD-SETUP-6, CD-ZONE-9: the same cards by type, the same pile sizes, the seat's own board and every
    face-up zone kept, the cards off the board as many (issue 27 item 3: how they split between the
    opponents' zones, within the thickness each shows, and the removed cards is redealt, CD-ZONE-7), and
    face-down zones still hold orc..giant only (a dragon never leaves the piles while the game goes on)."""
    games = [table()] + [random_prefix(p, s, 60 * s + 100) for p in (2, 3, 5) for s in SEEDS]
    for g in games:
        for seat in range(g.players):
            c = resampled(g, seat, seat)
            assert cards_by_type(c) == cards_by_type(g)
            before, after = zone_sizes(g), zone_sizes(c)
            assert after[0] == before[0] and after[2 + seat] == before[2 + seat]
            assert [b[4:] for b in after[2:]] == [b[4:] for b in before[2:]]  # pantries and equipment
            assert off_board(c, seat) == off_board(g, seat)
            if g.is_over:  # every board is shown
                assert after[2:] == before[2:]
            for b in c.state.boards if not g.is_over else ():  # at the end the slayer holds a dragon
                assert set(b.backpack) <= ZONE_CARDS and set(b.vault) <= ZONE_CARDS
                assert all(n > 0 for n in list(b.backpack.values()) + list(b.vault.values()))


def test_section_7_finished_game_redeals_piles_only():
    """Section 7: at the end every board is shown, so only the piles and the removed cards are redealt."""
    g = random_prefix(2, 3, 100_000)
    assert g.is_over
    c = resampled(g, 0, 1)
    assert c.state.boards == g.state.boards and c.observation(0) == g.observation(0)
    assert cards_by_type(c) == cards_by_type(g)


def test_resample_hidden_refuses_a_bad_seat():
    with pytest.raises(ValueError, match="seat must be 0..2"):
        table().clone()._resample_hidden(3, random.Random(0))
