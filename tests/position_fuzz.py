"""A seeded fuzzer over positions, shared by the games' tests (issue 27, item 6).

:func:`mutants` takes positions reached by seeded random play and changes them the way a hand-written
position goes wrong: a field dropped or set to ``null``, ``[]``, ``{}`` or another value of the game's
vocabulary (ids of cards, seats, squares, small and large ints), a card moved from one zone to another,
a list shuffled, a count nudged. :func:`plays` is what "a position that is accepted must play" means:
``repr``, every seat's observation and tensor, the legal actions (each applied to a clone) and a random
playout all work.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import dragonwidgets

#: The engine's keys, never mutated (the fuzzer is about the game's own fields).
ENGINE_KEYS = ("game", "players", "seed", "chance_step", "step", "version")


def _paths(obj: Any, prefix: tuple = ()) -> Iterator[tuple]:
    yield prefix
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _paths(v, prefix + (i,))


def _at(obj: Any, path: tuple) -> Any:
    for key in path:
        obj = obj[key]
    return obj


def mutate(position: dict, vocabulary: list, rng: random.Random) -> dict:
    """Return a copy of ``position`` with one change drawn by ``rng`` (see the module docstring)."""
    pos = copy.deepcopy(position)
    paths = [p for p in _paths(pos) if p and p[0] not in ENGINE_KEYS]
    path = rng.choice(paths)
    parent, key = _at(pos, path[:-1]), path[-1]
    zones = [p for p in paths if isinstance(_at(pos, p), list) and _at(pos, p)
             and all(isinstance(x, str) for x in _at(pos, p))]
    r = rng.random()
    if r < 0.3 and len(zones) > 1:  # a card moved from one zone to another
        source, target = (_at(pos, p) for p in rng.sample(zones, 2))
        target.insert(rng.randrange(len(target) + 1), source.pop(rng.randrange(len(source))))
    elif r < 0.45 and type(parent[key]) is int:
        parent[key] += rng.choice([-2, -1, 1, 2, 10])
    elif r < 0.55 and isinstance(parent, dict):
        del parent[key]
    elif r < 0.6 and isinstance(parent, list):
        del parent[key]
    elif r < 0.7:
        parent[key] = rng.choice([None, [], {}, 0, -1, 1, 2, 3, True, "x", 10**18])
    elif r < 0.75 and isinstance(parent[key], list):
        parent[key].append(rng.choice(vocabulary))
    elif r < 0.8 and isinstance(parent[key], list):
        rng.shuffle(parent[key])
    else:
        parent[key] = rng.choice(vocabulary)
    return pos


def mutants(game: str, settings: list[tuple[int, dict, int]], vocabulary, count: int,
            seed: int) -> Iterator[tuple[int, dict, dict]]:
    """Yield ``count`` ``(players, options, position)``: a game of each setting ``(players, options,
    most steps)`` played at random for a drawn number of steps, its ``position()`` changed once or twice
    (``vocabulary(game)`` gives the values to put in)."""
    rng = random.Random(seed)
    for _ in range(count):
        players, options, steps = rng.choice(settings)
        g = dragonwidgets.new_game(game, players=players, seed=rng.randrange(1000), **options)
        for _ in range(rng.randrange(steps)):
            if g.is_over:
                break
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
        words = vocabulary(g)
        position = mutate(g.position(), words, rng)
        if rng.random() < 0.3:
            position = mutate(position, words, rng)
        yield players, options, position


def field_sweep(game: str, settings: list[tuple[int, dict, int]], vocabulary, per_field: int,
                seed: int) -> Iterator[tuple[int, dict, dict]]:
    """Yield ``(players, options, position)``: for each setting, a game played at random for a drawn number
    of steps, then its ``position()`` with each field (and each key of an object field) in turn given
    ``per_field`` values drawn from ``vocabulary(game)``: every field meets a wrong id or value."""
    rng = random.Random(seed)
    for players, options, steps in settings:
        g = dragonwidgets.new_game(game, players=players, seed=rng.randrange(1000), **options)
        for _ in range(rng.randrange(steps)):
            if g.is_over:
                break
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
        base, words = g.position(), vocabulary(g)
        paths = [p for p in _paths(base) if 1 <= len(p) <= 2 and p[0] not in ENGINE_KEYS]
        for path in paths:
            for value in rng.sample(words, per_field):
                pos = copy.deepcopy(base)
                _at(pos, path[:-1])[path[-1]] = copy.deepcopy(value)
                yield players, options, pos


def plays(g, rng: random.Random, steps: int = 40) -> None:
    """Raise whatever fails when ``g`` is shown and played: ``repr``, the observation of the teacher and of
    every seat, every seat's observation tensor, ``position()``, each legal action applied to a clone (and
    the clone's observations), then ``steps`` random decisions, every seat's observation after each."""
    repr(g)
    g.position()
    for seat in [None, *range(g.players)]:
        g.observation(seat)
    for seat in range(g.players):
        g.observation_tensor(seat)
    for action in g.legal_actions():
        twin = g.clone()
        twin.apply(action)
        twin.observation(None)
    for _ in range(steps):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
        for seat in range(g.players):
            g.observation(seat)


def refused_or_played(game: str, settings: list[tuple[int, dict, int]], vocabulary, count: int = 300,
                      seed: int = 27) -> tuple[int, int]:
    """Start ``game`` from each of ``count`` mutants and a two-value field sweep of the ``settings``' positions:
    each must be refused with a ``PositionError`` or, accepted, be shown and played (:func:`plays`). Return
    (accepted, cases)."""
    cases = [*mutants(game, settings, vocabulary, count, seed=seed), *field_sweep(game, settings, vocabulary, 2, seed=seed)]
    accepted = 0
    for i, (players, options, position) in enumerate(cases):
        try:
            g = dragonwidgets.new_game(game, players=players, position=position, **options)
        except dragonwidgets.PositionError:
            continue
        accepted += 1
        plays(g, random.Random(i))
    return accepted, len(cases)
