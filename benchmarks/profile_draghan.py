"""Draghan random play on one core, in CPU time: decisions per second, and where the time goes (issue 6).

The loop is the one issue 6 counts (chance drawn by the game itself, a decision = a seat's action):

    g = dragonwidgets.new_game("draghan", players=p, seed=s); rng = random.Random(s)
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])

It times a fixed set of seeded games in CPU time (``time.process_time``) and reports the best of
``--repeats`` passes, which is steadier than wall time on a shared machine. ``--profile`` prints a
cProfile list of the functions with the most own time instead.

    python benchmarks/profile_draghan.py [--players 2 3 4] [--games 150] [--repeats 5] [--profile]

It prints figures and never asserts a time.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import dragonwidgets  # noqa: E402


def play(players: int, seed: int) -> int:
    """Play one random game of Draghan to the end; return its number of decisions."""
    g = dragonwidgets.new_game("draghan", players=players, seed=seed)
    rng = random.Random(seed)
    decisions = 0
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
        decisions += 1
    return decisions


def best_rate(players: int, games: int, repeats: int) -> tuple[float, float]:
    """Return (games/s, decisions/s) of the fastest of ``repeats`` passes over the same seeded games."""
    best, decisions = float("inf"), 0
    for _ in range(repeats):
        t0 = time.process_time()
        decisions = sum(play(players, 1000 * players + s) for s in range(games))
        best = min(best, time.process_time() - t0)
    return games / best, decisions / best


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--games", type=int, default=150, help="seeded games per pass")
    ap.add_argument("--repeats", type=int, default=5, help="passes; the fastest is reported")
    ap.add_argument("--profile", action="store_true", help="print a cProfile top list instead of rates")
    args = ap.parse_args(argv)
    play(args.players[0], 0)  # warm up imports, the decks file and the action caches
    if args.profile:
        for players in args.players:
            profile = cProfile.Profile()
            profile.runcall(lambda: [play(players, 1000 * players + s) for s in range(args.games)])
            print(f"--- {players} characters, {args.games} games")
            pstats.Stats(profile).sort_stats("tottime").print_stats(20)
        return
    print(f"{'players':>7}  {'games/s':>8}  {'decisions/s':>11}   (CPU time, best of {args.repeats} passes of {args.games} games)")
    for players in args.players:
        games_s, decisions_s = best_rate(players, args.games, args.repeats)
        print(f"{players:>7}  {games_s:>8.0f}  {decisions_s:>11.0f}")


if __name__ == "__main__":
    main()
