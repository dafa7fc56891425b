"""Phase 4, checking the result (DG-RESULT-1..9): the test, gold and its split (DG-INT-4, DG-INT-5), the
limited coin supply (DG-INT-24, option ``unlimited_coins``), the fate of each monster (flight into the
Shadow deck, DG-INT-21; returns in the Shadow Realm), the revealed equipment or the wound; examples A2,
A3, A5, A19, A22.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from dg_builder import Hero, coins_total, hero, ids, kinds, pick, play, position
from dragonwidgets.engine import IllegalActionError
from dragonwidgets.engine.chance import keyed_shuffle
from dragonwidgets.games.draghan.state import GOLD, SHARE


def troll():
    return pick("D18", req="SSK", gold=3, theft=False)


def goblin():
    return pick("D01", req="S", gold=1, theft=False)


def merchant():
    return pick("D08", req="CC", gold=2, theft=False)


def knight():
    return pick("CH4", healthy="SSC")


def ranger():
    return pick("CH6", healthy="SKK")


def dwarf():
    return pick("CH2", healthy="SSK")


def bard():
    return pick("CH5", healthy="CCK")


def fight(heroes, encounters, **kw):
    return position(heroes, tops={"location_draghan": [pick("L07", ability="heal")],
                                  "encounter_draghan": list(encounters)}, **kw)


def outcomes(events) -> dict[str, bool]:
    return {e.data["monster"]: e.data["defeated"] for e in events if e.kind == "tested" and e.data}


def test_DG_RESULT_1_every_monster_is_tested():
    """DG-RESULT-1, DG-FIGHT-7: every monster on the table is tested once, faced or not."""
    g = fight(["CH1", "CH2", "CH3"], [goblin(), merchant(), troll()])
    ev = play(g, f"face {goblin()}", "face none", "face none")
    assert outcomes(ev) == {goblin(): True, merchant(): False, troll(): False}


def test_DG_RESULT_2_example_A2_a_remainder_is_given_by_the_active_player():
    """DG-RESULT-2, DG-INT-4, example A2: Knight (active) and Ranger defeat the Troll (SSK, 3 gold): 1 coin each
    and the odd coin goes to the participant the active player names (Knight 2, Ranger 1); supply 25; the Troll
    is discarded."""
    g = fight([knight(), ranger()], [troll(), "D41"])
    play(g, f"face {troll()}", f"face {troll()}")
    assert g.state.phase == GOLD and g.current_player == 0
    assert ids(g) == [f"extra {troll()} 0", f"extra {troll()} 1"]
    assert (hero(g, 0).coins, hero(g, 1).coins, g.state.supply) == (1, 1, 26)
    play(g, f"extra {troll()} 0")
    assert (hero(g, 0).coins, hero(g, 1).coins, g.state.supply) == (2, 1, 25) and troll() in g.state.discard


def test_DG_INT_4_several_odd_coins_go_to_distinct_participants():
    """DG-INT-4: the Merchant's 2 coins among 3 characters: 0 each, and the 2 odd coins go to 2 different
    participants (3 choices); one seat twice is refused."""
    g = fight([bard(), "CH1", "CH3"], [merchant(), "D41", "D42"])
    play(g, *[f"face {merchant()}"] * 3)
    assert ids(g) == [f"extra {merchant()} 0+1", f"extra {merchant()} 0+2", f"extra {merchant()} 1+2"]
    with pytest.raises(IllegalActionError, match="DG-INT-4"):
        g.apply(f"extra {merchant()} 1+1")
    play(g, f"extra {merchant()} 1+2")
    assert [h.coins for h in g.state.heroes] == [0, 1, 1]


def test_DG_INT_5_example_A3_a_participant_whose_icons_were_not_needed_still_shares():
    """DG-INT-5, DG-RESULT-2, example A3: Knight and Bard both face the Goblin (S, 1 coin): the Knight's S does
    it, yet the Bard shares: 0 each and the active player gives the coin to either of them; a seat that did
    not take part is refused."""
    g = fight([knight(), bard(), "CH3"], [goblin(), "D41", "D42"])
    play(g, f"face {goblin()}", f"face {goblin()}", "face none")
    assert ids(g) == [f"extra {goblin()} 0", f"extra {goblin()} 1"]
    with pytest.raises(IllegalActionError, match="DG-INT-5"):
        g.apply(f"extra {goblin()} 2")
    play(g, f"extra {goblin()} 1")
    assert [h.coins for h in g.state.heroes] == [0, 1, 0]


def test_DG_RESULT_2_a_lone_victor_takes_all_and_no_decision_is_asked():
    """DG-RESULT-2: a monster defeated by one character pays it all, with no gold decision."""
    g = fight([dwarf(), "CH3"], [troll(), "D41"])
    play(g, f"face {troll()}", "face none")
    assert hero(g, 0).coins == 3 and g.state.phase != GOLD and g.state.supply == 25


@pytest.mark.parametrize("unlimited", [False, True])
def test_DG_INT_24_example_A19_a_short_supply(unlimited):
    """DG-INT-24, example A19: with 1 coin left in the supply the Dwarf alone defeats the Troll (3 gold) and
    gets 1 coin, the supply is 0; with ``unlimited_coins`` he gets 3."""
    g = fight([dwarf(), Hero("CH3", coins=27)], [troll(), "D41"], supply=1, unlimited_coins=unlimited)
    play(g, f"face {troll()}", "face none")
    assert hero(g, 0).coins == (3 if unlimited else 1)
    assert g.state.supply == (1 if unlimited else 0)
    if not unlimited:
        assert coins_total(g) == 28


def test_DG_INT_24_odd_coins_owed_are_kept_back_from_a_short_supply():
    """DG-INT-24, DG-INT-4: with 3 coins in the supply, Knight + Dwarf share the Troll (3: 1 each and an odd
    coin owed) and the Elf defeats the Wild Boar: the boar finds the supply empty, the odd coin is still paid,
    and the supply never goes below 0 (28 coins in all)."""
    boar = pick("D03", req="S", gold=1, theft=False)
    g = fight([knight(), dwarf(), Hero("CH1", coins=25)], [troll(), boar, "D41"], supply=3)
    play(g, f"face {troll()}", f"face {troll()}", f"face {boar}")
    assert g.state.supply == 1 and hero(g, 2).coins == 25
    play(g, f"extra {troll()} 1")
    assert [h.coins for h in g.state.heroes] == [1, 2, 25] and g.state.supply == 0 and coins_total(g) == 28


def test_DG_RESULT_3_DG_RESULT_4_fates_in_draghan():
    """DG-RESULT-3, DG-RESULT-4, DG-INT-32: in Draghan a defeated monster and an undefeated monster without
    the flee icon go to the discard pile; an undefeated flee monster goes into the Shadow deck."""
    flee = pick("D24", flee=True, theft=False, req="S")
    g = fight([knight(), "CH3", "CH5"], [goblin(), merchant(), flee])
    play(g, f"face {goblin()}", "face none", "face none")
    assert {goblin(), merchant()} <= set(g.state.discard) and flee not in g.state.discard
    assert flee in g.state.decks["encounter_shadow"] and g.state.fled == 1


def test_DG_RESULT_4_DG_INT_21_example_A5_a_monster_flees_and_the_active_character_is_wounded():
    """DG-RESULT-4, DG-INT-21, DG-RESULT-8, example A5: three characters all face the Peddler; the Giant Bat
    (flee) is shuffled into the Shadow deck, which then holds 14 cards; the Peddler's coin goes to one of the
    three; not all monsters fell, so the healthy active character is wounded and the Scroll is discarded."""
    bat = pick("D23", flee=True, req="S", theft=False)
    peddler = pick("D04", req="C", gold=1, theft=False)
    scroll = pick("D42", kind="equipment")
    g = fight(["CH3", "CH5", "CH1"], [bat, peddler, scroll])
    play(g, *[f"face {peddler}"] * 3)
    assert ids(g) == [f"extra {peddler} {s}" for s in (0, 1, 2)]
    ev = play(g, f"extra {peddler} 2")
    assert [h.coins for h in g.state.heroes] == [0, 0, 1]
    deck = g.state.decks["encounter_shadow"]
    assert len(deck) == 14 and bat in deck and "fled" in kinds(ev)
    assert hero(g, 0).wounded and scroll in g.state.discard and peddler in g.state.discard


def test_DG_INT_21_the_flee_shuffle_depends_on_the_seed():
    """DG-INT-21: the fled monster is shuffled into the set-aside Shadow deck: where it lands varies."""
    bat = pick("D23", flee=True, req="S", theft=False)
    spots = set()
    for seed in range(8):
        g = fight([Hero("CH3", equipment=["M01"]), "CH5"], [bat, "D41"], seed=seed)
        play(g, "face none", "face none")
        spots.add(g.state.decks["encounter_shadow"].index(bat))
    assert len(spots) > 2


def test_DG_RESULT_4_DG_INT_21_the_flee_shuffle_is_keyed_by_the_deck_and_the_step():
    """DG-RESULT-4, DG-INT-21: the Shadow deck after a monster flees is the deck with the monster added,
    shuffled by the key of that deck and the chance step (:func:`keyed_shuffle` of the first 16 bytes of the
    SHA-256 of their JSON; version 3, issue 27 item 10: not the seed); nothing else draws there."""
    bat = pick("D23", flee=True, req="S", theft=False)
    g = fight([Hero("CH3", equipment=["M01"]), "CH5"], [bat, "D41"], seed=12)
    play(g, "face none")
    before = g.state.decks["encounter_shadow"] + [bat]
    text = json.dumps([g.position()["chance_step"], before], separators=(",", ":"))
    key = int.from_bytes(hashlib.sha256(text.encode()).digest()[:16], "little")
    play(g, "face none")
    keyed_shuffle(before, key)
    assert g.state.decks["encounter_shadow"] == before and g.state.fled == 1


def test_DG_RESULT_5_example_A22_undefeated_monsters_return_to_the_shadow_deck():
    """DG-RESULT-5, DG-SHADOW-4, example A22: the Shadow deck holds 8 cards; 3 characters reveal Bone Giant,
    Void Serpent and Sage's Crown (5 left); the Serpent falls and goes to the discard pile, the Bone Giant goes
    back into the deck, now 6 cards and shuffled; the active character is wounded; the Crown is discarded."""
    giant, serpent, crown = pick("S03", req="SSSC"), pick("S07", req="SKK"), pick("S13", kind="equipment")
    rest = [c for c in ("S01", "S02", "S04", "S05", "S06") if c not in (giant, serpent, crown)][:5]
    g = position([Hero("CH1", equipment=["M01"]), Hero(ranger()), Hero("CH3")], realm="shadow",
                 tops={"location_shadow": [pick("V01", ability="heal")]},
                 decks={"encounter_shadow": [giant, serpent, crown] + rest})
    assert len(g.state.decks["encounter_shadow"]) == 5
    play(g, "face none", f"face {serpent}", "face none")
    deck = g.state.decks["encounter_shadow"]
    assert serpent in g.state.discard and giant in deck and len(deck) == 6 and crown in g.state.discard
    assert hero(g, 0).wounded and g.state.phase == SHARE


def test_DG_RESULT_6_used_equipment_is_discarded_after_the_fight():
    """DG-RESULT-6, DG-FIGHT-8: the cards committed are discarded in phase 4, after the test, win or lose."""
    lute = pick("M02", icons="C")
    g = fight([Hero(bard(), equipment=[lute]), "CH3"], [merchant(), "D41"])
    play(g, f"face {merchant()}", f"use {lute}", "face none")
    assert lute in g.state.discard and lute not in hero(g, 0).equipment


def test_DG_RESULT_7_all_defeated_the_active_player_takes_all_revealed_equipment():
    """DG-RESULT-7, DG-ROUND-2: when every monster falls the active player takes ALL equipment revealed this
    round, even when another character did the fighting."""
    g = fight(["CH3", knight(), "CH5"], [goblin(), "D41", "D46"])
    play(g, "face none", f"face {goblin()}", "face none")
    assert hero(g, 0).equipment == ["D41", "D46"] and hero(g, 1).equipment == [] and hero(g, 1).coins == 1
    assert not any(h.wounded for h in g.state.heroes)


def test_DG_RESULT_8_not_all_defeated_wound_and_revealed_equipment_discarded():
    """DG-RESULT-8, DG-WOUND-2: when a monster stands the active character is wounded (not the one who fought)
    and the revealed equipment goes to the discard pile."""
    g = fight(["CH3", knight(), "CH5"], [goblin(), merchant(), "D41"], active=1)
    play(g, "face none", f"face {merchant()}", "face none")  # declarations from the active seat 1: 1, 2, 0
    assert hero(g, 1).wounded and not hero(g, 2).wounded and not hero(g, 0).wounded
    assert "D41" in g.state.discard and hero(g, 2).coins == 2


def test_DG_RESULT_9_order_test_gold_fates_outcome_then_market():
    """DG-RESULT-9: within phase 4 the monsters are tested, then gold is paid (the gold decision comes while the
    monsters are still on the table and before the revealed equipment is handed out), then the fates, then
    the revealed equipment or the wound, then the market purchases."""
    flee = pick("D23", flee=True, req="S", theft=False)
    g = position([knight(), ranger()], tops={"location_draghan": [pick("L01", ability="market")],
                                             "encounter_draghan": [troll(), flee],
                                             "market": ["M01", "M02", "M03", "M09"]})
    ev = play(g, f"face {troll()}", f"face {troll()}")
    assert g.state.phase == GOLD and g.state.table == [troll(), flee] and not hero(g, 0).wounded
    ev += play(g, f"extra {troll()} 1")
    assert g.state.phase == "buy"
    order = [k for k in kinds(ev) if k in ("tested", "gold", "gold_extra", "fled", "wounded", "bought")]
    assert order == ["tested", "tested", "gold", "gold_extra", "fled", "wounded"]
    assert hero(g, 0).wounded and ids(g)[0] == "buy M01"
