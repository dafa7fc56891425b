"""What each seat may know (digest section 7): everything on the table, never a deck's order.

Draghan is cooperative and open: every seat gets the same observation (its ``viewer`` aside). Hidden
is only the order of the face-down decks and the large dragons not drawn: seats see their sizes. The
teacher's full view adds ``hidden``: every deck in order (``decks``) and the cards removed from the game
face down on travel (``removed``, DG-PORTAL-4), so that every card of the decks lies in exactly one
zone of the full view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dragonwidgets.engine.tensors import turn_view

from .declaring import shows
from .fight import NO_ICONS
from .results import placements as placements_of
from .state import OVER

if TYPE_CHECKING:
    from .game import DraghanGame


def observe(game: "DraghanGame", viewer: int | None) -> dict[str, Any]:
    """Return the observation of ``viewer`` (``None``: the full table), JSON-ready (the contract's keys).

    The zones a card can lie in, each a list of card ids: the characters' ``card`` and ``equipment``
    (``heroes``), ``set_aside``, ``table`` (the ids of its entries), ``dragon`` (the large dragon drawn),
    ``dragons_aside`` (large dragons set aside by the campaign, DG-CAMP-3), ``revealed_equipment``,
    ``market_display``, ``portals_up``, ``visited``, ``discard``; for the full table also
    ``hidden["decks"]`` and ``hidden["removed"]``. ``location`` and ``assist_target`` point into them.
    """
    s = game.state
    t = game.tables
    dragon_card = t.dragon_card
    placements = placements_of(game)  # the icons placed at every monster, in one pass (DG-FIGHT-6)
    table = []
    for m in s.table:
        table.append({"id": m, "dragon": m == dragon_card, "req": t.req(m, s.dragon),
                      "placed": list(placements.get(m, NO_ICONS)),
                      "facing": sorted(seat for seat, t in s.targets.items() if t == m)})
    obs: dict[str, Any] = {
        **turn_view(viewer, s.phase, s.active, over=s.phase == OVER),
        "round": s.round,
        "realm": s.realm,
        "result": s.result,
        "heroes": [None if h is None else {"card": h.card, "wounded": h.wounded, "equipment": list(h.equipment),
                                           "coins": h.coins, "shows": shows(game, i)}
                   for i, h in enumerate(s.heroes)],
        "set_aside": list(s.set_aside),
        "supply": s.supply,
        "location": s.location,
        "assist": s.assist,
        "assist_target": s.assist_target,
        "threat": s.extra_draw,
        "portals_up": list(s.portals_up),
        "travel_pending": s.travel_pending,
        "market_display": list(s.market_display),
        "table": table,
        "dragon": s.dragon,
        "dragons_aside": game.dragons_aside(),
        "revealed_equipment": list(s.revealed_equipment),
        "targets": {str(k): v for k, v in s.targets.items()},
        "used": {str(k): list(v) for k, v in s.used.items()},
        "declaring": s.declaring[0] if s.declaring and s.phase in ("declare_target", "declare_equipment") else None,
        "deck_sizes": {k: len(v) for k, v in s.decks.items()},
        "discard": list(s.discard),
        "visited": list(s.visited),
        "fled": s.fled,
        "defeated": s.defeated,
    }
    if viewer is None:
        obs["hidden"] = {"decks": {k: list(v) for k, v in s.decks.items()}, "removed": list(s.removed)}
    return obs
