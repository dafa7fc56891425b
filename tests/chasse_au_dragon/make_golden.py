"""Regenerate the golden Chasse au Dragon playthroughs in ``tests/chasse_au_dragon/golden/`` (2, 4 and 6 players).

Run from the repository root:  ``python tests/chasse_au_dragon/make_golden.py``

Random play wanders for hundreds of rounds before someone beats a dragon, so the golden games use a
simple scripted policy, :class:`Policy`, seeded per game. It reads only its own seat's observation
and values its choices like this:

- movement: a target square, then a step that brings the adventurer closer to it; the target is the
  own camp when the backpack holds 14 wealth or more, else the nearest pile of the ring that suits
  the equipment (depth 1 with a d4, depth 2 with a d6 or d8, the centre from a d10); extra steps are
  paid only on the way home or with more than 4 quarters to spare;
- duel: challenge an opponent whose backpack is not empty, one time in two; as a defender, a decoy
  with 2 goblins or more in the cage, else a flight roll when carrying wealth, else fight;
- encounter: fight goblins (fuel and decoys) and monsters at most 2 above the equipment's power (a
  dragon from a d8 up, or out of bravado one time in five with an empty backpack); flee the others
  with a decoy when the cage holds 2 goblins or more, else with a flight roll; let weaker non-goblins
  go one time in three;
- camp: deposit everything, keep 3 goblins in the cage and the rest in the dungeon, take a goblin back
  from the dungeon when the cage is empty, and wear the strongest card of the vault (orc to giant);
- one choice in ten is uniformly random, so the games also wander.

Each file holds the game's JSON record, the final scores, winners and reason, the public log of
victories, duels, raids and equipment changes, and the text board at a few checkpoints;
``test_cd_golden.py`` replays every record and compares, so a rules change shows up as a readable
diff of these files after regenerating them.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
GAMES = {  # players: (seed, options)
    2: (2010, {}),
    4: (4014, {"dragon_raids": True}),
    6: (6008, {"base_equipment_score": 4, "first_player": 3}),
}
EPSILON = 0.1  # share of uniformly random choices
CHECKPOINTS = (0.0, 0.25, 0.5, 0.75)  # fractions of the game's steps, plus the end
LOG_KINDS = ("monster_beaten", "duel_won", "raid", "equipment", "game_over")
POWER = {"goblin": 4, "orc": 6, "ogre": 8, "troll": 10, "giant": 12, "dragon": 20}
GO_HOME = 14  # backpack wealth that sends the policy home


def golden_path(players: int) -> Path:
    """Return the golden file of ``players``."""
    return GOLDEN / f"chasse_au_dragon_{players}p.json"


def _sq(text: str) -> tuple[int, int]:
    x, y = text.split(",")
    return int(x), int(y)


def _dist(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _depth(sq: tuple[int, int]) -> int:
    return min(sq[0], sq[1], 7 - sq[0], 7 - sq[1])


class Policy:
    """The scripted golden-game policy (see the module docstring); ``choose`` picks one legal action."""

    def target(self, obs: dict, seat: int) -> tuple[int, int]:
        """Return the square the seat heads for: its camp, or the nearest pile that suits its equipment."""
        me = obs["boards"][seat]
        here = _sq(obs["positions"][seat])
        if me["wealth"]["backpack"] >= GO_HOME:
            return _sq(obs["camps"][seat])
        want = 1 if me["power"] == 4 else 2 if me["power"] <= 8 else 3
        piles = [_sq(k) for k, n in obs["piles"].items() if n]
        best = sorted(piles, key=lambda q: (abs(_depth(q) - want), _dist(here, q), q))
        return best[0] if best else _sq(obs["camps"][seat])

    def value(self, obs: dict, seat: int, action, rng: random.Random) -> float:
        me, kind = obs["boards"][seat], action.kind
        if kind in ("step", "stop"):
            here, goal = _sq(obs["positions"][seat]), self.target(obs, seat)
            home = goal == _sq(obs["camps"][seat])
            if kind == "stop":
                return 10 if here == goal else (5 if obs["steps"] and not home and me["quarters"] <= 4 else -10)
            closer = _dist(here, goal) - _dist(_sq(action.targets[0]), goal)
            return 6 * closer
        if kind == "duel":
            q = int(action.id.split()[1])
            return 1 if obs["boards"][q]["thickness"]["backpack"] != "empty" and rng.random() < 0.5 else -1
        if kind == "no_duel":
            return 0
        if kind in ("decoy", "flee_roll", "no_flight", "fight", "flee_free"):
            return self._encounter_value(obs, seat, kind, rng)
        if kind == "deposit":
            return 10
        if kind == "goblin_to_dungeon":
            return 5 if me["cage"] > 3 else -5
        if kind == "goblin_to_cage":
            return 5 if me["cage"] == 0 else -5
        if kind in ("equip", "swap", "unequip"):
            words = action.id.split()
            if kind == "unequip":
                return -8
            new = POWER[words[-1]]
            return 8 if new > me["power"] and words[-2] == "vault" else -8
        return -1  # end turn: once nothing else is worth it

    def _encounter_value(self, obs: dict, seat: int, kind: str, rng: random.Random) -> float:
        me = obs["boards"][seat]
        if obs["decision"] == "duel_flight":
            want = "decoy" if me["cage"] >= 2 else "flee_roll" if me["backpack"] else "no_flight"
            return 1 if kind == want else 0
        card = obs["revealed"]["card"]
        power = POWER[card]
        if card == "dragon":
            brave = me["power"] >= 8 or (not me["backpack"] and rng.random() < 0.2)
        elif card == "goblin":
            brave = True
        elif power < me["power"]:
            brave = rng.random() >= 1 / 3
        else:
            brave = power <= me["power"] + 2
        if kind == "fight":
            return 1 if brave else 0
        if kind == "flee_free":
            return 0.5
        if kind == "decoy":
            return 0.8 if me["cage"] >= 2 else 0.2
        return 0.5  # flee roll

    def choose(self, game, rng: random.Random):
        """Return the policy's choice among ``game.legal_actions()`` for the seat to move."""
        legal = game.legal_actions()
        if rng.random() < EPSILON:
            return legal[rng.randrange(len(legal))]
        seat = game.current_player
        obs = game.observation(seat)
        values = [self.value(obs, seat, a, rng) + rng.random() / 100 for a in legal]
        return legal[max(range(len(legal)), key=values.__getitem__)]


def play(players: int):
    """Play the golden game of ``players`` seats with the scripted policy and return it."""
    from dragonwidgets.games.chasse_au_dragon import ChasseGame

    seed, options = GAMES[players]
    game = ChasseGame(players=players, seed=seed, **options)
    policy, rng = Policy(), random.Random(seed)
    while not game.is_over:
        game.apply(policy.choose(game, rng))
        if game.step > 20_000:
            raise RuntimeError("the golden policy did not finish the game")
    return game


def checkpoint_steps(game) -> list[int]:
    """Return the steps whose text board is stored: the start, fractions of the game, the end."""
    total = len(game.history)
    return sorted({total} | {int(f * total) for f in CHECKPOINTS})


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
    for players, (seed, options) in GAMES.items():
        game = play(players)
        data = {"about": "La Chasse au Dragon golden playthrough (scripted policy, see make_golden.py); regenerate "
                         "with python tests/chasse_au_dragon/make_golden.py",
                "players": players, "seed": seed, "options": options, "policy": "make_golden.Policy",
                "epsilon": EPSILON, "record": game.to_record(), **summary(game)}
        golden_path(players).write_text(dumps(data), encoding="utf-8")
        print(f"{golden_path(players).name}: {len(data['record']['actions'])} actions, {data['reason']}, "
              f"scores {data['scores']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
