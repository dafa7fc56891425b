"""Phase 3, second part: the fight declared (DG-FIGHT-1..5, DG-LOC-3, DG-INT-6/9/15/22/34).

Each character in seat order from the active one faces one monster or none (``face``), then commits
its own cards with skill icons one at a time (``use`` / ``done``); the assist location's icons go to
one monster (``assist``). Then the result is checked (:mod:`.results`). The icons a character shows
are :func:`shows`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dragonwidgets.engine import Action, Event, event

from . import actions, results
from .state import ASSIST, DECLARE_EQUIPMENT, DECLARE_TARGET

if TYPE_CHECKING:
    from .game import DraghanGame


def shows(g: "DraghanGame", seat: int) -> str:
    """The icons the seat's character shows now: healthy 3, wounded 1 (DG-FIGHT-2)."""
    hero = g.state.heroes[seat]
    card = g.tables.card[hero.card]  # type: ignore[union-attr]
    return card.wounded if hero.wounded else card.healthy  # type: ignore[union-attr]


def start_declare(g: "DraghanGame", ev: list[Event]) -> None:
    """DG-FIGHT-1, DG-INT-15/22: each character declares in seat order from the active one."""
    s = g.state
    if not s.table:
        results.resolve(g, ev)
        return
    s.declaring = s.order_from(s.active)
    s.phase = DECLARE_TARGET


def target_actions(g: "DraghanGame") -> list[Action]:
    """DG-FIGHT-1, DG-INT-9: the declaring character faces one monster on the table, or none."""
    s = g.state
    seat = s.declaring[0]
    faces = actions.faces(g.tables, seat, s.heroes[seat].card, s.dragon)  # type: ignore[union-attr]
    out = []
    for m in s.table:
        out.append(faces[m])
    out.append(faces[None])
    return out


def equipment_actions(g: "DraghanGame") -> list[Action]:
    """DG-FIGHT-3..5, DG-INT-34: commit own equipment with skill icons, one card at a time; then done."""
    s, t = g.state, g.tables
    seat = s.declaring[0]
    target = s.targets[seat]
    out = [actions.use(t, seat, c, target, s.dragon) for c in usable_cards(g, seat)]
    out.append(actions.done(seat))
    return out


def usable_cards(g: "DraghanGame", seat: int) -> list[str]:
    """DG-FIGHT-3: the seat's own cards with skill icons not yet committed to this fight."""
    skill, used = g.tables.skill, g.state.used.get(seat, ())
    out = []
    for c in g.state.heroes[seat].equipment:  # type: ignore[union-attr]
        if c in skill and c not in used:
            out.append(c)
    return out


def assist_actions(g: "DraghanGame") -> list[Action]:
    """DG-LOC-3, DG-FIGHT-5, DG-INT-6: the assist location's icons all go to one monster (one a character faces)."""
    s, a = g.state, g.state.active
    out = [actions.assist(g.tables, a, m, s.assist, s.dragon) for m in assist_spots(g)]
    out.append(actions.assist_none(a))
    return out


def assist_spots(g: "DraghanGame") -> list[str]:
    """DG-INT-6: the monsters the assist may go to: those a character faces (any, with ``assist_alone``)."""
    s = g.state
    if g.options["assist_alone"]:
        return list(s.table)
    faced = set(s.targets.values())
    return [m for m in s.table if m in faced]


def monster_named(g: "DraghanGame", word: str) -> str | None:
    """The monster an action id names: ``none`` is None, ``dragon`` the dragon card (DG-REC-4)."""
    return None if word == "none" else (g.tables.dragon_card if word == "dragon" else word)


def face(g: "DraghanGame", monster: str | None, ev: list[Event]) -> None:
    """DG-FIGHT-1: the declaring character faces ``monster`` (None: stays out), then picks its cards."""
    s = g.state
    seat = s.declaring[0]
    if monster is None:
        next_declarer(g, ev)
        return
    s.targets[seat] = monster
    s.phase = DECLARE_EQUIPMENT
    if not usable_cards(g, seat):
        next_declarer(g, ev)


def use(g: "DraghanGame", card: str, ev: list[Event]) -> None:
    """DG-FIGHT-3/4: the declaring character commits ``card``; with none left to commit it is done."""
    s = g.state
    seat = s.declaring[0]
    s.used.setdefault(seat, []).append(card)
    if not usable_cards(g, seat):
        next_declarer(g, ev)


def next_declarer(g: "DraghanGame", ev: list[Event]) -> None:
    """DG-FIGHT-1..5: the declaration is told; the next character declares, else the assist, else the result."""
    s, t = g.state, g.tables
    seat = s.declaring.pop(0)
    target = s.targets.get(seat)
    used = s.used.get(seat, [])
    who = g.player_name(seat)
    if target:
        kit = f" with {', '.join([t.name[c] for c in used])}" if used else ""
        text = f"The {who} faces the {t.monster_name(target, s.dragon)}{kit}."
    else:
        text = f"The {who} stays out of the fight."
    ev.append(event("declared", text, {"seat": seat, "target": target, "cards": list(used)}))
    if s.declaring:
        s.phase = DECLARE_TARGET
    elif s.assist and assist_spots(g):
        s.phase = ASSIST
    else:
        results.resolve(g, ev)


def assign_assist(g: "DraghanGame", monster: str | None, ev: list[Event]) -> None:
    """DG-LOC-3: the assist location's icons go to ``monster`` (None: to nobody); the result follows."""
    g.state.assist_target = monster
    results.resolve(g, ev)
