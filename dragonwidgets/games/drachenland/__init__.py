"""Drachenland (rules digest ``DL``): adventurers walk a land of volcanoes, taking eggs, gems and tokens.

The registry reads ``GAME_CLASS`` and ``BOTS`` from here.

>>> from dragonwidgets.games import drachenland
>>> game = drachenland.new_game(players=4, seed=3)
>>> game.players, game.player_name(3)
(4, 'Wizards')
"""

from __future__ import annotations

from typing import Any

from .board import Board, load_board
from .bots import GreedyBot, RandomBot
from .game import DrachenlandGame

GAME_CLASS = DrachenlandGame
BOTS = {"random": RandomBot, "greedy": GreedyBot}


def new_game(*, players: int, seed: int | None = None, chance: str = "auto", **options: Any) -> DrachenlandGame:
    """Start a game of Drachenland with ``players`` seats (2..4); options as in :class:`DrachenlandGame`.

    Raises:
        ValueError: a player count out of range, an unknown option or one of the wrong type.
        GameDataError: the ``board_file`` option names a file that fails validation.
    """
    return DrachenlandGame(players=players, seed=seed, chance=chance, **options)


__all__ = ["GAME_CLASS", "BOTS", "DrachenlandGame", "GreedyBot", "RandomBot", "Board", "load_board", "new_game"]
