"""Random-play decisions per second: OpenSpiel's C++ backgammon and the four dragonwidgets games, side by side.

Every engine is driven from Python by the same random loop, on one core, in one process and one run
(rounds interleave the engines, so a busy machine slows them all alike):

    while not g.is_over:                      # dragonwidgets: chance is drawn inside apply()
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])

    while not s.is_terminal():                # OpenSpiel backgammon
        if s.is_chance_node():                # dice: sampled by their probabilities with the same rng
            s.apply_action(sample(s.chance_outcomes(), rng))
        else:
            legal = s.legal_actions()
            s.apply_action(legal[rng.randrange(len(legal))])

A *decision* is an action a player chose (chance outcomes are not counted). Each engine plays games for
about ``--seconds`` per round, ``--rounds`` times; the table gives the medians over rounds, the spread,
and each game's ratio to backgammon (its median decisions/s over backgammon's; and its fastest round over
backgammon's fastest, the rounds least slowed by the rest of a shared machine). The dragonwidgets games
are played with one representative player count each (``--players all``: every count they allow).
Rates are per second of the process's CPU time by default (``--clock cpu``: the work of one core, not
slowed by other processes waiting for the CPU); ``--clock wall`` uses elapsed time.

Before the timed rounds every engine plays ``--warmup`` seconds of games of its own (other seeds than
the timed ones): imports and data files load, and the games' memoized answers (Drachenland's walks
are cached on the board by the face-down volcanoes near them, for instance) fill as they do in the
first seconds of any long study, so the rounds measure the steady rate of a study of thousands of
games. ``--warmup 0`` plays a single game instead and shows the cold start.

    python benchmarks/bench_vs_openspiel.py [--seconds 2] [--rounds 5] [--warmup 3] [--players all] [--clock wall]

OpenSpiel is an optional benchmark dependency: ``python -m pip install -e ".[bench]"`` (or
``pip install open_spiel``). Without it the script says so and prints the dragonwidgets figures alone.
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
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import dragonwidgets  # noqa: E402
from dragonwidgets.engine.registry import GAMES, game_class  # noqa: E402

#: the player count each game is measured at by default (a common table size)
REPRESENTATIVE = {"emerald": 3, "draghan": 2, "chasse_au_dragon": 3, "drachenland": 3}


def dragonwidgets_game(name: str, players: int) -> Callable[[int, random.Random], int]:
    """Return ``play(seed, rng) -> decisions``: one random game of ``name`` with the issue's loop."""

    def play(seed: int, rng: random.Random) -> int:
        g = dragonwidgets.new_game(name, players=players, seed=seed)
        decisions = 0
        while not g.is_over:
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
            decisions += 1
        return decisions

    return play


def openspiel_backgammon() -> Callable[[int, random.Random], int] | None:
    """Return ``play(seed, rng) -> decisions`` for OpenSpiel's backgammon, or ``None`` if not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("backgammon")

    def play(seed: int, rng: random.Random) -> int:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                x, acc = rng.random(), 0.0
                outcomes = state.chance_outcomes()
                for action, prob in outcomes:
                    acc += prob
                    if x < acc:
                        break
                else:
                    action = outcomes[-1][0]
                state.apply_action(action)
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        return decisions

    return play


def timed(play: Callable[[int, random.Random], int], seconds: float, first_seed: int,
          clock: Callable[[], float] = time.process_time) -> tuple[float, float]:
    """Play games for about ``seconds`` of ``clock``; return (decisions/s, games/s)."""
    rng = random.Random(first_seed)
    games = decisions = 0
    t0 = clock()
    while True:
        decisions += play(first_seed + games, rng)
        games += 1
        elapsed = clock() - t0
        if elapsed >= seconds:
            return decisions / elapsed, games / elapsed


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="length of one timed run per engine (s)")
    ap.add_argument("--rounds", type=int, default=5, help="rounds over all engines (medians reported)")
    ap.add_argument("--warmup", type=float, default=3.0,
                    help="seconds of untimed play per engine before the rounds (0: one game)")
    ap.add_argument("--players", choices=["representative", "all"], default="representative")
    ap.add_argument("--games", nargs="+", choices=sorted(GAMES), default=list(REPRESENTATIVE))
    ap.add_argument("--clock", choices=["cpu", "wall"], default="cpu",
                    help="cpu: process CPU time (one core's work); wall: elapsed time")
    args = ap.parse_args(argv)

    engines: dict[str, Callable[[int, random.Random], int]] = {}
    backgammon = openspiel_backgammon()
    if backgammon is None:
        print("OpenSpiel is not installed: backgammon is left out. Install it with\n"
              '    python -m pip install -e ".[bench]"      (or: pip install open_spiel)\n')
    else:
        engines["OpenSpiel backgammon (C++)"] = backgammon
    for name in args.games:
        cls = game_class(name)
        counts = range(cls.min_players, cls.max_players + 1) if args.players == "all" else [REPRESENTATIVE[name]]
        for players in counts:
            engines[f"{name} {players}p"] = dragonwidgets_game(name, players)

    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    print(f"Python {platform.python_version()}, {platform.machine()}, one core, one process; "
          f"{args.warmup:g} s of warm-up play, then {args.rounds} rounds of {args.seconds:g} s ({args.clock} time) "
          f"per engine, interleaved; medians (min..max)\n")
    for play in engines.values():
        timed(play, args.warmup, 10**9, clock)  # warm up: imports, data files, the games' caches
    rows: dict[str, list[tuple[float, float]]] = {label: [] for label in engines}
    for r in range(args.rounds):
        for label, play in engines.items():
            rows[label].append(timed(play, args.seconds, 1_000_000 * (r + 1), clock))

    first = [d for d, _ in rows[next(iter(rows))]]
    base, base_best = (statistics.median(first), max(first)) if backgammon else (None, None)
    header = f"{'engine':<28}  {'decisions/s':>26}  {'games/s':>22}  {'vs backgammon':>13}  {'fastest rounds':>14}"
    print(header)
    print("-" * len(header))
    for label, runs in rows.items():
        dec, gps = [d for d, _ in runs], [g for _, g in runs]
        ratio = f"{statistics.median(dec) / base:.2f}x" if base else "-"
        best = f"{max(dec) / base_best:.2f}x" if base_best else "-"
        print(f"{label:<28}  "
              f"{statistics.median(dec):>11,.0f} ({min(dec):,.0f}..{max(dec):,.0f})".ljust(58)
              + f"  {statistics.median(gps):>8.1f} ({min(gps):.1f}..{max(gps):.1f})".rjust(22)
              + f"  {ratio:>13}  {best:>14}")


if __name__ == "__main__":
    main()
