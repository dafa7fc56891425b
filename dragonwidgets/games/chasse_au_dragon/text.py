"""Words for the log (:func:`a_or_an`, :func:`logged`) and a small deterministic text picture of the public
table (:func:`render`: the widget's ``text`` and ``repr``)."""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from dragonwidgets.engine import Event

from .state import Square, square_id

if TYPE_CHECKING:
    from .game import ChasseGame

#: A decision's words where its name would read badly (manual chance's reveal, CD-ENC-1).
_DOING = {"reveal": "meet a monster (a card to turn up)"}


@cache
def a_or_an(word: str) -> str:
    """Return ``word`` with its indefinite article, for the log and the action labels.

    >>> a_or_an("orc"), a_or_an("troll")
    ('an orc', 'a troll')
    """
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


@cache
def logged(kind: str, text: str) -> Event:
    """Return the event ``kind`` that everybody reads as ``text`` and that carries no data.

    Cached: a shared event, never mutated (the frequent events are made once, see :mod:`.game`); the texts
    it is used for name only seats, card types and outcomes, a few hundred at most.

    >>> logged("card_under", "The orc goes under the pile.") is logged("card_under", "The orc goes under the pile.")
    True
    """
    return Event(kind, text)


def render(game: "ChasseGame") -> str:
    """Return the 8x8 forest as text (pile sizes, camps, adventurers) and each seat's public zones.

    Each square shows its pile size (``.`` empty), ``C`` plus a seat number for a camp, and the
    seats of the adventurers on it. Face-down zones are not shown.

    >>> from .game import ChasseGame
    >>> print(render(ChasseGame(players=2, seed=1, first_player=0)).splitlines()[0])
    La Chasse au Dragon, 2 players · round 1 · White to move
    """
    s = game.state
    doing = f"over: {s.end_reason}" if s.phase == "over" else f"{game.player_name(s.active)} to {_DOING.get(s.phase, s.phase.replace('_', ' '))}"
    lines = [f"La Chasse au Dragon, {s.players} players · round {s.round} · {doing}"]
    who: dict[Square, list[str]] = {}
    for i, p in enumerate(s.positions):
        if p is not None:
            who.setdefault(p, []).append(str(i))
    camp_of = {c: i for i, c in enumerate(s.camps) if c is not None}
    for y in range(8):
        cells = []
        for x in range(8):
            sq = (x, y)
            base = f"C{camp_of[sq]}" if sq in camp_of else (str(len(s.piles[sq])) if s.piles.get(sq) else ".")
            cells.append(f"{base}{'@' + ''.join(who[sq]) if sq in who else ''}".ljust(6))
        lines.append(" ".join(cells).rstrip())
    for i, b in enumerate(s.boards):
        kit = b.equipment or "base"
        lines.append(f"{game.player_name(i)}: at {square_id(s.positions[i]) if s.positions[i] else '-'}, "  # type: ignore[arg-type]
                     f"equipment {kit} (d{b.power()}), pantry {b.pantry}")
    return "\n".join(lines)
