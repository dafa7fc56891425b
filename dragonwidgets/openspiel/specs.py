"""What OpenSpiel needs to know about each game that its engine does not say (:data:`SPECS`): its utility
type and bounds, whether it hides information, and safe bounds on its length (decisions and chance nodes),
each argued from the rules; and :data:`DEALS`, the seeded deals the first chance node chooses from.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pyspiel

from ..engine.game import Game as TableGame
from ..games.draghan.state import MARKET_DISPLAY

#: How many seeded deals the first chance node chooses from (each with probability ``1 / DEALS``).
DEALS = 1 << 12

_Utility = pyspiel.GameType.Utility


@dataclass(frozen=True)
class Spec:
    """What OpenSpiel needs to know about a game that its engine does not say.

    Attributes:
        utility: OpenSpiel's utility type (``CONSTANT_SUM`` when the winners share 1, ``IDENTICAL``
            for a cooperative game whose seats share one reward...).
        utility_sum: the sum of the returns at the end (``None`` unless constant).
        min_utility, max_utility: the bounds of a seat's return.
        hidden_information: whether a seat may be kept from seeing part of the table.
        max_decisions: ``game -> int``, a safe bound on the decisions of one game of that game's
            options and player count (``game`` is a freshly set-up table).
        max_chance_nodes: ``game -> int``, the same for chance nodes, the deal not included.
    """

    utility: Any
    utility_sum: float | None
    min_utility: float
    max_utility: float
    hidden_information: bool
    max_decisions: Callable[[TableGame], int]
    max_chance_nodes: Callable[[TableGame], int]


def _emerald_knight_moves(game: TableGame) -> int:
    """Return a bound on the knight moves of an Emerald game: every knight advances at least one square a
    move and never goes back (EM-MOVE-1/3), from its start space (pos 0) to at most the lair (``lair_pos``)."""
    knights = sum(sum(colours.values()) for colours in game.state.knights.values())
    return knights * game.board.lair_pos  # type: ignore[attr-defined]


#: Drachenland's cap on the decisions of one game (see its :data:`SPECS` entry): the rules set none.
DL_MAX_DECISIONS = 100_000


def _draghan_rounds(game: TableGame) -> int:
    """Return a bound on the rounds of a Draghan game: one location turned up a round, each Draghan location
    at most once (the third portal forces travel before the deck runs out), then each Shadow location once,
    and one more round lost when no Shadow location is left (digest section 2.3, DG-PORTAL-3, DG-END-4):
    13 + 6 + 1 = 20 with the bundled decks."""
    decks = game.decks  # type: ignore[attr-defined]
    return len(decks.location_draghan) + len(decks.location_shadow) + 1


def _draghan_decisions(game: TableGame) -> int:
    """Return a bound on the decisions of a Draghan game: each seat chooses its character, a replacement is
    chosen at most once per set-aside character (DG-SETUP-6, DG-WOUND-4), and a round asks at most: a heal
    (DG-HEAL-1), the portal (DG-PORTAL), each seat's target (DG-FIGHT-1), each card with skill icons used
    once and each seat's ``done`` (DG-FIGHT-3), the assist (DG-LOC-3), one odd-coin share per monster or dragon
    card on the table (DG-INT-4), each card of the display bought and each seat's ``pass`` (DG-MARKET), the
    gift (DG-SHARE-1), the second heal (DG-HEAL-3), each equipment card discarded once (DG-EQUIP-2)."""
    from ..games.draghan import tensor as dg

    decks, players = game.decks, game.players  # type: ignore[attr-defined]
    cards = decks.cards
    items = dg.equipment(decks)
    per_round = (1 + 1 + players + sum(bool(cards[c].icons) for c in items) + players + 1
                 + len(dg.table_cards(decks)) + MARKET_DISPLAY + players + 1 + 1 + len(items))
    return len(decks.characters) + _draghan_rounds(game) * per_round


def _draghan_chance_nodes(game: TableGame) -> int:
    """Return a bound on the chance nodes of a Draghan game: the deal and each starting character's card
    (DG-SETUP-6/7), then a round's location, a theft pick per equipment card at most, the large dragon, one
    encounter per character in play and the threat's extra one (DG-EXPLORE-2, DG-LOC-4, DG-DRAGON-4), the
    display's market cards (DG-LOC-6), a replacement and its card (DG-INT-13, DG-SETUP-7)."""
    from ..games.draghan import tensor as dg

    decks, players = game.decks, game.players  # type: ignore[attr-defined]
    per_round = 1 + len(dg.equipment(decks)) + 1 + players + 1 + MARKET_DISPLAY + 1 + 1
    return 1 + players + _draghan_rounds(game) * per_round


#: Each game's :class:`Spec`; a game joins :func:`register` once it has the numeric face and a spec.
SPECS: dict[str, Spec] = {
    # The winners share 1 (EM-INT-20), the others 0. Hidden: face-down piles, the box, the gold in hand
    # (digest section 7). Per knight move at most 5 decisions (select it, take a card, choose the victim,
    # pay or lose, the turn's end_turn) and 2 chance nodes (the card turned up, the dragon die): 20 knights
    # at 5 players give 1600 decisions; random games play far fewer (tests/agents/test_openspiel.py).
    "emerald": Spec(_Utility.CONSTANT_SUM, 1.0, 0.0, 1.0, True,
                    lambda g: 5 * _emerald_knight_moves(g), lambda g: 2 * _emerald_knight_moves(g)),
    # The richest win, ties share 1 (CD-SCORE-4, CD-INT-20), the others 0. Hidden: the piles' cards, the
    # others' backpacks and vaults and exact zone counts (CD-ZONE-7, digest section 7). The rules bound no
    # length (CD-END-3, CD-INT-24: the game ends only when a dragon is slain; camp actions repeat freely,
    # CD-CAMP-1; an exploding die throws again on its maximum, CD-COMBAT-1), so decisions and chance nodes
    # get a cap of 50,000 each: twelve times the longest of 400 random games at 2 and 6 players (4,069
    # decisions, 1,937 chance nodes, 6 players).
    "chasse_au_dragon": Spec(_Utility.CONSTANT_SUM, 1.0, 0.0, 1.0, True, lambda g: 50_000, lambda g: 50_000),
    # The winners share 1 (DL-SCORE-5, DL-INT-27: tied top scores share the victory), the others 0. Hidden:
    # face-down and boxed tokens, the hoards behind the screens (digest section 7). The rules bound no length
    # (DL-END-2, DL-INT-30: a table that never takes the last egg plays forever), so the decisions get a cap
    # of DL_MAX_DECISIONS, ten times the longest of 180 random games at 2-4 players (10,508 decisions, 4
    # players); chance nodes: at most 2 rolls a turn, a turn at least one decision (``end turn`` is always
    # offered, DL-INT-8), plus one reveal per volcano (DL-MOVE-6).
    "drachenland": Spec(_Utility.CONSTANT_SUM, 1.0, 0.0, 1.0, True,
                        lambda g: DL_MAX_DECISIONS, lambda g: 2 * DL_MAX_DECISIONS + len(g.board.volcanoes)),  # type: ignore[attr-defined]
    # Cooperative (DG-END-1..5): every seat gets 1 when the team wins, 0 when it loses (IDENTICAL). Hidden:
    # the order of the face-down decks (which locations each block of the Draghan deck holds) and the large
    # dragons not drawn (digest section 7). The rules bound the length: at most 20 rounds
    # (:func:`_draghan_rounds`), each with a bounded number of decisions and chance nodes: 2,726 decisions
    # and 985 chance nodes at 4 characters with the bundled decks, where random games stay near 110 and 90.
    "draghan": Spec(_Utility.IDENTICAL, None, 0.0, 1.0, True, _draghan_decisions, _draghan_chance_nodes),
}
