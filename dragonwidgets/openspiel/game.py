"""Each game as an OpenSpiel game: its ``GameType`` and ``Game`` class (:class:`DragonwidgetsGame`), the
observer of a seat's view (:class:`Observer`), and :func:`register`, which registers them with OpenSpiel.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from ..engine.registry import GAMES, game_class, new_game
from .specs import DEALS, SPECS
from .state import DragonwidgetsState


def short_name(game_name: str) -> str:
    """Return OpenSpiel's name of a game: ``"python_dragonwidgets_<game>"``."""
    return f"python_dragonwidgets_{game_name}"


def registrable(game_name: str) -> str | None:
    """Return why ``game_name`` cannot be registered yet (a sentence), or ``None`` when it can.

    Raises:
        KeyError: no game of that name.
    """
    cls = game_class(game_name)
    if game_name not in SPECS:
        return f"{game_name} has no OpenSpiel spec (utility, length bound) in dragonwidgets.openspiel.SPECS"
    table = new_game(game_name, players=cls.min_players, seed=0, chance="manual")
    try:
        table.num_distinct_actions, table.chance_space, table.observation_tensor_shape
    except NotImplementedError as e:
        return f"{game_name} has no integer action space or observation tensor yet ({e})"
    return None


def register() -> list[str]:
    """Register with OpenSpiel every game that can be (see :func:`registrable`); return their short names.

    Calling it again registers nothing twice. A game is loaded with ``pyspiel.load_game(short_name,
    {"players": n})`` (``n`` in the game's range, default its smallest).
    """
    names = []
    registered = set(pyspiel.registered_names())
    for game_name in GAMES:
        if registrable(game_name) is not None:
            continue
        name = short_name(game_name)
        if name not in registered:
            pyspiel.register_game(_game_type(game_name), _game_class_for(game_name))
        names.append(name)
    return names


def _game_type(game_name: str) -> pyspiel.GameType:
    """Return the OpenSpiel ``GameType`` of ``game_name`` (see the module docstring)."""
    cls, spec = game_class(game_name), SPECS[game_name]
    information = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=short_name(game_name),
        long_name=f"dragonwidgets {game_name}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=(information.IMPERFECT_INFORMATION if spec.hidden_information
                     else information.PERFECT_INFORMATION),
        utility=spec.utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": cls.min_players},
    )


def _game_class_for(game_name: str) -> type:
    """Return the :class:`DragonwidgetsGame` subclass OpenSpiel creates for ``game_name``."""
    return type(f"Dragonwidgets{game_class(game_name).__name__}", (DragonwidgetsGame,), {"game_name": game_name})


class DragonwidgetsGame(pyspiel.Game):
    """A dragonwidgets game as an OpenSpiel game (one subclass per game, ``game_name`` set on it).

    Args:
        params: OpenSpiel's parameters: ``{"players": n}``.

    Raises:
        ValueError: a player count out of the game's range.
    """

    game_name: str = ""

    def __init__(self, params: dict[str, Any] | None = None):
        cls, spec = game_class(self.game_name), SPECS[self.game_name]
        params = {"players": cls.min_players, **(params or {})}
        #: a table set up once: the spaces, the tensor shape and the length bounds of this player count
        self.table = new_game(self.game_name, players=int(params["players"]), seed=0, chance="manual")
        self.max_chance_nodes = 1 + spec.max_chance_nodes(self.table)  # the deal, then the game's own
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.num_distinct_actions,
            max_chance_outcomes=max(DEALS, len(self.table.chance_space)),
            num_players=self.table.players,
            min_utility=spec.min_utility,
            max_utility=spec.max_utility,
            utility_sum=spec.utility_sum,
            max_game_length=spec.max_decisions(self.table),
        )
        super().__init__(_game_type(self.game_name), info, params)

    def new_initial_state(self) -> "DragonwidgetsState":
        """Return the state before the deal (a chance node)."""
        return DragonwidgetsState(self)

    def max_chance_nodes_in_history(self) -> int:
        """Return a bound on the chance nodes of one game: the deal and the game's dice and cards."""
        return self.max_chance_nodes

    def make_py_observer(self, iig_obs_type: Any = None, params: dict | None = None) -> "Observer":
        """Return the observer of a seat's observation (see :class:`Observer`).

        Raises:
            ValueError: parameters given, or an observation type other than the seat's own view
                (perfect recall, or public or no private information, are not provided).
        """
        return Observer(self.table.observation_tensor_shape, iig_obs_type, params)

class Observer:
    """OpenSpiel's Python observer of a seat's own view: ``tensor`` (float32, the game's observation tensor)
    and ``dict`` (``{"observation": tensor}``); ``string_from`` gives the JSON of ``observation(seat)``.

    Raises:
        ValueError: (on creation) parameters given, or an observation type other than the seat's own view.
    """

    def __init__(self, shape: tuple[int, ...], iig_obs_type: Any = None, params: dict | None = None):
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        if iig_obs_type is not None and (iig_obs_type.perfect_recall or not iig_obs_type.public_info
                                         or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ValueError("only a seat's own view is provided (no perfect recall, public and own private info)")
        self.tensor = np.zeros(shape, dtype=np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: DragonwidgetsState, player: int) -> None:
        """Write ``player``'s observation tensor of ``state`` into ``tensor``."""
        self.tensor[...] = state.seat_tensor(player)

    def string_from(self, state: DragonwidgetsState, player: int) -> str:
        """Return ``player``'s observation of ``state`` as compact JSON (keys sorted)."""
        return state.seat_string(player)
