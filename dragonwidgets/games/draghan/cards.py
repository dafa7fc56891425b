"""Draghan's cards: the seven decks loaded from JSON (checked by :mod:`.deck_file`), and the Draghan
location deck's build.

DG-REC-1..6, DG-SETUP-1..4, DG-INT-8/28/32, section 2. The rulebook gives no card contents, so the bundled
``data/decks.json`` is a reconstruction (section 5). An owner of the real game may pass their own file;
every count and property the text states is checked on load, and a failed check raises
:class:`~dragonwidgets.engine.GameDataError` whose message names the file and the field
(``decks.market[3].price``).

Encodings:

- Icons are strings over ``S`` (strength), ``C`` (charm), ``K`` (knowledge), one letter per icon:
  ``"SSK"`` is 2 strength + 1 knowledge, ``""`` no skill icon. :func:`icon_counts` turns one into
  ``(S, C, K)``.
- A deck is a tuple of card ids in the file's order (a face-down deck in play is a list, ``deck[0]`` its
  top card). Ids are unique over all decks and contain no whitespace, so they fit in action ids.
- ``Card.kind`` is ``character``, ``market``, ``monster``, ``equipment``, ``dragon_card`` (the card hidden
  in the Shadow encounter deck), ``location`` or ``dragon`` (a large dragon card). Market cards are
  equipment too (DG-INT-8): see :attr:`Card.is_equipment`.
"""

from __future__ import annotations

import os
import random
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Callable, Sequence

from dragonwidgets.engine import CHANCE, Action
from dragonwidgets.engine.data import cache_key, read_json

DATA = Path(__file__).with_name("data")
#: The bundled, reconstructed decks (section 5, DG-REC-1..6).
BUNDLED_DECKS = DATA / "decks.json"
_BUNDLED_FILE = str(BUNDLED_DECKS)  # the bundled file's path as load_decks caches it (no Path built per game)
FORMAT = "dragonwidgets/draghan-decks/1"

CardId = str
Icons = str  # over "SCK", see the module docstring

SKILLS = "SCK"  # strength, charm, knowledge (section 2.2)
SLOTS = ("head", "torso", "hand")  # body-part icons (section 2.2, DG-EQUIP-1)
#: DG-EQUIP-1: "1 hoofd, 1 torso en 2 handen".
LIMITS = {"head": 1, "torso": 1, "hand": 2}
#: Component list: "28 gouden munten".
COINS = 28

#: Section 2.1: the decks and their sizes, in the file's order.
DECK_SIZES = {
    "characters": 6,
    "market": 18,
    "encounter_draghan": 53,
    "encounter_shadow": 13,
    "location_draghan": 13,
    "location_shadow": 6,
    "dragons": 4,
}
DECK_NAMES = tuple(DECK_SIZES)
MAP_CARDS = 1  # the map card: one of the 110, no data (DG-REC-7)
#: Section 2.3: "110 gewone kaarten" = the six decks + the map card; the 4 large dragons come on top.
TOTAL_CARDS = sum(n for name, n in DECK_SIZES.items() if name != "dragons") + MAP_CARDS
assert TOTAL_CARDS == 110

KINDS = ("character", "market", "monster", "equipment", "dragon_card", "location", "dragon")
#: DG-INT-28: one ability per location; Shadow locations have no market and no portal.
ABILITIES = ("heal", "assist", "threat", "theft", "market", "portal")
SHADOW_ABILITIES = ("heal", "assist", "threat", "theft")
MARKETS_IN_DRAGHAN = PORTALS_IN_DRAGHAN = 3  # DG-SETUP-2
#: DG-SETUP-2: the other 7 Draghan locations are split into piles of 2, 2 and 3 (top to bottom).
OTHER_SPLIT = (2, 2, 3)
#: DG-SETUP-3/4: with one market and one portal each, the piles hold 4, 4 and 5 cards, top to bottom.
LOCATION_PILES = tuple(n + 2 for n in OTHER_SPLIT)

def icon_counts(icons: Icons) -> tuple[int, int, int]:
    """Return how many strength, charm and knowledge icons ``icons`` holds, as ``(S, C, K)``.

    Raises:
        ValueError: ``icons`` holds a letter other than S, C or K.

    >>> icon_counts("SSK"), icon_counts("CKK"), icon_counts("")
    ((2, 0, 1), (0, 1, 2), (0, 0, 0))
    >>> icon_counts("SX")
    Traceback (most recent call last):
    ...
    ValueError: icons are letters S, C and K only, got 'SX'
    """
    if not is_icons(icons):
        raise ValueError(f"icons are letters S, C and K only, got {icons!r}")
    return icons.count("S"), icons.count("C"), icons.count("K")


def is_icons(value: Any) -> bool:
    """Check if ``value`` is an icons string: letters S, C and K only (``""`` too)."""
    return isinstance(value, str) and all(ch in SKILLS for ch in value)


# ---------------------------------------------------------------------------- the cards

@dataclass(frozen=True)
class Card:
    """One card of a deck; the fields a kind does not use keep their defaults.

    - ``character``: ``healthy`` (3 icons) and ``wounded`` (1 icon) sides (DG-REC-1, DG-FIGHT-2).
    - ``market`` and ``equipment``: ``icons`` (0-2), ``slot``, ``heal``; a market card also has its
      ``price`` in coins (DG-INT-8, DG-REC-2/3).
    - ``monster``: required icons ``req``; in Draghan either ``gold`` or ``flee`` (DG-INT-32); ``theft``.
    - ``dragon_card``: no data; the large dragon drawn with it gives the icons (DG-DRAGON-1, DG-REC-4).
    - ``location``: its one ``ability``; an assist location's ``icons`` (DG-LOC-3, DG-INT-28).
    - ``dragon`` (large dragon card): ``req`` (DG-REC-6).
    """

    id: CardId
    name: str
    deck: str  # one of DECK_NAMES
    kind: str  # one of KINDS
    healthy: Icons = ""
    wounded: Icons = ""
    req: Icons = ""
    icons: Icons = ""
    slot: str | None = None
    heal: bool = False
    price: int | None = None
    gold: int | None = None
    flee: bool = False
    theft: bool = False
    ability: str | None = None

    @property
    def is_equipment(self) -> bool:
        """Check if the card is equipment: a market card or encounter equipment, one class (DG-INT-8)."""
        return self.kind in ("market", "equipment")

    @property
    def is_monster(self) -> bool:
        """Check if the card is a monster encounter (the dragon card and large dragons are not)."""
        return self.kind == "monster"


@dataclass(frozen=True)
class Decks:
    """A validated decks file: each deck's card ids in file order, every card by id, coins and carrying limits.

    ``source`` is the file's path and ``note`` its "source" text (where the data comes from).
    """

    source: str
    characters: tuple[CardId, ...]
    market: tuple[CardId, ...]
    encounter_draghan: tuple[CardId, ...]
    encounter_shadow: tuple[CardId, ...]
    location_draghan: tuple[CardId, ...]
    location_shadow: tuple[CardId, ...]
    dragons: tuple[CardId, ...]
    cards: dict[CardId, Card]
    coins: int
    limits: dict[str, int]
    note: str = ""
    reconstruction: bool = False

    def __deepcopy__(self, memo: dict) -> "Decks":
        return self  # never mutated: a cloned game shares its decks

    def card(self, card_id: CardId) -> Card:
        """Return the card with id ``card_id``.

        Raises:
            KeyError: no card has that id.

        >>> merchant = load_decks().card("D08")
        >>> merchant.name, merchant.deck, merchant.kind, merchant.req, merchant.gold, merchant.flee, merchant.slot
        ('Merchant', 'encounter_draghan', 'monster', 'CC', 2, False, None)
        """
        try:
            return self.cards[card_id]
        except KeyError:
            raise KeyError(f"no card with id {card_id!r} in {self.source}") from None

    def deck(self, name: str) -> tuple[CardId, ...]:
        """Return the card ids of the deck ``name`` (one of ``DECK_NAMES``) in file order.

        >>> load_decks().deck("dragons")
        ('G1', 'G2', 'G3', 'G4')
        """
        if name not in DECK_SIZES:
            raise KeyError(f"no deck {name!r} (decks: {', '.join(DECK_NAMES)})")
        return getattr(self, name)

    @cached_property
    def location_groups(self) -> tuple[tuple[CardId, ...], tuple[CardId, ...], tuple[CardId, ...]]:
        """The Draghan locations as (the 7 others, the 3 markets, the 3 portals), each in file order (DG-SETUP-2).

        Computed once per decks (they are never mutated) for :func:`build_location_deck`.

        >>> [len(group) for group in load_decks().location_groups]
        [7, 3, 3]
        """
        ability = {cid: self.cards[cid].ability for cid in self.location_draghan}
        return (tuple(c for c in self.location_draghan if ability[c] not in ("market", "portal")),
                tuple(c for c in self.location_draghan if ability[c] == "market"),
                tuple(c for c in self.location_draghan if ability[c] == "portal"))


# ---------------------------------------------------------------------------- loading

def load_decks(path: str | os.PathLike[str] | None = None) -> Decks:
    """Load and validate a decks file (``None`` or ``""``: the bundled reconstruction, section 5).

    Cached by path, modification time and size, like the other games' data.

    Raises:
        GameDataError: the file is missing, not JSON, or a field fails a check (format, deck sizes of
            section 2.1, unique ids, icons, the card properties of DG-REC-1..6, DG-INT-8/28/32); the
            message names the file and the field.

    >>> d = load_decks()
    >>> [len(d.deck(name)) for name in DECK_NAMES], d.coins, d.limits
    ([6, 18, 53, 13, 13, 6, 4], 28, {'head': 1, 'torso': 1, 'hand': 2})
    >>> d.card("CH1").name, d.card("CH1").healthy, d.card("S01").kind, d.card("M07").is_equipment
    ('Elf', 'SCC', 'dragon_card', True)
    """
    return _load_cached(*cache_key(path, _BUNDLED_FILE))


@lru_cache(maxsize=16)
def _load_cached(file: str, mtime_ns: int, size: int) -> Decks:
    from .deck_file import DecksChecker  # the checker builds Card and Decks of this module

    return DecksChecker(file).decks(read_json(file))


# ---------------------------------------------------------------------------- shuffles and the location deck

def shuffle(deck: list[CardId], rng: random.Random) -> None:
    """Shuffle ``deck`` in place with ``rng.shuffle`` (the one place the game shuffles a deck, DG-SETUP-1).

    >>> a, b = list(range(20)), list(range(20))
    >>> shuffle(a, random.Random(5)); random.Random(5).shuffle(b)
    >>> a == b
    True
    """
    rng.shuffle(deck)


def to_top(deck: list[CardId], card: CardId) -> None:
    """Swap ``card`` with the top card of ``deck``, in place: a card picked by hand comes next, and the card
    that would have come takes its place (nothing is created or lost).

    >>> d = ["a", "b", "c"]; to_top(d, "c"); d
    ['c', 'b', 'a']
    """
    i = deck.index(card)
    deck[0], deck[i] = deck[i], deck[0]


def take(deck: list[CardId], card: CardId) -> CardId:
    """Take ``card`` (picked by hand) from ``deck`` as if it were the top card: :func:`to_top`, then draw it.

    >>> d = ["a", "b", "c"]; take(d, "c"), d
    ('c', ['b', 'a'])
    """
    to_top(deck, card)
    return deck.pop(0)


def draw_outcomes(cards: Sequence[CardId], verb: str, label: Callable[[CardId], str], decision: str,
                  rules: tuple[str, ...]) -> list[Action]:
    """Manual draws: one chance outcome per card of ``cards``, in sorted order, all equally likely: id
    ``"{verb} {card}"``, label ``label(card)``, the card as its target (``card/{card}``)."""
    could = sorted(cards)
    return [Action(f"{verb} {c}", label(c), CHANCE, decision, (f"card/{c}",), rules, 1 / len(could)) for c in could]


def shuffled(ids: Sequence[CardId], rng: random.Random) -> list[CardId]:
    """Return a shuffled copy of ``ids`` (DG-SETUP-1: each deck shuffled separately); ``ids`` is not changed.

    Exactly one shuffle (:func:`shuffle`, the same as ``rng.shuffle``) of a fresh list, so the result is a
    pure function of the generator.

    >>> deck = ("G1", "G2", "G3", "G4")
    >>> shuffled(deck, random.Random(3)) == shuffled(deck, random.Random(3)), sorted(shuffled(deck, random.Random(3)))
    (True, ['G1', 'G2', 'G3', 'G4'])
    """
    out = list(ids)
    shuffle(out, rng)
    return out


def location_blocks() -> tuple[range, range, range]:
    """Return the index ranges of the Draghan location deck's three blocks, top first (DG-SETUP-4, section 2.3).

    The deck is built from three piles stacked 4 / 4 / 5 (:func:`build_location_deck`), so positions
    1-4, 5-8 and 9-13 (indices 0-3, 4-7, 8-12; position r is turned up in round r while the team is in
    Draghan) each hold exactly one market and one portal. An observer knows the blocks but not the order
    inside them, nor which of the 7 others, markets and portals went to which block: section 7 samples
    the hidden order uniformly within the blocks.

    >>> [(r.start + 1, r.stop) for r in location_blocks()]
    [(1, 4), (5, 8), (9, 13)]
    """
    starts = [sum(LOCATION_PILES[:i]) for i in range(len(LOCATION_PILES) + 1)]
    first, second, third = (range(a, b) for a, b in zip(starts, starts[1:]))
    return first, second, third


def block_sizes_left(left: int) -> list[int]:
    """Return how many cards each block still holds when ``left`` cards remain, the current block first.

    >>> block_sizes_left(13), block_sizes_left(10), block_sizes_left(5), block_sizes_left(0)
    ([4, 4, 5], [1, 4, 5], [5], [])
    """
    sizes: list[int] = []
    for size in reversed(LOCATION_PILES):  # bottom block first
        if left <= 0:
            break
        sizes.insert(0, min(size, left))
        left -= size
    return sizes


def build_location_deck(decks: Decks, rng: random.Random) -> list[CardId]:
    """Build the Draghan location deck; return it top card first (DG-SETUP-2..4, DG-REC-7).

    Exactly these shuffles (:func:`shuffle`, the draws of ``rng.shuffle``), in this order:

    1. the 7 other locations (in ``decks.location_draghan`` order), which also decides the 2 / 2 / 3
       split (DG-SETUP-2): piles ``others[0:2]``, ``others[2:4]``, ``others[4:7]``, top to bottom;
    2. the 3 markets, then 3. the 3 portals: pile ``i`` gets ``markets[i]`` and ``portals[i]``, so which
       market and which portal join which pile is random (DG-SETUP-3);
    4. each pile, top pile first; the piles are stacked 4 / 4 / 5 with the 5-card pile at the bottom
       (DG-SETUP-4). The two 4-card piles are alike (random contents), so their order needs no draw.

    >>> deck = build_location_deck(load_decks(), random.Random(7))
    >>> d = load_decks()
    >>> len(deck), sorted(deck) == sorted(d.location_draghan)
    (13, True)
    >>> [sorted(d.card(c).ability for c in deck[r.start:r.stop] if d.card(c).ability in ("market", "portal"))
    ...  for r in location_blocks()]
    [['market', 'portal'], ['market', 'portal'], ['market', 'portal']]
    """
    others, markets, portals = (shuffled(group, rng) for group in decks.location_groups)
    deck: list[CardId] = []
    start = 0
    for i, size in enumerate(OTHER_SPLIT):
        pile = others[start:start + size] + [markets[i], portals[i]]
        start += size
        shuffle(pile, rng)
        deck.extend(pile)
    return deck
