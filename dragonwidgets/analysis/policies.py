"""The rollout policy: the bot that plays every seat from the analysed decision to the end.

An analysis's values are win chances *when every seat then plays as this bot plays*, so the policy is
named in every :class:`~dragonwidgets.analysis.Analysis`. Any bot a game offers can be named
(``dragonwidgets.bot_names(game)``); the default is each game's own strongest cheap bot
(:data:`DEFAULT_POLICIES`): Emerald's, Drachenland's and La Chasse au Dragon's ``"greedy"``, Draghan's
``"planner"``. They read each seat's ``observation()`` only, like every bot, so a rollout shows no seat
more than it may see. ``"random"`` is the cheap alternative (it reads no view): 4 to 10 times faster per
rollout, but it values an action as if everybody then played at random, which misjudges most decisions.
"""

from __future__ import annotations

from typing import Any

from ..engine.registry import bot_names, make_bot

__all__ = ["DEFAULT_POLICIES", "make_policy", "policy_name"]

#: game name -> the default rollout policy (a bot name of that game)
DEFAULT_POLICIES: dict[str, str] = {
    "emerald": "greedy",
    "drachenland": "greedy",
    "chasse_au_dragon": "greedy",
    "draghan": "planner",
}


def policy_name(game: str, policy: str | None) -> str:
    """Return the rollout policy to use for ``game``: ``policy`` checked, or the game's default.

    Args:
        game: a game name (``"emerald"``...).
        policy: a bot name of that game, or ``None`` for :data:`DEFAULT_POLICIES` (``"random"`` for a game
            not listed there).

    Raises:
        ValueError: ``policy`` is not a ``str`` naming one of the game's bots (the message lists them).
    """
    if policy is None:
        return DEFAULT_POLICIES.get(game, "random")
    names = bot_names(game)
    if not isinstance(policy, str) or policy not in names:
        raise ValueError(f"policy must be None or one of {game}'s bots {names}, got {policy!r}")
    return policy


def make_policy(game: str, policy: str, players: int) -> list[Any]:
    """Return fresh bots, one per seat, all playing ``policy`` (a bot name of ``game``)."""
    return [make_bot(game, policy) for _ in range(players)]
