"""``measures()`` of a finished game (issue 6: "how much is a Drachenland royal dragon worth?").

Checked on the golden playthroughs (replayed from their stored records): the figures are stated,
and recounted independently from the game's log.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import dragonwidgets

GOLDEN = Path(__file__).with_name("golden")
KEYS = {"score", "eggs", "dragon_flights", "dragon_calls"}


def replayed(players: int):
    data = json.loads((GOLDEN / f"drachenland_{players}p.json").read_text(encoding="utf-8"))
    game = dragonwidgets.from_record(data["record"])
    assert game.is_over
    return game


def test_DL_DRAGON_4_DL_DRAGON_6_measures_of_the_two_player_golden_game():
    """The stored 2-player game: scores 74/35, eggs 9/6 (all 15, DL-2P-2), 3 and 3 flights, 0 and 1 calls."""
    m = replayed(2).measures()
    assert m == {"score": [74.0, 35.0], "eggs": [9.0, 6.0], "dragon_flights": [3.0, 3.0], "dragon_calls": [0.0, 1.0]}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_measures_agree_with_the_log_and_the_scores(players):
    """Same keys for every finished game, one number per seat; flights and calls recounted from the log's
    events, scores from ``scores()`` (DL-SCORE-6), eggs add up to every egg in play (DL-END-1)."""
    game = replayed(players)
    m = game.measures()
    assert set(m) == KEYS and all(len(v) == players for v in m.values())
    flights, calls = [0] * players, [0] * players
    for entry in game.history:
        for ev in entry.events:
            if ev.kind == "flew":
                flights[entry.action.player] += 1
            elif ev.kind == "called":
                calls[entry.action.player] += 1
    assert m["dragon_flights"] == flights and m["dragon_calls"] == calls
    assert m["score"] == [game.scores()[p] for p in range(players)]
    assert sum(m["eggs"]) == (15 if players == 2 else 18)
    assert m["eggs"] == [float(game.observation()["hoards"][p]["egg"]) for p in range(players)]


def test_measures_survive_a_search_copy_and_a_rewind():
    """The counts live in the state: a search copy and ``goto`` back and forth give the same measures."""
    game = replayed(2)
    m = game.measures()
    twin = game.clone()
    twin.state = game._copy_state()
    assert twin.measures() == m
    end = game.step
    game.goto(end // 2)
    assert sum(game.measures()["dragon_flights"]) <= sum(m["dragon_flights"])
    game.goto(end)
    assert game.measures() == m
