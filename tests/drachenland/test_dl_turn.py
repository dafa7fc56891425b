"""Normal turns (DL-TURN-*): roll, fate, two actions with two different adventurers, unused dice (DL-INT-8)."""

from __future__ import annotations

import pytest

from dragonwidgets.engine import IllegalActionError
from dl_builder import Volcano, ends, hoard, ids, play, position, where


def test_turn_sequence_roll_fate_two_actions_next_seat_DL_TURN_2():
    """DL-TURN-2: roll both dice, then (holding a fate token) keep or reroll, then one die and one
    adventurer, its movement then its treasure phase, then the other die and another adventurer, then
    the next seat rolls."""
    g = position(4, adventurers={0: {"red": "s01", "green": "s17"}}, dice=None)
    assert g.is_chance_node
    assert {a.kind for a in g.legal_actions()} == {"roll"}
    play(g, "roll 2 3")
    assert ids(g) == ["keep", "reroll"]
    play(g, "keep")
    assert ids(g) == ["die 2", "die 3", "end turn"]
    play(g, "die 3", "move red")
    assert g.observation()["decision"] == "movement"
    play(g, "walk s04")  # a stone: no treasure phase; the other die comes next
    assert g.observation()["decision"] == "choose_adventurer" and g.observation()["chosen_die"] == 0
    assert "move green" in ids(g) and "move red" not in ids(g)
    play(g, "move green", "walk s19")
    assert g.is_chance_node and g.state.active == 1  # DL-TURN-2 (5): the next player


def test_normal_turns_go_clockwise_from_the_start_player_DL_TURN_1():
    """DL-TURN-1: after seat 3 of 4 comes seat 0 again, and a new round begins."""
    g = position(4, active=3, adventurers={3: {"red": "s09"}}, dice=(1, 2))
    play(g, "end turn")
    assert g.is_chance_node and g.state.active == 0 and g.state.turn == 2
    play(g, "roll 1 2", "keep", "end turn")
    assert g.state.active == 1 and g.state.turn == 2


def test_the_same_adventurer_never_uses_both_dice_DL_TURN_3():
    """DL-TURN-3: the player picks which die goes with which adventurer, but not one adventurer twice."""
    g = position(4, adventurers={0: {"red": "s01", "green": "s17", "blue": "s21"}}, dice=(1, 2))
    play(g, "die 2")
    assert ids(g) == ["move red", "move green", "move blue", "end turn"]
    play(g, "move green", "walk s19")
    assert ids(g) == ["move red", "move blue", "end turn"]
    with pytest.raises(IllegalActionError, match="DL-TURN-3"):
        g.apply("move green")


def test_either_die_may_go_first_DL_TURN_3():
    """DL-TURN-3: with (1, 3) the player may use the 1 first, or the 3 first."""
    for first, reach in (("die 1", {"s02"}), ("die 3", {"s02", "s03", "s04"})):
        g = position(4, adventurers={0: {"red": "s01"}}, dice=(1, 3))
        play(g, first, "move red")
        assert ends(g) == reach


def test_R5_move_zero_and_the_third_adventurer_DL_MOVE_2_DL_TURN_4():
    """R-5 (DL-MOVE-2, DL-TURN-4, DL-TREASURE-1): red on V05 moves 0 with the 2 and takes its 2 rubies; green
    walks s39, s40, V07 with the 3 and may take treasure there; blue, on V06 with an egg, takes nothing:
    the turn passes to P1 after the two actions."""
    g = position(4, adventurers={0: {"red": "V05", "blue": "V06", "green": "s38"}},
                 volcanoes={"V05": Volcano(up=True, token=None, ruby=2),
                            "V06": Volcano(up=True, token="forced_march", eggs=1),
                            "V07": Volcano(up=True, token="forced_march", eggs=1, emerald=1)},
                 dice=(2, 3))
    play(g, "die 2", "move red", "end movement")  # moving 0 on a volcano
    assert g.observation()["decision"] == "treasure" and where(g, 0, "red") == "V05"
    play(g, "take gems")
    assert hoard(g, 0)["ruby"] == 2 and g.state.gems["V05"]["ruby"] == 0
    play(g, "move green")
    assert "walk V07" in ids(g)
    play(g, "walk V07", "end movement")  # V07's river to V05 keeps the boatman on offer
    assert g.observation()["decision"] == "treasure"
    play(g, "take gems")
    assert hoard(g, 0)["emerald"] == 1
    assert g.state.active == 1 and g.is_chance_node  # blue never acted
    assert g.state.eggs["V06"] == 1 and hoard(g, 0)["egg"] == 0


def test_T17_leaving_a_die_unused_DL_INT_8_DL_TURN_5():
    """T-17 (DL-INT-8, DL-TURN-5, DL-MOVE-3): P0 has only red in play (s01) and rolls (2, 3); after giving the 3
    to red, the 2 may bring green or blue in (for example to s06, s17, s22) or be left unused, but it may
    not go to red as well."""
    g = position(4, adventurers={0: {"red": "s01"}}, dice=(2, 3))
    play(g, "die 3", "move red", "walk s04")
    assert ids(g) == ["enter green", "enter blue", "end turn"]
    with pytest.raises(IllegalActionError, match="DL-TURN-3"):
        g.apply("move red")
    play(g, "enter green")
    assert {"s06", "s17", "s22"} <= ends(g)
    # red left s01 for s04: every stone 1 or 2 spaces from an entrance is empty
    assert ends(g) == {"s01", "s02", "s05", "s06", "s09", "s10", "s13", "s14", "s17", "s18", "s21", "s22"}
    g2 = position(4, adventurers={0: {"red": "s01"}}, dice=(2, 3))
    play(g2, "die 3", "move red", "walk s04", "end turn")
    assert g2.state.active == 1 and g2.is_chance_node
    assert g2.state.positions[0] == {"red": "s04", "green": None, "blue": None}


def test_both_dice_may_be_left_unused_DL_INT_8_DL_TURN_5():
    """DL-INT-8, DL-TURN-5: 'end turn' is offered before any die is used and forfeits both."""
    g = position(4, adventurers={0: {"red": "s01"}}, dice=(1, 2))
    assert "end turn" in ids(g)
    play(g, "end turn")
    assert where(g, 0, "red") == "s01" and g.state.active == 1


def test_equal_dice_are_one_choice_DL_TURN_2():
    """DL-TURN-2 and the decision model: with both dice showing 3, choosing the die is skipped (one option),
    and the second 3 still goes to a different adventurer."""
    g = position(4, adventurers={0: {"red": "s01", "green": "s17"}}, dice=(3, 3))
    assert ids(g) == ["move red", "move green", "enter blue", "end turn"]
    play(g, "move red", "walk s04")
    assert ids(g) == ["move green", "enter blue", "end turn"]
    play(g, "move green", "walk s20")
    assert g.state.active == 1


def test_moving_zero_on_a_stone_is_allowed_DL_INT_8_DL_MOVE_2():
    """DL-INT-8, DL-MOVE-2: any adventurer in play may move 0, on a stone too; it stays and the die is used."""
    g = position(4, adventurers={0: {"red": "s03", "green": "s17"}}, dice=(1, 2))
    play(g, "die 2", "move red")
    assert "end movement" in ids(g)
    play(g, "end movement")
    assert where(g, 0, "red") == "s03"
    assert g.observation()["dice_used"] == [False, True] and ids(g) == ["move green", "enter blue", "end turn"]


def test_a_die_with_no_legal_use_is_dropped_DL_INT_8_DL_INT_9():
    """DL-INT-8, DL-INT-9: entering is offered only with an end space in reach. With the six stones next to
    the entrances taken, a 1 cannot bring anyone in; once red has used the 2, the 1 has no use and the
    turn passes by itself."""
    blockers = {1: {"red": "s01", "green": "s05"}, 2: {"red": "s09", "green": "s13"},
                3: {"red": "s17", "green": "s21"}}
    g = position(4, adventurers={0: {"red": "V13"}, **blockers}, volcanoes={"V13": Volcano(up=True, token=None)},
                 dice=(1, 2))
    play(g, "die 1")
    assert ids(g) == ["move red", "end turn"]  # no 'enter green' / 'enter blue'
    g = position(4, adventurers={0: {"red": "V13"}, **blockers}, volcanoes={"V13": Volcano(up=True, token=None)},
                 dice=(1, 2))
    play(g, "die 2", "move red", "walk s58")
    assert g.state.active == 1 and g.is_chance_node
