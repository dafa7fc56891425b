"""Sync what changed: after a click the kernel sends the changes, not every trait whole (issue 12).

ipywidgets sends a changed trait whole; here the game's traits go out as one custom message per update,
``{"kind": "sync", "base": v, "version": v + 1, "set": {...}, "patch": {...}}``:

- ``set``: traits sent whole (the small ones, and a big one the front end has not received yet);
- ``patch``: the big traits as changes against the value last sent: ``observation`` as a list of
  operations (``["set", path, value]``, ``["del", path]``, a path being a list of keys and list indices;
  a list whose length changed goes whole), ``log`` as the rows added (``{"append": rows, "keep": n}``: the
  new log is the last ``n`` rows of the old one followed by ``rows``) or ``{"rows": [...]}`` whole when it
  is not an extension (after a rewind), ``text`` as the lines that changed (``{"lines": [[i, line]...],
  "length": n}``), and ``legal_actions`` (a new list at almost every decision) whole but as a table,
  ``{"columns": [...], "rows": [[...], ...]}``, without its keys repeated in every action.

A message over :data:`DEFLATE_OVER` bytes of JSON travels deflated (zlib) as one binary buffer with the
content ``{"kind": "sync", "deflated": true}``: a Drachenland movement offering a hundred walks is 19 kB of
JSON, under 2 kB deflated. A click's message is mostly smaller and goes as plain JSON: inflating 1-2 kB took
the page 0.4-0.9 ms per click in JupyterLab (fflate, measured), more than the kilobyte saved is worth.

Python stays the authority and the traits keep their whole values: a view opened later reads them from
the front end's model, which every message brought up to date, and a page that connects anew gets the whole
state as usual (ipywidgets' ``request_state``). The front end applies a message only if its ``base`` is the
version its model holds (the synced trait ``version``); when it missed one (its bundle was still loading), it
sends the intent ``resync`` and Python answers with the whole state.

Measured with ``benchmarks/bench_bytes.py`` (the naive baseline: every changed trait whole).
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the traits and the other parts' methods, for mypy (see _parts.py)
    from ._parts import WidgetParts
else:
    WidgetParts = object

#: A sync message whose JSON is longer than this (bytes) is sent deflated (2048: every game's median per
#: applied action stays under 1.4 kB and 0.18x the naive sync, ``benchmarks/bench_bytes.py``).
DEFLATE_OVER = 2048
#: The traits sent as changes (or, ``legal_actions``, as a table); every other trait goes whole in ``set``.
PATCHED = ("observation", "log", "text", "legal_actions", "edit_position")


def dict_ops(old: dict[str, Any], new: dict[str, Any], path: tuple[str | int, ...] = ()) -> list[list[Any]]:
    """Return the operations that turn the JSON object ``old`` into ``new``: ``["set", path, value]`` for a
    key added or changed, ``["del", path]`` for a key removed. Nested objects, and lists that keep their
    length, are followed item by item (a path holds keys and list indices); other values go whole, and so
    does a nested object of plain values (numbers, strings) more than half of whose keys changed.

    >>> dict_ops({"a": 1, "b": {"c": 2, "d": 3, "f": 4, "g": 5}, "l": [1, 2]}, {"a": 1, "b": {"c": 5, "f": 4, "g": 5}, "e": None, "l": [1, 3]})
    [['set', ['b', 'c'], 5], ['del', ['b', 'd']], ['set', ['e'], None], ['set', ['l', 1], 3]]
    >>> dict_ops({"reach": {"0,0": 1, "0,1": 2, "0,2": 3}}, {"reach": {"0,0": 2, "0,1": 3, "0,2": 3}})
    [['set', ['reach'], {'0,0': 2, '0,1': 3, '0,2': 3}]]
    """
    ops: list[list[Any]] = []
    for key, value in new.items():
        if key not in old:
            ops.append(["set", [*path, key], value])
        else:
            _value_ops(old[key], value, (*path, key), ops)
    ops += [["del", [*path, key]] for key in old if key not in new]
    return ops


def _value_ops(before: Any, value: Any, path: tuple[str | int, ...], ops: list[list[Any]]) -> None:
    if before is value or before == value:
        return
    if type(before) is dict and type(value) is dict:
        changes = dict_ops(before, value, path)
        # a map of plain values most of which changed (a new turn's reach map, square -> cost): the map
        # whole is shorter than an op per key, and one op to apply; an object holding objects is followed
        # down (one deep change must not send all it holds)
        mostly = 2 * len(changes) > len(before.keys() | value.keys())
        plain = mostly and all(type(v) not in (dict, list) for v in value.values())
        ops += [["set", list(path), value]] if plain else changes
    elif type(before) is list and type(value) is list and len(before) == len(value):
        for i, (b, v) in enumerate(zip(before, value)):
            _value_ops(b, v, (*path, i), ops)
    else:
        ops.append(["set", list(path), value])


def apply_dict_ops(doc: dict[str, Any], ops: Iterable[list[Any]]) -> dict[str, Any]:
    """Return ``doc`` with ``ops`` applied (:func:`dict_ops`), copying only the objects on their paths, each
    once: the Python twin of the front end's ``applyOps`` (``js/shared/sync.js``), used by the tests."""
    out = dict(doc)
    copies = {id(out)}
    for op in ops:
        *parents, last = op[1]
        node = out
        for key in parents:
            if id(node[key]) not in copies:
                node[key] = list(node[key]) if type(node[key]) is list else dict(node[key])
                copies.add(id(node[key]))
            node = node[key]
        if op[0] == "set":
            node[last] = op[2]
        else:
            del node[last]
    return out


def log_patch(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> dict[str, Any]:
    """Return ``{"append": rows, "keep": n}`` if ``new`` is the last rows of ``old`` followed by ``rows``,
    else ``{"rows": new}``.

    >>> log_patch([{"step": 1}, {"step": 2}], [{"step": 2}, {"step": 3}])
    {'append': [{'step': 3}], 'keep': 2}
    """
    last = old[-1]["step"] if old else 0
    added = 0
    while added < len(new) and new[len(new) - 1 - added]["step"] > last:
        added += 1
    kept = len(new) - added
    if kept <= len(old) and new[:kept] == old[len(old) - kept:]:
        return {"append": new[kept:], "keep": len(new)}
    return {"rows": new}


def apply_log_patch(rows: list[Any], patch: dict[str, Any]) -> list[Any]:
    """Return the log after ``patch`` (:func:`log_patch`); the Python twin of the front end's."""
    if "rows" in patch:
        return list(patch["rows"])
    joined = [*rows, *patch["append"]]
    return joined[len(joined) - patch["keep"]:] if patch["keep"] else []


def table_patch(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> dict[str, Any]:
    """Return the list of records ``new`` (``old`` is not needed) as ``{"columns": keys, "rows": values}``.

    >>> table_patch([], [{"id": "a", "n": 1}, {"id": "b", "n": 2}])
    {'columns': ['id', 'n'], 'rows': [['a', 1], ['b', 2]]}
    """
    columns = list(new[0]) if new else []
    return {"columns": columns, "rows": [[row[c] for c in columns] for row in new]}


def apply_table_patch(old: list[Any], patch: dict[str, Any]) -> list[dict[str, Any]]:
    """Return the records of ``patch`` (:func:`table_patch`); the Python twin of the front end's."""
    return [dict(zip(patch["columns"], row)) for row in patch["rows"]]


def text_patch(old: str, new: str) -> dict[str, Any]:
    """Return ``{"lines": [[i, line], ...], "length": n}``: the lines of ``new`` that differ from ``old``'s.

    >>> text_patch("a\\nb\\nc", "a\\nB")
    {'lines': [[1, 'B']], 'length': 2}
    """
    before, after = old.split("\n"), new.split("\n")
    changed = [[i, line] for i, line in enumerate(after) if i >= len(before) or before[i] != line]
    return {"lines": changed, "length": len(after)}


def apply_text_patch(text: str, patch: dict[str, Any]) -> str:
    """Return ``text`` after ``patch`` (:func:`text_patch`); the Python twin of the front end's."""
    lines = (text.split("\n") + [""] * patch["length"])[: patch["length"]]
    for i, line in patch["lines"]:
        lines[i] = line
    return "\n".join(lines)


class PatchSync(WidgetParts):
    """The sync of :class:`~dragonwidgets.widgets.GameWidget`: one ``sync`` message per update, the big
    traits as changes (it supplies the ``version`` trait and ipywidgets' ``send_state``/``send``)."""

    _sent: dict[str, Any]

    def send_state(self, key: str | Iterable[str] | None = None) -> None:
        """Send the whole state when ``key`` is ``None`` (a new or reloaded page asks for it); else send the
        traits named as one ``sync`` message, the big ones as changes."""
        if key is None:
            self._sent = {}
            self.version = self.version + 1  # whole values from here: a later sync message builds on them
            super().send_state()
            self._remember_sent()
            return
        names = [k for k in ([key] if isinstance(key, str) else key) if k != "version"]
        if not names or getattr(self, "comm", None) is None:
            return
        whole: dict[str, Any] = {}
        patch: dict[str, Any] = {}
        sent = self.__dict__.setdefault("_sent", {})
        for name in names:
            value = getattr(self, name)
            if name in PATCHED and name in sent:
                patch[name] = _PATCHERS[name](sent[name], value)
            else:
                whole[name] = value
            if name in PATCHED:
                sent[name] = value
        base = self.version
        self.version = base + 1  # sends nothing by itself (left out above): it travels in the message
        message = {"kind": "sync", "base": base, "version": base + 1, "set": whole, "patch": patch}
        raw = json.dumps(message, separators=(",", ":"), allow_nan=False).encode()
        if len(raw) > DEFLATE_OVER:
            self.send({"kind": "sync", "deflated": True}, buffers=[zlib.compress(raw, 6)])
        else:
            self.send(message)

    def _remember_sent(self) -> None:
        """Note the patched traits as the front end now holds them whole (the whole state just went out, or
        the comm's open message carried it): the next ``sync`` message sends their changes."""
        self._sent = {name: getattr(self, name) for name in PATCHED}

    def resync(self) -> None:
        """Send the whole state (the front end missed a ``sync`` message while its bundle was loading)."""
        self.send_state()


_PATCHERS: dict[str, Callable[[Any, Any], Any]] = {
    "observation": dict_ops,
    "log": log_patch,
    "text": text_patch,
    "legal_actions": table_patch,
    "edit_position": dict_ops,
}
