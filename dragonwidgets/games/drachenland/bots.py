"""Drachenland bots. They decide from their seat's observation only (never the full table).

``RandomBot`` (from the engine) picks uniformly. ``GreedyBot`` looks one action ahead and values
treasure by what it adds to its own hoard's score, so it collects **sets** (an egg with a ruby, an
emerald and a sapphire, 10 points, DL-SCORE-2) and wants rings on the colours it holds gems of
(DL-RING-5). It plans a die by the best volcano each adventurer could reach with it.
"""

from __future__ import annotations

import random
from typing import Any

from dragonwidgets.engine import Action
from dragonwidgets.engine.bots import RandomBot

from .board import COLOURS, GEM_OF, Board, load_board
from .movement import MARCH_STEPS, entry_distances, walk_distances
from .scoring import score
from .state import HELD_TOKENS

__all__ = ["GreedyBot", "RandomBot"]

TOKEN_VALUE = 1.0  # a token taken with an egg: a future extra move or take
MARCH_COST = 1.5  # using up a forced march
ENTER_BONUS = 0.3  # another adventurer in the land means more choices later
REROLL_BELOW = 4  # play the fate token when the two dice add up to less than this


def potential(hoard: dict[str, int], rings: set[str]) -> float:
    """Return the hoard's worth: halfway between its score now and with every colour ringed (DL-SCORE)."""
    return 0.5 * score(hoard, rings)["score"] + 0.5 * score(hoard, set(COLOURS))["score"]


def take_value(hoard: dict[str, int], rings: set[str], volcano: dict[str, Any], colour: str, what: str) -> float:
    """Return what taking ``what`` ("gems", "diamond", "egg") on ``volcano`` adds for a ``colour`` adventurer."""
    new = dict(hoard)
    if what == "gems":
        gem = GEM_OF[colour]
        if not volcano["gems"][gem]:
            return 0.0
        new[gem] += volcano["gems"][gem]
    elif what == "diamond":
        if not volcano["gems"]["diamond"]:
            return 0.0
        new["diamond"] += 1
    else:
        if not volcano["eggs"]:
            return 0.0
        new["egg"] += 1
    bonus = TOKEN_VALUE if what == "egg" and volcano["token"] in HELD_TOKENS else 0.0
    return potential(new, rings) - potential(hoard, rings) + bonus


def ring_value(hoard: dict[str, int], rings: set[str], colour: str) -> float:
    """Return what a ring on ``colour`` adds: its gems now count, and later ones will (DL-RING-5)."""
    return potential(hoard, rings | {colour}) - potential(hoard, rings) + 1.0


class GreedyBot:
    """A one-action-ahead player that values sets, rings on its gem colours, and tokens."""

    name = "greedy"

    def __init__(self, board: Board | None = None):
        self.board = board or load_board()

    def choose(self, view: dict[str, Any], legal_actions: list[Action], rng: random.Random) -> Action:
        """Return one of ``legal_actions`` for the seat ``view["viewer"]``; ties broken by ``rng``."""
        if set(view.get("volcanoes", {})) != set(self.board.volcanoes):
            return legal_actions[rng.randrange(len(legal_actions))]  # another board: no plan, play at random
        values = [(self._value(view, a) + rng.random() * 1e-6, i) for i, a in enumerate(legal_actions)]
        return legal_actions[max(values)[1]]

    # ------------------------------------------------------------------ valuing one action
    def _value(self, view: dict[str, Any], action: Action) -> float:
        seat = view["viewer"]
        hoard = view["hoards"][seat] or dict.fromkeys(("egg", "ruby", "emerald", "sapphire", "diamond"), 0)
        rings = set(view["rings"][seat])
        kind = action.kind
        words = action.id.split()
        step = view.get("action") or {}
        colour: Any = step.get("adventurer")  # the adventurer of the move under way (JSON)
        if kind == "fate":
            low = sum(view["dice"]) < REROLL_BELOW and 4 not in view["dice"]
            return 1.0 if (words[0] == "reroll") == low else 0.0
        if kind == "choose_die":
            return max(self._best_with_die(view, hoard, rings, c, int(words[1])) for c in COLOURS)
        if kind == "choose_adventurer":
            if view["turn"] == 0:
                return 0.0
            die = view["dice"][view["chosen_die"]]
            return self._best_with_die(view, hoard, rings, words[1], die) + (ENTER_BONUS if words[0] == "enter" else 0)
        if kind == "end_turn":
            return -1.0
        if kind in ("walk", "march"):
            node = words[1]
            extra = MARCH_COST * self._marches(view, node, kind == "march")
            return self._node_value(view, hoard, rings, colour, node) - extra
        if kind in ("fly", "boat"):
            return self._node_value(view, hoard, rings, colour, words[1]) - (0.5 if words[-1] == "baby" else 0.0)
        if kind == "call":
            return 0.2 - (0.5 if words[-1] == "baby" else 0.0)
        if kind == "end_movement":
            return self._node_value(view, hoard, rings, colour, step.get("at"))
        if kind == "take":
            volcano = view["volcanoes"][step["at"]]
            if words[1] == "ring":
                return ring_value(hoard, rings, colour)
            return take_value(hoard, rings, volcano, colour, words[1])
        if kind == "magic_hand":
            return 0.5
        return 0.0  # skip, done

    def _node_value(self, view: dict[str, Any], hoard: dict, rings: set, colour: str, node: str | None) -> float:
        """The best take (or ring) at ``node`` if it is a volcano; a face-down volcano's token is worth a little."""
        vol = view["volcanoes"].get(node or "")
        if vol is None:
            return 0.0
        best = max(take_value(hoard, rings, vol, colour, w) for w in ("gems", "diamond", "egg"))
        if vol["ring"] and colour not in rings:
            best = max(best, ring_value(hoard, rings, colour))
        return best + (0.5 if vol["face_down"] else 0.0)

    def _best_with_die(self, view: dict[str, Any], hoard: dict, rings: set, colour: str, die: int) -> float:
        """The best volcano ``colour`` could end on with a die of ``die`` (walking only), or -1 if unusable."""
        seat = view["viewer"]
        if colour in view["used"]:
            return -1.0
        here = view["adventurers"][seat][colour]
        occupied = {n for p in view["adventurers"] for n in p.values() if n and n not in view["volcanoes"]}
        face_down = {v for v, x in view["volcanoes"].items() if x["face_down"]}
        if here is None:
            ends = entry_distances(self.board, die, occupied, face_down)
            return max((self._node_value(view, hoard, rings, colour, n) for n in ends), default=-1.0)
        walk_ends = walk_distances(self.board, here, die, occupied, face_down)
        return max([self._node_value(view, hoard, rings, colour, n) for n in walk_ends]
                   + [self._node_value(view, hoard, rings, colour, here)])

    def _marches(self, view: dict[str, Any], node: str, march_only: bool) -> int:
        """How many forced marches walking to ``node`` uses up (the engine spends the fewest, DL-INT-12)."""
        step = view["action"]
        die = 0 if (march_only or step["die_spent"]) else step["die_value"]
        seat = view["viewer"]
        here = view["adventurers"][seat][step["adventurer"]]
        occupied = {n for p in view["adventurers"] for n in p.values() if n and n not in view["volcanoes"]}
        face_down = {v for v, x in view["volcanoes"].items() if x["face_down"]}
        allowance = die + MARCH_STEPS * view["tokens"][seat]["forced_march"]
        if here is None:
            dist = entry_distances(self.board, allowance, occupied, face_down).get(node, (0, ""))[0]
        else:
            dist = walk_distances(self.board, here, allowance, occupied, face_down).get(node, 0)
        return max(0, -(-(dist - die) // MARCH_STEPS))
