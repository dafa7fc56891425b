"""Play the games of a study: one game from its seed, or a batch of games in a worker process.

Everything here is a top-level function or a small dataclass, so that an executor can pickle it to
another process (or another machine, with Dask). Nothing here imports Jupyter or tqdm.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..engine.bots import play_out
from ..engine.game import Game
from ..engine.registry import make_bot, new_game


@dataclass(frozen=True)
class Study:
    """What every game of a study shares: the game's name, the seat count, the bots, the options.

    ``bots`` holds one entry per seat: a bot name (``make_bot(game, name)`` makes a fresh bot for each
    game) or a bot object (deep-copied for each game, so a bot never carries anything from one game
    to the next and results do not depend on how games are batched).
    """

    game: str
    players: int
    bots: tuple[Any, ...]
    options: dict[str, Any]

    def fresh_bots(self) -> list[Any]:
        """Return new bots, one per seat, for one game."""
        return [make_bot(self.game, b) if isinstance(b, str) else copy.deepcopy(b) for b in self.bots]


def play_game(study: Study, seed: int) -> Game:
    """Play one game of ``study`` from ``seed`` to the end and return it.

    The game is ``new_game(study.game, players=study.players, seed=seed, **study.options)`` played by
    :func:`dragonwidgets.engine.play_out` with fresh bots and the bots' generator
    ``random.Random(seed)``; chance comes from the game's own seed. So the same seed
    always gives the same game.

    Raises:
        RuntimeError: the game has not ended after ``play_out``'s step limit.
    """
    game = new_game(study.game, players=study.players, seed=seed, **study.options)
    return play_out(game, study.fresh_bots(), random.Random(seed))


def summarize(game: Game) -> dict[str, Any]:
    """Return one finished game's row: ``scores`` and ``winners`` (lists by seat), ``length``
    (decisions), ``steps`` (history entries) and ``measures`` (:meth:`Game.measures`)."""
    score, won = game.scores(), set(game.winners())
    return {
        "scores": [score[p] for p in range(game.players)],
        "winners": [p in won for p in range(game.players)],
        "length": game.decisions,
        "steps": game.step,
        "measures": game.measures(),
    }


def play_batch(study: Study, seeds: list[int]) -> dict[str, Any]:
    """Play one game per seed; return their results as numpy arrays (no game is kept).

    Returns a dict with ``scores`` (k, players), ``winners`` (k, players) bool, ``length`` (k,)
    decisions, ``steps`` (k,) history entries and ``measures`` (name -> (k,) or (k, players) float
    arrays from :meth:`Game.measures`), for ``k = len(seeds)`` games in the order of ``seeds``.

    Raises:
        RuntimeError: a game failed (the message gives its seed, to reopen it) or its measures are
            malformed (keys differ between games, a list of the wrong length).
    """
    rows = []
    for seed in seeds:
        try:
            game = play_game(study, seed)
        except Exception as e:
            raise RuntimeError(f"{study.game} game with seed {seed} failed: {type(e).__name__}: {e}") from e
        rows.append(summarize(game))
    k, n = len(rows), study.players
    names = list(rows[0]["measures"]) if rows else []
    for seed, row in zip(seeds, rows):
        if row["measures"].keys() != set(names):
            raise RuntimeError(
                f"{study.game}.measures() gave keys {list(row['measures'])} for seed {seed} "
                f"but {names} for seed {seeds[0]}"
            )
    scores = np.array([r["scores"] for r in rows]).reshape(k, n)
    return {
        "scores": scores.astype(np.int64) if scores.dtype.kind in "iub" else scores,
        "winners": np.array([r["winners"] for r in rows], dtype=bool).reshape(k, n),
        "length": np.array([r["length"] for r in rows], dtype=np.int64),
        "steps": np.array([r["steps"] for r in rows], dtype=np.int64),
        "measures": {name: _measure_array(study, name, [r["measures"][name] for r in rows]) for name in names},
    }


def _measure_array(study: Study, name: str, values: list[Any]) -> np.ndarray:
    arr = np.asarray(values, dtype=np.float64)
    if arr.ndim == 1 or (arr.ndim == 2 and arr.shape[1] == study.players):
        return arr
    raise RuntimeError(
        f"{study.game}.measures()[{name!r}] must be a number or a list of {study.players} numbers (one per seat)"
    )
