"""``review``: every decision of a played game against the best action, with what it cost.

Each decision is analysed (:func:`~.analyse.analyse`) from the knowledge its seat had then, on a copy of the
game rewound with ``goto`` (the game itself is not changed). A step's *loss* is the best action's value minus
the value of the action taken, in win-probability units (0 to 1), never below 0. Its mark, from
:data:`MARKS` (thresholds in win-probability points, as chess reviews mark centipawn losses):

- ``"inaccuracy"``: a loss of at least 5 points; ``"mistake"``: at least 10; ``"blunder"``: at least 20;
- and only when the action taken is shown worse than the best (:attr:`.Analysis.worse`: its interval wholly
  below the best's, or the paired difference over the rollouts both shared significantly below 0), so a loss
  the rollouts cannot tell from noise (the best of several noisy values is biased upward) is not marked;
  otherwise ``""``.
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import asdict, dataclass
from typing import Any, Iterator, Optional, overload

from ..engine.actions import CHANCE
from ..engine.game import Game
from ..simulation.run import _show_progress
from .allocation import STOPS
from .analyse import analyse
from .result import Analysis

__all__ = ["MARKS", "Review", "ReviewStep", "mark", "review"]

#: (mark, the smallest loss in win probability that earns it), worst first
MARKS: tuple[tuple[str, float], ...] = (("blunder", 0.20), ("mistake", 0.10), ("inaccuracy", 0.05))
#: the most rollouts an action is given per decision by default (a review analyses every decision)
REVIEW_ROLLOUTS = 100


def mark(loss: float, shown_worse: bool) -> str:
    """Return the mark of a decision that lost ``loss`` (win-probability units) against the best action.

    ``""`` when the loss is under 5 points or the action taken is not shown worse than the best
    (``shown_worse``: :attr:`Analysis.worse <dragonwidgets.analysis.Analysis>` holds it).

    >>> mark(0.25, True), mark(0.12, True), mark(0.06, True), mark(0.3, False), mark(0.01, True)
    ('blunder', 'mistake', 'inaccuracy', '', '')
    """
    if not shown_worse:
        return ""
    for name, threshold in MARKS:
        if loss >= threshold:
            return name
    return ""


@dataclass(frozen=True)
class ReviewStep:
    """One reviewed decision.

    Attributes:
        step: the history step at which it was taken (``game.goto(step)`` shows the table before it).
        seat: the seat that decided.
        action: the id of the action taken.
        value: the action's estimated value (chance of winning, 0 to 1) for that seat.
        low: the lower end of its 95 % interval.
        high: the upper end.
        best_action: the id of the action the analysis values highest (may be ``action``).
        best_value: its value.
        loss: ``max(0, best_value - value)``, in win-probability units.
        mark: ``""``, ``"inaccuracy"``, ``"mistake"`` or ``"blunder"`` (:func:`mark`).
        choices: how many legal actions there were.
        exact: whether the taken action's value is exact.
    """

    step: int
    seat: int
    action: str
    value: float
    low: float
    high: float
    best_action: str
    best_value: float
    loss: float
    mark: str
    choices: int
    exact: bool

    def to_dict(self) -> dict[str, Any]:
        """Return the step as plain JSON data."""
        return asdict(self)


@dataclass(frozen=True)
class Review(Sequence[ReviewStep]):
    """A played game's decisions, reviewed: a sequence of :class:`ReviewStep`, in the order played.

    Attributes:
        steps: one :class:`ReviewStep` per reviewed decision.
        game: the game's name.
        policy: the rollout policy of every analysis.
        seat: the seat whose decisions were reviewed, or ``None`` for every seat.
        seconds: the wall-clock seconds the review took.
    """

    steps: tuple[ReviewStep, ...]
    game: str
    policy: str
    seat: Optional[int]
    seconds: float

    def __len__(self) -> int:
        return len(self.steps)

    @overload
    def __getitem__(self, index: int) -> ReviewStep: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[ReviewStep]: ...

    def __getitem__(self, index: int | slice) -> ReviewStep | Sequence[ReviewStep]:
        return self.steps[index]

    def __iter__(self) -> Iterator[ReviewStep]:
        return iter(self.steps)

    def win_chances(self, seat: int) -> list[tuple[int, float]]:
        """Return ``[(step, value)]``: the chance of winning of ``seat`` after each of its reviewed decisions
        (the value of the action it took), the points of the win-chance chart."""
        return [(s.step, s.value) for s in self.steps if s.seat == seat]

    def to_dict(self) -> dict[str, Any]:
        """Return the review as plain JSON data (``steps`` as a list of dicts)."""
        return {"game": self.game, "policy": self.policy, "seat": self.seat, "seconds": self.seconds,
                "steps": [s.to_dict() for s in self.steps]}


def review(game: Game, seat: Optional[int] = None, *, policy: Optional[str] = None,
           rollouts: int = REVIEW_ROLLOUTS, seconds: Optional[float] = None, executor: Optional[Executor] = None,
           seed: int = 0, allocation: str = "racing", precision: float = 0.05, until: str = "best",
           progress: Optional[bool] = None) -> Review:
    """Analyse every decision of ``game`` up to its current step; return what each cost against the best.

    The game is not changed: a copy (``game.clone()``) is rewound to each decision with ``goto``, and that
    decision is analysed from what its seat could know then (``knowledge="seat"``).

    Args:
        game: a played game (its history up to ``game.step`` is reviewed).
        seat: review only this seat's decisions; ``None``: every seat's.
        policy, rollouts, allocation, precision: as for :func:`~.analyse.analyse`, for every decision
            (``rollouts`` defaults to :data:`REVIEW_ROLLOUTS`).
        until: as for :func:`~.analyse.analyse`; by default ``"best"``: each decision is analysed until its
            best action is known (no other action better by ``precision`` or more), then the action taken
            and the best one go on to ``precision`` or ``rollouts`` (``refine``): what a mark and the chart
            need. An action taken that is shown close to the best loses less than ``precision`` and is not
            marked; one shown worse is marked by its loss. ``"settled"`` gives every close action its own
            interval within ``precision`` too.
        executor: where the analyses run (as for :func:`dragonwidgets.simulate`; left running): one task per
            decision, each analysed in its worker's process, so a worker spends no time waiting for the
            batches of one decision. The same review as without an executor. ``None``: in this process.
        seconds: the wall-clock budget of each decision's analysis (``None``: none).
        seed: decision ``i`` is analysed with seed ``seed + step``.
        progress: a tqdm bar counting decisions (as :func:`dragonwidgets.simulate`'s ``progress``).

    Returns:
        A :class:`Review`, one :class:`ReviewStep` per decision (chance outcomes are not decisions).

    Raises:
        TypeError: ``game`` is not a game.
        ValueError: ``seat`` is not ``None`` nor a seat ``0..players-1``, ``until`` is not one of
            :data:`~.allocation.STOPS`, or an analysis argument is bad.
    """
    if not isinstance(game, Game):
        raise TypeError(f"game must be a dragonwidgets game (new_game(...)), got {type(game).__name__}")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.players):
        raise ValueError(f"seat must be None or a seat 0..{game.players - 1}, got {seat!r}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ValueError(f"executor must be None or a concurrent.futures.Executor (with submit), got {executor!r:.60}")
    if progress is not None and not isinstance(progress, bool):
        raise ValueError(f"progress must be True, False or None, got {progress!r}")
    if until not in STOPS:
        raise ValueError(f"until must be one of {STOPS}, got {until!r}")
    import time

    from tqdm.auto import tqdm

    started = time.perf_counter()
    steps = [i for i in range(game.step) if game.entry(i).action.player != CHANCE
             and (seat is None or game.entry(i).action.player == seat)]
    copy = game.clone()
    out: list[ReviewStep] = []
    policy_used = ""
    options: dict[str, Any] = dict(policy=policy, rollouts=rollouts, seconds=seconds, allocation=allocation,
                                   precision=precision, until=until, progress=False)
    with tqdm(total=len(steps), unit="decision", desc=f"review {game.name}",
              disable=not _show_progress(progress)) as bar:
        if executor is None:
            analyses = []
            for i in steps:
                copy.goto(i)
                analyses.append(analyse(copy, game.entry(i).action.player, seed=seed + i,
                                        refine=_taken(game, i, until), **options))
                bar.update(1)
        else:  # one task per decision: no round trip per batch of rollouts, the same analyses (same seeds)
            futures = []
            for i in steps:
                copy.goto(i)
                futures.append(executor.submit(analyse, copy.clone(history=False), game.entry(i).action.player,
                                               seed=seed + i, refine=_taken(game, i, until), **options))
            try:
                for future in as_completed(futures):
                    future.result()
                    bar.update(1)
                analyses = [future.result() for future in futures]
            finally:
                for future in futures:
                    future.cancel()
    for i, analysis in zip(steps, analyses):
        taken = game.entry(i).action
        policy_used = analysis.policy
        out.append(_step(i, taken.player, taken.id, analysis))
    return Review(tuple(out), game.name, policy_used or (policy or ""), seat, time.perf_counter() - started)


def _taken(game: Game, step: int, until: str) -> tuple[str, ...]:
    """What ``analyse`` refines at decision ``step`` of a review: the action taken there (with ``until="best"``)."""
    return (game.entry(step).action.id,) if until == "best" else ()


def _step(step: int, seat: int, action: str, analysis: Analysis) -> ReviewStep:
    taken, best = analysis[action], analysis.best()
    loss = max(0.0, best.value - taken.value)
    return ReviewStep(step, seat, action, taken.value, taken.low, taken.high, best.action, best.value, loss,
                      mark(loss, action in analysis.worse), len(analysis), taken.exact)
