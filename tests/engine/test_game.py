"""The engine protocol (DESIGN.md, 'The engine protocol'), tested on a toy dice race."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dragonwidgets
from dragonwidgets.engine import CHANCE, HistoryError, IllegalActionError, RecordError, registry
from dragonwidgets.engine.chance import Generator

from toy_game import ToyGame


@pytest.fixture(autouse=True)
def register_toy(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "toy", "toy_game")


def toy(seed=5, chance="auto", **options):
    return dragonwidgets.new_game("toy", players=2, seed=seed, chance=chance, **options)


def play_some(game, n):
    for _ in range(n):
        if game.is_over:
            break
        if game.is_chance_node:
            game.resolve_chance()
        else:
            game.apply(game.legal_actions()[game.step % 2])
    return game


def snapshot(game):
    return json.dumps(game.to_record(), sort_keys=True), json.dumps(game.observation(), sort_keys=True)


# ---------------------------------------------------------------- creation
def test_new_game_rejects_unknown_game_and_lists_known_ones():
    with pytest.raises(ValueError, match="known games: .*emerald"):
        dragonwidgets.new_game("chess", players=2)


@pytest.mark.parametrize("players", [1, 4, "2", True])
def test_new_game_rejects_player_count_out_of_range(players):
    with pytest.raises(ValueError, match="players"):
        dragonwidgets.new_game("toy", players=players)


def test_unknown_option_is_rejected_with_the_list_of_options():
    with pytest.raises(ValueError, match="no option 'speed'; its options are: target"):
        toy(speed=3)


def test_option_of_the_wrong_type_is_rejected():
    with pytest.raises(ValueError, match="option 'target' must be a int"):
        toy(target="6")


@pytest.mark.parametrize("kwargs", [{"chance": "dice"}, {"seed": -1}, {"seed": 1.5}])
def test_bad_chance_mode_or_seed_is_rejected(kwargs):
    with pytest.raises(ValueError):
        dragonwidgets.new_game("toy", players=2, **kwargs)


def test_a_numpy_integer_seed_is_kept_as_an_int_and_plays_the_same_game():
    import numpy as np

    g = dragonwidgets.new_game("toy", players=2, seed=np.int64(12))
    assert type(g.seed) is int and g.state_digest() == dragonwidgets.new_game("toy", players=2, seed=12).state_digest()
    assert g.to_record()["seed"] == 12


def test_seed_none_draws_a_seed_that_is_kept():
    g = dragonwidgets.new_game("toy", players=2)
    assert isinstance(g.seed, int) and g.to_record()["seed"] == g.seed


# ---------------------------------------------------------------- chance
def test_auto_chance_draws_due_outcomes_at_once_and_records_them():
    g = toy()
    assert g.current_player == 0 and g.step == 1
    assert g.history[0].auto and g.history[0].action.player == CHANCE


def test_manual_chance_stops_at_the_chance_node_with_probabilities():
    g = toy(chance="manual")
    assert g.current_player == CHANCE and g.is_chance_node
    outcomes = g.legal_actions()
    assert [a.id for a in outcomes] == ["roll 1", "roll 2", "roll 3"]
    assert sum(a.prob for a in outcomes) == pytest.approx(1.0)
    g.apply("roll 3")
    assert g.observation()["roll"] == 3 and not g.history[0].auto
    assert g.current_player == 0


def test_resolve_chance_refuses_outside_a_chance_node():
    g = toy()
    with pytest.raises(IllegalActionError, match="not at a chance node"):
        g.resolve_chance()


def test_chance_frequencies_follow_the_probabilities():
    counts = Counter()
    for seed in range(3000):
        counts[toy(seed=seed).observation()["roll"]] += 1
    for face, p in {1: 1 / 2, 2: 1 / 3, 3: 1 / 6}.items():
        assert counts[face] / 3000 == pytest.approx(p, abs=0.03)


@given(seed=st.integers(min_value=0, max_value=2**64), size=st.integers(min_value=0, max_value=200))
@settings(max_examples=300, deadline=None)
def test_the_games_generator_shuffles_as_the_library_does(seed, size):
    """Generator.shuffle (every game's seeded shuffle) deals what random.Random.shuffle deals from the same seed,
    and leaves the generator in the same state: seeded games and saved records keep their deals."""
    ours, library = Generator(seed), random.Random(seed)
    a, b = list(range(size)), list(range(size))
    ours.shuffle(a)
    library.shuffle(b)
    assert a == b
    assert ours.getstate() == library.getstate()


def test_same_seed_and_actions_give_the_same_state():
    a, b = play_some(toy(seed=9), 15), play_some(toy(seed=9), 15)
    assert a.state_digest() == b.state_digest()
    assert play_some(toy(seed=10), 15).to_record()["actions"] != a.to_record()["actions"]


def test_rewinding_and_replaying_draws_the_same_chance_again():
    g = play_some(toy(seed=3), 10)
    line = [e.action.id for e in g.history]
    g.goto(3)
    assert not g.is_chance_node
    g.apply(g.history[3].action.id)  # the same decision again: a branch identical to the line
    assert [e.action.id for e in g.history] == line[:5]


# ---------------------------------------------------------------- validation
def test_illegal_action_raises_says_why_lists_legal_and_changes_nothing():
    g = play_some(toy(), 3)
    before = snapshot(g)
    with pytest.raises(IllegalActionError) as err:
        g.apply("fly")
    assert err.value.legal == ["add", "skip"] and "toy reason" in str(err.value)
    assert "'add'" in str(err.value)
    assert snapshot(g) == before


def test_action_of_the_wrong_player_is_refused():
    g = toy()
    forged = type(g.legal_actions()[0])("add", "x", 1, "choose")
    with pytest.raises(IllegalActionError, match="decision"):
        g.apply(forged)


def test_apply_rejects_what_is_not_an_action():
    with pytest.raises(TypeError):
        toy().apply(3)


def test_apply_after_the_end_says_the_game_is_over():
    g = play_some(toy(), 200)
    assert g.is_over and g.current_player is None and g.legal_actions() == []
    with pytest.raises(IllegalActionError, match="over"):
        g.apply("add")


def test_a_failing_rule_leaves_no_half_applied_state(monkeypatch):
    g = play_some(toy(), 3)
    before = snapshot(g)

    calls = []

    def broken(action):  # fails on the new action only, as a buggy rule would
        calls.append(action)
        if len(calls) == 1:
            g.state.totals[0] += 100
            raise RuntimeError("bug")
        return ToyGame._apply(g, action)

    monkeypatch.setattr(g, "_apply", broken)
    with pytest.raises(RuntimeError):
        g.apply("add")
    monkeypatch.undo()
    assert snapshot(g) == before


def test_apply_returns_the_events_including_auto_chance():
    g = toy()
    events = g.apply("add")
    assert [e.kind for e in events] == ["chose", "rolled"]


# ---------------------------------------------------------------- history
def test_undo_steps_back_over_the_decision_and_its_auto_chance():
    g = toy()
    first = g.observation()
    g.apply("add")
    g.undo()
    assert g.step == 1 and g.observation() == first
    with pytest.raises(HistoryError, match="no decision"):
        g.undo()  # only the opening roll, drawn by the generator, lies behind
    g.goto(0)
    with pytest.raises(HistoryError):
        g.undo()


def test_undo_in_manual_mode_steps_back_one_entry():
    g = toy(chance="manual")
    g.apply("roll 2")
    g.apply("skip")
    g.undo()
    assert g.step == 1 and g.current_player == 0


def test_goto_shows_every_past_state_exactly():
    g = toy(seed=11)
    seen = [g.observation()]
    while not g.is_over:
        g.apply(g.legal_actions()[g.step % 2])
        seen.append(g.observation())
    length = len(g.history)
    for step in range(length, -1, -1):
        g.goto(step)
        if g.is_chance_node:  # in auto mode the states before a draw are only passed through
            continue
        assert g.observation() in seen
    assert len(g.history) == length


@pytest.mark.parametrize("step", [-1, 10_000, 1.0, True])
def test_goto_outside_the_history_raises(step):
    with pytest.raises(HistoryError):
        toy().goto(step)


def test_applying_at_a_past_step_starts_a_branch():
    g = play_some(toy(seed=4), 12)
    g.goto(3)
    other = "skip" if g.history[3].action.id == "add" else "add"
    g.apply(other)
    assert g.history[3].action.id == other
    assert len(g.history) == 5  # the decision and the roll drawn after it
    assert g.step == 5


# ---------------------------------------------------------------- records
def test_record_has_the_documented_keys_and_survives_json():
    g = play_some(toy(seed=2), 9)
    rec = json.loads(json.dumps(g.to_record()))
    assert {"game", "version", "options", "seed", "actions", "players", "chance", "final", "step"} <= set(rec)
    assert rec["game"] == "toy" and len(rec["actions"]) == len(g.history)
    again = dragonwidgets.from_record(rec)
    assert again.state_digest() == g.state_digest()
    assert [e.auto for e in again.history] == [e.auto for e in g.history]
    assert again.chance_mode == "auto"


def test_record_keeps_the_shown_step_and_the_whole_line():
    g = play_some(toy(seed=2), 9)
    g.goto(4)
    again = dragonwidgets.from_record(g.to_record())
    assert again.step == 4 and len(again.history) == len(g.history)


def good_record():
    return play_some(toy(seed=2), 9).to_record()


@pytest.mark.parametrize(
    "mutate, message",
    [
        (lambda r: r.pop("seed"), "no 'seed' key"),
        (lambda r: r.update(seed="2"), "'seed' must be a int"),
        (lambda r: r.update(game="chess"), "unknown game"),
        (lambda r: r.update(version=99), "version 99"),
        (lambda r: r.update(players=9), "cannot start the game"),
        (lambda r: r.update(options={"speed": 1}), "no option 'speed'"),
        (lambda r: r["actions"].__setitem__(1, {"id": "fly", "player": 0}), r"actions\[1\]"),
        (lambda r: r["actions"].__setitem__(1, "add"), r"actions\[1\] must be a dict"),
        (lambda r: r["actions"][1].update(player=1), r"actions\[1\].*played by 1"),
        (lambda r: r.update(step=99), "'step'"),
        (lambda r: r.update(chance="dice"), "'chance'"),
    ],
)
def test_malformed_records_raise_a_clear_error(mutate, message):
    rec = good_record()
    mutate(rec)
    with pytest.raises(RecordError, match=message):
        dragonwidgets.from_record(rec)


def test_a_record_with_an_altered_die_face_is_detected():
    rec = good_record()
    i = next(i for i, a in enumerate(rec["actions"]) if a["id"].startswith("roll") and i > 2)
    rec["actions"][i]["id"] = "roll 1" if rec["actions"][i]["id"] != "roll 1" else "roll 2"
    with pytest.raises(RecordError, match="altered"):
        dragonwidgets.from_record(rec)


def test_record_that_is_not_a_dict_is_refused():
    with pytest.raises(RecordError, match="dict"):
        dragonwidgets.from_record([1, 2])


# ---------------------------------------------------------------- views, log, explain
def test_observation_of_a_seat_hides_what_it_may_not_see():
    g = toy(seed=1)
    assert isinstance(g.observation()["secret"], list)
    assert g.observation(1)["secret"] == 0
    assert g.observation(0)["secret"] == g.state.secret[0]
    json.dumps(g.observation(0))


@pytest.mark.parametrize("player", [2, -1, "0", True])
def test_observation_of_a_non_seat_raises(player):
    with pytest.raises(ValueError, match="seat"):
        toy().observation(player)


def test_log_shows_private_text_only_to_its_seat():
    g = toy(seed=1)
    assert g.log(0)[0]["text"].startswith("rolled ")
    assert g.log(1)[0]["text"] == "rolled"
    assert g.log(None)[0]["text"] == g.log(0)[0]["text"]


def test_explain_names_the_rule_or_the_reason():
    g = toy()
    assert "TOY-1" in g.explain("add")
    assert g.explain("fly") == "'fly' is not legal: toy reason"


def test_clone_is_independent():
    g = toy()
    c = g.clone()
    c.apply("add")
    assert g.step == 1 and c.step >= 2


def test_outcome_reports_scores_and_winners_once_over():
    g = toy()
    assert g.outcome() is None and g.winners() == []
    play_some(g, 200)
    out = g.outcome()
    assert out.winners == g.winners() and max(out.scores.values()) == out.scores[out.winners[0]]
    assert g.observation()["outcome"]["winners"] == out.winners


# ---------------------------------------------------------------- bots
def test_a_bot_sees_its_seat_observation_only_and_random_bot_none():
    from dragonwidgets.engine import RandomBot, bot_move

    seen = []

    class Spy:
        def choose(self, view, legal, rng):
            seen.append(view)
            return legal[0]

    g = toy(seed=1)
    bot_move(g, Spy(), random.Random(0))
    assert seen[-1] == g.observation(0) and seen[-1]["secret"] == g.state.secret[0]

    class SpyRandom(RandomBot):
        def choose(self, view, legal, rng):
            seen.append(view)
            return super().choose(view, legal, rng)

    bot_move(g, SpyRandom(), random.Random(0))
    assert seen[-1] == {}


def test_bot_move_refuses_at_a_chance_node():
    from dragonwidgets.engine import RandomBot, bot_move

    with pytest.raises(ValueError, match="no seat decides"):
        bot_move(toy(chance="manual"), RandomBot(), random.Random(0))


def test_a_failing_rule_at_a_past_step_keeps_the_line_after_it(monkeypatch):
    g = play_some(toy(seed=4), 10)
    line = [e.action.id for e in g.history]
    g.goto(3)

    def broken(action):
        raise RuntimeError("bug")

    monkeypatch.setattr(g, "_apply", broken)
    with pytest.raises(RuntimeError):
        g.apply(g.legal_action_ids()[0])
    monkeypatch.undo()
    assert [e.action.id for e in g.history] == line
