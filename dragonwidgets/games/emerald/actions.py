"""The Action objects of Emerald's decisions, built once and shared.

An :class:`~dragonwidgets.engine.Action` is frozen, and its id, label, targets and rules depend only
on the arguments below, so each builder is memoised (``functools.cache``): a state offering "move T1
black" from a tower of 3 knights gets the very object every earlier such state got, instead of
formatting its label again at every decision (random play asks for thousands per second).

Action id grammar (the Emerald contract): ``move {space} {colour}``, ``end turn``,
``take gold`` / ``take gem``, ``roll {n}`` (chance), ``capture {colour}``, ``pay {value}`` / ``lose``,
and with manual chance ``reveal gold {value}`` / ``reveal gem {gem}`` (chance).
"""

from __future__ import annotations

from functools import cache

from dragonwidgets.engine import CHANCE, Action

from .board import LAIR, NEST


@cache
def move_action(space: str, colour: str, count: int, destination: str, player: int, two_players: bool) -> Action:
    """Return ``move {space} {colour}``: a ``colour`` knight leaves ``space`` (``count`` knights there)
    for ``destination`` (EM-TURN-2, EM-MOVE-1/2/6, EM-LAIR-2; EM-P2-2 at 2 players)."""
    rules = ("EM-TURN-2", "EM-MOVE-1", "EM-MOVE-2", "EM-LAIR-2" if destination == LAIR else "EM-MOVE-6")
    return Action(
        f"move {space} {colour}",
        f"Move a {colour} knight from {space} ({count} knight{'s' * (count > 1)} there) to {destination}",
        player, "select_knight", (f"{space}/{colour}", space, destination),
        rules + ("EM-P2-2",) if two_players else rules,
    )


@cache
def end_turn_action(player: int) -> Action:
    """Return ``end turn``: stop after the turn's first knight (EM-TURN-2, EM-TURN-8)."""
    return Action("end turn", "End the turn without moving a second knight", player, "end_turn",
                  (), ("EM-TURN-2", "EM-TURN-8"))


@cache
def take_action(pile: str, card_name: str, square: str, player: int) -> Action:
    """Return ``take {pile}``: the face-up ``card_name`` card of ``square``'s pile (EM-CARD-1)."""
    return Action(f"take {pile}", f"Take the {card_name} card on {square}", player, "take_card",
                  (f"{square}/{pile}",), ("EM-CARD-1",))


@cache
def roll_outcomes(faces: tuple[int, ...]) -> tuple[Action, ...]:
    """Return the chance outcomes of the dragon die ``faces``: each distinct face with its probability
    (EM-DRAGON-4, EM-INT-3, D14), in increasing order."""
    return tuple(Action(f"roll {r}", f"The dragon die shows {r}", CHANCE, "dragon_roll", ("die", "dragon"),
                        ("EM-DRAGON-4",), faces.count(r) / len(faces))
                 for r in sorted(set(faces)))


@cache
def reveal_action(pile: str, card: int | str, card_name: str, square: str, prob: float) -> Action:
    """Return the chance outcome ``reveal {pile} {card}``: ``card_name`` is turned up as the next card of
    ``square``'s ``pile``, with probability ``prob`` (EM-CARD-2; manual chance only)."""
    return Action(f"reveal {pile} {card}", f"The next {pile} card of {square} is turned up: {card_name}", CHANCE,
                  "reveal_card", (f"{square}/{pile}",), ("EM-CARD-2",), prob)


@cache
def capture_action(colour: str, square: str, owner_name: str, player: int, own_knight: bool) -> Action:
    """Return ``capture {colour}``: the dragon mover ``player`` picks a ``colour`` knight (``owner_name``'s)
    on ``square`` (EM-CAPTURE-4; EM-CAPTURE-5 when it is the mover's ``own_knight``)."""
    return Action(f"capture {colour}", f"The dragon captures a {colour} knight on {square} ({owner_name}'s)",
                  player, "choose_victim", (f"{square}/{colour}",),
                  ("EM-CAPTURE-4", "EM-CAPTURE-5") if own_knight else ("EM-CAPTURE-4",))


@cache
def pay_action(value: int, colour: str, square: str, owner: int) -> Action:
    """Return ``pay {value}``: ``owner`` gives a gold ``value`` card to keep the captured ``colour``
    knight on ``square`` (EM-CAPTURE-6, EM-SOOTHE-1)."""
    return Action(f"pay {value}", f"Give the dragon a gold {value} card to keep the {colour} knight on {square}",
                  owner, "pay_or_lose", (f"hand/{owner}/gold/{value}",), ("EM-CAPTURE-6", "EM-SOOTHE-1"))


@cache
def lose_action(colour: str, square: str, owner: int) -> Action:
    """Return ``lose``: ``owner`` lets the dragon carry the ``colour`` knight on ``square`` to the nest
    (EM-CAPTURE-6, EM-CAPTURE-7)."""
    return Action("lose", f"Let the dragon carry the {colour} knight on {square} to the nest", owner,
                  "pay_or_lose", (NEST,), ("EM-CAPTURE-6", "EM-CAPTURE-7"))
