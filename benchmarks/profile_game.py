"""One game's random-play speed on a fixed set of games, in CPU time, and where the time goes.

Plays the loop issue 6 counts (chance drawn by the game itself, a decision = a seat's action)

    g = dragonwidgets.new_game(game, players=p, seed=s); rng = random.Random(s)
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])

for the seeds ``1000 .. 1000 + games - 1`` of every player count, ``--repeats`` times. The games are
the same from one version of the code to the next (same seeds, same draws), so the work is identical;
each figure is the fastest pass in CPU time of this process (on a busy machine the other processes
only ever slow a pass down, so the fastest pass is the least disturbed one): it compares two versions
of the code on a shared machine. ``--profile`` adds a cProfile top list (by own time) of one more pass
and the share of the time spent in the game's hooks (``_apply``, ``_legal_actions``,
``_chance_outcomes``, ``_player_to_move``); the rest is the engine's own bookkeeping (history, chance
draws, validation) and the loop.

    python benchmarks/profile_game.py --game drachenland [--games N] [--repeats 5] [--players 2 3 4]
                                      [--profile] [--top 25]

``--games`` defaults to a pass of about a tenth of a second or more per player count. It prints figures
and never asserts a time.
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

from dragonwidgets.engine.registry import GAMES, game_class  # noqa: E402

from bench_vs_openspiel import dragonwidgets_game  # noqa: E402  (the issue-6 loop, one copy)

#: Games per pass by default: the games differ a hundredfold in length.
DEFAULT_GAMES = {"emerald": 40, "drachenland": 2, "chasse_au_dragon": 10, "draghan": 150}
HOOKS = ("_apply", "_legal_actions", "_chance_outcomes", "_player_to_move")


def play(game: str, players: int, seed: int) -> int:
    """Play one random game to its end with ``random.Random(seed)``; return the number of decisions."""
    return dragonwidgets_game(game, players)(seed, random.Random(seed))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", required=True, choices=sorted(GAMES))
    ap.add_argument("--games", type=int, default=None, help="games per player count and pass")
    ap.add_argument("--repeats", type=int, default=5, help="passes per player count (the fastest is shown)")
    ap.add_argument("--players", type=int, nargs="+", default=None, help="default: every count the game allows")
    ap.add_argument("--profile", action="store_true", help="print a cProfile top list too")
    ap.add_argument("--top", type=int, default=25, help="lines of the top list")
    args = ap.parse_args(argv)
    cls = game_class(args.game)
    players_list = args.players or list(range(cls.min_players, cls.max_players + 1))
    seeds = range(1000, 1000 + (args.games or DEFAULT_GAMES.get(args.game, 10)))
    play(args.game, cls.min_players, 0)  # warm up imports, data files and the games' memoised tables
    print(f"{args.game}: {'players':>7}  {'games/s':>8}  {'decisions/s':>11}  {'decisions':>9}   "
          f"(fastest of {args.repeats} passes in CPU time, seeds {seeds[0]}..{seeds[-1]})")
    for players in players_list:
        best = float("inf")
        for _ in range(args.repeats):
            t0 = time.process_time()
            decisions = sum(play(args.game, players, s) for s in seeds)
            best = min(best, time.process_time() - t0)
        print(f"{'':{len(args.game) + 2}}{players:>7}  {len(seeds) / best:>8.1f}  {decisions / best:>11.0f}  {decisions:>9}")
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(lambda: [play(args.game, p, s) for p in players_list for s in seeds])
        stats = pstats.Stats(profiler)
        stats.sort_stats("tottime").print_stats(args.top)
        package = f"games/{args.game}/"
        hooks = sum(row[3] for (file, _, name), row in stats.stats.items()  # type: ignore[attr-defined]
                    if package in file.replace("\\", "/") and name in HOOKS)
        share = hooks / stats.total_tt  # type: ignore[attr-defined]
        print(f"game hooks {', '.join(HOOKS)}: {share:.0%} of the profiled time")


if __name__ == "__main__":
    main()
