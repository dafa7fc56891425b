"""A lesson as one offline page (issue 28 item 5): ``lesson.to_html(path)``.

The page's precomputed data: a node per decision of the student holding the traits the lesson widget sends
that seat there, every legal answer's feedback, the hints in order; a practice chapter as one node saying it
needs a notebook; nothing the seat may not see; no URL the page could load; and its size for a
tutorial-sized lesson (three chapters, about 40 steps).
"""

from __future__ import annotations

import json
import random
import re

import pytest
from lesson_cases import EMERALD, chapter_from, emerald_other_hand, three_chapters

import dragonwidgets
from dragonwidgets import Lesson
from dragonwidgets.lessons.page import (
    LESSON_PAGE_FORMAT,
    PRACTICE_NOTICE,
    lesson_page_payload,
    read_lesson_page,
)
from dragonwidgets.lessons.privacy import hidden_names
from dragonwidgets.widgets.page import page_traits

COMPARED = ("observation", "legal_actions", "log", "status", "text", "can_act", "viewer", "view_seat", "player_names")


def _right(answers):
    return next(a for a, told in answers.items() if told["kind"] == "right")


def test_each_node_holds_the_widgets_traits_and_panel_at_that_decision():
    lesson = three_chapters()
    payload = lesson_page_payload(lesson)
    assert payload["format"] == LESSON_PAGE_FORMAT and payload["game"] == "emerald"
    nodes = payload["nodes"]
    assert [n["lesson"]["progress"] for n in nodes] == ["Chapter 1 of 3"] * 2 + ["Chapter 2 of 3"] * 3 + [
        "Chapter 3 of 3", "Done: 3 chapters"]
    live = lesson.widget()
    for k, node in enumerate(nodes[:5]):
        shown = page_traits(payload, k)
        for name in COMPARED:
            assert shown[name] == getattr(live, name), f"node {k}: {name}"
        assert node["lesson"]["comment"] == live.lesson["comment"]
        assert node["lesson"]["highlights"] == live.lesson["highlights"]
        live.answer(_right(node["answers"]))
    assert page_traits(payload, 6)["can_act"] is False and nodes[6]["lesson"]["done"]


def test_every_legal_answer_is_told_as_the_live_widget_tells_it():
    lesson = three_chapters()
    nodes = lesson_page_payload(lesson)["nodes"]
    live = lesson.widget()
    for node in nodes[:5]:
        assert set(node["answers"]) == {a["id"] for a in live.legal_actions}
        for answer, told in node["answers"].items():
            feedback = live.run.preview(answer)
            assert (told["kind"], told["text"], told["advanced"]) == (feedback.kind, feedback.text, feedback.advanced)
        wrong = [a for a, told in node["answers"].items() if told["kind"] == "wrong"]
        if wrong:
            assert live.answer(wrong[0]).text == node["answers"][wrong[0]]["text"]
        live.answer(_right(node["answers"]))
    question = nodes[4]
    assert question["hints"] == ["Count the knights on P3.", "P3 is yours."]
    assert question["answers"]["move KEEP black"]["text"] == "The keep's knights are slow: look at the towers."
    assert question["answers"]["move T2 black"]["kind"] == "right" and question["lesson"]["question"]["scored"]
    assert nodes[0]["hints"] == ["Play: Move a black knight from T1 (3 knights there) to P3."]


def test_a_practice_chapter_is_one_node_that_says_it_needs_a_notebook():
    payload = lesson_page_payload(three_chapters())
    practice = payload["nodes"][5]
    assert practice["skip"] and practice["answers"] == {} and practice["lesson"]["notice"] == PRACTICE_NOTICE
    shown = page_traits(payload, 5)
    assert shown["legal_actions"] == [] and shown["can_act"] is False and shown["observation"]["step"] == 0
    end = payload["nodes"][6]["lesson"]
    assert end["done"] and end["finished"] == [{"chapter": 3, "title": "Race the bots", "closing": None,
                                                "goal_reached": None, "skipped": True}]
    assert page_traits(payload, 6)["status"] == "The lesson is over: the panel shows your score."


def test_the_page_is_one_file_that_loads_nothing_from_a_network(tmp_path):
    path = three_chapters().to_html(tmp_path / "lesson.html")
    text = path.read_text(encoding="utf-8")
    assert "connect-src 'none'" in text and "default-src 'none'" in text
    assert not re.search(r"<(?:link|img|iframe)\b|\bsrc\s*=", text)
    assert re.findall(r"https?://[^\s\"'<>]+", text) == []
    data = read_lesson_page(path)
    assert data == lesson_page_payload(three_chapters())


def test_a_file_that_is_not_a_lesson_page_is_refused(tmp_path):
    game = dragonwidgets.new_game("emerald", players=3, seed=1)
    other = dragonwidgets.to_html(game, tmp_path / "game.html")
    with pytest.raises(ValueError, match="is not a lesson page written by dragonwidgets"):
        read_lesson_page(other)


def _tutorial_sized() -> Lesson:
    """Three chapters of about 40 steps: a 20-step walkthrough and a 20-step guess chapter of seeded random
    play with a comment every other step, and a practice chapter."""
    game = dragonwidgets.new_game("emerald", players=3, seed=5, chance="manual", first_player=0)
    rng = random.Random(5)
    while game.history_length < 40:
        game.apply(rng.choice(game.legal_actions()))
    ids = [game.entry(i).action.id for i in range(40)]
    lesson = Lesson("Sized", game="emerald", players=3, seed=5, options={"first_player": 0}).walkthrough("Walk", seat=0)
    for i, action in enumerate(ids[:20]):
        lesson.step(action, f"Step {i}: a comment about what happens and why it matters here." if i % 2 else None)
    lesson.guess("Guess", seat=0)
    for action in ids[:20]:
        lesson.step(action)
    return lesson.practice("Play on", seat=0, bots="random")


def test_a_tutorial_sized_page_is_under_one_megabyte(tmp_path):
    lesson = _tutorial_sized()
    assert sum(len(c.steps) for c in lesson.chapters) == 40
    path = lesson.to_html(tmp_path / "sized.html")
    size = path.stat().st_size
    print(f"tutorial-sized lesson page: {size} bytes, {len(read_lesson_page(path)['nodes'])} nodes")
    assert size <= 1_000_000


def test_the_page_holds_nothing_the_seat_may_not_see():
    game = emerald_other_hand()
    hidden = hidden_names(game, 0)
    assert any(name.startswith("hand/1/gold/") for name in hidden)
    line = game.clone()
    rng = random.Random(4)
    ids = []
    while len(ids) < 8 and not line.is_over:
        action = rng.choice(line.legal_actions())
        ids.append(action.id)
        line.apply(action)
    lesson = chapter_from(game, mode="walkthrough", seat=0).steps(*ids)
    payload = lesson_page_payload(lesson)
    text = json.dumps(payload)
    assert len(payload["nodes"]) >= 2
    assert [name for name in hidden if name in text] == []
    full = json.dumps(game.observation(None)["hands"][1])
    assert all(json.dumps(page_traits(payload, k)["observation"]["hands"][1]) != full
               for k in range(len(payload["nodes"])))


def test_the_page_privacy_check_sees_a_leak():
    """The check above can fail: a step that reveals seat 1's card on purpose puts its name in the page."""
    game = emerald_other_hand()
    card = f"hand/1/gold/{game.observation(None)['hands'][1]['gold'][0]}"
    lesson = chapter_from(game, mode="walkthrough", seat=0)
    lesson.step(game.legal_actions()[0].id, "Look at Red's card.", highlight=[card], reveal=True)
    assert card in json.dumps(lesson_page_payload(lesson))


def test_a_lesson_of_two_games_has_no_page(tmp_path):
    lesson = (Lesson("Two games", **EMERALD).guess("Emerald", seat=0).step("move T1 black")
              .walkthrough("Chasse", seat=0, game="chasse_au_dragon", players=3))
    with pytest.raises(dragonwidgets.LessonError, match="a lesson widget or page shows one game"):
        lesson.to_html(tmp_path / "x.html")
    assert not (tmp_path / "x.html").exists()
