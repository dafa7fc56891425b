"""Redeal what one seat cannot see, for search on a copy of the game (digest section 7).

Hidden from a seat (and resampled here):

- the face-down cards of every mountain pile, identity and order (EM-SETUP-9; only the top card
  of a pile is face up, the pile's size is public; at a ``reveal_card`` node the due pile is all face
  down);
- the 2 gold and 2 gem cards boxed unseen at setup (EM-SETUP-10);
- the values of the other seats' gold cards (face down in front of their owner, EM-CARD-5; a seat
  sees only how many each holds), until the end of the game, when they are shown for scoring;
- the values the other seats paid to the dragon (EM-SOOTHE-4, EM-INT-18), unless the
  ``show_paid_gold`` option makes them public.

Everything else (knights, dragon, track, face-up cards, gems, treasures, bonuses, the seat's own gold
and payments) is public or the seat's own and stays as it is.

The unseen cards are the decks of the board file minus every card the seat sees. They are sorted
into a canonical order, shuffled with the caller's generator and dealt to the hidden places in a fixed
order (piles M1..M9, gold then gem, bottom to top; the box; then the other seats' gold in hand and
paid, seat by seat). So the result depends only on what the seat sees and on the generator: two
states that differ only in hidden cards give the same state. Every arrangement consistent with the
seat's observation is equally likely. Note the observation is what is used, not the log: a seat that
remembers the public log knows which gold values an opponent took; only the split between the gold it
still holds and the gold it paid is then really unknown.
"""

from __future__ import annotations

import random
from typing import Any, cast

from .board import Board
from .cards import face_down
from .state import GEM, GOLD, OVER, EmeraldState


def unseen_cards(state: EmeraldState, board: Board, seat: int, *, paid_gold_public: bool = False
                 ) -> tuple[list[int], list[str]]:
    """Return (gold values, gem types) that ``seat`` cannot see, each sorted (the canonical order).

    Raises:
        ValueError: the cards in the state do not add up to the board's decks (a hand-made position
            with cards from nowhere), so the unseen cards cannot be known.
    """
    over = state.phase == OVER
    gold_seen: list[int] = []
    gems_seen: list[str] = []
    for square, piles in state.piles.items():  # the face-up tops (EM-SETUP-9, EM-CARD-2)
        gold_seen += cast("list[int]", piles[GOLD][len(face_down(state, square, GOLD)):])  # gold values
        gems_seen += cast("list[str]", piles[GEM][len(face_down(state, square, GEM)):])  # gem ids
    for i, hand in enumerate(state.hands):
        for gem, n in hand.gems.items():  # gems lie face up (EM-CARD-6)
            gems_seen += [gem] * n
        if i == seat or over:
            gold_seen += hand.gold
        if i == seat or paid_gold_public:
            gold_seen += hand.paid
    gold, gems = sorted(board.gold_deck), sorted(board.gem_deck)
    try:
        for value in gold_seen:
            gold.remove(value)
        for gem in gems_seen:
            gems.remove(gem)
    except ValueError:
        raise ValueError("the cards in play do not add up to the board's decks: "
                         "cannot tell the unseen cards") from None
    return gold, gems


def resample_hidden(state: EmeraldState, board: Board, seat: int, rng: random.Random, *,
                    paid_gold_public: bool = False) -> None:
    """Replace, in place, every card ``seat`` cannot see by a uniformly shuffled deal of the unseen cards.

    ``paid_gold_public``: the game's ``show_paid_gold`` option (paid values are then public).
    Uses ``rng`` only (two shuffles).

    Raises:
        ValueError: as :func:`unseen_cards`, or the unseen cards do not fill the hidden places exactly;
            the state is then left unchanged.
    """
    unseen: dict[str, list[Any]] = dict(zip((GOLD, GEM), unseen_cards(state, board, seat, paid_gold_public=paid_gold_public)))
    for cards in unseen.values():
        rng.shuffle(cards)
    dealt = {GOLD: 0, GEM: 0}

    def deal(kind: str, n: int) -> list:
        start = dealt[kind]
        dealt[kind] = start + n
        if dealt[kind] > len(unseen[kind]):
            raise ValueError(f"more hidden {kind} places than unseen {kind} cards: the position is inconsistent")
        return unseen[kind][start:start + n]

    piles = {sq: {kind: deal(kind, len(hidden := face_down(state, sq, kind))) + cards[len(hidden):]
                  for kind, cards in two.items()}
             for sq, two in state.piles.items()}  # the face-down cards: all but the top of each pile
    boxed_gold = sum(isinstance(c, int) for c in state.out_of_game)
    box = deal(GOLD, boxed_gold) + deal(GEM, len(state.out_of_game) - boxed_gold)
    others = [i for i in range(state.players) if i != seat]
    gold_in_hand = {i: deal(GOLD, len(state.hands[i].gold)) for i in others if state.phase != OVER}
    paid = {i: deal(GOLD, len(state.hands[i].paid)) for i in others if not paid_gold_public}
    for kind, cards in unseen.items():
        if dealt[kind] != len(cards):
            left = len(cards) - dealt[kind]
            raise ValueError(f"{left} unseen {kind} card(s) left over: the position is inconsistent")
    state.piles, state.out_of_game = piles, box
    for i, values in gold_in_hand.items():
        state.hands[i].gold = values
    for i, values in paid.items():
        state.hands[i].paid = values
