"""Walking: which spaces an adventurer can end on, and at what distance (DL-MOVE, DL-OPEN, DL-INT-6/9/10).

A walk is a simple path along the board's paths (DL-INT-10). It never steps onto an entrance
(DL-MOVE-8, DL-INT-9), never passes a volcano with a face-down token (it must stop there, DL-MOVE-6),
may pass occupied stones, which count (DL-MOVE-4), and may pass revealed volcanoes, which count too
(DL-MOVE-7). It ends on an empty stone or on any volcano (DL-MOVE-5). Because only the end space is
constrained, the shortest legal path decides, and breadth-first search finds it.

Two memories keep the walks fast. ``board.cache`` holds what a walk gives before occupancy, keyed by
value, for every game on that board (:func:`sorted_reach`, :func:`remember`). ``game.memo`` holds
answers about one game's current table (the occupied stones, the walk choices, whether an
adventurer can enter): :func:`place` and :func:`forget_table` keep it true as the table changes.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING

from .board import Board

if TYPE_CHECKING:
    from .game import DrachenlandGame

MARCH_STEPS = 3  # DL-MARCH-1: "de trois cases supplémentaires"


def reach(board: Board, start: str, allowance: int, face_down: Collection[str]) -> dict[str, int]:
    """Return ``{space: shortest legal distance}`` for every space a walk of 1..``allowance`` passes or ends on.

    Occupancy is left out: occupied stones are passed and counted like any other (DL-MOVE-4), so
    they change which spaces a walk may *end* on (see :func:`walk_distances`), never the distances.
    ``start`` is the adventurer's space, or an entrance when it enters (DL-MOVE-3: the entrance is
    not counted); ``face_down`` holds the volcanoes whose token is still face down: a walk may end
    there but never passes one (DL-MOVE-6). Entrances are never stepped on (DL-MOVE-8, DL-INT-9).
    The dict is in breadth-first order.

    >>> from .board import load_board
    >>> sorted(reach(load_board(), "EN", 2, face_down=()).items())
    [('s01', 1), ('s02', 2), ('s05', 1), ('s06', 2)]
    """
    steps, volcanoes = board.steps, board.volcano_set  # ``steps``: the neighbours without entrances
    seen = {start}
    frontier = [start]
    out: dict[str, int] = {}
    for step in range(1, allowance + 1):
        nxt = []
        for node in frontier:
            for m in steps[node]:
                if m in seen:
                    continue
                seen.add(m)
                out[m] = step
                if m not in volcanoes or m not in face_down:
                    nxt.append(m)
        if not nxt:
            break
        frontier = nxt
    return out


def entry_reach(board: Board, allowance: int, face_down: Collection[str]) -> dict[str, tuple[int, str]]:
    """Return ``{space: (distance, entrance)}`` as :func:`reach` does, entering through the nearest entrance.

    DL-MOVE-3, DL-INT-9: any of the three entrances, at least 1 space, at most ``allowance``. When
    two entrances reach a space equally fast the first in board order is named (the state is the same).
    """
    out: dict[str, tuple[int, str]] = {}
    for entrance in board.entrances:
        for node, d in reach(board, entrance, allowance, face_down).items():
            if node not in out or d < out[node][0]:
                out[node] = (d, entrance)
    return out


def walk_distances(board: Board, start: str, allowance: int, occupied: Collection[str],
                   face_down: Collection[str]) -> dict[str, int]:
    """Return ``{end space: shortest legal distance}`` for a walk of 1..``allowance`` spaces.

    The spaces of :func:`reach` that a walk may end on: any volcano, or a stone not in ``occupied``
    (the stones with an adventurer on them, DL-MOVE-5). Implements DL-MOVE-1/4/5/6/7/8, DL-INT-9/10.

    >>> from .board import load_board
    >>> d = walk_distances(load_board(), "EN", 2, occupied={"s01"}, face_down=())
    >>> sorted(d.items())
    [('s02', 2), ('s05', 1), ('s06', 2)]
    """
    volcanoes = board.volcano_set
    return {n: d for n, d in reach(board, start, allowance, face_down).items() if n in volcanoes or n not in occupied}


def entry_distances(board: Board, allowance: int, occupied: Collection[str],
                    face_down: Collection[str]) -> dict[str, tuple[int, str]]:
    """Return ``{end space: (distance, entrance)}`` for entering through the nearest entrance.

    The spaces of :func:`entry_reach` that a walk may end on (DL-MOVE-5), as in :func:`walk_distances`.
    """
    volcanoes = board.volcano_set
    return {n: de for n, de in entry_reach(board, allowance, face_down).items() if n in volcanoes or n not in occupied}


CACHE_SIZE = 50_000  # answers a board keeps (a long simulation settles near 20,000; then it starts afresh)


def remember(board: Board, key: tuple, value):
    """Keep ``value`` in ``board.cache`` under ``key`` and return it (the cache starts afresh when full)."""
    if len(board.cache) >= CACHE_SIZE:
        board.cache.clear()  # every key holds all its answer depends on, so dropping is always safe
    board.cache[key] = value
    return value


def near_volcanoes(board: Board, start: str | None, allowance: int) -> frozenset[str]:
    """Return the volcanoes within ``allowance`` spaces of ``start`` (None: of any entrance), nothing face down.

    Only these volcanoes' face-down tokens can change a walk of that allowance from there, so
    they key the cached walks (:func:`sorted_reach`), as a mask (:func:`near_mask`).
    """
    spaces = entry_reach(board, allowance, ()) if start is None else reach(board, start, allowance, ())
    return frozenset(n for n in spaces if n in board.volcano_set)


def volcano_mask(board: Board, volcanoes: Collection[str]) -> int:
    """Return ``volcanoes`` as a bit mask over ``board.volcanoes`` (:attr:`.Board.volcano_bit`).

    The cached walks are keyed by masks: a number is hashed and compared at once, and a key of
    numbers and strings is no work for the garbage collector.

    >>> from .board import load_board
    >>> b = load_board()
    >>> volcano_mask(b, {"V01", "V03", "s05"}) == b.volcano_bit["V01"] | b.volcano_bit["V03"]
    True
    """
    bit = board.volcano_bit
    mask = 0
    for v in volcanoes:
        mask |= bit.get(v, 0)
    return mask


def near_mask(board: Board, start: str | None, allowance: int) -> int:
    """Return :func:`near_volcanoes` as a :func:`volcano_mask`, cached in ``board.near_masks``: asked at
    every walk, from at most a few thousand (start, allowance) pairs, so kept apart from the big cache."""
    key = (start, allowance)
    hit = board.near_masks.get(key)
    if hit is None:
        hit = board.near_masks[key] = volcano_mask(board, near_volcanoes(board, start, allowance))
    return hit


def sorted_reach(board: Board, start: str | None, allowance: int,
                 face_down: Collection[str]) -> dict[str, tuple[int, str | None]]:
    """Return ``{space: (distance, entrance or None)}``: :func:`reach` from ``start``, or :func:`entry_reach`
    when ``start`` is None, nearest first, then by id (the order walk choices are listed in).

    Cached in ``board.cache`` under the face-down volcanoes near ``start`` (:func:`near_volcanoes`),
    so the same walk is found again in later turns and other games. The dict is shared: read only.
    A game reads it for its own table with :func:`table_reach`.
    """
    return reach_by_mask(board, start, allowance, near_mask(board, start, allowance) & volcano_mask(board, face_down))


def reach_by_mask(board: Board, start: str | None, allowance: int,
                  face_down_near: int) -> dict[str, tuple[int, str | None]]:
    """:func:`sorted_reach` given the :func:`volcano_mask` of the face-down volcanoes near ``start``
    (those of :func:`near_volcanoes`): its key in ``board.cache``."""
    key = ("reach", start, allowance, face_down_near)
    hit = board.cache.get(key)
    if hit is None:
        face_down = [v for v in board.volcanoes if face_down_near & board.volcano_bit[v]]
        ends: Mapping[str, tuple[int, str | None]]
        if start is None:
            ends = entry_reach(board, allowance, face_down)
        else:
            ends = {n: (d, None) for n, d in reach(board, start, allowance, face_down).items()}
        hit = remember(board, key, dict(sorted(ends.items(), key=lambda kv: (kv[1][0], kv[0]))))
    return hit


def exact_entries(board: Board, distance: int, occupied: Collection[str],
                  face_down: Collection[str]) -> dict[str, str]:
    """Return ``{end space: entrance}`` for the opening round's walk of exactly ``distance`` spaces.

    DL-OPEN-2/3/5, DL-INT-6: a simple path of exactly ``distance`` spaces from a space next to an
    entrance, never entering a face-down volcano before its last space, ending on an empty stone
    or a volcano. Paths are enumerated (``distance`` is at most 4), not searched by breadth.
    """
    out: dict[str, str] = {}

    def extend(path: list[str], entrance: str) -> None:
        node = path[-1]
        if len(path) == distance:
            if (node in board.eggs or node not in occupied) and node not in out:
                out[node] = entrance
            return
        if node in board.eggs and node in face_down:
            return
        for m in board.neighbours[node]:
            if m not in path and m not in board.entrance_set:
                extend(path + [m], entrance)

    for entrance in board.entrances:
        for first in board.neighbours[entrance]:
            if first not in board.entrance_set:
                extend([first], entrance)
    return out


def marches_needed(distance: int, die_steps: int) -> int:
    """Return the fewest forced marches a walk of ``distance`` needs on top of ``die_steps`` (DL-INT-12).

    >>> marches_needed(3, 2), marches_needed(7, 4), marches_needed(4, 0), marches_needed(2, 3)
    (1, 1, 2, 0)
    """
    short = distance - die_steps
    return 0 if short <= 0 else -(-short // MARCH_STEPS)


# ---------------------------------------------------------------------------- what is known about the table
def forget_table(game: DrachenlandGame) -> None:
    """Drop the memoized answers about the table: called whenever an adventurer is placed or a token
    turned face up (and at setup).

    ``game.memo`` holds answers about the current table, keyed without it: the occupied stones, the
    face-down volcanoes (:func:`face_down_near`), the walk choices and whether an adventurer can enter. They depend only on where the adventurers
    stand, which volcanoes are face down and what the key names, so placing an adventurer or
    revealing a token replaces it (never clears it in place: a search copy made by
    ``clone(history=False)`` shares it until either game changes its table). What a walk gives
    before occupancy is cached on the board by value (:func:`sorted_reach`).
    """
    game.memo = {}


def occupied(game: DrachenlandGame) -> set[str]:
    """Return the stones with an adventurer on them (DL-MOVE-5), memoized in ``game.memo`` (read only)."""
    memo = game.memo
    if "occupied" not in memo:
        memo["occupied"] = game.state.occupied_stones(game.board.eggs)
    return memo["occupied"]


def face_down_near(game: DrachenlandGame, start: str | None, allowance: int) -> int:
    """Return the :func:`volcano_mask` of the face-down volcanoes within ``allowance`` spaces of ``start``
    on the current table: what a walk from there depends on (DL-MOVE-6). The mask of every face-down
    volcano is memoized in ``game.memo``."""
    memo = game.memo
    face_down = memo.get("face down")
    if face_down is None:
        face_down = memo["face down"] = volcano_mask(game.board, game.state.face_down)
    return near_mask(game.board, start, allowance) & face_down


def table_reach(game: DrachenlandGame, start: str | None, allowance: int) -> dict[str, tuple[int, str | None]]:
    """Return :func:`sorted_reach` on the current table (its face-down volcanoes): shared, read only."""
    return reach_by_mask(game.board, start, allowance, face_down_near(game, start, allowance))


def can_enter(game: DrachenlandGame, die: int) -> bool:
    """Return whether the active seat could bring an adventurer in with the die ``die`` and its forced
    marches: some end space within reach is free (DL-MOVE-3, DL-MOVE-5, DL-INT-9)."""
    state = game.state
    allowance = die + MARCH_STEPS * state.held[state.active]["forced_march"]
    key = ("enter", allowance)
    memo = game.memo
    can = memo.get(key)
    if can is None:
        taken = occupied(game)
        ends = table_reach(game, None, allowance)
        can = memo[key] = any(n not in taken for n in ends)
    return can


def place(game: DrachenlandGame, colour: str, node: str) -> None:
    """Put the active seat's ``colour`` adventurer on ``node`` (every walk, flight and crossing ends here).

    The occupied stones, when known, are carried over to the new table: the space left is freed
    (a stone holds one adventurer, DL-MOVE-5) and a stone reached is taken. So are the face-down
    volcanoes: placing turns no token up (arriving does, and forgets the table again).
    """
    where = game.state.positions[game.state.active]
    left, where[colour] = where[colour], node
    memo = game.memo
    known, face_down = memo.get("occupied"), memo.get("face down")
    forget_table(game)
    if known is not None:
        known = set(known)  # the old table's set may still be shared by a search copy
        known.discard(left)
        if node not in game.board.eggs:
            known.add(node)
        game.memo["occupied"] = known
    if face_down is not None:
        game.memo["face down"] = face_down
