"""Taking a lesson in a notebook (issue 28 item 4): ``lesson.widget()``, the game's widget in a lesson mode.

Driven as the front end drives it (custom messages): the traits per step (the chapter's seat's view, the
lesson panel's data), answers from the board (``act``), hints, feedback, practice against bots, a chapter of
another seat; every forged or game message refused with a precise sentence, changing nothing; and nothing
a seat may not see in any trait or message (as tests/widgets/test_widget_privacy_review.py checks the game
widget).
"""

from __future__ import annotations

import copy
import json
import random
import zlib

import pytest
from lesson_cases import (
    EMERALD,
    chapter_from,
    chasse_hidden_draw,
    emerald_other_hand,
    three_chapters,
)

from dragonwidgets import EmeraldWidget, Lesson, LessonError
from dragonwidgets.engine import CHANCE
from dragonwidgets.lessons.privacy import hidden_names
from dragonwidgets.lessons.widget import LESSON_KINDS, LessonWidget

SYNCED = ("game_name", "board", "observation", "legal_actions", "can_act", "step", "history_length", "log", "seats",
          "viewer", "view_seat", "status", "playing", "player_names", "text", "lesson")


def intent(w, kind, **fields):
    w._handle_custom_msg({"kind": kind, **fields}, [])


def snapshot(w):
    return w.game.to_record(), {k: copy.deepcopy(getattr(w, k)) for k in SYNCED}


def spy(w):
    out = []
    w.send = lambda content, buffers=None: out.append((content, buffers))
    return out


def received(w, sent):
    """Everything the page got: the synced traits (but the static board and rule texts) and the messages."""
    state = {k: v for k, v in w.get_state().items() if k not in ("board", "rule_texts", "layout") and k[0] != "_"}
    texts = [json.dumps(state, sort_keys=True)]
    for content, buffers in sent:
        texts.append(zlib.decompress(buffers[0]).decode() if content.get("deflated") else json.dumps(content))
    return "\n".join(texts)


# ---------------------------------------------------------------------------- the traits per step
def test_the_widget_is_the_games_widget_showing_the_chapters_seat_with_the_lesson_panel():
    w = three_chapters().widget()
    assert isinstance(w, EmeraldWidget) and isinstance(w, LessonWidget)
    assert w.viewer == "0" and w.view_seat == 0 and not w.take_backs and not w.playing
    assert w.observation == w.game.observation(0) and w.observation != w.game.observation(None) or True
    panel = w.lesson
    assert panel["progress"] == "Chapter 1 of 3" and panel["chapter_title"] == "The first turn"
    assert panel["intro"] == "You play black. Your knights wait in the castle."
    assert panel["comment"].startswith("A knight moves forward") and panel["highlights"] == ["T1", "T1/black"]
    assert panel["awaiting"] and panel["more_hints"] and panel["hints"] == [] and panel["feedback"] is None
    assert w.can_act and {a["player"] for a in w.legal_actions} == {0}
    assert "move T1 black" in {a["id"] for a in w.legal_actions}
    assert not {"observation", "legal_actions", "log"} & set(panel)  # the game traits carry those


def test_a_wrong_answer_from_the_board_is_told_and_changes_nothing_else():
    w = three_chapters().widget()
    record, traits = snapshot(w)
    intent(w, "act", id="move T2 black")
    assert w.last_error == ""
    feedback = w.lesson["feedback"]
    assert feedback["kind"] == "wrong" and not feedback["advanced"] and "legal, but this lesson asks" in feedback["text"]
    assert w.game.to_record() == record and w.observation == traits["observation"] and w.step == traits["step"]
    assert w.lesson["awaiting"] and w.can_act


def test_an_illegal_answer_is_told_the_rules_text():
    w = three_chapters().widget()
    intent(w, "act", id="take gold")
    feedback = w.lesson["feedback"]
    assert feedback["kind"] == "illegal" and "EM-CARD-1" in feedback["rules"]
    assert "EM-CARD-1: A knight that stops" in feedback["text"] and w.last_error == ""


def test_a_hint_from_the_page_shows_in_the_panel_once():
    w = three_chapters().widget()
    intent(w, "hint")
    assert w.lesson["hints"] == ["Play: Move a black knight from T1 (3 knights there) to P3."]
    assert not w.lesson["more_hints"]
    intent(w, "hint")  # none left: nothing more
    assert len(w.lesson["hints"]) == 1 and w.last_error == ""


def test_a_right_answer_advances_and_the_others_replies_play_by_themselves():
    w = three_chapters().widget()
    intent(w, "hint")
    intent(w, "act", id="move T1 black")
    assert w.lesson["feedback"]["kind"] == "right" and w.lesson["hints"] == []
    assert w.lesson["comment"] == "A second knight may move in the same turn." and w.lesson["highlights"] == ["T2/black"]
    intent(w, "act", id="move T2 black")
    panel = w.lesson
    assert panel["progress"] == "Chapter 2 of 3" and panel["mode"] == "guess"
    assert [p["player"] for p in panel["played"]] == [0, 1, 1, 2, 2]  # the others' replies, played by the lesson
    assert panel["finished"][0]["title"] == "The first turn"
    assert w.game.current_player == 0 and w.step == 0 and w.observation == w.game.observation(0)  # its own game


def test_guess_questions_keep_the_future_hidden_and_count_the_score():
    w = three_chapters().widget()
    w.answer("move T1 black")
    w.answer("move T2 black")
    assert w.lesson["expected"] is None and w.lesson["question"]["scored"]
    for _ in range(2):  # move T1 black, end turn: the others' replies play by themselves
        w.answer(w.run.chapter.steps[w.run._i].action)
    assert w.lesson["question"]["hints_left"] == 2
    assert w.answer("move KEEP black").text == "The keep's knights are slow: look at the towers."
    assert w.hint() == "Count the knights on P3." and w.lesson["hints"] == ["Count the knights on P3."]
    w.answer("move T2 black")  # accepted
    assert w.lesson["score"]["questions"] == 3 and w.lesson["score"]["right"] == 2


def test_a_practice_chapter_plays_on_against_the_named_bots():
    w = three_chapters().widget(seed=3)
    run = w.run
    while run.chapter.mode != "practice":
        w.answer(run.chapter.steps[run._i].action)
    assert w.lesson["progress"] == "Chapter 3 of 3" and w.lesson["goal"] and w.can_act
    step = w.step
    intent(w, "act", id=w.legal_actions[-1]["id"])
    assert w.lesson["feedback"]["kind"] == "played" and w.last_error == "" and w.step > step
    for _ in range(4):  # a turn may hold several moves of the student's: play on until the bots answered
        if any(p["player"] == 1 for p in w.lesson["played"]):
            break
        intent(w, "act", id=w.legal_actions[-1]["id"])
    assert any(p["player"] == 1 for p in w.lesson["played"]) and any(p["player"] == 2 for p in w.lesson["played"])
    assert w.game.current_player in (0, None) and w.step > step + 2  # the bots answered, back to the student


def test_a_chapter_of_another_seat_and_player_count_switches_the_view():
    lesson = (Lesson("Two seats", **EMERALD).guess("Black", seat=0).step("move T1 black")
              .walkthrough("Red, at four", seat=1, players=4, options={"first_player": 1}).step("move T1 red"))
    w = lesson.widget()
    assert w.viewer == "0" and len(w.seats) == 3
    w.answer("move T1 black")
    assert w.viewer == "1" and w.view_seat == 1 and len(w.seats) == 4 and len(w.player_names) == 4
    assert w.observation == w.game.observation(1) and {a["player"] for a in w.legal_actions} == {1}


def test_the_end_shows_the_score_and_restart_takes_the_lesson_again():
    w = (Lesson("One move", **EMERALD).guess("Find it", seat=0).step("move T1 black")).widget()
    intent(w, "act", id="move T3 black")
    intent(w, "act", id="move T1 black")
    assert w.lesson["done"] and w.lesson["score"] == {"right": 0, "questions": 1, "goals_reached": 0, "goals": 0}
    assert not w.can_act and w.legal_actions == []
    intent(w, "act", id="move T1 black")
    assert "the lesson waits for no answer now: it is over" in w.last_error
    intent(w, "restart")
    assert not w.lesson["done"] and w.step == 0 and w.can_act and w.lesson["score"]["questions"] == 0


# ---------------------------------------------------------------------------- forged messages
FORGED = [
    ({"kind": "goto", "step": 0}, "message 'goto': a lesson takes no 'goto'"),
    ({"kind": "undo"}, "message 'undo': a lesson takes no 'undo'"),
    ({"kind": "set_viewer", "viewer": "1"}, "message 'set_viewer': a lesson takes no 'set_viewer'"),
    ({"kind": "set_seat", "seat": 1, "who": "human"}, "a lesson takes no 'set_seat'"),
    ({"kind": "edit_start"}, "a lesson takes no 'edit_start'"),
    ({"kind": "bot_step"}, "a lesson takes no 'bot_step'"),
    ({"kind": "answer", "id": "move T1 black"}, "unknown message kind 'answer'; a lesson's kinds: act, hint, restart"),
    ({"kind": "act"}, "message 'act' needs the field 'id'"),
    ({"kind": "act", "id": 3}, "message 'act': field 'id' must be a string of at most 200 characters, got 3"),
    ({"kind": "act", "id": "x" * 5000}, "(5000 characters)"),
    ({"kind": "act", "id": "move T1 black", "seat": 1}, "message 'act' has unexpected field(s) 'seat'"),
    ({"kind": "hint", "n": 2}, "message 'hint' has unexpected field(s) 'n'"),
    (["act"], "a message is a dict with a 'kind', got a list"),
    ({"kind": None}, "unknown message kind None"),
]


@pytest.mark.parametrize("message, words", FORGED, ids=[str(m)[:40] for m, _ in FORGED])
def test_a_forged_or_game_message_is_refused_precisely_and_changes_nothing(message, words):
    w = three_chapters().widget()
    w.answer("move T2 black")  # a feedback shown: a refusal must not clear it either
    before = snapshot(w)
    tries = w.run._tries
    w._handle_custom_msg(message, [])
    assert words in w.last_error
    assert snapshot(w) == before and w.run._tries == tries


def test_a_message_with_buffers_or_a_trait_write_is_refused():
    w = three_chapters().widget()
    before = snapshot(w)
    w._handle_custom_msg({"kind": "hint"}, [b"x"])
    assert w.last_error == "a message carries no binary buffers" and snapshot(w) == before
    w.set_state({"lesson": {"done": True}, "viewer": "teacher"})
    assert "the front end may not set lesson, viewer" in w.last_error and snapshot(w) == before


def test_game_calls_that_would_move_the_game_under_the_lesson_are_refused_from_python():
    w = three_chapters().widget()
    before = snapshot(w)
    for call in (lambda: w.goto(0), w.undo, w.play, w.bot_step, w.resolve_chance, lambda: w.set_viewer("1"),
                 lambda: w.set_seat(1, "random"), w.edit_start):
        with pytest.raises(ValueError, match="a lesson moves the game itself"):
            call()
    assert snapshot(w) == before
    assert set(LESSON_KINDS) == {"act", "hint", "restart", "resync"}


def test_a_lesson_of_two_games_has_no_widget():
    lesson = (Lesson("Two games", **EMERALD).guess("Emerald", seat=0).step("move T1 black")
              .walkthrough("Chasse", seat=0, game="chasse_au_dragon", players=3, options={}))
    with pytest.raises(LessonError, match="chapters\\[1\\] 'Chasse', field 'start.game': a lesson widget or page shows one game"):
        lesson.widget()


# ---------------------------------------------------------------------------- privacy
def _secrets(w):
    """What the chapter's seat may not know now: the hidden names of the lesson's privacy check (another
    seat's gold cards, a face-down pile's cards) and the strings of the full table its observation hides."""
    game, seat = w.game, w.view_seat
    if seat is None:
        return set()
    out = set(hidden_names(game, seat))
    if game.current_player == CHANCE and game.chance_outcomes_hidden or (
            game.current_player is not None and game.current_player not in (seat, CHANCE)):
        out |= {a.id for a in game.legal_actions()}
    known = json.dumps([game.observation(seat), game.log(seat), w.player_names, w.board, w.rule_texts])
    return {s for s in out if len(s) >= 3 and s not in known}


def _walk_checked(w, sent, rng, answers=40):
    """Answer at random (a wrong legal answer, a hint, the right answer) and check every trait and message
    after each; return how many states were checked."""
    checked = 0
    for _ in range(answers):
        secrets = _secrets(w)
        mine = w.game.observation(w.view_seat)  # the widget may add what it works out for the view (odds)
        assert {k: w.observation[k] for k in mine} == mine and w.log == w.game.log(w.view_seat, last=len(w.log))
        leaked = sorted(s for s in secrets if s in received(w, sent))
        assert not leaked, f"step {w.step}: the page got {leaked}"
        checked += 1
        if w.lesson["done"] or not w.can_act:
            break
        choice = rng.random()
        if choice < 0.3:
            intent(w, "hint")
        elif choice < 0.6 or w.run.chapter.mode == "practice":
            intent(w, "act", id=rng.choice(w.legal_actions)["id"])
        else:
            intent(w, "act", id=w.run.chapter.steps[w.run._i].action)
        assert w.last_error == ""
    return checked


def test_no_trait_or_message_holds_another_seats_gold_cards():
    game = emerald_other_hand()
    assert game.observation(None)["hands"][1]["gold"]
    lesson = chapter_from(game, mode="practice", seat=0)
    lesson.chapters[0].bots = {1: "random", 2: "random"}
    w = lesson.widget()
    sent = spy(w)
    assert _secrets(w), "the check must have something to find"
    assert _walk_checked(w, sent, random.Random(1)) >= 5


def test_no_trait_or_message_holds_a_face_down_piles_cards():
    game = chasse_hidden_draw()
    seat = next(s for s in range(game.players) if s != game.current_player)
    lesson = chapter_from(game, mode="practice", seat=0)
    lesson.chapters[0].bots = {s: "random" for s in range(game.players) if s != 0}
    w = lesson.widget()
    sent = spy(w)
    assert w.view_seat == 0 and seat is not None
    assert _walk_checked(w, sent, random.Random(2)) >= 3


def test_the_secrets_check_sees_a_leak():
    """The check above can fail: a step that reveals (on purpose) seat 1's gold card to seat 0 is caught."""
    game = emerald_other_hand()
    card = f"hand/1/gold/{game.observation(None)['hands'][1]['gold'][0]}"
    lesson = chapter_from(game, mode="walkthrough", seat=0)
    lesson.step(game.legal_actions()[0].id, "Look at Red's card.", highlight=[card], reveal=True)
    w = lesson.widget()
    assert card in _secrets(w) and card in received(w, [])


# ---------------------------------------------------------------------------- front ends
def test_the_comms_open_message_carries_the_whole_lesson(monkeypatch):
    """marimo takes the state from the comm's open message and never asks again: it must hold the lesson."""
    import ipywidgets.widgets.widget as widget_module

    opened = []
    create_comm = widget_module.comm.create_comm

    def recording_create_comm(**kwargs):
        opened.append(json.loads(json.dumps(kwargs["data"]["state"])))
        return create_comm(**kwargs)

    monkeypatch.setattr(widget_module.comm, "create_comm", recording_create_comm)
    w = three_chapters().widget()
    shown = opened[-1]
    assert shown["lesson"]["progress"] == "Chapter 1 of 3" and shown["lesson"]["comment"].startswith("A knight")
    assert shown == json.loads(json.dumps(w.get_state()))


def test_an_answer_reaches_the_page_in_one_sync_message_with_the_lesson():
    w = three_chapters().widget()
    sent = spy(w)
    intent(w, "act", id="move T1 black")
    syncs = [json.loads(zlib.decompress(b[0])) if c.get("deflated") else c for c, b in sent if c.get("kind") == "sync"]
    assert len(syncs) == 1
    assert syncs[0]["set"]["lesson"]["feedback"]["kind"] == "right" and "observation" in syncs[0]["patch"]
