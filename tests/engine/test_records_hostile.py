"""Hostile records and positions (issue 27, item 8): a clear error, at once, nothing created.

- A record without ``final`` is refused: every record this package ever wrote carries it, so a record
  without it was cut, and its replay cannot be checked.
- A record that starts from a position carries its chance stream in its final digest: the seed (and the
  position's place in the chance stream) decide its future although the table does not show them.
- Arrays and objects nested thousands deep in a record or a position are refused before anything
  recursive runs (``repr``, ``json.dumps``), naming the limit.
- ``NaN`` or an infinite number in a position is refused naming the field's path.
"""

from __future__ import annotations

import json
import math
import random
import time

import pytest

import dragonwidgets
from dragonwidgets import PositionError, RecordError
from dragonwidgets.engine.data import MAX_DEPTH


def _played(game, n, seed=1):
    rng = random.Random(seed)
    for _ in range(n):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def _record_from_a_position():
    """An Emerald record that starts from a position reached by play (a whole table, chance stream included)."""
    source = _played(dragonwidgets.new_game("emerald", players=3, seed=7), 12)
    game = _played(dragonwidgets.new_game("emerald", position=source.position()), 8, seed=2)
    return game, json.loads(json.dumps(game.to_record()))


def _deep(n):
    value: list = []
    for _ in range(n):
        value = [value]
    return value


def test_item8_a_record_without_final_is_refused():
    """Deleting ``final`` no longer switches the altered-record check off: the record is refused, and an
    altered action under it would otherwise have gone through."""
    game = _played(dragonwidgets.new_game("emerald", players=3, seed=7), 10)
    record = json.loads(json.dumps(game.to_record()))
    assert dragonwidgets.from_record(record).state_digest() == game.state_digest()  # whole: replays
    del record["final"]
    record["actions"] = record["actions"][:-1]  # altered: one entry fewer
    record["step"] = len(record["actions"])
    with pytest.raises(RecordError, match="no 'final' key"):
        dragonwidgets.from_record(record)


def test_item8_a_final_of_the_wrong_shape_is_refused():
    game = _played(dragonwidgets.new_game("emerald", players=2, seed=3), 4)
    record = game.to_record()
    for final in (None, [], {"step": 4}, {"digest": 5}):
        with pytest.raises(RecordError, match="'final'"):
            dragonwidgets.from_record({**record, "final": final})


def test_item8_a_changed_seed_in_a_record_from_a_position_is_refused():
    """The table of a record that starts from a whole position does not depend on the seed, its future does:
    a record whose seed was changed (in the record, or in the record and its position) is refused."""
    game, record = _record_from_a_position()
    again = dragonwidgets.from_record(record)
    assert again.state_digest() == game.state_digest() and again.seed == game.seed
    changed = json.loads(json.dumps(record))
    changed["seed"] += 1
    with pytest.raises(RecordError, match="altered"):
        dragonwidgets.from_record(changed)
    changed["position"]["seed"] += 1  # both changed: still refused
    with pytest.raises(RecordError, match="altered"):
        dragonwidgets.from_record(changed)


def test_item8_a_changed_place_in_the_chance_stream_is_refused():
    """The position's place in the seed's chance stream decides the dice to come just as the seed does."""
    game, record = _record_from_a_position()
    key = "chance_step" if "chance_step" in record["position"] else "step"
    record["position"][key] += 1
    with pytest.raises(RecordError, match="altered"):
        dragonwidgets.from_record(record)


def test_item8_a_record_from_a_position_whose_digest_covers_the_table_only_gets_a_clear_error():
    """Records from positions written before the digest covered the chance stream: told apart, and the way to
    replay them said."""
    game, record = _record_from_a_position()
    record["final"]["digest"] = game.state_digest()  # what earlier code wrote: the table alone
    with pytest.raises(RecordError, match="covers the table only") as e:
        dragonwidgets.from_record(record)
    assert "new_game" in str(e.value)


@pytest.mark.parametrize("where", ["position", "actions", "actions[0]", "position.knights", "options", "final"])
def test_item8_deep_nesting_in_a_record_is_refused_before_anything_recursive(where):
    """A 3,000-deep list in a record raised RecursionError (an error message took its ``repr``)."""
    _, record = _record_from_a_position()
    deep = _deep(3000)
    if where == "actions[0]":
        record["actions"][0] = deep
    elif where == "position.knights":
        record["position"]["knights"] = {"M1": deep}
    else:
        record[where] = deep
    start = time.perf_counter()
    with pytest.raises(RecordError, match=f"nest deeper than {MAX_DEPTH}"):
        dragonwidgets.from_record(record)
    assert time.perf_counter() - start < 0.5


def test_item8_deep_nesting_in_a_position_is_refused_naming_the_limit():
    for position in ({"knights": _deep(3000)}, {"hands": [{"gems": _deep(100)}]}):
        with pytest.raises(PositionError, match=f"nest deeper than {MAX_DEPTH}"):
            dragonwidgets.new_game("emerald", players=3, seed=1, position=position)


def test_item8_a_cyclic_position_is_refused():
    position: dict = {"knights": {}}
    position["knights"]["M1"] = position
    with pytest.raises(PositionError, match="nest deeper"):
        dragonwidgets.new_game("emerald", players=3, seed=1, position=position)


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_item8_nan_or_infinity_in_a_position_names_the_field(bad):
    source = dragonwidgets.new_game("emerald", players=3, seed=7)
    position = source.position()
    position["piles"]["M3"]["gold"][1] = bad
    with pytest.raises(PositionError, match=r"field 'piles\.M3\.gold\[1\]'"):
        dragonwidgets.new_game("emerald", position=position)
    with pytest.raises(PositionError, match=r"field 'hands\[0\]\.gold'"):
        dragonwidgets.new_game("drachenland", players=2, seed=1, position={"hands": [{"gold": bad}]})


def test_item8_nan_in_a_record_names_the_field():
    _, record = _record_from_a_position()
    record["position"]["piles"]["M2"]["gold"][0] = math.nan
    with pytest.raises(RecordError, match=r"field 'position\.piles\.M2\.gold\[0\]'"):
        dragonwidgets.from_record(record)


def test_item8_what_is_not_json_is_named_with_its_field():
    with pytest.raises(PositionError, match=r"field 'knights\.M1\[0\]'.*set"):
        dragonwidgets.new_game("emerald", players=3, seed=1, position={"knights": {"M1": [{"black"}]}})
    with pytest.raises(PositionError, match=r"field 'knights'.*key"):
        dragonwidgets.new_game("emerald", players=3, seed=1, position={"knights": {1: ["black"]}})
