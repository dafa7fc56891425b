"""Hidden information (digest section 7): what each seat's observation may and may not contain."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from dragonwidgets.games.emerald import EmeraldGame
import random_play
from emerald_builder import play, position

CONTRACT_KEYS = {
    "viewer", "decision", "active_player", "turn", "first_player", "seat_colours", "turn_colour", "knights",
    "moved", "piles", "dragon", "flight_track", "last_roll", "treasures_left", "lair_places", "bonus", "hands",
    "pending", "scores",
}


def random_prefix(players: int, seed: int, steps: int) -> EmeraldGame:
    """A seeded random game of emerald after ``steps`` decisions (or at its end)."""
    return random_play.random_prefix("emerald", players, seed, steps)


def shuffle_face_down(game: EmeraldGame, rng: random.Random) -> None:
    """Permute every face-down card (and the boxed ones) among themselves, per kind; tops stay."""
    s = game.state
    for kind in ("gold", "gem"):
        slots = [(sq, i) for sq, p in s.piles.items() for i in range(len(p[kind]) - 1)]
        boxed = [i for i, c in enumerate(s.out_of_game) if isinstance(c, int) == (kind == "gold")]
        cards = [s.piles[sq][kind][i] for sq, i in slots] + [s.out_of_game[i] for i in boxed]
        rng.shuffle(cards)
        for (sq, i), c in zip(slots, cards):
            s.piles[sq][kind][i] = c
        for i, c in zip(boxed, cards[len(slots):]):
            s.out_of_game[i] = c


def test_seat_view_has_the_contract_keys_and_no_hidden_cards():
    """Section 7: face-down cards and boxed cards appear only in the teacher's view."""
    g = EmeraldGame(players=3, seed=4)
    teacher = g.observation()
    assert CONTRACT_KEYS <= set(teacher) and {"face_down", "out_of_game"} <= set(teacher)
    for seat in range(3):
        obs = g.observation(seat)
        assert CONTRACT_KEYS <= set(obs) and "face_down" not in obs and "out_of_game" not in obs
        assert obs["viewer"] == seat and obs["scores"] is None


@settings(max_examples=12, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000), steps=st.integers(0, 120), shuffle=st.integers(0, 99))
def test_states_differing_in_face_down_cards_look_the_same_to_every_seat(players, seed, steps, shuffle):
    """Section 7: two states that differ only in face-down (and boxed) cards give equal seat observations."""
    a = random_prefix(players, seed, steps)
    b = a.clone()
    shuffle_face_down(b, random.Random(shuffle))
    for seat in range(players):
        assert a.observation(seat) == b.observation(seat)
    assert repr(a) == repr(b)


def test_other_seats_gold_values_hidden_count_shown():
    """Section 7, EM-CARD-5: another seat sees only how many gold cards a player holds; the owner sees values."""
    a = position(3, hands={1: {"gold": [1, 2]}})
    b = position(3, hands={1: {"gold": [5, 4]}})
    assert a.observation(0) == b.observation(0) and a.observation(2) == b.observation(2)
    assert a.observation(1)["hands"][1]["gold"] == [1, 2] and b.observation(1)["hands"][1]["gold"] == [4, 5]
    assert a.observation(0)["hands"][1] == {"seat": 1, "gold": None, "gold_count": 2, "gems": {}, "treasures": 0,
                                            "bonus": [], "gold_paid": 0, "paid_values": None}
    assert a.observation()["hands"][1]["gold"] == [1, 2]  # the teacher sees everything


def test_two_player_seat_sees_both_of_its_colours_gold():
    """Section 7: at 2 players the gold is per player, whatever colour took it."""
    g = position(2, hands={0: {"gold": [3]}, 1: {"gold": [2]}})
    assert g.observation(0)["hands"][0]["gold"] == [3] and g.observation(0)["hands"][1]["gold"] is None


def test_paid_gold_private_then_all_held_gold_shown_at_the_end():
    """Section 7: the paid value stays private (also at the end); held values are revealed at the end."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}, "M3": {"red": 1}, "P2": {"red": 2}},
                 emptied="all", hands={1: {"gold": [2, 4]}}, treasures_left=1)
    play(g, "move P6 black", "roll 1", "pay 2")
    assert g.observation(0)["hands"][1]["gold"] is None
    g.state.knights["M9"] = {"black": 1}
    g._legal_cache = None
    play(g, "move M9 black")
    assert g.is_over
    assert g.observation(0)["hands"][1]["gold"] == [4] and g.observation(0)["hands"][1]["paid_values"] is None
    assert g.observation(0)["scores"] is not None


def test_public_event_log_shows_taken_gold_value():
    """Section 7: a gold card's value is public while face up, so the log names it when taken."""
    g = position(3, knights={"P6": {"black": 1}, "P1": {"black": 1}}, piles={"M1": {"gold": [3, 5], "gem": []}},
                 track=3)
    play(g, "move P6 black", "take gold")
    texts = [r["text"] for r in g.log(2)]
    assert "Black takes the gold 5 card on M1." in texts and "The next gold card of M1 is turned up: gold 3." in texts


def test_seat_views_are_json_and_carry_no_face_down_values():
    """A seat's JSON never contains a face-down card's identity (checked by card counts in the text)."""
    g = EmeraldGame(players=4, seed=8)
    for seat in range(4):
        obs = g.observation(seat)
        json.dumps(obs)
        tops = sum(1 for v in obs["piles"].values() for p in v.values() if p["top"])
        assert tops == 18
