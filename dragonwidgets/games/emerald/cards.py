"""Gold and gem cards, the ``take_card`` decision: taking a face-up card of a mountain square (EM-CARD-*),
and with manual chance the ``reveal_card`` chance node: the card turned up under it, picked by hand.

A pile is a list of cards from bottom to top; its last card is the face-up one (EM-SETUP-9: the top
is turned up at setup, EM-CARD-2: the next one as soon as a card is taken), so "face down" is every
card but the last, and every card of the pile whose next card is due at a ``reveal_card`` node. The
piles are dealt at set-up (``setup.py``).

The hidden stock of a kind (gold or gem) is every face-down card of that kind on the board and the
cards of that kind boxed at set-up (EM-SETUP-10): a player cannot tell them apart, so with manual
chance the card turned up may be any of them, with probability count / total; the one picked changes
place with the card that would have come.
"""

from __future__ import annotations

from collections import Counter
from typing import cast

from dragonwidgets.engine import Action, Event

from . import events
from .actions import reveal_action, take_action
from .board import Board
from .state import GEM, GOLD, REVEAL_CARD, Card, EmeraldState, Rules


def has_face_up_card(state: EmeraldState, square: str) -> bool:
    """Check if ``square`` is a mountain square with at least one face-up card (EM-CARD-1, EM-CARD-3)."""
    piles = state.piles.get(square)
    return bool(piles and (piles[GOLD] or piles[GEM]))


def card_actions(state: EmeraldState, board: Board) -> list[Action]:
    """Return the ``take_card`` actions: the face-up card of either pile of the square where the
    active player's knight ended, gold first (EM-CARD-1)."""
    square, seat = state.destination, state.active
    piles = state.piles[square]  # type: ignore[index]
    out = []
    for pile in (GOLD, GEM):
        cards = piles[pile]
        if cards:
            out.append(take_action(pile, card_name(board, cards[-1]), square, seat))
    return out


def take_card(state: EmeraldState, rules: Rules, pile: str, ev: list[Event], *, reveal: bool = True) -> Card:
    """The active player takes the face-up card of ``pile`` on the knight's square; report it in ``ev``
    (the card, then the one turned up under it) and return the card taken.

    EM-CARD-1: the taker's choice of pile; EM-CARD-2: the next card is turned up (``reveal=False``
    leaves it face down, for :func:`reveal_card`); EM-CARD-5: gold lies face down in front of the taker;
    EM-CARD-6: gems face up; EM-CARD-4: the turn will end. Raises ``IndexError`` if the pile is empty.
    """
    square, seat = state.destination, state.active
    cards = state.piles[square][pile]  # type: ignore[index]
    card = cards.pop()
    hand = state.hands[seat]
    if pile == GOLD:
        hand.gold.append(cast(int, card))  # a gold pile holds gold values
    else:
        gem = cast(str, card)  # a gem pile holds gem ids
        hand.gems[gem] = hand.gems.get(gem, 0) + 1
    state.card_taken = True
    board = rules.board
    ev.append(events.card_taken(rules.names[seat], card_name(board, card), square, pile, card))
    if cards and reveal:
        ev.append(events.card_revealed(pile, square, card_name(board, cards[-1]), cards[-1]))
    return card


def is_revealing(state: EmeraldState, square: str, pile: str) -> bool:
    """Check if ``square``'s ``pile`` waits at a ``reveal_card`` node for its next card (all face down)."""
    return state.phase == REVEAL_CARD and state.destination == square and state.revealing == pile


def face_down(state: EmeraldState, square: str, pile: str) -> list[Card]:
    """Return the face-down cards of ``square``'s ``pile``, bottom to top (EM-SETUP-9, EM-CARD-2)."""
    cards = state.piles[square][pile]
    return list(cards) if is_revealing(state, square, pile) else cards[:-1]


def is_of_kind(card: Card, kind: str) -> bool:
    """Check if ``card`` is a ``kind`` card: a gold card is its value (int), a gem card its type (str)."""
    return isinstance(card, int) == (kind == GOLD)


def hidden_stock(state: EmeraldState, kind: str) -> Counter:
    """Return card -> count over the ``kind`` cards nobody sees: face down in the piles, or boxed (EM-SETUP-10)."""
    stock: Counter = Counter()
    for square in state.piles:
        stock.update(face_down(state, square, kind))
    stock.update(c for c in state.out_of_game if is_of_kind(c, kind))
    return stock


def reveal_outcomes(state: EmeraldState, board: Board) -> list[Action]:
    """Return the ``reveal_card`` chance outcomes: each distinct card of the hidden stock of the due
    pile's kind, with probability count / total (EM-CARD-2, EM-SETUP-7/10)."""
    pile, square = state.revealing, state.destination
    stock = hidden_stock(state, pile)  # type: ignore[arg-type]
    total = sum(stock.values())
    return [reveal_action(pile, card, card_name(board, card), square, n / total)
            for card, n in sorted(stock.items())]


def reveal_card(state: EmeraldState, rules: Rules, card: Card, ev: list[Event]) -> None:
    """Turn up ``card`` as the next card of the due pile (EM-CARD-2); report it in ``ev``.

    The card comes from where it lies in the hidden stock (this pile, then the face-down cards of
    the piles M1..M9, then the box) and changes place with the pile's top card, so no card is
    created or lost. Raises ``ValueError`` if no such card is hidden.
    """
    pile, square = state.revealing, state.destination
    cards = state.piles[square][pile]  # type: ignore[index]
    if cards[-1] != card:
        place, i = _hidden_place_of(state, card, pile)  # type: ignore[arg-type]
        place[i], cards[-1] = cards[-1], place[i]
    state.revealing = None
    ev.append(events.card_revealed(pile, square, card_name(rules.board, card), card))


def _hidden_place_of(state: EmeraldState, card: Card, kind: str) -> tuple[list[Card], int]:
    """Return (the list, the index) where a hidden ``kind`` card equal to ``card`` lies."""
    here = state.piles[state.destination][kind]  # type: ignore[index]
    places = [here] + [piles[kind] for piles in state.piles.values() if piles[kind] is not here]
    for place in places:
        for i in range(len(place) - 1 if place is not here else len(place)):
            if place[i] == card and is_of_kind(place[i], kind):
                return place, i
    for i, c in enumerate(state.out_of_game):
        if c == card and is_of_kind(c, kind):
            return state.out_of_game, i
    raise ValueError(f"no hidden {kind} card {card!r} to turn up")


def card_dict(card: Card) -> dict[str, object]:
    """Return the JSON form of a card: ``{"kind": "gold", "value": 4}`` or ``{"kind": "gem", "gem": "gem_2"}``."""
    return {"kind": GOLD, "value": card} if isinstance(card, int) else {"kind": GEM, "gem": card}


def card_name(board: Board, card: Card) -> str:
    """Return a card's readable name, e.g. ``"gold 4"`` or ``"Ruby gem"``."""
    name = board.card_names.get(card)
    if name is None:  # a card outside the decks (a test position)
        name = f"gold {card}" if isinstance(card, int) else f"{board.gem_names[card]} gem"
    return name
