"""The built-in tutorials (issue 28 item 6 and its goals): each game's tutorial loads and validates, asks at
least eight questions, cites every rule the legal actions of random games cite at 1 % of the decisions or
more and a rule of every section, can be answered to the end with a full score (a wrong answer gets
feedback, a hint is there), and takes 10 to 20 minutes by its honest estimate."""

from __future__ import annotations

import pytest

import dragonwidgets
from dragonwidgets import Lesson
from dragonwidgets.engine.rules import rule_ids_in
from dragonwidgets.lessons import LessonRun
from dragonwidgets.lessons.coverage import (
    NOT_PLAY_SECTIONS,
    VARIANT_SECTIONS,
    cited_rules,
    frequent_rules,
    rule_sections,
    rule_shares,
    section_of,
)
from dragonwidgets.lessons.tutorials import (
    TUTORIALS,
    estimated_minutes,
    student_moves,
    word_count,
)
from lesson_cases import EMERALD


@pytest.fixture(scope="module", params=TUTORIALS)
def game_and_lesson(request: pytest.FixtureRequest) -> tuple[str, Lesson]:
    return request.param, dragonwidgets.tutorial(request.param)


def _players(lesson: Lesson) -> int:
    return lesson.chapters[0].start.players


def test_each_tutorial_loads_validates_and_round_trips_its_json(game_and_lesson, tmp_path):
    game, lesson = game_and_lesson
    assert all(chapter.start.game == game for chapter in lesson.chapters)
    assert lesson.chapters[0].mode == "walkthrough" and lesson.chapters[0].comment  # theme, goal, overview first
    path = tmp_path / f"{game}.json"
    lesson.save(path)
    assert Lesson.load(path) == lesson


def test_each_tutorial_asks_at_least_eight_questions(game_and_lesson):
    _, lesson = game_and_lesson
    assert student_moves(lesson).questions >= 8


def test_each_tutorial_cites_every_rule_met_at_one_percent_of_random_decisions(game_and_lesson):
    game, lesson = game_and_lesson
    required = frequent_rules(game, players=_players(lesson), share=0.01, games=10, seed=0)
    assert len(required) >= 5  # the computation finds the rules a player meets (a check that could fail)
    missing = sorted(required - cited_rules(lesson))
    assert not missing, f"{game}'s tutorial does not cite {missing}"


def test_each_tutorial_cites_a_rule_of_every_section(game_and_lesson):
    game, lesson = game_and_lesson
    cited = cited_rules(lesson)
    missing = [section for section, ids in rule_sections(game).items() if not cited & set(ids)]
    assert not missing, f"{game}'s tutorial cites no rule of the sections {missing}"


def test_each_tutorials_comments_introductions_and_closings_cite_their_rules(game_and_lesson):
    _, lesson = game_and_lesson
    texts = [(f"chapter {i} {name}", text) for i, chapter in enumerate(lesson.chapters)
             for name, text in (("introduction", chapter.comment), ("closing", chapter.closing)) if text]
    texts += [(f"chapter {i} step {j} ({step.action!r})", step.comment) for i, chapter in enumerate(lesson.chapters)
              for j, step in enumerate(chapter.steps) if step.comment]
    uncited = [where for where, text in texts if not rule_ids_in(text)]
    assert len(texts) >= 10 and not uncited, uncited


def test_each_tutorial_cites_only_rules_of_its_game(game_and_lesson):
    game, lesson = game_and_lesson
    known = {rule.id for rule in dragonwidgets.rules(game)}
    assert cited_rules(lesson) <= known, sorted(cited_rules(lesson) - known)


def _wrong_answer(run: LessonRun) -> str:
    """A legal answer the question does not accept, or else an action id that is not legal."""
    step = run._step
    assert step is not None
    accepted = set(step.question.accepted if step.question is not None and step.question.accepted else [step.action])
    legal = [a["id"] for a in run.view()["legal_actions"]]
    return next((a for a in legal if a not in accepted), "no such action")


def test_each_tutorials_questions_are_answerable_with_a_full_score(game_and_lesson):
    _, lesson = game_and_lesson
    run = lesson.run()
    while not run.done:
        assert run.awaiting
        step = run._step
        assert step is not None
        assert run.answer(step.action).kind == "right"
    score = run.score
    assert score["questions"] == student_moves(lesson).questions >= 8 and score["right"] == score["questions"]


def test_each_tutorials_wrong_answers_get_feedback_and_every_question_a_hint(game_and_lesson):
    game, lesson = game_and_lesson
    run = lesson.run()
    asked = 0
    while not run.done:
        step = run._step
        assert step is not None
        if run.view()["question"] is not None and run.view()["question"]["scored"]:
            asked += 1
            wrong = _wrong_answer(run)
            feedback = run.answer(wrong)
            assert feedback.kind in ("wrong", "illegal") and feedback.text and not feedback.advanced, wrong
            if feedback.kind == "wrong" and step.question is not None:
                assert wrong in step.question.feedback or step.question.default, \
                    f"{game}: no feedback written for the legal wrong answer {wrong!r} at {step.action!r}"
            assert run.hint(), f"{game}: the question at {step.action!r} has no hint"
        run.answer(step.action)
    assert asked >= 8 and run.score["right"] == 0  # every question was answered wrong first


def test_each_tutorial_takes_10_to_20_minutes(game_and_lesson):
    game, lesson = game_and_lesson
    minutes = estimated_minutes(lesson)
    print(f"{game}: {word_count(lesson)} words, {student_moves(lesson)}, {minutes:.1f} min")
    assert 10 <= minutes <= 20


def test_the_estimate_counts_words_questions_and_moves():
    lesson = (Lesson("Tiny", **EMERALD).walkthrough("One", seat=0)
              .step("move T1 black", " ".join(["word"] * 180))
              .step("move T2 black", "Two.", ask=True, hints=["T2."]))
    assert student_moves(lesson).questions == 1 and student_moves(lesson).moves == 1
    assert word_count(lesson) == 182 and estimated_minutes(lesson) == pytest.approx(182 / 180 + 55 / 60)


def test_an_unknown_game_has_no_tutorial():
    with pytest.raises(ValueError, match=f"no tutorial for 'chess'; the tutorials are: {', '.join(TUTORIALS)}"):
        dragonwidgets.tutorial("chess")
    with pytest.raises(TypeError, match="game_name must be a str"):
        dragonwidgets.tutorial(3)  # type: ignore[arg-type]
    assert "tutorial" in dragonwidgets.__all__


def test_sections_leave_aside_interpretations_reconstructions_and_variants():
    assert section_of("EM-MOVE-3") == "MOVE"
    for game in TUTORIALS:
        sections = set(rule_sections(game))
        assert sections and not sections & (NOT_PLAY_SECTIONS | VARIANT_SECTIONS[game])
        every = {section_of(rule.id) for rule in dragonwidgets.rules(game)}
        assert VARIANT_SECTIONS[game] <= every  # each variant named is a real section of the game
    assert {"SETUP", "TURN", "MOVE", "END", "SCORE"} <= set(rule_sections("emerald"))


def test_rule_shares_count_decisions_not_actions():
    shares = rule_shares("emerald", players=3, games=2, seed=0)
    assert shares["EM-MOVE-1"] <= 1 and all(0 < s <= 1 for s in shares.values())
    frequent = frequent_rules("emerald", players=3, games=2, seed=0, share=0.5)
    assert frequent == {r for r, s in shares.items() if s >= 0.5} and frequent < set(shares)


def test_cited_rules_reads_comments_feedback_hints_and_closings():
    lesson = (Lesson("Cites", **EMERALD).walkthrough("One", seat=0, comment="Intro (EM-SETUP-1).")
              .step("move T1 black", "Move (EM-MOVE-1).", feedback={"move T2 black": "No (EM-MOVE-2)."},
                    hints=["See EM-TURN-2."])
              .closing("End (EM-END-1)."))
    assert cited_rules(lesson) == {"EM-SETUP-1", "EM-MOVE-1", "EM-MOVE-2", "EM-TURN-2", "EM-END-1"}


def test_each_tutorial_opens_in_its_widget_and_writes_an_offline_page_under_1_mb(game_and_lesson, tmp_path):
    game, lesson = game_and_lesson
    widget = lesson.widget()
    assert widget.lesson["chapter"] == 1 and widget.lesson["intro"] == lesson.chapters[0].comment
    path = tmp_path / f"{game}.html"
    lesson.to_html(path)
    size = path.stat().st_size
    print(f"{game}: offline page {size / 1024:.0f} KB")
    assert 10_000 < size <= 1_000_000
