"""Phase 4, at camp ("Au campement"): deposit, move goblins, buy, change or sell equipment (CD-CAMP-1..7).

Only on the active player's own camp square (CD-CAMP-1, CD-INT-25); each action may be repeated in
any order until ``end turn``. The zones' contents stay private (a deposit names its card to its owner
only), the equipment is public. The ids: ``deposit {type}``, ``goblin to dungeon``, ``goblin to cage``,
``equip {backpack|vault} {type}``, ``swap {backpack|vault} {backpack|vault} {type}``,
``unequip {backpack|vault}``, ``end turn``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from dragonwidgets.engine import Action, Event

from .state import CAMP, POWER, WEALTH_ZONES, ChasseState
from .tables import NAMES
from .text import a_or_an
from .turn import end_turn
from .zones import add, take


def begin_camp_phase(s: ChasseState, options: Mapping[str, Any], ev: list[Event]) -> None:
    """Open the camp phase on the player's own camp; elsewhere the turn ends (CD-CAMP-1, CD-TURN-2 (4), CD-INT-25)."""
    if s.positions[s.active] == s.camps[s.active]:
        s.phase = CAMP
    else:
        end_turn(s, options, ev)


def camp_actions(s: ChasseState, allow_sell_without_replacement: bool) -> list[Action]:
    """Return the camp's choices: deposits, goblin transfers, equipment bought, changed or sold; end the turn.

    CD-CAMP-2..6; ``allow_sell_without_replacement`` is the option of that name (CD-CAMP-6, CD-INT-21).
    """
    p = s.active
    b = s.boards[p]
    out = []
    for t in sorted(b.backpack, key=POWER.__getitem__):
        out.append(Action(f"deposit {t}", f"Put {a_or_an(t)} card from the backpack into the vault", p, "deposit",
                          (f"zone/{p}/backpack", f"zone/{p}/vault"), ("CD-CAMP-2",)))
    if b.cage:
        out.append(Action("goblin to dungeon", "Move a goblin from the cage to the dungeon", p, "goblin_to_dungeon",
                          (f"zone/{p}/cage", f"zone/{p}/dungeon"), ("CD-CAMP-3",)))
    if b.dungeon:
        out.append(Action("goblin to cage", "Move a goblin from the dungeon to the cage", p, "goblin_to_cage",
                          (f"zone/{p}/dungeon", f"zone/{p}/cage"), ("CD-CAMP-3",)))
    for source in WEALTH_ZONES:
        for t in sorted(getattr(b, source), key=POWER.__getitem__):
            if b.equipment is None:
                out.append(Action(f"equip {source} {t}", f"Buy equipment with {a_or_an(t)} card from the {source} "
                                  f"(d{POWER[t]})", p, "equip", (f"zone/{p}/{source}", f"zone/{p}/equipment"),
                                  ("CD-CAMP-4",)))
            elif t != b.equipment:
                for old_to in WEALTH_ZONES:
                    out.append(Action(
                        f"swap {old_to} {source} {t}",
                        f"Sell the {b.equipment} equipment into the {old_to} and buy {a_or_an(t)} from the {source} "
                        f"(d{POWER[t]})", p, "swap", (f"zone/{p}/{source}", f"zone/{p}/equipment"), ("CD-CAMP-5",)))
    if b.equipment is not None and allow_sell_without_replacement:
        for to in WEALTH_ZONES:
            out.append(Action(f"unequip {to}", f"Sell the {b.equipment} equipment into the {to} (back to a d4)", p,
                              "unequip", (f"zone/{p}/equipment", f"zone/{p}/{to}"), ("CD-CAMP-6", "CD-INT-21")))
    out.append(Action("end turn", "End the turn", p, "end_turn", (), ("CD-CAMP-1", "CD-TURN-5")))
    return out


def camp_action(s: ChasseState, words: list[str], ev: list[Event]) -> None:
    """Apply one camp action but ``end turn``, given as the words of its id (CD-CAMP-2..6)."""
    p = s.active
    b = s.boards[p]
    who = NAMES[p]
    if words[0] == "deposit":  # CD-CAMP-2
        take(b.backpack, words[1])
        add(b.vault, words[1])
        ev.append(Event("deposited", f"{who} deposits {a_or_an(words[1])} in the vault.", private_to=p,
                        public_text=f"{who} deposits a card in the vault."))
    elif words[:3] == ["goblin", "to", "dungeon"]:  # CD-CAMP-3
        b.cage -= 1
        b.dungeon += 1
        ev.append(Event("goblins_moved", f"{who} moves a goblin from the cage to the dungeon."))
    elif words[:3] == ["goblin", "to", "cage"]:  # CD-CAMP-3
        b.dungeon -= 1
        b.cage += 1
        ev.append(Event("goblins_moved", f"{who} moves a goblin from the dungeon to the cage."))
    else:  # CD-CAMP-4..6: the old equipment (if any) is sold at the same price, then the new one bought
        old = b.equipment
        if words[0] in ("swap", "unequip"):
            add(getattr(b, words[1]), old)  # type: ignore[arg-type]
            b.equipment = None
        if words[0] in ("equip", "swap"):
            source, card = words[-2], words[-1]
            take(getattr(b, source), card)
            b.equipment = card
        new = b.equipment or "base equipment (d4)"
        ev.append(Event("equipment", f"{who} changes equipment: {old or 'base equipment (d4)'} → {new}.",
                        data={"old": old, "new": b.equipment}))
