"""Tokens in the movement phase: arrivals on face-down volcanoes, royal-dragon flights and calls, baby
dragons, boatman crossings.

DL-DRAGON-*, DL-BABY-*, DL-BOAT-*, DL-MOVE-6, DL-INT-13..18: what can pay for a move, where it may
go, its choice (id, label, rule IDs) and the move itself. Walks and forced marches are in
:mod:`.movement_phase`; after every move the movement phase may end by itself (``movement_phase.may_end``).
The fate token is rolled in :mod:`.roll`, the magic hand played in :mod:`.treasure`; how a face-down
token is turned up (dealt, or picked by hand with manual chance) is in :mod:`.reveal`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from dragonwidgets.engine import Action, Event

from .board import Board
from .movement import place
from .reveal import awaits_reveal, reveal_token, turn_up_picked
from .state import FLY_VALUE, MOVEMENT, DrachenlandState, Step

if TYPE_CHECKING:
    from .game import DrachenlandGame

_CACHE = 1 << 15  # records kept per choice builder (see ``movement_phase``: building one costs more than the rules)


# ---------------------------------------------------------------------------- reveals (DL-MOVE-6)
def arrive(game: DrachenlandGame, node: str, ev: list[Event]) -> None:
    """DL-MOVE-6, DL-INT-13: a face-down token on ``node`` is revealed and stops the adventurer.

    With manual chance the game first stops at the chance node that picks the token (:mod:`.reveal`);
    :func:`turn_up` goes on from there.
    """
    if node in game.state.face_down:
        if awaits_reveal(game, node):
            return
        reveal_token(game, node, ev)
        forced_stop(game)


def forced_stop(game: DrachenlandGame) -> None:
    """DL-MOVE-6, DL-INT-13: after a reveal the movement phase ends (option ``forced_stop_ends_movement``)."""
    if game.options["forced_stop_ends_movement"]:
        game.state.step.stopped = True  # type: ignore[union-attr]


def turn_up(game: DrachenlandGame, volcano: str, kind: str, ev: list[Event]) -> None:
    """The chance outcome ``reveal {volcano} {kind}`` in a normal turn: the picked token is turned face
    up, then the movement phase under way goes on to its forced stop (DL-MOVE-6, DL-INT-13)."""
    turn_up_picked(game, volcano, kind, ev)
    game.state.phase = MOVEMENT
    forced_stop(game)


# ---------------------------------------------------------------------------- what a token allows now
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


def token_moves(game: DrachenlandGame) -> list[Action]:
    """Return the ``fly``, ``call`` and ``boat`` choices of the movement phase under way.

    DL-DRAGON-4..6, DL-BABY-1, DL-BOAT-1, DL-INT-15..18: each flight and call once per way to pay
    for it (the die's 4, then a baby dragon), then the river crossings.
    """
    board, s = game.board, game.state
    p, st = s.active, s.step
    assert st is not None
    c = st.adventurer
    here = s.positions[p][c]
    out = []
    for src in dragon_sources(s, p, st):
        baby = src == "baby"
        for v in flight_destinations(board, s, p, st):
            out.append(fly_action(p, c, here, v, baby))
        if can_call(s, p, st):
            out.append(call_action(p, c, s.dragons[c], here, baby))
    for v in river_destinations(board, s, p, st):
        out.append(boat_action(p, here, v))
    return out


# ---------------------------------------------------------------------------- the choices, worded
def _pay(baby: bool) -> str:
    return "the baby dragon" if baby else f"the die {FLY_VALUE}"


@lru_cache(maxsize=_CACHE)
def fly_action(seat: int, colour: str, here: str, volcano: str, baby: bool) -> Action:
    """DL-DRAGON-4/5, DL-BABY-1, DL-INT-16: ``fly {volcano}`` (``... baby``: paid with a baby dragon)."""
    rules = ("DL-DRAGON-4", "DL-DRAGON-5", "DL-BABY-1") if baby else ("DL-DRAGON-4", "DL-DRAGON-5")
    return Action(f"fly {volcano}{' baby' if baby else ''}",
                  f"Fly your {colour} adventurer with the {colour} royal dragon from {here} to {volcano}, "
                  f"paying with {_pay(baby)}", seat, "fly",
                  ((f"token/{seat}/baby_dragon",) if baby else ()) + (f"dragon/{colour}", volcano),
                  rules + ("DL-INT-16",))


@lru_cache(maxsize=_CACHE)
def call_action(seat: int, colour: str, dragon_at: str, here: str, baby: bool) -> Action:
    """DL-DRAGON-6, DL-BABY-1, DL-INT-17: ``call`` (``call baby``) the royal dragon from ``dragon_at``."""
    return Action(f"call{' baby' if baby else ''}",
                  f"Call the {colour} royal dragon from {dragon_at} to {here}, paying with {_pay(baby)}", seat, "call",
                  ((f"token/{seat}/baby_dragon",) if baby else ()) + (f"dragon/{colour}", here),
                  ("DL-DRAGON-6", "DL-BABY-1", "DL-INT-17") if baby else ("DL-DRAGON-6", "DL-INT-17"))


@lru_cache(maxsize=_CACHE)
def boat_action(seat: int, here: str, volcano: str) -> Action:
    """DL-BOAT-1/2, DL-INT-15: ``boat {volcano}``, one boatman, one river crossing."""
    pair = "-".join(sorted((here, volcano)))
    return Action(f"boat {volcano}", f"Play a boatman: cross the river from {here} to {volcano}", seat, "boat",
                  (f"river/{pair}", volcano), ("DL-BOAT-1", "DL-BOAT-2", "DL-INT-15"))


# ---------------------------------------------------------------------------- the moves
def fly(game: DrachenlandGame, volcano: str, baby: bool, ev: list[Event]) -> None:
    """DL-DRAGON-4/5, DL-BABY-1/3, DL-INT-16/18: adventurer and dragon fly together to ``volcano``."""
    s = game.state
    p, st = s.active, s.step
    assert st is not None
    start = s.positions[p][st.adventurer]
    pay_dragon(s, baby)
    place(game, st.adventurer, volcano)
    s.dragons[st.adventurer] = volcano
    s.flights[p] += 1
    st.moved = True
    ev.append(Event("flew", f"{game.player_name(p)}' {st.adventurer} adventurer flies with the {st.adventurer} "
                    f"royal dragon from {start} to {volcano}{' (baby dragon)' if baby else ''}.",
                    data={"colour": st.adventurer, "from": start, "to": volcano, "baby": baby}))
    arrive(game, volcano, ev)


def call(game: DrachenlandGame, baby: bool, ev: list[Event]) -> None:
    """DL-DRAGON-6, DL-BABY-1, DL-INT-17/22: the dragon comes; the adventurer does not move."""
    s = game.state
    p, st = s.active, s.step
    assert st is not None
    here = s.positions[p][st.adventurer]
    start = s.dragons[st.adventurer]
    pay_dragon(s, baby)
    s.dragons[st.adventurer] = here
    s.calls[p] += 1
    if game.options["call_counts_as_move"]:
        st.moved = True
    ev.append(Event("called", f"{game.player_name(p)} call the {st.adventurer} royal dragon from {start} to {here}"
                    f"{' (baby dragon)' if baby else ''}.",
                    data={"colour": st.adventurer, "from": start, "to": here, "baby": baby}))


def pay_dragon(state: DrachenlandState, baby: bool) -> None:
    """Pay for a flight or a call: a baby dragon leaves the game (DL-BABY-3), or the die's 4 is spent."""
    if baby:
        state.held[state.active]["baby_dragon"] -= 1
    else:
        state.step.die_spent = True  # type: ignore[union-attr]


def boat(game: DrachenlandGame, volcano: str, ev: list[Event]) -> None:
    """DL-BOAT-1/2, DL-INT-15: one boatman, one river crossing to ``volcano``."""
    s = game.state
    p, st = s.active, s.step
    assert st is not None
    start = s.positions[p][st.adventurer]
    s.held[p]["boatman"] -= 1
    place(game, st.adventurer, volcano)
    st.moved = True
    ev.append(Event("crossed", f"{game.player_name(p)}' {st.adventurer} adventurer crosses the river from {start} "
                    f"to {volcano} with a boatman.", data={"colour": st.adventurer, "from": start, "to": volcano}))
    arrive(game, volcano, ev)
