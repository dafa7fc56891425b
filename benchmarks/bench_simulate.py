"""Games per second through ``dragonwidgets.simulate`` per game, the process pool's start-up, and the
study size above which a pool beats in-process play in wall-clock time.

1. Speed. For each game the script plays a plain loop over the study's games (``play_game`` per
   seed, no simulate) for a quarter of ``--seconds`` of CPU time (``time.process_time``, so a busy
   machine does not shrink the study) to choose ``n`` games worth about ``--seconds`` of CPU; then it
   plays that same study of ``n`` games (same seeds, so the same work) ``--runs`` times, interleaving
   five ways:

   - ``loop``: the plain loop, the naive reference (one core, no overhead);
   - ``in-process``: ``simulate(..., executor=InlineExecutor())``;
   - ``1 worker``: ``simulate`` on a ``ProcessPoolExecutor(1)`` started and stopped in the timing;
   - ``all cores``: the same with a pool over every CPU;
   - ``default``: ``simulate(...)`` with no executor (it chooses, see ``pool_pays_off``).

   Each way is timed by the wall clock and by CPU time (this process's plus its finished child
   processes'). Two tables: games per CPU second with the overhead of ``simulate`` per game in CPU
   time over the plain loop (steady on a busy machine: other people's work is not counted); games per
   wall-clock second with the speed-up of all cores over the loop (it needs idle cores: on a shared
   machine it shows what was free). Then the overhead measured on its own: per game, ``summarize``
   (the row ``simulate`` keeps of a finished game), median over the study's first 50 games; per batch,
   the round trip of an empty batch through an ``InlineExecutor`` and through a running one-worker
   pool (pickling the study and the arrays both ways), median of 200.

2. Pool start-up, per start method (``--methods``): wall time to start a pool over every CPU, run an
   empty batch on each worker and shut it down, median of ``--runs`` × 3 (the first pool of a
   ``forkserver`` also starts its server; later ones do not).

3. Crossover, per game and start method: studies worth about 5 ms, 10 ms, 20 ms... of CPU play, each
   played in-process and on a pool over every CPU started and stopped in the timing (what the
   default executor does when it chooses the pool), interleaved, ``--runs`` times; the wall-clock
   medians side by side, until the pool wins by 20 % twice in a row (or a study passes 10 CPU
   seconds). A study's size is the CPU time its in-process runs took (median). The crossover is the
   smallest size from which the pool wins at every larger size measured, by the medians and by the
   fastest runs (on a shared machine, the runs least disturbed by other work); ``pool_pays_off`` in
   ``dragonwidgets/simulation/run.py`` takes its figures from here. With this platform's start
   method a last column times ``simulate``'s default (its own choice, after its first game played
   in-process), to check that it follows the faster of the two.

Every seat is the same bot (``--bots``, default ``random``). Medians of ``--runs`` runs (min..max).

    python benchmarks/bench_simulate.py [--game emerald ...] [--players 3] [--bots random] [--seconds 4] [--runs 3]
        [--parts speed startup crossover] [--methods fork forkserver spawn]

It prints figures and never asserts a time.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
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
from dragonwidgets.simulation.run import default_start_method, pool_pays_off  # noqa: E402

SEED = 2026


def loop(study: Study, n: int) -> None:
    """The naive way: play the study's games one after the other and keep nothing."""
    for s in game_seeds(SEED, n).tolist():
        play_game(study, s)


def cpu_with_children() -> float:
    """CPU seconds of this process and of its finished child processes."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def timed(fn) -> tuple[float, float]:
    """Run ``fn``; return (wall seconds, CPU seconds of this process and of its finished children)."""
    w0, c0 = time.perf_counter(), cpu_with_children()
    fn()
    return time.perf_counter() - w0, cpu_with_children() - c0


def calibrate(study: Study, seconds: float) -> tuple[int, float]:
    """Return ``(n, CPU seconds per game)``: ``n`` games of the study take about ``seconds`` of CPU
    time in a plain loop (at least 4 per CPU). The rate comes from the loop's first ``seconds / 4``
    of CPU time (``time.process_time``: time this process ran, whatever else the machine does)."""
    seeds = game_seeds(SEED, 1_000_000).tolist()
    c0, played = time.process_time(), 0
    while time.process_time() - c0 < seconds / 4 and played < len(seeds):
        play_game(study, seeds[played])
        played += 1
    per_game = (time.process_time() - c0) / played
    return max(4 * available_cpus(), math.ceil(seconds / per_game)), per_game


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


def pool(workers: int, method: str | None = None) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context(method) if method else None)


def pool_start_ms(study: Study, method: str, runs: int) -> list[float]:
    """Wall times to start a pool over every CPU with ``method``, run an empty batch on each worker
    and shut it down (ms)."""
    cpus, out = available_cpus(), []
    for _ in range(runs):
        t0 = time.perf_counter()
        with pool(cpus, method) as p:
            list(p.map(play_batch, [study] * cpus, [[]] * cpus))
        out.append(1e3 * (time.perf_counter() - t0))
    return out


def spread(values: list[float], fmt: str = "{:.1f}", width: int = 20) -> str:
    return f"{fmt.format(statistics.median(values))} ({fmt.format(min(values))}..{fmt.format(max(values))})".rjust(width)


# ------------------------------------------------------------------ 1. speed
def speed(study: Study, n: int, runs: int) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Wall and CPU seconds of each way of playing the study's ``n`` games, ``runs`` interleaved runs."""
    cpus = available_cpus()

    def sim(executor=None) -> None:
        dragonwidgets.simulate(study.game, players=study.players, bots=list(study.bots), n_games=n, seed=SEED,
                               executor=executor, progress=False)

    def on_pool(workers: int):
        def play() -> None:
            with pool(workers) as p:
                sim(p)
        return play

    ways = {"loop": lambda: loop(study, n), "inline": lambda: sim(InlineExecutor()), "pool1": on_pool(1),
            "all": on_pool(cpus), "default": sim}
    wall: dict[str, list[float]] = {k: [] for k in ways}
    cpu: dict[str, list[float]] = {k: [] for k in ways}
    for _ in range(runs):
        for key, fn in ways.items():
            w, c = timed(fn)
            wall[key].append(w)
            cpu[key].append(c)
    return wall, cpu


def print_speed(rows: list) -> None:
    cpus = available_cpus()
    keys = ("loop", "inline", "pool1", "all", "default")
    names = ("loop (naive)", "in-process", "1 worker", f"all {cpus} cores", "default")

    def rate(n: int, times: list[float]) -> str:
        return spread([n / t for t in times])

    header = f"{'game':<17} {'n':>5}  " + "  ".join(f"{k:>20}" for k in names)
    print("games per CPU second (all processes' CPU time)\n" + header + f"  {'overhead/game (CPU ms)':>30}\n"
          + "-" * (len(header) + 32))
    for name, n, _, wall, cpu, *_ in rows:
        base = statistics.median(cpu["loop"])
        over = "  ".join(f"{1e3 * (statistics.median(cpu[k]) - base) / n:+.3f}" for k in keys[1:])
        print(f"{name:<17} {n:>5}  " + "  ".join(rate(n, cpu[k]) for k in keys) + f"  {over:>30}")
    print("overhead/game: in-process, 1 worker, all cores, default (pools' start-up included), over the loop\n")

    print("games per wall-clock second\n" + header + f"  {'all/loop':>8}  {'default/loop':>12}\n"
          + "-" * (len(header) + 24))
    for name, n, _, wall, cpu, *_ in rows:
        loop_wall = statistics.median(wall["loop"])
        print(f"{name:<17} {n:>5}  " + "  ".join(rate(n, wall[k]) for k in keys)
              + f"  {loop_wall / statistics.median(wall['all']):>7.2f}x  "
              f"{loop_wall / statistics.median(wall['default']):>11.2f}x")

    header = (f"{'game':<17} {'CPU/game':>10}  {'summarize/game':>15}  {'empty batch in-process':>23}  "
              f"{'empty batch 1 worker':>21}")
    print("\noverhead measured on its own (wall clock; CPU/game is the plain loop's CPU time per game)\n"
          + header + "\n" + "-" * len(header))
    for name, n, _, wall, cpu, summary, inline_ms, pool_ms in rows:
        per_game = 1e3 * statistics.median(cpu["loop"]) / n
        print(f"{name:<17} {per_game:>7.2f} ms  {summary:>12.1f} µs  {inline_ms:>20.3f} ms  {pool_ms:>18.3f} ms")


# ------------------------------------------------------------------ 3. crossover
def crossover(study: Study, per_game: float, method: str, runs: int) -> list[tuple[int, float, list, list, list]]:
    """Rows ``(games, median in-process CPU s, in-process wall s, pool wall s, default wall s)`` for
    studies of growing size, until the pool wins by 20 % at two sizes in a row or a study passes 10
    CPU s. ``default`` (simulate's own choice) is timed only with this platform's start method."""
    cpus, rows, wins, n_before = available_cpus(), [], 0, 0
    for k in range(16):
        n = max(2, round(0.005 * 2**k / per_game))
        if n == n_before:
            continue
        n_before = n

        def sim(executor) -> None:
            dragonwidgets.simulate(study.game, players=study.players, bots=list(study.bots), n_games=n,
                                   seed=SEED, executor=executor, progress=False)

        def on_pool() -> None:
            with pool(cpus, method) as p:
                sim(p)

        here_wall, here_cpu, pool_wall, default_wall = [], [], [], []
        for _ in range(runs):
            c0, w0 = time.process_time(), time.perf_counter()
            sim(InlineExecutor())
            here_wall.append(time.perf_counter() - w0)
            here_cpu.append(time.process_time() - c0)
            pool_wall.append(timed(on_pool)[0])
            if method == default_start_method():
                default_wall.append(timed(lambda: sim(None))[0])
        rows.append((n, statistics.median(here_cpu), here_wall, pool_wall, default_wall))
        wins = wins + 1 if statistics.median(pool_wall) < 0.8 * statistics.median(here_wall) else 0
        if wins == 2 or statistics.median(here_cpu) > 10:
            break
    return rows


def print_crossover(name: str, method: str, rows: list) -> None:
    cpus = available_cpus()
    print(f"\n{name}, pool over {cpus} cores ({method}) against in-process, wall ms, median of runs (min..max)")
    header = (f"{'games':>6}  {'CPU s':>8}  {'in-process':>22}  {'pool':>22}  {'pool/in-process':>15}  "
              f"{'pool_pays_off':>13}  {'default':>22}")
    print(header + "\n" + "-" * len(header))
    for n, cpu, here, there, default in rows:
        ratio = statistics.median(there) / statistics.median(here)
        print(f"{n:>6}  {cpu:>8.3f}  {spread([1e3 * t for t in here], width=22)}  "
              f"{spread([1e3 * t for t in there], width=22)}  {ratio:>15.2f}  "
              f"{str(pool_pays_off(cpu, cpus, method)):>13}  "
              + (spread([1e3 * t for t in default], width=22) if default else f"{'-':>22}"))
    for label, pick in (("medians", statistics.median), ("fastest runs", min)):
        cross = next((i for i in range(len(rows)) if all(pick(r[3]) < pick(r[2]) for r in rows[i:])), None)
        if cross is None:
            print(f"crossover ({label}): the pool never won")
        elif cross == 0:
            print(f"crossover ({label}): at or below {rows[0][1]:.3f} CPU s ({rows[0][0]} games)")
        else:
            (n0, c0, *_), (n1, c1, *_) = rows[cross - 1], rows[cross]
            print(f"crossover ({label}): between {c0:.3f} and {c1:.3f} CPU s of play ({n0} and {n1} games)")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", nargs="+", default=sorted(GAMES), choices=sorted(GAMES))
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--bots", default="random")
    ap.add_argument("--seconds", type=float, default=4.0, help="about how much CPU time one study's loop takes (s)")
    ap.add_argument("--runs", type=int, default=3, help="runs of each way (median reported)")
    ap.add_argument("--parts", nargs="+", default=["speed", "startup", "crossover"],
                    choices=["speed", "startup", "crossover"])
    ap.add_argument("--methods", nargs="+", default=[default_start_method()],
                    choices=multiprocessing.get_all_start_methods(),
                    help="start methods for the start-up and crossover parts (default: this platform's)")
    args = ap.parse_args(argv)
    sys.stdout.reconfigure(line_buffering=True)  # figures appear as they come, also into a file
    cpus = available_cpus()
    print(f"dragonwidgets {dragonwidgets.__version__}, Python {platform.python_version()}, {platform.machine()}, "
          f"{cpus} CPUs, default start method {default_start_method()}; {args.players} players, {args.bots} bot "
          f"on every seat; load average {os.getloadavg()[0]:.2f} at the start\n")
    studies = {name: Study(name, args.players, (args.bots,) * args.players, {}) for name in args.game}
    sizes = {name: calibrate(study, args.seconds) for name, study in studies.items()}
    for study in studies.values():  # simulate's own first-call costs (imports) stay out of the timings
        dragonwidgets.simulate(study.game, players=study.players, bots=list(study.bots), n_games=2, seed=SEED,
                               executor=InlineExecutor(), progress=False)
    if "speed" in args.parts:
        rows = []
        for name, study in studies.items():
            n, per_game = sizes[name]
            wall, cpu = speed(study, n, args.runs)
            with pool(1) as one:
                batch = (empty_batch_ms(study, InlineExecutor()), empty_batch_ms(study, one))
            rows.append((name, n, per_game, wall, cpu, summarize_us(study, min(n, 50)), *batch))
        print(f"{args.runs} interleaved runs of a study of n games worth about {args.seconds:g} CPU s\n")
        print_speed(rows)
    if "startup" in args.parts:
        study = next(iter(studies.values()))
        print(f"\npool start-up over {cpus} cores: start, one empty batch per worker, shut down "
              f"(wall ms, median of {3 * args.runs})")
        for method in args.methods:
            print(f"{method:<11} {spread(pool_start_ms(study, method, 3 * args.runs))}")
    if "crossover" in args.parts:
        for method in args.methods:
            for name, study in studies.items():
                print_crossover(name, method, crossover(study, sizes[name][1], method, args.runs))
    print(f"\nload average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
