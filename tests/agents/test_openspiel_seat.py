"""An OpenSpiel bot plays a widget seat in one line (issue 15, item 4): ``openspiel.bot_seat(bot, game)``.

The bot searches a copy of the table seen from its seat (hidden parts redealt, a fresh seed, explicit
chance nodes), never the real table; what it does wrong pauses the bots and changes nothing.
"""

from __future__ import annotations

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the optional extra 'openspiel' is not installed")
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import dragonwidgets  # noqa: E402
from dragonwidgets import openspiel  # noqa: E402
from dragonwidgets.widgets import IntentError  # noqa: E402

openspiel.register()


class Spy:
    """Wraps an OpenSpiel bot and keeps every state it was asked about (and the table at that moment)."""

    def __init__(self, bot, widget):
        self.bot, self.widget, self.seen = bot, widget, []

    def step(self, state):
        real = self.widget.game
        self.seen.append((state, state.table.observation(real.current_player), real.observation(real.current_player),
                          state.table.observation(None), real.observation(None)))
        return self.bot.step(state)


def mcts_bot(game, seed=0):
    rng = np.random.RandomState(seed)
    return mcts.MCTSBot(game, 2.0, 12, mcts.RandomRolloutEvaluator(1, random_state=rng), random_state=rng)


def play_bot_decisions(w, seat, n):
    """Let the widget's seats play until ``seat`` has decided ``n`` times; return the entries it made."""
    made = []
    while len(made) < n and not w.game.is_over:
        step = w.game.step
        w.bot_step()
        entry = w.game.entry(step)
        if entry.action.player == seat:
            made.append(entry)
    return made


def test_an_openspiel_mcts_bot_plays_a_seat_on_a_redealt_copy_seen_from_it():
    """Emerald, 2 players: MCTS plays seat 1; each time it is given a copy (never the widget's game) whose
    seat view equals the real seat's view, whose full table differs where the seat cannot see (hidden
    gold, face-down piles), with another seed and manual chance (OpenSpiel samples the dice itself)."""
    game = pyspiel.load_game("python_dragonwidgets_emerald", {"players": 2})
    w = dragonwidgets.EmeraldWidget(players=2, seed=3, seats=["random", "human"], playing=False)
    spy = Spy(mcts_bot(game), w)
    w.set_seat(1, openspiel.bot_seat(spy, game))
    assert w.seats[1] == "agent openspiel Spy"
    made = play_bot_decisions(w, 1, 6)
    assert len(made) == 6 and len(spy.seen) == 6
    redealt = 0
    for state, copy_view, real_view, copy_full, real_full in spy.seen:
        assert state.table is not w.game
        assert state.table.chance_mode == "manual" and state.table.seed != w.game.seed
        assert {k: v for k, v in copy_view.items() if k != "step"} == {k: v for k, v in real_view.items() if k != "step"}
        redealt += copy_full != real_full
    assert redealt > 0  # hidden parts were redealt: the full tables differ


def test_an_openspiel_ismcts_bot_plays_a_draghan_seat():
    """Draghan, 2 characters: IS-MCTS plays seat 0 for three of its decisions through the widget."""
    game = pyspiel.load_game("python_dragonwidgets_draghan", {"players": 2})
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)), 2.0, 10,
                           random_state=np.random.RandomState(1), use_observation_string=True)
    w = dragonwidgets.DraghanWidget(players=2, seed=5, seats=[openspiel.bot_seat(bot, game), "planner"], playing=False)
    assert w.seats[0] == "agent openspiel ISMCTSBot"
    made = play_bot_decisions(w, 0, 3)
    assert len(made) == 3


class Illegal:
    """An OpenSpiel-style bot answering an index of the action space that is not legal now."""

    def __init__(self, game):
        self.game = game

    def step(self, state):
        legal = set(state.legal_actions())
        return next(i for i in range(self.game.num_distinct_actions()) if i not in legal)


@pytest.mark.parametrize("bad", ["illegal", "other_players"])
def test_an_openspiel_bot_that_answers_wrong_pauses_the_bots_and_changes_nothing(bad):
    """An illegal index, or a bot built for another player count: the widget pauses its bots, shows why in
    ``last_error``, and the game is exactly as it was."""
    players = 2 if bad == "illegal" else 3
    game = pyspiel.load_game("python_dragonwidgets_emerald", {"players": players})
    bot = Illegal(game) if bad == "illegal" else mcts_bot(game)
    w = dragonwidgets.EmeraldWidget(players=2, seed=4, seats=[openspiel.bot_seat(bot, game), "random"], playing=False)
    w.playing = True
    before = (w.game.step, w.game.observation(None))
    with pytest.raises(IntentError):
        w.bot_step()
    assert (w.game.step, w.game.observation(None)) == before
    assert w.playing is False
    expected = "not a legal action now" if bad == "illegal" else "load the game the widget shows"
    assert expected in w.last_error
