"""La Chasse au Dragon bots. They decide from their seat's observation only (never the full table).

``RandomBot`` (from the engine) picks uniformly. ``GreedyBot`` hunts piles that suit its equipment,
fights when the **exact** odds (:func:`.dice.duel_odds`) make the fight worth more than it risks, goes
home to bank its backpack in the vault, and buys the strongest equipment it can (CD-CAMP).
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from dragonwidgets.engine import Action
from dragonwidgets.engine.bots import RandomBot

from .dice import duel_odds
from .setup import depth
from .state import POWER, parse_square

__all__ = ["GreedyBot", "RandomBot", "wanted_depth"]

GOBLIN_VALUE = 2.0  # a captured goblin: movement fuel and a decoy, no wealth (CD-MON-4)
DRAGON_BONUS = 15.0  # slaying a dragon also ends the game (CD-END-1)
BANK_AT = 12  # carried wealth that sends the bot home to its vault
FUEL_RESERVE = 4  # quarters it keeps before paying for extra steps toward a hunt
FIGHT_BIAS = 0.5  # a fight about even in value is taken (loot only comes from fights)
BOLDER_EVERY = 25  # rounds after which the bot hunts one ring deeper (so that dragons get hunted)


@lru_cache(maxsize=None)
def odds(mine: int, theirs: int) -> tuple[float, float, float]:
    """Exact (win, tie, loss) of an exploding d``mine`` against a d``theirs`` (CD-COMBAT-6)."""
    return duel_odds(mine, theirs)


def _dist(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))  # king moves (CD-MOVE-1)


@lru_cache(maxsize=None)
def _pile_square(square_id: str) -> tuple[tuple[int, int], int]:
    """The square of a pile id and its depth in the forest (CD-REC-1), worked out once per id (64 squares)."""
    sq = parse_square(square_id)
    return sq, depth(*sq)


def wanted_depth(power: int, round_: int) -> int:
    """The forest depth (1 to 3, CD-REC-1) the greedy bot hunts at with ``power`` in round ``round_``: deeper
    with stronger equipment, one ring deeper every :data:`BOLDER_EVERY` rounds."""
    return min(3, (1 if power <= 6 else 2 if power <= 10 else 3) + round_ // BOLDER_EVERY)


class GreedyBot:
    """Fight when the exact odds are good, bank riches at camp, buy the best equipment."""

    name = "greedy"

    def choose(self, view: dict[str, Any], legal_actions: list[Action], rng: random.Random) -> Action:
        """Return one of ``legal_actions`` for the seat ``view["viewer"]``; ties broken by ``rng``."""
        best = max((self._value(view, a) + rng.random() * 1e-6, i) for i, a in enumerate(legal_actions))
        return legal_actions[best[1]]

    # ------------------------------------------------------------------ one action's value
    def _value(self, view: dict[str, Any], action: Action) -> float:
        me = view["viewer"]
        board = view["boards"][me]
        kind = action.kind
        if kind in ("step", "stop"):
            return self._move_value(view, action)
        if kind == "place_camp":
            sq = parse_square(action.id.split()[1])
            return -abs(sq[0] - 3.5) - abs(sq[1] - 3.5) + (0.5 if 0 < sq[0] < 7 or 0 < sq[1] < 7 else 0)
        if kind in ("duel", "no_duel"):
            if kind == "no_duel":
                return 0.0
            q = int(action.id.split()[1])
            win, _, loss = odds(board["power"], view["boards"][q]["power"])
            loot = 0.0 if view["boards"][q]["thickness"]["backpack"] == "empty" else 8.0
            return win * loot - loss * self._carried(board)
        if kind in ("decoy", "flee_roll", "no_flight", "flee_free", "fight"):
            return self._flight_value(view, board, kind)
        return self._camp_value(board, action)

    def _carried(self, board: dict[str, Any]) -> float:
        """What a lost duel or a dragon would take: backpack wealth and cage goblins."""
        return board["wealth"]["backpack"] + GOBLIN_VALUE * board["cage"]

    def _flight_value(self, view: dict[str, Any], board: dict[str, Any], kind: str) -> float:
        """Fight, flee or decoy, by the exact odds of the fight at hand (CD-ENC, CD-DUEL)."""
        if view["decision"] == "duel_flight":
            attacker = view["boards"][view["active_player"]]
            win, _, loss = odds(board["power"], attacker["power"])
            fight = win * 4.0 - loss * self._carried(board)
        else:
            card = view["revealed"]["card"]
            win, _, loss = odds(board["power"], POWER[card])
            gain = GOBLIN_VALUE if card == "goblin" else POWER[card] + (DRAGON_BONUS if card == "dragon" else 0.0)
            if card == "goblin":
                risk = GOBLIN_VALUE * board["cage"]
            elif card == "dragon":
                risk = self._carried(board)
            else:
                risk = board["wealth"]["backpack"]
            fight = win * gain - loss * risk
        if kind in ("fight", "no_flight"):
            return fight + FIGHT_BIAS
        if kind == "flee_free":
            return 0.0
        if kind == "decoy":
            return -GOBLIN_VALUE
        p = 1.0 / board["power"]  # a flight roll succeeds on the maximum only, else the fight is forced
        return (1 - p) * fight - 0.1

    def _move_value(self, view: dict[str, Any], action: Action) -> float:
        me = view["viewer"]
        board = view["boards"][me]
        here = parse_square(view["positions"][me])
        target = self._target(view)
        if action.kind == "stop":
            to = here
        else:
            to = parse_square(action.id.split()[1])
        closer = _dist(here, target) - _dist(to, target)
        if action.kind == "stop":
            return 0.0 if here != target else 1.0
        paid = view["steps"] > 0
        if paid:
            heading_home = target == parse_square(view["camps"][me])
            if not heading_home and board["quarters"] <= FUEL_RESERVE:
                return -1.0
            return closer - 0.6
        return closer + 0.1

    def _target(self, view: dict[str, Any]) -> tuple[int, int]:
        """Home to bank when carrying enough; else the nearest pile of a depth suited to the equipment."""
        me = view["viewer"]
        board = view["boards"][me]
        hx, hy = here = _pile_square(view["positions"][me])[0]
        camp = _pile_square(view["camps"][me])[0]
        if board["wealth"]["backpack"] >= BANK_AT:
            return camp
        want = wanted_depth(board["power"], view["round"])
        best, best_score = camp, float("-inf")
        for sid, size in view["piles"].items():
            if size == 0:
                continue
            sq, d = _pile_square(sid)
            # -_dist(here, sq), written out: this loop runs for every pile at every decision
            s = -max(abs(hx - sq[0]), abs(hy - sq[1])) - 2.5 * abs(d - want) + 0.1 * size - (1.5 if sq == here else 0.0)
            if s > best_score:
                best, best_score = sq, s
        return best

    def _camp_value(self, board: dict[str, Any], action: Action) -> float:
        """Bank the backpack, wear the strongest card, keep goblins in the cage as fuel (CD-CAMP)."""
        words = action.id.split()
        now = board["power"]
        if words[0] == "deposit":
            return 2.0 + POWER[words[1]] / 100
        if words[0] in ("equip", "swap"):
            gain = POWER[words[-1]] - now
            return gain / 2 if gain > 0 else -1.0
        if words[0] == "unequip" or words[:3] == ["goblin", "to", "dungeon"]:
            return -1.0
        if words[:3] == ["goblin", "to", "cage"]:
            return 1.0
        return 0.0  # end turn
