"""Machine instructions per random-play decision, counted by valgrind: a deterministic yardstick.

Timings on a shared machine move by 10-30 % from one minute to the next; instruction counts do not. This
script runs issue 6's random loop (the one ``bench_vs_openspiel.py`` times) under valgrind's callgrind
tool, once with the measured games and once without them, and divides the difference by the decisions
played: what one decision costs, warm-up and interpreter start-up left out. Both runs import the game and
load its data files (a game set up, not played) first: with ``--warmup 0`` the figure is the first games'
cost, not the import's (importing Drachenland alone is about 200 million instructions, as much as its
first 2,000 decisions). Two versions of the code
compare exactly (same seeds, ``PYTHONHASHSEED=0``), and OpenSpiel's C++ backgammon is counted by the same
loop beside the games.

An instruction is not a unit of time: the C++ backgammon code runs more instructions per cycle than the
Python interpreter does, so a game needs fewer instructions per decision than backgammon to match its
speed, and how much fewer depends on the game (measured on 2026-11-26: Emerald at about 0.50 of backgammon's
count ran 1.3-1.45x as fast, Drachenland at about 0.48 only 1.0-1.1x at 3 players: its large caches and the
garbage collector cost time that instructions do not show). Use the
counts to compare versions of the code; use ``bench_vs_openspiel.py`` for the speed itself.

    python benchmarks/instructions_per_decision.py [--games emerald drachenland ...] [--players N]
                                                   [--seeds 3] [--warmup 20]

Needs Debian's ``valgrind`` (``apt-get install -y valgrind``); runs about a minute per engine. It prints
figures and never asserts anything.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dragonwidgets.engine.registry import GAMES  # noqa: E402

REPRESENTATIVE = {"emerald": 3, "draghan": 2, "chasse_au_dragon": 3, "drachenland": 3}
#: games per measured pass: the games differ a hundredfold in length (about 5,000 decisions per pass)
SEEDS = {"emerald": 10, "draghan": 120, "chasse_au_dragon": 3, "drachenland": 2, "backgammon": 40}

#: the loop, run in the child under valgrind: warm-up games (untimed), then the measured ones
CHILD = r"""
import random, sys
sys.path.insert(0, {root!r})
sys.path.insert(0, {root!r} + "/benchmarks")
from bench_vs_openspiel import dragonwidgets_game, openspiel_backgammon
name, players, warmup, seeds = {name!r}, {players}, {warmup}, {seeds}
play = openspiel_backgammon() if name == "backgammon" else dragonwidgets_game(name, players)
if name != "backgammon":  # imports and data files, in both runs: a game set up, not played
    import dragonwidgets; dragonwidgets.new_game(name, players=players, seed=0)
for w in range(warmup):
    play(2_000_000 + w, random.Random(w))
decisions = sum(play(1000 + s, random.Random(1000 + s)) for s in range(seeds))
print("DECISIONS", decisions)
"""


def count(name: str, players: int, warmup: int, seeds: int) -> tuple[int, int]:
    """Return (instructions, decisions) of one child run under callgrind."""
    code = CHILD.format(root=str(ROOT), name=name, players=players, warmup=warmup, seeds=seeds)
    env = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1")  # numpy's BLAS threads add noise
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c", code],
                         capture_output=True, text=True, env=env, check=True)
    instructions = re.search(r"Collected : (\d+)", out.stderr)
    decisions = re.search(r"DECISIONS (\d+)", out.stdout)
    if not instructions or not decisions:
        raise RuntimeError(f"valgrind run of {name} gave no count:\n{out.stdout}\n{out.stderr[-2000:]}")
    return int(instructions.group(1)), int(decisions.group(1))


def per_decision(name: str, players: int, warmup: int, seeds: int) -> tuple[float, int]:
    """Return (instructions per measured decision, decisions measured)."""
    with_games, decisions = count(name, players, warmup, seeds)
    without, _ = count(name, players, warmup, 0)
    return (with_games - without) / decisions, decisions


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", nargs="+", choices=sorted(GAMES), default=list(REPRESENTATIVE))
    ap.add_argument("--players", type=int, help="player count for every game (default: a representative one each)")
    ap.add_argument("--seeds", type=float, default=1.0, help="scale of the measured games per engine (1 = ~5,000 decisions)")
    ap.add_argument("--warmup", type=int, default=20,
                    help="untimed games per engine first, so the games' caches are warm (0: cold start, the "
                         "package imported and its data loaded; bench_vs_openspiel's --warmup 0 is 1 here)")
    ap.add_argument("--no-backgammon", action="store_true", help="leave OpenSpiel's backgammon out")
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: apt-get install -y valgrind")

    engines = [(g, args.players or REPRESENTATIVE[g]) for g in args.games]
    if not args.no_backgammon:
        try:
            import pyspiel  # noqa: F401
            engines.insert(0, ("backgammon", 2))
        except ImportError:
            print('OpenSpiel is not installed: backgammon is left out (python -m pip install -e ".[bench]").\n')
    print(f"instructions per random-play decision (valgrind callgrind, PYTHONHASHSEED=0, {args.warmup} warm-up games)\n")
    print(f"{'engine':<26}{'decisions':>10}{'instructions/decision':>24}{'vs backgammon':>16}")
    base = None
    for name, players in engines:
        seeds = max(1, round(SEEDS[name] * args.seeds))
        ipd, decisions = per_decision(name, players, args.warmup, seeds)
        if name == "backgammon":
            base = ipd
        label = "OpenSpiel backgammon (C++)" if name == "backgammon" else f"{name} {players}p"
        ratio = f"{ipd / base:.2f}" if base else "-"
        print(f"{label:<26}{decisions:>10,}{ipd:>24,.0f}{ratio:>16}", flush=True)


if __name__ == "__main__":
    main()
