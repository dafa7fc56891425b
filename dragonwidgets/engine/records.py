"""Records and positions: the JSON record of a line of play, and the whole table as a JSON position.

A record (:meth:`Records.to_record`) is what :func:`dragonwidgets.from_record` replays; a position
(:meth:`Records.position`) is a table to start a new game from, checked first by :func:`checked_position`.
:class:`Records` is the part of :class:`~.game.Game` that writes them.
"""

from __future__ import annotations

import copy
import hashlib
import json
from typing import TYPE_CHECKING, Any, ClassVar

from .data import json_problem
from .errors import IllegalActionError, PositionError, RecordError

if TYPE_CHECKING:
    from ._parts import GameParts
    from .actions import Action
    from .game import Game
else:
    GameParts = object  # what the other parts of Game supply, for mypy (see _parts.py)

#: Keys every position may hold besides the game's own: ``chance_step`` is the place in the seed's chance
#: stream; ``step`` is its older name (positions written before it was renamed), read the same way.
ENGINE_POSITION_KEYS = ("game", "players", "seed", "chance_step", "step")
#: The largest position accepted, as JSON text (a whole Drachenland table is under 20 kB).
MAX_POSITION_BYTES = 1_000_000


def checked_position(position: Any, game: str, players: int) -> dict[str, Any]:
    """Return a copy of ``position`` (plain JSON data) after the checks every game shares.

    Raises:
        PositionError: not a JSON object of plain JSON data (the message names the field: a NaN or an
            infinite number, a key that is not a string, a value that is not JSON, arrays and objects nested
            deeper than :data:`~.data.MAX_DEPTH`), over :data:`MAX_POSITION_BYTES`, another game's or another
            player count's, or a ``chance_step`` (or its older name ``step``) that is not an int >= 0, or both
            given and different.

    The copy names the place in the chance stream ``chance_step`` (an older position's ``step`` is read as it).
    """
    if not isinstance(position, dict):
        raise PositionError(f"a position is a dict (a JSON object), got {type(position).__name__}")
    problem = json_problem(position)  # a loop: before anything recursive sees a value nested thousands deep
    if problem is not None:
        raise PositionError(f"field {problem[0]!r}: {problem[1]}; a position holds plain JSON data only")
    text = json.dumps(position)
    if len(text) > MAX_POSITION_BYTES:
        raise PositionError(f"a position is at most {MAX_POSITION_BYTES:,} bytes of JSON, got {len(text):,}")
    position = json.loads(text)
    if position.get("game", game) != game:
        raise PositionError(f"field 'game': this is a position of {position['game']!r}, not of {game!r}")
    if position.get("players", players) != players:
        raise PositionError(f"field 'players': the position is for {position['players']!r} players, the game has {players}")
    for key in ("chance_step", "step"):
        step = position.get(key, 0)
        if not isinstance(step, int) or isinstance(step, bool) or step < 0:
            raise PositionError(f"field {key!r}: the place in the seed's chance stream is an int >= 0, got {step!r:.40}")
    if "step" in position:  # the older name
        step = position.pop("step")
        if position.setdefault("chance_step", step) != step:
            raise PositionError(f"field 'step': the older name of 'chance_step'; the position gives both, {step} and "
                                f"{position['chance_step']}: give 'chance_step' only")
    return position


class Records(GameParts):
    """The JSON record, the position and the state digest of :class:`~.game.Game`."""

    name: ClassVar[str]
    version: ClassVar[int]
    players: int
    options: dict[str, Any]
    seed: int
    chance_mode: str
    data_digests: dict[str, str]
    start_position: dict[str, Any] | None
    _step: int
    _chance_offset: int
    _actions: list[Action]
    _autos: list[bool]
    _comments: dict[int, str]
    _variations: dict[int, list[dict[str, Any]]]

    def to_record(self) -> dict[str, Any]:
        """Return the JSON game record of the whole current line.

        Keys: ``game``, ``version``, ``players``, ``options``, ``seed``, ``chance``, ``step`` (the
        step shown), ``actions`` (``[{"id", "player", "auto"}]``: every action and chance outcome in
        order), ``final`` (``{"step", "digest"}``: a SHA-256 of the full table after the last entry, so an
        altered record is detected; for a game started from a position, of the table and the chance stream
        the game draws from, its seed and the position's place in it, :meth:`final_digest`, since the table
        no longer shows them) and, for a game with data files, ``data``
        (``{option: SHA-256 of the file's bytes}``, e.g. ``{"board_file": "9f2c..."}``: a replay checks
        that it reads the same data). An annotated game adds ``comments`` (``{"step": text}``,
        :meth:`annotate`) and ``variations`` (``{"step": [line, ...]}``, :meth:`variations`); both keys are
        optional, so records written before them read as games without comments.
        :func:`dragonwidgets.from_record` replays it.
        """
        shown = self._step
        if shown != len(self._actions):
            self.goto(len(self._actions))
        digest = self.final_digest()
        if shown != self._step:
            self.goto(shown)
        record = {
            "game": self.name,
            "version": self.version,
            "players": self.players,
            "options": dict(self.options),
            "seed": self.seed,
            "chance": self.chance_mode,
            "step": shown,
            "actions": [{"id": a.id, "player": a.player, "auto": auto} for a, auto in zip(self._actions, self._autos)],
            "final": {"step": len(self._actions), "digest": digest},
        }
        if self.data_digests:
            record["data"] = dict(self.data_digests)
        if self.start_position is not None:
            record["position"] = self.start_position
        if self._comments:
            record["comments"] = {str(k): t for k, t in sorted(self._comments.items())}
        if self._variations:
            record["variations"] = {str(k): copy.deepcopy(v) for k, v in sorted(self._variations.items())}
        return record

    def position(self) -> dict[str, Any]:
        """Return the whole table now as JSON: every hidden part included (deck orders, face-down cards
        and tokens, hands), whose turn it is and at which decision, in the game's own terms.

        ``new_game(name, players=..., position=game.position())`` starts a game with the same observation
        for every seat (but its ``step``: the new game's history starts at 0, as its ``step`` does), the same
        legal actions and, for the same choices, the same future: the engine's keys ``game``, ``players``,
        ``seed`` and ``chance_step`` (how far along the seed's chance stream the table is: the steps played
        since the seeded set-up, a start position's ``chance_step`` included) come with it, so the dice drawn
        next are the dice this game would draw. A position names no ``step``: a table has no history.

        It shows everything: never send it to a seat's view.

        Raises:
            NotImplementedError: the game has no positions.
        """
        return {"game": self.name, "players": self.players, "seed": self.seed,
                "chance_step": self._chance_offset + self._step, **self._position()}

    def final_digest(self) -> str:
        """Return the digest a record's ``final`` carries for the table now (:meth:`to_record`).

        :meth:`state_digest` for a game from the seeded set-up (the seed made its table, so a changed seed
        shows in it); for a game started from a position, the SHA-256 of ``"<state digest>:<seed>:<chance
        step>"``: the table of a whole position does not depend on the seed, the dice to come do.
        """
        table = self.state_digest()
        if self.start_position is None:
            return table
        return hashlib.sha256(f"{table}:{self.seed}:{self._chance_offset}".encode()).hexdigest()

    def state_digest(self) -> str:
        """Return a SHA-256 hex digest of the full table now (equal states give equal digests)."""
        text = json.dumps(self.observation(None), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()


def read_annotations(game: Game, record: dict[str, Any]) -> None:
    """Give ``game`` (a record's replay, all its entries applied) the record's ``comments`` and ``variations``
    (:meth:`Records.to_record`), after checking them: each variation is replayed from its step on a copy.

    A record without them (every record written before annotations) leaves the game without comments.

    Raises:
        RecordError: a comment that is not a str of at most ``MAX_COMMENT_CHARS`` characters on a step
            ``0..len(actions)``, or a variation that is not ``{"actions": [{"id", "player", "auto"}],
            "comments": ..., "variations": ...}`` or holds an action not legal where it stands; the message
            names the field (``variations['3'][0].actions[1]``). The game is left without annotations.
    """
    comments = _read_comments(record.get("comments", {}), len(game._actions), "comments")
    lines = record.get("variations", {})
    if not isinstance(lines, dict):
        raise RecordError(f"record key 'variations' must be a dict {{step: [line, ...]}}, got {lines!r:.40}")
    variations: dict[int, list[dict[str, Any]]] = {}
    shown = game.step
    for key, value in lines.items():
        step = _step_key(key, len(game._actions), "variations")
        where = f"variations[{key!r}]"
        if not isinstance(value, list):
            raise RecordError(f"record {where} must be a list of lines, got {value!r:.40}")
        game.goto(step)
        for i, line in enumerate(value):
            _check_line(game, line, f"{where}[{i}]")
        variations[step] = copy.deepcopy(value)
    game.goto(shown)
    game._comments, game._variations = comments, variations


def _step_key(key: str, last: int, field: str) -> int:
    if not isinstance(key, str) or not key.isdigit() or not 0 <= int(key) <= last:
        raise RecordError(f"record key {field!r}: its keys are steps '0'..'{last}', got {key!r:.20}")
    return int(key)


def _read_comments(comments: Any, last: int, field: str) -> dict[int, str]:
    from .history import MAX_COMMENT_CHARS

    if not isinstance(comments, dict):
        raise RecordError(f"record key {field!r} must be a dict {{step: text}}, got {comments!r:.40}")
    out = {}
    for key, text in comments.items():
        step = _step_key(key, last, field)
        if not isinstance(text, str) or len(text) > MAX_COMMENT_CHARS:
            raise RecordError(f"record {field}[{key!r}] must be a str of at most {MAX_COMMENT_CHARS:,} characters")
        out[step] = text
    return out


def _check_line(game: Game, line: Any, where: str) -> None:
    """Replay the variation ``line`` from where ``game`` stands, on a copy (nested variations too)."""
    if not isinstance(line, dict) or not isinstance(line.get("actions"), list) or not line["actions"]:
        raise RecordError(f"record {where} must be a dict whose 'actions' is a non-empty list, got {line!r:.60}")
    unknown = set(line) - {"actions", "comments", "variations"}
    if unknown:
        raise RecordError(f"record {where} has unknown keys {sorted(unknown)}; a line holds actions, comments, variations")
    actions = line["actions"]
    _read_comments(line.get("comments", {}), len(actions), f"{where}.comments")
    nested = line.get("variations", {})
    if not isinstance(nested, dict):
        raise RecordError(f"record {where}.variations must be a dict {{step: [line, ...]}}")
    nested_at = {_step_key(k, len(actions), f"{where}.variations"): (k, v) for k, v in nested.items()}
    twin = game.clone()
    twin._comments, twin._variations = {}, {}  # the copy replays; it keeps no variation of its own
    for i, entry in enumerate([None, *actions]):
        if entry is not None:
            if not isinstance(entry, dict) or not isinstance(entry.get("id"), str):
                raise RecordError(f"record {where}.actions[{i - 1}] must be a dict with a string 'id', got {entry!r:.60}")
            if entry.get("player", twin.current_player) != twin.current_player:
                raise RecordError(f"record {where}.actions[{i - 1}] ({entry['id']!r}) is played by {entry['player']!r}, "
                                  f"but {twin.current_player} is to move")
            try:
                twin._replay(entry["id"], auto=entry.get("auto") is True)
            except IllegalActionError as e:
                raise RecordError(f"record {where}.actions[{i - 1}]: {e}") from None
        if i in nested_at:
            key, sub = nested_at[i]
            if not isinstance(sub, list):
                raise RecordError(f"record {where}.variations[{key!r}] must be a list of lines")
            for j, subline in enumerate(sub):
                _check_line(twin, subline, f"{where}.variations[{key!r}][{j}]")
