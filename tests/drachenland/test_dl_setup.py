"""Setup (DL-SETUP-*), the components and their reconstructions (D1-D10, DL-REC-1/3/4), the 2-player
setup (DL-2P), and the interpretations DL-INT-1..5."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from dragonwidgets.engine import CHANCE
from dragonwidgets.games.drachenland import DrachenlandGame, load_board
from dragonwidgets.games.drachenland.board import GEM_COUNTS, POOL
from dragonwidgets.games.drachenland.setup import deal_gems, deal_tokens, egg_counts

COLOURS = ("red", "green", "blue")
GEMS = ("ruby", "emerald", "sapphire", "diamond")
VOLCANOES = [f"V{k:02d}" for k in range(1, 16)]


def new(players=3, seed=0, **options) -> DrachenlandGame:
    return DrachenlandGame(players=players, seed=seed, **options)


def to_first_roll(game: DrachenlandGame) -> DrachenlandGame:
    """Play the opening round with the first legal choices, stopping at the first roll (manual chance)."""
    while not game.is_chance_node:
        game.apply(game.legal_actions()[0])
    return game


def max_same_colour(gems: dict[str, dict[str, int]], *, diamonds: bool = True) -> int:
    return max(n for counts in gems.values() for g, n in counts.items() if diamonds or g != "diamond")


# ---------------------------------------------------------------------- DL-SETUP-1..9

def test_DL_SETUP_1_the_board_is_the_bundled_map():
    """DL-SETUP-1, DL-REC-2: the game plays on the bundled board; the dice tower has no rules effect."""
    g = new()
    assert g.board.source.endswith("board.json") and g.board.volcanoes == tuple(VOLCANOES)
    layout = g.board_layout()
    assert len(layout["volcanoes"]) == 15 and len(layout["stones"]) == 86 and len(layout["entrances"]) == 3
    assert "tower" not in str(g.observation()).lower()  # nothing of the tower in the state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_DL_SETUP_2_three_adventurers_and_three_tokens_each(players):
    """DL-SETUP-2, D2, D4: one red, green and blue adventurer each; 1 baby dragon, 1 boatman, 1 fate each."""
    obs = new(players).observation()
    assert [sorted(a) for a in obs["adventurers"]] == [sorted(COLOURS)] * players
    want = {"fate": 1, "boatman": 1, "baby_dragon": 1, "forced_march": 0, "magic_hand": 0}
    assert obs["tokens"] == [want] * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_DL_SETUP_3_off_the_board_tokens_face_up(players):
    """DL-SETUP-3, DL-TREASURE-5: every adventurer starts off the board; tokens are public, hoards empty."""
    g = new(players)
    for seat in range(players):
        obs = g.observation(seat)
        assert all(pos is None for a in obs["adventurers"] for pos in a.values())
        assert obs["tokens"] == g.observation()["tokens"]  # everyone sees everyone's tokens
        assert obs["hoards"][seat] == {"egg": 0, "ruby": 0, "emerald": 0, "sapphire": 0, "diamond": 0}
        assert obs["rings"] == [[]] * players


@pytest.mark.parametrize("players", [2, 3])
def test_DL_SETUP_4_unused_shapes_absent(players):
    """DL-SETUP-4, DL-INT-4, D10: shapes nobody uses have no adventurers, tokens, screen or hoard in the game."""
    g = new(players)
    obs = g.observation()
    for key in ("adventurers", "tokens", "hoards", "rings"):
        assert len(obs[key]) == players, key
    assert [s["id"] for s in g.board_layout()["shapes"]] == ["human", "dwarf", "elf", "wizard"][:players]
    assert len(g.state.held) == len(g.state.positions) == players
    with pytest.raises(ValueError):
        g.observation(players)  # no seat for the boxed shape
    # only the players' own tokens are held: the pool stays 16 (DL-INT-4)
    assert sum(n for h in obs["tokens"] for n in h.values()) == 3 * players
    assert len(g.state.token) + 1 == sum(POOL.values()) == 16


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_DL_SETUP_5_one_face_down_token_per_volcano_one_boxed(players, seed):
    """DL-SETUP-5, D3, D5, DL-REC-3: the 16 dragon-head tokens: one face down per volcano, one boxed."""
    g = new(players, seed)
    s = g.state
    assert s.face_down == set(VOLCANOES) and set(s.token) == set(VOLCANOES)
    assert s.boxed in POOL
    assert Counter(list(s.token.values()) + [s.boxed]) == Counter(POOL)
    obs = g.observation()
    assert all(v["face_down"] and v["token"] is None for v in obs["volcanoes"].values())
    assert obs["dragons"] == {"red": None, "green": None, "blue": None}  # no dragon is known yet
    assert sorted(obs["hidden"]["face_down"]) == VOLCANOES and obs["hidden"]["boxed"] == s.boxed


def test_D3_volcano_pool_make_up():
    """D3, D2: the pool is 2 boatmen, 2 baby dragons, 4 forced marches, 3 royal dragons, 3 rings, 2 hands; no fate."""
    b = load_board()
    assert b.pool == {"boatman": 2, "baby_dragon": 2, "forced_march": 4, "royal_dragon_red": 1,
                      "royal_dragon_green": 1, "royal_dragon_blue": 1, "ring": 3, "magic_hand": 2}
    assert "fate" not in b.pool and sum(b.pool.values()) == 16
    # the 28 tokens of the component list: 4 shapes x 3 player tokens + the pool
    total = Counter(b.pool)
    for kind in ("boatman", "baby_dragon", "fate"):
        total[kind] += 4
    assert total["boatman"] == 6 and total["baby_dragon"] == 6 and total["fate"] == 4
    assert sum(total.values()) == 28


def test_D5_token_deal_boxes_exactly_one_and_varies():
    """D5, DL-SETUP-5: every token kind ends up boxed for some seed (the box is a random one of the 16)."""
    b = load_board()
    boxed = Counter()
    for seed in range(300):
        placed, box = deal_tokens(b, random.Random(seed))
        assert len(placed) == 15 and box
        boxed[box] += 1
    assert set(boxed) == set(POOL)


@pytest.mark.parametrize("players", [3, 4])
def test_DL_SETUP_6_eggs_and_gems_as_printed(players):
    """DL-SETUP-6, DL-INT-1, DL-INT-2: each volcano gets its printed eggs and gems; 18 eggs and all 57 gems."""
    g = new(players, seed=7)
    b = g.board
    vols = g.observation()["volcanoes"]
    assert {v: vols[v]["eggs"] for v in VOLCANOES} == b.eggs
    assert {v: sum(vols[v]["gems"].values()) for v in VOLCANOES} == b.gem_slots
    assert sum(v["eggs"] for v in vols.values()) == 18 == g.state.eggs_left
    totals = Counter()
    for v in vols.values():
        totals.update(v["gems"])
    assert dict(totals) == GEM_COUNTS  # every gem is placed (DL-INT-2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_DL_SETUP_7_never_more_than_two_of_a_colour(players):
    """DL-SETUP-7, DL-REC-3, DL-INT-3: over many seeds no volcano holds 3 gems of one colour, diamonds included."""
    for seed in range(60):
        gems = new(players, seed).state.gems
        assert max_same_colour(gems) <= 2, seed
        totals = Counter()
        for counts in gems.values():
            totals.update(counts)
        assert dict(totals) == GEM_COUNTS


def test_DL_SETUP_7_sixteen_rubies_force_a_pair():
    """DL-SETUP-7, D7: 16 rubies (emeralds, sapphires) on 15 volcanoes: some volcano holds 2 of each colour."""
    for seed in range(20):
        gems = new(3, seed).state.gems
        for g in ("ruby", "emerald", "sapphire"):
            assert max(gems[v][g] for v in VOLCANOES) == 2


def test_DL_SETUP_8_rings_beside_the_board_no_dice_yet():
    """DL-SETUP-8, D8: 12 white rings in the supply, none worn; the dice are not rolled before the first turn."""
    obs = new(4).observation()
    assert obs["ring_supply"] == 12 and obs["rings"] == [[], [], [], []]
    assert obs["dice"] is None and obs["dice_used"] == [False, False]


def test_DL_SETUP_9_seat_zero_starts_or_first_player():
    """DL-SETUP-9, DL-INT-32: seat 0 opens by default; first_player picks another seat; seats follow in order."""
    g = new(4, seed=2)
    assert g.current_player == 0 and g.observation()["active_player"] == 0
    g2 = new(4, seed=2, first_player=2)
    order = []
    while g2.state.turn == 0:
        order.append(g2.current_player)
        g2.apply(g2.legal_actions()[0])
        g2.apply(g2.legal_actions()[0])
    assert order == [2, 3, 0, 1]
    with pytest.raises(ValueError, match="first_player"):
        new(3, first_player=3)


# ---------------------------------------------------------------------- DL-REC-1 dice, DL-INT-5

def roll_distribution(game: DrachenlandGame) -> dict[tuple[int, int], Fraction]:
    assert game.is_chance_node and game.current_player == CHANCE
    out = {}
    for a in game.legal_actions():
        word, x, y = a.id.split()
        assert word == "roll" and a.player == CHANCE and a.kind == "roll"
        out[int(x), int(y)] = Fraction(a.prob).limit_denominator(1000)
    return out


def test_DL_REC_1_special_dice_probabilities():
    """DL-REC-1, DL-INT-5, DL-TURN-2: the default special dice; P(at least one 4) = 1/2, only die B shows a 4."""
    g = to_first_roll(new(3, seed=1, chance="manual"))
    assert g.options["dice"] == "special_2002"
    dist = roll_distribution(g)
    assert sum(dist.values()) == 1
    assert {x for x, _ in dist} == {1, 2, 3} and {y for _, y in dist} == {2, 3, 4}
    assert sum(p for (x, y), p in dist.items() if 4 in (x, y)) == Fraction(1, 2)
    assert dist[2, 4] == Fraction(3, 6) * Fraction(3, 6)  # three 2s on die A, three 4s on die B
    assert dist[1, 2] == Fraction(1, 36)


def test_DL_REC_1_standard_d6_probabilities():
    """DL-REC-1, DL-INT-5: the standard_d6 preset: 36 equally likely pairs, P(at least one 4) = 11/36."""
    g = to_first_roll(new(2, seed=1, chance="manual", dice="standard_d6"))
    dist = roll_distribution(g)
    assert len(dist) == 36 and set(dist.values()) == {Fraction(1, 36)}
    assert sum(p for (x, y), p in dist.items() if 4 in (x, y)) == Fraction(11, 36)
    assert g.board_layout()["dice"] == [[1, 2, 3, 4, 5, 6]] * 2


def test_DL_INT_5_unknown_dice_preset_is_refused():
    """DL-INT-5: only the presets of the components file are accepted."""
    with pytest.raises(ValueError, match="special_2002"):
        new(3, dice="loaded")


def test_DL_REC_1_drawn_rolls_follow_the_dice():
    """DL-REC-1: rolls drawn by the seeded generator only show faces of their own die (A: 1-3, B: 2-4)."""
    seen = Counter()
    for seed in range(40):
        g = new(3, seed=seed)
        while g.state.turn == 0:
            g.apply(g.legal_actions()[0])
        a, b = g.state.dice
        assert a in (1, 2, 3) and b in (2, 3, 4)
        seen[b == 4] += 1
    assert seen[True] and seen[False]


# ---------------------------------------------------------------------- DL-REC-3 gem dealing, DL-VAR1, DL-INT-3

def test_DL_REC_3_deal_is_shuffle_then_deal_in_id_order():
    """DL-REC-3: shuffle the 57 gems, deal by printed counts in volcano order, reshuffle until valid."""
    b = load_board()
    for seed in range(5):
        got = deal_gems(b, random.Random(seed))
        rng = random.Random(seed)
        bag = [g for g, n in GEM_COUNTS.items() for _ in range(n)]
        while True:
            rng.shuffle(bag)
            i, deal = 0, {}
            for v in b.volcanoes:
                deal[v] = Counter(bag[i:i + b.gem_slots[v]])
                i += b.gem_slots[v]
            if all(n <= 2 for c in deal.values() for n in c.values()):
                break
        assert got == {v: {g: deal[v].get(g, 0) for g in GEMS} for v in b.volcanoes}


def test_DL_REC_3_about_four_percent_of_deals_pass():
    """DL-REC-3: about 3.8 % of plain shuffles keep two per colour on the DL-REC-2 board."""
    b = load_board()
    rng = random.Random(2002)
    passed = 0
    for _ in range(4000):
        deal = deal_gems(b, rng, free_colours=True)
        passed += max_same_colour(deal) <= 2
    assert 0.025 < passed / 4000 < 0.055


def test_DL_VAR1_1_free_gems_lifts_the_limit():
    """DL-VAR1-1, DL-INT-28, DL-REC-3: with variant_free_gems some deal puts 3+ gems of one colour on a volcano."""
    over = [seed for seed in range(40) if max_same_colour(new(3, seed, variant_free_gems=True).state.gems) > 2]
    assert len(over) > 20  # about 96 % of unrestricted deals break the limit
    g = new(3, over[0], variant_free_gems=True)
    assert g.observation()["options"]["variant_free_gems"] is True
    totals = Counter()
    for counts in g.state.gems.values():
        totals.update(counts)
    assert dict(totals) == GEM_COUNTS  # still all 57 gems


def test_DL_VAR1_1_free_gems_keeps_the_first_deal():
    """DL-VAR1-1, DL-REC-3: under Variant 1 the first shuffle is dealt as it comes."""
    b = load_board()
    got = deal_gems(b, random.Random(11), free_colours=True)
    rng = random.Random(11)
    bag = [g for g, n in GEM_COUNTS.items() for _ in range(n)]
    rng.shuffle(bag)
    i = 0
    for v in b.volcanoes:
        assert got[v] == {g: bag[i:i + b.gem_slots[v]].count(g) for g in GEMS}
        i += b.gem_slots[v]


def test_DL_INT_3_diamond_gem_limit_option():
    """DL-INT-3: by default diamonds obey the limit of 2; with diamond_gem_limit=False only rubies,
    emeralds and sapphires do, and some deal puts 3 diamonds on a volcano."""
    assert DrachenlandGame.option_defaults["diamond_gem_limit"] is True
    three_diamonds = []
    for seed in range(150):
        gems = new(3, seed, diamond_gem_limit=False).state.gems
        assert max_same_colour(gems, diamonds=False) <= 2
        if max(c["diamond"] for c in gems.values()) > 2:
            three_diamonds.append(seed)
    assert three_diamonds  # about one valid deal in seven puts 3+ diamonds on a volcano
    assert max(c["diamond"] for c in new(3, three_diamonds[0]).state.gems.values()) <= 2


# ---------------------------------------------------------------------- DL-REC-4 shapes

def test_DL_REC_4_shapes_in_seat_order():
    """DL-REC-4, D1: shapes human, dwarf, elf, wizard given out in seat order; names follow the shapes."""
    g = new(4)
    assert [g.player_name(i) for i in range(4)] == ["Humans", "Dwarves", "Elves", "Wizards"]
    assert [s["id"] for s in g.board_layout()["shapes"]] == ["human", "dwarf", "elf", "wizard"]
    assert len({s["glyph"] for s in g.board_layout()["shapes"]}) == 4  # told apart on the map
    g2 = new(2)
    assert [g2.player_name(i) for i in range(2)] == ["Humans", "Dwarves"]


# ---------------------------------------------------------------------- two players (DL-2P, T-16)

@pytest.mark.parametrize("seed", [0, 5, 12])
def test_T_16_two_player_setup(seed):
    """T-16, DL-2P-1, DL-2P-2, DL-SETUP-4: one egg per volcano (15 in play, 3 boxed), 57 gems, 15 tokens + 1 boxed."""
    g = new(2, seed)
    obs = g.observation()
    assert all(v["eggs"] == 1 for v in obs["volcanoes"].values())
    assert obs["eggs_left"] == 15 and 18 - 15 == 3
    assert sum(sum(v["gems"].values()) for v in obs["volcanoes"].values()) == 57
    assert max_same_colour(g.state.gems) <= 2  # DL-2P-2: gems as usual
    assert len(obs["hidden"]["face_down"]) == 15 and obs["hidden"]["boxed"]
    assert len(obs["tokens"]) == 2 and len(obs["adventurers"]) == 2
    assert egg_counts(g.board, 2) == dict.fromkeys(VOLCANOES, 1)
    assert egg_counts(g.board, 3) == egg_counts(g.board, 4) == g.board.eggs


def test_T_16_two_player_opening_distances():
    """T-16, DL-2P-3, DL-OPEN-7: P0 walks exactly 2 (e.g. s02), P1 exactly 4 (e.g. s20)."""
    g = new(2, seed=4)
    assert g.observation()["opening_distance"] == 2
    g.apply("enter red")
    assert "walk s02" in g.legal_action_ids() and "walk s01" not in g.legal_action_ids()
    g.apply("walk s02")
    assert g.current_player == 1 and g.observation()["opening_distance"] == 4
    g.apply("enter green")
    ids = g.legal_action_ids()
    assert set(ids) == {"walk s04", "walk s08", "walk s12", "walk s16", "walk s20", "walk s24"}  # s02 is taken
    g.apply("walk s20")
    assert g.state.turn == 1 and g.current_player == 0  # DL-2P-4: normal turns follow, P0 first


def test_DL_2P_4_two_player_game_uses_normal_turns():
    """DL-2P-4, DL-2P-1: after the opening, two players roll both dice and play as in the 3-4 player game."""
    g = to_first_roll(new(2, seed=6, chance="manual"))
    assert len(roll_distribution(g)) == len(roll_distribution(to_first_roll(new(3, seed=6, chance="manual"))))
    g.resolve_chance()
    assert g.state.dice and len(g.state.dice) == 2


# ---------------------------------------------------------------------- DL-INT-1..5 and determinism

def test_DL_INT_1_three_volcanoes_show_two_eggs():
    """DL-INT-1, D6: with 3-4 players exactly V13, V14, V15 hold 2 eggs and the other twelve 1."""
    vols = new(4, seed=3).observation()["volcanoes"]
    assert Counter(v["eggs"] for v in vols.values()) == {1: 12, 2: 3}
    assert [k for k, v in vols.items() if v["eggs"] == 2] == ["V13", "V14", "V15"]


def test_DL_INT_2_gem_counts_include_diamonds():
    """DL-INT-2: the printed number counts all gems, diamonds included; the colours are random."""
    layouts = set()
    for seed in range(10):
        g = new(3, seed)
        for v in VOLCANOES:
            assert sum(g.state.gems[v].values()) == g.board.gem_slots[v]
        assert sum(c["diamond"] for c in g.state.gems.values()) == 9
        layouts.add(tuple(tuple(sorted(g.state.gems[v].items())) for v in VOLCANOES))
    assert len(layouts) == 10


@pytest.mark.parametrize("players", [2, 3])
def test_DL_INT_4_fewer_players_same_pool(players):
    """DL-INT-4, D10: with fewer players the volcano pool is still the 16 dragon-head tokens."""
    s = new(players, seed=8).state
    assert Counter(list(s.token.values()) + [s.boxed]) == Counter(POOL)
    assert "fate" not in s.token.values()


def test_DL_INT_5_option_default_is_the_special_dice():
    """DL-INT-5, DL-REC-1: the dice option defaults to the special dice; the layout sends their faces."""
    g = new(3)
    assert DrachenlandGame.option_defaults["dice"] == "special_2002"
    assert g.board_layout()["dice"] == [[1, 2, 2, 2, 3, 3], [2, 3, 3, 4, 4, 4]]
    assert g.observation(1)["options"]["dice"] == "special_2002"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_DL_REC_3_same_seed_same_table(players):
    """DL-REC-3, DL-SETUP-5/7: the same seed deals the same tokens, eggs and gems; another seed another table."""
    a, b, c = new(players, 77), new(players, 77), new(players, 78)
    assert a.observation() == b.observation() and a.state_digest() == b.state_digest()
    assert a.state.token == b.state.token and a.state.boxed == b.state.boxed
    assert a.state_digest() != c.state_digest()
    # and a rewind to the start deals it again identically
    a.apply(a.legal_actions()[0])
    a.goto(0)
    assert a.state_digest() == b.state_digest()
