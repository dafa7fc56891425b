"""The opening round (DL-OPEN-*, DL-INT-6/7), the start player (DL-SETUP-9, DL-INT-32), two players (DL-2P-3).

Distances on the bundled board (DL-REC-2): each entrance forks into two spurs, stone k of a spur is
exactly k spaces in, and the volcano ending a spur is space 5. So the stones exactly k spaces from
an entrance are the k-th stones of the six spurs.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dragonwidgets.engine import IllegalActionError
from dragonwidgets.games.drachenland.board import BUNDLED_BOARD
from dl_builder import ends, hoard, ids, kinds, opening_game, play, tokens, where

# the k-th stone of each spur: EN->V01, EN->V02, ESE->V05, ESE->V06, EW->V09, EW->V10
SPUR_STONES = {
    1: {"s01", "s05", "s09", "s13", "s17", "s21"},
    2: {"s02", "s06", "s10", "s14", "s18", "s22"},
    3: {"s03", "s07", "s11", "s15", "s19", "s23"},
    4: {"s04", "s08", "s12", "s16", "s20", "s24"},
}


def test_R1_opening_round_four_players_DL_OPEN_1_DL_OPEN_2_DL_OPEN_3_DL_OPEN_4():
    """R-1 (DL-OPEN-1, DL-OPEN-2, DL-OPEN-3, DL-OPEN-4, DL-MOVE-4): P0 red EN 1 -> s01; P1 green EN 2 passes
    the occupied s01 to s02; P2 blue EW 3 -> s23; P3 red ESE 4 -> s12; then P0's first normal turn."""
    g = opening_game(4)
    play(g, "enter red", "walk s01")
    assert where(g, 0, "red") == "s01"
    play(g, "enter green")
    assert "walk s01" not in ids(g)  # occupied, and only 1 space
    assert "walk s02" in ids(g)  # same entrance as P0, passing the occupied s01 (DL-OPEN-4, DL-MOVE-4)
    play(g, "walk s02", "enter blue", "walk s23", "enter red")
    assert "walk s11" not in ids(g)  # 3 spaces in: the distance must be exactly 4
    play(g, "walk s12")
    assert [where(g, p, c) for p, c in ((0, "red"), (1, "green"), (2, "blue"), (3, "red"))] == \
        ["s01", "s02", "s23", "s12"]
    # no volcano is reached, nothing is taken; P0's first normal turn starts with the roll
    assert all(hoard(g, p) == {"egg": 0, "ruby": 0, "emerald": 0, "sapphire": 0, "diamond": 0} for p in range(4))
    assert g.state.eggs_left == 18
    assert g.is_chance_node and g.state.active == 0 and g.observation()["turn"] == 1


@pytest.mark.parametrize("players,distances", [(4, [1, 2, 3, 4]), (3, [1, 2, 3]), (2, [2, 4])])
def test_opening_distances_are_exact_DL_OPEN_2_DL_OPEN_7_DL_2P_3_DL_INT_6(players, distances):
    """DL-OPEN-2, DL-OPEN-7, DL-2P-3, DL-INT-6: the i-th seat walks exactly 1, 2, 3, 4 spaces (2 and 4 with
    two players): its end spaces are the k-th stones of the six spurs, nothing nearer."""
    g = opening_game(players)
    for seat, k in enumerate(distances):
        assert g.state.active == seat and g.observation()["opening_distance"] == k
        play(g, "enter blue")
        assert ends(g) == SPUR_STONES[k]
        play(g, f"walk {sorted(SPUR_STONES[k])[0]}")
    assert g.observation()["turn"] == 1


def test_T16_two_player_opening_DL_2P_3_DL_OPEN_7():
    """T-16, opening part (DL-2P-3, DL-OPEN-7): P0 moves 2 (s02), P1 moves 4 (s20); then P0 rolls."""
    g = opening_game(2)
    play(g, "enter red")
    assert "walk s02" in ids(g) and "walk s01" not in ids(g)
    play(g, "walk s02", "enter green")
    assert "walk s20" in ids(g) and "walk s19" not in ids(g)
    play(g, "walk s20")
    assert where(g, 0, "red") == "s02" and where(g, 1, "green") == "s20"
    assert g.is_chance_node and g.state.active == 0


def test_opening_brings_in_one_adventurer_of_any_colour_DL_OPEN_1():
    """DL-OPEN-1, DL-OPEN-2: each seat chooses any one of its three adventurers, and only one comes in."""
    g = opening_game(3)
    assert ids(g) == ["enter red", "enter green", "enter blue"]
    play(g, "enter green", "walk s01")
    assert g.state.positions[0] == {"red": None, "green": "s01", "blue": None}
    assert g.state.active == 1  # seat 0 is done: no second adventurer, no die


def test_the_entrance_is_not_a_space_DL_OPEN_3():
    """DL-OPEN-3: moving 1 space ends on the stone next to the entrance, and no adventurer ever stands on one."""
    g = opening_game(4)
    play(g, "enter red")
    assert ends(g) == SPUR_STONES[1]
    for e in ("EN", "EW", "ESE"):
        with pytest.raises(IllegalActionError):
            g.apply(f"walk {e}")


def test_opening_uses_no_dice_treasure_or_tokens_DL_OPEN_6_DL_INT_7():
    """DL-OPEN-6, DL-INT-7: through the whole opening round no die is rolled, no fate token is offered, no
    movement token can be played, and nothing is taken."""
    g = opening_game(4)
    before = [tokens(g, p) for p in range(4)]
    for k in (1, 2, 3, 4):
        assert not g.is_chance_node and g.observation()["dice"] is None
        assert all(a.kind == "choose_adventurer" for a in g.legal_actions())
        play(g, "enter red")
        assert {a.kind for a in g.legal_actions()} == {"walk"}  # no march, boat, fly, call, end movement
        for bad in ("reroll", "end movement", "end turn", "march s05", "call baby"):
            with pytest.raises(IllegalActionError):
                g.apply(bad)
        play(g, f"walk {sorted(SPUR_STONES[k])[-1]}")
    assert [tokens(g, p) for p in range(4)] == before
    assert g.state.eggs_left == 18 and g.is_chance_node  # the first roll comes only now


def _board_with_volcano_next_to_EN(tmp_path: Path) -> str:
    """The bundled board plus one path EN - V01: V01 is then 1 space from an entrance."""
    data = json.loads(BUNDLED_BOARD.read_text(encoding="utf-8"))
    data["paths"].append(["EN", "V01"])
    f = tmp_path / "board_v01_at_EN.json"
    f.write_text(json.dumps(data), encoding="utf-8")
    return str(f)


def test_opening_onto_a_face_down_volcano_reveals_it_but_takes_nothing_DL_INT_7_DL_OPEN_5(tmp_path):
    """DL-INT-7, DL-OPEN-5, DL-MOVE-6 (on a board with a volcano 1 space from EN): a seat moving 2 cannot pass
    the face-down V01; the 1-space opener may end on V01, which turns its token face up, and takes nothing;
    once revealed, the next seat may pass V01 (DL-MOVE-7)."""
    board = _board_with_volcano_next_to_EN(tmp_path)
    g = opening_game(3, board_file=board)
    play(g, "enter red")
    assert "walk V01" in ids(g)
    g2 = opening_game(3, board_file=board)
    play(g2, "enter red", "walk s05", "enter red")  # 2 spaces, V01 still face down
    beyond_v01 = {"s25", "s56", "s70"}  # EN -> V01 -> these is 2 spaces
    assert not ends(g2) & beyond_v01
    eggs, gems = dict(g.state.eggs), {v: dict(x) for v, x in g.state.gems.items()}
    events = play(g, "walk V01")
    assert kinds(events) == ["walked", "token_revealed"]
    assert "V01" not in g.state.face_down
    assert g.state.eggs == eggs and g.state.gems == gems and hoard(g, 0)["egg"] == 0
    assert g.state.active == 1 and g.observation()["decision"] == "choose_adventurer"
    play(g, "enter red")
    assert beyond_v01 <= ends(g)


def test_with_manual_chance_the_opening_reveal_is_picked_by_hand_then_the_next_seat_opens_DL_INT_7(tmp_path):
    """DL-INT-7, DL-MOVE-6, DL-SETUP-5 (the board with V01 next to EN): with manual chance the opener reaching
    the face-down V01 stops at the reveal, whose outcomes are the unseen tokens; the one picked turns up on
    V01 (a position there round-trips), nothing is taken and the next seat opens."""
    g = opening_game(3, board_file=_board_with_volcano_next_to_EN(tmp_path))
    g.apply("enter red")
    assert [e.kind for e in g.apply("walk V01")] == ["walked"]
    assert g.is_chance_node and g.state.revealing == "V01" and len(g.legal_actions()) == 8
    twin = type(g)(players=3, seed=0, chance="manual", board_file=g.options["board_file"], position=g.position())
    assert twin.state == g.state
    events = g.apply("reveal V01 magic_hand")
    assert kinds(events) == ["token_revealed"] and g.state.token["V01"] == "magic_hand"
    assert hoard(g, 0)["egg"] == 0 and g.state.active == 1 and ids(g) == ["enter red", "enter green", "enter blue"]


def test_start_player_and_clockwise_order_DL_SETUP_9_DL_INT_32_DL_TURN_1():
    """DL-SETUP-9, DL-INT-32, DL-TURN-1: seat 0 starts by default; with first_player=2 of 4 the opening goes
    2, 3, 0, 1 with distances 1, 2, 3, 4, and the normal turns start with seat 2 again."""
    assert opening_game(4).state.active == 0
    g = opening_game(4, first_player=2)
    order = []
    for k in (1, 2, 3, 4):
        order.append(g.state.active)
        assert g.observation()["opening_distance"] == k
        play(g, "enter red", f"walk {sorted(SPUR_STONES[k])[0]}")
    assert order == [2, 3, 0, 1]
    assert g.is_chance_node and g.state.active == 2 and g.state.turn == 1
