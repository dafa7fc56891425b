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
  encoder object (its ``layout``, a :class:`TensorLayout`, and ``encode(observation)``) implements
  ``_observation_encoder()`` instead: the encoder is made once per game and gives both.
- ``_returns()`` (optional): each seat's reward at the end; the default gives the winners an equal share
  of 1 and the others 0 (a cooperative game overrides it: the whole team shares one reward).

Flat tensors are described field by field with :class:`TensorLayout`, as pgx and OpenSpiel document
theirs.

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
from dataclasses import dataclass
from typing import Any, Iterable, Sequence

import numpy as np

from .actions import CHANCE, Action
from .errors import IllegalActionError


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


@dataclass(frozen=True)
class Field:
    """One field of a flat tensor: its ``name``, ``size`` (float32 entries) and what they hold (``doc``)."""

    name: str
    size: int
    doc: str


class TensorLayout:
    """The named fields of a flat float32 vector, in order (each at the offset the ones before leave).

    >>> layout = TensorLayout([Field("viewer", 3, "one-hot seat"), Field("turn", 1, "turn number")])
    >>> layout.size, layout.slice("turn")
    (4, slice(3, 4, None))
    >>> v = layout.zeros(); layout.view(v, "viewer")[1] = 1; v.tolist()
    [0.0, 1.0, 0.0, 0.0]
    >>> layout.offsets
    {'viewer': 0, 'turn': 3}
    """

    def __init__(self, fields: Sequence[Field]):
        self.fields = tuple(fields)
        self._slices: dict[str, slice] = {}
        offset = 0
        for f in self.fields:
            if f.name in self._slices:
                raise ValueError(f"field {f.name!r} is listed twice")
            self._slices[f.name] = slice(offset, offset + f.size)
            offset += f.size
        self.size = offset
        #: field name -> the offset it starts at (what :class:`SparseWriter` takes).
        self.offsets: dict[str, int] = {name: where.start for name, where in self._slices.items()}

    def slice(self, name: str) -> slice:
        """Return where field ``name`` lies. Raises ``KeyError`` for an unknown field."""
        return self._slices[name]

    def zeros(self) -> np.ndarray:
        """Return a new all-zero float32 vector of the layout's size."""
        return np.zeros(self.size, dtype=np.float32)

    def view(self, vector: np.ndarray, name: str) -> np.ndarray:
        """Return the part of ``vector`` holding field ``name`` (a view: writing it writes ``vector``)."""
        return vector[self._slices[name]]

    def describe(self) -> str:
        """Return one line per field: ``offset..end name (size): doc``."""
        return "\n".join(f"{self._slices[f.name].start:4d}..{self._slices[f.name].stop - 1:<4d} {f.name} ({f.size}): {f.doc}"
                         for f in self.fields)


def turn_view(viewer: int | None, phase: str, active_player: int | None, *, over: bool) -> dict[str, Any]:
    """Return the keys a game's observation begins with, in this order (every game's ``_observation``):

    - ``viewer``: the seat the observation is for (an int), ``None`` for the full table;
    - ``decision``: ``phase``, the game's name of the decision (or chance node) now (a str); ``None``
      once ``over``;
    - ``active_player``: the seat whose turn it is (an int; a game may give ``None`` where no seat has it).

    With ``current_player`` and ``is_over``, which the engine adds, they are what :func:`turn_fields`
    describes and :meth:`SparseWriter.turn` writes.

    >>> turn_view(1, "move", 0, over=False)
    {'viewer': 1, 'decision': 'move', 'active_player': 0}
    >>> turn_view(None, "over", 0, over=True)["decision"] is None
    True
    """
    return {"viewer": viewer, "decision": None if over else phase, "active_player": active_player}


def turn_fields(players: int, decisions: Sequence[str], first_player_doc: str) -> list[Field]:
    """Return the fields a game's tensor may begin with: who sees, who decides, what is decided, who
    began. From the keys :func:`turn_view` gives (``decision`` one of ``decisions``), ``current_player``
    and ``is_over`` that the engine adds, and the game's ``first_player`` (a seat, the one that played
    first; ``first_player_doc`` is that field's doc, naming the game's rule IDs); :meth:`SparseWriter.turn`
    writes them.

    >>> [(f.name, f.size) for f in turn_fields(2, ["move", "roll"], "one-hot: the first player")]
    [('viewer', 2), ('current_player', 3), ('is_over', 1), ('decision', 2), ('active_player', 2), ('first_player', 2)]
    """
    return [
        Field("viewer", players, "one-hot: the seat this observation is for"),
        Field("current_player", players + 1, "one-hot: the seat to decide, the last entry chance; all 0 once over"),
        Field("is_over", 1, "1 once the game has ended"),
        Field("decision", len(decisions), f"one-hot: the decision now, {', '.join(decisions)}; all 0 once over"),
        Field("active_player", players, "one-hot: whose turn it is"),
        Field("first_player", players, first_player_doc),
    ]


def index_table(items: Iterable[Any]) -> dict[Any, int]:
    """Return ``{item: its index}`` for ``items`` in order: an encoder's table for a one-hot field.

    >>> index_table(["red", "green"])
    {'red': 0, 'green': 1}
    """
    return {item: i for i, item in enumerate(items)}


def look_up(table: dict, key: Any, name: str) -> int:
    """Return ``table[key]``: the index of ``key`` in an encoder's table for field ``name``.

    Raises:
        ValueError: ``key`` is not in ``table`` (an observation naming a component the layout has no place for).
    """
    try:
        return table[key]
    except (KeyError, TypeError):
        raise ValueError(f"observation field {name!r}: {key!r} is not one of {list(table)}") from None


class SparseWriter:
    """The entries of one observation tensor, gathered field by field and written at once (the games' encoders).

    ``at`` maps each field name to its offset in the layout. Zeros are skipped: the vector starts at 0.

    >>> layout = TensorLayout([Field("viewer", 3, "one-hot seat"), Field("turn", 1, "turn number")])
    >>> w = SparseWriter({"viewer": 0, "turn": 3})
    >>> w.one_hot("viewer", {"a": 0, "b": 1}, "b"); w.put("turn", 0, 7)
    >>> w.vector(layout).tolist()
    [0.0, 1.0, 0.0, 7.0]
    """

    __slots__ = ("at", "index", "value")

    def __init__(self, at: dict[str, int]):
        self.at = at
        self.index: list[int] = []
        self.value: list[float] = []

    def put(self, name: str, i: int, x: float = 1.0) -> None:
        """Set entry ``i`` of field ``name`` to ``x`` (nothing for 0)."""
        if x:
            self.index.append(self.at[name] + i)
            self.value.append(x)

    def one_hot(self, name: str, table: dict, key: Any, base: int = 0) -> None:
        """Set entry ``base + table[key]`` of field ``name`` to 1; nothing when ``key`` is None (:func:`look_up`)."""
        if key is not None:
            self.put(name, base + look_up(table, key, name))

    def turn(self, obs: dict[str, Any], seats: dict[int, int], decisions: dict[str, int]) -> None:
        """Write the :func:`turn_fields` of observation ``obs`` (``seats``: seat -> index, one per seat;
        ``decisions``: decision -> index); chance (a negative ``current_player``) is the last entry."""
        self.one_hot("viewer", seats, obs["viewer"])
        current = obs["current_player"]
        if current is not None:
            self.put("current_player", len(seats) if current < 0 else current)
        self.put("is_over", 0, obs["is_over"])
        self.one_hot("decision", decisions, obs["decision"])
        self.one_hot("active_player", seats, obs["active_player"])
        self.one_hot("first_player", seats, obs["first_player"])

    def vector(self, layout: TensorLayout) -> np.ndarray:
        """Return the float32 vector of ``layout`` holding the entries put."""
        v = layout.zeros()
        v[self.index] = self.value
        return v


class Interop:
    """The numeric face of a game (a base of :class:`~dragonwidgets.engine.Game`; see the module docstring)."""

    # ------------------------------------------------------------------ hooks for the games
    def _action_space(self) -> Sequence[str]:
        """Return the ordered ids of every action a seat can be offered (this game's options and player count)."""
        raise NotImplementedError(f"{self.name} has no integer action space yet")  # type: ignore[attr-defined]

    def _chance_space(self) -> Sequence[str]:
        """Return the ordered ids of every chance outcome (default: none)."""
        return ()

    def _observation_encoder(self) -> Any:
        """Return a new encoder of this game's observations: its ``layout`` (a :class:`TensorLayout`) and
        ``encode(observation) -> np.ndarray``; the default hooks below make it once per game and use it."""
        raise NotImplementedError(f"{self.name} has no observation tensor yet")  # type: ignore[attr-defined]

    def _observation_tensor_shape(self) -> tuple[int, ...]:
        """Return the shape of :meth:`_observation_tensor` (fixed for the game's options and player count)."""
        return (self._cached("_observation_encoder_cache", self._observation_encoder).layout.size,)

    def _observation_tensor(self, seat: int) -> np.ndarray:
        """Return ``seat``'s observation as a float32 array, computed from ``observation(seat)`` only."""
        encoder = self._cached("_observation_encoder_cache", self._observation_encoder)
        return encoder.encode(self.observation(seat))  # type: ignore[attr-defined]

    def _returns(self) -> list[float]:
        """Return each seat's reward at the end: the winners share 1 equally, the others get 0."""
        winners = self.winners()  # type: ignore[attr-defined]
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(self.players)]  # type: ignore[attr-defined]

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
        if self.current_player not in (None, CHANCE):  # type: ignore[attr-defined]
            for action in self.legal_actions():  # type: ignore[attr-defined]
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
        return self.apply(self.legal_action_id(index))  # type: ignore[attr-defined]

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
        if self.current_player in (None, CHANCE) or action_id not in self.legal_action_ids():  # type: ignore[attr-defined]
            why = "the game is over" if self.is_over else (  # type: ignore[attr-defined]
                "chance moves now (a chance node: see chance_space)" if self.current_player == CHANCE  # type: ignore[attr-defined]
                else self._why_illegal(action_id))  # type: ignore[attr-defined]
            raise self._illegal_index(action_id, f"index {int(index)} ({action_id!r}): {why}", index)
        return action_id

    @property
    def observation_tensor_shape(self) -> tuple[int, ...]:
        """The shape of :meth:`observation_tensor` (fixed per game, options and player count)."""
        return tuple(self._observation_tensor_shape())

    def observation_tensor(self, seat: int) -> np.ndarray:
        """Return what ``seat`` may know as a float32 array of shape :attr:`observation_tensor_shape`.

        It is computed from ``observation(seat)`` alone, so it holds nothing that seat may not see; each
        game documents its layout field by field where it builds it.

        Raises:
            ValueError: ``seat`` is not a seat ``0..players-1``.
        """
        if not is_index(seat) or not 0 <= seat < self.players:  # type: ignore[attr-defined]
            raise ValueError(f"seat must be a seat 0..{self.players - 1}, got {seat!r}")  # type: ignore[attr-defined]
        tensor = self._observation_tensor(int(seat))
        if tensor.shape != self.observation_tensor_shape or tensor.dtype != np.float32:
            raise RuntimeError(f"{self.name}'s observation tensor is {tensor.dtype}{tensor.shape}, "  # type: ignore[attr-defined]
                               f"its declared shape float32{self.observation_tensor_shape}")
        return tensor

    def returns(self) -> list[float]:
        """Return each seat's reward: ``0.0`` for every seat until the game is over, then the game's returns.

        Unless a game says otherwise, the winners share 1 equally (a win alone 1.0, a victory shared by k
        seats 1/k each) and the others get 0.0, so the returns of a finished game add up to 1; a
        cooperative game gives the whole team one reward.
        """
        if not self.is_over:  # type: ignore[attr-defined]
            return [0.0] * self.players  # type: ignore[attr-defined]
        return [float(r) for r in self._returns()]

    def _cached(self, key: str, make: Any) -> Any:
        """Return ``self.__dict__[key]``, made by ``make()`` the first time: what stays fixed through a game
        (its spaces, its tensor layout), kept with the game and shared by its copies."""
        value = self.__dict__.get(key)
        if value is None:
            value = self.__dict__[key] = make()
        return value

    def _illegal_index(self, action_id: str, reason: str, index: Any) -> IllegalActionError:
        """Return the error for an index refused now, listing the legal indices (with ``index`` kept on it)."""
        legal = self.legal_action_indices()
        reason += f"; legal indices: {', '.join(map(str, legal)) or 'none'}"
        error = IllegalActionError(action_id, reason, self.legal_action_ids() if legal else [])  # type: ignore[attr-defined]
        error.index = index  # type: ignore[attr-defined]
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
