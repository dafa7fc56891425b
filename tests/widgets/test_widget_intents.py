"""Intents from the front end reach the same public methods a notebook calls, and change the game."""

from __future__ import annotations

import pytest

from dragonwidgets import EmeraldWidget, GameWidget, IllegalActionError, new_game
from dragonwidgets.widgets import MESSAGE_KINDS

from widget_helpers import intent


def test_message_kinds_are_the_public_methods():
    for kind in MESSAGE_KINDS:
        assert callable(getattr(GameWidget, kind)), kind


def test_act_message_applies_the_action(human_widget):
    w = human_widget
    first = w.legal_actions[0]["id"]
    intent(w, "act", id=first)
    assert w.last_error == ""
    assert w.game.history[0].action.id == first
    assert w.step == w.game.step >= 1
    assert w.history_length == len(w.game.history)
    assert w.observation == w.game.observation(None)
    assert [a["id"] for a in w.legal_actions] == w.game.legal_action_ids()


def test_act_method_and_message_take_one_path(human_widget):
    a = human_widget
    b = EmeraldWidget(players=3, seed=1)
    for _ in range(6):
        action = a.game.legal_action_ids()[-1]
        a.act(action)
        intent(b, "act", id=action)
    assert a.record() == b.record()
    assert a.observation == b.observation


def test_illegal_act_from_python_raises_and_names_the_legal_ids(human_widget):
    with pytest.raises(IllegalActionError, match="Legal now"):
        human_widget.act("fly away")


def test_goto_and_undo_messages_move_the_shown_step(human_widget):
    w = human_widget
    for _ in range(4):
        w.act(w.game.legal_action_ids()[0])
    end = w.game.step
    intent(w, "goto", step=0)
    assert (w.step, w.game.step, w.history_length) == (0, 0, end)
    assert w.observation == new_game("emerald", players=3, seed=1).observation(None)
    intent(w, "goto", step=end)
    assert w.step == end
    intent(w, "undo")
    assert w.last_error == "" and w.step < end
    intent(w, "goto", step=end)
    assert w.step == end


def test_acting_after_a_rewind_starts_a_branch(human_widget):
    w = human_widget
    for _ in range(3):
        w.act(w.game.legal_action_ids()[0])
    w.goto(0)
    other = w.game.legal_action_ids()[-1]
    w.act(other)
    assert w.game.history[0].action.id == other
    assert w.history_length == w.game.step


def test_set_seat_set_viewer_set_pace_messages(widget):
    w = widget
    intent(w, "set_seat", seat=0, who="random")
    assert w.seats == ["random", "greedy", "greedy"]
    intent(w, "set_viewer", viewer="1")
    assert (w.viewer, w.view_seat, w.observation["viewer"]) == ("1", 1, 1)
    intent(w, "set_pace", pace=0.2)
    assert w.pace == 0.2 and w.last_error == ""


def test_bot_step_message_plays_the_bot_seat(widget):
    w = widget
    assert w.game.current_player == 1 and not w.can_act
    intent(w, "bot_step")
    assert w.last_error == ""
    assert w.game.step >= 1 and w.game.history[0].action.player == 1


def test_play_and_pause_messages_without_an_event_loop(widget):
    w = widget
    intent(w, "play")
    assert w.playing is True and "playing" in w.status
    assert w.game.step == 0  # no running loop here: nothing plays by itself
    intent(w, "pause")
    assert w.playing is False


def test_manual_chance_act_and_resolve_chance():
    w = EmeraldWidget(players=3, seed=4, chance="manual")
    for _ in range(400):  # (cards turned up under a taken one are chance nodes too: picked as they come)
        if w.game.is_chance_node and w.game.legal_actions()[0].kind == "dragon_roll":
            break
        w.act(w.game.legal_action_ids()[0])
    assert w.game.is_chance_node
    assert [a["id"] for a in w.legal_actions] == ["roll 1", "roll 2", "roll 3"] and w.can_act
    step = w.game.step
    intent(w, "act", id="roll 2")
    assert w.game.history[step].action.id == "roll 2" and w.observation["last_roll"] == 2
    for _ in range(400):
        if w.game.is_chance_node and w.game.legal_actions()[0].kind == "dragon_roll":
            break
        w.act(w.game.legal_action_ids()[0])
    step = w.game.step
    intent(w, "resolve_chance")
    assert w.last_error == "" and w.game.history[step].action.kind == "dragon_roll"


def test_game_widget_shows_any_game():
    game = new_game("emerald", players=4, seed=2)
    w = GameWidget(game, seats=["human", "random", "random", "random"])
    assert w.game is game and w.game_name == "emerald"
    assert w.board == game.board_layout()


def test_existing_game(widget):
    game = new_game("emerald", players=2, seed=9)
    w = EmeraldWidget(game=game)
    assert w.game is game and len(w.seats) == 2


def test_refresh_after_changing_the_game_directly(human_widget):
    w = human_widget
    w.game.apply(w.game.legal_action_ids()[0])
    assert w.step == 0
    w.refresh()
    assert w.step == w.game.step


def test_record_round_trips(human_widget):
    import dragonwidgets

    w = human_widget
    for _ in range(5):
        w.act(w.game.legal_action_ids()[0])
    assert dragonwidgets.from_record(w.record()).to_record() == w.record()
