"""The games as OpenSpiel Python games (the optional extra ``openspiel``: ``pip install dragonwidgets[openspiel]``).

:func:`register` registers each game that has the engine's numeric face (integer actions, chance space,
observation tensor, returns) under ``python_dragonwidgets_<game>``, so OpenSpiel's tools load it by name:

>>> import pyspiel
>>> from dragonwidgets.openspiel import register
>>> sorted(register())  # doctest: +NORMALIZE_WHITESPACE
['python_dragonwidgets_chasse_au_dragon', 'python_dragonwidgets_drachenland', 'python_dragonwidgets_draghan',
 'python_dragonwidgets_emerald']
>>> game = pyspiel.load_game("python_dragonwidgets_emerald", {"players": 3})
>>> game.num_players(), game.num_distinct_actions(), game.observation_tensor_shape()
(3, 72, [569])
>>> state = game.new_initial_state()
>>> state.is_chance_node(), state.action_to_string(pyspiel.PlayerId.CHANCE, 7)
(True, 'deal 7')

How a dragonwidgets game reads in OpenSpiel's terms:

- **Actions**: a seat's action ``i`` is ``game.action_id(i)`` (the game's fixed action space,
  ``num_distinct_actions``); ``legal_actions()`` lists the indices legal now, increasing.
- **Chance**: explicit (``EXPLICIT_STOCHASTIC``). The first node is the *deal*: outcome ``k`` (one of
  :data:`DEALS`, each ``1/DEALS``) sets the table up as the game's seed ``k`` does (shuffles, the first
  player), so the set-up is drawn from :data:`DEALS` seeded deals rather than every possible shuffle.
  After it the game runs with manual chance: every die roll and every card turned up is a chance node,
  outcome ``j`` being ``game.chance_space.id(j)`` with the probability the rules give it (a card is
  drawn from the stock no seat has seen, so the face-down order set up by the deal never shows).
  ``max_chance_outcomes`` is ``max(DEALS, len(chance_space))``.
- **Observation**: ``observation_tensor(seat)`` is the game's own ``observation_tensor(seat)``
  (float32, one field ``"observation"``), ``observation_string(seat)`` the JSON of
  ``observation(seat)``: both hold only what that seat may see (zeros and ``"{}"`` before the deal).
  No information state is provided (the observation does not recall the past), so information-set
  search keys its nodes by observation strings.
- **Returns**: ``game.returns()`` at the end (by default the winners share 1; Draghan's team gets 1.0 each
  on a win, 0.0 each on a loss: ``IDENTICAL``), 0 before; rewards come only at the end (``TERMINAL``).
- **Serialization**: a state pickles as the deal and the action ids played (a replay), so
  ``pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))`` rebuilds it.
- **Information-set search**: ``state.resample_from_infostate(seat, sampler)`` returns a copy in which
  everything ``seat`` cannot see is redealt (the game's ``determinize``); it is for search only and
  cannot be serialized. OpenSpiel's Python ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` uses it
  (with ``use_observation_string=True``).
- **Search bots**: use OpenSpiel's Python ones (``open_spiel.python.algorithms.mcts.MCTSBot``,
  ``ismcts.ISMCTSBot``): its C++ ``pyspiel.MCTSBot`` and ``pyspiel.ISMCTSBot`` crash the interpreter on
  any Python game (its own ``python_tic_tac_toe`` too, OpenSpiel 2.0.2). La Chasse au Dragon and
  Drachenland bound no length, so a random rollout to the end can run thousands of steps: give either
  bot a :class:`TruncatedRolloutEvaluator`, which stops a rollout after ``max_steps`` and values the
  table by the seats' scores (:func:`standing`).

What each game declares here (:data:`SPECS`): its utility type, whether it hides information, and a
safe bound on its length (decisions and chance nodes) that OpenSpiel's ``max_game_length`` needs.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

try:
    import pyspiel
    from open_spiel.python.algorithms import mcts
except ImportError as e:  # pragma: no cover - depends on the installed extras
    raise ImportError("dragonwidgets.openspiel needs OpenSpiel: pip install 'dragonwidgets[openspiel]'") from e

from .engine.actions import CHANCE
from .engine.game import Game as TableGame
from .engine.registry import GAMES, game_class, new_game
from .games.draghan.state import MARKET_DISPLAY

#: How many seeded deals the first chance node chooses from (each with probability ``1 / DEALS``).
DEALS = 1 << 12

_Utility = pyspiel.GameType.Utility


@dataclass(frozen=True)
class Spec:
    """What OpenSpiel needs to know about a game that its engine does not say.

    Attributes:
        utility: OpenSpiel's utility type (``CONSTANT_SUM`` when the winners share 1, ``IDENTICAL``
            for a cooperative game whose seats share one reward...).
        utility_sum: the sum of the returns at the end (``None`` unless constant).
        min_utility, max_utility: the bounds of a seat's return.
        hidden_information: whether a seat may be kept from seeing part of the table.
        max_decisions: ``game -> int``, a safe bound on the decisions of one game of that game's
            options and player count (``game`` is a freshly set-up table).
        max_chance_nodes: ``game -> int``, the same for chance nodes, the deal not included.
    """

    utility: Any
    utility_sum: float | None
    min_utility: float
    max_utility: float
    hidden_information: bool
    max_decisions: Callable[[TableGame], int]
    max_chance_nodes: Callable[[TableGame], int]


def _emerald_knight_moves(game: TableGame) -> int:
    """Return a bound on the knight moves of an Emerald game: every knight advances at least one square a
    move and never goes back (EM-MOVE-1/3), from its start space (pos 0) to at most the lair (``lair_pos``)."""
    knights = sum(sum(colours.values()) for colours in game.state.knights.values())  # type: ignore[attr-defined]
    return knights * game.board.lair_pos  # type: ignore[attr-defined]


#: Drachenland's cap on the decisions of one game (see its :data:`SPECS` entry): the rules set none.
DL_MAX_DECISIONS = 100_000


def _draghan_rounds(game: TableGame) -> int:
    """Return a bound on the rounds of a Draghan game: one location turned up a round, each Draghan location
    at most once (the third portal forces travel before the deck runs out), then each Shadow location once,
    and one more round lost when no Shadow location is left (digest section 2.3, DG-PORTAL-3, DG-END-4):
    13 + 6 + 1 = 20 with the bundled decks."""
    decks = game.decks  # type: ignore[attr-defined]
    return len(decks.location_draghan) + len(decks.location_shadow) + 1


def _draghan_decisions(game: TableGame) -> int:
    """Return a bound on the decisions of a Draghan game: each seat chooses its character, a replacement is
    chosen at most once per set-aside character (DG-SETUP-6, DG-WOUND-4), and a round asks at most: a heal
    (DG-HEAL-1), the portal (DG-PORTAL), each seat's target (DG-FIGHT-1), each card with skill icons used
    once and each seat's ``done`` (DG-FIGHT-3), the assist (DG-LOC-3), one odd-coin share per monster or dragon
    card on the table (DG-INT-4), each card of the display bought and each seat's ``pass`` (DG-MARKET), the
    gift (DG-SHARE-1), the second heal (DG-HEAL-3), each equipment card discarded once (DG-EQUIP-2)."""
    from .games.draghan import tensor as dg

    decks, players = game.decks, game.players  # type: ignore[attr-defined]
    cards = decks.cards
    items = dg.equipment(decks)
    per_round = (1 + 1 + players + sum(bool(cards[c].icons) for c in items) + players + 1
                 + len(dg.table_cards(decks)) + MARKET_DISPLAY + players + 1 + 1 + len(items))
    return len(decks.characters) + _draghan_rounds(game) * per_round


def _draghan_chance_nodes(game: TableGame) -> int:
    """Return a bound on the chance nodes of a Draghan game: the deal and each starting character's card
    (DG-SETUP-6/7), then a round's location, a theft pick per equipment card at most, the large dragon, one
    encounter per character in play and the threat's extra one (DG-EXPLORE-2, DG-LOC-4, DG-DRAGON-4), the
    display's market cards (DG-LOC-6), a replacement and its card (DG-INT-13, DG-SETUP-7)."""
    from .games.draghan import tensor as dg

    decks, players = game.decks, game.players  # type: ignore[attr-defined]
    per_round = 1 + len(dg.equipment(decks)) + 1 + players + 1 + MARKET_DISPLAY + 1 + 1
    return 1 + players + _draghan_rounds(game) * per_round


#: Each game's :class:`Spec`; a game joins :func:`register` once it has the numeric face and a spec.
SPECS: dict[str, Spec] = {
    # The winners share 1 (EM-INT-20), the others 0. Hidden: face-down piles, the box, the gold in hand
    # (digest section 7). Per knight move at most 5 decisions (select it, take a card, choose the victim,
    # pay or lose, the turn's end_turn) and 2 chance nodes (the card turned up, the dragon die): 20 knights
    # at 5 players give 1600 decisions; random games play far fewer (tests/agents/test_openspiel.py).
    "emerald": Spec(_Utility.CONSTANT_SUM, 1.0, 0.0, 1.0, True,
                    lambda g: 5 * _emerald_knight_moves(g), lambda g: 2 * _emerald_knight_moves(g)),
    # The richest win, ties share 1 (CD-SCORE-4, CD-INT-20), the others 0. Hidden: the piles' cards, the
    # others' backpacks and vaults and exact zone counts (CD-ZONE-7, digest section 7). The rules bound no
    # length (CD-END-3, CD-INT-24: the game ends only when a dragon is slain; camp actions repeat freely,
    # CD-CAMP-1; an exploding die throws again on its maximum, CD-COMBAT-1), so decisions and chance nodes
    # get a cap of 50,000 each: twelve times the longest of 400 random games at 2 and 6 players (4,069
    # decisions, 1,937 chance nodes, 6 players).
    "chasse_au_dragon": Spec(_Utility.CONSTANT_SUM, 1.0, 0.0, 1.0, True, lambda g: 50_000, lambda g: 50_000),
    # The winners share 1 (DL-SCORE-5, DL-INT-27: tied top scores share the victory), the others 0. Hidden:
    # face-down and boxed tokens, the hoards behind the screens (digest section 7). The rules bound no length
    # (DL-END-2, DL-INT-30: a table that never takes the last egg plays forever), so the decisions get a cap
    # of DL_MAX_DECISIONS, ten times the longest of 180 random games at 2-4 players (10,508 decisions, 4
    # players); chance nodes: at most 2 rolls a turn, a turn at least one decision (``end turn`` is always
    # offered, DL-INT-8), plus one reveal per volcano (DL-MOVE-6).
    "drachenland": Spec(_Utility.CONSTANT_SUM, 1.0, 0.0, 1.0, True,
                        lambda g: DL_MAX_DECISIONS, lambda g: 2 * DL_MAX_DECISIONS + len(g.board.volcanoes)),  # type: ignore[attr-defined]
    # Cooperative (DG-END-1..5): every seat gets 1 when the team wins, 0 when it loses (IDENTICAL). Hidden:
    # the order of the face-down decks (which locations each block of the Draghan deck holds) and the large
    # dragons not drawn (digest section 7). The rules bound the length: at most 20 rounds
    # (:func:`_draghan_rounds`), each with a bounded number of decisions and chance nodes: 2,726 decisions
    # and 985 chance nodes at 4 characters with the bundled decks, where random games stay near 110 and 90.
    "draghan": Spec(_Utility.IDENTICAL, None, 0.0, 1.0, True, _draghan_decisions, _draghan_chance_nodes),
}


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


class _Table:
    """The dragonwidgets game behind a state, with the deal and the action ids that made it (its replay).

    A copy (OpenSpiel clones a state by deep-copying its attributes) is the game's cheap search copy;
    pickling gives the replay, so a state serializes by its history. ``views`` keeps what was computed
    from the table as it stands (a seat's tensor, its JSON, the text board), since OpenSpiel's tests ask
    for each several times a step; an action clears it, a copy shares what it holds (never written).
    """

    def __init__(self, game: TableGame, deal: int, moves: list[str], replayable: bool = True,
                 views: dict | None = None):
        self.game, self.deal, self.moves, self.replayable = game, deal, moves, replayable
        self.views: dict[tuple, Any] = {} if views is None else views

    def apply(self, action_id: str) -> None:
        self.game.apply(action_id)
        self.moves.append(action_id)
        self.views = {}

    def view(self, key: tuple, make: Callable[[], Any]) -> Any:
        """Return ``make()`` for the table as it stands, computed once per ``key`` until the next action."""
        if key not in self.views:
            self.views[key] = make()
        return self.views[key]

    def __deepcopy__(self, memo: dict) -> "_Table":
        return _Table(self.game.clone(history=False), self.deal, list(self.moves), self.replayable, dict(self.views))

    def __reduce__(self) -> tuple:
        if not self.replayable:
            raise TypeError("a resampled state (resample_from_infostate) is for search only: it cannot be serialized")
        return _replay, (self.game.name, self.game.players, self.deal, self.moves)


def _replay(game_name: str, players: int, deal: int, moves: list[str]) -> _Table:
    """Return the :class:`_Table` of deal ``deal`` after ``moves`` (what a serialized state holds)."""
    table = _Table(new_game(game_name, players=players, seed=deal, chance="manual"), deal, [])
    for action_id in moves:
        table.apply(action_id)
    return table


class DragonwidgetsState(pyspiel.State):
    """A state of a :class:`DragonwidgetsGame`: the deal to make, or a dragonwidgets game in progress."""

    def __init__(self, game: DragonwidgetsGame):
        super().__init__(game)
        self._game_name, self._players = game.game_name, game.table.players
        self._table: _Table | None = None  # None: before the deal

    @property
    def table(self) -> TableGame | None:
        """The dragonwidgets game (``None`` before the deal). Read it; never change it from outside."""
        return None if self._table is None else self._table.game

    def current_player(self) -> int:
        """Return the seat to decide, ``PlayerId.CHANCE`` (the deal, a die, a card) or ``PlayerId.TERMINAL``."""
        if self._table is None:
            return pyspiel.PlayerId.CHANCE
        seat = self._table.game.current_player
        if seat is None:
            return pyspiel.PlayerId.TERMINAL
        return pyspiel.PlayerId.CHANCE if seat == CHANCE else seat

    def _legal_actions(self, player: int) -> list[int]:
        """Return the indices of ``player``'s legal actions, increasing ([] unless ``player`` decides now)."""
        table = self._table
        if table is None or player != table.game.current_player:
            return []
        return table.game.legal_action_indices()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Return the chance outcomes now as ``(index, probability)``, by increasing index: the deals,
        or the game's outcomes (indices of its ``chance_space``)."""
        if self._table is None:
            return [(k, 1.0 / DEALS) for k in range(DEALS)]
        game = self._table.game
        space = game.chance_space
        return sorted((space.index(a.id), a.prob) for a in game.legal_actions())

    def _apply_action(self, action: int) -> None:
        """Apply a seat's action index, a chance outcome index, or the deal."""
        if self._table is None:
            self._table = _Table(new_game(self._game_name, players=self._players, seed=int(action), chance="manual"),
                                 int(action), [])
            return
        game = self._table.game
        if game.current_player == CHANCE:
            self._table.apply(game.chance_space.id(action))
        else:
            self._table.apply(game.legal_action_id(action))

    def _action_to_string(self, player: int, action: int) -> str:
        """Return the action's id (``"move T1 black"``, ``"roll 2"``) or ``"deal k"``."""
        if player == pyspiel.PlayerId.CHANCE:
            if self._table is None:
                return f"deal {action}"
            return self._table.game.chance_space.id(action)
        return (self._table.game if self._table else self.get_game().table).action_id(action)

    def is_terminal(self) -> bool:
        return self._table is not None and self._table.game.is_over

    def returns(self) -> list[float]:
        """Return each seat's return: the game's ``returns()`` at the end, 0 before."""
        return [0.0] * self._players if self._table is None else self._table.game.returns()

    def rewards(self) -> list[float]:
        """Return each seat's reward for the last action: the returns at the end, 0 before (TERMINAL model)."""
        return self.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> "DragonwidgetsState":
        """Return a copy in which everything ``player_id`` cannot see is redealt (the game's ``determinize``),
        drawn from ``probability_sampler()`` (a float in [0, 1)). For search only: it cannot be serialized."""
        state = self.clone()
        if state._table is not None:
            rng = random.Random(int(probability_sampler() * 2**32))
            determinized = state._table.game.determinize(player_id, rng)
            state._table = _Table(determinized, state._table.deal, state._table.moves, replayable=False)
        return state

    def seat_observation(self, seat: int) -> dict[str, Any]:
        """Return ``observation(seat)`` of the game (``{}`` before the deal)."""
        return {} if self._table is None else self._table.game.observation(seat)

    def seat_string(self, seat: int) -> str:
        """Return ``observation(seat)`` as compact JSON, keys sorted (``"{}"`` before the deal)."""
        make = lambda: json.dumps(self.seat_observation(seat), sort_keys=True, separators=(",", ":"))  # noqa: E731
        return make() if self._table is None else self._table.view(("string", seat), make)

    def seat_tensor(self, seat: int) -> np.ndarray:
        """Return ``observation_tensor(seat)`` of the game (zeros before the deal), read-only."""
        if self._table is None:
            return np.zeros(self.get_game().table.observation_tensor_shape, dtype=np.float32)
        return self._table.view(("tensor", seat), lambda: _read_only(self._table.game.observation_tensor(seat)))

    def __str__(self) -> str:
        """Return the text board (the public table), or ``"before the deal"``."""
        return "before the deal" if self._table is None else self._table.view(("text",), lambda: repr(self._table.game))


def _read_only(array: np.ndarray) -> np.ndarray:
    """Return ``array``, marked read-only (a view kept for the table as it stands)."""
    array.flags.writeable = False
    return array


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


def standing(state: DragonwidgetsState) -> np.ndarray:
    """Return what each seat's return would be worth on ``state``, from the game's own standing.

    - At the end: exactly ``state.returns()``.
    - Before it, in a game whose returns add up to a constant (Emerald, La Chasse au Dragon,
      Drachenland: the winners share 1), that sum shared in proportion to the seats' scores now
      (``table.scores()``, as the rules count them: Chasse's wealth, CD-SCORE-1..3; Drachenland's hoard,
      DL-SCORE-1..6; Emerald's points, EM-SCORE-1..5), a negative score counting as 0; equal shares while
      no seat has scored (and before the deal). So each value lies in ``[0, utility_sum]``, within the
      game's utility bounds ``[0, 1]``, and the values add up to ``utility_sum`` as the returns do.
    - Before it, in a cooperative game (Draghan: the team shares one return, ``IDENTICAL``), whose score
      says nothing until the end (DG-SCORE-1): the midpoint of the utility bounds for every seat (0.5).

    It reads the whole table ``state`` holds, hidden parts included: under IS-MCTS that is a table
    redealt from what the searching seat sees (``resample_from_infostate``); plain MCTS searches the true
    table anyway (its rollouts play the real hidden cards).

    Args:
        state: a state of a registered dragonwidgets game.

    Returns:
        float64 array of shape ``(players,)``, indexed by seat.

    Raises:
        TypeError: ``state`` is not a state of a dragonwidgets game.
    """
    if not isinstance(state, DragonwidgetsState):
        raise TypeError(f"standing values dragonwidgets states only, got {type(state).__name__}")
    spec, players, table = SPECS[state._game_name], state._players, state.table
    if table is not None and table.is_over:
        return np.array(table.returns(), dtype=np.float64)
    if spec.utility_sum is None:
        return np.full(players, (spec.min_utility + spec.max_utility) / 2)
    scores = np.zeros(players) if table is None else np.maximum([table.scores()[s] for s in range(players)], 0.0)
    total = scores.sum()
    if total == 0:
        return np.full(players, spec.utility_sum / players)
    return spec.utility_sum * scores / total


class TruncatedRolloutEvaluator(mcts.RandomRolloutEvaluator):
    """OpenSpiel's random-rollout evaluator, with a rollout stopped after ``max_steps`` steps and the table
    then valued by :func:`standing` (for the games whose rules bound no length: La Chasse au Dragon,
    Drachenland). It works with ``mcts.MCTSBot(game, uct_c, max_simulations, evaluator)`` and
    ``ismcts.ISMCTSBot(game, evaluator, uct_c, max_simulations)`` (OpenSpiel's Python bots).

    A rollout plays random legal actions and chance outcomes drawn by their probabilities (as
    ``mcts.RandomRolloutEvaluator`` does) until the end or ``max_steps`` steps, decisions and chance nodes
    both counted; ``evaluate`` averages :func:`standing` over ``n_rollouts`` rollouts, so on a finished
    table it gives exactly the returns, and every value stays within the game's utility bounds. ``prior``
    is OpenSpiel's: equal probabilities over the legal actions, the chance outcomes' own at a chance node.

    Args:
        n_rollouts: rollouts averaged per evaluation (an int, at least 1).
        max_steps: the most steps a rollout takes (an int, at least 0; 0 values the table as it stands).
        random_state: a ``np.random.RandomState`` (a fresh unseeded one when ``None``).

    Raises:
        ValueError: ``n_rollouts`` below 1 or ``max_steps`` below 0 (or either not an int).
        TypeError: (``evaluate``) a state that is not of a dragonwidgets game.
    """

    def __init__(self, n_rollouts: int = 1, max_steps: int = 100,
                 random_state: np.random.RandomState | None = None):
        for what, value, least in (("n_rollouts", n_rollouts, 1), ("max_steps", max_steps, 0)):
            if not isinstance(value, (int, np.integer)) or isinstance(value, bool) or value < least:
                raise ValueError(f"{what} must be an int of at least {least}, got {value!r}")
        super().__init__(n_rollouts=int(n_rollouts), random_state=random_state, max_length=int(max_steps))

    def rollout(self, state: DragonwidgetsState) -> DragonwidgetsState:
        """Return a copy of ``state`` played on at random for at most ``max_steps`` steps or to the end."""
        working = state.clone()
        rng = self._random_state
        for _ in range(self.max_length):
            if working.is_terminal():
                break
            if working.is_chance_node():
                outcomes, probs = zip(*working.chance_outcomes())
                working.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                working.apply_action(int(rng.choice(working.legal_actions())))
        return working

    def evaluate(self, state: DragonwidgetsState) -> np.ndarray:
        """Return the mean :func:`standing` after ``n_rollouts`` truncated rollouts from ``state``: float64,
        shape ``(players,)``, each value within the game's utility bounds; the returns on a finished table.

        Raises:
            TypeError: ``state`` is not a state of a dragonwidgets game.
        """
        if not isinstance(state, DragonwidgetsState):
            raise TypeError(f"TruncatedRolloutEvaluator values dragonwidgets states only, got {type(state).__name__}")
        if state.is_terminal():  # nothing to roll out: the returns themselves, not an average of copies
            return standing(state)
        return sum(standing(self.rollout(state)) for _ in range(self.n_rollouts)) / self.n_rollouts
