"""The names of the board's elements, in each game's own terms: what a lesson's highlights may name.

A highlight names an element the way the game's actions do in their ``targets`` and the boards draw it as
``data-target`` (the front end's contract, ``js/<game>/*.js``), so a lesson widget lights the element with
the same id the board already carries:

- Emerald: spaces (``"T1"``, ``"KEEP"``, ``"P3"``, ``"M5"``, ``"LAIR"``, ``"NEST"``), a stack of one colour
  on a space (``"P3/red"``), a card pile (``"M2/gold"``, ``"M2/gem"``), a gold card in a hand the viewer
  may read (``"hand/0/gold/5"``), ``"treasures"``, ``"flight_track"``, ``"dragon"``, ``"die"``;
- Drachenland: volcanoes (``"V05"``), stones (``"s12"``), entrances (``"EN"``), rivers (``"river/V05-V07"``),
  what lies on a volcano (``"V06/ruby"``, ``"V06/egg"``, ``"V09/ring"``), an adventurer
  (``"adv/0/red"``), a dragon (``"dragon/blue"``), a seat's token (``"token/1/fate"``), ``"dice"``,
  ``"die/0"``, ``"die/1"``;
- La Chasse au Dragon: squares (``"3,4"``), a pawn (``"adv/2"``), a zone of a seat's board
  (``"zone/1/cage"``), ``"dice"``;
- Draghan: a card on the table the viewer may see (``"card/D18"``, ``"card/M05"``, ``"card/CH1"``), a hero
  (``"hero/0"``), ``"location"``, ``"realm"``.

:func:`board_elements` reads them from one seat's observation (so what a seat may not see is not among its
names); :func:`board_names` adds the targets of the actions that seat may choose now.
"""

from __future__ import annotations

from typing import Any, Callable

from ..engine import CHANCE
from ..engine.game import Game

#: The zones of a Chasse au Dragon management board (CD-ZONE-1..6), as ``js/chasse_au_dragon/mboards.js``.
CHASSE_ZONES = ("backpack", "cage", "vault", "dungeon", "equipment", "pantry")


def _emerald(obs: dict[str, Any], layout: dict[str, Any]) -> set[str]:
    names = {*layout["start_spaces"], *(p["id"] for p in layout["path"]), "LAIR", "NEST", "treasures",
             "flight_track", "dragon", "die"}
    for space, colours in obs["knights"].items():
        names.update(f"{space}/{colour}" for colour, count in colours.items() if count)
    names.update(f"LAIR/{colour}" for colour in obs["lair_places"] if colour)
    for mountain, piles in obs["piles"].items():
        names.update(f"{mountain}/{kind}" for kind in piles)
    for hand in obs["hands"]:
        names.update(f"hand/{hand['seat']}/gold/{value}" for value in hand["gold"] or ())
    return names


def _drachenland(obs: dict[str, Any], layout: dict[str, Any]) -> set[str]:
    names = {"dice", "die/0", "die/1"}
    for kind in ("volcanoes", "stones", "entrances"):
        names.update(node["id"] for node in layout[kind])
    names.update(f"river/{'-'.join(sorted(pair))}" for pair in layout["rivers"])
    for volcano, v in obs["volcanoes"].items():
        names.update(f"{volcano}/{gem}" for gem, count in v["gems"].items() if count)
        if v["eggs"]:
            names.add(f"{volcano}/egg")
        if v["ring"]:
            names.add(f"{volcano}/ring")
    names.update(f"dragon/{colour}" for colour, where in obs["dragons"].items() if where)
    for seat, adventurers in enumerate(obs["adventurers"]):
        names.update(f"adv/{seat}/{colour}" for colour in adventurers)
    for seat, tokens in enumerate(obs["tokens"]):
        names.update(f"token/{seat}/{kind}" for kind, count in (tokens or {}).items() if count)
    return names


def _chasse_au_dragon(obs: dict[str, Any], layout: dict[str, Any]) -> set[str]:
    size = layout["size"]
    names = {f"{row},{col}" for row in range(size) for col in range(size)} | {"dice"}
    for seat in range(obs["players"]):
        names.add(f"adv/{seat}")
        names.update(f"zone/{seat}/{zone}" for zone in CHASSE_ZONES)
    return names


def _draghan(obs: dict[str, Any], layout: dict[str, Any]) -> set[str]:
    cards = layout["cards"]
    names = {"location", "realm"} | {f"hero/{seat}" for seat in range(obs["players"])}
    names.update(f"card/{text}" for text in strings_in(obs) if text in cards)
    return names


#: game name -> the names of the elements an observation of it shows (its board's ``data-target`` ids).
ELEMENT_NAMERS: dict[str, Callable[[dict[str, Any], dict[str, Any]], set[str]]] = {
    "emerald": _emerald,
    "drachenland": _drachenland,
    "chasse_au_dragon": _chasse_au_dragon,
    "draghan": _draghan,
}


def strings_in(data: Any) -> set[str]:
    """Return every string in JSON ``data``: its objects' keys and its string values, at any depth."""
    out: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            out.update(map(str, item))
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            out.add(item)
    return out


def board_elements(game: Game, viewer: int | None) -> frozenset[str]:
    """Return the names of the board elements ``viewer``'s observation shows now (``None``: the full table).

    Raises:
        ValueError: no element names are known for the game, or ``viewer`` is not a seat.
    """
    namer = ELEMENT_NAMERS.get(game.name)
    if namer is None:
        raise ValueError(f"no board element names are known for {game.name!r}; games: {', '.join(ELEMENT_NAMERS)}")
    layout: dict[str, Any] = game.board_layout()  # type: ignore[attr-defined]
    return frozenset(namer(game.observation(viewer), layout))


def visible_actions(game: Game, viewer: int | None) -> list[Any]:
    """Return the legal actions ``viewer`` may see now: all of them for ``None``; for a seat, its own choices,
    or the chance outcomes when they show nothing hidden (:attr:`~.Game.chance_outcomes_hidden`)."""
    to_move = game.current_player
    if viewer is None or to_move == viewer:
        return game.legal_actions()
    if to_move == CHANCE and not game.chance_outcomes_hidden:
        return game.legal_actions()
    return []


def board_names(game: Game, viewer: int | None) -> frozenset[str]:
    """Return what a highlight may name now for ``viewer``: :func:`board_elements` and the ``targets`` of the
    actions ``viewer`` may see (:func:`visible_actions`)."""
    targets = {t for action in visible_actions(game, viewer) for t in action.targets}
    return board_elements(game, viewer) | targets
