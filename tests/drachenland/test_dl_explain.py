"""Refusals: an illegal action raises IllegalActionError, leaves the game exactly as it was, and
``game.explain(id)`` names the rule that forbids it.

Each case builds a literal position, brings it to a decision, and tries one id that the rules forbid
there; the expected rule ID is the one the digest gives for that prohibition.
"""

from __future__ import annotations

import pytest

from dragonwidgets.engine import IllegalActionError
from dl_builder import Volcano, opening_game, play, position

UP = Volcano(up=True, token=None)


def opening():
    return opening_game(4)


def opening_walk():
    g = opening_game(4)
    play(g, "enter red")
    return g


def opening_second_seat():
    """R-1: P0 has brought red in to s01; P1 brings green in and must walk exactly 2."""
    g = opening_game(4)
    play(g, "enter red", "walk s01", "enter green")
    return g


def second_die_after_red():
    g = position(4, adventurers={0: {"red": "s01"}}, dice=(2, 3))
    play(g, "die 3", "move red", "walk s04")
    return g


def red_on_s02_with_a_2():
    g = position(4, adventurers={0: {"red": "s02"}}, dice=(2, 3))
    play(g, "die 2")
    return g


def red_on_s02_walking_with_a_2():
    g = position(4, adventurers={0: {"red": "s02"}}, dice=(2, 3))
    play(g, "die 2", "move red")
    return g


def blue_walking_3_from_s53():
    """P0's blue on s53 with a 3; V12 face down one space away; no dragon revealed; P1's red on s52."""
    g = position(4, adventurers={0: {"blue": "s53"}, 1: {"red": "s52"}}, volcanoes={"V12": Volcano(token="boatman")},
                 held={0: {"baby_dragon": 0}}, dice=(2, 3))
    play(g, "die 3", "move blue")
    return g


def red_on_V13_with_its_dragon_and_a_3():
    g = position(4, adventurers={0: {"red": "V13"}}, dragons={"red": "V13"}, dice=(3, 4))
    play(g, "die 3", "move red")
    return g


def red_on_V13_with_its_dragon_and_the_4():
    g = position(4, adventurers={0: {"red": "V13"}}, dragons={"red": "V13"}, dice=(3, 4))
    play(g, "die 4", "move red")
    return g


def after_forced_stop_on_V12():
    """T-21: P2's blue walks onto the face-down V12; the blue dragon is on V05; P2 holds a baby dragon."""
    g = position(4, active=2, adventurers={2: {"blue": "s53"}}, dragons={"blue": "V05"},
                 volcanoes={"V12": Volcano(token="boatman", eggs=1, sapphire=1)}, dice=(2, 3))
    play(g, "die 3", "move blue", "walk V12")
    return g


def entering_blue():
    g = position(4, adventurers={0: {"red": "s01"}}, dice=(2, 3))
    play(g, "die 2", "enter blue")
    return g


def red_moved_zero_on_ring_V11():
    g = position(4, adventurers={0: {"red": "V11"}},
                 volcanoes={"V11": Volcano(up=True, token="ring", eggs=1, emerald=1, ruby=1)},
                 held={0: {"boatman": 0}}, dice=(1, 2))
    play(g, "die 1", "move red", "end movement")
    return g


def ringed_red_walks_onto_ring_V11():
    g = position(4, adventurers={0: {"red": "s50"}}, rings={0: {"red"}},
                 volcanoes={"V11": Volcano(up=True, token="ring", eggs=1, ruby=1)},
                 held={0: {"boatman": 0}}, dice=(1, 2))
    play(g, "die 1", "move red", "walk V11")
    return g


def green_on_V14_no_emerald_no_magic_hand():
    g = position(4, adventurers={0: {"green": "s61"}},
                 volcanoes={"V14": Volcano(up=True, token=None, emerald=0, ruby=2, diamond=0)},
                 held={0: {"boatman": 0}}, dice=(1, 2))
    play(g, "die 1", "move green", "walk V14")
    return g


def magic_hand_take_on_ring_V11():
    g = position(4, adventurers={0: {"red": "s50"}}, held={0: {"magic_hand": 1, "boatman": 0}},
                 volcanoes={"V11": Volcano(up=True, token="ring", eggs=1, ruby=1)}, dice=(1, 2))
    play(g, "die 1", "move red", "walk V11", "take gems", "magic hand")
    return g


def no_forfeit():
    return position(4, adventurers={0: {"red": "s01"}}, forfeit_dice=False, dice=(2, 3))


def fate_kept():
    g = position(4, adventurers={0: {"red": "s01"}}, dice=(2, 3))
    return g


CASES = [
    # (position, refused id, rule ID the explanation must name)
    (opening, "end turn", "DL-TURN-2"),
    (opening, "roll 1 2", "DL-TURN-2"),
    (opening_walk, "walk s02", "DL-OPEN-2"),
    (opening_walk, "walk s02", "DL-INT-6"),
    (opening_walk, "walk EN", "DL-MOVE-8"),
    (opening_second_seat, "walk s01", "DL-MOVE-5"),
    (opening_second_seat, "walk s03", "DL-OPEN-2"),
    (opening_walk, "end movement", "DL-INT-9"),
    (fate_kept, "reroll", "DL-FATE-1"),
    (second_die_after_red, "move red", "DL-TURN-3"),
    (second_die_after_red, "enter red", "DL-TURN-3"),
    (red_on_s02_with_a_2, "enter red", "DL-MOVE-3"),
    (red_on_s02_with_a_2, "walk V01", "DL-MOVE-1"),
    (red_on_s02_walking_with_a_2, "march s03", "DL-INT-12"),
    (second_die_after_red, "move green", "DL-MOVE-3"),
    (blue_walking_3_from_s53, "walk s52", "DL-MOVE-5"),
    (blue_walking_3_from_s53, "walk s84", "DL-MOVE-6"),
    (blue_walking_3_from_s53, "call baby", "DL-BABY-1"),
    (blue_walking_3_from_s53, "boat V11", "DL-BOAT-1"),
    (blue_walking_3_from_s53, "take gems", "DL-TREASURE-1"),
    (blue_walking_3_from_s53, "magic hand", "DL-HAND-1"),
    (red_on_V13_with_its_dragon_and_a_3, "fly V04", "DL-DRAGON-4"),
    (red_on_V13_with_its_dragon_and_a_3, "call", "DL-DRAGON-6"),
    (red_on_V13_with_its_dragon_and_the_4, "fly s57", "DL-DRAGON-2"),
    (red_on_V13_with_its_dragon_and_the_4, "call", "DL-DRAGON-6"),
    (after_forced_stop_on_V12, "call baby", "DL-INT-13"),
    (after_forced_stop_on_V12, "walk s84", "DL-INT-13"),
    (entering_blue, "end movement", "DL-INT-9"),
    (entering_blue, "walk EW", "DL-MOVE-8"),
    (red_moved_zero_on_ring_V11, "take ring", "DL-RING-3"),
    (red_moved_zero_on_ring_V11, "take ring", "DL-INT-22"),
    (ringed_red_walks_onto_ring_V11, "take ring", "DL-RING-4"),
    (green_on_V14_no_emerald_no_magic_hand, "take gems", "DL-TREASURE-3"),
    (green_on_V14_no_emerald_no_magic_hand, "take diamond", "DL-TREASURE-2"),
    (green_on_V14_no_emerald_no_magic_hand, "take ring", "DL-RING-2"),
    (green_on_V14_no_emerald_no_magic_hand, "reroll", "DL-TOKEN-1"),
    (magic_hand_take_on_ring_V11, "take ring", "DL-INT-23"),
    (no_forfeit, "end turn", "DL-INT-8"),
]


@pytest.mark.parametrize("build,action_id,rule", CASES, ids=[f"{b.__name__}:{a}:{r}" for b, a, r in CASES])
def test_refusals_name_the_rule_and_change_nothing(build, action_id, rule):
    """Every refusal: IllegalActionError naming the rule, explain() naming it too, the state untouched
    (DL-OPEN-2, DL-INT-6, DL-MOVE-8, DL-INT-9, DL-FATE-1, DL-TURN-2, DL-TURN-3, DL-MOVE-3, DL-MOVE-5, DL-MOVE-6,
    DL-MOVE-1, DL-BABY-1, DL-BOAT-1, DL-TREASURE-1, DL-HAND-1, DL-DRAGON-2, DL-DRAGON-4, DL-DRAGON-6, DL-INT-13,
    DL-RING-2, DL-RING-3, DL-RING-4, DL-INT-22, DL-INT-23, DL-TREASURE-2, DL-TREASURE-3, DL-TOKEN-1, DL-INT-8)."""
    g = build()
    assert action_id not in g.legal_action_ids()
    digest, step, legal = g.state_digest(), g.step, g.legal_action_ids()
    with pytest.raises(IllegalActionError) as err:
        g.apply(action_id)
    assert rule in err.value.reason and err.value.action_id == action_id and err.value.legal == legal
    assert g.state_digest() == digest and g.step == step and g.legal_action_ids() == legal
    text = g.explain(action_id)
    assert text.startswith(f"{action_id!r} is not legal") and rule in text


def test_explain_a_legal_action_lists_its_rules():
    """explain() on a legal id says so and names the rules that make it legal: DL-MOVE-6 for a walk onto a
    face-down volcano, DL-MARCH-1 when the walk needs a forced march, neither for a short walk to a stone."""
    g = position(4, adventurers={0: {"blue": "s53"}}, volcanoes={"V12": Volcano(token="boatman"), "V11": UP},
                 held={0: {"forced_march": 1}}, dice=(2, 3))
    play(g, "die 2", "move blue")
    assert g.explain("walk V12").startswith("'walk V12' is legal") and "DL-MOVE-6" in g.explain("walk V12")
    assert "DL-MARCH-1" in g.explain("walk s49")  # s52, s51, V11, s50, s49: 5 = die 2 + a march
    assert "DL-MARCH-1" not in g.explain("walk s51") and "DL-MOVE-6" not in g.explain("walk s51")


def test_chance_outcomes_outside_the_dice_are_refused_unchanged():
    """DL-TURN-2, DL-REC-1: at the roll only the preset's faces can come up (die A shows no 4): 'roll 4 2' is
    refused and changes nothing."""
    g = position(4, adventurers={0: {"red": "s01"}}, dice=None)
    digest = g.state_digest()
    assert "roll 4 2" not in g.legal_action_ids() and "roll 2 4" in g.legal_action_ids()
    with pytest.raises(IllegalActionError):
        g.apply("roll 4 2")
    assert g.state_digest() == digest and g.is_chance_node


def test_unknown_ids_and_the_end_of_the_game():
    """An id outside the grammar is refused as such; after the last egg, every id is refused (DL-END-1)."""
    g = position(4, adventurers={0: {"red": "s01"}}, dice=(2, 3))
    with pytest.raises(IllegalActionError, match="not an action of Drachenland"):
        g.apply("jump V01")
    g = position(2, adventurers={0: {"red": "V02"}},
                 volcanoes={**{f"V{n:02d}": Volcano(eggs=0) for n in range(1, 16)}, "V02": Volcano(eggs=1)},
                 dice=(1, 2))
    play(g, "die 1", "move red", "end movement", "take egg")
    assert g.is_over
    digest = g.state_digest()
    with pytest.raises(IllegalActionError, match="over"):
        g.apply("die 2")
    assert g.state_digest() == digest
