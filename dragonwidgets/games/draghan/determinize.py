"""Resampling what nobody sees (digest section 7, "Sampling hidden orders"): ``DraghanGame._resample_hidden``.

Draghan is open: every seat sees the same table, and only the order of the face-down decks is hidden
(their contents can be inferred from the public card data and the public log). A search copy gets a
fresh order, uniformly random among the orders consistent with what the seats know:

- the encounter decks, the location deck of the Shadow Realm, the market deck and the character cards
  still to be dealt (``character_choice="random"``, before the ``deal``): a uniformly random order of
  the deck's cards (their shuffles are uniform; the Shadow deck is reshuffled after every return,
  DG-RESULT-4/5);
- the Draghan location deck: uniform *within its blocks* (positions 1-4, 5-8, 9-13, DG-SETUP-2..4):
  each block still to come holds exactly one market and one portal, so the unseen markets (portals)
  are dealt one to each block whose market (portal) has not appeared yet, the unseen other locations
  at random into the blocks' free places, then each block is ordered uniformly;
- the cards removed on travel (DG-PORTAL-4) are out of play and are kept in sorted order;
- the large dragons not drawn stay as they are: the engine never deals them in order but draws one
  at a chance node with equal probabilities (DG-DRAGON-1), and their list is the decks file's order
  minus the dragons drawn, the same in every state a seat cannot tell apart. A search copy draws its
  dragon anew anyway (its seed is replaced).

Every deck is first sorted (a canonical order), then shuffled with the given generator, in a fixed
order of decks: two states that differ only in their decks' orders give the same result for the same
generator state.
"""

from __future__ import annotations

import random

from .cards import block_sizes_left
from .state import DraghanState
from .tables import Tables

#: The face-down decks resampled, in the order the generator is used.
SHUFFLED_DECKS = ("location_shadow", "encounter_draghan", "encounter_shadow", "market", "characters")
#: The two location abilities every block of the Draghan location deck holds once (DG-SETUP-3).
BLOCK_ABILITIES = ("market", "portal")


def resample_hidden(state: DraghanState, t: Tables, rng: random.Random) -> None:
    """Give every face-down deck of ``state`` a new order drawn from ``rng``, in place (section 7).

    The decks keep their cards (only their order changes), so every seat's observation is unchanged.
    """
    decks = state.decks
    decks["location_draghan"] = resample_location_deck(decks["location_draghan"], t, rng)
    for name in SHUFFLED_DECKS:
        deck = sorted(decks.get(name, ()))
        rng.shuffle(deck)
        decks[name] = deck
    state.removed.sort()


def resample_location_deck(deck: list[str], t: Tables, rng: random.Random) -> list[str]:
    """Return a uniformly random order of what is left of the Draghan location deck, block by block.

    ``deck`` is the rest of the deck, top card first; the cards already turned up came from the top,
    so its length says where the current block stands (DG-SETUP-4, :func:`~.cards.location_blocks`).
    The current block's unseen market (portal) is there only if it has not been turned up yet: the
    cards left hold one market (portal) per block still to come, current block included if needed.

    >>> from .cards import load_decks, build_location_deck
    >>> from .tables import tables
    >>> t = tables(load_decks())
    >>> rest = build_location_deck(t.decks, random.Random(1))[3:]  # 3 cards of the first block turned up
    >>> new = resample_location_deck(rest, t, random.Random(2))
    >>> sorted(new) == sorted(rest), [t.card[c].ability for c in new[1:5]].count("market")
    (True, 1)
    """
    sizes = block_sizes_left(len(deck))
    ability = {c: t.card[c].ability for c in deck}
    kinds = [sorted(c for c in deck if ability[c] == kind) for kind in BLOCK_ABILITIES]
    others = sorted(c for c in deck if ability[c] not in BLOCK_ABILITIES)
    if any(len(cards) > len(sizes) for cards in kinds):
        return _shuffled_whole(deck, rng)
    blocks: list[list[str]] = [[] for _ in sizes]
    for cards in kinds:
        rng.shuffle(cards)
        # one per block still to come; the current (first) block only if its own is still unseen
        for k, card in zip(range(len(sizes) - len(cards), len(sizes)), cards):
            blocks[k].append(card)
    rng.shuffle(others)
    start = 0
    for block, size in zip(blocks, sizes):
        free = max(0, size - len(block))
        block.extend(others[start:start + free])
        start += free
    if any(len(block) != size for block, size in zip(blocks, sizes)) or sum(map(len, blocks)) != len(deck):
        return _shuffled_whole(deck, rng)
    out: list[str] = []
    for block in blocks:
        rng.shuffle(block)
        out.extend(block)
    return out


def _shuffled_whole(deck: list[str], rng: random.Random) -> list[str]:
    """A deck not built by :func:`~.cards.build_location_deck` (a hand-made test position) has no block
    structure to keep: return it sorted, then shuffled."""
    out = sorted(deck)
    rng.shuffle(out)
    return out
