"""Drachenland: random-play speed on a fixed set of games, and where the time goes.

Plays the loop issue 6 counts (chance drawn by the game itself, a decision = a seat's action)

    g = dragonwidgets.new_game("drachenland", players=p, seed=s); rng = random.Random(s)
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])

for the seeds ``1000 .. 1000 + games - 1`` of every player count, ``--repeats`` times. The games are
the same from one version of the code to the next (same seeds, same draws), so the work is identical;
each figure is the fastest pass in CPU time of this process (on a busy machine the other processes
only ever slow a pass down, so the fastest pass is the least disturbed one). ``--profile`` adds a
cProfile top list (by own time) of one more pass, and the share of the time spent in the game's
hooks (``_apply``, ``_legal_actions``, ``_chance_outcomes``, ``_player_to_move``); the rest is the
engine's own bookkeeping (history, chance draws, validation) and the loop.

    python benchmarks/profile_drachenland.py [--games 2] [--repeats 5] [--players 2 3 4] [--profile] [--top 25]

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

HOOKS = ("_apply", "_legal_actions", "_chance_outcomes", "_player_to_move")


def play(players: int, seed: int) -> int:
    """Play one random game to its end; return the number of decisions."""
    g = dragonwidgets.new_game("drachenland", players=players, seed=seed)
    rng = random.Random(seed)
    decisions = 0
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
        decisions += 1
    return decisions


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2, help="games per player count and pass")
    ap.add_argument("--repeats", type=int, default=5, help="passes per player count (the fastest is shown)")
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    ap.add_argument("--profile", action="store_true", help="print a cProfile top list too")
    ap.add_argument("--top", type=int, default=25, help="lines of the top list")
    args = ap.parse_args(argv)
    seeds = range(1000, 1000 + args.games)
    play(3, 0)  # warm up imports, the board file, its cached walks and the memoised choices
    print(f"{'players':>7}  {'games/s':>8}  {'decisions/s':>11}  {'decisions':>9}   "
          f"(fastest of {args.repeats} passes in CPU time, seeds {seeds[0]}..{seeds[-1]})")
    for players in args.players:
        best = float("inf")
        for _ in range(args.repeats):
            t0 = time.process_time()
            decisions = sum(play(players, s) for s in seeds)
            best = min(best, time.process_time() - t0)
        print(f"{players:>7}  {len(seeds) / best:>8.1f}  {decisions / best:>11.0f}  {decisions:>9}")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(lambda: [play(p, s) for p in args.players for s in seeds])
        stats = pstats.Stats(profiler)
        stats.sort_stats("tottime").print_stats(args.top)
        hooks = sum(row[3] for (file, _, name), row in stats.stats.items()  # type: ignore[attr-defined]
                    if "drachenland" in file and name in HOOKS)
        share = hooks / stats.total_tt  # type: ignore[attr-defined]
        print(f"game hooks {', '.join(HOOKS)}: {share:.0%} of the profiled time")


if __name__ == "__main__":
    main()
