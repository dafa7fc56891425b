"""La Chasse au Dragon (rules digest ``CD``): hunt monsters in an 8x8 forest with exploding dice.

>>> from dragonwidgets.games import chasse_au_dragon
>>> game = chasse_au_dragon.new_game(players=4, seed=3)
>>> game.players, game.player_name(3)
(4, 'Orange')

The modules, in the order of a turn (each one's docstrings name the rule IDs it implements):

- ``state``: the world: constants, phases, the management board, the fight, the table (CD-ZONE, section 6).
- ``setup``: the forest, the monster cards and their deal, from the validated setup file (CD-BOARD, CD-MON, CD-REC).
- ``tables``: lookup tables of the 64 squares and the seats' names (CD-BOARD-1, CD-MOVE-1).
- ``opening``: options checked, piles dealt, first player drawn, camps pitched (CD-SETUP, CD-INT-2..4).
- ``turn``: a turn begins and passes to the left neighbour; rounds (CD-TURN, CD-INT-1, CD-INT-24).
- ``raid``: phase 0, the dragon raid option (CD-RAID).
- ``movement``: phase 1, king steps paid with goblin quarters (CD-MOVE, CD-GOB).
- ``duel``: phase 2, the duel with an opponent and its outcome (CD-DUEL).
- ``encounter``: phase 3, the monster revealed, free flight, the outcome (CD-ENC).
- ``flight``: fleeing a duel or a monster, by decoy or flight roll (CD-DUEL-3..6, CD-ENC-3..6).
- ``combat``: the fight, throw by throw with exploding dice (CD-COMBAT-1..4).
- ``camp``: phase 4, at camp: deposit, goblins, equipment (CD-CAMP).
- ``end``: the end of the game and the winners (CD-END, CD-SCORE).
- ``zones``: moving cards between the management board's zones: losses, loot, wealth (CD-ZONE).
- ``dice``: exploding dice as mathematics: exact distributions and duel odds (CD-COMBAT-5/6); ``odds``:
  the odds of the fight a decision is about, from what a seat sees (the widget's status line).
- ``game``: ``ChasseGame``, which wires these modules into the engine's protocol.
- ``position`` (a table as JSON and back: ``game.position()``, ``new_game(..., position=...)``, issue 13),
  with ``position_turn`` (whose turn, which decision) and ``position_read`` (the JSON values checked).
- ``observation`` (what each seat may know, section 7), ``determinize`` (search copies), ``why``
  (which rule forbids an action), ``text`` (log words, a text picture), ``bots``.
- ``tensor``: the game as numbers for learning agents: action and chance spaces, observation tensor.
- ``picture``: the table as a static SVG (``game.picture``), drawn by ``picture_forest`` (the forest, its
  piles, camps and adventurers) and ``picture_panels`` (the turn's phases, the fight, the management boards).
"""

from __future__ import annotations

from ...engine.starter import game_starter
from .bots import GreedyBot, RandomBot
from .game import ChasseGame

# What the registry (engine/registry.py) reads: the game class and the game's own bots by name.
GAME_CLASS = ChasseGame
BOTS = {"random": RandomBot, "greedy": GreedyBot}

#: ``new_game(players=..., seed=None, chance="auto", position=None, **options)``: a new ChasseGame.
new_game = game_starter(ChasseGame, "La Chasse au Dragon")


__all__ = ["GAME_CLASS", "BOTS", "ChasseGame", "GreedyBot", "RandomBot", "new_game"]
