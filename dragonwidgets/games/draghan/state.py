"""Draghan's mutable state: plain dataclasses, plus the phases of the digest's section 6.3.

Encodings: a card is its data id (``"D08"``, ``"M02"``, ``"CH1"``, ``"G3"``); a seat holds one character
(a :class:`Hero`) or ``None`` once that character dropped out in the Shadow Realm (DG-WOUND-5). Decks are
lists, top card first. In the endgame the dragon stands on the table as the dragon card's id (``S01``)
with the large dragon drawn for it in ``dragon`` (DG-DRAGON-1, DG-INT-18).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

MIN_CHARACTERS, MAX_CHARACTERS = 2, 4  # DG-INT-1
DRAGHAN, SHADOW = "draghan", "shadow"  # the two realms
MARKET_DISPLAY = 4  # DG-LOC-6: "de bovenste 4 Marktkaarten"

# The decisions and chance nodes (``phase``); OVER once the team has won or lost.
CHOOSE_CHARACTER = "choose_character"
HEAL_1 = "heal_1"
PORTAL = "portal_choice"
THEFT = "theft"  # chance: which equipment card a theft takes
REVEAL_LOCATION = "reveal_location"  # chance, manual only (option pick_draws): which location turns up
DRAW_MARKET = "draw_market"  # chance, manual only: which market card goes on display
REVEAL_ENCOUNTER = "reveal_encounter"  # chance, manual only: which encounter card turns up
JOIN_CARD = "join_card"  # chance, manual only: which market card a character takes as it joins (DG-SETUP-7)
DRAW_DRAGON = "draw_dragon"  # chance: which large dragon
DECLARE_TARGET = "declare_target"
DECLARE_EQUIPMENT = "declare_equipment"
ASSIST = "assign_assist"
GOLD = "gold"
REPLACE = "replace"  # a decision, or chance with replacement_character="random"
BUY = "buy"
SHARE = "share"
HEAL_2 = "heal_2"
CHECK = "equipment_check"
OVER = "over"


@dataclass(slots=True)
class Hero:
    """A character in play: its card, its side, its own equipment and coins (DG-SOLO-2)."""

    card: str
    wounded: bool = False
    equipment: list[str] = field(default_factory=list)
    coins: int = 0


@dataclass(slots=True)
class DraghanState:
    """Everything that changes during a game (the card data in :class:`~.cards.Decks` does not)."""

    players: int  # characters in play at the start (one seat each)
    first_player: int
    decks: dict[str, list[str]]  # location_draghan, location_shadow, encounter_draghan, encounter_shadow, market, dragons
    heroes: list[Hero | None]
    set_aside: list[str]  # characters not chosen: the replacements (DG-SETUP-6)
    supply: int
    active: int
    phase: str = CHOOSE_CHARACTER
    realm: str = DRAGHAN
    round: int = 0
    discard: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)  # Draghan decks removed on travel (DG-PORTAL-4)
    visited: list[str] = field(default_factory=list)  # DG-LOC-8
    location: str | None = None
    portals_up: list[str] = field(default_factory=list)
    portal_open: bool = False  # a first or second portal turned up this round (choice pending)
    travel_pending: bool = False
    extra_draw: int = 0  # DG-LOC-4 threat
    assist: str = ""  # icons of this round's assist location (DG-LOC-3)
    market_display: list[str] = field(default_factory=list)
    table: list[str] = field(default_factory=list)  # monsters (and the dragon card) on the table
    dragon: str | None = None  # the large dragon card drawn (DG-DRAGON-1)
    revealed_equipment: list[str] = field(default_factory=list)
    to_reveal: int = 0
    to_draw: int = 0  # market cards still to draw onto the display (manual draws, DG-LOC-6)
    resume: str = ""  # what follows a chance node inside a phase: "location", "explore", "choose", "deal", "replace"
    joining: list[int] = field(default_factory=list)  # seats whose character waits for its market card (JOIN_CARD)
    thefts: int = 0  # thefts still to resolve at the current point
    declaring: list[int] = field(default_factory=list)  # seats still to declare, in order
    targets: dict[int, str | None] = field(default_factory=dict)  # seat -> monster id it faces
    used: dict[int, list[str]] = field(default_factory=dict)  # seat -> equipment committed
    assist_target: str | None = None
    gold_queue: list[tuple[str, list[int], int]] = field(default_factory=list)  # (monster, participants, extras)
    round_down: list[str] = field(default_factory=list)  # monsters defeated this round (phase 4)
    round_all_down: bool = False  # every monster but the dragon defeated this round
    buyers: list[int] = field(default_factory=list)
    checkers: list[int] = field(default_factory=list)
    result: str = "running"  # "won" / "lost"
    end_reason: str | None = None
    fled: int = 0  # statistics: Draghan monsters that fled (DG-SCORE-1)
    defeated: int = 0

    def copy(self) -> "DraghanState":
        """Return a full, independent copy (``Game._copy_state``: search copies, clones).

        Strings, numbers and ``None`` are immutable and shared; every list, dict and :class:`Hero` is
        copied, so changing the copy never changes ``self``. Much faster than ``copy.deepcopy``. A new
        list field belongs in ``_LISTS``; a new nested one is copied by hand below (a test checks that no
        list or dict is shared).
        """
        twin = object.__new__(DraghanState)
        for name in _SCALARS:
            setattr(twin, name, getattr(self, name))
        for name in _LISTS:
            setattr(twin, name, getattr(self, name).copy())
        twin.decks = {k: v.copy() for k, v in self.decks.items()}
        twin.heroes = [None if h is None else Hero(h.card, h.wounded, h.equipment.copy(), h.coins) for h in self.heroes]
        twin.targets = self.targets.copy()
        twin.used = {k: v.copy() for k, v in self.used.items()}
        twin.gold_queue = [(m, group.copy(), n) for m, group, n in self.gold_queue]
        return twin

    def in_play(self) -> list[int]:
        """Return the seats whose character is still in the game (DG-EXPLORE-2)."""
        return [i for i, h in enumerate(self.heroes) if h is not None]

    def count_in_play(self) -> int:
        """Return how many characters are still in the game: ``len(self.in_play())``.

        (A loop tested with ``is``: ``heroes.count(None)`` would call :class:`Hero`'s ``__eq__`` for every
        character, and a list comprehension costs Python 3.11 a function call; asked twice a round.)
        """
        n = 0
        for h in self.heroes:
            if h is not None:
                n += 1
        return n

    def realm_deck(self, kind: str) -> list[str]:
        """Return the realm's deck of ``kind`` (``"location"`` or ``"encounter"``): the Shadow Realm's once the
        team has travelled (DG-PORTAL-4), else Draghan's. The list itself, not a copy."""
        return self.decks[_REALM_DECKS[self.realm][kind]]

    def order_from(self, seat: int) -> list[int]:
        """Return the seats in play in seat order starting at ``seat`` (DG-INT-15, DG-INT-31).

        (A loop over a table made once, not a cached function and a comprehension: asked two or three times a round.)
        """
        heroes = self.heroes
        out = []
        for s in _SEAT_ORDERS[len(heroes)][seat]:
            if heroes[s] is not None:
                out.append(s)
        return out


#: Each realm's location and encounter deck: its key in ``DraghanState.decks`` (:meth:`DraghanState.realm_deck`).
_REALM_DECKS = {realm: {kind: f"{kind}_{realm}" for kind in ("location", "encounter")} for realm in (DRAGHAN, SHADOW)}


#: players -> seat -> every seat in seat order starting at that seat, e.g. ``_SEAT_ORDERS[4][2] == (2, 3, 0, 1)``.
_SEAT_ORDERS = {players: tuple((*range(seat, players), *range(seat)) for seat in range(players))
                for players in range(MIN_CHARACTERS, MAX_CHARACTERS + 1)}


#: The fields :meth:`DraghanState.copy` copies as flat lists of ids (the nested ones are copied by hand).
_LISTS = ("set_aside", "discard", "removed", "visited", "portals_up", "market_display", "table",
          "revealed_equipment", "declaring", "round_down", "buyers", "checkers", "joining")
_NESTED = ("decks", "heroes", "targets", "used", "gold_queue")
#: The immutable fields (str, int, bool, None), shared by a copy.
_SCALARS = tuple(f.name for f in fields(DraghanState) if f.name not in _LISTS + _NESTED)
