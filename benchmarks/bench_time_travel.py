"""Update time and time travel against the game's length: a widget update, goto and undo at step 100, 1,000
and 10,000 (as far as each game's random games reach), beside the naive way measured the same way.

For each game the longest of ``--candidates`` (20) random games per player count is played (every seat the
engine's random bot); then, on that one game, at step 100, 1,000 and 10,000 (those it reaches) and one step
before its end, the steps taken from the longest down (an update at a past step starts a branch, so the steps
below it stay):

- ``update``: one ``w.bot_step()`` of a widget showing the game (the engine's step plus everything the
  widget recomputes and republishes), the median of ``--repeats`` steps each taken back with
  ``game.goto`` outside the timing;
- ``goto``: ``game.goto(k)`` to a random earlier step ``k`` (from a checkpoint, then at most 127 steps),
  against ``replay``, the naive way, which is what ``goto`` did before: set the game up again and replay
  every entry from step 0 to ``k`` (the same steps, timed the same way);
- ``undo``: ``game.undo()`` at that step, then back with ``goto`` outside the timing.

    python benchmarks/bench_time_travel.py [--games emerald drachenland ...] [--steps 100 1000 10000]
                                           [--repeats 30] [--candidates 20]

Times are medians of ``time.perf_counter`` in milliseconds. It prints figures and never asserts.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import dragonwidgets  # noqa: E402
from dragonwidgets.engine import GAMES, game_class  # noqa: E402


def longest_game(name: str, seed: int, candidates: int = 20):
    """Return the longest of ``candidates`` random games (seeds ``seed``..``seed + candidates - 1``) of each
    player count of ``name``, played to its end and taken back one step (the last position at which someone
    still decides)."""
    cls = game_class(name)
    longest = None
    for players in range(cls.max_players, cls.min_players - 1, -1):
        for s in range(seed, seed + candidates):
            g = dragonwidgets.new_game(name, players=players, seed=s)
            rng = random.Random(s)
            while not g.is_over:
                legal = g.legal_actions()
                g.apply(legal[rng.randrange(len(legal))])
            if longest is None or g.step > longest.step:
                longest = g
    longest.undo()
    return longest


def naive_goto(game, step: int) -> None:
    """``goto`` as it was: set the game up again, then replay every entry from step 0."""
    game.state = game._setup(game._rng(0))
    game._step = 0
    game._legal_cache = None
    for action in game._actions[:step]:
        game._apply(action)
        game._step += 1
        game._legal_cache = None


def ms(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def measure(g, step: int, repeats: int) -> dict[str, float]:
    g.goto(step)
    here = step
    w = dragonwidgets.GameWidget(g, seats=["random"] * g.players, playing=False)
    rng = random.Random(step)

    updates = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        w.bot_step()
        updates.append(time.perf_counter() - t0)
        g.goto(here)  # the next update branches from the same step again
    targets = [rng.randrange(max(1, here - 1)) for _ in range(repeats)]
    it = iter(targets)
    goto = ms(lambda: g.goto(next(it)), repeats)
    it = iter(targets)
    replay = ms(lambda: naive_goto(g, next(it)), repeats)
    g.goto(here)

    undos = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        g.undo()
        undos.append(time.perf_counter() - t0)
        g.goto(here)
    naive_undo = ms(lambda: naive_goto(g, here - 1), repeats)
    g.goto(here)
    return {"step": here, "players": g.players, "update": statistics.median(updates) * 1000, "goto": goto, "replay": replay,
            "undo": statistics.median(undos) * 1000, "naive_undo": naive_undo}


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", nargs="+", default=sorted(GAMES), choices=sorted(GAMES))
    ap.add_argument("--steps", type=int, nargs="+", default=[100, 1000, 10_000],
                    help="steps to measure at; the longest of the random games is measured too")
    ap.add_argument("--repeats", type=int, default=30)
    ap.add_argument("--candidates", type=int, default=20,
                    help="random games per player count to take the longest of (seeds 1, 2, ...)")
    args = ap.parse_args(argv)
    print(f"milliseconds, medians; per game one random game, the longest of {args.candidates} per player count, "
          "measured at each step it reaches and one step before its end; a widget with bot seats\n")
    head = (f"{'game':18} {'players':>7} {'step':>6} {'update':>8} {'goto':>8} {'replay 0..k':>12} {'goto/replay':>12} "
            f"{'undo':>8} {'naive undo':>11} {'undo/naive':>11}")
    print(head)
    print("-" * len(head))
    for name in args.games:
        g = longest_game(name, seed=1, candidates=args.candidates)
        longest = g.step
        steps = sorted({k for k in args.steps if k < longest} | {longest}, reverse=True)
        rows = [measure(g, k, args.repeats) for k in steps]  # from the longest down: see the module's doc
        first = rows[-1]
        for r in reversed(rows):
            print(f"{name:18} {r['players']:>7} {r['step']:>6} {r['update']:>8.3f} {r['goto']:>8.3f} {r['replay']:>12.3f} "
                  f"{r['goto'] / r['replay']:>12.3f} {r['undo']:>8.3f} {r['naive_undo']:>11.3f} "
                  f"{r['undo'] / r['naive_undo']:>11.3f}   update ×{r['update'] / first['update']:.2f} of step {first['step']}")
        missing = [k for k in args.steps if k >= longest]
        if missing:
            print(f"{name:18} {'':>7} (its longest random game ends at step {longest + 1}: not {', '.join(map(str, missing))})")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
