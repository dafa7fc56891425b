"""Valuing a table for OpenSpiel's search bots: :func:`standing` (what each seat's return would be worth
now, from the game's own scores) and :class:`TruncatedRolloutEvaluator` (random rollouts cut after
``max_steps``, for the games whose rules bound no length).
"""

from __future__ import annotations

import numpy as np
from open_spiel.python.algorithms import mcts

from .specs import SPECS
from .state import DragonwidgetsState


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
