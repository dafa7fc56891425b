"""The forest's geometry, the monster cards and their deal into piles, loaded from JSON and validated.

CD-BOARD-1..3, CD-MON-1..4, CD-SETUP-4/6, CD-REC-1..3. The rulebook gives neither the board picture
nor how the 124 cards are spread over the 36 inner squares, so the bundled ``data/setup.json`` is a
reconstruction (CD-REC-2): rings of equal depth, 2 / 4 / 9 cards per square at depths 1 / 2 / 3, one
dragon fixed in each of the 4 centre piles, the rest shuffled per ring. An owner of the real game may
pass their own file, and may list the piles card by card in ``explicit_piles``. Every count the
rulebook states is checked on load; a failed check raises
:class:`~dragonwidgets.engine.GameDataError` whose message names the file and the field.

Coordinates (CD-REC-1): a square is ``(x, y)``, ``x`` the column 0..7 from left to right, ``y`` the
row 0..7 from top to bottom. The 28 squares with ``x`` or ``y`` in {0, 7} are the forest edge
(no cards, the camps); the inner square ``(a;b)`` of the raid option is ``(x=a, y=b)``,
1 <= a, b <= 6 (CD-BOARD-4). ``depth(x, y) = min(x, y, 7 - x, 7 - y)``: 0 on the edge, 1 on 20
squares, 2 on 12, 3 on the 4 centre squares. A pile is a list of card types, ``pile[0]`` the top card.
"""

from __future__ import annotations

import os
import random
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from dragonwidgets.engine.data import DataChecker, cache_key, read_json

DATA = Path(__file__).with_name("data")
#: The bundled, reconstructed setup (CD-REC-2).
BUNDLED_SETUP = DATA / "setup.json"
FORMAT = "chasse_au_dragon.setup/1"

Square = tuple[int, int]  # (x, y), see the module docstring

BOARD_SIZE = 8  # CD-BOARD-1: "de 8 cases par 8"
MAX_DEPTH = 3  # CD-REC-1: the 4 centre squares
EDGE_SQUARE_COUNT = 28  # CD-BOARD-2: 64 - 36
INNER_SQUARE_COUNT = 36  # CD-BOARD-3: the inner 6x6 zone
MIN_PLAYERS, MAX_PLAYERS = 2, 6  # header: "pour 2 à 6 joueurs"

#: The monster types, weakest first (the order the reference deal builds its pools in, CD-REC-2).
TYPE_ORDER = ("goblin", "orc", "ogre", "troll", "giant", "dragon")
#: CD-MON-1: a monster's power, also the faces of its die (CD-MON-2).
POWER = {"goblin": 4, "orc": 6, "ogre": 8, "troll": 10, "giant": 12, "dragon": 20}
#: CD-MON-3/4: the wealth a defeated monster gives (a goblin none: it is captured instead).
WEALTH = {"goblin": 0, "orc": 6, "ogre": 8, "troll": 10, "giant": 12, "dragon": 20}
#: Component list: "124 cartes « monstre »".
COUNTS = {"goblin": 62, "orc": 26, "ogre": 16, "troll": 10, "giant": 6, "dragon": 4}
TOTAL_CARDS = 124

_TOP_KEYS = {"format", "reconstruction", "source", "card_types", "type_order", "coordinates", "rings",
             "explicit_piles", "camp_defaults", "observation"}
_SQUARE_KEY = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*$")


# ---------------------------------------------------------------------------- geometry

def depth(x: int, y: int) -> int:
    """Return how deep ``(x, y)`` lies in the forest: 0 on the edge .. 3 at the centre (CD-REC-1).

    >>> depth(0, 3), depth(1, 1), depth(2, 5), depth(3, 4)
    (0, 1, 2, 3)
    """
    return min(x, y, BOARD_SIZE - 1 - x, BOARD_SIZE - 1 - y)


def on_board(x: int, y: int) -> bool:
    """Check if ``(x, y)`` is one of the 64 squares (CD-BOARD-1)."""
    return 0 <= x < BOARD_SIZE and 0 <= y < BOARD_SIZE


def is_edge(x: int, y: int) -> bool:
    """Check if ``(x, y)`` is on the forest edge, where no monster goes and camps stand (CD-BOARD-2).

    >>> is_edge(0, 3), is_edge(7, 7), is_edge(1, 1)
    (True, True, False)
    """
    return on_board(x, y) and depth(x, y) == 0


def inner_squares() -> list[Square]:
    """Return the 36 inner squares (CD-BOARD-3), row by row (sorted by ``(y, x)``).

    >>> sq = inner_squares()
    >>> len(sq), sq[0], sq[-1]
    (36, (1, 1), (6, 6))
    """
    return [(x, y) for y in range(1, BOARD_SIZE - 1) for x in range(1, BOARD_SIZE - 1)]


def edge_squares() -> list[Square]:
    """Return the 28 forest-edge squares (CD-BOARD-2), row by row."""
    return [(x, y) for y in range(BOARD_SIZE) for x in range(BOARD_SIZE) if is_edge(x, y)]


def ring_squares(d: int) -> list[Square]:
    """Return the squares of depth ``d``, row by row (the order of the reference deal, CD-REC-2).

    >>> [len(ring_squares(d)) for d in range(4)]
    [28, 20, 12, 4]
    >>> ring_squares(3)
    [(3, 3), (4, 3), (3, 4), (4, 4)]
    """
    return [(x, y) for y in range(BOARD_SIZE) for x in range(BOARD_SIZE) if depth(x, y) == d]


# ---------------------------------------------------------------------------- the data

@dataclass(frozen=True)
class Ring:
    """One depth ring of the CD-REC-2 deal: every square gets the fixed cards plus an equal share of the pool."""

    depth: int
    cards_per_square: int
    fixed_per_square: dict[str, int]
    pool: dict[str, int]
    squares: tuple[Square, ...]  # row by row

    @property
    def cards(self) -> int:
        """Number of cards dealt to this ring."""
        return self.cards_per_square * len(self.squares)


@dataclass(frozen=True)
class Setup:
    """A validated setup file: card types, the ring deal or explicit piles, default camps, thickness buckets.

    ``explicit_piles`` is ``None`` (deal by rings) or ``{square: (type, ...)}`` with the top card
    first; ``camp_defaults[n]`` lists the camps of ``n`` players in turn order from the first player
    (CD-REC-3); ``thickness_buckets`` are ``(low, high or None, name)`` (section 7).
    """

    source: str  # the file's path
    note: str  # the file's "source" text: where the data comes from
    reconstruction: bool
    power: dict[str, int]
    wealth: dict[str, int]
    counts: dict[str, int]
    type_order: tuple[str, ...]
    coordinates: dict[str, Any]
    rings: tuple[Ring, ...]
    explicit_piles: dict[Square, tuple[str, ...]] | None
    camp_defaults: dict[int, tuple[Square, ...]]
    thickness_buckets: tuple[tuple[int, int | None, str], ...]

    def __deepcopy__(self, memo: dict) -> "Setup":
        return self  # never mutated: a cloned game shares its setup

    def thickness(self, count: int) -> str:
        """Return the bucket name opponents see for a zone of ``count`` cards (CD-ZONE-7, section 7).

        >>> s = load_setup()
        >>> [s.thickness(n) for n in (0, 1, 3, 4, 8, 9, 60)]
        ['empty', 'thin', 'thin', 'medium', 'medium', 'thick', 'thick']
        """
        for low, high, name in self.thickness_buckets:
            if count >= low and (high is None or count <= high):
                return name
        raise ValueError(f"no thickness bucket holds {count}")


def load_setup(path: str | os.PathLike[str] | None = None) -> Setup:
    """Load and validate a setup file (``None`` or ``""``: the bundled reconstruction, CD-REC-2).

    Cached by path, modification time and size, like the other games' boards.

    Raises:
        GameDataError: the file is missing, not JSON, or a field fails a check (card types and counts,
            rings, explicit piles, camps, thickness buckets); the message names the file and the field.

    >>> s = load_setup()
    >>> sum(s.counts.values()), [r.cards for r in s.rings], s.explicit_piles is None
    (124, [40, 48, 36], True)
    """
    return _load_cached(*cache_key(path, BUNDLED_SETUP))


@lru_cache(maxsize=16)
def _load_cached(file: str, mtime_ns: int, size: int) -> Setup:
    return _Checker(file).setup(read_json(file))


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Checker(DataChecker):
    """Validate the fields of one setup file; every failure names the file and the field."""

    def square(self, value: Any, field: str) -> Square:
        self.need(isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value), field,
                  f"a square is [x, y] with int coordinates, got {value!r}")
        x, y = value
        self.need(on_board(x, y), field, f"square {value} is off the 8x8 board (CD-BOARD-1)")
        return x, y

    def counts_of(self, obj: Any, field: str) -> dict[str, int]:
        """A ``{type: count}`` object of known types and counts >= 0."""
        self.need(isinstance(obj, dict), field, f"must be an object {{type: count}}, got {obj!r}")
        for t, n in obj.items():
            self.need(t in POWER, f"{field}.{t}", f"unknown card type (known: {', '.join(TYPE_ORDER)})")
            self.need(_is_int(n) and n >= 0, f"{field}.{t}", f"must be an int >= 0, got {n!r}")
        return {t: obj[t] for t in TYPE_ORDER if obj.get(t)}

    # ------------------------------------------------------------------ the whole file
    def setup(self, data: Any) -> Setup:
        self.header(data, _TOP_KEYS, FORMAT)
        note, reconstruction = data.get("source", ""), data.get("reconstruction", False)
        self.card_types(self.get(data, "card_types", dict, "card_types"))
        order = self.get(data, "type_order", list, "type_order")
        self.need(sorted(order, key=str) == sorted(TYPE_ORDER) and len(order) == len(TYPE_ORDER), "type_order",
                  f"must list each of {', '.join(TYPE_ORDER)} once")
        coords = self.get(data, "coordinates", dict, "coordinates")
        self.need(coords.get("origin_inner") == [1, 1], "coordinates.origin_inner",
                  "must be [1, 1]: inner square (a;b) is board square (x=a, y=b) (CD-BOARD-4, CD-REC-1)")
        rings = self.rings(self.get(data, "rings", list, "rings"))
        piles = data.get("explicit_piles")
        explicit = None if piles is None else self.explicit_piles(piles)
        camps = self.camp_defaults(self.get(data, "camp_defaults", dict, "camp_defaults"))
        obs = self.get(data, "observation", dict, "observation")
        buckets = self.thickness_buckets(self.get(obs, "thickness_buckets", list, "observation.thickness_buckets"))
        return Setup(source=self.file, note=note, reconstruction=reconstruction, power=dict(POWER),
                     wealth=dict(WEALTH), counts=dict(COUNTS), type_order=tuple(order), coordinates=dict(coords),
                     rings=rings, explicit_piles=explicit, camp_defaults=camps, thickness_buckets=buckets)

    # ------------------------------------------------------------------ parts
    def card_types(self, types: dict) -> None:
        """CD-MON-1 powers, CD-MON-3/4 wealth, the component list's counts (124 cards)."""
        self.need(set(types) == set(TYPE_ORDER), "card_types", f"must be exactly {', '.join(TYPE_ORDER)}")
        for t in TYPE_ORDER:
            field = f"card_types.{t}"
            self.need(isinstance(types[t], dict), field, "must be an object with power, count, wealth")
            for key, want, rule in (("power", POWER, "CD-MON-1"), ("count", COUNTS, "component list"),
                                    ("wealth", WEALTH, "CD-MON-3/4")):
                value = self.get(types[t], key, int, f"{field}.{key}")
                self.need(value == want[t], f"{field}.{key}", f"must be {want[t]} ({rule}), got {value}")

    def rings(self, rings: list) -> tuple[Ring, ...]:
        """CD-REC-2: one ring per depth 1..3, pools that fill every square, per-type totals = counts."""
        out: list[Ring] = []
        for i, ring in enumerate(rings):
            field = f"rings[{i}]"
            d = self.get(ring, "depth", int, f"{field}.depth")
            self.need(d != 0, f"{field}.depth", "no card goes on the forest edge (CD-BOARD-2)")
            self.need(1 <= d <= MAX_DEPTH, f"{field}.depth", f"must be 1, 2 or 3 (CD-REC-1), got {d}")
            self.need(all(r.depth != d for r in out), f"{field}.depth", f"depth {d} listed twice")
            per_square = self.get(ring, "cards_per_square", int, f"{field}.cards_per_square")
            self.need(per_square >= 1, f"{field}.cards_per_square", f"must be >= 1, got {per_square}")
            fixed = self.counts_of(ring.get("fixed_per_square", {}), f"{field}.fixed_per_square")
            self.need(sum(fixed.values()) <= per_square, f"{field}.fixed_per_square",
                      f"{sum(fixed.values())} fixed cards do not fit {per_square} cards per square")
            pool = self.counts_of(self.get(ring, "pool", dict, f"{field}.pool"), f"{field}.pool")
            squares = tuple(ring_squares(d))
            want = (per_square - sum(fixed.values())) * len(squares)
            self.need(sum(pool.values()) == want, f"{field}.pool",
                      f"must hold {want} cards ({per_square} per square x {len(squares)} squares, minus the fixed "
                      f"cards), got {sum(pool.values())}")
            out.append(Ring(d, per_square, fixed, pool, squares))
        self.need(sorted(r.depth for r in out) == [1, 2, 3], "rings",
                  "must give one ring for each depth 1, 2, 3 (every inner square gets a pile, CD-BOARD-3)")
        by_depth = sorted(out, key=lambda r: r.depth)
        for inner, deeper in zip(by_depth, by_depth[1:]):
            self.need(inner.cards_per_square < deeper.cards_per_square, "rings.cards_per_square",
                      f"must grow with depth ('de plus en plus', CD-BOARD-3): depth {inner.depth} has "
                      f"{inner.cards_per_square}, depth {deeper.depth} has {deeper.cards_per_square}")
        for t in TYPE_ORDER:
            n = sum(r.pool.get(t, 0) + r.fixed_per_square.get(t, 0) * len(r.squares) for r in out)
            self.need(n == COUNTS[t], f"rings.{t}", f"the rings deal {n} {t} cards, the game has {COUNTS[t]}")
        return tuple(out)

    def explicit_piles(self, piles: Any) -> dict[Square, tuple[str, ...]]:
        """Piles given card by card: ``{"x,y": [types, top first]}`` or ``[[[x, y], [types]], ...]``."""
        if isinstance(piles, dict):
            entries = []
            for key, cards in piles.items():
                m = _SQUARE_KEY.match(key)
                self.need(m is not None, f"explicit_piles[{key!r}]", "a square key is \"x,y\"")
                assert m is not None  # need() raised otherwise
                entries.append(([int(m[1]), int(m[2])], cards, f"explicit_piles[{key!r}]"))
        else:
            self.need(isinstance(piles, list), "explicit_piles",
                      "must be null, an object {\"x,y\": [cards]} or a list [[[x, y], [cards]], ...]")
            entries = []
            for i, entry in enumerate(piles):
                self.need(isinstance(entry, list) and len(entry) == 2, f"explicit_piles[{i}]",
                          "must be a pair [[x, y], [cards]]")
                entries.append((entry[0], entry[1], f"explicit_piles[{i}]"))
        out: dict[Square, tuple[str, ...]] = {}
        for where, cards, field in entries:
            sq = self.square(where, field)
            self.need(not is_edge(*sq), field, f"square {list(sq)} is on the forest edge: no cards there (CD-BOARD-2)")
            self.need(sq not in out, field, f"square {list(sq)} listed twice")
            self.need(isinstance(cards, list), field, "must be a list of card types, top card first")
            for j, t in enumerate(cards):
                self.need(t in POWER, f"{field}[{j}]", f"unknown card type {t!r} (known: {', '.join(TYPE_ORDER)})")
            out[sq] = tuple(cards)
        for t in TYPE_ORDER:
            n = sum(p.count(t) for p in out.values())
            self.need(n == COUNTS[t], f"explicit_piles.{t}", f"the piles hold {n} {t} cards, the game has {COUNTS[t]}")
        return out

    def camp_defaults(self, camps: dict) -> dict[int, tuple[Square, ...]]:
        """CD-REC-3, CD-SETUP-4: for 2..6 players, that many distinct forest-edge squares."""
        want = [str(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)]
        self.need(sorted(camps, key=str) == want, "camp_defaults", f"must give the camps for {', '.join(want)} players")
        out: dict[int, tuple[Square, ...]] = {}
        for key in want:
            field = f"camp_defaults.{key}"
            squares = camps[key]
            self.need(isinstance(squares, list) and len(squares) == int(key), field, f"must list {key} squares")
            seen: list[Square] = []
            for i, value in enumerate(squares):
                sq = self.square(value, f"{field}[{i}]")
                self.need(is_edge(*sq), f"{field}[{i}]", f"camp {list(sq)} is not on the forest edge (CD-BOARD-2)")
                self.need(sq not in seen, f"{field}[{i}]", f"camp {list(sq)} given twice: camps are distinct (CD-INT-4)")
                seen.append(sq)
            out[int(key)] = tuple(seen)
        return out

    def thickness_buckets(self, buckets: list) -> tuple[tuple[int, int | None, str], ...]:
        """Section 7: ``[low, high|null, name]`` from 0 upwards, contiguous, the last one open."""
        field = "observation.thickness_buckets"
        self.need(len(buckets) >= 2, field, "must hold at least 2 buckets")
        out: list[tuple[int, int | None, str]] = []
        expected_low = 0
        for i, b in enumerate(buckets):
            f = f"{field}[{i}]"
            self.need(isinstance(b, list) and len(b) == 3, f, "must be [low, high or null, name]")
            low, high, name = b
            self.need(_is_int(low) and low == expected_low, f, f"low must be {expected_low} (buckets start at 0, no gaps)")
            last = i == len(buckets) - 1
            if last:
                self.need(high is None, f, "the last bucket is open: high must be null")
            else:
                self.need(_is_int(high) and high >= low, f, f"high must be an int >= {low}")
                expected_low = high + 1
            self.need(isinstance(name, str) and name and all(name != o[2] for o in out), f,
                      f"name must be a new non-empty string, got {name!r}")
            out.append((low, high, name))
        return tuple(out)


# ---------------------------------------------------------------------------- dealing

def deal_piles(setup: Setup, rng: random.Random) -> dict[Square, list[str]]:
    """Deal the monster cards into the 36 inner piles; ``pile[0]`` is the top card (CD-SETUP-6, CD-REC-2).

    Exactly the digest's reference algorithm: ring by ring in the file's order, the ring's squares row
    by row; the ring pool (built in ``type_order``) is shuffled, each square gets the fixed cards plus
    the next ``cards_per_square - fixed`` pool cards, and that pile is shuffled. Only ``rng`` is used, so
    the deal is a pure function of its state. With ``explicit_piles`` the file's piles are returned
    (fresh lists; an inner square the file leaves out gets an empty pile) and ``rng`` is not touched.
    Either way every inner square is a key, in the same order.

    >>> piles = deal_piles(load_setup(), random.Random(1))
    >>> len(piles), sum(map(len, piles.values())), [p.count("dragon") for p in (piles[3, 3], piles[4, 4])]
    (36, 124, [1, 1])
    """
    if setup.explicit_piles is not None:
        return {sq: list(setup.explicit_piles.get(sq, ())) for ring in setup.rings for sq in ring.squares}
    piles: dict[Square, list[str]] = {}
    for ring in setup.rings:
        pool = [t for t in setup.type_order for _ in range(ring.pool.get(t, 0))]
        rng.shuffle(pool)
        fixed = [t for t in setup.type_order for _ in range(ring.fixed_per_square.get(t, 0))]
        k = ring.cards_per_square - len(fixed)
        for i, sq in enumerate(ring.squares):
            pile = fixed + pool[i * k:(i + 1) * k]
            rng.shuffle(pile)
            piles[sq] = pile
    return piles


def camps(setup: Setup, players: int) -> list[Square]:
    """Return the default camps of ``players`` players, in turn order from the first player (CD-REC-3, CD-SETUP-4).

    Raises:
        ValueError: ``players`` is not 2..6.

    >>> camps(load_setup(), 2)
    [(3, 0), (4, 7)]
    """
    if players not in setup.camp_defaults:
        raise ValueError(f"La Chasse au Dragon is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {players}")
    return list(setup.camp_defaults[players])
