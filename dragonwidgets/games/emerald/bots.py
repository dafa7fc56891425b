"""Emerald bots. They decide from their seat's observation only (never the full table).

``RandomBot`` (from the engine) picks uniformly. ``GreedyBot`` looks one decision ahead: it enters
the lair whenever it can, otherwise weighs the face-up card a move reaches against the chance that the
dragon lands there, pays the cheapest gold to keep a knight, and feeds the dragon an opponent's
knight rather than its own.
"""

from __future__ import annotations

import random
from typing import Any

from dragonwidgets.engine import Action, RandomBot

from .dragon import fly

#: Rough value of a knight in play, in points (it may still reach a treasure worth 5).
KNIGHT_VALUE = 4.0
DIE_FACES = (1, 2, 3)  # the contract's die, 1/3 each (EM-DRAGON-4)


def square_rank(square: str) -> int:
    """Return how far along the path ``square`` is (P1 = 1 .. M9 = 15, LAIR = 16, castle 0)."""
    if square == "LAIR":
        return 16
    if square[:1] in "PM" and square[1:].isdigit():
        return int(square[1:]) + (6 if square[0] == "M" else 0)
    return 0


def landing_odds(view: dict[str, Any]) -> dict[str, float]:
    """Return ``{square: probability}`` of where the dragon stops if it moves now (EM-DRAGON-7).

    Computed on the track as the observation shows it: an off-track dragon stands just before it.
    """
    squares = view["flight_track"]["squares"]
    dragon = view["dragon"]
    d = squares.index(dragon["square"]) if dragon["square"] in squares else -1
    f = 1 if dragon["facing"] == "lair" else -1
    odds: dict[str, float] = {}
    for r in DIE_FACES:
        end = fly(tuple(range(len(squares))), d, f, r)[0]
        odds[squares[end]] = odds.get(squares[end], 0.0) + 1 / len(DIE_FACES)
    return odds


class GreedyBot:
    """A one-step greedy player: lair first, then the best card where the dragon is least likely to land."""

    name = "greedy"

    def choose(self, view: dict[str, Any], legal_actions: list[Action], rng: random.Random) -> Action:
        """Return one of ``legal_actions`` for the seat ``view["viewer"]``; ties broken by ``rng``."""
        decision = view["decision"]
        score = {
            "select_knight": self._move_value,
            "take_card": self._card_value,
            "choose_victim": self._victim_value,
            "pay_or_lose": self._pay_value,
        }.get(decision)
        if score is None or len(legal_actions) == 1:
            return legal_actions[0]
        values = [score(view, a) for a in legal_actions]
        best = max(values)
        return rng.choice([a for a, v in zip(legal_actions, values) if v == best])

    # ------------------------------------------------------------------ values
    def _move_value(self, view: dict[str, Any], action: Action) -> float:
        if action.kind == "end_turn":
            return 0.0
        dest = action.targets[2]
        if dest == "LAIR":
            return 100.0
        me = view["viewer"]
        value = 0.05 * square_rank(dest)
        pile = view["piles"].get(dest)
        if pile and (pile["gold"]["top"] or pile["gem"]["top"]):
            value += max(self._top_value(view, pile, p) for p in ("gold", "gem") if pile[p]["top"])
        elif view["knights_moved"] == 0:
            value += 0.5  # the turn goes on: a second knight may still move (EM-CARD-4)
        if dest in view["flight_track"]["squares"] or dest == view["dragon"]["square"]:
            value -= self._dragon_risk(view, me, dest)
        return value

    def _dragon_risk(self, view: dict[str, Any], me: int, dest: str) -> float:
        """Expected points lost (minus gained) when the dragon moves after this knight ends on ``dest``."""
        mine = set(view["seat_colours"][me])
        hand = view["hands"][me]
        cost = min(hand["gold"]) if hand["gold"] else KNIGHT_VALUE
        risk = 0.0
        for square, p in landing_odds(view).items():
            here = dict(view["knights"].get(square, {}))
            if square == dest:
                here["_me"] = 1
            if not here:
                continue
            if any(c not in mine and c != "_me" for c in here):
                risk -= 0.3 * p  # an opponent's knight will be taken instead
            else:
                risk += p * cost
        return risk

    def _top_value(self, view: dict[str, Any], pile: dict[str, Any], kind: str) -> float:
        top = pile[kind]["top"]
        if top["kind"] == "gold":
            return float(top["value"])
        hand = view["hands"][view["viewer"]]
        value = 1.0
        if view["bonus"]["four_different_gems"] is None and not hand["gems"].get(top["gem"]):
            value += 1.0
        others = max((h["gems"].get(top["gem"], 0) for h in view["hands"] if h["seat"] != hand["seat"]), default=0)
        if hand["gems"].get(top["gem"], 0) + 1 > others >= hand["gems"].get(top["gem"], 0):
            value += 1.5  # takes or breaks the majority of that gem (EM-BONUS-3)
        return value

    def _card_value(self, view: dict[str, Any], action: Action) -> float:
        square, kind = action.targets[0].split("/")
        return self._top_value(view, view["piles"][square], kind)

    def _victim_value(self, view: dict[str, Any], action: Action) -> float:
        colour = action.targets[0].split("/")[1]
        owner = next(i for i, cs in enumerate(view["seat_colours"]) if colour in cs)
        if owner == view["viewer"]:
            return -10.0
        return -view["hands"][owner]["gold_count"]  # the poorer owner is likelier to lose it

    def _pay_value(self, view: dict[str, Any], action: Action) -> float:
        if action.id == "lose":
            return -KNIGHT_VALUE
        return -int(action.id.split()[1])


__all__ = ["RandomBot", "GreedyBot", "landing_odds", "square_rank"]
