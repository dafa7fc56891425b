"""Every game's observations are JSON data (issue 11, item 4): what a widget syncs to the browser and a
record or a bot may store must come back from ``json.loads(json.dumps(obs))`` exactly as it went.

``json.dumps`` silently turns integer keys into strings and tuples into lists, so a view holding either
comes back different (La Chasse au Dragon's scores were ``{0: 48, ...}`` at the end of a game). For each
game of the registry, at its smallest and largest player count, a seeded random game is played to its
end with manual chance (the dice and draws resolved by the game's own generator, so the states in the
middle of a fight are seen too), and at every step every seat's view and the teacher's are checked.
"""

from __future__ import annotations

import json
import random

import pytest

import dragonwidgets
from dragonwidgets.engine import GAMES
from dragonwidgets.engine.registry import game_class

SEED = 0
#: Games known to fail, with the reason (they belong to other owners): ``{(game, players): reason}``.
KNOWN_FAILURES: dict[tuple[str, int], str] = {}


def cases() -> list:
    out = []
    for name in sorted(GAMES):
        cls = game_class(name)
        for players in sorted({cls.min_players, cls.max_players}):
            reason = KNOWN_FAILURES.get((name, players))
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            out.append(pytest.param(name, players, marks=marks, id=f"{name}-{players}p"))
    return out


def first_difference(a, b, path: str = "obs") -> str:
    """Return where ``a`` (an observation) and ``b`` (its JSON round trip) first differ, for the message."""
    if type(a) is not type(b):
        return f"{path}: {type(a).__name__} {a!r} comes back as {type(b).__name__} {b!r}"
    if isinstance(a, dict):
        if list(a) != list(b):
            return f"{path}: keys {list(a)!r} come back as {list(b)!r}"
        return next((d for k in a if (d := first_difference(a[k], b[k], f"{path}[{k!r}]"))), "")
    if isinstance(a, list):
        return next((d for i, (x, y) in enumerate(zip(a, b)) if (d := first_difference(x, y, f"{path}[{i}]"))), "")
    return "" if a == b else f"{path}: {a!r} comes back as {b!r}"


@pytest.mark.parametrize("name, players", cases())
def test_every_observation_survives_a_json_round_trip(name, players):
    g = dragonwidgets.new_game(name, players=players, seed=SEED, chance="manual")
    rng = random.Random(SEED)
    while True:
        for viewer in (None, *range(players)):
            obs = g.observation(viewer)
            back = json.loads(json.dumps(obs))
            if back != obs:  # a tuple is not equal to the list it comes back as, nor 0 to "0"
                pytest.fail(f"step {g.step}, viewer {viewer}: {first_difference(obs, back)}")
        if g.is_over:
            break
        if g.is_chance_node:
            g.resolve_chance()
        else:
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
    assert g.outcome() is not None
