"""Regenerate the golden Emerald playthroughs in ``tests/emerald/golden/`` (one per player count 2..5).

Run from the repository root:  ``python tests/emerald/make_golden.py``

Each file holds a full game (greedy and random bots alternating seats, seeded) as its JSON record, plus
what a reader checks in a diff: the full-table event log, the final text board, the scores and winners.
``test_emerald_golden.py`` replays every record and compares, so a rules change shows up as a readable
diff of these files after regenerating them.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
SEEDS = {2: 2002, 3: 3003, 4: 4004, 5: 5005}


def golden_path(players: int) -> Path:
    """Return the golden file of ``players``."""
    return GOLDEN / f"emerald_{players}p.json"


def summary(game) -> dict:
    """Return the comparable part of a finished game: log, text board, scores, winners, reason."""
    return {
        "log": [f"{row['step']}: {row['text']}" for row in game.log(None)],
        "text": repr(game).splitlines(),
        "scores": {str(k): v for k, v in game.scores().items()},
        "winners": game.winners(),
        "reason": game.outcome().reason,
    }


def play(players: int):
    """Play the golden game of ``players`` seats and return it."""
    from dragonwidgets.engine import play_out
    from dragonwidgets.games.emerald import EmeraldGame, GreedyBot, RandomBot

    seed = SEEDS[players]
    game = EmeraldGame(players=players, seed=seed)
    bots = [GreedyBot() if i % 2 == 0 else RandomBot() for i in range(players)]
    return play_out(game, bots, random.Random(seed))


def dumps(data: dict) -> str:
    """Return ``data`` as indented JSON with one line per recorded action (short, readable diffs)."""
    actions = data["record"]["actions"]
    data = {**data, "record": {**data["record"], "actions": "@ACTIONS@"}}
    text = json.dumps(data, indent=1, ensure_ascii=False)
    lines = ",\n".join("   " + json.dumps(a, ensure_ascii=False) for a in actions)
    return text.replace('"@ACTIONS@"', "[\n" + lines + "\n  ]") + "\n"


def main() -> int:
    sys.path.insert(0, str(HERE.parents[1]))
    GOLDEN.mkdir(exist_ok=True)
    for players in SEEDS:
        game = play(players)
        data = {"about": "Emerald golden playthrough; regenerate with python tests/emerald/make_golden.py",
                "players": players, "bots": ["greedy" if i % 2 == 0 else "random" for i in range(players)],
                "record": game.to_record(), **summary(game)}
        golden_path(players).write_text(dumps(data), encoding="utf-8")
        print(f"{golden_path(players).name}: {len(data['record']['actions'])} actions, {data['reason']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
