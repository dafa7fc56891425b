"""Monte Carlo tree search for any game of the engine, hidden information included.

:class:`MCTSBot` is *open-loop, single-observer information-set* MCTS (Cowling, Powley & Whitehouse,
"Information Set Monte Carlo Tree Search", 2012) with UCT selection (Kocsis & Szepesvári, 2006):

- every iteration searches a fresh **determinization**: ``determinize(rng)`` returns a search copy
  of the game in which everything the bot's seat cannot see has been redealt and the seed replaced
  (:meth:`Game.determinize`), so the bot never reads hidden state and the dice of the search are not
  the true future dice;
- the tree is keyed by the sequence of the seats' action ids from the current state (*open loop*):
  chance is drawn inside ``apply`` on the copy, so one node stands for every die roll and every
  redeal that lead there. A child's statistics hold one total reward per seat; at a node the seat to
  move in the current determinization picks by its own component;
- selection uses UCB1 with *availability counts*: an action's exploration term uses how often it
  was legal when its parent was visited, not the parent's visits, since an action is not legal in
  every determinization;
- one new node per iteration, then a **random rollout** of at most ``rollout_depth`` decisions and a
  cheap evaluation (:func:`evaluate`);
- the move played is the root's most visited legal action.

The search is deterministic given the ``rng`` it is handed (its budget in ``iterations``); a budget in
``seconds`` depends on the machine's speed, so it is not.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable

from .actions import Action

#: UCB1's exploration constant for rewards in [0, 1]: 1/sqrt(2), the value of Kocsis & Szepesvári's
#: analysis; larger explores more, smaller exploits the best mean sooner.
EXPLORATION = 1 / math.sqrt(2)


def evaluate(game) -> list[float]:
    """Return one reward in ``[0, 1]`` per seat for ``game``, finished or not.

    - finished: the winners share 1 (``1 / len(winners)`` each, the others 0); in a cooperative game
      (the class attribute ``cooperative`` is true) every seat gets 1 when the team won, else 0;
    - unfinished (a rollout cut off): seats are ranked by :meth:`Game.scores`; a seat gets the share of
      the other seats it leads, a tie counting half (``1`` for a lone leader, ``0`` for the last,
      ``0.5`` for all when everybody ties). A cooperative game's unfinished position is worth 0.5.
    """
    n = game.players
    if game.is_over:
        winners = game.winners()
        if getattr(game, "cooperative", False):
            return [1.0 if winners else 0.0] * n
        reward = [0.0] * n
        for w in winners:
            reward[w] = 1.0 / len(winners)
        return reward
    if getattr(game, "cooperative", False) or n == 1:
        return [0.5] * n
    scores = game.scores()
    values = [scores[p] for p in range(n)]
    return [
        (sum(1.0 if v < mine else 0.5 if v == mine else 0.0 for v in values) - 0.5) / (n - 1)
        for mine in values
    ]


class _Node:
    """Statistics of an action sequence: visits, availability, and the total reward of each seat."""

    __slots__ = ("children", "visits", "avail", "total")

    def __init__(self, players: int):
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = [0.0] * players


class MCTSBot:
    """Information-set Monte Carlo tree search, for every game (see the module docstring).

    The defaults (100 iterations, rollouts of 20 decisions) take a few tenths of a second per decision
    with a choice on one core, and beat the random bot in about nine Emerald games out of ten.

    Args:
        iterations: determinizations searched per decision (the budget when ``seconds`` is ``None``).
        seconds: a time budget per decision instead (at least one iteration runs); not reproducible.
        rollout_depth: decisions of random play after the new node before the position is evaluated
            by :func:`evaluate` (scores ranked); ``0`` evaluates the new node at once.
        exploration: UCB1's constant ``c`` in ``mean + c * sqrt(ln(available) / visits)``
            (default :data:`EXPLORATION`).

    Raises:
        ValueError: a budget or depth that is not a positive int / number (``rollout_depth`` may be 0).

    It is called by :func:`dragonwidgets.engine.bot_move` as ``choose(view, legal, rng,
    determinize=...)`` (``needs_search``), where ``determinize(rng)`` returns a determinized search copy
    for the bot's seat, never the true game. With a single legal action it answers without searching.
    """

    name = "mcts"
    needs_view = False
    needs_search = True

    def __init__(
        self,
        iterations: int = 100,
        seconds: float | None = None,
        rollout_depth: int = 20,
        exploration: float = EXPLORATION,
    ):
        if not isinstance(iterations, int) or isinstance(iterations, bool) or iterations < 1:
            raise ValueError(f"iterations must be a positive int, got {iterations!r}")
        if seconds is not None and not (isinstance(seconds, (int, float)) and seconds > 0):
            raise ValueError(f"seconds must be a positive number or None, got {seconds!r}")
        if not isinstance(rollout_depth, int) or isinstance(rollout_depth, bool) or rollout_depth < 0:
            raise ValueError(f"rollout_depth must be a non-negative int, got {rollout_depth!r}")
        if not isinstance(exploration, (int, float)) or exploration < 0:
            raise ValueError(f"exploration must be a non-negative number, got {exploration!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.rollout_depth = rollout_depth
        self.exploration = float(exploration)

    def __repr__(self) -> str:
        budget = f"seconds={self.seconds}" if self.seconds is not None else f"iterations={self.iterations}"
        return f"MCTSBot({budget}, rollout_depth={self.rollout_depth}, exploration={self.exploration:.3f})"

    def choose(
        self,
        view: dict[str, Any],
        legal_actions: list[Action],
        rng: random.Random,
        determinize: Callable[[random.Random], Any] | None = None,
    ) -> Action:
        """Return one of ``legal_actions``: the root's most visited action after the search.

        Raises:
            ValueError: ``legal_actions`` is empty, or ``determinize`` is missing while there is a
                choice to make (the bot must be asked through ``bot_move``).
        """
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        if len(legal_actions) == 1:
            return legal_actions[0]
        if determinize is None:
            raise ValueError("MCTSBot searches determinized copies: call it through bot_move(), which passes determinize")
        root, seat = self._search(determinize, rng)
        best, best_key = legal_actions[0], None
        for a in legal_actions:  # most visits, then best mean for the seat to move, then legal order
            child = root.children.get(a.id)
            if child is None:
                continue
            key = (child.visits, child.total[seat] / child.visits)
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    def _search(self, determinize: Callable[[random.Random], Any], rng: random.Random) -> tuple[_Node, int]:
        """Run the search from the current state; return the root of the tree and the seat to move."""
        first = determinize(rng)
        seat = first.current_player
        root = _Node(first.players)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        game = first
        while True:
            self._iterate(root, game, rng)
            done += 1
            if deadline is None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            game = determinize(rng)
        return root, seat

    def _iterate(self, root: _Node, game, rng: random.Random) -> None:
        """One iteration on the determinization ``game`` (a search copy, changed in place)."""
        game.chance_mode = "auto"  # the search draws chance inside apply(), from the copy's own seed
        if game.is_chance_node:
            game.resolve_chance()
        c = self.exploration
        node, path = root, [root]
        while not game.is_over:  # selection, then expansion of one new node
            legal = game.legal_actions()
            children = node.children
            untried = []
            for a in legal:
                child = children.get(a.id)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                a = untried[rng.randrange(len(untried))]
                node = children[a.id] = _Node(game.players)
                node.avail = 1
                path.append(node)
                game.apply(a)
                break
            seat = game.current_player
            best, best_value = None, -math.inf
            for a in legal:
                child = children[a.id]
                value = child.total[seat] / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                if value > best_value:
                    best, best_value = a, value
            assert best is not None, "a decision node has legal actions"
            node = children[best.id]
            path.append(node)
            game.apply(best)
        for _ in range(self.rollout_depth):  # rollout: random play
            if game.is_over:
                break
            legal = game.legal_actions()
            game.apply(legal[rng.randrange(len(legal))])
        reward = evaluate(game)
        for n in path:  # backpropagation
            n.visits += 1
            total = n.total
            for p, r in enumerate(reward):
                total[p] += r
