"""Observation tensors field by field, the pieces every game's encoder shares: a flat float32 vector's
named fields (:class:`Field`, :class:`TensorLayout`, as pgx and OpenSpiel document theirs), the entries
of one observation gathered and written at once (:class:`SparseWriter`), an encoder's tables for one-hot
fields (:func:`index_table`, :func:`look_up`), and the turn part every game's observation and tensor begin
with (:func:`turn_view`, :func:`turn_fields`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

import numpy as np


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
