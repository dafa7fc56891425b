"""An OpenSpiel bot in a widget seat: :func:`bot_seat` wraps any bot with OpenSpiel's ``step(state)``.

>>> import pyspiel
>>> from open_spiel.python.algorithms import mcts
>>> import dragonwidgets
>>> from dragonwidgets import openspiel
>>> _ = openspiel.register()
>>> game = pyspiel.load_game("python_dragonwidgets_emerald", {"players": 2})
>>> bot = mcts.MCTSBot(game, 2.0, 20, mcts.RandomRolloutEvaluator(1, random_state=None))
>>> w = dragonwidgets.EmeraldWidget(players=2, seed=1, seats=["random", openspiel.bot_seat(bot, game)])
"""

from __future__ import annotations

import random
from typing import Any, Callable

import pyspiel

from ..engine.actions import Action
from ..engine.errors import IllegalActionError
from .state import DragonwidgetsState, _Table


class OpenSpielSeat:
    """A widget seat played by an OpenSpiel bot (made by :func:`bot_seat`).

    At each of its seat's decisions the bot is given a :class:`~.state.DragonwidgetsState` holding a copy
    of the table seen from that seat, everything the seat cannot see redealt (the game's ``determinize``,
    with a fresh seed, so no future die is known, and no true start or past: its deal is the copy's seed, its
    moves empty), with explicit chance nodes (``chance="manual"``): the
    bot searches that copy, never the real table. Its answer, an action index, is mapped back to the
    legal action of that id.
    """

    needs_search = True  # bot_move gives choose() a determinize(rng) bound to the seat

    def __init__(self, bot: Any, game: pyspiel.Game):
        self.bot, self.game = bot, game
        self.name = f"openspiel {type(bot).__name__}"

    def choose(self, view: dict[str, Any], legal_actions: list[Action], rng: random.Random,
               determinize: Callable[[random.Random], Any]) -> Action:
        """Return the legal action the bot picks on a redealt copy of the table.

        Raises:
            ValueError: the bot's OpenSpiel game is another game or player count than the table's.
            IllegalActionError: the bot answered an index that is not one of the legal actions now.
        """
        table = determinize(rng)
        if (self.game.game_name, self.game.num_players()) != (table.name, table.players):
            raise ValueError(f"the bot plays {self.game.game_name} with {self.game.num_players()} players, the "
                             f"widget {table.name} with {table.players}: load the game the widget shows")
        table.chance_mode = "manual"  # OpenSpiel samples chance itself, from the outcomes' probabilities
        state = DragonwidgetsState(self.game)
        state._table = _Table(table, deal=table.seed, moves=[], replayable=False)
        index = self.bot.step(state)
        action_id = table.action_id(index) if 0 <= index < table.num_distinct_actions else f"<index {index}>"
        for action in legal_actions:
            if action.id == action_id:
                return action
        raise IllegalActionError(action_id, f"the OpenSpiel bot answered index {index}, not a legal action now",
                                 [a.id for a in legal_actions])


def bot_seat(bot: Any, game: pyspiel.Game) -> OpenSpielSeat:
    """Return a widget seat played by ``bot`` (any OpenSpiel bot with ``step(state) -> int``, such as
    ``mcts.MCTSBot`` or ``ismcts.ISMCTSBot``), made for ``game`` (the ``pyspiel.Game`` it was built with,
    of the game and player count the widget shows): ``seats=["human", openspiel.bot_seat(bot, game)]``.
    The bot searches a redealt copy of the table seen from its seat (:class:`OpenSpielSeat`); what it does
    wrong (raising, an illegal index) pauses the widget's bots and shows the error, changing nothing.
    """
    return OpenSpielSeat(bot, game)
