"""Malformed or forged front-end messages and trait writes set ``last_error`` and change nothing."""

from __future__ import annotations

import pytest

from dragonwidgets import EmeraldWidget

from widget_helpers import snapshot

MALFORMED = [
    "act",                                            # not a dict
    ["act", "move T1 red"],
    {},                                               # no kind
    {"kind": "explode"},                              # unknown kind
    {"kind": None},
    {"kind": "act"},                                  # missing field
    {"kind": "act", "id": 3},                         # wrong types
    {"kind": "act", "id": None},
    {"kind": "act", "id": "x" * 5000},
    {"kind": "act", "id": "move T1 red", "player": 1},  # extra field (acting "as" someone)
    {"kind": "goto", "step": "3"},
    {"kind": "goto", "step": 1.0},
    {"kind": "goto", "step": True},
    {"kind": "goto", "step": -1},                     # out of the history
    {"kind": "goto", "step": 10**9},
    {"kind": "undo"},                                 # nothing to undo at step 0
    {"kind": "set_viewer", "viewer": "7"},
    {"kind": "set_viewer", "viewer": 0},
    {"kind": "set_seat", "seat": 5, "who": "greedy"},
    {"kind": "set_seat", "seat": 0, "who": "alphazero"},
    {"kind": "set_seat", "seat": "0", "who": "human"},
    {"kind": "set_pace", "pace": -1},
    {"kind": "set_pace", "pace": float("nan")},
    {"kind": "set_pace", "pace": 1e9},
    {"kind": "resolve_chance"},                       # not at a chance node
    {"kind": "act", "id": "fly away"},                # illegal action id
    {"kind": "act", "id": "move T1 black"},           # legal shape, not this turn's player
    {"kind": "_publish"},                             # private method names are not kinds
    {"kind": "__init__"},
]


@pytest.mark.parametrize("content", MALFORMED, ids=lambda c: repr(c)[:50])
def test_malformed_message_changes_nothing(content):
    w = EmeraldWidget(players=3, seed=1)
    before = snapshot(w)
    w._handle_custom_msg(content, [])
    assert w.last_error, "a refused message must say why"
    assert snapshot(w) == before


def test_acting_for_a_bot_seat_is_refused(widget):
    w = widget  # Red (seat 1, a bot) decides now
    legal = w.game.legal_action_ids()[0]
    before = snapshot(w)
    w._handle_custom_msg({"kind": "act", "id": legal}, [])
    assert "bot" in w.last_error
    assert snapshot(w) == before


def test_acting_for_another_seat_in_a_seat_view_is_refused(human_widget):
    w = human_widget
    w.viewer = "0"  # Black's view; Red decides
    assert w.legal_actions == [] and not w.can_act
    legal = w.game.legal_action_ids()[0]
    before = snapshot(w)
    w._handle_custom_msg({"kind": "act", "id": legal}, [])
    assert "view" in w.last_error
    assert snapshot(w) == before


def test_bot_step_for_a_person_is_refused(human_widget):
    w = human_widget
    before = snapshot(w)
    w._handle_custom_msg({"kind": "bot_step"}, [])
    assert "person" in w.last_error
    assert snapshot(w) == before


@pytest.mark.parametrize("trait", ["observation", "step", "legal_actions", "seats", "viewer", "playing", "can_act"])
def test_trait_writes_from_the_browser_are_refused(human_widget, trait):
    w = human_widget
    forged = {"observation": {"hands": []}, "step": 7, "legal_actions": [{"id": "win"}], "seats": ["x"],
              "viewer": "0", "playing": True, "can_act": False}[trait]
    before = snapshot(w)
    w.set_state({trait: forged})
    assert trait in w.last_error
    assert snapshot(w) == before


def test_refused_trait_write_resends_the_true_value(human_widget, monkeypatch):
    w = human_widget
    resent = []
    monkeypatch.setattr(w, "send_state", lambda key=None: resent.append(key))
    w.set_state({"step": 5})
    assert ["step"] in resent  # the browser's copy is put back


def test_a_good_message_clears_last_error(human_widget):
    w = human_widget
    w._handle_custom_msg({"kind": "act", "id": "fly away"}, [])
    assert w.last_error
    w._handle_custom_msg({"kind": "act", "id": w.game.legal_action_ids()[0]}, [])
    assert w.last_error == ""


def test_unknown_constructor_keyword_says_what_to_do():
    with pytest.raises(TypeError, match="players, seed, seats") as err:
        EmeraldWidget(players=3, colour="red")
    assert "first_player" in str(err.value)  # lists the game options too
    with pytest.raises(TypeError, match="game="):
        EmeraldWidget(game=EmeraldWidget(players=3).game, seed=2)


def test_bad_seats_and_viewer_are_refused_at_construction():
    with pytest.raises(Exception, match="one entry per seat"):
        EmeraldWidget(players=3, seats=["human"])
    with pytest.raises(Exception, match="viewer"):
        EmeraldWidget(players=3, viewer="god")


@pytest.mark.parametrize("content", [{"kind": "goto", "step": 999}, {"kind": "undo"}, {"kind": "act", "id": "x"}])
def test_refused_message_does_not_even_pause_the_bots(content):
    w = EmeraldWidget(players=3, seed=1, seats=["greedy"] * 3)
    w.play()
    before = snapshot(w)
    w._handle_custom_msg(content, [])
    assert w.last_error and w.playing
    assert snapshot(w) == before


def _nested(depth: int):
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def test_an_oversized_message_is_refused_by_its_key_count_without_reading_it():
    """A 10 MB message of 500,000 keys took 9 s to refuse (every key sorted and printed): now the number
    of keys alone refuses it, and the error names no key."""
    w = EmeraldWidget(players=3, seed=1)
    before = snapshot(w)
    content = {"kind": "act", **{f"k{i:06d}" + "x" * 12: i for i in range(500_000)}}
    w._handle_custom_msg(content, [])
    assert w.last_error == "a message has at most 3 keys (its kind and fields), got 500001"
    assert snapshot(w) == before


@pytest.mark.parametrize("content", [
    {"kind": "act", "id": _nested(100_000)},
    {"kind": _nested(100_000)},
    {"kind": "goto", "step": {"a": _nested(50_000)}},
    {"kind": "act", "id": "x" * 10_000_000},
    {"kind": "act", _nested(3).__class__.__name__ * 5_000_000: 1},
], ids=["nested id", "nested kind", "nested step", "10 MB id", "5 MB key"])
def test_huge_or_deeply_nested_values_get_a_short_error_and_nothing_escapes(content, caplog):
    """No RecursionError from printing a nested value, no log of the message, a short error."""
    w = EmeraldWidget(players=3, seed=1)
    before = snapshot(w)
    w._handle_custom_msg(content, [])
    assert w.last_error and len(w.last_error) < 300, w.last_error[:300]
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]
    assert snapshot(w) == before


def test_binary_buffers_are_refused():
    w = EmeraldWidget(players=3, seed=1)
    legal = w.game.legal_action_ids()[0]
    w._handle_custom_msg({"kind": "act", "id": legal}, [b"\x00" * 10])
    assert w.last_error == "a message carries no binary buffers" and w.step == 0


@pytest.mark.parametrize("kwargs, words", [
    ({"seats": ["human", "alphazero", "human"]}, "seats[1] must be one of"),
    ({"seats": ["human"]}, "seats needs one entry per seat (3)"),
    ({"viewer": "7"}, "viewer must be"),
    ({"pace": -1.0}, "pace must be between 0 and 10"),
    ({"pace": "fast"}, "pace"),
    ({"take_backs": "no"}, "take_backs"),
    ({"playing": "yes"}, "playing must be True, False or None"),
])
def test_widget_argument_errors_are_value_errors_as_documented(kwargs, words):
    """The docstrings promise ValueError; traitlets raised TraitError (not a ValueError)."""
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")):
        EmeraldWidget(players=3, seed=1, **kwargs)
    w = EmeraldWidget(players=3, seed=1)
    if "seats" in kwargs:
        with pytest.raises(ValueError):
            w.seats = kwargs["seats"]
