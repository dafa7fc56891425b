"""Phase 0, the dragon raid (option "les raids du dragon"): 2d6 hit two inner squares (CD-RAID-1..5).

Only with the ``dragon_raids`` option (CD-SETUP-7), at the start of every turn of the first player
(:func:`.turn.start_turn`, CD-INT-22). The roll is the chance node ``raid {a} {b}`` (``a <= b``);
whoever stands on ``(a;b)`` or ``(b;a)`` loses backpack and cage; then the movement.
"""

from __future__ import annotations

from functools import cache

from dragonwidgets.engine import CHANCE, Action, Event

from .state import MOVE, ChasseState
from .tables import NAMES
from .zones import lose_backpack, lose_cage


@cache
def raid_outcomes() -> tuple[Action, ...]:
    """CD-RAID-2/3: the 21 unordered results of the raid's 2d6, with their probabilities (1/36 or 2/36).

    Cached: a shared tuple, never mutated.

    >>> outcomes = raid_outcomes()
    >>> len(outcomes), outcomes[0].id, round(sum(a.prob for a in outcomes), 12)
    (21, 'raid 1 1', 1.0)
    """
    out = []
    for a in range(1, 7):
        for b in range(a, 7):
            squares = f"({a};{b})" if a == b else f"({a};{b}) and ({b};{a})"
            out.append(Action(f"raid {a} {b}", f"The raid dice show {a} and {b}: the dragon raids {squares}",
                              CHANCE, "raid", (f"{a},{b}", f"{b},{a}"), ("CD-RAID-2", "CD-RAID-3"),
                              (1 if a == b else 2) / 36))
    return tuple(out)


def dragon_raid(s: ChasseState, a: int, b: int, ev: list[Event]) -> None:
    """The raid dice show ``a`` and ``b``: players on ``(a;b)`` or ``(b;a)`` lose backpack and cage (CD-RAID-2..5).

    Inner square ``(a;b)`` is board square ``(x=a, y=b)`` (CD-BOARD-4, CD-REC-1); camps, on the
    forest edge, are never raided. Then the movement.
    """
    hit = {(a, b), (b, a)}
    victims = [p for p in range(s.players) if s.positions[p] in hit]
    for p in victims:
        lose_backpack(s, p)
        lose_cage(s, p)
    names = ", ".join(NAMES[p] for p in victims) or "nobody"
    ev.append(Event("raid", f"The dragon raids {' and '.join(sorted(f'({x};{y})' for x, y in hit))}: {names} "
                    f"lose{'s' * (len(victims) <= 1)} backpack and cage.",
                    data={"dice": [a, b], "victims": victims}))
    s.phase = MOVE
