"""Drachenland's faster twin of the ``"greedy"`` bot (:mod:`dragonwidgets.analysis.twins`)."""

from __future__ import annotations

import random
from typing import Any

from ...engine.actions import Action
from ...games.drachenland.board import COLOURS, GEM_OF, Board
from ...games.drachenland.bots import ENTER_BONUS, MARCH_COST, REROLL_BELOW, TOKEN_VALUE, GreedyBot, potential
from ...games.drachenland.movement import MARCH_STEPS, near_mask, reach_by_mask, remember, volcano_mask
from ...games.drachenland.state import HELD_TOKENS

__all__ = ["DrachenlandGreedyPolicy"]

ITEMS = ("egg", "ruby", "emerald", "sapphire", "diamond")  # a hoard as a tuple of counts, in this order
_INDEX = {item: i for i, item in enumerate(ITEMS)}
POTENTIAL_CACHE_SIZE = 20_000  # hoards kept (a rollout meets a few hundred; the cache starts afresh when full)
_potentials: dict[tuple[tuple[int, ...], frozenset[str]], float] = {}


def cached_potential(hoard: tuple[int, ...], rings: frozenset[str]) -> float:
    """Return :func:`~dragonwidgets.games.drachenland.bots.potential` of ``hoard`` (counts in :data:`ITEMS`
    order) with ``rings``, kept by value across decisions and games (it is a pure function of both)."""
    key = (hoard, rings)
    value = _potentials.get(key)
    if value is None:
        if len(_potentials) >= POTENTIAL_CACHE_SIZE:
            _potentials.clear()
        value = _potentials[key] = potential(dict(zip(ITEMS, hoard)), set(rings))
    return value


def _plus(hoard: tuple[int, ...], item: str, n: int) -> tuple[int, ...]:
    i = _INDEX[item]
    return hoard[:i] + (hoard[i] + n,) + hoard[i + 1:]


class _Decision:
    """What the bot reads of one view, worked out once for that view; the answers it gave, per argument."""

    __slots__ = ("view", "seat", "hoard", "rings", "step", "colour", "volcanoes", "_occupied", "_face_down",
                 "node_values", "best_with_die", "walks")

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.seat = seat = view["viewer"]
        hoard = view["hoards"][seat] or {}
        self.hoard = tuple(hoard.get(item, 0) for item in ITEMS)
        self.rings = frozenset(view["rings"][seat])
        self.step = view.get("action") or {}
        self.colour: Any = self.step.get("adventurer")
        self.volcanoes: dict[str, dict[str, Any]] = view["volcanoes"]
        self._occupied: set[str] | None = None
        self._face_down: int | None = None
        self.node_values: dict[tuple[Any, Any], float] = {}  # (colour, node) -> GreedyBot._node_value
        self.best_with_die: dict[tuple[str, int], float] = {}  # (colour, die) -> GreedyBot._best_with_die
        # march_only -> GreedyBot._marches's die steps, walk and occupied stones (DrachenlandGreedyPolicy._walk)
        self.walks: dict[bool, tuple[int, dict[str, tuple[int, str | None]], set[str]]] = {}

    def occupied(self) -> set[str]:
        if self._occupied is None:
            volcanoes = self.volcanoes
            self._occupied = {n for p in self.view["adventurers"] for n in p.values() if n and n not in volcanoes}
        return self._occupied

    def face_down(self, board: Board) -> int:
        """The face-down volcanoes, as a :func:`~dragonwidgets.games.drachenland.movement.volcano_mask` of ``board``."""
        if self._face_down is None:
            self._face_down = volcano_mask(board, [v for v, x in self.volcanoes.items() if x["face_down"]])
        return self._face_down


class DrachenlandGreedyPolicy(GreedyBot):
    """Drachenland's ``"greedy"`` bot, each answer it works out for a view worked out once for that view.

    The bot values each legal action on its own, and so worked the same things out again for each: the
    best volcano an adventurer could reach with a die, the value of a volcano for an adventurer, the walk
    from an adventurer's space, the score of the same hoard. This twin keeps, for the view it was worked out
    for, each volcano's value per (adventurer, space), each adventurer's best with each die, the walks.
    The walks come from the board's cache of walks
    (:func:`~dragonwidgets.games.drachenland.movement.reach_by_mask`: the same spaces at the same distances),
    and the hoards' worths from a cache keyed by the hoard's counts and rings (:func:`cached_potential`),
    both kept by value across decisions and games. The arithmetic is the bot's, in the bot's order: same
    view, same legal actions and same rng, the same choice (DL-SCORE, DL-RING-5, DL-MOVE, DL-INT-12 as
    the bot reads them).
    """

    def __init__(self, board: Board | None = None) -> None:
        super().__init__(board)
        self._volcano_set = self.board.volcano_set
        self._decision: _Decision | None = None

    def choose(self, view: dict[str, Any], legal_actions: list[Action], rng: random.Random) -> Action:
        """Return the greedy bot's choice among ``legal_actions`` for ``view`` (ties broken by ``rng``):
        ``GreedyBot.choose``, each action valued from one :class:`_Decision` of the view."""
        if view.get("volcanoes", {}).keys() != self._volcano_set:
            return legal_actions[rng.randrange(len(legal_actions))]  # another board: no plan, play at random
        d, value = _Decision(view), self._value_in
        values = [(value(d, a) + rng.random() * 1e-6, i) for i, a in enumerate(legal_actions)]
        return legal_actions[max(values)[1]]

    def _for(self, view: dict[str, Any]) -> _Decision:
        """The :class:`_Decision` of ``view`` (the last one asked about is kept, for :meth:`_value`: a view is
        never changed while it is asked about; a changed copy is another dict)."""
        decision = self._decision
        if decision is None or decision.view is not view:
            decision = self._decision = _Decision(view)
        return decision

    # ------------------------------------------------------------------ valuing one action (GreedyBot._value)
    def _value(self, view: dict[str, Any], action: Action) -> float:
        """GreedyBot._value: what ``action`` is worth to the seat of ``view``."""
        return self._value_in(self._for(view), action)

    def _value_in(self, d: _Decision, action: Action) -> float:
        kind = action.kind
        words = action.id.split()
        colour = d.colour
        if kind == "walk" or kind == "march":  # the most frequent first: the kinds are disjoint
            node = words[1]
            die, spaces, occupied = self._walk(d, kind == "march")
            # GreedyBot._marches: the distance to an end space (any volcano, a free stone), else 0
            reached = spaces.get(node)
            dist = reached[0] if reached is not None and (node in self._volcano_set or node not in occupied) else 0
            extra = MARCH_COST * max(0, -(-(dist - die) // MARCH_STEPS))
            value = d.node_values.get((colour, node))
            return (self._node(d, colour, node) if value is None else value) - extra
        view = d.view
        if kind == "fate":
            low = sum(view["dice"]) < REROLL_BELOW and 4 not in view["dice"]
            return 1.0 if (words[0] == "reroll") == low else 0.0
        if kind == "choose_die":
            return max(self._best(d, c, int(words[1])) for c in COLOURS)
        if kind == "choose_adventurer":
            if view["turn"] == 0:
                return 0.0
            die = view["dice"][view["chosen_die"]]
            return self._best(d, words[1], die) + (ENTER_BONUS if words[0] == "enter" else 0)
        if kind == "end_turn":
            return -1.0
        if kind in ("fly", "boat"):
            return self._node(d, colour, words[1]) - (0.5 if words[-1] == "baby" else 0.0)
        if kind == "call":
            return 0.2 - (0.5 if words[-1] == "baby" else 0.0)
        if kind == "end_movement":
            return self._node(d, colour, d.step.get("at"))
        if kind == "take":
            volcano = d.volcanoes[d.step["at"]]
            if words[1] == "ring":
                return _ring_value(d.hoard, d.rings, colour)
            return _take_value(d.hoard, d.rings, volcano, colour, words[1])
        if kind == "magic_hand":
            return 0.5
        return 0.0  # skip, done

    def _node(self, d: _Decision, colour: Any, node: str | None) -> float:
        """GreedyBot._node_value for the view's hoard and rings, kept per (colour, node)."""
        key = (colour, node)
        value = d.node_values.get(key)
        if value is None:
            vol = d.volcanoes.get(node or "")
            if vol is None:
                value = 0.0
            else:
                best = max(_take_value(d.hoard, d.rings, vol, colour, w) for w in ("gems", "diamond", "egg"))
                if vol["ring"] and colour not in d.rings:
                    best = max(best, _ring_value(d.hoard, d.rings, colour))
                value = best + (0.5 if vol["face_down"] else 0.0)
            d.node_values[key] = value
        return value

    def _best(self, d: _Decision, colour: str, die: int) -> float:
        """GreedyBot._best_with_die, kept per (colour, die)."""
        key = (colour, die)
        value = d.best_with_die.get(key)
        if value is None:
            value = d.best_with_die[key] = self._best_uncached(d, colour, die)
        return value

    def _best_uncached(self, d: _Decision, colour: str, die: int) -> float:
        if colour in d.view["used"]:
            return -1.0
        here = d.view["adventurers"][d.seat][colour]
        volcanoes, stones = self._ends(d, here, die)
        known, node = d.node_values, self._node
        values = [known[colour, v] if (colour, v) in known else node(d, colour, v) for v in volcanoes]
        if not d.occupied().issuperset(stones):
            values.append(0.0)  # a free stone: the bot's value of a space that is no volcano
        if here is None:
            return max(values, default=-1.0)
        return max(values + [self._node(d, colour, here)])

    def _ends(self, d: _Decision, here: str | None, allowance: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The volcanoes and the stones of :meth:`_reach` (a walk may end on any volcano, and on a free stone).

        Kept in ``board.cache`` (:func:`~dragonwidgets.games.drachenland.movement.remember`) by start, allowance
        and face-down volcanoes near the start, as the walk itself is: a pure function of these on that board.
        """
        board = self.board
        near = near_mask(board, here, allowance) & d.face_down(board)
        key = ("greedy twin ends", here, allowance, near)
        hit = board.cache.get(key)
        if hit is None:
            spaces = reach_by_mask(board, here, allowance, near)
            hit = remember(board, key, (tuple(n for n in spaces if n in board.volcano_set),
                                        tuple(n for n in spaces if n not in board.volcano_set)))
        return hit

    def _walk(self, d: _Decision, march_only: bool) -> tuple[int, dict[str, tuple[int, str | None]], set[str]]:
        """What GreedyBot._marches reads, worked out once per view and kind of walk: the die steps, the spaces
        a walk on the die and every forced march passes or ends on (with their distances), the occupied stones."""
        walk = d.walks.get(march_only)
        if walk is None:
            step = d.step
            die = 0 if (march_only or step["die_spent"]) else step["die_value"]
            here = d.view["adventurers"][d.seat][step["adventurer"]]
            allowance = die + MARCH_STEPS * d.view["tokens"][d.seat]["forced_march"]
            walk = d.walks[march_only] = (die, self._reach(d, here, allowance), d.occupied())
        return walk

    def _reach(self, d: _Decision, here: str | None, allowance: int) -> dict[str, tuple[int, str | None]]:
        """The spaces a walk of 1..``allowance`` from ``here`` (None: entering) passes or ends on, with their
        distances: the bot's ``reach``/``entry_reach`` on the view's face-down volcanoes, from the board's cache."""
        board = self.board
        return reach_by_mask(board, here, allowance, near_mask(board, here, allowance) & d.face_down(board))


def _take_value(hoard: tuple[int, ...], rings: frozenset[str], volcano: dict[str, Any], colour: str,
                what: str) -> float:
    """:func:`~dragonwidgets.games.drachenland.bots.take_value` of a hoard given as counts (:data:`ITEMS`)."""
    if what == "gems":
        gem = GEM_OF[colour]
        if not volcano["gems"][gem]:
            return 0.0
        new = _plus(hoard, gem, volcano["gems"][gem])
    elif what == "diamond":
        if not volcano["gems"]["diamond"]:
            return 0.0
        new = _plus(hoard, "diamond", 1)
    else:
        if not volcano["eggs"]:
            return 0.0
        new = _plus(hoard, "egg", 1)
    bonus = TOKEN_VALUE if what == "egg" and volcano["token"] in HELD_TOKENS else 0.0
    return cached_potential(new, rings) - cached_potential(hoard, rings) + bonus


def _ring_value(hoard: tuple[int, ...], rings: frozenset[str], colour: str) -> float:
    """:func:`~dragonwidgets.games.drachenland.bots.ring_value` of a hoard given as counts (:data:`ITEMS`)."""
    return cached_potential(hoard, rings | {colour}) - cached_potential(hoard, rings) + 1.0
