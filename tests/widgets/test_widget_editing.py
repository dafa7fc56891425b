"""Edit mode (issue 14, item 1), Python's side: every edit is an intent the position API judges; a refused
edit shows its error and changes nothing; 'Play from here' starts a game recorded from the edited position;
seat views never edit."""

from __future__ import annotations

import json

import pytest

import dragonwidgets
from dragonwidgets import ChasseAuDragonWidget, DrachenlandWidget, EmeraldWidget

from widget_helpers import intent, snapshot


def _emerald():
    w = EmeraldWidget(players=3, seed=1, first_player=0, seats=["human", "greedy", "greedy"], playing=False)
    intent(w, "edit_start")
    assert w.last_error == "" and w.editing
    return w


def _move_knight(w, source: str, target: str) -> list:
    knights = w.edit_position["knights"]
    return [[["knights", source], knights[source][1:]], [["knights", target], knights.get(target, []) + knights[source][:1]]]


def test_an_edit_moves_a_knight_and_play_from_here_starts_there():
    w = _emerald()
    intent(w, "edit", ops=_move_knight(w, "T1", "M8"))
    assert w.last_error == "" and w.edit_position["knights"]["M8"] == ["black"]
    assert w.observation["knights"]["M8"] == {"black": 1}  # the board shows the draft
    assert not w.can_act and "edited" not in w.status
    intent(w, "edit_play")
    assert not w.editing and w.edit_position == {} and w.game.start_position["knights"]["M8"] == ["black"]
    assert w.game.step == 0 and w.can_act
    w.act(w.game.legal_action_ids()[0])
    again = dragonwidgets.from_record(json.loads(json.dumps(w.record())))
    assert again.state_digest() == w.game.state_digest()


@pytest.mark.parametrize("ops, words", [
    ([[["knights", "M8"], ["black"] * 6]], "6 black knights named, black has 5 (EM-SETUP-11)"),
    ([[["knights", "M8"], ["purple"]]], "field 'knights.M8'"),
    ([[["nowhere", "x"], 1]], "the position has no 'nowhere'"),
    ([[["knights", "T1", 9], "red"]], "is not a place in the position"),
    ([], "a list of 1 to 32"),
    ([["knights"]], "must be [path, value]"),
    ([[[{"a": 1}], 1]], "a path holds keys"),
    ([[["knights"], float("nan")]], "plain JSON data"),
])
def test_a_refused_edit_says_why_and_changes_nothing(ops, words):
    w = _emerald()
    before = snapshot(w)
    draft = json.dumps(w.edit_position, sort_keys=True)
    w._handle_custom_msg({"kind": "edit", "ops": ops}, [])
    assert words in w.last_error
    assert snapshot(w) == before and json.dumps(w.edit_position, sort_keys=True) == draft


def test_cancel_goes_back_to_the_game_as_it_was():
    w = EmeraldWidget(players=3, seed=1, first_player=0, playing=False)
    w.act(w.game.legal_action_ids()[0])
    game, step = w.game, w.step
    intent(w, "edit_start")
    intent(w, "edit", ops=_move_knight(w, "T2", "M8"))
    intent(w, "edit_cancel")
    assert w.game is game and w.step == step and not w.editing and "M8" not in w.observation["knights"]


@pytest.mark.parametrize("kind, fields", [("act", {"id": "move T1 black"}), ("goto", {"step": 0}), ("undo", {}),
                                          ("bot_step", {}), ("resolve_chance", {}), ("set_viewer", {"viewer": "1"})])
def test_playing_is_refused_while_editing(kind, fields):
    w = _emerald()
    before = snapshot(w)
    w._handle_custom_msg({"kind": kind, **fields}, [])
    assert "being edited" in w.last_error and snapshot(w) == before
    assert not w._bot_due()


@pytest.mark.parametrize("mover", ["human", "greedy"])
def test_the_status_while_editing_says_the_drafts_situation_only(mover):
    """While the table is edited the status says who is to do what at the draft, and nothing about waiting
    for another view, a bot or a press on Play: no one plays until 'Play from here' (JupyterLab showed
    "... Waiting for Black (not this view's decision)." in the teacher's own view)."""
    w = EmeraldWidget(players=3, seed=1, first_player=0, seats=[mover, "greedy", "greedy"], playing=False)
    intent(w, "edit_start")
    assert w.editing and w.status == f"{w._situation()}."
    intent(w, "edit", ops=_move_knight(w, "T1", "M8"))
    assert w.status == f"{w._situation()}." and "Waiting" not in w.status and "press Play" not in w.status
    intent(w, "edit_cancel")
    assert ("not this view's decision" not in w.status) and (("press Play" in w.status) == (mover != "human"))


@pytest.mark.parametrize("viewer", ["0", "hotseat"])
def test_seat_views_never_edit(viewer):
    w = EmeraldWidget(players=3, seed=1, viewer=viewer, playing=False)
    before = snapshot(w)
    w._handle_custom_msg({"kind": "edit_start"}, [])
    assert "only the teacher's view edits" in w.last_error and not w.editing and snapshot(w) == before
    w._handle_custom_msg({"kind": "edit", "ops": [[["knights", "M8"], ["black"]]]}, [])
    assert "not being edited" in w.last_error


def test_drachenland_and_chasse_edits_go_through_their_position_rules():
    d = DrachenlandWidget(players=3, seed=2, playing=False)
    intent(d, "edit_start")
    volcano = next(iter(d.edit_position["volcanoes"]))
    intent(d, "edit", ops=[[["volcanoes", volcano, "eggs"], 9]])
    assert "field 'volcanoes" in d.last_error and d.edit_position["volcanoes"][volcano]["eggs"] != 9
    c = ChasseAuDragonWidget(players=2, seed=3, first_player=0, playing=False)
    intent(c, "edit_start")
    intent(c, "edit", ops=[[["boards", "white", "cage"], 2]])  # two goblins from nowhere: refused
    assert "62 goblin cards (CD-SETUP-6)" in c.last_error
    square, pile = next((sq, p) for sq, p in c.edit_position["piles"].items() if p.count("goblin") >= 2)
    rest = list(pile)
    for _ in range(2):
        rest.remove("goblin")
    intent(c, "edit", ops=[[["boards", "white", "cage"], 2], [["piles", square], rest]])  # taken from a pile
    assert c.last_error == "" and c.observation["boards"][0]["cage"] == 2
    intent(c, "edit_play")
    assert c.game.observation(None)["boards"][0]["cage"] == 2 and not c.editing
