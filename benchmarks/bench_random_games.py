"""Complete random games per second (Emerald, Drachenland, ...), and decisions per second, on one core.

Every seat is the engine's ``RandomBot`` (it chooses uniformly among the legal actions, so the figure
measures the rules engine, not a bot's thinking); chance is drawn by the game's seeded generator. For
each player count the script plays games for about ``--seconds`` per run, ``--runs`` times, and prints
the median rate (and the spread). A *decision* is an action a seat chose; a *step* is any history
entry (decisions and chance outcomes: die rolls).

    python benchmarks/bench_random_games.py [--game emerald] [--seconds 2] [--runs 5] [--players 2 3 4 5]

``--players`` defaults to every player count the game allows.

It prints figures and never asserts a time.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import dragonwidgets  # noqa: E402
from dragonwidgets.engine.actions import CHANCE  # noqa: E402
from dragonwidgets.engine.bots import RandomBot, play_out  # noqa: E402
from dragonwidgets.engine.registry import GAMES, game_class  # noqa: E402


def play_one(name: str, players: int, seed: int) -> tuple[int, int]:
    """Play one random game of ``name`` to the end; return (decisions, steps)."""
    game = dragonwidgets.new_game(name, players=players, seed=seed)
    play_out(game, [RandomBot()] * players, random.Random(seed))
    decisions = sum(1 for e in game.history if e.action.player != CHANCE)
    return decisions, len(game.history)


def one_run(name: str, players: int, seconds: float, first_seed: int) -> tuple[float, float, float, int]:
    """Play games for about ``seconds``; return (games/s, decisions/s, steps/s, games played)."""
    games = decisions = steps = 0
    seed = first_seed
    t0 = time.perf_counter()
    while True:
        d, s = play_one(name, players, seed)
        games, decisions, steps, seed = games + 1, decisions + d, steps + s, seed + 1
        elapsed = time.perf_counter() - t0
        if elapsed >= seconds:
            return games / elapsed, decisions / elapsed, steps / elapsed, games


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="length of one timed run (s)")
    ap.add_argument("--runs", type=int, default=5, help="timed runs per player count (median reported)")
    ap.add_argument("--game", default="emerald", choices=sorted(GAMES))
    ap.add_argument("--players", type=int, nargs="+", default=None)
    args = ap.parse_args(argv)
    cls = game_class(args.game)
    players_list = args.players or list(range(cls.min_players, cls.max_players + 1))

    print(f"dragonwidgets {dragonwidgets.__version__}, Python {platform.python_version()}, "
          f"{platform.machine()}, one core, {args.game}, RandomBot on every seat")
    print(f"{args.runs} runs of {args.seconds:g} s per player count; median (min..max over runs)\n")
    header = f"{'players':>7}  {'games/s':>22}  {'decisions/s':>26}  {'steps/s':>26}  {'decisions/game':>14}"
    print(header)
    print("-" * len(header))
    play_one(args.game, cls.min_players, 0)  # warm up imports and data-file loading
    for players in players_list:
        rows = [one_run(args.game, players, args.seconds, 1000 * players + 100_000 * r) for r in range(args.runs)]
        g, d, s, n = zip(*rows)

        def fmt(xs: tuple[float, ...], width: int) -> str:
            return f"{statistics.median(xs):>8.1f} ({min(xs):.1f}..{max(xs):.1f})".rjust(width)

        per_game = sum(d) / sum(g)  # decisions/s over games/s, pooled
        print(f"{players:>7}  {fmt(g, 22)}  {fmt(d, 26)}  {fmt(s, 26)}  {per_game:>14.1f}")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
