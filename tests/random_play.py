"""Seeded random play for tests of every game: a position reached by a fixed random line."""

from __future__ import annotations

import random

import dragonwidgets
from dragonwidgets.engine.game import Game


def random_prefix(game: str, players: int, seed: int, steps: int, rng: random.Random | None = None,
                  **options) -> Game:
    """Return game ``game`` (a registry name) started from ``seed`` after ``steps`` random decisions
    (or at its end), each chosen by ``rng`` (default ``random.Random(seed)``) among the legal actions.

    Pass ``rng`` to go on drawing from the same generator after the prefix."""
    g = dragonwidgets.new_game(game, players=players, seed=seed, **options)
    rng = random.Random(seed) if rng is None else rng
    for _ in range(steps):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    return g
