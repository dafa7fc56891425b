"""A small learning agent in numpy: a linear softmax policy over a game's observation tensor, trained by
REINFORCE (the policy-gradient method of Williams, 1992) against a bot.

The agent sees what its seat may see, as numbers: ``game.observation_tensor(seat)`` (a flat float32
vector; for Emerald at 2 players 528 entries: where the knights stand, the piles, the dragon, the hands as
that seat sees them...). It scores every action of the game's fixed action space
(``game.num_distinct_actions``: 93 for Emerald at 2 players) as ``features @ W + b``, keeps the legal
ones (``game.legal_action_mask()``) and picks among them by a softmax. After each training game it
nudges ``W`` and ``b`` so that the actions it took become likelier when the game went better than usual,
and less likely when it went worse (its reward is ``game.returns()[seat]``: 1 for a win, shared wins
split, 0 for a loss).

It needs numpy only, and works for any game with the numeric face (``observation_tensor``,
``legal_action_mask``, ``apply_index``, ``returns``). A trained :class:`LinearPolicy` plays a seat of a
widget as it is: ``EmeraldWidget(players=2, seats=["human", policy])``.

- :class:`LinearPolicy`: the policy (its weights, a move, the callable a widget seat calls).
- :func:`play_game`: one game of the policy against a bot, with the policy's decisions recorded.
- :func:`train`: REINFORCE over many seeded games.
- :func:`evaluate`: the policy's results against a bot over seeded games (a win, a shared win, a loss).

Everything is seeded: the same seeds give the same weights and the same games.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from .engine import bot_move, make_bot, new_game


def features(tensor: np.ndarray) -> np.ndarray:
    """Return the policy's input for an observation tensor: ``log(1 + x)`` entry by entry (float64, same
    shape), so that a count of 10 weighs about twice a count of 2, not five times, and a one-hot entry is
    ``log 2``. Raises ``ValueError`` on an entry below 0 (the tensors hold counts and one-hot bits)."""
    x = np.asarray(tensor, dtype=np.float64)
    if x.size and x.min() < 0:
        raise ValueError(f"observation tensors hold counts and bits (>= 0), got {x.min()}")
    return np.log1p(x)


@dataclass(frozen=True)
class Decision:
    """One decision the policy made in a game: its ``features`` (n_features,), the ``probabilities`` of
    every action (n_actions,; 0 where illegal) and the index ``action`` it took."""

    features: np.ndarray
    probabilities: np.ndarray
    action: int


class LinearPolicy:
    """A softmax over the legal actions of ``features(tensor) @ weights + bias``.

    Args:
        n_features: the length of the game's observation tensor (``game.observation_tensor_shape[0]``).
        n_actions: the size of its action space (``game.num_distinct_actions``).
        seed: seeds the generator that breaks ties when the policy plays its best move (so an untrained
            policy, all weights 0, plays like the random bot).
        name: shown in a widget's seat list as ``"agent <name>"``.

    Attributes:
        weights: float64 array (n_features, n_actions), starts at 0.
        bias: float64 array (n_actions,), starts at 0.

    Called with what a widget seat gives an agent (``{"observation", "action_mask", ...}``, see
    :func:`dragonwidgets.engine.spaces.agent_input`), it answers its best legal action index.
    """

    def __init__(self, n_features: int, n_actions: int, *, seed: int = 0, name: str = "linear"):
        self.weights = np.zeros((n_features, n_actions))
        self.bias = np.zeros(n_actions)
        self.name = name
        self._ties = np.random.default_rng(seed)

    @classmethod
    def for_game(cls, game: Any, **kwargs: Any) -> "LinearPolicy":
        """Return an untrained policy sized for ``game`` (a game object with the numeric face)."""
        return cls(game.observation_tensor_shape[0], game.num_distinct_actions, **kwargs)

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """Return the softmax probabilities (n_actions,) of each action given ``features`` ``x``; 0 where
        ``mask`` (bool or 0/1, n_actions) is false. Raises ``ValueError`` when no action is legal."""
        legal = np.asarray(mask, dtype=bool)
        if not legal.any():
            raise ValueError("no legal action: the seat does not decide now")
        logits = np.where(legal, x @ self.weights + self.bias, -np.inf)
        p = np.exp(logits - logits.max())
        return p / p.sum()

    def best(self, x: np.ndarray, mask: np.ndarray, rng: np.random.Generator | None = None) -> int:
        """Return the legal action index of highest probability; ties are broken at random by ``rng``
        (default: the policy's own generator)."""
        p = self.probabilities(x, mask)
        top = np.flatnonzero(p == p.max())
        return int(top[0] if len(top) == 1 else (rng or self._ties).choice(top))

    def __call__(self, seen: dict[str, Any]) -> int:
        """Return the best legal action index for a widget seat given ``seen`` (its ``"observation"``
        tensor and ``"action_mask"``)."""
        return self.best(features(seen["observation"]), seen["action_mask"])

    def update(self, decisions: list[Decision], advantage: float, learning_rate: float) -> None:
        """Move the weights along the REINFORCE gradient of one game: for each decision,
        ``learning_rate * advantage * x ⊗ (onehot(action) - probabilities)``."""
        for d in decisions:
            step = -d.probabilities
            step[d.action] += 1.0
            step *= learning_rate * advantage
            self.weights += np.outer(d.features, step)
            self.bias += step


def _opponent(game_name: str, opponent: Any) -> Any:
    return make_bot(game_name, opponent) if isinstance(opponent, str) else opponent


def play_game(policy: LinearPolicy, opponent: Any = "random", *, seat: int = 0, seed: int = 0,
              explore: bool = False, game: str = "emerald", players: int = 2) -> tuple[float, list[Decision]]:
    """Play one game: ``policy`` on ``seat``, the bot ``opponent`` (a bot name of ``game`` or a bot object)
    on every other seat; chance comes from the game's generator, seeded by ``seed``.

    With ``explore`` the policy samples its moves from its probabilities (training, generator seeded by
    ``seed``); otherwise it plays its best move. Decisions with a single legal action are not recorded.

    Returns:
        ``(reward, decisions)``: ``game.returns()[seat]`` (1.0 a win, 1/k a win shared by k, 0.0 a loss)
        and the policy's recorded decisions, in order.

    Raises:
        ValueError: ``seat`` is not a seat, or ``opponent`` is not a bot of ``game``.
    """
    g = new_game(game, players=players, seed=seed)
    if not 0 <= seat < g.players:
        raise ValueError(f"seat must be in 0..{g.players - 1}, got {seat!r}")
    bot, bot_rng, rng = _opponent(game, opponent), random.Random(seed), np.random.default_rng(seed)
    decisions: list[Decision] = []
    while not g.is_over:  # chance is drawn inside apply (the game's "auto" chance)
        if g.current_player != seat:
            g.apply(bot_move(g, bot, bot_rng))
        else:
            mask = g.legal_action_mask()
            legal = np.flatnonzero(mask)
            if len(legal) == 1:
                g.apply_index(int(legal[0]))
                continue
            x = features(g.observation_tensor(seat))
            if explore:
                p = policy.probabilities(x, mask)
                action = int(rng.choice(len(p), p=p))
                decisions.append(Decision(x, p, action))
            else:
                action = policy.best(x, mask, rng)
            g.apply_index(action)
    return g.returns()[seat], decisions


@dataclass
class Training:
    """What :func:`train` keeps between calls: the running average reward (the REINFORCE baseline) and
    each game's reward, so that training can go on in several calls with fresh seeds."""

    baseline: float = 0.5
    rewards: list[float] = field(default_factory=list)

    @property
    def games(self) -> int:
        """The number of games played (one reward each)."""
        return len(self.rewards)


def train(policy: LinearPolicy, opponent: Any = "random", *, games: int, seed: int = 0,
          learning_rate: float = 0.01, training: Training | None = None, game: str = "emerald",
          players: int = 2, on_game: Callable[[int, float], None] | None = None) -> Training:
    """Train ``policy`` by REINFORCE in ``games`` games against ``opponent``, changing its weights in place.

    Game ``i`` of the whole training (counted on in ``training``) has seed ``seed + i``, puts the policy on
    seat ``i % players`` (so it learns every seat) and samples its moves; then every decision of the game
    moves the weights by ``learning_rate * (reward - baseline)``, the baseline being the running average
    reward (it moves 5 % of the way to each new reward). ``on_game(i, reward)`` is called after each game.

    Returns:
        the ``Training`` given (or a new one), its ``games`` and ``rewards`` (one per game) extended.

    Raises:
        ValueError: ``games`` is negative or ``learning_rate`` not positive.
    """
    if games < 0 or learning_rate <= 0:
        raise ValueError(f"games must be >= 0 and learning_rate > 0, got {games!r} and {learning_rate!r}")
    t = training or Training()
    for _ in range(games):
        i = t.games
        reward, decisions = play_game(policy, opponent, seat=i % players, seed=seed + i, explore=True,
                                      game=game, players=players)
        policy.update(decisions, reward - t.baseline, learning_rate)
        t.baseline += 0.05 * (reward - t.baseline)
        t.rewards.append(reward)
        if on_game:
            on_game(i, reward)
    return t


def evaluate(policy: LinearPolicy, opponent: Any = "random", *, games: int, seed: int = 0,
             game: str = "emerald", players: int = 2) -> np.ndarray:
    """Return the policy's rewards (float array (games,): 1.0 a win, 1/k a shared win, 0.0 a loss) in
    ``games`` games against ``opponent``, playing its best moves; game ``i`` has seed ``seed + i`` and puts
    the policy on seat ``i % players``. The weights do not change."""
    return np.array([play_game(policy, opponent, seat=i % players, seed=seed + i, game=game, players=players)[0]
                     for i in range(games)])


__all__ = ["features", "Decision", "LinearPolicy", "play_game", "Training", "train", "evaluate"]
