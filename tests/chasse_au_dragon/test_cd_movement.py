"""Phase 1, movement, and goblins as fuel (CD-MOVE-1..7, CD-GOB-1..8, CD-INT-5/6/8, WE-1, S-15..S-17).

Positions are literal (``cd_builder.position``); each test then plays ``step x,y`` / ``stop`` like a
player and checks the cage, the pantry and what was removed from the game.
"""

from __future__ import annotations

import pytest

from cd_builder import Board, board, ids, kinds, pile, play, position, total_cards, where
from dragonwidgets.games.chasse_au_dragon.state import CAMP, ENCOUNTER, MOVE


def steps_offered(game) -> set[str]:
    return {i.split()[1] for i in ids(game) if i.startswith("step ")}


def removed_goblins(game) -> int:
    return game.state.removed.get("goblin", 0)


def end_turn_of_seat_1(game) -> None:
    """Seat 1 stays on its camp (no pile on the edge) and ends its turn there."""
    assert game.current_player == 1
    play(game, "stop", "end turn")
    assert game.current_player == 0 and game.state.phase == MOVE


# ---------------------------------------------------------------------------- CD-MOVE


def test_CD_MOVE_1_eight_king_steps_the_first_one_free():
    """CD-MOVE-1: from an inner square the 8 neighbours, diagonals included, are offered; the first step
    costs nothing (cage and pantry untouched) and is labelled free."""
    g = position(2, at={0: "3,3"}, boards={0: Board(cage=1)})
    assert steps_offered(g) == {"2,2", "3,2", "4,2", "2,3", "4,3", "2,4", "3,4", "4,4"}
    assert "CD-MOVE-1" in g.explain("step 4,4") and "(free)" in g.explain("step 4,4")
    ev = play(g, "step 4,4")
    assert ev[0].kind == "stepped" and "free step" in ev[0].text and ev[0].data["paid"] is False
    assert board(g, 0)["cage"] == 1 and board(g, 0)["pantry"] == 0 and where(g, 0) == "4,4"


@pytest.mark.parametrize("start, expected", [
    ("0,0", {"1,0", "0,1", "1,1"}),
    ("7,7", {"6,6", "7,6", "6,7"}),
    ("3,0", {"2,0", "4,0", "2,1", "3,1", "4,1"}),
    ("0,5", {"0,4", "1,4", "1,5", "0,6", "1,6"}),
])
def test_CD_MOVE_4_a_step_never_leaves_the_board(start, expected):
    """CD-MOVE-4, CD-BOARD-1: from a corner 3 steps, from a side 5; none leaves the 8x8 board."""
    g = position(2, camps={0: start, 1: "4,7" if start != "4,7" else "3,0"})
    assert steps_offered(g) == expected


def test_CD_MOVE_2_staying_is_allowed_and_the_pile_is_still_met():
    """CD-MOVE-2, CD-ENC-1: 'stop' without a step keeps the adventurer on its square; the pile there
    is met all the same ("même s'il ne s'est pas déplacé")."""
    g = position(2, at={0: "2,2"}, piles={"2,2": ["orc", "goblin"]})
    assert "stop" in ids(g) and "CD-MOVE-2" in g.explain("stop")
    play(g, "stop")
    assert where(g, 0) == "2,2" and g.state.steps == 0
    assert g.state.phase == ENCOUNTER and g.observation()["revealed"]["card"] == "orc"


def test_CD_MOVE_3_CD_GOB_3_each_further_step_costs_one_quarter():
    """CD-MOVE-3, CD-GOB-3: after the free step, every step costs one goblin quarter, as often as
    quarters remain ("autant de quarts de gobelins qu'il souhaite")."""
    g = position(2, at={0: "1,1"}, boards={0: Board(cage=1)})
    play(g, "step 1,2")
    assert "CD-MOVE-3" in g.explain("step 1,3") and "CD-GOB-3" in g.explain("step 1,3")
    ev = play(g, "step 1,3")
    assert ev[0].data["paid"] is True and board(g, 0)["cage"] == 0 and board(g, 0)["pantry"] == 3
    play(g, "step 1,4", "step 1,5")
    assert board(g, 0)["pantry"] == 1 and where(g, 0) == "1,5" and g.state.steps == 4


def test_CD_MOVE_5_CD_INT_6_squares_passed_through_have_no_effect():
    """CD-MOVE-5, CD-INT-6: walking across a pile and an opponent's square forces no stop, no duel and
    no encounter there; only the square where the movement ends is looked at."""
    g = position(2, at={0: "1,1", 1: "2,2"}, boards={0: Board(cage=1)},
                 piles={"2,2": ["troll", "orc"], "3,3": ["goblin", "orc"]})
    play(g, "step 2,2")
    assert g.state.phase == MOVE and steps_offered(g)  # no duel, no encounter on 2,2
    play(g, "step 3,3", "stop")
    assert pile(g, "2,2") == ["troll", "orc"] and where(g, 1) == "2,2"
    assert g.state.phase == ENCOUNTER and g.observation()["revealed"] == {"square": "3,3", "card": "goblin", "power": 4}


def test_CD_MOVE_6_S_16_no_fuel_one_step_and_the_movement_ends():
    """CD-MOVE-6, S-16, section 6 ("forced: ... the only option is stop (auto)"): with no goblin in
    cage or pantry, the first step ends the movement by itself; a square 2 steps away is out of reach."""
    g = position(2, at={0: "1,1"}, boards={0: Board(dungeon=3)}, piles={"2,2": ["goblin", "orc"]})
    ev = play(g, "step 2,2")
    assert kinds(ev) == ["stepped", "stopped", "monster_revealed"]
    assert "no goblin quarter left" in ev[1].text
    assert g.state.phase == ENCOUNTER and where(g, 0) == "2,2" and not steps_offered(g)


def test_CD_MOVE_6_S_15_at_most_one_plus_the_quarters_available():
    """CD-MOVE-6, S-15: pantry 1 quarter + cage 1 goblin = 5 quarters: 1 + 5 = 6 steps, then the
    movement stops by itself; both goblins are used up and leave the game (CD-GOB-7)."""
    g = position(2, at={0: "1,1"}, boards={0: Board(cage=1, pantry=1)})
    assert g.observation(0)["boards"][0]["quarters"] == 5
    path = ["2,1", "3,1", "4,1", "5,1", "6,1"]
    play(g, *(f"step {x}" for x in path))
    assert g.state.phase == MOVE and board(g, 0)["pantry"] == 1 and removed_goblins(g) == 1
    ev = play(g, "step 6,0")
    assert kinds(ev)[:2] == ["stepped", "stopped"] and len([r for r in g.log() if r["kind"] == "stepped"]) == 6
    assert board(g, 0)["cage"] == 0 and board(g, 0)["pantry"] == 0 and removed_goblins(g) == 2
    assert g.current_player == 1 and total_cards(g) == 124  # edge square, not its camp: the turn is over


def test_CD_MOVE_7_S_17_CD_INT_5_wasted_steps_are_legal_and_cost_quarters():
    """CD-MOVE-7, S-17, CD-INT-5: (4,4) -> (4,5) -> (4,4) ends where it began, costs 1 quarter (a cage
    goblin enters the pantry: cage 0, pantry 3) and the pile of (4,4) is then met."""
    g = position(2, at={0: "4,4"}, boards={0: Board(cage=1)}, piles={"4,4": ["orc"] + ["goblin"] * 8})
    play(g, "step 4,5", "step 4,4")
    assert board(g, 0)["cage"] == 0 and board(g, 0)["pantry"] == 3 and g.state.steps == 2
    play(g, "stop")
    assert g.observation()["revealed"] == {"square": "4,4", "card": "orc", "power": 6}


def test_CD_BOARD_5_CD_INT_7_onto_occupied_squares_and_other_camps():
    """CD-BOARD-5, CD-INT-7: an adventurer may step onto a square with another adventurer and onto
    another player's camp; both adventurers then share the square."""
    g = position(3, at={0: "4,1", 1: "4,2"}, camps={0: "3,0", 1: "7,5", 2: "5,0"})
    assert {"4,2", "5,0"} <= steps_offered(g)
    play(g, "step 5,0")
    assert where(g, 0) == "5,0" == where(g, 2)


# ---------------------------------------------------------------------------- CD-GOB


def test_WE_1_goblin_usage_over_three_turns():
    """WE-1 (the rulebook's "Exemple"), CD-GOB-1..8, CD-INT-8, CD-INT-13: base d4, cage 2, camp (0,3).

    Turn 1: two steps, the 2nd paid by a cage goblin turned to 3 in the pantry; a troll is fled with
    a decoy (a whole cage goblin leaves the game). Turn 2: three steps, two quarters from the pantry
    (1 left). Turn 3: two steps, the last quarter: the goblin leaves the game. Then one step at most.
    """
    g = position(2, camps={0: "0,3"}, boards={0: Board(cage=2)}, piles={"2,3": ["troll", "goblin", "orc", "goblin"]})
    # turn 1
    play(g, "step 1,3")
    assert (board(g, 0)["cage"], board(g, 0)["pantry"]) == (2, 0)  # the free step used nothing
    ev = play(g, "step 2,3")
    assert "a goblin leaves the cage for the pantry (3 quarters left)" in ev[0].text
    assert (board(g, 0)["cage"], board(g, 0)["pantry"]) == (1, 3)
    play(g, "stop")
    assert g.observation()["revealed"]["card"] == "troll"
    assert set(ids(g)) == {"decoy", "flee roll", "fight"}  # 10 >= 4 (CD-ENC-3)
    play(g, "decoy")
    assert (board(g, 0)["cage"], board(g, 0)["pantry"]) == (0, 3) and removed_goblins(g) == 1
    assert pile(g, "2,3") == ["goblin", "orc", "goblin", "troll"] and g.current_player == 1
    end_turn_of_seat_1(g)
    # turn 2: three steps, two quarters from the pantry
    play(g, "step 1,3", "step 0,3", "step 0,2", "stop")
    assert (board(g, 0)["cage"], board(g, 0)["pantry"]) == (0, 1) and removed_goblins(g) == 1
    end_turn_of_seat_1(g)
    # turn 3: two steps; the last quarter is used and the goblin leaves the game at once
    play(g, "step 0,1")
    ev = play(g, "step 0,0")
    assert "last quarter is used: it leaves the game" in ev[0].text and "stopped" in kinds(ev)
    assert (board(g, 0)["cage"], board(g, 0)["pantry"]) == (0, 0) and removed_goblins(g) == 2
    end_turn_of_seat_1(g)
    # from now on at most one step per turn
    play(g, "step 1,0")
    assert g.current_player == 1 and where(g, 0) == "1,0" and total_cards(g) == 124


def test_S_15_CD_GOB_5_the_pantry_pays_first_then_a_cage_goblin():
    """S-15, CD-GOB-5, CD-GOB-7: (1,1) -> (2,2) -> (3,3) -> (4,4) with pantry 1 and cage 1: the pantry's
    last quarter first (that goblin leaves the game), then the cage goblin enters the pantry turned to 3."""
    g = position(2, at={0: "1,1"}, boards={0: Board(cage=1, pantry=1)})
    play(g, "step 2,2")
    ev = play(g, "step 3,3")
    assert "last quarter" in ev[0].text and (board(g, 0)["cage"], board(g, 0)["pantry"]) == (1, 0)
    assert removed_goblins(g) == 1
    ev = play(g, "step 4,4")
    assert "leaves the cage for the pantry" in ev[0].text
    assert (board(g, 0)["cage"], board(g, 0)["pantry"]) == (0, 3)


def test_CD_GOB_6_CD_INT_8_a_cage_goblin_enters_the_pantry_only_when_it_is_empty():
    """CD-GOB-6, CD-INT-8, CD-GOB-1: pantry 3 and cage 2: three paid steps all come from the pantry
    (3 -> 2 -> 1 -> gone); only the 4th paid step brings a cage goblin in, turned to 3. Cage goblins stay
    whole (4 quarters) until then."""
    g = position(2, at={0: "1,1"}, boards={0: Board(cage=2, pantry=3)})
    play(g, "step 2,1")
    seen = []
    for x in ("3,1", "4,1", "5,1", "6,1"):
        play(g, f"step {x}")
        seen.append((board(g, 0)["cage"], board(g, 0)["pantry"]))
    assert seen == [(2, 2), (2, 1), (2, 0), (1, 3)]
    assert g.observation(0)["boards"][0]["quarters"] == 3 + 4 * 1


def test_CD_GOB_4_dungeon_goblins_never_pay_for_movement():
    """CD-GOB-4: the dungeon is at the camp; its goblins pay nothing: with cage 0, pantry 0 and
    dungeon 5, a player at camp still has only the free step."""
    g = position(2, boards={0: Board(dungeon=5)})
    assert g.observation(0)["boards"][0]["quarters"] == 0
    play(g, "step 3,1")
    assert g.state.phase != MOVE and board(g, 0)["dungeon"] == 5


def test_CD_GOB_8_quarters_are_pantry_plus_four_per_cage_goblin():
    """CD-GOB-8: the seat's observation counts pantry + 4 x cage; the dungeon does not count."""
    g = position(2, boards={0: Board(cage=3, pantry=2, dungeon=4)})
    assert g.observation(0)["boards"][0]["quarters"] == 14


def test_CD_GOB_2_a_decoy_costs_a_whole_cage_goblin_never_a_quarter():
    """CD-GOB-2, CD-INT-13: a decoy takes one whole goblin out of the cage; the pantry goblin (2 left)
    is not touched."""
    g = position(2, at={0: "1,1"}, boards={0: Board(cage=2, pantry=2)}, piles={"1,1": ["ogre", "orc"]})
    play(g, "stop", "decoy")
    assert (board(g, 0)["cage"], board(g, 0)["pantry"]) == (1, 2) and removed_goblins(g) == 1


def test_CD_GOB_7_a_used_up_goblin_leaves_the_game_at_once():
    """CD-GOB-7: paying the pantry's last quarter removes that goblin from the game in the same step;
    the 124 cards are still all accounted for."""
    g = position(2, at={0: "1,1"}, boards={0: Board(pantry=1)})
    play(g, "step 1,2")
    ev = play(g, "step 1,3")
    assert board(g, 0)["pantry"] == 0 and removed_goblins(g) == 1 and total_cards(g) == 124
    assert kinds(ev)[:2] == ["stepped", "stopped"]


def test_CD_MOVE_3_steps_are_public_with_the_quarters_spent():
    """CD-MOVE-3, section 7: every step and the quarter it cost are in every seat's log."""
    g = position(2, at={0: "1,1"}, boards={0: Board(cage=1)})
    play(g, "step 2,1", "step 3,1", "stop")
    texts = [row["text"] for row in g.log(1)]
    assert "White steps from 1,1 to 2,1 (free step)." in texts
    assert "White steps from 2,1 to 3,1 (a goblin leaves the cage for the pantry (3 quarters left))." in texts


def test_CD_CAMP_1_moving_onto_ones_own_camp_opens_the_camp_phase():
    """CD-MOVE-1, CD-CAMP-1: a step back onto the own camp (no pile on the edge) leads to the camp phase."""
    g = position(2, at={0: "3,1"})
    play(g, "step 3,0")
    assert g.state.phase == CAMP and g.current_player == 0
