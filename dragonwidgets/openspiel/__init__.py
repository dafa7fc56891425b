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
- **A bot in a widget seat**: ``seats=["human", openspiel.bot_seat(bot, game)]``; at each decision of its
  seat the bot searches a copy of the table seen from that seat, its hidden parts redealt (:mod:`.seat`).

The package, a module per job: :mod:`.specs` (what each game declares, :data:`SPECS`, and the deals),
:mod:`.game` (the OpenSpiel game type and class of each game, :func:`register`), :mod:`.state` (a state:
the deal, then the dragonwidgets game behind it, replayed to serialize) , :mod:`.search` (valuing a
table for search bots: :func:`standing`, :class:`TruncatedRolloutEvaluator`) and :mod:`.seat` (an OpenSpiel
bot playing a widget seat: :func:`bot_seat`).

What each game declares here (:data:`SPECS`): its utility type, whether it hides information, and a
safe bound on its length (decisions and chance nodes) that OpenSpiel's ``max_game_length`` needs.
"""

from __future__ import annotations

try:
    import pyspiel  # noqa: F401
    from open_spiel.python.algorithms import mcts  # noqa: F401
except ImportError as e:  # pragma: no cover - depends on the installed extras
    raise ImportError("dragonwidgets.openspiel needs OpenSpiel: pip install 'dragonwidgets[openspiel]'") from e

from .game import DragonwidgetsGame, Observer, register, registrable, short_name
from .search import TruncatedRolloutEvaluator, standing
from .seat import OpenSpielSeat, bot_seat
from .specs import DEALS, DL_MAX_DECISIONS, SPECS, Spec
from .state import DragonwidgetsState

__all__ = [
    "DEALS", "DL_MAX_DECISIONS", "SPECS", "Spec", "DragonwidgetsGame", "DragonwidgetsState", "Observer",
    "OpenSpielSeat", "TruncatedRolloutEvaluator", "bot_seat", "register", "registrable", "short_name", "standing",
]
