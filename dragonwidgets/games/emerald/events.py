"""The events of Emerald, in the order of a turn: what a step reports, with its readable text.

An :class:`~dragonwidgets.engine.Event` is frozen and nobody writes into its ``data``, and most events
depend only on their arguments, so their builders are memoised (``functools.cache``): the tenth
"Black moves a black knight from T1 (3 knights there) to P3." of a study is the object the first one
built, instead of a new sentence and a new frozen object at every move. ``game_over`` carries the
scores (a dict) and is built anew.

The rules' functions call them as ``events.name(...)`` (the module's attribute, looked up at each
call), so a test may replace one.
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
def treasure_taken(who: str, colour: str, place: int, treasures_left: int) -> Event:
    """A ``colour`` knight of ``who`` entered the lair at corridor ``place`` (0-based) and took a
    treasure card, ``treasures_left`` left (EM-LAIR-3/4)."""
    return Event("treasure_taken",
                 f"The {colour} knight enters the lair (place {place + 1}); {who} takes a "
                 f"treasure card, {treasures_left} left.",
                 data={"colour": colour, "place": place, "treasures_left": treasures_left})


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
def bonus_taken(who: str, seat: int) -> Event:
    """``who`` (``seat``) is the first to own all four gem types (EM-BONUS-1)."""
    return Event("bonus_taken", f"{who} owns all four gem types and takes the "
                 f"\"4 pierres différentes\" bonus card.", data={"seat": seat})


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


@cache
def knight_captured(square: str, colour: str, owner_name: str, owner: int) -> Event:
    """The dragon captured a ``colour`` knight of seat ``owner`` on ``square`` (EM-CAPTURE-3/4)."""
    return Event("knight_captured", f"The dragon captures a {colour} knight on {square} ({owner_name}'s).",
                 data={"square": square, "colour": colour, "owner": owner})


@cache
def no_gold(owner_name: str) -> Event:
    """The captured knight's owner holds no gold card, so the knight is lost (EM-CAPTURE-6)."""
    return Event("no_gold", f"{owner_name} has no gold card to soothe the dragon.")


@cache
def dragon_paid(owner_name: str, owner: int, value: int, colour: str, square: str, value_public: bool) -> Event:
    """Seat ``owner`` paid a gold ``value`` card to keep its ``colour`` knight on ``square``
    (EM-SOOTHE-1..3); the value is the owner's secret unless ``value_public`` (EM-SOOTHE-4, EM-INT-18)."""
    stays = f"the {colour} knight stays on {square}"
    private = f"{owner_name} gives the dragon a gold {value} card; {stays}."
    if value_public:
        return Event("dragon_paid", private, data={"seat": owner, "value": value})
    return Event("dragon_paid", private, private_to=owner,
                 public_text=f"{owner_name} gives the dragon one gold card; {stays}.",
                 data={"seat": owner, "value": value})


@cache
def knight_lost(colour: str, square: str) -> Event:
    """The dragon carried a ``colour`` knight from ``square`` to the nest (EM-CAPTURE-7)."""
    return Event("knight_lost", f"The dragon carries the {colour} knight from {square} to the nest.",
                 data={"square": square, "colour": colour})


@cache
def track_advanced(position: int, first: str, last: str, fixed: bool) -> Event:
    """The flight track moved to ``position``, beside ``first``..``last``; ``fixed`` at the final one
    (EM-TRACK-1/2)."""
    return Event("track_advanced", f"The flight track advances to {first}-{last}"
                 + (" (fixed from now on)." if fixed else "."), data={"position": position})


@cache
def turn_ended(who: str) -> Event:
    """``who`` ends the turn after one knight (EM-TURN-2)."""
    return Event("turn_ended", f"{who} ends the turn after one knight.")


@cache
def turn_skipped(who: str) -> Event:
    """``who`` has no knight that can move, so their turn is skipped (EM-TURN-3)."""
    return Event("turn_skipped", f"{who} has no knight that can move: turn skipped (EM-TURN-3).")


@cache
def majority_bonus(gem_name: str, gem: str, who: str | None, seat: int | None) -> Event:
    """The ``gem`` (``gem_name``) majority bonus goes to seat ``seat`` (``who``), or back to the box
    when ``seat`` is ``None`` (EM-BONUS-3/4, EM-END-4)."""
    who = "nobody (back to the box)" if who is None else who
    return Event("majority_bonus", f"The {gem_name} majority bonus goes to {who}.", data={"gem": gem, "seat": seat})


def game_over(reason: str, scores: dict[int, int], winners: list[int], names: tuple[str, ...]) -> Event:
    """The game ended for ``reason``: the ``scores`` of every seat and the ``winners`` (EM-END-4, EM-SCORE-6/7)."""
    return Event("game_over", f"Game over: {reason}. Scores: "
                 + ", ".join(f"{names[i]} {v}" for i, v in scores.items())
                 + f". Winner{'s' * (len(winners) > 1)}: {', '.join(names[w] for w in winners)}.",
                 data={"scores": scores, "winners": winners})
