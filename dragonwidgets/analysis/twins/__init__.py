"""Faster twins of game bots: classes that make exactly the same choices as a bot, at less cost.

:data:`~dragonwidgets.analysis.policies.FASTER_TWINS` names them (one module per game here), and rollouts
play them under the bot's name. A twin is the bot's own class with one or both of:

- a cheaper ``choose(view, legal_actions, rng)``: the same choice for the same view, legal actions and rng,
  worked out with less repeated work;
- ``choose_in(game, seat, legal_actions, rng)``: the choice the bot makes for ``game.observation(seat)``,
  without building it: Emerald's, La Chasse au Dragon's and Drachenland's twins value the frequent decisions
  from the table itself, reading only what that observation shows (never a face-down card, another seat's
  hidden hoard or gold), with the bot's arithmetic in the bot's order (the same floats, so the same ties);
  a rare decision is the bot's own choice from the observation or a *cheap view*: a mapping with the observation's keys and
  values that builds each field only when the bot reads it, with the observation's own code.
  :func:`~dragonwidgets.analysis.rollouts.play_to_end` calls it when the twin has it.

``tests/analysis/test_twins_*.py`` check, per game, that a cheap view read whole equals the observation, that
the twin values and chooses as the bot at every decision of whole games, and that a redeal of what the seat
cannot see changes neither.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

__all__ = ["LazyView"]


class LazyView(Mapping[str, Any]):
    """A read-only mapping whose values are built on first read, each by its own function, then kept.

    Args:
        fields: key -> a function of no argument returning that key's value (called at most once).

    ``dict(view)`` builds every field: the test of a cheap view compares it with the observation.
    """

    __slots__ = ("_fields", "_built")

    def __init__(self, fields: Mapping[str, Callable[[], Any]]) -> None:
        self._fields = fields
        self._built: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        try:
            return self._built[key]
        except KeyError:
            value = self._built[key] = self._fields[key]()  # KeyError for a key the view has not
            return value

    def __iter__(self) -> Iterator[str]:
        return iter(self._fields)

    def __len__(self) -> int:
        return len(self._fields)
