"""Token moves of the movement phase: royal-dragon flights and calls, boatman crossings, reveals.

DL-DRAGON-*, DL-BABY-*, DL-BOAT-*, DL-MOVE-6, DL-INT-13..18. The walk itself is in :mod:`.movement`;
the decision model that offers these moves is in :mod:`.game`.
"""

from __future__ import annotations

from .board import Board
from .state import DRAGON_TOKEN, FLY_VALUE, DrachenlandState, Step


def reveal(state: DrachenlandState, volcano: str) -> str:
    """Turn ``volcano``'s face-down token face up and return its kind (DL-MOVE-6, DL-INT-16).

    A royal dragon becomes a piece on the board (``state.dragons``) and leaves the volcano's own
    token slot (DL-DRAGON-1, DL-INT-20); every other kind stays there face up.
    """
    state.face_down.discard(volcano)
    kind = state.token[volcano] or ""
    if kind.startswith(DRAGON_TOKEN):
        state.dragons[kind[len(DRAGON_TOKEN):]] = volcano
        state.token[volcano] = None
    return kind


def dragon_sources(state: DrachenlandState, seat: int, step: Step) -> list[str]:
    """Return what can pay for a flight or a call now: ``"die"`` (an unspent 4) and/or ``"baby"``.

    DL-DRAGON-4 (a 4 on the die given to this adventurer), DL-BABY-1 (a baby dragon acts as a 4),
    DL-INT-16/18 (the baby dragon does not use up the die).
    """
    out = []
    if not step.die_spent and step.die is not None and step.die_value == FLY_VALUE:
        out.append("die")
    if state.held[seat]["baby_dragon"] > 0:
        out.append("baby")
    return out


def flight_destinations(board: Board, state: DrachenlandState, seat: int, step: Step) -> list[str]:
    """Return the volcanoes the adventurer may fly to with its royal dragon ([] if it cannot fly).

    DL-DRAGON-2/4/5, DL-INT-16: same colour, same volcano as the dragon, any other volcano.
    """
    here = state.positions[seat][step.adventurer]
    if here is None or state.dragons[step.adventurer] != here:
        return []
    return [v for v in board.volcanoes if v != here]


def can_call(state: DrachenlandState, seat: int, step: Step) -> bool:
    """Return whether the adventurer could call its royal dragon (DL-DRAGON-6, DL-INT-17).

    It stands on a volcano and its colour's dragon is face up on another volcano.
    """
    here = state.positions[seat][step.adventurer]
    dragon = state.dragons[step.adventurer]
    return here is not None and here in state.eggs and dragon is not None and dragon != here


def river_destinations(board: Board, state: DrachenlandState, seat: int, step: Step) -> tuple[str, ...]:
    """Return the volcanoes a boatman can carry the adventurer to (DL-BOAT-1, DL-INT-15)."""
    here = state.positions[seat][step.adventurer]
    if here is None or state.held[seat]["boatman"] <= 0:
        return ()
    return board.rivers.get(here, ())
