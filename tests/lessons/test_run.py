"""Taking a lesson (issue 28 item 1's player object): LessonRun answers with the engine's rule text for an
illegal answer, the author's comment for a legal wrong one, advances on a right one, plays the others' replies,
gives hints in order, counts the score and says which chapter of how many."""

from __future__ import annotations

import random

import pytest

from dragonwidgets import Lesson, LessonError
from dragonwidgets.lessons import LessonRun
from lesson_cases import EMERALD, three_chapters


def _guess_run() -> LessonRun:
    """The three-chapter lesson's run, at its guess chapter's first question."""
    run = three_chapters().run()
    run.answer("move T1 black")
    run.answer("move T2 black")
    assert run.chapter_number == 2
    return run


def _to_the_question(run: LessonRun) -> None:
    """Answer the guess chapter's steps right up to its question with feedback and hints."""
    while run.chapter.steps[run._i].question is None:
        assert run.answer(run.chapter.steps[run._i].action).kind == "right"


def test_a_run_starts_at_chapter_one_with_the_steps_comment_and_highlights():
    run = three_chapters().run()
    view = run.view()
    assert run.progress == "Chapter 1 of 3" and view["chapter"] == 1 and view["chapters"] == 3
    assert view["intro"] == "You play black. Your knights wait in the castle."
    assert view["comment"].startswith("A knight moves forward") and view["highlights"] == ["T1", "T1/black"]
    assert view["expected"] == "move T1 black" and view["awaiting"] and view["mode"] == "walkthrough"


def test_an_illegal_answer_is_told_the_engines_rule_and_changes_nothing():
    run = _guess_run()
    before = run.observation()
    feedback = run.answer("take gold")
    assert feedback.kind == "illegal" and not feedback.right and not feedback.advanced
    assert "'take gold' is not legal" in feedback.text
    assert feedback.rules == ("EM-CARD-1", "EM-CARD-3") and "EM-CARD-1: A knight that stops" in feedback.text
    assert run.observation() == before and run.view()["feedback"]["kind"] == "illegal"


def test_a_legal_wrong_answer_gets_the_authors_feedback_then_the_default():
    run = _guess_run()
    _to_the_question(run)
    assert run.view()["question"]["hints_left"] == 2
    assert run.answer("move KEEP black").text == "The keep's knights are slow: look at the towers."
    assert run.answer("move T3 black").text == "Legal, but a tower knight goes further."
    assert run.view()["awaiting"]  # retry: the same question waits


def test_a_right_answer_advances_and_the_others_replies_play_by_themselves():
    run = three_chapters().run()
    assert run.answer("move T1 black").kind == "right"
    feedback = run.answer("move T2 black")
    assert feedback.advanced and [p.player for p in feedback.played] == [0, 1, 1, 2, 2]
    assert feedback.played[1].texts[0].startswith("Red moves a red knight from T1")
    assert run.chapter_number == 2 and run.progress == "Chapter 2 of 3"
    assert run.view()["finished"] == [{"chapter": 1, "title": "The first turn", "closing": None, "goal_reached": None}]


def test_an_accepted_alternative_is_right_and_the_lesson_goes_on_with_its_own_line():
    run = _guess_run()
    _to_the_question(run)
    feedback = run.answer("move T2 black")  # accepted besides the line's "move P3 black"
    assert feedback.kind == "right" and "goes on with" in feedback.text
    assert feedback.played[0].texts[0].startswith("Black moves a black knight from P3")


def test_hints_come_in_the_authors_order_then_none():
    run = _guess_run()
    _to_the_question(run)
    assert [run.hint(), run.hint(), run.hint()] == ["Count the knights on P3.", "P3 is yours.", None]
    assert run.view()["question"]["hints_shown"] == ["Count the knights on P3.", "P3 is yours."]


def test_a_walkthrough_step_without_hints_hints_the_move_it_asks_for():
    run = three_chapters().run()
    assert run.hint() == "Play: Move a black knight from T1 (3 knights there) to P3." and run.hint() is None


def test_the_score_counts_questions_right_at_the_first_try():
    run = _guess_run()
    assert run.score["questions"] == 0  # the walkthrough's steps ask nothing
    run.answer("move T1 black")  # right at once
    run.answer("move KEEP black")  # wrong...
    run.answer("end turn")  # ...then right
    assert run.score == {"right": 1, "questions": 2, "goals_reached": 0, "goals": 0}


def test_a_question_without_retry_plays_the_line_after_a_wrong_answer():
    lesson = (Lesson("No retry", **EMERALD).guess("Once", seat=0)
              .step("move T1 black", "Which knight?", retry=False, default="Not this one.").step("end turn"))
    run = lesson.run()
    feedback = run.answer("move T2 black")
    assert feedback.kind == "wrong" and feedback.advanced
    assert feedback.text == "Not this one. The lesson plays: Move a black knight from T1 (3 knights there) to P3."
    assert run.score["questions"] == 1 and run.score["right"] == 0 and run.view()["expected"] is None


def test_a_guess_chapter_hides_the_future():
    run = _guess_run()
    view = run.view()
    assert view["expected"] is None and view["question"] == {"scored": True, "retry": True, "hints_shown": [],
                                                             "hints_left": 0}
    assert "move P3 black" not in str({k: v for k, v in view.items() if k != "legal_actions"})


def test_a_practice_chapter_plays_against_the_bots_until_the_goal_or_the_end():
    run = _guess_run()
    while run.chapter_number == 2:
        run.answer(run.chapter.steps[run._i].action)
    assert run.chapter.mode == "practice" and run.view()["goal"].startswith("Bring one of your knights")
    rng = random.Random(4)
    bots_moved = set()
    while not run.done:
        legal = run.view()["legal_actions"]
        assert legal and all(a["player"] == 0 for a in legal)
        feedback = run.answer(rng.choice(legal)["id"])
        assert feedback.kind == "played"
        bots_moved |= {p.player for p in feedback.played[1:]}
    assert bots_moved >= {1, 2}
    assert run.score["goals"] == 1 and run.progress == "Done: 3 chapters"
    finished = run.view()["finished"][-1]
    assert finished["title"] == "Race the bots" and finished["goal_reached"] == bool(run.score["goals_reached"])


def test_answering_after_the_end_or_a_non_string_is_refused():
    run = (Lesson("Short", **EMERALD).walkthrough("One", seat=0).step("move T1 black")).run()
    with pytest.raises(TypeError):
        run.answer(3)  # type: ignore[arg-type]
    run.answer("move T1 black")
    assert run.done and run.view()["awaiting"] is False and run.hint() is None
    with pytest.raises(LessonError) as e:
        run.answer("end turn")
    assert e.value.field == "answer"


def test_a_chapter_of_every_seat_asks_the_student_every_decision():
    lesson = Lesson("All seats", **EMERALD).walkthrough("Teacher", seat=None).steps("move T1 black", "end turn", "move T1 red")
    run = lesson.run()
    assert run.view()["expected"] == "move T1 black"
    run.answer("move T1 black")
    run.answer("end turn")
    assert run.view()["expected"] == "move T1 red"  # red's move is the student's too


def test_preview_tells_an_answers_feedback_and_changes_nothing():
    run = _guess_run()
    before = (run.view(), run.score)
    assert run.preview("move KEEP black").kind == "wrong" and run.preview("take gold").kind == "illegal"
    assert run.preview("move T1 black").kind == "right" and run.preview("move T1 black").played == ()
    assert (run.view(), run.score) == before


def test_skipping_a_chapter_goes_to_the_next_and_counts_a_practice_goal_missed():
    run = three_chapters().run()
    run.skip()
    assert run.chapter_number == 2 and run.score["questions"] == 0
    run.skip()
    assert run.chapter.mode == "practice"
    run.skip()
    assert run.done and run.score == {"right": 0, "questions": 0, "goals_reached": 0, "goals": 1}
    with pytest.raises(LessonError):
        run.skip()
