"""The game-agnostic engine: actions, events, the Game state machine, bots, records.

``game.py`` holds :class:`Game`, built from a part per job: ``protocol.py`` (the hooks a game
implements), ``chance.py`` (seeded chance draws), ``history.py`` (history, undo, log, clones),
``records.py`` (records, positions) and ``spaces.py`` (the numeric face for agents; the pieces of
the games' tensor encoders in ``tensors.py``).

Nothing here imports Jupyter; games import the engine and widgets import games, never the reverse.
"""

from .actions import CHANCE, Action, Event, event
from .bots import Bot, RandomBot, bot_move, play_out
from .errors import DragonwidgetsError, GameDataError, HistoryError, IllegalActionError, PositionError, RecordError
from .game import Entry, Game, Outcome
from .mcts import MCTSBot
from .registry import GAMES, GENERIC_BOTS, bot_names, from_record, game_class, make_bot, new_game

__all__ = [
    "CHANCE", "Action", "Event", "event", "Bot", "RandomBot", "bot_move", "play_out", "DragonwidgetsError",
    "GameDataError", "HistoryError", "IllegalActionError", "PositionError", "RecordError", "Entry", "Game", "Outcome",
    "MCTSBot", "GAMES", "GENERIC_BOTS", "bot_names", "from_record", "game_class", "make_bot", "new_game",
]
