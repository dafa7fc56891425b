"""The frequent events of Emerald, built once and shared.

An :class:`~dragonwidgets.engine.Event` is frozen and nobody writes into its ``data``, and the events
below depend only on their arguments, so each builder is memoised (``functools.cache``): the tenth
"Black moves a black knight from T1 (3 knights there) to P3." of a study is the object the first one
built, instead of a new sentence and a new frozen object at every move. Rarer events (the lair, a
capture, the end) are built where they happen, in ``game.py``.
"""

from __future__ import annotations

from functools import cache

from dragonwidgets.engine import Event


@cache
def knight_moved(who: str, colour: str, space: str, count: int, destination: str) -> Event:
    """``who`` moved a ``colour`` knight from ``space`` (``count`` knights there) to ``destination`` (EM-MOVE-1)."""
    return Event("knight_moved",
                 f"{who} moves a {colour} knight from {space} ({count} knight{'s' * (count > 1)} "
                 f"there) to {destination}.",
                 data={"from": space, "to": destination, "colour": colour, "count": count})


@cache
def turn_ended(who: str) -> Event:
    """``who`` ends the turn after one knight (EM-TURN-2)."""
    return Event("turn_ended", f"{who} ends the turn after one knight.")


@cache
def card_taken(who: str, name: str, square: str, pile: str, card: int | str) -> Event:
    """``who`` takes the face-up card ``card`` (read as ``name``) of ``square``'s ``pile`` (EM-CARD-1)."""
    return Event("card_taken", f"{who} takes the {name} card on {square}.",
                 data={"square": square, "pile": pile, "card": card})


@cache
def card_revealed(pile: str, square: str, name: str, card: int | str) -> Event:
    """The next card of ``square``'s ``pile`` is turned up (EM-CARD-2)."""
    return Event("card_revealed", f"The next {pile} card of {square} is turned up: {name}.",
                 data={"square": square, "pile": pile, "card": card})


@cache
def dragon_wakes(square: str) -> Event:
    """A knight ended on ``square``, beside the track or on the dragon's square (EM-DRAGON-2)."""
    return Event("dragon_wakes", f"The knight ended on {square}: the dragon must move.")


@cache
def dragon_moved(roll: int, path: tuple[str, ...], square: str, facing: str) -> Event:
    """The dragon flew ``path`` with a ``roll`` and stopped beside ``square`` facing ``facing``
    ("the lair" or "the plain") (EM-DRAGON-4..7)."""
    return Event("dragon_moved", f"The dragon die shows {roll}: the dragon flies "
                 f"{', '.join(path)} and stops beside {square}, facing {facing}.",
                 data={"roll": roll, "path": list(path), "square": square})


@cache
def no_capture(square: str) -> Event:
    """The dragon stopped beside ``square``, where no knight stands (EM-CAPTURE-2)."""
    return Event("no_capture", f"No knight on {square}: nothing happens.")
