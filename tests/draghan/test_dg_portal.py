"""Portals and the journey to the Shadow Realm (DG-PORTAL-1..7, DG-INT-19, DG-INT-20, the option
``portal_decision_time``), examples A8 and A9, and what differs in the Shadow Realm (DG-SHADOW-1..5).
"""

from __future__ import annotations

import pytest

from dg_builder import Hero, hero, ids, obs, pick, place, play, position
from dragonwidgets.engine import IllegalActionError
from dragonwidgets.games.draghan.state import DECLARE_TARGET, PORTAL, SHARE


def portals() -> list[str]:
    return [pick(p, ability="portal") for p in ("L04", "L05", "L06")]


def shadow_team(**kw):
    """Three characters in the Shadow Realm with explicit location and encounter tops."""
    return position(["CH1", "CH2", "CH3"], realm="shadow", **kw)


def test_DG_PORTAL_1_DG_INT_19_the_first_portal_asks_at_once():
    """DG-PORTAL-1, DG-INT-19: when the first portal is turned up the active player chooses for the team at
    once, in phase 2, before any encounter card is revealed: ``travel`` or ``stay``."""
    first = portals()[0]
    g = position(["CH1", "CH2"], active=1, tops={"location_draghan": [first], "encounter_draghan": ["D01", "D02"]})
    assert g.state.phase == PORTAL and g.current_player == 1 and ids(g) == ["travel", "stay"]
    assert g.state.table == [] and g.state.decks["encounter_draghan"][:2] == ["D01", "D02"]
    assert "DG-PORTAL-1" in g.legal_actions()[0].rules and "DG-PORTAL-2" in g.legal_actions()[1].rules
    play(g, "stay")
    assert g.state.phase == DECLARE_TARGET and g.state.table == ["D01", "D02"]


def test_DG_PORTAL_1_the_second_portal_asks_too():
    """DG-PORTAL-1: the second portal offers the same choice."""
    p1, p2, _ = portals()
    g = position(["CH1", "CH2"], portals_up=[p1], round=6, tops={"location_draghan": [p2]})
    assert g.state.phase == PORTAL and ids(g) == ["travel", "stay"]


def test_DG_PORTAL_2_staying_lays_the_portal_face_up():
    """DG-PORTAL-2: staying in Draghan lays the portal face up on the table; the next round is a Draghan round."""
    p1 = portals()[0]
    g = position(["CH1", "CH2"], tops={"location_draghan": [p1, place("heal")],
                                       "encounter_draghan": ["D41", "D42", "D01", "D02"]})
    play(g, "stay", "skip")
    assert obs(g)["portals_up"] == [p1] and g.state.realm == "draghan" and not g.state.travel_pending
    assert g.state.round == 2 and g.state.location == place("heal") and g.state.table == ["D01", "D02"]


def test_DG_PORTAL_3_example_A9_travel_at_the_first_portal():
    """DG-PORTAL-3, DG-PORTAL-5, example A9: round 3 turns up the first portal and the team travels: round 3 is
    completed in Draghan with Draghan encounters; round 4 turns up a Shadow location. The choice binds:
    nothing in the rest of the round offers to stay."""
    p1 = portals()[0]
    goblin = pick("D01", req="S", theft=False)
    g = position(["CH4", "CH3"], round=3, tops={"location_draghan": [p1], "encounter_draghan": [goblin, "D41"],
                                                 "location_shadow": [place("threat", "shadow")],
                                                 "encounter_shadow": ["S02", "S03", "S04"]})
    play(g, "travel")
    assert g.state.travel_pending and g.state.table == [goblin] and g.state.revealed_equipment == ["D41"]
    seen = []
    while g.state.round == 3:
        seen += ids(g)
        play(g, {DECLARE_TARGET: f"face {goblin}" if g.current_player == 0 else "face none"}.get(g.state.phase, "skip"))
    assert "stay" not in seen and "travel" not in seen
    assert g.state.realm == "shadow" and g.state.location == place("threat", "shadow") and g.state.round == 4
    assert g.state.table == ["S02", "S03", "S04"]  # 2 characters + threat: Shadow encounters


def test_DG_PORTAL_4_DG_INT_20_what_travel_removes_and_keeps():
    """DG-PORTAL-4, DG-INT-20, DG-PASS-1: on travel the Draghan location deck, the face-up portals and the
    Draghan encounter deck leave the game; characters keep their wounds, equipment and coins; monsters that
    fled before are in the Shadow deck; the market deck stays but is never used again."""
    p1, p2, _ = portals()
    flee = pick("D23", flee=True, theft=False)
    g = position([Hero("CH1", wounded=True, coins=3, equipment=["M02"]), Hero("CH2", coins=1)], at="end",
                 location=p2, portals_up=[p1, p2], travel_pending=True,
                 tops={"encounter_shadow": [flee], "location_shadow": ["V04"]})
    s = g.state
    assert s.realm == "shadow" and s.decks["location_draghan"] == [] and s.decks["encounter_draghan"] == []
    assert s.portals_up == [] and {p1, p2} <= set(s.removed) and len(s.removed) == 13 - 2 + 53 + 2 - 1
    assert hero(g, 0).wounded and hero(g, 0).coins == 3 and hero(g, 0).equipment == ["M02"] and hero(g, 1).coins == 1
    assert len(s.decks["market"]) == 18 - 1 and flee in s.table + s.decks["encounter_shadow"]


def test_DG_PORTAL_5_DG_INT_28_no_way_back():
    """DG-PORTAL-5, DG-INT-28: the Shadow Realm has no portal: no Shadow location offers travel, and
    ``travel`` / ``stay`` are refused there."""
    g = shadow_team(tops={"location_shadow": ["V04"], "encounter_shadow": ["S02", "S03", "S04", "S05"]})
    assert g.decks.card("V04").ability != "portal"
    assert all(g.decks.card(v).ability in ("heal", "assist", "threat", "theft") for v in g.decks.location_shadow)
    with pytest.raises(IllegalActionError, match="DG-PORTAL-5"):
        g.apply("travel")


def test_DG_PORTAL_6_example_A8_the_third_portal_forces_travel():
    """DG-PORTAL-6, DG-PORTAL-3, DG-PORTAL-4, example A8: two portals are face up and round 11 turns up the
    third: no choice, ``travel_pending`` is set, phase 3 reveals from the Draghan deck, and in phase 8 the
    realm becomes Shadow with the Draghan decks and portals removed; round 12 turns up a Shadow location."""
    p1, p2, p3 = portals()
    g = position(["CH1", "CH2"], round=11, portals_up=[p1, p2],
                 tops={"location_draghan": [p3], "encounter_draghan": ["D41", "D42"], "location_shadow": ["V01"],
                       "encounter_shadow": ["S11", "S12"]})
    assert g.state.phase == SHARE and obs(g)["travel_pending"] and g.state.realm == "draghan"
    assert "portal" in [e.kind for e in g.built_events] and hero(g, 0).equipment == ["D41", "D42"]
    play(g, "skip")
    s = g.state
    assert s.round == 12 and s.realm == "shadow" and s.location == "V01" and s.portals_up == []
    assert {p1, p2, p3} <= set(s.removed) and s.decks["location_draghan"] == s.decks["encounter_draghan"] == []


def test_DG_PORTAL_6_no_choice_with_the_end_of_round_option_either():
    """DG-PORTAL-6, DG-INT-19: with portal_decision_time="end_of_round" the third portal still forces travel,
    without a choice in phase 8."""
    p1, p2, p3 = portals()
    g = position(["CH1", "CH2"], round=11, portals_up=[p1, p2], portal_decision_time="end_of_round",
                 tops={"location_draghan": [p3], "encounter_draghan": ["D41", "D42"], "location_shadow": ["V04"]})
    play(g, "skip")
    assert g.state.realm == "shadow" and g.state.round == 12


def test_DG_INT_19_portal_decision_at_the_end_of_the_round_option():
    """DG-INT-19, DG-PORTAL-3, option portal_decision_time="end_of_round": the choice moves to phase 8, after
    the equipment check and before the switch; ``stay`` keeps the team in Draghan, ``travel`` switches at
    once and the next round is a Shadow round."""
    p1 = portals()[0]
    tops = {"location_draghan": [p1, "L07"], "encounter_draghan": ["D41", "D42", "D01", "D02"],
            "location_shadow": ["V04"], "encounter_shadow": ["S02", "S03", "S04"]}
    g = position(["CH1", "CH2"], portal_decision_time="end_of_round", tops=tops)
    assert g.state.phase == SHARE and not g.state.travel_pending  # no choice in phase 2
    play(g, "skip")
    assert g.state.phase == PORTAL and g.state.round == 1 and ids(g) == ["travel", "stay"]
    play(g, "stay")
    assert g.state.round == 2 and g.state.realm == "draghan" and g.state.location == "L07"
    g = position(["CH1", "CH2"], portal_decision_time="end_of_round", tops=tops)
    play(g, "skip", "travel")
    assert g.state.round == 2 and g.state.realm == "shadow" and g.state.location == "V04"


def test_DG_PORTAL_7_DG_MARKET_5_coins_are_kept_but_buy_nothing():
    """DG-PORTAL-7, DG-MARKET-5, DG-SHADOW-3: coins are kept on travel, but there is no market in the Shadow
    Realm: no Shadow location is a market and no buying step ever comes."""
    g = shadow_team(tops={"location_shadow": [place("heal", "shadow")], "encounter_shadow": ["S11", "S12", "S13"]})
    assert all(g.decks.card(v).ability != "market" for v in g.decks.location_shadow)
    assert g.state.market_display == [] and g.state.phase == SHARE
    with pytest.raises(IllegalActionError, match="DG-MARKET-5"):
        g.apply("buy M01")


def test_DG_SHADOW_1_shadow_locations_and_encounters():
    """DG-SHADOW-1: in the Shadow Realm the location comes from the Shadow location deck and the encounters
    from the Shadow encounter deck."""
    g = shadow_team(tops={"location_shadow": [place("threat", "shadow")], "encounter_shadow": ["S02", "S03", "S04", "S07"]})
    assert g.state.location == place("threat", "shadow") and g.state.table == ["S02", "S03", "S04", "S07"]
    assert all(g.decks.card(c).deck == "encounter_shadow" for c in g.state.table)


def test_DG_SHADOW_2_DG_INT_32_no_gold_and_no_flight_in_the_shadow_realm():
    """DG-SHADOW-2, DG-INT-32: a defeated Shadow monster pays nothing; a Draghan monster that fled keeps its
    flee icon, which does nothing there: undefeated, it goes back into the Shadow deck like any monster."""
    knight = pick("S02", req="SSK")
    flee = pick("D23", flee=True, theft=False)
    dwarf = pick("CH2", healthy="SSK")
    g = position([Hero(dwarf), Hero("CH3")], realm="shadow",
                 tops={"location_shadow": ["V01"], "encounter_shadow": [knight, flee]})
    assert g.decks.card(knight).gold is None
    play(g, f"face {knight}", "face none")
    assert hero(g, 0).coins == 0 and g.state.supply == 28 and knight in g.state.discard
    assert flee in g.state.decks["encounter_shadow"] and flee not in g.state.discard and g.state.fled == 0


def test_DG_SHADOW_4_undefeated_monsters_go_back_and_the_deck_is_shuffled():
    """DG-SHADOW-4, DG-RESULT-5: before the dragon appears, the undefeated Shadow monsters go back into the
    Shadow deck, which is then shuffled (its order changes with the seed)."""
    orders = set()
    for seed in range(6):
        g = position([Hero("CH1", equipment=["M01"]), "CH2"], realm="shadow", seed=seed,
                     tops={"location_shadow": ["V01"], "encounter_shadow": ["S02", "S03"]})
        play(g, "face none", "face none")
        deck = g.state.decks["encounter_shadow"]
        assert g.state.phase == SHARE and {"S02", "S03"} <= set(deck) and len(deck) == 13
        orders.add(tuple(deck))
    assert len(orders) > 1


def test_DG_SHADOW_5_DG_WOUND_5_a_shadow_drop_out_is_not_replaced():
    """DG-SHADOW-5, DG-WOUND-5: a character dropping out in the Shadow Realm is not replaced; its seat is out."""
    g = position([Hero("CH1", wounded=True), Hero("CH2")], realm="shadow",
                 tops={"location_shadow": ["V04"], "encounter_shadow": ["S02", "S03", "S04"]})
    play(g, "face none", "face none")
    assert hero(g, 0) is None and g.state.set_aside and obs(g)["heroes"][0] is None
