"""La Chasse au Dragon's faster twin of the ``"greedy"`` bot (:mod:`dragonwidgets.analysis.twins`)."""

from __future__ import annotations

from typing import Any

from ...engine.actions import Action
from ...games.chasse_au_dragon.bots import GreedyBot as ChasseGreedyBot

__all__ = ["ChasseGreedyPolicy"]


class ChasseGreedyPolicy(ChasseGreedyBot):
    """La Chasse au Dragon's ``"greedy"`` bot, its target pile (``_target``) worked out once per decision.

    The bot values each legal move by how much closer it comes to its target, and worked the target out again
    for every move; the target depends on the view only, so this twin keeps it for the view it was worked
    out for. Same view, same legal actions and same rng: the same choice (CD-MOVE-1, CD-CAMP as the bot).
    """

    def __init__(self) -> None:
        self._view: dict[str, Any] | None = None
        self._target_of_view: tuple[int, int] = (0, 0)

    def choose(self, view: dict[str, Any], legal_actions: list[Action], rng: Any) -> Action:
        """Return the greedy bot's choice among ``legal_actions`` for ``view`` (ties broken by ``rng``)."""
        try:
            return super().choose(view, legal_actions, rng)
        finally:
            self._view = None  # the next decision's view is another dict, even if built at the same address

    def _target(self, view: dict[str, Any]) -> tuple[int, int]:
        if self._view is not view:
            self._view, self._target_of_view = view, super()._target(view)
        return self._target_of_view
