"""The games as PettingZoo AEC environments (the optional extra ``pettingzoo``: ``pip install dragonwidgets[pettingzoo]``).

A thin layer over the engine's numeric face (``num_distinct_actions``, ``legal_action_mask()``,
``observation_tensor(seat)``, ``returns()``): one agent per seat, ``"player_0"``, ``"player_1"``...;
the agent to act is the seat to decide (not always the seat whose turn it is: in Emerald a captured
knight's owner decides whether to pay). Chance (dice, shuffles, cards turned up) is drawn by the game's
own seeded generator, never shown to an agent.

- action space: ``Discrete(num_distinct_actions)``, index ``i`` is ``game.action_id(i)``; an index that
  is not legal raises :class:`~dragonwidgets.IllegalActionError` and changes nothing.
- observation: ``{"observation": observation_tensor(seat) (float32), "action_mask": int8 of length
  num_distinct_actions}``; the mask is all 0 for an agent that is not to act.
- rewards: 0 until the end, then each seat's ``returns()`` (by default the winners share 1; Draghan's team gets 1.0
  each on a win, 0.0 each on a loss).
- ``render_mode="ansi"``: ``render()`` returns the text board.
- ``reset(seed=n)`` starts the game of a seed drawn from ``n``, so a seed gives the same game; later
  ``reset()`` calls without a seed go on drawing from the same generator.

>>> from dragonwidgets.pettingzoo import env
>>> e = env("emerald", players=3, first_player=0)
>>> e.reset(seed=7)
>>> e.agent_selection, int(e.action_space("player_0").n), e.observe("player_0")["observation"].shape
('player_0', 72, (569,))
>>> e.step(e.unwrapped.game.action_index("move T1 black"))
>>> e.unwrapped.game.step
1
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

try:
    from gymnasium import logger, spaces
    from pettingzoo import AECEnv
except ImportError as e:  # pragma: no cover - depends on the installed extras
    raise ImportError("dragonwidgets.pettingzoo needs PettingZoo: pip install 'dragonwidgets[pettingzoo]'") from e

from .engine.registry import game_class, new_game


def env(game_name: str, players: int | None = None, *, render_mode: str | None = None, **options: Any) -> "DragonwidgetsEnv":
    """Return the AEC environment of ``game_name`` (a registry name: ``"emerald"``...) for ``players`` seats.

    Args:
        game_name: the game.
        players: the seat count (default: the game's smallest).
        render_mode: ``None`` or ``"ansi"`` (``render()`` returns the text board).
        **options: the game's options (its ``option_defaults``), passed to every game it starts.

    Raises:
        KeyError: no game of that name.
        ValueError: a player count out of range, an unknown option, an option of the wrong type,
            ``chance`` given (chance is always drawn by the game), or an unknown render mode.
        NotImplementedError: the game has no integer action space or observation tensor yet.
    """
    return DragonwidgetsEnv(game_name, players, render_mode=render_mode, **options)


class DragonwidgetsEnv(AECEnv):
    """A dragonwidgets game as a PettingZoo AEC environment (see the module docstring).

    ``game`` is the game in progress (a :class:`~dragonwidgets.engine.Game`): read its ``observation(seat)``
    or ``repr`` to see the table, never change it from outside.
    """

    metadata = {"render_modes": ["ansi"], "name": "dragonwidgets", "is_parallelizable": False}
    # PettingZoo's bookkeeping of the agents (set by _start, kept up by step)
    agents: list[str]
    agent_selection: str
    rewards: dict[str, float]
    _cumulative_rewards: dict[str, float]
    terminations: dict[str, bool]
    truncations: dict[str, bool]
    infos: dict[str, dict[str, Any]]

    def __init__(self, game_name: str, players: int | None = None, *, render_mode: str | None = None,
                 **options: Any):
        super().__init__()
        if "chance" in options:
            raise ValueError("chance is always drawn by the game's seeded generator here: do not pass 'chance'")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        cls = game_class(game_name)
        self.game_name, self.render_mode = game_name, render_mode
        self.players = cls.min_players if players is None else players
        self.options = options
        self.metadata = {**self.metadata, "name": f"dragonwidgets_{game_name}_v{cls.version}"}
        self._seeds = random.Random()  # reseeded by reset(seed=...)
        self.game = new_game(game_name, players=self.players, seed=0, **options)  # checks players and options
        n, shape = self.game.num_distinct_actions, self.game.observation_tensor_shape
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        self.action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(low=0.0, high=np.inf, shape=shape, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(n,), dtype=np.int8),
        }) for agent in self.possible_agents}
        self._start()

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a new game: of a seed drawn from ``seed`` when given, else from the environment's generator."""
        if seed is not None:
            self._seeds.seed(seed)
        self.game = new_game(self.game_name, players=self.players, seed=self._seeds.getrandbits(32), **self.options)
        self._start()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """Return ``agent``'s observation tensor and action mask (all 0 unless it is to act)."""
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        if seat == self.game.current_player:
            mask[self.game.legal_action_mask()] = 1
        return {"observation": self.game.observation_tensor(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Apply the selected agent's action index (``None`` for an agent whose game is over).

        Raises:
            IllegalActionError: the index is not legal now (the game is unchanged).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.game.apply_index(action)  # type: ignore[arg-type]  # None for a live agent: refused there (IllegalActionError)
        self._cumulative_rewards[agent] = 0
        self.rewards = dict(zip(self.possible_agents, self.game.returns()))
        if self.game.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._agent_to_move()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """Return the text board (``render_mode="ansi"``); ``None`` with a warning without a render mode."""
        if self.render_mode is None:
            logger.warn("render() was called without a render mode: pass render_mode='ansi' to env()")
            return None
        return repr(self.game)

    def close(self) -> None:
        pass

    def _start(self) -> None:
        """Reset the agents' bookkeeping for the game just created."""
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_to_move()

    def _agent_to_move(self) -> str:
        """The agent of the seat to decide (chance is drawn by the game itself: a seat decides while it goes on)."""
        seat = self.game.current_player
        assert seat is not None, "a seat decides while the game goes on"
        return self.possible_agents[seat]
