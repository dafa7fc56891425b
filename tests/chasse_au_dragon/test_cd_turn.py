"""Setting up and the order of play (CD-SETUP-1..5/7, CD-TURN-1..5, CD-PLAYERS-1/2, CD-INT-1..4, CD-INT-28),
the first_player option and the camp_placement="choose" mode.
"""

from __future__ import annotations

import random

import pytest

from cd_builder import Board, board, ids, play, position, total_cards, where
from dragonwidgets.games.chasse_au_dragon import ChasseGame
from dragonwidgets.games.chasse_au_dragon.setup import camps, deal_piles, edge_squares, load_setup
from dragonwidgets.games.chasse_au_dragon.state import (
    CAMP, CHOOSE_DUEL, COMBAT, DUEL_FLIGHT, ENCOUNTER, MOVE, PLACE_CAMP, RAID,
)

COLOURS = ["White", "Blue", "Black", "Orange", "Red", "Green"]


def pass_turn(g) -> None:
    """The active seat, on its own camp, stays and ends its turn."""
    play(g, "stop", "end turn")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_CD_SETUP_1_CD_SETUP_2_CD_INT_3_colours_and_empty_boards(players):
    """CD-SETUP-1, CD-SETUP-2, CD-INT-3, CD-SETUP-6, CD-PLAYERS-1: each seat has a colour (the pawns' order),
    an empty management board with base equipment (d4), and all 124 cards are in the forest."""
    g = ChasseGame(players=players, seed=players)
    assert [g.player_name(i) for i in range(players)] == COLOURS[:players]
    assert g.board_layout()["seat_colours"] == [c.lower() for c in COLOURS[:players]]
    for seat in range(players):
        assert board(g, seat) == {"backpack": {}, "cage": 0, "vault": {}, "dungeon": 0, "equipment": None, "pantry": 0}
        assert g.observation(seat)["boards"][seat]["power"] == 4
    assert sum(map(len, g.state.piles.values())) == 124 == total_cards(g) and not g.state.removed


@pytest.mark.parametrize("players, first", [(2, 0), (2, 1), (4, 2), (6, 5)])
def test_CD_SETUP_4_CD_SETUP_5_CD_REC_3_default_camps_from_the_first_player(players, first):
    """CD-SETUP-4, CD-SETUP-5, CD-REC-3, CD-INT-4: the i-th default camp goes to the i-th seat in turn
    order from the first player; each adventurer starts on its own camp; camps are distinct edge squares."""
    g = ChasseGame(players=players, seed=1, first_player=first)
    table = camps(load_setup(), players)
    for i, sq in enumerate(table):
        seat = (first + i) % players
        assert g.state.camps[seat] == sq and g.state.positions[seat] == sq
    assert len(set(g.state.camps)) == players and set(g.state.camps) <= set(edge_squares())


def test_CD_INT_2_CD_SETUP_3_the_first_player_is_drawn_right_after_the_deal():
    """CD-INT-2, CD-SETUP-3: with first_player=-1 the first seat is the seeded generator's next draw after
    the deal (CD-REC-2's last line); it is reproducible and every seat can be drawn."""
    seen = set()
    for seed in range(40):
        g = ChasseGame(players=4, seed=seed)
        rng = g._rng(0)
        deal_piles(load_setup(), rng)
        assert g.state.first_player == rng.randrange(4) == g.state.active
        assert ChasseGame(players=4, seed=seed).state.first_player == g.state.first_player
        seen.add(g.state.first_player)
    assert seen == {0, 1, 2, 3}


def test_CD_SETUP_3_the_first_player_option_keeps_the_deal():
    """CD-SETUP-3, CD-INT-2: naming the first player changes who starts, not the piles."""
    a = ChasseGame(players=3, seed=7)
    b = ChasseGame(players=3, seed=7, first_player=2)
    assert b.state.first_player == 2 == b.current_player and a.state.piles == b.state.piles
    with pytest.raises(ValueError, match="first_player"):
        ChasseGame(players=3, seed=7, first_player=3)


@pytest.mark.parametrize("players, first", [(2, 1), (3, 0), (5, 3), (6, 4)])
def test_CD_TURN_1_CD_INT_1_turns_pass_to_the_left_rounds_start_with_the_first_player(players, first):
    """CD-TURN-1, CD-TURN-5, CD-INT-1, CD-SETUP-3: the next seat (the left neighbour) plays next; a round is
    counted from the first player, who stays the same all game."""
    g = ChasseGame(players=players, seed=3, first_player=first, chance="manual")
    order = []
    for _ in range(2 * players + 1):
        order.append((g.current_player, g.observation()["round"]))
        pass_turn(g)
    expected = [((first + k) % players, 1 + k // players) for k in range(2 * players + 1)]
    assert order == expected and g.observation()["first_player"] == first


def test_CD_TURN_2_the_phases_in_order():
    """CD-TURN-2, CD-TURN-3, CD-TURN-4: raid (first player, option), movement, duel (defender answers),
    encounter, then, sent home by the lost duel, the camp phase on the own camp (CD-INT-12)."""
    g = position(2, dragon_raids=True, at={0: "2,1", 1: "2,2"}, boards={0: Board(backpack=["orc"], cage=1)},
                 piles={"2,2": ["orc", "goblin", "goblin", "orc"]})
    seen = [(g.state.phase, g.current_player)]
    for action in ("raid 6 6", "step 2,2", "stop", "duel 1", "no flight", "throw 1", "throw 3"):
        play(g, action)
        seen.append((g.state.phase, g.current_player))
    assert seen == [(RAID, -1), (MOVE, 0), (MOVE, 0), (CHOOSE_DUEL, 0), (DUEL_FLIGHT, 1), (COMBAT, -1),
                    (COMBAT, -1), (CAMP, 0)]
    assert where(g, 0) == "3,0" and board(g, 1)["backpack"] == {"orc": 1}


def test_CD_TURN_3_each_phase_looks_at_the_square_when_it_starts():
    """CD-TURN-3, CD-INT-12, CD-DUEL-11: the active player beaten in a duel on a pile square is home when
    phase 3 starts: no encounter there, and phase 4 happens on the own camp."""
    g = position(2, at={0: "1,1", 1: "1,1"}, piles={"1,1": ["goblin", "orc"]})
    play(g, "stop", "duel 1", "no flight", "throw 1", "throw 2")
    assert where(g, 0) == "3,0" and g.state.phase == CAMP and g.observation()["revealed"] is None
    assert g.state.piles[1, 1] == ["goblin", "orc"]


def test_CD_TURN_4_only_the_active_player_moves():
    """CD-TURN-4: a whole turn of the active player leaves the other adventurers where they were (short
    of a lost duel), and every decision but the defender's flight is the active seat's or chance's."""
    g = ChasseGame(players=4, seed=11, first_player=0)
    rng = random.Random(11)
    for _ in range(400):
        if g.is_over:
            break
        p = g.state.active
        before = list(g.state.positions)
        g.apply(rng.choice(ids(g)))
        if g.state.phase == DUEL_FLIGHT:
            assert g.current_player == g.state.defender != p
        elif not g.is_over and g.state.active == p:
            assert g.current_player in (p, -1)
        for q in range(4):
            if q != p and g.state.positions[q] != before[q]:
                assert g.state.positions[q] == g.state.camps[q]  # beaten in a duel, sent home (CD-DUEL-8)


def test_CD_TURN_5_after_the_last_phase_the_left_neighbour():
    """CD-TURN-5: an encounter off the camp is the last phase: the turn passes to the next seat at once."""
    g = position(3, at={0: "2,2"}, boards={0: Board(equipment="troll")}, piles={"2,2": ["goblin", "orc"]})
    play(g, "stop", "flee free")
    assert g.current_player == 1 and g.state.phase == MOVE and g.state.steps == 0


@pytest.mark.parametrize("players", [1, 7])
def test_CD_PLAYERS_1_two_to_six_players(players):
    """CD-PLAYERS-1: 2 to 6 players ("pour 2 à 6 joueurs")."""
    with pytest.raises(ValueError, match="2 to 6 players"):
        ChasseGame(players=players, seed=1)


def test_CD_PLAYERS_2_two_players_the_opponent_rolls_for_the_monster():
    """CD-PLAYERS-2, CD-COMBAT-4: with 2 players the left neighbour of either fighter is the opponent."""
    for seat, other in ((0, "Blue"), (1, "White")):
        g = position(2, active=seat, at={seat: "5,5"}, piles={"5,5": ["orc", "goblin", "goblin", "goblin"]})
        play(g, "stop", "fight", "throw 2")
        assert f"rolled by {other}" in g.legal_actions()[0].label


def test_CD_INT_4_camp_placement_choose():
    """CD-INT-4, CD-SETUP-4, CD-SETUP-5, CD-REC-3: in the "choose" mode each seat, in turn order from the
    first player, pitches its camp on a free forest-edge square; then the first player's turn starts on
    those camps."""
    g = ChasseGame(players=3, seed=2, first_player=1, camp_placement="choose", chance="manual")
    assert g.state.phase == PLACE_CAMP and g.current_player == 1
    offered = {i.split()[1] for i in ids(g)}
    assert len(offered) == 28 and offered == {f"{x},{y}" for x, y in edge_squares()}
    play(g, "camp 0,0")
    assert g.current_player == 2 and "camp 0,0" not in ids(g) and len(ids(g)) == 27
    play(g, "camp 7,7", "camp 0,7")
    assert g.state.camps == [(0, 7), (0, 0), (7, 7)] and g.state.positions == g.state.camps
    assert g.state.phase == MOVE and g.current_player == 1 and g.observation()["round"] == 1
    assert any("pitch their camp on 0,0" in r["text"] for r in g.log(0))


def test_CD_INT_4_choose_mode_with_raids_starts_with_the_raid():
    """CD-INT-4, CD-INT-22: after the camps are chosen, the first player's first turn opens with the raid."""
    g = ChasseGame(players=2, seed=2, first_player=0, camp_placement="choose", dragon_raids=True, chance="manual")
    play(g, "camp 3,0", "camp 4,7")
    assert g.state.phase == RAID and g.is_chance_node


def test_CD_INT_4_bad_camp_placement_is_refused():
    """CD-INT-4: camp_placement is "default" or "choose"."""
    with pytest.raises(ValueError, match="camp_placement"):
        ChasseGame(players=2, seed=1, camp_placement="random")


def test_CD_INT_28_goblin_is_one_card_type():
    """CD-INT-28: "gobelin" and "goblin" are one card type, spelt ``goblin`` everywhere in the engine."""
    g = ChasseGame(players=2, seed=1)
    layout = g.board_layout()
    assert "goblin" in layout["powers"] and "gobelin" not in layout["powers"]
    assert set(g.observation()["hidden"]["piles"]["3,3"]) <= set(layout["powers"])
    assert layout["dice"] == [4, 6, 8, 10, 12, 20]


def test_CD_TURN_2_ENCOUNTER_follows_a_declined_duel():
    """CD-TURN-2: phase 3 after phase 2, whatever was chosen there."""
    g = position(2, at={0: "2,2", 1: "2,2"}, piles={"2,2": ["goblin", "orc"]})
    play(g, "stop", "no duel")
    assert g.state.phase == ENCOUNTER
