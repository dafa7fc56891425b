"""Before the first turn: the piles dealt, the first player drawn, the camps pitched (CD-SETUP-1..7, CD-INT-2..4).

The forest, the cards and their deal come from the setup file (:mod:`.setup`). Camps come from the
file's table (``camp_placement="default"``, CD-REC-3), or each player picks a free forest-edge square
in turn order from the first player (``"choose"``, CD-INT-4: the decision ``camp x,y``). Every
adventurer starts on its camp (CD-SETUP-5); then the first player's turn begins (:mod:`.turn`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from dragonwidgets.engine import Action, Event

from .setup import Setup, camps, deal_piles, edge_squares
from .state import PLACE_CAMP, ChasseState, Management, Square, square_id
from .tables import NAMES
from .turn import start_turn


def check_options(options: Mapping[str, Any], players: int) -> None:
    """Raise ``ValueError`` naming the option whose value no rule allows (CD-INT-2, CD-INT-4, CD-INT-19, CD-INT-24)."""
    if options["camp_placement"] not in ("default", "choose"):
        raise ValueError(f"camp_placement must be 'default' or 'choose', got {options['camp_placement']!r}")
    if options["base_equipment_score"] not in (0, 4):
        raise ValueError(f"base_equipment_score must be 0 or 4, got {options['base_equipment_score']}")
    if not -1 <= options["first_player"] < players:
        raise ValueError(f"first_player must be -1 (drawn) or a seat 0..{players - 1}, got {options['first_player']}")
    if options["max_rounds"] < 0:
        raise ValueError(f"max_rounds must be 0 (none) or a number of rounds, got {options['max_rounds']}")


def opening_state(setup: Setup, players: int, options: Mapping[str, Any], rng: random.Random) -> ChasseState:
    """Return the table before the first decision: piles dealt, first player drawn, camps placed or to choose.

    CD-SETUP-1..6, CD-INT-2 (the first player is drawn right after the deal; the ``first_player``
    option overrides it), CD-INT-3 (empty boards, adventurers on their camps), CD-INT-4, CD-REC-3
    (the i-th default camp goes to the i-th seat from the first player). Only ``rng`` is used.
    """
    piles = deal_piles(setup, rng)
    first = rng.randrange(players)  # CD-INT-2: right after the deal
    if options["first_player"] >= 0:
        first = options["first_player"]
    s = ChasseState(
        players=players, first_player=first, piles=piles,
        camps=[None] * players, positions=[None] * players,
        boards=[Management() for _ in range(players)], removed={}, active=first,
        fights_won=[0] * players, fights_lost=[0] * players,
    )
    if options["camp_placement"] == "choose":
        s.phase = PLACE_CAMP
    else:
        for i, sq in enumerate(camps(setup, players)):  # CD-REC-3: i-th from the first player
            seat = (first + i) % players
            s.camps[seat] = s.positions[seat] = sq
        start_turn(s, options["dragon_raids"])
    return s


def camp_choices(s: ChasseState) -> list[Action]:
    """Return the free forest-edge squares the active player may pitch a camp on, row by row (CD-SETUP-4, CD-INT-4)."""
    p = s.active
    taken = set(s.camps)
    return [Action(f"camp {square_id(sq)}", f"Pitch your camp on {square_id(sq)}", p, "place_camp",
                   (square_id(sq),), ("CD-SETUP-4", "CD-INT-4"))
            for sq in edge_squares() if sq not in taken]


def pitch_camp(s: ChasseState, sq: Square, dragon_raids: bool, ev: list[Event]) -> None:
    """The active player's camp and adventurer go on ``sq``; the next seat chooses, or the first turn begins.

    CD-SETUP-4/5, CD-INT-4: in turn order from the first player, whose turn starts once every camp stands.
    """
    p = s.active
    s.camps[p] = s.positions[p] = sq
    ev.append(Event("camp_placed", f"{NAMES[p]} pitch their camp on {square_id(sq)}."))
    s.placing += 1
    s.active = (p + 1) % s.players
    if s.placing == s.players:
        s.active = s.first_player
        start_turn(s, dragon_raids)
