"""The Action objects of Emerald's decisions, built once and shared.

An :class:`~dragonwidgets.engine.Action` is frozen, and its id, label, targets and rules depend only
on the arguments below, so each builder is memoised (``functools.cache``): a state offering "move T1
black" from a tower of 3 knights gets the very object every earlier such state got, instead of
formatting its label again at every decision (random play asks for thousands per second).

Action id grammar (the Emerald contract): ``move {space} {colour}``, ``end turn``,
``take gold`` / ``take gem``, ``roll {n}`` (chance), ``capture {colour}``, ``pay {value}`` / ``lose``.
"""

from __future__ import annotations

from functools import cache

from dragonwidgets.engine import CHANCE, Action

from .board import LAIR


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
