"""The Drachenland board and components, loaded from JSON data files and validated (DL-REC-1..4).

The rulebook's text gives neither the board's layout nor the dice faces, so both bundled files are
reconstructions: ``data/board.json`` (DL-REC-2: volcanoes, stepping stones, entrances, paths, rivers,
drawing coordinates) and ``data/components.json`` (DL-REC-1 dice presets, the component counts of
section 2, the player tokens and the volcano token pool, DL-REC-4 shapes). An owner of the real game
may pass their own board file as the ``board_file`` option. Every count the rulebook implies is
checked on load; a failed check raises :class:`~dragonwidgets.engine.GameDataError` naming the file
and the field.

Node ids: volcanoes and stones are *spaces*; an entrance (id starting with ``E``) is not a space
(DL-OPEN-3, DL-INT-9): adventurers only ever step off it when entering.
"""

from __future__ import annotations

import os
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from dragonwidgets.engine.data import DataChecker, cache_key, pickled_board, read_json

DATA = Path(__file__).with_name("data")
BUNDLED_BOARD = DATA / "board.json"
COMPONENTS = DATA / "components.json"

COLOURS = ("red", "green", "blue")  # DL-SETUP-2: one adventurer of each colour per player
GEMS = ("ruby", "emerald", "sapphire", "diamond")
GEM_OF = {"red": "ruby", "green": "emerald", "blue": "sapphire"}  # DL-TREASURE-3
ENTRANCES = 3  # DL-OPEN-2: "une des trois entrées"
VOLCANOES = 15  # D5
EGGS = 18  # component list
GEM_COUNTS = {"ruby": 16, "emerald": 16, "sapphire": 16, "diamond": 9}  # component list: 57 gems
PLAYER_TOKENS = ("fate", "boatman", "baby_dragon")  # DL-SETUP-2 (D2)
POOL = {  # D3: the 16 dragon-head tokens
    "boatman": 2, "baby_dragon": 2, "forced_march": 4, "royal_dragon_red": 1, "royal_dragon_green": 1,
    "royal_dragon_blue": 1, "ring": 3, "magic_hand": 2,
}
RING_SUPPLY = 12  # component list: 12 white rings
SHAPES = 4  # D1


@dataclass(frozen=True)
class Board:
    """The static components of one game: the map, its rivers, the dice and the component counts.

    ``neighbours[n]`` lists the nodes joined to ``n`` by a path edge (entrances included);
    ``rivers[v]`` the volcanoes joined to volcano ``v`` by a river (DL-BOAT-1, DL-INT-15).
    Derived once at load, for the walks (:mod:`.movement`): ``steps[n]`` is ``neighbours[n]``
    without the entrances (a walk never steps onto one, DL-MOVE-8), ``volcano_set`` the volcanoes,
    ``volcano_bit[v]`` the bit of volcano ``v`` in a set of volcanoes written as a number (``1 << i``
    for the ``i``-th volcano: :func:`.movement.volcano_mask`).
    ``cache`` holds answers computed from the board alone (walk reaches and the choices they give,
    see :func:`.movement.remember`), filled as games ask; ``near_masks`` the volcanoes near each start
    (:func:`.movement.near_mask`); neither is part of the board's identity.
    """

    source: str
    volcanoes: tuple[str, ...]
    stones: tuple[str, ...]
    entrances: tuple[str, ...]
    xy: dict[str, tuple[float, float]]
    width: float
    height: float
    junctions: frozenset[str]
    eggs: dict[str, int]  # printed egg count (3-4 players), DL-SETUP-6
    gem_slots: dict[str, int]  # printed gem count, DL-SETUP-6
    edges: tuple[tuple[str, str], ...]
    neighbours: dict[str, tuple[str, ...]]
    river_pairs: tuple[tuple[str, str], ...]
    rivers: dict[str, tuple[str, ...]]
    dice_presets: dict[str, tuple[tuple[int, ...], tuple[int, ...]]]
    default_dice: str
    pool: dict[str, int]
    shapes: tuple[str, ...]
    opening_distances: dict[int, tuple[int, ...]]
    max_same_colour: int
    two_player_eggs: int
    ring_supply: int
    display: dict[str, Any]
    entrance_set: frozenset[str] = frozenset()
    volcano_set: frozenset[str] = frozenset()
    volcano_bit: dict[str, int] = field(default_factory=dict)
    steps: dict[str, tuple[str, ...]] = field(default_factory=dict)
    cache: dict[tuple, Any] = field(default_factory=dict, compare=False, repr=False)
    near_masks: dict[tuple[str | None, int], int] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        entrances = frozenset(self.entrances)
        object.__setattr__(self, "entrance_set", entrances)
        object.__setattr__(self, "volcano_set", frozenset(self.volcanoes))
        object.__setattr__(self, "volcano_bit", {v: 1 << i for i, v in enumerate(self.volcanoes)})
        object.__setattr__(self, "steps", {n: tuple(m for m in ms if m not in entrances)
                                           for n, ms in self.neighbours.items()})

    def __deepcopy__(self, memo: dict) -> "Board":
        return self  # never mutated: a cloned game shares its board

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled without its caches; unpickled as the receiving process's own equal board (engine.data)
        return pickled_board(self, load_board)

    def is_volcano(self, node: str) -> bool:
        """Return whether ``node`` is a volcano (a space that holds any number of adventurers)."""
        return node in self.eggs

    def is_entrance(self, node: str) -> bool:
        """Return whether ``node`` is an entrance (not a space, DL-OPEN-3)."""
        return node in self.entrance_set


def load_board(path: str | os.PathLike[str] | None = None) -> Board:
    """Load and validate a board file with the bundled components (``None``/``""``: the bundled board).

    Raises:
        GameDataError: a file is missing, not JSON, or a field fails a check (counts, ids,
            connectivity, rivers between volcanoes); the message names the file and the field.

    >>> b = load_board()
    >>> len(b.volcanoes), len(b.stones), sum(b.eggs.values()), sum(b.gem_slots.values())
    (15, 86, 18, 57)
    """
    return _load_cached(*cache_key(path, BUNDLED_BOARD))


@lru_cache(maxsize=16)
def _load_cached(file: str, mtime_ns: int, size: int) -> Board:
    components = _Checker(str(COMPONENTS)).components(read_json(COMPONENTS))
    return _Checker(file).board(read_json(file), components)


class _Checker(DataChecker):
    """Validate the fields of one data file; every failure names the file and the field."""

    # ------------------------------------------------------------------ components.json
    def components(self, data: Any) -> dict[str, Any]:
        """Check the component counts of the rulebook's list (section 2, D2-D4, DL-REC-1/4)."""
        self.need(isinstance(data, dict), "<root>", "must be a JSON object")
        fmt = self.get(data, "format", str, "format")
        self.need(fmt == "dragonwidgets/drachenland-components/1", "format", f"unknown format {fmt!r}")
        presets = self.get(data, "dice_presets", dict, "dice_presets")
        dice = {}
        for name, faces in presets.items():
            field = f"dice_presets.{name}"
            self.need(isinstance(faces, list) and len(faces) == 2, field, "must list the faces of 2 dice")
            for i, die in enumerate(faces):
                self.need(isinstance(die, list) and die and all(type(f) is int and f >= 1 for f in die),
                          f"{field}[{i}]", "must be a non-empty list of faces >= 1")
            self.need(any(4 in die for die in faces), field, "no die shows a 4, so royal dragons never fly")
            dice[name] = (tuple(faces[0]), tuple(faces[1]))
        default = self.get(data, "default_dice", str, "default_dice")
        self.need(default in dice, "default_dice", f"{default!r} is not a preset")
        self.need(self.get(data, "eggs", int, "eggs") == EGGS, "eggs", f"must be {EGGS}")
        self.need(self.get(data, "gems", dict, "gems") == GEM_COUNTS, "gems", f"must be {GEM_COUNTS}")
        tokens = self.get(data, "player_tokens", dict, "player_tokens")
        self.need(tokens == {k: 1 for k in PLAYER_TOKENS}, "player_tokens", "must be one each of fate, boatman, baby_dragon")
        pool = self.get(data, "volcano_token_pool", dict, "volcano_token_pool")
        self.need(pool == POOL, "volcano_token_pool", f"must be {POOL} (16 tokens, D3)")
        ring_supply = self.get(data, "ring_supply", int, "ring_supply")
        self.need(ring_supply == RING_SUPPLY, "ring_supply", f"must be {RING_SUPPLY}")
        shapes = self.get(data, "shapes", list, "shapes")
        self.need(all(isinstance(s, str) for s in shapes), "shapes", "must be a list of shape names (strings)")
        self.need(len(shapes) == SHAPES and len(set(shapes)) == SHAPES, "shapes", f"must name {SHAPES} distinct shapes")
        opening = self.get(data, "opening_distances", dict, "opening_distances")
        self.need(opening == {"2": [2, 4], "3": [1, 2, 3], "4": [1, 2, 3, 4]}, "opening_distances",
                  "must be the rulebook's 2: [2, 4], 3: [1, 2, 3], 4: [1, 2, 3, 4] (DL-OPEN-2, DL-2P-3)")
        return {
            "dice": dice, "default_dice": default, "pool": dict(pool), "ring_supply": ring_supply,
            "shapes": tuple(shapes), "opening": {int(k): tuple(v) for k, v in opening.items()},
            "max_same_colour": self.get(data, "max_same_colour_gems_per_volcano", int,
                                        "max_same_colour_gems_per_volcano"),
            "two_player_eggs": self.get(data, "two_player_eggs_per_volcano", int, "two_player_eggs_per_volcano"),
            "display": data.get("display", {}),
        }

    # ------------------------------------------------------------------ board.json
    def _nodes(self, data: dict, key: str, extra: tuple[str, ...], size: tuple[float, float]) -> list[dict]:
        """Check the list ``key`` of nodes: each an object with an ``id`` (a string), ``x`` and ``y`` (numbers
        inside the drawing, ``size`` = width, height) and the ints ``extra``; ``junction``, where given, is
        true or false."""
        items = self.get(data, key, list, key)
        for i, item in enumerate(items):
            field = f"{key}[{i}]"
            self.need(isinstance(item, dict), field, f"must be a JSON object (a node), got {item!r:.40}")
            self.get(item, "id", str, f"{field}.id")
            self.need(isinstance(item.get("junction", False), bool), f"{field}.junction", "must be true or false")
            for k, most in zip(("x", "y"), size):
                at = self.get(item, k, (int, float), f"{field}.{k}")
                self.need(0 <= at <= most, f"{field}.{k}", f"must be inside the drawing, 0..{most:g}, got {at!r:.30}")
            for k in extra:
                self.get(item, k, int, f"{field}.{k}")
        return items

    def board(self, data: Any, comp: dict[str, Any]) -> Board:
        """Check the layout: DL-REC-2 counts, ids, paths, connectivity, rivers (DL-INT-15)."""
        self.need(isinstance(data, dict), "<root>", "must be a JSON object")
        fmt = self.get(data, "format", str, "format")
        self.need(fmt == "dragonwidgets/drachenland-board/1", "format", f"unknown format {fmt!r}")
        coords = self.get(data, "coordinates", dict, "coordinates")
        width = self.get(coords, "width", (int, float), "coordinates.width")
        height = self.get(coords, "height", (int, float), "coordinates.height")
        self.need(0 < width <= 10_000 and 0 < height <= 10_000, "coordinates", "width and height are in 1..10000")
        self.need(isinstance(data.get("source", ""), str), "source", "must be a string: where the data comes from")
        self.need(isinstance(data.get("reconstruction", False), bool), "reconstruction", "must be true or false")
        size = (width, height)
        entrances = self._nodes(data, "entrances", (), size)
        volcanoes = self._nodes(data, "volcanoes", ("eggs", "gems"), size)
        stones = self._nodes(data, "stones", (), size)
        self.need(len(entrances) == ENTRANCES, "entrances", f"must be {ENTRANCES} (DL-OPEN-2)")
        self.need(len(volcanoes) == VOLCANOES, "volcanoes", f"must be {VOLCANOES} (D5)")
        ids = [n["id"] for n in entrances + volcanoes + stones]
        dup = sorted({i for i in ids if ids.count(i) > 1})
        self.need(not dup, "id", f"duplicate node ids {dup}")
        for e in entrances:
            self.need(e["id"].startswith("E"), "entrances", f"entrance ids start with 'E', got {e['id']!r}")
        for n in volcanoes + stones:
            self.need(not n["id"].startswith("E"), "id", f"only entrance ids start with 'E', got {n['id']!r}")
        eggs = {v["id"]: v["eggs"] for v in volcanoes}
        slots = {v["id"]: v["gems"] for v in volcanoes}
        self.need(all(e >= 1 for e in eggs.values()), "volcanoes.eggs", "every volcano shows at least 1 egg (D6)")
        self.need(sum(eggs.values()) == EGGS, "volcanoes.eggs", f"must add up to {EGGS} (D6), got {sum(eggs.values())}")
        self.need(sum(slots.values()) == sum(GEM_COUNTS.values()), "volcanoes.gems",
                  f"must add up to {sum(GEM_COUNTS.values())} (DL-INT-2), got {sum(slots.values())}")
        cap = comp["max_same_colour"] * len(GEMS)
        self.need(all(0 <= g <= cap for g in slots.values()), "volcanoes.gems",
                  f"a volcano holds 0..{cap} gems (at most {comp['max_same_colour']} per colour, DL-SETUP-7)")
        known = set(ids)
        entrance_ids = {e["id"] for e in entrances}
        edges: set[tuple[str, str]] = set()
        for i, chain in enumerate(self.get(data, "paths", list, "paths")):
            field = f"paths[{i}]"
            self.need(isinstance(chain, list) and len(chain) >= 2, field, "must chain at least 2 node ids")
            for j, n in enumerate(chain):
                self.need(isinstance(n, str), f"{field}[{j}]", f"must be a node id (a string), got {n!r:.40}")
                self.need(n in known, field, f"unknown node {n!r:.40} (entry {j})")
            for a, b in zip(chain, chain[1:]):
                self.need(a != b, field, f"a path joins {a!r} to itself")
                self.need(not (a in entrance_ids and b in entrance_ids), field, "a path joins two entrances")
                edges.add((min(a, b), max(a, b)))
        neighbours: dict[str, list[str]] = {n: [] for n in ids}
        for a, b in sorted(edges):
            neighbours[a].append(b)
            neighbours[b].append(a)
        for e in entrance_ids:
            self.need(len(neighbours[e]) >= 2, "paths", f"entrance {e} must start at least two directions (DL-OPEN-2)")
        spaces = [n for n in ids if n not in entrance_ids]
        reached = _connected(spaces[0], neighbours, entrance_ids)
        lost = sorted(set(spaces) - reached)
        self.need(not lost, "paths", f"every space must be reachable without crossing an entrance; cut off: {lost[:8]}")
        river_pairs = []
        rivers: dict[str, list[str]] = {v: [] for v in eggs}
        for i, pair in enumerate(self.get(data, "rivers", list, "rivers")):
            field = f"rivers[{i}]"
            self.need(isinstance(pair, list) and len(pair) == 2 and all(isinstance(v, str) for v in pair), field,
                      f"must be a pair of volcano ids, got {pair!r:.60}")
            a, b = pair
            self.need(a in eggs and b in eggs and a != b, field, f"a river joins two different volcanoes, got {pair}")
            key = (min(a, b), max(a, b))
            self.need(key not in river_pairs, field, f"river {a}-{b} listed twice")
            river_pairs.append(key)
            rivers[a].append(b)
            rivers[b].append(a)
        return Board(
            source=self.file,
            volcanoes=tuple(v["id"] for v in volcanoes),
            stones=tuple(s["id"] for s in stones),
            entrances=tuple(e["id"] for e in entrances),
            xy={n["id"]: (float(n["x"]), float(n["y"])) for n in entrances + volcanoes + stones},
            width=float(width), height=float(height),
            junctions=frozenset(s["id"] for s in stones if s.get("junction")),
            eggs=eggs, gem_slots=slots,
            edges=tuple(sorted(edges)),
            neighbours={n: tuple(v) for n, v in neighbours.items()},
            river_pairs=tuple(river_pairs),
            rivers={v: tuple(sorted(r)) for v, r in rivers.items()},
            dice_presets=comp["dice"], default_dice=comp["default_dice"], pool=comp["pool"],
            shapes=comp["shapes"], opening_distances=comp["opening"], max_same_colour=comp["max_same_colour"],
            two_player_eggs=comp["two_player_eggs"], ring_supply=comp["ring_supply"], display=comp["display"],
        )


def _connected(start: str, neighbours: dict[str, list[str]], blocked: set[str]) -> set[str]:
    seen = {start}
    todo = deque([start])
    while todo:
        n = todo.popleft()
        for m in neighbours[n]:
            if m not in seen and m not in blocked:
                seen.add(m)
                todo.append(m)
    return seen
