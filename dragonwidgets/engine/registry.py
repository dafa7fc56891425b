"""Find games and bots by name; create games and replay records."""

from __future__ import annotations

import importlib
from typing import Any

from .errors import IllegalActionError, RecordError
from .game import CHANCE_MODES, Game
from .mcts import MCTSBot

#: game name -> module that defines ``GAME_CLASS`` and ``BOTS``.
GAMES: dict[str, str] = {
    "emerald": "dragonwidgets.games.emerald",
    "draghan": "dragonwidgets.games.draghan",
    "chasse_au_dragon": "dragonwidgets.games.chasse_au_dragon",
    "drachenland": "dragonwidgets.games.drachenland",
}


def game_module(name: str):
    """Return the module of game ``name``.

    Raises:
        ValueError: ``name`` is not a known game; the message lists the known ones.
    """
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(sorted(GAMES))}")
    return importlib.import_module(GAMES[name])


def game_class(name: str) -> type[Game]:
    """Return the :class:`Game` subclass of game ``name`` (raises ``ValueError`` if unknown)."""
    return game_module(name).GAME_CLASS


def new_game(name: str, *, players: int, seed: int | None = None, chance: str = "auto", **options: Any) -> Game:
    """Start a game of ``name`` with ``players`` seats.

    Args:
        name: one of :data:`GAMES`, e.g. ``"emerald"``.
        players: the number of seats (the game's own range, e.g. 2..5 for Emerald).
        seed: the integer all shuffles and dice derive from; ``None`` draws one (kept in ``game.seed``).
        chance: ``"auto"`` draws dice and cards as they fall due; ``"manual"`` stops at each chance
            node so a person picks the outcome.
        **options: the game's named options (``game_class(name).option_defaults``).

    Raises:
        ValueError: unknown game or option, player count out of range.

    >>> import dragonwidgets
    >>> g = dragonwidgets.new_game("emerald", players=3, seed=7)
    >>> g.current_player in (0, 1, 2)
    True
    """
    return game_class(name)(players=players, seed=seed, chance=chance, **options)


#: bots every game offers besides its own (a game's own bot of the same name takes precedence).
GENERIC_BOTS: dict[str, type] = {"mcts": MCTSBot}


def _bots(game: str) -> dict[str, type]:
    return {**GENERIC_BOTS, **game_module(game).BOTS}


def bot_names(game: str) -> list[str]:
    """Return the names of the bots game ``game`` offers, e.g. ``["greedy", "mcts", "random"]``.

    The game's own bots and the engine's :data:`GENERIC_BOTS` (Monte Carlo tree search).
    """
    return sorted(_bots(game))


def make_bot(game: str, bot: str):
    """Return a new bot ``bot`` for game ``game`` (raises ``ValueError`` naming the known bots)."""
    bots = _bots(game)
    if bot not in bots:
        raise ValueError(f"{game} has no bot {bot!r}; its bots are: {', '.join(sorted(bots))}")
    return bots[bot]()


_RECORD_KEYS = {"game": str, "version": int, "players": int, "options": dict, "seed": int, "actions": list}


def from_record(record: dict[str, Any]) -> Game:
    """Replay a record made by :meth:`Game.to_record` and return the game, at the step it showed.

    Raises:
        RecordError: the record is not a dict, lacks a key or has one of the wrong type, names an
            unknown game or a version this code does not read, holds an action that was not legal
            where it stands (the message gives the step), or does not end in the state it says
            (``final.digest``): it was altered.
    """
    if not isinstance(record, dict):
        raise RecordError(f"a record is a dict, got {type(record).__name__}")
    for key, typ in _RECORD_KEYS.items():
        if key not in record:
            raise RecordError(f"record has no {key!r} key")
        if not isinstance(record[key], typ) or isinstance(record[key], bool):
            raise RecordError(f"record key {key!r} must be a {typ.__name__}, got {record[key]!r:.60}")
    name = record["game"]
    try:
        cls = game_class(name)
    except ValueError as e:
        raise RecordError(str(e)) from None
    if record["version"] != cls.version:
        raise RecordError(f"record is {name} version {record['version']}; this code reads version {cls.version}")
    chance = record.get("chance", "auto")
    if chance not in CHANCE_MODES:
        raise RecordError(f"record key 'chance' must be one of {CHANCE_MODES}, got {chance!r}")
    try:
        game = cls(players=record["players"], seed=record["seed"], chance="manual", **record["options"])
    except ValueError as e:
        raise RecordError(f"record cannot start the game: {e}") from None
    for i, entry in enumerate(record["actions"]):
        if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
            raise RecordError(f"actions[{i}] must be a dict with a string 'id', got {entry!r:.80}")
        player = entry.get("player")
        if player is not None and player != game.current_player:
            raise RecordError(
                f"actions[{i}] ({entry['id']!r}) is played by {player}, but {game.current_player} is to move"
            )
        try:
            game._replay(entry["id"], auto=entry.get("auto") is True)
        except IllegalActionError as e:
            raise RecordError(f"actions[{i}]: {e}") from None
    final = record.get("final")
    if final is not None:
        if not isinstance(final, dict) or "digest" not in final:
            raise RecordError("record key 'final' must be a dict with a 'digest'")
        if final.get("step", len(record["actions"])) != len(record["actions"]) or final["digest"] != game.state_digest():
            raise RecordError("record was altered: replaying its actions does not give the final state it records")
    game.chance_mode = chance
    step = record.get("step", len(record["actions"]))
    if not isinstance(step, int) or not 0 <= step <= len(record["actions"]):
        raise RecordError(f"record key 'step' must be an int in 0..{len(record['actions'])}, got {step!r}")
    game.goto(step)
    return game
