"""The Emerald board and components, loaded from a JSON data file and validated (EM-REC-1..5).

The bundled file ``data/board.json`` is a reconstruction (the rulebook's board is a picture that is
not in the text); an owner of the physical game may pass their own file as the ``board_file``
option. Every count the French rulebook states is checked on load; a failed check raises
:class:`~dragonwidgets.engine.GameDataError` whose message names the file and the field.

Space numbering (``pos``, EM-REC-1): 0 = a start space (``T1``..``T4``, ``KEEP``), 1..6 = ``P1``..``P6``,
7..15 = ``M1``..``M9``, 16 = ``LAIR``. ``NEST`` is off the path.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from dragonwidgets.engine.data import DataChecker, cache_key, pickled_board, read_json

#: The bundled, reconstructed board.
BUNDLED_BOARD = Path(__file__).with_name("data") / "board.json"
#: The version of the board file's layout this code reads (its ``format`` field).
FORMAT = 1

# Counts the French rulebook states (checked on load whatever the file says).
START_SPACES = 5  # EM-SETUP-1: "ses 5 tours" = 4 towers + keep (EM-INT-4)
PLAIN_SQUARES = 6  # EM-SETUP-1: "Les six premières cases du chemin sont en plaine"
MOUNTAIN_SQUARES = 9  # EM-SETUP-1: "les neuf suivantes en montagne"
CARDS_PER_MOUNTAIN = 5  # EM-SETUP-8: "en tout cinq cartes"
GEM_CARDS = 24  # component list: "24 Cartes pierres précieuse (6 de chaque)"
GEM_TYPES = 4  # D2, EM-INT-2
KNIGHT_COLOURS = 5  # D4: 25 knights, "5 de chaque couleur"
LAIR_PLACES = 4  # EM-LAIR-3
NEST = "NEST"
LAIR = "LAIR"


@dataclass(frozen=True)
class Board:
    """The static components of one game: spaces, piles, flight track, die, decks, colours.

    Positions are ints (``pos``, see the module docstring); ``track_positions[s]`` is the tuple of
    the 4 mountain ``pos`` beside the flight track at track position ``s`` (EM-REC-2).
    """

    source: str
    start_spaces: tuple[str, ...]
    start_kinds: dict[str, str]
    start_spaces_by_players: dict[int, tuple[str, ...]]
    path: tuple[str, ...]  # path[pos - 1] is the id of the square at pos 1..lair_pos-1
    kinds: dict[str, str]  # id -> "plain" | "mountain" | "lair"
    pos: dict[str, int]  # id -> pos (path squares and LAIR)
    lair_pos: int
    lair_places: int
    mountains: tuple[str, ...]
    pile_sizes: dict[str, tuple[int, int]]  # mountain id -> (gold cards, gem cards)
    track_positions: dict[int, tuple[int, ...]]
    track_initial: int
    track_final: int
    dragon_start_pos: int
    dragon_start_facing: int  # +1 toward the lair, -1 toward the plain
    die: tuple[int, ...]
    gold_deck: tuple[int, ...]
    gold_removed: int
    gem_deck: tuple[str, ...]
    gem_removed: int
    gem_types: tuple[str, ...]
    gem_names: dict[str, str]
    gem_css: dict[str, str]
    treasures: int
    treasure_points: int
    four_gems_points: int
    majority_points: int
    colours: tuple[str, ...]
    colour_names: dict[str, str]
    colour_css: dict[str, str]
    knights_by_players: dict[int, tuple[int, int]]  # players -> (colours per player, knights per colour)
    # Tables derived once from the fields above (the rules ask them at every decision):
    movable_spaces: tuple[str, ...] = field(default=(), init=False)  # start spaces + P1..M9 (EM-MOVE-8)
    destinations: dict[str, tuple[str, ...]] = field(default_factory=dict, init=False, repr=False)
    mountain_pos: dict[str, int] = field(default_factory=dict, init=False, repr=False)
    card_names: dict[int | str, str] = field(default_factory=dict, init=False, repr=False)
    # Filled as the game asks (dragon.flight): (track position, dragon pos, facing, roll) -> a flight.
    flights: dict[tuple[int, int, int, int], tuple[int, int, tuple[str, ...]]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # EM-MOVE-8: knights move from a start space or a path square, never from the lair or the nest.
        object.__setattr__(self, "movable_spaces", self.start_spaces + self.path)
        # EM-MOVE-1/2/6, EM-LAIR-2: destinations[space][n] is where a knight leaving ``space`` with n
        # knights there ends, for every n up to the most knights a game puts in play (so up to any
        # count a space can hold); n >= lair_pos - pos reaches the lair.
        most = max(self.lair_pos, max(n * cpp * kpc for n, (cpp, kpc) in self.knights_by_players.items()))
        starts = {s: 0 for s in self.start_spaces}
        table = {space: tuple(self.square_at(p + n) if p + n else space for n in range(most + 1))
                 for space, p in {**starts, **{sq: self.pos[sq] for sq in self.path}}.items()}
        object.__setattr__(self, "destinations", table)
        # EM-DRAGON-2/3: only mountain squares can wake the dragon.
        object.__setattr__(self, "mountain_pos", {sq: self.pos[sq] for sq in self.mountains})
        # A card's readable name: "gold 4", "Ruby gem" (see cards.card_name).
        names: dict[int | str, str] = {v: f"gold {v}" for v in self.gold_deck}
        names.update({g: f"{self.gem_names[g]} gem" for g in self.gem_types})
        object.__setattr__(self, "card_names", names)

    def __deepcopy__(self, memo: dict) -> "Board":
        return self  # never mutated: a cloned game shares its board

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled without its caches; unpickled as the receiving process's own equal board (engine.data)
        return pickled_board(self, load_board)

    def square_at(self, pos: int) -> str:
        """Return the id of the square at ``pos`` (1..lair_pos), e.g. ``square_at(7) == "M1"``."""
        return LAIR if pos >= self.lair_pos else self.path[pos - 1]

    def destination(self, space: str, count: int) -> str:
        """Return where a knight leaving ``space`` (a start space or P1..M9) with ``count`` >= 1
        knights there ends: ``count`` squares on, or the lair (EM-MOVE-1/2/6, EM-LAIR-2, EM-INT-11).

        Raises ``KeyError`` for a space knights never move from (the lair, the nest, an unknown id).
        """
        table = self.destinations[space]
        return table[count] if count < len(table) else LAIR

    @property
    def cards_on_board(self) -> int:
        """Number of gold + gem cards dealt to the mountain piles (45 on the reconstructed board, D7)."""
        return sum(g + m for g, m in self.pile_sizes.values())


def load_board(path: str | os.PathLike[str] | None = None) -> Board:
    """Load and validate a board file (``None`` or ``""``: the bundled reconstruction).

    Raises:
        GameDataError: the file is missing, not JSON, or a field fails a check; the message names
            the file and the field.

    >>> load_board().cards_on_board
    45
    """
    return _load_cached(*cache_key(path, BUNDLED_BOARD))


@lru_cache(maxsize=16)
def _load_cached(file: str, mtime_ns: int, size: int) -> Board:
    return _Checker(file).board(read_json(file))


class _Checker(DataChecker):
    """Validate the fields of one board file; every failure names the file and the field."""

    def count(self, obj: Any, key: str, field: str, *, low: int = 0) -> int:
        value = self.get(obj, key, int, field)
        self.need(value >= low, field, f"must be at least {low}, got {value}")
        return value

    def named_entries(self, raw: list, field: str, *, id_ok: Callable[[str], bool] = lambda _: True,
                      id_rule: str = "is used twice") -> tuple[tuple[str, ...], dict[str, str], dict[str, str]]:
        """Read a list of ``{"id", "name", "css"}`` entries (gem types, knight colours); return (the ids
        in order, id -> name, id -> css). An id used twice, or refused by ``id_ok``, fails with ``id_rule``."""
        ids, names, css = [], {}, {}
        for i, entry in enumerate(raw):
            f = f"{field}[{i}]"
            eid = self.get(entry, "id", str, f + ".id")
            self.need(eid not in names and id_ok(eid), f + ".id", f"{eid!r} {id_rule}")
            names[eid] = self.get(entry, "name", str, f + ".name")
            css[eid] = self.get(entry, "css", str, f + ".css")
            ids.append(eid)
        return tuple(ids), names, css

    # ------------------------------------------------------------------ sections
    def board(self, data: Any) -> Board:
        self.need(isinstance(data, dict), "<top>", "the file must hold a JSON object")
        self.need(data.get("game") == "emerald", "game", f"must be 'emerald', got {data.get('game')!r}")
        fmt = data.get("format")
        self.need(fmt == FORMAT, "format", f"unknown format {fmt!r:.40}; this code reads format {FORMAT}")
        starts, kinds = self.start_spaces(data)
        by_players = self.start_spaces_by_players(data, starts)
        path, sq_kinds, pos, lair_pos, lair_places, piles = self.path(data, set(starts))
        mountains = tuple(i for i in path if sq_kinds[i] == "mountain")
        track, initial, final, d_pos, d_face = self.flight_track(data, pos, mountains)
        die = self.die(data, track)
        gold, gold_removed, gem_types, gem_names, gem_css, gems, gem_removed = self.decks(data, piles)
        treasures, t_points, four_points, maj_points = self.special_cards(data, gem_types)
        colours, c_names, c_css, by_count = self.knights(data, by_players)
        return Board(
            source=self.file, start_spaces=starts, start_kinds=kinds, start_spaces_by_players=by_players,
            path=path, kinds=sq_kinds, pos=pos, lair_pos=lair_pos, lair_places=lair_places,
            mountains=mountains, pile_sizes=piles, track_positions=track, track_initial=initial,
            track_final=final, dragon_start_pos=d_pos, dragon_start_facing=d_face, die=die,
            gold_deck=gold, gold_removed=gold_removed, gem_deck=gems, gem_removed=gem_removed,
            gem_types=gem_types, gem_names=gem_names, gem_css=gem_css, treasures=treasures,
            treasure_points=t_points, four_gems_points=four_points, majority_points=maj_points,
            colours=colours, colour_names=c_names, colour_css=c_css, knights_by_players=by_count,
        )

    def start_spaces(self, data: dict) -> tuple[tuple[str, ...], dict[str, str]]:
        """EM-SETUP-1, EM-INT-4: 5 start spaces, 4 towers and the keep."""
        raw = self.get(data, "start_spaces", list, "start_spaces")
        self.need(len(raw) == START_SPACES, "start_spaces", f"needs {START_SPACES} start spaces (EM-SETUP-1), got {len(raw)}")
        ids, kinds = [], {}
        for i, s in enumerate(raw):
            sid = self.get(s, "id", str, f"start_spaces[{i}].id")
            kind = self.get(s, "kind", str, f"start_spaces[{i}].kind")
            self.need(kind in ("tower", "keep"), f"start_spaces[{i}].kind", f"must be 'tower' or 'keep', got {kind!r}")
            self.need(sid not in kinds, f"start_spaces[{i}].id", f"{sid!r} is used twice")
            ids.append(sid)
            kinds[sid] = kind
        towers = sum(k == "tower" for k in kinds.values())
        self.need(towers == 4, "start_spaces", f"needs 4 towers and 1 keep (EM-INT-4), got {towers} towers")
        return tuple(ids), kinds

    def start_spaces_by_players(self, data: dict, starts: tuple[str, ...]) -> dict[int, tuple[str, ...]]:
        """EM-SETUP-12: all 5 start spaces at 3-4 players; the keep stays empty at 2 or 5."""
        raw = self.get(data, "start_spaces_by_player_count", dict, "start_spaces_by_player_count")
        out = {}
        for n in range(2, 6):
            field = f"start_spaces_by_player_count.{n}"
            used = self.get(raw, str(n), list, field)
            self.need(all(u in starts for u in used), field, f"names an unknown start space: {used!r}")
            self.need(len(set(used)) == len(used), field, "lists a start space twice")
            want = 4 if n in (2, 5) else 5
            self.need(len(used) == want, field, f"needs {want} start spaces at {n} players (EM-SETUP-12), got {len(used)}")
            out[n] = tuple(used)
        return out

    def path(self, data: dict, starts: set[str]):
        """EM-SETUP-1, EM-REC-1, EM-SETUP-8: 6 plain, 9 mountain squares (5 cards each), then the lair."""
        raw = self.get(data, "path", list, "path")
        want = PLAIN_SQUARES + MOUNTAIN_SQUARES + 1
        self.need(len(raw) == want, "path", f"needs {want} entries (6 plain, 9 mountain, the lair), got {len(raw)}")
        ids, kinds, pos, piles = [], {}, {}, {}
        lair_places = 0
        for i, sq in enumerate(raw):
            f = f"path[{i}]"
            sid = self.get(sq, "id", str, f + ".id")
            p = self.get(sq, "pos", int, f + ".pos")
            kind = self.get(sq, "kind", str, f + ".kind")
            self.need(p == i + 1, f + ".pos", f"must be {i + 1} (positions run 1, 2, ... along the path), got {p}")
            self.need(sid not in pos and sid not in starts and sid != NEST, f + ".id", f"{sid!r} is used twice or reserved")
            expected = "plain" if i < PLAIN_SQUARES else "mountain" if i < want - 1 else "lair"
            self.need(kind == expected, f + ".kind", f"must be {expected!r} (EM-SETUP-1), got {kind!r}")
            pos[sid] = p
            kinds[sid] = kind
            if kind == "lair":
                self.need(sid == LAIR, f + ".id", f"the lair's id must be {LAIR!r}, got {sid!r}")
                lair_places = self.count(sq, "knight_places", f + ".knight_places", low=1)
                self.need(lair_places == LAIR_PLACES, f + ".knight_places", f"the lair has {LAIR_PLACES} places (EM-LAIR-3)")
                continue
            ids.append(sid)
            if kind == "mountain":
                g = self.count(sq, "gold_pile", f + ".gold_pile", low=1)
                m = self.count(sq, "gem_pile", f + ".gem_pile", low=1)
                self.need(g + m == CARDS_PER_MOUNTAIN, f, f"a mountain square holds {CARDS_PER_MOUNTAIN} cards (EM-SETUP-8), got {g} + {m}")
                piles[sid] = (g, m)
        return tuple(ids), kinds, pos, want, lair_places, piles

    def flight_track(self, data: dict, pos: dict[str, int], mountains: tuple[str, ...]):
        """EM-REC-2, EM-SETUP-4/5, EM-TRACK-1/2: consecutive track positions, one square apart."""
        ft = self.get(data, "flight_track", dict, "flight_track")
        length = self.count(ft, "length", "flight_track.length", low=2)
        self.need(length == 4, "flight_track.length", f"the flight track is 4 squares long, got {length}")
        raw = self.get(ft, "positions", dict, "flight_track.positions")
        self.need(len(raw) >= 1, "flight_track.positions", "needs at least one position")
        track: dict[int, tuple[int, ...]] = {}
        for k in range(1, len(raw) + 1):
            f = f"flight_track.positions.{k}"
            squares = self.get(raw, str(k), list, f)
            self.need(len(squares) == length, f, f"needs {length} squares, got {len(squares)}")
            self.need(all(s in mountains for s in squares), f, f"must list mountain squares, got {squares!r}")
            ps = tuple(pos[s] for s in squares)
            self.need(all(b == a + 1 for a, b in zip(ps, ps[1:])), f, "must list adjacent squares in path order")
            if k > 1:
                self.need(ps[0] == track[k - 1][0] + 1, f, "must be one square nearer the lair than the previous position (EM-TRACK-1)")
            track[k] = ps
        self.need(track[1][0] == pos[mountains[0]], "flight_track.positions.1", "must start beside the first mountain square (EM-SETUP-4)")
        self.need(track[len(track)][-1] == pos[mountains[-1]], f"flight_track.positions.{len(track)}", "must end beside the last mountain square (EM-TRACK-2)")
        initial = self.get(ft, "initial_position", int, "flight_track.initial_position")
        final = self.get(ft, "final_position", int, "flight_track.final_position")
        self.need(initial == 1, "flight_track.initial_position", f"must be 1 (EM-SETUP-4), got {initial}")
        self.need(final == len(track), "flight_track.final_position", f"must be the last position, {len(track)}, got {final}")
        start = self.get(ft, "dragon_start", dict, "flight_track.dragon_start")
        sq = self.get(start, "square", str, "flight_track.dragon_start.square")
        facing = self.get(start, "facing", str, "flight_track.dragon_start.facing")
        self.need(sq in pos and pos[sq] in track[1], "flight_track.dragon_start.square", f"must be beside the initial track, got {sq!r}")
        self.need(facing in ("plain", "lair"), "flight_track.dragon_start.facing", f"must be 'plain' or 'lair', got {facing!r}")
        step = 1 if facing == "lair" else -1
        self.need(pos[sq] + step in track[1], "flight_track.dragon_start.facing", "the dragon must face along its track (EM-INT-6)")
        return track, initial, final, pos[sq], step

    def die(self, data: dict, track: dict[int, tuple[int, ...]]) -> tuple[int, ...]:
        """EM-SETUP-6, EM-DRAGON-4/7: faces 1..3 so the dragon always ends on its 4-square track."""
        raw = self.get(data, "dragon_die", list, "dragon_die")
        self.need(len(raw) >= 1, "dragon_die", "needs at least one face")
        for i, face in enumerate(raw):
            self.need(isinstance(face, int) and not isinstance(face, bool) and 1 <= face <= 3,
                      f"dragon_die[{i}]", f"faces must be 1, 2 or 3 (EM-DRAGON-7), got {face!r}")
        return tuple(raw)

    def decks(self, data: dict, piles: dict[str, tuple[int, int]]):
        """EM-INT-1, D1/D2/D7/D8, EM-SETUP-10: decks fill the piles exactly, with 2 + 2 cards left out."""
        cards = self.get(data, "cards", dict, "cards")
        gold = self.get(cards, "gold", dict, "cards.gold")
        copies = self.get(gold, "copies_per_value", dict, "cards.gold.copies_per_value")
        deck: list[int] = []
        for key, n in copies.items():
            f = f"cards.gold.copies_per_value.{key}"
            self.need(key.isdigit() and 1 <= int(key) <= 5, f, "gold values run 1 to 5 (EM-SCORE-1)")
            self.need(isinstance(n, int) and not isinstance(n, bool) and n >= 0, f, f"must be a count, got {n!r}")
            deck += [int(key)] * n
        gold_removed = self.count(gold, "removed_unseen", "cards.gold.removed_unseen")
        on_board = sum(g for g, _ in piles.values())
        self.need(len(deck) - gold_removed == on_board, "cards.gold",
                  f"{len(deck)} gold cards minus {gold_removed} removed must fill the {on_board} gold places (D8)")
        gem = self.get(cards, "gem", dict, "cards.gem")
        types = self.get(gem, "types", list, "cards.gem.types")
        self.need(len(types) == GEM_TYPES, "cards.gem.types", f"needs {GEM_TYPES} gem types (EM-INT-2), got {len(types)}")
        ids, names, css = self.named_entries(types, "cards.gem.types")
        per = self.count(gem, "copies_per_type", "cards.gem.copies_per_type", low=1)
        self.need(per * len(ids) == GEM_CARDS, "cards.gem.copies_per_type", f"24 gem cards, 6 of each (D2), got {per} per type")
        gem_removed = self.count(gem, "removed_unseen", "cards.gem.removed_unseen")
        gem_board = sum(m for _, m in piles.values())
        self.need(GEM_CARDS - gem_removed == gem_board, "cards.gem",
                  f"{GEM_CARDS} gem cards minus {gem_removed} removed must fill the {gem_board} gem places (D8)")
        gems = tuple(g for g in ids for _ in range(per))
        return tuple(deck), gold_removed, ids, names, css, gems, gem_removed

    def special_cards(self, data: dict, gem_types: tuple[str, ...]):
        """EM-SETUP-2/3, D3: 4 treasures worth 5; one four-gems bonus and one majority bonus per type."""
        cards = data["cards"]
        t = self.get(cards, "treasure", dict, "cards.treasure")
        treasures = self.count(t, "count", "cards.treasure.count", low=1)
        self.need(treasures == 4, "cards.treasure.count", f"there are 4 treasure cards (EM-SETUP-2), got {treasures}")
        t_points = self.count(t, "points", "cards.treasure.points")
        bonus = self.get(cards, "bonus", list, "cards.bonus")
        four, majority = None, {}
        for i, b in enumerate(bonus):
            bid = self.get(b, "id", str, f"cards.bonus[{i}].id")
            points = self.count(b, "points", f"cards.bonus[{i}].points")
            if bid == "four_different_gems":
                four = points
            else:
                gem = self.get(b, "gem", str, f"cards.bonus[{i}].gem")
                self.need(gem in gem_types and gem not in majority and bid == f"majority_{gem}",
                          f"cards.bonus[{i}]", f"a majority bonus is 'majority_<gem>' for a distinct gem type, got {bid!r}")
                majority[gem] = points
        self.need(four is not None, "cards.bonus", "needs the 'four_different_gems' bonus (EM-BONUS-1)")
        self.need(set(majority) == set(gem_types), "cards.bonus", "needs one majority bonus per gem type (EM-BONUS-3)")
        self.need(len(set(majority.values())) == 1, "cards.bonus", "majority bonuses must all score the same")
        return treasures, t_points, four, next(iter(majority.values()))

    def knights(self, data: dict, by_players: dict[int, tuple[str, ...]]):
        """D4, EM-SETUP-11/12, EM-P2-1, EM-P34-1, EM-P5-1: 5 colours of 5; one knight per colour per start space."""
        k = self.get(data, "knights", dict, "knights")
        raw = self.get(k, "colours", list, "knights.colours")
        self.need(len(raw) == KNIGHT_COLOURS, "knights.colours", f"needs {KNIGHT_COLOURS} colours (D4), got {len(raw)}")
        # a colour id is a word of the action ids and a part of the targets ("T1/black"): no space, no "/"
        ids, names, css = self.named_entries(raw, "knights.colours", id_ok=lambda c: " " not in c and "/" not in c,
                                             id_rule="is used twice or holds a space or '/'")
        in_box = self.count(k, "per_colour_in_box", "knights.per_colour_in_box", low=1)
        by = self.get(k, "by_player_count", dict, "knights.by_player_count")
        out = {}
        for n in range(2, 6):
            f = f"knights.by_player_count.{n}"
            entry = self.get(by, str(n), dict, f)
            cpp = self.count(entry, "colours_per_player", f + ".colours_per_player", low=1)
            kpc = self.count(entry, "knights_per_colour", f + ".knights_per_colour", low=1)
            self.need(cpp * n <= len(ids), f + ".colours_per_player", f"{n} players x {cpp} colours exceeds {len(ids)} colours")
            self.need(kpc <= in_box, f + ".knights_per_colour", f"at most {in_box} knights per colour")
            self.need(kpc == len(by_players[n]), f + ".knights_per_colour",
                      f"one knight of each colour per start space used (EM-SETUP-12): {len(by_players[n])}, got {kpc}")
            out[n] = (cpp, kpc)
        return ids, names, css, out
