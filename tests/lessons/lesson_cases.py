"""Lessons and game states the lesson tests share (found by seeded play, so they stay the same)."""

from __future__ import annotations

import random
from typing import Any, Callable

import dragonwidgets
from dragonwidgets import Lesson
from dragonwidgets.engine.game import Game

#: Emerald with three seats, seat 0 (black) moving first: the start most tests use.
EMERALD: dict[str, Any] = {"game": "emerald", "players": 3, "seed": 1, "options": {"first_player": 0}}


def three_chapters() -> Lesson:
    """The three-chapter lesson of issue 28's goal (a walkthrough, a guess-the-move, a practice), in at most
    30 lines of Python (tests/lessons/test_lesson.py counts them)."""
    return (
        Lesson("Emerald: the race to the lair", **EMERALD)
        .walkthrough("The first turn", seat=0, comment="You play black. Your knights wait in the castle.")
        .step("move T1 black", "A knight moves forward as many squares as knights stand with it.",
              highlight=["T1", "T1/black"])
        .step("move T2 black", "A second knight may move in the same turn.", highlight=["T2/black"])
        .steps("move T1 red", "move T2 red", "move T1 blue", "move T2 blue")
        .guess("Find the move", seat=0, comment="Black to move again.")
        .steps("move T1 black", "end turn", "move T1 red", "end turn", "move T1 blue", "end turn")
        .step("move P3 black", accept=["move T2 black"],
              feedback={"move KEEP black": "The keep's knights are slow: look at the towers."},
              default="Legal, but a tower knight goes further.", hints=["Count the knights on P3.", "P3 is yours."])
        .variation("move T2 black", "end turn", comment="Bringing the second tower knight along is as good.")
        .practice("Race the bots", seat=0, bots="random", goal="reach_lair")
    )


def played(name: str, players: int, seed: int, until: Callable[[Game], bool], chance: str = "manual",
           **options: Any) -> Game:
    """Return a game of ``name`` played at random (``random.Random(seed)``) until ``until(game)``."""
    game = dragonwidgets.new_game(name, players=players, seed=seed, chance=chance, **options)
    rng = random.Random(seed)
    for _ in range(2000):
        if until(game):
            return game
        game.apply(rng.choice(game.legal_actions()))
    raise AssertionError(f"{name}: the state looked for did not come in 2000 steps")


def emerald_other_hand() -> Game:
    """Emerald, seat 0 to move while seat 1 holds gold cards seat 0 may not see (``hand/1/gold/<value>``)."""
    return played("emerald", 3, 2, lambda g: g.current_player == 0 and bool(g.observation(None)["hands"][1]["gold"]),
                  first_player=0)


def chasse_hidden_draw() -> Game:
    """La Chasse au Dragon at a chance node whose outcomes no seat may see (a face-down pile's top card)."""
    return played("chasse_au_dragon", 3, 1, lambda g: g.is_chance_node and g.chance_outcomes_hidden)


def chapter_from(game: Game, mode: str = "walkthrough", seat: int | None = 0) -> Lesson:
    """A lesson whose one chapter starts from ``game``'s record (at its step), with no steps yet."""
    lesson = Lesson("From a record")
    chapter = getattr(lesson, mode)
    return chapter("From here", seat=seat, record=game.to_record())
