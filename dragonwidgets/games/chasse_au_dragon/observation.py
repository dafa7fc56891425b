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

Each key has its own function (:func:`observation_fields`): :func:`observe` calls them all, and a rollout
bot's cheap view (:mod:`dragonwidgets.analysis.twins.chasse_au_dragon`) calls only those the bot reads.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from dragonwidgets.engine.tensors import turn_view

from .end import scores
from .movement import quarters
from .setup import BOARD_SIZE, Setup
from .state import OVER, POWER, Management, square_id
from .zones import wealth

if TYPE_CHECKING:
    from .game import ChasseGame

#: square -> its id (``square_id``), for every square of the board: looked up, not formatted again
_SQUARE_IDS = {(x, y): square_id((x, y)) for y in range(BOARD_SIZE) for x in range(BOARD_SIZE)}


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
    for (x, y), sid in _SQUARE_IDS.items():  # row by row (y, then x), the order reach has always listed
        d = max(abs(x - x0), abs(y - y0))
        cost = max(0, d - free)
        if cost <= q:
            out[sid] = cost
    return out


def observe(game: "ChasseGame", viewer: int | None) -> dict[str, Any]:
    """Return the observation of ``viewer`` (``None``: the full table), JSON-ready (the contract's keys):
    it comes back from ``json.loads(json.dumps(obs))`` unchanged (string keys, lists, no tuples), e.g.
    ``scores`` at the end is ``{"0": 48, "1": 42}``, keyed by seat as the engine's ``outcome``.

    The keys of :func:`turn_view`, then one per function of ``_FIELDS``, then ``hidden`` for the teacher.
    """
    s = game.state
    obs = turn_view(viewer, s.phase, s.active, over=s.phase == OVER)
    for key, field in _FIELDS.items():
        obs[key] = field(game, viewer)
    if viewer is None:
        obs["hidden"] = _hidden(game)
    return obs


def observation_fields(game: "ChasseGame", viewer: int | None) -> dict[str, Callable[[], Any]]:
    """Return :func:`observe`'s fields unbuilt: key -> a function of no argument returning that key's value,
    in the observation's key order; calling them all gives ``observe(game, viewer)``.

    A cheap view (:mod:`dragonwidgets.analysis.twins`) calls only those a bot reads: it holds nothing the
    observation does not, what ``viewer`` may not see being removed by the same code. The functions read
    the game as it is when called: call them before the game changes.
    """
    s = game.state
    fields = {key: _constant(value) for key, value in turn_view(viewer, s.phase, s.active, over=s.phase == OVER).items()}
    fields.update({key: partial(field, game, viewer) for key, field in _FIELDS.items()})
    if viewer is None:
        fields["hidden"] = partial(_hidden, game)
    return fields


def _constant(value: Any) -> Callable[[], Any]:
    return lambda: value


def _sees_boards(game: "ChasseGame", viewer: int | None) -> bool:
    """Whether ``viewer`` sees every board in full: the teacher, or anybody once the game is over."""
    return viewer is None or game.state.phase == OVER


def _revealed(game: "ChasseGame") -> dict[str, Any] | None:
    """Return the top card of the active player's square while it is face up (CD-ENC-1), else ``None``:
    ``{"square": "x,y", "card": name, "power": int}``."""
    s = game.state
    here = s.positions[s.active]
    if s.revealed and here in s.piles and s.piles[here]:
        card = s.piles[here][0]
        return {"square": square_id(here), "card": card, "power": POWER[card]}
    return None


def _fight(game: "ChasseGame") -> dict[str, Any] | None:
    """Return the fight at hand, ``{"kind", "faces", "throws", "side"}`` (lists for tuples), else ``None``."""
    f = game.state.fight
    if f is None:
        return None
    return {"kind": f.kind, "faces": list(f.faces), "throws": [list(t) for t in f.throws], "side": f.side}


def _boards(game: "ChasseGame", viewer: int | None) -> list[dict[str, Any]]:
    """Return every management board as ``viewer`` sees it (:func:`seen_board`)."""
    return [seen_board(game, viewer, i) for i in range(len(game.state.boards))]


def seen_board(game: "ChasseGame", viewer: int | None, seat: int) -> dict[str, Any]:
    """Return ``seat``'s management board as ``viewer`` sees it (:func:`board_view`): in full when it is the
    viewer's own, for the teacher (``None``) and at the end; the observation's ``boards[seat]``."""
    return board_view(game.state.boards[seat], _sees_boards(game, viewer) or viewer == seat, game.setup)


def _hidden(game: "ChasseGame") -> dict[str, Any]:
    """Return what the teacher alone sees: every pile, top card first, and the cards out of the game by type."""
    s = game.state
    return {"piles": {square_id(sq): list(p) for sq, p in sorted(s.piles.items())}, "removed": dict(s.removed)}


#: key -> ``function(game, viewer)`` returning that key of the observation, in the observation's order (after
#: the keys of :func:`turn_view`); what ``viewer`` may not see is ``None``
_FIELDS: dict[str, Callable[["ChasseGame", int | None], Any]] = {
    "first_player": lambda game, viewer: game.state.first_player,
    "round": lambda game, viewer: game.state.round,
    "dragon_raids": lambda game, viewer: game.options["dragon_raids"],
    "camps": lambda game, viewer: [square_id(c) if c else None for c in game.state.camps],
    "positions": lambda game, viewer: [square_id(p) if p else None for p in game.state.positions],
    "piles": lambda game, viewer: {_SQUARE_IDS[sq]: len(pile) for sq, pile in sorted(game.state.piles.items())},
    "revealed": lambda game, viewer: _revealed(game),
    "steps": lambda game, viewer: game.state.steps,
    "defender": lambda game, viewer: game.state.defender,
    "fleeing": lambda game, viewer: game.state.fleeing,
    "flight_tried": lambda game, viewer: game.state.flight_tried,
    "fight": lambda game, viewer: _fight(game),
    "last_rolls": lambda game, viewer: {k: list(v) for k, v in game.state.last_rolls.items()},
    "boards": lambda game, viewer: _boards(game, viewer),
    "removed": lambda game, viewer: sum(game.state.removed.values()) if _sees_boards(game, viewer) else None,
    "scores": lambda game, viewer: (  # JSON keys are strings
        {str(i): v for i, v in scores(game.state, game.options["base_equipment_score"]).items()}
        if game.state.phase == OVER else None
    ),
    "reach": lambda game, viewer: reach(game) if viewer is None or viewer == game.state.active else None,
}
