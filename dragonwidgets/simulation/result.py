"""The results of a study: numpy arrays by game index, and the way back to any single game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..engine.game import Game
from .play import Study, play_game


@dataclass(frozen=True, eq=False)
class SimulationResult:
    """What :func:`dragonwidgets.simulate` returns: one row per game, in game order.

    Attributes:
        game: the game's name, e.g. ``"emerald"``.
        players: the number of seats.
        bots: one entry per seat, as given (bot names or bot objects).
        options: the game options given (every game was played with them; defaults for the rest).
        seed: the study's seed.
        seeds: ``(n,)`` int64, game ``i``'s seed (see :func:`dragonwidgets.simulate` for the scheme).
        scores: ``(n, players)`` final scores by seat (int64, or float64 for a game scoring in fractions).
        winners: ``(n, players)`` bool, ``True`` for each winning seat (several on a tie).
        length: ``(n,)`` int64, decisions the seats made (chance outcomes not counted).
        steps: ``(n,)`` int64, history entries (decisions and chance outcomes).
        measures: name -> ``(n,)`` or ``(n, players)`` float64, the game's :meth:`Game.measures`.

    >>> import dragonwidgets
    >>> r = dragonwidgets.simulate("emerald", players=2, bots="random", n_games=3, seed=1, progress=False)
    >>> r.scores.shape, r.winners.dtype, len(r)
    ((3, 2), dtype('bool'), 3)
    >>> g = r.reopen(2)
    >>> [g.scores()[p] for p in range(2)] == list(r.scores[2])
    True
    """

    game: str
    players: int
    bots: tuple[Any, ...]
    options: dict[str, Any]
    seed: int
    seeds: np.ndarray
    scores: np.ndarray
    winners: np.ndarray
    length: np.ndarray
    steps: np.ndarray
    measures: dict[str, np.ndarray] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.seeds)

    def reopen(self, i: int) -> Game:
        """Replay game ``i`` from its seed with fresh bots and return it, at its end.

        The game holds its whole history: rewind it with ``goto``, or show it in a widget, e.g.
        ``dragonwidgets.EmeraldWidget(game=result.reopen(i))``.

        Raises:
            IndexError: ``i`` is not a game index.
        """
        seed = int(self.seeds[i])
        return play_game(Study(self.game, self.players, tuple(self.bots), dict(self.options)), seed)

    def __repr__(self) -> str:
        bots = ", ".join(b if isinstance(b, str) else type(b).__name__ for b in self.bots)
        measures = f", measures: {', '.join(self.measures)}" if self.measures else ""
        return (
            f"SimulationResult({self.game}, {self.players} players, bots [{bots}], "
            f"{len(self)} games, seed {self.seed}{measures})"
        )
