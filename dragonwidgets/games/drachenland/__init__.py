"""Drachenland (rules digest ``DL``): adventurers walk a land of volcanoes, taking eggs, gems and tokens.

>>> from dragonwidgets.games import drachenland
>>> game = drachenland.new_game(players=4, seed=3)
>>> game.players, game.player_name(3)
(4, 'Wizards')

The modules, in the order of a game:

- :mod:`.board`: the map, dice and component counts, loaded from JSON and checked (DL-REC-1..4);
- :mod:`.state`: the table that changes, the phases of section 6, constants (DL-SETUP-2, DL-INT-11);
- :mod:`.setup`: options checked, tokens, eggs and gems dealt from the seed (DL-SETUP, DL-2P-2, DL-REC-3);
- :mod:`.opening`: the opening round, one adventurer in per seat (DL-OPEN, DL-2P-3, DL-INT-6/7);
- :mod:`.roll`: the roll and the fate token's reroll (DL-TURN-2, DL-FATE, DL-REC-1);
- :mod:`.turn`: which die, which adventurer, the end of the turn (DL-TURN, DL-INT-8/9/30);
- :mod:`.movement_phase`: walks and forced marches, the end of the phase (DL-MOVE, DL-MARCH, DL-INT-9..13);
- :mod:`.movement`: the spaces a walk reaches and the occupied stones (DL-MOVE-1..8, DL-INT-9/10/12);
- :mod:`.tokens`: arrivals, royal dragons, baby dragons, boatmen (DL-MOVE-6, DL-DRAGON, DL-BABY, DL-BOAT);
- :mod:`.reveal`: a face-down token turned up, as dealt or picked by hand with manual chance (DL-MOVE-6);
- :mod:`.treasure`: takes, rings and the magic hand (DL-TREASURE, DL-RING, DL-HAND, DL-END-1);
- :mod:`.scoring`: the end of the game and the scores (DL-END, DL-SCORE, DL-INT-25..27);
- :mod:`.game`: ``DrachenlandGame``, which wires them into the engine's protocol (options, dispatch);
- :mod:`.position` (with :mod:`.position_read`, :mod:`.position_table`, :mod:`.position_checks`,
  :mod:`.position_turn`): the whole table as JSON, and the table a whole or partial position describes;
- :mod:`.observation`, :mod:`.text`, :mod:`.why`: what a seat sees (and the board's layout), the text
  picture, why an id is illegal; :mod:`.determinize` (search), :mod:`.bots`;
- :mod:`.tensor`: the game as numbers for learning agents (action and chance spaces, observation tensor);
- :mod:`.picture` (an SVG map, the whole table as SVG), drawn with :mod:`.picture_pieces` (geometry,
  elements, pieces), :mod:`.picture_land` (the land and what stands on it) and :mod:`.picture_panels`
  (dice, turn and supply boxes, seat panels).
"""

from __future__ import annotations

from ...engine.starter import game_starter
from .board import Board, load_board
from .bots import GreedyBot, RandomBot
from .game import DrachenlandGame

# What the registry (engine/registry.py) reads: the game class and the game's own bots by name.
GAME_CLASS = DrachenlandGame
BOTS = {"random": RandomBot, "greedy": GreedyBot}

#: ``new_game(players=..., seed=None, chance="auto", position=None, **options)``: a new DrachenlandGame.
new_game = game_starter(DrachenlandGame, "Drachenland")


__all__ = ["GAME_CLASS", "BOTS", "DrachenlandGame", "GreedyBot", "RandomBot", "Board", "load_board", "new_game"]
