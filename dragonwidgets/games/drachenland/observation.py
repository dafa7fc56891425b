"""What each seat may know: the public table plus its own hoard (digest section 7).

Hidden information is removed here, in Python (never by a front end): the face-down tokens and the
boxed 16th token (teacher view only, under ``hidden``), and every other seat's hoard behind its screen
(``None``). Every take is public (the log says exactly what was taken, DL-INT-29); Variant 2
(``variant_open_hoards``) and the end of the game show every hoard. The board's static layout, sent
to the browser once, is here too (:func:`layout`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dragonwidgets.engine.tensors import turn_view

from .scoring import finals
from .state import OVER

if TYPE_CHECKING:
    from .game import DrachenlandGame


def observe(game: DrachenlandGame, viewer: int | None, *, public_only: bool = False) -> dict[str, Any]:
    """Return the observation of ``viewer`` (``None``: the full table), JSON-ready.

    ``public_only=True`` gives what every seat may know (used by the text board). The keys are those
    of the project's Drachenland contract; the full table adds ``hidden`` (face-down token kinds and
    the boxed token).
    """
    s = game.state
    board = game.board
    teacher = viewer is None and not public_only
    over = s.phase == OVER
    open_hoards = game.options["variant_open_hoards"] or over or teacher
    step = s.step
    obs: dict[str, Any] = {
        **turn_view(viewer, s.phase, s.active, over=over),
        "turn": s.turn,
        "opening_distance": board.opening_distances[s.players][s.opening_index] if s.turn == 0 and not over else None,
        "dice": list(s.dice) if s.dice else None,
        "dice_used": list(s.dice_used),
        "chosen_die": s.chosen_die,
        "volcanoes": {
            v: {
                "eggs": s.eggs[v],
                "gems": dict(s.gems[v]),
                "token": None if v in s.face_down else s.token[v],
                "face_down": v in s.face_down,
                "ring": s.token[v] == "ring" and v not in s.face_down,
            }
            for v in board.volcanoes
        },
        "dragons": dict(s.dragons),
        "adventurers": [dict(p) for p in s.positions],
        "rings": [sorted(r) for r in s.rings],
        "ring_supply": s.ring_supply,
        "tokens": [dict(h) for h in s.held],
        "hoards": [dict(h) if open_hoards or viewer == i else None for i, h in enumerate(s.hoards)],
        "used": list(s.used),
        "action": None if step is None else {
            "adventurer": step.adventurer, "die": step.die, "die_value": step.die_value,
            "die_spent": step.die_spent, "walked": step.walked, "moved": step.moved, "stopped": step.stopped,
            "entering": step.entering, "at": s.where(s.active, step.adventurer),
        },
        "eggs_left": s.eggs_left,
        "final": finals(game) if over else None,
        "options": {k: game.options[k] for k in ("variant_free_gems", "variant_open_hoards", "dice")},
    }
    if teacher:
        obs["hidden"] = {"face_down": {v: s.token[v] for v in sorted(s.face_down)}, "boxed": s.boxed}
    return obs


def layout(game: DrachenlandGame) -> dict[str, Any]:
    """Return the static layout sent to the browser once (the Drachenland contract's ``board_layout``):
    the spaces with their drawing coordinates, paths, rivers, colours, the seats' shapes and the dice faces."""
    b = game.board
    disp = b.display
    return {
        "width": b.width, "height": b.height,
        "volcanoes": [{"id": v, "x": b.xy[v][0], "y": b.xy[v][1], "eggs": b.eggs[v], "gems": b.gem_slots[v]}
                      for v in b.volcanoes],
        "stones": [{"id": s, "x": b.xy[s][0], "y": b.xy[s][1], "junction": s in b.junctions} for s in b.stones],
        "entrances": [{"id": e, "x": b.xy[e][0], "y": b.xy[e][1]} for e in b.entrances],
        "edges": [list(e) for e in b.edges],
        "rivers": [list(r) for r in b.river_pairs],
        "colours": disp.get("colours", {}),
        "gems": disp.get("gems", {}),
        "tokens": disp.get("tokens", {}),
        "shapes": [{"id": s, **disp.get("shapes", {}).get(s, {"name": s, "glyph": "circle"})}
                   for s in b.shapes[: game.players]],
        "dice": [list(d) for d in b.dice_presets[game.options["dice"]]],
    }
