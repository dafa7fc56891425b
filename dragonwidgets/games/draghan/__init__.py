"""Draghan – Once Upon a Dragon (rules digest ``DG``): a cooperative hunt for the dragon, 2 to 4 characters.

The registry reads ``GAME_CLASS`` and ``BOTS`` from here. ``players`` is the number of characters in
play; one person may play several seats (solo, DG-SOLO-2).

The modules, in the order of a game and its rounds (each rule ID's code is in the module of its prefix):

- ``game``: ``DraghanGame``, which only wires the modules below into the engine's protocol.
- ``phases``: the dispatch by phase: who decides, the legal actions or chance outcomes there, the module
  that applies each kind of action (DG-ROUND-2).
- ``state``: the state and its phases; ``cards`` (and ``deck_file``, its checks): the decks (DG-REC-*);
  ``tables``: lookups over the card data; ``actions``: the action ids and labels of every decision.
- ``setup``: the decks dealt, the characters chosen or dealt (DG-SETUP-*, DG-CAMP-3).
- ``rounds``: a round's start and end, the map passed on, the loss (DG-ROUND, DG-PASS, DG-END).
- ``healing``: phases 1 and 6 (DG-HEAL).
- ``locations``: phase 2, the location and the thief (DG-LOC); ``portals``: travel (DG-PORTAL).
- ``encounters``: phase 3, the cards revealed and the dragon drawn (DG-EXPLORE, DG-DRAGON-1).
- ``declaring``: phase 3, who faces what with which cards, the assist (DG-FIGHT-1..5).
- ``fight``: the icon arithmetic and the search of fight plans (DG-FIGHT-6/7); ``hint``: the fight hint.
- ``results``: phase 4, test, gold and fates (DG-RESULT, DG-DRAGON-3..7).
- ``wounds``: wounds, drop-outs, replacements (DG-WOUND); ``market``: buying (DG-MARKET).
- ``sharing``: phase 5 (DG-SHARE); ``equipment_check``: phase 7 (DG-EQUIP).
- ``observation``, ``text``, ``why``: what a seat sees, the text picture, why an action is illegal;
  ``determinize``: resampling hidden orders; ``bots``: the random and planner bots; ``balance``: the
  deck balance figures.
- ``position``: the table as a position and back (issue 13); ``position_checks``: the rules' invariants a
  position's table is checked against.
- ``tensor``: the game as numbers for learning agents: action space, chance space, observation tensor
  (issue 15).
- ``picture``: the table as a static SVG (``game.picture``), drawn by ``picture_table`` (the round's
  phases, realm, location, decks, monsters, dragon, market), ``picture_heroes`` (each character's side,
  equipment, wounds, part in the fight) and ``picture_pieces`` (geometry, colours, the small drawings).

>>> from dragonwidgets.games import draghan
>>> game = draghan.new_game(players=3, seed=3)
>>> game.players, game.cooperative
(3, True)
"""

from __future__ import annotations

from typing import Any

from .bots import PlannerBot, RandomBot
from .game import DraghanGame

GAME_CLASS = DraghanGame
BOTS = {"random": RandomBot, "planner": PlannerBot}


def new_game(*, players: int, seed: int | None = None, chance: str = "auto", **options: Any) -> DraghanGame:
    """Start a game of Draghan with ``players`` characters (2..4); options as in :class:`DraghanGame`.

    Raises:
        ValueError: a character count out of range, an unknown option or one of the wrong type.
        GameDataError: the ``decks_file`` option names a file that fails validation.
    """
    return DraghanGame(players=players, seed=seed, chance=chance, **options)


__all__ = ["GAME_CLASS", "BOTS", "DraghanGame", "PlannerBot", "RandomBot", "new_game"]
