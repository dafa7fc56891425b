"""``GameWidget``: any engine game in Jupyter, with Python as the only authority.

The browser shows synced traits and sends intents (see :mod:`.messages`); every intent is routed
to the public method a notebook calls (``w.act(id)``, ``w.goto(n)``, ...), which validates it, asks
the engine and republishes the traits in one ``hold_sync()``. A refused intent sets ``last_error``
and changes nothing. What is synced is the viewer's observation, never the full table unless the
viewer is the teacher, so the browser's developer tools show nothing a seat may not know.
"""

from __future__ import annotations

import asyncio
import logging
import os
import pathlib
import random
from typing import Any

import anywidget
import traitlets as t

from ..engine import CHANCE, Action, Game, HistoryError, bot_move, bot_names
from ..engine.rules import rules
from .arguments import bundle
from .bot_seats import BotSeats
from .editing import PositionEditor
from .messages import MESSAGE_KINDS, IntentError, parse_intent, shown
from .status import StatusLine
from .sync import PatchSync
from .views import HOTSEAT, HUMAN, TEACHER, ViewRules

__all__ = ["GameWidget", "IntentError", "MESSAGE_KINDS"]

#: Log rows synced to the browser (the newest ones).
LOG_ROWS = 60
MAX_PACE = 10.0
_LOG = logging.getLogger(__name__)


class GameWidget(PatchSync, PositionEditor, ViewRules, StatusLine, BotSeats, anywidget.AnyWidget):
    """Play, rewind and inspect an engine game in a notebook.

    Args:
        game: the :class:`~dragonwidgets.engine.Game` to show (``dragonwidgets.new_game(...)``).
        seats: ``"human"`` or a bot name per seat (``dragonwidgets.bot_names(game.name)``); default
            all human.
        viewer: ``"teacher"`` (the full table), ``"hotseat"`` (the view of the person to move) or a
            seat number as a string (``"0"``) for that seat's view only.
        pace: seconds between bot moves while ``playing``.
        playing: whether bot seats play by themselves (needs a running event loop, as in Jupyter;
            elsewhere call :meth:`bot_step`). The default ``None`` means: yes when people play against
            bots (the seats mix ``"human"`` and bots), so the bots answer by themselves; no when every
            seat is a bot (press Play) or a person. ``False`` turns it off.
        take_backs: whether a seat view (``"hotseat"`` or a seat) may rewind (:meth:`goto`) or
            :meth:`undo`; ``False`` stops players seeing hidden cards through take-backs, and the view
            menu then offers only ``"hotseat"`` and the seat of the person to move, so nobody at a
            shared screen opens another player's hand (``viewer_choices``). The ``"teacher"`` view may
            always rewind, and ``w.viewer = ...`` from Python may show any view.

    Raises:
        TypeError: an unknown keyword argument (the message lists the accepted ones).
        ValueError: (an :class:`IntentError`) a ``seats``, ``viewer``, ``pace`` or ``playing`` value the
            widget refuses; the same class as a refused assignment later (``w.seats = [...]``).

    >>> import dragonwidgets
    >>> w = GameWidget(dragonwidgets.new_game("emerald", players=3, seed=1), seats=["human", "random", "random"])
    >>> w.step, w.viewer, w.game.players
    (0, 'teacher', 3)
    """

    _esm = bundle("game")

    game_name = t.Unicode("", help="The engine name of the game, e.g. 'emerald'.").tag(sync=True)
    board = t.Dict(help="The game's static board layout (`game.board_layout()`), sent once.").tag(sync=True)
    rule_texts = t.Dict(
        help="Every rule of the game, {rule ID: its text} (dragonwidgets.rules), sent once: whatever names a "
        "rule shows its text."
    ).tag(sync=True)
    observation = t.Dict(help="`game.observation(seat)` of the viewer at the shown step.").tag(sync=True)
    legal_actions = t.List(
        help="The legal actions (`Action.to_dict()`) the viewer may see; empty when they are another seat's."
    ).tag(sync=True)
    can_act = t.Bool(False, help="Whether the listed actions may be chosen from this view now.").tag(sync=True)
    step = t.Int(0, help="The shown step of the history (0 = the initial state).").tag(sync=True)
    history_length = t.Int(0, help="Entries in the history; steps after `step` can be redone.").tag(sync=True)
    log = t.List(help=f"The last {LOG_ROWS} events, as the viewer may read them.").tag(sync=True)
    seats = t.List(t.Unicode(), help="'human' or a bot name, per seat.").tag(sync=True)
    bot_names = t.List(t.Unicode(), help="The bots this game offers.").tag(sync=True)
    viewer = t.Unicode(TEACHER, help="'teacher', 'hotseat', or a seat number as a string ('0').").tag(sync=True)
    viewer_choices = t.List(
        t.Unicode(),
        help="The viewers the front end's view menu offers now: every one, or with take-backs off in a seat "
        "view only 'hotseat' and the seat of the person to move (and the view shown).",
    ).tag(sync=True)
    view_seat = t.Int(None, allow_none=True, help="The seat whose view is shown; None = the full table.").tag(
        sync=True
    )
    status = t.Unicode("", help="A sentence saying what happens now.").tag(sync=True)
    last_error = t.Unicode("", help="Why the last intent was refused; '' when it was not.").tag(sync=True)
    playing = t.Bool(False, help="Whether bot seats play by themselves, one move every `pace` seconds.").tag(
        sync=True
    )
    pace = t.Float(0.6, help=f"Seconds between bot moves (0..{MAX_PACE:g}).").tag(sync=True)
    take_backs = t.Bool(
        True,
        help="Whether a seat view ('hotseat' or a seat) may rewind or undo; False keeps hidden information "
        "from leaking through take-backs. The 'teacher' view may always rewind. Set from Python only.",
    ).tag(sync=True)
    player_names = t.List(t.Unicode(), help="Display name per seat.").tag(sync=True)
    text = t.Unicode("", help="The public text board (the game's repr).").tag(sync=True)
    editing = t.Bool(False, help="Whether the table is being edited (teacher view; see widgets/editing.py).").tag(
        sync=True
    )
    edit_position = t.Dict(help="The position being edited (game.position()'s JSON); {} when not editing.").tag(
        sync=True
    )
    version = t.Int(0, help="How many sync messages built the front end's state (see widgets/sync.py).").tag(sync=True)

    _ACCEPTED = ("seats", "viewer", "pace", "playing", "take_backs", "layout")

    def __init__(self, game: Game, **kwargs: Any):
        unknown = sorted(set(kwargs) - set(self._ACCEPTED))
        if unknown:
            raise TypeError(
                f"{type(self).__name__}() got unexpected keyword argument(s) {', '.join(map(repr, unknown))}; "
                f"it takes game= and {', '.join(self._ACCEPTED)} (create the game with "
                f"dragonwidgets.new_game(name, players=..., seed=..., **options) to set game options)"
            )
        if not isinstance(game, Game):
            raise TypeError(f"game must be a dragonwidgets Game (dragonwidgets.new_game(...)), got {game!r:.60}")
        self._game = game
        self._ready = False
        self._bots: dict[int, Any] = {}
        self._hot_seat = 0
        self._rewound = False  # the bots were paused by a rewind (the status says how to resume)
        self._task: asyncio.Task | None = None
        super().__init__(**({"layout": kwargs["layout"]} if "layout" in kwargs else {}))
        self.on_msg(self._on_front_end_msg)
        playing = kwargs.get("playing")
        if playing is not None and not isinstance(playing, bool):
            raise IntentError(f"playing must be True, False or None (bots answer people by themselves), got {shown(playing)}")
        try:
            with self.hold_sync():
                self.game_name = game.name
                self.bot_names = list(bot_names(game.name))
                self.player_names = [game.player_name(i) for i in range(game.players)]
                self.board = self._board_layout()
                self.rule_texts = self._rule_texts()
                self.seats = list(kwargs.get("seats") or [HUMAN] * game.players)
                self.viewer = self._as_viewer(kwargs.get("viewer", TEACHER))
                self.pace = kwargs.get("pace", 0.6)
                self.take_backs = kwargs.get("take_backs", True)
        except t.TraitError as e:  # a value of the wrong type (traitlets' own check): the same ValueError
            raise IntentError(str(e)) from None
        self._hot_seat = self._first_human_seat()
        self._ready = True
        self._publish()
        if playing is None:
            playing = HUMAN in self.seats and any(who != HUMAN for who in self.seats)
        if playing:
            self.play()

    # ------------------------------------------------------------------ the notebook's handle
    @property
    def game(self) -> Game:
        """The engine game this widget shows (the same object: changes made here are shown on the
        next intent or :meth:`refresh`)."""
        return self._game

    def act(self, id: str) -> None:  # noqa: A002 - the contract's field name
        """Apply the legal action ``id`` for the seat that decides now.

        Raises:
            IllegalActionError: ``id`` is not legal now (the message says why and what is).
            IntentError: the decider is a bot seat, or this view is another seat's.
        """
        self._check_not_editing("act")
        if not isinstance(id, str):
            raise IntentError(f"act() takes an action id (str), got {type(id).__name__}")
        # Who decides is checked first: the refusal of an illegal id lists the legal ids, which must
        # only be those this view may see.
        self._check_may_choose(self._game.current_player, self._view_seat())
        self._game.apply(id)  # validates: an illegal id raises before anything changes
        self._after_change()

    def undo(self) -> None:
        """Take back the last decision.

        When people play against bots, this takes back the last decision *a person* made, with the
        bots' answers after it, so it is that person's turn again and the bots, if playing, go on after
        their next move. Otherwise (every seat human, or every seat a bot) it steps back over the last
        decision; bots then due are paused (the status says how to resume).

        Raises:
            HistoryError: no decision to take back.
            IntentError: ``take_backs`` is off and this is not the teacher view.
        """
        self._check_not_editing("undo")
        self._check_take_backs("undo")
        game = self._game
        game.undo()  # raises before anything changes
        mixed = HUMAN in self.seats and any(who != HUMAN for who in self.seats)
        while mixed and self._is_bot_seat(game.current_player):
            try:
                game.undo()
            except HistoryError:  # a bot opened the game: nothing a person decided lies behind
                break
        if self._bot_due():
            self._pause_for_rewind()
        self._after_change()

    def goto(self, step: int) -> None:
        """Show the state after ``step`` history entries; acting there starts a branch.

        Bots due at that step pause (they would play the history away), and the status says how to
        resume; at a person's turn they keep playing and answer the person's new move.

        Raises:
            HistoryError: ``step`` is not in ``0..len(game.history)``.
            IntentError: ``take_backs`` is off and this is not the teacher view.
        """
        self._check_not_editing("goto")
        self._check_take_backs("goto")
        self._game.goto(step)  # raises before anything changes
        if self._bot_due():
            self._pause_for_rewind()
        self._after_change()

    def play(self) -> None:
        """Let bot seats play by themselves, one move every ``pace`` seconds."""
        self._rewound = False
        self.playing = True

    def pause(self) -> None:
        """Stop bot seats playing by themselves."""
        self.playing = False

    def bot_step(self) -> Action:
        """Make one move for the bot seat that decides now (or draw a due chance outcome).

        Returns the action applied.

        Raises:
            IntentError: the game is over, or a person decides now.
        """
        self._check_not_editing("bot_step")
        game = self._game
        seat = game.current_player
        if seat is None:
            raise IntentError("the game is over: nothing for a bot to play (rewind with goto() or undo())")
        if seat == CHANCE:
            events_before = game.step
            game.resolve_chance()
            self._after_change()
            return game.entry(events_before).action
        if self.seats[seat] == HUMAN:
            raise IntentError(
                f"{game.player_name(seat)} is played by a person: choose one of the legal actions, or give "
                f"the seat to a bot in the Seats panel (from Python: w.set_seat({seat}, {self._default_bot()!r}))"
            )
        rng = random.Random(f"{game.seed}:{game.step}:{seat}")
        action = bot_move(game, self._bot(seat), rng)
        game.apply(action)
        self._after_change()
        return action

    def resolve_chance(self) -> None:
        """Draw the due chance outcome (a die roll) from the game's seeded generator.

        Raises:
            IllegalActionError: the game is not at a chance node.
        """
        self._check_not_editing("resolve_chance")
        self._game.resolve_chance()
        self._after_change()

    def set_viewer(self, viewer: str | int) -> None:
        """Show ``"teacher"`` (everything), ``"hotseat"`` or one seat's view (``0`` or ``"0"``), as the
        front end's view menu asks.

        With take-backs off in a seat view (a hot-seat game among friends), only the viewers in
        ``viewer_choices`` may be chosen: ``"hotseat"`` and the seat of the person to move. From Python,
        ``w.viewer = ...`` still shows any view.

        Raises:
            IntentError: not a viewer of this game, or one ``viewer_choices`` does not offer now.
        """
        new = self._as_viewer(viewer)
        self._valid_viewer({"value": new})
        if new != TEACHER:
            self._check_not_editing("set_viewer")
        allowed = self._viewer_choices()
        if new != self.viewer and new not in allowed:
            raise IntentError(
                f"set_viewer: take-backs are off (take_backs=False) in a seat view, so the view may only switch "
                f"to {' or '.join(map(repr, allowed))}: another seat's view, or the teacher's, would show "
                f"private cards; set w.viewer = {new!r} in Python"
            )
        self.viewer = new

    def set_seat(self, seat: int, who: str) -> None:
        """Give ``seat`` to ``"human"`` or to a bot (one of ``bot_names``)."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self._game.players:
            raise IntentError(f"seat must be an int in 0..{self._game.players - 1}, got {seat!r}")
        seats = list(self.seats)
        seats[seat] = who
        self.seats = seats

    def set_pace(self, pace: float) -> None:
        """Set the seconds between bot moves (0..10)."""
        self.pace = pace

    def record(self) -> dict[str, Any]:
        """Return the game's JSON record (``dragonwidgets.from_record`` replays it)."""
        return self._game.to_record()

    def to_html(self, path: str | os.PathLike[str], viewer: str | int | None = None) -> pathlib.Path:
        """Write the game as one HTML page that steps through it with no kernel (:func:`dragonwidgets.to_html`),
        for ``viewer`` (``"teacher"`` or a seat; default: this widget's view); return the page's path.

        Raises:
            ValueError: the viewer is ``"hotseat"`` or not one of the game's (pass ``viewer=``).
        """
        from .page import to_html  # the page module imports every game's widget

        return to_html(self._game, path, viewer=self.viewer if viewer is None else viewer)

    def explain(self, action_id: str) -> str:
        """Say why ``action_id`` is or is not legal now, naming the rule IDs."""
        return self._game.explain(action_id)

    def refresh(self) -> None:
        """Republish the traits after the game was changed directly (``w.game.apply(...)``)."""
        self._after_change()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget view, the text board and, where no front end runs (a notebook rendered statically,
        ``nbconvert --to html``), an SVG picture of the board as this view shows it (``text/html``).
        Front ends that show widgets (JupyterLab, Notebook 7, VS Code, marimo) rank the widget view first."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        svg = self._game.picture(self.view_seat)
        if svg:
            data = {**data, "text/html": f'<div class="dw-static-board" style="max-width:900px">{svg}</div>'}
        return data, metadata

    def __repr__(self) -> str:
        game = self._game
        return f"{game!r}\n[{type(self).__name__}: step {game.step}/{game.history_length}, viewer {self.viewer}]"

    # ------------------------------------------------------------------ validation of traits
    @t.validate("seats")
    def _valid_seats(self, proposal: Any) -> list[str]:
        seats = list(proposal["value"])
        n = self._game.players
        if len(seats) != n:
            raise IntentError(f"seats needs one entry per seat ({n}), got {len(seats)}: {seats!r}")
        allowed = [HUMAN, *self.bot_names]
        for i, who in enumerate(seats):
            if who not in allowed:
                raise IntentError(f"seats[{i}] must be one of {allowed}, got {who!r}")
        return seats

    @t.validate("viewer")
    def _valid_viewer(self, proposal: Any) -> str:
        value = proposal["value"]
        seats = [str(i) for i in range(self._game.players)]
        if value not in (TEACHER, HOTSEAT, *seats):
            raise IntentError(f"viewer must be 'teacher', 'hotseat' or a seat {seats}, got {value!r}")
        return value

    @t.validate("pace")
    def _valid_pace(self, proposal: Any) -> float:
        pace = proposal["value"]
        if not 0 <= pace <= MAX_PACE:
            raise IntentError(f"pace must be between 0 and {MAX_PACE:g} seconds, got {pace!r}")
        return pace

    @t.observe("seats", "viewer", "take_backs")
    def _on_seats_or_viewer(self, change: Any) -> None:
        if self._ready:
            if change["name"] == "seats":
                self._hot_seat = self._hot_seat if self.seats[self._hot_seat] == HUMAN else self._first_human_seat()
            self._after_change()

    @t.observe("playing")
    def _on_playing(self, change: Any) -> None:
        if not change["new"] and self._task is not None:
            self._task.cancel()
            self._task = None
        if self._ready:
            self.status = self._status(self.view_seat, self._visible_actions(self.view_seat))
            self._schedule_bots()

    # ------------------------------------------------------------------ the front end's path in
    def _on_front_end_msg(self, _widget: Any, content: Any, buffers: Any) -> None:
        """Route one custom message to its method; any refusal sets ``last_error`` only."""
        kind = None
        try:
            kind, args = parse_intent(content, buffers)
            getattr(self, kind)(**args)
        except Exception as exc:  # noqa: BLE001 - nothing from the browser may break the kernel
            if not isinstance(exc, (ValueError, TypeError, IndexError, t.TraitError)):
                _LOG.exception("unexpected error handling a %r message", kind)  # never the message itself
            self.last_error = str(exc)[:2000]
        else:
            self.last_error = ""

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Refuse trait writes from the browser: it sends intents instead (see ``MESSAGE_KINDS``)."""
        names = sorted(k for k in sync_data if k in self.keys)
        if names:
            self.last_error = (
                f"the front end may not set {', '.join(names)}; it sends intents "
                f"({', '.join(MESSAGE_KINDS)}) and Python changes the state"
            )
            self.send_state(names)

    # ------------------------------------------------------------------ publishing
    def _after_change(self) -> None:
        if self._game.is_over and self.playing:
            self.playing = False
        self._publish()
        self._schedule_bots()

    def _publish(self) -> None:
        """Reassign every derived trait, whole, in one message."""
        game = self._game
        seat = self._view_seat()
        visible = self._visible_actions(seat)
        with self.hold_sync():
            self.view_seat = seat
            self.observation = game.observation(seat)
            self.legal_actions = [a.to_dict() for a in visible]
            self.can_act = bool(visible) and self._may_choose_now(seat)
            self.step = game.step
            self.history_length = game.history_length
            self.viewer_choices = self._viewer_choices()
            self.log = game.log(seat, last=LOG_ROWS)
            self.text = repr(game)
            self.status = self._status(seat, visible)

    def _rule_texts(self) -> dict[str, str]:
        try:
            return {r.id: r.text for r in rules(self._game.name)}
        except (ValueError, FileNotFoundError, TypeError):  # a game of its own, without rule texts
            return {}

    def _board_layout(self) -> dict[str, Any]:
        layout = getattr(self._game, "board_layout", None)
        return layout() if callable(layout) else {}

