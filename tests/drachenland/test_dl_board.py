"""The bundled board file against DL-REC-2, and validation of board files (DL-REC-2 data format).

The walking-distance table below is copied from the digest (DL-REC-2, "Walking distances between
volcanoes on this board") and checked in full against ``movement.walk_distances`` on an empty board
with every token face up.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest

from dragonwidgets.engine import GameDataError
from dragonwidgets.games.drachenland import DrachenlandGame, load_board
from dragonwidgets.games.drachenland.board import BUNDLED_BOARD, COMPONENTS
from dragonwidgets.games.drachenland.movement import walk_distances

VOLCANOES = [f"V{k:02d}" for k in range(1, 16)]

DISTANCE_TABLE = """
V01 0 4 8 11 14 18 14 18 14 11 8 4 7 7 11
V02 4 0 4 7 10 14 15 19 18 15 12 8 11 8 12
V03 8 4 0 3 6 10 11 15 15 18 16 12 10 4 8
V04 11 7 3 0 3 7 11 15 17 20 19 15 13 7 10
V05 14 10 6 3 0 4 8 12 14 17 19 15 11 7 7
V06 18 14 10 7 4 0 4 8 12 15 18 15 11 11 7
V07 14 15 11 11 8 4 0 4 8 11 14 11 7 7 3
V08 18 19 15 15 12 8 4 0 4 7 10 14 11 11 7
V09 14 18 15 17 14 12 8 4 0 3 6 10 7 11 7
V10 11 15 18 20 17 15 11 7 3 0 3 7 10 14 10
V11 8 12 16 19 19 18 14 10 6 3 0 4 8 14 12
V12 4 8 12 15 15 15 11 14 10 7 4 0 4 10 8
V13 7 11 10 13 11 11 7 11 7 10 8 4 0 6 4
V14 7 8 4 7 7 11 7 11 11 14 14 10 6 0 4
V15 11 12 8 10 7 7 3 7 7 10 12 8 4 4 0
"""


def digest_distances() -> dict[tuple[str, str], int]:
    out = {}
    for line in DISTANCE_TABLE.strip().splitlines():
        row, *cells = line.split()
        assert len(cells) == 15
        for col, d in zip(VOLCANOES, cells):
            out[row, col] = int(d)
    return out


def bundled() -> dict:
    return json.loads(BUNDLED_BOARD.read_text(encoding="utf-8"))


def write(tmp_path, data, name="board.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data, encoding="utf-8")
    return path


# ---------------------------------------------------------------------- the bundled board (DL-REC-2)

def test_DL_REC_2_fifteen_volcanoes_86_stones_three_entrances():
    """DL-REC-2, D5: 15 volcanoes V01..V15, 86 stones s01..s86, entrances EW, ESE, EN."""
    b = load_board()
    assert list(b.volcanoes) == VOLCANOES
    assert list(b.stones) == [f"s{k:02d}" for k in range(1, 87)]
    assert b.entrances == ("EW", "ESE", "EN")
    assert b.junctions == {"s59", "s63", "s66"}
    assert all(b.is_volcano(v) for v in VOLCANOES) and not any(b.is_volcano(s) for s in b.stones)
    assert all(b.is_entrance(e) for e in b.entrances) and not b.is_entrance("s01")


def test_DL_REC_2_113_path_edges_no_entrance_between_spaces():
    """DL-REC-2: 113 undirected path edges; an entrance only touches its own two spur stones (DL-OPEN-3)."""
    b = load_board()
    assert len(b.edges) == 113 == len(set(b.edges))
    assert sum(len(n) for n in b.neighbours.values()) == 2 * 113
    for a, c in b.edges:
        assert not (b.is_entrance(a) and b.is_entrance(c))


def test_DL_REC_2_each_entrance_starts_two_directions():
    """DL-REC-2, DL-OPEN-2: EN -> s01/s05, ESE -> s09/s13, EW -> s17/s21; stone k of a spur is k spaces in."""
    b = load_board()
    assert {e: set(b.neighbours[e]) for e in b.entrances} == {
        "EN": {"s01", "s05"}, "ESE": {"s09", "s13"}, "EW": {"s17", "s21"}}
    spurs = {"EN": [("s01", "V01"), ("s05", "V02")], "ESE": [("s09", "V05"), ("s13", "V06")],
             "EW": [("s17", "V09"), ("s21", "V10")]}
    for e, pairs in spurs.items():
        d = walk_distances(b, e, 40, occupied=(), face_down=())
        for first, volcano in pairs:
            k = int(first[1:])
            assert [d[f"s{k + i:02d}"] for i in range(4)] == [1, 2, 3, 4]
            assert d[volcano] == 5  # DL-INT-7: no volcano within 4 spaces of an entrance
        assert min(d[v] for v in VOLCANOES) == 5


def test_DL_REC_2_five_rivers_between_volcanoes():
    """DL-REC-2, DL-BOAT-1, DL-INT-15: the five river pairs, each end a volcano, all ends different."""
    b = load_board()
    assert set(b.river_pairs) == {("V01", "V03"), ("V04", "V14"), ("V05", "V07"), ("V08", "V15"), ("V11", "V13")}
    ends = [v for pair in b.river_pairs for v in pair]
    assert len(ends) == len(set(ends)) == 10 and all(b.is_volcano(v) for v in ends)
    assert b.rivers["V01"] == ("V03",) and b.rivers["V14"] == ("V04",) and b.rivers["V02"] == ()


def test_DL_REC_2_egg_and_gem_counts():
    """DL-REC-2, D6, D7, DL-INT-1/2: 18 eggs (three central volcanoes show 2), 57 gems: 3x5 + 6x4 + 6x3."""
    b = load_board()
    assert sum(b.eggs.values()) == 18 and sum(b.gem_slots.values()) == 57
    assert {v for v, n in b.eggs.items() if n == 2} == {"V13", "V14", "V15"}
    assert all(n == 1 for v, n in b.eggs.items() if v not in ("V13", "V14", "V15"))
    assert Counter(b.gem_slots.values()) == {5: 3, 4: 6, 3: 6}
    assert [b.gem_slots[v] for v in VOLCANOES[:12]] == [3, 4] * 6  # the outer ring alternates
    assert all(b.gem_slots[v] == 5 for v in ("V13", "V14", "V15"))


def test_DL_REC_2_walking_distance_table_in_full():
    """DL-REC-2 distance table, DL-MOVE-1/7, DL-INT-10: all 225 entries equal walk_distances (no occupancy)."""
    b = load_board()
    want = digest_distances()
    for a in VOLCANOES:
        got = walk_distances(b, a, 40, occupied=(), face_down=())
        assert a not in got  # a walk of 1+ spaces never comes back to its start
        for c in VOLCANOES:
            assert (0 if c == a else got[c]) == want[a, c], (a, c)
    assert all(want[a, c] == want[c, a] for a in VOLCANOES for c in VOLCANOES)


def test_DL_REC_2_pairs_of_neighbouring_volcanoes():
    """DL-REC-2: 24 volcano pairs joined with no volcano between; 5 at 3 spaces, 12 at 4, 7 longer (6 or 7)."""
    b = load_board()
    direct = {}
    for a in VOLCANOES:
        # face_down = every other volcano: a walk stops at the first volcano it meets
        d = walk_distances(b, a, 40, occupied=(), face_down=set(VOLCANOES) - {a})
        for c in VOLCANOES:
            if c in d:
                direct[tuple(sorted((a, c)))] = d[c]
    assert len(direct) == 24
    assert Counter(direct.values()) == {3: 5, 4: 12, 6: 1, 7: 6}
    assert direct["V13", "V14"] == 6


def test_DL_REC_2_every_space_reachable_without_entrances():
    """DL-REC-2, DL-MOVE-8, DL-INT-9: every space can be walked to from V01 without stepping on an entrance."""
    b = load_board()
    d = walk_distances(b, "V01", 200, occupied=(), face_down=())
    assert set(d) | {"V01"} == set(VOLCANOES) | set(b.stones)
    assert not set(d) & set(b.entrances)


def test_DL_REC_1_components_file():
    """DL-REC-1, DL-REC-4, D3: the components file holds the dice presets, the pool and the shapes."""
    b = load_board()
    assert b.dice_presets == {"special_2002": ((1, 2, 2, 2, 3, 3), (2, 3, 3, 4, 4, 4)),
                              "standard_d6": ((1, 2, 3, 4, 5, 6), (1, 2, 3, 4, 5, 6))}
    assert b.default_dice == "special_2002"
    assert sum(b.pool.values()) == 16 and b.shapes == ("human", "dwarf", "elf", "wizard")
    assert b.opening_distances == {2: (2, 4), 3: (1, 2, 3), 4: (1, 2, 3, 4)}
    assert b.ring_supply == 12 and b.max_same_colour == 2 and b.two_player_eggs == 1
    data = json.loads(COMPONENTS.read_text(encoding="utf-8"))
    assert data["reconstruction"] is True and data["format"] == "dragonwidgets/drachenland-components/1"


def test_DL_REC_2_board_file_header():
    """DL-REC-2, STYLE 10: the bundled board says what it is and that it is a reconstruction."""
    data = bundled()
    assert data["format"] == "dragonwidgets/drachenland-board/1" and data["reconstruction"] is True
    assert "DL-REC-2" in data["source"]


# ---------------------------------------------------------------------- validation (GameDataError)

def _drop_volcano(d):
    d["volcanoes"] = d["volcanoes"][:-1]


def _drop_entrance(d):
    d["entrances"] = d["entrances"][:2]


def _egg_short(d):
    d["volcanoes"][0]["eggs"] = 0
    d["volcanoes"][12]["eggs"] = 3  # still 18 in all, but V01 shows no egg


def _egg_total(d):
    d["volcanoes"][13]["eggs"] = 1  # 17 eggs


def _gem_total(d):
    d["volcanoes"][0]["gems"] = 2  # 56 gems


def _gem_cap(d):
    d["volcanoes"][0]["gems"] = 9  # more than 4 colours x 2 (DL-SETUP-7)
    d["volcanoes"][1]["gems"] = -2  # keeps the total at 57


def _unknown_node(d):
    d["paths"][0] = ["EN", "s01", "s02", "s99", "s04", "V01"]


def _cut_off(d):
    # s25..s27 lose their links to V01/V02 and sit alone on a path of their own
    ring = d["paths"][6]
    i = ring.index("s25")
    d["paths"][6] = ring[i + 3:]  # V02 ... V01, without V01-s25-s26-s27
    d["paths"].append(["s25", "s26", "s27"])


def _river_to_stone(d):
    d["rivers"][0] = ["V01", "s25"]


def _river_self(d):
    d["rivers"][0] = ["V01", "V01"]


def _river_twice(d):
    d["rivers"].append(["V03", "V01"])


def _duplicate_id(d):
    d["stones"][1]["id"] = "s01"


def _stone_named_like_entrance(d):
    d["stones"][0]["id"] = "E01"


def _one_direction(d):
    d["paths"][1] = ["s05", "s06", "s07", "s08", "V02"]  # EN now starts only toward V01


def _missing_field(d):
    del d["volcanoes"][3]["gems"]


def _wrong_type(d):
    d["volcanoes"][3]["eggs"] = "1"


def _bad_format(d):
    d["format"] = "dragonwidgets/drachenland-board/9"


def _no_rivers(d):
    del d["rivers"]


BAD_BOARDS = [
    pytest.param(_drop_volcano, "volcanoes", "must be 15", id="14 volcanoes"),
    pytest.param(_drop_entrance, "entrances", "must be 3", id="2 entrances"),
    pytest.param(_egg_short, "volcanoes.eggs", "at least 1 egg", id="volcano without egg"),
    pytest.param(_egg_total, "volcanoes.eggs", "18", id="17 eggs"),
    pytest.param(_gem_total, "volcanoes.gems", "57", id="56 gems"),
    pytest.param(_gem_cap, "volcanoes.gems", "at most 2 per colour", id="9 gems on a volcano"),
    pytest.param(_unknown_node, "paths[0]", "unknown node 's99'", id="unknown node in a path"),
    pytest.param(_cut_off, "paths", "cut off", id="disconnected space"),
    pytest.param(_river_to_stone, "rivers[0]", "two different volcanoes", id="river touching a stone"),
    pytest.param(_river_self, "rivers[0]", "two different volcanoes", id="river from a volcano to itself"),
    pytest.param(_river_twice, "rivers[5]", "listed twice", id="river listed twice"),
    pytest.param(_duplicate_id, "id", "duplicate node ids ['s01']", id="duplicate id"),
    pytest.param(_stone_named_like_entrance, "id", "only entrance ids start with 'E'", id="stone id like an entrance"),
    pytest.param(_one_direction, "paths", "at least two directions", id="entrance with one direction"),
    pytest.param(_missing_field, "volcanoes[3].gems", "is missing", id="missing field"),
    pytest.param(_wrong_type, "volcanoes[3].eggs", "must be an integer", id="wrong type"),
    pytest.param(_bad_format, "format", "unknown format", id="unknown format"),
    pytest.param(_no_rivers, "rivers", "is missing", id="no rivers"),
]


@pytest.mark.parametrize("spoil, field, words", BAD_BOARDS)
def test_DL_REC_2_bad_board_file_names_file_and_field(tmp_path, spoil, field, words):
    """DL-REC-2, D5-D7, DL-OPEN-2, DL-SETUP-7, DL-INT-15, STYLE 10: each bad board raises GameDataError naming file and field."""
    data = bundled()
    spoil(data)
    path = write(tmp_path, data)
    with pytest.raises(GameDataError) as err:
        load_board(path)
    msg = str(err.value)
    assert str(path) in msg and f"field {field!r}" in msg and words in msg, msg
    with pytest.raises(GameDataError, match="field"):  # the option reaches the same check (DL-REC-2)
        DrachenlandGame(players=3, seed=0, board_file=str(path))


@pytest.mark.parametrize("text", ["{", "not json", '{"format": "dragonwidgets/drachenland-board/1",}'])
def test_DL_REC_2_bad_json_names_the_file(tmp_path, text):
    """DL-REC-2, STYLE 10: a file that is not JSON raises GameDataError with the file and the parse position."""
    path = write(tmp_path, text)
    with pytest.raises(GameDataError) as err:
        load_board(path)
    msg = str(err.value)
    assert str(path) in msg and "not valid JSON" in msg and "line 1" in msg


def test_DL_REC_2_root_must_be_an_object(tmp_path):
    """DL-REC-2: a JSON list is not a board; the error names the root."""
    path = write(tmp_path, [1, 2, 3])
    with pytest.raises(GameDataError, match=r"field '<root>': must be a JSON object"):
        load_board(path)


def test_DL_REC_2_missing_file(tmp_path):
    """DL-REC-2: a board file that does not exist raises GameDataError naming it."""
    path = tmp_path / "nowhere.json"
    with pytest.raises(GameDataError, match="nowhere.json: cannot read"):
        load_board(path)
    with pytest.raises(GameDataError, match="nowhere.json"):
        DrachenlandGame(players=2, seed=1, board_file=str(path))


def test_DL_REC_2_bundled_board_passes_through_a_copy(tmp_path):
    """DL-REC-2: an unchanged copy of the bundled file loads to the same layout (only the source differs)."""
    path = write(tmp_path, bundled())
    a, b = load_board(), load_board(path)
    assert b.source == str(path) and a.source == str(BUNDLED_BOARD)
    for field in ("volcanoes", "stones", "entrances", "edges", "river_pairs", "eggs", "gem_slots", "neighbours"):
        assert getattr(a, field) == getattr(b, field), field


# ---------------------------------------------------------------------- a custom board (board_file option)

def custom_board() -> dict:
    """A valid variation: V01 shows 2 eggs and V13 1, one gem moves from V14 to V02, a sixth river V02-V12."""
    d = copy.deepcopy(bundled())
    vol = {v["id"]: v for v in d["volcanoes"]}
    vol["V01"]["eggs"], vol["V13"]["eggs"] = 2, 1
    vol["V02"]["gems"], vol["V14"]["gems"] = 5, 4
    d["rivers"].append(["V02", "V12"])
    d["source"] = "a test board"
    return d


def test_DL_REC_2_custom_board_file_option(tmp_path):
    """DL-REC-2, DL-SETUP-6, DL-INT-1/2: a valid board file of one's own is loaded through board_file and used."""
    path = write(tmp_path, custom_board(), "my_board.json")
    g = DrachenlandGame(players=3, seed=5, board_file=str(path))
    assert g.board.source == str(path) and g.options["board_file"] == str(path)
    vols = g.observation()["volcanoes"]
    assert vols["V01"]["eggs"] == 2 and vols["V13"]["eggs"] == 1 and vols["V14"]["eggs"] == 2
    assert sum(vols["V02"]["gems"].values()) == 5 and sum(vols["V14"]["gems"].values()) == 4
    assert g.board.rivers["V02"] == ("V12",) and ["V02", "V12"] in g.board_layout()["rivers"]
    assert sum(v["eggs"] for v in vols.values()) == 18
    # the bundled board is untouched for other games
    plain = DrachenlandGame(players=3, seed=5)
    assert plain.observation()["volcanoes"]["V01"]["eggs"] == 1


def test_DL_REC_2_custom_board_plays_to_the_end(tmp_path):
    """DL-REC-2, DL-END-1: a game on a custom board plays to its last egg and its record replays."""
    import dragonwidgets

    path = write(tmp_path, custom_board(), "my_board.json")
    g = DrachenlandGame(players=2, seed=9, board_file=str(path))
    rng = random.Random(9)
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
        assert g.step < 40_000
    assert g.state.eggs_left == 0 and sum(h["egg"] for h in g.state.hoards) == 15  # DL-2P-2 on that board too
    again = dragonwidgets.from_record(g.to_record(), board_file=str(path))
    assert again.state_digest() == g.state_digest()
