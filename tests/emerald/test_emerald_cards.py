"""Taking cards on mountain squares (EM-CARD-*) and the bonus cards (EM-BONUS-*)."""

from __future__ import annotations

import pytest

from dragonwidgets.engine import IllegalActionError
from dragonwidgets.games.emerald.bonus import majority_holder
from emerald_builder import kinds, play, position


def pile(game, sq, p):
    return game.observation()["piles"][sq][p]


def test_EM_CARD_1_choice_of_either_face_up_card():
    """EM-CARD-1: ending on a mountain square with face-up cards, the player must take one of them."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}},
                 piles={"M1": {"gold": [1, 4], "gem": ["gem_2"]}}, dragon=("M4", "plain"), track=2)
    play(g, "move P6 black")
    assert g.observation()["decision"] == "take_card"
    assert [(a.id, a.targets) for a in g.legal_actions()] == [("take gold", ("M1/gold",)), ("take gem", ("M1/gem",))]
    assert all(a.rules == ("EM-CARD-1",) for a in g.legal_actions())
    with pytest.raises(IllegalActionError, match="card must be taken first"):
        g.apply("end turn")


def test_EM_CARD_2_next_card_turned_up():
    """EM-CARD-2: the face-down card under the taken one is turned face up at once (and logged)."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}},
                 piles={"M1": {"gold": [1, 4], "gem": ["gem_2"]}}, track=2, dragon=("M5", "plain"))
    events = play(g, "move P6 black", "take gold")
    assert pile(g, "M1", "gold") == {"count": 1, "top": {"kind": "gold", "value": 1}}
    assert "card_revealed" in kinds(events)
    assert "The next gold card of M1 is turned up: gold 1." in [e.text for e in events]


def test_EM_CARD_3_only_the_knight_that_ends_takes():
    """EM-CARD-3: knights standing on a square take nothing; plain and emptied squares give nothing."""
    g = position(3, knights={"M6": {"red": 1}, "P1": {"black": 1}, "P4": {"black": 1}}, emptied=("M1",), track=3,
                 dragon=("M4", "plain"))
    before = g.observation()["piles"]
    events = play(g, "move P1 black", "move P4 black")  # P1 -> P2 (plain), P4 -> P5 (plain)
    assert g.observation()["piles"] == before and "card_taken" not in kinds(events)
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}}, emptied=("M1",), track=3)
    play(g, "move P6 black")  # M1 emptied, not beside the track (s = 3): nothing at all
    assert g.observation()["decision"] == "select_knight" and g.current_player == 0


def test_EM_CARD_4_taking_a_card_ends_the_turn():
    """EM-CARD-4, EM-TURN-6: no second knight after a card (here with no dragon)."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}}, track=3, dragon=("M5", "plain"))
    play(g, "move P6 black", "take gem")
    assert g.current_player == 1


def test_EM_CARD_5_gold_face_down_scores_its_value():
    """EM-CARD-5, EM-SCORE-1: a taken gold lies face down in front of its taker and scores its value."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}},
                 piles={"M1": {"gold": [5], "gem": []}}, track=3)
    play(g, "move P6 black", "take gold")
    assert g.observation(0)["hands"][0]["gold"] == [5]
    assert g.observation(1)["hands"][0]["gold"] is None and g.observation(1)["hands"][0]["gold_count"] == 1
    assert g.scores()[0] == 5


def test_EM_CARD_6_gem_face_up_one_point():
    """EM-CARD-6, EM-SCORE-3: a gem lies face up (everyone sees it) and scores 1."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}},
                 piles={"M1": {"gold": [], "gem": ["gem_3"]}}, track=3)
    play(g, "move P6 black", "take gem")
    assert g.observation(2)["hands"][0]["gems"] == {"gem_3": 1}
    assert g.scores()[0] == 1


def test_EM_CARD_7_treasure_scores_five_and_cannot_pay():
    """EM-CARD-7, EM-SOOTHE-2: a treasure scores 5 and is never offered to the dragon."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}, "M1": {"black": 1}},
                 hands={0: {"treasures": 1, "gems": {"gem_1": 1}}}, emptied="all", dragon=("M2", "plain"))
    assert g.scores()[0] == 6
    play(g, "move P6 black", "roll 1")  # both black knights on M1; dragon M2 -> M1 captures one
    assert g.is_over or g.observation()["hands"][0]["treasures"] == 1
    assert "pay" not in " ".join(g.legal_action_ids())  # no gold: lose is automatic


def test_EM_EX_10_card_ends_the_turn_choice_and_reveal():
    """EM-EX-10: M6 shows gold 4 (+1) and gem_2 (+2), s = 1; black takes the gold 4: face down in front
    of black, the next gold of M6 turned up, no dragon, no second knight."""
    g = position(3, knights={"M3": {"black": 1, "red": 1, "blue": 1}, "P1": {"black": 1}},
                 piles={"M6": {"gold": [2, 4], "gem": ["gem_1", "gem_4", "gem_2"]}}, track=1)
    events = play(g, "move M3 black")
    assert g.legal_action_ids() == ["take gold", "take gem"]
    events += play(g, "take gold")
    obs = g.observation(0)
    assert obs["hands"][0]["gold"] == [4]
    assert obs["piles"]["M6"]["gold"] == {"count": 1, "top": {"kind": "gold", "value": 2}}
    assert "dragon_wakes" not in kinds(events) and g.current_player == 1


def test_EM_EX_25_forced_card():
    """EM-EX-25: M3's gem pile is empty and the gold pile shows gold 2 (+0): one forced action; M3 empty after."""
    g = position(3, knights={"M1": {"black": 1, "red": 1}, "P1": {"black": 1}},
                 piles={"M3": {"gold": [2], "gem": []}}, track=5, dragon=("M6", "plain"))
    play(g, "move M1 black")
    assert g.legal_action_ids() == ["take gold"]
    play(g, "take gold")
    assert g.observation()["piles"]["M3"] == {"gold": {"count": 0, "top": None}, "gem": {"count": 0, "top": None}}
    assert g.current_player == 1


# ---------------------------------------------------------------- bonus cards
def test_EM_BONUS_1_first_to_own_four_types_at_once():
    """EM-BONUS-1: taken as soon as the fourth type is taken, before the dragon moves."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}},
                 piles={"M1": {"gold": [3], "gem": ["gem_4"]}}, hands={0: {"gems": {"gem_1": 1, "gem_2": 1, "gem_3": 1}}},
                 dragon=("M4", "plain"), track=1)
    events = play(g, "move P6 black", "take gem")
    assert kinds(events)[-2:] == ["bonus_taken", "dragon_wakes"]
    assert g.observation()["bonus"]["four_different_gems"] == 0 and g.scores()[0] == 4 + 4


def test_EM_BONUS_2_never_taken_from_its_holder():
    """EM-BONUS-2: once held, another player completing the four types gets nothing."""
    g = position(3, active=1, knights={"P6": {"red": 1}, "P1": {"red": 1}},
                 piles={"M1": {"gold": [3], "gem": ["gem_4"]}},
                 hands={0: {"gems": {"gem_1": 1, "gem_2": 1, "gem_3": 1, "gem_4": 1}},
                        1: {"gems": {"gem_1": 1, "gem_2": 1, "gem_3": 1}}}, track=3)
    g.state.four_gems_holder = 0
    g.state.hands[0].bonus.append("four_different_gems")
    events = play(g, "move P6 red", "take gem")
    assert "bonus_taken" not in kinds(events) and g.observation()["bonus"]["four_different_gems"] == 0


def test_EM_EX_17_four_different_gems():
    """EM-EX-17: blue owns gem_1, gem_2, gem_2, gem_3 and takes gem_4 on M5 (s = 3): bonus before the roll;
    red later completing the four types gets nothing."""
    g = position(3, active=2, knights={"M2": {"blue": 1, "red": 2}, "P1": {"blue": 1}, "P6": {"red": 1}},
                 piles={"M5": {"gold": [1], "gem": ["gem_1", "gem_4"]},
                        "M1": {"gold": [], "gem": ["gem_4"]}},
                 hands={2: {"gems": {"gem_1": 1, "gem_2": 2, "gem_3": 1}},
                        1: {"gems": {"gem_1": 1, "gem_2": 1, "gem_3": 1}}}, track=3, dragon=("M3", "plain"))
    events = play(g, "move M2 blue", "take gem")
    assert "bonus_taken" in kinds(events) and g.current_player == -1
    assert g.observation()["bonus"]["four_different_gems"] == 2
    play(g, "roll 1")  # dragon M3 -> M4, nobody there; blue's turn ends
    play(g, "move T4 black", "end turn")  # black (filler knights on T4) plays a quiet turn
    events = play(g, "move P6 red", "take gem")  # red completes the four types on M1
    assert g.observation()["hands"][1]["gems"]["gem_4"] == 1 and "bonus_taken" not in kinds(events)
    assert g.observation()["bonus"]["four_different_gems"] == 2


def test_EM_BONUS_3_majority_at_the_end_and_EM_BONUS_5_independent():
    """EM-BONUS-3: strict majority per gem type at the end, 4 points; EM-BONUS-5: a player may hold several."""
    g = position(3, knights={"M9": {"black": 1}, "P1": {"black": 2}}, treasures_left=1,
                 hands={0: {"gems": {"gem_1": 2, "gem_2": 1, "gem_3": 1, "gem_4": 1}}, 1: {"gems": {"gem_1": 1}}})
    g.state.four_gems_holder = 0
    g.state.hands[0].bonus.append("four_different_gems")
    play(g, "move M9 black")
    obs = g.observation()
    assert obs["bonus"]["majority"] == {"gem_1": 0, "gem_2": 0, "gem_3": 0, "gem_4": 0}
    assert len(obs["hands"][0]["bonus"]) == 5 and g.scores()[0] == 5 + 5 + 5 * 4


def test_EM_BONUS_4_tie_or_nobody_gets_nothing():
    """EM-BONUS-4, EM-INT-19: a tie for the most (or nobody holding one) sends the bonus back to the box."""
    assert majority_holder([2, 2, 1]) is None
    assert majority_holder([0, 0, 0]) is None
    assert majority_holder([0, 1, 0]) == 1


def test_EM_EX_18_majority_bonuses():
    """EM-EX-18: gem_1 A2 B2 C1 -> nobody; gem_2 A2 -> A; gem_3 nobody; gem_4 A1 B2 C1 -> B."""
    g = position(3, knights={"M9": {"black": 1}, "P1": {"black": 2}}, treasures_left=1,
                 hands={0: {"gems": {"gem_1": 2, "gem_2": 2, "gem_4": 1}},
                        1: {"gems": {"gem_1": 2, "gem_4": 2}},
                        2: {"gems": {"gem_1": 1, "gem_4": 1}}})
    events = play(g, "move M9 black")
    assert g.observation()["bonus"]["majority"] == {"gem_1": None, "gem_2": 0, "gem_3": None, "gem_4": 1}
    assert sum(k == "majority_bonus" for k in kinds(events)) == 4
    assert g.observation()["hands"][1]["bonus"] == ["majority_gem_4"]
