"""La Chasse au Dragon's mutable state: plain dataclasses, plus the decisions of the digest's section 6.

Encodings: a square is ``(x, y)`` with ``0 <= x, y <= 7`` (CD-REC-1) and its id in actions and targets
is ``"x,y"``; a card is its type name (``"goblin"`` .. ``"dragon"``); a pile is a list, ``pile[0]``
the top card (CD-REC-2). Zones holding wealth (backpack, vault) are multisets ``{type: count}``;
zones holding whole goblins (cage, dungeon) are counts; the pantry is the quarters left (0 = empty).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .setup import POWER  # CD-MON-1: goblin 4 .. dragon 20 (the setup file's card types)

MIN_PLAYERS, MAX_PLAYERS = 2, 6  # header: "pour 2 à 6 joueurs"
COLOURS = ("white", "blue", "black", "orange", "red", "green")  # component list
WEALTH_TYPES = ("orc", "ogre", "troll", "giant", "dragon")  # CD-MON-3, CD-ZONE-9
BASE_POWER = 4  # CD-ZONE-5, CD-INT-19: base equipment fights with a d4
QUARTERS = 4  # CD-GOB-1
WEALTH_ZONES = ("backpack", "vault")  # CD-ZONE-1, CD-ZONE-3: the face-down zones that hold wealth cards

Square = tuple[int, int]

# The decisions (``phase``); RAID, REVEAL, FLEE_ROLL and COMBAT are chance nodes; OVER once the game ended.
# REVEAL: an encounter is about to turn a card up; with manual chance a teacher picks it (a chance node),
# with auto chance the game turns the top card up within the same step (``ChasseGame._apply``).
PLACE_CAMP = "place_camp"
RAID = "raid"
MOVE = "move"
CHOOSE_DUEL = "choose_duel"
DUEL_FLIGHT = "duel_flight"
REVEAL = "reveal"
ENCOUNTER = "encounter"
FLEE_ROLL = "flee_roll"
COMBAT = "combat"
CAMP = "camp"
OVER = "over"
#: Every decision, in the order of a turn (digest section 6): ``observation["decision"]``, a position's ``decision``.
DECISIONS = (PLACE_CAMP, RAID, MOVE, CHOOSE_DUEL, DUEL_FLIGHT, REVEAL, ENCOUNTER, FLEE_ROLL, COMBAT, CAMP, OVER)


def square_id(sq: Square) -> str:
    """Return the id of a square in actions and targets, e.g. ``"3,4"``."""
    return f"{sq[0]},{sq[1]}"


def parse_square(text: str) -> Square:
    """Return the square of an id ``"x,y"`` (raises ``ValueError`` if malformed)."""
    x, y = text.split(",")
    return int(x), int(y)


@dataclass(slots=True)
class Management:
    """One player's management board, its six zones (CD-ZONE-1..6)."""

    backpack: dict[str, int] = field(default_factory=dict)  # face down, wealth cards carried
    cage: int = 0  # face up, whole goblins carried
    vault: dict[str, int] = field(default_factory=dict)  # face down, at the camp
    dungeon: int = 0  # face up, whole goblins at the camp
    equipment: str | None = None  # face up, at most one card; None = base equipment (d4)
    pantry: int = 0  # face up, quarters left of the partly used goblin (0 = empty)

    def power(self) -> int:
        """Return the equipment power, which is also the combat die's faces (CD-ZONE-5, CD-INT-19)."""
        return POWER[self.equipment] if self.equipment else BASE_POWER

    def copy(self) -> Management:
        """Return an independent copy (the zones' dicts are copied)."""
        return Management(dict(self.backpack), self.cage, dict(self.vault), self.dungeon, self.equipment, self.pantry)


@dataclass(slots=True)
class Fight:
    """A fight under way: who is in it, the throws so far, the side throwing now (CD-COMBAT-1)."""

    kind: str  # "duel" or "encounter"
    faces: tuple[int, int]  # side 0 (the active player), side 1 (the defender or the monster)
    throws: tuple[list[int], list[int]] = field(default_factory=lambda: ([], []))
    side: int = 0

    def copy(self) -> Fight:
        """Return an independent copy (the throws' lists are copied)."""
        return Fight(self.kind, self.faces, (list(self.throws[0]), list(self.throws[1])), self.side)


@dataclass(slots=True)
class ChasseState:
    """Everything that changes during a game."""

    players: int
    first_player: int
    piles: dict[Square, list[str]]
    camps: list[Square | None]
    positions: list[Square | None]
    boards: list[Management]
    removed: dict[str, int]  # cards removed from the game, by type (goblins fully used included)
    active: int
    phase: str = MOVE
    round: int = 1
    steps: int = 0  # steps taken this turn (CD-MOVE)
    defender: int | None = None  # the duel's defender (CD-DUEL)
    fleeing: int | None = None  # who is making a flight roll
    flight_tried: bool = False  # CD-DUEL-5, CD-ENC-4: no decoy after a flight roll
    revealed: bool = False  # the top card of the active square's pile is face up (CD-ENC-1)
    fight: Fight | None = None
    last_rolls: dict[str, list[int]] = field(default_factory=dict)
    placing: int = 0  # camps placed so far in "choose" mode
    end_reason: str | None = None
    dragon_slayer: int | None = None
    # Tallies for ``ChasseGame.measures`` (never shown in an observation): turns begun, and per seat
    # the monster fights won and lost (CD-ENC-8/9; ties count in neither).
    turns: int = 0
    fights_won: list[int] = field(default_factory=list)
    fights_lost: list[int] = field(default_factory=list)

    def pile_here(self) -> list[str]:
        """Return the pile on the active player's square ([] on the edge or when empty)."""
        return self.piles.get(self.positions[self.active], [])  # type: ignore[arg-type]

    def copy(self) -> ChasseState:
        """Return a full, independent copy for cloning and search (``ChasseGame._copy_state``).

        Every list, dict and zone is copied (a few microseconds, against about 100 for
        ``copy.deepcopy``); strings, ints and tuples are shared, being immutable. A new field must be
        added here too: ``tests/chasse_au_dragon/test_cd_copy.py`` checks every field.
        """
        return ChasseState(
            players=self.players, first_player=self.first_player,
            piles={sq: list(pile) for sq, pile in self.piles.items()},
            camps=list(self.camps), positions=list(self.positions),
            boards=[b.copy() for b in self.boards], removed=dict(self.removed), active=self.active,
            phase=self.phase, round=self.round, steps=self.steps, defender=self.defender, fleeing=self.fleeing,
            flight_tried=self.flight_tried, revealed=self.revealed,
            fight=None if self.fight is None else self.fight.copy(),
            last_rolls={k: list(v) for k, v in self.last_rolls.items()},
            placing=self.placing, end_reason=self.end_reason, dragon_slayer=self.dragon_slayer,
            turns=self.turns, fights_won=list(self.fights_won), fights_lost=list(self.fights_lost),
        )
