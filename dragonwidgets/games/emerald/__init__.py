"""Emerald (rules digest ``EM``): knights walk to the dragon's lair, taking gold and gems on the way.

>>> from dragonwidgets.games import emerald
>>> game = emerald.new_game(players=4, seed=3)
>>> game.players, game.player_name(0)
(4, 'Black')

The modules, in the order of a game (each function's docstring names the rule IDs it implements):

- ``board.py``: the board file, loaded and checked (EM-REC-*, the counts of EM-SETUP-*).
- ``state.py``: the constants, the mutable ``EmeraldState``, and ``Rules`` (names, options' readings).
- ``setup.py``: knights in the castle, the piles dealt, the first player (EM-SETUP-*, EM-P2/P34/P5-1).
- ``turn.py``: one turn step by step: each decision applied and what follows it (EM-TURN-*, digest 6.2).
- ``movement.py``: ``select_knight``: movable knights, exact distances, the lair (EM-MOVE-*, EM-LAIR-*, EM-P2-2).
- ``cards.py``: ``take_card``: the face-up cards of a mountain square (EM-CARD-*).
- ``bonus.py``: four different gems, then the gem majorities (EM-BONUS-*).
- ``dragon.py``: when the dragon wakes, its flight, the flight track's advance (EM-DRAGON-*, EM-TRACK-*).
- ``capture.py``: ``choose_victim``, ``pay_or_lose``: the capture, soothing with gold (EM-CAPTURE-*, EM-SOOTHE-*).
- ``ending.py``: the end conditions, the end's bonuses and scores reported (EM-END-*).
- ``scoring.py``: points and tie-breaks (EM-SCORE-*).
- ``actions.py`` and ``events.py``: the action ids (their grammar) and the events' texts, built once.
- ``observation.py``: what each seat may see (digest section 7); ``text.py``: the text board.
- ``why.py``: which rule refuses an action id now.
- ``determinize.py``: what a seat cannot see, redealt for search.
- ``position.py``: the table as a position and back (issue 13); ``position_cards.py`` places the cards a
  position names, ``position_checks.py`` reads the fields and checks the table against the rules.
- ``bots.py``: the greedy bot (and the engine's random one).
- ``game.py``: ``EmeraldGame``, wiring them into the engine's protocol; its options are the EM-INT-* readings.
- ``tensor.py``: the game as numbers for learning agents: action space, observation tensor (issue 15).
- ``picture.py``: the table as a static SVG (``game.picture``), drawn by ``picture_board.py`` (board,
  track, lair, piles, knights) and ``picture_hands.py`` (the seats' hands, the legend).
"""

from __future__ import annotations

from ...engine.starter import game_starter
from .board import Board, load_board
from .bots import GreedyBot, RandomBot
from .game import EmeraldGame

# What the registry (engine/registry.py) reads: the game class and the game's own bots by name.
GAME_CLASS = EmeraldGame
BOTS = {"random": RandomBot, "greedy": GreedyBot}

#: ``new_game(players=..., seed=None, chance="auto", position=None, **options)``: a new EmeraldGame.
new_game = game_starter(EmeraldGame, "Emerald")


__all__ = ["GAME_CLASS", "BOTS", "EmeraldGame", "GreedyBot", "RandomBot", "Board", "load_board", "new_game"]
