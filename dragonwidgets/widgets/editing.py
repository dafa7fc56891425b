"""Edit mode: set up a position on the board, then play from it (issue 14).

In the teacher's view a person switches the widget to *Edit*: the game being played is put aside and the
widget shows a *draft*, a whole position (``game.position()``) that each edit changes. An edit is an intent
``{"kind": "edit", "ops": [[path, value], ...]}``: each ``path`` is a list of keys and list indices into the
position's JSON and ``value`` the JSON put there; the ops of one edit are applied together (moving a knight
takes it from one space and puts it on another), then the rules judge the result with the position API
(``new_game(..., position=draft)``). A refused edit (a ``PositionError`` naming the count or rule broken)
shows its error and changes nothing. *Play from here* (``edit_play``) starts a game from the draft, recorded
as the game's ``start_position``; *Cancel* (``edit_cancel``) goes back to the game as it was. The draft is
the synced trait ``edit_position``, so the front end can copy it for a notebook cell. Seat views never edit,
and leaving the teacher's view ends editing: the view menu is refused while editing (a draft is not lost to a
stray click), and ``w.viewer = "0"`` in Python drops the draft, as *Cancel* does, before the seat's view is
sent, so nothing of the edit (the whole table) reaches a seat.
"""

from __future__ import annotations

import copy
import json
from typing import TYPE_CHECKING, Any

from ..engine import Game
from .messages import IntentError, shown
from .views import TEACHER

if TYPE_CHECKING:  # the traits and the other parts' methods, for mypy (see _parts.py)
    from ._parts import WidgetParts
else:
    WidgetParts = object

#: Most ops in one edit, and the largest edit as JSON (a whole Drachenland table is under 20 kB).
MAX_OPS = 32
MAX_EDIT_BYTES = 50_000


def checked_ops(ops: Any) -> list[tuple[list[str | int], Any]]:
    """Return ``ops`` as ``[(path, value)]`` after checking their shape and size.

    Raises:
        IntentError: not a list of ``[path, value]`` pairs, a path that is not a non-empty list of keys
            (strings) and indices (ints >= 0) at most 8 long, too many ops, or over :data:`MAX_EDIT_BYTES`.

    >>> checked_ops([[["knights", "P2"], ["red", "red"]]])
    [(['knights', 'P2'], ['red', 'red'])]
    """
    if not isinstance(ops, list) or not 1 <= len(ops) <= MAX_OPS:
        raise IntentError(f"edit: 'ops' is a list of 1 to {MAX_OPS} [path, value] pairs, got {shown(ops)}")
    try:
        size = len(json.dumps(ops, allow_nan=False))
    except (TypeError, ValueError, RecursionError):
        raise IntentError("edit: 'ops' holds plain JSON data only") from None
    if size > MAX_EDIT_BYTES:
        raise IntentError(f"edit: an edit is at most {MAX_EDIT_BYTES:,} bytes of JSON, got {size:,}")
    out = []
    for i, op in enumerate(ops):
        if not (isinstance(op, list) and len(op) == 2 and isinstance(op[0], list) and 1 <= len(op[0]) <= 8):
            raise IntentError(f"edit: ops[{i}] must be [path, value] with a path of 1 to 8 keys, got {shown(op)}")
        for key in op[0]:
            if not (isinstance(key, str) and len(key) <= 60) and not (type(key) is int and key >= 0):
                raise IntentError(f"edit: ops[{i}]: a path holds keys (strings) and list indices, got {shown(key)}")
        out.append((op[0], op[1]))
    return out


def set_path(doc: dict[str, Any], path: list[str | int], value: Any) -> None:
    """Set ``value`` at ``path`` in ``doc`` (in place); a missing key of an object is added.

    Raises:
        IntentError: the path does not lead through the position (a missing key on the way, an index out of
            a list, a key into a list or an index into an object).
    """
    node: Any = doc
    for depth, key in enumerate(path):
        last = depth == len(path) - 1
        if isinstance(node, dict) and isinstance(key, str):
            if last:
                node[key] = value
            elif key in node:
                node = node[key]
            else:
                raise IntentError(f"edit: the position has no {'.'.join(map(str, path[: depth + 1]))!r}")
        elif isinstance(node, list) and type(key) is int and key < len(node):
            if last:
                node[key] = value
            else:
                node = node[key]
        else:
            raise IntentError(f"edit: {'.'.join(map(str, path[: depth + 1]))!r} is not a place in the position")


class PositionEditor(WidgetParts):
    """Edit mode of :class:`~dragonwidgets.widgets.GameWidget` (it supplies ``_game``, ``viewer``,
    ``editing``, ``edit_position``, ``pause`` and ``_after_change``)."""

    _played: Game | None = None
    _draft: dict[str, Any] | None = None

    def edit_start(self) -> None:
        """Put the game aside and edit a draft of its table, starting from the table shown (teacher view).

        Raises:
            IntentError: not the teacher's view.
            NotImplementedError: the game has no positions.
        """
        if self.editing:
            return
        if self.viewer != TEACHER:
            raise IntentError("edit: only the teacher's view edits the table (in Python: w.viewer = 'teacher')")
        draft = self._game.position()
        self.pause()
        self._played, self._draft = self._game, draft
        self._game = self._game_from(draft)
        self.editing = True
        self.edit_position = draft
        self._after_change()

    def edit(self, ops: list[Any]) -> None:
        """Apply the ``[path, value]`` pairs of ``ops`` to the draft together, if the rules accept the result.

        Raises:
            IntentError: not editing, or a bad op (shape, size, a path not in the position).
            PositionError: the edited table breaks a count or a rule (nothing changes).
        """
        draft = copy.deepcopy(self._check_editing("edit"))
        for path, value in checked_ops(ops):
            set_path(draft, path, value)
        game = self._game_from(draft)  # the position API judges it: raises before anything changes
        self._draft, self._game = game.position(), game
        self.edit_position = self._draft
        self._after_change()

    def edit_play(self) -> None:
        """Start a game from the draft (its ``start_position``) and leave edit mode.

        Raises:
            IntentError: not editing.
        """
        draft = self._check_editing("edit_play")
        self._game = self._game_from(draft)  # a fresh game: its history starts at the edited table
        self._leave_edit_mode()

    def edit_cancel(self) -> None:
        """Leave edit mode and show the game as it was before editing.

        Raises:
            IntentError: not editing.
        """
        self._check_editing("edit_cancel")
        self._game = self._played_game()
        self._leave_edit_mode()

    def _drop_draft(self) -> None:
        """End editing, if on, as the viewer leaves the teacher's view (issue 27 item 4): the game as it was
        before editing comes back and the draft is cleared from the page (``editing`` and ``edit_position``
        are sent before the new view is), unpublished: the change of view that calls this publishes."""
        if self.editing:
            self._game = self._played_game()
            self._played = self._draft = None
            self.editing = False
            self.edit_position = {}

    def _leave_edit_mode(self) -> None:
        self._played = self._draft = None
        self.editing = False
        self.edit_position = {}
        self._after_change()

    def _game_from(self, position: dict[str, Any]) -> Game:
        base = self._played_game()
        return type(base)(players=base.players, seed=base.seed, chance=base.chance_mode, position=position,
                          **base.options)

    def _played_game(self) -> Game:
        """The game put aside while the table is edited (set by :meth:`edit_start`)."""
        assert self._played is not None, "a game is put aside while the table is edited"
        return self._played

    def _check_editing(self, what: str) -> dict[str, Any]:
        """Return the draft; raise ``IntentError`` if the table is not being edited."""
        if not self.editing or self._draft is None:
            raise IntentError(f"{what}: the table is not being edited (press Edit first: edit_start())")
        return self._draft

    def _check_not_editing(self, what: str) -> None:
        if self.editing:
            raise IntentError(f"{what}: the table is being edited: press 'Play from here' or 'Cancel' first")
