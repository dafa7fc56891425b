"""Phase 3, the monster encounter (CD-ENC-1..12, CD-COMBAT-1..4, CD-INT-13..17, S-1..S-8, S-18, S-22).

Each test builds the table with ``cd_builder.position`` in manual chance mode and plays the fight
with explicit ``flee {face}`` and ``throw {face}`` ids: the player's side throws first, then the
monster's (a maximum explodes: the same side throws again and adds).
"""

from __future__ import annotations

import pytest

from cd_builder import Board, board, ids, kinds, pile, play, position, total_cards, where
from dragonwidgets.games.chasse_au_dragon.state import CAMP, COMBAT, ENCOUNTER, FLEE_ROLL, MOVE


def meet(card: str, *rest: str, me: Board | None = None, square: str = "2,2", players: int = 2, **kw):
    """Seat 0 stands on ``square`` whose pile is ``[card, *rest]``, has stopped and faces ``card``."""
    g = position(players, at={0: square}, boards={0: me or Board()}, piles={square: [card, *rest]}, **kw)
    play(g, "stop")
    assert g.state.phase == ENCOUNTER and g.observation()["revealed"]["card"] == card
    return g


def removed(g, card: str) -> int:
    return g.state.removed.get(card, 0)


# ---------------------------------------------------------------------------- revealing


def test_CD_ENC_1_CD_BOARD_6_the_top_card_is_revealed_to_everyone():
    """CD-ENC-1, CD-BOARD-6: the top card (and only it) is shown to every seat; the pile size stays public."""
    g = meet("ogre", "goblin", "orc", "troll", players=3)
    for viewer in (0, 1, 2):
        obs = g.observation(viewer)
        assert obs["revealed"] == {"square": "2,2", "card": "ogre", "power": 8} and obs["piles"]["2,2"] == 4
        assert "hidden" not in obs
    assert any("an ogre (power 8)" in r["text"] for r in g.log(2))


def test_CD_ENC_1_at_most_one_encounter_per_turn():
    """CD-ENC-1, CD-TURN-5: after one encounter (a free flight here) the turn is over, even though the
    pile still holds monsters."""
    g = meet("goblin", "orc", me=Board(equipment="orc"))
    play(g, "flee free")
    assert g.current_player == 1 and g.state.phase == MOVE and pile(g, "2,2") == ["orc", "goblin"]


# ---------------------------------------------------------------------------- flight


def test_S_1_CD_ENC_5_CD_INT_14_free_flight_from_a_weaker_monster():
    """S-1, CD-ENC-5, CD-INT-14, CD-ENC-6: equipment orc (6) against a goblin (4 < 6): the options are
    exactly 'flee free' and 'fight'; fleeing puts the goblin under the pile, no roll, no goblin spent."""
    g = meet("goblin", "orc", me=Board(equipment="orc", cage=1))
    assert ids(g) == ["flee free", "fight"]
    ev = play(g, "flee free")
    assert kinds(ev)[0] == "card_under" and "flight_roll" not in kinds(ev)
    assert pile(g, "2,2") == ["orc", "goblin"] and board(g, 0)["cage"] == 1 and not g.state.removed


@pytest.mark.parametrize("equipment, card, cage, options", [
    ("ogre", "ogre", 1, ["decoy", "flee roll", "fight"]),
    (None, "goblin", 1, ["decoy", "flee roll", "fight"]),
    (None, "goblin", 0, ["flee roll", "fight"]),
    ("troll", "giant", 2, ["decoy", "flee roll", "fight"]),
    ("giant", "troll", 2, ["flee free", "fight"]),
    ("troll", "orc", 0, ["flee free", "fight"]),
])
def test_S_2_CD_ENC_3_CD_INT_19_equal_power_is_not_a_free_flight(equipment, card, cage, options):
    """S-2, CD-ENC-3, CD-ENC-5, CD-INT-19: a monster of power equal to or above the equipment's (base
    equipment counts 4) can only be fled by a decoy (if the cage holds one) or a flight roll."""
    g = meet(card, "orc", me=Board(equipment=equipment, cage=cage))
    assert ids(g) == options


def test_S_18_CD_INT_13_no_decoy_from_the_pantry_or_the_dungeon():
    """S-18, CD-INT-13, CD-ENC-3: cage 0, pantry 3, dungeon 2, a giant, base d4: 'flee roll' and 'fight' only."""
    g = meet("giant", "orc", me=Board(pantry=3, dungeon=2), square="3,3")
    assert ids(g) == ["flee roll", "fight"]


def test_CD_ENC_3_a_decoy_leaves_the_game_and_the_monster_goes_under():
    """CD-ENC-3 (a), CD-ENC-6, CD-GOB-2: the decoy goblin is removed from the game (not captured by
    anyone); the monster goes under its pile; no fight."""
    g = meet("troll", "orc", "goblin", "goblin", me=Board(cage=2))
    ev = play(g, "decoy")
    assert "fight" not in kinds(ev) and board(g, 0)["cage"] == 1 and removed(g, "goblin") == 1
    assert pile(g, "2,2") == ["orc", "goblin", "goblin", "troll"] and total_cards(g) == 124


def test_CD_ENC_3_flight_roll_on_the_players_own_die():
    """CD-ENC-3 (b), WE-4: the flight roll is one throw of the player's equipment die (an ogre's d8):
    faces 1..8 at 1/8 each, success only on 8, no explosion."""
    g = meet("troll", "orc", "goblin", "goblin", me=Board(equipment="ogre"))
    play(g, "flee roll")
    assert g.state.phase == FLEE_ROLL and [a.id for a in g.legal_actions()] == [f"flee {f}" for f in range(1, 9)]
    assert all(a.prob == pytest.approx(1 / 8) for a in g.legal_actions())
    play(g, "flee 8")
    assert pile(g, "2,2")[-1] == "troll" and g.current_player == 1


def test_S_3_CD_ENC_4_no_decoy_after_a_failed_flight_roll():
    """S-3, CD-ENC-4, CD-ENC-7: base d4, cage 2, a troll: the flight roll shows 3: no decision follows,
    the fight d4 against d10 starts; on a 4 the troll would have gone under with the cage still 2."""
    g = meet("troll", "orc", "goblin", "goblin", me=Board(cage=2))
    play(g, "flee roll", "flee 3")
    assert g.state.phase == COMBAT and g.observation()["fight"]["faces"] == [4, 10]
    assert "decoy" not in ids(g) and board(g, 0)["cage"] == 2
    g = meet("troll", "orc", "goblin", "goblin", me=Board(cage=2))
    play(g, "flee roll", "flee 4")
    assert pile(g, "2,2")[-1] == "troll" and board(g, 0)["cage"] == 2 and g.current_player == 1


# ---------------------------------------------------------------------------- fights


def test_S_4_CD_ENC_10_tie_after_an_explosion():
    """S-4, CD-ENC-10, CD-COMBAT-1, CD-COMBAT-2: base d4 against an orc's d6: the player throws 4 (it
    explodes) then 1 = 5, the orc 5: a tie: the orc goes under, the player loses and gains nothing."""
    g = meet("orc", "goblin", me=Board(backpack=["ogre"], cage=1))
    play(g, "fight")
    assert g.observation()["fight"]["faces"] == [4, 6]
    ev = play(g, "throw 4", "throw 1", "throw 5")
    fight = next(e for e in ev if e.kind == "fight")
    assert fight.data["throws"] == [[4, 1], [5]] and fight.data["totals"] == [5, 5]
    assert any(e.kind == "card_under" and "A tie" in e.text for e in ev)
    assert pile(g, "2,2") == ["goblin", "orc"] and board(g, 0)["backpack"] == {"ogre": 1} and board(g, 0)["cage"] == 1


def test_S_5_CD_ENC_8_beginners_luck():
    """S-5, CD-ENC-8, CD-MON-3: base d4 throws 4, 4, 3 = 11 against a giant's 9 on its d12: the giant
    card leaves the pile for the backpack (wealth 12)."""
    g = meet("giant", "orc", "goblin", square="3,3")
    play(g, "fight")
    assert g.observation()["fight"]["faces"] == [4, 12]
    play(g, "throw 4", "throw 4", "throw 3", "throw 9")
    assert board(g, 0)["backpack"] == {"giant": 1} and pile(g, "3,3") == ["orc", "goblin"]
    assert g.scores()[0] == 12


def test_CD_ENC_8_a_beaten_goblin_is_captured_into_the_cage():
    """CD-ENC-8, CD-MON-4: a beaten goblin joins the cage as a whole goblin and gives no wealth."""
    g = meet("goblin", "orc", me=Board(cage=1))
    ev = play(g, "fight", "throw 3", "throw 2")
    assert any(e.kind == "monster_beaten" and "captures the goblin" in e.text for e in ev)
    assert board(g, 0)["cage"] == 2 and board(g, 0)["backpack"] == {} and pile(g, "2,2") == ["orc"]
    assert g.scores()[0] == 0


def test_S_6_CD_ENC_9_a_goblin_frees_the_cage():
    """S-6, CD-ENC-9, CD-ZONE-8, CD-INT-17: backpack orc + ogre, cage 3, pantry 2; a goblin wins: the
    3 cage goblins leave the game, backpack and pantry are kept, the goblin goes under, P stays."""
    g = meet("goblin", "orc", me=Board(backpack=["orc", "ogre"], cage=3, pantry=2))
    play(g, "fight", "throw 1", "throw 3")
    assert board(g, 0) == {"backpack": {"orc": 1, "ogre": 1}, "cage": 0, "vault": {}, "dungeon": 0,
                           "equipment": None, "pantry": 2}
    assert removed(g, "goblin") == 3 and pile(g, "2,2") == ["orc", "goblin"] and where(g, 0) == "2,2"


def test_S_7_CD_ENC_9_a_troll_takes_the_backpack():
    """S-7, CD-ENC-9, CD-ZONE-8: backpack orc + giant, cage 2, vault troll; a troll wins: the orc and
    the giant leave the game, cage and vault are kept, the troll goes under."""
    g = meet("troll", "orc", "goblin", "goblin", me=Board(backpack=["orc", "giant"], cage=2, vault=["troll"]))
    play(g, "fight", "throw 2", "throw 7")
    assert board(g, 0)["backpack"] == {} and board(g, 0)["cage"] == 2 and board(g, 0)["vault"] == {"troll": 1}
    assert removed(g, "orc") == 1 and removed(g, "giant") == 1 and pile(g, "2,2")[-1] == "troll"
    assert total_cards(g) == 124


@pytest.mark.parametrize("card", ["orc", "ogre", "troll", "giant"])
def test_CD_ENC_9_orc_to_giant_take_only_the_backpack(card):
    """CD-ENC-9: an orc, ogre, troll or giant ("ni un goblin ni un dragon") takes the backpack only."""
    g = meet(card, "goblin", "goblin", "orc", me=Board(backpack=["orc"], cage=2, pantry=1))
    play(g, "fight", "throw 1", "throw 5")
    assert board(g, 0)["backpack"] == {} and board(g, 0)["cage"] == 2 and board(g, 0)["pantry"] == 1


def test_S_8_CD_ENC_9_CD_END_2_a_dragon_takes_backpack_and_cage_and_the_game_goes_on():
    """S-8, CD-ENC-9, CD-END-2, CD-INT-15, CD-INT-17: backpack giant + ogre, cage 4, pantry 1,
    equipment giant; the dragon wins: backpack and cage leave the game, pantry, vault, dungeon and
    equipment are kept, the dragon goes under its pile, the game goes on."""
    me = Board(backpack=["giant", "ogre"], cage=4, pantry=1, equipment="giant", vault=["orc"], dungeon=1)
    g = meet("dragon", "orc", "goblin", square="3,3", me=me)
    assert ids(g) == ["decoy", "flee roll", "fight"]  # 20 >= 12
    play(g, "fight")
    assert g.observation()["fight"]["faces"] == [12, 20]
    play(g, "throw 5", "throw 15")
    assert board(g, 0) == {"backpack": {}, "cage": 0, "vault": {"orc": 1}, "dungeon": 1, "equipment": "giant",
                           "pantry": 1}
    assert pile(g, "3,3") == ["orc", "goblin", "dragon"] and not g.is_over and g.current_player == 1
    assert removed(g, "goblin") == 4 and removed(g, "giant") == 1 and removed(g, "ogre") == 1


def test_CD_ENC_7_CD_MON_2_the_monster_throws_its_power_die_and_explodes_too():
    """CD-ENC-7, CD-MON-2, CD-COMBAT-1, CD-COMBAT-3: an orc's d6 throws 6 then 6 then 2 = 14 against the
    player's troll d10 throwing 10 then 3 = 13: the orc wins."""
    g = meet("orc", "goblin", me=Board(equipment="troll", backpack=["ogre"]))
    play(g, "fight")
    assert g.observation()["fight"]["faces"] == [10, 6]
    assert [a.id for a in g.legal_actions()] == [f"throw {f}" for f in range(1, 11)]
    play(g, "throw 10", "throw 3")
    assert [a.id for a in g.legal_actions()] == [f"throw {f}" for f in range(1, 7)]
    play(g, "throw 6", "throw 6", "throw 2")
    assert g.observation()["last_rolls"] == {"attacker": [10, 3], "defender": [6, 6, 2]}
    assert board(g, 0)["backpack"] == {} and pile(g, "2,2") == ["goblin", "orc"]


@pytest.mark.parametrize("players, fighter, roller",
                         [(2, 0, "Blue"), (2, 1, "White"), (4, 3, "White"), (4, 1, "Black")])
def test_CD_COMBAT_4_CD_INT_26_CD_PLAYERS_2_the_left_neighbour_rolls_for_the_monster(players, fighter, roller):
    """CD-COMBAT-4, CD-INT-26, CD-PLAYERS-2, CD-INT-1: the monster's die is labelled as rolled by the
    fighter's left neighbour (the next seat; with 2 players the opponent); it is still chance, not a
    decision of that seat."""
    g = position(players, active=fighter, at={fighter: "2,2"}, piles={"2,2": ["orc", "goblin"]})
    play(g, "stop", "fight", "throw 1")
    assert g.is_chance_node and g.current_player == -1
    assert all(a.label.startswith(f"The orc (rolled by {roller})") for a in g.legal_actions())


def test_CD_ENC_11_the_player_never_moves_and_meets_the_new_top_card_next_turn():
    """CD-ENC-11, CD-INT-16: after a lost fight the player stays on the square (no going home); staying
    there the next turn, they meet the pile's new top card."""
    g = meet("orc", "ogre", "goblin", "goblin", me=Board(backpack=["troll"]))
    play(g, "fight", "throw 1", "throw 2")
    assert where(g, 0) == "2,2" and pile(g, "2,2") == ["ogre", "goblin", "goblin", "orc"]
    play(g, "stop", "end turn")  # Blue, on its camp
    play(g, "stop")
    assert g.observation()["revealed"]["card"] == "ogre"


def test_S_22_CD_INT_16_an_emptied_pile_has_no_encounter():
    """S-22, CD-INT-16, CD-BOARD-3: the single orc of (1,2) is beaten: the square has no pile any more,
    and ending a later movement there gives no encounter."""
    g = meet("orc", square="1,2")
    play(g, "fight", "throw 3", "throw 2")
    assert pile(g, "1,2") == [] and g.observation()["piles"]["1,2"] == 0
    play(g, "stop", "end turn")  # Blue
    ev = play(g, "stop")
    assert "monster_revealed" not in kinds(ev) and g.current_player == 1


def test_S_22_CD_INT_16_a_one_card_pile_returns_its_card_on_top():
    """S-22, CD-INT-16: fleeing the single orc puts it "under" a one-card pile: it is the top card again."""
    g = meet("orc", square="1,2", me=Board(cage=1))
    play(g, "decoy")
    assert pile(g, "1,2") == ["orc"]
    play(g, "stop", "end turn", "stop")
    assert g.observation()["revealed"]["card"] == "orc"


def test_CD_ENC_6_CD_CAMP_1_after_the_encounter_own_camp_or_the_turn_ends():
    """CD-ENC-6, CD-TURN-2, CD-TURN-5: the encounter over, a player off their own camp ends the turn; the
    left neighbour moves next."""
    g = meet("goblin", "orc", me=Board(equipment="ogre"))
    play(g, "flee free")
    assert g.current_player == 1 and g.state.phase == MOVE and g.state.steps == 0


def test_CD_ENC_2_the_fight_may_be_chosen_even_when_a_free_flight_is_offered():
    """CD-ENC-2, CD-ENC-5: 'fight' is always offered; against a weaker goblin it can be taken."""
    g = meet("goblin", "orc", me=Board(equipment="giant"))
    play(g, "fight", "throw 7", "throw 3")
    assert board(g, 0)["cage"] == 1


def test_CD_ENC_1_the_encounter_log_is_public():
    """CD-ENC-1, section 7: every seat reads the card type, the fight's throws and where the card went."""
    g = meet("orc", "goblin", me=Board(backpack=["ogre"]))
    play(g, "fight", "throw 2", "throw 4")
    texts = [r["text"] for r in g.log(1)]
    assert any("an orc (power 6)" in t for t in texts)
    assert "Fight: White 2 = 2, the orc (rolled by Blue) 4 = 4." in texts
    assert any("backpack is emptied out of the game" in t for t in texts)


def test_CD_TURN_3_no_camp_phase_off_the_own_camp():
    """CD-TURN-2, CD-CAMP-1: an encounter on an inner square never leads to a camp phase."""
    g = meet("ogre", "orc", "goblin", "goblin", me=Board(backpack=["troll"]))
    play(g, "fight", "throw 3", "throw 2")
    assert g.state.phase != CAMP and g.current_player == 1
