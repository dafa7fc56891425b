"""A lesson is checked by replaying it (issue 28 item 1): each thing that cannot be raises a LessonError naming
the chapter, the step and the field, and leaves the lesson as it was (nothing half-loaded)."""

from __future__ import annotations

import copy
from typing import Any, Callable

import pytest

from dragonwidgets import Lesson, LessonError
from dragonwidgets.lessons import Question, Step, Variation
from dragonwidgets.lessons.board import board_names
from dragonwidgets.lessons.privacy import hidden_names
from lesson_cases import EMERALD, chapter_from, chasse_hidden_draw, emerald_other_hand, three_chapters


def _refused(lesson: Lesson) -> LessonError:
    """Check ``lesson`` expecting a LessonError; assert it changed nothing and that from_dict refuses it too."""
    before = copy.deepcopy(lesson.to_dict())
    with pytest.raises(LessonError) as e:
        lesson.check()
    assert lesson.to_dict() == before
    with pytest.raises(LessonError) as again:
        Lesson.from_dict(before)
    assert str(again.value) == str(e.value)
    return e.value


def _edit(change: Callable[[Lesson], Any]) -> Lesson:
    lesson = three_chapters()
    change(lesson)
    return lesson


def _where(error: LessonError) -> tuple[int | None, int | None, str]:
    return error.chapter, error.step, error.field


def test_an_illegal_step_action_is_refused_with_the_engines_reason():
    error = _refused(_edit(lambda l: setattr(l.chapters[0].steps[1], "action", "move P5 black")))
    assert _where(error) == (0, 1, "action")
    assert "'move P5 black' is not legal: there is no black knight on P5" in str(error)
    assert str(error).startswith("chapters[0] 'The first turn', steps[1] ('move P5 black'), field 'action'")


def test_an_accepted_answer_that_is_illegal_at_its_step_is_refused():
    error = _refused(_edit(lambda l: l.chapters[1].steps[6].question.accepted.append("take gold")))  # type: ignore[union-attr]
    assert _where(error) == (1, 6, "question.accepted[2]")
    assert "EM-CARD-1" in str(error)  # the engine's rule behind the refusal


def test_accepted_answers_must_hold_the_steps_own_action():
    error = _refused(_edit(lambda l: setattr(l.chapters[1].steps[6], "question", Question(accepted=["move T2 black"]))))
    assert _where(error) == (1, 6, "question.accepted") and "'move P3 black'" in str(error)


@pytest.mark.parametrize("answer, words", [("fly away", "not legal"), ("move T2 black", "accepted answer")])
def test_feedback_for_an_illegal_or_an_accepted_answer_is_refused(answer, words):
    lesson = _edit(lambda l: l.chapters[1].steps[6].question.feedback.update({answer: "Hmm."}))  # type: ignore[union-attr]
    error = _refused(lesson)
    assert _where(error) == (1, 6, f"question.feedback[{answer!r}]") and words in str(error)


def test_a_question_on_another_seats_step_is_refused():
    error = _refused(_edit(lambda l: setattr(l.chapters[0].steps[2], "question", Question())))
    assert _where(error) == (0, 2, "question") and "seat 1's" in str(error)


def test_a_highlight_naming_nothing_on_the_board_is_refused():
    error = _refused(_edit(lambda l: l.chapters[0].steps[0].highlights.append("T9/black")))
    assert _where(error) == (0, 0, "highlights[2]") and "'T9/black' names nothing on the board" in str(error)


def test_a_highlight_of_a_stack_that_is_not_there_is_refused():
    error = _refused(_edit(lambda l: l.chapters[0].steps[0].highlights.append("P5/black")))  # P5 is empty
    assert _where(error) == (0, 0, "highlights[2]")


def test_a_highlight_of_a_card_in_another_seats_hand_is_refused_unless_the_step_reveals_it():
    game = emerald_other_hand()
    card = next(n for n in sorted(board_names(game, None)) if n.startswith("hand/1/gold/"))
    assert card in hidden_names(game, 0)
    move = game.legal_action_ids()[0]
    error = _refused(chapter_from(game).step(move, highlight=[card]))
    assert _where(error) == (0, 0, "highlights[0]") and "hidden from seat 0" in str(error)
    chapter_from(game).step(move, highlight=[card], reveal=True).check()
    chapter_from(game, seat=None).step(move, highlight=[card]).check()  # the teacher's chapter sees all
    chapter_from(game, seat=1).step(move, highlight=[card]).check()  # seat 1's own hand


def test_a_comment_hint_or_feedback_naming_a_hidden_card_is_refused():
    game = emerald_other_hand()
    card = next(n for n in sorted(hidden_names(game, 0)) if n.startswith("hand/1/gold/"))
    move, other = game.legal_action_ids()[:2]
    for kwargs, field in [({"comment": f"Red holds {card}."}, "comment"),
                          ({"hints": ["Look.", f"Red holds {card}."]}, "question.hints[1]"),
                          ({"feedback": {other: f"No: {card}."}}, f"question.feedback[{other!r}]"),
                          ({"default": f"Think of {card}.", "ask": True}, "question.default")]:
        error = _refused(chapter_from(game).step(move, **kwargs))
        assert _where(error) == (0, 0, field) and card in str(error)


def test_a_comment_announcing_a_hidden_draw_is_refused_unless_the_step_reveals_it():
    game = chasse_hidden_draw()
    outcome = game.legal_actions()[0]
    monster = outcome.id.split()[-1]  # "reveal goblin": the card to come
    seat = next(s for s in range(game.players))
    error = _refused(chapter_from(game, seat=seat).step(outcome.id, f"Here comes a {monster}!"))
    assert _where(error) == (0, 0, "comment") and monster in str(error)
    chapter_from(game, seat=seat).step(outcome.id, "Here comes the top card.").check()
    chapter_from(game, seat=seat).step(outcome.id, f"Here comes a {monster}!", reveal=True).check()


def test_a_variation_with_an_illegal_action_is_refused_naming_its_step():
    lesson = _edit(lambda l: l.chapters[1].steps[6].variations.append(
        Variation([Step("move T2 black"), Step("move KEEP red")])))
    error = _refused(lesson)
    assert _where(error) == (1, 6, "variations[1].steps[1].action")


def test_a_variation_step_asking_a_question_is_refused():
    lesson = _edit(lambda l: l.chapters[1].steps[6].variations.append(
        Variation([Step("move T2 black", question=Question())])))
    assert _where(_refused(lesson)) == (1, 6, "variations[1].steps[0].question")


def test_a_variations_highlight_is_checked_where_the_variation_stands():
    lesson = _edit(lambda l: l.chapters[1].steps[6].variations.append(
        Variation([Step("move T2 black"), Step("end turn", highlights=["P9/black"])])))
    assert _where(_refused(lesson)) == (1, 6, "variations[1].steps[1].highlights[0]")


@pytest.mark.parametrize("change, where", [
    (lambda l: setattr(l.chapters[0], "seat", 3), (0, None, "seat")),
    (lambda l: setattr(l.chapters[0].start, "game", "chess"), (0, None, "start")),
    (lambda l: setattr(l.chapters[0].start, "players", 9), (0, None, "start")),
    (lambda l: setattr(l.chapters[0].start, "chance", "sometimes"), (0, None, "start.chance")),
    (lambda l: setattr(l.chapters[0].start, "position", {"game": "draghan"}), (0, None, "start.position")),
    (lambda l: setattr(l.chapters[0], "goal", "win"), (0, None, "goal")),
    (lambda l: setattr(l.chapters[2], "goal", "conquer"), (2, None, "goal")),
    (lambda l: setattr(l.chapters[2], "seat", None), (2, None, "seat")),
    (lambda l: setattr(l.chapters[2], "bots", {1: "random"}), (2, None, "bots")),
    (lambda l: setattr(l.chapters[2], "bots", {1: "random", 2: "genius"}), (2, None, "bots['2']")),
])
def test_a_bad_start_seat_goal_or_bot_is_refused_naming_the_field(change, where):
    assert _where(_refused(_edit(change))) == where


def test_a_goal_of_another_game_is_refused():
    lesson = Lesson("Draghan", game="draghan", players=2).practice("Lair?", seat=0, goal="reach_lair")
    error = _refused(lesson)
    assert _where(error) == (0, None, "goal") and "emerald" in str(error)


def test_a_record_start_of_another_game_is_refused():
    game = chasse_hidden_draw()
    lesson = Lesson("Mixed", **EMERALD).walkthrough("Here", seat=None, record=game.to_record(), game="emerald")
    assert _where(_refused(lesson)) == (0, None, "start.record")


def test_a_variation_playing_another_hidden_draw_is_refused_unless_it_reveals():
    game = chasse_hidden_draw()
    drawn, other = game.legal_actions()[0], None
    others = [a.id for a in game.legal_actions() if a.id.split()[-1] != drawn.id.split()[-1]]
    if not others:
        pytest.skip("this face-down pile holds one kind of card")
    other = others[0]
    lesson = chapter_from(game, seat=0).step(drawn.id)
    lesson.chapters[0].steps[0].variations.append(Variation([Step(other)]))
    error = _refused(lesson)
    assert _where(error) == (0, 0, "variations[0].steps[0].action") and other.split()[-1] in str(error)
    lesson.chapters[0].steps[0].variations[0] = Variation([Step(other, reveal=True)])
    lesson.check()
