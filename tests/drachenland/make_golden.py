"""Regenerate the golden Drachenland playthroughs in ``tests/drachenland/golden/`` (2, 3 and 4 players).

Run from the repository root:  ``python tests/drachenland/make_golden.py``

Random play is long (3,000 to 10,000 decisions per game), so the golden games use a simple scripted
policy, :func:`choose`, seeded per game. It reads only its own seat's observation (and the static
board) and values its choices like this:

- treasure: a ring first (when allowed), then all the gems of the adventurer's colour if 2 or more lie
  there, an egg, a diamond, a single gem; skipping is a last resort; a magic hand is always played;
- moving (walk, forced march, flight, boat): onto a volcano, by what is there for this adventurer
  (eggs and own-colour gems count 2, diamonds 1, a face-down token 1, a ring token 5 for an unringed
  adventurer); onto a stone, by the best such volcano minus its walking distance from that stone;
- a dragon call is worth a little more than what is on the adventurer's volcano; ending the
  movement is good on a volcano with treasure and bad elsewhere; ending the turn early is a last resort;
- fate: keep a roll with a 4 or a total of 6 or more, else roll again;
- ties are broken by the seeded generator, and one choice in ten is uniformly random, so the games
  also wander (walks away from treasure, skipped takes, unused dice).

That gives games of 250 to 550 actions that take eggs, gems, rings and tokens and use flights, calls,
boatmen, forced marches, magic hands and fate. Each file holds the game's JSON record, the final scores,
winners and reason, the public log of takes, and the text board at a few checkpoints;
``test_dl_golden.py`` replays every record and compares, so a rules change shows up as a readable diff
of these files after regenerating them.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
SEEDS = {2: 2002, 3: 3003, 4: 4004}
EPSILON = 0.1  # share of uniformly random choices
CHECKPOINTS = (0.0, 0.25, 0.5, 0.75)  # fractions of the game's steps, plus the end
TAKE_VALUE = {"take ring": 60, "take egg": 40, "take diamond": 30}
LOG_KINDS = ("treasure_taken", "ring_taken", "token_revealed", "game_over")


def golden_path(players: int) -> Path:
    """Return the golden file of ``players``."""
    return GOLDEN / f"drachenland_{players}p.json"


def _gem_of(colour: str) -> str:
    return {"red": "ruby", "green": "emerald", "blue": "sapphire"}[colour]


def _worth(obs: dict, seat: int, colour: str, volcano: str) -> int:
    """What ``volcano`` holds for ``seat``'s ``colour`` adventurer, as the policy counts it."""
    info = obs["volcanoes"][volcano]
    w = 2 * info["eggs"] + 2 * info["gems"][_gem_of(colour)] + info["gems"]["diamond"] + info["face_down"]
    if info["ring"] and colour not in obs["rings"][seat]:
        w += 5
    return w


class Policy:
    """The scripted golden-game policy (see the module docstring); ``choose`` picks one legal action."""

    def __init__(self, game):
        from dragonwidgets.games.drachenland.movement import walk_distances

        board = game.board
        spaces = board.volcanoes + board.stones
        self._dist = {n: {**walk_distances(board, n, 200, (), ()), n: 0} for n in spaces}

    def _near(self, obs: dict, seat: int, colour: str, node: str) -> int:
        d = self._dist[node]
        return max(_worth(obs, seat, colour, v) - d[v] for v in obs["volcanoes"])

    def value(self, game, obs: dict, action) -> float:
        seat, step, kind = game.current_player, obs["action"], action.kind
        if kind == "take":
            if action.id == "take gems":
                n = obs["volcanoes"][step["at"]]["gems"][_gem_of(step["adventurer"])]
                return 45 if n >= 2 else 35
            return TAKE_VALUE[action.id]
        if kind in ("walk", "march", "fly", "boat"):
            node, colour = action.id.split()[1], step["adventurer"]
            if node in obs["volcanoes"]:
                return 20 + _worth(obs, seat, colour, node) - 2 * (kind == "march")
            return self._near(obs, seat, colour, node)
        if kind == "call":
            return 15 + _worth(obs, seat, step["adventurer"], step["at"])
        if kind == "end_movement":
            here = step["at"]
            return 20 + _worth(obs, seat, step["adventurer"], here) if here in obs["volcanoes"] else -30
        if kind == "fate":
            good = 4 in obs["dice"] or sum(obs["dice"]) >= 6
            return 1 if (action.id == "keep") == good else -1
        return {"magic_hand": 5, "end_turn": -50, "skip": -20}.get(kind, 0)

    def choose(self, game, rng: random.Random):
        """Return the policy's choice among ``game.legal_actions()`` for the seat to move."""
        legal = game.legal_actions()
        if rng.random() < EPSILON:
            return legal[rng.randrange(len(legal))]
        obs = game.observation(game.current_player)
        values = [self.value(game, obs, a) + rng.random() for a in legal]
        return legal[max(range(len(legal)), key=values.__getitem__)]


def play(players: int):
    """Play the golden game of ``players`` seats with the scripted policy and return it."""
    from dragonwidgets.games.drachenland import DrachenlandGame

    seed = SEEDS[players]
    game = DrachenlandGame(players=players, seed=seed)
    policy, rng = Policy(game), random.Random(seed)
    while not game.is_over:
        game.apply(policy.choose(game, rng))
        if game.step > 20_000:
            raise RuntimeError("the golden policy did not finish the game")
    return game


def checkpoint_steps(game) -> list[int]:
    """Return the steps whose text board is stored: the first roll, fractions of the game, the end."""
    first_turn = next(i for i, e in enumerate(game.history) if e.action.kind == "roll")
    total = len(game.history)
    steps = {first_turn, total} | {first_turn + int(f * (total - first_turn)) for f in CHECKPOINTS}
    return sorted(steps)


def summary(game) -> dict:
    """Return the comparable part of a finished game (it is left at its last step)."""
    end = game.step
    boards = {}
    for k in checkpoint_steps(game):
        game.goto(k)
        boards[str(k)] = repr(game).splitlines()
    game.goto(end)
    out = game.outcome()
    return {
        "scores": {str(k): v for k, v in out.scores.items()},
        "winners": out.winners,
        "reason": out.reason,
        "final": [{k: f[k] for k in ("kept", "returned", "sets", "score")} for f in game.observation()["final"]],
        "log": [f"{row['step']}: {row['text']}" for row in game.log(0) if row["kind"] in LOG_KINDS],
        "boards": boards,
    }


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
        data = {"about": "Drachenland golden playthrough (scripted policy, see make_golden.py); regenerate with "
                         "python tests/drachenland/make_golden.py",
                "players": players, "seed": SEEDS[players], "policy": "make_golden.Policy", "epsilon": EPSILON,
                "record": game.to_record(), **summary(game)}
        golden_path(players).write_text(dumps(data), encoding="utf-8")
        print(f"{golden_path(players).name}: {len(data['record']['actions'])} actions, {data['reason']}, "
              f"scores {data['scores']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
