"""Refusals: an illegal action raises IllegalActionError, leaves the game exactly as it was (same
``state_digest()``), and ``game.explain(id)`` names the rule that forbids it
(``dragonwidgets/games/draghan/why.py``).

Each case builds a literal position, brings it to a decision, and tries one id the rules forbid there;
the expected rule ID is the one the digest gives for that prohibition.
"""

from __future__ import annotations

import random

import pytest

from dg_builder import Hero, find, play, position
from dragonwidgets.engine import Action, IllegalActionError
from dragonwidgets.games.draghan import DraghanGame

GOBLIN, MERCHANT = find("D01", req="S", gold=1, theft=False), find("D08", req="CC", gold=2, theft=False)
ORC, TROLL = find("D10", req="SS", gold=2, theft=False), find("D18", req="SSK", gold=3, theft=False)
# the locations by ability, the market cards by price (the data may be tuned)
HEALER, TOWER, THREAT, THIEVES = (find("L07", ability="heal"), find("L09", ability="assist", icons="SS"),
                                  find("L11", ability="threat"), find("L13", ability="theft"))
MARKET, SHRINE, DEN = find("L01", ability="market"), find("V01", ability="heal"), find("V06", ability="theft")
BRIDGE = find("V04", ability="threat")
LUTE, HELM, POTION, VEST = (find("M02", price=1, icons="C"), find("M09", price=2), find("M07", price=2, heal=True),
                            find("M17", price=4))


def choosing():
    return DraghanGame(players=2, seed=1, first_player=0, chance="manual")


def second_choice():
    g = choosing()
    play(g, "choose CH1", f"join {g.state.decks['market'][0]}")  # manual chance: the Elf's market card is picked
    return g


def joining():
    g = choosing()
    play(g, "choose CH1")  # manual chance: the Elf waits for its market card
    return g


def declaring():
    """Elf (Lute, Potion, Plumed Hat) and Wizard (Spellbook) meet the Goblin and the Merchant; Old Map revealed."""
    return position([Hero("CH1", equipment=["M02", "M07", "M10"]), Hero("CH3", equipment=["M03"])], tops={
        "location_draghan": [THREAT], "encounter_draghan": [GOBLIN, MERCHANT, "D41"]})


def equipping():
    g = declaring()
    play(g, f"face {MERCHANT}")
    return g


def after_using():
    g = declaring()
    play(g, f"face {MERCHANT}", "use M02")
    return g


def assisting():
    g = position(["CH1", "CH3", "CH5"], tops={"location_draghan": [TOWER], "encounter_draghan": [ORC, MERCHANT, GOBLIN]})
    play(g, f"face {MERCHANT}", f"face {GOBLIN}", "face none")
    return g


def splitting_gold():
    g = position(["CH4", "CH6", "CH3"], tops={"location_draghan": [HEALER], "encounter_draghan": [TROLL, "D41", "D42"]})
    play(g, f"face {TROLL}", f"face {TROLL}", "face none")
    return g


def replacing():
    g = position([Hero("CH2", wounded=True), "CH1", "CH3", "CH4"], tops={
        "location_draghan": [THREAT], "encounter_draghan": [GOBLIN, "D41", "D42", "D43", "D46"]})
    play(g, *["face none"] * 4)
    return g


def buying():
    g = position([Hero("CH4", coins=3), Hero("CH1", coins=1)], tops={
        "location_draghan": [MARKET], "encounter_draghan": ["D41", "D42"], "market": [LUTE, HELM, POTION, VEST]})
    return g


def sharing():
    return position([Hero("CH1", equipment=["M01"], coins=2), Hero("CH2", equipment=["M03"])], at="share")


def checking():
    return position([Hero("CH1", equipment=["M01", "M02", "M03", "M14"]), "CH2"], at="check")


def stealing():
    return position([Hero("CH1", equipment=["M02", "M10"]), "CH2"], tops={"location_draghan": [THIEVES]})


def drawing_dragon():
    return position(["CH1", "CH2"], realm="shadow", campaign_defeated_dragons="G1",
                    tops={"location_shadow": [SHRINE], "encounter_shadow": ["S01", "S02"]})


def healing():
    return position([Hero("CH6", wounded=True, equipment=["M07", "M01"]), "CH5"], tops={"location_draghan": [THREAT]})


def travelling():
    """The team chose to travel at the first portal; the round goes on (share)."""
    g = position(["CH1", "CH2"], tops={"location_draghan": ["L04"], "encounter_draghan": ["D41", "D42"]})
    play(g, "travel")
    return g


def third_portal():
    return position(["CH1", "CH2"], portals_up=["L04", "L05"], round=9,
                    tops={"location_draghan": ["L06"], "encounter_draghan": ["D41", "D42"]})


def portal_at_the_end():
    return position(["CH1", "CH2"], portal_decision_time="end_of_round",
                    tops={"location_draghan": ["L04"], "encounter_draghan": [GOBLIN, "D41"]})


def in_the_shadow():
    return position(["CH1", "CH2"], realm="shadow", tops={"location_shadow": [SHRINE], "encounter_shadow": ["S02", "S03"]})


def shadow_drop_out():
    g = position([Hero("CH1", wounded=True, equipment=["M01"]), Hero("CH2", equipment=["M03", "M04", "M05"])],
                 realm="shadow", tops={"location_shadow": [BRIDGE], "encounter_shadow": ["S02", "S03", "S04"]})
    play(g, "face none", "face none")
    return g


def won():
    g = position(["CH4", "CH3"], realm="shadow", table=["S01"], dragon="G4",
                 tops={"location_shadow": [SHRINE]}, decks={"encounter_shadow": []})
    play(g, "face dragon", "face dragon")
    return g


def lost():
    return position(["CH1", "CH2"], realm="shadow", at="end", location=DEN, decks={"location_shadow": []})


CASES = [
    # (position, refused id, rule ID the explanation must name)
    (choosing, "choose CH9", "DG-SETUP-6"),
    (choosing, "buy M01", "DG-MARKET-1"),
    (choosing, "face D01", "DG-FIGHT-1"),
    (second_choice, "choose CH1", "DG-SETUP-6"),
    (joining, "choose CH3", "DG-SETUP-7"),
    (joining, "join D01", "DG-SETUP-7"),
    (declaring, "choose CH2", "DG-SETUP-6"),
    (declaring, f"face {GOBLIN} {MERCHANT}", "DG-FIGHT-5"),
    (declaring, "face D41", "DG-FIGHT-9"),
    (declaring, "face D41", "DG-EXPLORE-3"),
    (declaring, "face dragon", "DG-DRAGON-1"),
    (declaring, "face D99", "DG-FIGHT-1"),
    (declaring, "give M02 1", "DG-FIGHT-4"),
    (declaring, "use M02", "DG-FIGHT-3"),
    (declaring, "travel", "DG-PORTAL-1"),
    (declaring, "discard M02", "DG-EQUIP-1"),
    (declaring, "discard M02", "DG-EQUIP-3"),
    (declaring, f"extra {GOBLIN} 0", "DG-RESULT-2"),
    (declaring, "replace CH5", "DG-WOUND-4"),
    (declaring, "lose M02", "DG-LOC-5"),
    (declaring, "dragon G1", "DG-DRAGON-1"),
    (declaring, f"assist {GOBLIN}", "DG-LOC-3"),
    (declaring, "skip", "DG-SHARE-1"),
    (declaring, "heal M07", "DG-HEAL-2"),
    (declaring, "buy M01", "DG-MARKET-1"),
    (declaring, "fly away", "not an action of Draghan"),
    (equipping, "use M03", "DG-FIGHT-4"),
    (equipping, "use D41", "DG-FIGHT-9"),
    (equipping, "use D41", "DG-INT-10"),
    (equipping, "use M07", "DG-INT-8"),
    (equipping, f"face {GOBLIN}", "DG-FIGHT-1"),
    (after_using, "use M02", "DG-FIGHT-8"),
    (assisting, f"assist {ORC}", "DG-INT-6"),
    (assisting, f"assist {GOBLIN} {MERCHANT}", "DG-LOC-3"),
    (assisting, "assist D99", "DG-LOC-3"),
    (splitting_gold, f"extra {TROLL} 2", "DG-INT-5"),
    (splitting_gold, f"extra {TROLL} 0+1", "DG-INT-4"),
    (splitting_gold, f"extra {GOBLIN} 0", "DG-RESULT-2"),
    (replacing, "replace CH1", "DG-WOUND-4"),
    (replacing, "replace CH1", "DG-INT-13"),
    (buying, f"buy {VEST}", "DG-MARKET-3"),
    (buying, "buy M12", "DG-MARKET-1"),
    (buying, f"give {LUTE} 1", "DG-SHARE-1"),
    (sharing, "give coin 1", "DG-SHARE-1"),
    (sharing, "give M03 0", "DG-SHARE-1"),
    (sharing, "give M01 0", "DG-INT-27"),
    (checking, "discard M14", "DG-EQUIP-2"),
    (checking, "discard M09", "DG-INT-26"),
    (stealing, "lose M05", "DG-LOC-5"),
    (stealing, "lose M05", "DG-INT-14"),
    (drawing_dragon, "dragon G1", "DG-CAMP-3"),
    (drawing_dragon, "dragon G9", "DG-DRAGON-1"),
    (healing, "heal M01", "DG-HEAL-1"),
    (healing, "heal M07 1", "DG-HEAL-2"),
    (travelling, "stay", "DG-PORTAL-5"),
    (travelling, "travel", "DG-INT-19"),
    (third_portal, "stay", "DG-PORTAL-6"),
    (portal_at_the_end, "travel", "DG-INT-19"),
    (in_the_shadow, "travel", "DG-PORTAL-5"),
    (in_the_shadow, "buy M01", "DG-MARKET-5"),
    (in_the_shadow, "replace CH5", "DG-WOUND-5"),
    (shadow_drop_out, "give M01 1", "DG-SHARE-2"),
    (won, "face none", "DG-END-1"),
    (lost, "pass", "DG-END-5"),
]


@pytest.mark.parametrize("build,action_id,rule", CASES, ids=[f"{b.__name__}:{a}:{r}" for b, a, r in CASES])
def test_refusals_name_the_rule_and_change_nothing(build, action_id, rule):
    """Every refusal: IllegalActionError naming the rule, explain() naming it too, the state untouched
    (DG-SETUP-6, DG-FIGHT-1, DG-FIGHT-3..5, DG-FIGHT-8, DG-FIGHT-9, DG-EXPLORE-3, DG-DRAGON-1, DG-PORTAL-1,
    DG-PORTAL-5, DG-PORTAL-6, DG-INT-19, DG-EQUIP-1..3, DG-INT-26, DG-RESULT-2, DG-INT-4, DG-INT-5, DG-WOUND-4,
    DG-WOUND-5, DG-INT-13, DG-LOC-3, DG-LOC-5, DG-INT-14, DG-INT-6, DG-INT-8, DG-INT-10, DG-SHARE-1, DG-SHARE-2,
    DG-INT-27, DG-HEAL-1, DG-HEAL-2, DG-MARKET-1, DG-MARKET-3, DG-MARKET-5, DG-CAMP-3, DG-END-1, DG-END-5)."""
    g = build()
    assert action_id not in g.legal_action_ids()
    digest, step, legal = g.state_digest(), g.step, g.legal_action_ids()
    with pytest.raises(IllegalActionError) as err:
        g.apply(action_id)
    assert (rule in err.value.reason or g.is_over) and err.value.action_id == action_id and err.value.legal == legal
    assert g.state_digest() == digest and g.step == step and g.legal_action_ids() == legal
    text = g.explain(action_id)
    assert text.startswith(f"{action_id!r} is not legal") and rule in text


def test_a_decision_belongs_to_one_seat():
    """DG-INT-15, DG-FIGHT-1: each character's declaration is its own player's decision: the same id sent as
    another seat's is refused and changes nothing."""
    g = declaring()
    digest = g.state_digest()
    with pytest.raises(IllegalActionError, match="Elf's decision, not Wizard's"):
        g.apply(Action(f"face {GOBLIN}", "", 1, "face"))
    assert g.state_digest() == digest and g.current_player == 0


def test_explain_a_legal_action_names_its_rules():
    """explain() on a legal id says so and names the rules that make it legal (DG-FIGHT-1, DG-LOC-3, DG-HEAL-1,
    DG-PORTAL-1)."""
    assert "DG-FIGHT-1" in declaring().explain(f"face {GOBLIN}")
    assert "DG-LOC-3" in assisting().explain(f"assist {MERCHANT}")
    assert "DG-HEAL-1" in healing().explain("heal M07")
    g = position(["CH1", "CH2"], tops={"location_draghan": ["L04"]})
    assert g.explain("travel").startswith("'travel' is legal") and "DG-PORTAL-1" in g.explain("travel")


PROBES = ["choose CH1", "heal M07", "pass", "travel", "stay", "face D01", "face dragon", "face none", "use M02",
          "done", "assist none", "extra D18 0", "replace CH5", "buy M01", "give M01 1", "skip", "discard M01",
          "lose M02", "dragon G1", "give coin 0", "fly"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_refusals_never_change_the_state(players):
    """Through a seeded random game, ids of every decision tried at the wrong moment are refused with a reason
    naming a DG rule, and leave the digest unchanged (the engine's guarantee, for this game's grammar)."""
    g = DraghanGame(players=players, seed=40 + players)
    rng = random.Random(players)
    n = 0
    while not g.is_over:
        legal = g.legal_action_ids()
        if n % 3 == 0:
            for probe in PROBES:
                if probe not in legal:
                    digest = g.state_digest()
                    with pytest.raises(IllegalActionError) as err:
                        g.apply(probe)
                    assert err.value.reason and ("DG-" in err.value.reason or probe == "fly")
                    assert g.state_digest() == digest
        g.apply(rng.choice(legal))
        n += 1
    digest = g.state_digest()
    for probe in PROBES:
        with pytest.raises(IllegalActionError, match="over"):
            g.apply(probe)
    assert g.state_digest() == digest
