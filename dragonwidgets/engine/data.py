"""Game data files (boards, decks, set-ups): one reader and one checker base for every game.

Every game keeps its components as JSON files inside the package (the ``*-REC-n`` reconstructions) and
lets an owner of the real game pass a file of their own (the ``board_file``, ``setup_file`` or
``decks_file`` option). This module reads such a file the same way for all four games:

- :func:`read_json` refuses what is not plain JSON data: a missing or unreadable file, text that is not
  UTF-8 or not JSON, a key given twice in one object, ``NaN`` or an infinite number, nesting deeper than
  :data:`MAX_DEPTH`, or a file over :data:`MAX_BYTES`. Every refusal is a
  :class:`~dragonwidgets.engine.GameDataError` that names the file (and the field where there is one).
- :func:`file_digest` gives the SHA-256 of a file's bytes: records carry it, so a game replayed from a
  record is checked to use the very data it was played with.
- :func:`cache_key` stats the file once, so a loader can cache what it built by path, modification time
  and size.
- :func:`json_problem` says where a value held in memory (a position, a record) is not plain JSON data, with
  the same bounds as a file (nesting, finite numbers), walking it without recursion.
- :func:`pickled_board` and :func:`unpickled_board` send a board (a frozen dataclass of a game's components) to
  another process without its caches, and give the process's own equal board back on arrival, so games sent
  to an executor's workers share one board there, with what it has worked out (walks, flights).
- :class:`DataChecker` is the base of each game's validator: ``need``, ``get`` and ``fail`` build the
  errors, so all four games word them alike.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import re
from collections.abc import Callable
from dataclasses import fields
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import GameDataError

#: The deepest nesting of arrays and objects a data file may have (the bundled files use 5 or fewer).
MAX_DEPTH = 32
#: The largest data file read, in bytes (the bundled files are under 60 kB).
MAX_BYTES = 4_000_000

_TYPE_NAMES = {str: "a string", int: "an integer", float: "a number", dict: "a JSON object", list: "a list",
               bool: "true or false"}


def cache_key(path: str | os.PathLike[str] | None, bundled: str | os.PathLike[str]) -> tuple[str, int, int]:
    """Return ``(file, mtime_ns, size)`` for the data file ``path`` (``None`` or ``""``: ``bundled``).

    Raises:
        GameDataError: the file cannot be found or read.
    """
    file = _file_name(path) if path else str(bundled)
    try:
        st = os.stat(file)
    except OSError as e:
        raise GameDataError(f"{file}: cannot read the data file ({e.strerror})") from None
    return file, st.st_mtime_ns, st.st_size


#: the boards this process has unpickled or loaded, per board class (at most :data:`MAX_KNOWN_BOARDS` each)
_KNOWN_BOARDS: dict[type, list[Any]] = {}
MAX_KNOWN_BOARDS = 16


def pickled_board(board: Any, bundled: Callable[[], Any]) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    """Return ``board.__reduce__()`` for a board class (a frozen dataclass): its identity fields only (the
    fields compared by ``==``: no cache), to be rebuilt by :func:`unpickled_board`.

    Args:
        board: the board.
        bundled: the game's ``load_board`` (a module-level function), called with no argument for its bundled
            board: the board a process's bots and rules caches already hold.
    """
    identity = {f.name: getattr(board, f.name) for f in fields(board) if f.init and f.compare}
    return unpickled_board, (type(board), identity, bundled)


def unpickled_board(cls: type, identity: dict[str, Any], bundled: Callable[[], Any]) -> Any:
    """Return this process's board equal to the one pickled (:func:`pickled_board`): the bundled board or one met
    before when their identity fields are equal, else a new board (kept, so the next is the same object).

    A game sent to an executor's worker thus plays on the worker's own board, its caches warm, and a bot or
    twin made there with ``load_board()`` recognises it (``game.board is bot.board``).
    """
    known = _KNOWN_BOARDS.setdefault(cls, [])
    if not known:
        try:
            known.append(bundled())
        except GameDataError:  # (a worker without the package's data files: every board is a new one)
            pass
    for board in known:
        if all(getattr(board, name) == value for name, value in identity.items()):
            return board
    board = cls(**identity)
    if len(known) < MAX_KNOWN_BOARDS:
        known.append(board)
    return board


def _file_name(path: str | os.PathLike[str]) -> str:
    """Return ``str(Path(path))``, remembered for a ``str`` path: building a ``Path`` costs more than the stat
    (every new game names its data files: Draghan's random play starts a game every 36 decisions)."""
    return _str_file_name(path) if isinstance(path, str) else str(Path(path))


@lru_cache(maxsize=256)
def _str_file_name(path: str) -> str:
    return str(Path(path))


def read_json(file: str | os.PathLike[str]) -> Any:
    """Read the JSON data file ``file`` and return its value.

    Raises:
        GameDataError: the file is missing or unreadable, over :data:`MAX_BYTES`, not UTF-8, not JSON, has
            a key twice in one object, holds ``NaN`` or an infinite number, or nests arrays and objects
            deeper than :data:`MAX_DEPTH`. The message names the file (and the field where it can).

    >>> import tempfile, os
    >>> with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
    ...     _ = f.write('{"x": [1, NaN]}')
    >>> read_json(f.name)
    Traceback (most recent call last):
    ...
    dragonwidgets.engine.errors.GameDataError: ...json: field 'x[1]': NaN is not a number a data file may hold
    >>> os.remove(f.name)
    """
    file = str(file)
    try:
        with open(file, "rb") as stream:
            raw = stream.read(MAX_BYTES + 1)
    except OSError as e:
        raise GameDataError(f"{file}: cannot read the data file ({e.strerror or e})") from None
    if len(raw) > MAX_BYTES:
        raise GameDataError(f"{file}: the data file is over {MAX_BYTES:,} bytes; a board or deck is far smaller")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise GameDataError(f"{file}: not UTF-8 text ({e.reason} at byte {e.start})") from None
    # Nesting is bounded before parsing: the decoder recurses once per level and would otherwise hit
    # Python's recursion limit (a RecursionError) on a file of a few thousand brackets.
    _check_depth_of_text(file, text)

    def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out = dict(pairs)
        if len(out) != len(pairs):
            seen: set[str] = set()
            dup = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
            raise GameDataError(f"{file}: field {dup!r}: key given twice")
        return out

    try:
        data = json.loads(text, object_pairs_hook=no_duplicates, parse_constant=_refuse_constant,
                          parse_float=_finite_float)
    except json.JSONDecodeError as e:
        raise GameDataError(f"{file}: not valid JSON: {e}") from None
    except _NotFinite as e:
        problem = json_problem(json.loads(text, object_pairs_hook=dict))  # parsed leniently, to say where
        field = f"field {problem[0]!r}: " if problem else ""
        raise GameDataError(f"{file}: {field}{e} is not a number a data file may hold") from None
    return data


def json_problem(value: Any, max_depth: int = MAX_DEPTH) -> tuple[str, str] | None:
    """Return ``(field, what is wrong)`` for the first place where ``value`` is not plain JSON data, else ``None``.

    Plain JSON data: dicts with string keys, lists (or tuples), strings, ints, finite floats, booleans and
    ``None``, nested at most ``max_depth`` levels of arrays and objects. ``field`` is the path in the style
    of the data files' errors (``"piles.M3.gold[1]"``; ``"<root>"`` for ``value`` itself). The walk is a loop,
    not a recursion, and stops at the first level too deep, so a value nested thousands of levels (or
    holding itself) is answered at once, before anything that recurses (``repr``, ``json.dumps``) sees it.

    >>> json_problem({"x": [1, float("nan")]})
    ('x[1]', 'nan is not a number JSON may hold (no NaN or infinity)')
    >>> json_problem([[[]]], max_depth=2)
    ('[0][0]', 'arrays and objects nest deeper than 2 levels')
    >>> json_problem({"a": {"b": "c"}}) is None
    True
    """
    stack: list[tuple[Any, str, int]] = [(value, "", 1)]
    while stack:
        item, where, depth = stack.pop()
        if isinstance(item, (dict, list, tuple)) and depth > max_depth:
            return where or "<root>", f"arrays and objects nest deeper than {max_depth} levels"
        if isinstance(item, dict):
            for key in item:
                if not isinstance(key, str):
                    return where or "<root>", f"a JSON object's keys are strings, got the key {key!r:.40}"
            stack.extend((v, f"{where}.{k}" if where else k, depth + 1) for k, v in reversed(item.items()))
        elif isinstance(item, (list, tuple)):
            stack.extend((v, f"{where}[{i}]", depth + 1) for i, v in reversed(list(enumerate(item))))
        elif isinstance(item, float):
            if not math.isfinite(item):
                return where or "<root>", f"{item} is not a number JSON may hold (no NaN or infinity)"
        elif not (item is None or isinstance(item, (str, int))):  # (bool is an int)
            return where or "<root>", f"a {type(item).__name__} is not JSON data (a string, number, true/false, null, list or object)"
    return None


def file_digest(path: str | os.PathLike[str]) -> str:
    """Return the SHA-256 hex digest of the bytes of ``path`` (the same file gives the same digest).

    Raises:
        GameDataError: the file cannot be read.
    """
    try:
        with open(path, "rb") as stream:
            return hashlib.sha256(stream.read()).hexdigest()
    except OSError as e:
        raise GameDataError(f"{path}: cannot read the data file ({e.strerror or e})") from None


def data_digest(path: str | os.PathLike[str]) -> str:
    """Return :func:`file_digest` of ``path``, cached by path, modification time and size.

    Raises:
        GameDataError: the file cannot be read.
    """
    return _cached_digest(*cache_key(path, path))


@lru_cache(maxsize=64)
def _cached_digest(file: str, mtime_ns: int, size: int) -> str:
    return file_digest(file)


class DataChecker:
    """The base of every game's data validator: each failure names the file and the field.

    A game's checker subclasses it and adds one method per section of its file.
    """

    def __init__(self, file: str):
        self.file = file

    def fail(self, field: str, msg: str) -> GameDataError:
        """Return (not raise) the error for ``field``."""
        return GameDataError(f"{self.file}: field {field!r}: {msg}")

    def need(self, ok: object, field: str, msg: str) -> None:
        """Raise the error for ``field`` unless ``ok`` (a condition, or any value taken as true or false)."""
        if not ok:
            raise self.fail(field, msg)

    def header(self, data: Any, top_keys: Any, fmt: str) -> None:
        """Check a file's top level: a JSON object of known keys only (``top_keys``), the ``format`` this
        code reads (``fmt``), and the optional ``source`` note (a string) and ``reconstruction`` flag."""
        self.need(isinstance(data, dict), "<root>", "must be a JSON object")
        unknown = [k for k in data if k not in top_keys]
        self.need(not unknown, unknown[0] if unknown else "", f"unknown field (known: {', '.join(sorted(top_keys))})")
        found = self.get(data, "format", str, "format")
        self.need(found == fmt, "format", f"unknown format {found!r:.40}, expected {fmt!r}")
        self.need(isinstance(data.get("source", ""), str), "source", "must be a string saying where the data comes from")
        self.need(isinstance(data.get("reconstruction", False), bool), "reconstruction", "must be true or false")

    def get(self, obj: Any, key: str, typ: type | tuple[type, ...], field: str) -> Any:
        """Return ``obj[key]``, which must exist and be of type ``typ`` (never a bool for a number)."""
        if not isinstance(obj, dict) or key not in obj:
            raise self.fail(field, "is missing")
        value = obj[key]
        if not isinstance(value, typ) or (isinstance(value, bool) and typ is not bool):
            raise self.fail(field, f"must be {type_name(typ)}, got {value!r:.60}")
        return value


def type_name(typ: type | tuple[type, ...]) -> str:
    """Return ``"an integer"``, ``"a string or a list"``... for an expected JSON type."""
    types = typ if isinstance(typ, tuple) else (typ,)
    return " or ".join(_TYPE_NAMES.get(t, t.__name__) for t in types)


# ---------------------------------------------------------------------------- internals

class _NotFinite(ValueError):
    pass


def _refuse_constant(name: str) -> Any:
    raise _NotFinite(name)  # NaN, Infinity, -Infinity: Python's json accepts them, JSON does not


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):  # 1e999 parses to inf
        raise _NotFinite(text)
    return value


def _check_depth_of_text(file: str, text: str) -> None:
    """Raise ``GameDataError`` if arrays and objects nest deeper than :data:`MAX_DEPTH` (strings skipped)."""
    depth = 0
    for bracket in _BRACKETS.findall(_STRINGS.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_DEPTH:
            raise GameDataError(f"{file}: arrays and objects nest deeper than {MAX_DEPTH} levels")


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(r"[\[\]{}]")
