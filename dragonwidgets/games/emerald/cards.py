"""Gold and gem cards, the ``take_card`` decision: taking a face-up card of a mountain square (EM-CARD-*).

A pile is a list of cards from bottom to top; its last card is the face-up one (EM-SETUP-9: the top
is turned up at setup, EM-CARD-2: the next one as soon as a card is taken), so "face down" is every
card but the last. The piles are dealt at set-up (``setup.py``).
"""

from __future__ import annotations

from dragonwidgets.engine import Action, Event

from . import events
from .actions import take_action
from .board import Board
from .state import GEM, GOLD, Card, EmeraldState, Rules


def has_face_up_card(state: EmeraldState, square: str) -> bool:
    """Check if ``square`` is a mountain square with at least one face-up card (EM-CARD-1, EM-CARD-3)."""
    piles = state.piles.get(square)
    return bool(piles and (piles[GOLD] or piles[GEM]))


def takeable_piles(state: EmeraldState, square: str) -> list[str]:
    """Return the piles of ``square`` whose face-up card may be taken, gold first (EM-CARD-1)."""
    piles = state.piles.get(square)
    if not piles:
        return []
    return [p for p in (GOLD, GEM) if piles[p]]


def card_actions(state: EmeraldState, board: Board) -> list[Action]:
    """Return the ``take_card`` actions: the face-up card of either pile of the square where the
    active player's knight ended, gold first (EM-CARD-1)."""
    square = state.destination
    piles = state.piles[square]  # type: ignore[index]
    return [take_action(pile, card_name(board, piles[pile][-1]), square, state.active)  # type: ignore[arg-type]
            for pile in takeable_piles(state, square)]  # type: ignore[arg-type]


def take_card(state: EmeraldState, rules: Rules, pile: str, ev: list[Event]) -> Card:
    """The active player takes the face-up card of ``pile`` on the knight's square; report it in ``ev``
    (the card, then the one turned up under it) and return the card taken.

    EM-CARD-1: the taker's choice of pile; EM-CARD-2: the next card is turned up; EM-CARD-5: gold
    lies face down in front of the taker; EM-CARD-6: gems face up; EM-CARD-4: the turn will end.
    Raises ``IndexError`` if the pile is empty.
    """
    square, seat = state.destination, state.active
    cards = state.piles[square][pile]  # type: ignore[index]
    card = cards.pop()
    hand = state.hands[seat]
    if pile == GOLD:
        hand.gold.append(card)  # type: ignore[arg-type]
    else:
        hand.gems[card] = hand.gems.get(card, 0) + 1  # type: ignore[index]
    state.card_taken = True
    board = rules.board
    ev.append(events.card_taken(rules.names[seat], card_name(board, card), square, pile, card))  # type: ignore[arg-type]
    if cards:
        ev.append(events.card_revealed(pile, square, card_name(board, cards[-1]), cards[-1]))  # type: ignore[arg-type]
    return card


def card_dict(card: Card) -> dict[str, object]:
    """Return the JSON form of a card: ``{"kind": "gold", "value": 4}`` or ``{"kind": "gem", "gem": "gem_2"}``."""
    return {"kind": GOLD, "value": card} if isinstance(card, int) else {"kind": GEM, "gem": card}


def card_name(board: Board, card: Card) -> str:
    """Return a card's readable name, e.g. ``"gold 4"`` or ``"Ruby gem"``."""
    name = board.card_names.get(card)
    if name is None:  # a card outside the decks (a test position)
        name = f"gold {card}" if isinstance(card, int) else f"{board.gem_names[card]} gem"
    return name
