"""How often the planner team wins: the balance measure of the reconstructed decks (DG-REC-8).

The digest's decks are reconstructions, so their balance is measured here, with the project's own engine
and :class:`~.bots.PlannerBot` on every seat: ``games`` games per team size, seeds ``seed``,
``seed + 1``, ... (the same seed for the game and for the bots' generator), default options (characters
chosen by the planner, first player drawn, 28 coins). The figure is the team's win rate with its 95 %
Wilson interval. ``data/BALANCE.md`` records the tuning; :func:`stored` returns the full-size figures
saved by ``benchmarks/draghan_balance.py --save``.

>>> rates = win_rates(characters=(2,), games=4, seed=1)
>>> sorted(rates[2]), rates[2]["games"]
(['games', 'high', 'low', 'rate', 'seconds_per_game', 'wins'], 4)
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Iterable

from dragonwidgets.engine.bots import play_out

from .bots import PlannerBot, RandomBot
from .cards import BUNDLED_DECKS
from .game import DraghanGame

#: Where ``benchmarks/draghan_balance.py --save`` keeps the full-size figures.
STORED = Path(__file__).with_name("data") / "balance.json"
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval of a win rate ``wins / games`` (95 % by default).

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def play_game(characters: int, seed: int, bot: str = "planner", travel_at: int = 3,
              decks_file: str | None = None, **options: Any) -> str:
    """Play one game with ``bot`` ("planner" or "random") on every seat; return "won" or "lost"."""
    if decks_file:
        options["decks_file"] = decks_file
    game = DraghanGame(players=characters, seed=seed, **options)
    player = PlannerBot(travel_at=travel_at, decks_file=decks_file,
                        assist_alone=options.get("assist_alone", False)) if bot == "planner" else RandomBot()
    play_out(game, [player] * characters, random.Random(seed))
    return game.state.result


def _play_many(job: tuple[int, list[int], dict[str, Any]]) -> int:
    characters, seeds, kwargs = job
    return sum(play_game(characters, s, **kwargs) == "won" for s in seeds)


def win_rates(characters: Iterable[int] = (2, 3, 4), games: int = 200, seed: int = 0, *, bot: str = "planner",
              travel_at: int = 3, decks_file: str | None = None, processes: int = 1,
              **options: Any) -> dict[int, dict[str, float]]:
    """Return the team's win rate per team size: ``{characters: {games, wins, rate, low, high, seconds_per_game}}``.

    Args:
        characters: the team sizes (2..4) to measure.
        games: games per team size (the balance figures use at least 2,000).
        seed: the first seed; game ``i`` uses ``seed + i`` for the deal and for the bots.
        bot: "planner" (default) or "random" on every seat.
        travel_at: the portal the planner travels at (1, 2 or 3).
        decks_file: a decks file to measure instead of the bundled one (the game and the bot both read it).
        processes: worker processes (1: play here).
        options: further game options (``unlimited_coins=True``, ...).

    ``low`` and ``high`` bound the 95 % Wilson interval; ``seconds_per_game`` is wall time / games. A
    planner game takes about 6 ms (2 characters), 20 ms (3) and 150-300 ms (4) on one core of a laptop-class
    machine, so ``games=200`` for all three sizes takes about a minute on one core.
    """
    kwargs = dict(options, bot=bot, travel_at=travel_at, decks_file=decks_file)
    out: dict[int, dict[str, float]] = {}
    for n in characters:
        seeds = list(range(seed, seed + games))
        t0 = time.perf_counter()
        if processes > 1:
            chunks = [seeds[i::processes * 4] for i in range(processes * 4)]
            with ProcessPoolExecutor(processes) as pool:
                wins = sum(pool.map(_play_many, [(n, c, kwargs) for c in chunks if c]))
        else:
            wins = _play_many((n, seeds, kwargs))
        elapsed = time.perf_counter() - t0
        low, high = wilson(wins, games)
        out[n] = {"games": games, "wins": wins, "rate": wins / games if games else 0.0, "low": low, "high": high,
                  "seconds_per_game": elapsed / games if games else 0.0}
    return out


def cards_digest(decks_file: str | Path | None = None) -> str:
    """Return a short SHA-256 of a decks file's cards (its ``decks`` field; the header text does not count).

    :func:`stored` figures name the digest of the data they measured, so a notebook can tell whether they
    still describe the bundled decks: ``stored()["decks"].endswith(cards_digest())``.
    """
    data = json.loads(Path(decks_file or BUNDLED_DECKS).read_text(encoding="utf-8"))
    return hashlib.sha256(json.dumps(data["decks"], sort_keys=True).encode()).hexdigest()[:12]


def stored() -> dict[str, Any]:
    """Return the full-size figures saved by ``benchmarks/draghan_balance.py --save`` (``{}`` if none).

    Keys: ``games``, ``seed``, ``travel_at``, ``bot``, ``decks`` (the file and :func:`cards_digest` of the data
    measured) and ``rates`` (``{"2": {games, wins, rate, low, high, seconds_per_game}, ...}``).

    >>> full = stored()
    >>> full["games"] >= 2000 and full["decks"].endswith(cards_digest())
    True
    >>> sorted(full["rates"])
    ['2', '3', '4']
    """
    if not STORED.exists():
        return {}
    return json.loads(STORED.read_text(encoding="utf-8"))


def table(rates: dict[Any, dict[str, float]]) -> str:
    """Return ``rates`` as a small markdown table (team size, games, wins, rate, 95 % interval).

    >>> print(table({2: {"games": 100, "wins": 50, "rate": 0.5, "low": 0.404, "high": 0.596}}))
    | characters | games | wins | win rate | 95 % interval |
    |---|---|---|---|---|
    | 2 | 100 | 50 | 50.0 % | 40.4–59.6 % |
    """
    lines = ["| characters | games | wins | win rate | 95 % interval |", "|---|---|---|---|---|"]
    for n, r in sorted(rates.items(), key=lambda kv: int(kv[0])):
        lines.append(f"| {n} | {r['games']} | {r['wins']} | {100 * r['rate']:.1f} % | "
                     f"{100 * r['low']:.1f}–{100 * r['high']:.1f} % |")
    return "\n".join(lines)
