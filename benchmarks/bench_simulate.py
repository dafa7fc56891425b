"""Games per second through ``dragonwidgets.simulate``, on one core and on all cores, per game.

For each game the script first times a plain loop over the study's games (``play_game`` per seed, no
simulate) to choose ``n`` games lasting about ``--seconds`` on one core; then it plays that same study
of ``n`` games (same seeds, so the same work) ``--runs`` times, interleaving four ways:

- ``loop``: the plain loop, the reference (one core, no overhead);
- ``in-process``: ``simulate(..., executor=InlineExecutor())``, one core;
- ``1 worker``: ``simulate(..., executor=ProcessPoolExecutor(1))``, one core in a worker process;
- ``all cores``: ``simulate(...)`` with the default executor (a process pool over every CPU).

Each way is timed by the wall clock and by CPU time (this process's plus its finished child
processes', so a worker pool's work counts). Two tables: games per CPU second and the overhead of
``simulate`` per game in CPU time over the plain loop (steady on a busy machine: other people's work
is not counted); then games per wall-clock second, one core against all cores (the speed-up needs
idle cores: on a shared machine it shows what was free). Then the overhead measured on its own: per
game, ``summarize`` (the row ``simulate`` keeps of a finished game: scores, winners, decisions
counted over the history, measures), median over the study's finished games; per batch, the round
trip of an empty batch through an ``InlineExecutor`` and through a running one-worker process pool
(pickling the study and the arrays both ways), median of 200; per call, starting and stopping the
default pool. Every seat is the same bot (``--bots``, default ``random``). Medians of ``--runs``
runs (min..max).

    python benchmarks/bench_simulate.py [--game emerald ...] [--players 3] [--bots random] [--seconds 4] [--runs 3]

It prints figures and never asserts a time.
"""

from __future__ import annotations

import argparse
import math
import platform
import resource
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


def timed(fn) -> tuple[float, float]:
    """Run ``fn``; return (wall seconds, CPU seconds of this process and of its finished children)."""

    def cpu() -> float:
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        return time.process_time() + children.ru_utime + children.ru_stime

    w0, c0 = time.perf_counter(), cpu()
    fn()
    return time.perf_counter() - w0, cpu() - c0


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


def pool_start_ms(study: Study) -> float:
    """Median wall time to start a process pool over every CPU, run an empty batch on each worker
    and shut it down (ms): what the default executor adds once per call."""
    out = []
    for _ in range(10):
        t0 = time.perf_counter()
        with ProcessPoolExecutor(available_cpus()) as pool:
            list(pool.map(play_batch, [study] * available_cpus(), [[]] * available_cpus()))
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
    rows = []
    for name in args.game:
        study = Study(name, args.players, (args.bots,) * args.players, {})
        n = calibrate(study, args.seconds)

        def sim(executor=None) -> None:
            dragonwidgets.simulate(name, players=args.players, bots=args.bots, n_games=n, seed=SEED,
                                   executor=executor, progress=False)

        def pool1() -> None:
            with ProcessPoolExecutor(1) as pool:
                sim(pool)

        ways = {"loop": lambda: loop(study, n), "inline": lambda: sim(InlineExecutor()), "pool1": pool1,
                "all": sim}
        wall: dict[str, list[float]] = {k: [] for k in ways}
        cpu: dict[str, list[float]] = {k: [] for k in ways}
        for _ in range(args.runs):
            for key, fn in ways.items():
                w, c = timed(fn)
                wall[key].append(w)
                cpu[key].append(c)
        with ProcessPoolExecutor(1) as pool:
            batch = (empty_batch_ms(study, InlineExecutor()), empty_batch_ms(study, pool), pool_start_ms(study))
        rows.append((name, n, wall, cpu, summarize_us(study, min(n, 50)), batch))

    def rate(n: int, times: list[float], width: int = 20) -> str:
        rates = [n / t for t in times]
        return f"{statistics.median(rates):8.1f} ({min(rates):.1f}..{max(rates):.1f})".rjust(width)

    header = (f"{'game':<17} {'n':>5}  {'loop':>20}  {'in-process':>20}  {'1 worker':>20}  {'all cores':>20}  "
              f"{'overhead/game (CPU ms)':>24}")
    print("games per CPU second (all processes' CPU time)\n" + header + "\n" + "-" * len(header))
    for name, n, wall, cpu, _, _ in rows:
        base = statistics.median(cpu["loop"])
        over = "  ".join(f"{1e3 * (statistics.median(cpu[k]) - base) / n:+.3f}"
                         for k in ("inline", "pool1", "all"))
        print(f"{name:<17} {n:>5}  {rate(n, cpu['loop'])}  {rate(n, cpu['inline'])}  {rate(n, cpu['pool1'])}  "
              f"{rate(n, cpu['all'])}  {over:>24}")
    print("overhead/game: in-process, 1 worker (its start-up included), all cores, over the plain loop\n")

    header = (f"{'game':<17} {'n':>5}  {'loop (1 core)':>20}  {'1 worker':>20}  {f'all {cpus} cores':>20}  "
              f"{'speed-up':>8}")
    print("games per wall-clock second\n" + header + "\n" + "-" * len(header))
    for name, n, wall, cpu, _, _ in rows:
        speedup = statistics.median(wall["loop"]) / statistics.median(wall["all"])
        print(f"{name:<17} {n:>5}  {rate(n, wall['loop'])}  {rate(n, wall['pool1'])}  {rate(n, wall['all'])}  "
              f"{speedup:>7.2f}x")

    header = (f"{'game':<17} {'CPU/game':>10}  {'summarize/game':>15}  {'empty batch in-process':>23}  "
              f"{'empty batch 1 worker':>21}  {'pool start+stop':>16}")
    print("\noverhead measured on its own (wall clock; CPU/game is the plain loop's CPU time per game)\n"
          + header + "\n" + "-" * len(header))
    for name, n, wall, cpu, summary, (inline_ms, pool_ms, start_ms) in rows:
        per_game = 1e3 * statistics.median(cpu["loop"]) / n
        print(f"{name:<17} {per_game:>7.2f} ms  {summary:>12.1f} µs  {inline_ms:>20.3f} ms  {pool_ms:>18.3f} ms  "
              f"{start_ms:>13.1f} ms")


if __name__ == "__main__":
    main()
