"""Golden playthroughs: one stored full game for 2, 4 and 6 players, replayed and compared.

The games are played by the scripted policy of ``make_golden.py`` (seeded): 2 players with the default
options, 4 with the dragon raids, 6 with ``base_equipment_score=4`` and a named first player. If a
rules change alters one, regenerate with ``python tests/chasse_au_dragon/make_golden.py`` and read the
diff of ``tests/chasse_au_dragon/golden/*.json`` (victories, duels, raids, equipment, text boards,
scores) before committing it. Rules exercised end to end: CD-END-1, CD-ENC-8, CD-ENC-12, CD-DUEL-8,
CD-RAID-2, CD-RAID-4, CD-CAMP-4, CD-SCORE-1, CD-SCORE-3, CD-TURN-1.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

import dragonwidgets

# loaded under its own name: tests/drachenland and tests/emerald have a make_golden.py too
_spec = importlib.util.spec_from_file_location("cd_make_golden", Path(__file__).with_name("make_golden.py"))
make_golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_golden)

PLAYERS = sorted(make_golden.GAMES)


def stored(players: int) -> dict:
    return json.loads(make_golden.golden_path(players).read_text(encoding="utf-8"))


@pytest.mark.parametrize("players", PLAYERS)
def test_CD_END_1_golden_record_replays_to_the_same_end(players):
    """CD-END-1, CD-ENC-12, CD-SCORE-1, CD-SCORE-4: the stored record replays to the same end (a slain dragon),
    scores, winners, log and boards."""
    data = stored(players)
    game = dragonwidgets.from_record(data["record"])
    assert game.is_over and game.players == players and game.seed == data["seed"]
    assert game.state.dragon_slayer is not None and "slew a dragon" in game.outcome().reason
    now = make_golden.summary(game)
    for key in ("scores", "winners", "reason", "log", "boards"):
        assert now[key] == data[key], f"{make_golden.golden_path(players).name}: {key} changed"


@pytest.mark.parametrize("players", PLAYERS)
def test_CD_TURN_1_golden_checkpoints_by_applying_the_actions(players):
    """CD-TURN-1, CD-REC-2, CD-INT-2: applying the recorded decisions on a fresh game (auto chance) draws the
    same deal, first player and dice and passes through every stored text board."""
    data = stored(players)
    game = dragonwidgets.new_game("chasse_au_dragon", players=players, seed=data["seed"], **data["options"])
    boards = {int(k): v for k, v in data["boards"].items()}
    assert len(boards) >= 5 and max(boards) == len(data["record"]["actions"])
    if game.step in boards:  # step 0, unless a raid was drawn at once (CD-INT-22)
        assert repr(game).splitlines() == boards[game.step]
    for entry in data["record"]["actions"]:
        if entry["auto"]:
            continue  # the dice: drawn by the game itself after the decision before
        game.apply(entry["id"])
        if game.step in boards:
            assert repr(game).splitlines() == boards[game.step], f"step {game.step}"
    assert game.step == len(data["record"]["actions"]) and game.is_over
    assert {str(k): v for k, v in game.scores().items()} == data["scores"]


@pytest.mark.parametrize("players", PLAYERS)
def test_CD_ENC_8_golden_games_use_the_rules_that_matter(players):
    """CD-ENC-8, CD-ENC-12, CD-DUEL-8, CD-RAID-2, CD-RAID-4, CD-CAMP-4, CD-SCORE-3: each golden game captures
    goblins, defeats wealth monsters, changes equipment, ends on a dragon; the 4-player game has raids in
    every round (victims included), the 6-player game scores base equipment 4."""
    data = stored(players)
    log = "\n".join(data["log"])
    assert "captures the goblin" in log and "wealth into the backpack" in log and "changes equipment" in log
    assert data["log"][-2].endswith("defeats the dragon: 20 wealth into the backpack.")
    assert data["winners"] == [int(k) for k, v in data["scores"].items() if v == max(data["scores"].values())]
    if players >= 4:
        assert "wins the duel" in log
    rounds = int(data["boards"][str(max(map(int, data["boards"])))][0].split("round ")[1].split(" ")[0])
    if data["options"].get("dragon_raids"):
        assert log.count("The dragon raids") == rounds and "loses backpack and cage" in log
    else:
        assert "The dragon raids" not in log
    if data["options"].get("base_equipment_score") == 4:
        game = dragonwidgets.from_record(data["record"])
        assert all(v >= 4 for v in game.scores().values())


@pytest.mark.parametrize("players", PLAYERS)
def test_golden_policy_still_plays_the_same_game(players):
    """The seeded scripted policy replays the very same actions (policy and chance are deterministic)."""
    game = make_golden.play(players)
    assert [a["id"] for a in game.to_record()["actions"]] == [a["id"] for a in stored(players)["record"]["actions"]]


def test_golden_files_stay_small():
    """The golden files stay under 200 KB in all."""
    total = sum(make_golden.golden_path(p).stat().st_size for p in PLAYERS)
    assert total < 200_000
