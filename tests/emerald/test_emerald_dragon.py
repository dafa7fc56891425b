"""The dragon (EM-DRAGON-*), its flight track (EM-TRACK-*), captures (EM-CAPTURE-*) and soothing (EM-SOOTHE-*)."""

from __future__ import annotations

import pytest

from dragonwidgets.engine import IllegalActionError
from dragonwidgets.games.emerald.board import load_board
from dragonwidgets.games.emerald.dragon import fly
from emerald_builder import dragon, kinds, play, position, texts, track_squares


def nest(game):
    return game.observation()["knights"].get("NEST", {})


def knights(game, sq):
    return game.observation()["knights"].get(sq, {})


# ---------------------------------------------------------------- EM-DRAGON
def test_EM_DRAGON_1_dragon_beside_one_mountain_square():
    """EM-DRAGON-1: the dragon is beside one mountain square; on its track it is one of the track's squares."""
    g = position(3)
    assert dragon(g) == ("M4", "plain", True)
    assert g.observation()["dragon"]["square"] in track_squares(g)


@pytest.mark.parametrize("square, triggers", [
    ("M1", True), ("M2", True), ("M4", True), ("M5", False), ("P6", False), ("M6", False),
])
def test_EM_DRAGON_2_trigger_beside_the_track(square, triggers):
    """EM-DRAGON-2, EM-INT-7: a knight ending on M(s)..M(s+3) triggers; not P6, not the square after the track."""
    start = {"M1": "P6", "M2": "P6", "M4": "M3", "M5": "M4", "P6": "P5", "M6": "M5"}[square]
    g = position(3, knights={start: {"black": 1}, "P1": {"black": 1}}, emptied="all", dragon=("M3", "plain"))
    if square == "M2":
        g.state.knights["P6"] = {"black": 1, "red": 1}  # 2 knights on P6 -> M2
    play(g, f"move {start} black")
    assert (g.current_player == -1) == triggers


def test_EM_DRAGON_2_card_first_then_dragon():
    """EM-DRAGON-2, EM-INT-8: a face-up card on a trigger square is taken before the roll."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}}, dragon=("M4", "plain"))
    play(g, "move P6 black")
    assert g.observation()["decision"] == "take_card"
    play(g, "take gem")
    assert g.observation()["decision"] == "dragon_roll"


def test_EM_DRAGON_3_nothing_else_moves_the_dragon():
    """EM-DRAGON-3: passing by, entering the lair, staying after a capture, or ending off the trigger set:
    no dragon move."""
    g = position(3, knights={"M2": {"black": 1}, "P1": {"black": 1}, "M8": {"black": 1, "red": 1}},
                 emptied="all", dragon=("M3", "plain"))
    play(g, "move M2 black")  # -> M3: the dragon's square, triggers; pass it below
    assert g.current_player == -1
    g = position(3, knights={"M1": {"black": 1, "red": 1, "blue": 1}, "P1": {"black": 2}, "M9": {"black": 1}},
                 emptied="all", dragon=("M9", "plain"), track=6)
    play(g, "move M1 black")  # passes M2, M3 -> M4 (not beside M6-M9): no dragon
    assert g.current_player == 0 and g.observation()["dragon_moves"] == 0
    play(g, "move M9 black")  # lair: no dragon
    assert g.observation()["dragon_moves"] == 0


def test_EM_DRAGON_4_moves_exactly_the_roll():
    """EM-DRAGON-4: the dragon moves exactly the number rolled (1, 2 or 3)."""
    for roll, end in ((1, "M3"), (2, "M2"), (3, "M1")):
        g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}}, emptied="all", dragon=("M4", "plain"))
        events = play(g, "move P6 black", f"roll {roll}")
        assert g.observation()["dragon"]["square"] == end
        assert g.observation()["last_roll"] == roll and "dragon_moved" in kinds(events)


def test_EM_DRAGON_5_turns_at_the_end_for_free():
    """EM-DRAGON-5: it moves the way it faces and turns around at the track's end at no cost."""
    assert fly((12, 13, 14, 15), 13, -1, 3) == (14, 1, [12, 13, 14])
    assert fly((12, 13, 14, 15), 14, 1, 2) == (14, -1, [15, 14])


def test_EM_DRAGON_6_never_leaves_the_track_by_itself():
    """EM-DRAGON-6, EM-DRAGON-7: from any track square and facing, every roll ends on the track."""
    b = load_board()
    for s, track in b.track_positions.items():
        starts = [(d, f) for d in track for f in (1, -1) if d + f in track] + [(track[0] - 1, 1)]
        for d, f in starts:
            for r in (1, 2, 3):
                end, facing, path = fly(track, d, f, r)
                assert end in track and all(p in track for p in path) and end + facing in track


def test_EM_DRAGON_7_normative_algorithm_table():
    """EM-DRAGON-7: literal cases of the algorithm (track M3-M6 = pos 9..12)."""
    track = (9, 10, 11, 12)
    assert fly(track, 8, 1, 1) == (9, 1, [9])  # off the track: toward the lair, back on it
    assert fly(track, 9, -1, 1) == (10, 1, [10])  # facing off the end: turns first, free
    assert fly(track, 11, 1, 3) == (10, -1, [12, 11, 10])
    assert fly(track, 10, 1, 2) == (12, -1, [11, 12])  # turns on its last step (EM-INT-15)


def test_EM_INT_15_after_a_move_the_square_ahead_is_on_the_track():
    """EM-INT-15: the dragon turns as soon as it reaches an end square, even on its last step."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}}, emptied="all", dragon=("M4", "plain"))
    play(g, "move P6 black", "roll 3")  # M3, M2, M1: ends facing the lair
    assert dragon(g)[:2] == ("M1", "lair")


# ---------------------------------------------------------------- rulebook examples 3-5 and scenarios
def test_EM_EX_3_turning_around_is_free():
    """EM-EX-3: s = 6, dragon M7 facing the plain; black ends on M9 (no cards), rolls 3: M6 (turns), M7, M8;
    ends beside M8 facing the lair; no knight there; track stays; black may move a second knight."""
    g = position(3, knights={"M8": {"black": 1}, "P1": {"black": 1}}, track=6, dragon=("M7", "plain"), emptied=("M9",))
    events = play(g, "move M8 black", "roll 3")
    assert dragon(g) == ("M8", "lair", True)
    assert "flies M6, M7, M8" in texts(events) and "track_advanced" not in kinds(events)
    assert track_squares(g) == ["M6", "M7", "M8", "M9"] and "end turn" in g.legal_action_ids()


def test_EM_EX_4_knight_stops_beside_the_track():
    """EM-EX-4: s = 2, dragon M3 facing the plain, M5 emptied; red ends on M5 and rolls 1: dragon to M2,
    turns to face the lair; nobody on M2; track to M3-M6 leaving the dragon off its track; red goes on."""
    g = position(3, active=1, knights={"M4": {"red": 1}, "P1": {"red": 1}}, track=2, dragon=("M3", "plain"),
                 emptied=("M5",))
    play(g, "move M4 red")
    assert g.current_player == -1
    events = play(g, "roll 1")
    assert track_squares(g) == ["M3", "M4", "M5", "M6"]
    assert dragon(g) == ("M2", "lair", False)
    assert "The flight track advances to M3-M6." in texts(events)
    assert g.current_player == 1 and "move P1 red" in g.legal_action_ids()


def ex5_position(**kw):
    """The end state of EM-EX-4 with a blue knight on M2 (EM-EX-5)."""
    return position(3, track=3, dragon=("M2", "lair"), emptied="all", **kw)


def test_EM_EX_5_dragon_left_off_its_track():
    """EM-EX-5 (a, b): a knight ending on M7 does not move it; the blue knight on M2 is not captured."""
    g = ex5_position(knights={"M6": {"black": 1}, "M2": {"blue": 2}, "P1": {"black": 1}})
    play(g, "move M6 black")
    assert g.current_player == 0 and dragon(g) == ("M2", "lair", False)
    assert knights(g, "M2") == {"blue": 2}  # EM-CAPTURE-8


@pytest.mark.parametrize("start, end", [("M1", "M2"), ("M2", "M3"), ("M5", "M6")])
def test_EM_EX_5c_off_track_dragon_returns_to_its_track(start, end):
    """EM-EX-5 (c), EM-TRACK-4: ending on M2 (its square) or M3..M6 triggers; a 3 flies M3, M4, M5,
    facing the lair; the track advances to M4-M7."""
    g = ex5_position(knights={start: {"black": 1}, "P1": {"black": 1}, "M8": {"blue": 2}})
    play(g, f"move {start} black")
    assert g.current_player == -1
    events = play(g, "roll 3")
    assert "flies M3, M4, M5" in texts(events)
    assert dragon(g) == ("M5", "lair", True) and track_squares(g) == ["M4", "M5", "M6", "M7"]


def test_EM_EX_11_own_knight_captured_soothed_then_second_knight():
    """EM-EX-11: s = 3, dragon M4 facing the lair, M6 emptied, black holds gold 2 and 5. Black's first knight
    ends on M6, roll 2: M5, M6, turns; captures black's only knight; black pays gold 2 (value hidden); the
    track advances to M4-M7; black may move a second knight, from P6 (2 knights) to M2, take a card, turn ends."""
    g = position(3, knights={"M5": {"black": 1}, "P6": {"black": 1, "red": 1}}, track=3, dragon=("M4", "lair"),
                 emptied=("M6",), hands={0: {"gold": [2, 5]}})
    play(g, "move M5 black", "roll 2")
    assert dragon(g)[:2] == ("M6", "plain")
    assert g.current_player == 0 and g.legal_action_ids() == ["pay 2", "pay 5", "lose"]
    events = play(g, "pay 2")
    paid = next(e for e in events if e.kind == "dragon_paid")
    assert paid.private_to == 0 and "2" not in paid.public_text and "gold 2" in paid.text
    assert knights(g, "M6") == {"black": 1}
    assert track_squares(g) == ["M4", "M5", "M6", "M7"] and dragon(g) == ("M6", "plain", True)
    assert "move P6 black" in g.legal_action_ids()
    play(g, "move P6 black")
    assert knights(g, "M2") == {"black": 1} and g.observation()["decision"] == "take_card"
    play(g, "take gold")
    assert g.current_player == 1


def test_EM_EX_12_card_before_dragon_self_capture():
    """EM-EX-12: s = 1, dragon M4 facing the plain; red ends on M2, takes gem_3 (next gem turned up), rolls 2:
    M3, M2; red's only knight there is captured; red pays gold 1; the track advances to M2-M5 and the dragon,
    on the new plain end, now faces the lair; red's turn ends."""
    g = position(3, active=1, knights={"P6": {"red": 2}, "P1": {"red": 1}},
                 piles={"M2": {"gold": [5, 1], "gem": ["gem_2", "gem_1", "gem_3"]}},
                 hands={1: {"gold": [3, 1]}}, dragon=("M4", "plain"))
    events = play(g, "move P6 red", "take gem")
    assert g.observation()["piles"]["M2"]["gem"]["top"] == {"kind": "gem", "gem": "gem_1"}
    events += play(g, "roll 2")
    assert dragon(g)[:2] == ("M2", "plain")
    assert g.legal_action_ids() == ["pay 1", "pay 3", "lose"]
    events += play(g, "pay 1")
    assert knights(g, "M2") == {"red": 1}
    assert track_squares(g) == ["M2", "M3", "M4", "M5"] and dragon(g) == ("M2", "lair", True)
    assert g.current_player == 2
    assert kinds(events).index("card_taken") < kinds(events).index("dragon_moved")


def test_EM_EX_13_victim_choice():
    """EM-EX-13: s = 6, dragon M9 facing the plain; 2 red and 1 blue on M7; black ends on M7, rolls 2:
    M8, M7; black chooses among black, red, blue; red; red refuses: that red knight to the nest."""
    g = position(3, knights={"M6": {"black": 1}, "P1": {"black": 1}, "M7": {"red": 2, "blue": 1}},
                 track=6, dragon=("M9", "plain"), emptied=("M7",), hands={1: {"gold": [4]}})
    play(g, "move M6 black", "roll 2")
    assert dragon(g)[:2] == ("M7", "plain")
    assert g.legal_action_ids() == ["capture black", "capture red", "capture blue"]
    assert g.current_player == 0
    play(g, "capture red")
    assert g.current_player == 1 and g.legal_action_ids() == ["pay 4", "lose"]
    play(g, "lose")
    assert nest(g) == {"red": 1} and knights(g, "M7") == {"black": 1, "red": 1, "blue": 1}
    assert track_squares(g) == ["M6", "M7", "M8", "M9"]
    assert g.observation()["hands"][1]["gold_count"] == 1


def test_EM_EX_14_only_the_movers_knights():
    """EM-EX-14: s = 6, dragon M8 facing the lair; black ends its second knight on M9 with another black
    knight, rolls 1: the dragon goes to M9 and turns; one black knight is captured; no gold: nest."""
    g = position(3, knights={"M9": {"black": 1}, "M8": {"black": 1}, "P1": {"black": 1}, "P3": {"black": 1}},
                 track=6, dragon=("M8", "lair"), emptied=("M9", "M8"))
    play(g, "move P1 black")  # first knight: P1 -> P2
    play(g, "move M8 black", "roll 1")  # second knight ends on M9 (2 black knights there)
    assert dragon(g)[:2] == ("M9", "plain")
    assert nest(g) == {"black": 1} and knights(g, "M9") == {"black": 1}
    assert g.current_player == 1


def test_EM_EX_15_bounce_back_onto_the_square_it_left():
    """EM-EX-15: s = 6, dragon M7 facing the plain; blue ends on M7, rolls 2: M6 (turns), M7; captures
    the blue knight. A 1 would end on M6, a 3 on M8."""
    for roll, end in ((2, "M7"), (1, "M6"), (3, "M8")):
        g = position(3, active=2, knights={"M5": {"blue": 1, "red": 1}, "P1": {"blue": 1}}, track=6,
                     dragon=("M7", "plain"), emptied=("M7",))
        play(g, "move M5 blue", f"roll {roll}")
        assert dragon(g)[0] == end
        if roll == 2:
            assert dragon(g)[1] == "lair" and nest(g) == {"blue": 1}


def test_EM_EX_16_first_dragon_move_ends_off_the_track():
    """EM-EX-16: from the start, a knight ends on M3, roll 3: M3, M2, M1; the knight on M3 is flown over;
    a knight on M1 is captured; the track moves to M2-M5; the dragon stays beside M1, off the track.
    Then P6 or M6 do not move it; M1..M5 do."""
    g = position(3, knights={"M1": {"black": 1, "red": 1}, "P1": {"black": 1}, "M2": {"red": 1}, "P6": {"blue": 1}},
                 emptied="all", hands={1: {"gold": [2]}})
    play(g, "move M1 black", "roll 3")  # black: M1 (2 knights) -> M3
    assert knights(g, "M3") == {"black": 1}
    assert g.current_player == 1 and g.observation()["pending"]["victim_colour"] == "red"
    play(g, "pay 2")
    assert track_squares(g) == ["M2", "M3", "M4", "M5"] and dragon(g) == ("M1", "lair", False)
    assert g.current_player == 0
    play(g, "move P1 black")  # P1 -> P2: nothing
    assert dragon(g) == ("M1", "lair", False)
    assert g.current_player == 1
    play(g, "move M2 red")  # M2 (1 knight) -> M3, beside the track
    assert g.current_player == -1


def test_EM_EX_24_soothed_knight_moved_second_two_dragon_moves():
    """EM-EX-24, EM-INT-17: s = 3, dragon M3 facing the lair, B alone on M5; A ends on M6, roll 2: M4, M5,
    captures B; black pays gold 1; track to M4-M7. Then B moves M5 -> M6, roll 2: M6, M7, turns; nobody;
    track to M5-M8; the turn ends."""
    g = position(3, knights={"M5": {"black": 1}, "M4": {"black": 1, "red": 1}, "P1": {"black": 1}}, track=3,
                 dragon=("M3", "lair"), emptied=("M5", "M6"), hands={0: {"gold": [1]}})
    play(g, "move M4 black", "roll 2")  # A: M4 (2 knights) -> M6
    assert dragon(g)[0] == "M5" and g.observation()["pending"]["victim_colour"] == "black"
    play(g, "pay 1")
    assert track_squares(g)[0] == "M4" and "move M5 black" in g.legal_action_ids()
    play(g, "move M5 black", "roll 2")
    assert dragon(g)[:2] == ("M7", "plain")
    assert track_squares(g) == ["M5", "M6", "M7", "M8"] and g.current_player == 1
    assert g.observation()["dragon_moves"] == 2


def test_EM_EX_26_track_fixed():
    """EM-EX-26, EM-TRACK-2: from s = 5 a dragon move makes s = 6; a later one leaves it at 6."""
    g = position(3, knights={"M4": {"black": 1}, "M5": {"red": 1}, "M1": {"black": 1, "red": 1, "blue": 1},
                             "P1": {"black": 1}}, track=5, dragon=("M8", "plain"), emptied="all")
    play(g, "move M4 black", "roll 1")  # black ends on M5 (beside M5-M8); dragon M8 -> M7
    assert g.observation()["flight_track"] == {"position": 6, "squares": ["M6", "M7", "M8", "M9"], "fixed": True}
    play(g, "move M1 black")  # black's second knight: M1 (3 knights) -> M4, not beside M6-M9; turn over
    play(g, "move M5 red", "roll 1")  # red: M5 (2 knights) -> M7; dragon M7 -> M6
    assert g.observation()["flight_track"]["position"] == 6 and g.observation()["dragon_moves"] == 2


# ---------------------------------------------------------------- EM-TRACK
def test_EM_TRACK_1_advances_after_capture_is_resolved():
    """EM-TRACK-1: the track moves one square after every dragon move, captured or not, after the payment."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}, "M3": {"red": 2}, "P2": {"red": 1}},
                 emptied="all", hands={1: {"gold": [3]}})
    play(g, "move P6 black", "roll 1")  # dragon M4 -> M3, red captured
    assert g.observation()["flight_track"]["position"] == 1  # not yet: red decides first
    play(g, "lose")
    assert g.observation()["flight_track"]["position"] == 2


def test_EM_TRACK_2_fixed_at_M6_M9():
    """EM-TRACK-2: at s = 6 the track no longer moves."""
    g = position(3, knights={"M5": {"black": 1}, "P1": {"black": 1}}, track=6, dragon=("M9", "plain"), emptied="all")
    events = play(g, "move M5 black", "roll 1")
    assert "track_advanced" not in kinds(events) and g.observation()["flight_track"]["position"] == 6


def test_EM_TRACK_3_dragon_not_carried_and_facing_normalised():
    """EM-TRACK-3, EM-INT-16: the dragon stays beside its square; left on the new plain end facing the
    plain, it turns to face the lair."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}}, emptied="all", dragon=("M4", "plain"))
    play(g, "move P6 black", "roll 2")  # M3, M2 facing the plain; the track moves to M2-M5
    assert dragon(g) == ("M2", "lair", True)
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}}, emptied="all", dragon=("M4", "plain"))
    play(g, "move P6 black", "roll 1")  # M3 facing the plain, kept
    assert dragon(g) == ("M3", "plain", True)


def test_EM_TRACK_4_off_track_dragon_waits_for_its_square_or_the_track():
    """EM-TRACK-4: an off-track dragon stays put until a knight ends on its square or beside the track."""
    g = ex5_position(knights={"P6": {"black": 1}, "P1": {"black": 1}})
    play(g, "move P6 black", "move P1 black")  # M1 then P2: neither its square (M2) nor beside the track
    assert dragon(g) == ("M2", "lair", False) and g.current_player == 1


def test_EM_TRACK_5_off_track_is_one_behind_facing_the_lair():
    """EM-TRACK-5: an off-track dragon is exactly one square before the track, facing the lair."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 2}}, emptied="all", dragon=("M4", "plain"))
    play(g, "move P6 black", "roll 3")
    d = g.observation()["dragon"]
    assert d == {"square": "M1", "facing": "lair", "on_track": False} and track_squares(g)[0] == "M2"


# ---------------------------------------------------------------- EM-CAPTURE and EM-SOOTHE
def test_EM_CAPTURE_1_only_after_moving_and_only_where_it_stops():
    """EM-CAPTURE-1: squares flown over are safe."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}, "M3": {"red": 2}, "M2": {"blue": 2}},
                 emptied="all")
    play(g, "move P6 black", "roll 3")  # flies M3, M2, M1: captures on M1 only (black's own knight)
    assert knights(g, "M3") == {"red": 2} and knights(g, "M2") == {"blue": 2} and nest(g) == {"black": 1}


def test_EM_CAPTURE_2_empty_square_nothing_happens():
    """EM-CAPTURE-2: no knight where it stops: nothing."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}}, emptied="all")
    events = play(g, "move P6 black", "roll 1")
    assert "No knight on M3: nothing happens." in texts(events) and "NEST" not in g.observation()["knights"]


def test_EM_CAPTURE_3_single_knight_captured_without_choice():
    """EM-CAPTURE-3: a single colour there is captured directly (no choose_victim decision)."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}, "M3": {"red": 1}, "P2": {"red": 1}},
                 emptied="all", hands={1: {"gold": [2]}})
    play(g, "move P6 black", "roll 1")
    assert g.observation()["decision"] == "pay_or_lose" and g.current_player == 1


def test_EM_CAPTURE_4_mover_chooses_exactly_one():
    """EM-CAPTURE-4: several colours: the active player chooses; one knight only; others unaffected."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}, "M3": {"red": 1, "blue": 2}}, emptied="all")
    play(g, "move P6 black", "roll 1")
    assert g.observation()["decision"] == "choose_victim" and g.current_player == 0
    with pytest.raises(IllegalActionError, match=r"no black knight on M3.*EM-CAPTURE-4"):
        g.apply("capture black")
    play(g, "capture blue")  # no gold: lost at once
    assert knights(g, "M3") == {"red": 1, "blue": 1} and nest(g) == {"blue": 1}


def test_EM_CAPTURE_5_movers_own_knights_are_captured_all_the_same():
    """EM-CAPTURE-5: only the mover's knights there, including the one that just moved: one is captured."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}}, emptied="all", dragon=("M2", "plain"))
    play(g, "move P6 black", "roll 1")  # ends on M1 alone; the dragon M2 -> M1
    assert nest(g) == {"black": 1}


def test_EM_CAPTURE_6_owner_decides_out_of_turn():
    """EM-CAPTURE-6: the captured knight's owner decides pay or lose, even off turn; with gold he may refuse."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}, "M3": {"red": 1}, "P2": {"red": 1}},
                 emptied="all", hands={1: {"gold": [2, 2, 4]}})
    play(g, "move P6 black", "roll 1")
    assert g.current_player == 1 and g.observation()["active_player"] == 0
    assert [(a.id, a.player, a.targets) for a in g.legal_actions()] == [
        ("pay 2", 1, ("hand/1/gold/2",)), ("pay 4", 1, ("hand/1/gold/4",)), ("lose", 1, ("NEST",))]
    with pytest.raises(IllegalActionError, match=r"Red must first pay the dragon"):
        g.apply("move P1 black")
    with pytest.raises(IllegalActionError, match=r"holds no gold 5 card \(EM-SOOTHE-1\)"):
        g.apply("pay 5")


def test_EM_CAPTURE_7_lost_knight_to_the_nest_never_a_treasure():
    """EM-CAPTURE-7: the knight goes to the nest, out of the game."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}, "M3": {"red": 1}, "P2": {"red": 2}},
                 emptied="all", hands={1: {"gold": [2]}})
    events = play(g, "move P6 black", "roll 1", "lose")
    assert nest(g) == {"red": 1} and "M3" not in g.observation()["knights"]
    assert "carries the red knight from M3 to the nest" in texts(events)
    assert g.observation()["hands"][1]["treasures"] == 0


def test_EM_CAPTURE_8_knights_safe_while_the_dragon_rests():
    """EM-CAPTURE-8: sharing the dragon's square without a dragon move is safe."""
    g = position(3, knights={"M3": {"red": 1}, "P1": {"black": 1}, "P3": {"black": 1}}, emptied="all",
                 dragon=("M3", "plain"))
    play(g, "move P1 black", "move P3 black")
    assert knights(g, "M3") == {"red": 1} and g.observation()["dragon_moves"] == 0


def test_EM_INT_24_a_captured_and_lost_knight_is_a_moved_one():
    """EM-INT-24: with a moved and an unmoved knight of the victim's colour there, the moved one is lost,
    so the other may still be the second knight."""
    g = position(3, knights={"P6": {"black": 1}, "M1": {"black": 1}, "P1": {"black": 1}}, emptied="all",
                 dragon=("M2", "plain"))
    play(g, "move P6 black", "roll 1")  # P6 -> M1 (2 black there, one moved); dragon M2 -> M1; lost
    assert knights(g, "M1") == {"black": 1} and "move M1 black" in g.legal_action_ids()


def test_EM_SOOTHE_1_exactly_one_gold_of_any_value_removed():
    """EM-SOOTHE-1, EM-SCORE-5: one gold card of the owner's choice leaves the game and scores nothing."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}, "M3": {"red": 1}, "P2": {"red": 1}},
                 emptied="all", hands={1: {"gold": [1, 5]}})
    play(g, "move P6 black", "roll 1", "pay 5")
    assert g.observation(1)["hands"][1]["gold"] == [1] and g.scores()[1] == 1
    assert g.observation(1)["hands"][1]["paid_values"] == [5]


def test_EM_SOOTHE_2_only_gold():
    """EM-SOOTHE-2: gems, treasures and bonuses cannot pay: a player with only those loses the knight."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}, "M3": {"red": 1}, "P2": {"red": 2}},
                 emptied="all", hands={1: {"gems": {"gem_1": 3}, "treasures": 1}})
    events = play(g, "move P6 black", "roll 1")
    assert "Red has no gold card to soothe the dragon." in texts(events) and nest(g) == {"red": 1}
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}, "M3": {"red": 1}, "P2": {"red": 2}},
                 emptied="all", hands={1: {"gold": [2], "gems": {"gem_1": 3}}})
    play(g, "move P6 black", "roll 1")
    with pytest.raises(IllegalActionError, match=r"only gold cards soothe the dragon.*EM-SOOTHE-2"):
        g.apply("pay gem_1")


def test_EM_SOOTHE_3_knight_stays_and_moves_normally():
    """EM-SOOTHE-3: the soothed knight stays on its square and its owner moves it normally later."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}, "M3": {"red": 1}, "P2": {"red": 1}},
                 emptied="all", hands={1: {"gold": [2]}})
    play(g, "move P6 black", "roll 1", "pay 2", "end turn")
    assert g.current_player == 1 and "move M3 red" in g.legal_action_ids()


def test_EM_SOOTHE_4_paid_value_hidden():
    """EM-SOOTHE-4, EM-INT-18: others see that one gold card was paid, not which."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}, "M3": {"red": 1}, "P2": {"red": 1}},
                 emptied="all", hands={1: {"gold": [2, 4]}})
    play(g, "move P6 black", "roll 1", "pay 4")
    other = g.observation(0)["hands"][1]
    assert other["gold"] is None and other["gold_count"] == 1 and other["gold_paid"] == 1
    assert other["paid_values"] is None
    assert "gold 4" not in "\n".join(r["text"] for r in g.log(0))
    assert "gold 4" in "\n".join(r["text"] for r in g.log(1))
