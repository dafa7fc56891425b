"""Chance numbers and keyed shuffles: hashes of ``(seed, step)``, and records saved when they came from a Mersenne Twister.

Until chance numbers were hashed (:func:`~dragonwidgets.engine.chance.chance_number`), each chance node
seeded a new Mersenne Twister. ``records_before_hashed_chance.json`` holds one full 2-player game of each
game saved then. A record stores every chance outcome, so those records must still replay to the final
digest they carry, and write the same record again.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import dragonwidgets
from dragonwidgets.engine.chance import chance_number, keyed_shuffle

RECORDS = json.loads(Path(__file__).with_name("records_before_hashed_chance.json").read_text(encoding="utf-8"))["records"]


@pytest.mark.parametrize("name", sorted(RECORDS))
def test_records_saved_before_hashed_chance_replay_exactly(name):
    record = RECORDS[name]
    assert sum(entry["auto"] for entry in record["actions"]) >= 1  # it holds drawn chance outcomes
    game = dragonwidgets.from_record(record)  # RecordError if a single outcome or the end came out otherwise
    assert game.is_over and game.step == len(record["actions"])
    again = game.to_record()
    newer = {k: v for k, v in again["options"].items() if k not in record["options"]}
    assert newer == {k: game.option_defaults[k] for k in newer}  # options added since (pick_draws): at their defaults
    again["options"] = {k: again["options"][k] for k in record["options"]}
    assert {key: again[key] for key in record} == record  # (a record of then may lack the newer "data" key)


@pytest.mark.parametrize("name", ["chasse_au_dragon", "drachenland", "emerald"])
def test_a_fresh_game_of_the_same_seed_draws_from_the_hash(name):
    """Playing the recorded decisions on a fresh game of the same seed (auto chance) draws the hashed
    numbers: its entries equal the record's up to a chance outcome drawn otherwise, and part there."""
    record = RECORDS[name]
    game = dragonwidgets.new_game(name, players=record["players"], seed=record["seed"], **record["options"])
    for entry in record["actions"]:
        if entry["auto"]:
            continue  # drawn by the game itself
        if entry["id"] not in game.legal_action_ids():
            break  # parted already: the drawn outcomes allow other decisions
        game.apply(entry["id"])
    pairs = list(zip(game.to_record()["actions"], record["actions"]))
    parted = [i for i, (ours, theirs) in enumerate(pairs) if ours != theirs]
    assert parted, "every drawn outcome matched the Mersenne Twister's: the chance numbers did not change"
    first = parted[0]
    assert pairs[first][0]["auto"] and pairs[first][1]["auto"]  # the same table up to there, a chance node


def test_chance_number_is_uniform_and_depends_on_the_key_only():
    """The same key gives the same number; neighbouring keys (the steps of one game, the seeds of a study)
    give numbers spread evenly over [0, 1) with no correlation from one step to the next."""
    keys = [(seed << 32) + step for seed in range(40) for step in range(1, 251)]
    xs = [chance_number(k) for k in keys]
    assert xs == [chance_number(k) for k in keys]
    assert all(0.0 <= x < 1.0 for x in xs)
    counts = [0] * 10
    for x in xs:
        counts[int(x * 10)] += 1
    expected = len(xs) / 10
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert chi2 < 27.9, counts  # 9 degrees of freedom: p = 0.001
    mean = sum(xs) / len(xs)
    lag1 = sum((a - mean) * (b - mean) for a, b in zip(xs, xs[1:])) / (len(xs) - 1) / (1 / 12)
    assert abs(lag1) < 0.05
    assert chance_number(2**130) != chance_number(2**130 + 1)  # keys past 16 bytes still differ


def test_keyed_shuffle_is_a_permutation_fixed_by_the_key():
    deck = [f"S{i:02}" for i in range(13)]
    orders = []
    for key in range(200):
        x = list(deck)
        keyed_shuffle(x, key)
        again = list(deck)
        keyed_shuffle(again, key)
        assert x == again and sorted(x) == deck
        orders.append(tuple(x))
    assert len(set(orders)) == 200  # 13! orders: 200 keys give 200 different ones
    for short in ([], ["a"]):
        keyed_shuffle(short, 5)
    assert short == ["a"]
    x = list(deck)
    keyed_shuffle(x, 2**140)  # a key past 16 bytes
    assert sorted(x) == deck


def test_keyed_shuffle_gives_every_order_alike():
    """Every one of the 24 orders of 4 cards comes up as often as the others over 12,000 keys (the steps of
    a game and the seeds of a study), and each card lands on each place of a 13-card deck alike."""
    counts: dict[tuple[str, ...], int] = {}
    keys = [(seed << 32) + (1 << 30) + step for seed in range(60) for step in range(200)]
    for key in keys:
        x = ["a", "b", "c", "d"]
        keyed_shuffle(x, key)
        counts[tuple(x)] = counts.get(tuple(x), 0) + 1
    assert len(counts) == 24
    expected = len(keys) / 24
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    assert chi2 < 49.7, counts  # 23 degrees of freedom: p = 0.001
    places = [0] * 13
    for key in keys[:6500]:
        x = list(range(13))
        keyed_shuffle(x, key)
        places[x.index(0)] += 1
    expected = 6500 / 13
    assert sum((c - expected) ** 2 / expected for c in places) < 32.9, places  # 12 degrees of freedom

