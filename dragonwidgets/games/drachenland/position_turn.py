"""Whose turn it is and which decision: a position's turn fields, their defaults, and what makes sense.

The fields (all optional, see :mod:`.position` for the shape): ``turn`` (0: the opening round),
``opened``, ``active``, ``decision``, ``dice``, ``dice_used``, ``chosen_die``, ``used``, ``rerolled``,
``action``, ``revealing``, ``end_reason``, and the tallies ``turns_played``, ``flights``, ``calls``.
A decision is accepted only where play could stand at it on the table given: the opening round's
decisions in turn 0 with the right seats in (DL-OPEN-1/2), the dice and the action under way that
decision needs (section 6), and at least one choice to make. Each failure raises
:class:`~dragonwidgets.engine.PositionError` naming the field.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from . import state as phase
from .movement import forget_table
from .movement_phase import options_left
from .position_read import (
    MOST_TURNS,
    need,
    read_action,
    read_bool,
    read_choice,
    read_dice,
    read_int,
    read_pair,
    read_seats,
    read_used,
)
from .position_table import own_tokens
from .state import DrachenlandState, Step
from .treasure import takes, treasure_actions
from .turn import usable_dice

if TYPE_CHECKING:
    from .game import DrachenlandGame

#: The decisions of section 6 a position may stand at (``decision``).
DECISIONS = (*phase.DECISIONS, phase.OVER)
OPENING_DECISIONS = (phase.CHOOSE_ADVENTURER, phase.MOVEMENT, phase.REVEAL)
#: The decisions of an adventurer's action (its movement and treasure phases).
IN_ACTION = (phase.MOVEMENT, phase.TREASURE, phase.MAGIC_HAND, phase.TAKE_AGAIN, phase.REVEAL)
LAST_EGG = "the last egg was taken"


@contextmanager
def on_table(game: DrachenlandGame, state: DrachenlandState) -> Iterator[None]:
    """Let the rules' functions read ``state`` as the game's table for a while (nothing memoized stays)."""
    saved = game.state
    game.state = state
    forget_table(game)
    try:
        yield
    finally:
        game.state = saved
        forget_table(game)


def place_turn(game: DrachenlandGame, s: DrachenlandState, position: dict[str, Any]) -> None:
    """Set whose turn and which decision from ``position`` (the defaults of :mod:`.position`)."""
    players, first = s.players, game.options["first_player"]
    seats_in = [any(where.values()) for where in s.positions]
    s.turn = read_int(position["turn"], "turn", 0, most_turns(game)) if "turn" in position else int(any(seats_in))
    if s.turn == 0:
        s.opening_index = read_int(position.get("opened", sum(seats_in)), "opened", 0, players - 1)
        s.active = (first + s.opening_index) % players
    else:
        s.opening_index = read_int(position.get("opened", players), "opened", players, players)
        s.active = first
    if "active" in position:
        s.active = read_int(position["active"], "active", 0, players - 1)
    s.dice = read_dice(position.get("dice"), game._dice)
    chosen = position.get("chosen_die")
    s.chosen_die = None if chosen is None else read_int(chosen, "chosen_die", 0, 1)
    action = read_action(position.get("action"), game.board)
    s.step = None if action is None else read_step(game, s, action)
    die = None if s.step is None else s.step.die
    if "chosen_die" not in position:
        s.chosen_die = die
    s.used = read_used(position["used"]) if "used" in position else ([s.step.adventurer] if s.step is not None and die is not None else [])
    s.dice_used = (read_pair(position["dice_used"], "dice_used") if "dice_used" in position
                   else [i == die for i in range(2)])
    s.rerolled = read_bool(position.get("rerolled", False), "rerolled")
    s.eggs_left = sum(s.eggs.values())
    s.phase = read_choice(position["decision"], "decision", DECISIONS) if "decision" in position \
        else default_decision(game, s)
    s.revealing = read_choice(position.get("revealing", default_revealing(s)), "revealing", game.board.volcanoes,
                              none=True)
    reason = position.get("end_reason", LAST_EGG if s.phase == phase.OVER else None)
    need(reason is None or isinstance(reason, str), "end_reason", f"must be a text or null, got {reason!r:.40}")
    s.end_reason = reason
    read_tallies(game, s, position)


def most_turns(game: DrachenlandGame) -> int:
    """Return the highest ``turn`` of a position: :data:`~.position_read.MOST_TURNS` (the rules set no end but
    the last egg, DL-INT-30), or with a ``turn_cap`` the round after it, where the game stops."""
    cap = game.options["turn_cap"]
    return min(cap + 1, MOST_TURNS) if cap else MOST_TURNS


def read_tallies(game: DrachenlandGame, s: DrachenlandState, position: dict[str, Any]) -> None:
    """Read ``turns_played`` (at most the seats' turns before this one: ``turn * players - 1``) and each seat's
    ``flights`` and ``calls`` (together at most two a turn, a 4 on each die, and its baby dragons, its own
    and the pool's: DL-DRAGON-4..6, DL-BABY-1, D3)."""
    players = s.players
    s.turns_played = read_int(position.get("turns_played", max(0, s.turn - 1) * players), "turns_played", 0,
                              max(0, s.turn * players - 1))
    most = 2 * s.turn + own_tokens("baby_dragon") + game.board.pool.get("baby_dragon", 0)
    tallies = {}
    for key in ("flights", "calls"):
        seats = read_seats(position.get(key, getattr(s, key)), key, players)
        tallies[key] = [read_int(n, f"{key}.{i}", 0, most) for i, n in enumerate(seats)]
    for i, (flights, calls) in enumerate(zip(tallies["flights"], tallies["calls"])):
        need(flights + calls <= most, f"calls.{i}", f"a seat flies or calls a royal dragon with a 4 on a die or a "
             f"baby dragon (DL-DRAGON-4..6, DL-BABY-1): at most {most} times in {s.turn} turns, got {flights} "
             f"flights and {calls} calls")
    s.flights, s.calls = tallies["flights"], tallies["calls"]


def read_step(game: DrachenlandGame, s: DrachenlandState, action: dict[str, Any]) -> Step:
    """Return the action under way (``action``), its left-out keys from the table: the die chosen, its pips
    (the opening distance in turn 0), entering when the adventurer is off the board."""
    c = action["adventurer"]
    opening = s.turn == 0
    die = action.get("die", None if opening else s.chosen_die if s.chosen_die is not None else 0)
    if opening:
        value = game.board.opening_distances[s.players][s.opening_index]
    else:
        need(s.dice is not None and die is not None, "action.die",
             "an adventurer's action in a normal turn uses a die: name the dice and the die (DL-TURN-2)")
        value = s.dice[die]  # type: ignore[index]
    off = s.positions[s.active][c] is None
    return Step(c, die, action.get("die_value", value), action.get("entering", off), action.get("die_spent", False),
                action.get("walked", False), action.get("moved", False), action.get("stopped", False),
                action.get("takes", 0))


def default_revealing(s: DrachenlandState) -> str | None:
    """At a reveal, the face-down volcano the adventurer under way stands on (DL-MOVE-6)."""
    if s.phase != phase.REVEAL or s.step is None:
        return None
    return s.positions[s.active][s.step.adventurer]


def default_decision(game: DrachenlandGame, s: DrachenlandState) -> str:
    """The decision a table stands at when the position does not say it: the game's end with no egg left
    (DL-END-1); the opening's choice of adventurer (DL-OPEN-1); the roll without dice (DL-TURN-2); the
    movement phase of the action under way; else the choice of die or adventurer the dice leave."""
    if s.eggs_left == 0:
        return phase.OVER
    if s.step is not None:
        return phase.MOVEMENT
    if s.turn == 0:
        return phase.CHOOSE_ADVENTURER
    if s.dice is None:
        return phase.ROLL
    with on_table(game, s):
        usable = usable_dice(game)
    need(bool(usable), "dice", "no adventurer can use the dice left, so the turn is over (DL-TURN-2): name the "
         "next 'decision'")
    if len(usable) == 2:
        return phase.CHOOSE_DIE
    if s.chosen_die is None:
        s.chosen_die = usable[0]
    return phase.CHOOSE_ADVENTURER


# ---------------------------------------------------------------------------- what makes sense
def check_turn(game: DrachenlandGame, s: DrachenlandState) -> None:
    """Raise ``PositionError`` unless play could stand at ``s.phase`` with these turn fields on this table."""
    if s.turn == 0:
        check_opening(game, s)
    else:
        check_normal_turn(game, s)
    need(s.revealing is None or s.phase == phase.REVEAL, "revealing", "a token is being turned up only at the decision "
         "'reveal' (DL-MOVE-6)")
    if s.phase in (phase.ROLL, phase.REROLL, phase.REVEAL, phase.OVER):
        return
    with on_table(game, s):
        choices = game._legal_actions()
    need(bool(choices), "decision", f"{s.phase!r} offers no choice on this table")


def check_opening(game: DrachenlandGame, s: DrachenlandState) -> None:
    """DL-OPEN-1/2/6, DL-INT-7: in turn 0 the seats bring one adventurer each in, in order; nothing else."""
    players, first = s.players, game.options["first_player"]
    need(s.phase in OPENING_DECISIONS, "decision", f"in the opening round (turn 0) the decisions are "
         f"{', '.join(OPENING_DECISIONS)}: each seat only brings an adventurer in (DL-OPEN-1, DL-OPEN-6)")
    need(s.active == (first + s.opening_index) % players, "active", f"in the opening round the seats open in turn "
         f"from the start player {first} (DL-OPEN-2, DL-SETUP-9): after {s.opening_index}, seat "
         f"{(first + s.opening_index) % players} opens")
    for i in range(players):
        seat = (first + i) % players
        n = sum(node is not None for node in s.positions[seat].values())
        want = int(i < s.opening_index or (seat == s.active and s.phase == phase.REVEAL))
        need(n == want, f"adventurers.{seat}", f"in the opening round each seat that has opened has one adventurer "
             f"in and the others none (DL-OPEN-1): seat {seat} has {n}, {want} expected ({s.opening_index} opened)")
    need(s.dice is None and not any(s.dice_used) and not s.used and s.chosen_die is None and not s.rerolled, "dice",
         "no dice are rolled in the opening round (DL-OPEN-6)")
    untouched = all(not any(h.values()) for h in s.hoards) and not any(s.rings) and all(
        held[k] == own_tokens(k) for held in s.held for k in held)
    need(untouched, "hoards", "nothing is taken and no token is used in the opening round (DL-OPEN-6, DL-INT-7)")
    st = s.step
    if s.phase == phase.CHOOSE_ADVENTURER:
        need(st is None, "action", "the seat opening now has not chosen its adventurer yet (DL-OPEN-1)")
        return
    need(st is not None and st.die is None and st.entering, "action",
         "the opening walk is an adventurer brought in, with no die (DL-OPEN-2)")
    assert st is not None  # need() raised otherwise
    distance = game.board.opening_distances[players][s.opening_index]
    need(st.die_value == distance, "action.die_value", f"the seat opening now walks exactly {distance} (DL-OPEN-2)")
    where = s.positions[s.active][st.adventurer]
    if s.phase == phase.MOVEMENT:
        need(where is None and not st.walked, "action.walked", "the adventurer opening now is not in yet (DL-OPEN-1)")
    else:
        need(where is not None and where == s.revealing and where in s.face_down and st.walked, "revealing",
             "the token turned up is on the face-down volcano the opening walk reached (DL-INT-7, DL-MOVE-6)")


def check_normal_turn(game: DrachenlandGame, s: DrachenlandState) -> None:
    """Section 6: each decision with the dice, the adventurers used and the action under way it needs."""
    for seat, where in enumerate(s.positions):
        need(any(where.values()), f"adventurers.{seat}", f"seat {seat} has no adventurer on the board, but every "
             f"seat brought one in during the opening round (DL-OPEN-1, DL-MOVE-8)")
    cap = game.options["turn_cap"]
    capped = bool(cap) and s.turn > cap
    cap_text = f" or after the turn cap {cap} (not a rule, DL-INT-30)" if cap else ""
    need((s.phase == phase.OVER) == (s.eggs_left == 0 or capped), "decision",
         f"the game is over exactly when the last egg is taken (DL-END-1){cap_text}")
    if s.phase == phase.OVER:
        need(s.step is None, "action", "nothing is under way once the game is over (DL-INT-24)")
        return
    need(s.dice is not None or s.phase == phase.ROLL, "dice",
         f"the decision {s.phase!r} comes after the roll: name the dice (DL-TURN-2)")
    before = s.phase in (phase.ROLL, phase.FATE, phase.REROLL, phase.CHOOSE_DIE)
    need(not before or (not s.used and not any(s.dice_used)), "used",
         f"no adventurer has used a die yet at {s.phase!r} (DL-TURN-2)")
    need(len(s.used) == sum(s.dice_used), "dice_used", "each die used went to one adventurer (DL-TURN-3)")
    need(s.phase != phase.ROLL or (s.dice is None and not s.rerolled), "dice", "the dice are rolled now (DL-TURN-2)")
    need(not s.rerolled or s.phase not in (phase.ROLL, phase.FATE), "rerolled",
         "the fate token is played after the roll (DL-FATE-1)")
    need(s.phase != phase.FATE or s.held[s.active]["fate"] > 0, "tokens",
         "only a seat holding its fate token may reroll (DL-FATE-1, D4)")
    need(s.phase != phase.REROLL or s.rerolled, "rerolled", "the dice are rolled again after a fate token (DL-FATE-1)")
    if s.phase in IN_ACTION:
        check_action(game, s)
        return
    need(s.step is None, "action", f"no adventurer's action is under way at {s.phase!r} (DL-TURN-2)")
    if s.phase in (phase.CHOOSE_DIE, phase.CHOOSE_ADVENTURER):
        with on_table(game, s):
            usable = usable_dice(game)
        if s.phase == phase.CHOOSE_DIE:
            need(len(usable) == 2 and s.chosen_die is None, "decision", "a die is chosen when both are unused and "
                 "differ and each can be used (DL-TURN-2/3)")
        else:
            need(s.chosen_die in usable, "chosen_die", f"the die chosen is an unused one an adventurer can use "
                 f"(DL-TURN-2/3): {usable}")


def check_action(game: DrachenlandGame, s: DrachenlandState) -> None:
    """The action under way (DL-TURN-2/3, DL-INT-11): its die, its adventurer, and what its decision needs."""
    st = s.step
    need(st is not None, "action", f"the decision {s.phase!r} belongs to an adventurer's action: name it")
    assert st is not None and s.dice is not None
    need(st.die is not None and st.die == s.chosen_die and s.dice_used[st.die], "action.die",
         "the action's die is the die chosen, now used (DL-TURN-2)")
    need(st.die_value == s.dice[st.die], "action.die_value", f"the die shows {s.dice[st.die]}")  # type: ignore[index]
    need(bool(s.used) and s.used[-1] == st.adventurer, "used", f"the {st.adventurer} adventurer took the die last "
         "(DL-TURN-3)")
    where = s.positions[s.active][st.adventurer]
    need((where is None) == (st.entering and not st.walked), f"adventurers.{s.active}.{st.adventurer}",
         "the adventurer under way is off the board only while it has not walked in yet (DL-MOVE-3, DL-INT-9)")
    if s.phase == phase.REVEAL:
        need(where == s.revealing and where in s.face_down and st.moved, "revealing",
             "the token turned up is on the face-down volcano the adventurer has just reached (DL-MOVE-6): name "
             "it in 'revealing' (it stays face down until the pick)")
        return
    if s.phase == phase.MOVEMENT:
        need(not st.stopped, "action.stopped", "a forced stop ends the movement phase (DL-INT-13)")
        with on_table(game, s):
            more = options_left(game)
        need(more, "decision", "the movement phase would have ended by itself: nothing is left to do (DL-INT-11)")
        return
    need(where in game.board.eggs, "decision", "treasure is taken on a volcano (DL-TREASURE-1)")
    with on_table(game, s):
        left = takes(s, where, st.adventurer)  # type: ignore[arg-type]
        actions = treasure_actions(game) if s.phase == phase.TREASURE else []
    if s.phase == phase.TREASURE:
        need(any(a.kind != "skip" for a in actions), "decision", "nothing can be taken here, so the treasure phase "
             "would have been skipped (DL-TREASURE-1)")
        return
    need(st.takes > 0 and bool(left), "action.takes", "a magic hand follows a take, with something left to take "
         "(DL-HAND-1, DL-INT-21)")
    need(s.phase == phase.TAKE_AGAIN or s.held[s.active]["magic_hand"] > 0, "tokens",
         "the magic hand decision needs a magic hand (DL-HAND-1)")
