"""La Chasse au Dragon (rules digest ``CD``): hunt monsters in an 8x8 forest with exploding dice.

The registry reads ``GAME_CLASS`` and ``BOTS`` from here.

>>> from dragonwidgets.games import chasse_au_dragon
>>> game = chasse_au_dragon.new_game(players=4, seed=3)
>>> game.players, game.player_name(3)
(4, 'Orange')
"""

from __future__ import annotations

from typing import Any

from .bots import GreedyBot, RandomBot
from .game import ChasseGame

GAME_CLASS = ChasseGame
BOTS = {"random": RandomBot, "greedy": GreedyBot}


def new_game(*, players: int, seed: int | None = None, chance: str = "auto", **options: Any) -> ChasseGame:
    """Start a game of La Chasse au Dragon with ``players`` seats (2..6); options as in :class:`ChasseGame`.

    Raises:
        ValueError: a player count out of range, an unknown option or one of the wrong type.
        GameDataError: the ``setup_file`` option names a file that fails validation.
    """
    return ChasseGame(players=players, seed=seed, chance=chance, **options)


__all__ = ["GAME_CLASS", "BOTS", "ChasseGame", "GreedyBot", "RandomBot", "new_game"]
