"""Redeal what one seat cannot see, for search copies (``ChasseGame._resample_hidden``, digest section 7).

**Resampled** (identities and order, from the cards ``seat`` has not seen):

- the board piles' cards (CD-BOARD-6), except the top card while it is revealed in an encounter
  (CD-ENC-1); every pile keeps its size, which is public;
- the cards of the opponents' backpacks and vaults, which are face down (CD-ZONE-1, CD-ZONE-3,
  CD-ZONE-7); each zone keeps its number of cards and gets wealth cards only (orc .. giant: goblins
  are never wealth, CD-ZONE-9, and a dragon won ends the game, CD-END-1). Once the game is over every
  board is shown, so only the piles and the removed cards are redealt then;
- which wealth cards were removed from the game (a lost backpack is emptied face down, CD-ENC-9),
  their number kept.

**Treated as known** (kept as they are), a simplification to keep in mind:

- the exact number of cards in every zone of every seat. The seat really sees only a thickness
  bucket of an opponent's backpack, vault, cage and dungeon (CD-ZONE-7, CD-INT-23); sampling counts
  consistent with the buckets would need a model of the whole history, so the true counts are kept
  (a search copy knows how many cards an opponent carries, never which);
- the goblins: cage, dungeon and pantry goblins are face up, and every goblin that leaves the game
  does so in public (fuel, decoys, lost cages), so the removed goblins are kept too;
- everything else in ``observation(seat)``: positions, camps, equipment, pantries, the fight, the
  dice, the seat's own board.

What a player remembers from the log (a card seen going under a pile, the "CONSEIL") is not used:
only the observation counts, as the engine's interface asks.

**Sampling**: the hidden cards are pooled and sorted into a canonical order (by type) before any
shuffle, and the slots are filled in a canonical order (piles by square, top to bottom, then each
opponent's backpack and vault in seat order, then the removed cards), so the result depends only on
what ``seat`` sees and on ``rng``. The wealth-only slots take a uniformly drawn ordered sample of the
pooled wealth cards; the rest is shuffled into the pile slots. Every arrangement of the pooled cards
that respects these constraints is equally likely.
"""

from __future__ import annotations

import random
from collections import Counter

from .setup import TYPE_ORDER
from .state import OVER, ChasseState

#: What a face-down zone can hold while the game goes on (CD-ZONE-9, CD-END-1).
ZONE_CARDS = frozenset({"orc", "ogre", "troll", "giant"})
_RANK = {t: i for i, t in enumerate(TYPE_ORDER)}


def canonical(cards: list[str]) -> list[str]:
    """Return ``cards`` sorted by type, weakest first: the order every pool is put in before a shuffle.

    >>> canonical(["troll", "goblin", "orc", "goblin"])
    ['goblin', 'goblin', 'orc', 'troll']
    """
    return sorted(cards, key=_RANK.__getitem__)


def _expand(zone: dict[str, int]) -> list[str]:
    return [t for t, n in zone.items() for _ in range(n)]


def resample_hidden(state: ChasseState, seat: int, rng: random.Random) -> None:
    """Redeal, in place, every card ``seat`` cannot see (see the module docstring), using only ``rng``.

    ``state`` is a search copy's state; the seat's observation, every zone's size, every pile's
    size and the multiset of all cards are unchanged.

    Raises:
        ValueError: ``seat`` is not a seat of ``state``.
    """
    if not 0 <= seat < state.players:
        raise ValueError(f"seat must be 0..{state.players - 1}, got {seat}")
    here = state.positions[state.active]
    revealed_pile = here if state.revealed and state.piles.get(here) else None  # type: ignore[arg-type]
    squares = sorted(state.piles)
    # The slots, in canonical order: (square, first hidden index) for the piles...
    pile_slots = [(sq, 1 if sq == revealed_pile else 0) for sq in squares]
    pool = [c for sq, start in pile_slots for c in state.piles[sq][start:]]
    # ... and the wealth-only slots: (seat, zone name, size) of the opponents' face-down zones.
    zones = []
    if state.phase != OVER:
        zones = [(i, name, sum(getattr(state.boards[i], name).values()))
                 for i in range(state.players) if i != seat for name in ("backpack", "vault")]
        for i, name, _ in zones:
            pool += _expand(getattr(state.boards[i], name))
    removed_wealth = {t: n for t, n in state.removed.items() if t in ZONE_CARDS}
    pool += _expand(removed_wealth)

    wealth = canonical([c for c in pool if c in ZONE_CARDS])
    rest = [c for c in pool if c not in ZONE_CARDS]
    rng.shuffle(wealth)
    wealth_slots = sum(n for _, _, n in zones) + sum(removed_wealth.values())
    dealt, spare = iter(wealth[:wealth_slots]), wealth[wealth_slots:]

    for i, name, n in zones:
        setattr(state.boards[i], name, dict(Counter(next(dealt) for _ in range(n))))
    new_removed = {t: n for t, n in state.removed.items() if t not in ZONE_CARDS}
    for t, n in Counter(next(dealt) for _ in range(sum(removed_wealth.values()))).items():
        new_removed[t] = n
    state.removed = new_removed

    cards = canonical(spare + rest)
    rng.shuffle(cards)
    k = 0
    for sq, start in pile_slots:
        pile = state.piles[sq]
        n = len(pile) - start
        pile[start:] = cards[k:k + n]
        k += n
