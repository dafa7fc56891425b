"""Set-up: the options checked, then the table dealt from the game's seed (DL-SETUP, DL-2P-2, DL-REC-3).

Eggs, gem colours and face-down tokens on the volcanoes; every adventurer off the board; each seat's
fate, boatman and baby dragon in front of its screen; seat ``first_player`` opens (:mod:`.opening`).
Everything random here uses only the generator the engine passes in, so the whole table is a pure
function of the seed (and is dealt again identically on every rewind).
"""

from __future__ import annotations

import random
from typing import Any

from .board import COLOURS, GEM_COUNTS, PLAYER_TOKENS, Board
from .state import HELD_TOKENS, DrachenlandState, empty_hoard

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
    bounds, start = [], 0  # each volcano's slice of the shuffled bag, in volcano order
    for v in board.volcanoes:
        bounds.append((start, start + board.gem_slots[v]))
        start += board.gem_slots[v]
    limited = [g for g in GEM_COUNTS if limit_diamonds or g != "diamond"]
    for _ in range(MAX_DEALS):
        rng.shuffle(bag)
        hands = [bag[i:j] for i, j in bounds]
        if free_colours or all(hand.count(g) <= board.max_same_colour for hand in hands for g in limited):
            return {v: {g: hand.count(g) for g in GEM_COUNTS} for v, hand in zip(board.volcanoes, hands)}
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


def check_options(board: Board, options: dict[str, Any], players: int) -> None:
    """Refuse options the board cannot play.

    Raises:
        ValueError: ``dice`` names no dice preset of the board (DL-REC-1), ``first_player`` is not a seat
            (DL-INT-32), ``turn_cap`` is negative (DL-INT-30).
    """
    if options["dice"] not in board.dice_presets:
        raise ValueError(f"dice must be one of {sorted(board.dice_presets)}, got {options['dice']!r}")
    if not 0 <= options["first_player"] < players:
        raise ValueError(f"first_player must be a seat 0..{players - 1}, got {options['first_player']}")
    if options["turn_cap"] < 0:
        raise ValueError(f"turn_cap must be 0 (off) or a number of rounds, got {options['turn_cap']}")


def people_names(board: Board) -> list[str]:
    """Return the seats' names, after their shapes in seat order (DL-REC-4): ``["Humans", "Dwarves", ...]``."""
    shapes = board.display.get("shapes", {})
    return [shapes.get(s, {}).get("name", s.title()) for s in board.shapes]


def deal(board: Board, players: int, options: dict[str, Any], rng: random.Random) -> DrachenlandState:
    """Return the table at the start: tokens, eggs and gems dealt, every adventurer off the board.

    DL-SETUP-2..9, DL-2P-2, DL-REC-3; ``options`` as checked by :func:`check_options`
    (``variant_free_gems``, DL-VAR1-1; ``diamond_gem_limit``, DL-INT-3; ``first_player``, DL-INT-32).
    """
    placed, boxed = deal_tokens(board, rng)
    eggs = egg_counts(board, players)
    gems = deal_gems(board, rng, free_colours=options["variant_free_gems"], limit_diamonds=options["diamond_gem_limit"])
    return DrachenlandState(
        players=players,
        first_player=options["first_player"],
        eggs=eggs,
        gems=gems,
        token=dict(placed),
        face_down=set(placed),
        boxed=boxed,
        dragons=dict.fromkeys(COLOURS),
        positions=[dict.fromkeys(COLOURS) for _ in range(players)],
        rings=[set() for _ in range(players)],
        ring_supply=board.ring_supply,
        held=[{k: int(k in PLAYER_TOKENS) for k in HELD_TOKENS} for _ in range(players)],
        hoards=[empty_hoard() for _ in range(players)],
        active=options["first_player"],
        eggs_left=sum(eggs.values()),
        flights=[0] * players,
        calls=[0] * players,
    )
