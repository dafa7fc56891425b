"""End of the game (EM-END-*), scoring and tie-breaks (EM-SCORE-*), and the digest's other interpretations."""

from __future__ import annotations

import pytest

from dragonwidgets.games.emerald.scoring import score, winners
from dragonwidgets.games.emerald.state import Hand
from emerald_builder import kinds, play, position


def test_EM_END_1_last_treasure_ends_at_once():
    """EM-END-1: taking the last treasure card ends the game immediately."""
    g = position(3, knights={"M9": {"black": 1}, "P1": {"black": 2}}, treasures_left=1)
    play(g, "move M9 black")
    assert g.is_over and g.outcome().reason == "the last treasure card was taken from the lair (EM-END-1)"


def test_EM_EX_19_end_last_treasure():
    """EM-EX-19: black's first knight takes the last treasure: no second move, no further turn."""
    g = position(3, knights={"M9": {"black": 1}, "P1": {"black": 2}}, treasures_left=1)
    events = play(g, "move M9 black")
    assert g.current_player is None and g.legal_actions() == []
    assert kinds(events)[-1] == "game_over" and g.observation()["turn"] == 1


def test_EM_END_2_one_knight_left_in_play():
    """EM-END-2, EM-INT-14: any player (active or not) down to one knight in play ends the game at once."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}, "M3": {"red": 1}, "P2": {"red": 1}},
                 emptied="all")
    play(g, "move P6 black", "roll 1")
    assert g.is_over and g.outcome().reason == "Red has only one knight left in play (EM-END-2)"


def test_EM_EX_20_end_one_knight_left_out_of_turn():
    """EM-EX-20: 5 players; red has 1 knight in the nest, 2 on the path (M5, P3) and (as the worked example
    has it) 1 in the lair, which counts only under the path-only reading of EM-INT-13 (the example is
    played with lair_knights_in_play=False); the dragon ends on M5 on black's first move; red cannot pay:
    red has 1 knight in play; the game ends at once, with no track advance and no second move for black."""
    g = position(5, knights={"M1": {"black": 1, "green": 2}, "P1": {"black": 2}, "M5": {"red": 1}, "P3": {"red": 1}},
                 lair=["red"], nest={"red": 1}, track=2, dragon=("M3", "lair"), emptied="all",
                 lair_knights_in_play=False)
    play(g, "move M1 black", "roll 2")  # M1 (3 knights) -> M4, beside the track; dragon M4, M5
    assert g.is_over and "Red has only one knight left in play" in g.outcome().reason
    assert g.observation()["flight_track"]["position"] == 2 and g.observation()["knights"]["NEST"] == {"red": 2}
    assert sorted(g.scores()) == [0, 1, 2, 3, 4]


def test_EM_EX_21_end_through_a_lair_entry():
    """EM-EX-21, EM-INT-13 (path-only reading, ``lair_knights_in_play=False``, as the worked example is
    written): 3 players, 2 treasures left; red: 2 in the lair, 1 in the nest, M9 and P4. Red enters the
    lair from M9: a treasure (1 left), and 1 knight on the path: the game ends."""
    g = position(3, active=1, knights={"M9": {"red": 1}, "P4": {"red": 1}, "P1": {"black": 2}},
                 lair=["red", "red"], nest={"red": 1}, treasures_left=2, lair_knights_in_play=False)
    play(g, "move M9 red")
    assert g.is_over and g.observation()["treasures_left"] == 1
    assert g.outcome().reason == "Red has only one knight left in play (EM-END-2)"


def test_EM_INT_13_by_default_a_lair_entry_does_not_end_the_game():
    """EM-INT-13, EM-END-2 (default reading): the rulebook calls only a knight carried to the nest "retiré du
    jeu"; a knight in the lair stays in play. EM-EX-21's position goes on: red still has 4 knights in play."""
    g = position(3, active=1, knights={"M9": {"red": 1}, "P4": {"red": 1}, "P1": {"black": 2}},
                 lair=["red", "red"], nest={"red": 1}, treasures_left=2)
    play(g, "move M9 red")
    assert not g.is_over and g.observation()["treasures_left"] == 1 and g.current_player == 2
    # ... and the nest still ends it: red down to one knight outside the nest (EM-END-2).
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}, "M3": {"red": 1}, "P2": {"red": 1}},
                 lair=["black"], emptied="all")
    play(g, "move P6 black", "roll 1")
    assert g.is_over and g.outcome().reason == "Red has only one knight left in play (EM-END-2)"


def test_EM_END_3_immediately_means_nothing_more():
    """EM-END-3: no card, dragon, track or knight move after the end; players may have had unequal turns."""
    g = position(3, active=1, knights={"M9": {"red": 1}, "P1": {"red": 2}}, treasures_left=1)
    play(g, "move M9 red")
    assert g.is_over and g.observation()["decision"] is None and g.current_player is None
    assert g.observation()["first_player"] == 1  # red started, black never played: unequal turns


def test_EM_END_4_majority_bonuses_then_scores():
    """EM-END-4: the majority bonuses are awarded at the end (not before), then the scores computed."""
    g = position(3, knights={"M9": {"black": 1}, "P1": {"black": 2}}, treasures_left=1,
                 hands={1: {"gems": {"gem_2": 1}}})
    assert g.observation()["bonus"]["majority"]["gem_2"] is None and g.scores()[1] == 1
    events = play(g, "move M9 black")
    assert g.observation()["bonus"]["majority"]["gem_2"] == 1 and g.scores()[1] == 5
    assert kinds(events)[-5:] == ["majority_bonus"] * 4 + ["game_over"]
    assert "Scores: Black 5, Red 5, Blue 0." in events[-1].text


def test_EM_SCORE_1_to_5_counting():
    """EM-SCORE-1 gold at value, EM-SCORE-2 treasures 5, EM-SCORE-3 gems 1, EM-SCORE-4 bonus 4,
    EM-SCORE-5 paid gold nothing."""
    g = position(3)
    hand = Hand(gold=[5, 3], gems={"gem_1": 2, "gem_3": 1}, treasures=2, bonus=["four_different_gems"], paid=[4, 4])
    assert score(hand, g.board) == 8 + 10 + 3 + 4


def test_EM_SCORE_6_highest_total_wins():
    """EM-SCORE-6: the highest total wins."""
    g = position(3, hands={0: {"gold": [5]}, 1: {"gold": [4]}, 2: {"gold": [1, 1]}})
    assert winners(g.state, g.board) == [0]


def test_EM_EX_22_score_and_tie_breaks():
    """EM-EX-22, EM-SCORE-7, EM-INT-20: A 20, B 20, C 20; B has most treasures and wins; without B,
    A and C tie on 1 treasure and C wins on gems (5 vs 3)."""
    g = position(3, hands={0: {"gold": [5, 3], "treasures": 1, "gems": {"gem_1": 3}},
                           1: {"gold": [4, 4, 2], "treasures": 2},
                           2: {"gold": [5, 1], "treasures": 1, "gems": {"gem_2": 5}}})
    g.state.hands[0].bonus.append("majority_gem_1")
    g.state.hands[2].bonus.append("majority_gem_2")
    assert g.scores() == {0: 20, 1: 20, 2: 20}
    assert winners(g.state, g.board) == [1]
    g.state.hands[1].gold = [4, 4, 1]
    assert winners(g.state, g.board) == [2]


def test_EM_SCORE_7_surviving_tie_is_shared():
    """EM-SCORE-7, EM-INT-20: a tie on score, treasures and gems among three players is a shared victory."""
    g = position(3, knights={"M9": {"black": 1}, "P1": {"black": 2}}, treasures_left=1,
                 hands={0: {"gold": [1]}, 1: {"gold": [3, 3], "treasures": 1}, 2: {"gold": [5, 1], "treasures": 1}})
    play(g, "move M9 black")  # black: 1 + 5 = 6 with 1 treasure
    assert g.scores() == {0: 6, 1: 11, 2: 11} and g.winners() == [1, 2]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_outcome_reports_scores_and_winners(players):
    from dragonwidgets.engine import RandomBot, play_out
    import random

    g = position(players, seed=players)
    play_out(g, [RandomBot()] * players, random.Random(players))
    out = g.outcome()
    assert out.scores == g.scores() and out.winners == g.winners() and out.reason
    assert g.observation(0)["scores"] == {str(k): v for k, v in out.scores.items()}
