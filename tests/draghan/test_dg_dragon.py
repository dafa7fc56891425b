"""The dragon and the end of the game: the endgame (DG-DRAGON-1..8, DG-INT-16..18), winning and losing
(DG-END-1..5, DG-INT-30, DG-SCORE-1), the campaign after a win (DG-CAMP-1..4); examples A12, A13, A17,
A21 and A23.
"""

from __future__ import annotations

import pytest

from dg_builder import Hero, hero, ids, kinds, obs, pick, place, play, position
from dragonwidgets.engine import CHANCE, IllegalActionError
from dragonwidgets.games.draghan import DraghanGame
from dragonwidgets.games.draghan.state import DECLARE_TARGET, DRAW_DRAGON, OVER, SHARE

KNIGHT, WIZARD, BARD, DWARF = "CH4", "CH3", "CH5", "CH2"


def team4():
    """A12's team: Knight (active), Wizard, Bard, Dwarf, all healthy, no equipment."""
    return [pick(KNIGHT, healthy="SSC"), pick(WIZARD, healthy="CKK"), pick(BARD, healthy="CCK"),
            pick(DWARF, healthy="SSK")]


def outcomes(events) -> dict[str, bool]:
    return {e.data["monster"]: e.data["defeated"] for e in events if e.kind == "tested" and e.data}


def endgame(heroes, table, dragon, *, location=None, reinforcements=(), **kw):
    """A Shadow round with the dragon on the table; ``reinforcements`` is the whole Shadow deck left."""
    return position(heroes, realm="shadow", table=table, dragon=dragon,
                    tops={"location_shadow": [location or place("heal", "shadow")]}, decks={"encounter_shadow": list(reinforcements)}, **kw)


def a12():
    storm = pick("G4", req="SSCCKK")
    shadow_knight = pick("S02", req="SSK")
    equipment = [pick(c, kind="equipment") for c in ("S11", "S12", "S13")]
    return endgame(team4(), ["S01"], storm, location=pick("V01", ability="heal"),  # this round: the Knight
                   reinforcements=[shadow_knight, *equipment, "S03", "S04", "S06", "S07"]), shadow_knight


def a23():
    """Example A23: Shadow; three characters reveal the Shadow Troll, the dragon card and the Elven Mantle."""
    troll, mantle = pick("S09", req="SSC"), pick("S12", kind="equipment")
    g = position([pick(KNIGHT, healthy="SSC"), "CH1", pick(BARD, healthy="CCK")], realm="shadow",
                 tops={"location_shadow": [pick("V01", ability="heal"), pick("V02", ability="assist")],
                       "encounter_shadow": [troll, "S01", mantle]})
    return g, troll, mantle


def test_DG_DRAGON_1_DG_EXPLORE_5_example_A23_the_dragon_appears_mid_round():
    """DG-DRAGON-1, DG-EXPLORE-5, example A23: when the dragon card is revealed a large dragon is drawn at once
    (a chance node, 1/4 each), the endgame starts, and the rest of the reveal follows; the drawn card leaves
    the face-down dragons; the dragon stands on the table with the large card's icons."""
    g, troll, mantle = a23()
    assert g.state.phase == DRAW_DRAGON and g.current_player == CHANCE and g.state.table == [troll, "S01"]
    assert [(a.id, a.prob) for a in g.legal_actions()] == [(f"dragon G{i}", 0.25) for i in range(1, 5)]
    assert g.state.revealed_equipment == []  # the Mantle is not revealed yet
    gloom = pick("G3", req="SSCCCK")
    ev = play(g, f"dragon {gloom}")
    assert "dragon_drawn" in kinds(ev) and g.state.dragon == gloom and g.state.revealed_equipment == [mantle]
    assert obs(g)["deck_sizes"]["dragons"] == 3 and obs(g)["dragon"] == gloom
    row = obs(g)["table"][1]
    assert row["id"] == "S01" and row["dragon"] and row["req"] == g.decks.card(gloom).req
    assert ids(g) == [f"face {troll}", "face dragon", "face none"]  # DG-DRAGON-2: fought this very round


def test_DG_DRAGON_7_DG_INT_17_example_A23_troll_down_dragon_not():
    """DG-DRAGON-7, DG-INT-17, example A23: the Troll falls but the dragon does not: nobody is wounded, the
    active player takes the Mantle, the dragon stays alone on the table."""
    g, troll, mantle = a23()
    play(g, f"dragon {pick('G3', req='SSCCCK')}", f"face {troll}", "face dragon", "face dragon")
    assert not any(h.wounded for h in g.state.heroes) and mantle in hero(g, 0).equipment
    assert g.state.table == ["S01"] and troll in g.state.discard


def test_DG_DRAGON_3_DG_DRAGON_6_example_A23_the_troll_survives():
    """DG-DRAGON-3, DG-DRAGON-6, DG-INT-18, example A23: the Troll survives: the active character is wounded, the
    Mantle is discarded, the Troll and the dragon stay on the table, and nothing is shuffled back."""
    g, troll, mantle = a23()
    play(g, f"dragon {pick('G3', req='SSCCCK')}")
    deck = list(g.state.decks["encounter_shadow"])
    play(g, "face dragon", "face dragon", "face dragon")
    assert hero(g, 0).wounded and mantle in g.state.discard
    assert g.state.table[:2] == [troll, "S01"] and g.state.round == 2
    assert g.state.decks["encounter_shadow"] == deck[3:]  # round 2 drew its 3 reinforcements from an unshuffled deck


def test_DG_DRAGON_5_example_A12_plan_1_the_dragon_is_protected():
    """DG-DRAGON-5, DG-DRAGON-6, DG-DRAGON-4, DG-EXPLORE-7, DG-INT-18, example A12 plan 1: all four characters at
    the dragon: the Shadow Knight is undefeated, so the dragon is not even tested; the Knight is wounded; both
    stay on the table, and next round 4 more cards join them as reinforcements."""
    g, shadow_knight = a12()
    ev = play(g, *["face dragon"] * 4)
    assert outcomes(ev) == {shadow_knight: False}
    assert not any(e.kind == "tested" and "dragon" in e.text and "not defeated" in e.text for e in ev)
    assert hero(g, 0).wounded and g.state.round == 2 and g.state.active == 1
    assert {"S11", "S12", "S13"} <= set(g.state.discard)
    assert g.state.table == ["S01", shadow_knight, "S03", "S04", "S06", "S07"]


def test_DG_DRAGON_4_reinforcements_at_a_threat_location():
    """DG-DRAGON-4, DG-INT-18, DG-LOC-4: reinforcements use the normal count, threat included: 4 characters at a
    threat location add 5 cards to the table."""
    storm = pick("G4", req="SSCCKK")
    deck = ["S02", "S03", "S04", "S06", "S07", "S08"]
    g = endgame(team4(), ["S01"], storm, location=pick("V04", ability="threat"), reinforcements=deck)
    assert g.state.table == ["S01"] + deck[:5] and g.state.decks["encounter_shadow"] == deck[5:]


def test_DG_END_1_example_A12_plan_2_the_dragon_is_defeated():
    """DG-END-1, DG-RESULT-1, DG-DRAGON-2, DG-INT-30, DG-SCORE-1, example A12 plan 2: the Dwarf takes the Shadow
    Knight, the Knight, Wizard and Bard the dragon (S 2, C 4, K 3): both fall, the game is won at once by every
    player; nobody is wounded, the scores are 1 for every seat."""
    g, shadow_knight = a12()
    ev = play(g, "face dragon", "face dragon", "face dragon", f"face {shadow_knight}")
    assert outcomes(ev) == {shadow_knight: True} and "won" in kinds(ev)
    assert g.is_over and g.state.result == "won" and g.winners() == [0, 1, 2, 3]
    assert g.scores() == {0: 1, 1: 1, 2: 1, 3: 1} and not any(h.wounded for h in g.state.heroes)
    assert "DG-END-1" in g.explain("face none") and g.legal_actions() == []


def test_DG_INT_16_characters_used_elsewhere_do_not_fight_the_dragon():
    """DG-INT-16, DG-DRAGON-5: only the characters placed at the dragon count there: the Dwarf's SS spent on the
    Shadow Knight does not help Knight + Wizard against the Ash Wyrm (SSSCKK: S 2 < 3); the dragon stands and,
    the other monster being down, nobody is wounded (DG-INT-17)."""
    ash, shadow_knight = pick("G1", req="SSSCKK"), pick("S02", req="SSK")
    g = endgame([pick(KNIGHT, healthy="SSC"), pick(WIZARD, healthy="CKK"), pick(DWARF, healthy="SSK")],
                [shadow_knight, "S01"], ash, location=pick("V01", ability="heal"))
    assert g.fight_plans()[0].dragon_defeated is False
    play(g, "face dragon", "face dragon", f"face {shadow_knight}")
    assert not g.is_over and g.state.table == ["S01"] and not any(h.wounded for h in g.state.heroes)


def test_DG_DRAGON_7_DG_INT_17_example_A13_only_the_dragon_survives():
    """DG-DRAGON-7, DG-INT-17, DG-DRAGON-8, example A13: Ash Wyrm (SSSCKK) and Dread Witch (CKK); Elven Mantle
    revealed this round. The Wizard defeats the Witch (discarded); the Knight alone at the dragon (S 2, C 1, K 0)
    fails; nobody is wounded, the Knight's player takes the Mantle, the dragon stays."""
    ash, witch, mantle = pick("G1", req="SSSCKK"), pick("S04", req="CKK"), pick("S12", kind="equipment")
    g = position([pick(KNIGHT, healthy="SSC"), pick(WIZARD, healthy="CKK")], realm="shadow", table=["S01"],
                 dragon=ash, tops={"location_shadow": [pick("V01", ability="heal")]},
                 decks={"encounter_shadow": [witch, mantle]})
    assert g.state.table == ["S01", witch] and g.state.revealed_equipment == [mantle]
    ev = play(g, "face dragon", f"face {witch}")
    assert outcomes(ev) == {witch: True} and any("is not defeated" in e.text for e in ev if e.kind == "tested")
    assert witch in g.state.discard and mantle in hero(g, 0).equipment and g.state.table == ["S01"]
    assert not hero(g, 0).wounded and not g.is_over


def test_DG_DRAGON_8_endgame_defeats_and_used_cards_go_to_the_discard_pile():
    """DG-DRAGON-8: monsters defeated in the endgame and equipment used there go to the discard pile as usual."""
    ash, witch = pick("G1", req="SSSCKK"), pick("S04", req="CKK")
    spellbook = pick("M03", icons="K")
    g = endgame([Hero(pick(KNIGHT, healthy="SSC")), Hero(pick(BARD, healthy="CCK"), equipment=[spellbook])],
                [witch, "S01"], ash, location=pick("V01", ability="heal"))
    play(g, "face none", f"face {witch}", f"use {spellbook}")
    assert {witch, spellbook} <= set(g.state.discard) and g.state.table == ["S01"]


def test_DG_INT_14_example_A21_a_theft_monster_as_reinforcement():
    """DG-INT-14, DG-EXPLORE-4, example A21: in the endgame a reinforcement draw reveals the Soul Thief: the
    active character loses 1 coin at once; surviving, it stays on the table and steals nothing in later rounds."""
    thief = pick("S05", theft=True)
    storm = pick("G4", req="SSCCKK")
    g = endgame([Hero("CH1", coins=2, equipment=["M01"]), Hero("CH2", coins=2)], ["S01"], storm,
                reinforcements=[thief, "S11"])
    assert hero(g, 0).coins == 1 and g.state.table == ["S01", thief]
    play(g, "face none", "face none")
    assert g.state.table == ["S01", thief] and g.state.phase == SHARE
    play(g, "skip")
    assert g.state.round == 2 and g.state.active == 1 and hero(g, 1).coins == 2 and g.state.table[:2] == ["S01", thief]


def test_DG_END_4_example_A17_no_shadow_location_left_loses():
    """DG-END-4, example A17: all 6 Shadow locations were visited and the dragon is on the table, undefeated:
    phase 2 of the next round cannot turn up a location, and the game is lost."""
    storm = pick("G4", req="SSCCKK")
    g = position(["CH1", "CH2"], realm="shadow", table=["S01"], dragon=storm, at="end", round=19,
                 location="V06", decks={"location_shadow": []})
    assert g.is_over and g.state.result == "lost" and "DG-END-4" in g.outcome().reason
    assert g.winners() == [] and g.scores() == {0: 0, 1: 0}


def test_DG_END_5_only_the_listed_ends():
    """DG-END-5: a running game has a legal action; the end reasons name DG-END-1..4 only (here: a loss by
    DG-END-3 after a Shadow drop-out of the last character)."""
    g = position([Hero("CH1", wounded=True), None], realm="shadow",
                 tops={"location_shadow": [pick("V04", ability="threat")], "encounter_shadow": ["S02", "S03"]})
    assert g.legal_actions() and not g.is_over
    play(g, "face none")
    assert g.is_over and g.outcome().reason.endswith("(DG-END-3)") and g.state.phase == OVER


@pytest.mark.parametrize("beaten,left", [("G1,G3", ["G2", "G4"]), ("G1,G2,G3", ["G4"]), ("G1,G2,G3,G4", None)])
def test_DG_CAMP_3_campaign_dragons_set_aside(beaten, left):
    """DG-CAMP-1, DG-CAMP-2, DG-CAMP-3: large dragons defeated in earlier games are set aside and never drawn;
    with three set aside the last one always comes; with all four the campaign is complete and starts over."""
    left = left or ["G1", "G2", "G3", "G4"]
    g = position(["CH1", "CH2"], realm="shadow", campaign_defeated_dragons=beaten,
                 tops={"location_shadow": [pick("V01", ability="heal")], "encounter_shadow": ["S01", "S02"]})
    assert g.state.phase == DRAW_DRAGON
    assert [(a.id, a.prob) for a in g.legal_actions()] == [(f"dragon {x}", pytest.approx(1 / len(left))) for x in left]
    if len(left) < 4:
        with pytest.raises(IllegalActionError, match="DG-CAMP"):
            g.apply(f"dragon {beaten.split(',')[0]}")


def test_DG_CAMP_1_the_dragon_just_defeated_is_the_one_to_set_aside():
    """DG-CAMP-1: after a win the state names the large dragon defeated; passed to the next game's
    ``campaign_defeated_dragons`` it is never drawn again."""
    g, shadow_knight = a12()
    play(g, "face dragon", "face dragon", "face dragon", f"face {shadow_knight}")
    beaten = g.state.dragon
    nxt = DraghanGame(players=2, seed=5, campaign_defeated_dragons=beaten)
    assert beaten not in nxt.state.decks["dragons"] and len(nxt.state.decks["dragons"]) == 3


def test_DG_SCORE_1_no_points_only_a_team_result():
    """DG-SCORE-1: there are no points: every seat scores 0 while the game runs and after a loss, 1 after a
    win; the outcome's winners are all seats or none."""
    g = position(["CH1", "CH2", "CH3"], tops={"location_draghan": [pick("L07")],
                                               "encounter_draghan": ["D01", "D02", "D03"]})
    assert g.scores() == {0: 0, 1: 0, 2: 0} and g.outcome() is None and g.state.phase == DECLARE_TARGET
