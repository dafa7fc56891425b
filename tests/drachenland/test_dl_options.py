"""Options for the interpretations of play a table could want the other way (digest section 4).

Each test plays one literal position with the default (the digest's choice) and with the option
turned the other way: opening_exact_distance (DL-INT-6), forfeit_dice (DL-INT-8), march_without_die
(DL-INT-12), forced_stop_ends_movement (DL-INT-13), call_counts_as_move (DL-INT-22), turn_cap
(DL-INT-30, not a rule).
"""

from __future__ import annotations

import pytest

from dragonwidgets.engine import IllegalActionError
from dragonwidgets.games.drachenland import DrachenlandGame
from dl_builder import Volcano, ends, ids, opening_game, play, position, where

UP = Volcano(up=True, token=None)


def test_play_options_default_to_the_digests_choices_DL_INT_6_DL_INT_8_DL_INT_12_DL_INT_13_DL_INT_22_DL_INT_30():
    """DL-INT-6, DL-INT-8, DL-INT-12, DL-INT-13, DL-INT-22, DL-INT-30: the defaults are the digest's choices."""
    d = DrachenlandGame.option_defaults
    assert {k: d[k] for k in ("opening_exact_distance", "forfeit_dice", "march_without_die",
                              "forced_stop_ends_movement", "call_counts_as_move", "turn_cap")} == {
        "opening_exact_distance": True, "forfeit_dice": True, "march_without_die": True,
        "forced_stop_ends_movement": True, "call_counts_as_move": False, "turn_cap": 0}


def test_opening_exact_distance_option_DL_INT_6():
    """DL-INT-6: by default the second seat walks exactly 2; with opening_exact_distance=False up to 2, never
    onto the stone the first seat holds (DL-MOVE-5)."""
    g = opening_game(4)
    play(g, "enter red", "walk s01", "enter red")
    assert ends(g) == {"s02", "s06", "s10", "s14", "s18", "s22"}
    g = opening_game(4, opening_exact_distance=False)
    play(g, "enter red", "walk s01", "enter red")
    assert ends(g) == {"s02", "s06", "s10", "s14", "s18", "s22", "s05", "s09", "s13", "s17", "s21"}
    play(g, "walk s05")
    assert where(g, 1, "red") == "s05"


def test_forfeit_dice_option_DL_INT_8():
    """DL-INT-8: by default 'end turn' leaves dice unused; with forfeit_dice=False it is never offered while a
    die has a use: the second die must bring green or blue in (moving 0 stays possible for those in play)."""
    spec = dict(adventurers={0: {"red": "s01"}}, dice=(2, 3))
    g = position(4, **spec)
    assert "end turn" in ids(g)
    g = position(4, forfeit_dice=False, **spec)
    assert ids(g) == ["die 2", "die 3"]
    play(g, "die 3", "move red")
    assert "end movement" in ids(g)  # moving 0 is still a use of the die
    play(g, "walk s04")
    assert ids(g) == ["enter green", "enter blue"]
    with pytest.raises(IllegalActionError, match="DL-INT-8"):
        g.apply("end turn")
    play(g, "enter green", "walk s17")
    assert g.state.active == 1


def t20(**options):
    """T-20's table: P1's red on s86, the red dragon on V13, V03 revealed; P1 holds a march; red gets the 4."""
    g = position(4, active=1, adventurers={1: {"red": "s86"}}, dragons={"red": "V13"},
                 volcanoes={"V03": Volcano(up=True, token=None, ruby=2)},
                 held={1: {"forced_march": 1, "baby_dragon": 0}}, dice=(2, 4), **options)
    play(g, "die 4", "move red")
    return g


def test_march_without_die_option_DL_INT_12():
    """DL-INT-12: by default a walk may run on forced marches alone (T-20: 'march V13', then fly with the 4);
    with march_without_die=False there is no 'march', and once the die went on a flight no walk follows."""
    g = t20()
    assert "march V13" in ids(g)
    g = t20(march_without_die=False)
    assert not any(i.startswith("march") for i in ids(g))
    assert "walk V13" in ids(g)  # the march may still add to a walk on the die
    g = position(4, active=1, adventurers={1: {"red": "V13"}}, dragons={"red": "V13"},
                 volcanoes={"V03": UP}, held={1: {"forced_march": 1, "baby_dragon": 0}}, dice=(2, 4),
                 march_without_die=False)
    play(g, "die 4", "move red", "fly V03")
    assert not any(i.startswith(("walk", "march")) for i in ids(g))
    g = position(4, active=1, adventurers={1: {"red": "V13"}}, dragons={"red": "V13"},
                 volcanoes={"V03": UP}, held={1: {"forced_march": 1, "baby_dragon": 0}}, dice=(2, 4))
    play(g, "die 4", "move red", "fly V03")
    assert "walk V04" in ids(g)  # default: 3 spaces on the march after the flight


def test_forced_stop_ends_movement_option_DL_INT_13():
    """DL-INT-13 (T-21): by default no call follows a forced stop; with forced_stop_ends_movement=False the stop
    ends the walk only: the baby dragon may then call the blue dragon to V12."""
    spec = dict(active=2, adventurers={2: {"blue": "s53"}}, dragons={"blue": "V05"},
                volcanoes={"V12": Volcano(token="boatman", eggs=1, sapphire=1)}, dice=(2, 3))
    g = position(4, **spec)
    play(g, "die 3", "move blue", "walk V12")
    assert g.observation()["decision"] == "treasure"
    g = position(4, forced_stop_ends_movement=False, **spec)
    play(g, "die 3", "move blue", "walk V12")
    assert "V12" not in g.state.face_down
    assert g.observation()["decision"] == "movement" and "call baby" in ids(g)
    assert not any(i.startswith(("walk", "march")) for i in ids(g))  # one walk per action
    play(g, "call baby")
    assert g.state.dragons["blue"] == "V12"


def test_call_counts_as_move_option_DL_INT_22():
    """DL-INT-22 (R-3 with a ring on V07): by default a call is no move, so no ring; with
    call_counts_as_move=True blue may take the ring after calling its dragon."""
    spec = dict(active=1, adventurers={1: {"blue": "V07"}}, dragons={"blue": "V02"},
                volcanoes={"V07": Volcano(up=True, token="ring", eggs=1, sapphire=1)},
                held={1: {"baby_dragon": 0, "boatman": 0}}, dice=(2, 4))
    g = position(4, **spec)
    play(g, "die 4", "move blue", "call")
    assert "take ring" not in ids(g)
    g = position(4, call_counts_as_move=True, **spec)
    play(g, "die 4", "move blue", "call")
    assert "take ring" in ids(g)
    play(g, "take ring")
    assert g.state.rings[1] == {"blue"}


def test_turn_cap_option_is_off_by_default_DL_INT_30_DL_END_2():
    """DL-INT-30, DL-END-2: with turn_cap=1 (not a rule) the game stops after the first round of normal turns,
    saying so; by default the same play goes on."""
    def first_round(**options):
        g = opening_game(2, **options)
        play(g, "enter red", "walk s02", "enter red", "walk s20")
        for _ in range(2):
            play(g, "roll 1 2", "keep", "end turn")
        return g

    assert not first_round().is_over
    g = first_round(turn_cap=1)
    assert g.is_over and "not a rule" in g.outcome().reason and "DL-INT-30" in g.outcome().reason
    assert g.state.eggs_left == 15  # not the last egg: only the cap ended it
    with pytest.raises(ValueError):
        DrachenlandGame(players=2, seed=0, turn_cap=-1)
