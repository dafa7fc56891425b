"""Phase 2, the duel with an opponent (CD-DUEL-1..11, CD-INT-9..12, S-10..S-14, S-23, S-24).

Games are built with ``cd_builder.position`` in manual chance mode, so every die is an explicit
``flee {face}`` or ``throw {face}`` id and the fights come out exactly as the scenarios say.
"""

from __future__ import annotations

import pytest

from cd_builder import Board, board, ids, kinds, pile, play, position, total_cards, where
from dragonwidgets.games.chasse_au_dragon.state import CAMP, CHOOSE_DUEL, COMBAT, DUEL_FLIGHT, ENCOUNTER, FLEE_ROLL

PILE = ["goblin", "orc", "goblin", "orc"]


def duel_on_2_2(a: Board | None = None, b: Board | None = None, players: int = 2, **kw):
    """A (seat 0) and B (seat 1) both on (2,2), whose pile is PILE; A has stopped there."""
    g = position(players, at={0: "2,2", 1: "2,2"}, boards={0: a or Board(), 1: b or Board()},
                 piles={"2,2": list(PILE)}, **kw)
    play(g, "stop")
    return g


def fight_log(events) -> list:
    return [e for e in events if e.kind == "fight"]


# ---------------------------------------------------------------------------- declaring


def test_CD_DUEL_1_S_23_one_opponent_at_most_or_none():
    """CD-DUEL-1, S-23: with B and C on A's square, A may duel B or C or nobody, never both; the duel
    is offered even though A did not move ("même s'il ne s'est pas déplacé")."""
    g = position(3, at={0: "2,2", 1: "2,2", 2: "2,2"}, piles={"2,2": list(PILE)})
    play(g, "stop")
    assert g.state.phase == CHOOSE_DUEL and ids(g) == ["duel 1", "duel 2", "no duel"]
    play(g, "duel 2", "no flight", "throw 2", "throw 2")  # a tie
    assert g.state.phase == ENCOUNTER and not any(i.startswith("duel") for i in ids(g))


def test_CD_DUEL_1_declining_goes_on_to_the_encounter():
    """CD-DUEL-1, CD-TURN-2: 'no duel' skips the duel; the turn goes on with the pile of the square."""
    g = duel_on_2_2()
    ev = play(g, "no duel")
    assert kinds(ev) == ["monster_revealed"] and g.state.phase == ENCOUNTER


def test_CD_DUEL_1_no_duel_phase_without_an_opponent_on_the_square():
    """CD-DUEL-1, CD-TURN-2: an opponent on a neighbouring square gives no duel: straight to the pile."""
    g = position(2, at={0: "2,2", 1: "2,3"}, piles={"2,2": list(PILE)})
    play(g, "stop")
    assert g.state.phase == ENCOUNTER


def test_CD_DUEL_2_CD_TURN_4_the_defender_decides_the_flight():
    """CD-DUEL-2, CD-TURN-4: once the duel is declared, the defender (not the active player) chooses
    decoy, flight roll or no flight; with an empty cage no decoy (CD-DUEL-3)."""
    g = duel_on_2_2(b=Board(cage=2))
    play(g, "duel 1")
    assert g.state.phase == DUEL_FLIGHT and g.current_player == 1 and g.state.active == 0
    assert ids(g) == ["decoy", "flee roll", "no flight"]
    g = duel_on_2_2()
    play(g, "duel 1")
    assert ids(g) == ["flee roll", "no flight"]


# ---------------------------------------------------------------------------- flight


def test_S_10_CD_DUEL_3_CD_INT_10_duel_decoy_is_captured_and_the_turn_continues():
    """S-10, CD-DUEL-3, CD-INT-10, CD-DUEL-6, CD-INT-11: B flees with a decoy: B's cage 2 -> 1, A's cage
    0 -> 1 (captured), no combat; A then must meet the top card of (2,2) and may use that goblin as a
    decoy there."""
    g = position(2, at={0: "1,1", 1: "2,2"}, boards={1: Board(cage=2)},
                 piles={"2,2": ["troll", "orc", "goblin", "goblin"]})
    play(g, "step 2,2", "duel 1")
    ev = play(g, "decoy")
    assert "fight" not in kinds(ev) and "captured into White's cage" in ev[0].text
    assert board(g, 1)["cage"] == 1 and board(g, 0)["cage"] == 1
    assert where(g, 0) == where(g, 1) == "2,2"
    assert g.state.phase == ENCOUNTER and g.observation()["revealed"]["card"] == "troll"
    assert "decoy" in ids(g)
    play(g, "decoy")
    assert board(g, 0)["cage"] == 0 and pile(g, "2,2")[-1] == "troll"


def test_S_11_CD_DUEL_4_CD_INT_9_flight_roll_on_the_defenders_own_die():
    """S-11, CD-DUEL-4, CD-INT-9, WE-4: B with a giant (d12) rolls its own d12: faces 1..12, each 1/12,
    and only 12 succeeds; the roll does not explode."""
    g = duel_on_2_2(b=Board(equipment="giant", cage=3))
    play(g, "duel 1", "flee roll")
    assert g.state.phase == FLEE_ROLL and g.is_chance_node and g.observation()["fleeing"] == 1
    outcomes = g.legal_actions()
    assert [a.id for a in outcomes] == [f"flee {f}" for f in range(1, 13)]
    assert all(a.prob == pytest.approx(1 / 12) for a in outcomes)
    ev = play(g, "flee 12")
    assert ev[0].kind == "flight_roll" and "success" in ev[0].text and g.observation()["last_rolls"] == {"flight": [12]}
    assert g.state.phase == ENCOUNTER and board(g, 1)["cage"] == 3  # CD-DUEL-6: duel over, no goblin spent


def test_S_11_CD_DUEL_5_after_a_failed_roll_no_decoy_the_fight_is_forced():
    """S-11, CD-DUEL-5, CD-DUEL-7, CD-COMBAT-3: B rolls 11 on its d12: no decision follows (no decoy
    any more), the combat A d4 against B d12 starts at once."""
    g = duel_on_2_2(b=Board(equipment="giant", cage=3))
    play(g, "duel 1", "flee roll")
    ev = play(g, "flee 11")
    assert "failure" in ev[0].text and g.state.phase == COMBAT and g.is_chance_node
    assert g.observation()["fight"] == {"kind": "duel", "faces": [4, 12], "throws": [[], []], "side": 0}
    assert "decoy" not in ids(g) and board(g, 1)["cage"] == 3
    assert "CD-DUEL-5" in g.explain("decoy")


def test_CD_DUEL_6_successful_flight_roll_nobody_moves():
    """CD-DUEL-6, CD-INT-11: a flight roll on the maximum ends the duel: no combat, no transfer, nobody
    moves; the active player goes on to the encounter on that square."""
    g = duel_on_2_2(a=Board(backpack=["orc"]), b=Board(backpack=["ogre"], cage=1))
    play(g, "duel 1", "flee roll")
    ev = play(g, "flee 4")
    assert "fight" not in kinds(ev) and kinds(ev)[-1] == "monster_revealed"
    assert board(g, 0)["backpack"] == {"orc": 1} and board(g, 1)["backpack"] == {"ogre": 1}
    assert where(g, 0) == where(g, 1) == "2,2" and g.state.phase == ENCOUNTER and g.current_player == 0


# ---------------------------------------------------------------------------- combat and outcome


def test_S_12_CD_DUEL_8_CD_INT_12_attacker_loses_and_goes_home():
    """S-12, CD-DUEL-8, CD-DUEL-10, CD-INT-10, CD-INT-12, CD-COMBAT-1: A (orc, d6; backpack ogre + orc, cage 1,
    pantry 3; camp 3,0) duels B (d4) on (2,2); A throws 3, B throws 4 then 2 = 6. A's ogre and orc go
    into B's backpack, A's goblin into B's cage; A keeps the pantry; A goes to (3,0): no encounter there,
    and the camp phase follows."""
    g = duel_on_2_2(a=Board(equipment="orc", backpack=["ogre", "orc"], cage=1, pantry=3))
    play(g, "duel 1", "no flight")
    assert g.observation()["fight"]["faces"] == [6, 4]
    ev = play(g, "throw 3", "throw 4", "throw 2")
    fight = fight_log(ev)[0]
    assert fight.data["throws"] == [[3], [4, 2]] and fight.data["totals"] == [3, 6]
    assert board(g, 1)["backpack"] == {"ogre": 1, "orc": 1} and board(g, 1)["cage"] == 1
    assert board(g, 0) == {"backpack": {}, "cage": 0, "vault": {}, "dungeon": 0, "equipment": "orc", "pantry": 3}
    assert where(g, 0) == "3,0" and where(g, 1) == "2,2"
    assert "monster_revealed" not in kinds(ev) and pile(g, "2,2") == PILE
    assert g.state.phase == CAMP and g.current_player == 0 and "end turn" in ids(g)
    assert g.observation()["last_rolls"] == {"attacker": [3], "defender": [4, 2]}


def test_S_13_CD_DUEL_8_defender_loses_goes_home_and_the_attacker_meets_the_pile():
    """S-13, CD-DUEL-8, CD-DUEL-11: A wins: B hands over backpack and cage and goes to its camp (4,7);
    A stays on (2,2) and must meet its top card."""
    g = duel_on_2_2(b=Board(backpack=["troll"], cage=2, pantry=1))
    play(g, "duel 1", "no flight")
    ev = play(g, "throw 3", "throw 1")
    assert kinds(ev) == ["fight", "duel_won", "monster_revealed"]
    assert board(g, 0)["backpack"] == {"troll": 1} and board(g, 0)["cage"] == 2
    assert board(g, 1)["backpack"] == {} and board(g, 1)["cage"] == 0 and board(g, 1)["pantry"] == 1
    assert where(g, 1) == "4,7" and where(g, 0) == "2,2"
    assert g.state.phase == ENCOUNTER and g.observation()["revealed"]["card"] == "goblin"


def test_S_14_CD_DUEL_9_a_tie_changes_nothing():
    """S-14, CD-DUEL-9, CD-COMBAT-2: 5 against 5 (A 4+1 on a d4, B 5 on a d6): nothing changes hands,
    nobody moves, A goes on to phase 3."""
    a, b = Board(backpack=["orc"], cage=1), Board(equipment="orc", backpack=["ogre"], cage=2)
    g = duel_on_2_2(a=a, b=b)
    play(g, "duel 1", "no flight")
    ev = play(g, "throw 4", "throw 1", "throw 5")
    assert fight_log(ev)[0].data["totals"] == [5, 5] and "duel_tied" in kinds(ev)
    assert board(g, 0)["backpack"] == {"orc": 1} and board(g, 0)["cage"] == 1
    assert board(g, 1)["backpack"] == {"ogre": 1} and board(g, 1)["cage"] == 2
    assert where(g, 0) == where(g, 1) == "2,2" and g.state.phase == ENCOUNTER


def test_CD_DUEL_10_vault_dungeon_equipment_and_pantry_are_not_handed_over():
    """CD-DUEL-10, CD-ZONE-8, CD-INT-17: the loser keeps vault, dungeon, equipment and pantry goblin."""
    b = Board(backpack=["orc", "orc"], cage=1, vault=["giant"], dungeon=4, equipment="ogre", pantry=2)
    g = duel_on_2_2(b=b)
    play(g, "duel 1", "no flight", "throw 3", "throw 2")
    assert board(g, 1) == {"backpack": {}, "cage": 0, "vault": {"giant": 1}, "dungeon": 4, "equipment": "ogre",
                           "pantry": 2}
    assert board(g, 0)["backpack"] == {"orc": 2} and board(g, 0)["cage"] == 1 and board(g, 0)["equipment"] is None
    assert total_cards(g) == 124


def test_CD_DUEL_7_CD_COMBAT_1_both_sides_explode():
    """CD-DUEL-7, CD-COMBAT-1, CD-COMBAT-3: each side throws its own equipment die; a maximum throws
    again and adds (A d8: 8+8+1 = 17; B d10: 10+6 = 16); A wins."""
    g = duel_on_2_2(a=Board(equipment="ogre"), b=Board(equipment="troll", backpack=["orc"]))
    play(g, "duel 1", "no flight")
    for face, side in ((8, 0), (8, 0), (1, 0), (10, 1), (6, 1)):
        assert g.observation()["fight"]["side"] == side
        play(g, f"throw {face}")
    assert g.observation()["last_rolls"] == {"attacker": [8, 8, 1], "defender": [10, 6]}
    assert board(g, 0)["backpack"] == {"orc": 1} and where(g, 1) == "4,7"


def test_CD_DUEL_8_duel_loot_goes_into_the_winners_carried_zones():
    """CD-DUEL-8, CD-INT-10: backpack cards join the winner's backpack, goblins the winner's cage."""
    g = duel_on_2_2(a=Board(backpack=["orc"], cage=1, vault=["ogre"]), b=Board(backpack=["orc", "troll"], cage=2))
    play(g, "duel 1", "no flight", "throw 2", "throw 1")
    assert board(g, 0)["backpack"] == {"orc": 2, "troll": 1} and board(g, 0)["cage"] == 3
    assert board(g, 0)["vault"] == {"ogre": 1}


def test_CD_DUEL_8_the_duel_log_names_no_counts():
    """CD-DUEL-8, section 7: the table reads "backpack and cage handed over", never how many cards."""
    g = duel_on_2_2(b=Board(backpack=["orc", "troll"], cage=2))
    play(g, "duel 1", "no flight", "throw 2", "throw 1")
    text = next(r["text"] for r in g.log(1) if r["kind"] == "duel_won")
    assert "hands over backpack and cage" in text and "goes home" in text
    assert not any(ch.isdigit() for ch in text.split("(")[0])


def test_S_24_CD_INT_7_on_another_players_camp():
    """S-24, CD-INT-7, CD-INT-25: A ends on B's camp where B stands: A may duel B; there is no
    encounter (no pile on the edge) and no camp phase for A (not A's own camp): the turn passes."""
    g = position(2, at={0: "4,6"})
    play(g, "step 4,7")
    assert g.state.phase == CHOOSE_DUEL and ids(g) == ["duel 1", "no duel"]
    ev = play(g, "no duel")
    assert "monster_revealed" not in kinds(ev) and g.current_player == 1 and g.state.phase != CAMP


def test_CD_DUEL_11_defender_on_its_own_camp_loses_and_stays_home():
    """CD-DUEL-8, CD-DUEL-11, CD-INT-25: a defender beaten on its own camp "goes home" where it is;
    the attacker on a foreign camp has no encounter and no camp phase."""
    g = position(2, at={0: "4,6"}, boards={1: Board(backpack=["orc"])})
    play(g, "step 4,7", "duel 1", "no flight", "throw 3", "throw 1")
    assert where(g, 1) == "4,7" and board(g, 0)["backpack"] == {"orc": 1} and g.current_player == 1


def test_CD_DUEL_3_option_duel_decoy_to_cage_off_the_decoy_leaves_the_game():
    """CD-DUEL-3, CD-INT-10 (option duel_decoy_to_cage=False): the defender's decoy leaves the game
    instead of joining the attacker's cage."""
    g = duel_on_2_2(b=Board(cage=2), duel_decoy_to_cage=False)
    ev = play(g, "duel 1", "decoy")
    assert any(e.kind == "duel_fled" and "it leaves the game" in e.text for e in ev)
    assert board(g, 0)["cage"] == 0 and board(g, 1)["cage"] == 1 and g.state.removed.get("goblin") == 1
    assert total_cards(g) == 124
