"""``take_backs=False``: a seat view may not rewind or undo (hidden cards would leak); the teacher may."""

from __future__ import annotations

import pytest

from dragonwidgets import EmeraldWidget, GameWidget, new_game
from dragonwidgets.widgets import IntentError

from widget_helpers import intent, snapshot


def played(viewer, take_backs=False, moves=4):
    w = EmeraldWidget(players=3, seed=1, viewer=viewer, take_backs=take_backs)
    for _ in range(moves):
        w.game.apply(w.game.legal_action_ids()[0])
    w.refresh()
    return w


def test_default_is_on_and_synced():
    w = EmeraldWidget(players=3, seed=1)
    assert w.take_backs is True
    assert w.traits()["take_backs"].metadata.get("sync") is True
    assert w.traits()["take_backs"].help
    assert GameWidget(new_game("emerald", players=3, seed=1), take_backs=False).take_backs is False


@pytest.mark.parametrize("viewer", ["hotseat", "0", 2])
@pytest.mark.parametrize("content", [{"kind": "undo"}, {"kind": "goto", "step": 0}, {"kind": "goto", "step": 2}])
def test_seat_view_messages_are_refused_and_change_nothing(viewer, content):
    w = played(viewer)
    before = snapshot(w)
    w._handle_custom_msg(content, [])
    assert "take-backs are off" in w.last_error and "teacher" in w.last_error
    assert snapshot(w) == before


@pytest.mark.parametrize("viewer", ["hotseat", "1"])
def test_seat_view_methods_raise(viewer):
    w = played(viewer)
    before = snapshot(w)
    with pytest.raises(IntentError, match="take-backs are off"):
        w.undo()
    with pytest.raises(IntentError, match="take_backs=False"):
        w.goto(0)
    assert snapshot(w) == before


def test_teacher_view_may_still_rewind():
    w = played("teacher")
    intent(w, "undo")
    assert w.last_error == "" and w.step == 3
    intent(w, "goto", step=0)
    assert w.last_error == "" and w.step == 0
    w.goto(4)
    assert w.step == 4


def test_turning_it_on_in_python_allows_rewinding_again():
    w = played("hotseat")
    w.take_backs = True
    intent(w, "undo")
    assert w.last_error == "" and w.step == 3


def test_seat_view_with_take_backs_on_may_rewind():
    w = played("0", take_backs=True)
    intent(w, "goto", step=1)
    assert w.last_error == "" and w.step == 1


def test_front_end_may_not_turn_take_backs_on():
    w = played("hotseat")
    before = snapshot(w)
    w.set_state({"take_backs": True})
    assert "take_backs" in w.last_error
    assert w.take_backs is False and snapshot(w) == before


def test_non_bool_is_refused_at_construction():
    with pytest.raises(Exception, match="take_backs"):
        EmeraldWidget(players=3, take_backs="no")


@pytest.mark.parametrize("viewer", ["hotseat", "1"])
def test_seat_view_cannot_open_the_teacher_view_from_the_browser(viewer):
    w = played(viewer)
    before = snapshot(w)
    w._handle_custom_msg({"kind": "set_viewer", "viewer": "teacher"}, [])
    assert "take-backs are off" in w.last_error and "private cards" in w.last_error
    assert w.viewer == viewer.strip() and snapshot(w) == before
    w._handle_custom_msg({"kind": "set_viewer", "viewer": "hotseat"}, [])  # the hot-seat view is fine
    assert w.last_error == "" and w.viewer == "hotseat"
    w.viewer = "teacher"  # the notebook's author, in Python, may
    assert w.viewer == "teacher"


@pytest.mark.parametrize("viewer", ["hotseat", "0"])
def test_hot_seat_privacy_no_other_seats_view_from_the_browser(viewer):
    """Friends at one screen: with take-backs off, the browser may show only the hot-seat view and the
    seat of the person to move, never another seat's (their hand, their gold)."""
    w = played(viewer)
    to_move = w.game.current_player
    others = [str(s) for s in range(3) if s != to_move and str(s) != viewer]
    assert w.viewer_choices == [v for v in ["hotseat", "0", "1", "2"] if v in {"hotseat", viewer, str(to_move)}]
    for other in others:
        before = snapshot(w)
        w._handle_custom_msg({"kind": "set_viewer", "viewer": other}, [])
        assert "take-backs are off" in w.last_error and repr(other) in w.last_error
        assert snapshot(w) == before
    w._handle_custom_msg({"kind": "set_viewer", "viewer": str(to_move)}, [])  # the person to move: fine
    assert w.last_error == "" and w.viewer == str(to_move)
    w.viewer = others[0]  # the teacher, from Python, may show any view
    assert w.viewer == others[0]


def test_the_view_menu_offers_every_view_with_take_backs_on_or_in_the_teacher_view():
    every = ["teacher", "hotseat", "0", "1", "2"]
    assert played("1", take_backs=True).viewer_choices == every
    w = played("teacher")
    assert w.viewer_choices == every
    w._handle_custom_msg({"kind": "set_viewer", "viewer": "2"}, [])  # the teacher chooses what to show
    allowed = {"hotseat", "2", str(w.game.current_player)}
    assert w.last_error == "" and w.viewer_choices == [v for v in every if v in allowed] != every


def test_a_bot_seats_view_is_not_offered_in_a_hot_seat_game():
    w = EmeraldWidget(players=3, seed=1, first_player=1, seats=["human", "greedy", "human"], viewer="hotseat",
                      take_backs=False, playing=False)
    assert w.game.current_player == 1  # the bot decides: its hand is as private as a person's
    assert w.viewer_choices == ["hotseat"]


def test_with_take_backs_on_the_browser_may_open_the_teacher_view():
    w = played("hotseat", take_backs=True)
    w._handle_custom_msg({"kind": "set_viewer", "viewer": "teacher"}, [])
    assert w.last_error == "" and w.viewer == "teacher"
