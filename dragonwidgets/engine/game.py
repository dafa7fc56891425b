"""The game-agnostic state machine every game speaks: :class:`Game`, its protocol core.

A game subclasses :class:`Game` and implements the ``_``-prefixed hooks of :class:`~.protocol.GameHooks`.
The engine owns everything else, one module per job, each a part :class:`Game` is built from:

- this module: creating a game (players, seed, options, a start position), the legal actions and who is
  to move (cached per state), validating and applying an action (the state is never touched by an
  illegal one), the checkpoints and :meth:`Game.goto`, the observation, :meth:`Game.explain`;
- :mod:`.protocol`: the hooks a game implements, with their defaults, and :class:`Outcome`;
- :mod:`.chance`: drawing chance outcomes from the seeded generator (``"auto"``) or leaving them to a
  teacher (``"manual"``);
- :mod:`.history`: the history entries, undo, the log each seat reads, clones and determinized copies;
- :mod:`.records`: the JSON record, positions and the state digest;
- :mod:`.spaces`: the numeric face for learning agents (integer actions, observation tensors, returns).

The names those modules define that users import from here (``Entry``, ``Outcome``, ``CHANCE_MODES``,
``ENGINE_POSITION_KEYS``, ``checked_position``...) are imported here too.
"""

from __future__ import annotations

import numbers
import random
from types import EllipsisType
from typing import Any, ClassVar, Sequence

from .actions import CHANCE, Action, Event
from .chance import CHANCE_MODES, CHANCE_OPTION_DEFAULTS, ChanceDraws, Generator
from .data import data_digest
from .errors import HistoryError, IllegalActionError
from .history import Entry, History
from .protocol import TO_MOVE_UNKNOWN, GameHooks, Outcome
from .records import ENGINE_POSITION_KEYS, MAX_POSITION_BYTES, Records, checked_position
from .rules import rule_ids_in, rule_text
from .spaces import Interop

__all__ = [
    "CHANCE", "CHANCE_MODES", "CHANCE_OPTION_DEFAULTS", "CHECKPOINT_EVERY", "ENGINE_POSITION_KEYS", "MAX_POSITION_BYTES", "Action",
    "Entry", "Event", "Game", "Outcome", "checked_position",
]

#: A copy of the state is kept every this many steps of the history, so :meth:`Game.goto` and
#: :meth:`Game.undo` replay at most this many steps whatever the game's length (2-4 ms). A state copy
#: is 3-11 kB against about 1 kB of history per step, and costs 10-40 µs: every 32 steps the copies
#: added 11 % to Emerald's random play (callgrind); every 128 they add about 3 % and a tenth to memory.
CHECKPOINT_EVERY = 128


def _with_rule_texts(verdict: str, rule_ids: Sequence[str]) -> str:
    """Return ``verdict`` followed by one line per rule ID it names that has a text: ``  ID: text``."""
    lines = [verdict]
    for rule_id in dict.fromkeys(rule_ids):
        try:
            lines.append(f"  {rule_id}: {rule_text(rule_id)}")
        except KeyError:
            pass  # a game of its own (a test's toy game) names rules the package has no text for
    return "\n".join(lines)


class Game(GameHooks, ChanceDraws, History, Records, Interop):
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
            picks the die face; :meth:`resolve_chance` draws one instead). The option ``pick_draws`` every
            game has (:data:`~.chance.CHANCE_OPTION_DEFAULTS`, default True) says whether the cards, tiles
            and tokens turned up from a hidden stock are picked too; False leaves them to the seed's deal.
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
    #: The version of the records a game of this class writes (``to_record()["version"]``).
    version: ClassVar[int] = 1
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    #: option name -> default value; the option's type is the default's type. A game's own options and the
    #: engine's (``**CHANCE_OPTION_DEFAULTS``: ``pick_draws``).
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
        if (type(seed) is not int and not isinstance(seed, numbers.Integral)  # (an ABC check costs a new game 2 %)
                or isinstance(seed, bool) or seed < 0):
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
        #: step -> the comment on the state after that many entries (:meth:`annotate`)
        self._comments: dict[int, str] = {}
        #: step -> the lines once played from that state, kept when a branch replaced them (:meth:`variations`)
        self._variations: dict[int, list[dict[str, Any]]] = {}
        self._step = 0
        self._legal: Sequence[Action] | None = None  # the legal actions of the current state, once asked
        self._to_move: int | None | EllipsisType = TO_MOVE_UNKNOWN  # the seat to move in the current state, once asked
        self.state = self._setup(self._rng(0))
        #: the position the game started from (``None``: the seeded set-up); records carry it
        self.start_position: dict[str, Any] | None = None
        #: how far along the chance stream the game starts: a position reached by play keeps its dice
        self._chance_offset = 0
        if position is not None:
            position = checked_position(position, self.name, players)
            self.state = self._from_position(self.state, position)  # raises PositionError, changing nothing
            self.start_position = position
            self._chance_offset = position.get("chance_step", 0)
        #: step -> a copy of the state after that many entries, every CHECKPOINT_EVERY steps (goto, undo);
        #: the initial table is set up again when needed (a copy per new game would cost every study)
        self._checkpoints: dict[int, Any] = {}
        self._draw_due_chance()

    # ------------------------------------------------------------------ the public API
    @property
    def current_player(self) -> int | None:
        """The seat to decide now, :data:`CHANCE` (-1) at a chance node, or ``None`` when over."""
        to_move = self._to_move
        if to_move is TO_MOVE_UNKNOWN:
            to_move = self._to_move = self._player_to_move()
        return to_move

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        to_move = self._to_move
        if to_move is TO_MOVE_UNKNOWN:
            to_move = self._to_move = self._player_to_move()
        return to_move is None

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
        :meth:`undo`) starts a new branch: the entries after the current step are dropped, or, in an
        annotated game (a comment or a variation, :meth:`annotate`), kept as a variation from that step
        (:meth:`variations`), as a study's move tree keeps them.

        Raises:
            IllegalActionError: the action is not legal now (wrong id, wrong player, game over);
                the message says why and lists what is legal. The game is left exactly as it was.
            TypeError: ``action`` is neither an :class:`Action` nor a ``str``.
        """
        return self._draw_due_chance(self._commit(self._find_legal(action), auto=False))


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
        obs = self._observation_head()
        obs.update(self._observation(player))
        return obs

    def _observation_head(self) -> dict[str, Any]:
        """The keys every observation starts with, whoever views: ``game``, ``step``, ``players``,
        ``current_player``, ``is_over`` and ``outcome`` (:meth:`_outcome_view`). The analysis's cheap views
        (:mod:`dragonwidgets.analysis.twins`) start with them too."""
        return {
            "game": self.name,
            "step": self._step,
            "players": self.players,
            "current_player": self.current_player,
            "is_over": self.is_over,
            "outcome": self._outcome_view(),
        }

    def _outcome_view(self) -> dict[str, Any] | None:
        """The observation's ``outcome``: ``{"scores": {seat as str: score}, "winners", "reason"}``, or ``None``
        while the game goes on."""
        out = self.outcome()
        if not out:
            return None
        return {"scores": {str(k): v for k, v in out.scores.items()}, "winners": out.winners, "reason": out.reason}

    def review(self, seat: int | None = None, **options: Any) -> Any:
        """Review every decision up to the current step: the value of the action taken and of the best one.

        A thin entry to :func:`dragonwidgets.analysis.review` (see it for ``options``: ``rollouts``,
        ``policy``, ``executor``, ``seed``...), which this method imports when called, so the engine imports
        nothing of the package above it. The game is not changed (a copy is rewound to each decision).

        Args:
            seat: review only this seat's decisions; ``None``: every seat's.

        Returns:
            A :class:`dragonwidgets.analysis.Review`: per decision the step, the seat, the action taken, its
            value (chance of winning), the best action and its value, the loss and a mark.

        Raises:
            ValueError: ``seat`` is not ``None`` nor a seat ``0..players-1``, or a bad option.
        """
        from ..analysis.review import review  # lazily: the analysis floor stands above the engine

        return review(self, seat, **options)


    def __repr__(self) -> str:
        return self._text_board()

    # ------------------------------------------------------------------ internals
    @property
    def _legal_cache(self) -> Sequence[Action] | None:
        """The legal actions of the current state once computed, else ``None``.

        Setting it to ``None`` forgets the legal actions and the player to move: a game (or a test)
        that edits ``state`` outside :meth:`_apply` does so, as the engine does after every step.
        """
        return self._legal

    @_legal_cache.setter
    def _legal_cache(self, value: Sequence[Action] | None) -> None:
        self._legal = value
        if value is None:
            self._to_move = TO_MOVE_UNKNOWN

    def _compute_legal(self) -> Sequence[Action]:
        """Compute, cache and return the legal actions of the current state (not a copy)."""
        to_move = self._to_move
        if to_move is TO_MOVE_UNKNOWN:
            to_move = self._to_move = self._player_to_move()
        legal: Sequence[Action]
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

    @classmethod
    def replaying_class(cls, version: int) -> type[Game] | None:
        """Return the class that replays a record of ``version`` exactly (``from_record``), or ``None``.

        This class for its own :attr:`version`. A game whose later version plays otherwise from the same seed
        returns, for an older version, a subclass that plays as that version did (Draghan's version 1).
        """
        return cls if version == cls.version else None

    def _rng(self, tag: int) -> Generator:
        """Return the generator of the set-up (``tag`` 0): a :class:`random.Random` seeded with
        ``(seed << 32) + tag`` (:class:`~.chance.Generator`, whose shuffle deals the same on every Python
        version). A chance node draws no generator: its number is :func:`~.chance.chance_number` of the key
        ``(seed << 32) + step + 1``; a shuffle inside a step is :func:`~.chance.keyed_shuffle` of a key of the
        game's own (Draghan's: from the deck and the chance step; its records of version 1 used this generator
        there, those of version 2 ``(seed << 32) + SHUFFLE_TAG + step``)."""
        return Generator((self.seed << 32) + tag)

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
                if self._comments or self._variations:  # an annotated game keeps the old line as a variation
                    self._keep_old_line(step)
                del self._actions[step:], self._autos[step:], self._events[step:]
                for later in [k for k in self._checkpoints if k > step]:
                    del self._checkpoints[later]
                self._history_cut(step)
            self._actions.append(action)
            self._autos.append(auto)
            self._events.append(tuple(events))
            if (step + 1) % CHECKPOINT_EVERY == 0:
                self._checkpoints[step + 1] = self._copy_state()
        self._step += 1
        self._legal = None
        self._to_move = TO_MOVE_UNKNOWN
        return events

