"""The dragon-raid option (CD-RAID-1..5, CD-SETUP-7, CD-INT-22, CD-INT-27, CD-BOARD-4, WE-5, S-19).

With ``dragon_raids=True`` every turn of the first player starts with a chance node ``raid a b``
(2d6, written low first); the adventurers on inner squares (a;b) and (b;a) lose backpack and cage.
"""

from __future__ import annotations

from collections import Counter

import pytest

from cd_builder import Board, board, ids, play, position, total_cards, where
from dragonwidgets.games.chasse_au_dragon import ChasseGame
from dragonwidgets.games.chasse_au_dragon.state import MOVE, RAID


def test_CD_RAID_1_CD_SETUP_7_off_by_default():
    """CD-RAID-1, CD-SETUP-7: without the option no turn starts with a raid, even the first player's."""
    g = ChasseGame(players=3, seed=4, first_player=0, chance="manual")
    assert g.options["dragon_raids"] is False and g.observation()["dragon_raids"] is False
    for _ in range(6):
        assert g.state.phase == MOVE and not g.is_chance_node
        play(g, "stop", "end turn")


def test_CD_RAID_2_CD_INT_22_every_turn_of_the_first_player_the_very_first_included():
    """CD-RAID-2, CD-INT-22, CD-SETUP-3: the raid comes at the start of each of the first player's turns,
    the game's very first turn included, before the movement; the other seats' turns have none."""
    g = ChasseGame(players=3, seed=4, first_player=1, dragon_raids=True, chance="manual")
    seen = []
    for _ in range(7):
        seat = g.state.active
        seen.append((seat, g.state.phase))
        if g.state.phase == RAID:
            assert g.is_chance_node
            play(g, "raid 6 6")
            assert g.state.phase == MOVE and g.current_player == seat
        play(g, "stop", "end turn")
    assert seen == [(1, RAID), (2, MOVE), (0, MOVE), (1, RAID), (2, MOVE), (0, MOVE), (1, RAID)]


def test_CD_RAID_2_two_d6_as_21_outcomes():
    """CD-RAID-2, CD-RAID-3: the 2d6 come as 21 outcomes 'raid a b' with a <= b: doubles 1/36, others 2/36."""
    g = position(2, dragon_raids=True)
    outcomes = g.legal_actions()
    assert len(outcomes) == 21 and sum(a.prob for a in outcomes) == pytest.approx(1)
    probs = {a.id: a.prob for a in outcomes}
    assert probs["raid 3 3"] == pytest.approx(1 / 36) and probs["raid 2 5"] == pytest.approx(2 / 36)
    assert all(int(a.id.split()[1]) <= int(a.id.split()[2]) for a in outcomes)


def test_WE_5_CD_RAID_3_the_raided_squares():
    """WE-5, CD-RAID-3: 2 and 5 raid (2;5) and (5;2); 3 and 3 only (3;3)."""
    g = position(2, dragon_raids=True)
    targets = {a.id: a.targets for a in g.legal_actions()}
    assert set(targets["raid 2 5"]) == {"2,5", "5,2"} and set(targets["raid 3 3"]) == {"3,3"}
    ev = play(g, "raid 2 5")
    assert ev[0].kind == "raid" and "(2;5) and (5;2)" in ev[0].text


def test_S_19_CD_RAID_4_raid_victims():
    """S-19, CD-RAID-4, CD-RAID-5, CD-INT-17: A (first player) on (2,2), B on (2,5) with backpack ogre,
    cage 2, pantry 1, C on (5,2) with cage 1. A rolls 2 and 5: B's backpack and cage and C's cage leave
    the game; B keeps the pantry; A is unaffected; A then moves."""
    g = position(3, dragon_raids=True, at={0: "2,2", 1: "2,5", 2: "5,2"},
                 boards={0: Board(backpack=["orc"], cage=1), 1: Board(backpack=["ogre"], cage=2, pantry=1),
                         2: Board(cage=1)})
    ev = play(g, "raid 2 5")
    assert board(g, 1) == {"backpack": {}, "cage": 0, "vault": {}, "dungeon": 0, "equipment": None, "pantry": 1}
    assert board(g, 2)["cage"] == 0 and board(g, 0)["backpack"] == {"orc": 1} and board(g, 0)["cage"] == 1
    assert g.state.removed == {"ogre": 1, "goblin": 3} and total_cards(g) == 124
    assert ev[0].data["victims"] == [1, 2] and "Blue, Black lose backpack and cage" in ev[0].text
    assert g.state.phase == MOVE and g.current_player == 0


def test_CD_RAID_4_the_first_player_is_raided_too():
    """CD-RAID-4, CD-INT-22: the roller on a raided square loses backpack and cage like anyone."""
    g = position(2, dragon_raids=True, at={0: "4,4"}, boards={0: Board(backpack=["troll"], cage=2)})
    play(g, "raid 4 4")
    assert board(g, 0)["backpack"] == {} and board(g, 0)["cage"] == 0


def test_CD_RAID_5_nothing_else_is_touched():
    """CD-RAID-5, CD-ZONE-8: piles, vault, dungeon, equipment, pantry and positions stay as they were."""
    b = Board(backpack=["orc"], cage=1, vault=["giant"], dungeon=2, equipment="ogre", pantry=3)
    g = position(2, dragon_raids=True, at={0: "3,6", 1: "6,3"}, boards={0: b, 1: b})
    piles = {k: list(v) for k, v in g.state.piles.items()}
    play(g, "raid 3 6")
    for seat in (0, 1):
        assert board(g, seat) == {"backpack": {}, "cage": 0, "vault": {"giant": 1}, "dungeon": 2,
                                  "equipment": "ogre", "pantry": 3}
    assert g.state.piles == piles and where(g, 0) == "3,6" and where(g, 1) == "6,3"


def test_CD_RAID_5_the_forest_edge_is_never_raided():
    """CD-RAID-5, CD-BOARD-4: only inner squares have coordinates: no raid outcome touches the edge."""
    g = position(2, dragon_raids=True)
    squares = {t for a in g.legal_actions() for t in a.targets}
    assert squares == {f"{x},{y}" for x in range(1, 7) for y in range(1, 7)}


def test_CD_INT_27_CD_BOARD_4_inner_coordinates_are_board_squares():
    """CD-INT-27, CD-BOARD-4, CD-REC-1: inner square (a;b) is board square (x=a, y=b): (1;1) is the
    top-left inner square and (1;6) / (6;1) the bottom-left and top-right ones."""
    g = position(3, dragon_raids=True, at={0: "1,1", 1: "1,6", 2: "6,1"},
                 boards={s: Board(cage=1) for s in range(3)})
    ok = g.clone()
    play(ok, "raid 1 1")
    assert [board(ok, s)["cage"] for s in range(3)] == [0, 1, 1]
    play(g, "raid 1 6")
    assert [board(g, s)["cage"] for s in range(3)] == [1, 0, 0]


def test_CD_RAID_4_the_raid_log_names_victims_without_counts():
    """CD-RAID-4, section 7: the table reads the dice, the squares and the victims, no card counts."""
    g = position(2, dragon_raids=True, at={1: "2,3"}, boards={1: Board(backpack=["orc", "ogre"], cage=3)})
    play(g, "raid 2 3")
    text = next(r["text"] for r in g.log(0) if r["kind"] == "raid")
    assert text == "The dragon raids (2;3) and (3;2): Blue loses backpack and cage."
    assert not any(ch.isdigit() for ch in text.split(":")[1])
    g = position(2, dragon_raids=True)
    assert g.apply("raid 1 2")[0].text == "The dragon raids (1;2) and (2;1): nobody loses backpack and cage."


def test_CD_INT_22_auto_chance_draws_the_raids_in_the_first_players_turns():
    """CD-INT-22, CD-RAID-2: with chance drawn by the game, each round logs exactly one raid, at the start
    of the first player's turn."""
    g = ChasseGame(players=2, seed=9, first_player=1, dragon_raids=True)
    assert g.history[0].action.kind == "raid" and g.history[0].auto and g.current_player == 1
    for _ in range(4):
        play(g, "stop")
        if g.state.phase == "camp":
            play(g, "end turn")
    raids = [e.action.player for e in g.history if e.action.kind == "raid"]
    assert len(raids) == 3 and Counter(e.action.kind for e in g.history)["raid"] == g.state.round
    assert ids(g)[-1] == "stop"
