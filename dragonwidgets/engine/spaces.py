"""Games as numbers, for learning agents: a fixed integer action space, an observation tensor of fixed
shape, and each seat's return (what PettingZoo and OpenSpiel speak).

:class:`Interop` is a base of :class:`~dragonwidgets.engine.Game`; a game implements its hooks:

- ``_action_space()``: the ordered ids of every action a *seat* can ever be offered in a game of these
  options and player count. Index ``i`` of that list is action ``i``; the order is part of the game's
  contract (documented by each game, kept across versions: a change bumps the game's record version).
- ``_chance_space()``: the same for chance outcomes (dice faces, cards turned up), kept apart from the
  seats' actions as OpenSpiel keeps them (its ``num_distinct_actions`` counts the players' actions, its
  chance outcomes have their own range): an agent never picks a die face, and an adapter that resolves
  chance with the game's seeded generator (PettingZoo) never shows one. Default: none.
- ``_observation_tensor_shape()`` and ``_observation_tensor(seat)``: a float32 array of that shape,
  computed from ``observation(seat)`` only, so it holds nothing the seat may not see. A game with an
  encoder object (its ``layout``, a :class:`~.tensors.TensorLayout`, and ``encode(observation)``) implements
  ``_observation_encoder()`` instead: the encoder is made once per game and gives both.
- ``_returns()`` (optional): each seat's reward at the end; the default gives the winners an equal share
  of 1 and the others 0 (a cooperative game overrides it: the whole team shares one reward).

Flat tensors are described field by field with :class:`~.tensors.TensorLayout`, as pgx and OpenSpiel
document theirs; :mod:`.tensors` holds the pieces every game's encoder shares.

>>> import dragonwidgets
>>> g = dragonwidgets.new_game("emerald", players=3, seed=1, first_player=0)
>>> i = g.action_index("move T1 black")
>>> g.action_id(i), bool(g.legal_action_mask()[i])
('move T1 black', True)
>>> _ = g.apply_index(i)
>>> g.returns()
[0.0, 0.0, 0.0]
"""

from __future__ import annotations

import numbers
from typing import TYPE_CHECKING, Any, Iterable, Sequence

import numpy as np

from .actions import CHANCE, Action
from .errors import IllegalActionError
from .tensors import index_table

if TYPE_CHECKING:  # what the other parts of Game supply, for mypy (see _parts.py)
    from ._parts import GameParts
else:
    GameParts = object


class ActionSpace:
    """An ordered, fixed list of action ids: index ``i`` <-> ``ids[i]``, a bijection.

    Raises:
        ValueError: (on creation) an id listed twice.
    """

    __slots__ = ("ids", "_index")

    def __init__(self, ids: Iterable[str]):
        self.ids: tuple[str, ...] = tuple(ids)
        self._index = index_table(self.ids)
        if len(self._index) != len(self.ids):
            twice = sorted({a for a in self.ids if self.ids.count(a) > 1})
            raise ValueError(f"an action space lists each id once, these twice: {twice}")

    def __len__(self) -> int:
        return len(self.ids)

    def __contains__(self, action_id: object) -> bool:
        return action_id in self._index

    def index(self, action_id: str) -> int:
        """Return the index of ``action_id``.

        Raises:
            ValueError: ``action_id`` is not in the space.
        """
        try:
            return self._index[action_id]
        except (KeyError, TypeError):
            raise ValueError(f"{action_id!r} is not in this action space of {len(self)} ids") from None

    def id(self, index: int) -> str:
        """Return the action id at ``index`` (an int ``0..len-1``; numpy integers too).

        Raises:
            ValueError: ``index`` is not an int in ``0..len-1``.
        """
        if not is_index(index) or not 0 <= index < len(self.ids):
            raise ValueError(f"an action index is an int in 0..{len(self.ids) - 1}, got {index!r}")
        return self.ids[int(index)]


def is_index(value: Any) -> bool:
    """Check if ``value`` is an integer (a Python or numpy int, not a bool)."""
    return isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_))


class Interop(GameParts):
    """The numeric face of a game (a base of :class:`~dragonwidgets.engine.Game`; see the module docstring)."""

    # ------------------------------------------------------------------ hooks for the games
    def _action_space(self) -> Sequence[str]:
        """Return the ordered ids of every action a seat can be offered (this game's options and player count)."""
        raise NotImplementedError(f"{self.name} has no integer action space yet")

    def _chance_space(self) -> Sequence[str]:
        """Return the ordered ids of every chance outcome (default: none)."""
        return ()

    def _observation_encoder(self) -> Any:
        """Return a new encoder of this game's observations: its ``layout`` (a
        :class:`~.tensors.TensorLayout`) and ``encode(observation) -> np.ndarray``; the default hooks below
        make it once per game and use it."""
        raise NotImplementedError(f"{self.name} has no observation tensor yet")

    def _observation_tensor_shape(self) -> tuple[int, ...]:
        """Return the shape of :meth:`_observation_tensor` (fixed for the game's options and player count)."""
        return (self._cached("_observation_encoder_cache", self._observation_encoder).layout.size,)

    def _observation_tensor(self, seat: int) -> np.ndarray:
        """Return ``seat``'s observation as a float32 array, computed from ``observation(seat)`` only."""
        encoder = self._cached("_observation_encoder_cache", self._observation_encoder)
        return encoder.encode(self.observation(seat))

    def _returns(self) -> list[float]:
        """Return each seat's reward at the end: the winners share 1 equally, the others get 0."""
        winners = self.winners()
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(self.players)]

    # ------------------------------------------------------------------ the public API
    @property
    def action_space(self) -> ActionSpace:
        """The fixed :class:`ActionSpace` of the seats' actions (chance outcomes are in :attr:`chance_space`).

        Raises:
            NotImplementedError: the game has no integer action space.
        """
        return self._cached("_action_space_cache", lambda: ActionSpace(self._action_space()))

    @property
    def chance_space(self) -> ActionSpace:
        """The fixed :class:`ActionSpace` of the chance outcomes (dice faces, cards turned up), apart from
        :attr:`action_space` as OpenSpiel keeps them; empty for a game without chance."""
        return self._cached("_chance_space_cache", lambda: ActionSpace(self._chance_space()))

    @property
    def num_distinct_actions(self) -> int:
        """How many actions the seats' action space holds (an int, fixed per game, options and player count)."""
        return len(self.action_space)

    def action_index(self, action_id: str) -> int:
        """Return the index (``0..num_distinct_actions-1``) of a seat's action ``action_id``.

        Raises:
            ValueError: ``action_id`` is not in the action space.
        """
        return self.action_space.index(action_id)

    def action_id(self, index: int) -> str:
        """Return the id of the seats' action at ``index``.

        Raises:
            ValueError: ``index`` is not an int in ``0..num_distinct_actions-1``.
        """
        return self.action_space.id(index)

    def legal_action_mask(self) -> np.ndarray:
        """Return a bool array of length :attr:`num_distinct_actions`: ``True`` at the index of each legal
        action of the seat to move. All ``False`` at a chance node and once the game is over.

        Raises:
            ValueError: a legal action outside the action space (a game's bug, or a hand-made position
                holding a component the game's data does not).
        """
        space = self.action_space
        mask = np.zeros(len(space), dtype=bool)
        if self.current_player not in (None, CHANCE):
            for action in self.legal_actions():
                mask[space.index(action.id)] = True
        return mask

    def legal_action_indices(self) -> list[int]:
        """Return the indices of the legal actions of the seat to move, increasing ([] at chance or the end)."""
        return np.flatnonzero(self.legal_action_mask()).tolist()

    def apply_index(self, index: int) -> list:
        """Apply the seat's action at ``index`` (as :meth:`apply` applies an id) and return its events.

        Raises:
            IllegalActionError: ``index`` is outside the action space, or its action is not legal now; the
                message names the index, its action id and the legal indices and ids. The game is unchanged.
        """
        return self.apply(self.legal_action_id(index))

    def legal_action_id(self, index: int) -> str:
        """Return the id of the action at ``index`` if it is legal now (what :meth:`apply_index` applies).

        Raises:
            IllegalActionError: as :meth:`apply_index` does.
        """
        space = self.action_space
        if not is_index(index) or not 0 <= index < len(space):
            raise self._illegal_index(f"<index {index!r}>", f"index {index!r} is outside the action space "
                                      f"0..{len(space) - 1}", index)
        action_id = space.ids[int(index)]
        if self.current_player in (None, CHANCE) or action_id not in self.legal_action_ids():
            why = "the game is over" if self.is_over else (
                "chance moves now (a chance node: see chance_space)" if self.current_player == CHANCE
                else self._why_illegal(action_id))
            raise self._illegal_index(action_id, f"index {int(index)} ({action_id!r}): {why}", index)
        return action_id

    @property
    def observation_tensor_shape(self) -> tuple[int, ...]:
        """The shape of :meth:`observation_tensor` (fixed per game, options and player count); raises
        ``NotImplementedError`` for a game without an observation tensor."""
        return tuple(self._observation_tensor_shape())

    def observation_tensor(self, seat: int) -> np.ndarray:
        """Return what ``seat`` may know as a float32 array of shape :attr:`observation_tensor_shape`.

        It is computed from ``observation(seat)`` alone, so it holds nothing that seat may not see; each
        game documents its layout field by field where it builds it.

        Raises:
            ValueError: ``seat`` is not a seat ``0..players-1``.
            NotImplementedError: the game has no observation tensor.
            RuntimeError: the game's encoder gave another shape or dtype than it declares (a bug in the game).
        """
        if not is_index(seat) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be a seat 0..{self.players - 1}, got {seat!r}")
        tensor = self._observation_tensor(int(seat))
        if tensor.shape != self.observation_tensor_shape or tensor.dtype != np.float32:
            raise RuntimeError(f"{self.name}'s observation tensor is {tensor.dtype}{tensor.shape}, "
                               f"its declared shape float32{self.observation_tensor_shape}")
        return tensor

    def returns(self) -> list[float]:
        """Return each seat's reward: ``0.0`` for every seat until the game is over, then the game's returns.

        Unless a game says otherwise, the winners share 1 equally (a win alone 1.0, a victory shared by k
        seats 1/k each) and the others get 0.0, so the returns of a finished game add up to 1; a
        cooperative game gives the whole team one reward.
        """
        if not self.is_over:
            return [0.0] * self.players
        return [float(r) for r in self._returns()]

    def _cached(self, key: str, make: Any) -> Any:
        """Return the attribute ``key``, made by ``make()`` the first time: what stays fixed through a game
        (its spaces, its tensor layout), kept with the game and shared by its copies (``clone`` shares the
        values of names ending in ``_cache``; every ``key`` is in :data:`~.history.LATER_ATTRIBUTES`, which
        ``clone`` copies). ``getattr``/``setattr``, not ``self.__dict__``: asking for an object's ``__dict__``
        makes Python keep its attributes in a real dict, every later attribute read slower."""
        value = getattr(self, key, None)
        if value is None:
            value = make()
            setattr(self, key, value)
        return value

    def _illegal_index(self, action_id: str, reason: str, index: Any) -> IllegalActionError:
        """Return the error for an index refused now, listing the legal indices (with ``index`` kept on it)."""
        legal = self.legal_action_indices()
        reason += f"; legal indices: {', '.join(map(str, legal)) or 'none'}"
        error = IllegalActionError(action_id, reason, self.legal_action_ids() if legal else [])
        error.index = index
        return error


# ---------------------------------------------------------------------- agents (a seat played by a policy)
def agent_input(game: Any, seat: int) -> dict[str, Any]:
    """Return what a callable agent playing ``seat`` is given: ``{"observation": float32 tensor,
    "action_mask": int8 array}`` as PettingZoo gives it (when the game has its numeric face; the mask is all
    0 unless ``seat`` decides now), with ``"view"`` (``game.observation(seat)``, the JSON dict) and
    ``"legal_actions"`` (the legal ids, ``[]`` unless ``seat`` decides). Nothing the seat may not see.

    Raises:
        ValueError: ``seat`` is not a seat.
    """
    to_act = game.current_player == seat
    out: dict[str, Any] = {"view": game.observation(seat), "legal_actions": game.legal_action_ids() if to_act else []}
    try:
        out["observation"] = game.observation_tensor(seat)
        mask = np.zeros(game.num_distinct_actions, dtype=np.int8)
        if to_act:
            mask[game.legal_action_mask()] = 1
        out["action_mask"] = mask
    except NotImplementedError:
        pass  # a game without the numeric face yet: the view and the legal ids only
    return out


def agent_choice(game: Any, answer: Any) -> str:
    """Return the legal action id an agent's ``answer`` names: an index of the action space (an int, numpy
    ints too), an action id (``str``) or an :class:`~dragonwidgets.engine.Action`.

    Raises:
        IllegalActionError: it names no action legal now (the message says why and what is legal).
        TypeError: it is none of those.
    """
    if is_index(answer):
        return game.legal_action_id(answer)
    if isinstance(answer, Action):
        answer = answer.id
    if not isinstance(answer, str):
        raise TypeError(f"an agent answers an action index (int), an action id (str) or an Action, got {answer!r:.80}")
    legal = game.legal_action_ids()
    if answer not in legal or game.current_player in (None, CHANCE):
        raise IllegalActionError(answer, "the game is over" if game.is_over else game._why_illegal(answer), legal)
    return answer
