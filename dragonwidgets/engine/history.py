"""The history of a game: its entries, undo, the log each seat reads, copies for search.

:class:`History` is the part of :class:`~.game.Game` that reads the line of play. The line itself is
written by ``Game._commit`` (one entry per step, a checkpoint of the state every
:data:`~.game.CHECKPOINT_EVERY` steps) and travelled by ``Game.goto``, both in :mod:`.game`.
"""

from __future__ import annotations

import copy
import random
from itertools import repeat
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from .actions import (  # tuple.__new__: a named tuple built in C
    CHANCE,
    Action,
    Event,
    _new_tuple,
)
from .errors import HistoryError

if TYPE_CHECKING:
    from ._parts import GameParts
    from .game import Game
else:
    GameParts = object  # what the other parts of Game supply, for mypy (see _parts.py)


#: the attributes a game makes after its set-up: the fixed data :meth:`~.spaces.Interop._cached` keeps
LATER_ATTRIBUTES = ("_observation_encoder_cache", "_action_space_cache", "_chance_space_cache")
#: game class -> :meth:`History._attribute_names`
_ATTRIBUTE_NAMES: dict[type, tuple[str, ...]] = {}
_ABSENT = object()  # an attribute a game has not made (yet)
#: The longest comment :meth:`History.annotate` takes (and a record may carry), in characters.
MAX_COMMENT_CHARS = 10_000


class Entry(NamedTuple):
    """One step of the history: the action applied, whether the generator drew it, its events."""

    action: Action
    auto: bool
    events: tuple[Event, ...]


class History(GameParts):
    """History entries, undo, the log, clones and determinized copies of :class:`~.game.Game`."""

    players: int
    options: dict[str, Any]
    seed: int
    state: Any
    _step: int
    _actions: list[Action]
    _autos: list[bool]
    _events: list[tuple[Event, ...]]
    _checkpoints: dict[int, Any]
    _keep_history: bool
    _comments: dict[int, str]
    _variations: dict[int, list[dict[str, Any]]]

    @property
    def step(self) -> int:
        """How many history entries lead to the current state (``0`` = the initial state)."""
        return self._step

    @property
    def decisions(self) -> int:
        """How many of the entries leading to the current state are seats' decisions (the game's length
        in decisions: chance outcomes, drawn or picked by hand, are not counted).

        >>> import dragonwidgets
        >>> g = dragonwidgets.new_game("emerald", players=3, seed=1)
        >>> _ = g.apply(g.legal_actions()[0])
        >>> g.decisions == sum(e.action.player != -1 for e in g.history[: g.step]) == 1
        True
        """
        return sum(a.player != CHANCE for a in self._actions[: self._step])

    @property
    def history(self) -> tuple[Entry, ...]:
        """Every entry of the current line, including those after ``step`` after a rewind.

        It builds a tuple of the whole line: ask :attr:`history_length` for its length and :meth:`entry`
        for one entry, whose cost does not grow with the game.
        """
        return tuple(map(_new_tuple, repeat(Entry), zip(self._actions, self._autos, self._events)))  # all in C

    @property
    def history_length(self) -> int:
        """``len(history)``: entries in the current line (steps after :attr:`step` can be redone)."""
        return len(self._actions)

    def entry(self, index: int) -> Entry:
        """Return the history entry ``index`` (``0`` is the first; ``-1`` the last of the line), as
        ``history[index]`` does, without building the history.

        Raises:
            IndexError: no such entry.
        """
        return Entry(self._actions[index], self._autos[index], self._events[index])

    def undo(self) -> None:
        """Step back over the last decision (and the chance outcomes drawn automatically after it).

        The undone entries stay in :attr:`history` until a new action is applied (redo with
        :meth:`goto`).

        Raises:
            HistoryError: no decision lies behind the current step (only the initial state, or
                chance outcomes the generator drew before the first decision).
        """
        step = self._step
        while step > 0 and self._autos[step - 1]:
            step -= 1
        if step == 0:
            raise HistoryError("no decision to undo: the game is at its first decision")
        self.goto(step - 1)

    def annotate(self, step: int, text: str) -> None:
        """Write the comment ``text`` on the state after ``step`` entries (``0``: the start), as a study's
        comment on a move; an empty (or blank) text removes it. Records carry comments (:meth:`to_record`).

        Once a game holds a comment, applying an action at a past step keeps the line it replaces as a
        variation from that step (:meth:`variations`) instead of dropping it.

        >>> import dragonwidgets
        >>> g = dragonwidgets.new_game("emerald", players=3, seed=1)
        >>> g.annotate(0, "Three knights stand on each tower.")
        >>> g.comment(0)
        'Three knights stand on each tower.'

        Raises:
            HistoryError: ``step`` is not an int in ``0..history_length``, or the game is a search copy
                (it keeps no history).
            TypeError: ``text`` is not a str.
            ValueError: ``text`` is longer than :data:`MAX_COMMENT_CHARS`.
        """
        if not self._keep_history:
            raise HistoryError("a search copy (clone(history=False)) keeps no history to annotate")
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= len(self._actions):
            raise HistoryError(f"step must be an int in 0..{len(self._actions)}, got {step!r:.40}")
        if not isinstance(text, str):
            raise TypeError(f"a comment is a str, got {type(text).__name__}")
        if len(text) > MAX_COMMENT_CHARS:
            raise ValueError(f"a comment is at most {MAX_COMMENT_CHARS:,} characters, got {len(text):,}")
        if text.strip():
            self._comments[step] = text
        else:
            self._comments.pop(step, None)

    def comment(self, step: int) -> str | None:
        """Return the comment on the state after ``step`` entries of the current line, or ``None``."""
        return self._comments.get(step)

    @property
    def comments(self) -> dict[int, str]:
        """``{step: comment}`` of the current line (a copy), in step order."""
        return dict(sorted(self._comments.items()))

    def variations(self, step: int) -> list[dict[str, Any]]:
        """Return the lines once played from the state after ``step`` entries and replaced by a branch
        (a copy; ``[]`` when none), oldest first.

        Each line is JSON-ready: ``{"actions": [{"id", "player", "auto"}], "comments": {"k": text},
        "variations": {"k": [line, ...]}}`` (the last two only when not empty), ``k`` counting the
        line's entries from ``step`` (``"1"``: the state after its first entry), as the record holds it.
        """
        return copy.deepcopy(self._variations.get(step, []))

    def enter_variation(self, step: int, index: int) -> None:
        """Make the variation ``index`` from ``step`` (:meth:`variations`) the current line, as a study's
        "promote" does: the line played from ``step`` on becomes a variation from ``step`` in its turn (the
        last of the list), with its comments and variations, and the chosen line's own comments and variations
        come back on its steps. The game then shows the state after the variation's first entry (and the
        chance outcomes drawn after it).

        >>> import dragonwidgets
        >>> g = dragonwidgets.new_game("emerald", players=3, seed=1)
        >>> first, second = [a.id for a in g.legal_actions()[:2]]
        >>> _ = g.apply(first); g.annotate(1, "The first idea."); g.goto(0); _ = g.apply(second)
        >>> g.enter_variation(0, 0)
        >>> g.history[0].action.id == first, g.comment(1), g.variations(0)[0]["actions"][0]["id"] == second
        (True, 'The first idea.', True)

        Raises:
            HistoryError: ``step`` is not an int in ``0..history_length``, ``index`` not an int naming one of
                the variations from ``step``, the game is a search copy, or the variation no longer replays
                from ``step`` (the message says which action); the game is left exactly as it was.
        """
        if not self._keep_history:
            raise HistoryError("a search copy (clone(history=False)) keeps no variations")
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= len(self._actions):
            raise HistoryError(f"step must be an int in 0..{len(self._actions)}, got {step!r:.40}")
        lines = self._variations.get(step, [])
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(lines):
            allowed = f"an int in 0..{len(lines) - 1}" if lines else "nothing: no variation leaves from this step"
            raise HistoryError(f"variation index at step {step} must be {allowed}, got {index!r:.40}")
        line = lines[index]
        entries = [(entry["id"], entry.get("auto") is True) for entry in line["actions"]]
        twin = self.clone()  # replayed first on a copy: a line that no longer replays changes nothing
        twin.goto(step)
        for i, (action_id, auto) in enumerate(entries):
            try:
                twin._replay(action_id, auto)
            except Exception as e:  # noqa: BLE001 - an illegal action, or a game's error: refused the same way
                raise HistoryError(f"variation {index} from step {step} does not replay: its action {i} "
                                   f"({action_id!r}): {e}") from None
        del lines[index]
        if not lines:
            del self._variations[step]
        game = cast("Game", self)  # History is a part of a Game
        game.goto(step)
        if len(self._actions) > step:  # the current line becomes a variation in its turn, then is cut
            self._keep_old_line(step)
            del self._actions[step:], self._autos[step:], self._events[step:]
            for later in [k for k in self._checkpoints if k > step]:
                del self._checkpoints[later]
            game._history_cut(step)
        for action_id, auto in entries:
            game._replay(action_id, auto)
        for key, text in line.get("comments", {}).items():
            self._comments[step + int(key)] = text
        for key, nested in line.get("variations", {}).items():
            self._variations.setdefault(step + int(key), []).extend(copy.deepcopy(nested))
        shown = step + 1
        while shown < len(self._actions) and self._autos[shown]:
            shown += 1
        self.goto(shown)

    def _keep_old_line(self, step: int) -> None:
        """Move the entries from ``step`` on, with their comments and variations, into a variation from
        ``step`` (a branch is about to drop them)."""
        line: dict[str, Any] = {
            "actions": [{"id": a.id, "player": a.player, "auto": auto}
                        for a, auto in zip(self._actions[step:], self._autos[step:])]}
        later_comments = {k: t for k, t in self._comments.items() if k > step}
        later_lines = {k: v for k, v in self._variations.items() if k > step}
        if later_comments:
            line["comments"] = {str(k - step): t for k, t in sorted(later_comments.items())}
        if later_lines:
            line["variations"] = {str(k - step): v for k, v in sorted(later_lines.items())}
        for k in later_comments:
            del self._comments[k]
        for k in later_lines:
            del self._variations[k]
        self._variations.setdefault(step, []).append(line)

    def log(self, viewer: int | None = None, upto: int | None = None, last: int | None = None
            ) -> list[dict[str, Any]]:
        """Return the events of the history up to step ``upto`` (default: the current step) as
        ``[{"step": int, "player": int, "kind": str, "text": str}]``, each text as ``viewer`` may read it.

        ``last=n`` returns only the last ``n`` rows (``log(...)[-n:]``), read backwards from ``upto`` so
        its cost does not grow with the game's length.
        """
        upto = self._step if upto is None else upto
        if last is not None:
            rows: list[dict[str, Any]] = []
            i = upto - 1
            while i >= 0 and len(rows) < last:
                player = self._actions[i].player
                for ev in reversed(self._events[i]):
                    text = ev.text_for(viewer)
                    if text:
                        rows.append({"step": i + 1, "player": player, "kind": ev.kind, "text": text})
                i -= 1
            return rows[:last][::-1] if last > 0 else []
        out = []
        for i, (action, events) in enumerate(zip(self._actions[:upto], self._events[:upto])):
            for ev in events:
                text = ev.text_for(viewer)
                if text:
                    out.append({"step": i + 1, "player": action.player, "kind": ev.kind, "text": text})
        return out

    def clone(self, history: bool = True) -> Game:
        """Return an independent copy (for search and what-if questions).

        Args:
            history: ``True`` (default) copies everything, history included, so the copy can
                :meth:`undo`, :meth:`goto` and :meth:`to_record` like the original. ``False`` gives a
                cheap *search copy*: the same state (copied by :meth:`_copy_state`), options, seed
                and chance mode, ``step`` kept, but an empty history that stays empty as it plays
                on (no entries are kept: rollouts stay cheap); it can :meth:`apply` and be asked
                everything about the current state, but :meth:`goto`, :meth:`undo`, :meth:`log` and
                :meth:`to_record` are not for it. Read-only game data (boards, decks) is shared
                with the original.

        The copy has the attributes a game of its class is made with and the caches the engine makes later
        (:meth:`_attribute_names`); an attribute set on a game from outside is not carried over.
        """
        names = self._attribute_names()
        twin = cast("Game", object.__new__(type(self)))  # self is a Game: History is a part of one
        if history:
            # what stays fixed through a game (its spaces, its tensor encoder: Interop._cached, names ending
            # in "_cache") is shared with the copy, not copied; the rest is copied as one deepcopy would
            memo: dict[int, Any] = {id(self): twin}
            values = [(name, getattr(self, name, _ABSENT)) for name in names]
            for name, value in values:
                if name.endswith("_cache") and value is not None:
                    memo[id(value)] = value
            for name, value in values:
                if value is not _ABSENT:
                    setattr(twin, name, copy.deepcopy(value, memo))
            return twin
        for name in names:  # read-only data and scalar fields; the mutable ones below
            value = getattr(self, name, _ABSENT)
            if value is not _ABSENT:
                setattr(twin, name, value)
        twin.options = dict(self.options)
        twin._actions, twin._autos, twin._events = [], [], []
        twin._checkpoints = {}
        twin._comments, twin._variations = {}, {}  # a search copy has no past to comment (nor a seat's hidden line)
        twin._keep_history = False
        twin.state = self._copy_state()
        return twin  # the legal-action cache is shared: a list of immutable actions, never mutated

    def _attribute_names(self) -> tuple[str, ...]:
        """The names of the attributes a game of this class has, in the order it makes them: those of a fresh
        game of the same class and options (made once per class), then the caches made later
        (:data:`LATER_ATTRIBUTES`).

        Known without reading ``self.__dict__``: in CPython 3.11 asking a live game for its ``__dict__`` makes
        Python keep its attributes in a real dict from then on, and every later attribute read of the rules
        (``g.state``...) about four times slower; bots, hints and widgets clone live games.
        """
        names = _ATTRIBUTE_NAMES.get(type(self))
        if names is None:
            fresh = type(self)(players=self.players, seed=self.seed, chance=self.chance_mode, **self.options)
            names = _ATTRIBUTE_NAMES[type(self)] = tuple(dict.fromkeys((*vars(fresh), *LATER_ATTRIBUTES)))
        return names

    def determinize(self, seat: int, rng: random.Random) -> Game:
        """Return a search copy in which everything ``seat`` cannot see is resampled from ``rng``.

        The copy is what a search bot of ``seat`` is given (:func:`~.bots.bot_move`, MCTS, OpenSpiel's
        ``bot_seat``), so it holds nothing, anywhere, that ``seat`` may not know (issue 27): it depends only
        on ``observation(seat)`` (and on the public data and options of the game) and on ``rng``. Two true
        games the seat cannot tell apart give, for the same ``rng`` state, copies equal in every attribute.

        - the state: :meth:`_resample_hidden` redeals what ``seat`` cannot see, so the copy's
          ``observation(seat)`` equals the original's while its hidden parts are a fresh, consistent deal;
        - the seed: ``rng.getrandbits(32)`` (drawn first), so its future dice and draws are not the true ones;
        - no past: a copy starts where it stands. Its history, checkpoints and start position are those of a
          search copy (:meth:`clone` with ``history=False``: empty) and ``start_position`` is ``None``, its
          place in the chance stream 0: the true start (its cards, seed and step) and the true line of play
          (whose chance outcomes may show hidden cards) are not in it. ``step`` and the observations keep
          the true step count, which is public. :meth:`goto`, :meth:`undo`, :meth:`log` and
          :meth:`to_record` are not for a copy (as for any search copy): ``goto(0)`` sets up the copy's own
          seed, nothing of the true game. ``copy.position()`` is the copy's table with its own seed, the
          start a search could be shared from.

        The true game is never changed. Search bots (information-set Monte Carlo) call it once per iteration.

        Raises:
            ValueError: ``seat`` is not a seat ``0..players-1``.
            NotImplementedError: the game does not implement :meth:`_resample_hidden`.
        """
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be a seat 0..{self.players - 1}, got {seat!r}")
        twin = self.clone(history=False)
        twin.seed = rng.getrandbits(32)
        twin.start_position = None  # the true start: its hidden cards, its seed and its place in the stream
        twin._chance_offset = 0
        twin._resample_hidden(seat, rng)
        twin._legal_cache = None  # another seat's choices may depend on what was redealt
        return twin
