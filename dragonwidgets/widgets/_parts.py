"""For the type checker only: what the parts of :class:`~dragonwidgets.widgets.GameWidget` supply one another.

``GameWidget`` is put together from parts, one module each (:mod:`.messages`, :mod:`.publishing`, :mod:`.views`,
:mod:`.timeline`, :mod:`.editing`, :mod:`.status`, :mod:`.bot_seats`, :mod:`.sync`); each part uses the synced
traits declared in :mod:`.base`, the game the widget holds and methods of the other parts. :class:`WidgetParts`
declares them once, so that mypy checks each part against them. Each part derives from it only while type
checking (``if TYPE_CHECKING``); at run time the parts derive from ``object`` and this module is never imported.
A method declared here is abstract: ``GameWidget`` is checked to supply every one (the part that defines it comes
first in its bases).
"""

from __future__ import annotations

import asyncio
from abc import abstractmethod
from typing import Any

import anywidget

from ..engine import Action, Game


class WidgetParts(anywidget.AnyWidget):
    """The traits, state and methods one part of ``GameWidget`` uses from the others."""

    # the synced traits (widgets/base.py), as their values read
    observation: dict[str, Any]
    legal_actions: list[dict[str, Any]]
    can_act: bool
    step: int
    history_length: int
    log: list[dict[str, Any]]
    seats: list[Any]
    bot_names: list[str]
    viewer: str
    viewer_choices: list[str]
    view_seat: int | None
    status: str
    last_error: str
    playing: bool
    pace: float
    agent_time_limit: float
    take_backs: bool
    text: str
    editing: bool
    edit_position: dict[str, Any]
    version: int

    # the state GameWidget.__init__ sets
    _game: Game
    _ready: bool
    _bots: dict[int, Any]
    _rewound: bool
    _task: asyncio.Task[None] | None

    # methods of the other parts
    @abstractmethod
    def pause(self) -> None: ...  # bot_seats

    @abstractmethod
    def _after_change(self) -> None: ...  # publishing

    @abstractmethod
    def _schedule_bots(self) -> None: ...  # bot_seats

    @abstractmethod
    def _bot_due(self) -> bool: ...  # bot_seats

    @abstractmethod
    def _pause_for_rewind(self) -> None: ...  # bot_seats

    @abstractmethod
    def _people_play_bots(self) -> bool: ...  # bot_seats

    @abstractmethod
    def _is_bot_seat(self, player: int | None) -> bool: ...  # bot_seats

    @abstractmethod
    def _check_not_editing(self, what: str) -> None: ...  # editing

    @abstractmethod
    def _drop_draft(self) -> None: ...  # editing

    @abstractmethod
    def _check_take_backs(self, what: str) -> None: ...  # views

    @abstractmethod
    def _check_page_intent(self, kind: str) -> None: ...  # views

    @abstractmethod
    def _error_for_page(self, error: BaseException) -> str: ...  # views

    @abstractmethod
    def _view_seat(self) -> int | None: ...  # views

    @abstractmethod
    def _visible_actions(self, seat: int | None) -> list[Action]: ...  # views

    @abstractmethod
    def _may_choose_now(self, seat: int | None) -> bool: ...  # views

    @abstractmethod
    def _viewer_choices(self) -> list[str]: ...  # views

    @abstractmethod
    def _annotations_shown(self, seat: int | None) -> dict[str, Any]: ...  # annotations

    @abstractmethod
    def _recording_shown(self) -> dict[str, Any]: ...  # annotations

    @abstractmethod
    def _publish_analysis(self) -> None: ...  # analysis_panel

    @abstractmethod
    def _status(self, seat: int | None, visible: list[Action]) -> str: ...  # status
