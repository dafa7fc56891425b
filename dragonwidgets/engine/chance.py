"""Chance: drawing the outcomes of dice and draws from the seeded generator, or leaving them to a teacher.

Chance is drawn per history step from a generator seeded with ``(seed, step)``, so the state is a
pure function of the seed and the actions: rewinding and replaying gives the same dice again, and a
branch taken at step k draws the same outcome at step k + 1 as the original line would have.
:class:`ChanceDraws` is the part of :class:`~.game.Game` that draws them.
"""

from __future__ import annotations

from _random import Random as _MersenneTwister  # the C generator under random.Random
from typing import Any

from .actions import CHANCE, Action, Event
from .errors import IllegalActionError
from .protocol import TO_MOVE_UNKNOWN

#: ``"auto"``: chance outcomes are drawn as soon as they are due; ``"manual"``: the game stops at each one.
CHANCE_MODES = ("auto", "manual")


def chance_number(seed: int) -> float:
    """Return ``random.Random(seed).random()``: a chance node's only number.

    Built on the C generator that ``random.Random`` extends (``_random.Random``): seeded with an int it
    is the same Mersenne Twister in the same state, without ``random.Random``'s Python-level ``seed``
    wrapper; a new generator per call also needs no lock between threads.
    """
    return _MersenneTwister(seed).random()


class ChanceDraws:
    """Chance nodes of :class:`~.game.Game`: asking about them, drawing them, drawing those due."""

    seed: int
    chance_mode: str
    _chance_offset: int
    _step: int
    _legal: list[Action] | None
    _to_move: Any

    @property
    def chance_outcomes_hidden(self) -> bool:
        """Whether the chance outcomes due now would show a seat what it may not see (at a chance node only):
        a card turned up from a face-down pile whose make-up nobody at the table knows. A seat's view then
        lists no outcome (the teacher picks, or chance draws one). Games say so in
        :meth:`_chance_outcomes_hidden`; dice and draws from a stock whose make-up everybody can count are not."""
        return self.current_player == CHANCE and self._chance_outcomes_hidden()

    @property
    def is_chance_node(self) -> bool:
        """Whether chance (a die, a draw) must pick the next outcome."""
        return self.current_player == CHANCE

    def resolve_chance(self) -> list[Event]:
        """Draw the pending chance outcome from the seeded generator, apply it, return its events.

        Raises:
            IllegalActionError: the game is not at a chance node.
        """
        if not self.is_chance_node:
            raise IllegalActionError("<chance>", "the game is not at a chance node", self.legal_action_ids())
        return self._draw_due_chance(self._commit(self._draw(), auto=True))

    def _draw(self) -> Action:
        outcomes = self._legal
        if outcomes is None:
            outcomes = self._compute_legal()
        # the same number as self._rng(offset + step + 1)
        x = chance_number((self.seed << 32) + self._chance_offset + self._step + 1)
        acc = 0.0
        for a in outcomes:
            acc += a.prob or 0.0
            if x < acc:
                return a
        return outcomes[-1]

    def _draw_due_chance(self, events: list[Event] | None = None) -> list[Event]:
        """In ``"auto"`` chance mode, draw and apply the chance outcomes due now; return ``events``
        (a new list if ``None``) with their events appended."""
        if events is None:
            events = []
        if self.chance_mode == "auto":
            while True:
                to_move = self._to_move  # unknown: the state has just changed
                if to_move is TO_MOVE_UNKNOWN:
                    to_move = self._to_move = self._player_to_move()
                if to_move != CHANCE:
                    break
                events += self._commit(self._draw(), auto=True)
        return events
