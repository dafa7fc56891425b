"""Draghan records of versions 1 and 2 replay as they were played; each version shuffles a fled monster otherwise.

Version 1 shuffled a monster that fled into the Shadow deck (DG-RESULT-4) with a Mersenne Twister seeded by
the step; version 2 with :func:`~dragonwidgets.engine.chance.keyed_shuffle` of the same key; version 3 with
``keyed_shuffle`` of a key made from the deck and the chance step (not the seed; issue 27, item 10). A record
holds the seed, not the order, so a record of version 1 replays as a ``DraghanGameV1``, one of version 2 as a
``DraghanGameV2`` (``tests/draghan/test_dg_shadow_reshuffle.py``).
``tests/engine/records_before_hashed_chance.json`` holds a version-1 game (seed 11) in which five monsters
flee.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import dragonwidgets
from dragonwidgets.engine import RecordError
from dragonwidgets.games.draghan.game import DraghanGame, DraghanGameV1

SAVED = Path(__file__).parents[1] / "engine" / "records_before_hashed_chance.json"


@pytest.fixture
def record_v1():
    record = json.loads(SAVED.read_text(encoding="utf-8"))["records"]["draghan"]
    assert record["version"] == 1
    return record


def fled(game) -> int:
    return sum(1 for entry in game.history for e in entry.events if e.kind == "fled")


def test_DG_RESULT_4_a_version_1_record_replays_with_its_own_shuffles(record_v1):
    game = dragonwidgets.from_record(record_v1)  # RecordError if a shuffle came out otherwise
    assert type(game) is DraghanGameV1 and fled(game) == 5
    assert game.to_record()["version"] == 1
    twin = game.clone()
    twin.goto(0)
    twin.goto(len(record_v1["actions"]))  # replayed from its history: the same shuffles again
    assert type(twin) is DraghanGameV1 and twin.state_digest() == game.state_digest()


def test_DG_RESULT_4_the_same_record_read_as_version_2_is_refused(record_v1):
    """The version decides the shuffle: read as version 2 or 3, the fled monsters land elsewhere in the Shadow
    deck, the game parts from the record and the replay refuses it."""
    for version in (2, 3):
        with pytest.raises(RecordError, match=r"actions\[\d+\]|altered"):
            dragonwidgets.from_record({**record_v1, "version": version})


def test_a_version_3_record_replays_as_a_draghan_game_and_other_versions_are_refused():
    game = dragonwidgets.new_game("draghan", players=2, seed=11)
    assert DraghanGame.version == 3 and game.to_record()["version"] == 3
    while not game.is_over and fled(game) == 0:
        game.apply(game.legal_actions()[-1])
    assert fled(game) > 0
    again = dragonwidgets.from_record(game.to_record())
    assert type(again) is DraghanGame and again.state_digest() == game.state_digest()
    with pytest.raises(RecordError, match="altered"):  # read as version 2, the fled monster lands elsewhere
        dragonwidgets.from_record({**game.to_record(), "version": 2})
    for version in (0, 4):
        with pytest.raises(RecordError, match=f"draghan version {version}; this code reads version 3"):
            dragonwidgets.from_record({**game.to_record(), "version": version})
