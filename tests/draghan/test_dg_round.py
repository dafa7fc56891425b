"""The round of Draghan: the eight phases in order (DG-ROUND), healing (DG-HEAL), the location and its
ability (DG-LOC, with the theft's random pick as the chance node ``lose {card}``), the end of the round
and the map passing on (DG-PASS); examples A4 and A20.
"""

from __future__ import annotations

import pytest

from dg_builder import Hero, hero, ids, kinds, obs, pick, place, play, position
from dragonwidgets.engine import CHANCE
from dragonwidgets.games.draghan.state import ASSIST, DECLARE_TARGET, HEAL_1, HEAL_2, PORTAL, SHARE, THEFT


def potion() -> str:
    return pick("M07", heal=True, icons="")


def test_DG_ROUND_1_the_eight_phases_in_order():
    """DG-ROUND-1, DG-RESULT-9, DG-MARKET-1: one round walks through healing, the location, the reveal and
    the fight, the result with gold and the market purchases, sharing, healing again, the equipment check,
    and the end of the round (the map passes on, round 2 begins)."""
    goblin, old_map = pick("D01", req="S", gold=1, theft=False), pick("D41", kind="equipment", slot="hand")
    market = pick("L01", ability="market")
    g = position([Hero("CH6", wounded=True, equipment=[potion()]), Hero("CH4", coins=3)],
                 tops={"location_draghan": [market], "encounter_draghan": [goblin, old_map],
                       "market": ["M02", "M09", "M10", "M17"]})
    decisions = [g.state.phase]
    assert ids(g) == [f"heal {potion()}", "pass"]
    ev = play(g, "pass")
    decisions.append(g.state.phase)
    ev += play(g, "face none")
    decisions.append(g.state.phase)
    ev += play(g, f"face {goblin}")  # the Knight (no equipment) faces the Goblin
    decisions.append(g.state.phase)
    assert ids(g) == ["buy M02", "buy M09", "buy M10", "buy M17", "pass"] and g.current_player == 1
    ev += play(g, "buy M09", "pass")
    decisions.append(g.state.phase)
    ev += play(g, f"give {old_map} 1")
    decisions.append(g.state.phase)
    ev += play(g, f"heal {potion()}")
    assert decisions == [HEAL_1, DECLARE_TARGET, DECLARE_TARGET, "buy", SHARE, HEAL_2]
    order = [k for k in kinds(ev) if k in ("location", "market", "revealed", "declared", "tested", "gold",
                                             "equipment_won", "bought", "market_closed", "given", "healed")]
    assert order[:order.index("location", 1)] == ["location", "market", "revealed", "revealed", "declared", "declared", "tested", "gold",
                     "equipment_won", "bought", "market_closed", "given", "healed"]
    assert g.state.round == 2 and g.state.active == 1 and not hero(g, 0).wounded


def test_DG_ROUND_2_only_the_active_character_heals_pays_is_wounded_receives_and_shares():
    """DG-ROUND-2, DG-WOUND-2: the active Ranger alone heals, pays the theft, is wounded, and could share;
    the wounded Bard with a healing card of his own is never asked; both characters fight."""
    thief_place, orc = pick("L13", ability="theft"), pick("D10", req="SS", theft=False)
    g = position([Hero("CH6", wounded=False, coins=2), Hero("CH5", wounded=True, coins=2, equipment=[potion()])],
                 tops={"location_draghan": [thief_place], "encounter_draghan": [orc, "D41"]})
    assert (hero(g, 0).coins, hero(g, 1).coins) == (1, 2)  # the theft took the active Ranger's coin
    assert g.current_player == 0 and ids(g) == [f"face {orc}", "face none"]
    play(g, f"face {orc}")
    assert g.current_player == 1  # every character in play may fight
    play(g, f"face {orc}")  # S + (wounded Bard: C): the Orc Brute stands
    assert hero(g, 0).wounded and hero(g, 1).wounded and hero(g, 1).equipment == [potion()]
    assert g.state.round == 2 and g.state.active == 1 and "D41" in g.state.discard


def test_DG_ROUND_3_a_round_is_played_in_the_realm_where_it_starts():
    """DG-ROUND-3, DG-PORTAL-3: a round that chooses travel still reveals from the Draghan deck; the next
    round is a Shadow round with Shadow cards."""
    portal = pick("L04", ability="portal")
    g = position(["CH1", "CH2"], tops={"location_draghan": [portal], "encounter_draghan": ["D41", "D42"],
                                       "location_shadow": [place("heal", "shadow")], "encounter_shadow": ["S11", "S12"]})
    play(g, "travel")
    assert g.state.realm == "draghan" and g.state.travel_pending and hero(g, 0).equipment == ["D41", "D42"]
    play(g, "skip")
    assert g.state.round == 2 and g.state.realm == "shadow" and g.state.location == place("heal", "shadow")
    assert {"D41", "D42"} <= set(hero(g, 0).equipment) and {"S11", "S12"} <= set(hero(g, 1).equipment)


# ---------------------------------------------------------------------- healing (phases 1 and 6)


def test_DG_HEAL_1_example_A20_a_card_heals_the_active_character_only():
    """DG-HEAL-1, DG-HEAL-2, DG-INT-25, example A20: the active Ranger is wounded and plays the Healing
    Potion in phase 1: he turns healthy and the Potion goes to the discard pile; the wounded Bard stays
    wounded; no second card is asked for."""
    g = position([Hero("CH6", wounded=True, equipment=[potion(), "M08"]), Hero("CH5", wounded=True)],
                 tops={"location_draghan": [pick("L11", ability="threat")], "encounter_draghan": ["D01", "D02", "D03"]})
    assert g.state.phase == HEAL_1 and g.current_player == 0
    assert ids(g) == [f"heal {potion()}", "heal M08", "pass"]
    assert all("DG-HEAL-1" in a.rules for a in g.legal_actions()[:2])
    ev = play(g, f"heal {potion()}")
    assert "healed" in kinds(ev) and not hero(g, 0).wounded and hero(g, 1).wounded
    assert potion() in g.state.discard and hero(g, 0).equipment == ["M08"]
    assert g.state.phase == DECLARE_TARGET


def test_DG_HEAL_4_DG_LOC_2_example_A20_variant_the_healer_heals_everyone():
    """DG-HEAL-4, DG-LOC-2, example A20 variant: Village Healer heals every wounded character without a card;
    the Potion played in phase 1 was wasted, but legal."""
    healer = pick("L07", ability="heal")
    g = position([Hero("CH6", wounded=True, equipment=[potion()]), Hero("CH5", wounded=True)],
                 tops={"location_draghan": [healer], "encounter_draghan": ["D41", "D42"]})
    play(g, f"heal {potion()}")
    assert not hero(g, 0).wounded and not hero(g, 1).wounded and potion() in g.state.discard


def test_DG_INT_25_a_healing_location_heals_in_the_shadow_realm_too():
    """DG-INT-25, DG-LOC-2: a Shadow healing location heals every wounded character as well."""
    g = position([Hero("CH1", wounded=True), Hero("CH2", wounded=True), Hero("CH3")], realm="shadow",
                 tops={"location_shadow": [pick("V01", ability="heal")], "encounter_shadow": ["S11", "S12", "S13"]})
    assert not any(h.wounded for h in g.state.heroes)


def test_DG_HEAL_2_healing_is_optional_and_only_while_wounded():
    """DG-HEAL-2: a healthy active character holding a healing card is not asked (phase 1 is skipped); a
    wounded one without a healing card neither; a wounded one may pass and keep the card."""
    tops = {"location_draghan": [pick("L11", ability="threat")], "encounter_draghan": ["D01", "D02", "D03"]}
    g = position([Hero("CH6", equipment=[potion()]), "CH5"], tops=tops)
    assert g.state.phase == DECLARE_TARGET and hero(g, 0).equipment == [potion()]
    g = position([Hero("CH6", wounded=True, equipment=["M01"]), "CH5"], tops=tops)
    assert g.state.phase == DECLARE_TARGET and hero(g, 0).wounded
    g = position([Hero("CH6", wounded=True, equipment=[potion()]), Hero("CH5", wounded=True, equipment=["M08"])],
                 tops=tops)
    assert g.state.phase == HEAL_1 and ids(g) == [f"heal {potion()}", "pass"]
    play(g, "pass")
    assert g.state.phase == DECLARE_TARGET and hero(g, 0).wounded and hero(g, 0).equipment == [potion()]


def test_DG_HEAL_3_phase_6_with_a_card_just_taken():
    """DG-HEAL-3: phase 6 repeats phase 1, and the healing card may be one just taken from the encounters
    (Healing Herbs revealed in a round without monsters)."""
    herbs = pick("D44", heal=True, icons="")
    g = position([Hero("CH6", wounded=True), "CH5"],
                 tops={"location_draghan": [pick("L11", ability="threat")], "encounter_draghan": [herbs, "D41", "D42"]})
    assert g.state.phase == SHARE and herbs in hero(g, 0).equipment
    play(g, "skip")
    assert g.state.phase == HEAL_2 and ids(g) == [f"heal {herbs}", "pass"]
    assert "DG-HEAL-3" in g.legal_actions()[0].rules
    play(g, f"heal {herbs}")
    assert not hero(g, 0).wounded and herbs in g.state.discard


def test_DG_HEAL_3_phase_6_with_a_card_just_bought():
    """DG-HEAL-3, DG-MARKET-1: a healing card bought after phase 4 can heal its wounded active buyer in phase 6."""
    g = position([Hero("CH6", wounded=True, coins=2), "CH5"],
                 tops={"location_draghan": [pick("L01", ability="market")], "encounter_draghan": ["D41", "D42"],
                       "market": [potion(), "M01", "M02", "M03"]})
    play(g, f"buy {potion()}", "skip")
    assert g.state.phase == HEAL_2
    play(g, f"heal {potion()}")
    assert not hero(g, 0).wounded


# ---------------------------------------------------------------------- the location (phase 2)


def test_DG_LOC_1_the_top_location_of_the_realm_and_its_ability_first():
    """DG-LOC-1, DG-EXPLORE-4: the active player turns up the top card of the current realm's location deck;
    its ability (here a theft) is resolved before any encounter card is revealed."""
    thief_place = pick("L13", ability="theft")
    g = position([Hero("CH1", coins=1), "CH2"],
                 tops={"location_draghan": [thief_place, "L07"], "encounter_draghan": ["D01", "D41"]})
    assert g.state.location == thief_place and g.state.decks["location_draghan"][0] == "L07"
    assert obs(g)["location"] == thief_place and g.state.supply == 28 and hero(g, 0).coins == 0
    assert kinds(g.built_events) == ["location", "theft", "revealed", "revealed"]
    g = position(["CH1", "CH2"], realm="shadow", tops={"location_shadow": ["V04"]})
    assert g.state.location == "V04" and len(g.state.decks["location_shadow"]) == 5


def test_DG_LOC_3_the_assist_location_counts_for_one_monster_this_round_only():
    """DG-LOC-3, DG-LOC-8, DG-INT-6: Watchtower (assist SS) adds SS to the one monster the active player
    assigns it to, owned by no one and not discarded; the next round has no assist."""
    tower = pick("L09", ability="assist", icons="SS")
    orc, goblin = pick("D10", req="SS", theft=False), pick("D01", req="S", theft=False)
    g = position(["CH5", "CH3"], tops={"location_draghan": [tower, place("threat")], "encounter_draghan": [orc, goblin]})
    assert obs(g)["assist"] == "SS"
    play(g, f"face {orc}", f"face {orc}")
    assert g.state.phase == ASSIST and ids(g) == [f"assist {orc}", "assist none"] and g.current_player == 0
    play(g, f"assist {orc}")
    assert orc in g.state.discard and tower in g.state.visited and tower not in g.state.discard
    assert all(tower not in h.equipment for h in g.state.heroes)
    assert g.state.round == 2 and obs(g)["assist"] == "" and obs(g)["threat"] == 1


def test_DG_LOC_4_threat_reveals_one_more_card():
    """DG-LOC-4, DG-EXPLORE-1: at a threat location 2 characters reveal 3 cards; the next round 2 again."""
    threat = pick("L11", ability="threat")
    g = position(["CH1", "CH2"], tops={"location_draghan": [threat, place("heal")],
                                       "encounter_draghan": ["D41", "D46", "D50", "D37", "D38", "D39"]})
    assert obs(g)["threat"] == 1 and hero(g, 0).equipment == ["D41", "D46", "D50"]
    play(g, "skip")
    assert g.state.round == 2 and hero(g, 1).equipment == ["D37", "D38"] and obs(g)["threat"] == 0


def test_DG_LOC_5_theft_takes_a_coin_first():
    """DG-LOC-5, DG-INT-14: the thieves take 1 coin of the active character, back to the supply; other
    characters and the equipment are untouched."""
    g = position([Hero("CH1", coins=2, equipment=["M02"]), Hero("CH2", coins=3)], supply=23,
                 tops={"location_draghan": [pick("L13", ability="theft")], "encounter_draghan": ["D01", "D02"]})
    assert (hero(g, 0).coins, hero(g, 1).coins, g.state.supply) == (1, 3, 24)
    assert hero(g, 0).equipment == ["M02"]


def test_DG_LOC_5_no_coin_a_random_card_is_a_chance_node():
    """DG-LOC-5, DG-INT-14: with no coin, a uniformly random equipment card of the active character is
    discarded: a chance node whose outcomes ``lose {card}`` have probability 1/n each; the pick is applied
    and the round goes on to the reveal."""
    g = position([Hero("CH1", equipment=["M02", "M10", "D41"]), Hero("CH2", equipment=["M01"])],
                 tops={"location_draghan": [pick("L13", ability="theft")], "encounter_draghan": ["D42", "D43"]})
    assert g.state.phase == THEFT and g.current_player == CHANCE and g.is_chance_node
    acts = g.legal_actions()
    assert [a.id for a in acts] == ["lose M02", "lose M10", "lose D41"]
    assert all(a.prob == pytest.approx(1 / 3) and a.kind == "theft_pick" and "DG-LOC-5" in a.rules for a in acts)
    play(g, "lose M10")
    assert "M10" in g.state.discard and hero(g, 1).equipment == ["M01"]
    assert g.state.phase == SHARE and hero(g, 0).equipment == ["M02", "D41", "D42", "D43"]  # the round went on


def test_DG_LOC_5_one_card_is_taken_without_a_draw_and_nothing_without_any():
    """DG-LOC-5: a single card is taken with no chance node; with neither coin nor card nothing is lost."""
    thief = pick("L13", ability="theft")
    tops = {"location_draghan": [thief], "encounter_draghan": ["D01", "D02"]}
    g = position([Hero("CH1", equipment=["M02"]), "CH2"], tops=tops)
    assert g.state.phase == DECLARE_TARGET and "M02" in g.state.discard and hero(g, 0).equipment == []
    g = position(["CH1", "CH2"], tops=tops)
    assert g.state.phase == DECLARE_TARGET and g.state.supply == 28 and "nothing" in g.built_events[1].text


def test_DG_LOC_5_auto_chance_draws_the_card_from_the_seed():
    """DG-LOC-5: with chance="auto" the engine draws the card itself; the game is never left at the node."""
    g = position([Hero("CH1", equipment=["M02", "M10"]), "CH2"], chance="auto",
                 tops={"location_draghan": [pick("L13", ability="theft")], "encounter_draghan": ["D41", "D42"]})
    assert not g.is_chance_node and len(hero(g, 0).equipment) == 1 + 2
    assert ({"M02", "M10"} - set(hero(g, 0).equipment)) <= set(g.state.discard)


@pytest.mark.parametrize("coins,cards,first,expected", [
    (0, ["M02", "M10"], "chance", "both cards"),
    (1, ["M02", "M10"], "coin", "coin then a card"),
    (0, [], "nothing", "nothing"),
])
def test_DG_EXPLORE_4_example_A4_theft_monsters(coins, cards, first, expected):
    """DG-EXPLORE-4, DG-INT-14, example A4: the active Elf meets Bandit and Highwayman (both theft) before any
    placement: with 0 coins and [Lute, Plumed Hat] the first theft is a 1/2 chance pick and the second takes
    the other card; with 1 coin the first takes the coin and the second a random card; with nothing,
    nothing happens."""
    bandit, highwayman = pick("D11", theft=True), pick("D12", theft=True)
    g = position([Hero("CH1", coins=coins, equipment=cards), "CH3"],
                 tops={"location_draghan": [pick("L07", ability="heal")], "encounter_draghan": [bandit, highwayman]})
    if expected == "both cards":
        assert g.is_chance_node and [a.prob for a in g.legal_actions()] == [0.5, 0.5]
        play(g, "lose M10")
        assert g.state.phase == DECLARE_TARGET and hero(g, 0).equipment == [] and g.state.discard[-2:] == ["M10", "M02"]
    elif expected == "coin then a card":
        assert g.is_chance_node and hero(g, 0).coins == 0 and g.state.supply == 28
        play(g, "lose M02")
        assert hero(g, 0).equipment == ["M10"] and g.state.phase == DECLARE_TARGET
    else:
        assert g.state.phase == DECLARE_TARGET and g.state.supply == 28
    assert g.state.table == [bandit, highwayman]


def test_DG_INT_14_theft_in_the_shadow_realm_too():
    """DG-INT-14, DG-PORTAL-7: coins can no longer buy in the Shadow Realm but the thieves still take them."""
    g = position([Hero("CH1", coins=3), "CH2"], realm="shadow", supply=25,
                 tops={"location_shadow": [pick("V06", ability="theft")], "encounter_shadow": ["S11", "S12"]})
    assert hero(g, 0).coins == 2 and g.state.supply == 26


def test_DG_LOC_6_the_market_lays_out_the_top_4_market_cards():
    """DG-LOC-6: a market location lays the top 4 market cards face up, in deck order; they are offered only
    after phase 4 of this round (DG-MARKET-1)."""
    g = position([Hero("CH1", coins=5), "CH2"],
                 tops={"location_draghan": [pick("L01", ability="market")], "encounter_draghan": ["D01", "D41"],
                       "market": ["M05", "M02", "M11", "M16", "M01"]})
    assert obs(g)["market_display"] == ["M05", "M02", "M11", "M16"] and g.state.decks["market"][0] == "M01"
    assert g.state.phase == DECLARE_TARGET and not any(i.startswith("buy") for i in ids(g))


def test_DG_LOC_7_DG_LOC_8_a_portal_asks_and_stays_face_up():
    """DG-LOC-7, DG-LOC-8, DG-INT-33: a portal leads to the portal choice; stayed at, it remains face up among
    the portals; other visited locations go to the ``visited`` list and have no further effect."""
    portal, healer = pick("L04", ability="portal"), pick("L07", ability="heal")
    g = position(["CH1", "CH2"], at="end", location=healer, tops={"location_draghan": [portal]})
    assert g.state.round == 2 and g.state.phase == PORTAL and ids(g) == ["travel", "stay"]
    play(g, "stay")
    o = obs(g)
    assert o["portals_up"] == [portal] and o["visited"] == [healer] and healer not in g.state.discard


# ---------------------------------------------------------------------- the end of the round


def test_DG_PASS_1_travel_happens_in_phase_8():
    """DG-PASS-1, DG-PORTAL-3: with travel pending the switch happens at the end of the round, before the map
    passes: the next round turns up a Shadow location."""
    g = position(["CH1", "CH2"], at="end", travel_pending=True, location=pick("L04", ability="portal"),
                 tops={"location_shadow": ["V04"]})
    assert g.state.realm == "shadow" and g.state.location == "V04" and not g.state.travel_pending
    assert g.state.active == 1 and g.state.round == 2


def test_DG_PASS_2_the_map_passes_to_the_left():
    """DG-PASS-2, DG-INT-31: the active player passes the map card to the next seat; after the last seat
    comes seat 0 again."""
    for active, nxt in ((0, 1), (1, 2), (3, 0)):
        g = position(["CH1", "CH2", "CH3", "CH4"], active=active, at="end")
        assert g.state.active == nxt and obs(g, 2)["active_player"] == nxt
