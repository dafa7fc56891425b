"""What each seat may know (digest section 7): the public table, its own management board in full,
and of the others only the face-up zones and a coarse thickness of the rest.

Hidden information is removed here, in Python (never by a front end): the order and contents of the
board piles (only their sizes, and the top card while it is revealed), every opponent's backpack and
vault (face down) and the exact size of their cage and dungeon (CD-ZONE-7: "ne pas compter"). The
teacher's full view adds ``hidden`` with every pile top first.

``removed``, the number of cards out of the game, is the teacher's alone while the game goes on: a
lost backpack or cage, or a raid, takes out a pile the other seats may not count (CD-ZONE-7,
CD-ENC-9, CD-RAID-4), so a seat's view has ``None``. At the end every board is shown, and the number
follows from the public pile sizes and the boards, so every seat gets it then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dragonwidgets.engine.tensors import turn_view

from .end import scores
from .movement import quarters
from .setup import Setup
from .state import OVER, POWER, Management, square_id
from .zones import wealth

if TYPE_CHECKING:
    from .game import ChasseGame


def board_view(b: Management, full: bool, setup: Setup) -> dict[str, Any]:
    """Return one management board as ``full`` (its owner, the teacher, the end) or an opponent sees it.

    Every seat sees each zone's thickness, a bucket of the setup file (CD-ZONE-7, CD-INT-23).
    """
    out: dict[str, Any] = {"equipment": b.equipment, "power": b.power(), "pantry": b.pantry}
    if full:
        out.update(backpack=dict(b.backpack), vault=dict(b.vault), cage=b.cage, dungeon=b.dungeon,
                   quarters=quarters(b), wealth={"backpack": wealth(b.backpack), "vault": wealth(b.vault)})
    else:
        out.update(backpack=None, vault=None, cage=None, dungeon=None, quarters=None, wealth=None)
    thickness = setup.thickness
    out["thickness"] = {
        "backpack": thickness(sum(b.backpack.values())), "vault": thickness(sum(b.vault.values())),
        "cage": thickness(b.cage), "dungeon": thickness(b.dungeon),
    }
    return out


def reach(game: "ChasseGame") -> dict[str, int]:
    """Return ``{"x,y": quarters}``: every square the active player can still end the movement on, and
    the fewest goblin quarters it costs (CD-MOVE-1/3/6, CD-GOB-8, CD-INT-5: the first step is free).

    Empty outside the movement phase. It tells how many quarters the player holds, so only the
    player's own view and the teacher's carry it.
    """
    s = game.state
    if s.phase != "move":
        return {}
    x0, y0 = s.positions[s.active]  # type: ignore[misc]
    q = quarters(s.boards[s.active])
    free = 0 if s.steps else 1
    out = {}
    for y in range(8):
        for x in range(8):
            d = max(abs(x - x0), abs(y - y0))
            cost = max(0, d - free)
            if cost <= q:
                out[square_id((x, y))] = cost
    return out


def observe(game: "ChasseGame", viewer: int | None) -> dict[str, Any]:
    """Return the observation of ``viewer`` (``None``: the full table), JSON-ready (the contract's keys):
    it comes back from ``json.loads(json.dumps(obs))`` unchanged (string keys, lists, no tuples), e.g.
    ``scores`` at the end is ``{"0": 48, "1": 42}``, keyed by seat as the engine's ``outcome``."""
    s = game.state
    over = s.phase == OVER
    teacher = viewer is None
    here = s.positions[s.active]
    revealed = None
    if s.revealed and here in s.piles and s.piles[here]:
        card = s.piles[here][0]
        revealed = {"square": square_id(here), "card": card, "power": POWER[card]}
    fight = None
    if s.fight is not None:
        fight = {"kind": s.fight.kind, "faces": list(s.fight.faces), "throws": [list(t) for t in s.fight.throws],
                 "side": s.fight.side}
    obs: dict[str, Any] = {
        **turn_view(viewer, s.phase, s.active, over=over),
        "first_player": s.first_player,
        "round": s.round,
        "dragon_raids": game.options["dragon_raids"],
        "camps": [square_id(c) if c else None for c in s.camps],
        "positions": [square_id(p) if p else None for p in s.positions],
        "piles": {square_id(sq): len(pile) for sq, pile in sorted(s.piles.items())},
        "revealed": revealed,
        "steps": s.steps,
        "defender": s.defender,
        "fleeing": s.fleeing,
        "flight_tried": s.flight_tried,
        "fight": fight,
        "last_rolls": {k: list(v) for k, v in s.last_rolls.items()},
        "boards": [board_view(b, teacher or viewer == i or over, game.setup) for i, b in enumerate(s.boards)],
        "removed": sum(s.removed.values()) if teacher or over else None,
        "scores": {str(i): v for i, v in scores(s, game.options["base_equipment_score"]).items()} if over else None,  # JSON keys are strings
        "reach": reach(game) if teacher or viewer == s.active else None,
    }
    if teacher:
        obs["hidden"] = {"piles": {square_id(sq): list(p) for sq, p in sorted(s.piles.items())},
                         "removed": dict(s.removed)}
    return obs
