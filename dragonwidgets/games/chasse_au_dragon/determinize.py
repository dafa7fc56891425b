"""Redeal what one seat cannot see, for search copies (``ChasseGame._resample_hidden``, digest section 7).

**Resampled** (identities and order, from the cards ``seat`` has not seen):

- the board piles' cards (CD-BOARD-6), except the top card while it is revealed in an encounter
  (CD-ENC-1) and the dragons the setup fixes in a pile; every pile keeps its size, which is public;
- the cards of the opponents' backpacks and vaults, which are face down (CD-ZONE-1, CD-ZONE-3,
  CD-ZONE-7); each zone keeps its number of cards and gets wealth cards only (orc .. giant: goblins
  are never wealth, CD-ZONE-9, and a dragon won ends the game, CD-END-1). Once the game is over every
  board is shown, so only the piles and the removed cards are redealt then;
- which wealth cards were removed from the game (a lost backpack is emptied face down, CD-ENC-9),
  their number kept (it follows from the zone sizes, below).

**Treated as known** (kept as they are), a simplification to keep in mind:

- the exact number of cards in every zone of every seat, and so (the 124 cards and the public pile
  sizes being fixed) the number of cards out of the game. The seat really sees only a thickness
  bucket of an opponent's backpack, vault, cage and dungeon (CD-ZONE-7, CD-INT-23), and its
  observation carries no number of removed cards while the game goes on; sampling counts consistent
  with the buckets would need a model of the whole history, so the true counts are kept (a search
  copy knows how many cards an opponent carries, never which);
- the goblins: cage, dungeon and pantry goblins are face up (their type is no secret), so the
  removed goblins are kept too; how many left with a lost cage is part of the counts above;
- everything else in ``observation(seat)``: positions, camps, equipment, pantries, the fight, the
  dice, the seat's own board;
- the dragons the setup fixes in a pile (the bundled deal puts one in each centre pile, CD-REC-2):
  a dragon never leaves its pile while the game goes on (fled, tied or winning, it goes back under
  it; won, it ends the game, CD-END-1), so each such pile keeps its dragon, at a resampled depth.

Not enforced, a simplification: the deal's rings (CD-REC-2). Every card stays in the pile it was
dealt to until it is won, so a pile only ever holds cards of its ring's pool (no giant on the outer
ring); but which ring a face-down card or a removed card came from is unknown, and sampling exactly
under the rings' counts would need a table-counting algorithm. The other unseen cards are pooled
over the whole forest instead, so a search copy may put a giant on the outer ring.

What a player remembers from the log (a card seen going under a pile, the "CONSEIL") is not used:
only the observation counts, as the engine's interface asks.

**Sampling**: the hidden cards are pooled and sorted into a canonical order (by type) before any
shuffle, and the slots are filled in a canonical order (piles by square, top to bottom, then each
opponent's backpack and vault in seat order, then the removed cards), so the result depends only on
what ``seat`` sees and on ``rng``. The wealth-only slots take a uniformly drawn ordered sample of the
pooled wealth cards; the rest is shuffled into the pile slots; then each fixed dragon is put back at
a uniformly drawn depth of its pile's hidden part. Every arrangement of the pooled cards that
respects these constraints is equally likely.
"""

from __future__ import annotations

import random
from collections import Counter

from .setup import TYPE_ORDER, Setup
from .state import OVER, ChasseState, Square

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


def fixed_dragons(setup: Setup, state: ChasseState) -> dict[Square, int]:
    """Return ``{square: n}``: the dragons that are certainly in each pile now, public knowledge.

    The setup fixes them (``fixed_per_square`` of a ring, or the ``explicit_piles``, CD-REC-2), and
    a dragon leaves its pile only when it is won, which ends the game (CD-END-1): then the slayer's
    square has one fewer.
    """
    if setup.explicit_piles is not None:
        out = {sq: pile.count("dragon") for sq, pile in setup.explicit_piles.items()}
    else:
        out = {sq: ring.fixed_per_square.get("dragon", 0) for ring in setup.rings for sq in ring.squares}
    if state.dragon_slayer is not None:
        out[state.positions[state.dragon_slayer]] -= 1  # type: ignore[index]
    return {sq: n for sq, n in out.items() if n > 0}


def resample_hidden(state: ChasseState, setup: Setup, seat: int, rng: random.Random) -> None:
    """Redeal, in place, every card ``seat`` cannot see (see the module docstring), using only ``rng``.

    ``state`` is a search copy's state and ``setup`` its game's setup (for the fixed dragons); the
    seat's observation, every zone's size, every pile's size and the multiset of all cards are
    unchanged.

    Raises:
        ValueError: ``seat`` is not a seat of ``state``.
    """
    if not 0 <= seat < state.players:
        raise ValueError(f"seat must be 0..{state.players - 1}, got {seat}")
    here = state.positions[state.active]
    revealed = here if state.revealed and state.piles.get(here) else None  # type: ignore[arg-type]
    # The piles' hidden parts, by square in canonical order, without their fixed dragons.
    dragons = fixed_dragons(setup, state)
    if revealed is not None and state.piles[revealed][0] == "dragon" and dragons.get(revealed):
        dragons[revealed] -= 1  # the fixed dragon is the card shown
    hidden: dict[Square, list[str]] = {}
    for sq in sorted(state.piles):
        cards = state.piles[sq][1:] if sq == revealed else list(state.piles[sq])
        dragons[sq] = min(dragons.get(sq, 0), cards.count("dragon"))  # only a hand-built table has fewer
        for _ in range(dragons[sq]):
            cards.remove("dragon")
        hidden[sq] = cards
    pool = [c for cards in hidden.values() for c in cards]
    # The wealth-only slots: (seat, zone name, size) of the opponents' face-down zones, then the removed wealth.
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
    for sq, old in hidden.items():
        new = cards[k:k + len(old)]
        k += len(old)
        for _ in range(dragons.get(sq, 0)):
            new.insert(rng.randrange(len(new) + 1), "dragon")
        state.piles[sq][1 if sq == revealed else 0:] = new
