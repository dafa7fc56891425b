"""Recording a lesson in the widget (issue 28 item 3): in the teacher's view, play the line, comment any step,
mark steps as questions (the move played plus other legal answers), play a variation from a past step, then
get the lesson (``w.recorded_lesson()``), its JSON and a snippet for a cell, or a file. Forged or misplaced
messages are refused with a precise sentence and change nothing."""

from __future__ import annotations

import json
import os

import pytest

from dragonwidgets import EmeraldWidget, Lesson, LessonError, new_game
from dragonwidgets.widgets import GameWidget
from dragonwidgets.widgets.messages import MAX_WORDS

from widget_helpers import intent, snapshot


def _recording(moves: int = 6) -> EmeraldWidget:
    w = EmeraldWidget(players=3, seed=1)
    intent(w, "record_start")
    for _ in range(moves):
        intent(w, "act", id=w.game.legal_actions()[0].id)
    return w


def _state(w):
    return snapshot(w), w.annotations, w.recording, w.questions


def _other_at(w, step: int) -> str:
    twin = w.game.clone()
    twin.goto(step)
    return next(a.id for a in twin.legal_actions() if a.id != w.game.entry(step).action.id)


def test_record_start_shows_the_recording_in_the_teachers_view():
    w = EmeraldWidget(players=3, seed=1)
    assert w.recording == {"available": True, "on": False}
    intent(w, "record_start")
    assert w.last_error == "" and w.recording["on"] and w.recording["questions"] == {}
    assert w.recording["title"] == "Emerald: a recorded lesson"


def test_a_comment_typed_while_recording_writes_game_annotate():
    w = _recording()
    intent(w, "annotate", step=2, text="Now the black knight runs.")
    assert w.last_error == "" and w.game.comment(2) == "Now the black knight runs."
    assert w.annotations["comments"] == {"2": "Now the black knight runs."}
    intent(w, "annotate", step=2, text="")
    assert w.game.comments == {}


def test_a_question_accepts_the_move_played_and_the_answers_added():
    w = _recording()
    other = _other_at(w, 0)
    intent(w, "set_question", step=0, accepted=[other])
    assert w.last_error == ""
    played = w.game.entry(0).action.id
    assert w.questions == {0: [played, other]}
    assert w.recording["questions"] == {"0": {"played": played, "accepted": [other]}}
    intent(w, "set_question", step=0, accepted=[])
    assert w.questions == {0: [played]}
    intent(w, "clear_question", step=0)
    assert w.questions == {}


def test_the_recorded_lesson_has_the_line_comments_questions_and_variation():
    w = _recording(6)
    first_line = [e.action.id for e in w.game.history]
    intent(w, "annotate", step=0, text="Red moves first.")
    intent(w, "set_question", step=0, accepted=[_other_at(w, 0)])
    intent(w, "set_question", step=3, accepted=[])
    intent(w, "goto", step=5)  # rewind, and play a variation from step 5
    intent(w, "act", id=_other_at(w, 5))
    assert w.annotations["variations"]["5"][0]["actions"] == first_line[5:]
    lesson = w.recorded_lesson("Opening ideas")
    [chapter] = lesson.chapters
    assert [s.action for s in chapter.steps] == [e.action.id for e in w.game.history]
    assert chapter.steps[0].comment == "Red moves first."
    assert chapter.steps[0].question.accepted == w.questions[0]
    assert chapter.steps[3].question is not None and chapter.steps[3].question.accepted == []
    assert [s.action for s in chapter.steps[5].variations[0].steps] == first_line[5:]
    assert Lesson.from_dict(json.loads(json.dumps(lesson.to_dict()))) == lesson


def test_the_seat_of_the_questions_is_the_students_seat():
    w = _recording(6)
    seat = w.game.entry(0).action.player
    steps = [k for k in range(6) if w.game.entry(k).action.player == seat]
    for k in steps:
        intent(w, "set_question", step=k, accepted=[])
    assert w.recorded_lesson().chapters[0].seat == seat
    assert w.recorded_lesson(seat=None).chapters[0].seat == seat  # None: picked from the questions


def test_a_branch_before_a_question_drops_it():
    w = _recording(6)
    intent(w, "set_question", step=4, accepted=[])
    intent(w, "goto", step=2)
    intent(w, "act", id=_other_at(w, 2))
    assert w.questions == {} and w.recording["questions"] == {}


def test_export_gives_json_and_a_snippet_that_rebuild_the_lesson():
    w = _recording(6)
    intent(w, "annotate", step=1, text="A comment.")
    intent(w, "set_question", step=0, accepted=[])
    intent(w, "record_export")
    assert w.last_error == ""
    export = w.recording["export"]
    assert Lesson.from_dict(json.loads(export["json"])) == w.recorded_lesson()
    scope: dict = {}
    exec(export["snippet"], scope)  # noqa: S102 - the snippet a person pastes into a cell
    assert scope["lesson"] == w.recorded_lesson()
    intent(w, "annotate", step=1, text="Changed.")
    assert "export" not in w.recording  # an export of an older recording is not shown


def test_save_writes_a_lesson_file_that_loads_and_refuses_to_overwrite(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    w = _recording(6)
    intent(w, "set_question", step=0, accepted=[])
    intent(w, "record_save", name="my lesson.json")
    assert w.last_error == "" and w.recording["saved"] == str(tmp_path / "my lesson.json")
    assert Lesson.load(tmp_path / "my lesson.json") == w.recorded_lesson()
    before = os.path.getmtime(tmp_path / "my lesson.json"), _state(w)
    intent(w, "record_save", name="my lesson.json")
    assert "my lesson.json exists already" in w.last_error
    assert (os.path.getmtime(tmp_path / "my lesson.json"), _state(w)) == before


@pytest.mark.parametrize("kind, fields, words", [
    ("annotate", {"step": 99, "text": "x"}, "step must be an int in 0..6, got 99"),
    ("annotate", {"step": 1, "text": 5}, "field 'text' must be a string of at most 10,000 characters"),
    ("annotate", {"step": 1, "text": "x" * (MAX_WORDS + 1)}, "field 'text' must be a string of at most"),
    ("annotate", {"step": 1}, "needs the field 'text'"),
    ("set_question", {"step": 6, "accepted": []}, "step must be an entry of the line (0..5), got 6"),
    ("set_question", {"step": 0, "accepted": ["fly to the moon"]}, "accepted[0] ('fly to the moon') is not a legal action at step 0"),
    ("set_question", {"step": 0, "accepted": [3]}, "accepted[0] (3) is not a legal action"),
    ("set_question", {"step": 0, "accepted": "move"}, "field 'accepted' must be a list"),
    ("set_question", {"step": 0, "accepted": ["x"] * 51}, "accepted must be a list of at most 50 action ids"),
    ("clear_question", {"step": 2}, "entry 2 is no question (questions: none)"),
    ("record_save", {"name": "../evil.json"}, "name must be a file name ending .json"),
    ("record_save", {"name": "lesson.py"}, "name must be a file name ending .json"),
    ("record_start", {"title": "x"}, "unexpected field(s) 'title'"),
])
def test_forged_recording_messages_are_refused_precisely_and_change_nothing(kind, fields, words, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    w = _recording(6)
    before = _state(w)
    intent(w, kind, **fields)
    assert words in w.last_error
    assert _state(w) == before
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("kind, fields", [
    ("annotate", {"step": 0, "text": "x"}), ("set_question", {"step": 0, "accepted": []}),
    ("clear_question", {"step": 0}), ("record_export", {}), ("record_save", {"name": "a.json"}), ("record_stop", {}),
])
def test_recording_messages_are_refused_when_not_recording(kind, fields, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    w = EmeraldWidget(players=3, seed=1)
    w.act(w.game.legal_actions()[0].id)
    before = _state(w)
    intent(w, kind, **fields)
    assert "is not recording a lesson: press 'Record lesson'" in w.last_error
    assert _state(w) == before


@pytest.mark.parametrize("kind, fields", [
    ("record_start", {}), ("annotate", {"step": 0, "text": "x"}), ("set_question", {"step": 0, "accepted": []}),
    ("record_export", {}),
])
def test_only_the_teachers_view_records(kind, fields):
    w = _recording(3)
    w.viewer = "0"
    assert w.recording == {"available": False, "on": False}
    before = _state(w)
    intent(w, kind, **fields)
    assert "only the teacher's view records a lesson (this is the '0' view)" in w.last_error
    assert _state(w) == before


def test_a_chance_entry_is_no_question():
    g = new_game("chasse_au_dragon", players=2, seed=2, chance="manual")
    w = GameWidget(g)
    w.record_start()
    while w.game.current_player != -1:
        w.act(w.game.legal_actions()[0].id)
    w.act(w.game.legal_actions()[0].id)  # the teacher picks the outcome
    k = w.game.history_length - 1
    before = _state(w)
    with pytest.raises(ValueError, match=f"entry {k} is chance's"):
        w.set_question(k)
    assert _state(w) == before


def test_questions_of_two_seats_make_a_lesson_for_every_seat_and_one_seat_refuses_them():
    w = _recording(12)
    first = w.game.entry(0).action.player
    other = next(k for k in range(12) if w.game.entry(k).action.player not in (first, -1))
    intent(w, "set_question", step=0, accepted=[])
    intent(w, "set_question", step=other, accepted=[])  # another seat's move: no question for a student of seat `first`
    with pytest.raises(LessonError, match="question"):
        w.recorded_lesson(seat=first)
    assert w.recorded_lesson().chapters[0].seat is None  # the student plays every seat


def test_a_recording_whose_lesson_does_not_check_exports_nothing_and_says_why():
    from dragonwidgets import DraghanWidget
    from dragonwidgets.lessons.privacy import hidden_names

    w = DraghanWidget(players=2, seed=1, seats=["human"] * 2, playing=False, viewer="teacher")
    intent(w, "record_start")
    for _ in range(3):
        intent(w, "act", id=w.game.legal_action_ids()[0])
    hidden = sorted(hidden_names(w.game.clone(), 0))[0]  # at step 0: a card seat 0 may not see
    intent(w, "annotate", step=0, text=f"{hidden} waits for you.")
    intent(w, "set_question", step=0, accepted=[])  # seat 0's move: the lesson is seat 0's
    with pytest.raises(LessonError, match=f"field 'comment': names '{hidden}', which seat 0 may not see"):
        w.recorded_lesson()
    before = _state(w)
    intent(w, "record_export")
    assert f"names '{hidden}', which seat 0 may not see" in w.last_error
    assert _state(w) == before and "export" not in w.recording


def test_a_question_maps_to_its_chapter_step_past_the_draws_the_seed_makes():
    import random

    from dragonwidgets.lessons.recorded import chapter_from_recording

    g = new_game("chasse_au_dragon", players=2, seed=2)  # chance="auto": the seed throws the dice
    rng = random.Random(1)
    while g.step < 12:
        ids = g.legal_action_ids()
        g.apply(ids[rng.randrange(len(ids))])
    drawn = [k for k in range(g.history_length) if g.entry(k).auto]
    later = next(k for k in range(drawn[0], g.history_length) if not g.entry(k).auto)
    chapter = chapter_from_recording(g, "t", {later: []})
    asked = [s.action for s in chapter.steps if s.question is not None]
    assert asked == [g.entry(later).action.id]
    assert chapter.steps.index(next(s for s in chapter.steps if s.question)) == later - sum(k < later for k in drawn)
    with pytest.raises(ValueError, match=f"questions\\[{drawn[0]}\\]: the line has no step {drawn[0]}"):
        chapter_from_recording(g, "t", {drawn[0]: []})
