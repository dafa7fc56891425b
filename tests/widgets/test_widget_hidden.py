"""A seat's view never carries what that seat may not know (digest section 7), in any synced trait."""

from __future__ import annotations

import json
import re

import pytest

from dragonwidgets import EmeraldWidget

from widget_helpers import synced_json


def _play(w, steps: int) -> None:
    seats = list(w.seats)
    w.seats = ["greedy"] * len(seats)
    for _ in range(steps):
        if w.game.is_over:
            break
        w.bot_step()
    w.seats = seats


def _secret_gold(w, seat: int) -> list[int]:
    """The gold values other seats hold (hidden from ``seat`` while the game runs)."""
    full = w.game.observation(None)
    return [v for h in full["hands"] if h["seat"] != seat for v in h["gold"]]


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (2, 3), (5, 4)])
def test_seat_view_carries_no_other_seat_gold_values_or_face_down_cards(players, seed):
    w = EmeraldWidget(players=players, seed=seed)
    checked = 0
    for _ in range(12):
        _play(w, 8)
        if w.game.is_over:
            break
        for seat in range(players):
            w.viewer = str(seat)
            data = json.loads(synced_json(w))
            text = json.dumps(data)
            assert '"face_down"' not in text and '"out_of_game"' not in text
            for hand in data["observation"]["hands"]:
                if hand["seat"] != seat:
                    assert hand["gold"] is None
                    assert not any(re.match(rf"hand/{hand['seat']}/gold/", t)
                                   for a in data["legal_actions"] for t in a["targets"])
            assert data["observation"]["viewer"] == seat
            if _secret_gold(w, seat):
                checked += 1
    assert checked, "the game never put gold in another seat's hand: pick another seed"


def test_teacher_view_has_everything():
    w = EmeraldWidget(players=3, seed=1)
    _play(w, 30)
    assert "face_down" in w.observation
    assert all(isinstance(h["gold"], list) for h in w.observation["hands"])


def test_other_seats_pay_options_are_not_synced():
    w = EmeraldWidget(players=3, seed=1)
    for _ in range(3000):
        if w.game.observation(None)["decision"] == "pay_or_lose":
            break
        _play(w, 1)
    owner = w.game.current_player
    assert w.game.observation(None)["decision"] == "pay_or_lose"
    w.viewer = str((owner + 1) % 3)
    assert w.legal_actions == [] and not w.can_act
    assert not re.search(r'"pay \d|hand/\d/gold/', synced_json(w))
    w._handle_custom_msg({"kind": "act", "id": "pay 9"}, [])  # a forged guess from another seat's view
    assert w.last_error and not re.search(r"pay \d", w.last_error.replace("pay 9", ""))
    w.viewer = str(owner)
    assert any(a["id"].startswith("pay ") for a in w.legal_actions) and w.can_act


def test_hotseat_follows_the_person_to_move():
    w = EmeraldWidget(players=3, seed=1, viewer="hotseat")
    for _ in range(20):
        player = w.game.current_player
        assert w.view_seat == player and w.observation["viewer"] == player
        assert w.can_act
        w.act(w.game.legal_action_ids()[0])


def test_hotseat_keeps_the_last_person_while_a_bot_moves():
    w = EmeraldWidget(players=3, seed=1, seats=["human", "greedy", "greedy"], viewer="hotseat")
    assert w.view_seat == 0  # Red (a bot) is to move: the view stays with the person
    while w.game.current_player != 0:
        w.bot_step()
        assert w.view_seat == 0


def test_text_board_is_the_public_one():
    w = EmeraldWidget(players=3, seed=1)
    _play(w, 40)
    w.viewer = "0"
    assert w.text == repr(w.game)
    assert repr(w).startswith(repr(w.game)) and "viewer 0" in repr(w)


@pytest.mark.parametrize("name", ["emerald", "drachenland", "chasse_au_dragon", "draghan"])
def test_a_seat_views_log_trait_is_that_seats_log(name):
    """The widget's ``log`` is the tail of ``game.log(seat)``, so tests/test_log_privacy.py covers it."""
    import dragonwidgets
    from dragonwidgets.engine import game_class
    from dragonwidgets.widgets.base import LOG_ROWS

    players = game_class(name).min_players
    w = dragonwidgets.GameWidget(dragonwidgets.new_game(name, players=players, seed=4), seats=["random"] * players)
    for _ in range(150):
        if w.game.is_over:
            break
        w.bot_step()
    for seat in range(players):
        w.viewer = str(seat)
        assert w.log == w.game.log(seat)[-LOG_ROWS:] and w.log
    w.viewer = "teacher"
    assert w.log == w.game.log(None)[-LOG_ROWS:]
