"""What every Drachenland table satisfies, checked on the table a position describes (issue 13).

The rules' counts (component list, D3, D5, D8: 16 dragon-head tokens, 18 eggs, 57 gems, 12 rings) and
what play always leaves true: a face-down volcano was never stood on, a token leaves its volcano only
with the first egg (or as a royal dragon found there), rings and dragons never leave the board, a token
held beyond a seat's own three came with one of its eggs, one adventurer per stone, and so on. Each
failure raises :class:`~dragonwidgets.engine.PositionError` naming the field and the count or rule.
The decision under way is checked in :mod:`.position_turn`.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .board import COLOURS, EGGS, GEM_COUNTS, GEM_OF, GEMS, RING_SUPPLY
from .position_read import need
from .position_table import check_counts, own_tokens
from .setup import egg_counts
from .state import DRAGON_TOKEN, HELD_TOKENS, RING, DrachenlandState

if TYPE_CHECKING:
    from .game import DrachenlandGame


def check_table(game: DrachenlandGame, s: DrachenlandState) -> None:
    """Raise ``PositionError`` unless ``s`` is a table play can reach (the module's list)."""
    check_volcanoes(game, s)
    check_tokens(game, s)
    check_pieces(game, s)
    check_treasure(game, s)


def check_volcanoes(game: DrachenlandGame, s: DrachenlandState) -> None:
    """Eggs and gems within the printed counts (DL-SETUP-6/7), face down only if never stood on (DL-MOVE-6),
    a token gone only with the first egg (DL-TREASURE-4), a face-up royal dragon a piece (DL-DRAGON-1)."""
    board = game.board
    printed = egg_counts(board, s.players)
    stood = {v for where in s.positions for v in where.values()} | set(s.dragons.values())
    for v in board.volcanoes:
        field = f"volcanoes.{v}"
        check_counts(game, s, v)
        gems = sum(s.gems[v].values())
        kind = s.token[v]
        if v in s.face_down:  # (at a reveal, the adventurer under way has just arrived: DL-MOVE-6)
            why = ("an adventurer or a royal dragon stands there" if v in stood and v != s.revealing else
                   "its token is gone" if kind is None else
                   "an egg was taken there" if s.eggs[v] < printed[v] else
                   "gems were taken there" if gems < board.gem_slots[v] else "")
            need(not why, f"{field}.face_down", f"{v} cannot be face down: {why}, so someone stood there and "
                 f"turned its token up (DL-MOVE-6)")
        elif kind is not None:
            need(not kind.startswith(DRAGON_TOKEN), f"{field}.token", "a royal dragon face up is a piece on the "
                 "board: name where it stands in 'dragons' (DL-DRAGON-1)")
            need(s.eggs[v] == printed[v] or kind == RING, f"{field}.token",
                 f"the first egg taken on {v} brought its {kind} token with it (DL-TREASURE-4)")
    gone = [v for v in board.volcanoes if s.token[v] is None and s.eggs[v] == printed[v]]
    dragons = sum(v is not None for v in s.dragons.values())
    need(len(gone) <= dragons, f"volcanoes.{gone[-1] if gone else ''}.token",
         "a volcano loses its token only with its first egg (DL-TREASURE-4) or to a royal dragon found there "
         f"(DL-DRAGON-1): {', '.join(gone)} have all their eggs, but only {dragons} royal dragons are on the board")


def check_tokens(game: DrachenlandGame, s: DrachenlandState) -> None:
    """The 16 dragon-head tokens (D3): on volcanoes, in the box, royal dragons on the board, or gone with an
    egg to a seat; rings and royal dragons never leave the board (DL-RING-1, DL-DRAGON-7)."""
    pool = game.board.pool
    need(s.boxed in pool, "box", f"the box holds one of the dragon-head tokens (DL-SETUP-5), got {s.boxed!r:.30}")
    shown = Counter(k for k in s.token.values() if k) + Counter([s.boxed])
    shown.update(DRAGON_TOKEN + c for c, v in s.dragons.items() if v is not None)
    for kind, n in sorted(shown.items()):
        need(n <= pool[kind], "volcanoes", f"the game has {pool[kind]} {kind} token{'s' * (pool[kind] > 1)} (D3): "
             f"the position shows {n} on the volcanoes, in the box and on the board")
    gone = Counter(pool)
    gone.subtract(shown)
    for c in COLOURS:
        need(not gone[DRAGON_TOKEN + c], f"dragons.{c}", f"the {c} royal dragon is nowhere: it is face down on a "
             "volcano, in the box or on the board, and never leaves the game (DL-DRAGON-7)")
    need(not gone[RING], "volcanoes", f"{gone[RING]} ring token{'s are' if gone[RING] > 1 else ' is'} missing: a ring "
         "token stays on its volcano until the end (DL-RING-1)")
    for kind in HELD_TOKENS:
        beyond = sum(max(0, held[kind] - own_tokens(kind)) for held in s.held)
        need(beyond <= gone[kind], "tokens", f"the seats hold {beyond} {kind} token{'s' * (beyond > 1)} beyond their "
             f"own (DL-SETUP-2), but only {gone[kind]} left the volcanoes with an egg (D3, DL-TREASURE-4)")
    for seat, held in enumerate(s.held):
        beyond = sum(max(0, n - own_tokens(k)) for k, n in held.items())
        need(beyond <= s.hoards[seat]["egg"], f"tokens.{seat}",
             f"every token held beyond a seat's own three came with one of its eggs (DL-TREASURE-4): {beyond} "
             f"tokens, {s.hoards[seat]['egg']} eggs")


def check_pieces(game: DrachenlandGame, s: DrachenlandState) -> None:
    """One adventurer per stone (DL-MOVE-5), royal dragons on face-up volcanoes (DL-DRAGON-2, DL-INT-16),
    rings on adventurers in play, one each, 12 in all (DL-RING-2..4, DL-INT-26, D8)."""
    board = game.board
    stones: dict[str, str] = {}
    for seat, where in enumerate(s.positions):
        for c, node in where.items():
            if node is not None and node not in board.eggs:
                need(node not in stones, f"adventurers.{seat}.{c}",
                     f"{node} already holds {stones.get(node)}: one adventurer per stone (DL-MOVE-5)")
                stones[node] = f"seat {seat}'s {c} adventurer"
    for c, v in s.dragons.items():
        need(v is None or v not in s.face_down or v == s.revealing, f"dragons.{c}",
             "a royal dragon on the board stands on a face-up volcano (DL-DRAGON-2, DL-INT-16)")
    worn = 0
    for seat, colours in enumerate(s.rings):
        for c in colours:
            need(s.positions[seat][c] is not None, f"rings.{seat}",
                 f"the {c} adventurer is off the board and has never reached a ring volcano (DL-RING-2, DL-INT-26)")
        worn += len(colours)
    need(worn + s.ring_supply == RING_SUPPLY, "ring_supply",
         f"the game has {RING_SUPPLY} rings (component list): {worn} worn, so {RING_SUPPLY - worn} in the supply, "
         f"got {s.ring_supply}")
    ring_volcanoes = [v for v in board.volcanoes if s.token[v] == RING and v not in s.face_down]
    need(not worn or ring_volcanoes, "rings", "rings are only taken on a volcano with a face-up ring token (DL-RING-2)")


def check_treasure(game: DrachenlandGame, s: DrachenlandState) -> None:
    """Every egg and gem on a volcano or in a hoard (component list, DL-2P-2, DL-INT-2); a seat's gems of a
    colour taken by its adventurer of that colour (DL-TREASURE-3)."""
    board = game.board
    in_play = sum(egg_counts(board, s.players).values())
    eggs = sum(s.eggs.values()) + sum(h["egg"] for h in s.hoards)
    box = f" ({EGGS - in_play} stay in the box, DL-2P-2)" if in_play < EGGS else ""
    need(eggs == in_play, "hoards", f"{in_play} eggs are in play{box}: the volcanoes hold {sum(s.eggs.values())} and "
         f"the hoards {eggs - sum(s.eggs.values())} (an egg taken from a volcano is in a hoard)")
    for g in GEMS:
        n = sum(s.gems[v][g] for v in board.volcanoes) + sum(h[g] for h in s.hoards)
        need(n == GEM_COUNTS[g], "hoards", f"the game has {GEM_COUNTS[g]} {g} gems, all on volcanoes or in hoards "
             f"(component list, DL-INT-2), got {n}")
    for seat, hoard in enumerate(s.hoards):
        where = s.positions[seat]
        for c, gem in GEM_OF.items():
            need(not hoard[gem] or where[c] is not None, f"hoards.{seat}.{gem}",
                 f"only the {c} adventurer takes {gem} gems (DL-TREASURE-3), and it is off the board (DL-INT-26)")
        need(not any(hoard.values()) or any(where.values()), f"hoards.{seat}",
             "treasure is taken by an adventurer on a volcano (DL-TREASURE-1): this seat has none on the board")
