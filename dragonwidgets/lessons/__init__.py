"""Lessons a student takes alone (issue 28): chapters of walkthroughs, guess-the-move questions and practice.

- :class:`Lesson` (:mod:`.lesson`): the lesson, written in Python with a fluent API or read from its JSON
  file (:meth:`Lesson.load`), checked by replaying it (:mod:`.validate`);
- :mod:`.model`: what it is made of (:class:`Chapter`, :class:`Start`, :class:`Step`, :class:`Question`,
  :class:`Variation`); :mod:`.format`: its JSON format (``format`` ``"dragonwidgets-lesson"``, ``version`` 1);
- :mod:`.board`: the names of the board elements a highlight may name, per game; :mod:`.privacy`: what a
  seat may not be shown; :mod:`.goals`: practice goals; :mod:`.recorded`: a chapter from an annotated game;
- :class:`LessonRun` (:mod:`.run`): the lesson taken by a student, answer by answer;
- :mod:`.widget` (``lesson.widget()``) and :mod:`.page` (``lesson.to_html(path)``): the lesson in a notebook and
  in one offline page, every answer's feedback computed beforehand.
"""

from .errors import LessonError
from .format import FORMAT, VERSION
from .goals import GOALS, Goal
from .lesson import Lesson
from .model import MODES, Chapter, Question, Start, Step, Variation
from .run import Feedback, LessonRun, Played

__all__ = ["FORMAT", "GOALS", "MODES", "VERSION", "Chapter", "Feedback", "Goal", "Lesson", "LessonError", "LessonRun",
           "Played", "Question", "Start", "Step", "Variation"]
