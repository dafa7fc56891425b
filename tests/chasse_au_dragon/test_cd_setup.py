"""The forest, the monster cards and their deal (CD-BOARD-1..4, CD-MON-1..4, CD-SETUP-4/6, CD-REC-1..3),
and validation of setup files: every bad field raises GameDataError naming the file and the field.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest

from dragonwidgets.engine import GameDataError
from dragonwidgets.games.chasse_au_dragon.setup import (
    BUNDLED_SETUP, COUNTS, POWER, TOTAL_CARDS, TYPE_ORDER, WEALTH, camps, deal_piles, depth, edge_squares,
    inner_squares, is_edge, load_setup, ring_squares,
)

# CD-REC-2's table: cards per square and cards per type in each ring.
RING_TABLE = {
    1: (2, {"goblin": 30, "orc": 10}),
    2: (4, {"goblin": 24, "orc": 12, "ogre": 8, "troll": 4}),
    3: (9, {"goblin": 8, "orc": 4, "ogre": 8, "troll": 6, "giant": 6, "dragon": 4}),
}
CENTRE = [(3, 3), (4, 3), (3, 4), (4, 4)]
DIGEST_CAMPS = {
    2: [(3, 0), (4, 7)],
    3: [(3, 0), (7, 5), (0, 5)],
    4: [(3, 0), (7, 3), (4, 7), (0, 4)],
    5: [(2, 0), (5, 0), (7, 5), (3, 7), (0, 5)],
    6: [(2, 0), (5, 0), (7, 3), (5, 7), (2, 7), (0, 4)],
}


def bundled() -> dict:
    return json.loads(BUNDLED_SETUP.read_text(encoding="utf-8"))


def write(tmp_path, data, name="setup.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def reference_deal(data: dict, rng: random.Random) -> dict:
    """The digest's reference algorithm (CD-REC-2), copied as printed."""
    TYPE_ORDER = ["goblin", "orc", "ogre", "troll", "giant", "dragon"]
    piles = {}
    for ring in data["rings"]:                     # in listed order: depth 1, 2, 3
        squares = sorted(((x, y) for x in range(1, 7) for y in range(1, 7)
                          if min(x, y, 7 - x, 7 - y) == ring["depth"]),
                         key=lambda s: (s[1], s[0]))            # row-major
        pool = [t for t in TYPE_ORDER for _ in range(ring["pool"].get(t, 0))]
        rng.shuffle(pool)
        fixed = [t for t in TYPE_ORDER for _ in range(ring["fixed_per_square"].get(t, 0))]
        k = ring["cards_per_square"] - len(fixed)
        assert len(pool) == k * len(squares)
        for i, sq in enumerate(squares):
            pile = fixed + pool[i * k:(i + 1) * k]
            rng.shuffle(pile)
            piles[sq] = pile
    return piles


# ---------------------------------------------------------------------------- geometry

def test_CD_BOARD_1_to_3_edge_and_inner_squares():
    """CD-BOARD-1..3: 8x8 = 64 squares; the 28 outer ones are the edge; the inner 6x6 (1 <= x, y <= 6) has 36."""
    everything = {(x, y) for x in range(8) for y in range(8)}
    edge, inner = set(edge_squares()), set(inner_squares())
    assert len(edge) == 28 and len(inner) == 36 and edge | inner == everything and not edge & inner
    assert inner == {(x, y) for x in range(1, 7) for y in range(1, 7)}
    assert all(is_edge(*sq) for sq in edge) and not any(is_edge(*sq) for sq in inner)
    assert not is_edge(-1, 3) and not is_edge(8, 0)  # off the board is not the edge
    assert inner_squares() == sorted(inner, key=lambda s: (s[1], s[0]))  # row by row


def test_CD_REC_1_depth_rings():
    """CD-REC-1: depth = min(x, y, 7-x, 7-y): 28 / 20 / 12 / 4 squares at depths 0..3, the centre (3..4, 3..4)."""
    assert Counter(depth(x, y) for x in range(8) for y in range(8)) == {0: 28, 1: 20, 2: 12, 3: 4}
    assert ring_squares(3) == CENTRE
    assert [len(ring_squares(d)) for d in (1, 2, 3)] == [20, 12, 4]
    assert depth(1, 6) == 1 and depth(2, 2) == 2 and depth(5, 3) == 2 and depth(0, 0) == 0


def test_CD_BOARD_4_inner_coordinates_are_board_coordinates():
    """CD-BOARD-4, CD-REC-1: inner square (a;b) is board square (x=a, y=b), a, b in 1..6; origin (1;1) top left."""
    s = load_setup()
    assert s.coordinates["origin_inner"] == [1, 1]
    assert all(not is_edge(a, b) for a in range(1, 7) for b in range(1, 7))


# ---------------------------------------------------------------------------- the bundled file

def test_CD_MON_1_to_4_card_types_and_counts():
    """CD-MON-1..4 and the component list: powers 4/6/8/10/12/20, counts 62/26/16/10/6/4 = 124, goblins worth 0."""
    s = load_setup()
    assert s.type_order == TYPE_ORDER == ("goblin", "orc", "ogre", "troll", "giant", "dragon")
    assert s.power == POWER == {"goblin": 4, "orc": 6, "ogre": 8, "troll": 10, "giant": 12, "dragon": 20}
    assert s.counts == COUNTS == {"goblin": 62, "orc": 26, "ogre": 16, "troll": 10, "giant": 6, "dragon": 4}
    assert sum(s.counts.values()) == TOTAL_CARDS == 124
    assert s.wealth == WEALTH and WEALTH["goblin"] == 0  # CD-MON-4
    assert all(WEALTH[t] == POWER[t] for t in TYPE_ORDER if t != "goblin")  # CD-MON-3
    assert sum(WEALTH[t] * COUNTS[t] for t in TYPE_ORDER) == 536  # section 2


def test_CD_REC_2_bundled_file_is_a_marked_reconstruction():
    """CD-REC-2: the bundled file says it is a reconstruction and where it comes from."""
    s = load_setup()
    assert s.reconstruction is True and "CD-REC-2" in s.note
    assert s.source == str(BUNDLED_SETUP) and s.explicit_piles is None
    assert load_setup() is load_setup(BUNDLED_SETUP) is load_setup("")  # cached


def test_CD_REC_2_rings_as_in_the_digest_table():
    """CD-REC-2: 2 / 4 / 9 cards per square at depths 1 / 2 / 3, 40 + 48 + 36 = 124, one dragon fixed per centre pile."""
    s = load_setup()
    assert [r.depth for r in s.rings] == [1, 2, 3]
    for ring in s.rings:
        per_square, types = RING_TABLE[ring.depth]
        assert ring.cards_per_square == per_square
        assert ring.squares == tuple(ring_squares(ring.depth))
        dealt = Counter(ring.pool) + Counter({t: n * len(ring.squares) for t, n in ring.fixed_per_square.items()})
        assert dealt == types
    assert s.rings[2].fixed_per_square == {"dragon": 1}
    assert [r.cards for r in s.rings] == [40, 48, 36]


# ---------------------------------------------------------------------------- the deal

@pytest.mark.parametrize("seed", [0, 1, 7, 123, 2024])
def test_CD_SETUP_6_deal_puts_124_cards_on_the_inner_squares_only(seed):
    """CD-SETUP-6, CD-BOARD-2/3: 124 cards of the right types, every inner square a pile, no edge square."""
    piles = deal_piles(load_setup(), random.Random(seed))
    assert set(piles) == set(inner_squares())
    assert not any(is_edge(*sq) for sq in piles)
    assert sum(len(p) for p in piles.values()) == 124
    assert Counter(t for p in piles.values() for t in p) == COUNTS


@pytest.mark.parametrize("seed", [0, 1, 7, 123, 2024])
def test_CD_REC_2_per_ring_counts_and_types(seed):
    """CD-REC-2: pile sizes 2 / 4 / 9 by depth, and each ring holds exactly its row of the table."""
    piles = deal_piles(load_setup(), random.Random(seed))
    for d, (per_square, types) in RING_TABLE.items():
        ring = ring_squares(d)
        assert all(len(piles[sq]) == per_square for sq in ring)
        assert Counter(t for sq in ring for t in piles[sq]) == types


@pytest.mark.parametrize("seed", range(20))
def test_CD_SETUP_6_dragons_one_per_centre_pile(seed):
    """CD-SETUP-6, CD-REC-2: the 4 dragons are the 4 lairs, one in each centre pile; giants only there too."""
    piles = deal_piles(load_setup(), random.Random(seed))
    assert [piles[sq].count("dragon") for sq in CENTRE] == [1, 1, 1, 1]
    outside = [t for sq, p in piles.items() if sq not in CENTRE for t in p]
    assert "dragon" not in outside and "giant" not in outside
    assert set(t for sq in ring_squares(1) for t in piles[sq]) <= {"goblin", "orc"}  # weak monsters near the edge


def test_CD_REC_2_piles_are_shuffled_dragon_not_always_on_top():
    """CD-REC-2: each pile is shuffled, so the dragon's place in its pile varies with the seed (face-down piles)."""
    places = {deal_piles(load_setup(), random.Random(seed))[3, 3].index("dragon") for seed in range(60)}
    assert len(places) >= 5


@pytest.mark.parametrize("seed", [0, 3, 99, 31337])
def test_CD_REC_2_deal_is_exactly_the_reference_algorithm(seed):
    """CD-REC-2: same piles, same order (pile[0] on top) and same generator state afterwards as the digest's code,
    so the first-player draw that follows (CD-INT-2) matches too."""
    ours, theirs = random.Random(seed), random.Random(seed)
    piles = deal_piles(load_setup(), ours)
    expected = reference_deal(bundled(), theirs)
    assert piles == expected and list(piles) == list(expected)
    assert ours.randrange(6) == theirs.randrange(6) and ours.getstate() == theirs.getstate()


def test_CD_REC_2_deterministic_by_seed_and_only_the_rng_passed_in():
    """CD-REC-2: the deal is a pure function of the generator (no global random), different seeds differ."""
    s = load_setup()
    random.seed(11)
    before = random.random()
    random.seed(11)
    a = deal_piles(s, random.Random(5))
    assert random.random() == before
    assert a == deal_piles(s, random.Random(5))
    assert a != deal_piles(s, random.Random(6))
    a[3, 3].clear()  # the caller owns the lists
    assert len(deal_piles(s, random.Random(5))[3, 3]) == 9


# ---------------------------------------------------------------------------- explicit piles

def explicit_from_deal(seed: int) -> dict[str, list[str]]:
    piles = deal_piles(load_setup(), random.Random(seed))
    return {f"{x},{y}": p for (x, y), p in piles.items()}


def test_CD_REC_2_explicit_piles_replace_the_ring_deal(tmp_path):
    """CD-REC-2: explicit_piles (an owner's real layout) are dealt as given, top card first; rng untouched."""
    data = bundled()
    data["explicit_piles"] = explicit_from_deal(42)
    s = load_setup(write(tmp_path, data))
    rng = random.Random(1)
    state = rng.getstate()
    piles = deal_piles(s, rng)
    assert rng.getstate() == state
    assert piles == deal_piles(load_setup(), random.Random(42))
    assert list(piles) == list(deal_piles(load_setup(), random.Random(0)))  # same square order as a ring deal
    piles[1, 1].clear()  # copies: the setup is never changed
    assert deal_piles(s, rng)[1, 1] == data["explicit_piles"]["1,1"]


def test_CD_REC_2_explicit_piles_as_a_list_uneven_and_with_empty_squares(tmp_path):
    """CD-REC-2: the [[x, y], [cards]] form; squares left out get empty piles (CD-BOARD-3: a pile may be empty)."""
    data = bundled()
    cards = [t for t in TYPE_ORDER for _ in range(COUNTS[t])]
    data["explicit_piles"] = [[[3, 3], cards[:100]], [[6, 6], cards[100:]]]
    piles = deal_piles(load_setup(write(tmp_path, data)), random.Random(0))
    assert len(piles) == 36 and piles[3, 3] == cards[:100] and piles[6, 6] == cards[100:]
    assert sum(1 for p in piles.values() if not p) == 34


# ---------------------------------------------------------------------------- camps, thickness

@pytest.mark.parametrize("players", range(2, 7))
def test_CD_REC_3_CD_SETUP_4_default_camps(players):
    """CD-REC-3, CD-SETUP-4, CD-INT-4: the digest's table; distinct forest-edge squares, none a corner."""
    squares = camps(load_setup(), players)
    assert squares == DIGEST_CAMPS[players]
    assert len(set(squares)) == players
    assert all(is_edge(*sq) for sq in squares)
    assert not {(0, 0), (0, 7), (7, 0), (7, 7)} & set(squares)


@pytest.mark.parametrize("players", [0, 1, 7])
def test_CD_PLAYERS_1_camps_for_2_to_6_players_only(players):
    """CD-PLAYERS-1: 2 to 6 players."""
    with pytest.raises(ValueError, match="2 to 6"):
        camps(load_setup(), players)


def test_section_7_thickness_buckets():
    """Section 7, CD-ZONE-7: empty / thin 1-3 / medium 4-8 / thick 9+."""
    s = load_setup()
    assert s.thickness_buckets == ((0, 0, "empty"), (1, 3, "thin"), (4, 8, "medium"), (9, None, "thick"))
    assert [s.thickness(n) for n in range(11)] == ["empty"] + ["thin"] * 3 + ["medium"] * 5 + ["thick"] * 2


# ---------------------------------------------------------------------------- validation

def _set(path: str, value):
    """Return an edit setting the dotted ``path`` of object keys to ``value``; ``...`` deletes it."""
    def edit(data):
        *parents, last = path.split(".")
        obj = data
        for k in parents:
            obj = obj[k]
        if value is ...:
            del obj[last]
        else:
            obj[last] = value
    return edit


def _ring(i: int, **changes):
    def edit(data):
        data["rings"][i].update(changes)
    return edit


def _explicit(piles):
    def edit(data):
        data["explicit_piles"] = piles
    return edit


def _explicit_moved(src: str, dst: str):
    """Explicit piles from a deal with the pile of ``src`` moved to ``dst``."""
    def edit(data):
        piles = explicit_from_deal(0)
        piles[dst] = piles.pop(src)
        data["explicit_piles"] = piles
    return edit


def _explicit_without_one(card: str):
    """Explicit piles from a deal with one ``card`` taken out (only that type's total is then wrong)."""
    def edit(data):
        piles = explicit_from_deal(0)
        next(p for p in piles.values() if card in p).remove(card)
        data["explicit_piles"] = piles
    return edit


BAD_FILES = [
    # (rule, field named in the message, edit)
    ("format", "format", _set("format", "chasse_au_dragon.setup/2")),
    ("header", "extra", _set("extra", 1)),
    ("header", "source", _set("source", 3)),
    ("header", "reconstruction", _set("reconstruction", "yes")),
    ("component list", "card_types", _set("card_types.kobold", {"power": 2, "count": 1, "wealth": 0})),
    ("component list", "card_types", _set("card_types.giant", ...)),
    ("CD-MON-1", "card_types.goblin.power", _set("card_types.goblin.power", 5)),
    ("CD-MON-1", "card_types.dragon.power", _set("card_types.dragon.power", "20")),
    ("component list", "card_types.orc.count", _set("card_types.orc.count", 25)),
    ("CD-MON-4", "card_types.goblin.wealth", _set("card_types.goblin.wealth", 4)),
    ("CD-MON-3", "card_types.troll.wealth", _set("card_types.troll.wealth", 0)),
    ("CD-MON-3", "card_types.ogre.wealth", _set("card_types.ogre.wealth", ...)),
    ("CD-REC-2", "type_order", _set("type_order", ["goblin", "orc", "ogre", "troll", "giant"])),
    ("CD-REC-2", "type_order", _set("type_order", ["goblin"] * 6)),
    ("CD-REC-1", "coordinates.origin_inner", _set("coordinates.origin_inner", [0, 0])),
    ("CD-REC-2", "rings", _set("rings", "three")),
    ("CD-BOARD-2", "rings[0].depth", _ring(0, depth=0)),
    ("CD-REC-1", "rings[2].depth", _ring(2, depth=4)),
    ("CD-REC-2", "rings[1].depth", _ring(1, depth=1)),
    ("CD-REC-2", "rings[0].depth", _ring(0, depth="1")),
    ("CD-BOARD-3", "rings", lambda d: d["rings"].pop()),
    ("CD-REC-2", "rings[0].pool", _ring(0, cards_per_square=3)),
    ("CD-REC-2", "rings[0].cards_per_square", _ring(0, cards_per_square=2.0)),
    ("CD-REC-2", "rings[0].pool", _ring(0, pool={"goblin": 31, "orc": 10})),
    ("CD-REC-2", "rings[2].fixed_per_square", _ring(2, fixed_per_square={"dragon": 10})),
    ("CD-REC-2", "rings[2].fixed_per_square.wyvern", _ring(2, fixed_per_square={"wyvern": 1})),
    ("CD-REC-2", "rings[1].pool.ogre", _ring(1, pool={"goblin": 24, "orc": 12, "ogre": -8, "troll": 20})),
    ("CD-REC-2", "rings[1].pool.imp", _ring(1, pool={"goblin": 24, "orc": 12, "ogre": 8, "imp": 4})),
    ("CD-REC-2", "rings.goblin", _ring(0, pool={"goblin": 29, "orc": 11})),
    ("CD-REC-2", "rings.dragon", _ring(2, cards_per_square=10, fixed_per_square={"dragon": 2})),
    ("CD-BOARD-3", "rings.cards_per_square", _ring(1, cards_per_square=2, pool={"goblin": 24})),
    ("CD-BOARD-2", "explicit_piles[0]", _explicit([[[0, 3], ["goblin"]]])),
    ("CD-BOARD-2", "explicit_piles['0,2']", _explicit_moved("1,2", "0,2")),
    ("CD-BOARD-1", "explicit_piles['9,2']", _explicit_moved("1,2", "9,2")),
    ("CD-REC-2", "explicit_piles['a,b']", _explicit_moved("1,2", "a,b")),
    ("CD-REC-2", "explicit_piles['1, 2']", _explicit_moved("1,1", "1, 2")),
    ("CD-REC-2", "explicit_piles.goblin", _explicit_without_one("goblin")),
    ("CD-REC-2", "explicit_piles.dragon", _explicit_without_one("dragon")),
    ("CD-REC-2", "explicit_piles.goblin", _explicit({"3,3": ["dragon"] * 4})),
    ("CD-REC-2", "explicit_piles['1,1'][0]", _explicit({"1,1": ["kobold"]})),
    ("CD-REC-2", "explicit_piles['1,1']", _explicit({"1,1": "goblin"})),
    ("CD-REC-2", "explicit_piles[1]", _explicit([[[1, 1], ["goblin"]], [[1, 1], ["orc"]]])),
    ("CD-REC-2", "explicit_piles[0]", _explicit([[[1, 1]]])),
    ("CD-REC-2", "explicit_piles", _explicit("all of them")),
    ("CD-REC-3", "camp_defaults", _set("camp_defaults.6", ...)),
    ("CD-REC-3", "camp_defaults.3", _set("camp_defaults.3", [[3, 0], [7, 5]])),
    ("CD-BOARD-2", "camp_defaults.2[1]", _set("camp_defaults.2", [[3, 0], [3, 3]])),
    ("CD-INT-4", "camp_defaults.4[3]", _set("camp_defaults.4", [[3, 0], [7, 3], [4, 7], [3, 0]])),
    ("CD-BOARD-1", "camp_defaults.2[0]", _set("camp_defaults.2", [[8, 0], [4, 7]])),
    ("CD-BOARD-1", "camp_defaults.2[0]", _set("camp_defaults.2", [[3], [4, 7]])),
    ("section 7", "observation", _set("observation", ...)),
    ("section 7", "observation.thickness_buckets[1]",
     _set("observation.thickness_buckets", [[0, 0, "empty"], [2, 3, "thin"], [4, None, "thick"]])),
    ("section 7", "observation.thickness_buckets[0]",
     _set("observation.thickness_buckets", [[1, 3, "thin"], [4, None, "thick"]])),
    ("section 7", "observation.thickness_buckets[1]",
     _set("observation.thickness_buckets", [[0, 0, "empty"], [1, 3, "thin"]])),
    ("section 7", "observation.thickness_buckets[1]",
     _set("observation.thickness_buckets", [[0, 0, "empty"], [1, None, "empty"]])),
    ("section 7", "observation.thickness_buckets[0]",
     _set("observation.thickness_buckets", [[0, None, "any"], [1, None, "more"]])),
]


@pytest.mark.parametrize("rule, field, edit", BAD_FILES, ids=[f"{r}:{f}" for r, f, _ in BAD_FILES])
def test_CD_REC_2_bad_setup_file_raises_GameDataError_naming_file_and_field(tmp_path, rule, field, edit):
    """CD-REC-2 (and the rule in the id): every failed check names the file and the field."""
    data = bundled()
    edit(data)
    assert json.dumps(data) != json.dumps(bundled())
    path = write(tmp_path, data)
    with pytest.raises(GameDataError) as err:
        load_setup(path)
    message = str(err.value)
    assert str(path) in message
    assert f"field {field!r}" in message, message


@pytest.mark.parametrize("players", [2, 6])
def test_CD_BOARD_2_CD_SETUP_4_a_default_camp_off_the_forest_edge_is_refused(tmp_path, players):
    """CD-BOARD-2, CD-SETUP-4, CD-REC-3: camps stand on the forest edge. Each of the 36 inner squares put
    in place of the last default camp is refused with a GameDataError naming the file and the field; each
    free edge square, the corners included, is accepted."""
    field = f"camp_defaults.{players}[{players - 1}]"
    for sq in inner_squares() + edge_squares():
        data = bundled()
        spots = data["camp_defaults"][str(players)]
        if list(sq) in spots[:-1]:
            continue  # another seat's camp: refused as a double (CD-INT-4), tested above
        spots[-1] = list(sq)
        path = write(tmp_path, data, name=f"setup_{sq[0]}_{sq[1]}.json")  # one file each: no cached load
        if is_edge(*sq):
            assert camps(load_setup(path), players)[-1] == sq
        else:
            with pytest.raises(GameDataError) as err:
                load_setup(path)
            message = str(err.value)
            assert str(path) in message and f"field {field!r}" in message and "forest edge" in message, message


@pytest.mark.parametrize("text, field", [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "'<root>'"),
    ('{"format": "chasse_au_dragon.setup/1", "format": "chasse_au_dragon.setup/1"}', "field 'format': key given twice"),
])
def test_CD_REC_2_unreadable_setup_files(tmp_path, text, field):
    """CD-REC-2: a file that is not a JSON object (or repeats a key) is refused with the file's name."""
    path = write(tmp_path, text)
    with pytest.raises(GameDataError, match="setup.json") as err:
        load_setup(path)
    assert field in str(err.value)


def test_CD_REC_2_missing_setup_file(tmp_path):
    """CD-REC-2: a missing file is a GameDataError naming it (not a bare OSError)."""
    path = tmp_path / "nowhere.json"
    with pytest.raises(GameDataError, match="nowhere.json"):
        load_setup(path)


def test_CD_REC_2_a_valid_edited_file_loads_and_reloads_when_changed(tmp_path):
    """CD-REC-2: an owner's edited file (other camps, another bucket scale) loads; editing it again reloads it."""
    data = bundled()
    data["camp_defaults"]["2"] = [[0, 3], [7, 4]]
    path = write(tmp_path, data)
    assert camps(load_setup(path), 2) == [(0, 3), (7, 4)]
    data["camp_defaults"]["2"] = [[0, 2], [7, 4]]
    data["observation"]["thickness_buckets"] = [[0, 0, "none"], [1, None, "some"]]
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")  # another size: the cache sees the change
    s = load_setup(path)
    assert camps(s, 2) == [(0, 2), (7, 4)] and s.thickness(5) == "some"


def test_CD_REC_2_bundled_file_is_unchanged_by_the_tests():
    """The edits above work on copies: the bundled data still matches the digest's JSON counts."""
    data = bundled()
    assert data == copy.deepcopy(data) and data["format"] == "chasse_au_dragon.setup/1"
    assert [r["cards_per_square"] for r in data["rings"]] == [2, 4, 9]
