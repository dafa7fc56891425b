"""The widget sends changes, not whole values (issue 12), and the front end's model still ends up with
exactly Python's state: a fake front end applies every message the kernel sends (native ``update``s and
``sync`` messages, as ``js/shared/sync.js`` does) and is compared with ``get_state()`` after every action,
for every game, a seat's view and the teacher's, through rewinds and a message lost in transit."""

from __future__ import annotations

import json
import random
import statistics
import zlib

import pytest

import dragonwidgets
from dragonwidgets.engine import CHANCE, GAMES, game_class
from dragonwidgets.widgets.sync import (
    apply_dict_ops, apply_log_patch, apply_table_patch, apply_text_patch, dict_ops, log_patch, table_patch, text_patch,
)


class FakeFrontEnd:
    """The front end's model of one widget: the state the kernel's messages build, as JSON travels."""

    def __init__(self, widget, state=None):
        self.widget = widget
        self.state = json.loads(json.dumps(widget.get_state() if state is None else state))
        self.asked_resync = 0
        self.drop_next = False
        comm = widget.comm
        original = comm.send

        def send(data=None, metadata=None, buffers=None, **kw):
            self.receive(json.loads(json.dumps(data)), buffers or [])
            return original(data=data, metadata=metadata, buffers=buffers, **kw)

        comm.send = send

    def receive(self, data, buffers):
        if data.get("method") == "update":
            self.state.update(data["state"])
            return
        content = data["content"]
        if content.get("kind") != "sync":
            return
        if content.get("deflated"):
            content = json.loads(zlib.decompress(buffers[0]))
        if self.drop_next:  # lost in transit (the bundle was still loading)
            self.drop_next = False
            return
        if content["base"] != self.state["version"]:
            self.asked_resync += 1
            self.widget._handle_custom_msg({"kind": "resync"}, [])
            return
        self.state.update(content["set"])
        patch = content["patch"]
        if "observation" in patch:
            self.state["observation"] = apply_dict_ops(self.state["observation"], patch["observation"])
        if "log" in patch:
            self.state["log"] = apply_log_patch(self.state["log"], patch["log"])
        if "text" in patch:
            self.state["text"] = apply_text_patch(self.state["text"], patch["text"])
        if "legal_actions" in patch:
            self.state["legal_actions"] = apply_table_patch(self.state["legal_actions"], patch["legal_actions"])
        self.state["version"] = content["version"]

    def matches(self) -> bool:
        return self.state == json.loads(json.dumps(self.widget.get_state()))


def _play(w, front, rng, actions):
    game = w.game
    for i in range(actions):
        if game.is_over:
            break
        if game.current_player == CHANCE:
            w.resolve_chance()
        elif w.seats[game.current_player] == "human":
            legal = game.legal_actions()
            w.act(legal[rng.randrange(len(legal))].id)
        else:
            w.bot_step()
        assert front.matches(), f"after action {i}"


@pytest.mark.parametrize("viewer", ["0", "teacher"])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_front_ends_model_equals_pythons_state_after_every_action(name, viewer):
    players = game_class(name).max_players
    w = dragonwidgets.GameWidget(dragonwidgets.new_game(name, players=players, seed=2),
                                 seats=["human"] + ["random"] * (players - 1), viewer=viewer, playing=False)
    front = FakeFrontEnd(w)
    rng = random.Random(2)
    _play(w, front, rng, 120)
    step = w.step
    w.goto(step // 2)  # a rewind: the log shrinks, the observation goes back
    assert front.matches()
    w.undo()
    assert front.matches()
    w.set_viewer("1")
    assert front.matches()
    w.set_viewer(viewer)
    _play(w, front, rng, 30)  # a branch
    assert front.asked_resync == 0


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_comms_open_message_carries_the_whole_state(name, monkeypatch):
    """A front end that takes the state from the comm's open message and never asks for it again (marimo's)
    shows the game at once: the open message holds every synced trait as ``get_state()`` gives it (before,
    it held the traits' defaults and the game came in sync messages sent before any view could attach), and
    the sync messages after it build on its version."""
    import ipywidgets.widgets.widget as widget_module

    opened = []
    create_comm = widget_module.comm.create_comm

    def recording_create_comm(**kwargs):
        opened.append(json.loads(json.dumps(kwargs["data"]["state"])))
        return create_comm(**kwargs)

    monkeypatch.setattr(widget_module.comm, "create_comm", recording_create_comm)
    players = game_class(name).min_players
    w = dragonwidgets.GameWidget(dragonwidgets.new_game(name, players=players, seed=5),
                                 seats=["human"] + ["random"] * (players - 1), viewer="0")
    whole = json.loads(json.dumps(w.get_state()))
    shown = opened[-1]
    assert shown["game_name"] == name and shown["observation"] and shown["legal_actions"]
    started = ("playing", "version")  # play() at the end of __init__ starts the bots: one sync message after
    assert {k: v for k, v in shown.items() if k not in started} == {k: v for k, v in whole.items() if k not in started}
    assert shown["version"] == 0 and whole["version"] == 1 and whole["playing"]
    front = FakeFrontEnd(w, state={**shown, "playing": True, "version": 1})
    w.pause()
    _play(w, front, random.Random(5), 25)
    assert front.asked_resync == 0


def test_a_lost_message_is_repaired_by_a_resync():
    w = dragonwidgets.EmeraldWidget(players=3, seed=3, playing=False)
    front = FakeFrontEnd(w)
    rng = random.Random(3)
    _play(w, front, rng, 5)
    front.drop_next = True
    w.act(w.game.legal_action_ids()[0])
    assert not front.matches()  # it missed a message: the next one finds its version behind
    w.act(w.game.legal_action_ids()[0])
    assert front.asked_resync == 1 and front.matches()
    _play(w, front, rng, 5)
    assert front.asked_resync == 1


def test_a_move_costs_what_it_changed():
    """Drachenland, seat 0's view: the median action sends under a third of the traits it changed, whole
    (bytes are counted, not timed: the same game sends the same messages)."""
    w = dragonwidgets.DrachenlandWidget(players=4, seed=5, seats=["human", "random", "random", "random"],
                                        viewer="0", playing=False)
    size = lambda v: len(json.dumps(v, separators=(",", ":")))  # noqa: E731
    sent, naive = [], []
    comm = w.comm
    original = comm.send

    def send(data=None, buffers=None, **kw):
        sent[-1] += size(data) + sum(len(b) for b in buffers or [])
        return original(data=data, buffers=buffers, **kw)

    comm.send = send
    rng = random.Random(5)
    state = w.get_state()
    for _ in range(300):
        sent.append(0)
        if w.seats[w.game.current_player] == "human":
            legal = w.game.legal_actions()
            w.act(legal[rng.randrange(len(legal))].id)
        else:
            w.bot_step()
        new = w.get_state()
        naive.append(sum(size(v) for k, v in new.items() if state.get(k) != v))
        state = new
    assert statistics.median(sent) < statistics.median(naive) / 3, (statistics.median(sent), statistics.median(naive))


def test_the_patches_round_trip_on_edge_cases():
    cases = [({}, {"a": {"b": [1]}}), ({"a": 1}, {}), ({"a": {"b": 1}}, {"a": 2}), ({"a": 2}, {"a": {"b": None}}),
             ({"l": [{"x": 1}, 2]}, {"l": [{"x": 2}, 2]}), ({"l": [1, 2]}, {"l": [1]}), ({"l": [[1], [2]]}, {"l": [[1], [3]]})]
    for old, new in cases:
        assert apply_dict_ops(old, dict_ops(old, new)) == new
    rows = [{"step": i, "text": str(i)} for i in range(1, 8)]
    for old, new in [(rows[:3], rows[:5]), (rows[2:6], rows[4:7]), (rows[:5], rows[:2]), ([], rows[:2]), (rows[:3], [])]:
        assert apply_log_patch(old, log_patch(old, new)) == new
    for old, new in [("a\nb", "a\nb\nc"), ("a\nb\nc", "x"), ("", "a"), ("a", "")]:
        assert apply_text_patch(old, text_patch(old, new)) == new
    actions = [{"id": "a", "rules": ["EM-MOVE-1"], "prob": None}, {"id": "b", "rules": [], "prob": 0.5}]
    for new in (actions, []):
        assert apply_table_patch([], table_patch([], new)) == new


def test_a_nested_object_mostly_changed_goes_whole():
    """A new turn's reach map (every square's cost changed) is one op with the map, shorter than an op per
    square; an object with one key of four changed is still followed key by key."""
    old = {"reach": {f"{x},{y}": x + y for x in range(8) for y in range(8)}, "round": 3}
    new = {"reach": {f"{x},{y}": abs(x - 1) + y for x in range(8) for y in range(8)}, "round": 3}
    ops = dict_ops(old, new)
    assert ops == [["set", ["reach"], new["reach"]]]
    itemwise = [["set", ["reach", k], v] for k, v in new["reach"].items() if old["reach"][k] != v]
    assert len(json.dumps(ops)) < len(json.dumps(itemwise))
    assert apply_dict_ops(old, ops) == new
    few = {"a": 1, "b": 2, "c": 3, "d": 4}
    assert dict_ops({"m": few}, {"m": {**few, "b": 5}}) == [["set", ["m", "b"], 5]]
    # an object holding objects is followed down, however many of its keys changed
    deep = {"a": {"x": [1] * 50}, "b": {"y": 1, "z": 2, "w": 3}}
    changed = {"a": {"x": [1] * 49 + [2]}, "b": {"y": 2, "z": 2, "w": 3}}
    assert dict_ops({"m": deep}, {"m": changed}) == [["set", ["m", "a", "x", 49], 2], ["set", ["m", "b", "y"], 2]]
