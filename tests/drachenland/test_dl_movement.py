"""The movement phase (DL-MOVE-*): walking, passing, stopping, entering (DL-INT-9/10/13/14), T-1..T-3, T-19.

Distances are those of the bundled board (DL-REC-2 and its distance table). Volcanoes a test does
not name stay face down, so a walk never passes them.
"""

from __future__ import annotations

import pytest

from dragonwidgets.engine import IllegalActionError
from dl_builder import Volcano, ends, hoard, ids, kinds, play, position, tokens, where

UP = Volcano(up=True, token=None)  # revealed, its token long gone (DL-INT-14)


def blue_on_V01(**kw):
    """T-1's table: P0's blue on the revealed V01; V02 and V12 face down; P0 holds a forced march."""
    return position(4, adventurers={0: {"blue": "V01"}},
                    volcanoes={"V01": UP, "V02": Volcano(token="magic_hand", eggs=1, sapphire=1), "V12": Volcano()},
                    held={0: {"forced_march": 1}}, dice=(3, 4), **kw)


def test_T1_forced_stop_cuts_the_move_DL_MOVE_6_DL_INT_13():
    """T-1 (DL-MOVE-6, DL-INT-13, DL-MOVE-1): with the 4, blue reaches s25-s27 and V02, s56-s54 and V12,
    s70-s68 and s59, s04-s01; with the forced march (allowance 7) nothing beyond V02 or V12 (not s28, not
    s53); on V02 the token turns face up, the movement phase ends with no march spent, and blue may take
    treasure there."""
    g = blue_on_V01()
    play(g, "die 4", "move blue")
    four = {"s25", "s26", "s27", "V02", "s56", "s55", "s54", "V12", "s70", "s69", "s68", "s59",
            "s04", "s03", "s02", "s01"}
    assert four <= ends(g)
    assert not ends(g) & {"s28", "s29", "s30", "V03", "s53", "s52", "s51", "V11"}
    # with the march the path through s59 goes on to the centre: V13 and V14 are 7 away
    assert ends(g) - four == {"s57", "s58", "s60", "s61", "V13", "V14"}
    walk = next(a for a in g.legal_actions() if a.id == "walk V02")
    assert "forced march" not in walk.label and "DL-MOVE-6" in walk.rules
    events = play(g, "walk V02")
    assert kinds(events) == ["walked", "token_revealed", "forced_stop"]
    assert "V02" not in g.state.face_down and tokens(g, 0)["forced_march"] == 1
    assert g.observation()["decision"] == "treasure"
    assert ids(g) == ["take gems", "take egg", "skip"]
    eggs = hoard(g, 0)["egg"]
    play(g, "take egg")
    assert hoard(g, 0)["egg"] == eggs + 1 and tokens(g, 0)["magic_hand"] == 1


def test_forced_stop_leaves_no_boatman_afterwards_DL_INT_13_DL_MOVE_6():
    """DL-INT-13, DL-MOVE-6: blue walks 4 from the revealed V02 to the face-down V03, which has a river to V01;
    P0 holds a boatman, but the stop ends the movement phase: the treasure phase comes, with no crossing."""
    g = position(4, adventurers={0: {"blue": "V02"}},
                 volcanoes={"V02": UP, "V03": Volcano(token="forced_march", eggs=1, sapphire=1)}, dice=(3, 4))
    play(g, "die 4", "move blue")
    assert "walk V03" in ids(g)
    play(g, "walk V03")
    assert where(g, 0, "blue") == "V03" and tokens(g, 0)["boatman"] == 1
    assert g.observation()["decision"] == "treasure"
    assert not any(i.startswith(("boat", "walk", "march", "fly", "call")) for i in ids(g))
    with pytest.raises(IllegalActionError, match="DL-BOAT-1"):
        g.apply("boat V01")


def test_forced_stop_loses_an_unspent_die_DL_INT_13():
    """DL-INT-13: blue on the revealed V03 walks on a forced march alone to the face-down V04 (3 spaces),
    keeping its 4 for a dragon; the stop ends the movement: no call of the blue dragon with that 4."""
    g = position(4, adventurers={0: {"blue": "V03"}}, dragons={"blue": "V14"},
                 volcanoes={"V03": UP, "V04": Volcano(token="magic_hand", eggs=1)},
                 held={0: {"forced_march": 1, "baby_dragon": 0}}, dice=(3, 4))
    play(g, "die 4", "move blue")
    assert "call" in ids(g) and "march V04" in ids(g)
    play(g, "march V04")
    assert tokens(g, 0)["forced_march"] == 0 and g.state.dragons["blue"] == "V14"
    assert g.observation()["action"]["die_spent"] is False and g.observation()["action"]["stopped"] is True
    assert g.observation()["decision"] == "treasure" and "call" not in ids(g)
    play(g, "skip")
    assert g.observation()["dice_used"] == [False, True]  # the 4 went with blue and is gone


def test_T2_passing_occupied_stones_DL_MOVE_4_DL_MOVE_5():
    """T-2 (DL-MOVE-4, DL-MOVE-5): P0's red on s25, P1's green on s26; P0's blue on V01 with a 3 may end on
    s27, passing both (each counts), but not on s26 (a rival) or s25 (its own red)."""
    g = position(4, adventurers={0: {"red": "s25", "blue": "V01"}, 1: {"green": "s26"}},
                 volcanoes={"V01": UP}, dice=(2, 3))
    play(g, "die 3", "move blue")
    assert "walk s27" in ids(g)
    assert not ends(g) & {"s25", "s26"}
    for stone in ("s25", "s26"):
        with pytest.raises(IllegalActionError, match="DL-MOVE-5"):
            g.apply(f"walk {stone}")
    play(g, "walk s27")
    assert where(g, 0, "blue") == "s27" and where(g, 0, "red") == "s25" and where(g, 1, "green") == "s26"


def test_T3_passing_a_revealed_volcano_DL_MOVE_7():
    """T-3 (DL-MOVE-7, DL-MOVE-6): P1's red on s27 with a 4 reaches s30 through the revealed V02 (V02 = 1,
    s28 = 2, s29 = 3, s30 = 4); with V02 face down it reaches V02 but nothing beyond it on that path."""
    g = position(4, active=1, adventurers={1: {"red": "s27"}}, volcanoes={"V02": UP}, dice=(3, 4))
    play(g, "die 4", "move red")
    assert {"V02", "s28", "s29", "s30", "s08", "s07", "s06"} <= ends(g)
    g = position(4, active=1, adventurers={1: {"red": "s27"}}, volcanoes={"V02": Volcano(token="ring")},
                 dice=(3, 4))
    play(g, "die 4", "move red")
    assert "V02" in ends(g)
    assert not ends(g) & {"s28", "s29", "s30", "s08", "s07", "s06"}


def test_a_volcano_with_no_token_left_is_passed_DL_INT_14_DL_MOVE_7():
    """DL-INT-14, DL-MOVE-7: a volcano whose token was taken with an egg is passed like a revealed one; the
    same walk stops there when a face-down token lies on it."""
    g = position(4, adventurers={0: {"red": "s04"}}, volcanoes={"V01": Volcano(up=True, token=None, eggs=0)},
                 dice=(2, 3))
    play(g, "die 3", "move red")
    assert {"s25", "s26", "s56", "s55", "s70", "s69"} <= ends(g)  # through V01 (1 space)
    g = position(4, adventurers={0: {"red": "s04"}}, volcanoes={"V01": Volcano(token="boatman")}, dice=(2, 3))
    play(g, "die 3", "move red")
    assert ends(g) == {"V01", "s03", "s02", "s01"}


def test_a_move_is_at_most_the_die_DL_MOVE_1():
    """DL-MOVE-1: red on s02 with a 2 ends on s01, s03 or s04 (never 3 spaces away, never its own stone);
    with a 3 V01 comes in reach."""
    g = position(4, adventurers={0: {"red": "s02"}}, dice=(2, 3))
    play(g, "die 2", "move red")
    assert ends(g) == {"s01", "s03", "s04"}
    with pytest.raises(IllegalActionError, match="DL-MOVE-1"):
        g.apply("walk V01")
    g = position(4, adventurers={0: {"red": "s02"}}, dice=(2, 3))
    play(g, "die 3", "move red")
    assert ends(g) == {"s01", "s03", "s04", "V01"}


def test_never_onto_or_through_an_entrance_DL_MOVE_8_DL_INT_9():
    """DL-MOVE-8, DL-INT-9: from s01 (next to EN) a 3 reaches s02..s04 but never EN, nor s05 beyond it."""
    g = position(4, adventurers={0: {"red": "s01"}}, dice=(2, 3))
    play(g, "die 3", "move red")
    assert ends(g) == {"s02", "s03", "s04"}
    with pytest.raises(IllegalActionError, match="DL-MOVE-8"):
        g.apply("walk EN")
    with pytest.raises(IllegalActionError):
        g.apply("walk s05")


def test_any_number_of_adventurers_on_a_volcano_DL_MOVE_5_DL_INT_31():
    """DL-MOVE-5, DL-INT-31: a volcano already holding P0's green and P1's red and blue takes P0's blue too."""
    g = position(4, adventurers={0: {"green": "V02", "blue": "s27"}, 1: {"red": "V02", "blue": "V02"}},
                 volcanoes={"V02": UP}, dice=(1, 2))
    play(g, "die 1", "move blue")
    assert "walk V02" in ids(g)
    play(g, "walk V02")
    assert [where(g, 0, "green"), where(g, 0, "blue"), where(g, 1, "red"), where(g, 1, "blue")] == ["V02"] * 4


def test_ending_on_a_volcano_opens_the_treasure_phase_DL_MOVE_9_DL_TREASURE_1():
    """DL-MOVE-9, DL-TREASURE-1: a walk ending on a volcano leads to the treasure phase; one ending on a stone
    goes straight to the next die."""
    spec = dict(adventurers={0: {"red": "s27", "green": "s17"}},
                volcanoes={"V02": Volcano(up=True, token="forced_march", eggs=1, ruby=1)}, dice=(1, 2))
    g = position(4, **spec)
    play(g, "die 1", "move red", "walk V02")
    assert g.observation()["decision"] == "treasure"
    g = position(4, **spec)
    play(g, "die 1", "move red", "walk s26")
    assert g.observation()["decision"] == "choose_adventurer"  # die 2 for green or blue


def test_entering_with_a_die_DL_MOVE_3_DL_INT_9():
    """DL-MOVE-3, DL-INT-9: a die may bring an adventurer in through any entrance (not counted): the end spaces
    are the stones 1..3 in of the six spurs; it must walk at least 1 space (no 'end movement' first)."""
    g = position(4, adventurers={0: {"red": "V13"}}, volcanoes={"V13": UP}, dice=(2, 3))
    play(g, "die 3", "enter blue")
    spurs = {f"s{n:02d}" for start in (1, 5, 9, 13, 17, 21) for n in range(start, start + 3)}
    assert ends(g) == spurs
    assert "end movement" not in ids(g)
    with pytest.raises(IllegalActionError, match="DL-INT-9"):
        g.apply("end movement")
    play(g, "walk s19")
    assert where(g, 0, "blue") == "s19"


def test_entering_onto_a_revealed_volcano_then_a_boatman_DL_INT_9_DL_BOAT_1():
    """DL-INT-9: after entering, the action goes on like any other: blue enters with 2 + a forced march
    (5 spaces) onto the revealed V05 and may then cross the river to V07 with a boatman."""
    g = position(4, adventurers={0: {"red": "V13"}}, volcanoes={"V13": UP, "V05": UP,
                 "V07": Volcano(up=True, token=None, sapphire=2)}, held={0: {"forced_march": 1}}, dice=(2, 3))
    play(g, "die 2", "enter blue", "walk V05")
    assert tokens(g, 0)["forced_march"] == 0
    assert "boat V07" in ids(g)
    play(g, "boat V07")  # nothing else left to do: the movement phase ends by itself
    play(g, "take gems")
    assert hoard(g, 0)["sapphire"] == 2


def test_T19_entering_with_a_forced_march_DL_INT_9_DL_INT_12():
    """T-19 (DL-INT-9, DL-INT-12, DL-MARCH-1): P1 gives a 2 to blue, off the board, holding a forced march;
    V09 and V10 face down. Through EW: s17, s18, s21, s22 without the march; with it (allowance 5) also
    s19, s20, s23, s24 and V09, V10, where the token is revealed and the movement ends with treasure."""
    spec = dict(active=1, adventurers={1: {"red": "V13"}},
                volcanoes={"V13": UP, "V09": Volcano(token="boatman", eggs=1, sapphire=1), "V10": Volcano()},
                dice=(2, 3))
    g = position(4, **spec)
    play(g, "die 2", "enter blue")
    assert {"s17", "s18", "s21", "s22"} <= ends(g)
    assert not ends(g) & {"s19", "s20", "s23", "s24", "V09", "V10"}
    g = position(4, held={1: {"forced_march": 1}}, **spec)
    play(g, "die 2", "enter blue")
    assert {"s17", "s18", "s21", "s22", "s19", "s20", "s23", "s24", "V09", "V10"} <= ends(g)
    assert "EW" not in ends(g)
    with pytest.raises(IllegalActionError):
        g.apply("walk EW")
    label = next(a.label for a in g.legal_actions() if a.id == "walk V09")
    assert "EW" in label and "1 forced march" in label
    events = play(g, "walk V09")
    assert kinds(events)[-2:] == ["token_revealed", "forced_stop"]
    assert tokens(g, 1)["forced_march"] == 0
    assert g.observation()["decision"] == "treasure" and "take gems" in ids(g)


def test_a_walk_is_a_simple_path_DL_INT_10():
    """DL-INT-10: a walk never comes back to its start: red on s26 with a 2 cannot 'walk s26', and blue on the
    revealed V02 does not find V02 among its end spaces (staying is 'end movement', moving 0)."""
    g = position(4, adventurers={0: {"red": "s26", "blue": "V02"}}, volcanoes={"V02": UP}, dice=(2, 3))
    play(g, "die 2", "move red")
    assert ends(g) == {"s25", "s27", "V01", "V02"}  # not s26 (out and back)
    play(g, "end movement", "move blue")
    assert "V02" not in ends(g) and "end movement" in ids(g)


def test_a_movement_phase_with_no_choice_ends_by_itself_DL_INT_11_DL_MOVE_2():
    """DL-INT-11 (d) and the decision model (section 6, step 4: "If no option other than EndMovement remains,
    the phase ends by itself"): red on s01 with P1's red on s02 and a 1 can only stay (the entrance is not
    a space, s02 is taken): choosing red for the 1 uses the die at once, red moves 0, and the 2 comes next."""
    g = position(4, adventurers={0: {"red": "s01", "green": "s17"}, 1: {"red": "s02"}}, dice=(1, 2))
    play(g, "die 1", "move red")
    assert where(g, 0, "red") == "s01"
    assert g.observation()["decision"] == "choose_adventurer" and g.observation()["dice_used"] == [True, False]
    assert ids(g) == ["move green", "enter blue", "end turn"]


def test_one_walk_per_action_jumps_around_it_DL_INT_11():
    """DL-INT-11 (b, c, d): red walks with the die onto the revealed V01 (river to V03); holding a forced march
    it may not walk again, but may still cross the river; the player ends the phase when they say so."""
    g = position(4, adventurers={0: {"red": "s03"}},
                 volcanoes={"V01": Volcano(up=True, token="forced_march"), "V03": Volcano(up=True, token="ring")},
                 held={0: {"forced_march": 1}}, dice=(2, 3))
    play(g, "die 2", "move red", "walk V01")
    assert tokens(g, 0)["forced_march"] == 1
    assert ids(g) == ["boat V03", "end movement"]  # no second walk, with or without the march
    play(g, "end movement")
    assert where(g, 0, "red") == "V01" and g.observation()["decision"] == "treasure"


def test_crossing_with_a_walk_of_zero_DL_INT_15():
    """DL-INT-15: green on the revealed V13 crosses to V11 without walking; the die it was given is used up
    all the same when the phase ends (it 'moved 0' with the die)."""
    g = position(4, adventurers={0: {"green": "V13", "red": "s01"}},
                 volcanoes={"V13": Volcano(up=True, token="forced_march"), "V11": Volcano(up=True, token="ring")},
                 dice=(2, 3))
    play(g, "die 3", "move green", "boat V11")
    assert "walk s51" in ids(g)  # the die is still there for a walk after the crossing
    play(g, "end movement", "skip")
    assert g.observation()["dice_used"] == [False, True] and ids(g) == ["move red", "enter blue", "end turn"]
