"""Hostile Emerald positions (issue 27, items 5, 7 and 10): a clear error at once, nothing created.

Every count of a position is bounded by the rules before anything is built (item 5): a huge, negative,
boolean, fractional, NaN or text count is refused in well under a second with a ``PositionError`` that
names the field, also through ``from_record``. A game over needs an end condition, the counters are
range-checked (also through the widget's edit intents) and the dragon stands only where some flight could
have put it (item 7). ``null`` or a left-out field is "as the seeded set-up deals it", an empty list or
object is "empty" (item 10).
"""

from __future__ import annotations

import json
import re
import time

import pytest

import dragonwidgets
from dragonwidgets import PositionError
from dragonwidgets.engine.errors import DragonwidgetsError
from dragonwidgets.games.emerald.position_checks import most_knight_moves, most_turns
from dragonwidgets.widgets import EmeraldWidget

#: What an outside review fed into every count: huge, negative, past 64 bits, a bool, a fraction, NaN, a text.
HOSTILE = [10**18, 10**8, -1, 2**63, True, 1.5, float("nan"), "3"]
#: Generous: the issue asks for under 50 ms; the figures measured are in the report of issue 27.
FAST = 0.5

#: field named in the error -> the position that puts a value there (3 players).
COUNT_FIELDS = {
    "hands.0.gems.gem_1": lambda v: {"hands": [{"gems": {"gem_1": v}}, None, None]},
    "hands.1.gems.ruby": lambda v: {"hands": [None, {"gems": {"ruby": v}}, None]},
    "hands.0.gold": lambda v: {"hands": [{"gold": [v]}, None, None]},
    "hands.2.paid": lambda v: {"hands": [None, None, {"paid": [v]}]},
    "piles.M3.gold": lambda v: {"piles": {"M3": {"gold": [v]}}},
    "turn": lambda v: {"turn": v},
    "knights_moved": lambda v: {"knights_moved": v},
    "dragon_moves": lambda v: {"dragon_moves": v},
    "flight_track": lambda v: {"flight_track": v},
    "last_roll": lambda v: {"last_roll": v, "flight_track": 2, "dragon": {"square": "M3"}},
    "first_player": lambda v: {"first_player": v},
    "active": lambda v: {"active": v},
}


def names_field(message: str, field: str) -> bool:
    """Whether the error ``message`` names ``field`` (``hands.0.gold``; ``hands[0].gold[0]`` and a record's
    ``position.hands...`` name it too)."""
    dotted = re.sub(r"\[(\d+)\]", r".\1", message)
    return re.search(rf"['.]{re.escape(field)}\b", dotted) is not None


def _refused_fast(make_game, field: str, words: str = "", error=DragonwidgetsError) -> float:
    """Run ``make_game``, which must raise ``error`` naming ``field`` (and saying ``words``) within ``FAST``
    seconds; return the seconds taken."""
    start = time.perf_counter()
    with pytest.raises(error) as caught:
        make_game()
    took = time.perf_counter() - start
    assert names_field(str(caught.value), field) and words in str(caught.value), str(caught.value)
    assert took < FAST, f"{field}: refused in {took:.3f} s"
    return took


def _new(position, players=3, seed=1):
    return dragonwidgets.new_game("emerald", players=players, seed=seed, position=position)


@pytest.mark.parametrize("field", COUNT_FIELDS)
def test_item5_emerald_hostile_counts_refused_fast_naming_the_field(field):
    """Item 5: every count field, fed every hostile value, raises PositionError naming it, at once."""
    for value in HOSTILE:
        _refused_fast(lambda: _new(COUNT_FIELDS[field](value)), field, error=PositionError)


@pytest.mark.parametrize("field", ["hands.0.gems.gem_1", "turn", "dragon_moves"])
def test_item5_emerald_hostile_counts_through_from_record(field):
    """Item 5: a record whose position holds a hostile count is refused as fast, naming the field."""
    record = _new({"first_player": 0}).to_record()
    for value in (10**18, 2**63, -1, float("nan")):
        hostile = json.loads(json.dumps({**record, "position": {**record["position"], **COUNT_FIELDS[field](value)}}))
        _refused_fast(lambda: dragonwidgets.from_record(hostile), field)


def test_item5_emerald_issue_examples_refused_with_the_deck_count():
    """Item 5: the issue's three gem counts (10**18: MemoryError, 2**63: OverflowError, 10**8: 3.6 s) are
    refused with the deck's count of that gem (6 of each type, D2)."""
    for n in (10**18, 2**63, 10**8, 7):
        with pytest.raises(PositionError, match=r"'hands\.0\.gems\.gem_1': must be an int 0\.\.6"):
            _new({"hands": [{"gems": {"gem_1": n}}, None, None]})


@pytest.mark.parametrize("field, make, words", [
    ("hands.0.gold", lambda: {"hands": [{"gold": [1] * 20_000}, None, None]}, "the gold deck has 25 cards (D1)"),
    ("moved.P2", lambda: {"moved": {"P2": ["black"] * 20_000}}, "at most 2 knights (EM-TURN-2)"),
    ("hands.0.bonus", lambda: {"hands": [{"bonus": ["four_different_gems"] * 20_000}, None, None]},
     "there are 5 bonus cards"),
])
def test_item5_emerald_long_lists_refused_by_their_length(field, make, words):
    """Item 5: a list longer than the components allow is refused by its length, before its entries are read."""
    position = make()
    _refused_fast(lambda: _new(position), field, words)


# ---------------------------------------------------------------- item 7
def test_item7_emerald_game_over_needs_an_end_condition():
    """Item 7: ``decision: over`` with a made-up ``end_reason`` and no end condition is refused (EM-END-1/2)."""
    with pytest.raises(PositionError, match=r"'end_reason'.*EM-END-1/2"):
        _new({"decision": "over", "end_reason": "because"})
    with pytest.raises(PositionError, match=r"EM-END-1/2"):
        _new({"decision": "over"})
    lair_full = {"knights": {"LAIR": ["black", "red", "blue", "black"]}, "decision": "over", "end_reason": "because"}
    g = _new(lair_full)  # the last treasure is taken (EM-END-1): the reason given is kept
    assert g.is_over and g.state.end_reason == "because"


@pytest.mark.parametrize("players", [2, 3, 5])
def test_item7_emerald_counters_are_range_checked(players):
    """Item 7: ``turn`` and ``dragon_moves`` are bounded by the game's knight moves (EM-MOVE-1/3, EM-TURN-1/3)."""
    g = dragonwidgets.new_game("emerald", players=players, seed=1)
    board = g.rules.board
    top = most_turns(board, players)
    assert top == players * (most_knight_moves(board, players) + 1)
    for turn in (10**30, top + 1, 0, -5):
        with pytest.raises(PositionError, match=rf"'turn': must be an int 1\.\.{top}"):
            _new({"turn": turn, "active": (turn - 1) % players, "first_player": 0}, players=players)
    _new({"turn": top, "first_player": 0}, players=players)  # the bound itself is a turn
    most = most_knight_moves(board, players)
    with pytest.raises(PositionError, match=rf"'dragon_moves': must be an int 0\.\.{most}"):
        _new({"flight_track": 6, "dragon": {"square": "M8", "facing": "lair"}, "dragon_moves": 10**30},
             players=players)


def test_item7_emerald_counters_checked_through_an_edit_intent():
    """Item 7: the widget's edit mode judges an edit with the same checks: a turn of 10**30 is refused and
    the draft stays as it was."""
    w = EmeraldWidget(players=3, seed=1, first_player=0, seats=["human", "greedy", "greedy"], playing=False)
    w._handle_custom_msg({"kind": "edit_start"}, [])
    draft = json.dumps(w.edit_position, sort_keys=True)
    w._handle_custom_msg({"kind": "edit", "ops": [[["turn"], 10**30]]}, [])  # 10**30 - 1 is 0 mod 3: seat 0's
    assert "field 'turn'" in w.last_error and json.dumps(w.edit_position, sort_keys=True) == draft
    w._handle_custom_msg({"kind": "edit", "ops": [[["dragon_moves"], 10**30], [["flight_track"], 6]]}, [])
    assert "field 'dragon_moves'" in w.last_error and json.dumps(w.edit_position, sort_keys=True) == draft
    w._handle_custom_msg({"kind": "edit", "ops": [[["decision"], "over"], [["end_reason"], "because"]]}, [])
    assert "field 'end_reason'" in w.last_error and json.dumps(w.edit_position, sort_keys=True) == draft


@pytest.mark.parametrize("position", [
    {"flight_track": 2, "dragon": {"square": "M5", "facing": "plain"}},  # one flight from M4 goes to M3..M1
    {"flight_track": 2, "dragon": {"square": "M4", "facing": "lair"}},
    {"flight_track": 2, "dragon": {"square": "M4", "facing": "plain"}},
    {"flight_track": 3, "dragon": {"square": "M6", "facing": "plain"}},
])
def test_item7_emerald_dragon_where_no_flight_puts_it_is_refused(position):
    """Item 7: the dragon stands only where flights from its start can put it (EM-SETUP-5, EM-DRAGON-7,
    EM-TRACK-1/3/4): after one flight from M4 facing the plain it is beside M3, M2 or M1."""
    with pytest.raises(PositionError, match=r"'dragon'.*no flight"):
        _new(position)


def test_item7_emerald_every_dragon_a_flight_reaches_is_accepted():
    """Item 7: the squares and facings one flight reaches from the start are accepted (EM-DRAGON-7, EM-INT-15)."""
    for square, facing in (("M3", "plain"), ("M2", "lair"), ("M1", "lair")):
        g = _new({"flight_track": 2, "dragon": {"square": square, "facing": facing}})
        assert g.position()["dragon"] == {"square": square, "facing": facing}


# ---------------------------------------------------------------- item 10
def test_item10_emerald_null_is_as_set_up_and_empty_is_empty():
    """Item 10: ``hands: null``, a seat's ``null`` and a hand's ``null`` keys are as the set-up deals them (no
    card in hand, EM-SETUP-7); ``gold: []``, ``gems: {}``... are an empty hand; a hand named takes its cards
    from the piles (``position_cards.py``)."""
    seeded = _new({}).position()
    assert _new({"hands": None}).position() == seeded
    assert _new({"hands": [None, None, None]}).position() == seeded
    nulls = {"gold": None, "gems": None, "paid": None, "bonus": None}
    assert _new({"hands": [nulls, None, None]}).position() == seeded
    empty = {"gold": [], "gems": {}, "paid": [], "bonus": []}
    assert _new({"hands": [empty, None, None]}).position()["hands"][0] == empty
    rich = _new({"hands": [{"gold": [5, 5], "gems": {"ruby": 1}}, None, None]}).position()
    assert rich["hands"][0]["gold"] == [5, 5] and rich["hands"][0]["gems"] == {"gem_2": 1}


def test_item10_emerald_docs_say_the_null_rule_and_that_a_partial_pile_is_refused():
    """Item 10: help(dragonwidgets.games.emerald.position) says the null/empty rule and that a partial list of
    cards (a pile, the box) is refused."""
    import dragonwidgets.games.emerald.position as module

    doc = " ".join(module.__doc__.split())
    for words in ("``null``", "as the seeded set-up deals it", "an empty list or object", "is refused unless",
                  "the box is listed whole"):
        assert words in doc, words
