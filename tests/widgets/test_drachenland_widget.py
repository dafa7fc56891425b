"""DrachenlandWidget driven as its front end drives it: intents, refusals, hidden hoards, bots, status."""

from __future__ import annotations

import json
import re

import pytest

import dragonwidgets
from dragonwidgets import DrachenlandWidget, EmeraldWidget, IllegalActionError
from dragonwidgets.widgets import IntentError

from widget_helpers import intent, snapshot, synced_json


def _play(w, steps: int) -> None:
    """Let the greedy bot play every seat for ``steps`` decisions (or to the end)."""
    seats = list(w.seats)
    w.seats = ["greedy"] * len(seats)
    for _ in range(steps):
        if w.game.is_over:
            break
        w.bot_step()
    w.seats = seats


def _play_until(w, decision: str, limit: int = 3000) -> None:
    """Let the greedy bot play every seat until ``decision`` is due after the opening round."""
    def due() -> bool:
        obs = w.game.observation(None)
        return obs["decision"] == decision and obs["turn"] > 0

    seats = list(w.seats)
    w.seats = ["greedy"] * len(seats)
    for _ in range(limit):
        if due():
            break
        w.bot_step()
    w.seats = seats
    assert due(), f"never reached {decision!r}: pick another seed"


@pytest.fixture
def w():
    """3 players, every seat a person, seed 1: Humans open by bringing an adventurer in."""
    return DrachenlandWidget(players=3, seed=1)


# ---------------------------------------------------------------------------- intents
def test_act_message_applies_the_action_and_republishes(w):
    before = w.observation
    intent(w, "act", id="enter red")
    assert w.last_error == ""
    assert w.step == 1 and w.history_length == 1
    assert w.observation != before
    assert w.observation["action"]["adventurer"] == "red" and w.observation["action"]["entering"]
    assert {a["kind"] for a in w.legal_actions} == {"walk"}
    intent(w, "act", id=w.legal_actions[0]["id"])
    assert w.last_error == ""
    assert w.observation["adventurers"][0]["red"] is not None


def test_undo_and_goto_messages_rewind_to_the_same_views(w):
    start = w.observation
    intent(w, "act", id="enter green")
    after_enter = w.observation
    intent(w, "act", id=w.legal_actions[-1]["id"])
    intent(w, "undo")
    assert w.last_error == "" and w.step == 1 and w.observation == after_enter
    intent(w, "goto", step=0)
    assert w.last_error == "" and w.step == 0 and w.observation == start
    assert w.history_length == 2  # the undone steps can be redone
    intent(w, "goto", step=2)
    assert w.observation["adventurers"][0]["green"] is not None


@pytest.mark.parametrize(
    "content",
    [
        {"kind": "act", "id": "fly V99"},
        {"kind": "act", "id": "walk s17"},  # a walk before an adventurer is chosen
        {"kind": "act", "id": "take egg"},
        {"kind": "act", "id": 3},
        {"kind": "act"},
        {"kind": "goto", "step": 99},
        {"kind": "undo"},  # nothing to undo at step 0
        {"kind": "teleport", "node": "V13"},
    ],
)
def test_forged_or_malformed_message_is_refused_and_changes_nothing(w, content):
    before = snapshot(w)
    w._handle_custom_msg(content, [])
    assert w.last_error
    assert snapshot(w) == before


def test_an_illegal_act_names_the_legal_ones_and_the_state_stays(w):
    before = snapshot(w)
    intent(w, "act", id="enter purple")
    assert "enter red" in w.last_error
    assert snapshot(w) == before
    with pytest.raises(IllegalActionError):
        w.act("enter purple")


def test_act_from_another_seats_view_is_refused_without_listing_its_options(w):
    w.viewer = "1"  # Humans (seat 0) decide
    before = snapshot(w)
    intent(w, "act", id="enter red")
    assert "Humans" in w.last_error and "enter" not in w.last_error
    assert snapshot(w) == before
    assert w.legal_actions == [] and not w.can_act


def test_a_trait_write_from_the_browser_is_refused(w):
    before = snapshot(w)
    w.set_state({"observation": {"hoards": [{"egg": 18}]}})
    assert "may not set observation" in w.last_error
    assert snapshot(w) == before


# ---------------------------------------------------------------------------- hidden information
@pytest.mark.parametrize("players,seed", [(3, 2), (4, 5), (2, 7)])
def test_a_seat_view_never_carries_other_hoards_nor_face_down_tokens(players, seed):
    w = DrachenlandWidget(players=players, seed=seed)
    checked = 0
    for _ in range(10):
        _play(w, 25)
        if w.game.is_over:
            break
        full = w.game.observation(None)
        for seat in range(players):
            w.viewer = str(seat)
            data = json.loads(synced_json(w))
            obs = data["observation"]
            assert "hidden" not in obs and '"hidden"' not in synced_json(w)
            assert obs["viewer"] == seat
            for other, hoard in enumerate(obs["hoards"]):
                assert (hoard is None) == (other != seat), (seat, other)
            for vid, v in obs["volcanoes"].items():
                if v["face_down"]:
                    assert v["token"] is None and not v["ring"], vid
            if any(sum(h.values()) for i, h in enumerate(full["hoards"]) if i != seat):
                checked += 1
    assert checked, "no other seat ever held treasure: pick another seed"


def test_the_teacher_view_has_the_face_down_tokens_and_every_hoard(w):
    _play(w, 40)
    assert set(w.observation["hidden"]["face_down"]) == {
        v for v, x in w.observation["volcanoes"].items() if x["face_down"]
    }
    assert all(isinstance(h, dict) for h in w.observation["hoards"])


def test_open_hoards_variant_shows_every_hoard_to_every_seat():
    w = DrachenlandWidget(players=3, seed=2, viewer="1", variant_open_hoards=True)
    _play(w, 60)
    assert all(isinstance(h, dict) for h in w.observation["hoards"])
    assert "hidden" not in w.observation


def test_hotseat_shows_the_view_of_the_person_to_move():
    w = DrachenlandWidget(players=3, seed=1, viewer="hotseat")
    assert w.view_seat == 0
    w.act("enter red")
    w.act(w.legal_actions[0]["id"])
    assert w.view_seat == 1 and w.observation["viewer"] == 1
    assert w.observation["hoards"][0] is None


# ---------------------------------------------------------------------------- bots
@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_greedy_and_random_bots_play_a_whole_game_with_bot_step(players, seed):
    w = DrachenlandWidget(players=players, seed=seed, seats=(["greedy", "random"] * 2)[:players])
    for _ in range(20000):
        if w.game.is_over:
            break
        w.bot_step()
    assert w.game.is_over
    assert w.status.startswith("Game over")
    assert w.legal_actions == [] and not w.can_act
    final = w.observation["final"]
    assert [f["score"] for f in final] == [w.game.scores()[i] for i in range(players)]
    assert w.observation["outcome"]["winners"] == w.game.winners()
    with pytest.raises(IntentError, match="over"):
        w.bot_step()


def test_bot_step_message_plays_the_bot_seat_and_refuses_a_person(w):
    intent(w, "bot_step")
    assert "played by a person" in w.last_error and w.step == 0
    intent(w, "set_seat", seat=0, who="random")
    intent(w, "bot_step")
    assert w.last_error == "" and w.step == 1
    assert w.game.history[0].action.kind == "choose_adventurer"


def test_manual_chance_stops_at_every_roll_and_a_chosen_face_is_used():
    w = DrachenlandWidget(players=3, seed=4, chance="manual")
    _play_until(w, "roll")
    assert w.status.endswith("must roll the dice. Chance decides: pick an outcome or roll at random.")
    assert all(a["kind"] == "roll" and a["targets"] == ["dice"] for a in w.legal_actions)
    intent(w, "act", id="roll 3 4")
    assert w.last_error == ""
    assert w.observation["dice"] == [3, 4]


# ---------------------------------------------------------------------------- status
def test_status_says_who_must_do_what_in_drachenlands_words(w):
    assert w.status == "Opening round · Humans to bring an adventurer in and walk exactly 1 space."
    w.act("enter blue")
    assert w.status == "Opening round · Humans to choose where blue comes in (exactly 1 space)."
    w.act(w.legal_actions[0]["id"])
    assert w.status == "Opening round · Dwarves to bring an adventurer in and walk exactly 2 spaces."
    _play_until(w, "choose_die")
    dice = w.observation["dice"]
    assert re.fullmatch(rf"Round \d+ · \w+ to choose a die \({dice[0]} or {dice[1]}\)\.", w.status), w.status
    w.act(w.legal_actions[0]["id"])
    _play_until(w, "movement")
    action = w.observation["action"]
    if not action["walked"] and not action["die_spent"]:
        assert f"to choose where {action['adventurer']}" in w.status
        assert f"(die {action['die_value']})" in w.status


@pytest.mark.parametrize(
    "decision,words",
    [
        ("fate", r"to keep the roll \(\d and \d\) or play the fate token"),
        ("choose_adventurer", r"to choose an adventurer for the die \d \(or end the turn\)"),
        ("treasure", r"to choose what (red|green|blue) takes on V\d\d"),
    ],
)
def test_status_of_each_decision(decision, words):
    w = DrachenlandWidget(players=3, seed=3, seats=["human", "greedy", "greedy"])
    _play_until(w, decision)
    assert re.search(rf"^Round \d+ · (Humans|Dwarves|Elves) {words}\.", w.status), w.status
    if w.seats[w.game.current_player] != "human":
        tail = "the bots are playing." if w.playing else "press Play bots to let the bots play (or Step for one move)."
        assert w.status.endswith(f"is played by the greedy bot: {tail}"), w.status


# ---------------------------------------------------------------------------- construction
def test_the_widget_is_exported_and_loads_its_own_bundle():
    assert dragonwidgets.DrachenlandWidget is DrachenlandWidget
    assert "DrachenlandWidget" in dragonwidgets.__all__
    w = DrachenlandWidget(players=2, seed=1)
    assert w.game_name == "drachenland" and w.game.players == 2
    assert w.player_names == ["Humans", "Dwarves"]
    assert len(w.board["volcanoes"]) == 15 and len(w.board["shapes"]) == 2
    esm = str(w._esm)  # the built bundle's text, or the stub saying how to build it
    assert "dw-dl-map" in esm or "static/drachenland.js is not built" in esm


def test_an_existing_game_can_be_shown():
    game = dragonwidgets.new_game("drachenland", players=4, seed=9)
    w = DrachenlandWidget(game=game, seats=["human", "random", "random", "greedy"])
    assert w.game is game and len(w.seats) == 4


@pytest.mark.parametrize(
    "kwargs,error,match",
    [
        ({"colour": "red"}, TypeError, "unexpected keyword argument.*'colour'.*variant_open_hoards"),
        ({"game": "x", "seed": 3}, TypeError, "leave out players, seed"),
        ({"players": 5}, ValueError, "2 to 4 players"),
        ({"dice": "loaded"}, ValueError, "special_2002"),
    ],
)
def test_bad_construction_is_refused_with_a_message(kwargs, error, match):
    with pytest.raises(error, match=match):
        DrachenlandWidget(**kwargs)


def test_a_game_of_another_kind_is_refused():
    with pytest.raises(TypeError, match="Drachenland game, got 'emerald'"):
        DrachenlandWidget(game=dragonwidgets.new_game("emerald", players=3, seed=1))
    assert EmeraldWidget  # the other game's widget is untouched
