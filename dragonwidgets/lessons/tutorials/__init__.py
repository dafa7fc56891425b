"""The built-in tutorials, one per game: :func:`tutorial` returns a game's :class:`~dragonwidgets.Lesson`.

Each tutorial is a Python module of this package (``emerald.py``, ``drachenland.py``,
``chasse_au_dragon.py``, ``draghan.py``) whose ``build()`` writes the lesson with the fluent API a teacher
uses in a notebook cell (:class:`~dragonwidgets.Lesson`), so a teacher edits a tutorial the way they write
their own lessons: each step's action, its comment, its highlights and its question stand together on a
few lines, and a start record can be played from a line of actions instead of being pasted as data. The
Python module is the tutorial's only source; ``lesson.save(path)`` writes its JSON when a file is wanted.

:func:`estimated_minutes` is the honest reckoning of how long a tutorial takes (each should take 10 to 20
minutes): reading its texts at :data:`READING_WORDS_PER_MINUTE`, :data:`SECONDS_PER_QUESTION` for each
question and :data:`SECONDS_PER_MOVE` for each other move the student makes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import import_module

from ..coverage import lesson_texts
from ..format import Where
from ..lesson import Lesson
from ..validate import start_game

#: The games with a built-in tutorial, in the order the package lists them.
TUTORIALS = ("emerald", "drachenland", "chasse_au_dragon", "draghan")
#: The reading speed assumed for a newcomer reading rules (slower than the 200-250 of plain prose).
READING_WORDS_PER_MINUTE = 180
#: The time a newcomer takes over a question: read the board, think, answer, read the feedback.
SECONDS_PER_QUESTION = 45
#: The time a scripted move takes (find the piece the text names and click it).
SECONDS_PER_MOVE = 10


def tutorial(game_name: str) -> Lesson:
    """Return the built-in tutorial of ``game_name``: a :class:`~dragonwidgets.Lesson` that teaches the game in
    10 to 20 minutes (theme, goal, overview, the turn, then the specifics), each step's comment citing its
    rules by ID, with at least eight questions. Take it with ``lesson.widget()`` or ``lesson.run()``.

    >>> import dragonwidgets
    >>> lesson = dragonwidgets.tutorial("emerald")
    >>> lesson.chapters[0].start.game, lesson.chapters[0].mode
    ('emerald', 'walkthrough')

    Args:
        game_name: one of :data:`TUTORIALS` (``"emerald"``, ``"drachenland"``, ``"chasse_au_dragon"``,
            ``"draghan"``).

    Returns:
        The lesson, checked by replaying it (:meth:`~dragonwidgets.Lesson.check`).

    Raises:
        ValueError: ``game_name`` is not a game with a tutorial (the message lists them).
        TypeError: ``game_name`` is not a str.
    """
    if not isinstance(game_name, str):
        raise TypeError(f"game_name must be a str (one of {', '.join(TUTORIALS)}), got {type(game_name).__name__}")
    if game_name not in TUTORIALS:
        raise ValueError(f"no tutorial for {game_name!r:.40}; the tutorials are: {', '.join(TUTORIALS)}")
    module = import_module(f"{__name__}.{game_name}")
    lesson: Lesson = module.build()
    return lesson.check()


@dataclass(frozen=True)
class StudentMoves:
    """What a student does in a lesson: ``questions`` (scored steps) and ``moves`` (other scripted moves)."""

    questions: int
    moves: int


def student_moves(lesson: Lesson) -> StudentMoves:
    """Return how many of a lesson's steps the student answers: questions (a step with a question, or any of
    the student's steps in a guess chapter) and other moves (a walkthrough's scripted moves). Practice
    chapters' free play is not counted."""
    questions = moves = 0
    for index, chapter in enumerate(lesson.chapters):
        game = start_game(chapter.start, Where(index, chapter.title))
        for step in chapter.steps:
            player = game.current_player
            if chapter.student_decides(player):
                if chapter.asks(step, player or 0):
                    questions += 1
                else:
                    moves += 1
            game.apply(step.action)
    return StudentMoves(questions, moves)


def word_count(lesson: Lesson) -> int:
    """Return the number of words a lesson's texts hold (:func:`~dragonwidgets.lessons.coverage.lesson_texts`);
    a rule ID counts as one word (its text shows only on hover)."""
    return sum(len(re.findall(r"\S+", text)) for text in lesson_texts(lesson))


def estimated_minutes(lesson: Lesson) -> float:
    """Return the minutes a newcomer takes over ``lesson``: its words at :data:`READING_WORDS_PER_MINUTE`,
    plus :data:`SECONDS_PER_QUESTION` per question and :data:`SECONDS_PER_MOVE` per other move
    (:func:`student_moves`). Hovering over rule IDs to read their texts is extra."""
    counted = student_moves(lesson)
    seconds = counted.questions * SECONDS_PER_QUESTION + counted.moves * SECONDS_PER_MOVE
    return word_count(lesson) / READING_WORDS_PER_MINUTE + seconds / 60


__all__ = ["READING_WORDS_PER_MINUTE", "SECONDS_PER_MOVE", "SECONDS_PER_QUESTION", "TUTORIALS", "StudentMoves",
           "estimated_minutes", "student_moves", "tutorial", "word_count"]
