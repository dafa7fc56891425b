"""Redeal what one seat cannot see, for search copies (``ChasseGame._resample_hidden``, digest section 7).

A search copy holds nothing the seat may not know (issue 27, item 3): what follows depends only on
``observation(seat)`` and the generator.

**Resampled** (from the cards ``seat`` has not seen):

- the board piles' cards (CD-BOARD-6), except the top card while it is revealed in an encounter
  (CD-ENC-1) and the dragons the setup fixes in a pile; every pile keeps its size, which is public;
- the size of each of the opponents' backpacks, vaults, cages and dungeons: the seat sees only their
  thickness (CD-ZONE-7, CD-INT-23), so each gets a size within the bucket it shows (:func:`zone_sizes`);
- the cards of the opponents' backpacks and vaults, which are face down (CD-ZONE-1, CD-ZONE-3,
  CD-ZONE-7): wealth cards only (orc .. giant: goblins are never wealth, CD-ZONE-9, and a dragon won
  ends the game, CD-END-1);
- the cards out of the game (a lost backpack or cage, CD-ENC-9; goblins eaten): the observation has no
  number of them while the game goes on; they are what the zones leave over of the cards off the board.

Once the game is over every board is shown, so only the piles and the removed cards are redealt then.

**Kept** (public): how many unseen cards are off the board (in the opponents' face-down zones or out
of the game): the setup's cards less the public pile sizes and what the seat sees; everything else in
``observation(seat)``: positions, camps, equipment, pantries, the fight, the dice, the seat's own board;
the dragons the setup fixes in a pile (the bundled deal puts one in each centre pile, CD-REC-2): a dragon
never leaves its pile while the game goes on (fled, tied or winning, it goes back under it; won, it ends
the game, CD-END-1), so each such pile keeps its dragon, at a resampled depth.

Not enforced, a simplification: the deal's rings (CD-REC-2). Every card stays in the pile it was
dealt to until it is won, so a pile only ever holds cards of its ring's pool (no giant on the outer
ring); but which ring a face-down card or a removed card came from is unknown, and sampling exactly
under the rings' counts would need a table-counting algorithm. The other unseen cards are pooled
over the whole forest instead, so a search copy may put a giant on the outer ring.

What a player remembers from the log (a card seen going under a pile or into a backpack, goblins eaten,
the "CONSEIL") is not used: only the observation counts, as the engine's interface asks. A copy may so
give an opponent fewer cards, or fewer goblins out of the game, than a seat with a perfect memory could
rule out; it never knows more than the seat.

**Sampling**: the zone sizes first (:func:`zone_sizes`: each uniform in what its bucket and the cards
left allow), then how many of the removed cards are goblins (uniform in what the cards allow); then
the hidden cards are pooled and sorted into a canonical order (by type) before any shuffle, and the
slots are filled in a canonical order (each opponent's zones in seat order, then the removed cards,
then the piles by square, top to bottom), so the result depends only on what ``seat`` sees and on
``rng``. The wealth-only slots take a uniformly drawn ordered sample of the pooled wealth cards; the
rest is shuffled into the pile slots; then each fixed dragon is put back at a uniformly drawn depth of
its pile's hidden part. Given the sizes, every arrangement of the pooled cards that respects these
constraints is equally likely (the sizes themselves are not weighted by how many deals give them).
"""

from __future__ import annotations

import random
from collections import Counter

from .setup import TYPE_ORDER, Setup
from .state import OVER, ChasseState, Management, Square

#: What a face-down zone can hold while the game goes on (CD-ZONE-9, CD-END-1).
ZONE_CARDS = frozenset({"orc", "ogre", "troll", "giant"})
GOBLIN = "goblin"
#: An opponent's zones the seat sees only the thickness of (CD-ZONE-7) -> whether it holds goblins (a count)
#: rather than wealth cards (CD-ZONE-2..4, CD-ZONE-9).
HIDDEN_ZONES = {"backpack": False, "cage": True, "vault": False, "dungeon": True}
#: The cards that leave the game (CD-ENC-9: a lost backpack or cage; goblins fully eaten).
REMOVABLE = ZONE_CARDS | {GOBLIN}
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

    ``state`` is a search copy's state and ``setup`` its game's setup (the fixed dragons, the thickness
    buckets); the seat's observation, every pile's size, the seat's own board and the multiset of all
    cards are unchanged; the opponents' face-down zones keep their thickness, not their sizes.

    Raises:
        ValueError: ``seat`` is not a seat of ``state``, or the cards out of sight do not fill the
            opponents' zones as their thickness shows (a table whose cards do not add up).
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
    # The opponents' face-down zones (none once the game is over: every board is shown), then the removed cards.
    zones = [(i, name) for i in range(state.players) if i != seat for name in HIDDEN_ZONES] if state.phase != OVER else []
    for i, name in zones:
        pool += _zone_cards(state.boards[i], name)
    removed = {t: n for t, n in state.removed.items() if t in REMOVABLE}
    pool += _expand(removed)

    # Out of sight, off the board: every unseen card but the piles' hidden ones (a number the seat can work out).
    out_of_sight = len(pool) - sum(map(len, hidden.values()))
    sizes = zone_sizes([bucket_of(setup, len(_zone_cards(state.boards[i], name))) for i, name in zones],
                       [HIDDEN_ZONES[name] for _, name in zones], pool, out_of_sight, rng)
    goblins_out = pool.count(GOBLIN) - sum(n for (_, name), n in zip(zones, sizes) if HIDDEN_ZONES[name])
    wealth = canonical([c for c in pool if c in ZONE_CARDS])
    rest = [c for c in pool if c not in ZONE_CARDS and c != GOBLIN]
    out_of_game = out_of_sight - sum(sizes)
    wealth_in_zones = sum(n for (_, name), n in zip(zones, sizes) if not HIDDEN_ZONES[name])
    wealth_left = len(wealth) - wealth_in_zones
    removed_goblins = rng.randint(max(0, out_of_game - wealth_left), min(out_of_game, goblins_out))
    rng.shuffle(wealth)
    dealt = iter(wealth)

    for (i, name), n in zip(zones, sizes):
        board = state.boards[i]
        if HIDDEN_ZONES[name]:
            setattr(board, name, n)
        else:
            setattr(board, name, dict(Counter(next(dealt) for _ in range(n))))
    new_removed = {t: n for t, n in state.removed.items() if t not in REMOVABLE}
    for t, n in Counter(next(dealt) for _ in range(out_of_game - removed_goblins)).items():
        new_removed[t] = n
    if removed_goblins:
        new_removed[GOBLIN] = removed_goblins
    state.removed = new_removed

    cards = canonical(list(dealt) + [GOBLIN] * (goblins_out - removed_goblins) + rest)
    rng.shuffle(cards)
    k = 0
    for sq, old in hidden.items():
        new = cards[k:k + len(old)]
        k += len(old)
        for _ in range(dragons.get(sq, 0)):
            new.insert(rng.randrange(len(new) + 1), "dragon")
        state.piles[sq][1 if sq == revealed else 0:] = new


def _zone_cards(board: Management, name: str) -> list[str]:
    """The cards of one face-down zone: its wealth cards, or its goblins (a cage or dungeon is a count)."""
    zone = getattr(board, name)
    return [GOBLIN] * zone if HIDDEN_ZONES[name] else _expand(zone)


def zone_sizes(buckets: list[tuple[int, int | None]], goblins: list[bool], pool: list[str], out_of_sight: int,
               rng: random.Random) -> list[int]:
    """Draw a size for each of the opponents' face-down zones from ``rng`` and what the seat sees only.

    ``buckets``: each zone's thickness bucket ``(low, high or None)``, what the seat sees of it (CD-ZONE-7,
    CD-INT-23); ``goblins``: whether each zone holds goblins (a cage, a dungeon) or wealth cards; ``pool``:
    the cards the seat has not seen; ``out_of_sight``: how many of them are off the board (in these zones or
    out of the game). Each size stays in its bucket, the goblin zones hold no more goblins and the wealth
    zones no more wealth cards than ``pool`` has, and all together no more than ``out_of_sight``; what is
    left over is out of the game. The zones are drawn in turn, each uniformly between its bucket's floor
    and the most it can hold while every later zone still gets its floor. The true sizes meet every bound,
    so a size always exists.

    Raises:
        ValueError: no sizes meet the bounds (a table whose cards do not add up).

    >>> zone_sizes([(1, 3), (0, 0)], [False, True], ["orc", "orc", "goblin"], 2, random.Random(1)) in ([1, 0], [2, 0])
    True
    """
    left = {True: pool.count(GOBLIN), False: sum(c in ZONE_CARDS for c in pool)}
    total_left = out_of_sight
    out = []
    for j, ((low, high), kind) in enumerate(zip(buckets, goblins)):
        later = list(zip(buckets[j + 1:], goblins[j + 1:]))
        top = min(total_left - sum(lo for (lo, _), _k in later),
                  left[kind] - sum(lo for (lo, _), k in later if k == kind))
        if high is not None:
            top = min(top, high)
        if top < low:
            raise ValueError("the face-down zones do not add up to the cards out of sight: cannot redeal their sizes")
        n = rng.randint(low, top)
        out.append(n)
        left[kind] -= n
        total_left -= n
    return out


def bucket_of(setup: Setup, count: int) -> tuple[int, int | None]:
    """Return ``(low, high)`` of the thickness bucket holding ``count`` (``high`` ``None``: no ceiling).

    >>> from .setup import load_setup
    >>> [bucket_of(load_setup(), n) for n in (0, 2, 8, 30)]
    [(0, 0), (1, 3), (4, 8), (9, None)]
    """
    for low, high, _name in setup.thickness_buckets:
        if count >= low and (high is None or count <= high):
            return low, high
    raise ValueError(f"no thickness bucket holds {count}")
