"""Which action is better, and by how much (issue 29): the value of every legal action, and a game's review.

- :func:`analyse` (:mod:`.analyse`): every legal action's chance of winning for the seat to decide, from
  what that seat may know, with a 95 % interval, by rollouts of a named policy (:mod:`.policies`) over
  redeals of the hidden parts (:mod:`.rollouts`), shared among the actions by racing (:mod:`.allocation`),
  exact where the package can prove the value (:mod:`.exact`); :func:`analyse_steps` yields it refined
  batch by batch, for a live view.
- :func:`review` (:mod:`.review`, also ``game.review()``): every decision of a played game against the best
  action, with the loss in win chance and a mark.

One module per job: :mod:`.stats` (the interval), :mod:`.result` (what an analysis gives).
"""

from .analyse import DEFAULT_ROLLOUTS, analyse, analyse_steps
from .policies import DEFAULT_POLICIES
from .quote import chance_words, quote, value_text
from .result import ActionValue, Analysis
from .review import MARKS, Review, ReviewStep, review

__all__ = ["DEFAULT_POLICIES", "DEFAULT_ROLLOUTS", "MARKS", "ActionValue", "Analysis", "Review", "ReviewStep", "analyse",
           "analyse_steps", "chance_words", "quote", "review", "value_text"]
