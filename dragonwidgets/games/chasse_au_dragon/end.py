"""The end of the game and the winners: wealth counted, the richest win (CD-END-1..3, CD-SCORE-1..4).

The game ends when a dragon is slain (CD-END-1, from :mod:`.encounter`) or, not a rule, when the
``max_rounds`` option runs out (CD-INT-24, from :mod:`.turn`); both come here.
"""

from __future__ import annotations

from dragonwidgets.engine import Event, Outcome

from .state import OVER, ChasseState
from .tables import NAMES
from .zones import score


def scores(s: ChasseState, base_equipment_score: int) -> dict[int, int]:
    """Return ``{seat: wealth}``: backpack + vault + equipment (CD-SCORE-1..3, CD-INT-19).

    ``base_equipment_score`` (0 or 4) is what base equipment adds (the game's option of that name).
    """
    return {i: score(b, base_equipment_score) for i, b in enumerate(s.boards)}


def game_over(s: ChasseState, base_equipment_score: int, ev: list[Event]) -> None:
    """End the game now, for ``s.end_reason`` (CD-END-1, CD-INT-18: nothing else happens that turn)."""
    s.phase = OVER
    s.fight = None
    sc = scores(s, base_equipment_score)
    ev.append(Event("game_over", f"The game is over: {s.end_reason}. Wealth: "
                    + ", ".join(f"{NAMES[i]} {v}" for i, v in sc.items()) + ".",
                    data={"scores": sc}))


def outcome(s: ChasseState, base_equipment_score: int) -> Outcome:
    """Return the final scores and the winners: the richest, ties share the victory (CD-SCORE-4, CD-INT-20)."""
    sc = scores(s, base_equipment_score)
    best = max(sc.values())
    return Outcome(sc, [i for i, v in sc.items() if v == best], s.end_reason or "")
