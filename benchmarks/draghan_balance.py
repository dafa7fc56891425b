"""Draghan's balance: the planner team's win rate for 2, 3 and 4 characters, each with its 95 % interval, the
win rate with each card beside the dragon, and a random team's win rate beside the planner's.

Every seat is the ``planner`` bot (dragonwidgets.games.draghan.bots.PlannerBot, travelling at the first
portal unless --travel-at says otherwise); the games use seeds
``--seed`` .. ``--seed + --games - 1`` with the default options (characters chosen by the bot, first
player drawn, 28 coins). The aims of the tuning (data/BALANCE.md, dragonwidgets.games.draghan.balance):
25-75 % for every team size; no card beside the dragon moves the win rate by more than 25 points (a fled
Draghan monster compared with the games in which a fled monster stood beside the dragon; cards seen there
in fewer than 50 games are listed in square brackets, not judged); the planner at least 20 points above a
random team.

    python benchmarks/draghan_balance.py [--games 2000] [--seed 0] [--processes 2] [--travel-at 1]
                                         [--characters 2 3 4] [--decks path.json] [--random-games N]
                                         [--save]

``--save`` writes the figures to dragonwidgets/games/draghan/data/balance.json, which the notebook shows
as the stored full-size measure and the tests check (``dragonwidgets.games.draghan.balance.stored()``).

It prints figures and never asserts a rate.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dragonwidgets.games.draghan import balance  # noqa: E402
from dragonwidgets.games.draghan.cards import BUNDLED_DECKS, load_decks  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2000, help="planner games per team size (default 2000)")
    ap.add_argument("--random-games", type=int, default=None, help="random-team games per size (default: --games)")
    ap.add_argument("--seed", type=int, default=0, help="first seed")
    ap.add_argument("--processes", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--travel-at", type=int, default=1, choices=(1, 2, 3),
                    help="portal the planner team travels at (default 1, the planner's own)")
    ap.add_argument("--characters", type=int, nargs="+", default=list(balance.SIZES), help="team sizes")
    ap.add_argument("--decks", default=None, help="a decks file instead of the bundled data/decks.json")
    ap.add_argument("--save", action="store_true", help="store the figures in data/balance.json")
    args = ap.parse_args(argv)
    random_games = args.games if args.random_games is None else args.random_games

    decks = Path(args.decks or BUNDLED_DECKS)
    digest = balance.cards_digest(decks)
    names = {cid: card.name for cid, card in load_decks(args.decks).cards.items()}
    print(f"Draghan balance: {args.games} planner and {random_games} random games per team size, seeds "
          f"{args.seed}.., travel at portal {args.travel_at}, decks {decks.name} (cards sha256 {digest}), "
          f"{args.processes} process(es), Python {platform.python_version()}")
    t0 = time.perf_counter()
    kw = dict(travel_at=args.travel_at, decks_file=args.decks, processes=args.processes)
    rates = balance.win_rates(args.characters, args.games, args.seed, **kw)
    randoms = balance.win_rates(args.characters, random_games, args.seed, bot="random", **kw)

    print("\nPlanner team:\n" + balance.table(rates))
    print("\nRandom team:\n" + balance.table(randoms))
    print("\n| characters | planner | random | gap (points) |\n|---|---|---|---|")
    for n in args.characters:
        print(f"| {n} | {100 * rates[n]['rate']:.1f} % | {100 * randoms[n]['rate']:.1f} % | "
              f"{100 * (rates[n]['rate'] - randoms[n]['rate']):.1f} |")
    print(f"\nEach card beside the dragon (planner team): games, win rate in those games, shift in points from the "
          f"overall rate (for a fled Draghan monster: from the games with a fled monster beside the dragon, then "
          f"from the overall rate; in square brackets: fewer than {balance.MIN_BESIDE} games, not judged):\n"
          + balance.card_table(rates, names))
    print("\n| characters | games with a fled monster beside the dragon | win rate there | overall |\n|---|---|---|---|")
    for n in args.characters:
        games, wins = rates[n]["fled"]
        print(f"| {n} | {games} | {100 * wins / max(games, 1):.1f} % | {100 * rates[n]['rate']:.1f} % |")
    print("\nThe large dragon drawn:\n" + balance.card_table(rates, names, key="dragons"))
    print("\n| characters | worst judged card | games | win rate there | compared with | shift |\n"
          "|---|---|---|---|---|---|")
    for n in args.characters:
        w = balance.worst_shift(rates[n])
        if w:
            print(f"| {n} | {w['card']} {names[w['card']]} | {w['games']} | {100 * w['rate']:.1f} % | "
                  f"{100 * w['baseline']:.1f} % ({'fled' if w['fled'] else 'overall'}) | {100 * w['shift']:+.1f} |")
    for n in args.characters:
        print(f"{n} characters: {rates[n]['seconds_per_game'] * 1000:.1f} ms per planner game, "
              f"{randoms[n]['seconds_per_game'] * 1000:.1f} ms per random game (wall, {args.processes} process(es))")
    data = {"games": args.games, "seed": args.seed, "travel_at": args.travel_at, "bot": "planner",
            "decks": f"{decks.name} cards sha256 {digest}", "rates": {str(n): r for n, r in rates.items()},
            "random": {str(n): {k: v for k, v in r.items() if k not in ("beside", "dragons")}
                       for n, r in randoms.items()}}
    missed = balance.problems(data)
    print("\nAims met." if not missed else "\nAims missed:\n- " + "\n- ".join(missed))
    print(f"total {time.perf_counter() - t0:.0f} s")
    if args.save:
        balance.STORED.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"saved to {balance.STORED}")


if __name__ == "__main__":
    main()
