"""Bots play whole games through the widget; the timeline rewinds; synced bytes stay small."""

from __future__ import annotations

import asyncio
import json

import pytest

import dragonwidgets
from dragonwidgets import EmeraldWidget
from dragonwidgets.widgets.base import LOG_ROWS, IntentError

from widget_helpers import SYNCED_GAME_TRAITS


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_bots_play_a_whole_game_with_bot_step(players, seed):
    w = EmeraldWidget(players=players, seed=seed, seats=(["greedy", "random"] * 3)[:players])
    for _ in range(5000):
        if w.game.is_over:
            break
        w.bot_step()
    assert w.game.is_over
    assert w.legal_actions == [] and not w.can_act
    assert w.status.startswith("Game over")
    assert w.observation["outcome"]["winners"] == w.game.winners()
    assert len(w.log) <= LOG_ROWS
    with pytest.raises(ValueError, match="over"):
        w.bot_step()


def test_bot_games_are_reproducible():
    def play():
        w = EmeraldWidget(players=3, seed=11, seats=["greedy", "random", "greedy"])
        while not w.game.is_over:
            w.bot_step()
        return w.record()

    assert play() == play()


def test_manual_chance_with_bots_rolls_for_them():
    w = EmeraldWidget(players=3, seed=5, seats=["greedy"] * 3, chance="manual")
    for _ in range(5000):
        if w.game.is_over:
            break
        w.bot_step()
    assert w.game.is_over
    assert any(e.action.kind == "dragon_roll" for e in w.game.history)


def test_timeline_goto_and_undo_over_a_bot_game():
    w = EmeraldWidget(players=3, seed=6, seats=["greedy"] * 3)
    observations = [w.observation]
    while not w.game.is_over and w.game.step < 60:
        w.bot_step()
        observations.append(w.observation)
    end = w.step
    for step in (0, 7, end // 2, end):
        w.goto(step)
        assert w.step == step and w.history_length >= end
        assert w.observation["step"] == step
    assert w.observation == observations[-1]
    w.undo()
    assert w.step < end and w.history_length == end


def test_rewinding_pauses_the_bots():
    w = EmeraldWidget(players=3, seed=6, seats=["greedy"] * 3)
    w.bot_step()
    w.play()
    w.goto(0)
    assert w.playing is False


def test_playing_runs_bots_on_the_running_event_loop():
    async def scenario():
        w = EmeraldWidget(players=3, seed=1, seats=["human", "greedy", "greedy"], pace=0)  # Red starts
        w.play()
        for _ in range(200):
            await asyncio.sleep(0)
            if w.game.current_player == 0:
                break
        return w

    w = asyncio.run(scenario())
    assert w.game.step > 0 and w.game.current_player == 0
    assert w.can_act and w.playing  # waiting for the person; bots resume after the person acts
    assert all(e.action.player != 0 for e in w.game.history)


def test_pause_stops_the_running_bots():
    async def scenario():
        w = EmeraldWidget(players=3, seed=8, seats=["greedy"] * 3, pace=0)
        w.play()
        for _ in range(5):
            await asyncio.sleep(0)
        w.pause()
        step = w.game.step
        for _ in range(20):
            await asyncio.sleep(0)
        return w, step

    w, step = asyncio.run(scenario())
    assert w.game.step == step and not w.playing


def _synced(w) -> dict[str, str]:
    state = w.get_state()
    return {k: json.dumps(state[k]) for k in SYNCED_GAME_TRAITS}


@pytest.mark.parametrize("viewer", ["teacher", "0"])
def test_synced_bytes_per_applied_action_stay_small(viewer):
    w = EmeraldWidget(players=4, seed=3, seats=["greedy"] * 4, viewer=viewer)
    before = _synced(w)
    changed = []
    while not w.game.is_over:
        w.bot_step()
        after = _synced(w)
        changed.append(sum(len(v) for k, v in after.items() if v != before[k]))
        before = after
    # an action re-sends the changed traits of one view: a few KB, never the whole history
    assert max(changed) < 30_000, max(changed)
    assert sum(changed) / len(changed) < 15_000, sum(changed) / len(changed)
    assert _synced(w)["board"] == before["board"]


@pytest.mark.parametrize("widget, own", [("EmeraldWidget", "greedy"), ("DraghanWidget", "planner")])
def test_asking_a_bot_to_play_a_persons_seat_suggests_the_games_own_bot(widget, own):
    """The engine's search bot (``mcts``) is offered too, but a hint names the game's own quick player."""
    w = getattr(dragonwidgets, widget)(players=2, seed=1, seats=["human", "human"])
    assert "mcts" in w.bot_names
    with pytest.raises(IntentError, match=rf"set_seat\(\d, '{own}'\)"):
        w.bot_step()


def test_bots_answer_people_by_themselves_unless_turned_off():
    """The welcome notebook promises bots that answer at a visible pace: with people and bots at the
    table the bots play by themselves; an all-bot or all-human table waits; playing=False turns it off."""
    assert EmeraldWidget(players=3, seed=1, seats=["human", "greedy", "greedy"]).playing is True
    assert EmeraldWidget(players=3, seed=1, seats=["greedy"] * 3).playing is False
    assert EmeraldWidget(players=3, seed=1).playing is False
    off = EmeraldWidget(players=3, seed=1, seats=["human", "greedy", "greedy"], playing=False)
    assert off.playing is False and "press Play bots to let the bots play" in off.status


def test_bots_answer_by_themselves_on_the_running_event_loop():
    async def scenario():
        w = EmeraldWidget(players=3, seed=1, seats=["human", "greedy", "greedy"], pace=0)  # no play() call
        for _ in range(200):
            await asyncio.sleep(0)
            if w.game.current_player == 0:
                break
        return w

    w = asyncio.run(scenario())
    assert w.game.step > 0 and w.game.current_player == 0 and w.can_act


def _mixed_game_at_the_persons_second_turn():
    w = EmeraldWidget(players=3, seed=1, seats=["human", "greedy", "greedy"], pace=0)
    while w.game.current_player != 0:
        w.bot_step()
    first = w.game.step
    w.act(w.game.legal_action_ids()[0])
    while w.game.current_player != 0:
        w.bot_step()
    return w, first


def test_undo_against_bots_takes_back_the_persons_decision_and_keeps_the_bots_playing():
    """Undo took back one bot move and paused the bots with no cue; now it returns to the person's turn."""
    w, first = _mixed_game_at_the_persons_second_turn()
    assert w.playing
    persons = [i for i, e in enumerate(w.game.history[: w.step]) if e.action.player == 0]
    w.undo()
    assert w.game.current_player == 0 and w.can_act
    assert w.step == persons[-1] and w.playing  # the person's own last decision is to be made again
    w.undo()  # before the person's first decision lie only the bots' opening moves: back to the start
    assert w.step == 0 and w.game.current_player == 1 and first > 0
    assert not w.playing and "paused after the rewind; press Play bots" in w.status


def test_a_rewind_to_a_bots_turn_pauses_and_says_how_to_resume():
    w, _ = _mixed_game_at_the_persons_second_turn()
    bot_turn = next(i for i, e in enumerate(w.game.history) if e.action.player == 1)
    w.goto(bot_turn)
    assert not w.playing
    later = w.history_length - bot_turn
    assert later > 1
    assert w.status.endswith("the bots are paused after the rewind; press Play bots to let them go on (or Step for one "
                             f"move): that replaces the {later} later steps (→ on the timeline replays them).")
    w.bot_step()  # a bot's move from a past step branches: the later steps are gone, as the status said
    assert w.history_length == bot_turn + 1
    w.goto(bot_turn)
    assert "replaces the 1 later step (" in w.status
    w.goto(w.history_length)  # nothing after this step: nothing to replace
    assert w.status.endswith("press Play bots to let them go on (or Step for one move).") or "paused" not in w.status
    w.play()
    assert w.playing and "paused" not in w.status


def test_step_on_a_persons_turn_points_to_the_seats_panel():
    """Pressing Step on a person's turn said set_seat(...): a Python call a player cannot make."""
    w = EmeraldWidget(players=3, seed=1, first_player=0, seats=["human", "greedy", "greedy"], playing=False)
    w._handle_custom_msg({"kind": "bot_step"}, [])
    assert "give the seat to a bot in the Seats panel" in w.last_error and w.step == 0
