"""Issue 29 item 1: ``dragonwidgets.analyse``, the value of every legal action of a decision."""

from __future__ import annotations

import json
import math
import random
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

import dragonwidgets
from dragonwidgets.analysis import ActionValue, Analysis, analyse, analyse_steps
from dragonwidgets.analysis.allocation import best_known, is_settled, shown_close, shown_worse, to_sample
from dragonwidgets.analysis.rollouts import play_rollouts, rollout_key
from dragonwidgets.analysis.stats import wilson
from dragonwidgets.engine.actions import CHANCE
from dragonwidgets.engine.bots import bot_move


def reach(name: str, players: int, bot: str, seed: int, step: int):
    """The game ``name`` played by ``bot`` on every seat from ``seed`` until ``step`` entries."""
    g = dragonwidgets.new_game(name, players=players, seed=seed)
    bots = [dragonwidgets.make_bot(name, bot) for _ in range(players)]
    rng = random.Random(seed)
    while g.step < step:
        g.apply(bot_move(g, bots[g.current_player], rng))
    return g


def rows_of(a: Analysis) -> list[tuple]:
    return [(r.action, r.value, r.low, r.high, r.rollouts, r.exact, r.mean_score) for r in a]


# ------------------------------------------------------------------ what an analysis gives
def test_one_row_per_legal_action_in_legal_order_with_interval_around_value():
    g = dragonwidgets.new_game("emerald", players=3, seed=1)
    a = analyse(g, rollouts=6, policy="random", seed=3)
    assert [r.action for r in a] == g.legal_action_ids()
    assert a.seat == g.current_player and a.policy == "random" and a.game == "emerald" and a.step == g.step
    for r in a:
        assert r.rollouts == 6 and not r.exact
        assert 0 <= r.low <= r.value <= r.high <= 1
        assert 0 < r.high - r.low < 1
    assert a.rollouts == 6 * len(a)


def test_default_policy_is_named_in_the_result():
    g = reach("draghan", 2, "planner", 0, 12)
    assert analyse(g, rollouts=2).policy == "planner"


def test_to_dict_is_plain_json_with_every_row():
    g = dragonwidgets.new_game("emerald", players=3, seed=1)
    a = analyse(g, rollouts=3, policy="random")
    d = json.loads(json.dumps(a.to_dict(), allow_nan=False))
    assert [r["action"] for r in d["rows"]] == g.legal_action_ids()
    assert d["policy"] == "random" and d["seat"] == a.seat and d["rollouts"] == a.rollouts
    assert set(d["rows"][0]) == {"action", "value", "low", "high", "rollouts", "exact", "mean_score"}


def test_row_found_by_action_id_and_unknown_id_raises_key_error():
    g = dragonwidgets.new_game("emerald", players=3, seed=1)
    a = analyse(g, rollouts=2, policy="random")
    first = g.legal_action_ids()[0]
    assert a[first] is a[0]
    with pytest.raises(KeyError, match="not among the analysed actions"):
        a["fly away"]


def test_same_seed_same_analysis_and_another_seed_another():
    g = dragonwidgets.new_game("emerald", players=3, seed=4)
    one, two = (analyse(g, rollouts=8, policy="random", seed=5) for _ in range(2))
    assert rows_of(one) == rows_of(two)
    assert rows_of(analyse(g, rollouts=8, policy="random", seed=6)) != rows_of(one)


def test_analysis_does_not_depend_on_whether_a_teacher_picks_the_dice():
    manual = dragonwidgets.new_game("emerald", players=3, seed=1, chance="manual")
    auto = dragonwidgets.new_game("emerald", players=3, position=manual.position())
    assert rows_of(analyse(manual, rollouts=4, policy="random")) == rows_of(analyse(auto, rollouts=4, policy="random"))


def test_analysis_leaves_the_game_unchanged():
    g = dragonwidgets.new_game("emerald", players=3, seed=4)
    digest, step, record = g.state_digest(), g.step, g.to_record()
    analyse(g, rollouts=3, policy="random")
    assert (g.state_digest(), g.step, g.to_record()) == (digest, step, record)


# ------------------------------------------------------------------ a winning action first; exact values
def test_draghan_action_that_defeats_the_dragon_is_exact_and_ranked_first():
    """Draghan, seed 0, the planner's game at step 17: assigning the assist location to the dragon defeats it
    (DG-DRAGON-5, DG-END-1): the game is won, value 1 exact; keeping it back is not."""
    g = reach("draghan", 2, "planner", 0, 17)
    assert set(g.legal_action_ids()) == {"assist dragon", "assist none"}
    a = analyse(g, rollouts=30)
    best = a.best()
    assert best.action == "assist dragon" and best.exact and best.value == best.low == best.high == 1.0
    assert best.rollouts == 0 and best.mean_score == 1.0
    assert not a["assist none"].exact and a["assist none"].value < 1
    assert a.worse == ("assist none",) and a.to_dict()["worse"] == ["assist none"]


def test_draghan_fight_plan_proves_the_win_before_the_last_declaration():
    """Two declarations before the fight (step 13: facing the dragon), no action ends the game, yet a fight
    plan from there defeats every monster and the dragon (DG-FIGHT-1..7): exact 1."""
    g = reach("draghan", 2, "planner", 0, 13)
    a = analyse(g, rollouts=10)
    after = g.clone(history=False)
    after.apply("face dragon")
    assert not after.is_over
    assert a["face dragon"].exact and a["face dragon"].value == 1.0


def test_action_that_ends_the_game_is_exact_with_the_returns_it_gives():
    """Emerald, greedy game of seed 2 at step 188: one move ends the game (EM-END); its value is exact and is
    what returns() gives the seat after it."""
    g = reach("emerald", 3, "greedy", 2, 188)
    seat = g.current_player
    a = analyse(g, rollouts=4)
    ended = [aid for aid in g.legal_action_ids() if _ends(g, aid)]
    assert ended
    for aid in ended:
        after = g.clone(history=False)
        after.apply(aid)
        assert a[aid].exact and a[aid].value == after.returns()[seat] == a[aid].low == a[aid].high
        assert a[aid].mean_score == after.scores()[seat]
    assert all(not a[aid].exact for aid in g.legal_action_ids() if aid not in ended)


def _ends(g, aid: str) -> bool:
    c = g.clone(history=False)
    c.apply(aid)
    return c.is_over


# ------------------------------------------------------------------ the interval
@pytest.mark.parametrize("p, n", [(0.1, 20), (0.5, 30), (0.8, 50)])
def test_wilson_interval_covers_the_true_mean_about_95_percent(p, n):
    rng = random.Random(1)
    trials = 3000
    covered = 0
    for _ in range(trials):
        mean = sum(rng.random() < p for _ in range(n)) / n
        low, high = wilson(mean, n)
        covered += low <= p <= high
    assert 0.92 <= covered / trials <= 0.99


def test_wilson_interval_keeps_a_width_when_every_rollout_agrees():
    low, high = wilson(1.0, 10)
    assert high == 1.0 and low < 0.8
    assert wilson(0.0, 0) == (0.0, 1.0)


# ------------------------------------------------------------------ common random numbers, executors
def test_every_action_of_a_rollout_meets_the_same_deal_chance_and_bot_draws():
    """The same action listed twice gets the same result in each rollout (common random numbers), while
    rollouts with other keys differ."""
    g = dragonwidgets.new_game("emerald", players=3, seed=7)
    seat = g.current_player
    known = g.determinize(seat, random.Random(0))
    action = g.legal_action_ids()[0]
    returns, scores = play_rollouts(known, seat, [action, action], [rollout_key(1, k) for k in range(8)], "random")
    assert all(r[0] == r[1] for r in returns) and all(s[0] == s[1] for s in scores)
    assert len({s[0] for s in scores}) > 1


def test_results_do_not_depend_on_the_executor():
    g = dragonwidgets.new_game("emerald", players=3, seed=3)
    here = analyse(g, rollouts=10, policy="random", seed=2)
    with ThreadPoolExecutor(2) as pool:
        there = analyse(g, rollouts=10, policy="random", seed=2, executor=pool)
    assert rows_of(here) == rows_of(there)


# ------------------------------------------------------------------ allocation
def test_racing_spends_fewer_rollouts_than_uniform_for_the_same_best_action():
    """Draghan step 17 (see above): 'assist dragon' wins (exact 1); racing stops 'assist none' as soon as its
    interval falls below 1, uniform plays it to the budget."""
    g = reach("draghan", 2, "planner", 0, 17)
    racing = analyse(g, rollouts=40, seed=1)
    uniform = analyse(g, rollouts=40, seed=1, allocation="uniform")
    assert racing.allocation == "racing" and uniform.allocation == "uniform"
    assert racing.best().action == uniform.best().action
    assert racing.rollouts < uniform.rollouts


def test_racing_drops_an_action_wholly_below_the_best_and_uniform_keeps_it():
    rows = [ActionValue("a", 0.8, 0.7, 0.88, 100, False, 1.0), ActionValue("b", 0.3, 0.2, 0.4, 100, False, 0.0),
            ActionValue("c", 0.75, 0.6, 0.85, 100, False, 1.0)]
    assert to_sample("racing", rows, 400, 0.05) == ["a", "c"]
    assert to_sample("uniform", rows, 400, 0.05) == ["a", "b", "c"]
    assert to_sample("racing", rows, 100, 0.05) == []  # out of budget
    assert not is_settled(rows, 0.05)
    narrow = [ActionValue("a", 0.8, 0.76, 0.84, 400, False, 1.0), rows[1]]
    assert is_settled(narrow, 0.05)


def test_paired_rollouts_show_an_action_worse_before_the_intervals_part():
    """Common random numbers: in 40 rollouts, 'b' wins exactly where 'a' wins, minus 6 of them; the two
    intervals overlap, but the paired difference shows 'b' worse, so racing drops it (uniform does not)."""
    a_returns = {k: float(k % 2) for k in range(40)}  # 20 wins
    b_returns = {k: 0.0 if k in (1, 3, 5, 7, 9, 11) else v for k, v in a_returns.items()}  # 14 wins
    rows = [ActionValue("a", 0.5, *wilson(0.5, 40), 40, False, 0.5),
            ActionValue("b", 0.35, *wilson(0.35, 40), 40, False, 0.35)]
    assert rows[1].high > rows[0].low  # the intervals overlap
    samples = {"a": a_returns, "b": b_returns}
    assert shown_worse(rows[1], rows[0], samples) and not shown_worse(rows[1], rows[0])
    assert to_sample("racing", rows, 400, 0.05, samples) == ["a"]
    assert to_sample("racing", rows, 400, 0.05) == ["a", "b"]
    noisy = {"a": a_returns, "b": {k: float((k // 2) % 2) for k in range(40)}}  # unrelated: not shown worse
    assert not shown_worse(rows[1], rows[0], noisy)


def test_an_action_shown_close_to_the_best_makes_the_best_known_before_the_ranking_settles():
    """In 60 common rollouts 'b' wins where 'a' wins but twice: it cannot be 5 points better than 'a' (paired
    bound), so the best action is known; 'c' is shown worse. Neither interval is within 5 points yet, so the
    ranking has not settled: "best" stops here, "settled" goes on with 'a' and 'b' (not 'c')."""
    a_returns = {k: float(k % 2) for k in range(60)}  # 30 wins
    b_returns = {k: 0.0 if k in (1, 3) else v for k, v in a_returns.items()}  # 28 wins
    c_returns = {k: 0.0 if k % 4 == 1 else v for k, v in a_returns.items()}  # 15 wins
    rows = [ActionValue(x, sum(r.values()) / 60, *wilson(sum(r.values()) / 60, 60), 60, False, 0.0)
            for x, r in (("a", a_returns), ("b", b_returns), ("c", c_returns))]
    samples = {"a": a_returns, "b": b_returns, "c": c_returns}
    assert shown_close(rows[1], rows[0], 0.05, samples) and not shown_close(rows[1], rows[0], 0.05)
    assert not shown_close(rows[0], rows[0], 0.05, samples)
    assert shown_worse(rows[2], rows[0], samples)
    assert best_known(rows, 0.05, samples) and not is_settled(rows, 0.05, samples)
    assert to_sample("racing", rows, 400, 0.05, samples, until="best") == []
    assert to_sample("uniform", rows, 400, 0.05, samples, until="best") == []
    # a review's action taken ('c' or 'b') goes on, with the best ('a'), to ±5 points
    assert to_sample("racing", rows, 400, 0.05, samples, until="best", refine=("c",)) == ["a", "c"]
    assert to_sample("racing", rows, 400, 0.05, samples, until="best", refine=("a",)) == ["a"]
    assert to_sample("uniform", rows, 400, 0.05, samples, until="best", refine=("c",)) == ["a", "c"]
    assert to_sample("racing", rows, 60, 0.05, samples, until="best", refine=("c",)) == []  # out of budget
    assert to_sample("racing", rows, 400, 0.05, samples) == ["a", "b"]
    assert to_sample("uniform", rows, 400, 0.05, samples) == ["a", "b", "c"]


def test_until_the_best_is_known_racing_samples_only_the_best_and_its_challengers():
    """'b' is shown close to 'a' (paired), 'c' is not yet shown anything: the next batch goes to 'a' and 'c'
    only; with 'c' also shown close, the best is known and "best" stops."""
    a_returns = {k: float(k % 2) for k in range(20)}
    b_returns = dict(a_returns)  # the same outcome in every rollout
    c_returns = {k: float((k // 2) % 2) for k in range(20)}  # unrelated
    rows = [ActionValue(x, 0.5, *wilson(0.5, 20), 20, False, 0.0) for x in "abc"]
    samples = {"a": a_returns, "b": b_returns, "c": c_returns}
    assert not best_known(rows, 0.05, samples)
    assert to_sample("racing", rows, 400, 0.05, samples, until="best") == ["a", "c"]
    assert to_sample("racing", rows, 400, 0.05, samples) == ["a", "c"]
    assert to_sample("uniform", rows, 400, 0.05, samples, until="best") == ["a", "b", "c"]
    assert to_sample("racing", rows, 20, 0.05, samples, until="best") == []  # out of budget: no more to learn
    samples["c"] = dict(a_returns)
    assert best_known(rows, 0.05, samples)


def test_two_close_actions_both_within_the_precision_count_as_told_apart_so_best_never_outlasts_settled():
    """'a' and 'b' have 400 uncorrelated rollouts each, 50 % and 48 %: the paired bound cannot show 'b' close
    (uncorrelated returns vary too much), but both intervals are within 5 points, so the ranking has settled
    and the best action counts as known: "best" stops no later than "settled"."""
    a_returns = {k: float(k % 2) for k in range(400)}
    b_returns = {k: float((k // 2) % 2) if k >= 8 else 0.0 for k in range(400)}
    rows = [ActionValue(x, sum(r.values()) / 400, *wilson(sum(r.values()) / 400, 400), 400, False, 0.0)
            for x, r in (("a", a_returns), ("b", b_returns))]
    samples = {"a": a_returns, "b": b_returns}
    assert not shown_close(rows[1], rows[0], 0.05, samples) and not shown_worse(rows[1], rows[0], samples)
    assert is_settled(rows, 0.05, samples) and best_known(rows, 0.05, samples)
    assert to_sample("racing", rows, 1000, 0.05, samples, until="best") == []
    assert to_sample("racing", rows, 1000, 0.05, samples) == []


def test_analyse_until_best_stops_once_the_best_is_known_with_fewer_rollouts():
    """An Emerald opening (seed 3), greedy rollouts: stopping once the best action is known spends fewer
    rollouts than settling every close action, and says so in the result."""
    g = dragonwidgets.new_game("emerald", players=3, seed=3)
    best = analyse(g, rollouts=200, seed=1, until="best")
    settled = analyse(g, rollouts=200, seed=1)
    assert best.until == "best" and settled.until == "settled" and best.to_dict()["until"] == "best"
    assert best.best_known and best.to_dict()["best_known"] is True
    assert best.rollouts < settled.rollouts
    assert settled[best.best().action].value >= settled.best().value - 0.05


# ------------------------------------------------------------------ live refinement, stop
def test_analyse_steps_refines_batch_by_batch_and_ends_done():
    g = dragonwidgets.new_game("emerald", players=3, seed=1)
    seen = list(analyse_steps(g, rollouts=12, policy="random", allocation="uniform"))
    spent = [a.rollouts for a in seen]
    assert len(seen) >= 3 and spent == sorted(spent) and spent[0] < spent[-1]
    assert seen[-1].done and not any(a.done for a in seen[:-1])
    assert all(r.rollouts == 12 for r in seen[-1])


def test_stop_flag_ends_the_analysis_after_the_current_batch():
    g = dragonwidgets.new_game("emerald", players=3, seed=1)
    stop = threading.Event()
    steps = analyse_steps(g, rollouts=400, policy="random", stop=stop)
    first = next(steps)
    stop.set()
    rest = list(steps)
    assert len(rest) == 1 and rest[0].done and rest[0].rollouts == first.rollouts


def test_seconds_budget_stops_early():
    g = dragonwidgets.new_game("emerald", players=3, seed=1)
    a = analyse(g, rollouts=100_000, policy="random", seconds=0.3)
    assert a.done and a.rollouts < 100_000 * len(a) and not math.isnan(a[0].value)
    tiny = analyse(g, rollouts=100, policy="random", seconds=1e-9)  # the first value of each action still comes
    assert all(r.rollouts == 1 and not math.isnan(r.value) for r in tiny)


# ------------------------------------------------------------------ errors
def test_game_over_is_refused_with_a_clear_error():
    g = dragonwidgets.new_game("draghan", players=2, seed=0)
    rng = random.Random(0)
    while not g.is_over:
        g.apply(rng.choice(g.legal_action_ids()))
    with pytest.raises(ValueError, match="game is over"):
        analyse(g)


def test_chance_node_is_refused_and_the_game_unchanged():
    g = dragonwidgets.new_game("emerald", players=3, seed=1, chance="manual")
    while g.current_player != CHANCE:
        g.apply(g.legal_action_ids()[0])
    digest = g.state_digest()
    with pytest.raises(ValueError, match="chance node"):
        analyse(g)
    assert g.state_digest() == digest


@pytest.mark.parametrize("kwargs, field", [
    ({"seat": 2}, "seat"), ({"rollouts": 0}, "rollouts"), ({"rollouts": 2.5}, "rollouts"),
    ({"seconds": 0}, "seconds"), ({"seed": -1}, "seed"), ({"allocation": "greedy"}, "allocation"),
    ({"precision": 0}, "precision"), ({"knowledge": "all"}, "knowledge"), ({"policy": "oracle"}, "policy"),
    ({"executor": "pool"}, "executor"), ({"progress": "yes"}, "progress"), ({"stop": True}, "stop"),
    ({"until": "converged"}, "until"), ({"refine": ["fly away"]}, "refine"), ({"refine": "move T1 black"}, "refine"),
])
def test_bad_arguments_are_refused_naming_the_field(kwargs, field):
    g = dragonwidgets.new_game("emerald", players=3, seed=1, first_player=0)
    digest = g.state_digest()
    with pytest.raises(ValueError, match=field):
        analyse(g, **kwargs)
    assert g.state_digest() == digest


def test_a_non_game_is_refused():
    with pytest.raises(TypeError, match="game must be"):
        analyse("emerald")  # type: ignore[arg-type]


def test_draghan_last_fight_that_no_plan_wins_is_exact_zero_and_rollouts_agree():
    """Draghan, the planner's 2-character game of seed 5 at step 44: the team declares against the dragon with
    the Shadow location deck empty, and no fight plan defeats it (DG-FIGHT-7, DG-DRAGON-5): the next round
    turns up no location and the game is lost (DG-END-4). Every action is exact 0, and rollouts say so too."""
    g = reach("draghan", 2, "planner", 5, 44)
    assert g.state.phase == "declare_target" and not g.state.decks["location_shadow"]
    a = analyse(g, rollouts=5)
    assert all(r.exact and r.value == r.low == r.high == 0.0 and r.rollouts == 0 for r in a)
    seat = g.current_player
    known = g.determinize(seat, random.Random(0))
    returns, _ = play_rollouts(known, seat, g.legal_action_ids(), [rollout_key(3, k) for k in range(3)], "planner")
    assert all(r == 0.0 for row in returns for r in row)
