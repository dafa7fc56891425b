"""Bots choose among legal actions from their seat's observation only.

A bot is any object with ``choose(view, legal_actions, rng) -> Action``: ``view`` is
``game.observation(seat)`` (never the full table), ``legal_actions`` the game's legal actions and
``rng`` a :class:`random.Random` the caller seeds, so a bot is deterministic given its rng.
A bot that never reads its view sets ``needs_view = False`` and is given ``{}``: building an
observation is the costliest part of a random game. A search bot sets ``needs_search = True`` and is
also given ``determinize``, a callable ``rng -> Game`` bound to its seat that returns a fresh search
copy in which everything the seat cannot see is redealt (:meth:`Game.determinize`: a fresh seed, no true
start position or past), never the true game. Bots are plain picklable objects (:func:`dragonwidgets.simulate`
sends them to other processes).
"""

from __future__ import annotations

import random
from typing import Any, Callable, Protocol, cast

from .actions import CHANCE, Action


class Bot(Protocol):
    def choose(self, view: dict[str, Any], legal_actions: list[Action], rng: random.Random) -> Action: ...


class SearchBot(Protocol):
    """A bot with ``needs_search = True``: :func:`bot_move` also gives it ``determinize(rng)``, which returns a
    search copy of the game seen from the seat to move, its hidden things redealt."""

    def choose(self, view: dict[str, Any], legal_actions: list[Action], rng: random.Random,
               determinize: Callable[[random.Random], Any]) -> Action: ...


class RandomBot:
    """Choose uniformly among the legal actions."""

    name = "random"
    needs_view = False

    def choose(self, view: dict[str, Any], legal_actions: list[Action], rng: random.Random) -> Action:
        return legal_actions[rng.randrange(len(legal_actions))]


def bot_move(game, bot: Bot, rng: random.Random) -> Action:
    """Ask ``bot`` for the decision of the seat to move, showing it that seat's observation only.

    A bot with ``needs_search = True`` is called as ``bot.choose(view, legal, rng,
    determinize=...)``, where ``determinize(rng)`` returns a search copy seen from the seat to move, its
    hidden things redealt: the ``game.determinize(seat, rng)`` it would get from the true game. The callable
    does not hold the true game (issue 27 item 3): it holds one determinized copy and redeals that, which
    gives the same copies since a copy depends only on what the seat sees and on ``rng``.

    Raises:
        ValueError: the game is over or at a chance node (no seat decides).
        NotImplementedError: a search bot, and the game cannot redeal what a seat cannot see.
    """
    seat = game.current_player
    if seat is None or seat == CHANCE:
        raise ValueError("no seat decides now: the game is over or at a chance node")
    view = game.observation(seat) if getattr(bot, "needs_view", True) else {}
    if getattr(bot, "needs_search", False):
        known = game.determinize(seat, random.Random(0))  # what the seat may know, and nothing more

        def determinize(rng: random.Random):
            return known.determinize(seat, rng)

        return cast(SearchBot, bot).choose(view, game.legal_actions(), rng, determinize=determinize)
    return bot.choose(view, game.legal_actions(), rng)


def play_out(game, bots: list[Bot], rng: random.Random, max_steps: int = 100_000):
    """Play ``game`` to the end with one bot per seat; chance is drawn from the game's generator.

    Returns the game. Raises ``RuntimeError`` if it has not ended after ``max_steps`` entries
    (a safety net for a broken game, never a rule).
    """
    while not game.is_over:
        if game.step >= max_steps:
            raise RuntimeError(f"{game.name} has not ended after {max_steps} steps")
        if game.is_chance_node:
            game.resolve_chance()
        else:
            game.apply(bot_move(game, bots[game.current_player], rng))
    return game
