"""For the type checker only: what the parts of :class:`~dragonwidgets.engine.game.Game` supply one another.

``Game`` is put together from parts (:class:`~.protocol.GameHooks`, :class:`~.chance.ChanceDraws`,
:class:`~.history.History`, :class:`~.records.Records`, :class:`~.spaces.Interop`); each part calls methods another part defines (``goto``,
``current_player``, ``_commit``, the game's hooks...). :class:`GameParts` declares those once, so that mypy checks
each part against them. A part derives from it only while type checking (``if TYPE_CHECKING``); at run time the
parts derive from ``object`` and this module is never imported. Its methods are abstract: every game class is
checked to supply each one (``Game`` or ``GameHooks`` defines it, ahead of this class in the bases).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any, ClassVar, Sequence

from .actions import Action, Event


class GameParts:
    """The constructor, state and methods one part of ``Game`` uses from the others."""

    name: ClassVar[str]
    players: int
    chance_mode: str

    def __init__(self, *, players: int, seed: int | None = None, chance: str = "auto",
                 position: dict[str, Any] | None = None, **options: Any) -> None:
        """``Game``'s constructor (``type(self)(...)`` makes a game of the same class)."""

    # Game (engine/game.py)
    @property
    @abstractmethod
    def current_player(self) -> int | None: ...

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def winners(self) -> list[int]: ...

    @abstractmethod
    def legal_actions(self) -> list[Action]: ...

    @abstractmethod
    def legal_action_ids(self) -> list[str]: ...

    @abstractmethod
    def apply(self, action: Action | str) -> list[Event]: ...

    @abstractmethod
    def goto(self, step: int) -> None: ...

    @abstractmethod
    def observation(self, player: int | None = None) -> dict[str, Any]: ...

    @abstractmethod
    def _commit(self, action: Action, auto: bool) -> list[Event]: ...

    @abstractmethod
    def _compute_legal(self) -> Sequence[Action]: ...

    # the game's hooks (engine/protocol.py)
    @abstractmethod
    def _player_to_move(self) -> int | None: ...

    @abstractmethod
    def _position(self) -> dict[str, Any]: ...

    @abstractmethod
    def _copy_state(self) -> Any: ...

    @abstractmethod
    def _chance_outcomes_hidden(self) -> bool: ...

    @abstractmethod
    def _why_illegal(self, action_id: str) -> str: ...
