"""``dragonwidgets.openspiel`` registers the games as OpenSpiel Python games (issue 15, item 3): each passes
OpenSpiel's own ``random_sim_test`` with serialization at its smallest and largest player count, OpenSpiel's
MCTS and IS-MCTS bots play it to the end, and its observation tensor is the game's own (nothing hidden
shows). La Chasse au Dragon and Drachenland, whose rules bound no length, are searched with
``TruncatedRolloutEvaluator`` (rollouts cut after ``max_steps``, the table then valued by the scores). A game
joins once it has the numeric face and a ``dragonwidgets.openspiel.SPECS`` entry; until then
its cases are skipped with the reason.

OpenSpiel's C++ search bots (``pyspiel.MCTSBot``, ``pyspiel.ISMCTSBot``) crash the interpreter on any
Python game (its own ``python_tic_tac_toe`` too, OpenSpiel 2.0.2), so the tests use its Python ones.
"""

from __future__ import annotations

import json

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the optional extra 'openspiel' is not installed")
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import dragonwidgets  # noqa: E402
from dragonwidgets import IllegalActionError  # noqa: E402
from dragonwidgets.engine.registry import game_class  # noqa: E402
from dragonwidgets.openspiel import (DEALS, SPECS, TruncatedRolloutEvaluator, register, registrable,  # noqa: E402
                                     short_name, standing)

GAMES = ("emerald", "drachenland", "chasse_au_dragon", "draghan")
REGISTERED = register()


#: The games whose rules bound no length: a random game runs thousands of steps. La Chasse au Dragon ends
#: only when a dragon is slain (CD-END-3); Drachenland only when the last egg is taken (DL-END-2): a random
#: game at 4 players takes 3,000 to 10,000 steps, about 25 s each under OpenSpiel's random_sim_test.
LONG = ("chasse_au_dragon", "drachenland")
#: The games OpenSpiel's search bots play in the tests: their random rollouts end within a few hundred steps
#: (Draghan: at most 20 rounds, about 0.3 s a case). From a late table of a LONG game a rollout may run
#: thousands of steps (Chasse: IS-MCTS took 225 s at 2 players, 433 s at 6): too slow for every CI run, so
#: the LONG games are searched with TruncatedRolloutEvaluator for a few decisions instead.
SEARCHED = ("emerald", "draghan")
#: A truncated rollout's length in the LONG games' search tests (about 0.25 ms a step).
MAX_STEPS = 30
#: The observation test checks every step of a game up to this many, then every 25th (the redeal steps).
CHECK_EVERY_STEP = 500


def _cases(hidden_only=False, search=False, games=GAMES):
    for name in games:
        cls = game_class(name)
        why = registrable(name)
        if why is None and hidden_only and not SPECS[name].hidden_information:
            why = f"{name} hides nothing: information-set search does not apply"
        if why is None and search and name not in SEARCHED:
            why = (f"{name}'s random rollouts can run thousands of steps (no length bound in its rules): "
                   "searched with truncated rollouts instead")
        for players in sorted({cls.min_players, cls.max_players}):
            marks = () if why is None else pytest.mark.skip(reason=why)
            yield pytest.param(name, players, marks=marks, id=f"{name}-{players}")


CASES = list(_cases())
LONG_CASES = list(_cases(games=LONG))


def _load(name, players):
    return pyspiel.load_game(short_name(name), {"players": players})


def _random_state(game, rng, stop=lambda state: False):
    """Play ``game`` from the start with random legal actions and chance outcomes drawn by their
    probabilities until the end or ``stop(state)``; return the state."""
    state = game.new_initial_state()
    while not state.is_terminal() and not stop(state):
        _random_step(state, rng)
    return state


def _random_step(state, rng):
    if state.is_chance_node():
        outcomes, probs = zip(*state.chance_outcomes())
        state.apply_action(int(rng.choice(outcomes, p=probs)))
    else:
        state.apply_action(int(rng.choice(state.legal_actions())))


def _decisions(state):
    return sum(step.player >= 0 for step in state.full_history())


@pytest.mark.parametrize("name, players", CASES)
def test_load_game_gives_the_games_spaces_and_type(name, players):
    game = _load(name, players)
    table = dragonwidgets.new_game(name, players=players, seed=0)
    kind, spec = game.get_type(), SPECS[name]
    assert short_name(name) in REGISTERED and register() == REGISTERED  # registering again changes nothing
    assert game.num_players() == players
    assert game.num_distinct_actions() == table.num_distinct_actions
    assert game.max_chance_outcomes() == max(DEALS, len(table.chance_space))
    assert game.observation_tensor_shape() == list(table.observation_tensor_shape)
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert kind.utility == spec.utility
    assert (kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION) == spec.hidden_information
    assert (game.min_utility(), game.max_utility()) == (spec.min_utility, spec.max_utility)


def test_emerald_is_constant_sum_imperfect_information_and_players_defaults_to_the_smallest():
    game = pyspiel.load_game("python_dragonwidgets_emerald")
    kind = game.get_type()
    assert game.num_players() == 2 and game.get_parameters() == {"players": 2}
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM and game.utility_sum() == 1.0
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert pyspiel.load_game("python_dragonwidgets_emerald", {"players": 3}).num_players() == 3
    with pytest.raises(ValueError, match="2 to 5 players, not 6"):
        pyspiel.load_game("python_dragonwidgets_emerald", {"players": 6})


@pytest.mark.parametrize("name, players", CASES)
def test_random_sim_test_passes_with_serialization(name, players):
    """OpenSpiel's own checks over whole random games (two; one for a LONG game: thousands of steps)."""
    pyspiel.random_sim_test(_load(name, players), num_sims=1 if name in LONG else 2, serialize=True, verbose=False)


@pytest.mark.parametrize("name, players", CASES)
def test_a_random_game_stays_within_the_declared_lengths_and_returns(name, players):
    game = _load(name, players)
    state = _random_state(game, np.random.default_rng(players))
    chance_nodes = len(state.history()) - _decisions(state)
    assert _decisions(state) <= game.max_game_length()
    assert chance_nodes <= game.max_chance_nodes_in_history()
    assert state.returns() == state.table.returns() and state.rewards() == state.returns()
    assert all(game.min_utility() <= r <= game.max_utility() for r in state.returns())
    if SPECS[name].utility == pyspiel.GameType.Utility.IDENTICAL:  # a team: one reward for all (DG-END-1)
        assert len(set(state.returns())) == 1
    if SPECS[name].utility_sum is not None:
        assert sum(state.returns()) == pytest.approx(game.utility_sum())
    evaluator = TruncatedRolloutEvaluator(n_rollouts=3, max_steps=MAX_STEPS, random_state=np.random.RandomState(0))
    assert evaluator.rollout(state).history() == state.history()  # nothing left to play
    assert list(evaluator.evaluate(state)) == state.returns()  # at the end: exactly the returns


@pytest.mark.parametrize("name, players", CASES)
def test_chance_outcomes_are_the_deals_then_the_games_own(name, players):
    game = _load(name, players)
    state = game.new_initial_state()
    deals = state.chance_outcomes()
    assert [k for k, _ in deals] == list(range(DEALS)) and sum(p for _, p in deals) == pytest.approx(1.0)
    state.apply_action(5)
    assert state.table.seed == 5 and state.table.chance_mode == "manual"
    rng = np.random.default_rng(0)
    while not state.is_chance_node() and not state.is_terminal():
        _random_step(state, rng)
    assert state.is_chance_node(), "a whole game without a die roll or a card turned up"
    table = state.table
    want = sorted((table.chance_space.index(a.id), a.prob) for a in table.legal_actions())
    assert state.chance_outcomes() == want
    assert [state.action_to_string(pyspiel.PlayerId.CHANCE, k) for k, _ in want] == \
        [table.chance_space.id(k) for k, _ in want]


@pytest.mark.parametrize("name, players", CASES)
def test_legal_actions_are_the_games_indices_and_an_illegal_one_changes_nothing(name, players):
    state = _random_state(_load(name, players), np.random.default_rng(1),
                          stop=lambda s: s.history() and not s.is_chance_node())
    table, seat = state.table, state.current_player()
    assert state.legal_actions() == table.legal_action_indices()
    assert [state.action_to_string(seat, i) for i in state.legal_actions()] == table.legal_action_ids()
    assert all(state.legal_actions(other) == [] for other in range(players) if other != seat)
    illegal = next(i for i in range(table.num_distinct_actions) if i not in state.legal_actions())
    history, digest = state.history(), table.state_digest()
    with pytest.raises(IllegalActionError, match=f"index {illegal} "):
        state.apply_action(illegal)
    assert state.history() == history and table.state_digest() == digest


@pytest.mark.parametrize("name, players", CASES)
def test_serialization_replays_the_history(name, players):
    game = _load(name, players)
    state = _random_state(game, np.random.default_rng(2), stop=lambda s: len(s.history()) >= 60)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert game2.num_players() == players and state2.history() == state.history()
    assert state2.table.state_digest() == state.table.state_digest()
    assert state2.table.history_length == len(state.history()) - 1  # every step but the deal, replayed
    assert state2.legal_actions() == state.legal_actions() or state.is_chance_node()
    assert [state2.observation_string(p) for p in range(players)] == [state.observation_string(p) for p in range(players)]


@pytest.mark.parametrize("name, players", CASES)
def test_the_observation_is_the_games_and_hides_what_the_seat_cannot_see(name, players):
    """The tensor and string are ``observation_tensor(seat)`` / ``observation(seat)`` at every step; a redeal
    of everything a seat cannot see (``resample_from_infostate``) changes the table but not that seat's
    observation (the hidden-information rules of each game, e.g. EM-CARD-2 and digest section 7). Every step
    up to CHECK_EVERY_STEP is checked, then every 25th (a LONG game runs thousands)."""
    game = _load(name, players)
    rng = np.random.default_rng(3)
    state = game.new_initial_state()
    assert all(not np.any(state.observation_tensor(p)) for p in range(players))  # before the deal: nothing
    state.apply_action(int(rng.integers(DEALS)))
    redealt_tables = 0
    while not state.is_terminal():
        table = state.table
        if len(state.history()) > CHECK_EVERY_STEP and len(state.history()) % 25:
            _random_step(state, rng)
            continue
        for seat in range(players):
            assert np.array_equal(np.asarray(state.observation_tensor(seat), dtype=np.float32),
                                  table.observation_tensor(seat))
            assert json.loads(state.observation_string(seat)) == table.observation(seat)
        if SPECS[name].hidden_information and len(state.history()) % 25 == 0:
            seat = max(state.current_player(), 0)
            twin = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert twin.observation_tensor(seat) == state.observation_tensor(seat)
            assert twin.observation_string(seat) == state.observation_string(seat)
            redealt_tables += twin.table.observation(None) != table.observation(None)
            with pytest.raises(TypeError, match="for search only"):
                pyspiel.serialize_game_and_state(game, twin)
        _random_step(state, rng)
    assert redealt_tables > 0 or not SPECS[name].hidden_information, "no redeal changed a hidden card"


def _late_state(game, seed, decisions_left=12):
    """Return a state ``decisions_left`` decisions before the end of a seeded random game (bots then play
    from there: a whole game of search with random rollouts would take a minute or more)."""
    whole = _random_state(game, np.random.default_rng(seed))
    cut = _decisions(whole) - decisions_left
    state = game.new_initial_state()
    for step in whole.full_history():
        if step.player >= 0 and _decisions(state) == cut:
            break
        state.apply_action(step.action)
    return state


def _play_out(state, bot, rng, most=None):
    """Let ``bot`` decide for every seat and chance draw its outcomes until the end (or ``most`` decisions);
    return the decisions."""
    decisions = 0
    while not state.is_terminal() and decisions != most:
        if state.is_chance_node():
            _random_step(state, rng)
            continue
        action = int(bot.step(state))
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    return decisions


def _check_end(game, state, name):
    assert state.is_terminal() and state.table.is_over
    assert state.returns() == state.table.returns()
    if SPECS[name].utility == pyspiel.GameType.Utility.IDENTICAL:  # a team: one reward for all (DG-END-1)
        assert len(set(state.returns())) == 1
    if SPECS[name].utility_sum is not None:
        assert sum(state.returns()) == pytest.approx(game.utility_sum())


@pytest.mark.parametrize("name, players", list(_cases(search=True)))
def test_openspiels_mcts_bot_plays_to_the_end(name, players):
    game = _load(name, players)
    state = _late_state(game, seed=4)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(4))
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4, evaluator=evaluator,
                       random_state=np.random.RandomState(4))
    assert _play_out(state, bot, np.random.default_rng(4)) > 0
    _check_end(game, state, name)


def _recording_resampler(sampled):
    """Return IS-MCTS's resampler: ``resample_from_infostate``, appending to ``sampled`` whether the redealt
    table shows the seat the same observation."""

    def resample(state, seat):
        twin = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
        sampled.append(twin.observation_string(seat) == state.observation_string(seat))
        return twin

    return resample


@pytest.mark.parametrize("name, players", list(_cases(hidden_only=True, search=True)))
def test_openspiels_ismcts_bot_plays_to_the_end_on_redealt_tables(name, players):
    """IS-MCTS searches only tables redealt from what the seat to move sees (``resample_from_infostate``),
    keyed by that seat's observation string."""
    game = _load(name, players)
    state = _late_state(game, seed=5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(5))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=4, random_state=np.random.RandomState(5),
                           use_observation_string=True)
    sampled = []
    bot.set_resampler(_recording_resampler(sampled))
    assert _play_out(state, bot, np.random.default_rng(5)) > 0
    _check_end(game, state, name)
    assert sampled and all(sampled)


class _RecordingEvaluator(TruncatedRolloutEvaluator):
    """The evaluator under test, keeping each rollout's length (and whether it ended the game) and each
    value it returned to the bot."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.rollouts, self.values = [], []

    def rollout(self, state):
        end = super().rollout(state)
        self.rollouts.append((len(end.history()) - len(state.history()), end.is_terminal()))
        return end

    def evaluate(self, state):
        value = super().evaluate(state)
        self.values.append(value)
        return value


def _check_values(game, values):
    """Each value is one number per seat within the utility bounds, adding up to the utility sum."""
    assert values
    for value in values:
        assert value.shape == (game.num_players(),)
        assert np.all((game.min_utility() <= value) & (value <= game.max_utility()))
        assert value.sum() == pytest.approx(game.utility_sum())


@pytest.mark.parametrize("name, players", LONG_CASES)
def test_a_truncated_rollout_stops_after_max_steps_and_values_the_scores(name, players):
    """A rollout from early in a LONG game takes exactly ``max_steps`` steps (decisions and chance nodes) unless
    the game ends first, and leaves the state it started from alone. ``standing`` then shares the utility by
    the scores now: a higher score never gets less, equal scores the same, no score nothing once some seat
    has scored (CD-SCORE-1..3, DL-SCORE-1..6 count them); a finished rollout is valued by its returns."""
    game = _load(name, players)
    state = _random_state(game, np.random.default_rng(6), stop=lambda s: len(s.history()) >= 20)
    history = state.history()
    evaluator = TruncatedRolloutEvaluator(n_rollouts=1, max_steps=100, random_state=np.random.RandomState(6))
    scored = 0
    for _ in range(8):
        end = evaluator.rollout(state)
        steps, value = len(end.history()) - len(history), standing(end)
        assert end.history()[:len(history)] == history and state.history() == history
        _check_values(game, [value])
        if end.is_terminal():
            assert steps <= 100 and list(value) == end.returns()
            continue
        assert steps == 100
        scores = end.table.scores()
        for a in range(players):
            for b in range(players):
                assert (scores[a] > scores[b]) <= (value[a] > value[b])
                assert (scores[a] == scores[b]) <= (value[a] == value[b])
            assert (scores[a] == 0 < max(scores.values())) <= (value[a] == 0)
        scored += max(scores.values()) > 0
    assert scored, "no rollout cut after 100 steps had a score: the values were never the scores' shares"
    assert list(standing(game.new_initial_state())) == [1 / players] * players  # before the deal: equal shares


@pytest.mark.parametrize("bot_name", ["mcts", "ismcts"])
@pytest.mark.parametrize("name, players", LONG_CASES)
def test_openspiels_search_bots_play_the_long_games_with_truncated_rollouts(name, players, bot_name):
    """OpenSpiel's MCTS and IS-MCTS bots, given ``TruncatedRolloutEvaluator``, choose a legal action at each
    of 5 decisions from early in a LONG game; no rollout runs past ``MAX_STEPS`` (it stops there unless the
    game ends); every value the bot gets is within the utility bounds and adds up to the utility sum; IS-MCTS
    searches only tables redealt from what the seat to move sees."""
    game = _load(name, players)
    state = _random_state(game, np.random.default_rng(7), stop=lambda s: len(s.history()) >= 40)
    evaluator = _RecordingEvaluator(n_rollouts=1, max_steps=MAX_STEPS, random_state=np.random.RandomState(7))
    sampled = []
    if bot_name == "mcts":
        bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator,
                           random_state=np.random.RandomState(7))
    else:
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=np.random.RandomState(7),
                               use_observation_string=True)
        bot.set_resampler(_recording_resampler(sampled))
    assert _play_out(state, bot, np.random.default_rng(7), most=5) == 5
    assert evaluator.rollouts and all(steps == MAX_STEPS or (steps < MAX_STEPS and ended)
                                      for steps, ended in evaluator.rollouts)
    _check_values(game, evaluator.values)
    assert bot_name == "mcts" or (sampled and all(sampled))


def test_the_evaluator_refuses_bad_arguments_and_other_games_states():
    with pytest.raises(ValueError, match="n_rollouts must be an int of at least 1, got 0"):
        TruncatedRolloutEvaluator(n_rollouts=0)
    with pytest.raises(ValueError, match="max_steps must be an int of at least 0, got -1"):
        TruncatedRolloutEvaluator(max_steps=-1)
    with pytest.raises(ValueError, match="max_steps must be an int of at least 0, got 2.5"):
        TruncatedRolloutEvaluator(max_steps=2.5)
    with pytest.raises(TypeError, match="dragonwidgets states only, got"):
        TruncatedRolloutEvaluator().evaluate(pyspiel.load_game("tic_tac_toe").new_initial_state())


def test_a_cooperative_table_is_valued_at_the_midpoint_until_the_end():
    """Draghan's score says nothing before the end (DG-SCORE-1): every seat gets the midpoint, 0.5."""
    game = _load("draghan", 3)
    state = _random_state(game, np.random.default_rng(8), stop=lambda s: len(s.history()) >= 10)
    assert not state.is_terminal() and list(standing(state)) == [0.5, 0.5, 0.5]
    assert list(TruncatedRolloutEvaluator(max_steps=0).evaluate(state)) == [0.5, 0.5, 0.5]
