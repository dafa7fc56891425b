"""Draghan – Once Upon a Dragon (rules digest ``DG``): a cooperative hunt for the dragon, 2 to 4 characters.

The registry reads ``GAME_CLASS`` and ``BOTS`` from here. ``players`` is the number of characters in
play; one person may play several seats (solo, DG-SOLO-2).

>>> from dragonwidgets.games import draghan
>>> game = draghan.new_game(players=3, seed=3)
>>> game.players, game.cooperative
(3, True)
"""

from __future__ import annotations

from typing import Any

from .bots import PlannerBot, RandomBot
from .game import DraghanGame

GAME_CLASS = DraghanGame
BOTS = {"random": RandomBot, "planner": PlannerBot}


def new_game(*, players: int, seed: int | None = None, chance: str = "auto", **options: Any) -> DraghanGame:
    """Start a game of Draghan with ``players`` characters (2..4); options as in :class:`DraghanGame`.

    Raises:
        ValueError: a character count out of range, an unknown option or one of the wrong type.
        GameDataError: the ``decks_file`` option names a file that fails validation.
    """
    return DraghanGame(players=players, seed=seed, chance=chance, **options)


__all__ = ["GAME_CLASS", "BOTS", "DraghanGame", "PlannerBot", "RandomBot", "new_game"]
