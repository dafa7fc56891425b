"""The rollout policy: the bot that plays every seat from the analysed decision to the end.

An analysis's values are win chances *when every seat then plays as this bot plays*, so the policy is
named in every :class:`~dragonwidgets.analysis.Analysis`. Any bot a game offers can be named
(``dragonwidgets.bot_names(game)``); the default is each game's own strongest cheap bot
(:data:`DEFAULT_POLICIES`): Emerald's, Drachenland's and La Chasse au Dragon's ``"greedy"``, Draghan's
``"planner"``. They decide from each seat's ``observation()`` only, like every bot, so a rollout shows no
seat more than it may see. ``"random"`` reads no view; it values an action as if everybody then played at
random, which misjudges most decisions (and in Drachenland it is dearer, as random games last about 13 times
as many steps).

Some game bots have a faster twin here (:data:`FASTER_TWINS`, :mod:`.twins`) that makes exactly the same
choices for the same view and rng, and is what the analysis plays under the bot's name (``tests/analysis/``
checks the choices, and the values behind them float for float, at every decision of whole games, and that a
redeal of what the seat cannot see changes neither). The greedy twins of Emerald, La Chasse au Dragon and
Drachenland value their actions from the table itself, reading only what the seat's observation shows, with
what depends on the board alone (the dragon's landing odds, a square's rank as a target, a walk's stones)
kept between decisions. Per whole-game rollout (``benchmarks/bench_analysis.py --parts cost``, one run):
Emerald 8.9 ms with the bot reading ``observation()``, 2.7 ms with the twin; Drachenland 46.3 and 12.3 ms;
La Chasse au Dragon 52.6 and 6.0 ms.
Draghan's planner keeps the fight plans it has searched; one planner serves every seat and rollout
(:data:`SHARED`), so the search of a table is not made again by each seat and in each rollout (20.7 ms per
rollout with a planner per seat, 10.3 ms shared).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from ..engine.registry import bot_names, make_bot

__all__ = ["DEFAULT_POLICIES", "FASTER_TWINS", "SHARED", "make_policy", "policy_name"]

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


#: (game, bot name) -> ``"module:Class"`` of :mod:`.twins`, a class choosing exactly as that bot does,
#: faster: what rollouts play under the bot's name (imported when first used, so ``import dragonwidgets``
#: loads no game)
FASTER_TWINS: dict[tuple[str, str], str] = {
    ("chasse_au_dragon", "greedy"): "chasse_au_dragon:ChasseGreedyPolicy",
    ("emerald", "greedy"): "emerald:EmeraldGreedyPolicy",
    ("drachenland", "greedy"): "drachenland:DrachenlandGreedyPolicy",
}
#: the bots whose only state is a memo of a pure function of the table (Draghan's planner keeps the fight
#: plans it searched, keyed by everything the search and its ranking read): one instance serves every seat
#: and every rollout of a process, so a table searched once is not searched again
SHARED: frozenset[tuple[str, str]] = frozenset({("draghan", "planner")})
_shared_bots: dict[tuple[str, str], Any] = {}


def make_policy(game: str, policy: str, players: int) -> list[Any]:
    """Return the bots, one per seat, all playing ``policy`` (a bot name of ``game``): fresh ones (its faster
    twin in :data:`FASTER_TWINS` when it has one), or the one instance of this process for a bot in
    :data:`SHARED`."""
    if (game, policy) in SHARED:
        bot = _shared_bots.get((game, policy))
        if bot is None:
            bot = _shared_bots[game, policy] = make_bot(game, policy)
        return [bot] * players
    twin = FASTER_TWINS.get((game, policy))
    if twin is not None:
        module, name = twin.split(":")
        cls = getattr(import_module(f".twins.{module}", __package__), name)
        return [cls() for _ in range(players)]
    return [make_bot(game, policy) for _ in range(players)]
