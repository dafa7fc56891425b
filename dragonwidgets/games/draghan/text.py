"""A small deterministic text picture of the table (the widget's ``text`` and ``repr``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .declaring import shows

if TYPE_CHECKING:
    from .game import DraghanGame


def render(game: "DraghanGame") -> str:
    """Return the realm, the location, the monsters on the table and each character's side, coins and kit.

    >>> from .game import DraghanGame
    >>> print(render(DraghanGame(players=2, seed=1, first_player=0)).splitlines()[0])
    Draghan, 2 characters · round 0 · Draghan · Seat 1 to choose character
    """
    s = game.state
    name = game.decks.card
    doing = f"{s.result}: {s.end_reason}" if s.phase == "over" else \
        f"{game.player_name(game.current_player) if game.current_player not in (None, -1) else 'chance'} to {s.phase.replace('_', ' ')}"
    lines = [f"Draghan, {s.players} characters · round {s.round} · {s.realm.title()} · {doing}"]
    if s.location:
        lines.append(f"location {name(s.location).name} ({name(s.location).ability}{' ' + s.assist if s.assist else ''})")
    if s.table:
        lines.append("table: " + ", ".join(f"{game.tables.monster_name(m, s.dragon)} [{game.tables.req(m, s.dragon)}]" for m in s.table))
    if s.revealed_equipment:
        lines.append("found: " + ", ".join(name(c).name for c in s.revealed_equipment))
    if s.market_display:
        lines.append("market: " + ", ".join(f"{name(c).name} ({name(c).price})" for c in s.market_display))
    for i, h in enumerate(s.heroes):
        if h is None:
            lines.append(f"seat {i + 1}: {'no character yet' if s.phase == 'choose_character' else 'out'}")
            continue
        kit = ", ".join(name(c).name for c in h.equipment) or "no equipment"
        lines.append(f"seat {i + 1}: {name(h.card).name} {'wounded' if h.wounded else 'healthy'} "
                     f"[{shows(game, i)}], {h.coins} coins, {kit}")
    short = {"location_draghan": "locations D", "location_shadow": "locations S", "encounter_draghan": "encounters D",
             "encounter_shadow": "encounters S", "market": "market"}
    lines.append(f"supply {s.supply} · portals {len(s.portals_up)} · " +
                 ", ".join(f"{short[k]} {len(v)}" for k, v in s.decks.items() if k in short))
    return "\n".join(lines)
