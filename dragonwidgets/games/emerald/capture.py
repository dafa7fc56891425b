"""The dragon's capture, the ``choose_victim`` and ``pay_or_lose`` decisions: choosing the victim,
soothing the dragon with gold, or losing the knight.

EM-CAPTURE-*, EM-SOOTHE-*. Knights of one colour on one square are interchangeable (EM-INT-24), so
a victim is a colour. When knights of that colour there have and have not moved this turn, the
captured one is taken to be one that has moved: only the active player's knights carry that mark,
that player chooses the victim, and the choice is weakly best for them (the unmoved one may still
be the turn's second knight).
"""

from __future__ import annotations

from dragonwidgets.engine import Action, Event

from . import events
from .actions import capture_action, lose_action, pay_action
from .board import NEST, Board
from .movement import add_one, mark_moved, remove_knight
from .state import EmeraldState, Pending, Rules


def victim_colours(state: EmeraldState, board: Board, square: str) -> list[str]:
    """Return the colours with a knight on ``square``, in board order (EM-CAPTURE-2..5, EM-P2-5)."""
    here = state.knights[square]
    return [c for c in board.colours if c in here]


def victim_actions(state: EmeraldState, rules: Rules) -> list[Action]:
    """Return the ``choose_victim`` actions: the dragon mover picks the colour of the knight captured
    where the dragon stopped (EM-CAPTURE-4/5, EM-P2-5, EM-INT-24)."""
    square, mover = state.pending.square, state.active  # type: ignore[union-attr]
    names, owner = rules.names, state.colour_owner
    return [capture_action(c, square, names[owner[c]], mover, owner[c] == mover)
            for c in victim_colours(state, rules.board, square)]


def pay_actions(state: EmeraldState) -> list[Action]:
    """Return the ``pay_or_lose`` actions of the captured knight's owner: ``pay {value}`` for each
    distinct gold value held, then ``lose`` (EM-CAPTURE-6, EM-SOOTHE-1/2)."""
    pending = state.pending
    owner, colour, square = pending.victim_owner, pending.victim_colour, pending.square  # type: ignore[union-attr]
    out = []
    for value in sorted(set(state.hands[owner].gold)):  # type: ignore[index]
        out.append(pay_action(value, colour, square, owner))
    out.append(lose_action(colour, square, owner))
    return out


def capture_knight(state: EmeraldState, rules: Rules, square: str, colour: str, ev: list[Event]) -> bool:
    """Capture a ``colour`` knight on ``square``; report it in ``ev``; return whether its owner may pay.

    EM-CAPTURE-3..6: its owner now decides, pay or lose; an owner without a gold card must lose it
    (reported too). Counts the capture in ``state.captured`` (a measure, whether the knight is then
    kept or lost).
    """
    owner = state.owner(colour)
    state.pending = Pending(square, colour, owner)
    if state.captured:
        state.captured[owner] += 1
    name = rules.names[owner]
    ev.append(events.knight_captured(square, colour, name, owner))
    if state.hands[owner].gold:
        return True
    ev.append(events.no_gold(name))
    return False


def soothe_dragon(state: EmeraldState, rules: Rules, value: int, ev: list[Event]) -> None:
    """The captured knight's owner gives the dragon one gold card of ``value``; the knight stays.

    EM-SOOTHE-1/2: exactly one gold card, chosen by the owner, removed from the game;
    EM-SOOTHE-3, EM-INT-17: the knight stays and moves normally; with ``soothed_knight_may_move``
    off, an unmoved knight of the active player soothed now may not move again this turn.
    EM-SOOTHE-4, EM-INT-18: the event tells the value to its owner only, unless ``show_paid_gold``.
    Raises ``ValueError`` if the owner holds no gold card of that value.
    """
    pending = state.pending
    assert pending is not None and pending.victim_owner is not None and pending.victim_colour is not None
    owner = pending.victim_owner
    hand = state.hands[owner]
    hand.gold.remove(value)
    hand.paid.append(value)
    colour, square = pending.victim_colour, pending.square
    if (not rules.soothed_knight_may_move and owner == state.active
            and not state.moved.get(square, {}).get(colour)):
        mark_moved(state, square, colour)
    ev.append(events.dragon_paid(rules.names[owner], owner, value, colour, square,
                                 rules.show_paid_gold))


def lose_knight(state: EmeraldState, ev: list[Event]) -> None:
    """The captured knight goes to the nest, out of the game (EM-CAPTURE-6/7); reported in ``ev``."""
    pending = state.pending
    assert pending is not None and pending.victim_colour is not None
    remove_knight(state, pending.square, pending.victim_colour)
    add_one(state.knights[NEST], pending.victim_colour)
    ev.append(events.knight_lost(pending.victim_colour, pending.square))
