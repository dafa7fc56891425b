"""One turn, step by step (digest section 6.2, EM-TURN-*): each decision applied, then what follows it.

A turn: ``select_knight`` moves a knight (``movement.py``); it enters the lair, or stops on a
mountain square where ``take_card`` takes a card (``cards.py``, ``bonus.py``); a knight that ended
beside the flight track or on the dragon's square wakes the dragon, the ``dragon_roll`` chance node
flies it (``dragon.py``) and it captures where it stops (``capture.py``: ``choose_victim``,
``pay_or_lose``); the track advances; then the turn goes on with a second knight (or ``end_turn``)
or passes to the left neighbour. The end of the game (``ending.py``) can come at any step.

Every function takes the state, the game's :class:`~.state.Rules` and the list of events to report
into. ``EmeraldGame._apply`` hands each legal action to one of them: ``select_knight``,
``stop_after_one_knight`` (the ``end turn`` action), ``take_card``, ``reveal_card``, ``roll_dragon``,
``choose_victim``, ``pay_dragon`` and ``lose_knight``; the others are the automatic steps between.
"""

from __future__ import annotations

from dragonwidgets.engine import Event

from . import bonus, capture, cards, dragon, ending, events, movement
from .board import LAIR
from .state import (
    CHOOSE_VICTIM,
    DRAGON_ROLL,
    GEM,
    KNIGHTS_PER_TURN,
    PAY_OR_LOSE,
    REVEAL_CARD,
    SELECT_KNIGHT,
    TAKE_CARD,
    Card,
    EmeraldState,
    Pending,
    Rules,
)


# ---------------------------------------------------------------- the active player's decisions
def select_knight(state: EmeraldState, rules: Rules, space: str, colour: str, ev: list[Event]) -> None:
    """Move a ``colour`` knight from ``space``, then resolve where it ended (EM-TURN-4): the lair
    (EM-LAIR-3/4/5: a treasure, no card, no dragon, the turn ends, EM-TURN-5), a face-up card to take
    first (EM-CARD-1, EM-DRAGON-2), or the dragon's trigger."""
    dest = movement.move_knight(state, rules, space, colour, ev)
    if dest == LAIR:
        movement.enter_lair(state, rules, colour, ev)
        if not ending.check_end(state, rules, ev):
            end_turn(state, rules, ev)
    elif cards.has_face_up_card(state, dest):
        state.phase = TAKE_CARD
    else:
        after_card(state, rules, ev)


def stop_after_one_knight(state: EmeraldState, rules: Rules, ev: list[Event]) -> None:
    """The ``end turn`` action: the active player moves no second knight (EM-TURN-2, EM-TURN-8)."""
    ev.append(events.turn_ended(rules.names[state.active]))
    end_turn(state, rules, ev)


def take_card(state: EmeraldState, rules: Rules, pile: str, ev: list[Event], *, by_hand: bool = False) -> None:
    """Take the face-up card of ``pile`` (EM-CARD-1/2/5/6); a gem may complete the four types
    (EM-BONUS-1, checked before the dragon, EM-INT-8); then the dragon's trigger.

    ``by_hand`` (manual chance): the card under the taken one is not turned up yet; the
    ``reveal_card`` chance node picks it (:func:`reveal_card`), after the bonus.
    """
    cards.take_card(state, rules, pile, ev, reveal=not by_hand)
    seat = state.active
    if pile == GEM and bonus.claim_four_different_gems(state, rules.board, seat):
        ev.append(events.bonus_taken(rules.names[seat], seat))
    if by_hand and state.piles[state.destination][pile]:  # type: ignore[index]
        state.phase, state.revealing = REVEAL_CARD, pile
    else:
        after_card(state, rules, ev)


def reveal_card(state: EmeraldState, rules: Rules, card: Card, ev: list[Event]) -> None:
    """The ``reveal {pile} {card}`` chance outcome (manual chance): ``card`` is turned up under the
    taken one (EM-CARD-2); then the dragon's trigger."""
    cards.reveal_card(state, rules, card, ev)
    after_card(state, rules, ev)


def after_card(state: EmeraldState, rules: Rules, ev: list[Event]) -> None:
    """Wake the dragon iff the knight ended beside the flight track or on the dragon's square
    (EM-DRAGON-2/3); otherwise the turn goes on or ends."""
    square = state.destination
    if dragon.triggers_dragon(state, rules.board, square):  # type: ignore[arg-type]
        state.phase = DRAGON_ROLL
        ev.append(events.dragon_wakes(square))
    else:
        continue_turn(state, rules, ev)


# ---------------------------------------------------------------- the dragon and its capture
def roll_dragon(state: EmeraldState, rules: Rules, roll: int, ev: list[Event]) -> None:
    """The ``roll {n}`` chance outcome: the dragon flies (EM-DRAGON-4..7), then captures on the square
    where it stops only (EM-CAPTURE-1..5): nobody there, the one colour there, or the mover chooses."""
    square = dragon.move_dragon(state, rules, roll, ev)
    colours = capture.victim_colours(state, rules.board, square)
    if not colours:
        ev.append(events.no_capture(square))
        after_dragon(state, rules, ev)
    elif len(colours) == 1:
        choose_victim(state, rules, square, colours[0], ev)
    else:
        state.pending = Pending(square)
        state.phase = CHOOSE_VICTIM


def choose_victim(state: EmeraldState, rules: Rules, square: str, colour: str, ev: list[Event]) -> None:
    """Capture a ``colour`` knight on ``square``: its owner pays or loses it; an owner without gold
    loses it (EM-CAPTURE-3..6)."""
    if capture.capture_knight(state, rules, square, colour, ev):
        state.phase = PAY_OR_LOSE
    else:
        lose_knight(state, rules, ev)


def pay_dragon(state: EmeraldState, rules: Rules, value: int, ev: list[Event]) -> None:
    """The ``pay {value}`` action: one gold card leaves the game, the knight stays (EM-SOOTHE-1..4,
    EM-INT-17/18)."""
    capture.soothe_dragon(state, rules, value, ev)
    after_dragon(state, rules, ev)


def lose_knight(state: EmeraldState, rules: Rules, ev: list[Event]) -> None:
    """The ``lose`` action: the knight goes to the nest (EM-CAPTURE-7); EM-END-2 is checked at once
    (EM-INT-14)."""
    capture.lose_knight(state, ev)
    if not ending.check_end(state, rules, ev):
        after_dragon(state, rules, ev)


def after_dragon(state: EmeraldState, rules: Rules, ev: list[Event]) -> None:
    """The flight track advances once the capture is resolved (EM-TRACK-1..3, EM-INT-16); then the
    turn goes on, or ends with ``dragon_move_ends_turn`` (EM-INT-9)."""
    board = rules.board
    state.pending = None
    if dragon.advance_flight_track(state, board, carries_dragon=rules.track_carries_dragon):
        squares = board.track_positions[state.track]
        ev.append(events.track_advanced(state.track, board.square_at(squares[0]), board.square_at(squares[-1]),
                                        state.track == board.track_final))
    if rules.dragon_move_ends_turn:
        end_turn(state, rules, ev)
    else:
        continue_turn(state, rules, ev)


# ---------------------------------------------------------------- the turn goes on, or passes
def continue_turn(state: EmeraldState, rules: Rules, ev: list[Event]) -> None:
    """A card or the second knight ends the turn, a dragon move alone does not (EM-TURN-6/7/8,
    EM-CARD-4)."""
    if state.card_taken or state.knights_moved >= KNIGHTS_PER_TURN:
        end_turn(state, rules, ev)
    else:
        state.phase = SELECT_KNIGHT


def end_turn(state: EmeraldState, rules: Rules, ev: list[Event]) -> None:
    """The left neighbour plays (EM-TURN-1); a seat with no movable knight is skipped (EM-TURN-3,
    EM-INT-10); when no seat can move, the game ends."""
    state.moved.clear()  # EM-TURN-2: no knight has moved in the new turn
    state.knights_moved, state.turn_colour, state.card_taken, state.destination = 0, None, False, None
    state.phase = SELECT_KNIGHT
    players, board = state.players, rules.board
    for _ in range(players):
        state.active = (state.active + 1) % players
        state.turn += 1
        if movement.has_movable_knight(state, board, state.active):
            return
        ev.append(events.turn_skipped(rules.names[state.active]))
    ending.finish(state, rules, "no player has a knight that can move", ev)
