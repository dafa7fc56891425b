"""Setup (EM-SETUP-*), player counts (EM-P34/P5/P2), the board data file (EM-REC-*) and its validation."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import dragonwidgets
from dragonwidgets.engine import GameDataError
from dragonwidgets.games.emerald import EmeraldGame, load_board
from dragonwidgets.games.emerald.board import BUNDLED_BOARD
from emerald_builder import position

MOUNTAINS = [f"M{k}" for k in range(1, 10)]


def new(players=3, seed=0, **options):
    return EmeraldGame(players=players, seed=seed, **options)


def test_EM_EX_1_three_player_setup():
    """EM-EX-1: the rulebook's example 1, setup and dragon placement at 3 players."""
    g = new(3, seed=11)
    obs = g.observation()
    for space in ("T1", "T2", "T3", "T4", "KEEP"):
        assert obs["knights"][space] == {"black": 1, "red": 1, "blue": 1}
    assert obs["flight_track"]["squares"] == ["M1", "M2", "M3", "M4"]
    assert obs["dragon"] == {"square": "M4", "facing": "plain", "on_track": True}
    for k, sq in enumerate(MOUNTAINS, start=1):
        want = (3, 2) if k % 2 else (2, 3)
        assert (obs["piles"][sq]["gold"]["count"], obs["piles"][sq]["gem"]["count"]) == want
    face_up = sum(1 for sq in MOUNTAINS for p in ("gold", "gem") if obs["piles"][sq][p]["top"])
    face_down = sum(len(v) for sq in MOUNTAINS for v in obs["face_down"][sq].values())
    assert (face_up, face_down, face_up + face_down) == (18, 27, 45)
    assert obs["treasures_left"] == 4
    assert obs["bonus"]["four_different_gems"] is None  # the 5 bonus cards lie beside the board
    assert Counter(c["kind"] for c in obs["out_of_game"]) == {"gold": 2, "gem": 2}


def test_EM_SETUP_1_castle_and_path():
    """EM-SETUP-1, EM-REC-1, EM-INT-4: 5 start spaces (4 towers + keep), P1-P6, M1-M9, then the lair."""
    b = load_board()
    assert b.start_spaces == ("T1", "T2", "T3", "T4", "KEEP")
    assert [b.start_kinds[s] for s in b.start_spaces] == ["tower"] * 4 + ["keep"]
    assert b.path == tuple(f"P{i}" for i in range(1, 7)) + tuple(MOUNTAINS)
    assert [b.pos[s] for s in b.path] == list(range(1, 16))
    assert b.pos["LAIR"] == 16 and b.lair_places == 4


def test_EM_SETUP_2_four_treasures_in_the_lair():
    """EM-SETUP-2: 4 treasure cards in the lair's treasure space."""
    assert new().observation()["treasures_left"] == 4


def test_EM_SETUP_3_five_bonus_cards_beside_the_board():
    """EM-SETUP-3, EM-INT-2, D3: one "4 pierres différentes" + one majority bonus per gem type, unheld."""
    b = load_board()
    obs = new().observation()
    assert obs["bonus"] == {"four_different_gems": None, "majority": {g: None for g in b.gem_types}}
    assert len(b.gem_types) == 4 and b.four_gems_points == 4 and b.majority_points == 4


def test_EM_SETUP_4_track_beside_first_four_mountains():
    """EM-SETUP-4, EM-REC-2: track position 1 covers M1-M4; six positions up to M6-M9."""
    g = new()
    assert g.observation()["flight_track"] == {"position": 1, "squares": ["M1", "M2", "M3", "M4"], "fixed": False}
    layout = g.board_layout()["track_positions"]
    assert layout == {str(s): [f"M{k}" for k in range(s, s + 4)] for s in range(1, 7)}


def test_EM_SETUP_5_dragon_on_last_track_square_facing_the_plain():
    """EM-SETUP-5, EM-INT-6: beside M4, back to the lair, so its first move goes toward M3."""
    d = new().observation()["dragon"]
    assert (d["square"], d["facing"]) == ("M4", "plain")


def test_EM_SETUP_6_one_die_one_to_three():
    """EM-SETUP-6, EM-INT-3, D14: one die 1,1,2,2,3,3 -> 1, 2, 3 with probability 1/3 each."""
    assert load_board().die == (1, 1, 2, 2, 3, 3)
    g = position(3, knights={"P6": {"black": 1}, "T1": {"black": 1, "red": 2, "blue": 2}}, emptied="all")
    g.apply("move P6 black")  # 1 knight -> M1, beside the track, no card
    outcomes = g.legal_actions()
    assert [a.id for a in outcomes] == ["roll 1", "roll 2", "roll 3"]
    assert [a.prob for a in outcomes] == pytest.approx([1 / 3] * 3)


def test_EM_SETUP_7_two_decks_shuffled_by_the_seed():
    """EM-SETUP-7: gold and gem decks shuffled separately; the seed decides, another seed differs."""
    tops = lambda g: [(v["gold"]["top"], v["gem"]["top"]) for v in g.observation()["piles"].values()]
    assert tops(new(seed=5)) == tops(new(seed=5))
    assert any(tops(new(seed=5)) != tops(new(seed=s)) for s in range(6, 10))
    obs = new(seed=5).observation()
    for sq in MOUNTAINS:
        assert all(c["kind"] == "gold" for c in obs["face_down"][sq]["gold"])
        assert all(c["kind"] == "gem" for c in obs["face_down"][sq]["gem"])


def test_EM_SETUP_8_pile_sizes_alternate():
    """EM-SETUP-8, EM-REC-3, EM-INT-5, D8: odd squares 3 gold + 2 gem, even squares 2 gold + 3 gem."""
    b = load_board()
    assert b.pile_sizes == {f"M{k}": ((3, 2) if k % 2 else (2, 3)) for k in range(1, 10)}
    assert sum(g for g, _ in b.pile_sizes.values()) == 23
    assert sum(m for _, m in b.pile_sizes.values()) == 22
    assert b.cards_on_board == 45


def test_EM_SETUP_9_top_card_of_each_pile_face_up():
    """EM-SETUP-9: every pile shows its top card; the others are face down (teacher only)."""
    obs = new(seed=2).observation()
    for sq in MOUNTAINS:
        for p in ("gold", "gem"):
            pile = obs["piles"][sq][p]
            assert pile["top"] is not None and len(obs["face_down"][sq][p]) == pile["count"] - 1


def test_EM_SETUP_10_two_gold_two_gems_boxed_unseen():
    """EM-SETUP-10, EM-INT-1, EM-REC-4: 25 gold (5 of each 1-5) and 24 gems (6 of each of 4 types);
    2 + 2 go back to the box and appear in no seat's observation."""
    b = load_board()
    assert Counter(b.gold_deck) == {v: 5 for v in range(1, 6)}
    assert Counter(b.gem_deck) == {g: 6 for g in ("gem_1", "gem_2", "gem_3", "gem_4")}
    g = new(seed=3)
    obs = g.observation()
    dealt_gold = [c["value"] for sq in MOUNTAINS for c in obs["face_down"][sq]["gold"]] + [
        obs["piles"][sq]["gold"]["top"]["value"] for sq in MOUNTAINS]
    boxed_gold = [c["value"] for c in obs["out_of_game"] if c["kind"] == "gold"]
    assert Counter(dealt_gold) + Counter(boxed_gold) == Counter(b.gold_deck)
    for seat in range(3):
        assert "out_of_game" not in g.observation(seat) and "face_down" not in g.observation(seat)


@pytest.mark.parametrize("players, per_seat, colours", [
    (2, 8, [["black", "blue"], ["red", "green"]]),
    (3, 5, [["black"], ["red"], ["blue"]]),
    (4, 5, [["black"], ["red"], ["blue"], ["green"]]),
    (5, 4, [["black"], ["red"], ["blue"], ["green"], ["yellow"]]),
])
def test_EM_SETUP_11_knights_per_player(players, per_seat, colours):
    """EM-SETUP-11, EM-REC-5: 4 knights at 5 players, 5 at 3-4, 8 (2 colours x 4) at 2; the rest boxed."""
    obs = new(players).observation()
    assert obs["seat_colours"] == colours
    for seat, cs in enumerate(colours):
        n = sum(here.get(c, 0) for here in obs["knights"].values() for c in cs)
        assert n == per_seat


@pytest.mark.parametrize("players, spaces, per_space", [(2, 4, 4), (3, 5, 3), (4, 5, 4), (5, 4, 5)])
def test_EM_SETUP_12_one_knight_per_colour_per_start_space(players, spaces, per_space):
    """EM-SETUP-12, D11: keep empty at 2 and 5 players; one knight of each colour on each space used."""
    g = new(players)
    knights = g.observation()["knights"]
    used = [s for s in ("T1", "T2", "T3", "T4", "KEEP") if s in knights]
    assert len(used) == spaces and ("KEEP" in knights) == (players in (3, 4))
    assert all(sum(knights[s].values()) == per_space and set(knights[s].values()) == {1} for s in used)
    assert g.board_layout()["start_spaces"] == used


def test_EM_SETUP_13_start_spaces_interchangeable_but_counted_apart():
    """EM-SETUP-13: every start space sends its knight the same distance; each counts its own knights."""
    g = new(4, first_player=0)
    dests = {a.targets[1]: a.targets[2] for a in g.legal_actions()}
    assert dests == {s: "P4" for s in ("T1", "T2", "T3", "T4", "KEEP")}
    g.apply("move T1 black")
    g.apply("move T2 black")  # T2 still holds its own 4 knights: P4, not P3
    assert g.observation()["knights"]["P4"] == {"black": 2}


def test_EM_SETUP_14_first_player_option_and_seeded_draw():
    """EM-SETUP-14, EM-INT-22: first_player=-1 draws from the seed (reproducibly); a seat can be set."""
    assert new(4, seed=9).observation()["first_player"] == new(4, seed=9).observation()["first_player"]
    assert {new(4, seed=s).current_player for s in range(30)} == {0, 1, 2, 3}
    g = new(4, seed=9, first_player=2)
    assert g.current_player == 2 and g.observation()["first_player"] == 2
    with pytest.raises(ValueError, match="first_player"):
        new(4, first_player=4)


def test_EM_P34_1_five_knights_one_per_start_space():
    """EM-P34-1: at 3 and 4 players 5 knights each, one in each of the 5 start spaces."""
    for players in (3, 4):
        knights = new(players).observation()["knights"]
        assert all(knights[s].get("black") == 1 for s in ("T1", "T2", "T3", "T4", "KEEP"))


def test_EM_P5_1_four_knights_each_and_EM_P5_2_keep_empty():
    """EM-P5-1: 4 knights per colour at 5 players; EM-P5-2: 5 knights per tower, keep empty."""
    knights = new(5).observation()["knights"]
    assert "KEEP" not in knights
    assert all(knights[t] == {c: 1 for c in ("black", "red", "blue", "green", "yellow")}
               for t in ("T1", "T2", "T3", "T4"))


def test_EM_P2_1_two_colours_of_four_each():
    """EM-P2-1, EM-INT-21: seat 0 black + blue, seat 1 red + green; 4 per tower, keep empty."""
    g = new(2)
    knights = g.observation()["knights"]
    assert all(knights[t] == {"black": 1, "red": 1, "blue": 1, "green": 1} for t in ("T1", "T2", "T3", "T4"))
    assert [g.player_name(0), g.player_name(1)] == ["Black & Blue", "Red & Green"]


def test_EM_INT_25_placeholder_names_are_editable_data():
    """EM-INT-25, EM-REC-4, EM-REC-5: gem and colour names live in the data file, with CSS colours."""
    layout = new().board_layout()
    assert set(layout["gems"]) == {"gem_1", "gem_2", "gem_3", "gem_4"}
    assert all(v["name"] and v["css"].startswith("#") for v in layout["gems"].values())
    assert list(layout["colours"]) == ["black", "red", "blue", "green", "yellow"]
    data = json.loads(BUNDLED_BOARD.read_text())
    assert "reconstruction" in data["status"]
    assert set(data["reconstructed_from"]) == {"EM-REC-1", "EM-REC-2", "EM-REC-3", "EM-REC-4", "EM-REC-5"}


def test_board_layout_matches_contract():
    """The contract's board_layout keys (widget team builds against them)."""
    layout = new(2).board_layout()
    assert set(layout) == {"start_spaces", "path", "lair_places", "track_positions", "colours", "gems", "seat_colours"}
    assert layout["path"][0] == {"id": "P1", "pos": 1, "kind": "plain"}
    assert layout["path"][-1] == {"id": "LAIR", "pos": 16, "kind": "lair"}
    assert layout["seat_colours"] == [["black", "blue"], ["red", "green"]]
    json.dumps(layout)


# ---------------------------------------------------------------- board file validation
def write_board(tmp_path, change):
    data = json.loads(BUNDLED_BOARD.read_text())
    change(data)
    path = tmp_path / "my_board.json"
    path.write_text(json.dumps(data))
    return str(path)


@pytest.mark.parametrize("change, field", [
    (lambda d: d["start_spaces"].pop(), "start_spaces"),
    (lambda d: d["path"].pop(8), "path"),
    (lambda d: d["path"][6].update(gold_pile=4), "path[6]"),
    (lambda d: d["path"][7].update(kind="plain"), "path[7].kind"),
    (lambda d: d["path"][15].update(knight_places=3), "path[15].knight_places"),
    (lambda d: d["cards"]["gold"].update(removed_unseen=3), "cards.gold"),
    (lambda d: d["cards"]["gem"].update(copies_per_type=5), "cards.gem.copies_per_type"),
    (lambda d: d["cards"]["gem"]["types"].pop(), "cards.gem.types"),
    (lambda d: d["flight_track"]["positions"].update({"2": ["M3", "M4", "M5", "M6"]}), "flight_track.positions.2"),
    (lambda d: d["flight_track"]["positions"]["1"].reverse(), "flight_track.positions.1"),
    (lambda d: d["flight_track"]["dragon_start"].update(square="M6"), "flight_track.dragon_start.square"),
    (lambda d: d["flight_track"]["dragon_start"].update(facing="lair"), "flight_track.dragon_start.facing"),
    (lambda d: d.update(dragon_die=[1, 2, 4]), "dragon_die[2]"),
    (lambda d: d["knights"]["colours"].pop(), "knights.colours"),
    (lambda d: d["knights"]["by_player_count"]["5"].update(knights_per_colour=5), "knights.by_player_count.5.knights_per_colour"),
    (lambda d: d["start_spaces_by_player_count"].update({"5": ["T1", "T2", "T3", "T4", "KEEP"]}), "start_spaces_by_player_count.5"),
    (lambda d: d["cards"]["treasure"].update(count="four"), "cards.treasure.count"),
    (lambda d: d.pop("cards"), "cards"),
])
def test_EM_REC_board_file_errors_name_file_and_field(tmp_path, change, field):
    """EM-REC-1/2/3/4/5, D7/D8: a broken board file is refused with the file and the field named."""
    path = write_board(tmp_path, change)
    with pytest.raises(GameDataError) as err:
        new(3, board_file=path)
    assert "my_board.json" in str(err.value) and repr(field) in str(err.value)


def test_board_file_not_json_or_missing(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(GameDataError, match="bad.json: not valid JSON"):
        load_board(bad)
    with pytest.raises(GameDataError, match="nope.json"):
        load_board(tmp_path / "nope.json")


def test_board_file_option_uses_an_edited_board(tmp_path):
    """A user's own file (here: renamed gems, another die) is used by the game and its record."""
    def change(d):
        d["cards"]["gem"]["types"][0]["name"] = "Topaz"
        d["dragon_die"] = [1, 2, 3]
    path = write_board(tmp_path, change)
    g = new(3, board_file=path)
    assert g.board_layout()["gems"]["gem_1"]["name"] == "Topaz"
    assert g.board.die == (1, 2, 3)
    again = dragonwidgets.from_record(json.loads(json.dumps(g.to_record())), board_file=str(path))
    assert again.board.gem_names["gem_1"] == "Topaz"


def test_unknown_option_and_wrong_type_are_refused():
    with pytest.raises(ValueError, match="no option"):
        new(3, dragon_speed=2)
    with pytest.raises(ValueError, match="must be a bool"):
        new(3, show_paid_gold=1)
    with pytest.raises(ValueError, match="2 to 5 players"):
        new(6)
