"""The treasure phase: what an adventurer may take on its volcano, and taking it (DL-TREASURE, DL-RING, DL-HAND).

A take is exactly one of: all gems of the adventurer's colour, one diamond, or one egg (with the
volcano's own token, DL-TREASURE-4). On a ring volcano an adventurer that actually moved may take a
ring instead (DL-RING-3). Each magic hand allows one more take (DL-HAND-1, DL-INT-21).
"""

from __future__ import annotations

from .board import GEM_OF
from .state import HELD_TOKENS, RING, DrachenlandState, Step

GEMS, DIAMOND, EGG = "gems", "diamond", "egg"  # the three takes of DL-TREASURE-2


def takes(state: DrachenlandState, volcano: str, colour: str) -> list[str]:
    """Return the takes possible on ``volcano`` for a ``colour`` adventurer, in DL-TREASURE-2 order.

    ``"gems"`` (at least one gem of its colour, DL-TREASURE-3), ``"diamond"``, ``"egg"``.
    """
    out = []
    if state.gems[volcano][GEM_OF[colour]] > 0:
        out.append(GEMS)
    if state.gems[volcano]["diamond"] > 0:
        out.append(DIAMOND)
    if state.eggs[volcano] > 0:
        out.append(EGG)
    return out


def may_take_ring(state: DrachenlandState, seat: int, volcano: str, step: Step, *, call_counts: bool = False) -> bool:
    """Return whether the adventurer may take a ring here instead of treasure.

    DL-RING-2 (a face-up ring token here), DL-RING-3 and DL-INT-22 (it actually moved this action: a
    step, a crossing or a flight; a call only if ``call_counts``), DL-RING-4 (one ring per adventurer),
    D8 (a ring left in the supply).
    """
    return (
        state.token[volcano] == RING
        and volcano not in state.face_down
        and (step.moved or call_counts)
        and step.adventurer not in state.rings[seat]
        and state.ring_supply > 0
    )


def take(state: DrachenlandState, seat: int, volcano: str, colour: str, what: str) -> dict[str, int | str]:
    """Move one take from ``volcano`` into ``seat``'s hoard; return what moved.

    Returns ``{item: count}`` plus ``"token": kind`` when an egg brought the volcano's own token
    (DL-TREASURE-4/5, DL-INT-20: never a ring; a royal dragon is never in the token slot).
    """
    hoard = state.hoards[seat]
    if what == GEMS:
        gem = GEM_OF[colour]
        n = state.gems[volcano][gem]
        state.gems[volcano][gem] = 0
        hoard[gem] += n
        return {gem: n}
    if what == DIAMOND:
        state.gems[volcano]["diamond"] -= 1
        hoard["diamond"] += 1
        return {"diamond": 1}
    state.eggs[volcano] -= 1
    state.eggs_left -= 1
    hoard["egg"] += 1
    out: dict[str, int | str] = {"egg": 1}
    kind = state.token[volcano]
    if kind in HELD_TOKENS:
        state.token[volcano] = None
        state.held[seat][kind] += 1
        out["token"] = kind
    return out


def take_ring(state: DrachenlandState, seat: int, colour: str) -> None:
    """Put a white ring from the supply on ``seat``'s ``colour`` adventurer (DL-RING-3/4)."""
    state.rings[seat].add(colour)
    state.ring_supply -= 1
