"""What a game implements: the ``_``-prefixed hooks of :class:`~.game.Game`, with their contracts and defaults.

:class:`GameHooks` is the base :class:`~.game.Game` draws on; a game overrides the hooks that raise
``NotImplementedError`` here (the rules) and may override the others (picture, text board, naming, faster
copies, hidden-information search). :class:`Outcome` is what ``_outcome`` returns.
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Sequence

from .actions import Action, Event

if TYPE_CHECKING:  # what the other parts of Game supply, for mypy (see _parts.py)
    from ._parts import GameParts
else:
    GameParts = object

#: ``Game._to_move`` before it is computed for the current state (a singleton that copy and pickle keep).
TO_MOVE_UNKNOWN = Ellipsis


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: final ``scores`` by seat, the ``winners`` and a readable ``reason``."""

    scores: dict[int, int]
    winners: list[int]
    reason: str


class GameHooks(GameParts):
    """The hooks a game implements (the ``_``-prefixed ones: the engine's :class:`~.game.Game` calls them,
    never a user), and the public defaults a game may override (``picture``, ``player_name``, ``measures``)."""

    name: ClassVar[str]
    _step: int
    state: Any

    def _setup(self, rng: random.Random) -> Any:
        """Return the initial state, shuffling with ``rng`` only."""
        raise NotImplementedError

    def _player_to_move(self) -> int | None:
        """Return the seat to decide, :data:`CHANCE`, or ``None`` when the game is over."""
        raise NotImplementedError

    def _legal_actions(self) -> Sequence[Action]:
        """Return the legal actions of the player to move (only called at a decision node).

        The engine never mutates the sequence (``legal_actions()`` hands out copies as lists), so a game may
        return a memoized list or tuple shared between calls; the same holds for :meth:`_chance_outcomes`.
        """
        raise NotImplementedError

    def _chance_outcomes(self) -> Sequence[Action]:
        """Return the chance outcomes, each with ``prob`` set (only called at a chance node)."""
        raise NotImplementedError

    def _apply(self, action: Action) -> list[Event]:
        """Apply ``action``, known to be legal, to ``self.state``; return the events it caused."""
        raise NotImplementedError

    def _outcome(self) -> Outcome:
        """Return the final scores, winners and reason (only called when the game is over)."""
        raise NotImplementedError

    def _scores(self) -> dict[int, int]:
        """Return each seat's score now (final once the game is over)."""
        raise NotImplementedError

    def _observation(self, player: int | None) -> dict[str, Any]:
        """Return what ``player`` may know (``None``: the full table), JSON-ready."""
        raise NotImplementedError

    def _position(self) -> dict[str, Any]:
        """Return the whole table as a JSON-ready dict in the game's own terms (hidden parts included),
        with whose turn it is and at which decision; :meth:`position` adds the engine's keys."""
        raise NotImplementedError(f"{self.name} does not implement positions")

    def _from_position(self, state: Any, position: dict[str, Any]) -> Any:
        """Return the state ``position`` describes, built from ``state`` (the seeded set-up, not to be
        changed in place) for whatever the position leaves out.

        Raises:
            PositionError: the position breaks a count or a rule (naming the field).
        """
        raise NotImplementedError(f"{self.name} does not implement positions")

    def picture(self, player: int | None = None) -> str | None:
        """Return an SVG picture (a ``str``) of the board as ``player`` sees it (``None``: the full table), for
        places where no front end runs (a notebook shown statically, ``nbconvert --to html``); ``None`` when
        the game draws none. It is drawn from ``observation(player)`` only, so it shows nothing the player
        may not see.

        Raises:
            ValueError: ``player`` is not ``None`` nor a seat.
        """
        return self._picture(self.observation(player))

    def _picture(self, observation: dict[str, Any]) -> str | None:
        """Return the SVG picture of ``observation`` (a seat's or the full table's); the default draws none."""
        return None

    def _text_board(self) -> str:
        """Return a small deterministic text picture of the state."""
        return f"<{self.name} step {self._step}>"

    def _why_illegal(self, action_id: str) -> str:
        """Return why ``action_id`` is not legal now; games override it to name the rule."""
        return "it is not among the legal actions of this state"

    def player_name(self, player: int) -> str:
        """Return a display name for ``player`` (games name seats after their colours)."""
        return f"Player {player + 1}"

    def _copy_state(self) -> Any:
        """Return a full, independent copy of ``self.state`` (for :meth:`clone` and search).

        The default is ``copy.deepcopy(self.state)``; a game may override it with something
        faster, as long as nothing of the copy is shared with the original.
        """
        return copy.deepcopy(self.state)

    def _state_replaced(self) -> None:
        """Forget whatever the game remembers about the table: ``state`` was just replaced whole (by
        :meth:`goto` or :meth:`undo`, from a checkpoint). The engine default does nothing; a game that
        memoizes answers about the current table outside ``state`` drops them here."""

    def _history_cut(self, step: int) -> None:
        """Forget whatever the game remembers about the history entries from ``step`` on: applying an action
        at step ``step`` of a game with more entries starts a branch, which drops them. The engine default
        does nothing; called only then (never on a search copy, which keeps no history)."""

    def _resample_hidden(self, seat: int, rng: random.Random) -> None:
        """Replace, in place, everything ``seat`` cannot see by a uniformly resampled arrangement.

        Called on a search copy (see :meth:`determinize`). The new arrangement is consistent with
        ``self.observation(seat)`` (which stays unchanged) and uses only ``rng`` and what ``seat``
        sees: hidden items are put in a canonical order before they are shuffled, so two states that
        differ only in what ``seat`` cannot see give the same result for the same ``rng`` state.
        A game in which a seat sees everything implements it as a no-op.

        Raises:
            NotImplementedError: the game does not implement it (the engine default).
        """
        raise NotImplementedError(f"{self.name} does not implement _resample_hidden (hidden-information search)")

    def measures(self) -> dict[str, float | list[float]]:
        """Return game-specific measures of a finished game, for :func:`dragonwidgets.simulate`.

        Each value is a number for the game or a list with one number per seat; every finished
        game of a class gives the same keys. The engine default is ``{}`` (no measures).
        """
        return {}

    def _chance_outcomes_hidden(self) -> bool:
        """Whether the chance node now draws from stock whose make-up the seats cannot know (default no)."""
        return False
