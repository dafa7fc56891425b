"""Draghan's search hooks besides resampling: ``_copy_state`` (a fast, full copy of the state) and
``measures()`` (the numbers of a finished game for ``simulate``), checked on the golden playthroughs.
"""

from __future__ import annotations

import copy
import importlib.util
import json
import random
from dataclasses import fields
from pathlib import Path

import pytest

import dragonwidgets
from dragonwidgets.games.draghan import DraghanGame
from random_play import random_prefix

_spec = importlib.util.spec_from_file_location("dg_make_golden_hooks", Path(__file__).with_name("make_golden.py"))
make_golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_golden)

MEASURES = {"won", "rounds", "characters_lost", "monsters_defeated"}


def digest(g: DraghanGame) -> str:
    return json.dumps(g.observation(None), sort_keys=True)


# ---------------------------------------------------------------------------- _copy_state

@pytest.mark.parametrize("players,steps", [(2, 0), (3, 20), (4, 45), (4, 200)])
def test_copy_state_is_equal_to_the_state_and_to_deepcopy(players, steps):
    g = random_prefix("draghan", players, 7, steps)
    twin = g._copy_state()
    assert twin == g.state == copy.deepcopy(g.state)
    assert g.clone(history=False).state_digest() == g.state_digest()


def test_copy_state_shares_no_mutable_part():
    """Every list and dict of the state (and every character) is a new object in the copy."""
    g = random_prefix("draghan", 4, 3, 45)
    g.state.gold_queue = [("D08", [0, 1], 1)]  # a pending odd-coin decision, to cover its nested list
    twin = g._copy_state()
    for f in fields(g.state):
        value = getattr(g.state, f.name)
        if isinstance(value, (list, dict)):
            assert getattr(twin, f.name) is not value, f.name
    assert all(a is not b and a.equipment is not b.equipment for a, b in zip(twin.heroes, g.state.heroes) if a)
    assert all(twin.decks[k] is not v for k, v in g.state.decks.items())
    assert twin.gold_queue[0][1] is not g.state.gold_queue[0][1]


def test_changing_the_copy_leaves_the_original_alone():
    g = random_prefix("draghan", 3, 5, 25)
    before = digest(g)
    twin = g._copy_state()
    for h in twin.heroes:
        if h:
            h.equipment.append("X")
            h.coins += 5
            h.wounded = not h.wounded
    for f in fields(twin):
        value = getattr(twin, f.name)
        if isinstance(value, list):
            value.append("X")
        elif isinstance(value, dict):
            for v in value.values():
                if isinstance(v, list):
                    v.append("X")
            value[99] = "X"
    twin.supply = -1
    assert digest(g) == before


def test_a_search_copy_plays_on_without_touching_the_original():
    g = random_prefix("draghan", 3, 9, 15)
    before, step = digest(g), g.step
    c = g.clone(history=False)
    rng = random.Random(1)
    while not c.is_over:
        legal = c.legal_actions()
        c.apply(legal[rng.randrange(len(legal))])
    assert digest(g) == before and g.step == step


# ---------------------------------------------------------------------------- measures

@pytest.fixture
def at_the_root(monkeypatch):
    """The golden records name their deck snapshot relative to the repository root."""
    monkeypatch.chdir(make_golden.ROOT)


@pytest.mark.parametrize("players", sorted(make_golden.GAMES))
def test_measures_of_the_golden_playthroughs(players, at_the_root):
    """won (DG-END-1), rounds (DG-ROUND-1), characters lost (DG-WOUND-3), monsters defeated (DG-FIGHT-7),
    each counted again here from the game's public log."""
    data = json.loads(make_golden.golden_path(players).read_text(encoding="utf-8"))
    game = dragonwidgets.from_record(data["record"], decks_file=make_golden.DECKS_OPTION)
    m = game.measures()
    assert set(m) == MEASURES
    events = [e for entry in game.history for e in entry.events]
    kinds = [e.kind for e in events]
    assert m["won"] == (1.0 if data["winners"] else 0.0)
    # every round turns up a location, except a last one that finds no Shadow location (DG-END-4)
    assert m["rounds"] == kinds.count("location") + ("DG-END-4" in data["reason"])
    assert m["characters_lost"] == kinds.count("dropped_out")
    assert m["monsters_defeated"] == sum(1 for e in events if e.kind == "tested" and e.data.get("defeated"))


def test_measures_of_the_golden_playthroughs_by_hand(at_the_root):
    """The stored 3-character golden game is won (digest: the team defeats the Frost Wyrm)."""
    data = json.loads(make_golden.golden_path(3).read_text(encoding="utf-8"))
    m = dragonwidgets.from_record(data["record"], decks_file=make_golden.DECKS_OPTION).measures()
    assert m["won"] == 1.0 and 1 <= m["rounds"] <= 19 and m["monsters_defeated"] > 0


def test_measures_have_the_same_keys_for_every_finished_game():
    for seed in range(6):
        g = random_prefix("draghan", 2 + seed % 3, seed, 10_000)
        assert g.is_over and set(g.measures()) == MEASURES
        assert all(isinstance(v, float) for v in g.measures().values())
