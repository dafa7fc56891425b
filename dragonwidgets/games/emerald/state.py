"""Emerald's state: the constants of the rules, the mutable table (``EmeraldState``) and what stays
fixed through one game (``Rules``).

Encodings: spaces are the board ids of EM-REC-1 (``T1``..``T4``, ``KEEP``, ``P1``..``P6``,
``M1``..``M9``, ``LAIR``, ``NEST``); path positions (``pos``) are 1..15 and the lair 16 (see
``board.py``). The dragon is stored as the ``pos`` of its mountain square and a facing, +1 toward the
lair and -1 toward the plain. A gold card is its value (int), a gem card its type id (str).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .board import Board

# ---------------------------------------------------------------- constants (rule IDs)
MIN_PLAYERS, MAX_PLAYERS = 2, 5  # header: 2-5 players
KNIGHTS_PER_TURN = 2  # EM-TURN-2: one or two knights per turn
IN_PLAY_TO_CONTINUE = 2  # EM-END-2: the game ends when a player has only one knight (or none) in play
TOWARD_LAIR, TOWARD_PLAIN = 1, -1  # dragon facing, EM-DRAGON-5
FOUR_GEMS = "four_different_gems"  # EM-BONUS-1
GOLD, GEM = "gold", "gem"  # the two piles of a mountain square, EM-SETUP-8

# The decisions of the digest's section 6.2 (``phase``), and OVER once the game has ended.
SELECT_KNIGHT = "select_knight"
TAKE_CARD = "take_card"
DRAGON_ROLL = "dragon_roll"
CHOOSE_VICTIM = "choose_victim"
PAY_OR_LOSE = "pay_or_lose"
#: With manual chance only: the card turned up under a taken one is picked by hand (EM-CARD-2).
REVEAL_CARD = "reveal_card"
OVER = "over"

Card = int | str  # a gold card's value or a gem card's type id


@dataclass(slots=True)
class Hand:
    """The cards in front of one seat (EM-CARD-5/6/7, EM-BONUS)."""

    gold: list[int] = field(default_factory=list)  # face down, EM-CARD-5
    gems: dict[str, int] = field(default_factory=dict)  # face up, EM-CARD-6
    treasures: int = 0  # EM-CARD-7
    bonus: list[str] = field(default_factory=list)  # "four_different_gems", "majority_gem_1", ...
    paid: list[int] = field(default_factory=list)  # gold given to the dragon (values hidden, EM-SOOTHE-4)

    def gem_count(self) -> int:
        """Return the number of gem cards held."""
        return sum(self.gems.values())

    def copy(self) -> Hand:
        """Return an independent copy (no list or dict shared with this hand)."""
        return Hand(list(self.gold), dict(self.gems), self.treasures, list(self.bonus), list(self.paid))


@dataclass(slots=True)
class Pending:
    """The capture being resolved: the dragon's square, then the victim's colour and owner."""

    square: str
    victim_colour: str | None = None
    victim_owner: int | None = None


@dataclass(slots=True)
class EmeraldState:
    """Everything that changes during a game (the :class:`~.board.Board` holds what does not)."""

    players: int
    seat_colours: list[tuple[str, ...]]
    colour_owner: dict[str, int]
    start_spaces: tuple[str, ...]
    knights: dict[str, dict[str, int]]  # space id -> colour -> knights there (every space present)
    moved: dict[str, dict[str, int]]  # space id -> colour -> knights there that moved this turn (moved spaces only)
    piles: dict[str, dict[str, list[Card]]]  # mountain id -> {"gold": [...], "gem": [...]}, bottom -> top
    out_of_game: list[Card]  # EM-SETUP-10: returned to the box unseen
    treasures_left: int
    lair_places: list[str | None]
    dragon_pos: int
    dragon_facing: int
    track: int  # flight track position s (EM-REC-2)
    hands: list[Hand]
    first_player: int
    active: int
    turn: int = 1
    phase: str = SELECT_KNIGHT
    knights_moved: int = 0  # knights moved so far this turn (0, 1 or 2)
    turn_colour: str | None = None  # EM-P2-2: the colour of the turn's first knight at 2 players
    card_taken: bool = False
    destination: str | None = None  # where the knight being resolved ended its move
    revealing: str | None = None  # REVEAL_CARD: the pile ("gold" | "gem") of ``destination`` whose next card is due
    last_roll: int | None = None
    dragon_moves: int = 0
    pending: Pending | None = None
    four_gems_holder: int | None = None
    majority: dict[str, int | None] = field(default_factory=dict)  # EM-BONUS-3, set at the end
    end_reason: str | None = None
    captured: list[int] = field(default_factory=list)  # per seat: its knights the dragon captured (kept or lost)

    def owner(self, colour: str) -> int:
        """Return the seat that plays ``colour``."""
        return self.colour_owner[colour]

    def copy(self) -> EmeraldState:
        """Return a full, independent copy: every list, dict, hand and pending capture is new; only
        immutable values (str, int, tuple, None) are shared. About 20 times faster than ``deepcopy``."""
        return replace(
            self,
            seat_colours=list(self.seat_colours),
            colour_owner=dict(self.colour_owner),
            knights={space: here.copy() for space, here in self.knights.items()},
            moved={space: here.copy() for space, here in self.moved.items()},
            piles={sq: {GOLD: piles[GOLD][:], GEM: piles[GEM][:]} for sq, piles in self.piles.items()},
            out_of_game=list(self.out_of_game),
            lair_places=list(self.lair_places),
            hands=[hand.copy() for hand in self.hands],
            pending=None if self.pending is None else replace(self.pending),
            majority=dict(self.majority),
            captured=list(self.captured),
        )


@dataclass(frozen=True, slots=True)
class Rules:
    """What stays fixed through one game beside the state: the board, the seats' names and the
    readings the game's options chose (see ``EmeraldGame`` for each option).

    The rules' functions take it beside the state; it is never mutated, so copies of a game share it.
    """

    board: Board
    names: tuple[str, ...]  # seat -> display name: "Black", at 2 players "Black & Blue"
    lair_knights_in_play: bool = True  # EM-INT-13
    soothed_knight_may_move: bool = True  # EM-INT-17
    dragon_move_ends_turn: bool = False  # EM-INT-9
    track_carries_dragon: bool = False  # EM-INT-16
    show_paid_gold: bool = False  # EM-INT-18

    def __deepcopy__(self, memo: dict) -> Rules:
        return self  # immutable: a cloned game shares it
