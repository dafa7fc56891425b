"""Setting up the volcanoes from the game's seed: eggs, gem colours and face-down tokens (DL-SETUP, DL-REC-3).

Everything random here uses only the generator the engine passes in, so the whole table is a pure
function of the seed (and is dealt again identically on every rewind).
"""

from __future__ import annotations

import random
from collections import Counter

from .board import GEM_COUNTS, Board

#: Deals tried before giving up on the two-per-colour limit (about 27 are needed on average, DL-REC-3).
MAX_DEALS = 100_000


def egg_counts(board: Board, players: int) -> dict[str, int]:
    """Return the eggs put on each volcano: its printed number, or 1 each with 2 players.

    DL-SETUP-6, DL-2P-2 ("on ne place qu'un œuf de dragon par volcan").

    >>> from .board import load_board
    >>> b = load_board()
    >>> sum(egg_counts(b, 3).values()), sum(egg_counts(b, 2).values())
    (18, 15)
    """
    if players == 2:
        return {v: board.two_player_eggs for v in board.volcanoes}
    return dict(board.eggs)


def deal_gems(board: Board, rng: random.Random, *, free_colours: bool = False,
              limit_diamonds: bool = True) -> dict[str, dict[str, int]]:
    """Deal the 57 gems onto the volcanoes by their printed counts (DL-SETUP-6/7, DL-REC-3).

    Uniform over the valid deals: shuffle, deal in volcano order, and deal again while a volcano holds
    more than ``board.max_same_colour`` gems of one colour (diamonds included unless
    ``limit_diamonds`` is False, DL-INT-3). ``free_colours`` (Variant 1, DL-VAR1-1) keeps the first
    deal. Raises ``RuntimeError`` if no valid deal turns up in :data:`MAX_DEALS` tries (a board file
    whose counts cannot be filled).
    """
    bag = [g for g, n in GEM_COUNTS.items() for _ in range(n)]
    for _ in range(MAX_DEALS):
        rng.shuffle(bag)
        out, i = {}, 0
        for v in board.volcanoes:
            n = board.gem_slots[v]
            out[v] = Counter(bag[i:i + n])
            i += n
        if free_colours or all(
            c <= board.max_same_colour for counts in out.values()
            for g, c in counts.items() if limit_diamonds or g != "diamond"
        ):
            return {v: {g: counts.get(g, 0) for g in GEM_COUNTS} for v, counts in out.items()}
    raise RuntimeError(f"no deal of the gems keeps {board.max_same_colour} per colour per volcano on {board.source}")


def deal_tokens(board: Board, rng: random.Random) -> tuple[dict[str, str], str]:
    """Shuffle the 16 dragon-head tokens: one face down on each volcano, the rest boxed unseen.

    DL-SETUP-5, DL-REC-3. Returns ``({volcano: token kind}, boxed kind)``; with 15 volcanoes exactly
    one token is boxed (D5).
    """
    pool = [k for k, n in board.pool.items() for _ in range(n)]
    rng.shuffle(pool)
    placed = dict(zip(board.volcanoes, pool))
    rest = pool[len(placed):]
    return placed, (rest[0] if rest else "")
