"""``simulate``: play many independent games on any executor, with a progress bar, into numpy arrays."""

from __future__ import annotations

import math
import multiprocessing
import numbers
import os
import pickle
import time
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import Any, Callable, Generator, Sequence

import numpy as np

from ..engine.registry import game_class, make_bot, new_game
from .play import Study, play_batch
from .result import SimulationResult

#: Wall-clock seconds a process pool over 2 CPUs costs, by start method: starting it, one task's round
#: trip on each worker, shutting it down, plus what its first games pay for the processes' cold start
#: (measured with ``benchmarks/bench_simulate.py``, see :func:`pool_pays_off`). A start method not
#: listed counts as ``"spawn"``.
POOL_START_SECONDS = {"fork": 0.015, "forkserver": 0.3, "spawn": 0.7}
#: The default batch size aims at this many batches per worker (so the bar moves and the last
#: batches do not leave workers idle) ...
BATCHES_PER_WORKER = 8
#: ... and never exceeds this many games, so the bar moves on long studies of slow games too. A
#: batch costs about 0.3 ms (pickling both ways, a process round trip) and a game takes from a few
#: milliseconds (Emerald, Draghan) to about a second (Drachenland), so 16 keeps that cost near 1 %
#: at most (benchmarks/bench_simulate.py measures it).
MAX_BATCH = 16

#: The clock that times games in-process before the default executor chooses: this thread's CPU
#: time, so other processes on a busy machine do not make the games look longer.
_cpu_clock = time.thread_time


class InlineExecutor(Executor):
    """An executor that runs each task in the calling process as it is submitted.

    ``simulate(..., executor=InlineExecutor())`` plays every game in-process (no worker processes,
    nothing pickled): the choice for debugging and for a machine with one core.
    """

    _max_workers = 1

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as e:
            future.set_exception(e)
        return future


def available_cpus() -> int:
    """Return the number of CPUs this process may run on (its affinity, else ``os.cpu_count()``)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def default_start_method() -> str:
    """Return the start method a ``ProcessPoolExecutor`` made without ``mp_context`` uses here:
    ``"fork"``, ``"forkserver"`` or ``"spawn"`` (the one set by ``multiprocessing.set_start_method``,
    else the platform's default; asking does not set it)."""
    return multiprocessing.get_start_method(allow_none=True) or multiprocessing.get_all_start_methods()[0]


def pool_pays_off(seconds_left: float, workers: int, start_method: str) -> bool:
    """Return True if a new process pool of ``workers`` would play games worth ``seconds_left`` CPU
    seconds (of this process, in-process) sooner, in wall-clock time, than this process alone.

    The pool saves ``seconds_left * (1 - 1 / workers)`` (its workers share the games) and costs
    :data:`POOL_START_SECONDS` ``[start_method]`` once, so it pays off when the saving is larger.
    A single worker never pays off.

    Figures (``benchmarks/bench_simulate.py``, 2 CPUs, Python 3.11, Linux): provisional, from the
    start-up alone (start, an empty task per worker, shut down: fork 11 ms, forkserver 370 ms,
    spawn 700 ms) measured at a load of 1.7.

    >>> pool_pays_off(0.001, 2, "fork"), pool_pays_off(10.0, 2, "fork"), pool_pays_off(10.0, 1, "fork")
    (False, True, False)
    """
    if workers < 2:
        return False
    start = POOL_START_SECONDS.get(start_method, POOL_START_SECONDS["spawn"])
    return seconds_left * (1 - 1 / workers) > start


def game_seeds(seed: int, n_games: int) -> np.ndarray:
    """Return the ``(n_games,)`` int64 seeds of a study's games.

    Game ``i``'s seed is word ``i`` of ``numpy.random.SeedSequence(seed).generate_state(n_games,
    dtype=numpy.uint64)`` shifted right by 11 bits: a well-mixed integer in ``0 .. 2**53 - 1`` (exact
    in JSON and JavaScript). Word ``i`` does not depend on ``n_games``, so a longer study with the same
    seed starts with the same games.

    >>> game_seeds(1, 3).tolist() == game_seeds(1, 5)[:3].tolist()
    True
    """
    words = np.random.SeedSequence(seed).generate_state(n_games, dtype=np.uint64)
    return (words >> np.uint64(11)).astype(np.int64)


def simulate(
    game: str,
    *,
    players: int,
    bots: str | Sequence[Any],
    n_games: int,
    seed: int,
    options: dict[str, Any] | None = None,
    executor: Executor | None = None,
    progress: bool | None = None,
    batch_size: int | None = None,
) -> SimulationResult:
    """Play ``n_games`` independent games of ``game`` and return their results as numpy arrays.

    Args:
        game: a game name, e.g. ``"emerald"`` (:data:`dragonwidgets.engine.GAMES`).
        players: the number of seats, in the game's range.
        bots: one bot name for every seat (e.g. ``"random"``; ``dragonwidgets.bot_names(game)`` lists
            them) or a sequence with one per seat, each a name or a bot object (with
            ``choose(view, legal_actions, rng)``, picklable unless played in-process). Every game gets
            fresh bots: ``make_bot(game, name)``, or a deep copy of the object.
        n_games: how many games to play (``>= 1``).
        seed: a non-negative int; the whole study derives from it (see below).
        options: the game's named options, the same for every game (default: the game's defaults).
        executor: any :class:`concurrent.futures.Executor` to play the batches on, e.g. a
            ``ProcessPoolExecutor``, or a Dask cluster's ``dask.distributed.Client(...).get_executor()``
            (workers need dragonwidgets installed); it is left running, and always used. ``None`` (the
            default): this process plays the games one at a time while that is faster, then a
            ``ProcessPoolExecutor`` over the CPUs this process may use plays the rest (started and shut
            down by this call). After each game, the games left are estimated at the mean CPU time
            per game so far (this thread's, so a busy machine does not inflate it), and the pool
            takes over as soon as :func:`pool_pays_off` says it would finish them sooner than this
            process: a small study never starts one, a large one starts it after its first game. A
            machine with one CPU, or a bot object that cannot be pickled, plays every game
            in-process (:class:`InlineExecutor`).
        progress: show a tqdm bar (``tqdm.auto``: a widget in notebooks, text on stderr elsewhere)
            counting finished games. ``None`` (the default): shown, unless the environment variable
            ``DRAGONWIDGETS_PROGRESS`` is ``0`` or the call runs under pytest (``PYTEST_CURRENT_TEST``
            is set) and ``DRAGONWIDGETS_PROGRESS`` is not ``1``.
        batch_size: games per task sent to the executor (the default executor plays its games
            in-process one at a time, then sends batches to its pool). ``None``: about
            :data:`BATCHES_PER_WORKER` batches per worker, at most :data:`MAX_BATCH` games each. It
            changes only speed and how often the bar moves, never the results.

    Returns:
        A :class:`SimulationResult`: ``seeds`` (n,), ``scores`` (n, players), ``winners`` (n, players)
        bool, ``length`` (n,) decisions, ``steps`` (n,) history entries and ``measures`` (the game's
        :meth:`Game.measures`, each (n,) or (n, players)), in game order.

    Seeds and reproducibility: game ``i`` is played from ``s = int(result.seeds[i])``
    (:func:`game_seeds` gives the scheme) as ``g = dragonwidgets.new_game(game, players=players,
    seed=s, **options)`` then ``dragonwidgets.engine.play_out(g, fresh_bots, random.Random(s))``:
    chance comes from the game's seed and the bots draw from a generator seeded with the
    same game seed. So the results are the same whatever the executor, the workers and the batch
    size, and ``result.reopen(i)`` replays game ``i`` exactly (to show it in a widget), as long as
    the bots choose by their rng alone (a search bot with a budget in seconds does not: its choices
    depend on the machine's speed; give it a budget in iterations).

    Executors: anything with ``submit`` returning :class:`concurrent.futures.Future` works, e.g.
    ``ProcessPoolExecutor``, ``ThreadPoolExecutor`` (no speed-up: the engines are pure Python) or
    ``dask.distributed.Client.get_executor()``. Ray's ``ray.util.multiprocessing.Pool`` is not a
    ``concurrent.futures.Executor``, so it is not accepted as it is. In a script, call ``simulate``
    under ``if __name__ == "__main__":``: pools that spawn their workers (macOS, Windows, Dask)
    import the main module again. A bot class defined in a notebook cell reaches workers that are
    forked (the default pool on Linux before Python 3.14) or Dask's (which pickles it whole); with
    other pools, define it in a module or play in-process. On a Dask cluster
    (``pip install "dragonwidgets[dask]"``)::

        from dask.distributed import Client
        with Client("tcp://scheduler:8786") as client:  # or Client(LocalCluster(n_workers=4))
            result = dragonwidgets.simulate("emerald", players=3, bots="random", n_games=100_000,
                                            seed=1, executor=client.get_executor())

    Raises:
        ValueError: before any game is played, on an unknown game, bot or option, a player count out
            of range, the wrong number of bots, a bot object without ``choose`` (or that cannot be
            pickled when ``executor`` runs games in other processes), ``n_games`` < 1, a seed that is not a
            non-negative int, a bad ``batch_size``, ``progress`` or ``executor``.
        RuntimeError: a game failed (the message gives its seed).

    >>> import dragonwidgets
    >>> r = dragonwidgets.simulate("emerald", players=3, bots="random", n_games=4, seed=7, progress=False)
    >>> r.scores.shape, r.winners.shape, r.length.shape
    ((4, 3), (4, 3), (4,))
    """
    study = _check(game, players, bots, n_games, seed, options, executor, progress, batch_size)
    n_games, seed = int(n_games), int(seed)
    if executor is None and (available_cpus() == 1 or not _picklable(study.bots)):
        executor = InlineExecutor()
    if executor is not None and not isinstance(executor, InlineExecutor):
        _check_picklable(study.bots)
    seeds = game_seeds(seed, n_games)

    from tqdm.auto import tqdm  # here, not at import: worker processes never show a bar

    parts: dict[int, dict[str, Any]] = {}
    bar = tqdm(total=n_games, unit="game", desc=f"{game}, {players} players", disable=not _show_progress(progress))
    try:
        if executor is not None:
            _play_batches(executor, study, seeds, 0, batch_size, parts, bar, own_executor=False)
        else:
            first = _play_here_while_cheaper(study, seeds, parts, bar)
            if first < n_games:
                pool = ProcessPoolExecutor(available_cpus())
                _play_batches(pool, study, seeds, first, batch_size, parts, bar, own_executor=True)
    finally:
        bar.close()
    return _assemble(study, seed, seeds, [parts[start] for start in sorted(parts)])


def _play_here_while_cheaper(study: Study, seeds: np.ndarray, parts: dict[int, dict[str, Any]], bar: Any) -> int:
    """Play the study's games in this process one at a time, in order, timing each by
    :data:`_cpu_clock`, until :func:`pool_pays_off` for the games left at the mean time per game so
    far; store each game's batch in ``parts`` (by its index) and return how many were played."""
    workers, start_method = available_cpus(), default_start_method()
    spent = 0.0
    for i, seed in enumerate(seeds.tolist()):
        t0 = _cpu_clock()
        parts[i] = play_batch(study, [seed])
        spent += _cpu_clock() - t0
        bar.update(1)
        left = len(seeds) - i - 1
        if left and pool_pays_off(spent / (i + 1) * left, workers, start_method):
            return i + 1
    return len(seeds)


def _play_batches(
    executor: Executor,
    study: Study,
    seeds: np.ndarray,
    first: int,
    batch_size: int | None,
    parts: dict[int, dict[str, Any]],
    bar: Any,
    own_executor: bool,
) -> None:
    """Play games ``first ..`` of the study in batches on ``executor``; store each batch in ``parts``
    by its first game's index. If ``own_executor``, shut the executor down at the end. On an error or
    an interrupt, cancel the batches not started (and shut down an own executor without waiting) and
    raise."""
    if batch_size is None:
        workers = _executor_workers(executor)
        batch_size = max(1, min(MAX_BATCH, math.ceil((len(seeds) - first) / (workers * BATCHES_PER_WORKER))))
    batches = _run_batches(executor, study, seeds, range(first, len(seeds), batch_size), batch_size)
    try:
        for start, part in batches:
            parts[start] = part
            bar.update(len(part["length"]))
    except BaseException:  # an error or an interrupt: return at once, running batches end on their own
        batches.close()  # cancels the batches not started
        if own_executor:
            executor.shutdown(wait=False, cancel_futures=True)
        raise
    if own_executor:
        executor.shutdown(wait=True)


def _executor_workers(executor: Executor) -> int:
    """Return how many tasks ``executor`` runs at once: a ``concurrent.futures`` pool's size, a Dask
    client's total threads, else the CPUs of this machine (a guess that only sets the batch size)."""
    size = getattr(executor, "_max_workers", None)
    if isinstance(size, int) and size > 0:
        return size
    client = getattr(executor, "_client", None)  # dask.distributed's ClientExecutor
    if client is not None and callable(getattr(client, "nthreads", None)):
        return max(1, sum(client.nthreads().values()))
    return available_cpus()


def _run_batches(
    executor: Executor, study: Study, seeds: np.ndarray, starts: range, batch_size: int
) -> Generator[tuple[int, dict[str, Any]], None, None]:
    """Yield ``(start, result)`` as the batches ``seeds[start : start + batch_size]`` complete, keeping
    at most two per worker in flight when the executor tells its size (so an interrupted study stops
    soon, and only those batches' seeds are lists at a time); all at once otherwise."""
    size = getattr(executor, "_max_workers", None)
    limit = 2 * size if isinstance(size, int) and size > 0 else len(starts)
    todo = iter(starts)
    pending: dict[Future, int] = {}

    def submit_more() -> None:
        for start in todo:
            pending[executor.submit(play_batch, study, seeds[start : start + batch_size].tolist())] = start
            if len(pending) >= limit:
                return

    try:
        submit_more()
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield pending.pop(future), future.result()
            submit_more()
    finally:
        for future in pending:
            future.cancel()


def _assemble(study: Study, seed: int, seeds: np.ndarray, parts: list[dict[str, Any]]) -> SimulationResult:
    names = list(parts[0]["measures"])
    for part in parts[1:]:
        if part["measures"].keys() != set(names):
            raise RuntimeError(
                f"{study.game}.measures() gave keys {list(part['measures'])} in one batch, {names} in another"
            )
    return SimulationResult(
        game=study.game,
        players=study.players,
        bots=study.bots,
        options=dict(study.options),
        seed=seed,
        seeds=seeds,
        scores=np.concatenate([p["scores"] for p in parts]),
        winners=np.concatenate([p["winners"] for p in parts]),
        length=np.concatenate([p["length"] for p in parts]),
        steps=np.concatenate([p["steps"] for p in parts]),
        measures={name: np.concatenate([p["measures"][name] for p in parts]) for name in names},
    )


def _show_progress(progress: bool | None) -> bool:
    if progress is not None:
        return progress
    env = os.environ.get("DRAGONWIDGETS_PROGRESS", "").strip()
    if env:
        return env != "0"
    return "PYTEST_CURRENT_TEST" not in os.environ


def _picklable(bots: tuple[Any, ...]) -> bool:
    """Return True if every bot can go to another process (a name always can)."""
    try:
        _check_picklable(bots)
    except ValueError:
        return False
    return True


def _check_picklable(bots: tuple[Any, ...]) -> None:
    """Raise ValueError if a bot object cannot go to another process."""
    for seat, bot in enumerate(bots):
        if not isinstance(bot, str):
            try:
                pickle.dumps(bot)
            except Exception as e:
                raise ValueError(
                    f"bots[{seat}] cannot be pickled for worker processes ({e}); "
                    "define its class at the top level of a module, or play in-process with "
                    "executor=InlineExecutor()"
                ) from None


def _is_int(x: Any) -> bool:
    return isinstance(x, numbers.Integral) and not isinstance(x, bool)


def _check(game, players, bots, n_games, seed, options, executor, progress, batch_size) -> Study:
    """Validate every argument of :func:`simulate` and return the :class:`Study` (raises ValueError)."""
    game_class(game)  # unknown game -> ValueError naming the known ones
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise ValueError(f"options must be a dict of the game's options, got {options!r:.60}")
    if not _is_int(players):
        raise ValueError(f"players must be an int, got {players!r}")
    players = int(players)
    new_game(game, players=players, seed=0, **options)  # players out of range, unknown or bad option
    if isinstance(bots, str):
        bots = [bots] * players
    if not isinstance(bots, (list, tuple)):
        raise ValueError(f"bots must be a bot name or a list with one bot per seat, got {bots!r:.60}")
    if len(bots) != players:
        raise ValueError(f"bots has {len(bots)} entries for {players} players (one per seat, or one name for all)")
    for seat, bot in enumerate(bots):
        if isinstance(bot, str):
            make_bot(game, bot)  # unknown bot -> ValueError naming the game's bots
        elif not callable(getattr(bot, "choose", None)):
            raise ValueError(f"bots[{seat}] must be a bot name or an object with choose(), got {bot!r:.60}")
    if not _is_int(n_games) or n_games < 1:
        raise ValueError(f"n_games must be an int >= 1, got {n_games!r}")
    if not _is_int(seed) or seed < 0:
        raise ValueError(f"seed must be a non-negative int, got {seed!r}")
    if batch_size is not None and (not _is_int(batch_size) or batch_size < 1):
        raise ValueError(f"batch_size must be None or an int >= 1, got {batch_size!r}")
    if progress is not None and not isinstance(progress, bool):
        raise ValueError(f"progress must be True, False or None, got {progress!r}")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ValueError(f"executor must be a concurrent.futures.Executor (with submit), got {executor!r:.60}")
    return Study(game, players, tuple(bots), dict(options))
