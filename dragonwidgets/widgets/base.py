"""``GameWidget``: any engine game in Jupyter, with Python as the only authority.

The browser shows synced traits and sends intents (see :mod:`.messages`); every intent is routed
to the public method a notebook calls (``w.act(id)``, ``w.goto(n)``, ...), which validates it, asks
the engine and republishes the traits in one ``hold_sync()``. A refused intent sets ``last_error``
and changes nothing. What is synced is the viewer's observation, never the full table unless the
viewer is the teacher, so the browser's developer tools show nothing a seat may not know.

This module declares the synced traits, builds the widget and holds the calls that decide (``act``,
``resolve_chance``) or read the game; the other jobs are parts of the class, one module each:

- :mod:`.messages`: the intents the front end may send, validated and routed to their methods;
- :mod:`.publishing`: the traits derived from the game, republished after every change;
- :mod:`.views`: who sees what and who may choose, the view menu (``set_viewer``);
- :mod:`.timeline`: take-backs (``undo``, ``goto``);
- :mod:`.bot_seats`: who plays a seat, one bot move, the bots' loop (``play``, ``bot_step``, ``set_seat``...);
- :mod:`.status`: the status line; :mod:`.editing`: edit mode; :mod:`.sync`: what changed, sent as patches.
"""

from __future__ import annotations

import asyncio
import os
import pathlib
import weakref
from typing import Any

import anywidget
import traitlets as t

from ..engine import Game, bot_names
from .analysis_panel import AnalysisPanel
from .annotations import Annotations
from .arguments import bundle
from .bot_seats import AGENT_TIME_LIMIT, MAX_PACE, BotSeats
from .editing import PositionEditor
from .messages import MESSAGE_KINDS, FrontEndMessages, IntentError, shown
from .publishing import LOG_ROWS, TraitPublisher
from .static_picture import picture_bundle, picture_html
from .status import StatusLine, possessive
from .sync import PatchSync
from .timeline import Timeline
from .views import HUMAN, TEACHER, ViewRules

__all__ = ["GameWidget", "IntentError", "MESSAGE_KINDS", "LOG_ROWS", "MAX_PACE", "PICTURE_DELAY"]

#: Seconds after a widget's last change before its picture output is redrawn (see ``_picture_changed``).
PICTURE_DELAY = 0.3
#: The widgets whose picture output waits for a refresh.
_PICTURES_DUE: "weakref.WeakSet[GameWidget]" = weakref.WeakSet()


def _flush_due_pictures(*_: Any) -> None:
    """Refresh every picture output that waits (IPython's ``post_run_cell`` event: a cell has run)."""
    for widget in list(_PICTURES_DUE):
        widget._refresh_picture()


def _flush_pictures_after_each_cell() -> None:
    """Have IPython refresh the waiting picture outputs at the end of every cell (registered once)."""
    from IPython import get_ipython

    shell = get_ipython()
    if shell is not None and _flush_due_pictures not in shell.events.callbacks["post_run_cell"]:
        shell.events.register("post_run_cell", _flush_due_pictures)


class GameWidget(PatchSync, FrontEndMessages, TraitPublisher, Timeline, PositionEditor, ViewRules, StatusLine,
                 BotSeats, Annotations, AnalysisPanel, anywidget.AnyWidget):
    """Play, rewind and inspect an engine game in a notebook.

    Args:
        game: the :class:`~dragonwidgets.engine.Game` to show (``dragonwidgets.new_game(...)``).
        seats: per seat, ``"human"``, a bot name (``dragonwidgets.bot_names(game.name)``) or an agent:
            an object with the bot protocol (``choose(view, legal_actions, rng)``) or a callable that
            takes ``{"observation", "action_mask", "view", "legal_actions"}`` and answers an action
            index, id or :class:`~dragonwidgets.engine.Action` (a PettingZoo policy works unchanged); an
            agent shows as ``"agent <name>"``. An agent that raises or answers an illegal action pauses
            the bots and sets ``last_error``; nothing changes. Default: all human.
        viewer: ``"teacher"`` (the full table), ``"hotseat"`` (the view of the person to move) or a
            seat number as a string (``"0"``) for that seat's view only.
        pace: seconds between bot moves while ``playing``.
        agent_time_limit: seconds an agent seat may think over one move (a number above 0; default 5).
            The agent thinks in a worker thread while the page stays answered; over the limit, the bots
            pause, ``last_error`` says so and nothing changes (its answer, if it comes, is dropped).
            :meth:`bot_step` waits for an agent this long at most. The game's own bots are not limited.
        playing: whether bot seats play by themselves (needs a running event loop, as in Jupyter;
            elsewhere call :meth:`bot_step`). The default ``None`` means: yes when people play against
            bots (the seats mix ``"human"`` and bots), so the bots answer by themselves; no when every
            seat is a bot (the Play bots button) or a person. ``False`` turns it off.
        take_backs: whether a seat view (``"hotseat"`` or a seat) may rewind (:meth:`goto`) or
            :meth:`undo`; ``False`` stops players seeing hidden cards through take-backs, and the view
            menu then offers only ``"hotseat"`` and the seat of the person to move, so nobody at a
            shared screen opens another player's hand (``viewer_choices``); nor may the page change who
            plays a seat (``set_seat``). The ``"teacher"`` view may always rewind, and from Python
            ``w.viewer = ...`` may show any view and ``w.seats = [...]`` give any seat to anyone.

    Raises:
        TypeError: an unknown keyword argument (the message lists the accepted ones).
        ValueError: (an :class:`IntentError`) a ``seats``, ``viewer``, ``pace``, ``playing`` or
            ``agent_time_limit`` value the widget refuses; the same class as a refused assignment later
            (``w.seats = [...]``).

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
    legal_actions: t.List[dict[str, Any]] = t.List(
        help="The legal actions (`Action.to_dict()`) the viewer may see; empty when they are another seat's."
    ).tag(sync=True)
    can_act = t.Bool(False, help="Whether the listed actions may be chosen from this view now.").tag(sync=True)
    step = t.Int(0, help="The shown step of the history (0 = the initial state).").tag(sync=True)
    history_length = t.Int(0, help="Entries in the history; steps after `step` can be redone.").tag(sync=True)
    log: t.List[dict[str, Any]] = t.List(help=f"The last {LOG_ROWS} events, as the viewer may read them.").tag(sync=True)
    seats = t.List(t.Any(), help="'human' or a bot name, per seat (an agent given as an object shows by its label).").tag(sync=True)
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
    agent_time_limit = t.Float(
        AGENT_TIME_LIMIT, help="Seconds an agent seat may think over one move; over it the bots pause (not synced)."
    )
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
    annotations = t.Dict(
        help="The comments and variations the log and timeline show, as this view may see them "
        "(widgets/annotations.py): {'comments': {step: text}, 'variations': {step: [summary]}}."
    ).tag(sync=True)
    recording = t.Dict(
        help="The lesson being recorded (teacher's view): {'available', 'on', 'title'?, 'questions'?, 'export'?, "
        "'saved'?} (widgets/annotations.py)."
    ).tag(sync=True)
    analysis = t.Dict(
        help="The live analysis of the decision shown, as this view may see it (widgets/analysis_panel.py): "
        "{'on', 'knowledge', 'offers', 'state', 'note', 'rows'?: {action id: {value, low, high, exact, text...}}}."
    ).tag(sync=True)
    review = t.Dict(
        help="The review of the decisions up to the shown step, this view's seat's only in a seat's view "
        "(widgets/analysis_panel.py): {'state', 'seat', 'steps': [{step, seat, action, value, mark, text...}]}."
    ).tag(sync=True)
    version = t.Int(0, help="How many sync messages built the front end's state (see widgets/sync.py).").tag(sync=True)

    _ACCEPTED = ("seats", "viewer", "pace", "playing", "take_backs", "agent_time_limit", "layout")

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
        self._rewound = False  # the bots were paused by a rewind (the status says how to resume)
        self._task: asyncio.Task | None = None
        self._picture_id: str | None = None  # the display id of the picture output IPython shows (if it does)
        self._picture_sent: dict[str, str] | None = None
        self._picture_timer: asyncio.TimerHandle | None = None
        self._init_annotations()
        self._init_analysis()
        playing = kwargs.get("playing")
        if playing is not None and not isinstance(playing, bool):
            raise IntentError(f"playing must be True, False or None (bots answer people by themselves), got {shown(playing)}")
        # Every trait is set before the comm opens (super().__init__ below), so the comm's open message carries
        # the whole state: a front end that takes the state from it and never asks again (marimo) shows the
        # game at once, and nothing is sent before the comm exists (PatchSync.send_state).
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
                self.agent_time_limit = kwargs.get("agent_time_limit", AGENT_TIME_LIMIT)
        except t.TraitError as e:  # a value of the wrong type (traitlets' own check): the same ValueError
            raise IntentError(str(e)) from None
        self._ready = True
        self._publish()
        super().__init__(**({"layout": kwargs["layout"]} if "layout" in kwargs else {}))
        self._remember_sent()  # the open message carried the whole state
        self.on_msg(self._on_front_end_msg)
        if playing is None:
            playing = self._people_play_bots()
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
            IntentError: the decider is a bot seat, or this view is another seat's, or chance decides
                and this is a seat's view (only the teacher's view picks a chance outcome).
        """
        self._check_not_editing("act")
        if not isinstance(id, str):
            raise IntentError(f"act() takes an action id (str), got {type(id).__name__}")
        # Who decides is checked first: the refusal of an illegal id lists the legal ids, which must
        # only be those this view may see.
        self._check_may_choose(self._game.current_player, self._view_seat())
        self._game.apply(id)  # validates: an illegal id raises before anything changes
        self._after_change()

    def resolve_chance(self) -> None:
        """Draw the due chance outcome (a die roll) from the game's seeded generator.

        Raises:
            IllegalActionError: the game is not at a chance node.
        """
        self._check_not_editing("resolve_chance")
        self._game.resolve_chance()
        self._after_change()

    def record(self) -> dict[str, Any]:
        """Return the game's JSON record (``dragonwidgets.from_record`` replays it)."""
        return self._game.to_record()

    def to_html(self, path: str | os.PathLike[str], viewer: str | int | None = None, review: Any = None) -> pathlib.Path:
        """Write the game as one HTML page that steps through it with no kernel (:func:`dragonwidgets.to_html`),
        for ``viewer`` (``"teacher"`` or a seat; default: this widget's view), with a ``review`` (``None``, ``True``
        or a :class:`~dragonwidgets.analysis.Review`, as :func:`dragonwidgets.to_html` takes it); return the page's path.

        Raises:
            ValueError: the viewer is ``"hotseat"`` or not one of the game's (pass ``viewer=``).
        """
        from .page import to_html  # the page module imports every game's widget

        return to_html(self._game, path, viewer=self.viewer if viewer is None else viewer, review=review)

    def explain(self, action_id: str) -> str:
        """Say why ``action_id`` is or is not legal now, naming the rule IDs."""
        return self._game.explain(action_id)

    def refresh(self) -> None:
        """Republish the traits after the game was changed directly (``w.game.apply(...)``)."""
        self._after_change()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget view, the text board and, where no front end runs (a notebook rendered statically,
        ``nbconvert --to html``, or not yet trusted in JupyterLab), an SVG picture of the board as this view
        shows it (``text/html``: an image, :func:`.static_picture.picture_html`). Front ends that show widgets
        (JupyterLab, Notebook 7, VS Code, marimo) rank the widget view first. IPython shows a widget through
        :meth:`_ipython_display_` instead."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle if isinstance(bundle, tuple) else (bundle, {})
        svg = self._game.picture(self.view_seat)
        if svg:
            data = {**data, "text/html": picture_html(svg)}
        return data, metadata

    def _ipython_display_(self) -> None:
        """Show the widget in IPython (a Jupyter kernel) as two outputs: the widget view (with the text board as
        ``text/plain`` and an empty ``text/html``, so that nothing stands in its place where no front end runs),
        then the board's picture (:func:`.static_picture.picture_bundle`) under a display id that this widget
        keeps at the board it shows, a moment after each change (:meth:`_picture_changed`). A saved notebook thus
        holds the board as it stood when saved, for every way of sharing it as HTML (issue 27 item 11); where the
        widget runs live, the picture output hides itself. A game without a picture shows the widget alone."""
        from IPython.display import display

        bundle = self._repr_mimebundle_()
        if bundle is None:
            return
        data, metadata = bundle
        picture = self._picture_data()
        if picture is None:
            display(data, metadata=metadata, raw=True)
            return
        display({**data, "text/html": ""}, metadata=metadata, raw=True)
        self._picture_id = self._picture_id or f"dragonwidgets-board-{self.model_id}"
        self._picture_sent = picture
        display(picture, raw=True, display_id=self._picture_id)
        _flush_pictures_after_each_cell()

    def _picture_data(self) -> dict[str, str] | None:
        """The display data of the picture output now (:func:`.static_picture.picture_bundle`), ``None`` for a
        game that draws no picture."""
        seat = self.view_seat
        svg = self._game.picture(seat)
        if not svg:
            return None
        who = "the full table" if seat is None else f"{possessive(self._game, seat)} view"
        caption = (f"The board at step {self._game.step} ({who}), as the widget showed it when the notebook was "
                   "saved; run the notebook to play.")
        return picture_bundle(svg, caption)

    def _publish(self) -> None:
        super()._publish()
        self._picture_changed()

    def _picture_changed(self) -> None:
        """After a change, refresh the picture output (if IPython shows one) once the kernel has a moment: a
        picture takes 5-50 ms to draw, which a click's answer does not wait for. The refresh waits
        :data:`PICTURE_DELAY` seconds after the last change on the running event loop (Jupyter's), and happens
        at the latest when the running cell ends (so ``nbconvert --execute`` saves it); with no event loop, now."""
        if getattr(self, "_picture_id", None) is None:
            return
        _PICTURES_DUE.add(self)
        if self._picture_timer is not None:
            self._picture_timer.cancel()
            self._picture_timer = None
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self._refresh_picture()
            return
        self._picture_timer = loop.call_later(PICTURE_DELAY, self._refresh_picture)

    def _refresh_picture(self) -> None:
        """Send the picture output the board as shown now (``update_display``), if it is due and changed."""
        self._picture_timer = None
        if self not in _PICTURES_DUE:
            return
        _PICTURES_DUE.discard(self)
        picture = self._picture_data()
        if picture is None or picture == self._picture_sent:
            return
        from IPython.display import update_display

        self._picture_sent = picture
        update_display(picture, raw=True, display_id=self._picture_id)

    def __repr__(self) -> str:
        game = self._game
        return f"{game!r}\n[{type(self).__name__}: step {game.step}/{game.history_length}, viewer {self.viewer}]"

    # ------------------------------------------------------------------ validation of traits
    @t.validate("seats")
    def _valid_seats(self, proposal: Any) -> list[str]:
        return self._checked_seats(proposal["value"])

    @t.validate("viewer")
    def _valid_viewer(self, proposal: Any) -> str:
        return self._checked_viewer(proposal["value"])

    @t.validate("pace")
    def _valid_pace(self, proposal: Any) -> float:
        return self._checked_pace(proposal["value"])

    @t.validate("agent_time_limit")
    def _valid_agent_time_limit(self, proposal: Any) -> float:
        return self._checked_agent_time_limit(proposal["value"])

    @t.observe("seats", "viewer", "take_backs")
    def _on_seats_or_viewer(self, change: Any) -> None:
        if self._ready:
            self._after_change()

    @t.observe("playing")
    def _on_playing(self, change: Any) -> None:
        if not change["new"] and self._task is not None:
            self._task.cancel()
            self._task = None
        if self._ready:
            self.status = self._status(self.view_seat, self._visible_actions(self.view_seat))
            self._schedule_bots()
