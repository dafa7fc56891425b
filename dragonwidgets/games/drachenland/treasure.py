"""The treasure phase: what an adventurer may take on its volcano, and taking it (DL-TREASURE, DL-RING, DL-HAND).

A take is exactly one of: all gems of the adventurer's colour, one diamond, or one egg (with the
volcano's own token, DL-TREASURE-4). On a ring volcano an adventurer that actually moved may take a
ring instead (DL-RING-3). Each magic hand allows one more take (DL-HAND-1, DL-INT-21).

The phase follows a movement phase that ended on a volcano with something to take
(``movement_phase.end_movement``). Its decisions: ``take gems`` / ``take diamond`` / ``take egg`` /
``take ring`` or ``skip`` (phase ``treasure``), then after a take ``magic hand`` or ``done`` (phase
``magic_hand``) and another take (phase ``take_again``). Taking the last egg ends the game (DL-END-1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from dragonwidgets.engine import Action, Event

from .board import GEM_OF
from .scoring import end_game
from .state import (
    HELD_TOKENS,
    MAGIC_HAND,
    RING,
    TAKE_AGAIN,
    TREASURE,
    DrachenlandState,
    Step,
)
from .text import plural
from .turn import next_choice

if TYPE_CHECKING:
    from .game import DrachenlandGame

GEMS, DIAMOND, EGG = "gems", "diamond", "egg"  # the three takes of DL-TREASURE-2
TAKE_RULES = {GEMS: ("DL-TREASURE-2", "DL-TREASURE-3"), DIAMOND: ("DL-TREASURE-2",),
              EGG: ("DL-TREASURE-2", "DL-TREASURE-4")}


def takes(state: DrachenlandState, volcano: str, colour: str) -> list[str]:
    """Return the takes possible on ``volcano`` for a ``colour`` adventurer, in DL-TREASURE-2 order.

    ``"gems"`` (at least one gem of its colour, DL-TREASURE-3), ``"diamond"``, ``"egg"``.
    """
    out = []
    if state.gems[volcano][GEM_OF[colour]] > 0:
        out.append(GEMS)
    if state.gems[volcano]["diamond"] > 0:
        out.append(DIAMOND)
    if state.eggs[volcano] > 0:
        out.append(EGG)
    return out


def may_take_ring(state: DrachenlandState, seat: int, volcano: str, step: Step, *, call_counts: bool = False) -> bool:
    """Return whether the adventurer may take a ring here instead of treasure.

    DL-RING-2 (a face-up ring token here), DL-RING-3 and DL-INT-22 (it actually moved this action: a
    step, a crossing or a flight; a call only if ``call_counts``), DL-RING-4 (one ring per adventurer),
    D8 (a ring left in the supply).
    """
    return (
        state.token[volcano] == RING
        and volcano not in state.face_down
        and (step.moved or call_counts)
        and step.adventurer not in state.rings[seat]
        and state.ring_supply > 0
    )


def take(state: DrachenlandState, seat: int, volcano: str, colour: str, what: str) -> dict[str, int | str]:
    """Move one take from ``volcano`` into ``seat``'s hoard; return what moved.

    Returns ``{item: count}`` plus ``"token": kind`` when an egg brought the volcano's own token
    (DL-TREASURE-4/5, DL-INT-20: never a ring; a royal dragon is never in the token slot).
    """
    hoard = state.hoards[seat]
    if what == GEMS:
        gem = GEM_OF[colour]
        n = state.gems[volcano][gem]
        state.gems[volcano][gem] = 0
        hoard[gem] += n
        return {gem: n}
    if what == DIAMOND:
        state.gems[volcano]["diamond"] -= 1
        hoard["diamond"] += 1
        return {"diamond": 1}
    state.eggs[volcano] -= 1
    state.eggs_left -= 1
    hoard["egg"] += 1
    out: dict[str, int | str] = {"egg": 1}
    kind = state.token[volcano]
    if kind in HELD_TOKENS:
        state.token[volcano] = None
        state.held[seat][kind] += 1
        out["token"] = kind
    return out


def take_ring(state: DrachenlandState, seat: int, colour: str) -> None:
    """Put a white ring from the supply on ``seat``'s ``colour`` adventurer (DL-RING-3/4)."""
    state.rings[seat].add(colour)
    state.ring_supply -= 1


# ---------------------------------------------------------------------------- the choices
def treasure_actions(game: DrachenlandGame) -> list[Action]:
    """DL-TREASURE-1..7, DL-RING-2..4, DL-HAND-1, DL-INT-21..23: the takes here, then a ring and ``skip``
    (not after a magic hand)."""
    s = game.state
    p, st = s.active, s.step
    assert st is not None
    v = s.positions[p][st.adventurer]
    c = st.adventurer
    out = []
    for what in takes(s, v, c):  # type: ignore[arg-type]
        if what == GEMS:
            gem = GEM_OF[c]
            n = s.gems[v][gem]  # type: ignore[index]
            label = f"Take all the {plural(gem, n)} on {v} ({n})" if n > 1 else f"Take the {gem} on {v}"
            target = f"{v}/{gem}"
        elif what == DIAMOND:
            label, target = f"Take a diamond on {v}", f"{v}/diamond"
        else:
            tok = s.token[v]  # type: ignore[index]
            extra = f" and its {tok.replace('_', ' ')} token" if tok in HELD_TOKENS else ""
            label, target = f"Take an egg on {v}{extra}", f"{v}/egg"
        rules = TAKE_RULES[what] + (("DL-HAND-1", "DL-INT-21") if s.phase == TAKE_AGAIN else ())
        out.append(Action(f"take {what}", label, p, "take", (target,), rules))
    if s.phase == TREASURE:
        if may_take_ring(s, p, v, st, call_counts=game.options["call_counts_as_move"]):  # type: ignore[arg-type]
            out.append(Action("take ring", f"Put a ring on your {c} adventurer instead of taking treasure", p,
                              "take", (f"{v}/ring",), ("DL-TREASURE-7", "DL-RING-3", "DL-RING-4", "DL-INT-23")))
        out.append(Action("skip", "Take nothing", p, "skip", (), ("DL-TREASURE-6",)))
    return out


def hand_actions(game: DrachenlandGame) -> list[Action]:
    """DL-HAND-1, DL-TOKEN-1/2: after a take, play a magic hand to take again, or stop."""
    p = game.state.active
    v = game.state.where(p, game.state.step.adventurer)  # type: ignore[union-attr]
    return [
        Action("magic hand", f"Play a magic hand: take treasure on {v} again", p, "magic_hand",
               (f"token/{p}/magic_hand",), ("DL-HAND-1", "DL-TOKEN-1")),
        Action("done", "Keep the magic hand; this adventurer's action is over", p, "done", (), ("DL-TOKEN-2",)),
    ]


# ---------------------------------------------------------------------------- the decisions
def take_treasure(game: DrachenlandGame, what: str, ev: list[Event]) -> None:
    """DL-TREASURE-2..5, DL-RING-3/4, DL-END-1, DL-INT-19..24: ``take {what}`` on the adventurer's volcano.

    A ring ends the action; the last egg ends the game at once; otherwise a seat holding a magic hand
    may take again while something is left.
    """
    s = game.state
    p, st = s.active, s.step
    assert st is not None
    v = s.positions[p][st.adventurer]
    who = f"{game.player_name(p)}' {st.adventurer} adventurer"
    if what == "ring":
        take_ring(s, p, st.adventurer)
        ev.append(Event("ring_taken", f"{who} takes a ring on {v}.", data={"colour": st.adventurer, "volcano": v}))
        next_choice(game, ev)
        return
    got = take(s, p, v, st.adventurer, what)  # type: ignore[arg-type]
    st.takes += 1
    items = ", ".join(f"{n} {plural(k, cast(int, n))}" for k, n in got.items() if k != "token")  # counts
    token = f" and the {str(got['token']).replace('_', ' ')} token" if "token" in got else ""
    ev.append(Event("treasure_taken", f"{who} takes {items}{token} on {v}.",
                    data={"seat": p, "colour": st.adventurer, "volcano": v, "items": dict(got)}))
    if s.eggs_left == 0:  # DL-END-1, DL-INT-24: the game ends at once
        end_game(game, f"{game.player_name(p)} took the last egg", ev)
        return
    if s.held[p]["magic_hand"] > 0 and takes(s, v, st.adventurer):  # type: ignore[arg-type]
        s.phase = MAGIC_HAND
    else:
        next_choice(game, ev)


def play_magic_hand(game: DrachenlandGame, ev: list[Event]) -> None:
    """DL-HAND-1, DL-TOKEN-4, DL-INT-21: the magic hand leaves the game; the adventurer takes again."""
    s = game.state
    s.held[s.active]["magic_hand"] -= 1
    s.phase = TAKE_AGAIN
    ev.append(Event("token_used", f"{game.player_name(s.active)} play a magic hand to take again."))
