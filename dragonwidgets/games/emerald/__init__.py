"""Emerald (rules digest ``EM``): knights walk to the dragon's lair, taking gold and gems on the way.

The registry reads ``GAME_CLASS`` and ``BOTS`` from here.

>>> from dragonwidgets.games import emerald
>>> game = emerald.new_game(players=4, seed=3)
>>> game.players, game.player_name(0)
(4, 'Black')
"""

from __future__ import annotations

from typing import Any

from .board import Board, load_board
from .bots import GreedyBot, RandomBot
from .game import EmeraldGame

GAME_CLASS = EmeraldGame
BOTS = {"random": RandomBot, "greedy": GreedyBot}


def new_game(*, players: int, seed: int | None = None, chance: str = "auto", **options: Any) -> EmeraldGame:
    """Start a game of Emerald with ``players`` seats (2..5); options as in :class:`EmeraldGame`.

    Raises:
        ValueError: a player count out of range, an unknown option or one of the wrong type.
        GameDataError: the ``board_file`` option names a file that fails validation.
    """
    return EmeraldGame(players=players, seed=seed, chance=chance, **options)


__all__ = ["GAME_CLASS", "BOTS", "EmeraldGame", "GreedyBot", "RandomBot", "Board", "load_board", "new_game"]
