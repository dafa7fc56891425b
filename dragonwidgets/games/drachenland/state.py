"""Drachenland's mutable state: plain dataclasses, plus the decisions of the digest's section 6.

Encodings: nodes are the board ids (``V01``, ``s17``, ``EW``); an adventurer is a colour
(``"red"``, ``"green"``, ``"blue"``) of a seat; a token kind is one of :data:`TOKEN_KINDS`. A
volcano's own token (dealt face down at setup, DL-SETUP-5) stays in ``token`` until an egg takes it;
a royal dragon leaves ``token`` when revealed and is tracked in ``dragons`` (DL-DRAGON-1).
"""

from __future__ import annotations

from dataclasses import dataclass, field

MIN_PLAYERS, MAX_PLAYERS = 2, 4  # header: "pour 2 à 4 joueurs"
HELD_TOKENS = ("fate", "boatman", "baby_dragon", "forced_march", "magic_hand")  # tokens a seat can hold
HOARD_ITEMS = ("egg", "ruby", "emerald", "sapphire", "diamond")
DRAGON_TOKEN = "royal_dragon_"  # + colour: the three royal dragons (DL-DRAGON-3)
RING = "ring"
FLY_VALUE = 4  # DL-DRAGON-4/6: flying and calling need a 4

# The decisions of section 6 (``phase``); ROLL, REROLL and REVEAL are chance nodes; OVER once the game ended.
CHOOSE_ADVENTURER = "choose_adventurer"
ROLL = "roll"
FATE = "fate"
REROLL = "reroll"
CHOOSE_DIE = "choose_die"
MOVEMENT = "movement"
TREASURE = "treasure"
MAGIC_HAND = "magic_hand"
TAKE_AGAIN = "take_again"
REVEAL = "reveal"  # manual chance only: which token an adventurer turns face up (DL-MOVE-6, :mod:`.reveal`)
OVER = "over"
#: The decisions of section 6 in the order above (the tensor's ``decision`` one-hot keeps it).
DECISIONS = (CHOOSE_ADVENTURER, ROLL, FATE, REROLL, CHOOSE_DIE, MOVEMENT, TREASURE, MAGIC_HAND, TAKE_AGAIN, REVEAL)


def empty_hoard() -> dict[str, int]:
    """Return a hoard with nothing in it (DL-TREASURE-5)."""
    return dict.fromkeys(HOARD_ITEMS, 0)


@dataclass(slots=True)
class Step:
    """The action of one adventurer with one die: its movement phase, then its treasure phase."""

    adventurer: str
    die: int | None  # index into ``dice``; None in the opening round
    die_value: int  # the die's pips (the opening distance in the opening round)
    entering: bool  # off the board: its first decision is the walk in (DL-MOVE-3)
    die_spent: bool = False  # spent on a walk, a flight or a call (DL-INT-11)
    walked: bool = False  # DL-INT-11 (b): at most one walk per action
    moved: bool = False  # DL-INT-22: a step, a crossing or a flight (for rings)
    stopped: bool = False  # DL-INT-13: a forced stop ended the movement phase
    takes: int = 0  # takes made in the treasure phase (DL-HAND-1 needs one before a magic hand)

    def copy(self) -> "Step":
        """Return an independent copy (every field is immutable)."""
        return Step(self.adventurer, self.die, self.die_value, self.entering, self.die_spent, self.walked,
                    self.moved, self.stopped, self.takes)


@dataclass(slots=True)
class DrachenlandState:
    """Everything that changes during a game (the :class:`~.board.Board` holds what does not)."""

    players: int
    first_player: int
    eggs: dict[str, int]  # volcano -> eggs on it
    gems: dict[str, dict[str, int]]  # volcano -> gem -> count
    token: dict[str, str | None]  # volcano -> its own token still there (None: taken, or a dragon that flew)
    face_down: set[str]  # volcanoes whose token is still face down
    boxed: str  # DL-SETUP-5: the 16th token, never revealed
    dragons: dict[str, str | None]  # colour -> volcano of the revealed royal dragon
    positions: list[dict[str, str | None]]  # seat -> colour -> node (None: off the board)
    rings: list[set[str]]  # seat -> colours wearing a ring (DL-RING-4)
    ring_supply: int
    held: list[dict[str, int]]  # seat -> token kind -> count (face up, public, DL-SETUP-3)
    hoards: list[dict[str, int]]  # seat -> item -> count (behind the screen, DL-TREASURE-5)
    active: int
    turn: int = 0  # 0: the opening round (DL-OPEN); then 1, 2, ... (one turn per seat each)
    opening_index: int = 0  # how many seats have opened
    phase: str = CHOOSE_ADVENTURER
    dice: list[int] | None = None
    dice_used: list[bool] = field(default_factory=lambda: [False, False])
    rerolled: bool = False
    chosen_die: int | None = None
    used: list[str] = field(default_factory=list)  # adventurers used this turn (DL-TURN-3)
    step: Step | None = None
    eggs_left: int = 0
    turns_played: int = 0
    end_reason: str | None = None
    flights: list[int] = field(default_factory=list)  # seat -> royal-dragon flights made (for ``measures``)
    calls: list[int] = field(default_factory=list)  # seat -> royal-dragon calls made (for ``measures``)
    revealing: str | None = None  # REVEAL: the face-down volcano whose token chance turns up (manual chance)

    def copy(self) -> "DrachenlandState":
        """Return a full, independent copy (what ``copy.deepcopy`` gives, several times faster).

        Every mutable field is copied one level down (the volcanoes' gem counts two); strings,
        numbers and ``None`` are shared. ``tests/drachenland/test_dl_copy.py`` checks that every field is covered.
        """
        step = self.step
        return DrachenlandState(
            players=self.players,
            first_player=self.first_player,
            eggs=self.eggs.copy(),
            gems={v: g.copy() for v, g in self.gems.items()},
            token=self.token.copy(),
            face_down=self.face_down.copy(),
            boxed=self.boxed,
            dragons=self.dragons.copy(),
            positions=[p.copy() for p in self.positions],
            rings=[r.copy() for r in self.rings],
            ring_supply=self.ring_supply,
            held=[h.copy() for h in self.held],
            hoards=[h.copy() for h in self.hoards],
            active=self.active,
            turn=self.turn,
            opening_index=self.opening_index,
            phase=self.phase,
            dice=None if self.dice is None else self.dice.copy(),
            dice_used=self.dice_used.copy(),
            rerolled=self.rerolled,
            chosen_die=self.chosen_die,
            used=self.used.copy(),
            step=None if step is None else step.copy(),
            eggs_left=self.eggs_left,
            turns_played=self.turns_played,
            end_reason=self.end_reason,
            flights=self.flights.copy(),
            calls=self.calls.copy(),
            revealing=self.revealing,
        )

    def occupied_stones(self, board_eggs: dict[str, int]) -> set[str]:
        """Return the stones with an adventurer on them (DL-MOVE-5)."""
        occupied: set[str | None] = set()
        for seat in self.positions:
            occupied.update(seat.values())
        occupied.discard(None)  # off the board
        return occupied.difference(board_eggs)  # type: ignore[return-value]

    def where(self, seat: int, colour: str) -> str | None:
        """Return the node of ``seat``'s ``colour`` adventurer (None: off the board)."""
        return self.positions[seat][colour]
