"""The order of play: a turn begins, then passes to the left neighbour; rounds are counted (CD-TURN-1..5).

A turn's phases come in the order of CD-TURN-2, each handing over to the next by itself:
0. the dragon raid (:mod:`.raid`, an option, first player's turns only), 1. movement
(:mod:`.movement`), 2. duel (:mod:`.duel`), 3. monster encounter (:mod:`.encounter`), 4. at camp
(:mod:`.camp`). The last phase played calls :func:`end_turn`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dragonwidgets.engine import Event

from .end import game_over
from .state import MOVE, RAID, ChasseState


def start_turn(s: ChasseState, dragon_raids: bool) -> None:
    """Begin ``s.active``'s turn: a raid in the first player's turns, then movement (CD-TURN-2 (0, 1), CD-RAID-2, CD-INT-22)."""
    s.turns += 1
    s.steps = 0
    s.defender = s.fleeing = None
    s.flight_tried = s.revealed = False
    s.fight = None
    s.phase = RAID if dragon_raids and s.active == s.first_player else MOVE


def end_turn(s: ChasseState, options: Mapping[str, Any], ev: list[Event]) -> None:
    """Pass the turn to the left neighbour; a new round starts with the first player (CD-TURN-1, CD-TURN-5, CD-INT-1).

    With the ``max_rounds`` option (not a rule, CD-INT-24) the game ends once that many rounds are played.
    """
    s.active = (s.active + 1) % s.players
    if s.active == s.first_player:
        s.round += 1
        cap = options["max_rounds"]
        if cap and s.round > cap:  # CD-INT-24: not a rule
            s.end_reason = f"stopped after {cap} rounds (max_rounds, not a rule)"
            game_over(s, options["base_equipment_score"], ev)
            return
    start_turn(s, options["dragon_raids"])
