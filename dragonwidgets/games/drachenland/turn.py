"""A normal turn's dice and adventurers: which die next, which adventurer takes it, the end of the turn.

DL-TURN-1..5, DL-INT-8/9/30. After the roll (:mod:`.roll`) the seat chooses a die (``die {value}``,
only when the two unused dice differ), then the adventurer that takes it (``move {colour}`` or
``enter {colour}``), whose movement phase follows (:mod:`.movement_phase`); when its action is over,
:func:`next_choice` offers the other die, or ends the turn and passes the dice to the next seat.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from dragonwidgets.engine import Action, Event

from .board import COLOURS
from .movement import can_enter
from .scoring import end_game
from .state import CHOOSE_ADVENTURER, CHOOSE_DIE, MOVEMENT, ROLL, Step

if TYPE_CHECKING:
    from .game import DrachenlandGame

_CACHE = 1 << 15  # records kept per choice builder (see ``movement_phase``: building one costs more than the rules)
END_BOTH = "End the turn, leaving the dice unused"  # from the choice of die


# ---------------------------------------------------------------------------- the dice left
def dice_left(game: DrachenlandGame) -> int:
    """Return how many of the two dice are still unused this turn (DL-TURN-2)."""
    return game.state.dice_used.count(False)


def usable_dice(game: DrachenlandGame) -> list[int]:
    """Return the indices of the unused dice with at least one adventurer to use them, one per distinct value.

    DL-TURN-3: an adventurer not used yet this turn takes it, standing on the board or entering
    (DL-INT-9: only if it can reach an end space). Two dice (DL-TURN-2): the second is left out
    when it shows the value of the first and the first is offered.
    """
    s = game.state
    dice = s.dice
    if not dice:
        return []
    used, where = s.used, s.positions[s.active]
    on_board = free = False
    for c in COLOURS:
        if c not in used:
            free = True
            if where[c] is not None:
                on_board = True
                break
    if not free:
        return []
    (a, b), (a_used, b_used) = dice, s.dice_used
    out = []
    if not a_used and (on_board or can_enter(game, a)):
        out.append(0)
    if not b_used and not (out and b == a) and (on_board or can_enter(game, b)):
        out.append(1)
    return out


# ---------------------------------------------------------------------------- choosing the die
def die_actions(game: DrachenlandGame) -> list[Action]:
    """DL-TURN-2/3, DL-INT-8: choose which die to use next, or forfeit the dice left.

    The choice is offered when both dice are unused, differ and can each be used (:func:`next_choice`;
    a position is checked to say so), so it is the same for every such roll: :func:`die_choices`.
    """
    s = game.state
    a, b = s.dice  # type: ignore[misc]
    return die_choices(s.active, a, b, game.options["forfeit_dice"])


@lru_cache(maxsize=_CACHE)
def die_choices(seat: int, a: int, b: int, forfeit: bool) -> list[Action]:
    """``die {a}``, ``die {b}`` and, with the ``forfeit_dice`` option, ``end turn`` (shared: read only)."""
    out = [die_action(seat, 0, a), die_action(seat, 1, b)]
    if forfeit:
        out.append(end_turn_action(seat, END_BOTH))
    return out


def choose_die(game: DrachenlandGame, value: int) -> None:
    """Use the unused die showing ``value`` next (DL-TURN-2/3); its adventurer is chosen next."""
    s = game.state
    # offered only when both dice are unused and differ (``next_choice``)
    s.chosen_die = 0 if s.dice[0] == value and not s.dice_used[0] else 1  # type: ignore[index]
    s.phase = CHOOSE_ADVENTURER


# ---------------------------------------------------------------------------- choosing the adventurer
def adventurer_actions(game: DrachenlandGame) -> list[Action]:
    """DL-TURN-2/3, DL-MOVE-3, DL-INT-8/9: the adventurer for the chosen die, or the end of the turn.

    An adventurer not used this turn: on the board (``move``), or off it when it could walk in
    (``enter``). The opening round's choice is :func:`.opening.enter_actions`.
    """
    s = game.state
    p = s.active
    d = s.dice[s.chosen_die]  # type: ignore[index]
    used, where = s.used, s.positions[p]
    out = []
    for c in COLOURS:
        if c in used:
            continue
        here = where[c]
        if here is not None:
            out.append(move_action(p, c, d, here))
        elif can_enter(game, d):
            out.append(enter_action(p, c, d))
    if game.options["forfeit_dice"] or not out:
        out.append(end_turn_for_die(p, d, dice_left(game)))
    return out


def choose_adventurer(game: DrachenlandGame, colour: str, ev: list[Event]) -> None:
    """DL-TURN-2/3: the ``colour`` adventurer takes the chosen die; its movement phase begins.

    An adventurer whose only option is to stay (DL-MOVE-2) then moves 0 at once, as any movement
    phase with no choice left ends by itself (DL-INT-11, ``movement_phase.may_end``).
    """
    s = game.state
    p, i = s.active, s.chosen_die
    here = s.positions[p][colour]
    entering = here is None
    die = s.dice[i]  # type: ignore[index]
    s.dice_used[i] = True  # type: ignore[index]
    s.used.append(colour)
    s.step = Step(colour, i, die, entering=entering)
    ev.append(chosen_event(game.player_name(p), colour, die, here))
    s.phase = MOVEMENT


# ---------------------------------------------------------------------------- after an action
def next_choice(game: DrachenlandGame, ev: list[Event]) -> None:
    """DL-TURN-2 (3, 4, 5): the next die and adventurer, or the end of the turn."""
    s = game.state
    s.step = None
    usable = usable_dice(game)
    if not usable:
        end_turn(game, ev)
    elif len(usable) == 2:
        s.chosen_die = None
        s.phase = CHOOSE_DIE
    else:
        s.chosen_die = usable[0]
        s.phase = CHOOSE_ADVENTURER


def forfeit_dice(game: DrachenlandGame, ev: list[Event]) -> None:
    """DL-TURN-5, DL-INT-8: ``end turn``, leaving the dice left unused."""
    ev.append(turn_ended_event(game.player_name(game.state.active), dice_left(game) == 1))
    end_turn(game, ev)


def end_turn(game: DrachenlandGame, ev: list[Event]) -> None:
    """DL-TURN-1: clockwise to the next seat; a new round after the last seat (and the turn cap, DL-INT-30)."""
    s = game.state
    s.step = None
    s.chosen_die = None
    s.used = []
    s.dice = None
    s.dice_used = [False, False]
    s.rerolled = False
    s.turns_played += 1
    s.active = (s.active + 1) % game.players
    if s.active == s.first_player:
        s.turn += 1
        cap = game.options["turn_cap"]
        if cap and s.turn > cap:
            end_game(game, f"the turn cap of {cap} rounds was reached (not a rule, DL-INT-30)", ev)
            return
    s.phase = ROLL


# ---------------------------------------------------------------------------- the log (shared events)
@lru_cache(maxsize=_CACHE)
def chosen_event(name: str, colour: str, die: int, here: str | None) -> Event:
    """The log of seat ``name`` giving the die ``die`` to its ``colour`` adventurer on ``here`` (None: entering).

    Cached, as the other frequent events: a shared event, never mutated; at most 4 names x 3 colours x
    the dice's faces x the spaces.
    """
    what = "to bring it in" if here is None else f"on {here}"
    return Event("adventurer_chosen", f"{name} give the die {die} to their {colour} adventurer {what}.",
                 data={"colour": colour, "die": die})


@lru_cache(maxsize=1 << 4)
def turn_ended_event(name: str, one_die: bool) -> Event:
    """The log of seat ``name`` ending its turn with one die (``one_die``) or both unused (shared, never mutated)."""
    return Event("turn_ended", f"{name} end their turn, leaving {'a die' if one_die else 'the dice'} unused.")


# ---------------------------------------------------------------------------- the choices, worded
@lru_cache(maxsize=_CACHE)
def die_action(seat: int, index: int, value: int) -> Action:
    """DL-TURN-2/3: ``die {value}``, use the die ``index`` next."""
    return Action(f"die {value}", f"Use the die showing {value} next", seat, "choose_die", (f"die/{index}",),
                  ("DL-TURN-2", "DL-TURN-3"))


@lru_cache(maxsize=_CACHE)
def end_turn_action(seat: int, label: str) -> Action:
    """DL-TURN-5, DL-INT-8: ``end turn``, leaving the dice left unused (``label`` says which)."""
    return Action("end turn", label, seat, "end_turn", (), ("DL-TURN-5", "DL-INT-8"))


@lru_cache(maxsize=_CACHE)
def end_turn_for_die(seat: int, die: int, dice_left: int) -> Action:
    """``end turn`` at the choice of adventurer for the die ``die`` (``dice_left``: 1 or 2 unused)."""
    return end_turn_action(seat, f"End the turn, leaving the die {die} unused" if dice_left == 1
                           else "End the turn, leaving both dice unused")


@lru_cache(maxsize=_CACHE)
def move_action(seat: int, colour: str, die: int, here: str) -> Action:
    """DL-TURN-2/3: ``move {colour}``, give the die to the adventurer standing on ``here``."""
    return Action(f"move {colour}", f"Give the die {die} to your {colour} adventurer on {here}", seat,
                  "choose_adventurer", (f"adv/{seat}/{colour}",), ("DL-TURN-2", "DL-TURN-3"))


@lru_cache(maxsize=_CACHE)
def enter_action(seat: int, colour: str, die: int) -> Action:
    """DL-MOVE-3, DL-INT-9: ``enter {colour}``, bring the adventurer in with the die."""
    return Action(f"enter {colour}", f"Bring your {colour} adventurer in with the die {die}", seat,
                  "choose_adventurer", (f"adv/{seat}/{colour}",), ("DL-MOVE-3", "DL-INT-9"))
