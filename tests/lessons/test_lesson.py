"""A lesson as data (issue 28 item 1): built in Python in a few lines, saved and loaded as JSON with a format
name and a version, equal after the round trip; malformed files refused with a LessonError naming the field."""

from __future__ import annotations

import inspect
import json

import pytest

import dragonwidgets
from dragonwidgets import Lesson, LessonError
from dragonwidgets.lessons import FORMAT, VERSION, Question, Step
from lesson_cases import EMERALD, three_chapters


def test_the_three_chapter_lesson_fits_in_30_lines_and_checks():
    assert len(inspect.getsource(three_chapters).splitlines()) <= 30
    lesson = three_chapters().check()
    assert [c.mode for c in lesson.chapters] == ["walkthrough", "guess", "practice"]
    guess = lesson.chapters[1].steps[-1]
    assert guess.question == Question(accepted=["move P3 black", "move T2 black"],
                                      feedback={"move KEEP black": "The keep's knights are slow: look at the towers."},
                                      default="Legal, but a tower knight goes further.",
                                      hints=["Count the knights on P3.", "P3 is yours."])
    assert [s.action for s in guess.variations[0].steps] == ["move T2 black", "end turn"]
    assert lesson.chapters[2].bots == {1: "random", 2: "random"} and lesson.chapters[2].goal == "reach_lair"


def test_lesson_and_lesson_error_are_public_names_of_the_package():
    assert dragonwidgets.Lesson is Lesson and dragonwidgets.LessonError is LessonError
    assert {"Lesson", "LessonError"} <= set(dragonwidgets.__all__)
    assert issubclass(LessonError, ValueError)


def test_to_dict_names_the_format_and_version_and_from_dict_gives_an_equal_lesson():
    lesson = three_chapters()
    data = lesson.to_dict()
    assert data["format"] == FORMAT == "dragonwidgets-lesson" and data["version"] == VERSION == 1
    again = Lesson.from_dict(json.loads(json.dumps(data)))
    assert again == lesson and again.to_dict() == data
    assert again.chapters[1].steps[-1].question == lesson.chapters[1].steps[-1].question


def test_save_then_load_gives_an_equal_lesson(tmp_path):
    lesson = three_chapters()
    path = tmp_path / "lesson.json"
    lesson.save(path)
    assert json.loads(path.read_text(encoding="utf-8"))["format"] == FORMAT
    assert Lesson.load(path) == lesson


def test_a_step_with_reveal_a_record_start_and_a_closing_round_trip(tmp_path):
    game = dragonwidgets.new_game("emerald", players=3, seed=1, chance="manual", first_player=0)
    game.apply("move T1 black")
    lesson = (Lesson("Record").walkthrough("From a record", seat=None, record=game.to_record())
              .step("end turn", "Done moving.", reveal=True).closing("Red is to move."))
    lesson.save(tmp_path / "l.json")
    again = Lesson.load(tmp_path / "l.json")
    assert again == lesson and again.chapters[0].steps[0] == Step("end turn", "Done moving.", reveal=True)
    assert again.chapters[0].closing == "Red is to move." and again.chapters[0].start.record == game.to_record()


def test_saving_a_lesson_that_does_not_check_writes_nothing(tmp_path):
    lesson = Lesson("Bad", **EMERALD).walkthrough("One", seat=0).step("fly away")
    path = tmp_path / "bad.json"
    with pytest.raises(LessonError):
        lesson.save(path)
    assert not path.exists()


def _write(tmp_path, text: str):
    path = tmp_path / "lesson.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_loading_a_file_that_is_not_json_names_the_line(tmp_path):
    with pytest.raises(LessonError) as e:
        Lesson.load(_write(tmp_path, '{"format": "dragonwidgets-lesson",\n "version": 1,,}'))
    assert "not JSON" in str(e.value) and "line 2" in str(e.value)


@pytest.mark.parametrize("change, field", [
    (lambda d: d.update(version=2), "version"),
    (lambda d: d.update(format="pgn"), "format"),
    (lambda d: d.pop("chapters"), "chapters"),
    (lambda d: d.update(chapters=[]), "chapters"),
    (lambda d: d.update(colour="red"), "colour"),
    (lambda d: d["chapters"][0].update(mode="lecture"), "mode"),
    (lambda d: d["chapters"][0].update(seat="zero"), "seat"),
    (lambda d: d["chapters"][0]["start"].pop("game"), "start.game"),
    (lambda d: d["chapters"][0]["start"].update(players="3"), "start.players"),
    (lambda d: d["chapters"][0]["steps"][0].update(action=5), "action"),
    (lambda d: d["chapters"][0]["steps"][0].update(highlights="T1"), "highlights"),
    (lambda d: d["chapters"][0]["steps"][0].update(question={"hints": "one"}), "question.hints"),
    (lambda d: d["chapters"][0]["steps"][0].update(question={"retry": "no"}), "question.retry"),
    (lambda d: d["chapters"][0]["steps"][0].update(variations=[{"steps": []}]), "variations[0].steps"),
    (lambda d: d["chapters"][0]["steps"][0].update(
        variations=[{"steps": [{"action": "move T2 black", "question": {}}]}]), "variations[0].steps[0].question"),
    (lambda d: d["chapters"][0]["steps"][0].update(comment=float("nan")), "chapters[0].steps[0].comment"),
])
def test_a_malformed_lesson_file_is_refused_naming_the_field(tmp_path, change, field):
    data = three_chapters().to_dict()
    change(data)
    with pytest.raises(LessonError) as e:
        Lesson.from_dict(data)
    assert e.value.field.endswith(field) or field in str(e.value)


def test_the_error_says_where_chapter_step_and_field():
    data = three_chapters().to_dict()
    data["chapters"][1]["steps"][2]["action"] = 7
    with pytest.raises(LessonError) as e:
        Lesson.from_dict(data)
    assert (e.value.chapter, e.value.step, e.value.field) == (1, 2, "action")
    assert str(e.value).startswith("chapters[1] 'Find the move', steps[2], field 'action': must be a str")


def test_a_step_before_any_chapter_is_refused():
    with pytest.raises(LessonError) as e:
        Lesson("Empty").step("move T1 black")
    assert e.value.field == "steps" and "start a chapter first" in str(e.value)
