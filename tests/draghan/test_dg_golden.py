"""Golden playthroughs: one stored full game for 2, 3 and 4 characters, replayed and compared.

The games are played by the seeded scripted policy of ``make_golden.py`` on a snapshot of the deck data,
``golden/decks.json`` (the ``decks_file`` option), so tuning the bundled reconstruction for balance does
not change them. If a rules change (or a change of the decks format) alters one, regenerate with
``python tests/draghan/make_golden.py`` (it refreshes the snapshot from the bundled data too) and read
the diff of ``tests/draghan/golden/*.json`` (log, tables, end) before committing it. The 2-character game
is lost when no character is left in the Shadow Realm, the 3-character game is won, the 4-character game
(portal choice at the end of the round, random replacements) is lost when the Shadow locations run out.
Rules exercised end to end: DG-ROUND-1, DG-PORTAL-3, DG-PORTAL-4, DG-DRAGON-1, DG-END-1, DG-END-3,
DG-END-4, DG-RESULT-4, DG-WOUND-4, DG-MARKET-3, DG-SHARE-1, DG-INT-13, DG-INT-19.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

import dragonwidgets
from dragonwidgets.games.draghan.cards import load_decks

# loaded under its own name: other games' test folders have a make_golden.py too
_spec = importlib.util.spec_from_file_location("dg_make_golden", Path(__file__).with_name("make_golden.py"))
make_golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_golden)

PLAYERS = sorted(make_golden.GAMES)


@pytest.fixture(autouse=True)
def at_the_root(monkeypatch):
    """The records name the deck snapshot relative to the repository root."""
    monkeypatch.chdir(make_golden.ROOT)


def stored(players: int) -> dict:
    return json.loads(make_golden.golden_path(players).read_text(encoding="utf-8"))


@pytest.mark.parametrize("players", PLAYERS)
def test_DG_END_1_golden_record_replays_to_the_same_end(players):
    """DG-END-1, DG-END-3, DG-END-4, DG-SCORE-1: the stored record replays to the same end, scores, winners,
    log and checkpoint tables."""
    data = stored(players)
    game = dragonwidgets.from_record(data["record"], decks_file=make_golden.DECKS_OPTION)
    assert game.is_over and game.players == players and game.seed == data["seed"]
    now = make_golden.summary(game)
    for key in ("scores", "winners", "reason", "log", "tables"):
        assert now[key] == data[key], f"{make_golden.golden_path(players).name}: {key} changed"


@pytest.mark.parametrize("players", PLAYERS)
def test_DG_ROUND_1_golden_checkpoints_by_applying_the_actions(players):
    """DG-ROUND-1, DG-PASS-2: applying the recorded decisions on a fresh game (auto chance) draws the same
    decks, thefts, shuffles, dragons and replacements and passes through every stored table."""
    data = stored(players)
    game = dragonwidgets.new_game("draghan", players=players, seed=data["seed"],
                                  decks_file=make_golden.DECKS_OPTION, **data["options"])
    tables = {int(k): v for k, v in data["tables"].items()}
    assert len(tables) >= 5 and max(tables) == len(data["record"]["actions"])
    for entry in data["record"]["actions"]:
        if entry["auto"]:
            continue  # chance: drawn by the game itself after the decision before
        game.apply(entry["id"])
        if game.step in tables:
            assert make_golden.table(game) == tables[game.step], f"step {game.step}"
    assert game.step == len(data["record"]["actions"]) and game.is_over


@pytest.mark.parametrize("players", PLAYERS)
def test_DG_PORTAL_3_golden_games_use_the_rules_that_matter(players):
    """DG-PORTAL-3, DG-PORTAL-4, DG-DRAGON-1, DG-RESULT-4, DG-WOUND-4, DG-MARKET-3, DG-SHARE-1, DG-INT-13,
    DG-INT-19: each golden game travels to the Shadow Realm, buys, shares and meets the dragon; monsters flee
    and characters drop out in the games that need it; the 3-character game is won by every seat; the
    4-character game chooses its portal in phase 8 and draws its replacement by chance."""
    data = stored(players)
    log = "\n".join(data["log"])
    assert "travels to the Shadow Realm" in log and " buys the " in log and " gives the " in log
    assert "The dragon appears" in log and "flees into the Shadow Realm" in log and "drops out" in log
    actions = data["record"]["actions"]
    if players == 2:
        assert data["winners"] == [] and data["reason"].endswith("(DG-END-3)")
    if players == 3:
        assert data["winners"] == [0, 1, 2] and data["scores"] == {"0": 1, "1": 1, "2": 1}
        assert data["log"][-1].endswith("is defeated: the team wins!")
        assert any(a["id"].startswith("replace") and not a["auto"] for a in actions)
    if players == 4:
        assert data["reason"].endswith("(DG-END-4)")
        assert any(a["id"].startswith("replace") and a["auto"] for a in actions)
        assert data["options"]["portal_decision_time"] == "end_of_round"


@pytest.mark.parametrize("players", PLAYERS)
def test_golden_policy_still_plays_the_same_game(players):
    """The seeded scripted policy replays the very same actions (policy and chance are deterministic)."""
    game = make_golden.play(players)
    assert [a["id"] for a in game.to_record()["actions"]] == [a["id"] for a in stored(players)["record"]["actions"]]


def test_golden_deck_snapshot_is_a_valid_decks_file_and_files_stay_small():
    """The snapshot loads as a decks file (DG-REC-1..6 checks), and the golden files stay under 100 KB in all."""
    decks = load_decks(make_golden.SNAPSHOT)
    assert len(decks.cards) == 113
    total = sum(make_golden.golden_path(p).stat().st_size for p in PLAYERS) + make_golden.SNAPSHOT.stat().st_size
    assert total < 100_000
