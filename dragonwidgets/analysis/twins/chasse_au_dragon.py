"""La Chasse au Dragon's faster twin of the ``"greedy"`` bot (:mod:`dragonwidgets.analysis.twins`).

:func:`cheap_view` is the seat's observation built field by field as the bot reads it: the bot never reads
``reach``, ``last_rolls``, ``scores``..., so a rollout no longer builds them at every decision; of ``boards``
it builds only the boards the bot reads (its own, a duel opponent's).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple, overload

from ...engine.actions import Action
from ...games.chasse_au_dragon.bots import BANK_AT, FUEL_RESERVE, wanted_depth
from ...games.chasse_au_dragon.bots import GreedyBot as ChasseGreedyBot
from ...games.chasse_au_dragon.observation import observation_fields, seen_board
from ...games.chasse_au_dragon.setup import BOARD_SIZE, depth
from ...games.chasse_au_dragon.state import parse_square, square_id
from . import LazyView

if TYPE_CHECKING:
    import random

    from ...games.chasse_au_dragon.game import ChasseGame

__all__ = ["ChasseGreedyPolicy", "LazyBoards", "cheap_view"]


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
        "boards": lambda: LazyBoards(game, seat),
    })


class LazyBoards(Sequence[dict[str, Any]]):
    """The observation's ``boards`` as a sequence that builds board ``i`` when it is first read, by the
    observation's own code (:func:`~dragonwidgets.games.chasse_au_dragon.observation.seen_board`); equal to
    the observation's list of boards. Read it before the game changes."""

    __slots__ = ("_game", "_viewer", "_built")

    def __init__(self, game: "ChasseGame", viewer: int | None) -> None:
        self._game, self._viewer = game, viewer
        self._built: list[Any] = [None] * len(game.state.boards)

    def __len__(self) -> int:
        return len(self._built)

    @overload
    def __getitem__(self, i: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, i: slice) -> list[dict[str, Any]]: ...

    def __getitem__(self, i: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(i, slice):
            return [self[j] for j in range(len(self._built))[i]]
        board = self._built[i]  # IndexError past the last seat
        if board is None:
            board = self._built[i] = seen_board(self._game, self._viewer, i % len(self._built))
        return board

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, LazyBoards)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # (mutable on read, as a list)


@lru_cache(maxsize=None)
def _square(square_id: str) -> tuple[int, int]:
    """``parse_square``, kept per id (64 squares)."""
    return parse_square(square_id)


@lru_cache(maxsize=None)
def _step_square(action_id: str) -> tuple[int, int]:
    """The square a ``"step x,y"`` action goes to."""
    return parse_square(action_id.split()[1])


@lru_cache(maxsize=None)
def _ranked_squares(here: tuple[int, int], want: int) -> tuple[tuple[float, tuple[int, int], str, int], ...]:
    """Every square as the bot's ``_target`` scores a pile on it, less the pile-size term: ``(score, square, id,
    depth)``, best first, equal scores in the order of the observation's ``piles`` (by square). Kept per
    (where the adventurer stands, the depth it wants): 64 x 3 lists of 64."""
    out = []
    for x in range(BOARD_SIZE):
        for y in range(BOARD_SIZE):
            d = depth(x, y)
            score = -max(abs(here[0] - x), abs(here[1] - y)) - 2.5 * abs(d - want) - (1.5 if (x, y) == here else 0.0)
            out.append((score, (x, y), square_id((x, y)), d))
    out.sort(key=lambda row: (-row[0], row[1]))
    return tuple(out)


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
        target = self._target_of(view, here)
        far = max(abs(here[0] - target[0]), abs(here[1] - target[1]))  # _dist(here, target)
        paid = view["steps"] > 0  # a step beyond the first costs a quarter (CD-MOVE-3)
        heading_home = paid and target == _square(view["camps"][me])
        starved = paid and not heading_home and view["boards"][me]["quarters"] <= FUEL_RESERVE
        return _Move(here, target, far, paid, starved)

    @staticmethod
    def _target_of(view: dict[str, Any], here: tuple[int, int]) -> tuple[int, int]:
        """The bot's ``_target`` (home to bank, else the best-scored pile, the first by square among equals),
        walking the squares best first (:func:`_ranked_squares`) and stopping once no pile further down can
        reach the best score even at the largest pile's size term, instead of scoring every pile."""
        me = view["viewer"]
        board = view["boards"][me]
        camp = _square(view["camps"][me])
        if board["wealth"]["backpack"] >= BANK_AT:
            return camp
        want = wanted_depth(board["power"], view["round"])
        piles = view["piles"]
        if not piles:
            return camp
        reach = 0.1 * max(piles.values()) + 1e-9  # the most the size term adds (and float noise)
        hx, hy = here
        best, best_score = camp, float("-inf")
        for base, sq, sid, d in _ranked_squares(here, want):
            if base + reach < best_score:
                break
            size = piles.get(sid, 0)
            if size == 0:
                continue
            # the bot's own expression, term for term, so that equal scores are equal floats
            s = -max(abs(hx - sq[0]), abs(hy - sq[1])) - 2.5 * abs(d - want) + 0.1 * size - (1.5 if sq == here else 0.0)
            if s > best_score or (s == best_score and sq < best):
                best, best_score = sq, s
        return best
