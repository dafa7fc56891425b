"""``analyse``: the value of every legal action of one decision, refined batch by batch.

:func:`analyse_steps` yields a new :class:`~.result.Analysis` after every batch of rollouts (what a widget
shows while it refines; stop it with ``stop`` or by no longer iterating); :func:`analyse` returns the last.
"""

from __future__ import annotations

import math
import numbers
import random
import time
from concurrent.futures import Executor, Future
from typing import Any, Iterator, Optional, Protocol, Sequence

from ..engine.actions import CHANCE
from ..engine.game import Game
from ..simulation.run import InlineExecutor, _executor_workers, _show_progress
from .allocation import ALLOCATIONS, STOPS, best_known, is_settled, shown_worse, to_sample
from .exact import exact_values
from .policies import policy_name
from .result import ActionValue, Analysis
from .rollouts import KNOWLEDGE, play_rollouts, rollout_key
from .stats import wilson

__all__ = ["DEFAULT_ROLLOUTS", "analyse", "analyse_steps"]

#: the most rollouts an action is given by default (a 95 % interval of ±4.9 points at a value of 1/2)
DEFAULT_ROLLOUTS = 400
#: a batch gives each action at most this many rollouts per worker (so a live view refines often)
MAX_BATCH_PER_WORKER = 32


class StopFlag(Protocol):
    """What ``stop`` may be: anything with ``is_set()``, e.g. a :class:`threading.Event`."""

    def is_set(self) -> bool: ...


class _Tally:
    """The sums of one action's rollouts, and its return per rollout key (racing pairs them)."""

    __slots__ = ("n", "returns", "scores", "by_key")

    def __init__(self) -> None:
        self.n = 0
        self.returns = 0.0
        self.scores = 0.0
        self.by_key: dict[int, float] = {}

    def row(self, action: str) -> ActionValue:
        if self.n == 0:
            return ActionValue(action, math.nan, 0.0, 1.0, 0, False, math.nan)
        mean = self.returns / self.n
        low, high = wilson(mean, self.n)
        return ActionValue(action, mean, low, high, self.n, False, self.scores / self.n)


def analyse(game: Game, seat: Optional[int] = None, policy: Optional[str] = None, rollouts: int = DEFAULT_ROLLOUTS,
            seconds: Optional[float] = None, executor: Optional[Executor] = None, seed: int = 0, *,
            allocation: str = "racing", precision: float = 0.05, knowledge: str = "seat", until: str = "settled",
            refine: Sequence[str] = (), progress: Optional[bool] = None, stop: Optional[StopFlag] = None) -> Analysis:
    """Estimate every legal action's chance of winning for the seat to decide, from what it may know.

    Each rollout redeals what the seat cannot see (:meth:`~dragonwidgets.engine.game.Game.determinize`, so
    the analysis never depends on hidden parts), applies the action, and plays every seat to the end with
    the ``policy`` bot; the value is the mean of the seat's ``returns()`` (a win 1, a tie the share
    ``returns()`` gives, Draghan's team win 1 for every seat), with the mean score beside it and a 95 % Wilson
    interval (:mod:`.stats`). Rollout ``k`` uses one redeal, one chance stream and one bot stream for every
    action (common random numbers). Where the value is known exactly (:mod:`.exact`: the game over after the
    action, the end decided by the next throw, Draghan's last fight proven by a fight plan, DG-FIGHT-1..7,
    DG-DRAGON-5, DG-END-1, DG-END-4) it is marked ``exact`` with ``low == value == high`` and no rollouts.
    The game is never changed.

    Args:
        game: the game, at a seat's decision.
        seat: the seat to decide (``game.current_player``); ``None`` takes it.
        policy: the bot name that plays the rollouts (:func:`dragonwidgets.bot_names`); ``None``: the
            game's default (:data:`~.policies.DEFAULT_POLICIES`). Named in the result.
        rollouts: the most rollouts an action is given (an int ``>= 1``).
        seconds: a wall-clock budget (a number ``> 0``), checked between batches (the first batch, one rollout
            per action, is always played); ``None``: none.
        executor: where the rollouts run, as for :func:`dragonwidgets.simulate` (a ``ProcessPoolExecutor``,
            ``dask.distributed.Client(...).get_executor()``...; left running). ``None``: in this process.
        seed: a non-negative int the redeals and rollouts derive from: the same seed gives the same analysis
            on any executor.
        allocation: ``"racing"`` (rollouts go where actions are close, :mod:`.allocation`) or ``"uniform"``.
        precision: the interval half-width (win-probability units, in ``(0, 0.5]``) at which an action needs
            no more rollouts, and the margin within which another action counts as close to the best.
        until: ``"settled"`` (stop once the ranking has settled: every action shown worse than the best or
            its interval within ``precision``, :func:`.allocation.is_settled`) or ``"best"`` (stop once the
            best action is known, :func:`.allocation.best_known`: every other action shown worse, or shown
            no better by ``precision``, or both intervals within ``precision``; never later than
            ``"settled"``, fewer rollouts, wider intervals for the close actions).
        refine: with ``until="best"``, legal action ids that, with the best action, then go on to an interval
            within ``precision`` (or ``rollouts``): a review's action taken. Ignored with ``"settled"``.
        knowledge: ``"seat"`` (only what the seat may know) or ``"table"`` (every card known, a teacher's
            view; future dice and draws still unknown).
        progress: a tqdm bar of rollouts; ``None``: shown unless ``DRAGONWIDGETS_PROGRESS=0`` or under pytest
            (as :func:`dragonwidgets.simulate`).
        stop: anything with ``is_set()`` (a :class:`threading.Event`): checked between batches; once set, the
            analysis ends with what it has.

    Returns:
        An :class:`~.result.Analysis`: one :class:`~.result.ActionValue` per legal action, in
        ``legal_actions()`` order, with ``policy``, ``seat`` and ``knowledge``.

    Raises:
        TypeError: ``game`` is not a game.
        ValueError: the game is over or at a chance node (no seat decides), ``seat`` is not the seat to decide,
            or an argument is out of its range (the message names it and what is allowed).

    >>> import dragonwidgets
    >>> g = dragonwidgets.new_game("emerald", players=3, seed=1)
    >>> a = dragonwidgets.analyse(g, rollouts=4, policy="random")
    >>> len(a) == len(g.legal_actions()), a.policy, 0 <= a[0].low <= a[0].value <= a[0].high <= 1
    (True, 'random', True)
    """
    last: Optional[Analysis] = None
    for last in analyse_steps(game, seat, policy, rollouts, seconds, executor, seed, allocation=allocation,
                              precision=precision, knowledge=knowledge, until=until, refine=refine,
                              progress=progress, stop=stop):
        pass
    assert last is not None  # analyse_steps yields at least once
    return last


def analyse_steps(game: Game, seat: Optional[int] = None, policy: Optional[str] = None,
                  rollouts: int = DEFAULT_ROLLOUTS, seconds: Optional[float] = None,
                  executor: Optional[Executor] = None, seed: int = 0, *, allocation: str = "racing",
                  precision: float = 0.05, knowledge: str = "seat", until: str = "settled",
                  refine: Sequence[str] = (), progress: Optional[bool] = None,
                  stop: Optional[StopFlag] = None) -> Iterator[Analysis]:
    """Yield a refined :class:`~.result.Analysis` after every batch of rollouts; the last has ``done=True``.

    The arguments and errors are :func:`analyse`'s (the errors are raised at the first ``next()``). The first
    analysis comes after one rollout per action, the actions shared among the workers (or at once when every
    value is exact); each next
    batch is about as large as all before it, at most :data:`MAX_BATCH_PER_WORKER` rollouts per action and
    worker, and shrunk to what ``seconds`` leaves. A widget iterates it in a thread and stops it with ``stop``.
    """
    seat = _check(game, seat, rollouts, seconds, executor, seed, allocation, precision, knowledge, until, progress,
                  stop)
    policy = policy_name(game.name, policy)
    started = time.perf_counter()
    actions = game.legal_action_ids()
    if isinstance(refine, str) or not all(a in actions for a in refine):
        raise ValueError(f"refine must be a sequence of legal action ids {actions}, got {refine!r:.80}")
    known = game.determinize(seat, random.Random(0)) if knowledge == "seat" else game.clone(history=False)
    exact = exact_values(known, seat, actions, seed, knowledge)
    tallies = {a: _Tally() for a in actions if a not in exact}
    samples = {a: tally.by_key for a, tally in tallies.items()}
    run = executor if executor is not None else InlineExecutor()
    workers = _executor_workers(run) if executor is not None else 1

    def current(done: bool) -> Analysis:
        rows = tuple(ActionValue(a, exact[a][0], exact[a][0], exact[a][0], 0, True, exact[a][1]) if a in exact
                     else tallies[a].row(a) for a in actions)
        valued = all(r.rollouts or r.exact for r in rows)
        best = max(rows, key=lambda r: r.value) if valued and rows else None
        worse = tuple(r.action for r in rows if best is not None and shown_worse(r, best, samples))
        return Analysis(rows, game.name, game.step, seat, policy, knowledge, allocation, seed,
                        time.perf_counter() - started, valued and is_settled(rows, precision, samples), done,
                        precision, worse, valued and best_known(rows, precision, samples), until)

    from tqdm.auto import tqdm

    bar = tqdm(total=len(tallies) * rollouts, unit="rollout", desc=f"analyse {game.name} step {game.step}",
               disable=not _show_progress(progress))
    next_key, round_seconds = 0, 0.0
    try:
        analysis = current(done=False)
        while True:
            chosen = to_sample(allocation, analysis.rows, rollouts, precision, samples, until, tuple(refine))
            elapsed = time.perf_counter() - started
            out_of_time = seconds is not None and elapsed >= seconds and next_key > 0  # (a first value always)
            if not chosen or (stop is not None and stop.is_set()) or out_of_time:
                yield current(done=True)
                return
            size = _batch_size(next_key, workers, min(rollouts - tallies[a].n for a in chosen),
                               None if seconds is None else seconds - elapsed, round_seconds)
            t0 = time.perf_counter()
            keys = [rollout_key(seed, k) for k in range(next_key, next_key + size)]
            next_key += size
            _play(run, workers, known, seat, chosen, keys, policy, knowledge, tallies)
            round_seconds = (time.perf_counter() - t0) / size
            bar.update(size * len(chosen))
            analysis = current(done=False)
            yield analysis
    finally:
        bar.close()


def _batch_size(played: int, workers: int, room: int, seconds_left: Optional[float], per_key: float) -> int:
    """Rollouts per action in the next batch: one first (its actions shared among the workers), then as many
    as so far (doubling), at least one per worker, at most :data:`MAX_BATCH_PER_WORKER` per worker, ``room``
    (the budget left) and what ``seconds_left`` allows at ``per_key`` seconds per rollout of every chosen
    action."""
    size = 1 if played == 0 else max(workers, min(played, MAX_BATCH_PER_WORKER * workers))
    if seconds_left is not None and per_key > 0:
        size = min(size, max(workers, int(seconds_left / per_key)))
    return max(1, min(size, room))


def _play(run: Executor, workers: int, known: Game, seat: int, chosen: list[str], keys: list[int], policy: str,
          knowledge: str, tallies: dict[str, _Tally]) -> None:
    """Play ``keys`` x ``chosen`` rollouts on ``run`` in about ``workers`` tasks (split by rollouts, or by actions
    when there are fewer rollouts than workers); add them to ``tallies`` in rollout then action order, so the
    sums do not depend on the executor or the split."""
    key_chunk = math.ceil(len(keys) / workers)
    action_groups = max(1, min(len(chosen), workers // len(keys)))
    action_chunk = math.ceil(len(chosen) / action_groups)
    tasks = [(keys[i:i + key_chunk], chosen[j:j + action_chunk])
             for i in range(0, len(keys), key_chunk) for j in range(0, len(chosen), action_chunk)]
    futures: list[Future] = [run.submit(play_rollouts, known, seat, actions, task_keys, policy, knowledge)
                             for task_keys, actions in tasks]
    found: dict[tuple[int, str], tuple[float, float]] = {}
    try:
        for (task_keys, actions), future in zip(tasks, futures):
            returns, scores = future.result()
            for key, row_returns, row_scores in zip(task_keys, returns, scores):
                for action, r, sc in zip(actions, row_returns, row_scores):
                    found[key, action] = (r, sc)
    finally:
        for future in futures:
            future.cancel()
    for key in keys:
        for action in chosen:
            r, sc = found[key, action]
            tally = tallies[action]
            tally.n += 1
            tally.returns += r
            tally.scores += sc
            tally.by_key[key] = r


def _is_int(x: Any) -> bool:
    return isinstance(x, numbers.Integral) and not isinstance(x, bool)


def _is_real(x: Any) -> bool:
    return isinstance(x, numbers.Real) and not isinstance(x, bool)


def _check(game: Any, seat: Any, rollouts: Any, seconds: Any, executor: Any, seed: Any, allocation: Any,
           precision: Any, knowledge: Any, until: Any, progress: Any, stop: Any) -> int:
    """Validate :func:`analyse`'s arguments; return the deciding seat."""
    if not isinstance(game, Game):
        raise TypeError(f"game must be a dragonwidgets game (new_game(...)), got {type(game).__name__}")
    to_move = game.current_player
    if to_move is None:
        raise ValueError("the game is over: there is no decision to analyse")
    if to_move == CHANCE:
        raise ValueError("the game is at a chance node: chance decides now, not a seat (resolve_chance() first)")
    if seat is not None and (not _is_int(seat) or int(seat) != to_move):
        raise ValueError(f"seat must be None or the seat to decide ({to_move}), got {seat!r}")
    if not _is_int(rollouts) or rollouts < 1:
        raise ValueError(f"rollouts must be an int >= 1 (the most rollouts per action), got {rollouts!r}")
    if seconds is not None and (not _is_real(seconds) or not float(seconds) > 0 or not math.isfinite(seconds)):
        raise ValueError(f"seconds must be None or a number > 0, got {seconds!r}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ValueError(f"executor must be None or a concurrent.futures.Executor (with submit), got {executor!r:.60}")
    if not _is_int(seed) or seed < 0:
        raise ValueError(f"seed must be a non-negative int, got {seed!r}")
    if allocation not in ALLOCATIONS:
        raise ValueError(f"allocation must be one of {ALLOCATIONS}, got {allocation!r}")
    if not _is_real(precision) or not 0 < float(precision) <= 0.5:
        raise ValueError(f"precision must be a number in (0, 0.5] (win-probability units), got {precision!r}")
    if knowledge not in KNOWLEDGE:
        raise ValueError(f"knowledge must be one of {KNOWLEDGE}, got {knowledge!r}")
    if until not in STOPS:
        raise ValueError(f"until must be one of {STOPS}, got {until!r}")
    if progress is not None and not isinstance(progress, bool):
        raise ValueError(f"progress must be True, False or None, got {progress!r}")
    if stop is not None and not callable(getattr(stop, "is_set", None)):
        raise ValueError(f"stop must be None or an object with is_set() (a threading.Event), got {stop!r:.60}")
    return int(to_move)
