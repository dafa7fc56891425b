"""The exact odds of the fight a decision is about, from what a seat sees (CD-COMBAT-5/6).

A hunter deciding to flee or fight, to duel or not, wants the chances; they follow from public values
only (the equipment dice on the management boards, the revealed monster), so any seat's observation
gives them. The widget shows them beside the decision; a notebook can call :func:`fight_odds` on any
observation.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from .dice import duel_odds


@lru_cache(maxsize=None)
def _odds(mine: int, theirs: int) -> tuple[float, float, float]:
    """(win, tie, loss) of an exploding d``mine`` against a d``theirs`` (CD-COMBAT-6), to 10 places.

    ``duel_odds`` truncates the unbounded totals (each value short by at most 2e-12): rounding to 10
    places gives the exact value's digits (d4 against d4: exactly 0.4, 0.2, 0.4).
    """
    return tuple(round(p, 10) for p in duel_odds(mine, theirs))  # type: ignore[return-value]


def fight_entry(seat: int, mine: int, theirs: int, opponent: int | None = None,
                monster: str | None = None) -> dict[str, Any]:
    """Return ``{seat, opponent, monster, faces: [mine, theirs], win, tie, loss}``: the exact odds of
    ``seat``'s exploding d``mine`` against a d``theirs`` (CD-COMBAT-6), win and loss for ``seat``."""
    win, tie, loss = _odds(mine, theirs)
    return {"seat": seat, "opponent": opponent, "monster": monster, "faces": [mine, theirs],
            "win": win, "tie": tie, "loss": loss}


def fight_odds(obs: dict[str, Any]) -> list[dict[str, Any]] | None:
    """Return the exact odds of the fight the current decision is about, from an observation.

    One entry per possible fight, each ``{seat, opponent, monster, faces: [a, b], win, tie, loss}``
    for the active player's side (``seat``, die ``a``) against a seat (``opponent``) or a monster:
    an encounter (and its flight roll or its combat) against the revealed monster; a duel (the
    defender's flight decision, flight roll or combat) against the defender; ``choose_duel``: one
    entry per opponent on the square. ``None`` when no fight is in view. Uses only public values.

    >>> obs = {"decision": "encounter", "active_player": 0, "boards": [{"power": 4}],
    ...        "revealed": {"card": "orc", "power": 6}}
    >>> [round(fight_odds(obs)[0][k], 4) for k in ("win", "tie", "loss")]
    [0.3291, 0.1385, 0.5323]
    """
    decision = obs.get("decision")
    p = obs.get("active_player")
    boards = obs.get("boards") or []
    if p is None or decision not in ("choose_duel", "duel_flight", "encounter", "flee_roll", "combat"):
        return None
    mine = boards[p]["power"]
    if decision == "choose_duel":
        here = obs["positions"][p]
        return [fight_entry(p, mine, boards[q]["power"], opponent=q)
                for q, where in enumerate(obs["positions"]) if q != p and where == here]
    fight = obs.get("fight")
    defender = obs.get("defender")
    if defender is not None and (fight is None or fight.get("kind") == "duel"):
        return [fight_entry(p, mine, boards[defender]["power"], opponent=defender)]
    revealed = obs.get("revealed")
    if revealed:
        return [fight_entry(p, mine, revealed["power"], monster=revealed["card"])]
    return None
