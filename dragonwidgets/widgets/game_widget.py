"""``OneGameWidget``: the base of each game's widget, built from the game's settings or from a game.

A game's widget class only names its game, its bundle and its texts; this class gives it the constructor
every game's widget shares: ``Widget(players, seed, seats, viewer, chance, *, game=None, pace=...,
playing=..., take_backs=..., agent_time_limit=..., **options)`` (see :class:`~.base.GameWidget`).
"""

from __future__ import annotations

from typing import Any, ClassVar

from ..engine import Game
from .arguments import game_for_widget, widget_keywords
from .base import GameWidget


class OneGameWidget(GameWidget):
    """A widget for one game (``GAME``), created from the game's settings or shown for a given ``game``.

    Subclasses set ``GAME`` (the registry name), ``TITLE`` (the game's name for messages) and may set
    ``DEFAULT_VIEWER``; their docstring lists the arguments in the game's terms.
    """

    GAME: ClassVar[str] = ""
    TITLE: ClassVar[str] = ""
    DEFAULT_VIEWER: ClassVar[str] = "teacher"

    def __init__(
        self,
        players: int = 3,
        seed: int | None = None,
        seats: list[str] | None = None,
        viewer: str | int | None = None,
        chance: str = "auto",
        *,
        game: Game | None = None,
        **kwargs: Any,
    ):
        widget_kw = widget_keywords(kwargs)
        game = game_for_widget(type(self).__name__, self.GAME, self.TITLE, players=players, seed=seed,
                               chance=chance, game=game, options=kwargs)
        super().__init__(game, seats=seats, viewer=self.DEFAULT_VIEWER if viewer is None else viewer, **widget_kw)
