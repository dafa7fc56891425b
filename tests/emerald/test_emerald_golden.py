"""Golden playthroughs: one stored full game per player count, replayed and compared.

If a rules change alters one, regenerate with ``python tests/emerald/make_golden.py`` and read the
diff of ``tests/emerald/golden/*.json`` (log lines, text board, scores) before committing it.
"""

from __future__ import annotations

import json

import pytest

import dragonwidgets
from make_golden import SEEDS, golden_path, play, summary


@pytest.mark.parametrize("players", sorted(SEEDS))
def test_golden_record_replays_to_the_same_end(players):
    stored = json.loads(golden_path(players).read_text(encoding="utf-8"))
    game = dragonwidgets.from_record(stored["record"])
    assert game.is_over
    now = summary(game)
    for key in ("log", "text", "scores", "winners", "reason"):
        assert now[key] == stored[key], f"{golden_path(players).name}: {key} changed"


@pytest.mark.parametrize("players", sorted(SEEDS))
def test_golden_bots_still_play_the_same_game(players):
    """The seeded bots replay the very same actions (bots and chance are deterministic)."""
    stored = json.loads(golden_path(players).read_text(encoding="utf-8"))
    game = play(players)
    assert [a["id"] for a in game.to_record()["actions"]] == [a["id"] for a in stored["record"]["actions"]]
