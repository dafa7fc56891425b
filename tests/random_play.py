"""Seeded random play for tests of every game: a position reached by a fixed random line."""

from __future__ import annotations

import random

import dragonwidgets
from dragonwidgets.engine.game import Game


def random_prefix(game: str, players: int, seed: int, steps: int, **options) -> Game:
    """Return game ``game`` (a registry name) started from ``seed`` after ``steps`` random decisions
    (or at its end), each chosen by ``random.Random(seed)`` among the legal actions."""
    g = dragonwidgets.new_game(game, players=players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    return g
