"""``Game.clone`` copies every attribute of every game without asking the live game for its ``__dict__``.

In CPython 3.11 an object's attributes live inline until something asks for its ``__dict__``; from then on
they live in a real dict and every attribute read of the rules is slower. Bots, hints and widgets clone
live games, so a clone must leave the original's attributes where they were. What an object holds is
visible through ``gc.get_referents``: its attribute values while they are inline, one dict once they are
not.
"""

from __future__ import annotations

import gc
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

import dragonwidgets
from dragonwidgets.engine import GAMES

from toy_game import ToyGame


def played(name: str, steps: int = 25, players: int = 2):
    """A game of ``name`` after ``steps`` random decisions, its log read and its numeric face asked
    (which make the caches a game makes later in its life)."""
    g = ToyGame(players=2, seed=4) if name == "toy" else dragonwidgets.new_game(name, players=players, seed=4)
    rng = random.Random(4)
    for _ in range(steps):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    g.log(0)
    try:
        g.observation_tensor(0), g.num_distinct_actions, g.legal_action_mask()
    except NotImplementedError:
        pass  # the toy game has no numeric face
    return g


def holds_a_dict_of_its_attributes(obj) -> bool:
    return any(type(r) is dict and "state" in r and "_step" in r for r in gc.get_referents(obj))


def view(g) -> str:
    return json.dumps([g.observation(None), g.step, [a.id for a in g.legal_actions()]], sort_keys=True, default=str)


GAME_NAMES = [*sorted(GAMES), "toy"]


def inline_after_clone(name: str, history: bool) -> list[bool]:
    """``[the played game's attributes inline, still the same after clone(), the clone's inline]``."""
    g = played(name)
    held = [id(r) for r in gc.get_referents(g)]
    inline = not holds_a_dict_of_its_attributes(g)
    c = g.clone(history=history)
    return [inline, [id(r) for r in gc.get_referents(g)] == held, not holds_a_dict_of_its_attributes(c)]


@pytest.fixture(scope="module")
def fresh_interpreter_answers() -> dict[str, list[bool]]:
    """:func:`inline_after_clone` of every game, asked in a new interpreter.

    A class keeps at most 30 attribute names inline across all its instances (CPython 3.11's shared keys);
    names other tests set on games (a monkeypatched method, a probe) use them up for the rest of the test
    process, and a game made after that holds a dict from the start. A new interpreter asks about the
    engine's own attributes only."""
    code = ("import json, sys; sys.path[:0] = sys.argv[1:]; import test_clone_attributes as t; "
            "print(json.dumps({f'{n}-{h}': t.inline_after_clone(n, h) for n in t.GAME_NAMES for h in (True, False)}))")
    here = Path(__file__).parent
    out = subprocess.run([sys.executable, "-c", code, str(here)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("history", [True, False])
@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_clone_leaves_the_originals_attributes_inline(name, history, fresh_interpreter_answers):
    original_inline, original_unchanged, clone_inline = fresh_interpreter_answers[f"{name}-{history}"]
    assert original_inline and original_unchanged and clone_inline


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_full_clone_has_every_attribute_of_the_original_and_shares_only_the_fixed_ones(name):
    g = played(name)
    c = g.clone()
    mine, its = vars(g), vars(c)  # (asking for __dict__ here, once the clone is made)
    assert sorted(its) == sorted(mine)
    for key, value in mine.items():
        if key.endswith("_cache") and value is not None:
            assert its[key] is value, f"{key}: data fixed for the game is shared"
        elif isinstance(value, (list, dict, set)) or key == "state":
            assert its[key] is not value, f"{key} is shared by the clone"


@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_search_copy_has_every_attribute_of_the_original(name):
    g = played(name)
    c = g.clone(history=False)
    mine, its = vars(g), vars(c)
    assert sorted(its) == sorted(mine)
    assert its["state"] is not mine["state"] and its["options"] is not mine["options"]
    assert its["_actions"] == [] and its["_keep_history"] is False


@pytest.mark.parametrize("history", [True, False])
@pytest.mark.parametrize("name", GAME_NAMES)
def test_a_clone_and_its_original_play_on_alike_and_apart(name, history):
    g = played(name)
    c = g.clone(history=history)
    before = view(g)
    rng = random.Random(9)
    picks = []
    for _ in range(30):
        if c.is_over:
            break
        legal = c.legal_actions()
        picks.append(rng.randrange(len(legal)))
        c.apply(legal[picks[-1]])
    assert view(g) == before  # the copy's moves did not touch the original
    for pick in picks:
        g.apply(g.legal_actions()[pick])
    assert view(g) == view(c)
