"""Golden playthroughs: one stored full game per player count (2, 3, 4), replayed and compared.

The games are played by the scripted policy of ``make_golden.py`` (seeded). If a rules change alters
one, regenerate with ``python tests/drachenland/make_golden.py`` and read the diff of
``tests/drachenland/golden/*.json`` (takes and reveals, text boards, scores) before committing it.
Rules exercised end to end: DL-OPEN-2, DL-TURN-2, DL-MOVE-6, DL-TREASURE-2, DL-RING-3, DL-END-1,
DL-SCORE-6, DL-INT-24.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

import dragonwidgets

# loaded under its own name: tests/emerald has a make_golden.py too (no packages under tests/)
_spec = importlib.util.spec_from_file_location("dl_make_golden", Path(__file__).with_name("make_golden.py"))
make_golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_golden)

PLAYERS = sorted(make_golden.SEEDS)


def stored(players: int) -> dict:
    return json.loads(make_golden.golden_path(players).read_text(encoding="utf-8"))


@pytest.mark.parametrize("players", PLAYERS)
def test_DL_END_1_golden_record_replays_to_the_same_end(players):
    """DL-END-1, DL-SCORE-6, DL-INT-24: the stored record replays to the same end, scores, log and boards."""
    data = stored(players)
    game = dragonwidgets.from_record(data["record"])
    assert game.is_over and game.players == players and game.seed == data["seed"]
    assert game.state.eggs_left == 0 and "took the last egg" in game.outcome().reason
    now = make_golden.summary(game)
    for key in ("scores", "winners", "reason", "final", "log", "boards"):
        assert now[key] == data[key], f"{make_golden.golden_path(players).name}: {key} changed"


@pytest.mark.parametrize("players", PLAYERS)
def test_DL_TURN_2_golden_checkpoints_by_applying_the_actions(players):
    """DL-OPEN-2, DL-TURN-2, DL-REC-1: applying the recorded decisions on a fresh game (auto chance) draws the
    same dice and passes through every stored text board."""
    data = stored(players)
    game = dragonwidgets.new_game("drachenland", players=players, seed=data["seed"])
    boards = {int(k): v for k, v in data["boards"].items()}
    assert len(boards) >= 5 and max(boards) == len(data["record"]["actions"])
    for entry in data["record"]["actions"]:
        if entry["auto"]:
            continue  # the dice: drawn by the game itself after the decision before
        game.apply(entry["id"])
        if game.step in boards:
            assert repr(game).splitlines() == boards[game.step], f"step {game.step}"
    assert game.step == len(data["record"]["actions"]) and game.is_over
    assert {str(k): v for k, v in game.scores().items()} == data["scores"]


@pytest.mark.parametrize("players", PLAYERS)
def test_DL_RING_3_golden_games_use_the_rules_that_matter(players):
    """DL-RING-3, DL-MOVE-6, DL-TREASURE-2, DL-TREASURE-4: each golden game reveals all 15 tokens, takes rings,
    eggs and gems, and hands out the final scores DL-SCORE-6 computes from the hoards."""
    data = stored(players)
    log = "\n".join(data["log"])
    assert log.count("is turned face up") == 15
    assert "takes a ring" in log and "takes 1 egg" in log and "token on V" in log
    assert sum(f["score"] for f in data["final"]) == sum(data["scores"].values())
    assert data["winners"] == [int(k) for k, v in data["scores"].items() if v == max(data["scores"].values())]


@pytest.mark.parametrize("players", PLAYERS)
def test_golden_policy_still_plays_the_same_game(players):
    """The seeded scripted policy replays the very same actions (policy and chance are deterministic)."""
    game = make_golden.play(players)
    assert [a["id"] for a in game.to_record()["actions"]] == [a["id"] for a in stored(players)["record"]["actions"]]


def test_golden_files_stay_small():
    """The golden files stay a few hundred KB at most in all."""
    total = sum(make_golden.golden_path(p).stat().st_size for p in PLAYERS)
    assert total < 300_000
