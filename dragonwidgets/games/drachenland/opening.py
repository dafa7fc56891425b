"""The opening round: each seat in turn brings one adventurer in and walks it exactly 1, 2, 3 or 4 spaces.

DL-OPEN-1..7, DL-2P-3, DL-INT-6/7. No dice, no treasure, no tokens: the seat opening now chooses an
adventurer (``enter {colour}``), then its walk (``walk {node}``, through the entrance named in the
label), and the next seat opens; after the last one the start player's first turn begins with a roll
(:mod:`.roll`). The decisions keep the phase names of a normal turn (``choose_adventurer``,
``movement``) with ``turn`` 0.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from dragonwidgets.engine import Action, Event

from .board import COLOURS
from .movement import entry_distances, exact_entries, occupied, place
from .reveal import awaits_reveal, reveal_token, turn_up_picked
from .state import CHOOSE_ADVENTURER, MOVEMENT, ROLL, Step
from .text import spaces

if TYPE_CHECKING:
    from .game import DrachenlandGame


def opening_distance(game: DrachenlandGame) -> int:
    """Return the exact distance of the seat opening now (DL-OPEN-2, DL-OPEN-7, DL-2P-3)."""
    return game.board.opening_distances[game.players][game.state.opening_index]


def opening_ends(game: DrachenlandGame) -> dict[str, str]:
    """Return ``{end space: entrance}`` for the opening walk of the seat opening now (DL-OPEN-2/3/5, DL-INT-6).

    Exactly the opening distance (the ``opening_exact_distance`` option; False: up to it), memoized
    in ``game.memo`` for the current table.
    """
    memo = game.memo
    k = opening_distance(game)
    key = ("opening", k)
    if key not in memo:
        if game.options["opening_exact_distance"]:
            memo[key] = exact_entries(game.board, k, occupied(game), game.state.face_down)
        else:
            ends = entry_distances(game.board, k, occupied(game), game.state.face_down)
            memo[key] = {n: e for n, (_, e) in ends.items()}
    return memo[key]


def enter_actions(game: DrachenlandGame) -> list[Action]:
    """DL-OPEN-1/2: any of the seat's three adventurers may be brought in (none if no end space exists)."""
    if not opening_ends(game):
        return []
    p, k = game.state.active, opening_distance(game)
    return [enter_action(p, c, k) for c in COLOURS]


def walk_actions(game: DrachenlandGame) -> list[Action]:
    """DL-OPEN-2/3/5, DL-INT-6: one ``walk {node}`` per end space, through its entrance."""
    s = game.state
    p, st = s.active, s.step
    assert st is not None
    return [walk_action(p, n, e, st.die_value) for n, e in sorted(opening_ends(game).items())]


def bring_in(game: DrachenlandGame, colour: str, ev: list[Event]) -> None:
    """DL-OPEN-1: the ``colour`` adventurer is the one brought in; its walk comes next."""
    s = game.state
    k = opening_distance(game)
    s.step = Step(colour, None, k, entering=True)
    ev.append(Event("adventurer_chosen", f"{game.player_name(s.active)} bring their {colour} adventurer in "
                    f"(opening round: exactly {spaces(k)})."))
    s.phase = MOVEMENT


def walk_in(game: DrachenlandGame, node: str, ev: list[Event]) -> None:
    """DL-OPEN-2/3/5/6, DL-INT-7: enter and walk to ``node``; a face-down token there is revealed, no treasure."""
    s = game.state
    p, st = s.active, s.step
    assert st is not None
    entrance = opening_ends(game)[node]
    place(game, st.adventurer, node)
    st.walked = st.moved = True
    ev.append(Event("walked", f"{game.player_name(p)}' {st.adventurer} adventurer enters through {entrance} and "
                    f"walks to {node}.", data={"colour": st.adventurer, "from": entrance, "to": node}))
    if node in s.face_down:  # DL-INT-7: only on boards with a volcano this close
        if awaits_reveal(game, node):
            return  # manual chance: the token is picked first (:func:`turn_up`)
        reveal_token(game, node, ev)
    end_opening(game)


def turn_up(game: DrachenlandGame, volcano: str, kind: str, ev: list[Event]) -> None:
    """The chance outcome ``reveal {volcano} {kind}`` in the opening round: the picked token is turned face
    up, nothing is taken, and the next seat opens (DL-MOVE-6, DL-INT-7)."""
    turn_up_picked(game, volcano, kind, ev)
    end_opening(game)


def end_opening(game: DrachenlandGame) -> None:
    """DL-OPEN-2, DL-TURN-1: the next seat opens; after the last, the start player's first turn."""
    s = game.state
    s.step = None
    s.opening_index += 1
    s.active = (s.active + 1) % game.players
    if s.opening_index == game.players:
        s.turn = 1
        s.phase = ROLL
    else:
        s.phase = CHOOSE_ADVENTURER


@lru_cache(maxsize=1 << 12)
def enter_action(seat: int, colour: str, distance: int) -> Action:
    """DL-OPEN-1/2: ``enter {colour}`` in the opening round (exactly ``distance`` spaces)."""
    return Action(f"enter {colour}", f"Bring your {colour} adventurer in and walk exactly {spaces(distance)}",
                  seat, "choose_adventurer", (f"adv/{seat}/{colour}",), ("DL-OPEN-1", "DL-OPEN-2"))


@lru_cache(maxsize=1 << 12)
def walk_action(seat: int, node: str, entrance: str, distance: int) -> Action:
    """DL-OPEN-2/3/5, DL-INT-6: ``walk {node}`` in the opening round, through ``entrance``."""
    return Action(f"walk {node}", f"Enter through {entrance} and walk {spaces(distance)} to {node}", seat, "walk",
                  (node,), ("DL-OPEN-2", "DL-OPEN-3", "DL-OPEN-5", "DL-INT-6"))
