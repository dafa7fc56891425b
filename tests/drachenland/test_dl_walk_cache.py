"""The walks cached on the board (``movement.sorted_reach``, ``near_volcanoes``) give what a fresh search gives.

The cache keys a walk by the face-down volcanoes within its reach only, so it must never matter
which volcanoes farther away are face down, nor what was asked before (DL-MOVE-6, DL-INT-10).
"""

from __future__ import annotations

import random

from dragonwidgets.games.drachenland import load_board
from dragonwidgets.games.drachenland.movement import entry_reach, near_volcanoes, reach, sorted_reach


def fresh(board, start, allowance, face_down):
    ends = entry_reach(board, allowance, face_down) if start is None else \
        {n: (d, None) for n, d in reach(board, start, allowance, face_down).items()}
    return sorted(ends.items(), key=lambda kv: (kv[1][0], kv[0]))


def test_DL_MOVE_6_cached_walks_equal_fresh_searches_whatever_was_asked_before():
    """Random starts, allowances and face-down sets, asked in random order (so the cache is warm with
    other face-down sets): the cached answer is the fresh breadth-first search, in listing order."""
    board = load_board()
    rng = random.Random(6)
    starts = [None] + list(board.volcanoes) + list(board.stones)
    for _ in range(3000):
        start, allowance = rng.choice(starts), rng.randint(1, 16)
        face_down = {v for v in board.volcanoes if v != start and rng.random() < 0.6}
        assert list(sorted_reach(board, start, allowance, face_down).items()) == fresh(board, start, allowance,
                                                                                       face_down)


def test_near_volcanoes_are_every_volcano_a_walk_could_meet():
    """DL-MOVE-6: a face-down volcano outside ``near_volcanoes`` never changes the walk."""
    board = load_board()
    for start in (None, "V01", "s30", "V13"):
        for allowance in (1, 4, 7, 13):
            near = near_volcanoes(board, start, allowance)
            open_walk = fresh(board, start, allowance, ())
            assert near == {n for n, _ in open_walk if n in board.volcano_set}
            far = set(board.volcanoes) - near - {start}
            assert fresh(board, start, allowance, far) == open_walk


def test_DL_MOVE_5_occupied_stones_carried_over_a_placement_equal_a_fresh_count():
    """``_place`` updates the known occupied stones instead of recounting them: after every decision of
    random games (walks, flights, crossings, entries), a known set is the one counted afresh."""
    import dragonwidgets

    checked = 0
    for players, seed in ((2, 11), (3, 12), (4, 13)):
        g = dragonwidgets.new_game("drachenland", players=players, seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
            known = g.memo.get("occupied")
            if known is not None:
                assert known == g.state.occupied_stones(g.board.eggs)
                checked += 1
    assert checked > 1000
