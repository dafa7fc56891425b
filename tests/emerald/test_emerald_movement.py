"""Turn structure (EM-TURN-*), knight movement (EM-MOVE-*), the lair (EM-LAIR-*), two players (EM-P2-*)."""

from __future__ import annotations

import pytest

from dragonwidgets.engine import IllegalActionError
from dragonwidgets.games.emerald import EmeraldGame
from emerald_builder import dragon, kinds, play, position


def ids(game):
    return game.legal_action_ids()


def dest_of(game, action_id):
    return next(a for a in game.legal_actions() if a.id == action_id).targets[2]


def knights(game, space):
    return game.observation()["knights"].get(space, {})


# ---------------------------------------------------------------- EM-MOVE
def test_EM_MOVE_1_counts_all_knights_on_start_square():
    """EM-MOVE-1: the distance is the number of knights of all colours on the start square, itself included."""
    g = position(3, knights={"P2": {"black": 1, "red": 1, "blue": 1}, "P5": {"black": 1}}, emptied="all")
    assert dest_of(g, "move P2 black") == "P5"
    assert dest_of(g, "move P5 black") == "P6"


def test_EM_EX_2_counting():
    """EM-EX-2: black's knight on P2 with a red and a blue knight moves exactly 3, to P5; a tower of 3 -> P3."""
    g = position(3, knights={"P2": {"black": 1, "red": 1, "blue": 1}, "T1": {"black": 1, "red": 1, "blue": 1}})
    assert dest_of(g, "move T1 black") == "P3"
    play(g, "move P2 black")
    assert knights(g, "P5") == {"black": 1} and knights(g, "P2") == {"red": 1, "blue": 1}


def test_EM_MOVE_2_leaving_the_castle_first_point_is_P1():
    """EM-MOVE-2: a start space with n knights sends its knight to Pn; never to another tower."""
    for players, want in ((2, "P4"), (3, "P3"), (4, "P4"), (5, "P5")):
        g = EmeraldGame(players=players, seed=0, first_player=0)
        assert {a.targets[2] for a in g.legal_actions()} == {want}
        assert all(a.targets[2].startswith("P") for a in g.legal_actions())


def test_EM_MOVE_3_knights_never_move_backward():
    """EM-MOVE-3: every destination lies further along the path than its start."""
    g = position(3, knights={"P4": {"black": 2, "red": 1}, "M3": {"black": 1}, "T2": {"black": 1}}, emptied="all")
    order = ["T2", "P1", "P2", "P3", "P4", "P5", "P6"] + [f"M{k}" for k in range(1, 10)] + ["LAIR"]
    for a in g.legal_actions():
        if a.kind == "select_knight":
            assert order.index(a.targets[2]) > order.index(a.targets[1])


def test_EM_MOVE_4_P6_to_M1_costs_one_point():
    """EM-MOVE-4: P6 and M1 are adjacent."""
    g = position(3, knights={"P6": {"black": 1}, "P5": {"black": 1, "red": 1}}, emptied="all")
    assert dest_of(g, "move P6 black") == "M1"
    assert dest_of(g, "move P5 black") == "M1"


def test_EM_MOVE_5_no_limit_on_a_square():
    """EM-MOVE-5: any number of knights, of any colours, share a square."""
    g = position(3, knights={"P1": {"black": 1}, "P2": {"black": 4, "red": 3, "blue": 3}})
    play(g, "move P1 black")
    assert knights(g, "P2") == {"black": 5, "red": 3, "blue": 3}


def test_EM_MOVE_6_single_destination_no_choice():
    """EM-MOVE-6: one action per (space, colour), each with exactly one destination: pos + n or the lair."""
    g = position(3, knights={"P3": {"black": 2}, "M7": {"black": 1, "red": 2}}, emptied="all")
    moves = [a for a in g.legal_actions() if a.kind == "select_knight"]
    assert [(a.targets[1], a.targets[2]) for a in moves] == [("P3", "P5"), ("M7", "LAIR")]


def test_EM_MOVE_7_only_the_final_square_matters():
    """EM-MOVE-7: passing cards, the dragon and knights has no effect (no card, no dragon, no capture)."""
    g = position(3, knights={"M1": {"black": 1, "red": 1, "blue": 1}, "M2": {"red": 1}},
                 dragon=("M3", "plain"), emptied=("M4",), track=1)
    events = play(g, "move M1 black")  # passes M2 (cards, red knight) and M3 (dragon), ends M4 (empty, beside track)
    assert g.observation()["piles"]["M2"]["gold"]["count"] == 2
    assert g.current_player == -1  # the dragon is triggered only because M4 is beside the track
    assert kinds(events) == ["knight_moved", "dragon_wakes"]


def test_EM_MOVE_8_lair_and_nest_knights_never_move():
    """EM-MOVE-8: knights in the lair or nest are not movable; own colour only; not moved yet this turn."""
    g = position(3, knights={"P1": {"black": 1, "red": 1}, "P3": {"red": 1}}, lair=["black"], nest={"black": 1})
    assert ids(g) == ["move P1 black"]
    for bad, why in (("move LAIR black", "never move"), ("move NEST black", "never move"),
                     ("move P3 red", "Red's"), ("move P4 black", "no black knight")):
        with pytest.raises(IllegalActionError, match=why):
            g.apply(bad)


def test_EM_MOVE_9_stacking_raises_the_future_distance():
    """EM-MOVE-9 (the "Astuce"): joining a knight raises its count; leaving lowers the count of those left."""
    g = position(3, knights={"P1": {"black": 1}, "P2": {"black": 1}, "P4": {"red": 1, "blue": 1}}, emptied="all")
    assert dest_of(g, "move P2 black") == "P3"
    play(g, "move P1 black")
    assert dest_of(g, "move P2 black") == "P4"  # 2 knights on P2 now (one moved, it cannot go again)
    g2 = position(3, active=1, knights={"P4": {"red": 1, "blue": 1, "black": 1}, "P6": {"red": 1}}, emptied="all")
    play(g2, "move P4 red")  # red leaves P4 (3 there) -> M1; the black left behind now counts 2
    assert g2.observation()["knights"]["P4"] == {"black": 1, "blue": 1}


def test_EM_EX_6_start_distances_four_players():
    """EM-EX-6: 4 players; black T3 -> P4, black T1 -> P4 (two black on P4); red from T3 (3 left) -> P3."""
    g = EmeraldGame(players=4, seed=0, first_player=0)
    play(g, "move T3 black", "move T1 black")
    assert knights(g, "P4") == {"black": 2}
    assert dest_of(g, "move T3 red") == "P3"


def test_EM_EX_7_building_a_stack_order_matters():
    """EM-EX-7: A alone on P1, B + red on P2. A first then B: B goes 3 to P5; B first then A: P4 and P2."""
    g = position(3, knights={"P1": {"black": 1}, "P2": {"black": 1, "red": 1}}, emptied="all")
    play(g, "move P1 black", "move P2 black")
    assert knights(g, "P5") == {"black": 1} and knights(g, "P2") == {"black": 1, "red": 1}
    g = position(3, knights={"P1": {"black": 1}, "P2": {"black": 1, "red": 1}}, emptied="all")
    play(g, "move P2 black", "move P1 black")
    assert knights(g, "P4") == {"black": 1} and knights(g, "P2") == {"black": 1, "red": 1}


def test_EM_EX_8_same_knight_twice():
    """EM-EX-8, EM-TURN-2: A moves P4 -> P5 (with a red); the second move cannot start from P5."""
    g = position(3, knights={"P4": {"black": 1}, "P5": {"red": 1}, "T1": {"black": 1, "red": 1}}, emptied="all")
    play(g, "move P4 black")
    assert "move P5 black" not in ids(g)
    with pytest.raises(IllegalActionError, match=r"black knight on P5 already moved this turn \(EM-TURN-2\)"):
        g.apply("move P5 black")


def test_EM_INT_24_choice_by_colour_unmoved_knights_counted():
    """EM-INT-24: knights of one colour on a square are one choice; a moved one there is not eligible."""
    g = position(3, knights={"P3": {"black": 1}, "P4": {"black": 1}}, emptied="all")
    play(g, "move P3 black")  # -> P4, now 2 black knights there, one moved
    assert ids(g) == ["move P4 black", "end turn"]  # one choice for the unmoved one
    assert dest_of(g, "move P4 black") == "P6"  # counting both


# ---------------------------------------------------------------- EM-TURN
def test_EM_TURN_1_clockwise_from_the_first_player():
    """EM-TURN-1: the left neighbour (next seat) plays next, wrapping around."""
    g = EmeraldGame(players=4, seed=0, first_player=2)
    seen = []
    for _ in range(5):
        seen.append(g.current_player)
        play(g, g.legal_action_ids()[0], "end turn")
    assert seen == [2, 3, 0, 1, 2]


def test_EM_TURN_2_one_or_two_knights_never_the_same_twice():
    """EM-TURN-2: after one knight, a second or 'end turn'; after two, the turn is over."""
    g = EmeraldGame(players=3, seed=0, first_player=0)
    assert "end turn" not in ids(g)
    play(g, "move T1 black")
    assert "end turn" in ids(g) and "move P3 black" not in ids(g)
    play(g, "move T2 black")
    assert g.current_player == 1 and g.observation()["turn"] == 2


def test_EM_TURN_3_no_pass_before_a_move():
    """EM-TURN-3, EM-INT-10: 'end turn' is refused before the first knight."""
    g = EmeraldGame(players=3, seed=0, first_player=0)
    with pytest.raises(IllegalActionError, match=r"may not pass \(EM-TURN-3, EM-INT-10\)"):
        g.apply("end turn")


def test_EM_TURN_3_seat_without_movable_knight_is_skipped():
    """EM-TURN-3: a seat with no movable knight is skipped (reachable with lair_knights_in_play, EM-INT-13)."""
    g = position(3, knights={"P1": {"black": 2}, "P3": {"blue": 2}}, lair=["red", "red"],
                 emptied="all", lair_knights_in_play=True, filler=False)
    events = play(g, "move P1 black", "end turn")
    assert "turn_skipped" in kinds(events) and g.current_player == 2


def test_EM_TURN_4_second_distance_counted_after_the_first_move():
    """EM-TURN-4: the first move's consequences are resolved before the second selection."""
    g = position(3, knights={"P1": {"black": 1}, "P2": {"black": 1, "red": 1}}, emptied="all")
    assert dest_of(g, "move P2 black") == "P4"
    play(g, "move P1 black")
    assert dest_of(g, "move P2 black") == "P5"


def test_EM_TURN_5_lair_entry_ends_the_turn():
    """EM-TURN-5, EM-LAIR-4: after the treasure, the next player moves, even after a first knight."""
    g = position(3, knights={"M9": {"black": 1}, "P1": {"black": 2}}, emptied="all")
    play(g, "move M9 black")
    assert g.current_player == 1


def test_EM_TURN_6_card_ends_the_turn_after_the_dragon():
    """EM-TURN-6, EM-INT-8: card, then dragon (same knight), then the turn ends."""
    g = position(3, knights={"M3": {"black": 1}, "P1": {"black": 1}, "P6": {"red": 1}},
                 piles={"M4": {"gold": [2, 3], "gem": ["gem_1"]}}, dragon=("M1", "lair"), track=1)
    play(g, "move M3 black", "take gold")
    assert g.current_player == -1  # the dragon first
    events = play(g, "roll 1")
    assert g.current_player == 1 and "dragon_moved" in kinds(events)


def test_EM_TURN_7_dragon_alone_does_not_end_the_turn():
    """EM-TURN-7, EM-INT-9: no card taken, so after the dragon the player may move a second knight."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}}, emptied="all", dragon=("M4", "plain"))
    play(g, "move P6 black", "roll 1")  # M1 beside the track; dragon M4 -> M3, nobody there
    assert g.current_player == 0 and "move P1 black" in ids(g) and "end turn" in ids(g)


def test_EM_TURN_8_turn_ends_after_the_second_knight():
    """EM-TURN-8: the second knight's resolution ends the turn."""
    g = position(3, knights={"P1": {"black": 1}, "P3": {"black": 1}, "P6": {"red": 1}}, emptied="all")
    play(g, "move P1 black", "move P3 black")
    assert g.current_player == 1 and g.observation()["moved"] == {}


def test_EM_TURN_9_game_end_mid_turn_stops_everything():
    """EM-TURN-9, EM-END-3: a game end in the middle of a dragon resolution stops the track and the turn."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}, "M3": {"red": 1}, "P2": {"red": 1},
                             "P3": {"blue": 3}}, emptied="all", dragon=("M4", "plain"), track=1)
    play(g, "move P6 black", "roll 1")  # black ends on M1, dragon M4 -> M3, captures red (no gold)
    assert g.is_over and g.observation()["flight_track"]["position"] == 1
    assert "Red has only one knight left in play (EM-END-2)" in g.outcome().reason


# ---------------------------------------------------------------- EM-LAIR
def test_EM_LAIR_1_lair_follows_M9():
    """EM-LAIR-1: M9 -> lair costs 1 point."""
    g = position(3, knights={"M9": {"black": 1}, "P1": {"black": 1}})
    assert dest_of(g, "move M9 black") == "LAIR"


def test_EM_LAIR_2_surplus_points_enter_the_lair():
    """EM-LAIR-2, EM-INT-11: p + n >= 16 enters the lair; no stopping short on M9."""
    g = position(3, knights={"M7": {"black": 1, "red": 2}, "M8": {"black": 1, "red": 1}, "P1": {"black": 1}})
    assert dest_of(g, "move M7 black") == "LAIR" and dest_of(g, "move M8 black") == "LAIR"
    assert all(a.targets[2] != "M9" for a in g.legal_actions())


def test_EM_EX_9_lair_with_surplus():
    """EM-EX-9, EM-LAIR-5, EM-INT-12: from M8 with 3 knights: lair, 1 point unused, treasure, no card,
    no dragon even at s = 6, and no second knight."""
    g = position(3, knights={"M8": {"black": 1, "red": 2}, "P1": {"black": 2}}, treasures_left=3, track=6,
                 dragon=("M9", "plain"))
    m9 = g.observation()["piles"]["M9"]
    events = play(g, "move M8 black")
    obs = g.observation()
    assert obs["treasures_left"] == 2 and obs["hands"][0]["treasures"] == 1
    assert obs["piles"]["M9"] == m9 and dragon(g) == ("M9", "plain", True)
    assert kinds(events) == ["knight_moved", "treasure_taken"] and g.current_player == 1


def test_EM_LAIR_3_corridor_places_filled_in_order():
    """EM-LAIR-3, EM-INT-23: the knight takes the next of the 4 corridor places."""
    g = position(3, knights={"M9": {"red": 1}, "P1": {"black": 1}, "P2": {"red": 2}, "P3": {"blue": 2}},
                 active=1, lair=["black"], treasures_left=3)
    play(g, "move M9 red")
    assert g.observation()["lair_places"] == ["black", "red", None, None]


def test_EM_LAIR_4_treasure_card_and_turn_over():
    """EM-LAIR-4, EM-CARD-7: one treasure card (5 points), even on the first knight; turn over."""
    g = position(3, knights={"M9": {"black": 1}, "P1": {"black": 2}})
    before = g.scores()[0]
    play(g, "move M9 black")
    assert g.scores()[0] == before + 5 and g.current_player == 1


def test_EM_LAIR_5_no_card_and_no_dragon():
    """EM-LAIR-5, EM-INT-12: entering the lair never takes a card or moves the dragon."""
    g = position(3, knights={"M9": {"black": 1}, "P1": {"black": 2}}, track=6, dragon=("M9", "plain"))
    events = play(g, "move M9 black")
    assert "dragon_wakes" not in kinds(events) and "card_taken" not in kinds(events)


def test_EM_LAIR_6_lair_knights_safe_and_still_in_play():
    """EM-LAIR-6, EM-INT-13: a lair knight never moves and is never captured; it counts as in play (it is
    not "retiré du jeu" like a knight in the nest) unless lair_knights_in_play=False."""
    from dragonwidgets.games.emerald.ending import knights_in_play

    g = position(3, knights={"P1": {"black": 2}}, lair=["black"], nest={"black": 1})
    assert knights_in_play(g.state, 0) == 3
    assert knights_in_play(g.state, 0, lair_knights_in_play=False) == 2
    assert all(a.targets[1] != "LAIR" for a in g.legal_actions())


# ---------------------------------------------------------------- two players
def test_EM_P2_2_both_knights_share_one_colour():
    """EM-P2-2, EM-EX-23: after a black knight, only black; red/blue refused with the rule named."""
    g = EmeraldGame(players=2, seed=0, first_player=0)
    assert {a.id.split()[2] for a in g.legal_actions()} == {"black", "blue"}
    play(g, "move T1 black")
    assert {a.id.split()[2] for a in g.legal_actions() if a.kind == "select_knight"} == {"black"}
    with pytest.raises(IllegalActionError, match=r"both knights of a turn share one colour.*\(EM-P2-2\)"):
        g.apply("move T2 blue")


def test_EM_EX_23_two_player_colour_rule():
    """EM-EX-23: the turn's colour binds the second knight only; next turn the other colour is free."""
    g = EmeraldGame(players=2, seed=0, first_player=0)
    play(g, "move T1 black", "end turn")
    play(g, "move T1 red", "end turn")
    assert "move T2 blue" in ids(g) and g.observation()["turn_colour"] is None
    play(g, "move T2 blue")
    assert g.observation()["turn_colour"] == "blue"


def test_EM_P2_3_counts_all_four_colours():
    """EM-P2-3: at 2 players the count includes all four colours (a full tower sends to P4)."""
    g = EmeraldGame(players=2, seed=0, first_player=0)
    assert dest_of(g, "move T1 blue") == "P4"


def test_EM_P2_4_end_condition_per_player_over_both_colours():
    """EM-P2-4, EM-INT-21: one knight of each colour left in play is 2 for the player: the game goes on."""
    g = position(2, knights={"P1": {"black": 1, "red": 2}, "P3": {"blue": 1}, "M1": {"green": 1}},
                 nest={"black": 3, "blue": 3}, emptied="all")
    play(g, "move P1 black")  # -> P3 (2 knights there? P1 holds 3 -> P3 holds black, blue)
    assert not g.is_over
    g2 = position(2, knights={"M9": {"black": 1}, "P3": {"blue": 1}, "P1": {"red": 2}},
                  nest={"black": 3, "blue": 3}, lair_knights_in_play=False)
    play(g2, "move M9 black")
    assert g2.is_over and "Black & Blue has only one knight" in g2.outcome().reason


def test_EM_P2_5_victim_chosen_between_one_players_two_colours():
    """EM-P2-5: black and blue (same player) on the dragon's square: a real choice of colour."""
    g = position(2, active=1, knights={"M3": {"black": 1, "blue": 1}, "P6": {"red": 1}, "P1": {"red": 2, "green": 2}},
                 dragon=("M4", "plain"), emptied="all")
    play(g, "move P6 red", "roll 1")  # dragon M4 -> M3
    assert ids(g) == ["capture black", "capture blue"]


# ---------------------------------------------------------------- explanations
def test_why_illegal_names_the_rules():
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}},
                 piles={"M1": {"gold": [3], "gem": []}}, dragon=("M4", "plain"))
    play(g, "move P6 black")
    with pytest.raises(IllegalActionError, match=r"a card must be taken first.*\(EM-CARD-1\)"):
        g.apply("move P1 black")
    with pytest.raises(IllegalActionError, match=r"M1 has no gem card left"):
        g.apply("take gem")
    assert "EM-CARD-1" in g.explain("take gold")
    play(g, "take gold")
    with pytest.raises(IllegalActionError, match=r"the dragon must be rolled first"):
        g.apply("move P1 black")
    with pytest.raises(IllegalActionError, match="not an Emerald action"):
        g.apply("fly away")
