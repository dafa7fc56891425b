"""How often the planner team wins, and whether a single card decides it: the balance of the decks (DG-REC-8).

The digest's decks are reconstructions, so their balance is measured here, with the project's own engine
and :class:`~.bots.PlannerBot` on every seat: ``games`` games per team size, seeds ``seed``,
``seed + 1``, ... (the same seed for the game and for the bots' generator), default options (characters
chosen by the planner, first player drawn, 28 coins); the planner travels at the first portal.
``data/BALANCE.md`` records the tuning; :func:`stored` returns the full-size figures saved by
``benchmarks/draghan_balance.py --save`` and :func:`problems` says which of the tuning's aims they miss.

The aims (:data:`BAND`, :data:`MAX_SHIFT`, :data:`MIN_SKILL_GAP`), for 2, 3 and 4 characters:

- the planner team wins 25-75 % of its games, the whole 95 % Wilson interval of at least
  :data:`MIN_GAMES` games inside that band;
- no single card decides the game: for every card, the team's win rate over the games in which that card
  stood *beside the dragon* (:func:`play_record`) differs by at most 25 points from the win rate it is
  compared with: the team's win rate over all games for a card of the Shadow encounter deck, and for a
  Draghan monster (it can stand there only after fleeing into the Shadow deck because the team did not
  defeat it, DG-RESULT-4) the win rate over the games in which some fled Draghan monster stood beside the
  dragon, since having lost such a fight is itself part of how the card got there (:func:`card_shifts`
  gives both). A card that stood there in fewer than :data:`MIN_BESIDE` games is reported with its count
  but not judged: its rate is too uncertain (one game moves it by 2 points or more), and it touches at
  most 2.5 % of the games;
- skill matters: the planner team wins at least 20 points more often than a team of random players.

>>> rates = win_rates(characters=(2,), games=4, seed=1)
>>> sorted(rates[2])
['beside', 'dragons', 'fled', 'fled_cards', 'games', 'high', 'low', 'rate', 'seconds_per_game', 'wins']
"""

from __future__ import annotations

import hashlib
import json
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, Iterable

from dragonwidgets.engine.bots import bot_move

from .bots import PlannerBot, RandomBot
from .cards import BUNDLED_DECKS
from .game import DraghanGame
from .state import DECLARE_TARGET

#: Where ``benchmarks/draghan_balance.py --save`` keeps the full-size figures.
STORED = Path(__file__).with_name("data") / "balance.json"
Z95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval
#: The win rates the tuning aims at, for every team size (the whole 95 % interval inside).
BAND = (0.25, 0.75)
#: At most this far may the win rate with a card beside the dragon lie from the overall win rate.
MAX_SHIFT = 0.25
#: A card is judged once it stood beside the dragon in at least this many games.
MIN_BESIDE = 50
#: The planner team beats a random team by at least this much, at every size.
MIN_SKILL_GAP = 0.20
#: The games per team size behind the stored figures.
MIN_GAMES = 2000
SIZES = (2, 3, 4)


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval of a win rate ``wins / games`` (95 % by default).

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


# ---------------------------------------------------------------------------- one game

def play_game(characters: int, seed: int, bot: str = "planner", travel_at: int = 1,
              decks_file: str | None = None, **options: Any) -> str:
    """Play one game with ``bot`` ("planner" or "random") on every seat; return "won" or "lost"."""
    return play_record(characters, seed, bot, travel_at, decks_file, **options)["result"]


def play_record(characters: int, seed: int, bot: str = "planner", travel_at: int = 1,
                decks_file: str | None = None, **options: Any) -> dict[str, Any]:
    """Play one game as :func:`play_game` does; return what the balance checks need of it.

    Keys: ``result`` ("won" or "lost"), ``dragon`` (the large dragon drawn, or ``None`` when the dragon
    card never came up), ``beside`` (the sorted ids of the cards that stood *beside the dragon*) and
    ``fled`` (those of them that came from the Draghan encounter deck: monsters that fled, DG-RESULT-4).

    A card stands beside the dragon when it lies on the table with the dragon card while the team
    declares a fight (DG-FIGHT-1, DG-DRAGON-2..5): in the round the dragon appears or in a later one,
    revealed that round or kept on the table from an earlier one (DG-DRAGON-3/4). Such a monster protects
    the dragon: the dragon is tested only if every one of them is defeated in the same round
    (DG-DRAGON-5). Only monsters lie on the table; equipment revealed in those rounds does not
    (DG-EXPLORE-3). A Draghan monster that fled into the Shadow deck (DG-RESULT-4) counts like any other.

    >>> rec = play_record(2, 3)
    >>> sorted(rec), rec["result"] in ("won", "lost"), set(rec["fled"]) <= set(rec["beside"])
    (['beside', 'dragon', 'fled', 'result'], True, True)
    """
    if decks_file:
        options["decks_file"] = decks_file
    game = DraghanGame(players=characters, seed=seed, **options)
    player = PlannerBot(travel_at=travel_at, decks_file=decks_file,
                        assist_alone=options.get("assist_alone", False)) if bot == "planner" else RandomBot()
    bots, rng = [player] * characters, random.Random(seed)
    dragon_card = next(c for c in game.decks.encounter_shadow if game.decks.card(c).kind == "dragon_card")
    beside: set[str] = set()
    while not game.is_over:
        if game.is_chance_node:
            game.resolve_chance()
            continue
        state = game.state
        if state.phase == DECLARE_TARGET and dragon_card in state.table:
            beside.update(state.table)
        seat = game.current_player
        assert seat is not None  # the game goes on, and a seat decides (not chance)
        game.apply(bot_move(game, bots[seat], rng))
    beside.discard(dragon_card)
    fled = [c for c in sorted(beside) if game.decks.card(c).deck == "encounter_draghan"]
    return {"result": game.state.result, "dragon": game.state.dragon, "beside": sorted(beside), "fled": fled}


def _play_many(job: tuple[int, list[int], dict[str, Any]]) -> list[dict[str, Any]]:
    characters, seeds, kwargs = job
    return [play_record(characters, s, **kwargs) for s in seeds]


# ---------------------------------------------------------------------------- many games

def win_rates(characters: Iterable[int] = SIZES, games: int = 200, seed: int = 0, *, bot: str = "planner",
              travel_at: int = 1, decks_file: str | None = None, processes: int = 1,
              **options: Any) -> dict[int, dict[str, Any]]:
    """Return the team's win rate per team size, with the games of every card beside the dragon.

    ``{characters: {games, wins, rate, low, high, seconds_per_game, beside, dragons, fled, fled_cards}}``:
    ``low`` and ``high`` bound the 95 % Wilson interval; ``seconds_per_game`` is wall time / games;
    ``beside`` maps each card that ever stood beside the dragon to ``[games, wins]`` over the games it did
    (:func:`play_record`), ``dragons`` each large dragon drawn to ``[games, wins]``, ``fled`` is
    ``[games, wins]`` over the games in which some fled Draghan monster stood beside the dragon and
    ``fled_cards`` lists those monsters (see :func:`summary`).

    Args:
        characters: the team sizes (2..4) to measure.
        games: games per team size (the balance figures use at least 2,000).
        seed: the first seed; game ``i`` uses ``seed + i`` for the deal and for the bots.
        bot: "planner" (default) or "random" on every seat.
        travel_at: the portal the planner travels at (1, 2 or 3; the planner's own default is 1).
        decks_file: a decks file to measure instead of the bundled one (the game and the bot both read it).
        processes: worker processes (1: play here).
        options: further game options (``unlimited_coins=True``, ...).

    A planner game takes about 10 ms (2 characters), 30 ms (3) and 100-300 ms (4) on one core of a
    laptop-class machine, so ``games=200`` for all three sizes takes about a minute on one core.
    """
    kwargs = dict(options, bot=bot, travel_at=travel_at, decks_file=decks_file)
    out: dict[int, dict[str, Any]] = {}
    for n in characters:
        seeds = list(range(seed, seed + games))
        t0 = time.perf_counter()
        if processes > 1:
            chunks = [seeds[i::processes * 4] for i in range(processes * 4)]
            with ProcessPoolExecutor(processes) as pool:
                records = [r for part in pool.map(_play_many, [(n, c, kwargs) for c in chunks if c]) for r in part]
        else:
            records = _play_many((n, seeds, kwargs))
        elapsed = time.perf_counter() - t0
        out[n] = summary(records)
        out[n]["seconds_per_game"] = elapsed / games if games else 0.0
    return out


def summary(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Return the win rate of some :func:`play_record` games with its interval, ``beside``, ``dragons``,
    ``fled`` and ``fled_cards`` (see :func:`win_rates`).

    >>> s = summary([{"result": "won", "dragon": "G1", "beside": ["D23", "S02"], "fled": ["D23"]},
    ...              {"result": "lost", "dragon": None, "beside": [], "fled": []}])
    >>> s["rate"], s["beside"], s["dragons"], s["fled"], s["fled_cards"]
    (0.5, {'D23': [1, 1], 'S02': [1, 1]}, {'G1': [1, 1]}, [1, 1], ['D23'])
    """
    games = len(records)
    wins = sum(r["result"] == "won" for r in records)
    low, high = wilson(wins, games)
    beside: dict[str, list[int]] = {}
    dragons: dict[str, list[int]] = {}
    fled, fled_cards = [0, 0], set()
    for r in records:
        won = int(r["result"] == "won")
        if r["fled"]:
            fled[0] += 1
            fled[1] += won
            fled_cards.update(r["fled"])
        for card in r["beside"]:
            beside.setdefault(card, [0, 0])
            beside[card][0] += 1
            beside[card][1] += won
        if r["dragon"]:
            dragons.setdefault(r["dragon"], [0, 0])
            dragons[r["dragon"]][0] += 1
            dragons[r["dragon"]][1] += won
    return {"games": games, "wins": wins, "rate": wins / games if games else 0.0, "low": low, "high": high,
            "beside": dict(sorted(beside.items())), "dragons": dict(sorted(dragons.items())), "fled": fled,
            "fled_cards": sorted(fled_cards)}


# ---------------------------------------------------------------------------- the checks

def card_shifts(entry: dict[str, Any], key: str = "beside") -> list[dict[str, Any]]:
    """Return, for every card of ``entry[key]`` (one team size of :func:`win_rates`), how far the win rate
    with it lies from the rate it is compared with, largest shift first.

    Each row: ``card``, ``games`` (games it stood beside the dragon), ``wins``, ``rate``, ``fled`` (a Draghan
    monster that fled into the Shadow deck), ``baseline`` (the overall rate, or for a fled monster the rate of the games in which some fled Draghan monster
    stood beside the dragon), ``shift`` (``rate`` minus ``baseline``), ``overall_shift`` (``rate`` minus the
    overall rate) and ``judged`` (``games >= MIN_BESIDE``).

    >>> entry = {"rate": 0.5, "beside": {"S02": [80, 20], "S05": [10, 0], "D23": [60, 12]},
    ...          "fled": [100, 30], "fled_cards": ["D23"]}
    >>> [(r["card"], round(r["shift"], 2), round(r["overall_shift"], 2), r["judged"]) for r in card_shifts(entry)]
    [('S05', -0.5, -0.5, False), ('S02', -0.25, -0.25, True), ('D23', -0.1, -0.3, True)]
    """
    fled_games, fled_wins = entry.get("fled", (0, 0))
    fled_rate = fled_wins / fled_games if fled_games else entry["rate"]
    fled_cards = set(entry.get("fled_cards", ())) if key == "beside" else set()
    rows = []
    for card, (games, wins) in entry.get(key, {}).items():
        rate = wins / games if games else 0.0
        baseline = fled_rate if card in fled_cards else entry["rate"]
        rows.append({"card": card, "games": games, "wins": wins, "rate": rate, "fled": card in fled_cards,
                     "baseline": baseline, "shift": rate - baseline, "overall_shift": rate - entry["rate"],
                     "judged": games >= MIN_BESIDE})
    return sorted(rows, key=lambda r: (-abs(r["shift"]), r["card"]))


def worst_shift(entry: dict[str, Any]) -> dict[str, Any] | None:
    """Return the :func:`card_shifts` row of the judged card furthest from the overall rate (``None``: none judged)."""
    return next((r for r in card_shifts(entry) if r["judged"]), None)


def problems(figures: dict[str, Any], digest: str | None = None) -> list[str]:
    """Return which aims of the tuning stored figures (:func:`stored`) miss; ``[]`` when they meet them all.

    Checked for every team size of :data:`SIZES`: the games (at least :data:`MIN_GAMES`), the 95 % interval
    inside :data:`BAND`, every judged card within :data:`MAX_SHIFT` of the overall rate, and the planner
    at least :data:`MIN_SKILL_GAP` above the random team. With ``digest`` (:func:`cards_digest`), also that
    the figures measured those very cards.

    >>> problems({"rates": {}, "random": {}, "decks": "x"})[0]
    'no figures for 2 characters'
    """
    out = []
    if digest is not None and not figures.get("decks", "").endswith(digest):
        out.append(f"the figures measured other cards ({figures.get('decks')!r}, the data is {digest})")
    for n in SIZES:
        r, rnd = figures.get("rates", {}).get(str(n)), figures.get("random", {}).get(str(n))
        if r is None or rnd is None:
            out.append(f"no figures for {n} characters")
            continue
        if r["games"] < MIN_GAMES or rnd["games"] < MIN_GAMES:
            out.append(f"{n} characters: {r['games']} planner and {rnd['games']} random games, fewer than {MIN_GAMES}")
        if not BAND[0] <= r["low"] <= r["high"] <= BAND[1]:
            out.append(f"{n} characters: the interval {r['low']:.1%}-{r['high']:.1%} leaves {BAND[0]:.0%}-{BAND[1]:.0%}")
        worst = worst_shift(r)
        if worst and abs(worst["shift"]) > MAX_SHIFT:
            against = "with a fled monster beside it" if worst["fled"] else "overall"
            out.append(f"{n} characters: with {worst['card']} beside the dragon the team wins {worst['rate']:.1%} "
                       f"against {worst['baseline']:.1%} {against} ({worst['games']} games)")
        if r["rate"] - rnd["rate"] < MIN_SKILL_GAP:
            out.append(f"{n} characters: the planner wins {r['rate']:.1%}, a random team {rnd['rate']:.1%}")
    return out


# ---------------------------------------------------------------------------- stored figures and tables

def cards_digest(decks_file: str | Path | None = None) -> str:
    """Return a short SHA-256 of a decks file's cards (its ``decks`` field; the header text does not count).

    :func:`stored` figures name the digest of the data they measured, so a notebook can tell whether they
    still describe the bundled decks: ``stored()["decks"].endswith(cards_digest())``.
    """
    data = json.loads(Path(decks_file or BUNDLED_DECKS).read_text(encoding="utf-8"))
    return hashlib.sha256(json.dumps(data["decks"], sort_keys=True).encode()).hexdigest()[:12]


def stored() -> dict[str, Any]:
    """Return the full-size figures saved by ``benchmarks/draghan_balance.py --save`` (``{}`` if none).

    Keys: ``games``, ``seed``, ``travel_at``, ``bot``, ``decks`` (the file and :func:`cards_digest` of the data
    measured), ``rates`` (the planner team, ``{"2": {games, wins, rate, low, high, seconds_per_game, beside,
    dragons}, ...}``, see :func:`win_rates`) and ``random`` (a random team, the same keys).

    >>> full = stored()
    >>> full["games"] >= MIN_GAMES and full["decks"].endswith(cards_digest()) and problems(full) == []
    True
    >>> sorted(full["rates"]), sorted(full["random"])
    (['2', '3', '4'], ['2', '3', '4'])
    """
    if not STORED.exists():
        return {}
    return json.loads(STORED.read_text(encoding="utf-8"))


def table(rates: dict[Any, dict[str, Any]]) -> str:
    """Return ``rates`` as a small markdown table (team size, games, wins, rate, 95 % interval).

    >>> print(table({2: {"games": 100, "wins": 50, "rate": 0.5, "low": 0.404, "high": 0.596}}))
    | characters | games | wins | win rate | 95 % interval |
    |---|---|---|---|---|
    | 2 | 100 | 50 | 50.0 % | 40.4–59.6 % |
    """
    lines = ["| characters | games | wins | win rate | 95 % interval |", "|---|---|---|---|---|"]
    for n, r in sorted(rates.items(), key=lambda kv: int(kv[0])):
        lines.append(f"| {n} | {r['games']} | {r['wins']} | {100 * r['rate']:.1f} % | "
                     f"{100 * r['low']:.1f}–{100 * r['high']:.1f} % |")
    return "\n".join(lines)


def card_table(rates: dict[Any, dict[str, Any]], names: dict[str, str] | None = None, key: str = "beside") -> str:
    """Return, as markdown, every card's games beside the dragon and win rate per team size, with its shift
    from the rate it is compared with (:func:`card_shifts`), in points.

    A fled Draghan monster's shift is followed by its shift from the overall rate; a card that stood there
    in fewer than MIN_BESIDE games has its shift in square brackets (not judged). ``key="dragons"`` gives the
    same for the large dragon drawn. Cards come in id order.

    >>> entry = {"rate": 0.5, "beside": {"S02": [80, 20], "S05": [10, 0], "D23": [60, 12]},
    ...          "fled": [100, 30], "fled_cards": ["D23"]}
    >>> print(card_table({2: entry}, {"S02": "Knight"}))
    | card | 2: games | 2: wins | 2: shift |
    |---|---|---|---|
    | D23 | 60 | 20.0 % | -10.0 (overall -30.0) |
    | S02 Knight | 80 | 25.0 % | -25.0 |
    | S05 | 10 | 0.0 % | [-50.0] |
    """
    sizes = sorted(rates, key=int)
    cards = sorted({c for n in sizes for c in rates[n].get(key, {})})
    head = "| card | " + " | ".join(f"{n}: games | {n}: wins | {n}: shift" for n in sizes) + " |"
    lines = [head, "|" + "---|" * (1 + 3 * len(sizes))]
    for c in cards:
        cells = []
        for n in sizes:
            row = next((r for r in card_shifts(rates[n], key) if r["card"] == c), None)
            if row is None:
                cells += ["0", "–", "–"]
                continue
            shift = f"{100 * row['shift']:+.1f}"
            if row["fled"]:
                shift += f" (overall {100 * row['overall_shift']:+.1f})"
            cells += [str(row["games"]), f"{100 * row['rate']:.1f} %", shift if row["judged"] else f"[{shift}]"]
        label = f"{c} {names[c]}" if names and c in names else c
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)
