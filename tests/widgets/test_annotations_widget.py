"""Comments and variations in the game widget (issue 28 item 2): the ``annotations`` trait the log and the
timeline draw, as each view may see it; switching to a variation (the teacher's view only); exported pages."""

from __future__ import annotations

import pytest

import dragonwidgets
from dragonwidgets import DraghanWidget, EmeraldWidget
from dragonwidgets.lessons.privacy import hidden_names
from dragonwidgets.widgets.page import page_traits, read_page

from widget_helpers import intent, snapshot


def _played(w, moves: int) -> list[str]:
    for _ in range(moves):
        w.act(w.game.legal_actions()[0].id)
    return [e.action.id for e in w.game.history]


def _branched():
    """An Emerald widget (every seat a person) of 5 steps, comments on 0 and 3, a variation from step 2."""
    w = EmeraldWidget(players=3, seed=1)
    old = _played(w, 5)
    w.game.annotate(0, "The table.")
    w.game.annotate(3, "On the first line.")
    w.goto(2)
    w.act(next(a.id for a in w.game.legal_actions() if a.id != old[2]))
    return w, old


def test_the_teacher_sees_every_comment_and_a_summary_of_each_variation():
    w, old = _branched()
    assert w.annotations["comments"] == {"0": "The table."}
    [line] = w.annotations["variations"]["2"]
    assert line == {"index": 0, "actions": old[2:6], "moves": 3, "comment": "On the first line."}


def test_a_comment_written_from_python_shows_after_refresh():
    w = EmeraldWidget(players=3, seed=1)
    _played(w, 2)
    w.game.annotate(2, "Now the dragon.")
    assert w.annotations["comments"] == {}
    w.refresh()
    assert w.annotations["comments"] == {"2": "Now the dragon."}


def test_a_seat_sees_comments_up_to_the_shown_step_and_no_variation():
    w, _ = _branched()
    w.game.annotate(3, "Later.")
    w.viewer = "0"
    assert w.annotations == {"comments": {"0": "The table.", "3": "Later."}, "variations": {}}
    w.goto(1)
    assert w.annotations == {"comments": {"0": "The table."}, "variations": {}}


def test_a_seat_is_not_sent_a_comment_naming_what_it_may_not_see():
    w = DraghanWidget(players=2, seed=1, viewer="teacher")
    hidden = sorted(hidden_names(w.game, 0))[0]
    w.game.annotate(0, f"Watch {hidden}: it comes out later.")
    w.refresh()
    assert hidden in w.annotations["comments"]["0"]  # the teacher's view
    w.viewer = "0"
    assert w.annotations["comments"] == {}
    assert f"Watch {hidden}" not in str(w.get_state())
    w.game.annotate(0, "Watch the portal.")
    w.refresh()
    assert w.annotations["comments"] == {"0": "Watch the portal."}


def test_entering_a_variation_from_the_page_switches_the_line():
    w, old = _branched()
    intent(w, "enter_variation", step=2, index=0)
    assert w.last_error == ""
    assert [e.action.id for e in w.game.history] == old
    assert w.step == 3 and w.annotations["comments"] == {"0": "The table.", "3": "On the first line."}
    assert [line["moves"] for line in w.annotations["variations"]["2"]] == [1]


@pytest.mark.parametrize("fields, words", [
    ({"step": 2, "index": 5}, "variation index at step 2 must be an int in 0..0, got 5"),
    ({"step": 1, "index": 0}, "no variation leaves from this step"),
    ({"step": "2", "index": 0}, "field 'step' must be an int"),
    ({"step": 2}, "needs the field 'index'"),
])
def test_a_forged_enter_variation_is_refused_precisely_and_changes_nothing(fields, words):
    w, _ = _branched()
    before = snapshot(w), w.annotations
    intent(w, "enter_variation", **fields)
    assert words in w.last_error
    assert (snapshot(w), w.annotations) == before


def test_a_seat_view_may_not_enter_a_variation():
    w, _ = _branched()
    w.viewer = "0"
    before = snapshot(w)
    intent(w, "enter_variation", step=2, index=0)
    assert "only the teacher's view switches to a variation" in w.last_error
    assert snapshot(w) == before


def test_a_page_shows_the_comments_and_a_seats_page_no_variation(tmp_path):
    w, _ = _branched()
    w.game.annotate(3, "Later.")
    teacher = read_page(w.to_html(tmp_path / "t.html", viewer="teacher"))
    assert page_traits(teacher, 0)["annotations"]["comments"] == {"0": "The table.", "3": "Later."}
    assert list(page_traits(teacher, 0)["annotations"]["variations"]) == ["2"]
    seat = read_page(w.to_html(tmp_path / "s.html", viewer=0))
    assert page_traits(seat, 2)["annotations"] == {"comments": {"0": "The table."}, "variations": {}}
    assert page_traits(seat, 3)["annotations"]["comments"]["3"] == "Later."
    assert "On the first line." not in str(seat)  # the variation's comment stays out of a seat's page


def test_a_seats_page_holds_no_comment_naming_a_hidden_card(tmp_path):
    g = dragonwidgets.new_game("draghan", players=2, seed=1)
    hidden = sorted(hidden_names(g, 0))[0]
    g.annotate(0, f"{hidden} is the card to fear.")
    page = read_page(dragonwidgets.to_html(g, tmp_path / "s.html", viewer=0))
    assert f"{hidden} is the card" not in str(page)
