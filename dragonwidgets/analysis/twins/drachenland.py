"""Drachenland's faster twin of the ``"greedy"`` bot (:mod:`dragonwidgets.analysis.twins`)."""

from __future__ import annotations

import random
from itertools import count
from typing import TYPE_CHECKING, Any

from ...engine.actions import Action
from ...games.drachenland.board import COLOURS, GEM_OF, Board
from ...games.drachenland.bots import ENTER_BONUS, MARCH_COST, REROLL_BELOW, TOKEN_VALUE, GreedyBot, potential
from ...games.drachenland.movement import MARCH_STEPS, near_mask, reach_by_mask, remember, volcano_mask
from ...games.drachenland.movement import occupied as occupied_stones
from ...games.drachenland.state import HELD_TOKENS

if TYPE_CHECKING:
    from ...games.drachenland.game import DrachenlandGame

__all__ = ["DrachenlandGreedyPolicy"]

ITEMS = ("egg", "ruby", "emerald", "sapphire", "diamond")  # a hoard as a tuple of counts, in this order
_INDEX = {item: i for i, item in enumerate(ITEMS)}
CACHE_SIZE = 20_000  # hoards kept (a rollout meets a few hundred; a cache starts afresh when full)
_potentials: dict[tuple[tuple[int, ...], frozenset[str]], float] = {}
_worths: dict[tuple[tuple[int, ...], frozenset[str]], _Worth] = {}
_WORDS: dict[str, list[str]] = {}  # action id -> its words (the ids are few: kept across decisions and games)


def cached_potential(hoard: tuple[int, ...], rings: frozenset[str]) -> float:
    """Return :func:`~dragonwidgets.games.drachenland.bots.potential` of ``hoard`` (counts in :data:`ITEMS`
    order) with ``rings``, kept by value across decisions and games (it is a pure function of both)."""
    key = (hoard, rings)
    value = _potentials.get(key)
    if value is None:
        if len(_potentials) >= CACHE_SIZE:
            _potentials.clear()
        value = _potentials[key] = potential(dict(zip(ITEMS, hoard)), set(rings))
    return value


def _plus(hoard: tuple[int, ...], item: str, n: int) -> tuple[int, ...]:
    i = _INDEX[item]
    return hoard[:i] + (hoard[i] + n,) + hoard[i + 1:]


class _Worth:
    """What each take adds to one hoard with its rings: the differences of potential of the bot's
    :func:`~dragonwidgets.games.drachenland.bots.take_value` and ``ring_value`` (DL-SCORE, DL-RING-5), and
    the bot's ``_node_value`` of a volcano for an adventurer, each the same float as the bot's.

    A pure function of the hoard and the rings, kept by value across decisions and games (:func:`worth`),
    each difference worked out when first asked. The bot adds ``+ 0.0`` to the values of takes but an egg's,
    which changes no difference of potentials (it changes only ``-0.0``, and potentials are never ``-0.0``,
    so no difference of two is).
    """

    __slots__ = ("hoard", "rings", "base", "_more", "_ring", "nodes")

    def __init__(self, hoard: tuple[int, ...], rings: frozenset[str]) -> None:
        self.hoard, self.rings = hoard, rings
        self.base = cached_potential(hoard, rings)
        self._more: dict[tuple[str, int], float] = {}  # (item, n) -> more(item, n)
        self._ring: dict[str, float] = {}
        #: (colour, the volcano's gems of that colour, diamonds, eggs, token, face down) -> :meth:`node`
        self.nodes: dict[tuple[Any, ...], float] = {}

    def more(self, item: str, n: int) -> float:
        """What ``n`` more ``item`` add (n > 0): take_value of "gems" (n of the adventurer's gem), of "diamond"
        (one), of "egg" (one, before the egg's token bonus)."""
        key = (item, n)
        value = self._more.get(key)
        if value is None:
            value = self._more[key] = cached_potential(_plus(self.hoard, item, n), self.rings) - self.base
        return value

    def ring(self, colour: str) -> float:
        """ring_value: a ring on ``colour``."""
        value = self._ring.get(colour)
        if value is None:
            value = self._ring[colour] = cached_potential(self.hoard, self.rings | {colour}) - self.base + 1.0
        return value

    def take(self, volcano: tuple, colour: str, what: str) -> float:
        """take_value of ``what`` ("gems", "diamond", "egg") on ``volcano`` (:meth:`_Decision.volcano`)."""
        eggs, gems, token, _ = volcano
        if what == "gems":
            gem = GEM_OF[colour]
            n = gems[gem]
            return self.more(gem, n) if n else 0.0
        if what == "diamond":
            return self.more("diamond", 1) if gems["diamond"] else 0.0
        if not eggs:
            return 0.0
        return self.more("egg", 1) + (TOKEN_VALUE if token in HELD_TOKENS else 0.0)

    def node(self, colour: Any, volcano: tuple) -> float:
        """GreedyBot._node_value of ``volcano`` (:meth:`_Decision.volcano`) for a ``colour`` adventurer: the
        best take (or the ring) there, and a little for a face-down token; kept by what it reads of the volcano."""
        eggs, gems, token, face_down = volcano
        gem = GEM_OF[colour]
        n = gems[gem]
        key = (colour, n, gems["diamond"], eggs, token, face_down)
        value = self.nodes.get(key)
        if value is None:
            # max(take_value(...) for w in ("gems", "diamond", "egg")), each as take() works it out
            best = max(self.more(gem, n) if n else 0.0, self.more("diamond", 1) if gems["diamond"] else 0.0,
                       self.more("egg", 1) + (TOKEN_VALUE if token in HELD_TOKENS else 0.0) if eggs else 0.0)
            if token == "ring" and colour not in self.rings:  # the view's "ring": a face-up ring token there
                best = max(best, self.ring(colour))
            value = self.nodes[key] = best + (0.5 if face_down else 0.0)
        return value


def worth(hoard: tuple[int, ...], rings: frozenset[str]) -> _Worth:
    """Return the :class:`_Worth` of ``hoard`` with ``rings``, kept by value across decisions and games."""
    key = (hoard, rings)
    value = _worths.get(key)
    if value is None:
        if len(_worths) >= CACHE_SIZE:
            _worths.clear()
        value = _worths[key] = _Worth(hoard, rings)
    return value


class _Decision:
    """What the bot reads of one decision's view, read once; the answers it gave, per argument.

    Two ways to read it, with the same fields: :class:`_ViewDecision` from the view (the observation), and
    :class:`_TableDecision` from the game's table, reading only what the observation of the seat shows.
    Each fills ``seat``, ``colour`` (the adventurer of the move under way, or None), ``at`` (its space),
    ``dice``, ``chosen_die``, ``turn``, ``used`` and ``places`` (the seat's adventurers' spaces), and answers
    the methods below.
    """

    __slots__ = ("seat", "colour", "at", "dice", "chosen_die", "turn", "used", "places", "_worth", "_occupied",
                 "_face_down", "node_values", "best_with_die", "walks")
    seat: int
    colour: Any
    at: str | None
    dice: Any  # list[int], read at the decisions that have dice (None before the first roll)
    chosen_die: Any  # int, read once a die is chosen
    turn: int
    used: list[str]
    places: dict[str, str | None]

    def __init__(self) -> None:
        self._worth: _Worth | None = None
        self._occupied: set[str] | None = None
        self._face_down: int | None = None
        self.node_values: dict[tuple[Any, Any], float] = {}  # (colour, node) -> GreedyBot._node_value
        self.best_with_die: dict[tuple[str, int], float] = {}  # (colour, die) -> GreedyBot._best_with_die
        self.walks: dict[str, tuple] = {}  # "walk"/"march" -> DrachenlandGreedyPolicy._walk

    def hoard_and_rings(self) -> tuple[tuple[int, ...], frozenset[str]]:
        """The seat's hoard (counts in :data:`ITEMS` order) and its ringed colours."""
        raise NotImplementedError

    def volcano(self, node: str | None) -> tuple | None:
        """``(eggs, gems, token, face_down)`` of the volcano ``node`` as the observation shows it (``token``
        None while face down; the observation's ``ring`` is ``token == "ring"``), None when it is no volcano."""
        raise NotImplementedError

    def step(self) -> tuple[int, bool, int]:
        """The move under way: its die's value, whether the die is spent, the seat's forced marches."""
        raise NotImplementedError

    def occupied(self) -> set[str]:
        """The stones with an adventurer on them (read only)."""
        raise NotImplementedError

    def face_down(self) -> int:
        """The face-down volcanoes, as a :func:`~dragonwidgets.games.drachenland.movement.volcano_mask`."""
        raise NotImplementedError

    def worth(self) -> _Worth:
        """The :class:`_Worth` of the seat's hoard and rings."""
        if self._worth is None:
            self._worth = worth(*self.hoard_and_rings())
        return self._worth


class _ViewDecision(_Decision):
    """A :class:`_Decision` read from a view (``game.observation(seat)``), on ``board``."""

    __slots__ = ("view", "volcanoes", "board")

    def __init__(self, view: dict[str, Any], board: Board) -> None:
        super().__init__()
        self.view, self.board = view, board
        self.seat = view["viewer"]
        step = view.get("action") or {}
        self.colour = step.get("adventurer")
        self.at = step.get("at")
        self.dice, self.chosen_die, self.turn, self.used = view["dice"], view["chosen_die"], view["turn"], view["used"]
        self.places = view["adventurers"][self.seat]
        self.volcanoes: dict[str, dict[str, Any]] = view["volcanoes"]

    def hoard_and_rings(self) -> tuple[tuple[int, ...], frozenset[str]]:
        hoard = self.view["hoards"][self.seat] or {}
        return tuple(hoard.get(item, 0) for item in ITEMS), frozenset(self.view["rings"][self.seat])

    def volcano(self, node: str | None) -> tuple | None:
        x = self.volcanoes.get(node or "")
        return None if x is None else (x["eggs"], x["gems"], x["token"], x["face_down"])

    def step(self) -> tuple[int, bool, int]:
        step = self.view["action"]
        return step["die_value"], step["die_spent"], self.view["tokens"][self.seat]["forced_march"]

    def occupied(self) -> set[str]:
        if self._occupied is None:
            volcanoes = self.volcanoes
            self._occupied = {n for p in self.view["adventurers"] for n in p.values() if n and n not in volcanoes}
        return self._occupied

    def face_down(self) -> int:
        if self._face_down is None:
            self._face_down = volcano_mask(self.board, [v for v, x in self.volcanoes.items() if x["face_down"]])
        return self._face_down


class _TableDecision(_Decision):
    """A :class:`_Decision` read from the table of ``game``, for ``seat``, as ``observe(game, seat)``
    (:mod:`dragonwidgets.games.drachenland.observation`) shows it: the public table and the seat's own hoard.

    Hidden information stays hidden: no face-down volcano's token is read (nor the boxed token), no other
    seat's hoard. The occupied stones are the game's own answer about its table
    (:func:`~dragonwidgets.games.drachenland.movement.occupied`), which is public. Read it before the game
    moves on.
    """

    __slots__ = ("game", "state", "volcanoes")

    def __init__(self, game: DrachenlandGame, seat: int) -> None:
        super().__init__()
        self.game = game
        self.state = s = game.state
        self.volcanoes = game.board.volcano_set  # the keys of the observation's volcanoes
        self.seat = seat
        step = s.step
        self.colour = None if step is None else step.adventurer
        self.at = None if step is None else s.positions[s.active][step.adventurer]  # observe()'s action["at"]
        self.dice, self.chosen_die, self.turn, self.used = s.dice, s.chosen_die, s.turn, s.used
        self.places = s.positions[seat]

    def hoard_and_rings(self) -> tuple[tuple[int, ...], frozenset[str]]:
        s = self.state
        h = s.hoards[self.seat]  # the seat's own hoard: always in its observation
        hoard = (h.get("egg", 0), h.get("ruby", 0), h.get("emerald", 0), h.get("sapphire", 0), h.get("diamond", 0))
        return hoard, frozenset(s.rings[self.seat])  # in ITEMS order

    def volcano(self, node: str | None) -> tuple | None:
        if node not in self.volcanoes:
            return None
        s = self.state
        if node in s.face_down:  # its token is not read: hidden (DL-SETUP-5)
            return s.eggs[node], s.gems[node], None, True
        return s.eggs[node], s.gems[node], s.token[node], False

    def step(self) -> tuple[int, bool, int]:
        s, step = self.state, self.state.step
        assert step is not None  # a walk is offered during a move only
        return step.die_value, step.die_spent, s.held[self.seat]["forced_march"]

    def occupied(self) -> set[str]:
        if self._occupied is None:
            self._occupied = occupied_stones(self.game)
        return self._occupied

    def face_down(self) -> int:
        if self._face_down is None:
            self._face_down = volcano_mask(self.game.board, self.state.face_down)  # which are face down is public
        return self._face_down


class DrachenlandGreedyPolicy(GreedyBot):
    """Drachenland's ``"greedy"`` bot, each answer it works out for a view worked out once for that view.

    The bot values each legal action on its own, and so worked the same things out again for each: the
    best volcano an adventurer could reach with a die, the value of a volcano for an adventurer, the walk
    from an adventurer's space, the score of the same hoard. This twin keeps, for the decision it was worked
    out for, each volcano's value per (adventurer, space), each adventurer's best with each die, the walks.
    What a walk reaches (the board's cache of walks,
    :func:`~dragonwidgets.games.drachenland.movement.reach_by_mask`: the same spaces at the same distances),
    what the forced marches to each space cost, and what each take adds to a hoard (:class:`_Worth`, keyed by
    the hoard's counts and rings) are kept by value across decisions and games. The arithmetic is the bot's,
    in the bot's order: same view, same legal actions and same rng, the same choice (DL-SCORE, DL-RING-5,
    DL-MOVE, DL-INT-12 as the bot reads them).

    In rollouts it decides with :meth:`choose_in`, from the table (only what the seat's observation shows of
    it) rather than from an observation built for every decision.
    """

    def __init__(self, board: Board | None = None) -> None:
        super().__init__(board)
        self._volcano_set = self.board.volcano_set
        self._decision: _ViewDecision | None = None

    def choose(self, view: dict[str, Any], legal_actions: list[Action], rng: random.Random) -> Action:
        """Return the greedy bot's choice among ``legal_actions`` for ``view`` (ties broken by ``rng``):
        ``GreedyBot.choose``, each action valued from one :class:`_Decision` of the view."""
        if view.get("volcanoes", {}).keys() != self._volcano_set:
            return legal_actions[rng.randrange(len(legal_actions))]  # another board: no plan, play at random
        return self._choose(_ViewDecision(view, self.board), legal_actions, rng)

    def choose_in(self, game: DrachenlandGame, seat: int, legal_actions: list[Action], rng: random.Random) -> Action:
        """Return ``self.choose(game.observation(seat), legal_actions, rng)``, read from the table instead
        (:class:`_TableDecision`: only what that observation shows).

        Args:
            game: a Drachenland game where ``seat`` decides now.
            seat: the deciding seat.
            legal_actions: its legal actions.
            rng: breaks ties, as the bot's (one ``rng.random()`` per legal action, in their order).
        """
        if game.board is not self.board:  # another board (or another load of it): the bot's own way, from the view
            return self.choose(game.observation(seat), legal_actions, rng)
        return self._choose(_TableDecision(game, seat), legal_actions, rng)

    def _choose(self, d: _Decision, legal_actions: list[Action], rng: random.Random) -> Action:
        """GreedyBot.choose after its check of the board: the best value, ties broken by ``rng`` (one draw per
        action, in their order: the values draw nothing, so drawing after valuing them all is the same)."""
        draw = rng.random
        return legal_actions[max(zip([value + draw() * 1e-6 for value in self._values(d, legal_actions)], count()))[1]]

    def _for(self, view: dict[str, Any]) -> _ViewDecision:
        """The :class:`_Decision` of ``view`` (the last one asked about is kept, for :meth:`_value`: a view is
        never changed while it is asked about; a changed copy is another dict)."""
        decision = self._decision
        if decision is None or decision.view is not view:
            decision = self._decision = _ViewDecision(view, self.board)
        return decision

    # ------------------------------------------------------------------ valuing actions (GreedyBot._value)
    def _value(self, view: dict[str, Any], action: Action) -> float:
        """GreedyBot._value: what ``action`` is worth to the seat of ``view``."""
        return self._values(self._for(view), [action])[0]

    def _values(self, d: _Decision, actions: list[Action]) -> list[float]:
        """GreedyBot._value of each of ``actions``, in their order. Walks are most actions of most decisions:
        one to a stone is looked up in :meth:`_walk`'s answer; every other action is valued by
        :meth:`_value_in`."""
        out = []
        walks = d.walks
        for action in actions:
            kind = action.kind
            if kind == "walk" or kind == "march":
                walk = walks.get(kind)
                if walk is None:
                    walk = self._walk(d, kind)
                value = walk[3].get(action.id)
                out.append(self._value_in(d, action) if value is None else value)
            else:
                out.append(self._value_in(d, action))
        return out

    def _value_in(self, d: _Decision, action: Action) -> float:
        """GreedyBot._value of ``action``, worked out (:meth:`_values` looks walks to stones up)."""
        kind = action.kind
        words = _WORDS.get(action.id)
        if words is None:
            words = _WORDS[action.id] = action.id.split()
        colour = d.colour
        if kind == "walk" or kind == "march":
            # GreedyBot._node_value of the space less GreedyBot._marches's cost (of the forced marches used up)
            node = words[1]
            extras, extra0, occupied, _ = d.walks.get(kind) or self._walk(d, kind)
            if node in self._volcano_set:
                return self._node(d, colour, node) - extras.get(node, extra0)
            return 0.0 - (extra0 if node in occupied else extras.get(node, extra0))  # no volcano: worth 0.0
        if kind == "choose_adventurer":
            if d.turn == 0:
                return 0.0
            die = d.dice[d.chosen_die]
            return self._best(d, words[1], die) + (ENTER_BONUS if words[0] == "enter" else 0)
        if kind == "end_turn":
            return -1.0
        if kind == "take":
            volcano = d.volcano(d.at)
            if volcano is None:
                raise KeyError(d.at)  # the bot's view["volcanoes"][step["at"]]
            if words[1] == "ring":
                return d.worth().ring(colour)
            return d.worth().take(volcano, colour, words[1])
        if kind == "fate":
            low = sum(d.dice) < REROLL_BELOW and 4 not in d.dice
            return 1.0 if (words[0] == "reroll") == low else 0.0
        if kind == "choose_die":
            return max(self._best(d, c, int(words[1])) for c in COLOURS)
        if kind == "end_movement":
            return self._node(d, colour, d.at)
        if kind in ("fly", "boat"):
            return self._node(d, colour, words[1]) - (0.5 if words[-1] == "baby" else 0.0)
        if kind == "call":
            return 0.2 - (0.5 if words[-1] == "baby" else 0.0)
        if kind == "magic_hand":
            return 0.5
        return 0.0  # skip, done

    def _node(self, d: _Decision, colour: Any, node: str | None) -> float:
        """GreedyBot._node_value for the seat's hoard and rings (:meth:`_Worth.node`), kept per (colour, node)."""
        key = (colour, node)
        value = d.node_values.get(key)
        if value is None:
            volcano = d.volcano(node)
            value = d.node_values[key] = 0.0 if volcano is None else (d._worth or d.worth()).node(colour, volcano)
        return value

    def _best(self, d: _Decision, colour: str, die: int) -> float:
        """GreedyBot._best_with_die, kept per (colour, die)."""
        key = (colour, die)
        value = d.best_with_die.get(key)
        if value is None:
            value = d.best_with_die[key] = self._best_uncached(d, colour, die)
        return value

    def _best_uncached(self, d: _Decision, colour: str, die: int) -> float:
        # the bot's max over the values of the ends of a walk on the die and of the space the adventurer is on:
        # taken one by one, the same float, as no value is -0.0
        if colour in d.used:
            return -1.0
        here = d.places[colour]
        volcanoes, stones = self._ends(d, here, die)
        known, node = d.node_values, self._node
        best = -1.0 if here is None else node(d, colour, here)  # -1.0: the bot's default when entering
        for v in volcanoes:
            value = known.get((colour, v))
            if value is None:
                value = node(d, colour, v)
            if value > best:
                best = value
        if best < 0.0 and not d.occupied().issuperset(stones):
            best = 0.0  # a free stone: the bot's value of a space that is no volcano (it changes no max >= 0.0)
        return best

    def _ends(self, d: _Decision, here: str | None, allowance: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The volcanoes and the stones a walk of 1..``allowance`` from ``here`` (None: entering) passes or ends
        on (a walk may end on any volcano, and on a free stone): the bot's ``reach``/``entry_reach`` on the
        decision's face-down volcanoes.

        Kept in ``board.cache`` (:func:`~dragonwidgets.games.drachenland.movement.remember`) by start, allowance
        and the face-down volcanoes near the start (:func:`~dragonwidgets.games.drachenland.movement.near_mask`),
        as the walk itself is: a pure function of these on that board.
        """
        board = self.board
        near = near_mask(board, here, allowance) & d.face_down()
        key = ("greedy twin ends", here, allowance, near)
        hit = board.cache.get(key)
        if hit is None:
            spaces = reach_by_mask(board, here, allowance, near)
            hit = remember(board, key, (tuple(n for n in spaces if n in board.volcano_set),
                                        tuple(n for n in spaces if n not in board.volcano_set)))
        return hit

    def _walk(self, d: _Decision, kind: str) -> tuple[dict[str, float], float, set[str], dict[str, float]]:
        """What GreedyBot._marches gives for a walk of ``kind`` ("walk", or "march": on forced marches alone)
        at this decision, worked out once: ``(extras, extra0, occupied, stones)``.

        ``extras`` is the cost of the forced marches (``MARCH_COST`` times their number) a walk to each space it
        reaches uses up, ``extra0`` the cost for any other space (its distance counts as 0), ``occupied`` the
        occupied stones (a walk to one counts as reaching nothing), ``stones`` the value of the walk to each
        stone it reaches, by action id (``"walk s05"``: ``0.0 - extra``, a stone being worth 0.0, and
        ``0.0 - extra0`` for an occupied one). Kept in ``board.cache`` by start, allowance, die and the face-down
        volcanoes near the start, and the stones' values by which of them are occupied: pure functions of these
        on that board.
        """
        die_value, die_spent, forced_marches = d.step()
        die = 0 if (kind == "march" or die_spent) else die_value
        here = d.places[d.colour]
        allowance = die + MARCH_STEPS * forced_marches
        board = self.board
        near = near_mask(board, here, allowance) & d.face_down()
        key = ("greedy twin walk", kind, here, allowance, die, near)
        hit = board.cache.get(key)
        if hit is None:
            spaces = reach_by_mask(board, here, allowance, near)
            extras = {n: MARCH_COST * max(0, -(-(dist - die) // MARCH_STEPS)) for n, (dist, _) in spaces.items()}
            ids = {n: f"{kind} {n}" for n in spaces if n not in board.volcano_set}
            hit = remember(board, key, (extras, MARCH_COST * max(0, -(-(0 - die) // MARCH_STEPS)), frozenset(ids),
                                        ids, {}))
        extras, extra0, reached, ids, by_taken = hit  # by_taken: the occupied stones reached -> their values
        occupied = d.occupied()
        taken = frozenset(occupied.intersection(reached))
        stones = by_taken.get(taken)
        if stones is None:
            if len(by_taken) >= 64:
                by_taken.clear()  # (a walk from one space meets few sets of occupied stones)
            stones = by_taken[taken] = {a: 0.0 - (extra0 if n in taken else extras[n]) for n, a in ids.items()}
        walk = d.walks[kind] = (extras, extra0, occupied, stones)
        return walk
