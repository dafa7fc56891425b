"""Rollouts: a redeal of what the seat cannot see, an action, then the policy to the end of the game.

:func:`play_rollouts` is the task an executor runs (a top-level function of picklable arguments, like
:func:`dragonwidgets.simulation.play.play_batch`). Rollout ``k`` of an analysis with seed ``s`` redeals
with ``random.Random(rollout_key(s, k))`` and lets the bots draw from ``random.Random(rollout_key(s, k) + 1)``;
the redeal gives the copy a fresh seed, from which its dice and draws follow by step. Every action of rollout
``k`` thus meets the same deal, the same chance stream and the same bot draws (common random numbers), and
the results do not depend on the executor or on how rollouts are split into tasks.
"""

from __future__ import annotations

import random

from ..engine.actions import CHANCE
from ..engine.bots import bot_move
from ..engine.game import Game
from .policies import make_policy

__all__ = ["KNOWLEDGE", "MAX_STEPS", "play_rollouts", "redeal", "rollout_key"]

#: what an analysis may know: only the seat's view, or the whole table (a teacher's view)
KNOWLEDGE = ("seat", "table")
#: a rollout that has not ended after this many steps raises (a broken game, never a rule)
MAX_STEPS = 100_000


def rollout_key(seed: int, k: int) -> int:
    """Return the integer the redeal of rollout ``k`` of an analysis seeded ``seed`` is drawn from."""
    return (seed << 34) + (k << 1)


def redeal(known: Game, seat: int, key: int, knowledge: str) -> Game:
    """Return a search copy of ``known`` to play rollout ``key`` from.

    ``knowledge="seat"``: ``known`` holds only what ``seat`` may know (a :meth:`~Game.determinize` copy);
    everything hidden from the seat is redealt and the seed (so every later die) is fresh. ``"table"``: the
    table as it is, with a fresh seed only (future dice and draws not known to anybody). Either way the copy
    draws its chance automatically (``chance="auto"``), so the analysis of a table does not depend on whether
    a teacher picks its dice (``"manual"``).
    """
    rng = random.Random(key)
    if knowledge == "seat":
        twin = known.determinize(seat, rng)
    else:
        twin = known.clone(history=False)
        twin.seed = rng.getrandbits(32)
        twin._chance_offset = 0
        twin._legal_cache = None
    twin.chance_mode = "auto"  # chance drawn as it falls due, whether the table's teacher picks it or not
    return twin


def play_to_end(game: Game, bots: list, rng: random.Random) -> Game:
    """Play ``game`` (a search copy, chance ``"auto"``) to its end with one bot per seat; return it.

    A decision with one legal action is taken without asking the bot (no observation is built for it). A bot
    with ``choose_in`` (a twin of :mod:`.twins` that reads a cheap view of the seat's observation) is asked
    with ``bot.choose_in(game, seat, legal, rng)``; any other through :func:`~dragonwidgets.engine.bots.bot_move`
    (``game.observation(seat)``).

    Raises:
        RuntimeError: the game has not ended after :data:`MAX_STEPS` steps.
    """
    steps = 0
    while not game.is_over:
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"a rollout of {game.name} has not ended after {MAX_STEPS} steps")
        to_move = game.current_player
        if to_move == CHANCE or to_move is None:
            game.resolve_chance()
            continue
        legal = game.legal_actions()
        if len(legal) == 1:
            game.apply(legal[0])
            continue
        bot = bots[to_move]
        choose_in = getattr(bot, "choose_in", None)
        game.apply(choose_in(game, to_move, legal, rng) if choose_in is not None else bot_move(game, bot, rng))
    return game


def play_rollouts(known: Game, seat: int, actions: list[str], keys: list[int], policy: str,
                  knowledge: str = "seat") -> tuple[list[list[float]], list[list[float]]]:
    """Play one rollout per (key, action) and return the seat's returns and scores.

    Args:
        known: what the analysis may know (a determinized copy for ``knowledge="seat"``, the table for
            ``"table"``), at the decision of ``seat``.
        seat: the seat whose action is analysed and whose results are counted.
        actions: the action ids to try (legal for ``seat`` in ``known``).
        keys: one :func:`rollout_key` per rollout; each serves every action (common random numbers).
        policy: the bot name every seat plays in the rollouts.
        knowledge: ``"seat"`` or ``"table"`` (see :func:`redeal`).

    Returns:
        ``(returns, scores)``, each a list over ``keys`` of lists over ``actions``: the seat's
        ``game.returns()[seat]`` (in ``[0, 1]``) and ``game.scores()[seat]`` at the end.

    Raises:
        IllegalActionError: an action is not legal in a redeal (a game whose legal actions depend on what the
            deciding seat cannot see).
        RuntimeError: a rollout did not end (see :func:`play_to_end`).
    """
    returns: list[list[float]] = []
    scores: list[list[float]] = []
    for key in keys:
        deal = redeal(known, seat, key, knowledge)
        row_returns, row_scores = [], []
        for action in actions:
            game = deal.clone(history=False)
            game.apply(action)
            play_to_end(game, make_policy(game.name, policy, game.players), random.Random(key + 1))
            row_returns.append(float(game.returns()[seat]))
            row_scores.append(float(game.scores()[seat]))
        returns.append(row_returns)
        scores.append(row_scores)
    return returns, scores
