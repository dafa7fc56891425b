"""Find games and bots by name; create games and replay records."""

from __future__ import annotations

import importlib
import sys
from typing import Any

from .data import json_problem
from .errors import IllegalActionError, RecordError
from .game import CHANCE_MODES, Game
from .mcts import MCTSBot
from .records import read_annotations

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
    # a module imported already is taken as is (import_module's checks cost each new game more than its set-up's options)
    return sys.modules.get(GAMES[name]) or importlib.import_module(GAMES[name])


def game_class(name: str) -> type[Game]:
    """Return the :class:`Game` subclass of game ``name`` (raises ``ValueError`` if unknown)."""
    return game_module(name).GAME_CLASS


def new_game(name: str, *, players: int | None = None, seed: int | None = None, chance: str = "auto",
             position: dict[str, Any] | None = None, **options: Any) -> Game:
    """Start a game of ``name`` with ``players`` seats, from the seeded set-up or from a position.

    Args:
        name: one of :data:`GAMES`, e.g. ``"emerald"``.
        players: the number of seats (the game's own range, e.g. 2..5 for Emerald); may be left out
            when ``position`` says it.
        seed: the integer all shuffles and dice derive from; ``None`` draws one (kept in ``game.seed``),
            or takes the position's ``seed`` when it has one (so ``position=game.position()`` goes on
            with the same dice).
        chance: ``"auto"`` draws dice and cards as they fall due; ``"manual"`` stops at each chance
            node so a person picks the outcome.
        position: a table to start from (``game.position()``, or a partial one in the game's terms:
            see the game class's ``position`` docs); ``None`` is the seeded set-up.
        **options: the game's named options (``game_class(name).option_defaults``).

    Raises:
        ValueError: unknown game or option, player count out of range or missing.
        PositionError: the position breaks a count or a rule of the game (a ``GameDataError``).

    >>> import dragonwidgets
    >>> g = dragonwidgets.new_game("emerald", players=3, seed=7)
    >>> g.current_player in (0, 1, 2)
    True
    """
    if position is not None and isinstance(position, dict):
        players = position.get("players", players) if players is None else players
        seed = position.get("seed", seed) if seed is None else seed
    if players is None:
        raise ValueError(f"new_game({name!r}) needs players= (the number of seats)")
    return game_class(name)(players=players, seed=seed, chance=chance, position=position, **options)


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


#: the keys every record holds, with their types; ``final`` is in every record this package ever wrote
_RECORD_KEYS = {"game": str, "version": int, "players": int, "options": dict, "seed": int, "actions": list,
                "final": dict}


def from_record(record: dict[str, Any], **data_files: str) -> Game:
    """Replay a record made by :meth:`Game.to_record` and return the game, at the step it showed.

    A record never makes the package read a file the caller did not pass: a game played with a data
    file of its own (``board_file``, ``setup_file``, ``decks_file``) is replayed only with that file
    passed again, e.g. ``from_record(record, board_file="my_board.json")``, and the file's content must
    have the SHA-256 digest the record carries (``record["data"]``). A game played with the bundled data
    is checked against the bundled file the same way.

    Args:
        record: the dict :meth:`Game.to_record` made (possibly through JSON).
        **data_files: a path per data option of the game (``game_class(name).data_options``).

    Raises:
        RecordError: the record is not plain JSON data (the message names the field: a NaN, arrays and
            objects nested deeper than :data:`~.data.MAX_DEPTH`...), lacks a key (``final`` included: every
            record :meth:`Game.to_record` wrote carries it, and without it an altered record would go
            unnoticed) or has one of the wrong type, names an unknown game or a version this code does not
            read, was played with a data file that is not passed or passed with other content (digest
            mismatch), holds an action that was not legal where it stands (the message gives the step), or
            does not end in the state it says (``final.digest``, which for a game started from a position
            covers its seed and place in the chance stream too): it was altered; or its ``comments`` or
            ``variations`` are malformed or hold an illegal action (:func:`~.records.read_annotations`,
            the message names the field). A record from a position
            written before its digest covered the chance stream is refused with a message saying so.
        ValueError: a keyword that is not a data option of the record's game.

    >>> import dragonwidgets
    >>> g = dragonwidgets.new_game("emerald", players=2, seed=3)
    >>> _ = g.apply(g.legal_actions()[0])
    >>> from_record(g.to_record()).state_digest() == g.state_digest()
    True
    """
    if not isinstance(record, dict):
        raise RecordError(f"a record is a dict, got {type(record).__name__}")
    problem = json_problem(record)  # a loop: before any message takes the repr of a value nested thousands deep
    if problem is not None:
        raise RecordError(f"record field {problem[0]!r}: {problem[1]}; a record holds plain JSON data only")
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
    replaying = cls.replaying_class(record["version"])
    if replaying is None:
        raise RecordError(f"record is {name} version {record['version']}; this code reads version {cls.version}")
    cls = replaying
    chance = record.get("chance", "auto")
    if chance not in CHANCE_MODES:
        raise RecordError(f"record key 'chance' must be one of {CHANCE_MODES}, got {chance!r}")
    step = record.get("step", len(record["actions"]))
    if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= len(record["actions"]):
        raise RecordError(f"record key 'step' must be an int in 0..{len(record['actions'])}, got {step!r:.40}")
    final = record["final"]
    if final.get("step", len(record["actions"])) != len(record["actions"]) or not isinstance(final.get("digest"), str):
        raise RecordError(f"record key 'final' must be {{'step': {len(record['actions'])} (the number of actions), "
                          f"'digest': the SHA-256 of the final table}}, got {final!r:.80}")
    options = _record_options(cls, record, data_files)
    position = record.get("position")
    if position is not None and not isinstance(position, dict):
        raise RecordError(f"record key 'position' must be a dict (the position the game started from), got {position!r:.40}")
    try:
        game = cls(players=record["players"], seed=record["seed"], chance="manual", position=position, **options)
    except NotImplementedError as e:
        raise RecordError(f"record cannot start the game: {e}") from None
    except ValueError as e:
        raise RecordError(f"record cannot start the game: {e}") from None
    _check_data_digests(game, record)
    # Started in manual mode so that nothing is drawn; replayed in the recorded mode (the replay applies
    # the recorded entries only), since a game may make more chance nodes in manual mode (a card to pick).
    game.chance_mode = chance
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
    if final["digest"] != game.final_digest():
        if game.start_position is not None and final["digest"] == game.state_digest():
            raise RecordError(
                "record starts from a position, and its final digest covers the table only (records written before "
                "the digest covered the seed and the chance stream): a changed seed could not be told. To replay it "
                "all the same, start new_game(name, position=record['position'], seed=record['seed']) and apply "
                "record['actions'] one by one")
        raise RecordError("record was altered: replaying its actions does not give the final state it records")
    read_annotations(game, record)
    game.goto(step)
    return game


def _record_options(cls: type[Game], record: dict[str, Any], data_files: dict[str, str]) -> dict[str, Any]:
    """Return the options to start the record's game with: the recorded ones, each data option replaced
    by the file the caller passed ("" for the bundled data). A recorded path is never opened."""
    unknown = sorted(set(data_files) - set(cls.data_options))
    if unknown:
        known = ", ".join(sorted(cls.data_options)) or "none"
        raise ValueError(f"from_record() got {', '.join(map(repr, unknown))}; {cls.name}'s data files are: {known}")
    options = dict(record["options"])
    for name in cls.data_options:
        recorded = options.get(name, "")
        passed = data_files.get(name)
        if passed is not None:
            options[name] = str(passed)
        elif recorded:
            raise RecordError(
                f"record was played with a {name} of its own ({str(recorded)[:80]!r}); a record never opens a "
                f"file by itself: pass the file, from_record(record, {name}=path)"
            )
        else:
            options[name] = ""
    return options


def _check_data_digests(game: Game, record: dict[str, Any]) -> None:
    """Raise ``RecordError`` unless each data file the game read has the digest the record carries."""
    data = record.get("data")
    if data is None:
        return  # a record of an earlier version, made before records carried data digests
    if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
        raise RecordError("record key 'data' must be a dict {data option: SHA-256 hex digest}")
    for name, digest in game.data_digests.items():
        if name in data and data[name] != digest:
            which = f"the file passed as {name}" if game.options[name] else f"this version's bundled {name} data"
            raise RecordError(
                f"record was played with other {name} data than {which} (its SHA-256 is {digest[:12]}..., the "
                f"record's {data[name][:12]}...)"
            )
