"""Set-up: knights in the castle, the mountain piles dealt, the track and the dragon at their start.

EM-SETUP-1..14, EM-P2-1, EM-P34-1, EM-P5-1/2, EM-INT-22 (digest section 6.1). The board's counts
(start spaces, pile sizes, the track's first position, the dragon's square) come from the board file.
"""

from __future__ import annotations

import random

from .board import LAIR, NEST, Board
from .state import GEM, GOLD, Card, EmeraldState, Hand


def set_up(board: Board, players: int, first_player: int, rng: random.Random) -> EmeraldState:
    """Return the state before the first decision: knights placed, piles dealt, first player chosen.

    ``first_player`` is a seat, or -1 to draw it from ``rng`` (EM-SETUP-14, EM-INT-22). Shuffles and
    draws with ``rng`` only: both decks, then the first player.

    Raises:
        ValueError: ``first_player`` is not -1 nor a seat ``0..players-1``.
    """
    if not -1 <= first_player < players:
        raise ValueError(f"first_player must be -1 (drawn) or a seat 0..{players - 1}, got {first_player}")
    seats, knights = place_knights(board, players)
    piles, out = deal_piles(board, rng)
    if first_player == -1:
        first_player = rng.randrange(players)  # EM-INT-22
    return EmeraldState(
        players=players,
        seat_colours=seats,
        colour_owner={c: i for i, cs in enumerate(seats) for c in cs},
        start_spaces=board.start_spaces,
        knights=knights,
        moved={},
        piles=piles,
        out_of_game=out,
        treasures_left=board.treasures,  # EM-SETUP-2
        lair_places=[None] * board.lair_places,
        dragon_pos=board.dragon_start_pos,  # EM-SETUP-5
        dragon_facing=board.dragon_start_facing,
        track=board.track_initial,  # EM-SETUP-4
        hands=[Hand() for _ in range(players)],
        first_player=first_player,
        active=first_player,
        captured=[0] * players,
    )


def seat_names(board: Board, seat_colours: list[tuple[str, ...]]) -> tuple[str, ...]:
    """Return each seat's display name from its colours: ``"Black"``, at 2 players ``"Black & Blue"``."""
    return tuple(" & ".join(board.colour_names[c] for c in colours) for colours in seat_colours)


def place_knights(board: Board, players: int) -> tuple[list[tuple[str, ...]], dict[str, dict[str, int]]]:
    """Return the seats' colours and the starting knights, space id -> colour -> count.

    EM-SETUP-11/12, EM-P34-1, EM-P5-1/2, EM-P2-1: one knight of each colour in play on every start
    space used; at 2 players seat i plays colours i and i + 2 (black + blue, red + green).
    """
    per_player, _ = board.knights_by_players[players]
    seats = [tuple(board.colours[i + k * players] for k in range(per_player)) for i in range(players)]
    in_play = sorted((c for colours in seats for c in colours), key=board.colours.index)
    knights: dict[str, dict[str, int]] = {s: {} for s in board.start_spaces}
    for s in board.start_spaces_by_players[players]:
        knights[s] = dict.fromkeys(in_play, 1)
    for sq in board.path:
        knights[sq] = {}
    knights[LAIR] = {}
    knights[NEST] = {}
    return seats, knights


def deal_piles(board: Board, rng: random.Random) -> tuple[dict[str, dict[str, list[Card]]], list[Card]]:
    """Shuffle both decks and deal every mountain's gold and gem piles; return (piles, out of game).

    EM-SETUP-7: two separate decks; EM-SETUP-8/EM-REC-3: piles dealt M1..M9 with the sizes of the
    board file, bottom to top, so the last card of a pile is its face-up card (EM-SETUP-9);
    EM-SETUP-10: the cards left over (2 gold + 2 gem) go back to the box unseen.
    """
    gold: list[Card] = list(board.gold_deck)
    gems: list[Card] = list(board.gem_deck)
    rng.shuffle(gold)
    rng.shuffle(gems)
    piles = {}
    for sq in board.mountains:
        g, m = board.pile_sizes[sq]
        piles[sq] = {GOLD: gold[:g], GEM: gems[:m]}
        del gold[:g], gems[:m]
    return piles, gold + gems
