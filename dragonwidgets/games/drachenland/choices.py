"""The choices a seat is offered, as engine ``Action`` records: id, label, targets and rule IDs.

Which choices are legal is decided in :mod:`.game`; this module only words them. A choice's record
depends on nothing but the arguments of its builder, and ``Action`` is immutable, so each builder
is memoized: a random game asks for the same few hundred records thousands of times, and building
one (a frozen dataclass and an f-string label) costs more than the rules that make it legal. The
caches are bounded and shared by every game (the board's ids are part of the arguments).

Ids follow the Drachenland grammar of :mod:`.game`; labels are sentences for people.
"""

from __future__ import annotations

from functools import lru_cache

from dragonwidgets.engine import Action

from .state import FLY_VALUE

_CACHE = 1 << 15  # records kept per builder (random play settles near 25,000 distinct walks)


def _spaces(n: int) -> str:
    return f"{n} space{'s' * (n > 1)}"


# ---------------------------------------------------------------------------- dice (DL-TURN, DL-FATE)
@lru_cache(maxsize=_CACHE)
def fate_actions(seat: int, a: int, b: int) -> tuple[Action, Action]:
    """DL-FATE-1, DL-TOKEN-1: ``keep`` the roll ``a``, ``b`` or ``reroll`` with the fate token."""
    return (
        Action("keep", f"Keep the roll {a} and {b}", seat, "fate", (), ("DL-FATE-1",)),
        Action("reroll", "Play the fate token: roll both dice again (the token leaves the game)", seat, "fate",
               (f"token/{seat}/fate", "dice"), ("DL-FATE-1", "DL-TOKEN-1")),
    )


@lru_cache(maxsize=_CACHE)
def die_action(seat: int, index: int, value: int) -> Action:
    """DL-TURN-2/3: ``die {value}``, use the die ``index`` next."""
    return Action(f"die {value}", f"Use the die showing {value} next", seat, "choose_die", (f"die/{index}",),
                  ("DL-TURN-2", "DL-TURN-3"))


@lru_cache(maxsize=_CACHE)
def end_turn_action(seat: int, label: str) -> Action:
    """DL-TURN-5, DL-INT-8: ``end turn``, leaving the dice left unused (``label`` says which)."""
    return Action("end turn", label, seat, "end_turn", (), ("DL-TURN-5", "DL-INT-8"))


END_BOTH = "End the turn, leaving the dice unused"  # from the choice of die


@lru_cache(maxsize=_CACHE)
def end_turn_for_die(seat: int, die: int, dice_left: int) -> Action:
    """``end turn`` at the choice of adventurer for the die ``die`` (``dice_left``: 1 or 2 unused)."""
    return end_turn_action(seat, f"End the turn, leaving the die {die} unused" if dice_left == 1
                           else "End the turn, leaving both dice unused")


# ---------------------------------------------------------------------------- adventurers (DL-OPEN, DL-TURN)
@lru_cache(maxsize=_CACHE)
def opening_enter_action(seat: int, colour: str, distance: int) -> Action:
    """DL-OPEN-1/2: ``enter {colour}`` in the opening round (exactly ``distance`` spaces)."""
    return Action(f"enter {colour}", f"Bring your {colour} adventurer in and walk exactly {_spaces(distance)}",
                  seat, "choose_adventurer", (f"adv/{seat}/{colour}",), ("DL-OPEN-1", "DL-OPEN-2"))


@lru_cache(maxsize=_CACHE)
def move_action(seat: int, colour: str, die: int, here: str) -> Action:
    """DL-TURN-2/3: ``move {colour}``, give the die to the adventurer standing on ``here``."""
    return Action(f"move {colour}", f"Give the die {die} to your {colour} adventurer on {here}", seat,
                  "choose_adventurer", (f"adv/{seat}/{colour}",), ("DL-TURN-2", "DL-TURN-3"))


@lru_cache(maxsize=_CACHE)
def enter_action(seat: int, colour: str, die: int) -> Action:
    """DL-MOVE-3, DL-INT-9: ``enter {colour}``, bring the adventurer in with the die."""
    return Action(f"enter {colour}", f"Bring your {colour} adventurer in with the die {die}", seat,
                  "choose_adventurer", (f"adv/{seat}/{colour}",), ("DL-MOVE-3", "DL-INT-9"))


# ---------------------------------------------------------------------------- the movement phase (DL-MOVE, DL-MARCH)
@lru_cache(maxsize=_CACHE)
def opening_walk_action(seat: int, node: str, entrance: str, distance: int) -> Action:
    """DL-OPEN-2/3/5, DL-INT-6: ``walk {node}`` in the opening round, through ``entrance``."""
    return Action(f"walk {node}", f"Enter through {entrance} and walk {_spaces(distance)} to {node}", seat, "walk",
                  (node,), ("DL-OPEN-2", "DL-OPEN-3", "DL-OPEN-5", "DL-INT-6"))


def walk_label(colour: str, node: str, dist: int, entrance: str | None, marches: int, die_steps: int) -> str:
    """``Walk your red adventurer to V04 (4 spaces: die 3 + 1 forced march)``; entering names its entrance."""
    pay = [f"die {die_steps}"] if die_steps else []
    if marches:
        pay.append(f"{marches} forced march{'es' * (marches > 1)}")
    start = f"Enter through {entrance} and walk" if entrance else "Walk"
    return f"{start} your {colour} adventurer to {node} ({_spaces(dist)}: {' + '.join(pay)})"


def walk_rules(volcano: bool, face_down: bool, marches: int, entrance: str | None) -> tuple[str, ...]:
    """The rules of a walk: DL-MOVE-1, entering (DL-MOVE-3, DL-INT-9), marches (DL-MARCH-1, DL-INT-12),
    and its end: a face-down volcano stops it (DL-MOVE-6), a revealed one is a plain stop (DL-MOVE-9)."""
    rules = ["DL-MOVE-1"]
    if entrance:
        rules += ["DL-MOVE-3", "DL-INT-9"]
    if marches:
        rules += ["DL-MARCH-1", "DL-INT-12"]
    if volcano:
        rules.append("DL-MOVE-6" if face_down else "DL-MOVE-9")
    return tuple(rules)


@lru_cache(maxsize=_CACHE)
def walk_action(seat: int, colour: str, node: str, dist: int, entrance: str | None, marches: int, die_steps: int,
                volcano: bool, face_down: bool) -> Action:
    """DL-MOVE-1..9, DL-MARCH-1, DL-INT-9..12: ``walk {node}``, on the die's ``die_steps`` and ``marches``."""
    return Action(f"walk {node}", walk_label(colour, node, dist, entrance, marches, die_steps), seat, "walk", (node,),
                  walk_rules(volcano, face_down, marches, entrance))


@lru_cache(maxsize=_CACHE)
def march_action(seat: int, colour: str, node: str, dist: int, entrance: str | None, marches: int,
                 volcano: bool, face_down: bool) -> Action:
    """DL-MARCH-1, DL-INT-12: ``march {node}``, a walk on forced marches alone, keeping the die 4."""
    return Action(f"march {node}", walk_label(colour, node, dist, entrance, marches, 0) + ", keeping the die 4",
                  seat, "march", (f"token/{seat}/forced_march", node),
                  walk_rules(volcano, face_down, marches, entrance) + ("DL-INT-12",))


def _pay(baby: bool) -> str:
    return "the baby dragon" if baby else f"the die {FLY_VALUE}"


@lru_cache(maxsize=_CACHE)
def fly_action(seat: int, colour: str, here: str, volcano: str, baby: bool) -> Action:
    """DL-DRAGON-4/5, DL-BABY-1, DL-INT-16: ``fly {volcano}`` (``... baby``: paid with a baby dragon)."""
    rules = ("DL-DRAGON-4", "DL-DRAGON-5", "DL-BABY-1") if baby else ("DL-DRAGON-4", "DL-DRAGON-5")
    return Action(f"fly {volcano}{' baby' if baby else ''}",
                  f"Fly your {colour} adventurer with the {colour} royal dragon from {here} to {volcano}, "
                  f"paying with {_pay(baby)}", seat, "fly",
                  ((f"token/{seat}/baby_dragon",) if baby else ()) + (f"dragon/{colour}", volcano),
                  rules + ("DL-INT-16",))


@lru_cache(maxsize=_CACHE)
def call_action(seat: int, colour: str, dragon_at: str, here: str, baby: bool) -> Action:
    """DL-DRAGON-6, DL-BABY-1, DL-INT-17: ``call`` (``call baby``) the royal dragon from ``dragon_at``."""
    return Action(f"call{' baby' if baby else ''}",
                  f"Call the {colour} royal dragon from {dragon_at} to {here}, paying with {_pay(baby)}", seat, "call",
                  ((f"token/{seat}/baby_dragon",) if baby else ()) + (f"dragon/{colour}", here),
                  ("DL-DRAGON-6", "DL-BABY-1", "DL-INT-17") if baby else ("DL-DRAGON-6", "DL-INT-17"))


@lru_cache(maxsize=_CACHE)
def boat_action(seat: int, here: str, volcano: str) -> Action:
    """DL-BOAT-1/2, DL-INT-15: ``boat {volcano}``, one boatman, one river crossing."""
    pair = "-".join(sorted((here, volcano)))
    return Action(f"boat {volcano}", f"Play a boatman: cross the river from {here} to {volcano}", seat, "boat",
                  (f"river/{pair}", volcano), ("DL-BOAT-1", "DL-BOAT-2", "DL-INT-15"))


@lru_cache(maxsize=_CACHE)
def end_movement_action(seat: int, colour: str, stay: bool) -> Action:
    """DL-MOVE-2, DL-INT-11: ``end movement`` (``stay``: nothing was done yet, the adventurer moves 0)."""
    label = (f"Stay where you are: your {colour} adventurer moves 0" if stay
             else f"End the movement of your {colour} adventurer")
    return Action("end movement", label, seat, "end_movement", (), ("DL-MOVE-2", "DL-INT-11"))
