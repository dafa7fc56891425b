"""Phase 5, sharing (DG-SHARE-1/2, DG-INT-27), and phase 7, the equipment check (DG-EQUIP-1..3,
DG-INT-26); examples A11 and A24.
"""

from __future__ import annotations

import pytest

from dg_builder import Hero, hero, ids, pick, play, position
from dragonwidgets.engine import IllegalActionError
from dragonwidgets.games.draghan.state import CHECK, DECLARE_TARGET, HEAL_2, SHARE


def a11_kit():
    """The Bard's cards in A11: hands Lute, Short Sword, Healing Potion; heads Plumed Hat, Sage's Cap."""
    return [pick("M02", slot="hand"), pick("M01", slot="hand"), pick("M07", slot="hand", heal=True),
            pick("M10", slot="head"), pick("M11", slot="head")]


def test_DG_SHARE_1_the_active_player_may_give_one_card():
    """DG-SHARE-1, DG-INT-27: in phase 5 the active player may give one card of the active character to any
    other character in play, wounded or not; or skip. One gift only: the phase is over after it."""
    g = position([Hero("CH1", equipment=["M01", "M10"]), Hero("CH2", wounded=True), Hero("CH3")], at="share")
    assert g.state.phase == SHARE and g.current_player == 0
    assert ids(g) == ["give M01 1", "give M01 2", "give M10 1", "give M10 2", "skip"]
    play(g, "give M10 1")
    assert hero(g, 1).equipment == ["M10"] and hero(g, 0).equipment == ["M01"] and g.state.phase != SHARE


def test_DG_SHARE_1_only_the_active_characters_cards_no_coins_not_to_oneself():
    """DG-SHARE-1, DG-INT-27: another character's card, a coin, or a gift to the active character itself are
    refused, each naming the rule; skipping gives nothing."""
    g = position([Hero("CH1", equipment=["M01"], coins=2), Hero("CH2", equipment=["M03"])], at="share")
    for bad in ("give M03 0", "give coin 1", "give M01 0"):
        with pytest.raises(IllegalActionError, match="DG-SHARE-1"):
            g.apply(bad)
    play(g, "skip")
    assert hero(g, 0).equipment == ["M01"] and hero(g, 1).equipment == ["M03"] and hero(g, 0).coins == 2


def test_DG_SHARE_1_nothing_to_share_skips_the_phase():
    """DG-SHARE-1: an active character without cards has nothing to give: no sharing decision."""
    g = position([Hero("CH1"), Hero("CH2", equipment=["M03"])], at="share")
    assert g.state.phase not in (SHARE, HEAL_2) and g.state.round == 2


def test_DG_SHARE_2_sharing_is_skipped_after_a_shadow_drop_out():
    """DG-SHARE-2, DG-INT-29: if the active character dropped out in the Shadow Realm this round, phases 5 and 6
    are skipped and ``give`` is refused."""
    g = position([Hero("CH1", wounded=True, equipment=["M01"]), Hero("CH2", equipment=pick_three_hands())],
                 realm="shadow", tops={"location_shadow": [pick("V04", ability="threat")],
                                       "encounter_shadow": ["S02", "S03", "S04"]})
    play(g, "face none", "face none")
    assert hero(g, 0) is None and g.state.phase == CHECK and g.current_player == 1
    with pytest.raises(IllegalActionError, match="DG-SHARE"):
        g.apply("give M01 1")


def pick_three_hands() -> list[str]:
    return [pick("M03", slot="hand"), pick("M04", slot="hand"), pick("M05", slot="hand")]


def test_DG_INT_27_a_gift_needs_no_free_slot():
    """DG-INT-27, DG-EQUIP-3: the receiver may be over a limit after the gift; the limits are checked in phase 7,
    where the receiver's owner chooses what to drop."""
    hands = pick_three_hands()
    g = position([Hero("CH1", equipment=[hands[0]]), Hero("CH2", equipment=hands[1:])], at="share")
    play(g, f"give {hands[0]} 1")
    assert g.state.phase == CHECK and g.current_player == 1 and set(ids(g)) == {f"discard {c}" for c in hands}


def test_DG_EQUIP_1_DG_EQUIP_2_example_A11_the_check():
    """DG-EQUIP-1, DG-EQUIP-2, DG-INT-26, example A11: the Bard (not active) holds three hand cards and two head
    cards: his owner keeps 2 of the hands and 1 of the heads; only cards of over-full slots are offered; one
    hand card and one head card go to the discard pile."""
    lute, sword, potion, hat, cap = a11_kit()
    g = position([Hero("CH4"), Hero("CH5", equipment=a11_kit())], at="check")
    assert g.state.phase == CHECK and g.current_player == 1
    assert ids(g) == [f"discard {c}" for c in (hat, cap, lute, sword, potion)]  # slot by slot: head, torso, hand
    assert all("DG-EQUIP-1" in a.rules for a in g.legal_actions())
    play(g, f"discard {sword}")
    assert ids(g) == [f"discard {hat}", f"discard {cap}"]
    with pytest.raises(IllegalActionError, match="DG-EQUIP"):
        g.apply(f"discard {lute}")
    play(g, f"discard {hat}")
    assert hero(g, 1).equipment == [lute, potion, cap] and {sword, hat} <= set(g.state.discard)
    assert g.state.round == 2


def test_DG_SHARE_1_example_A11_variant_the_active_bard_gives_the_cap_first():
    """Example A11 variant, DG-SHARE-1, DG-EQUIP-2: the Bard is active and gives the Sage's Cap in phase 5 to a
    character with no head card: only one hand card is discarded at the check."""
    lute, sword, potion, hat, cap = a11_kit()
    g = position([Hero("CH5", equipment=a11_kit()), Hero("CH4")], at="share")
    play(g, f"give {cap} 1")
    assert g.state.phase == CHECK and ids(g) == [f"discard {c}" for c in (lute, sword, potion)]
    play(g, f"discard {potion}")
    assert hero(g, 0).equipment == [lute, sword, hat] and hero(g, 1).equipment == [cap] and g.state.round == 2


def test_DG_INT_26_every_character_over_a_limit_checks_in_seat_order_from_the_active():
    """DG-INT-26, DG-EQUIP-1: every character in play checks, the active one first, then in seat order."""
    hands = [pick(c, slot="hand") for c in ("M01", "M02", "M03", "M04", "M05", "M06")]
    g = position([Hero("CH1", equipment=hands[:3]), Hero("CH2"), Hero("CH3", equipment=hands[3:])], active=2,
                 at="check")
    seen = []
    while g.state.phase == CHECK:
        seen.append(g.current_player)
        play(g, ids(g)[0])
    assert seen == [2, 0]


def test_DG_EQUIP_1_torso_limit_and_nothing_over_means_no_decision():
    """DG-EQUIP-1: one torso card; 1 head + 1 torso + 2 hands is within the limits and asks nothing."""
    within = [pick("M09", slot="head"), pick("M14", slot="torso"), pick("M01", slot="hand"), pick("M02", slot="hand")]
    g = position([Hero("CH1", equipment=within), "CH2"], at="check")
    assert g.state.phase != CHECK and hero(g, 0).equipment == within
    torsos = [pick("M14", slot="torso"), pick("M15", slot="torso")]
    g = position([Hero("CH1", equipment=torsos), "CH2"], at="check")
    assert g.state.phase == CHECK and ids(g) == [f"discard {c}" for c in torsos]


def test_DG_EQUIP_3_more_cards_between_two_checks():
    """DG-EQUIP-3: a character may hold more than the limits between checks (here after taking the revealed
    equipment: three hand cards until phase 7, usable by nobody before, DG-INT-10)."""
    hands = [pick("D41", slot="hand"), pick("D42", slot="hand"), pick("D43", slot="hand")]
    g = position([Hero("CH1"), Hero("CH2")], tops={"location_draghan": [pick("L11", ability="threat")],
                                                   "encounter_draghan": hands})
    assert g.state.phase == SHARE and hero(g, 0).equipment == hands
    with pytest.raises(IllegalActionError, match="DG-EQUIP"):
        g.apply(f"discard {hands[0]}")
    play(g, "skip")
    assert g.state.phase == CHECK


def test_DG_SHARE_1_example_A24_sharing_rescues_a_surplus_card():
    """Example A24, DG-SHARE-1, DG-EQUIP-1: the active Knight wins and takes the Leather Cap while wearing the
    Iron Helm; giving the Cap to the Wizard (no head card) in phase 5 leaves nobody over a limit; without the
    gift the Knight's owner would discard one of the two head cards."""
    cap, iron = pick("D46", slot="head"), pick("M09", slot="head")
    goblin = pick("D01", req="S", theft=False)
    tops = {"location_draghan": [pick("L07", ability="heal")], "encounter_draghan": [goblin, cap]}
    g = position([Hero("CH4", equipment=[iron]), Hero("CH3")], tops=tops)
    play(g, f"face {goblin}", "done", "face none")
    assert g.state.phase == SHARE and hero(g, 0).equipment == [iron, cap]
    play(g, f"give {cap} 1")
    assert g.state.round == 2 and hero(g, 1).equipment == [cap] and cap not in g.state.discard
    g = position([Hero("CH4", equipment=[iron]), Hero("CH3")], tops=tops)
    play(g, f"face {goblin}", "done", "face none", "skip")
    assert g.state.phase == CHECK and ids(g) == [f"discard {iron}", f"discard {cap}"]
    assert g.state.phase != DECLARE_TARGET
