"""The end of the game and the scores (CD-END-1..3, CD-SCORE-1..4, CD-ENC-12, CD-INT-18..20, CD-INT-24,
S-9, S-21): a slain dragon ends the game at once; the richest win, ties share the win.
"""

from __future__ import annotations

import pytest

from cd_builder import Board, board, ids, kinds, pile, play, position
from dragonwidgets.games.chasse_au_dragon.zones import score


def slay_the_dragon(g, mine=(12, 5), dragon=(9,)):
    """Seat ``active`` has stopped on a dragon pile: fight and win with the given throws."""
    return play(g, "fight", *(f"throw {f}" for f in (*mine, *dragon)))


def test_S_9_CD_END_1_CD_ENC_12_a_slain_dragon_ends_the_game_and_scores():
    """S-9, CD-END-1, CD-ENC-12, CD-SCORE-1, CD-SCORE-2, CD-SCORE-4, CD-INT-18: A (backpack orc, vault
    troll, equipment giant, cage 5, dungeon 3, pantry 2) beats a dragon: the game ends at once, the
    dragon in A's backpack; A = 20 + 6 + 10 + 12 = 48, B = 12 + 12 + 10 + 8 = 42, C = 6 + 6 + 8 = 20: A wins."""
    g = position(3, at={0: "3,3"}, piles={"3,3": ["dragon", "orc", "troll"]}, boards={
        0: Board(backpack=["orc"], vault=["troll"], equipment="giant", cage=5, dungeon=3, pantry=2),
        1: Board(vault=["giant", "giant", "troll", "ogre"]),
        2: Board(backpack=["orc", "orc"], equipment="ogre"),
    })
    play(g, "stop")
    ev = slay_the_dragon(g)
    assert g.is_over and g.current_player is None and g.legal_actions() == []
    assert board(g, 0)["backpack"] == {"orc": 1, "dragon": 1} and pile(g, "3,3") == ["orc", "troll"]
    out = g.outcome()
    assert out.scores == {0: 48, 1: 42, 2: 20} and out.winners == [0] and out.reason == "White slew a dragon"
    assert kinds(ev)[-1] == "game_over" and "White 48, Blue 42, Black 20" in ev[-1].text
    assert g.observation(1)["scores"] == {"0": 48, "1": 42, "2": 20} and g.observation(1)["decision"] is None


def test_CD_INT_18_nothing_else_happens_in_that_turn():
    """CD-INT-18, CD-TURN-5: no camp phase and no next turn after the dragon: the active seat stays the
    slayer and no further id is legal."""
    g = position(2, at={0: "4,4"}, piles={"4,4": ["dragon"]}, boards={0: Board(equipment="giant")})
    play(g, "stop")
    slay_the_dragon(g)
    assert g.state.active == 0 and g.state.round == 1 and g.state.dragon_slayer == 0
    assert g.observation()["decision"] is None and ids(g) == []


@pytest.mark.parametrize("how, throws", [
    ("tie", ("fight", "throw 4", "throw 4", "throw 4", "throw 1", "throw 13")),
    ("dragon wins", ("fight", "throw 3", "throw 4")),
    ("flight roll", ("flee roll", "flee 4")),
    ("decoy", ("decoy",)),
])
def test_CD_END_2_CD_INT_15_a_dragon_not_slain_goes_under_and_the_game_goes_on(how, throws):
    """CD-END-2, CD-INT-15, CD-ENC-6, CD-ENC-10: a dragon that ties, wins, or is fled goes under its pile
    like any monster; the game goes on with the next seat."""
    g = position(2, at={0: "3,4"}, piles={"3,4": ["dragon", "orc", "goblin"]}, boards={0: Board(cage=1)})
    play(g, "stop", *throws)
    assert not g.is_over and g.current_player == 1 and pile(g, "3,4") == ["orc", "goblin", "dragon"]


def test_CD_ENC_12_the_dragon_card_is_worth_20():
    """CD-ENC-12, CD-MON-3: the slain dragon lies in the backpack and counts 20."""
    g = position(2, at={0: "4,3"}, piles={"4,3": ["dragon"]})
    play(g, "stop")
    slay_the_dragon(g, mine=(4, 4, 4, 2), dragon=(13,))
    assert g.scores() == {0: 20, 1: 0} and g.winners() == [0]


def test_S_21_CD_SCORE_3_CD_INT_19_CD_INT_20_base_equipment_scores_0_and_ties_share_the_win():
    """S-21, CD-SCORE-3, CD-INT-19, CD-INT-20, CD-SCORE-4: D has vault orc and base equipment, E an orc
    equipment only: 6 each, co-winners (the game stopped by max_rounds). With base_equipment_score=4, D
    has 10 and wins alone."""
    for base, scores, winners in ((0, {0: 6, 1: 6}, [0, 1]), (4, {0: 10, 1: 6}, [0])):
        g = position(2, boards={0: Board(vault=["orc"]), 1: Board(equipment="orc")}, max_rounds=1,
                     base_equipment_score=base)
        play(g, "stop", "end turn", "stop", "end turn")
        assert g.is_over and g.outcome().scores == scores and g.winners() == winners


def test_CD_SCORE_4_CD_INT_20_the_slayer_can_tie_or_lose():
    """CD-SCORE-4, CD-INT-20: slaying the dragon ends the game but does not win it by itself: with 20
    in its vault (giant + ogre) the other seat ties the slayer, and with more it wins alone."""
    for vault, winners in ((["giant", "ogre"], [0, 1]), (["giant", "troll"], [1])):
        g = position(2, at={0: "3,3"}, piles={"3,3": ["dragon"]}, boards={1: Board(vault=vault)})
        play(g, "stop")
        slay_the_dragon(g, mine=(4, 3), dragon=(2,))
        assert g.winners() == winners


def test_CD_SCORE_1_CD_SCORE_2_wealth_is_backpack_vault_and_equipment_goblins_count_nothing():
    """CD-SCORE-1, CD-SCORE-2, CD-MON-4: backpack + vault + equipment powers; cage, dungeon and pantry
    goblins add nothing; scores() counts the same way during the game."""
    g = position(3, boards={0: Board(backpack=["orc", "ogre"], vault=["giant"], equipment="troll"),
                            1: Board(cage=9, dungeon=9, pantry=3), 2: Board(equipment="orc")})
    assert g.scores() == {0: 6 + 8 + 12 + 10, 1: 0, 2: 6}
    assert score(g.state.boards[1], base_equipment_score=4) == 4


def test_CD_END_3_CD_INT_24_only_max_rounds_stops_a_game_without_a_slain_dragon():
    """CD-END-3, CD-INT-24: max_rounds (not a rule) ends the game after that many full rounds, starting
    from the first player, reported as stopped; by default (0) rounds go on without limit."""
    g = position(3, first_player=1, active=1, max_rounds=2)
    for _ in range(2 * 3):
        assert not g.is_over
        play(g, "stop", "end turn")
    assert g.is_over and g.state.round == 3 and "stopped after 2 rounds (max_rounds, not a rule)" == g.outcome().reason
    g = position(2)
    for _ in range(2 * 30):
        play(g, "stop", "end turn")
    assert not g.is_over and g.state.round == 31


def test_CD_END_1_only_the_first_dragon_matters():
    """CD-END-1: "la partie se termine donc lorsqu'un joueur remporte la première carte « dragon »": the
    game ends with the first dragon won; other dragon cards stay in their piles."""
    g = position(2, at={0: "3,3"}, piles={"3,3": ["dragon"], "4,4": ["goblin", "dragon"]})
    play(g, "stop")
    slay_the_dragon(g, mine=(4, 3), dragon=(5,))
    assert g.is_over and pile(g, "4,4") == ["goblin", "dragon"]
    hidden = g.observation()["hidden"]["piles"]
    assert sum(p.count("dragon") for p in hidden.values()) == 3
