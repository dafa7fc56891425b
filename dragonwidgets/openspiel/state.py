"""A state of an OpenSpiel dragonwidgets game (:class:`DragonwidgetsState`): the deal to make, then the
dragonwidgets game behind it (:class:`_Table`), with the deal and the action ids that made it, so a state
serializes as its replay.
"""

from __future__ import annotations

import json
import random
from typing import TYPE_CHECKING, Any, Callable

import numpy as np
import pyspiel

from ..engine.actions import CHANCE
from ..engine.game import Game as TableGame
from ..engine.registry import new_game
from .specs import DEALS

if TYPE_CHECKING:
    from .game import DragonwidgetsGame

class _Table:
    """The dragonwidgets game behind a state, with the deal and the action ids that made it (its replay).

    A copy (OpenSpiel clones a state by deep-copying its attributes) is the game's cheap search copy;
    pickling gives the replay, so a state serializes by its history. ``views`` keeps what was computed
    from the table as it stands (a seat's tensor, its JSON, the text board), since OpenSpiel's tests ask
    for each several times a step; an action clears it, a copy shares what it holds (never written).
    """

    def __init__(self, game: TableGame, deal: int, moves: list[str], replayable: bool = True,
                 views: dict | None = None):
        self.game, self.deal, self.moves, self.replayable = game, deal, moves, replayable
        self.views: dict[tuple, Any] = {} if views is None else views

    def apply(self, action_id: str) -> None:
        self.game.apply(action_id)
        self.moves.append(action_id)
        self.views = {}

    def view(self, key: tuple, make: Callable[[], Any]) -> Any:
        """Return ``make()`` for the table as it stands, computed once per ``key`` until the next action."""
        if key not in self.views:
            self.views[key] = make()
        return self.views[key]

    def __deepcopy__(self, memo: dict) -> "_Table":
        return _Table(self.game.clone(history=False), self.deal, list(self.moves), self.replayable, dict(self.views))

    def __reduce__(self) -> tuple:
        if not self.replayable:
            raise TypeError("a resampled state (resample_from_infostate) is for search only: it cannot be serialized")
        return _replay, (self.game.name, self.game.players, self.deal, self.moves)


def _replay(game_name: str, players: int, deal: int, moves: list[str]) -> _Table:
    """Return the :class:`_Table` of deal ``deal`` after ``moves`` (what a serialized state holds)."""
    table = _Table(new_game(game_name, players=players, seed=deal, chance="manual"), deal, [])
    for action_id in moves:
        table.apply(action_id)
    return table


class DragonwidgetsState(pyspiel.State):
    """A state of a :class:`DragonwidgetsGame`: the deal to make, or a dragonwidgets game in progress."""

    def __init__(self, game: DragonwidgetsGame):
        super().__init__(game)
        self._game_name, self._players = game.game_name, game.table.players
        self._table: _Table | None = None  # None: before the deal

    @property
    def table(self) -> TableGame | None:
        """The dragonwidgets game (``None`` before the deal). Read it; never change it from outside."""
        return None if self._table is None else self._table.game

    def current_player(self) -> int:
        """Return the seat to decide, ``PlayerId.CHANCE`` (the deal, a die, a card) or ``PlayerId.TERMINAL``."""
        if self._table is None:
            return pyspiel.PlayerId.CHANCE
        seat = self._table.game.current_player
        if seat is None:
            return pyspiel.PlayerId.TERMINAL
        return pyspiel.PlayerId.CHANCE if seat == CHANCE else seat

    def _legal_actions(self, player: int) -> list[int]:
        """Return the indices of ``player``'s legal actions, increasing ([] unless ``player`` decides now)."""
        table = self._table
        if table is None or player != table.game.current_player:
            return []
        return table.game.legal_action_indices()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Return the chance outcomes now as ``(index, probability)``, by increasing index: the deals,
        or the game's outcomes (indices of its ``chance_space``)."""
        if self._table is None:
            return [(k, 1.0 / DEALS) for k in range(DEALS)]
        game = self._table.game
        space = game.chance_space
        return sorted((space.index(a.id), a.prob or 0.0) for a in game.legal_actions())  # (a chance outcome has prob)

    def _apply_action(self, action: int) -> None:
        """Apply a seat's action index, a chance outcome index, or the deal."""
        if self._table is None:
            self._table = _Table(new_game(self._game_name, players=self._players, seed=int(action), chance="manual"),
                                 int(action), [])
            return
        game = self._table.game
        if game.current_player == CHANCE:
            self._table.apply(game.chance_space.id(action))
        else:
            self._table.apply(game.legal_action_id(action))

    def _action_to_string(self, player: int, action: int) -> str:
        """Return the action's id (``"move T1 black"``, ``"roll 2"``) or ``"deal k"``."""
        if player == pyspiel.PlayerId.CHANCE:
            if self._table is None:
                return f"deal {action}"
            return self._table.game.chance_space.id(action)
        return (self._table.game if self._table else self.get_game().table).action_id(action)

    def is_terminal(self) -> bool:
        return self._table is not None and self._table.game.is_over

    def returns(self) -> list[float]:
        """Return each seat's return: the game's ``returns()`` at the end, 0 before."""
        return [0.0] * self._players if self._table is None else self._table.game.returns()

    def rewards(self) -> list[float]:
        """Return each seat's reward for the last action: the returns at the end, 0 before (TERMINAL model)."""
        return self.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "DragonwidgetsState":
        """Return a copy in which everything ``player_id`` cannot see is redealt (the game's ``determinize``),
        drawn from ``probability_sampler()`` (a float in [0, 1)). For search only: it cannot be serialized.
        The copy keeps neither the true deal nor the true moves (whose chance outcomes show hidden cards):
        its deal is the redealt table's fresh seed, its moves start empty (issue 27, item 3)."""
        state = self.clone()
        if state._table is not None:
            rng = random.Random(int(probability_sampler() * 2**32))
            determinized = state._table.game.determinize(player_id, rng)
            state._table = _Table(determinized, determinized.seed, [], replayable=False)
        return state

    def seat_observation(self, seat: int) -> dict[str, Any]:
        """Return ``observation(seat)`` of the game (``{}`` before the deal)."""
        return {} if self._table is None else self._table.game.observation(seat)

    def seat_string(self, seat: int) -> str:
        """Return ``observation(seat)`` as compact JSON, keys sorted (``"{}"`` before the deal)."""
        make = lambda: json.dumps(self.seat_observation(seat), sort_keys=True, separators=(",", ":"))  # noqa: E731
        return make() if self._table is None else self._table.view(("string", seat), make)

    def seat_tensor(self, seat: int) -> np.ndarray:
        """Return ``observation_tensor(seat)`` of the game (zeros before the deal), read-only."""
        table = self._table
        if table is None:
            return np.zeros(self.get_game().table.observation_tensor_shape, dtype=np.float32)
        return table.view(("tensor", seat), lambda: _read_only(table.game.observation_tensor(seat)))

    def __str__(self) -> str:
        """Return the text board (the public table), or ``"before the deal"``."""
        table = self._table
        return "before the deal" if table is None else table.view(("text",), lambda: repr(table.game))


def _read_only(array: np.ndarray) -> np.ndarray:
    """Return ``array``, marked read-only (a view kept for the table as it stands)."""
    array.flags.writeable = False
    return array
