"""What an offline lesson page needs, precomputed (issue 28 item 5's data, built here): each walkthrough and
guess frame with every legal answer's feedback, practice chapters marked as needing a kernel, and nothing a
seat may not see."""

from __future__ import annotations

import json
import random

from dragonwidgets.lessons import LessonRun
from dragonwidgets.lessons.offline import PAGE_FORMAT, page_data
from dragonwidgets.lessons.privacy import hidden_names
from lesson_cases import chapter_from, emerald_other_hand, three_chapters


def test_every_frame_answers_every_legal_action_as_the_run_would():
    lesson = three_chapters()
    data = page_data(lesson)
    assert data["format"] == PAGE_FORMAT and data["version"] == 1
    walk, guess, practice = data["chapters"]
    assert [len(walk["frames"]), len(guess["frames"])] == [2, 3]
    assert practice["needs_kernel"] and practice["frames"] == [] and practice["goal"].startswith("Bring one")
    run = LessonRun(lesson)
    for chapter in (walk, guess):
        for frame in chapter["frames"]:
            view = run.view()
            assert frame["observation"] == view["observation"] and frame["comment"] == view["comment"]
            assert set(frame["answers"]) == {a["id"] for a in view["legal_actions"]}
            for answer, told in frame["answers"].items():
                feedback = run.preview(answer)
                assert (told["kind"], told["text"], told["advanced"]) == (feedback.kind, feedback.text, feedback.advanced)
            assert sum(f["kind"] == "right" for f in frame["answers"].values()) >= 1
            wrong = [a for a, f in frame["answers"].items() if not f["advanced"]]
            if wrong:  # a live wrong answer is told what the page says
                assert run.answer(wrong[0]).text == frame["answers"][wrong[0]]["text"]
            run.answer(run.chapter.steps[run._i].action)
        assert chapter["end"]["observation"]["step"] > chapter["frames"][-1]["observation"]["step"]
    guess_hints = guess["frames"][-1]["hints"]
    assert guess_hints == ["Count the knights on P3.", "P3 is yours."]
    assert walk["frames"][0]["hints"] == ["Play: Move a black knight from T1 (3 knights there) to P3."]


def test_a_seats_page_holds_nothing_that_seat_may_not_see():
    game = emerald_other_hand()
    line, rng, actions = game.clone(), random.Random(5), []
    while len(actions) < 15 and not line.is_over:
        actions.append(rng.choice(line.legal_actions()).id)
        line.apply(actions[-1])
    lesson = chapter_from(game, seat=0)
    for action in actions:
        lesson.step(action)
    data = page_data(lesson)
    frames = data["chapters"][0]["frames"]
    assert frames
    for frame in frames:
        line.goto(frame["observation"]["step"])
        assert frame["observation"] == line.observation(0)
        text = json.dumps(frame)
        assert [n for n in hidden_names(line, 0) if f'"{n}"' in text] == []
        assert all(a["targets"] is not None for a in frame["answers"].values())
