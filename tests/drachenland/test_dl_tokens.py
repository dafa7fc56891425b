"""Tokens (DL-TOKEN-*): fate, boatman, forced march, royal dragons (fly and call), baby dragon.

R-2, R-3, R-4, T-7, T-8, T-9, T-10, T-18, T-20, T-21 of the digest's section 8, on the bundled board.
Rivers there: V01-V03, V04-V14, V05-V07, V08-V15, V11-V13.
"""

from __future__ import annotations

import pytest

from dragonwidgets.engine import IllegalActionError
from dl_builder import Volcano, ends, hoard, ids, kinds, play, position, tokens, where

UP = Volcano(up=True, token=None)
VOLCANOES = [f"V{n:02d}" for n in range(1, 16)]


def in_game(game, kind):
    """How many tokens of ``kind`` are still in play: held by any seat, or on a volcano (either face)."""
    s = game.state
    return sum(h[kind] for h in s.held) + sum(t == kind for t in s.token.values())


def flights(game, baby=False):
    """The volcanoes offered by ``fly`` actions (paid with the die, or with the baby dragon)."""
    return {a.id.split()[1] for a in game.legal_actions()
            if a.kind == "fly" and (a.id.endswith(" baby") == baby)}


# ---------------------------------------------------------------- fate
def test_T10_fate_rerolls_once_per_game_DL_FATE_1():
    """T-10 (DL-FATE-1, D4): P1 rolls (1, 2), plays fate, the reroll gives (3, 4), which P1 must play; the token
    is gone, and on P1's next turn there is no fate decision any more."""
    g = position(4, active=1, adventurers={1: {"red": "s01"}}, dice=(1, 2), fate=None)
    assert ids(g) == ["keep", "reroll"]
    events = play(g, "reroll")
    assert kinds(events) == ["token_used"] and g.is_chance_node and tokens(g, 1)["fate"] == 0
    play(g, "roll 3 4")
    assert g.observation()["dice"] == [3, 4]
    assert ids(g) == ["die 3", "die 4", "end turn"]  # no second fate decision
    with pytest.raises(IllegalActionError, match="DL-FATE-1"):
        g.apply("reroll")
    play(g, "end turn")
    for seat in (2, 3, 0):
        play(g, "roll 1 2", "keep", "end turn")
        assert g.state.active == (seat + 1) % 4
    play(g, "roll 1 2")
    assert g.state.active == 1 and ids(g) == ["die 1", "die 2", "end turn"]


def test_fate_only_right_after_the_roll_DL_FATE_1_DL_TOKEN_1():
    """DL-FATE-1, DL-TOKEN-1: once the roll is kept the fate token cannot be played in this turn."""
    g = position(4, adventurers={0: {"red": "s01"}}, dice=(1, 2), fate=None)
    play(g, "keep")
    assert tokens(g, 0)["fate"] == 1
    with pytest.raises(IllegalActionError, match="DL-FATE-1"):
        g.apply("reroll")
    play(g, "die 2", "move red")
    with pytest.raises(IllegalActionError, match="DL-FATE-1"):
        g.apply("reroll")


# ---------------------------------------------------------------- boatman
def t7(**kw):
    """T-7's table: P3's green on s86; V13 revealed; V11 face down (a ring); P3 rolls (1, 3)."""
    return position(4, active=3, adventurers={3: {"green": "s86"}},
                    volcanoes={"V13": UP, "V11": Volcano(token="ring", eggs=1, emerald=2)}, dice=(1, 3), **kw)


def test_T7_boatman_after_a_walk_DL_BOAT_1_DL_BOAT_2_DL_INT_15():
    """T-7 (DL-BOAT-1, DL-BOAT-2, DL-INT-15, DL-MOVE-6): green walks s86 -> V13 with the 1, then crosses to V11
    with the boatman: V11's token is revealed and the movement ends; green moved, so it may take the ring
    or treasure. On s86 (a stone) no boatman was on offer."""
    g = t7()
    play(g, "die 1", "move green")
    assert not any(i.startswith("boat") for i in ids(g))
    play(g, "walk V13")
    assert "boat V11" in ids(g)
    boat = next(a for a in g.legal_actions() if a.id == "boat V11")
    assert boat.targets == ("river/V11-V13", "V11")
    events = play(g, "boat V11")
    assert kinds(events) == ["crossed", "token_revealed", "forced_stop"]
    assert where(g, 3, "green") == "V11" and tokens(g, 3)["boatman"] == 0
    assert ids(g) == ["take gems", "take egg", "take ring", "skip"]


def test_boatman_before_and_after_the_walk_several_crossings_DL_INT_15_DL_INT_11_DL_TOKEN_2():
    """DL-INT-15, DL-INT-11, DL-TOKEN-2, DL-BOAT-2: with two boatmen, red crosses V01 -> V03, walks 3 to V04
    with the die, then crosses V04 -> V14: two crossings on top of the walk in one action."""
    g = position(4, adventurers={0: {"red": "V01"}}, volcanoes={"V01": UP, "V03": UP, "V04": UP, "V14": UP},
                 held={0: {"boatman": 2}}, taken_from=("V08",), dice=(3, 4))
    play(g, "die 3", "move red", "boat V03")
    assert "walk V04" in ids(g) and "boat V01" in ids(g)
    play(g, "walk V04")
    assert "boat V14" in ids(g)
    play(g, "boat V14")
    assert where(g, 0, "red") == "V14" and tokens(g, 0)["boatman"] == 0
    assert g.observation()["action"]["moved"] is True


def test_boatman_only_from_a_volcano_with_a_river_DL_BOAT_1():
    """DL-BOAT-1: a crossing needs a volcano with a river: V02 has none, V01 joins only V03."""
    g = position(4, adventurers={0: {"red": "V02", "green": "V01"}}, volcanoes={"V02": UP, "V01": UP}, dice=(1, 2))
    play(g, "die 1", "move red")
    assert not any(i.startswith("boat") for i in ids(g))
    play(g, "end movement")
    if g.observation()["decision"] == "treasure":
        play(g, "skip")
    play(g, "move green")
    assert [i for i in ids(g) if i.startswith("boat")] == ["boat V03"]
    with pytest.raises(IllegalActionError, match="DL-BOAT-1"):
        g.apply("boat V05")


# ---------------------------------------------------------------- forced march
def t8(marches=1, **kw):
    """T-8's table: P0's red on V10 (revealed), V11 face down, V09 revealed; die 2 goes to red."""
    return position(4, adventurers={0: {"red": "V10"}},
                    volcanoes={"V10": UP, "V09": UP, "V11": Volcano(token="magic_hand", eggs=1)},
                    held={0: {"forced_march": marches}}, taken_from=("V03", "V04"), dice=(2, 3), **kw)


def test_T8_forced_march_partly_used_DL_INT_12_DL_MARCH_1():
    """T-8 (DL-INT-12, DL-MARCH-1, DL-MOVE-6): without a march red reaches s49, s50, s48, s47, s24, s23; with one
    (allowance 5) also V09, V11, s46, s45, s20, s19, s83, s82, s22, s21. Reaching V11 (3 > 2) spends the
    march, stops on V11 and reveals it; the 2 extra spaces left are lost."""
    without = {"s49", "s50", "s48", "s47", "s24", "s23"}
    g = t8(marches=0)
    play(g, "die 2", "move red")
    assert ends(g) == without
    g = t8()
    play(g, "die 2", "move red")
    assert ends(g) == without | {"V09", "V11", "s46", "s45", "s20", "s19", "s83", "s82", "s22", "s21"}
    labels = {a.id: a.label for a in g.legal_actions()}
    assert "forced march" not in labels["walk s47"] and "1 forced march" in labels["walk V11"]
    events = play(g, "walk V11")
    assert kinds(events) == ["walked", "token_revealed", "forced_stop"]
    assert tokens(g, 0)["forced_march"] == 0 and where(g, 0, "red") == "V11"
    assert g.observation()["decision"] == "treasure"


def test_the_fewest_marches_are_spent_DL_INT_12_DL_MARCH_1():
    """DL-INT-12, DL-MARCH-1: each march adds 3; holding 2, a walk of 5 on a 2 spends one, a walk of 2 none,
    and the allowance with both is 8."""
    g = t8(marches=2)
    play(g, "die 2", "move red")
    assert "s44" in ends(g)  # V10 -> V09 is 3, V09 -> s46 -> s45 -> s44 is 6: needs both marches
    play(g, "walk s45")
    assert tokens(g, 0)["forced_march"] == 1
    g = t8(marches=2)
    play(g, "die 2", "move red", "walk s47")
    assert tokens(g, 0)["forced_march"] == 2


def test_T20_walking_on_forced_marches_alone_then_flying_with_the_die_DL_INT_11_DL_INT_12():
    """T-20 (DL-INT-11, DL-INT-12, DL-DRAGON-4): P1's red on s86, the red dragon on V13, V03 revealed; P1 holds
    a forced march and gives the 4 to red: 'march V13' (1 space on the march) keeps the 4, then 'fly V03'
    with it: red and the red dragon end on V03 and red may take treasure."""
    g = position(4, active=1, adventurers={1: {"red": "s86"}}, dragons={"red": "V13"},
                 volcanoes={"V03": Volcano(up=True, token=None, ruby=2)},
                 held={1: {"forced_march": 1, "baby_dragon": 0}}, dice=(2, 4))
    play(g, "die 4", "move red")
    assert "march V13" in ids(g) and "walk V13" in ids(g)
    play(g, "march V13")
    assert tokens(g, 1)["forced_march"] == 0 and g.observation()["action"]["die_spent"] is False
    assert "fly V03" in ids(g)
    play(g, "fly V03", "end movement")
    assert where(g, 1, "red") == "V03" and g.state.dragons["red"] == "V03"
    play(g, "take gems")
    assert hoard(g, 1)["ruby"] == 2


# ---------------------------------------------------------------- royal dragons
def r2(**kw):
    """R-2's table: P0's red and the red dragon on V13; V04 revealed (a forced march) with 2 rubies and
    an emerald; P0 rolls (3, 4)."""
    kw.setdefault("adventurers", {0: {"red": "V13", "green": "s17"}})
    return position(4, dragons={"red": "V13"},
                    volcanoes={"V04": Volcano(up=True, token="forced_march", eggs=1, ruby=2, emerald=1)},
                    held={0: {"baby_dragon": 0}}, dice=(3, 4), **kw)


def test_R2_flying_on_the_red_dragon_DL_DRAGON_4_DL_DRAGON_5():
    """R-2 (DL-DRAGON-4, DL-DRAGON-5): the 4 flies red with the red dragon to V04; P0 takes the 2 rubies, the
    emerald and the forced march stay; the 4 is spent and the 3 goes to another adventurer."""
    g = r2()
    play(g, "die 4", "move red")
    assert flights(g) == set(VOLCANOES) - {"V13"}
    events = play(g, "fly V04")
    assert kinds(events) == ["flew"]
    assert where(g, 0, "red") == "V04" and g.state.dragons["red"] == "V04"
    assert not any(i.startswith(("walk", "fly")) for i in ids(g))  # instead of its normal move
    play(g, "end movement", "take gems")
    assert hoard(g, 0)["ruby"] == 2 and g.state.gems["V04"]["emerald"] == 1
    assert g.state.token["V04"] == "forced_march" and tokens(g, 0)["forced_march"] == 0
    assert g.observation()["chosen_die"] == 0 and ids(g) == ["move green", "enter blue", "end turn"]


def test_flight_conditions_colour_volcano_and_a_four_DL_DRAGON_4_DL_DRAGON_3():
    """DL-DRAGON-4, DL-DRAGON-3: no flight with a 3; none for the green adventurer on the red dragon's volcano;
    none for red away from its dragon."""
    g = r2(adventurers={0: {"red": "V13", "green": "V13"}})
    play(g, "die 3", "move red")
    assert not flights(g)
    with pytest.raises(IllegalActionError, match="DL-DRAGON-4"):
        g.apply("fly V04")
    g = r2(adventurers={0: {"red": "V13", "green": "V13"}})
    play(g, "die 4", "move green")
    assert not flights(g)
    with pytest.raises(IllegalActionError, match="DL-DRAGON-4"):
        g.apply("fly V04")
    g = r2(adventurers={0: {"red": "s57"}})
    play(g, "die 4", "move red")
    assert not flights(g)


def test_flights_land_only_on_volcanoes_DL_DRAGON_2_DL_INT_16():
    """DL-DRAGON-2, DL-INT-16: any other volcano, however far (V13 -> V01 is 7 spaces, V13 -> V04 13), never a
    stone nor the volcano it is on."""
    g = r2()
    play(g, "die 4", "move red")
    assert {"V01", "V04", "V08"} <= flights(g)
    for bad in ("fly s57", "fly V13"):
        with pytest.raises(IllegalActionError, match="DL-DRAGON-2"):
            g.apply(bad)


def test_the_four_must_be_this_adventurers_die_DL_INT_16():
    """DL-INT-16: the 4 must be the die given to this adventurer: with the 3, red cannot fly even though
    the other die shows a 4."""
    g = r2()
    play(g, "die 3", "move red")
    assert not flights(g) and not flights(g, baby=True)


def test_T18_flight_onto_a_face_down_ring_volcano_DL_INT_16_DL_INT_22():
    """T-18 (DL-INT-16, DL-INT-22, DL-MOVE-6, DL-RING-3): red flies with its dragon from V13 to the face-down V06,
    whose token is a ring: it is revealed, the movement ends, red moved so it may take a ring instead of
    treasure; the red dragon stays on V06."""
    g = position(4, adventurers={0: {"red": "V13"}}, dragons={"red": "V13"},
                 volcanoes={"V06": Volcano(token="ring", eggs=1, ruby=1)}, held={0: {"forced_march": 1}},
                 dice=(2, 4))
    play(g, "die 4", "move red")
    events = play(g, "fly V06")
    assert kinds(events) == ["flew", "token_revealed", "forced_stop"]
    assert g.state.dragons["red"] == "V06" and g.observation()["volcanoes"]["V06"]["ring"] is True
    assert "take ring" in ids(g) and not any(i.startswith(("walk", "march")) for i in ids(g))
    play(g, "take ring")
    assert g.state.rings[0] == {"red"} and g.state.dragons["red"] == "V06"


def test_R3_calling_the_blue_dragon_DL_DRAGON_6_DL_INT_17():
    """R-3 (DL-DRAGON-6, DL-INT-17, DL-INT-22): P1's blue on V07 (1 sapphire) calls the blue dragon from V02
    with the 4; blue does not move and takes the sapphire. Had V07 a ring token, blue could not take a ring."""
    for token in ("forced_march", "ring"):
        g = position(4, active=1, adventurers={1: {"blue": "V07"}}, dragons={"blue": "V02"},
                     volcanoes={"V07": Volcano(up=True, token=token, eggs=1, sapphire=1)},
                     held={1: {"baby_dragon": 0, "boatman": 0}}, dice=(2, 4))
        play(g, "die 4", "move blue")
        events = play(g, "call")
        assert kinds(events)[0] == "called"
        assert g.state.dragons["blue"] == "V07" and where(g, 1, "blue") == "V07"
        assert g.observation()["action"]["moved"] is False
        assert g.observation()["decision"] == "treasure"  # nothing left to move with
        assert "take ring" not in ids(g)
        play(g, "take gems")
        assert hoard(g, 1)["sapphire"] == 1


def test_call_needs_a_volcano_and_a_revealed_dragon_elsewhere_DL_INT_17():
    """DL-INT-17: no call from a stone; none while the dragon is unrevealed; none when it is already here
    (then it is a flight); a dragon leaves a volcano where other adventurers stand."""
    g = position(4, adventurers={0: {"blue": "s57"}}, dragons={"blue": "V02"}, dice=(2, 4))
    play(g, "die 4", "move blue")
    assert "call" not in ids(g) and "call baby" not in ids(g)
    g = position(4, adventurers={0: {"blue": "V07"}}, volcanoes={"V07": UP}, dice=(2, 4))
    assert g.state.dragons["blue"] is None
    play(g, "die 4", "move blue")
    assert "call" not in ids(g)
    with pytest.raises(IllegalActionError, match="DL-INT-17"):
        g.apply("call")
    g = position(4, adventurers={0: {"blue": "V02"}, 1: {"blue": "V07", "red": "V07"}}, dragons={"blue": "V07"},
                 volcanoes={"V02": UP}, dice=(2, 4))
    play(g, "die 4", "move blue")
    assert "call" in ids(g) and "fly V07" not in flights(g)
    play(g, "call")
    assert g.state.dragons["blue"] == "V02" and where(g, 1, "blue") == "V07"


def test_a_revealed_dragon_stays_where_found_and_is_never_taken_DL_DRAGON_1_DL_DRAGON_7():
    """DL-DRAGON-1, DL-DRAGON-7, DL-TREASURE-4: walking onto the face-down V12 reveals the green royal dragon,
    which stays on V12; taking V12's egg brings no token, and the dragon is still there."""
    g = position(4, adventurers={0: {"red": "s53"}}, volcanoes={"V12": Volcano(token="royal_dragon_green", eggs=1)},
                 dice=(1, 2))
    play(g, "die 1", "move red")
    events = play(g, "walk V12")
    assert events[1].kind == "token_revealed" and events[1].data["token"] == "royal_dragon_green"
    assert g.state.dragons["green"] == "V12" and g.observation()["dragons"]["green"] == "V12"
    before = tokens(g, 0)
    play(g, "take egg")
    assert tokens(g, 0) == before and g.state.dragons["green"] == "V12"


def test_dragons_stay_on_the_board_for_anyone_DL_TOKEN_4_DL_TOKEN_5():
    """DL-TOKEN-4, DL-TOKEN-5: after P0's red flies with the red dragon to V04, P1's red on V04 can fly on with
    the same dragon: royal dragons stay in play and serve any adventurer of their colour."""
    g = r2(adventurers={0: {"red": "V13"}, 1: {"red": "V04"}})
    play(g, "die 4", "move red", "fly V04", "end movement", "skip", "end turn")
    play(g, "roll 1 4", "keep", "die 4", "move red")
    assert "V13" in flights(g)
    play(g, "fly V13")
    assert g.state.dragons["red"] == "V13" and where(g, 1, "red") == "V13"


def test_dragons_of_several_colours_share_a_volcano_DL_INT_31():
    """DL-INT-31: the red dragon flies onto V14, where the blue dragon and V14's own forced march already are."""
    g = position(4, adventurers={0: {"red": "V13"}}, dragons={"red": "V13", "blue": "V14"}, dragon_from={"blue": "V02"},
                 volcanoes={"V14": Volcano(up=True, token="forced_march")}, dice=(3, 4))
    play(g, "die 4", "move red", "fly V14")
    assert g.state.dragons == {"red": "V14", "green": None, "blue": "V14"}
    assert g.state.token["V14"] == "forced_march"


# ---------------------------------------------------------------- baby dragon
def test_R4_call_with_the_die_then_fly_with_the_baby_dragon_DL_BABY_1_DL_INT_18():
    """R-4 (DL-BABY-1, DL-BABY-3, DL-INT-18, DL-TOKEN-2, DL-TREASURE-4): P2's green on V10 calls the green dragon
    from V12 with the 4, then flies with it to the face-down V15 on the baby dragon: V15's token (a forced
    march) is revealed, the movement ends, green takes an egg and the march with it; the baby dragon is gone
    and the green dragon stays on V15."""
    g = position(4, active=2, adventurers={2: {"green": "V10"}}, dragons={"green": "V12"},
                 volcanoes={"V10": UP, "V15": Volcano(token="forced_march", eggs=2, emerald=0)}, dice=(1, 4))
    play(g, "die 4", "move green", "call")
    assert g.state.dragons["green"] == "V10" and tokens(g, 2)["baby_dragon"] == 1
    assert flights(g) == set() and "V15" in flights(g, baby=True)
    events = play(g, "fly V15 baby")
    assert kinds(events) == ["flew", "token_revealed", "forced_stop"]
    assert tokens(g, 2)["baby_dragon"] == 0 and g.state.dragons["green"] == "V15"
    eggs = hoard(g, 2)["egg"]
    play(g, "take egg")
    assert hoard(g, 2)["egg"] == eggs + 1 and tokens(g, 2)["forced_march"] == 1
    assert g.state.eggs["V15"] == 1 and g.state.dragons["green"] == "V15"


def test_T9_a_baby_dragon_cannot_walk_DL_BABY_2():
    """T-9 (DL-BABY-2): P2 holds a baby dragon, rolls (1, 2), and no adventurer stands with its dragon: the
    baby dragon adds no walking (red on s25 with the 1 reaches only s26 and V01), and offers no flight; a call
    is offered to blue, which stands on a volcano while the blue dragon is elsewhere."""
    g = position(4, active=2, adventurers={2: {"red": "s25", "blue": "V07"}}, dragons={"blue": "V02"},
                 volcanoes={"V07": UP}, dice=(1, 2))
    play(g, "die 1", "move red")
    assert ends(g) == {"s26", "V01"}
    assert not any(i.startswith(("fly", "call")) for i in ids(g))
    with pytest.raises(IllegalActionError):
        g.apply("walk s28")
    play(g, "walk s26", "move blue")
    assert "call baby" in ids(g) and "call" not in ids(g)  # the 2 cannot call: only the baby dragon can
    play(g, "call baby")
    assert g.state.dragons["blue"] == "V07" and tokens(g, 2)["baby_dragon"] == 0


def test_baby_dragon_flight_after_a_walk_on_the_die_DL_INT_18_DL_BABY_1():
    """DL-INT-18, DL-BABY-1: the baby dragon does not use up the die: blue walks 2 with the die onto V13 where
    the blue dragon sits, then flies with the baby dragon to V04."""
    g = position(4, adventurers={0: {"blue": "s58"}}, dragons={"blue": "V13"},
                 volcanoes={"V04": Volcano(up=True, token=None, sapphire=1)}, dice=(2, 3))
    play(g, "die 2", "move blue", "walk V13")
    assert flights(g) == set() and "V04" in flights(g, baby=True)
    play(g, "fly V04 baby")
    assert where(g, 0, "blue") == "V04" and g.state.dragons["blue"] == "V04" and tokens(g, 0)["baby_dragon"] == 0


def test_T21_no_call_after_a_forced_stop_DL_INT_13_DL_BABY_1():
    """T-21 (DL-INT-13): P2's blue walks with a 3 onto the face-down V12; holding a baby dragon, P2 may not call
    the blue dragon from V05 there: the movement phase ended at the forced stop; the treasure phase goes on."""
    g = position(4, active=2, adventurers={2: {"blue": "s53"}}, dragons={"blue": "V05"},
                 volcanoes={"V12": Volcano(token="boatman", eggs=1, sapphire=1)}, dice=(2, 3))
    play(g, "die 3", "move blue", "walk V12")
    assert g.observation()["decision"] == "treasure"
    with pytest.raises(IllegalActionError):
        g.apply("call baby")
    assert tokens(g, 2)["baby_dragon"] == 1 and g.state.dragons["blue"] == "V05"
    play(g, "take gems")
    assert hoard(g, 2)["sapphire"] == 1


# ---------------------------------------------------------------- tokens in general
def test_movement_tokens_only_in_the_movement_phase_DL_TOKEN_1():
    """DL-TOKEN-1: a boatman, a forced march or a baby dragon cannot be played in the treasure phase."""
    g = position(4, adventurers={0: {"red": "s27"}}, dragons={"red": "V14"},
                 volcanoes={"V01": UP, "V02": Volcano(up=True, token=None, ruby=1)}, held={0: {"forced_march": 1}},
                 dice=(1, 2))
    play(g, "die 1", "move red", "walk V02")
    assert "call baby" in ids(g) and "march s29" not in ids(g)  # the die is spent: no march on it either
    play(g, "end movement")
    assert g.observation()["decision"] == "treasure"
    for bad in ("march s29", "call baby", "walk s28", "boat V03"):
        with pytest.raises(IllegalActionError, match="DL-TOKEN-1"):
            g.apply(bad)


def test_tokens_affect_only_the_acting_adventurer_DL_TOKEN_3():
    """DL-TOKEN-3: while green acts, P0's red standing on V01 (river to V03) cannot be ferried, and only the
    green dragon could be flown or called."""
    g = position(4, adventurers={0: {"red": "V01", "green": "V02"}}, dragons={"red": "V01"},
                 volcanoes={"V02": UP}, dice=(3, 4))
    play(g, "die 4", "move green")
    assert not any(i.startswith(("boat", "fly", "call")) for i in ids(g))


def test_a_seat_spends_only_its_own_tokens_DL_TOKEN_5():
    """DL-TOKEN-5: P0 has no boatman left while P1 holds one: P0's red on V01 gets no crossing."""
    g = position(4, adventurers={0: {"red": "V01"}}, volcanoes={"V01": UP}, held={0: {"boatman": 0}}, dice=(3, 4))
    assert tokens(g, 1)["boatman"] == 1
    play(g, "die 3", "move red")
    assert not any(i.startswith("boat") for i in ids(g))
    with pytest.raises(IllegalActionError, match="DL-TOKEN-5"):
        g.apply("boat V03")


def test_used_tokens_leave_the_game_DL_TOKEN_4_DL_BABY_3():
    """DL-TOKEN-4, DL-BABY-3: a played boatman, forced march and baby dragon are gone from the seat and from
    the table (back in the box); the royal dragon stays on the board."""
    g = position(4, adventurers={0: {"red": "V01"}}, dragons={"red": "V03"},
                 volcanoes={"V01": UP, "V03": Volcano(up=True, token=None, eggs=0), "V14": UP},
                 held={0: {"forced_march": 1}}, dice=(3, 4))
    before = {k: in_game(g, k) for k in ("boatman", "baby_dragon", "forced_march")}
    play(g, "die 3", "move red", "boat V03", "fly V14 baby", "walk V03")  # V14 -> V03: 4 = die 3 + a march
    assert {k: in_game(g, k) for k in before} == {k: n - 1 for k, n in before.items()}
    assert tokens(g, 0)["boatman"] == tokens(g, 0)["baby_dragon"] == tokens(g, 0)["forced_march"] == 0
    assert g.state.dragons["red"] == "V14"


def test_a_token_gained_is_usable_in_the_same_turn_DL_INT_19_DL_TOKEN_5():
    """DL-INT-19, DL-TOKEN-5: P0, with no boatman left, takes V03's egg with its boatman token using red; the
    second die lets green, on V01, cross to V03 with it at once."""
    g = position(4, adventurers={0: {"red": "V03", "green": "V01"}},
                 volcanoes={"V03": Volcano(up=True, token="boatman", eggs=1), "V01": UP},
                 held={0: {"boatman": 0}}, dice=(1, 2))
    play(g, "die 1", "move red", "end movement", "take egg")
    assert tokens(g, 0)["boatman"] == 1 and g.state.token["V03"] is None
    play(g, "move green")
    assert "boat V03" in ids(g)
    play(g, "boat V03")
    assert where(g, 0, "green") == "V03" and tokens(g, 0)["boatman"] == 0
