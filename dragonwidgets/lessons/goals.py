"""The goals a practice chapter may set, each judged by the engine: :data:`GOALS`, by name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..engine.game import Game


@dataclass(frozen=True)
class Goal:
    """A practice goal.

    Attributes:
        name: its name in a lesson (``"win"``).
        text: what the student is told, e.g. ``"Win the game."``.
        games: the games it applies to (``()``: every game).
        reached: ``reached(game, seat)``: whether ``seat`` has reached it in ``game`` now.
    """

    name: str
    text: str
    games: tuple[str, ...]
    reached: Callable[[Game, int], bool]


def _won(game: Game, seat: int) -> bool:
    return seat in game.winners()


def _finished(game: Game, seat: int) -> bool:
    return game.is_over


def _in_the_lair(game: Game, seat: int) -> bool:
    """Emerald: a knight of ``seat``'s colours stands in the dragon's lair, on one of its places (EM-LAIR-3)."""
    table = game.observation(None)
    return any(colour in table["seat_colours"][seat] for colour in table["lair_places"] if colour)


#: goal name -> :class:`Goal`.
GOALS: dict[str, Goal] = {
    "win": Goal("win", "Win the game.", (), _won),
    "finish": Goal("finish", "Play the game to its end.", (), _finished),
    "reach_lair": Goal("reach_lair", "Bring one of your knights into the dragon's lair.", ("emerald",), _in_the_lair),
}


def goal_problem(name: str, game: str) -> str | None:
    """Return why goal ``name`` cannot be set in ``game`` (unknown, or another game's), or ``None``."""
    goal = GOALS.get(name)
    if goal is None:
        return f"unknown goal {name!r}; the goals are: {', '.join(sorted(GOALS))}"
    if goal.games and game not in goal.games:
        return f"goal {name!r} is a goal of {', '.join(goal.games)}, not of {game}"
    return None
