"""The movement phase of an adventurer's action: walks and forced marches, the end of the phase.

DL-MOVE-1..9, DL-MARCH-1, DL-INT-9..13. The adventurer chosen for a die (:mod:`.turn`) may walk
once (``walk {node}``, on the die and the fewest forced marches; ``march {node}``, on forced marches
alone, keeping a 4), use tokens before or after (flights, calls and crossings, :mod:`.tokens`) and
``end movement``. The phase ends by itself after a forced stop or when nothing else is left
(:func:`may_end`); on a volcano the treasure phase follows (:mod:`.treasure`). Which spaces a walk
reaches is searched in :mod:`.movement`.

Every choice's record depends on nothing but the arguments of its builder, and ``Action`` is
immutable, so each builder is memoized: a random game asks for the same few hundred records
thousands of times, and building one (a frozen dataclass and an f-string label) costs more than the
rules that make it legal. The caches are bounded and shared by every game (the board's ids are part
of the arguments).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from dragonwidgets.engine import Action, Event

from .movement import (
    MARCH_STEPS,
    face_down_near,
    marches_needed,
    occupied,
    place,
    reach_by_mask,
    remember,
    table_reach,
)
from .state import FLY_VALUE, TREASURE
from .text import spaces
from .tokens import (
    arrive,
    can_call,
    dragon_sources,
    flight_destinations,
    river_destinations,
    token_moves,
)
from .treasure import treasure_actions
from .turn import next_choice

if TYPE_CHECKING:
    from .game import DrachenlandGame

_CACHE = 1 << 15  # records kept per builder (random play settles near 25,000 distinct walks)


# ---------------------------------------------------------------------------- the choices of the phase
def movement_actions(game: DrachenlandGame) -> list[Action]:
    """DL-MOVE-*, DL-BOAT-*, DL-MARCH-1, DL-DRAGON-4..6, DL-BABY-1, DL-INT-11..18: walks, token moves,
    ``end movement`` (an entering adventurer walks in first, DL-INT-9)."""
    s = game.state
    st = s.step
    assert st is not None
    out = list(walk_actions(game))
    if st.entering and not st.walked:
        return out  # DL-INT-9: an entering adventurer walks in first
    out += token_moves(game)
    out.append(end_movement_action(s.active, st.adventurer, not (st.walked or st.moved or st.die_spent)))
    return out


def walk_actions(game: DrachenlandGame) -> list[Action]:
    """The ``walk`` and ``march`` choices (DL-MOVE-1..8, DL-MARCH-1, DL-INT-9/10/12).

    The list is memoized for the current table (``game.memo``) and shared: read only.
    """
    s = game.state
    p, st = s.active, s.step
    assert st is not None
    if st.walked or st.stopped:
        return []
    c = st.adventurer
    marches = s.held[p]["forced_march"]
    die_steps = 0 if st.die_spent else st.die_value
    here = s.positions[p][c]
    key = ("walks", p, c, here, die_steps, marches)  # with the table, all a walk depends on
    memo = game.memo
    walks = memo.get(key)
    if walks is None:
        taken = occupied(game)  # DL-MOVE-5: a walk may not end on an occupied stone
        ends, walks = walk_book(game, p, c, here, die_steps, marches)
        if not taken.isdisjoint(ends):  # usually they are: no adventurer where this walk could end
            walks = [a for n, a in zip(ends, walks) if n not in taken]
        memo[key] = walks
    return walks


def walk_book(game: DrachenlandGame, p: int, c: str, here: str | None, die_steps: int,
              marches: int) -> tuple[tuple[str, ...], list[Action]]:
    """Every ``walk`` and ``march`` choice, occupancy aside, nearest first: ``(ends, actions)``,
    ``ends[i]`` being the space ``actions[i]`` ends on (both shared: read only).

    Cached in ``board.cache`` with all it depends on: the seat, the adventurer, where it stands,
    the die's steps, the marches held, the ``march_without_die`` option and the face-down
    volcanoes within reach (:func:`.movement.face_down_near`), so the same situation in a later
    turn or game reuses it. The walks themselves are the same for every seat and adventurer standing
    there (:func:`walk_ends`).
    """
    board, march_alone = game.board, game.options["march_without_die"]
    allowance = die_steps + MARCH_STEPS * marches  # the longest walk offered (a march alone: 3 x marches)
    near = face_down_near(game, here, allowance)
    key = ("walks", p, c, here, die_steps, marches, march_alone, near)
    hit = board.cache.get(key)
    if hit is None:
        ends, walks = [], []
        for march, n, dist, entrance, need, volcano, face_down in walk_ends(game, here, die_steps, marches, near):
            ends.append(n)
            walks.append(march_action(p, c, n, dist, entrance, need, volcano, face_down) if march
                         else walk_action(p, c, n, dist, entrance, need, die_steps, volcano, face_down))
        hit = remember(board, key, (tuple(ends), walks))
    return hit


def walk_ends(game: DrachenlandGame, here: str | None, die_steps: int, marches: int,
              near: int) -> tuple[tuple[bool, str, int, str | None, int, bool, bool], ...]:
    """The walks of :func:`walk_book` for any seat and adventurer, nearest first: ``(march, end space,
    distance, entrance or None, forced marches needed, ends on a volcano, ends on a face-down one)``,
    ``march`` telling a march on forced marches alone from a walk on the die (DL-MOVE-1..8, DL-MARCH-1,
    DL-INT-9/12).

    Cached in ``board.cache`` under what they depend on: where the walk starts, the die's steps, the
    marches held, the ``march_without_die`` option and ``near``, the face-down volcanoes within reach
    (every space a walk ends on is within reach, so ``near`` tells which of them is face down).
    """
    board, face_down, march_alone = game.board, game.state.face_down, game.options["march_without_die"]
    key = ("ends", here, die_steps, marches, march_alone, near)
    hit = board.cache.get(key)
    if hit is None:
        volcanoes = board.volcano_set
        rows = []
        if die_steps or march_alone:
            for n, (dist, entrance) in reach_by_mask(board, here, die_steps + MARCH_STEPS * marches, near).items():
                rows.append((False, n, dist, entrance, marches_needed(dist, die_steps), n in volcanoes, n in face_down))
        if die_steps == FLY_VALUE and marches and march_alone:
            for n, (dist, entrance) in table_reach(game, here, MARCH_STEPS * marches).items():
                rows.append((True, n, dist, entrance, marches_needed(dist, 0), n in volcanoes, n in face_down))
        hit = remember(board, key, tuple(rows))
    return hit


# ---------------------------------------------------------------------------- the decisions
def walk(game: DrachenlandGame, node: str, march_only: bool, ev: list[Event]) -> None:
    """DL-MOVE-1..8, DL-MARCH-1, DL-INT-9..12: walk to ``node``, spending the die and the fewest forced marches."""
    s = game.state
    p, st = s.active, s.step
    assert st is not None
    start = s.positions[p][st.adventurer]
    die_steps = 0 if (st.die_spent or march_only) else st.die_value
    held = s.held[p]
    allowance = die_steps + MARCH_STEPS * held["forced_march"]
    dist, entrance = table_reach(game, start, allowance)[node]
    need = marches_needed(dist, die_steps)
    held["forced_march"] -= need
    if die_steps:
        st.die_spent = True
    st.walked = st.moved = True
    place(game, st.adventurer, node)
    ev.append(walked_event(game.player_name(p), st.adventurer, start, entrance, node, dist, die_steps, need))
    arrive(game, node, ev)


def may_end(game: DrachenlandGame, ev: list[Event]) -> None:
    """DL-INT-11 (d), DL-INT-13: the phase ends by itself after a forced stop or with no option left.

    Asked after every decision that leaves a movement phase under way (``game.py``): the choice of
    the adventurer (boxed in, moving 0 is its only option, section 6 step 4), a walk, a flight, a
    call, a crossing.
    """
    st = game.state.step
    assert st is not None
    if st.stopped:
        ev.append(Event("forced_stop", f"The {st.adventurer} adventurer must stop: its movement is over."))
        end_movement(game, ev)
        return
    if not options_left(game):
        end_movement(game, ev)


def options_left(game: DrachenlandGame) -> bool:
    """Whether :func:`movement_actions` offers anything but ``end movement`` (DL-INT-11 (d)).

    Asks the same questions without building the choices: a walk (memoized for the legal
    actions that follow), a flight or a call with something to pay for it, a river crossing.
    """
    board, s = game.board, game.state
    p, st = s.active, s.step
    assert st is not None
    if walk_actions(game):
        return True
    if st.entering and not st.walked:
        return False  # DL-INT-9: an entering adventurer walks in first
    if dragon_sources(s, p, st) and (flight_destinations(board, s, p, st) or can_call(s, p, st)):
        return True
    return bool(river_destinations(board, s, p, st))


def end_movement(game: DrachenlandGame, ev: list[Event]) -> None:
    """DL-MOVE-9, DL-TREASURE-1: on a volcano the treasure phase follows, if anything can be taken."""
    s = game.state
    st = s.step
    assert st is not None
    here = s.positions[s.active][st.adventurer]
    if here not in game.board.eggs:
        next_choice(game, ev)
        return
    s.phase = TREASURE
    if all(a.kind == "skip" for a in treasure_actions(game)):
        next_choice(game, ev)


# ---------------------------------------------------------------------------- the choices, worded
def payment(die_steps: int, marches: int) -> str:
    """What a walk is paid with: ``"die 3 + 1 forced march"`` (DL-MOVE-1, DL-MARCH-1)."""
    pay = [f"die {die_steps}"] if die_steps else []
    if marches:
        pay.append(f"{marches} forced march{'es' * (marches > 1)}")
    return " + ".join(pay)


@lru_cache(maxsize=1 << 10)
def walk_cost(dist: int, die_steps: int, marches: int) -> str:
    """A walk's length and what pays for it: ``4 spaces: die 3 + 1 forced march`` (DL-MOVE-1, DL-MARCH-1)."""
    return f"{spaces(dist)}: {payment(die_steps, marches)}"


@lru_cache(maxsize=_CACHE)
def walked_event(name: str, colour: str, start: str | None, entrance: str | None, node: str, dist: int,
                 die_steps: int, marches: int) -> Event:
    """The log of a walk from ``start`` (or in through ``entrance``) to ``node``, paid with ``die_steps``
    and ``marches``. Cached, as the walks' choices: a shared event, never mutated."""
    origin = f"enters through {entrance} and walks" if entrance else f"walks from {start}"
    return Event("walked", f"{name}' {colour} adventurer {origin} to {node} ({walk_cost(dist, die_steps, marches)}).",
                 data={"colour": colour, "from": entrance or start, "to": node, "distance": dist,
                       "marches": marches})


def walk_label(colour: str, node: str, dist: int, entrance: str | None, marches: int, die_steps: int) -> str:
    """``Walk your red adventurer to V04 (4 spaces: die 3 + 1 forced march)``; entering names its entrance."""
    start = f"Enter through {entrance} and walk" if entrance else "Walk"
    return f"{start} your {colour} adventurer to {node} ({walk_cost(dist, die_steps, marches)})"


def walk_rules(volcano: bool, face_down: bool, marches: int, entrance: str | None) -> tuple[str, ...]:
    """The rules of a walk: DL-MOVE-1, entering (DL-MOVE-3, DL-INT-9), marches (DL-MARCH-1, DL-INT-12),
    and its end: a face-down volcano stops it (DL-MOVE-6), a revealed one is a plain stop (DL-MOVE-9)."""
    rules = ["DL-MOVE-1"]
    if entrance:
        rules += ["DL-MOVE-3", "DL-INT-9"]
    if marches:
        rules += ["DL-MARCH-1", "DL-INT-12"]
    if volcano:
        rules.append("DL-MOVE-6" if face_down else "DL-MOVE-9")
    return tuple(rules)


@lru_cache(maxsize=_CACHE)
def walk_action(seat: int, colour: str, node: str, dist: int, entrance: str | None, marches: int, die_steps: int,
                volcano: bool, face_down: bool) -> Action:
    """DL-MOVE-1..9, DL-MARCH-1, DL-INT-9..12: ``walk {node}``, on the die's ``die_steps`` and ``marches``."""
    return Action(f"walk {node}", walk_label(colour, node, dist, entrance, marches, die_steps), seat, "walk", (node,),
                  walk_rules(volcano, face_down, marches, entrance))


@lru_cache(maxsize=_CACHE)
def march_action(seat: int, colour: str, node: str, dist: int, entrance: str | None, marches: int,
                 volcano: bool, face_down: bool) -> Action:
    """DL-MARCH-1, DL-INT-12: ``march {node}``, a walk on forced marches alone, keeping the die 4."""
    return Action(f"march {node}", walk_label(colour, node, dist, entrance, marches, 0) + ", keeping the die 4",
                  seat, "march", (f"token/{seat}/forced_march", node),
                  walk_rules(volcano, face_down, marches, entrance) + ("DL-INT-12",))


@lru_cache(maxsize=_CACHE)
def end_movement_action(seat: int, colour: str, stay: bool) -> Action:
    """DL-MOVE-2, DL-INT-11: ``end movement`` (``stay``: nothing was done yet, the adventurer moves 0)."""
    label = (f"Stay where you are: your {colour} adventurer moves 0" if stay
             else f"End the movement of your {colour} adventurer")
    return Action("end movement", label, seat, "end_movement", (), ("DL-MOVE-2", "DL-INT-11"))
