"""Draghan's balance: the planner team's win rate for 2, 3 and 4 characters, each with its 95 % interval.

Every seat is the ``planner`` bot (dragonwidgets.games.draghan.bots.PlannerBot); the games use seeds
``--seed`` .. ``--seed + --games - 1`` with the default options (characters chosen by the bot, first
player drawn, 28 coins). The aim of the tuning (data/BALANCE.md) is 25-75 % for every team size.

    python benchmarks/draghan_balance.py [--games 2000] [--seed 0] [--processes 2] [--travel-at 3]
                                         [--characters 2 3 4] [--decks path.json] [--bot planner]
                                         [--save]

``--save`` writes the figures to dragonwidgets/games/draghan/data/balance.json, which the notebook shows
as the stored full-size measure (``dragonwidgets.games.draghan.balance.stored()``).

It prints figures and never asserts a rate.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dragonwidgets.games.draghan import balance  # noqa: E402
from dragonwidgets.games.draghan.cards import BUNDLED_DECKS  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2000, help="games per team size (default 2000)")
    ap.add_argument("--seed", type=int, default=0, help="first seed")
    ap.add_argument("--processes", type=int, default=os.cpu_count() or 1, help="worker processes")
    ap.add_argument("--travel-at", type=int, default=3, choices=(1, 2, 3), help="portal the team travels at")
    ap.add_argument("--characters", type=int, nargs="+", default=[2, 3, 4], help="team sizes")
    ap.add_argument("--decks", default=None, help="a decks file instead of the bundled data/decks.json")
    ap.add_argument("--bot", default="planner", choices=("planner", "random"))
    ap.add_argument("--save", action="store_true", help="store the figures in data/balance.json")
    args = ap.parse_args(argv)

    decks = Path(args.decks or BUNDLED_DECKS)
    digest = balance.cards_digest(decks)
    print(f"Draghan balance: {args.bot} team, {args.games} games per team size, seeds {args.seed}.., "
          f"travel at portal {args.travel_at}, decks {decks.name} (cards sha256 {digest}), "
          f"{args.processes} process(es), Python {platform.python_version()}")
    t0 = time.perf_counter()
    rates = balance.win_rates(args.characters, args.games, args.seed, bot=args.bot, travel_at=args.travel_at,
                              decks_file=args.decks, processes=args.processes)
    print(balance.table(rates))
    for n, r in rates.items():
        print(f"{n} characters: {r['seconds_per_game'] * 1000:.1f} ms per game (wall, {args.processes} process(es))")
    print(f"total {time.perf_counter() - t0:.0f} s")
    if args.save:
        data = {"games": args.games, "seed": args.seed, "travel_at": args.travel_at, "bot": args.bot,
                "decks": f"{decks.name} cards sha256 {digest}", "rates": {str(n): r for n, r in rates.items()}}
        balance.STORED.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"saved to {balance.STORED}")


if __name__ == "__main__":
    main()
