"""A chapter from an annotated game (issue 28 items 1 and 2 together): the game's comments become the steps'
comments, its variations the steps' variations, and the chapter checks and round-trips."""

from __future__ import annotations

import dragonwidgets
from dragonwidgets import Lesson


def _annotated_game(chance: str = "manual"):
    game = dragonwidgets.new_game("emerald", players=3, seed=1, chance=chance, first_player=0)
    for action in ("move T1 black", "move T2 black", "move T1 red", "move T2 red"):
        game.apply(action)
    game.annotate(0, "Black opens.")
    game.annotate(2, "Red answers.")
    game.annotate(4, "Blue to move.")
    game.goto(3)
    game.apply("move KEEP red")  # the old 'move T2 red' line is kept as a variation from step 3
    game.goto(3)
    game.apply("move T2 red")  # back on the main line: 'move KEEP red' is a variation too
    game.annotate(4, "Blue to move.")
    return game


def test_a_chapter_from_an_annotated_game_carries_its_comments_and_variations():
    game = _annotated_game()
    lesson = Lesson("Recorded").add_game(game, "As played", mode="walkthrough", seat=None).check()
    chapter = lesson.chapters[0]
    assert [s.action for s in chapter.steps] == [e.action.id for e in game.history]
    assert [s.comment for s in chapter.steps] == ["Black opens.", None, "Red answers.", None]
    assert chapter.closing == "Blue to move."
    assert [[s.action for s in v.steps] for v in chapter.steps[3].variations] == [["move T2 red"], ["move KEEP red"]]
    assert chapter.steps[3].variations[0].comment == "Blue to move."  # the old line's last comment
    assert chapter.start.seed == 1 and chapter.start.options["first_player"] == 0
    assert Lesson.from_dict(lesson.to_dict()) == lesson


def test_a_chapter_from_a_game_with_drawn_chance_leaves_the_draws_to_the_seed():
    game = dragonwidgets.new_game("emerald", players=3, seed=1, first_player=0)
    while not any(e.auto for e in game.history):  # play until the seed draws a chance outcome
        game.apply(game.legal_actions()[-1])
    chapter = Lesson("Auto").add_game(game, "Seeded dice", seat=None).check().chapters[0]
    assert chapter.start.chance == "auto"
    assert [s.action for s in chapter.steps] == [e.action.id for e in game.history if not e.auto]
    run = Lesson("Auto", chapters=[chapter]).run()
    while not run.done:
        run.answer(run.view()["expected"])
    assert run._game.state_digest() == game.state_digest()
