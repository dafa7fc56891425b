"""A game package's ``new_game``: the same function for every game, made from the game's class.

Each game package (``dragonwidgets.games.<game>``) offers ``new_game(players=..., seed=..., ...)`` beside
``GAME_CLASS``; :func:`game_starter` writes it once, with a docstring in the game's terms (its title,
player range and data options).

>>> from dragonwidgets.games.emerald import EmeraldGame
>>> new_game = game_starter(EmeraldGame, "Emerald")
>>> new_game(players=2, seed=5).players
2
>>> new_game.__doc__.splitlines()[0]
'Start a game of Emerald with ``players`` seats (2..5); options as in :class:`EmeraldGame`.'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from .game import Game

G = TypeVar("G", bound=Game)


def game_starter(game_class: type[G], title: str) -> Callable[..., G]:
    """Return the ``new_game`` function of the package of ``game_class`` (``title``: the game's name in
    sentences, e.g. ``"La Chasse au Dragon"``).

    The function takes ``players`` (int, the game's ``min_players..max_players``), ``seed`` (int or
    ``None``), ``chance`` (``"auto"`` or ``"manual"``), ``position`` (a table as JSON, or ``None``) and the
    game's options, all by keyword, and returns a new ``game_class`` game; it raises what the class raises.
    """

    def new_game(*, players: int, seed: int | None = None, chance: str = "auto",
                 position: dict[str, Any] | None = None, **options: Any) -> G:
        return game_class(players=players, seed=seed, chance=chance, position=position, **options)

    players = f"{game_class.min_players}..{game_class.max_players}"
    files = " or ".join(f"``{name}``" for name in game_class.data_options)
    data_error = f"\n        GameDataError: the {files} option names a file that fails validation." if files else ""
    new_game.__doc__ = f"""Start a game of {title} with ``players`` seats ({players}); options as in :class:`{game_class.__name__}`.

    ``position``: a table to start from, whole (``game.position()``) or partial (the shape is in the
    package's ``position`` module); ``None`` is the seeded set-up.

    Raises:
        ValueError: a player count out of range, an unknown option or one of the wrong type.{data_error}
        PositionError: ``position`` breaks a count or a rule (a ``GameDataError``; the message names the field).
    """
    new_game.__module__ = game_class.__module__.rpartition(".")[0]
    new_game.__qualname__ = "new_game"
    return new_game
