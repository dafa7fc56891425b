"""The game-agnostic state machine every game speaks: decisions, chance, history, records.

A game subclasses :class:`Game` and implements the ``_``-prefixed hooks below. This module owns
everything else: validating actions (the state is never touched by an illegal one), drawing chance
outcomes from the seeded generator, the history with undo / goto / branching, and the JSON record.

Chance is drawn per history step from a generator seeded with ``(seed, step)``, so the state is a
pure function of the seed and the actions: rewinding and replaying gives the same dice again, and a
branch taken at step k draws the same outcome at step k + 1 as the original line would have.
"""

from __future__ import annotations

import copy
import hashlib
import json
import numbers
import random
from itertools import repeat
from _random import Random as _MersenneTwister  # the C generator under random.Random
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, Sequence

from .actions import CHANCE, Action, Event, _new_tuple  # tuple.__new__: a named tuple built in C
from .data import data_digest
from .rules import rule_ids_in, rule_text
from .errors import HistoryError, IllegalActionError, PositionError
from .spaces import Interop

CHANCE_MODES = ("auto", "manual")
#: A copy of the state is kept every this many steps of the history, so :meth:`Game.goto` and
#: :meth:`Game.undo` replay at most this many steps whatever the game's length (2-4 ms). A state copy
#: is 3-11 kB against about 1 kB of history per step, and costs 10-40 µs: every 32 steps the copies
#: added 11 % to Emerald's random play (callgrind); every 128 they add about 3 % and a tenth to memory.
CHECKPOINT_EVERY = 128

#: ``Game._to_move`` before it is computed for the current state (a singleton that copy and pickle keep).
_UNKNOWN = Ellipsis


class Entry(NamedTuple):
    """One step of the history: the action applied, whether the generator drew it, its events."""

    action: Action
    auto: bool
    events: tuple[Event, ...]


#: Keys every position may hold besides the game's own.
ENGINE_POSITION_KEYS = ("game", "players", "seed", "step")
#: The largest position accepted, as JSON text (a whole Drachenland table is under 20 kB).
MAX_POSITION_BYTES = 1_000_000


def checked_position(position: Any, game: str, players: int) -> dict[str, Any]:
    """Return a copy of ``position`` (plain JSON data) after the checks every game shares.

    Raises:
        PositionError: not a JSON object of plain JSON data (or over :data:`MAX_POSITION_BYTES`), another
            game's or another player count's, or a ``step`` that is not an int >= 0.
    """
    if not isinstance(position, dict):
        raise PositionError(f"a position is a dict (a JSON object), got {type(position).__name__}")
    try:
        text = json.dumps(position, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as e:
        raise PositionError(f"a position holds plain JSON data only: {str(e)[:120]}") from None
    if len(text) > MAX_POSITION_BYTES:
        raise PositionError(f"a position is at most {MAX_POSITION_BYTES:,} bytes of JSON, got {len(text):,}")
    position = json.loads(text)
    if position.get("game", game) != game:
        raise PositionError(f"field 'game': this is a position of {position['game']!r}, not of {game!r}")
    if position.get("players", players) != players:
        raise PositionError(f"field 'players': the position is for {position['players']!r} players, the game has {players}")
    step = position.get("step", 0)
    if not isinstance(step, int) or isinstance(step, bool) or step < 0:
        raise PositionError(f"field 'step': the place in the chance stream is an int >= 0, got {step!r:.40}")
    return position


def _with_rule_texts(verdict: str, rule_ids: Sequence[str]) -> str:
    """Return ``verdict`` followed by one line per rule ID it names that has a text: ``  ID: text``."""
    lines = [verdict]
    for rule_id in dict.fromkeys(rule_ids):
        try:
            lines.append(f"  {rule_id}: {rule_text(rule_id)}")
        except KeyError:
            pass  # a game of its own (a test's toy game) names rules the package has no text for
    return "\n".join(lines)


def _chance_number(seed: int) -> float:
    """Return ``random.Random(seed).random()``: a chance node's only number.

    Built on the C generator that ``random.Random`` extends (``_random.Random``): seeded with an int it
    is the same Mersenne Twister in the same state, without ``random.Random``'s Python-level ``seed``
    wrapper; a new generator per call also needs no lock between threads.
    """
    return _MersenneTwister(seed).random()


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended: final ``scores`` by seat, the ``winners`` and a readable ``reason``."""

    scores: dict[int, int]
    winners: list[int]
    reason: str


class Game(Interop):
    """A game in progress: its state, its legal actions and its history.

    Create one with :func:`dragonwidgets.new_game` (or a game module's ``new_game``). Its numeric face
    for learning agents (integer actions, observation tensors, returns) comes from :class:`~.spaces.Interop`.

    Args:
        players: number of seats; each game states its range (``min_players..max_players``).
        seed: the integer every shuffle and die roll derives from (any integral type, e.g. a numpy
            integer, kept as an ``int``); ``None`` draws one at random (it is then kept in
            ``game.seed`` and in the record).
        chance: ``"auto"`` (chance outcomes are drawn from the seeded generator as soon as they are
            due) or ``"manual"`` (the game stops at every chance node; ``current_player`` is
            :data:`CHANCE` and ``legal_actions()`` lists the outcomes with their ``prob``, so a teacher
            picks the die face; :meth:`resolve_chance` draws one instead).
        position: a table to start from instead of the seeded set-up (a JSON dict, see
            :meth:`position`): whole, as :meth:`position` gives it, or partial, naming only what a lesson
            needs (each game's ``position`` docstring gives its shape and an example); what it leaves out
            comes from the seeded set-up, and the components it names are taken from where the set-up put
            them, so none is created or lost. ``None``: the seeded set-up.
        **options: the game's named options (its ``option_defaults`` lists them with their defaults).

    Raises:
        ValueError: on a player count out of range, an unknown option or an option of the wrong type,
            or an unknown chance mode.
        PositionError: ``position`` breaks a count or a rule of the game (a ``GameDataError``; the
            message names the field).
    """

    name: ClassVar[str] = "game"
    version: ClassVar[int] = 1
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    #: option name -> default value; the option's type is the default's type.
    option_defaults: ClassVar[dict[str, Any]] = {}
    #: the options that name a data file (``"board_file"``...) -> the bundled file used when it is "".
    #: Records carry each file's content digest and never name a file to open (see ``from_record``).
    data_options: ClassVar[dict[str, str]] = {}

    def __init__(self, *, players: int, seed: int | None = None, chance: str = "auto",
                 position: dict[str, Any] | None = None, **options: Any):
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError(f"players must be an int, got {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.name} is played by {self.min_players} to {self.max_players} players, not {players}"
            )
        if chance not in CHANCE_MODES:
            raise ValueError(f"chance must be one of {CHANCE_MODES}, got {chance!r}")
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        if not isinstance(seed, numbers.Integral) or isinstance(seed, bool) or seed < 0:
            raise ValueError(f"seed must be a non-negative int or None, got {seed!r}")
        seed = int(seed)  # a numpy integer too, e.g. one of simulate()'s result.seeds
        self.players: int = players
        self.seed: int = seed
        self.chance_mode: str = chance
        self.options: dict[str, Any] = self._check_options(options)
        #: data option -> SHA-256 of the file the game reads for it (the record carries them).
        self.data_digests: dict[str, str] = {
            name: data_digest(self.options[name] or bundled) for name, bundled in self.data_options.items()
        }
        # The history, one item per step in each list; ``history`` pairs them up as Entry records. Kept
        # apart, a step adds no object but its events: the cyclic garbage collector, which traverses
        # every live container again and again, has a third fewer to go through in a long game.
        self._actions: list[Action] = []
        self._autos: list[bool] = []
        self._events: list[tuple[Event, ...]] = []
        self._keep_history = True  # False in a search copy (clone(history=False)): no entries kept
        self._step = 0
        self._legal: list[Action] | None = None  # the legal actions of the current state, once asked
        self._to_move: int | None = _UNKNOWN  # the seat to move in the current state, once asked
        self.state = self._setup(self._rng(0))
        #: the position the game started from (``None``: the seeded set-up); records carry it
        self.start_position: dict[str, Any] | None = None
        #: how far along the chance stream the game starts: a position reached by play keeps its dice
        self._chance_offset = 0
        if position is not None:
            position = checked_position(position, self.name, players)
            self.state = self._from_position(self.state, position)  # raises PositionError, changing nothing
            self.start_position = position
            self._chance_offset = position.get("step", 0)
        #: step -> a copy of the state after that many entries, every CHECKPOINT_EVERY steps (goto, undo);
        #: the initial table is set up again when needed (a copy per new game would cost every study)
        self._checkpoints: dict[int, Any] = {}
        self._draw_due_chance()

    # ------------------------------------------------------------------ hooks for the games
    def _setup(self, rng: random.Random) -> Any:
        """Return the initial state, shuffling with ``rng`` only."""
        raise NotImplementedError

    def _player_to_move(self) -> int | None:
        """Return the seat to decide, :data:`CHANCE`, or ``None`` when the game is over."""
        raise NotImplementedError

    def _legal_actions(self) -> list[Action]:
        """Return the legal actions of the player to move (only called at a decision node).

        The engine never mutates the list (``legal_actions()`` hands out copies), so a game may
        return a memoized list shared between calls; the same holds for :meth:`_chance_outcomes`.
        """
        raise NotImplementedError

    def _chance_outcomes(self) -> list[Action]:
        """Return the chance outcomes, each with ``prob`` set (only called at a chance node)."""
        raise NotImplementedError

    def _apply(self, action: Action) -> list[Event]:
        """Apply ``action``, known to be legal, to ``self.state``; return the events it caused."""
        raise NotImplementedError

    def _outcome(self) -> Outcome:
        """Return the final scores, winners and reason (only called when the game is over)."""
        raise NotImplementedError

    def _scores(self) -> dict[int, int]:
        """Return each seat's score now (final once the game is over)."""
        raise NotImplementedError

    def _observation(self, player: int | None) -> dict[str, Any]:
        """Return what ``player`` may know (``None``: the full table), JSON-ready."""
        raise NotImplementedError

    def _position(self) -> dict[str, Any]:
        """Return the whole table as a JSON-ready dict in the game's own terms (hidden parts included),
        with whose turn it is and at which decision; :meth:`position` adds the engine's keys."""
        raise NotImplementedError(f"{self.name} does not implement positions")

    def _from_position(self, state: Any, position: dict[str, Any]) -> Any:
        """Return the state ``position`` describes, built from ``state`` (the seeded set-up, not to be
        changed in place) for whatever the position leaves out.

        Raises:
            PositionError: the position breaks a count or a rule (naming the field).
        """
        raise NotImplementedError(f"{self.name} does not implement positions")

    def picture(self, player: int | None = None) -> str | None:
        """Return an SVG picture (a ``str``) of the board as ``player`` sees it (``None``: the full table), for
        places where no front end runs (a notebook shown statically, ``nbconvert --to html``); ``None`` when
        the game draws none. It is drawn from ``observation(player)`` only, so it shows nothing the player
        may not see.

        Raises:
            ValueError: ``player`` is not ``None`` nor a seat.
        """
        return self._picture(self.observation(player))

    def _picture(self, observation: dict[str, Any]) -> str | None:
        """Return the SVG picture of ``observation`` (a seat's or the full table's); the default draws none."""
        return None

    def _text_board(self) -> str:
        """Return a small deterministic text picture of the state."""
        return f"<{self.name} step {self._step}>"

    def _why_illegal(self, action_id: str) -> str:
        """Return why ``action_id`` is not legal now; games override it to name the rule."""
        return "it is not among the legal actions of this state"

    def player_name(self, player: int) -> str:
        """Return a display name for ``player`` (games name seats after their colours)."""
        return f"Player {player + 1}"

    def _copy_state(self) -> Any:
        """Return a full, independent copy of ``self.state`` (for :meth:`clone` and search).

        The default is ``copy.deepcopy(self.state)``; a game may override it with something
        faster, as long as nothing of the copy is shared with the original.
        """
        return copy.deepcopy(self.state)

    def _state_replaced(self) -> None:
        """Forget whatever the game remembers about the table: ``state`` was just replaced whole (by
        :meth:`goto` or :meth:`undo`, from a checkpoint). The engine default does nothing; a game that
        memoizes answers about the current table outside ``state`` drops them here."""

    def _resample_hidden(self, seat: int, rng: random.Random) -> None:
        """Replace, in place, everything ``seat`` cannot see by a uniformly resampled arrangement.

        Called on a search copy (see :meth:`determinize`). The new arrangement is consistent with
        ``self.observation(seat)`` (which stays unchanged) and uses only ``rng`` and what ``seat``
        sees: hidden items are put in a canonical order before they are shuffled, so two states that
        differ only in what ``seat`` cannot see give the same result for the same ``rng`` state.
        A game in which a seat sees everything implements it as a no-op.

        Raises:
            NotImplementedError: the game does not implement it (the engine default).
        """
        raise NotImplementedError(f"{self.name} does not implement _resample_hidden (hidden-information search)")

    def measures(self) -> dict[str, float | list[float]]:
        """Return game-specific measures of a finished game, for :func:`dragonwidgets.simulate`.

        Each value is a number for the game or a list with one number per seat; every finished
        game of a class gives the same keys. The engine default is ``{}`` (no measures).
        """
        return {}

    # ------------------------------------------------------------------ the public API
    @property
    def current_player(self) -> int | None:
        """The seat to decide now, :data:`CHANCE` (-1) at a chance node, or ``None`` when over."""
        to_move = self._to_move
        if to_move is _UNKNOWN:
            to_move = self._to_move = self._player_to_move()
        return to_move

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        to_move = self._to_move
        if to_move is _UNKNOWN:
            to_move = self._to_move = self._player_to_move()
        return to_move is None

    @property
    def chance_outcomes_hidden(self) -> bool:
        """Whether the chance outcomes due now would show a seat what it may not see (at a chance node only):
        a card turned up from a face-down pile whose make-up nobody at the table knows. A seat's view then
        lists no outcome (the teacher picks, or chance draws one). Games say so in
        :meth:`_chance_outcomes_hidden`; dice and draws from a stock whose make-up everybody can count are not."""
        return self.current_player == CHANCE and self._chance_outcomes_hidden()

    def _chance_outcomes_hidden(self) -> bool:
        """Whether the chance node now draws from stock whose make-up the seats cannot know (default no)."""
        return False

    @property
    def is_chance_node(self) -> bool:
        """Whether chance (a die, a draw) must pick the next outcome."""
        return self.current_player == CHANCE

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

    def outcome(self) -> Outcome | None:
        """Return the final :class:`Outcome`, or ``None`` while the game goes on."""
        return self._outcome() if self.is_over else None

    def scores(self) -> dict[int, int]:
        """Return ``{seat: points}`` for every seat, counted as the rules score them now."""
        return self._scores()

    def winners(self) -> list[int]:
        """Return the winning seats (several when tied); ``[]`` while the game goes on."""
        out = self.outcome()
        return list(out.winners) if out else []

    def legal_actions(self) -> list[Action]:
        """Return the legal actions now: the player's choices, or chance outcomes with ``prob``.

        Returns ``[]`` when the game is over. The list is fresh; mutating it changes nothing.
        """
        legal = self._legal
        if legal is None:
            legal = self._compute_legal()
        return list(legal)

    def legal_action_ids(self) -> list[str]:
        """Return the ids of :meth:`legal_actions`, in the same order."""
        return [a.id for a in self.legal_actions()]

    def explain(self, action_id: str) -> str:
        """Say why ``action_id`` is or is not legal now, naming the rule IDs and quoting their texts.

        The first line is the verdict with the rule IDs; each rule it names follows on a line of its own
        with its text (:func:`dragonwidgets.rule_text`).

        >>> import dragonwidgets
        >>> g = dragonwidgets.new_game("emerald", players=3, seed=1, first_player=0)
        >>> print(g.explain("move T1 black"))  # doctest: +ELLIPSIS
        'move T1 black' is legal: Move a black knight from T1 (3 knights there) to P3 (EM-TURN-2, EM-MOVE-1, ...)
          EM-TURN-2: On your turn you move one or two of your own knights, ...
          EM-MOVE-1: A knight that moves must go forward exactly as many squares as there are knights, ...
        ...
        >>> g.explain("fly away").startswith("'fly away' is not legal")
        True
        """
        for a in self.legal_actions():
            if a.id == action_id:
                rules = f" ({', '.join(a.rules)})" if a.rules else ""
                return _with_rule_texts(f"{a.id!r} is legal: {a.label}{rules}", a.rules)
        verdict = f"{action_id!r} is not legal: {self._why_illegal(action_id)}"
        return _with_rule_texts(verdict, rule_ids_in(verdict))

    def apply(self, action: Action | str) -> list[Event]:
        """Apply a legal action (an :class:`Action` or its id) and return the events it caused.

        In ``"auto"`` chance mode the chance outcomes that fall due right after it are drawn and
        applied too, and their events are included. Applying at a past step (after :meth:`goto` or
        :meth:`undo`) starts a new branch: the entries after the current step are dropped.

        Raises:
            IllegalActionError: the action is not legal now (wrong id, wrong player, game over);
                the message says why and lists what is legal. The game is left exactly as it was.
            TypeError: ``action`` is neither an :class:`Action` nor a ``str``.
        """
        events = self._commit(self._find_legal(action), auto=False)
        return self._draw_due_chance(events)

    def resolve_chance(self) -> list[Event]:
        """Draw the pending chance outcome from the seeded generator, apply it, return its events.

        Raises:
            IllegalActionError: the game is not at a chance node.
        """
        if not self.is_chance_node:
            raise IllegalActionError("<chance>", "the game is not at a chance node", self.legal_action_ids())
        return self._draw_due_chance(self._commit(self._draw(), auto=True))

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

    def goto(self, step: int) -> None:
        """Show the state after ``step`` history entries (``0`` is the initial state).

        Nothing is dropped: :meth:`apply` from a past step starts a branch.

        Raises:
            HistoryError: ``step`` is not in ``0..len(history)``.
        """
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step <= len(self._actions):
            raise HistoryError(f"step must be an int in 0..{len(self._actions)}, got {step!r}")
        start = step - step % CHECKPOINT_EVERY
        while start > 0 and start not in self._checkpoints:  # (a line replayed before checkpoints were kept)
            start -= CHECKPOINT_EVERY
        if start > 0:
            self.state = self._checkpoints[start]
            self.state = self._copy_state()  # the checkpoint itself stays as it was
            self._state_replaced()
        else:
            self.state = self._initial_state()
        self._step = start
        self._legal_cache = None
        for action in self._actions[start:step]:
            self._apply(action)
            self._step += 1
            self._legal_cache = None

    def observation(self, player: int | None = None) -> dict[str, Any]:
        """Return what ``player`` may know, as a JSON-ready dict; ``None`` gives the full table.

        The game's own fields come with ``game``, ``step``, ``players``, ``current_player``,
        ``is_over`` and, once over, ``outcome`` (scores, winners, reason).

        Raises:
            ValueError: ``player`` is not ``None`` nor a seat ``0..players-1``.
        """
        if player is not None and (
            not isinstance(player, int) or isinstance(player, bool) or not 0 <= player < self.players
        ):
            raise ValueError(f"player must be None or a seat 0..{self.players - 1}, got {player!r}")
        obs = {
            "game": self.name,
            "step": self._step,
            "players": self.players,
            "current_player": self.current_player,
            "is_over": self.is_over,
        }
        out = self.outcome()
        obs["outcome"] = (
            {"scores": {str(k): v for k, v in out.scores.items()}, "winners": out.winners, "reason": out.reason}
            if out
            else None
        )
        obs.update(self._observation(player))
        return obs

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

    def clone(self, history: bool = True) -> "Game":
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
        """
        if history:
            return copy.deepcopy(self)
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)  # read-only data and scalar fields; the mutable ones below
        twin.options = dict(self.options)
        twin._actions, twin._autos, twin._events = [], [], []
        twin._checkpoints = {}
        twin._keep_history = False
        twin.state = self._copy_state()
        return twin  # the legal-action cache is shared: a list of immutable actions, never mutated

    def determinize(self, seat: int, rng: random.Random) -> "Game":
        """Return a search copy in which everything ``seat`` cannot see is resampled from ``rng``.

        The copy's seed is replaced by ``rng.getrandbits(32)``, so its future dice and draws are not
        the true ones, then :meth:`_resample_hidden` redeals what ``seat`` cannot see. The copy's
        ``observation(seat)`` equals the original's; the true game is never changed.
        Search bots (information-set Monte Carlo) call it once per iteration: the result depends
        only on what ``seat`` sees and on ``rng``.

        Raises:
            ValueError: ``seat`` is not a seat ``0..players-1``.
            NotImplementedError: the game does not implement :meth:`_resample_hidden`.
        """
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be a seat 0..{self.players - 1}, got {seat!r}")
        twin = self.clone(history=False)
        twin.seed = rng.getrandbits(32)
        twin._resample_hidden(seat, rng)
        twin._legal_cache = None  # another seat's choices may depend on what was redealt
        return twin

    def to_record(self) -> dict[str, Any]:
        """Return the JSON game record of the whole current line.

        Keys: ``game``, ``version``, ``players``, ``options``, ``seed``, ``chance``, ``step`` (the
        step shown), ``actions`` (``[{"id", "player", "auto"}]``: every action and chance outcome in
        order), ``final`` (``{"step", "digest"}``: a SHA-256 of the full table after the last
        entry, so an altered record is detected) and, for a game with data files, ``data``
        (``{option: SHA-256 of the file's bytes}``, e.g. ``{"board_file": "9f2c..."}``: a replay checks
        that it reads the same data). :func:`dragonwidgets.from_record` replays it.
        """
        shown = self._step
        if shown != len(self._actions):
            self.goto(len(self._actions))
        digest = self.state_digest()
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
        return record

    def position(self) -> dict[str, Any]:
        """Return the whole table now as JSON: every hidden part included (deck orders, face-down cards
        and tokens, hands), whose turn it is and at which decision, in the game's own terms.

        ``new_game(name, players=..., position=game.position())`` starts a game with the same observation
        for every seat, the same legal actions and, for the same choices, the same future: the engine's
        keys ``game``, ``players``, ``seed`` and ``step`` (how far along the seed's chance stream the
        table is) come with it, so the dice drawn next are the dice this game would draw.

        It shows everything: never send it to a seat's view.

        Raises:
            NotImplementedError: the game has no positions.
        """
        return {"game": self.name, "players": self.players, "seed": self.seed,
                "step": self._chance_offset + self._step, **self._position()}

    def state_digest(self) -> str:
        """Return a SHA-256 hex digest of the full table now (equal states give equal digests)."""
        text = json.dumps(self.observation(None), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()

    def __repr__(self) -> str:
        return self._text_board()

    # ------------------------------------------------------------------ internals
    @property
    def _legal_cache(self) -> list[Action] | None:
        """The legal actions of the current state once computed, else ``None``.

        Setting it to ``None`` forgets the legal actions and the player to move: a game (or a test)
        that edits ``state`` outside :meth:`_apply` does so, as the engine does after every step.
        """
        return self._legal

    @_legal_cache.setter
    def _legal_cache(self, value: list[Action] | None) -> None:
        self._legal = value
        if value is None:
            self._to_move = _UNKNOWN

    def _compute_legal(self) -> list[Action]:
        """Compute, cache and return the legal actions of the current state (not a copy)."""
        to_move = self._to_move
        if to_move is _UNKNOWN:
            to_move = self._to_move = self._player_to_move()
        if to_move is None:
            legal = []
        elif to_move == CHANCE:
            legal = self._chance_outcomes()
        else:
            legal = self._legal_actions()
        self._legal = legal
        return legal

    def _initial_state(self) -> Any:
        """Set the game up again as it started: the seeded set-up, then the start position if any."""
        state = self._setup(self._rng(0))
        if self.start_position is not None:
            state = self._from_position(state, self.start_position)
        return state

    def _rng(self, tag: int) -> random.Random:
        """Return the generator of setup (``tag`` 0) or of the chance node at step ``tag - 1``."""
        return random.Random((self.seed << 32) + tag)

    def _check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        out = dict(self.option_defaults)
        for key, value in options.items():
            if key not in self.option_defaults:
                known = ", ".join(sorted(self.option_defaults)) or "none"
                raise ValueError(f"{self.name} has no option {key!r}; its options are: {known}")
            want = type(self.option_defaults[key])
            if type(value) is not want:
                raise ValueError(f"option {key!r} must be a {want.__name__}, got {value!r}")
            out[key] = value
        return out

    def _find_legal(self, action: Action | str) -> Action:
        if isinstance(action, Action):
            legal = self._legal
            if legal is None:
                legal = self._compute_legal()
            for a in legal:
                if a is action:  # one of the legal actions handed out for this state
                    return a
            action_id = action.id
        elif isinstance(action, str):
            action_id = action
            legal = self._legal
            if legal is None:
                legal = self._compute_legal()
        else:
            raise TypeError(f"apply() takes an Action or an action id (str), got {type(action).__name__}")
        for a in legal:
            if a.id == action_id:
                if isinstance(action, Action) and action.player != a.player:
                    raise IllegalActionError(
                        action_id, f"it is {self._who(a.player)}'s decision, not {self._who(action.player)}'s",
                        [x.id for x in legal],
                    )
                return a
        reason = "the game is over" if self.is_over else self._why_illegal(action_id)
        raise IllegalActionError(action_id, reason, [x.id for x in legal])

    def _replay(self, action_id: str, auto: bool) -> None:
        """Apply one recorded entry as it was recorded (no chance is drawn around it)."""
        self._commit(self._find_legal(action_id), auto=auto)

    def _who(self, player: int) -> str:
        return "chance" if player == CHANCE else self.player_name(player)

    def _commit(self, action: Action, auto: bool) -> list[Event]:
        try:
            events = self._apply(action)
        except Exception:
            if self._keep_history:  # a search copy cannot replay: it has no history
                self.goto(self._step)  # a bug in a game must not leave a half-applied state behind
            raise
        if self._keep_history:
            step = self._step
            if len(self._actions) > step:  # applying at a past step starts a branch
                del self._actions[step:], self._autos[step:], self._events[step:]
                for later in [k for k in self._checkpoints if k > step]:
                    del self._checkpoints[later]
            self._actions.append(action)
            self._autos.append(auto)
            self._events.append(tuple(events))
            if (step + 1) % CHECKPOINT_EVERY == 0:
                self._checkpoints[step + 1] = self._copy_state()
        self._step += 1
        self._legal = None
        self._to_move = _UNKNOWN
        return events

    def _draw(self) -> Action:
        outcomes = self._legal
        if outcomes is None:
            outcomes = self._compute_legal()
        # the same number as self._rng(offset + step + 1)
        x = _chance_number((self.seed << 32) + self._chance_offset + self._step + 1)
        acc = 0.0
        for a in outcomes:
            acc += a.prob or 0.0
            if x < acc:
                return a
        return outcomes[-1]

    def _draw_due_chance(self, events: list[Event] | None = None) -> list[Event]:
        """In ``"auto"`` chance mode, draw and apply the chance outcomes due now; return ``events``
        (a new list if ``None``) with their events appended."""
        if events is None:
            events = []
        if self.chance_mode == "auto":
            while True:
                to_move = self._to_move  # unknown: the state has just changed
                if to_move is _UNKNOWN:
                    to_move = self._to_move = self._player_to_move()
                if to_move != CHANCE:
                    break
                events += self._commit(self._draw(), auto=True)
        return events
