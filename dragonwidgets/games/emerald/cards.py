"""Gold and gem cards: dealing the mountain piles and taking a face-up card (EM-SETUP-7..10, EM-CARD-*).

A pile is a list of cards from bottom to top; its last card is the face-up one (EM-SETUP-9: the top
is turned up at setup, EM-CARD-2: the next one as soon as a card is taken), so "face down" is every
card but the last.
"""

from __future__ import annotations

import random

from .board import Board
from .state import GEM, GOLD, Card, EmeraldState


def deal_piles(board: Board, rng: random.Random) -> tuple[dict[str, dict[str, list[Card]]], list[Card]]:
    """Shuffle both decks and deal every mountain's gold and gem piles; return (piles, out of game).

    EM-SETUP-7: two separate decks; EM-SETUP-8/EM-REC-3: piles dealt M1..M9 with the sizes of the
    board file; EM-SETUP-10: the cards left over (2 gold + 2 gem) go back to the box unseen.
    """
    gold: list[Card] = list(board.gold_deck)
    gems: list[Card] = list(board.gem_deck)
    rng.shuffle(gold)
    rng.shuffle(gems)
    piles = {}
    for sq in board.mountains:
        g, m = board.pile_sizes[sq]
        piles[sq] = {GOLD: gold[:g], GEM: gems[:m]}
        del gold[:g], gems[:m]
    return piles, gold + gems


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


def take_card(state: EmeraldState, seat: int, square: str, pile: str) -> tuple[Card, Card | None]:
    """Give the face-up card of ``square``'s ``pile`` to ``seat``; return (card taken, card revealed).

    EM-CARD-1: the taker's choice of pile; EM-CARD-2: the next card is turned up (revealed is
    ``None`` when the pile is now empty); EM-CARD-5: gold lies face down in front of the taker;
    EM-CARD-6: gems face up. Raises ``IndexError`` if the pile is empty.
    """
    cards = state.piles[square][pile]
    card = cards.pop()
    hand = state.hands[seat]
    if pile == GOLD:
        hand.gold.append(card)  # type: ignore[arg-type]
    else:
        hand.gems[card] = hand.gems.get(card, 0) + 1  # type: ignore[index]
    return card, (cards[-1] if cards else None)


def card_dict(card: Card) -> dict[str, object]:
    """Return the JSON form of a card: ``{"kind": "gold", "value": 4}`` or ``{"kind": "gem", "gem": "gem_2"}``."""
    return {"kind": GOLD, "value": card} if isinstance(card, int) else {"kind": GEM, "gem": card}


def card_name(board: Board, card: Card) -> str:
    """Return a card's readable name, e.g. ``"gold 4"`` or ``"Ruby gem"``."""
    name = board.card_names.get(card)
    if name is None:  # a card outside the decks (a test position)
        name = f"gold {card}" if isinstance(card, int) else f"{board.gem_names[card]} gem"
    return name
