"""Issue 29's goals for ``dragonwidgets.analyse`` and ``game.review``, printed per game (never asserted).

Parts (``--parts``, all by default):

1. ``cost``: what one rollout costs per game, a whole game from the first decision of a seeded game: the
   default bot as the games play it (before), the same bot as the analysis plays it (after: faster twins, a
   shared planner, forced decisions without a view, :mod:`dragonwidgets.analysis.policies`), and ``random``:
   milliseconds of wall clock per rollout, median of ``--cost-rollouts`` (one core, this process).
2. ``honesty``: at ``--honesty-decisions`` decisions per game (decision 1, 2... of games played by the default
   policy), the analysis as used (``--rollouts`` per action, racing, seed 1) against a 20 times longer one
   (uniform, ``20 x --rollouts`` per action, seed 2): the share of the (non-exact) actions whose 95 % interval
   contains the long analysis's value (goal 93-97 %), and the exact rows whose value the long analysis
   agrees with.
3. ``privacy``: at ``--privacy-positions`` positions per game (the twin tables of
   ``tests/engine/test_determinize_privacy.py``: hidden cards swapped by hand, another seed and start), the
   analysis of the deciding seat of both tables with the same seed: how many differ (goal 0 over 500).
   Rollouts: ``--privacy-rollouts`` per action with ``--privacy-policy`` (default ``random``, as privacy is
   a property of the redeal, not of the bots; ``default`` takes each game's default policy).
4. ``speed``: at the first ``--decisions`` decisions of ``--games`` games per game (the goal: 50 of 20), on a
   process pool of ``--workers`` (2): the seconds to a first value for every action (goal 1 s), and to a
   settled ranking at ±5 points (goal 20 s, Drachenland 60 s; the analysis is cut there).
   ``allocation`` (with ``speed``): at the same decisions, with no time limit and at most ``--alloc-rollouts``
   per action, the rollouts each allocation spends to reach the best action: racing until the best action is
   known (``until="best"``) beside the naive uniform allocation (every action to ±``--precision``, the
   issue's baseline) and, so that the comparison does not flatter, beside uniform with the same stop as
   racing; whether they name the same best action, and what racing's choice loses by the naive uniform's
   values (goal: racing at most half the rollouts of uniform). The same for the settled ranking (every close
   action to ±``--precision``), with the floor any allocation needs for it; for the best action too, about
   what knowing it takes at the values found (:func:`best_need`, an estimate), to tell the goal's shortfall
   from racing's.
   ``pairing`` (before ``speed``): at the same decisions, how much the common random numbers pair two
   actions' returns (the variance of their paired difference over the sum of their variances, 1 for
   unrelated returns): what racing's paired test gains over two intervals.
5. ``review``: the wall-clock seconds of ``game.review()`` on the pool of a whole 3-player Emerald game (goal
   60 s) and a whole 4-player Drachenland game (goal 10 min), each played by the default policy,
   ``--review-rollouts`` per action at most; ``--review-decisions`` limits it to the first decisions (0: the
   whole game).

Small sizes by default (about 5 minutes per fast game, 15 per slow one on a loaded machine); ``--full`` sets
the goal's sizes (hours). On a shared machine the times
depend on the load, which is printed.

    python benchmarks/bench_analysis.py [--games-list emerald draghan ...] [--parts cost honesty ...] [--full]
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import os
import random
import statistics
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import dragonwidgets  # noqa: E402
from dragonwidgets.analysis import analyse, analyse_steps  # noqa: E402
from dragonwidgets.analysis.policies import DEFAULT_POLICIES, make_policy  # noqa: E402
from dragonwidgets.analysis.allocation import MIN_PAIRED, Z_PAIRED  # noqa: E402
from dragonwidgets.analysis.rollouts import play_rollouts, play_to_end, rollout_key  # noqa: E402
from dragonwidgets.engine.actions import CHANCE  # noqa: E402
from dragonwidgets.engine.bots import bot_move, play_out  # noqa: E402

GAMES = {"emerald": 3, "draghan": 3, "drachenland": 4, "chasse_au_dragon": 3}
SETTLE_SECONDS = {"emerald": 20.0, "draghan": 20.0, "chasse_au_dragon": 20.0, "drachenland": 60.0}


def load_privacy_helpers() -> Any:
    path = ROOT / "tests" / "engine" / "test_determinize_privacy.py"
    spec = importlib.util.spec_from_file_location("determinize_privacy", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def decisions_of(name: str, players: int, seed: int, count: int) -> list[Any]:
    """Copies of the game ``seed`` played by the default policy at its first ``count`` decisions."""
    g = dragonwidgets.new_game(name, players=players, seed=seed)
    bots = [dragonwidgets.make_bot(name, DEFAULT_POLICIES[name]) for _ in range(players)]
    rng = random.Random(seed)
    out = []
    while not g.is_over and len(out) < count:
        if len(g.legal_actions()) > 1:
            out.append(g.clone(history=False))
        g.apply(bot_move(g, bots[g.current_player], rng))
    return out


# ------------------------------------------------------------------ 1. cost of a rollout
def part_cost(name: str, players: int, args: argparse.Namespace) -> None:
    """Before: the game's bot as ``simulate`` plays it (fresh bots, every decision asks the bot); after: the
    rollout policy the analysis plays under the same name (:func:`make_policy`: faster twins, a shared
    planner, forced decisions taken without a view); and ``random``."""
    default = DEFAULT_POLICIES[name]
    g = dragonwidgets.new_game(name, players=players, seed=1)
    seat = g.current_player
    assert seat is not None and seat != CHANCE
    known = g.determinize(seat, random.Random(0))
    ways = [(f"{default} (bot)", lambda: [dragonwidgets.make_bot(name, default) for _ in range(players)], False),
            (f"{default} (policy)", lambda: make_policy(name, default, players), True),
            ("random", lambda: make_policy(name, "random", players), True)]
    for label, bots, as_analysis in ways:
        times, lengths = [], []
        for k in range(args.cost_rollouts):
            t0 = time.perf_counter()
            d = known.determinize(seat, random.Random(k))
            if as_analysis:
                play_to_end(d, bots(), random.Random(k))
            else:
                play_out(d, bots(), random.Random(k))
            times.append(time.perf_counter() - t0)
            lengths.append(d.step)
        print(f"  cost    {label:18} {statistics.median(times) * 1000:8.1f} ms per rollout "
              f"(whole game, {statistics.median(lengths):.0f} steps, median of {len(times)})")


# ------------------------------------------------------------------ 2. honest intervals
def part_honesty(name: str, players: int, args: argparse.Namespace, pool: Executor) -> None:
    inside = total = exact_ok = exact_n = 0
    positions = []
    seed = 100
    while len(positions) < args.honesty_decisions:
        positions += decisions_of(name, players, seed, args.honesty_decisions - len(positions))
        seed += 1
    for g in positions:
        short = analyse(g, rollouts=args.rollouts, seed=1, executor=pool, progress=False)
        long = analyse(g, rollouts=20 * args.rollouts, seed=2, allocation="uniform", precision=0.001,
                       executor=pool, progress=False)
        for row in short:
            ref = long[row.action]
            if row.exact:
                exact_n += 1
                exact_ok += ref.exact and ref.value == row.value
                continue
            total += 1
            inside += row.low <= ref.value <= row.high
    share = f"{100 * inside / total:.1f} %" if total else "n/a"
    print(f"  honesty {inside}/{total} intervals contain the 20x value ({share}, goal 93-97 %) over "
          f"{len(positions)} decisions; exact rows {exact_ok}/{exact_n} agree")


# ------------------------------------------------------------------ 3. privacy
def part_privacy(name: str, players: int, args: argparse.Namespace, helpers: Any) -> None:
    policy = DEFAULT_POLICIES[name] if args.privacy_policy == "default" else args.privacy_policy
    compared = differ = 0
    k = 0
    while compared < args.privacy_positions and k < 20 * args.privacy_positions:
        k += 1
        seed, before, after = k, k % 7 * 3, 5 + k % 11 * 4
        g = helpers.true_game(name, players, seed, before, after)
        seat = g.current_player
        if seat is None or seat == CHANCE:
            continue
        twin = helpers.twin_table(g, seat)
        if twin is None:
            continue
        one = analyse(g, seat, policy=policy, rollouts=args.privacy_rollouts, seed=k, progress=False)
        two = analyse(twin, seat, policy=policy, rollouts=args.privacy_rollouts, seed=k, progress=False)
        compared += 1
        differ += [r for r in one] != [r for r in two]
    print(f"  privacy {differ} of {compared} twin positions give another analysis (goal 0; policy {policy}, "
          f"{args.privacy_rollouts} rollouts per action)")


# ------------------------------------------------------------------ 4. speed: first value, settling, allocation
def timed(g: Any, allocation: str, cut: float, pool: Executor, seed: int) -> tuple[float, float | None, Any]:
    """(seconds to the first value of every action, seconds to settle or None, the last analysis)."""
    t0 = time.perf_counter()
    first: float | None = None
    last = None
    for a in analyse_steps(g, seconds=cut, allocation=allocation, executor=pool, seed=seed, progress=False):
        if first is None:
            first = time.perf_counter() - t0
        last = a
    assert last is not None and first is not None
    return first, (last.seconds if last.settled else None), last


def settled_by_intervals(a: Any) -> bool:
    """The issue's settle rule read with intervals only: the best action's interval within ``a.precision`` and
    every other action's within it or wholly below the best's (the analysis's own rule also counts an action
    shown worse by its paired rollouts)."""
    best = a.best()
    return best.half_width <= a.precision and all(
        r.half_width <= a.precision or r.high < best.low or r.action == best.action for r in a)


def own_interval(value: float, precision: float, most: int) -> int:
    """The rollouts an action of value ``value`` needs for its own 95 % interval within ``precision``: about
    ``z² v (1 - v) / precision²`` (z = 1.96), at most ``most``."""
    return min(most, math.ceil(1.96 ** 2 * value * (1 - value) / precision ** 2))


def settle_floor(race: Any, precision: float, most: int) -> int:
    """The rollouts a settled ranking needs at the least: every action not shown worse than the best (nor exact)
    must have its own interval within ``precision`` (:func:`own_interval` at its value), whatever the
    allocation; the actions shown worse are counted as free."""
    return sum(own_interval(row.value, precision, most)
               for row in race if not row.exact and row.action not in race.worse)


def best_need(naive: Any, precision: float, most: int, pairing: float = 1.0) -> int:
    """About the rollouts knowing the best action up to ``precision`` needs (the stop ``until="best"``), taking
    the naive uniform's values ``v`` as true and ``pairing`` (:func:`part_pairing`'s median; 1: unrelated
    returns) as the variance of two actions' paired difference over the sum of theirs. Each other action,
    ``d`` below the best, is told apart the cheaper way: both intervals within ``precision``
    (:func:`own_interval` rollouts each), or shown close by the paired bound
    (``Z_PAIRED² pairing (v_a (1 - v_a) + v_b (1 - v_b)) / (precision + d)²`` rollouts of both); the best
    action is rolled out as often as its most demanding challenger asks. Each count at most ``most``.

    An estimate at those values, not a bound: a sequential stop on noisy gaps may spend less (racing's luck
    where a gap looks wider than it is), or more."""
    rows = [row for row in naive if not row.exact]
    if not rows:
        return 0
    best = max(rows, key=lambda row: row.value)
    best_own = own_interval(best.value, precision, most)
    spent, best_n = 0, 1
    for row in rows:
        if row is best:
            continue
        var = pairing * (row.value * (1 - row.value) + best.value * (1 - best.value))
        close = min(most, max(MIN_PAIRED, math.ceil(Z_PAIRED ** 2 * var / (precision + best.value - row.value) ** 2)))
        own = own_interval(row.value, precision, most)
        if close <= own:
            spent, best_n = spent + close, max(best_n, close)
        else:
            spent, best_n = spent + own, max(best_n, best_own)
    return spent + best_n


def part_pairing(name: str, players: int, args: argparse.Namespace, pool: Executor) -> float:
    """How much the common random numbers pair two actions' rollouts: at the same decisions as ``speed``,
    ``--pairing-rollouts`` rollouts of every action (one redeal, chance stream and bot stream per rollout for
    all, as the analysis plays them), and per action against the one of highest mean the variance of the
    paired differences over the sum of the two variances: 1 for unrelated returns, 0 for identical ones. The
    paired test of racing needs that ratio times the rollouts of an unpaired one. Returns the median (1.0
    when nothing was measured)."""
    ratios = []
    policy = DEFAULT_POLICIES[name]
    keys = [rollout_key(99, k) for k in range(args.pairing_rollouts)]
    chunks = [keys[i::args.workers] for i in range(args.workers)]
    for game_seed in range(args.games):
        for g in decisions_of(name, players, 1000 + game_seed, args.decisions):
            seat = g.current_player
            known = g.determinize(seat, random.Random(0))
            actions = g.legal_action_ids()
            futures = [pool.submit(play_rollouts, known, seat, actions, chunk, policy) for chunk in chunks]
            returns = [row for future in futures for row in future.result()[0]]
            columns = list(zip(*returns))
            best = max(range(len(actions)), key=lambda i: statistics.mean(columns[i]))
            best_var = statistics.variance(columns[best])
            for i, column in enumerate(columns):
                both = statistics.variance(column) + best_var
                if i != best and both > 0:
                    diffs = [x - y for x, y in zip(column, columns[best])]
                    ratios.append(statistics.variance(diffs) / both)
    if ratios:
        low, _, high = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else ratios * 3
        print(f"  pairing var(difference) / (var + var) against the best action: median {statistics.median(ratios):.2f}, "
              f"quartiles {low:.2f}-{high:.2f} over "
              f"{len(ratios)} actions, {args.pairing_rollouts} rollouts each (1: unrelated, 0: identical)")
    return statistics.median(ratios) if ratios else 1.0


def part_speed(name: str, players: int, args: argparse.Namespace, pool: Executor, pairing: float) -> None:
    cut = SETTLE_SECONDS[name]
    firsts, settle, literal = [], [], 0
    spent: dict[str, list[int]] = {k: [] for k in ("racing best", "uniform best", "racing settled", "uniform settled")}
    floor_n, best_need_n, same_best, same_settled, losses = [], [], 0, 0, []
    n = 0
    for game_seed in range(args.games):
        for g in decisions_of(name, players, 1000 + game_seed, args.decisions):
            first, settled, last = timed(g, "racing", cut, pool, seed=n)
            firsts.append(first)
            settle.append(settled)
            literal += settled is not None and settled_by_intervals(last)
            if "allocation" in args.parts:
                runs = {}
                for key in spent:
                    allocation, until = key.split()
                    runs[key] = analyse(g, rollouts=args.alloc_rollouts, precision=args.precision, executor=pool,
                                        seed=n, allocation=allocation, until=until, progress=False)
                    spent[key].append(runs[key].rollouts)
                naive = runs["uniform settled"]
                floor_n.append(settle_floor(runs["racing settled"], args.precision, args.alloc_rollouts))
                best_need_n.append(best_need(naive, args.precision, args.alloc_rollouts, pairing))
                same_best += runs["racing best"].best().action == naive.best().action
                same_settled += runs["racing settled"].best().action == naive.best().action
                losses.append(naive.best().value - naive[runs["racing best"].best().action].value)
            n += 1
    if not n:
        return
    done = [s for s in settle if s is not None]
    print(f"  first   value for every action: median {statistics.median(firsts):.2f} s, max {max(firsts):.2f} s, "
          f"{sum(f <= 1 for f in firsts)}/{n} within 1 s")
    print(f"  settle  ±5 points within {cut:.0f} s: {len(done)}/{n}"
          + (f", median {statistics.median(done):.1f} s" if done else "")
          + f"; of those, {literal}/{len(done)} also by intervals alone (every action not within ±5 points "
          f"wholly below the best, no paired test)")
    if spent["racing best"]:
        total = {k: sum(v) for k, v in spent.items()}
        naive = max(1, total["uniform settled"])
        print(f"  racing  to the best action: {total['racing best']} rollouts, {100 * total['racing best'] / naive:.0f} % "
              f"of the naive uniform allocation ({total['uniform settled']}, every action to ±{args.precision * 100:.0f} "
              f"points; goal <= 50 %) and {100 * total['racing best'] / max(1, total['uniform best']):.0f} % of uniform "
              f"with the same stop ({total['uniform best']}); at most {args.alloc_rollouts} per action")
        print(f"          need {sum(best_need_n)} ({100 * sum(best_need_n) / naive:.0f} % of the naive uniform): about what "
              f"knowing the best action up to ±{args.precision * 100:.0f} points takes at the naive uniform's values, "
              f"paired as measured ({pairing:.2f}; 1 without part pairing), an estimate, not a bound (best_need)")
        print(f"          same best action as the naive uniform {same_best}/{n}; racing's choice loses, by the naive "
              f"uniform's values, median {100 * statistics.median(losses):.1f} points, max {100 * max(losses):.1f}, "
              f"{sum(x >= args.precision for x in losses)}/{n} at {args.precision * 100:.0f} points or more")
        print(f"          per decision racing/naive uniform: "
              + " ".join(f"{r}/{u}" for r, u in zip(spent["racing best"], spent["uniform settled"])))
        print(f"  settled ranking: racing {total['racing settled']} rollouts, {100 * total['racing settled'] / naive:.0f} % "
              f"of uniform; same best action {same_settled}/{n}; floor {sum(floor_n)} "
              f"({100 * sum(floor_n) / naive:.0f} %): what any allocation needs to bring the actions racing could not "
              f"show worse within ±{args.precision * 100:.0f} points, each at its value (z² v(1-v) / precision², at "
              f"most {args.alloc_rollouts})")


# ------------------------------------------------------------------ 5. review time
REVIEW_GOALS = {"emerald": (3, 60.0), "drachenland": (4, 600.0)}  # game -> (players, goal in seconds)


def part_review(name: str, args: argparse.Namespace, pool: Executor) -> None:
    players, goal = REVIEW_GOALS[name]
    g = dragonwidgets.new_game(name, players=players, seed=5)
    bots = [dragonwidgets.make_bot(name, DEFAULT_POLICIES[name]) for _ in range(players)]
    rng = random.Random(5)
    while not g.is_over:
        g.apply(bot_move(g, bots[g.current_player], rng))
    if args.review_decisions:
        decided = [i for i in range(g.step) if g.entry(i).action.player != CHANCE]
        if len(decided) > args.review_decisions:
            g.goto(decided[args.review_decisions])
    t0 = time.perf_counter()
    r = g.review(rollouts=args.review_rollouts, executor=pool, progress=False)
    seconds = time.perf_counter() - t0
    marks = {m: sum(s.mark == m for s in r) for m in ("inaccuracy", "mistake", "blunder")}
    print(f"  review  {players}-player {name}, {len(r)} decisions (step {g.step}): {seconds:.1f} s (goal {goal:.0f} s "
          f"for a whole game), {args.review_rollouts} rollouts per action at most; marks {marks}; "
          f"load average {os.getloadavg()[0]:.1f}")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games-list", nargs="+", default=list(GAMES), choices=list(GAMES))
    p.add_argument("--parts", nargs="+", default=["cost", "honesty", "privacy", "pairing", "speed", "allocation", "review"])
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--cost-rollouts", type=int, default=3)
    p.add_argument("--honesty-decisions", type=int, default=1)
    p.add_argument("--rollouts", type=int, default=8, help="rollouts per action of the analysis checked for honesty")
    p.add_argument("--privacy-positions", type=int, default=5)
    p.add_argument("--privacy-rollouts", type=int, default=2)
    p.add_argument("--privacy-policy", default="random")
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--decisions", type=int, default=1)
    p.add_argument("--pairing-rollouts", type=int, default=100)
    p.add_argument("--alloc-rollouts", type=int, default=60)
    p.add_argument("--precision", type=float, default=0.1)
    p.add_argument("--review-rollouts", type=int, default=20)
    p.add_argument("--review-decisions", type=int, default=6)
    p.add_argument("--full", action="store_true", help="the goal's sizes: 200 honesty decisions, 500 privacy "
                   "positions, 50 decisions of 20 games, a whole game reviewed")
    args = p.parse_args()
    if args.full:
        args.honesty_decisions, args.privacy_positions, args.games, args.decisions = 200, 500, 20, 50
        args.review_decisions, args.cost_rollouts, args.rollouts = 0, 20, 20
        args.alloc_rollouts, args.precision, args.review_rollouts = 400, 0.05, 100
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; pool of {args.workers} workers")
    helpers = load_privacy_helpers() if "privacy" in args.parts else None
    with ProcessPoolExecutor(args.workers) as pool:
        for name in args.games_list:
            players = GAMES[name]
            print(f"{name} ({players} players, default policy {DEFAULT_POLICIES[name]})", flush=True)
            if "cost" in args.parts:
                part_cost(name, players, args)
            if "honesty" in args.parts:
                part_honesty(name, players, args, pool)
            if "privacy" in args.parts:
                part_privacy(name, players, args, helpers)
            pairing = part_pairing(name, players, args, pool) if "pairing" in args.parts else 1.0
            if "speed" in args.parts:
                part_speed(name, players, args, pool, pairing)
            if "review" in args.parts and name in REVIEW_GOALS:
                part_review(name, args, pool)
            sys.stdout.flush()


if __name__ == "__main__":
    main()
