"""Wounds, dropping out and replacements (DG-WOUND-1..6, DG-INT-13, DG-INT-29, DG-INT-35), the losses they
can cause (DG-END-2, DG-END-3), the option ``replacement_character`` ("choose" or "random"); examples A6
and A7.
"""

from __future__ import annotations

import random

import pytest

from dg_builder import Hero, coins_total, hero, ids, obs, pick, play, position
from dragonwidgets.engine import CHANCE, IllegalActionError
from dragonwidgets.games.draghan import DraghanGame
from dragonwidgets.games.draghan.state import CHECK, DECLARE_TARGET, OVER, REPLACE, SHARE


def goblin():
    return pick("D01", req="S", gold=1, theft=False)


def helm():
    return pick("M09", slot="head")


def lute():
    return pick("M02", icons="C")


def a6(**options):
    """Example A6: the active Dwarf is wounded with 3 coins and the Iron Helm; Bard and Ranger are set aside;
    the market's top card is the Lute; supply 20 (the others hold 5 coins). Four cards come up, one a Goblin
    nobody faces."""
    team = [Hero("CH2", wounded=True, coins=3, equipment=[helm()]), Hero("CH1", coins=5), Hero("CH3"), Hero("CH4")]
    g = position(team, supply=20, tops={"location_draghan": [pick("L11", ability="threat")],
                                        "encounter_draghan": [goblin(), "D41", "D42", "D43", "D46"],
                                        "market": [lute()]}, **options)
    assert g.state.set_aside == ["CH5", "CH6"] and g.state.supply == 20
    play(g, *["face none"] * 4)
    return g


def test_DG_WOUND_1_a_wounded_character_shows_one_icon():
    """DG-WOUND-1, DG-FIGHT-2: the wounded side up, the character has a single skill icon from then on."""
    g = position(["CH4", "CH3"], tops={"location_draghan": [pick("L11", ability="threat")],
                                       "encounter_draghan": [goblin(), "D41", "D42"]})
    play(g, "face none", "face none")
    assert hero(g, 0).wounded and obs(g)["heroes"][0]["shows"] == g.decks.card("CH4").wounded
    assert len(obs(g)["heroes"][0]["shows"]) == 1


def test_DG_WOUND_3_DG_WOUND_4_example_A6_a_second_wound_in_draghan_then_a_replacement():
    """DG-WOUND-3, DG-WOUND-4, DG-INT-13, DG-INT-35, example A6: the wounded Dwarf is wounded again: the Dwarf
    and the Iron Helm go to the discard pile, his 3 coins to the supply (23); the player chooses the Bard (or
    the Ranger), who enters healthy with 0 coins and the market's top card, the Lute; the same player stays
    active for phases 5 to 7."""
    g = a6()
    s = g.state
    assert s.phase == REPLACE and g.current_player == 0 and ids(g) == ["replace CH5", "replace CH6"]
    assert {"CH2", helm(), "D41"} <= set(s.discard) and s.supply == 23 and s.heroes[0] is None
    play(g, "replace CH5")
    new = hero(g, 0)
    assert new.card == "CH5" and not new.wounded and new.coins == 0 and new.equipment == [lute()]
    assert s.set_aside == ["CH6"] and s.active == 0 and s.phase == SHARE and g.current_player == 0
    assert coins_total(g) == 28


def test_DG_INT_13_the_replacement_is_chosen_among_the_set_aside_only():
    """DG-INT-13, DG-WOUND-4: a character that is not set aside is refused, naming the rule."""
    g = a6()
    with pytest.raises(IllegalActionError, match="DG-WOUND-4"):
        g.apply("replace CH1")


def test_DG_INT_13_replacement_character_random_is_a_chance_node():
    """DG-INT-13, option replacement_character="random": the replacement is drawn, 1/2 each here; with chance
    "auto" the engine draws it from the seed."""
    g = a6(replacement_character="random")
    assert g.is_chance_node and g.current_player == CHANCE
    assert [(a.id, a.prob) for a in g.legal_actions()] == [("replace CH5", 0.5), ("replace CH6", 0.5)]
    play(g, "replace CH6")
    assert hero(g, 0).card == "CH6"
    g = a6(replacement_character="random", chance="auto")
    assert not g.is_chance_node and hero(g, 0).card in ("CH5", "CH6")


def test_DG_WOUND_4_a_single_set_aside_character_comes_without_a_choice():
    """DG-WOUND-4: with one character left aside the replacement is forced (no decision)."""
    team = [Hero("CH2", wounded=True), "CH1", "CH3", "CH4"]
    g = position(team, set_aside=["CH6"], discard=["CH5"], tops={"location_draghan": [pick("L11", ability="threat")],
                                                                  "encounter_draghan": [goblin(), "D41", "D42", "D43", "D46"]})
    play(g, *["face none"] * 4)
    assert hero(g, 0).card == "CH6" and g.state.set_aside == [] and g.state.phase != REPLACE


def test_DG_END_2_example_A6_variant_no_character_left_loses():
    """DG-END-2, example A6 variant: a new character is needed in Draghan but none is left: the game is lost
    at once, for the whole team."""
    team = [Hero("CH2", wounded=True), "CH1", "CH3", "CH4"]
    g = position(team, set_aside=[], discard=["CH5", "CH6"], tops={
        "location_draghan": [pick("L11", ability="threat")], "encounter_draghan": [goblin(), "D41", "D42", "D43", "D46"]})
    play(g, *["face none"] * 4)
    assert g.is_over and g.state.result == "lost" and "DG-END-2" in g.outcome().reason and g.winners() == []
    assert g.scores() == {0: 0, 1: 0, 2: 0, 3: 0}


def test_DG_WOUND_5_DG_INT_29_example_A7_a_drop_out_in_the_shadow_realm():
    """DG-WOUND-5, DG-INT-29, DG-SHARE-2, DG-EXPLORE-2, example A7: the wounded active Elf fails in the Shadow
    Realm: her card and equipment go to the discard pile, her coins to the supply, her seat is out; phases 5
    and 6 are skipped; phase 7 checks the Dwarf and the Wizard; the map goes to the Dwarf, and the next round
    reveals 2 encounter cards."""
    kit = ["M01", "M03", "M04"]  # three hand cards: the Dwarf is over the limit
    g = position([Hero("CH1", wounded=True, coins=2, equipment=["M10"]), Hero("CH2", equipment=kit), Hero("CH3")],
                 realm="shadow", chance="auto",
                 tops={"location_shadow": [pick("V04", ability="threat"), pick("V01", ability="heal")],
                       "encounter_shadow": ["S02", "S03", "S04", "S05"]})
    assert g.state.table == ["S02", "S03", "S04", "S05"]  # threat: 3 characters + 1
    play(g, "face none", "face none", "face none")
    s = g.state
    assert s.heroes[0] is None and {"CH1", "M10"} <= set(s.discard) and s.supply == 28 and coins_total(g) == 28
    assert s.phase == CHECK and g.current_player == 1 and set(ids(g)) == {f"discard {c}" for c in kit}
    play(g, "discard M04")
    assert s.active == 1 and s.round == 2 and obs(g)["heroes"][0] is None
    assert len(s.table) + len(s.revealed_equipment) == 2  # the returned monsters were shuffled back first


def test_DG_WOUND_5_the_next_round_reveals_one_card_less():
    """DG-WOUND-5, DG-EXPLORE-2: after a Shadow drop-out, 2 characters are left: 2 cards come up."""
    g = position(["CH1", None, "CH3"], realm="shadow", active=2, tops={
        "location_shadow": [pick("V01", ability="heal")], "encounter_shadow": ["S02", "S03", "S04"]})
    assert g.state.table == ["S02", "S03"] and g.state.decks["encounter_shadow"][0] == "S04"


def test_DG_END_3_example_A7_variant_the_last_character_drops_out():
    """DG-END-3, example A7 variant: the Elf was the last character in the Shadow Realm: the game is lost."""
    g = position([Hero("CH1", wounded=True), None], realm="shadow",
                 tops={"location_shadow": [pick("V04", ability="threat")], "encounter_shadow": ["S02", "S03"]})
    play(g, "face none")
    assert g.state.phase == OVER and g.state.result == "lost" and "DG-END-3" in g.outcome().reason


def test_DG_WOUND_2_a_character_is_wounded_only_in_its_own_round():
    """DG-WOUND-2, DG-ROUND-2: a failed round wounds the active character, never the one who fought and lost."""
    g = position(["CH1", "CH4"], active=1, tops={"location_draghan": [pick("L11", ability="threat")],
                                                 "encounter_draghan": [pick("D18", req="SSK"), "D41", "D42"]})
    play(g, f"face {pick('D18', req='SSK')}", "face none")
    assert hero(g, 1).wounded and not hero(g, 0).wounded


def test_DG_WOUND_6_a_player_who_is_out_shares_the_win():
    """DG-WOUND-6, DG-END-1: the Elf dropped out earlier; Knight and Wizard defeat the dragon alone on the
    table: every seat wins, the one without a character included."""
    storm = pick("G4", req="SSCCKK")
    g = position([None, "CH4", "CH3"], active=1, realm="shadow", table=["S01"], dragon=storm,
                 tops={"location_shadow": [pick("V01", ability="heal")]}, decks={"encounter_shadow": []})
    play(g, "face dragon", "face dragon")
    assert g.is_over and g.winners() == [0, 1, 2] and g.scores() == {0: 1, 1: 1, 2: 1}
    assert g.state.phase != DECLARE_TARGET


def test_DG_WOUND_4_DG_WOUND_5_a_log_line_keeps_the_names_it_was_written_with():
    """DG-WOUND-4, DG-WOUND-5, DG-INT-29: a seat's name changes during a game (a replacement's name after a
    drop-out in Draghan, "Seat 2" again once its character is out in the Shadow Realm), but a log line keeps
    the names it was written with: its text and its ``name``, the name the deciding seat had then
    (``"chance"`` for a chance outcome; a new round's rows: the character who turns its location up). Checked after every step of seeded random games (2 and 3 characters)
    in which characters drop out in both realms."""
    renamed = {"draghan": 0, "shadow": 0}
    for players, seed in ((3, 1), (3, 14), (2, 2), (2, 24)):  # 14 and 24: a drop-out in Draghan (DG-WOUND-4)
        g = DraghanGame(players=players, seed=seed)
        rng = random.Random(seed)
        written: list = []
        while not g.is_over:
            step, who = g.step, g.current_player
            name = g.player_name(who)
            g.apply(rng.choice(g.legal_action_ids()))
            log = g.log()
            assert log[:len(written)] == written, "a line already written changed"
            for row in log[len(written):]:
                if row["step"] != step + 1:
                    assert row["name"] == "chance", row
                else:  # the decider's, or a new round's rows: the character who turns its location up (DG-LOC-1)
                    deciders = (row["player"] == who and row["name"] == name)
                    opener = (row["player"] == g.state.active and row["name"] == g.player_name(row["player"]))
                    assert deciders or opener, row
            written = log
        for row in written:
            if row["player"] >= 0 and row["name"] != g.player_name(row["player"]):
                realm = "shadow" if g.state.heroes[row["player"]] is None else "draghan"
                renamed[realm] += 1
    assert renamed["draghan"] and renamed["shadow"], renamed


def test_DG_WOUND_4_a_branch_names_its_lines_after_its_own_characters():
    """DG-SETUP-6, DG-WOUND-4: a line's ``name`` is worked out once per history entry and kept; applying at a
    past step (a branch) replaces the entries after it, and the new lines are named after the characters of the
    new line of play, not of the one replaced. The log's tail (``last=``) names its rows as the whole log does."""
    g = DraghanGame(players=2, seed=1, first_player=0)
    rng = random.Random(5)
    g.apply("choose CH1")
    g.apply("choose CH3")
    for _ in range(12):
        g.apply(rng.choice(g.legal_action_ids()))
    assert {row["name"] for row in g.log() if row["player"] == 1} >= {"Wizard"}
    g.goto(1)
    g.apply("choose CH4")  # seat 2 takes the Knight on this branch
    for _ in range(12):
        g.apply(rng.choice(g.legal_action_ids()))
    names = {row["name"] for row in g.log() if row["player"] == 1}
    assert "Knight" in names and "Wizard" not in names, names
    assert g.log(last=8) == g.log()[-8:]
    assert g.log(0, last=8) == g.log(0)[-8:]
