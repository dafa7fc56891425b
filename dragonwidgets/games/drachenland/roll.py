"""Roll and fate: both dice by chance, then the fate token's one reroll a game (DL-TURN-2 (1, 2), DL-FATE-1).

The roll is a chance node (``roll {a} {b}``, each distinct pair of faces with its probability, from
the dice preset of DL-REC-1); a seat still holding its fate token then decides ``keep`` or
``reroll``, and a reroll is the chance node ``roll`` again. The dice then go to :mod:`.turn`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from dragonwidgets.engine import CHANCE, Action, Event

from .state import FATE, REROLL
from .turn import next_choice

if TYPE_CHECKING:
    from .game import DrachenlandGame


def roll_outcomes(faces: tuple[tuple[int, ...], tuple[int, ...]], again: bool) -> list[Action]:
    """DL-TURN-2 (1), DL-FATE-1, DL-REC-1: the chance outcomes of rolling the two dice ``faces``.

    One ``roll {a} {b}`` per distinct pair of values, with its probability (faces may repeat a
    value); ``again``: the reroll after a fate token.
    """
    a, b = faces
    rules = ("DL-TURN-2", "DL-FATE-1") if again else ("DL-TURN-2",)
    return [
        Action(f"roll {x} {y}", f"The dice show {x} and {y}", CHANCE, "roll", ("dice",), rules,
               a.count(x) / len(a) * b.count(y) / len(b))
        for x in sorted(set(a)) for y in sorted(set(b))
    ]


def roll(game: DrachenlandGame, a: int, b: int, ev: list[Event]) -> None:
    """DL-TURN-2 (1, 2), DL-FATE-1: the dice show ``a`` and ``b``; a seat holding its fate token may reroll once."""
    s = game.state
    again = s.phase == REROLL
    s.dice = [a, b]
    s.dice_used = [False, False]
    ev.append(rolled_event(game.player_name(s.active), a, b, again))
    if not again and s.held[s.active]["fate"] > 0:
        s.phase = FATE
    else:
        next_choice(game, ev)


@lru_cache(maxsize=1 << 10)
def rolled_event(name: str, a: int, b: int, again: bool) -> Event:
    """The log of seat ``name``'s roll of ``a`` and ``b`` (``again``: the reroll of DL-FATE-1).

    Cached: a shared event, never mutated (one roll a turn would otherwise keep a new event, its data
    and its list of dice in the history); at most 4 names x 2 x the dice's pairs of faces.
    """
    return Event("dice_rolled", f"{name} {'roll again' if again else 'roll'}: {a} and {b}.",
                 data={"dice": [a, b], "reroll": again})


def fate_actions(game: DrachenlandGame) -> list[Action]:
    """DL-FATE-1, DL-TOKEN-1: right after the roll, keep it or play the fate token to roll again."""
    s = game.state
    return list(fate_choices(s.active, *s.dice))  # type: ignore[misc]


def fate(game: DrachenlandGame, reroll: bool, ev: list[Event]) -> None:
    """DL-FATE-1, DL-TOKEN-4: ``reroll`` plays the fate token (it leaves the game) and the dice roll again."""
    s = game.state
    if reroll:
        s.held[s.active]["fate"] -= 1
        s.rerolled = True
        s.phase = REROLL
        ev.append(Event("token_used", f"{game.player_name(s.active)} play their fate token: the dice are rolled again."))
    else:
        next_choice(game, ev)


@lru_cache(maxsize=1 << 15)
def fate_choices(seat: int, a: int, b: int) -> tuple[Action, Action]:
    """DL-FATE-1, DL-TOKEN-1: ``keep`` the roll ``a``, ``b`` or ``reroll`` with the fate token."""
    return (
        Action("keep", f"Keep the roll {a} and {b}", seat, "fate", (), ("DL-FATE-1",)),
        Action("reroll", "Play the fate token: roll both dice again (the token leaves the game)", seat, "fate",
               (f"token/{seat}/fate", "dice"), ("DL-FATE-1", "DL-TOKEN-1")),
    )
