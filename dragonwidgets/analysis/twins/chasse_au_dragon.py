"""La Chasse au Dragon's faster twin of the ``"greedy"`` bot (:mod:`dragonwidgets.analysis.twins`).

:func:`cheap_view` is the seat's observation built field by field as the bot reads it: the bot never reads
``reach``, ``last_rolls``, ``scores``..., so a rollout no longer builds them at every decision.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from ...engine.actions import Action
from ...games.chasse_au_dragon.bots import FUEL_RESERVE
from ...games.chasse_au_dragon.bots import GreedyBot as ChasseGreedyBot
from ...games.chasse_au_dragon.observation import observation_fields
from ...games.chasse_au_dragon.state import parse_square
from . import LazyView

if TYPE_CHECKING:
    import random

    from ...games.chasse_au_dragon.game import ChasseGame

__all__ = ["ChasseGreedyPolicy", "cheap_view"]


def cheap_view(game: "ChasseGame", seat: int) -> LazyView:
    """Return ``game.observation(seat)`` as a :class:`~dragonwidgets.analysis.twins.LazyView`: each field
    built when first read, by the observation's own code (:func:`.observation.observation_fields`), so it
    shows ``seat`` nothing the observation does not. ``dict(cheap_view(game, seat)) == game.observation(seat)``.

    The engine's keys (``game``, ``step``, ``players``, ``current_player``, ``is_over``, ``outcome``) come
    first, as :meth:`dragonwidgets.engine.game.Game.observation` writes them (``Game._observation_head``).
    Read it before the game changes.
    """

    name, step, players = game.name, game.step, game.players
    return LazyView({
        "game": lambda: name,
        "step": lambda: step,
        "players": lambda: players,
        "current_player": lambda: game.current_player,
        "is_over": lambda: game.is_over,
        "outcome": game._outcome_view,
        **observation_fields(game, seat),
    })


@lru_cache(maxsize=None)
def _square(square_id: str) -> tuple[int, int]:
    """``parse_square``, kept per id (64 squares)."""
    return parse_square(square_id)


@lru_cache(maxsize=None)
def _step_square(action_id: str) -> tuple[int, int]:
    """The square a ``"step x,y"`` action goes to."""
    return parse_square(action_id.split()[1])


class _Move(NamedTuple):
    """What the greedy bot values every move of one decision against."""

    here: tuple[int, int]  # where the adventurer stands
    target: tuple[int, int]  # the pile it heads for, or its camp (the bot's _target)
    far: int  # king moves from here to the target
    paid: bool  # a step now costs a quarter
    starved: bool  # paid, not heading home, and no more than FUEL_RESERVE quarters left


class ChasseGreedyPolicy(ChasseGreedyBot):
    """La Chasse au Dragon's ``"greedy"`` bot, deciding from a cheap view (:meth:`choose_in`), what its moves
    are valued against worked out once per decision, square ids parsed once per process.

    The bot values each legal move by how much closer it comes to its target pile, and worked the target out
    again for every move; the target, where the adventurer stands and whether a step is paid depend on the
    view only, so this twin keeps them for the view they were worked out for. Same view, same legal actions
    and same rng: the same choice, with the same draws (CD-MOVE-1, CD-CAMP as the bot).
    """

    def __init__(self) -> None:
        self._view: Any = None
        self._move: _Move = _Move((0, 0), (0, 0), 0, False, False)

    def choose_in(self, game: "ChasseGame", seat: int, legal_actions: list[Action], rng: "random.Random") -> Action:
        """Return the greedy bot's choice among ``legal_actions`` for ``game.observation(seat)``, reading a
        :func:`cheap_view` of it instead (ties broken by ``rng``, drawn as the bot draws)."""
        return self.choose(cheap_view(game, seat), legal_actions, rng)  # type: ignore[arg-type]  # a Mapping

    def choose(self, view: dict[str, Any], legal_actions: list[Action], rng: Any) -> Action:
        """Return the greedy bot's choice among ``legal_actions`` for ``view`` (ties broken by ``rng``)."""
        try:
            return super().choose(view, legal_actions, rng)
        finally:
            self._view = None  # the next decision's view is another object, even if built at the same address

    def _value(self, view: dict[str, Any], action: Action) -> float:
        if action.kind in ("step", "stop"):  # what the bot's _value returns for them, without its other reads
            return self._move_value(view, action)
        return super()._value(view, action)

    def _move_value(self, view: dict[str, Any], action: Action) -> float:
        """The bot's ``_move_value``: the same arithmetic, on what :meth:`_move_of` kept for this view."""
        if self._view is not view:
            self._view, self._move = view, self._move_of(view)
        here, target, far, paid, starved = self._move
        if action.kind == "stop":
            return 0.0 if here != target else 1.0
        to = _step_square(action.id)
        closer = far - max(abs(to[0] - target[0]), abs(to[1] - target[1]))  # king moves (CD-MOVE-1)
        if paid:
            return -1.0 if starved else closer - 0.6
        return closer + 0.1

    def _target(self, view: dict[str, Any]) -> tuple[int, int]:
        if self._view is not view:
            self._view, self._move = view, self._move_of(view)
        return self._move.target

    def _move_of(self, view: dict[str, Any]) -> _Move:
        """What every move of this view is valued against (the reads of the bot's ``_move_value``)."""
        me = view["viewer"]
        here = _square(view["positions"][me])
        target = ChasseGreedyBot._target(self, view)  # the bot's own, once per view
        far = max(abs(here[0] - target[0]), abs(here[1] - target[1]))  # _dist(here, target)
        paid = view["steps"] > 0  # a step beyond the first costs a quarter (CD-MOVE-3)
        heading_home = paid and target == _square(view["camps"][me])
        starved = paid and not heading_home and view["boards"][me]["quarters"] <= FUEL_RESERVE
        return _Move(here, target, far, paid, starved)
