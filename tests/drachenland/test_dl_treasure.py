"""The treasure phase (DL-TREASURE-*): the three takes, eggs bringing tokens, rings (DL-RING-*), the magic
hand (DL-HAND-1, DL-INT-19..23). T-4, T-5, T-6, T-22 of the digest's section 8.
"""

from __future__ import annotations

import pytest

from dragonwidgets.engine import IllegalActionError
from dl_builder import Volcano, hoard, ids, play, position, tokens, where

UP = Volcano(up=True, token=None)


def on_V14(colour="red", seat=0, token=None, held=None, **contents):
    """``seat``'s ``colour`` adventurer walks s61 -> V14 (revealed; printed 2 eggs) with die 1.

    ``token`` None: V14's token went with an egg, so 1 egg is left unless ``eggs`` says otherwise.
    The seat holds no boatman, so the movement phase ends on arrival (V14's river leads to V04).
    """
    g = position(4, active=seat, adventurers={seat: {colour: "s61"}},
                 volcanoes={"V14": Volcano(up=True, token=token, **contents)},
                 held={seat: {"boatman": 0, **(held or {})}}, dice=(1, 2))
    play(g, "die 1", f"move {colour}", "walk V14")
    assert g.observation()["decision"] in ("treasure", "choose_adventurer")
    return g


# ---------------------------------------------------------------- the three takes
def test_one_take_all_gems_of_its_colour_or_one_diamond_or_one_egg_DL_TREASURE_2():
    """DL-TREASURE-2: on V14 (2 eggs, 2 rubies, 1 emerald, 2 diamonds) red takes exactly one of: both rubies,
    one diamond, one egg; after the take its action is over (no magic hand held)."""
    spec = dict(eggs=2, token="forced_march", ruby=2, emerald=1, diamond=2)
    g = on_V14(**spec)
    assert ids(g) == ["take gems", "take diamond", "take egg", "skip"]
    play(g, "take gems")
    assert hoard(g, 0)["ruby"] == 2 and g.state.gems["V14"] == {"ruby": 0, "emerald": 1, "sapphire": 0, "diamond": 2}
    assert g.observation()["decision"] == "choose_adventurer"  # the next die: no second take
    g = on_V14(**spec)
    play(g, "take diamond")
    assert hoard(g, 0)["diamond"] == 1 and g.state.gems["V14"]["diamond"] == 1 and hoard(g, 0)["ruby"] == 0
    g = on_V14(**spec)
    play(g, "take egg")
    assert hoard(g, 0)["egg"] == 1 and g.state.eggs["V14"] == 1 and g.state.eggs_left == sum(g.state.eggs.values())


@pytest.mark.parametrize("colour,gem", [("red", "ruby"), ("green", "emerald"), ("blue", "sapphire")])
def test_gems_of_the_adventurers_colour_DL_TREASURE_3(colour, gem):
    """DL-TREASURE-3: red takes rubies, green emeralds, blue sapphires, and never another colour's gems."""
    g = on_V14(colour, ruby=1, emerald=2, sapphire=2)
    play(g, "take gems")
    got = {k: v for k, v in hoard(g, 0).items() if v}
    assert got == {gem: {"ruby": 1, "emerald": 2, "sapphire": 2}[gem]}
    g = on_V14(colour, **{gem: 0, **{o: 2 for o in ("ruby", "emerald", "sapphire") if o != gem}})
    assert "take gems" not in ids(g)
    with pytest.raises(IllegalActionError, match="DL-TREASURE-3"):
        g.apply("take gems")


def test_taking_is_optional_DL_TREASURE_6():
    """DL-TREASURE-6: 'skip' leaves the volcano as it was."""
    g = on_V14(eggs=1, ruby=2)
    before = (dict(g.state.gems["V14"]), g.state.eggs["V14"], hoard(g, 0))
    play(g, "skip")
    assert (g.state.gems["V14"], g.state.eggs["V14"], hoard(g, 0)) == before


def test_hoards_are_behind_the_screen_tokens_in_front_DL_TREASURE_5():
    """DL-TREASURE-5: after taking an egg with its boatman token, P0's hoard is hidden from P1 but its tokens
    are public; P0 sees its own hoard."""
    g = on_V14(eggs=2, token="boatman")
    play(g, "take egg")
    assert g.observation(1)["hoards"][0] is None and g.observation(0)["hoards"][0]["egg"] == 1
    assert g.observation(1)["tokens"][0]["boatman"] == 1


# ---------------------------------------------------------------- eggs bring tokens
def test_T4_an_egg_brings_the_token_royal_dragons_stay_DL_TREASURE_4_DL_INT_20():
    """T-4 (DL-TREASURE-4, DL-INT-20, DL-DRAGON-7): V14 has 2 eggs, its own face-up forced march and the red
    dragon called there earlier. P2's blue takes an egg and gets the march; the dragon stays; later P3's
    green takes the second egg and gets only the egg."""
    g = position(4, active=2, adventurers={2: {"blue": "V14"}, 3: {"green": "V14"}}, dragons={"red": "V14"},
                 dragon_from={"red": "V13"},
                 volcanoes={"V14": Volcano(up=True, token="forced_march", eggs=2, sapphire=0, emerald=0, diamond=0)},
                 held={3: {"magic_hand": 0}}, dice=(1, 2))
    assert g.observation()["volcanoes"]["V14"]["token"] == "forced_march"
    play(g, "die 1", "move blue", "end movement", "take egg")
    assert hoard(g, 2)["egg"] == 1 and tokens(g, 2)["forced_march"] == 1
    assert g.state.token["V14"] is None and g.state.dragons["red"] == "V14"
    play(g, "end turn", "roll 1 2", "keep", "die 1", "move green", "end movement", "take egg")
    assert hoard(g, 3)["egg"] == 1 and tokens(g, 3)["forced_march"] == 0
    assert g.state.eggs["V14"] == 0 and g.state.dragons["red"] == "V14"


def test_the_ring_token_stays_when_the_egg_is_taken_DL_TREASURE_4_DL_RING_1():
    """DL-TREASURE-4, DL-RING-1: taking the egg on a ring volcano brings no token; the ring token stays face up."""
    g = on_V14(eggs=1, token="ring")
    before = tokens(g, 0)
    play(g, "take egg")
    assert tokens(g, 0) == before and g.observation()["volcanoes"]["V14"]["ring"] is True


def test_T5_colour_rule_and_magic_hand_DL_TREASURE_2_DL_TREASURE_3_DL_HAND_1():
    """T-5 (DL-TREASURE-2, DL-TREASURE-3, DL-HAND-1, DL-INT-14): V08, whose royal dragon has flown away, holds
    1 egg, 2 rubies, 1 emerald, 1 diamond. P0's green takes the emerald (never the rubies), then plays its
    magic hand and takes the diamond or the egg; the magic hand leaves the game."""
    spec = dict(adventurers={0: {"green": "s44"}}, dragons={"red": "V13"}, dragon_from={"red": "V08"},
                volcanoes={"V08": Volcano(up=True, token=None, eggs=1, ruby=2, emerald=1, diamond=1)},
                held={0: {"magic_hand": 1, "boatman": 0}}, dice=(1, 2))
    g = position(4, **spec)
    assert g.state.token["V08"] is None and "V08" not in g.state.face_down
    play(g, "die 1", "move green", "walk V08")
    assert "take gems" in ids(g)
    play(g, "take gems")
    assert hoard(g, 0)["emerald"] == 1 and hoard(g, 0)["ruby"] == 0
    assert ids(g) == ["magic hand", "done"]
    play(g, "magic hand")
    assert ids(g) == ["take diamond", "take egg"]  # not the rubies; no ring, no skip
    assert tokens(g, 0)["magic_hand"] == 0
    play(g, "take diamond")
    assert hoard(g, 0)["diamond"] == 1 and g.state.gems["V08"]["ruby"] == 2


def test_T22_magic_hand_used_as_soon_as_gained_DL_INT_19_DL_HAND_1():
    """T-22 (DL-INT-19, DL-HAND-1, DL-TREASURE-4): V05 holds 1 egg, 2 rubies and its face-up magic hand; P3's
    red, with no other hand, takes the egg, receives the hand, plays it at once and takes the 2 rubies."""
    g = position(4, active=3, adventurers={3: {"red": "s34"}},
                 volcanoes={"V05": Volcano(up=True, token="magic_hand", eggs=1, ruby=2)}, dice=(1, 2))
    assert tokens(g, 3)["magic_hand"] == 0
    play(g, "die 1", "move red", "walk V05")
    assert "boat V07" in ids(g)  # V05's river to V07 keeps the movement phase open
    play(g, "end movement", "take egg")
    assert tokens(g, 3)["magic_hand"] == 1 and ids(g) == ["magic hand", "done"]
    play(g, "magic hand", "take gems")
    assert hoard(g, 3)["egg"] == 1 and hoard(g, 3)["ruby"] == 2 and tokens(g, 3)["magic_hand"] == 0


def test_magic_hands_chain_and_repeat_a_take_DL_INT_21():
    """DL-INT-21: each magic hand is one more full take, the same kind again allowed (a second egg); two hands
    chain (egg, egg, rubies); DL-INT-20 holds for each egg (only the first brings the token)."""
    g = on_V14(eggs=2, ruby=1, token="boatman", held={"magic_hand": 2})
    eggs = hoard(g, 0)["egg"]
    play(g, "take egg")
    assert tokens(g, 0)["boatman"] == 1 and g.state.token["V14"] is None
    play(g, "magic hand", "take egg", "magic hand", "take gems")
    assert hoard(g, 0)["egg"] == eggs + 2 and g.state.eggs["V14"] == 0 and hoard(g, 0)["ruby"] == 1
    assert tokens(g, 0)["magic_hand"] == 0 and tokens(g, 0)["boatman"] == 1
    assert g.observation()["decision"] == "choose_adventurer"  # no hand left


def test_no_magic_hand_after_a_skip_or_a_ring_DL_INT_21_DL_INT_23():
    """DL-INT-21, DL-INT-23: a magic hand follows a take only: not a skip, not a ring."""
    g = on_V14(eggs=1, ruby=1, held={"magic_hand": 1})
    play(g, "skip")
    assert tokens(g, 0)["magic_hand"] == 1 and g.observation()["decision"] == "choose_adventurer"
    g = on_V14(eggs=1, ruby=1, token="ring", held={"magic_hand": 1})
    play(g, "take ring")
    assert tokens(g, 0)["magic_hand"] == 1 and g.observation()["decision"] == "choose_adventurer"
    assert hoard(g, 0)["ruby"] == 0 and g.state.eggs["V14"] == 1


def test_magic_hand_not_offered_when_nothing_is_left_DL_HAND_1():
    """DL-HAND-1 and the decision model: after taking the only item there, the magic-hand step is skipped."""
    g = on_V14(eggs=0, ruby=2, held={"magic_hand": 1})
    assert ids(g) == ["take gems", "skip"]
    play(g, "take gems")
    assert g.observation()["decision"] == "choose_adventurer" and tokens(g, 0)["magic_hand"] == 1


# ---------------------------------------------------------------- rings
def t6():
    """T-6's table: V11 shows a face-up ring token and treasure; P1's red on V11, P1's blue on s50."""
    return position(4, active=1, adventurers={1: {"red": "V11", "blue": "s50"}},
                    volcanoes={"V11": Volcano(up=True, token="ring", eggs=1, ruby=2, sapphire=1, diamond=1)},
                    held={1: {"magic_hand": 1, "boatman": 0}}, dice=(1, 2))


def test_T6_rings_DL_RING_3_DL_RING_4_DL_INT_22_DL_INT_23():
    """T-6 (DL-RING-3, DL-RING-4, DL-INT-22, DL-INT-23, DL-TREASURE-7): red, moving 0 on V11, can take treasure
    but not a ring; blue walks 1 to V11 and may take a ring, and then no treasure and no magic hand; later
    blue cannot take a second ring; the ring token stays on V11."""
    g = t6()
    play(g, "die 2", "move red", "end movement")
    assert "take ring" not in ids(g) and "take gems" in ids(g)
    with pytest.raises(IllegalActionError, match="DL-RING-3"):
        g.apply("take ring")
    play(g, "take gems", "done", "move blue", "walk V11")
    assert ids(g) == ["take gems", "take diamond", "take egg", "take ring", "skip"]
    supply = g.state.ring_supply
    play(g, "take ring")
    assert g.state.rings[1] == {"blue"} and g.state.ring_supply == supply - 1
    assert hoard(g, 1)["sapphire"] == 0 and tokens(g, 1)["magic_hand"] == 1
    assert g.state.active == 2  # the action (and P1's turn) is over: no treasure, no magic hand
    # later: blue walks away (next turn) and back onto V11 (the turn after), and cannot wear a second ring
    others = ("roll 1 2", "keep", "end turn") * 3
    play(g, *others, "roll 1 2", "keep", "die 1", "move blue", "walk s50", "end turn")
    play(g, *others, "roll 1 2", "keep", "die 1", "move blue", "walk V11")
    assert "take ring" not in ids(g)
    with pytest.raises(IllegalActionError, match="DL-RING-4"):
        g.apply("take ring")
    assert g.observation()["volcanoes"]["V11"]["ring"] is True


def test_rings_only_where_a_ring_token_lies_DL_RING_2():
    """DL-RING-2: on a volcano with another token (or none) no ring is offered."""
    for token, eggs in ((None, 1), ("forced_march", 2)):
        g = on_V14(eggs=eggs, token=token)
        assert "take ring" not in ids(g)
        with pytest.raises(IllegalActionError, match="DL-RING-2"):
            g.apply("take ring")


def test_entering_counts_as_moving_for_a_ring_DL_INT_22():
    """DL-INT-22: an adventurer entering onto a ring volcano (2 + a forced march = 5 spaces to V09) moved."""
    g = position(4, adventurers={0: {"red": "V13"}}, volcanoes={"V13": UP, "V09": Volcano(up=True, token="ring")},
                 held={0: {"forced_march": 1}}, dice=(2, 3))
    play(g, "die 2", "enter blue", "walk V09")
    assert g.observation()["decision"] == "treasure" and "take ring" in ids(g)


def test_a_river_crossing_counts_as_moving_for_a_ring_DL_INT_22():
    """DL-INT-22: green on V13 crosses to the ring volcano V11 with a boatman (no walk): it moved."""
    g = position(4, adventurers={0: {"green": "V13"}}, volcanoes={"V13": UP, "V11": Volcano(up=True, token="ring")},
                 dice=(2, 3))
    play(g, "die 2", "move green", "boat V11", "end movement")
    assert "take ring" in ids(g)
    play(g, "take ring")
    assert g.state.rings[0] == {"green"}


def test_a_call_is_not_a_move_for_a_ring_DL_INT_22_DL_INT_17():
    """DL-INT-22, DL-INT-17: calling the dragon to a ring volcano leaves the adventurer unmoved: no ring."""
    g = position(4, adventurers={0: {"blue": "V11"}}, dragons={"blue": "V14"},
                 volcanoes={"V11": Volcano(up=True, token="ring", sapphire=1)},
                 held={0: {"boatman": 0, "baby_dragon": 0}}, dice=(2, 4))
    play(g, "die 4", "move blue", "call")
    assert g.observation()["decision"] == "treasure"
    assert "take ring" not in ids(g) and "take gems" in ids(g)


def test_a_magic_hand_take_cannot_be_a_ring_DL_INT_23():
    """DL-INT-23: after a take and a magic hand, the extra take offers no ring, even to a moving adventurer."""
    g = on_V14(eggs=1, ruby=1, token="ring", held={"magic_hand": 1})
    assert "take ring" in ids(g)
    play(g, "take gems", "magic hand")
    assert "take ring" not in ids(g)
    with pytest.raises(IllegalActionError, match="DL-INT-23"):
        g.apply("take ring")


def test_treasure_after_a_forced_stop_flight_crossing_or_call_DL_TREASURE_1():
    """DL-TREASURE-1: ending on a volcano by a crossing (V13 -> V11) opens the treasure phase like a walk."""
    g = position(4, adventurers={0: {"green": "V13"}}, volcanoes={"V13": UP, "V11": Volcano(up=True, token=None,
                 emerald=2)}, dice=(2, 3))
    play(g, "die 2", "move green", "boat V11", "end movement", "take gems")
    assert where(g, 0, "green") == "V11" and hoard(g, 0)["emerald"] == 2
