"""What an analysis gives: a row per legal action (:class:`ActionValue`) and the :class:`Analysis` holding them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Iterator, overload

__all__ = ["ActionValue", "Analysis"]


@dataclass(frozen=True)
class ActionValue:
    """One legal action's value for the seat that decides, as an analysis estimates it.

    Attributes:
        action: the action's id (``Action.id``), as ``game.legal_action_ids()`` lists it.
        value: the seat's chance of winning after this action, in ``[0, 1]``: the mean of the seat's
            ``game.returns()`` over the rollouts (a tie counts as the share ``returns()`` gives it, e.g. 1/2;
            in Draghan the team's win: 1 for every seat). ``nan`` before any rollout.
        low: the lower end of its 95 % interval (Wilson's, :func:`~dragonwidgets.analysis.stats.wilson`).
        high: the upper end; ``low == value == high`` when ``exact``.
        rollouts: how many rollouts this action was given (``0`` when exact).
        exact: whether ``value`` is known exactly (no sampling): the game is over after this action, or ends
            at the next chance node whatever falls, or (Draghan) a fight plan proves the last fight won or lost.
        mean_score: the seat's mean points at the end (``game.scores()[seat]``), beside the value.
    """

    action: str
    value: float
    low: float
    high: float
    rollouts: int
    exact: bool
    mean_score: float

    @property
    def half_width(self) -> float:
        """Half the interval's width (``(high - low) / 2``), in win-probability units."""
        return (self.high - self.low) / 2

    def to_dict(self) -> dict[str, Any]:
        """Return the row as plain JSON data (``nan`` becomes ``None``)."""
        return {k: (None if isinstance(v, float) and v != v else v) for k, v in asdict(self).items()}


@dataclass(frozen=True)
class Analysis(Sequence[ActionValue]):
    """The value of every legal action of one decision: a sequence of :class:`ActionValue` rows.

    The rows follow the order of ``game.legal_actions()``; :meth:`ranked` sorts them best first,
    ``analysis["move T1 black"]`` finds a row by action id.

    Attributes:
        rows: one :class:`ActionValue` per legal action.
        game: the game's name (``"emerald"``...).
        step: the game's step the analysis is of.
        seat: the seat that decides, whose values these are.
        policy: the name of the bot that played every seat in the rollouts (values depend on it).
        knowledge: ``"seat"`` (only what the seat may know; hidden parts redealt in every rollout) or
            ``"table"`` (every card known: a teacher's view, labelled so).
        allocation: ``"racing"`` or ``"uniform"`` (how rollouts were shared among the actions).
        seed: the seed the rollouts derive from.
        seconds: wall-clock seconds spent so far.
        settled: whether the ranking has settled: the best action's interval is within ``precision`` of
            its value and every other action's is within ``precision`` too or shown worse than the best (its
            interval wholly below, or the paired difference over common rollouts significantly below 0:
            :func:`~dragonwidgets.analysis.allocation.shown_worse`).
        done: whether this is the last analysis of its run (settled, out of budget, or stopped).
        precision: the half-width (win-probability units) an interval must reach to count as settled.
        worse: the ids of the actions shown worse than the best one: an interval wholly below the best's, or
            the paired difference over common rollouts significantly below 0
            (:func:`~dragonwidgets.analysis.allocation.shown_worse`), in legal order.
        best_known: whether the best action is known: every other action is shown worse than it or shown
            close to it (no better by ``precision`` or more; :func:`~dragonwidgets.analysis.allocation.best_known`).
        until: where the run stops: ``"settled"`` or ``"best"`` (once ``best_known``).
    """

    rows: tuple[ActionValue, ...]
    game: str
    step: int
    seat: int
    policy: str
    knowledge: str = "seat"
    allocation: str = "racing"
    seed: int = 0
    seconds: float = 0.0
    settled: bool = False
    done: bool = True
    precision: float = 0.05
    worse: tuple[str, ...] = ()
    best_known: bool = False
    until: str = "settled"
    _index: dict[str, int] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._index.update({row.action: i for i, row in enumerate(self.rows)})

    def __len__(self) -> int:
        return len(self.rows)

    @overload
    def __getitem__(self, key: int) -> ActionValue: ...

    @overload
    def __getitem__(self, key: slice) -> Sequence[ActionValue]: ...

    @overload
    def __getitem__(self, key: str) -> ActionValue: ...

    def __getitem__(self, key: int | slice | str) -> ActionValue | Sequence[ActionValue]:
        """Return row ``key`` (an index or a slice), or the row of action id ``key`` (a ``str``).

        Raises:
            KeyError: ``key`` is a ``str`` that is not one of the analysed actions.
            IndexError: an index out of range.
        """
        if isinstance(key, str):
            if key not in self._index:
                raise KeyError(f"{key!r} is not among the analysed actions: {list(self._index)}")
            return self.rows[self._index[key]]
        return self.rows[key]

    def __iter__(self) -> Iterator[ActionValue]:
        return iter(self.rows)

    @property
    def rollouts(self) -> int:
        """The rollouts spent on all actions together (one rollout plays one action to the end)."""
        return sum(row.rollouts for row in self.rows)

    def ranked(self) -> list[ActionValue]:
        """Return the rows best first (highest value; ties keep the legal order)."""
        return sorted(self.rows, key=lambda row: -row.value if row.value == row.value else 1.0)

    def best(self) -> ActionValue:
        """Return the row with the highest value.

        Raises:
            ValueError: the analysis has no rows.
        """
        if not self.rows:
            raise ValueError("an analysis of no action has no best action")
        return self.ranked()[0]

    def to_dict(self) -> dict[str, Any]:
        """Return the analysis as plain JSON data: its fields, ``rollouts``, and ``rows`` as a list of dicts."""
        return {
            "game": self.game, "step": self.step, "seat": self.seat, "policy": self.policy,
            "knowledge": self.knowledge, "allocation": self.allocation, "seed": self.seed,
            "seconds": self.seconds, "settled": self.settled, "done": self.done, "precision": self.precision,
            "rollouts": self.rollouts, "worse": list(self.worse),
            "best_known": self.best_known, "until": self.until, "rows": [row.to_dict() for row in self.rows],
        }
