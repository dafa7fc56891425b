"""Options for the interpretations a player could want the other way (digest section 4, EM-INT-*).

Each test plays the same literal position with the default (the digest's choice) and with the option.
"""

from __future__ import annotations

from dragonwidgets.games.emerald import EmeraldGame
from emerald_builder import dragon, play, position, track_squares


def test_option_defaults_are_the_digests_choices():
    """EM-INT-9, EM-INT-16, EM-INT-17, EM-INT-18, EM-INT-22: defaults as the digest chooses; EM-INT-13 as the
    French text reads (lair knights are in play: only the nest's are "retirés du jeu")."""
    assert EmeraldGame.option_defaults == {
        "first_player": -1, "lair_knights_in_play": True, "soothed_knight_may_move": True,
        "dragon_move_ends_turn": False, "track_carries_dragon": False, "show_paid_gold": False, "board_file": "",
        "pick_draws": True,  # the engine's option every game has (issue 27, item 10)
    }


def test_EM_INT_9_dragon_move_ends_turn_option():
    """EM-INT-9: by default a dragon move alone leaves the second knight; with the option it ends the turn."""
    spec = dict(knights={"P6": {"black": 1}, "P1": {"black": 1}}, emptied="all")
    g = position(3, **spec)
    play(g, "move P6 black", "roll 1")
    assert g.current_player == 0
    g = position(3, dragon_move_ends_turn=True, **spec)
    play(g, "move P6 black", "roll 1")
    assert g.current_player == 1


def test_EM_INT_13_lair_knights_in_play_option():
    """EM-INT-13: by default the lair knights count and a lair entry leaving one knight on the path lets
    the game go on; with lair_knights_in_play=False that entry ends the game."""
    spec = dict(knights={"M9": {"black": 1}, "P1": {"black": 1}})
    g = position(3, **spec)
    play(g, "move M9 black")
    assert not g.is_over and g.current_player == 1
    g = position(3, lair_knights_in_play=False, **spec)
    play(g, "move M9 black")
    assert g.is_over and g.outcome().reason == "Black has only one knight left in play (EM-END-2)"


def test_EM_INT_16_track_carries_dragon_option():
    """EM-INT-16: by default the dragon stays beside its square when the track advances; with the option
    it rides along (and so is never left off its track)."""
    spec = dict(knights={"P6": {"black": 1}, "P1": {"black": 2}}, emptied="all", dragon=("M4", "plain"))
    g = position(3, **spec)
    play(g, "move P6 black", "roll 3")
    assert dragon(g) == ("M1", "lair", False)
    g = position(3, track_carries_dragon=True, **spec)
    play(g, "move P6 black", "roll 3")
    assert dragon(g) == ("M2", "lair", True) and track_squares(g)[0] == "M2"


def test_EM_INT_17_soothed_knight_may_move_option():
    """EM-INT-17: by default the active player's soothed, unmoved knight may be the second knight; with
    soothed_knight_may_move=False it rests this turn."""
    spec = dict(knights={"M5": {"black": 1}, "M4": {"black": 1, "red": 1}, "P1": {"black": 1}}, track=3,
                dragon=("M3", "lair"), emptied=("M5", "M6"), hands={0: {"gold": [1]}})
    g = position(3, **spec)
    play(g, "move M4 black", "roll 2", "pay 1")
    assert "move M5 black" in g.legal_action_ids()
    g = position(3, soothed_knight_may_move=False, **spec)
    play(g, "move M4 black", "roll 2", "pay 1")
    assert "move M5 black" not in g.legal_action_ids() and "move P1 black" in g.legal_action_ids()


def test_EM_INT_18_show_paid_gold_option():
    """EM-INT-18: by default the paid value is private to the payer; with show_paid_gold everybody sees it."""
    spec = dict(knights={"P6": {"black": 1}, "P1": {"black": 1}, "M3": {"red": 1}, "P2": {"red": 1}},
                emptied="all", hands={1: {"gold": [2, 4]}})
    g = position(3, **spec)
    play(g, "move P6 black", "roll 1", "pay 4")
    assert "gold 4" not in " ".join(r["text"] for r in g.log(2)) and g.observation(2)["hands"][1]["paid_values"] is None
    g = position(3, show_paid_gold=True, **spec)
    play(g, "move P6 black", "roll 1", "pay 4")
    assert "gold 4" in " ".join(r["text"] for r in g.log(2)) and g.observation(2)["hands"][1]["paid_values"] == [4]


def test_EM_INT_22_first_player_option():
    """EM-INT-22: the first player is a setup parameter; -1 (default) draws it from the seed."""
    assert EmeraldGame(players=5, seed=1, first_player=3).current_player == 3
    drawn = {EmeraldGame(players=5, seed=s).current_player for s in range(40)}
    assert drawn == {0, 1, 2, 3, 4}


# ---------------------------------------------------------------- interpretations without an option
def test_EM_INT_1_to_5_component_interpretations():
    """EM-INT-1 (25 gold), EM-INT-2 (4 gem types), EM-INT-3 (one die), EM-INT-4 (keep = 5th start space),
    EM-INT-5 (pile layout): checked on the bundled data."""
    b = EmeraldGame(players=3, seed=0).board
    assert len(b.gold_deck) == 25 and len(b.gem_types) == 4 and len(b.die) == 6
    assert "KEEP" in b.start_spaces_by_players[3] and "KEEP" not in b.start_spaces_by_players[5]
    assert b.pile_sizes["M1"] == (3, 2) and b.pile_sizes["M2"] == (2, 3)


def test_EM_INT_6_dragon_start_and_EM_INT_7_trigger_squares():
    """EM-INT-6: beside M4 facing the plain; EM-INT-7: only the 4 squares beside the track trigger."""
    g = position(3, knights={"P5": {"black": 1, "red": 1}, "P1": {"black": 1}}, emptied="all", track=2,
                 dragon=("M3", "plain"))
    play(g, "move P5 black")  # -> M1: before the track M2-M5, not the dragon's square
    assert g.current_player == 0
    assert EmeraldGame(players=3, seed=0).observation()["dragon"]["square"] == "M4"


def test_EM_INT_10_every_movable_knight_has_one_destination():
    """EM-INT-10: while the game runs every player has a movable knight and each has one destination."""
    import random

    g = EmeraldGame(players=4, seed=12)
    rng = random.Random(0)
    while not g.is_over:
        if g.observation()["decision"] == "select_knight" and g.observation()["knights_moved"] == 0:
            moves = [a for a in g.legal_actions() if a.kind == "select_knight"]
            assert moves and len({a.id for a in moves}) == len(moves)
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])


def test_EM_INT_11_12_lair_rules():
    """EM-INT-11: no stopping short of the lair; EM-INT-12: the lair never triggers the dragon."""
    g = position(3, knights={"M8": {"black": 1, "red": 2}, "P1": {"black": 2}}, track=6, dragon=("M9", "plain"))
    assert [a.targets[2] for a in g.legal_actions() if a.targets[1] == "M8"] == ["LAIR"]
    play(g, "move M8 black")
    assert g.observation()["dragon_moves"] == 0


def test_EM_INT_14_end_checked_for_every_player():
    """EM-INT-14: the end check covers the non-active players too (here blue, who lost a knight)."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}, "M3": {"blue": 1}, "P2": {"blue": 1}},
                 emptied="all")
    play(g, "move P6 black", "roll 1")
    assert g.is_over and g.outcome().reason.startswith("Blue")


def test_EM_INT_19_20_21_23_24_25_cited_where_tested():
    """EM-INT-19 (majority needs a card: test_EM_BONUS_4), EM-INT-20 (shared victory: test_EM_SCORE_7),
    EM-INT-21 (two-player per-player counting: test_EM_P2_4), EM-INT-23 (lair places: test_EM_LAIR_3),
    EM-INT-24 (victim by colour: test_EM_INT_24_*), EM-INT-25 (names as data: test_EM_INT_25_*).
    Here: a compact recheck of EM-INT-23 and EM-INT-24 together."""
    g = position(3, knights={"M9": {"black": 1}, "M8": {"black": 1, "red": 1}, "P1": {"black": 2}})
    play(g, "move M9 black")
    assert g.observation()["lair_places"][0] == "black"
