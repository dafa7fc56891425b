"""Games per second through ``dragonwidgets.simulate``, on one core and on all cores, per game.

For each game the script first times a plain loop over the study's games (``play_game`` per seed, no
simulate) to choose ``n`` games lasting about ``--seconds`` on one core; then it plays that same study
of ``n`` games (same seeds, so the same work) ``--runs`` times, interleaving four ways:

- ``loop``: the plain loop, the reference (one core, no overhead);
- ``in-process``: ``simulate(..., executor=InlineExecutor())``, one core;
- ``1 worker``: ``simulate(..., executor=ProcessPoolExecutor(1))``, one core in a worker process;
- ``all cores``: ``simulate(...)`` with the default executor (a process pool over every CPU).

It prints median games/s (and spread) for each. On a busy machine game times vary more than the
overhead of ``simulate``, so the overhead is also measured on its own: per game, ``summarize`` (the
row ``simulate`` keeps of a finished game: scores, winners, decisions counted over the history,
measures), median over the study's finished games; per batch, the round trip of an empty batch
through an ``InlineExecutor`` and through a running one-worker process pool (pickling the study
and the arrays both ways), median of 200. Every seat is the same bot (``--bots``, default ``random``).

    python benchmarks/bench_simulate.py [--game emerald ...] [--players 3] [--bots random] [--seconds 4] [--runs 3]

It prints figures and never asserts a time.
"""

from __future__ import annotations

import argparse
import math
import platform
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import dragonwidgets  # noqa: E402
from dragonwidgets.engine.registry import GAMES  # noqa: E402
from dragonwidgets.simulation import (  # noqa: E402
    InlineExecutor, Study, available_cpus, game_seeds, play_batch, play_game, summarize,
)
from dragonwidgets.simulation.run import IN_PROCESS_BELOW  # noqa: E402

SEED = 2026


def loop(study: Study, n: int) -> None:
    for s in game_seeds(SEED, n).tolist():
        play_game(study, s)


def summarize_us(study: Study, n: int) -> float:
    """Median time of ``summarize`` on the study's finished games (µs)."""
    out = []
    for s in game_seeds(SEED, n).tolist():
        game = play_game(study, s)
        t0 = time.perf_counter()
        summarize(game)
        out.append(time.perf_counter() - t0)
    return 1e6 * statistics.median(out)


def empty_batch_ms(study: Study, executor) -> float:
    """Median round trip of an empty batch through ``executor`` (ms)."""
    executor.submit(play_batch, study, []).result()  # start the worker
    out = []
    for _ in range(200):
        t0 = time.perf_counter()
        executor.submit(play_batch, study, []).result()
        out.append(time.perf_counter() - t0)
    return 1e3 * statistics.median(out)


def calibrate(study: Study, seconds: float) -> int:
    """Return how many games of the study take about ``seconds`` on one core (at least 4 per CPU,
    and enough for the default executor to start a process pool)."""
    seeds = game_seeds(SEED, 100_000).tolist()
    t0, played = time.perf_counter(), 0
    while time.perf_counter() - t0 < seconds / 2 and played < len(seeds):
        play_game(study, seeds[played])
        played += 1
    rate = played / (time.perf_counter() - t0)
    return max(4 * available_cpus(), IN_PROCESS_BELOW, math.ceil(rate * seconds))


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", nargs="+", default=sorted(GAMES), choices=sorted(GAMES))
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--bots", default="random")
    ap.add_argument("--seconds", type=float, default=4.0, help="about how long one one-core run lasts (s)")
    ap.add_argument("--runs", type=int, default=3, help="runs of each way (median reported)")
    args = ap.parse_args(argv)
    cpus = available_cpus()
    print(f"dragonwidgets {dragonwidgets.__version__}, Python {platform.python_version()}, {platform.machine()}, "
          f"{cpus} CPUs; {args.players} players, {args.bots} bot on every seat; "
          f"median of {args.runs} interleaved runs (min..max)\n")
    header = (f"{'game':<17} {'n':>5}  {'loop g/s':>18}  {'in-process g/s':>18}  {'1 worker g/s':>18}  "
              f"{'all cores g/s':>18}  {'overhead/game':>24}")
    print(header)
    print("-" * len(header))
    extra = []
    for name in args.game:
        study = Study(name, args.players, (args.bots,) * args.players, {})
        n = calibrate(study, args.seconds)

        def sim(executor=None) -> None:
            dragonwidgets.simulate(name, players=args.players, bots=args.bots, n_games=n, seed=SEED,
                                   executor=executor, progress=False)

        def pool1() -> None:
            with ProcessPoolExecutor(1) as pool:
                sim(pool)

        ways = {"loop": lambda: loop(study, n), "inline": lambda: sim(InlineExecutor()), "pool1": pool1, "all": sim}
        times: dict[str, list[float]] = {k: [] for k in ways}
        for _ in range(args.runs):
            for key, fn in ways.items():
                t0 = time.perf_counter()
                fn()
                times[key].append(time.perf_counter() - t0)

        def rate(key: str) -> str:
            rates = [n / t for t in times[key]]
            return f"{statistics.median(rates):8.1f} ({min(rates):.1f}..{max(rates):.1f})".rjust(18)

        base = statistics.median(times["loop"])
        over = "  ".join(f"{1e3 * (statistics.median(times[k]) - base) / n:+.2f}" for k in ("inline", "pool1"))
        print(f"{name:<17} {n:>5}  {rate('loop')}  {rate('inline')}  {rate('pool1')}  {rate('all')}  "
              f"{over + ' ms':>24}")
        with ProcessPoolExecutor(1) as pool:
            batch = (empty_batch_ms(study, InlineExecutor()), empty_batch_ms(study, pool))
        extra.append((name, statistics.median(n / t for t in times["loop"]), summarize_us(study, min(n, 50)), batch))
    print("\noverhead/game: in-process, then 1 worker (with its start-up), over the plain loop; "
          "noise on a busy machine can make it negative\n")
    header = f"{'game':<17} {'game (loop)':>12}  {'summarize/game':>15}  {'empty batch in-process':>23}  {'empty batch 1 worker':>21}"
    print(header)
    print("-" * len(header))
    for name, loop_rate, summary, (inline_ms, pool_ms) in extra:
        print(f"{name:<17} {1e3 / loop_rate:>9.2f} ms  {summary:>12.1f} µs  {inline_ms:>20.3f} ms  {pool_ms:>18.3f} ms")


if __name__ == "__main__":
    main()
