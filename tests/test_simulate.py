"""dragonwidgets.simulate: reproducible whatever the executor, workers and batches; reopen; Dask; the
default executor's choice between in-process play and a process pool; the progress bar; bad input; the
measures hook.

Games are Emerald with random bots (about 100 games/s on one core); the Dask cluster's start-up is most of
the file's time.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import random
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor

import numpy as np
import pytest

import dragonwidgets
from dragonwidgets.engine import CHANCE, RandomBot, game_class, make_bot, play_out
from dragonwidgets.simulation import InlineExecutor, SimulationResult, game_seeds
from dragonwidgets.simulation import run as run_module
from dragonwidgets.simulation.run import POOL_START_SECONDS, default_start_method, pool_pays_off

IN_CI = os.environ.get("CI", "").lower() in ("true", "1", "yes")
ARRAYS = ("seeds", "scores", "winners", "length", "steps")
STUDY = dict(players=3, bots="random", n_games=10, seed=2024, progress=False)


def run(**kw) -> SimulationResult:
    return dragonwidgets.simulate("emerald", **{**STUDY, **kw})


def assert_same(a: SimulationResult, b: SimulationResult) -> None:
    for name in ARRAYS:
        x, y = getattr(a, name), getattr(b, name)
        assert x.dtype == y.dtype and x.shape == y.shape, name
        np.testing.assert_array_equal(x, y, err_msg=name)
    assert a.measures.keys() == b.measures.keys()
    for name in a.measures:
        np.testing.assert_array_equal(a.measures[name], b.measures[name], err_msg=name)


@pytest.fixture(scope="module")
def reference() -> SimulationResult:
    """The study played in-process, one game per batch."""
    return run(executor=InlineExecutor(), batch_size=1)


def test_result_arrays_have_the_documented_shapes_and_types(reference):
    n, p = STUDY["n_games"], STUDY["players"]
    assert reference.seeds.shape == (n,) and reference.seeds.dtype == np.int64
    assert reference.scores.shape == (n, p) and reference.scores.dtype == np.int64
    assert reference.winners.shape == (n, p) and reference.winners.dtype == bool
    assert reference.length.shape == reference.steps.shape == (n,)
    assert reference.winners.any(axis=1).all()  # every Emerald game has a winner
    assert (reference.steps > reference.length).all()  # die rolls are steps, not decisions
    assert len(set(reference.seeds.tolist())) == n
    assert (reference.game, reference.players, reference.seed) == ("emerald", p, STUDY["seed"])
    assert reference.bots == ("random",) * p and len(reference) == n
    assert repr(reference).startswith("SimulationResult(emerald, 3 players")


def test_seeds_follow_the_documented_scheme():
    words = np.random.SeedSequence(2024).generate_state(10, dtype=np.uint64)
    assert game_seeds(2024, 10).tolist() == [int(w) >> 11 for w in words]
    assert game_seeds(2024, 4).tolist() == game_seeds(2024, 10)[:4].tolist()
    assert (game_seeds(2024, 10) < 2**53).all()


@pytest.mark.parametrize(
    "how",
    ["inline, batches of 4", "inline, default batches", "1 worker process", "2 worker processes",
     "default executor"],
)
def test_same_seed_gives_the_same_arrays_whatever_executor_workers_and_batches(reference, how):
    if how == "inline, batches of 4":
        result = run(executor=InlineExecutor(), batch_size=4)
    elif how == "inline, default batches":
        result = run(executor=InlineExecutor())
    elif how == "default executor":  # in-process or a pool after the first games, as the machine's speed says
        result = run()
    else:
        workers = int(how[0])
        with ProcessPoolExecutor(workers) as pool:
            result = run(executor=pool, batch_size=3)
    assert_same(result, reference)


def test_a_different_seed_gives_different_games(reference):
    other = run(seed=2025, executor=InlineExecutor())
    assert not np.array_equal(other.seeds, reference.seeds)
    assert not np.array_equal(other.length, reference.length)


def test_a_longer_study_with_the_same_seed_starts_with_the_same_games(reference):
    longer = run(n_games=13, executor=InlineExecutor())
    for name in ARRAYS:
        np.testing.assert_array_equal(getattr(longer, name)[:10], getattr(reference, name))


def test_reopen_replays_each_game_as_played(reference):
    for i in (0, 4, 9):
        game = reference.reopen(i)
        assert game.is_over and game.seed == reference.seeds[i]
        assert [game.scores()[p] for p in range(3)] == reference.scores[i].tolist()
        assert np.flatnonzero(reference.winners[i]).tolist() == game.winners()
        assert game.step == reference.steps[i]
        assert sum(e.action.player != CHANCE for e in game.history) == reference.length[i]


def test_the_documented_recipe_reopens_the_same_game(reference):
    seed = int(reference.seeds[3])
    game = dragonwidgets.new_game("emerald", players=3, seed=seed)
    play_out(game, [make_bot("emerald", "random") for _ in range(3)], random.Random(seed))
    assert game.state_digest() == reference.reopen(3).state_digest()
    assert game.to_record()["actions"] == reference.reopen(3).to_record()["actions"]


def test_bot_objects_are_accepted_and_match_the_named_bot(reference):
    result = run(bots=[RandomBot(), "random", RandomBot()], executor=InlineExecutor(), batch_size=3)
    assert_same(result, reference)


def test_a_search_bot_object_plays_the_same_games_in_worker_processes():
    from dragonwidgets.engine.mcts import MCTSBot

    bots = [MCTSBot(iterations=4, rollout_depth=4), "random", "random"]
    local = run(bots=bots, n_games=4, executor=InlineExecutor())
    with ProcessPoolExecutor(2) as pool:
        assert_same(run(bots=bots, n_games=4, executor=pool, batch_size=1), local)
    game = local.reopen(3)
    assert [game.scores()[p] for p in range(3)] == local.scores[3].tolist()


class CountingBot:
    """A bot with state: its choice depends on how many choices it has made."""

    def __init__(self):
        self.calls = 0

    def choose(self, view, legal_actions, rng):
        self.calls += 1
        return legal_actions[(self.calls + rng.randrange(3)) % len(legal_actions)]


def test_a_bot_object_never_carries_state_from_one_game_to_the_next():
    def study(batch_size):
        bots = [CountingBot(), "random", "random"]
        return run(bots=bots, n_games=4, executor=InlineExecutor(), batch_size=batch_size)

    assert_same(study(1), study(4))


class Crash:
    """A bot that fails on its first decision."""

    def choose(self, view, legal_actions, rng):
        raise KeyError("boom")


@pytest.mark.parametrize("executor", ["inline", "default"])
def test_a_game_that_fails_names_its_seed(executor):
    with pytest.raises(RuntimeError, match=r"emerald game with seed \d+ failed: KeyError"):
        run(bots=[Crash(), "random", "random"], executor=InlineExecutor() if executor == "inline" else None)


def test_a_dask_local_cluster_gives_exactly_the_local_results(reference):
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError:
        if IN_CI:
            raise  # CI installs .[test], which holds dask[distributed]: this test must run there
        pytest.skip("dask.distributed is not installed (python -m pip install -e '.[dask]'); runs in CI")
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as client:
            result = run(executor=client.get_executor(), batch_size=3)
    assert_same(result, reference)


# ------------------------------------------------------------------ the default executor's choice
@pytest.mark.parametrize("method", ["fork", "forkserver", "spawn"])
def test_a_pool_pays_off_once_the_time_it_saves_exceeds_its_start_up(method):
    start = POOL_START_SECONDS[method]
    # two workers save half the play: the pool pays off above twice its start-up
    assert not pool_pays_off(0.99 * 2 * start, 2, method)
    assert pool_pays_off(1.01 * 2 * start, 2, method)
    # eight workers save 7/8 of it, so they pay off on a smaller study
    assert pool_pays_off(1.01 * 8 / 7 * start, 8, method) and not pool_pays_off(0.99 * 8 / 7 * start, 8, method)
    assert not pool_pays_off(1e6, 1, method)  # one worker saves nothing
    assert not pool_pays_off(0.0, 2, method)


def test_a_pool_started_by_spawning_needs_a_larger_study_than_a_forked_one():
    assert POOL_START_SECONDS["fork"] < POOL_START_SECONDS["forkserver"] < POOL_START_SECONDS["spawn"]
    between = 2 * POOL_START_SECONDS["fork"] * 1.01
    assert pool_pays_off(between, 2, "fork") and not pool_pays_off(between, 2, "spawn")
    assert pool_pays_off(between, 2, "another") == pool_pays_off(between, 2, "spawn")  # unknown: as spawn


def test_the_default_start_method_is_the_one_a_pool_uses_and_asking_does_not_set_it():
    assert default_start_method() == multiprocessing.get_context().get_start_method()
    code = ("import multiprocessing as m; from dragonwidgets.simulation.run import default_start_method as d; "
            "print(d() in m.get_all_start_methods(), m.get_start_method(allow_none=True))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "None"]


class RecordingPool(ProcessPoolExecutor):
    """A process pool that records the seeds of the games it was sent and its shutdowns."""

    made: list[RecordingPool] = []

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.seeds: list[int] = []
        self.shutdowns: list[bool] = []  # wait=
        RecordingPool.made.append(self)

    def submit(self, fn, /, *args, **kwargs):
        self.seeds.extend(args[1])
        return super().submit(fn, *args, **kwargs)

    def shutdown(self, wait=True, *, cancel_futures=False):
        self.shutdowns.append(wait)
        super().shutdown(wait, cancel_futures=cancel_futures)


@pytest.fixture
def pools(monkeypatch) -> list[RecordingPool]:
    """The pools the default executor starts, on a machine taken to have 2 CPUs."""
    RecordingPool.made = []
    monkeypatch.setattr(run_module, "ProcessPoolExecutor", RecordingPool)
    monkeypatch.setattr(run_module, "available_cpus", lambda: 2)
    return RecordingPool.made


def games_take(monkeypatch, seconds: float) -> None:
    """Make every game played in-process by the default executor look as if it took ``seconds`` of CPU."""
    ticks = itertools.count()
    monkeypatch.setattr(run_module, "_cpu_clock", lambda: next(ticks) * seconds)


def test_the_default_executor_estimates_the_games_left_at_the_mean_time_per_game(pools, monkeypatch, reference):
    games_take(monkeypatch, 0.001)
    asked = []

    def never(seconds_left, workers, start_method):
        asked.append((round(seconds_left, 9), workers, start_method))
        return False

    monkeypatch.setattr(run_module, "pool_pays_off", never)
    assert_same(run(), reference)
    assert asked == [(round(0.001 * left, 9), 2, default_start_method()) for left in range(9, 0, -1)]
    assert pools == []  # every game in-process


def test_the_default_executor_plays_a_small_study_in_process(pools, monkeypatch, reference):
    games_take(monkeypatch, 1e-6)  # 10 games of a microsecond: no pool pays off
    assert_same(run(), reference)
    assert pools == []


def test_the_default_executor_hands_a_large_study_to_a_pool_after_its_first_game(pools, monkeypatch, reference):
    games_take(monkeypatch, 1.0)  # 9 games of a second left after the first: any pool pays off
    assert_same(run(), reference)
    assert len(pools) == 1 and pools[0]._max_workers == 2 and pools[0].shutdowns == [True]
    assert sorted(pools[0].seeds) == sorted(reference.seeds[1:].tolist())


def test_the_default_executor_hands_over_when_the_games_turn_out_longer(pools, monkeypatch, reference):
    clock = iter([0.0, 1e-6, 1.0, 1.0 + 1e-6, 2.0, 3.0])  # games 0 and 1 take a microsecond, game 2 a second
    monkeypatch.setattr(run_module, "_cpu_clock", lambda: next(clock))
    assert_same(run(), reference)
    assert len(pools) == 1 and sorted(pools[0].seeds) == sorted(reference.seeds[3:].tolist())


def test_the_default_executor_plays_in_process_on_one_cpu_or_with_a_bot_that_cannot_be_pickled(
    pools, monkeypatch, reference
):
    games_take(monkeypatch, 1.0)
    monkeypatch.setattr(run_module, "available_cpus", lambda: 1)
    assert_same(run(), reference)
    monkeypatch.setattr(run_module, "available_cpus", lambda: 2)
    assert len(run(bots=["random", "random", Unpicklable()])) == 10
    assert pools == []


class CrashOnSomeGames:
    """A bot that fails on its first decision in about half the games (by the game's rng)."""

    def __init__(self):
        self.decided = False

    def choose(self, view, legal_actions, rng):
        if not self.decided and rng.random() < 0.5:
            raise KeyError("boom")
        self.decided = True
        return legal_actions[rng.randrange(len(legal_actions))]


def test_a_game_that_fails_in_the_default_pool_names_its_seed(pools, monkeypatch):
    bots = [CrashOnSomeGames(), "random", "random"]

    def first_game_ends(seed: int) -> bool:  # the first game is played in-process: it must end
        try:
            return len(run(bots=bots, n_games=1, seed=seed, executor=InlineExecutor())) == 1
        except RuntimeError:
            return False

    seed = next(s for s in itertools.count(2024) if first_game_ends(s))
    with pytest.raises(RuntimeError, match="failed: KeyError"):  # a later game fails
        run(bots=bots, seed=seed, executor=InlineExecutor())
    games_take(monkeypatch, 1.0)
    with pytest.raises(RuntimeError, match=r"emerald game with seed \d+ failed: KeyError"):
        run(bots=bots, seed=seed)
    assert len(pools) == 1 and pools[0].shutdowns[0] is False  # shut down at once, without waiting


# ------------------------------------------------------------------ progress bar
def test_progress_bar_is_off_under_test_by_default(capfd):
    run(progress=None, n_games=2, executor=InlineExecutor())
    out, err = capfd.readouterr()
    assert out == "" and err == ""


def test_progress_bar_counts_games_on_stderr_when_asked(capfd):
    run(progress=True, n_games=2, executor=InlineExecutor(), batch_size=1)
    out, err = capfd.readouterr()
    assert out == "" and "2/2" in err and "game" in err


@pytest.mark.parametrize(
    "env, under_pytest, shown",
    [(None, True, False), (None, False, True), ("0", False, False), ("1", True, True)],
)
def test_progress_default_follows_the_environment_and_pytest(capfd, monkeypatch, env, under_pytest, shown):
    # tests/conftest.py sets DRAGONWIDGETS_PROGRESS=0 for the whole run; each case sets its own
    if env is None:
        monkeypatch.delenv("DRAGONWIDGETS_PROGRESS", raising=False)
    else:
        monkeypatch.setenv("DRAGONWIDGETS_PROGRESS", env)
    if not under_pytest:
        monkeypatch.delenv("PYTEST_CURRENT_TEST", raising=False)
    run(progress=None, n_games=2, executor=InlineExecutor())
    assert ("2/2" in capfd.readouterr().err) == shown


def test_progress_false_shows_nothing_even_when_the_environment_asks(capfd, monkeypatch):
    monkeypatch.setenv("DRAGONWIDGETS_PROGRESS", "1")
    run(progress=False, n_games=2, executor=InlineExecutor())
    assert capfd.readouterr().err == ""


# ------------------------------------------------------------------ bad input
class Unpicklable:
    def __init__(self):
        self.rng = lambda: 0

    def choose(self, view, legal_actions, rng):
        return legal_actions[0]


@pytest.mark.parametrize(
    "kw, match",
    [
        (dict(game="dragonball"), "unknown game 'dragonball'"),
        (dict(bots="genius"), "emerald has no bot 'genius'"),
        (dict(bots=["random", "genius", "random"]), "no bot 'genius'"),
        (dict(bots=["random", "random"]), "bots has 2 entries for 3 players"),
        (dict(bots=42), "bots must be a bot name or a list"),
        (dict(bots=["random", object(), "random"]), r"bots\[1\] must be a bot name or an object with choose"),
        (dict(n_games=0), "n_games must be an int >= 1"),
        (dict(n_games=2.5), "n_games must be an int >= 1"),
        (dict(seed=-1), "seed must be a non-negative int"),
        (dict(seed="abc"), "seed must be a non-negative int"),
        (dict(seed=None), "seed must be a non-negative int"),
        (dict(players=9), "emerald is played by 2 to 5 players, not 9"),
        (dict(players="3"), "players must be an int"),
        (dict(options={"dragons": 2}), "emerald has no option 'dragons'"),
        (dict(options={"first_player": "0"}), "option 'first_player' must be a int"),
        (dict(options=[1]), "options must be a dict"),
        (dict(batch_size=0), "batch_size must be None or an int >= 1"),
        (dict(progress="yes"), "progress must be True, False or None"),
        (dict(executor="local"), "executor must be a concurrent.futures.Executor"),
    ],
)
def test_bad_input_raises_value_error_naming_the_problem_before_any_game(kw, match, monkeypatch):
    def no_game(*args, **kwargs):
        raise AssertionError("a game was played before the arguments were checked")

    monkeypatch.setattr("dragonwidgets.simulation.run.play_batch", no_game)
    args = {"game": "emerald", **STUDY, **kw}
    with pytest.raises(ValueError, match=match):
        dragonwidgets.simulate(args.pop("game"), **args)


def test_a_bot_that_cannot_be_pickled_is_refused_for_a_process_pool_given_as_executor():
    bots = ["random", "random", Unpicklable()]
    with ProcessPoolExecutor(1) as pool:
        with pytest.raises(ValueError, match=r"bots\[2\] cannot be pickled for worker processes"):
            run(bots=bots, executor=pool)
    assert len(run(bots=bots, n_games=2, executor=InlineExecutor())) == 2


# ------------------------------------------------------------------ the measures hook
def test_the_games_own_measures_are_collected_game_by_game(reference):
    assert reference.measures, "Emerald declares measures (EmeraldGame.measures)"
    for i in (0, 6):
        found = reference.reopen(i).measures()
        assert found.keys() == reference.measures.keys()
        for name, value in found.items():
            column = reference.measures[name]
            assert column.dtype == np.float64 and column.shape == ((10, 3) if isinstance(value, list) else (10,))
            np.testing.assert_array_equal(column[i], value, err_msg=name)


def test_measures_of_a_game_are_collected_as_arrays(monkeypatch):
    cls = game_class("emerald")

    def measures(self):
        return {"steps": float(self.step), "points": [float(self.scores()[p]) for p in range(self.players)]}

    monkeypatch.setattr(cls, "measures", measures)
    result = run(n_games=5, executor=InlineExecutor(), batch_size=2)
    assert list(result.measures) == ["steps", "points"]
    assert result.measures["steps"].shape == (5,) and result.measures["points"].shape == (5, 3)
    np.testing.assert_array_equal(result.measures["steps"], result.steps)
    np.testing.assert_array_equal(result.measures["points"], result.scores)
    assert "measures: steps, points" in repr(result)


def test_malformed_measures_are_reported(monkeypatch):
    monkeypatch.setattr(game_class("emerald"), "measures", lambda self: {"points": [1.0, 2.0]})
    with pytest.raises(RuntimeError, match=r"measures\(\)\['points'\] must be a number or a list of 3 numbers"):
        run(n_games=2, executor=InlineExecutor())
