"""La Chasse au Dragon's faster twin of the ``"greedy"`` bot (:mod:`dragonwidgets.analysis.twins`).

:meth:`ChasseGreedyPolicy.choose_in` works out the bot's values for the frequent decisions (a movement step,
an encounter's or a duel's answer, the choice of a duel, the camp) from the table itself, reading only what the
seat's observation shows: where the adventurers and camps are, the round and the steps taken, the **sizes** of
the board piles (never a face-down card), the top card of the seat's pile while it is face up (CD-ENC-1), the
face-up equipment of every seat, the thickness of another seat's backpack (CD-ZONE-7, by the observation's own
bucket), and the seat's own board in full. Each value is the same float as the bot's, computed with the same
operations in the same order, and the bot's tie-breaking noise is drawn the same way (one ``rng.random()`` per
action, in order), so the choice and the rng's state afterwards are the bot's. What depends on the board's
geometry only (how a square ranks as a target, how far a step brings the adventurer) is kept between decisions.

:func:`cheap_view` is the seat's observation built field by field as the bot reads it; the twin decides the
rare decisions (a camp's placement) by the bot's own code on it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, overload

from ...engine.actions import Action
from ...games.chasse_au_dragon.bots import (
    BANK_AT, DRAGON_BONUS, FIGHT_BIAS, FUEL_RESERVE, GOBLIN_VALUE, odds, wanted_depth)
from ...games.chasse_au_dragon.bots import GreedyBot as ChasseGreedyBot
from ...games.chasse_au_dragon.movement import quarters
from ...games.chasse_au_dragon.observation import observation_fields, seen_board
from ...games.chasse_au_dragon.setup import BOARD_SIZE, depth
from ...games.chasse_au_dragon.state import (
    CAMP, CHOOSE_DUEL, DUEL_FLIGHT, ENCOUNTER, MOVE, POWER, ChasseState, Management, Square)
from ...games.chasse_au_dragon.tables import NEIGHBOURS, SQUARE_ID
from ...games.chasse_au_dragon.zones import wealth
from . import LazyView

if TYPE_CHECKING:
    import random

    from ...games.chasse_au_dragon.game import ChasseGame

__all__ = ["ChasseGreedyPolicy", "LazyBoards", "cheap_view", "target_in"]


def cheap_view(game: "ChasseGame", seat: int) -> LazyView:
    """Return ``game.observation(seat)`` as a :class:`~dragonwidgets.analysis.twins.LazyView`: each field
    built when first read, by the observation's own code (:func:`.observation.observation_fields`), so it
    shows ``seat`` nothing the observation does not. ``dict(cheap_view(game, seat)) == game.observation(seat)``.

    The engine's keys (``game``, ``step``, ``players``, ``current_player``, ``is_over``, ``outcome``) come
    first, as :meth:`dragonwidgets.engine.game.Game.observation` writes them (``Game._observation_head``).
    Read it before the game changes.
    """

    name, step, players = game.name, game.step, game.players
    return LazyView({
        "game": lambda: name,
        "step": lambda: step,
        "players": lambda: players,
        "current_player": lambda: game.current_player,
        "is_over": lambda: game.is_over,
        "outcome": game._outcome_view,
        **observation_fields(game, seat),
        "boards": lambda: LazyBoards(game, seat),
    })


class LazyBoards(Sequence[dict[str, Any]]):
    """The observation's ``boards`` as a sequence that builds board ``i`` when it is first read, by the
    observation's own code (:func:`~dragonwidgets.games.chasse_au_dragon.observation.seen_board`); equal to
    the observation's list of boards. Read it before the game changes."""

    __slots__ = ("_game", "_viewer", "_built")

    def __init__(self, game: "ChasseGame", viewer: int | None) -> None:
        self._game, self._viewer = game, viewer
        self._built: list[Any] = [None] * len(game.state.boards)

    def __len__(self) -> int:
        return len(self._built)

    @overload
    def __getitem__(self, i: int) -> dict[str, Any]: ...

    @overload
    def __getitem__(self, i: slice) -> list[dict[str, Any]]: ...

    def __getitem__(self, i: int | slice) -> dict[str, Any] | list[dict[str, Any]]:
        if isinstance(i, slice):
            return [self[j] for j in range(len(self._built))[i]]
        board = self._built[i]  # IndexError past the last seat
        if board is None:
            board = self._built[i] = seen_board(self._game, self._viewer, i % len(self._built))
        return board

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, LazyBoards)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # (mutable on read, as a list)


class ChasseGreedyPolicy(ChasseGreedyBot):
    """La Chasse au Dragon's ``"greedy"`` bot, valuing its actions from the table as its seat's observation
    shows it (:meth:`choose_in`).

    The same choice as ``GreedyBot.choose(game.observation(seat), legal_actions, rng)`` for the same legal
    actions and rng, with the same draws (CD-MOVE-1/3, CD-ENC, CD-DUEL, CD-CAMP as the bot). ``choose`` (from
    a view) is the bot's own.
    """

    def choose_in(self, game: "ChasseGame", seat: int, legal_actions: list[Action], rng: "random.Random") -> Action:
        """Return ``self.choose(game.observation(seat), legal_actions, rng)``, without building the observation.

        Args:
            game: a La Chasse au Dragon game where ``seat`` decides now.
            seat: the deciding seat (the active player; the defender in a duel's flight).
            legal_actions: its legal actions (one or more).
            rng: the bot's tie-breaking noise, ``rng.random()`` once per action in order, as the bot draws it.

        The values are :meth:`values_in`'s; a decision it does not value (a camp's placement) is the bot's own
        choice from a :func:`cheap_view`.
        """
        values = self.values_in(game, seat, legal_actions)
        if values is None:
            return self.choose(cheap_view(game, seat), legal_actions, rng)  # type: ignore[arg-type]  # a Mapping
        # GreedyBot.choose: max((value + rng.random() * 1e-6, i)), so among equal sums the last index wins
        draw = rng.random
        best, best_i = float("-inf"), 0
        for i, value in enumerate(values):
            noisy = value + draw() * 1e-6
            if noisy >= best:
                best, best_i = noisy, i
        return legal_actions[best_i]

    def values_in(self, game: "ChasseGame", seat: int, legal_actions: list[Action]) -> list[float] | None:
        """Return ``[GreedyBot._value(game.observation(seat), a) for a in legal_actions]`` (the same floats) for
        a movement (CD-MOVE), an encounter's answer (CD-ENC), a duel's choice or flight (CD-DUEL) or the camp
        (CD-CAMP), worked out from ``game.state`` (see the module docstring for what is read); ``None`` for any
        other decision (a camp's placement, CD-SETUP-4)."""
        s = game.state
        phase = s.phase  # the observation's "decision" while the game goes on
        if phase == MOVE:  # the most frequent decision, about 60 % of a rollout's
            return _move_values(s, seat, legal_actions)
        if (phase == ENCOUNTER and s.revealed) or phase == DUEL_FLIGHT:
            return _flight_values(s, seat, legal_actions)
        if phase == CHOOSE_DUEL:
            return _duel_values(game, seat, legal_actions)
        if phase == CAMP:  # GreedyBot._value sends every camp action to _camp_value, which reads the action
            own = {"power": s.boards[seat].power()}  # and the seat's own power only (observation boards[seat])
            return [self._camp_value(own, a) for a in legal_actions]
        return None


# ---------------------------------------------------------------- GreedyBot._move_value and _target

def _move_values(s: ChasseState, seat: int, legal_actions: list[Action]) -> list[float]:
    """``GreedyBot._move_value`` of each of ``legal_actions`` (steps and ``stop``), ``seat`` being the active
    player: the target, where the adventurer stands and whether a step is paid are worked out once."""
    board = s.boards[seat]
    here = s.positions[seat]
    target = target_in(s, seat)
    paid = s.steps > 0  # a step beyond the first costs a quarter (CD-MOVE-3)
    # paid, not heading home, and no more than FUEL_RESERVE quarters left: every step is worth -1.0
    starved = paid and target != s.camps[seat] and quarters(board) <= FUEL_RESERVE
    table = _move_table(here, target, paid, starved)
    return [table[a.id] for a in legal_actions]


@lru_cache(maxsize=None)
def _move_table(here: Square, target: Square, paid: bool, starved: bool) -> dict[str, float]:
    """``GreedyBot._move_value`` of every move from ``here`` toward ``target``: action id -> value, kept per
    (square, target, paid, starved), at most 64 x 64 x 3 tables of 9 values."""
    far = _dist(here, target)
    out = {"stop": 0.0 if here != target else 1.0}
    for to in NEIGHBOURS[here]:
        closer = far - _dist(to, target)
        if paid:
            out[f"step {SQUARE_ID[to]}"] = -1.0 if starved else closer - 0.6
        else:
            out[f"step {SQUARE_ID[to]}"] = closer + 0.1
    return out


def _dist(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))  # king moves (CD-MOVE-1), the bot's _dist


def target_in(s: ChasseState, seat: int) -> Square:
    """Return ``GreedyBot._target(game.observation(seat))`` for a seat on the board: its camp when its backpack
    holds :data:`~dragonwidgets.games.chasse_au_dragon.bots.BANK_AT` or more, else the best-scored pile, the
    first by square among equal scores (the bot's strict ``>`` over the piles listed by square); the camp when
    no pile holds a card.

    Reads the seat's own board, the round, the squares of the adventurer and the camp and the piles' sizes
    (public, CD-BOARD-6). Instead of scoring every pile, walks the squares best first (:func:`_ranked_squares`)
    and stops once no square further down can reach the best score even with the largest pile's size term.
    """
    board = s.boards[seat]
    camp: Square = s.camps[seat]  # type: ignore[assignment]
    if wealth(board.backpack) >= BANK_AT:  # the observation's boards[seat]["wealth"]["backpack"]
        return camp
    piles = s.piles
    if not piles:
        return camp
    want = wanted_depth(board.power(), s.round)
    reach = 0.1 * max(map(len, piles.values())) + 1e-9  # the most the size term adds (and float noise)
    best, best_score = camp, float("-inf")
    for bound, sq, head, tail in _ranked_squares(s.positions[seat], want):
        if bound + reach < best_score:
            break
        pile = piles.get(sq)
        if not pile:
            continue
        # the bot's score, -_dist(here, sq) - 2.5 * abs(d - want) + 0.1 * size - (1.5 if sq == here else 0.0),
        # summed left to right as it sums it (head is its first two terms), so that equal scores are equal floats
        score = head + 0.1 * len(pile) - tail
        if score > best_score or (score == best_score and sq < best):
            best, best_score = sq, score
    return best


@lru_cache(maxsize=None)
def _ranked_squares(here: Square, want: int) -> tuple[tuple[float, Square, float, float], ...]:
    """Every square as the bot's ``_target`` scores a pile on it, but for the pile-size term: ``(bound, square,
    head, tail)`` with ``head = -_dist(here, square) - 2.5 * abs(depth - want)`` (the score's first two terms),
    ``tail`` the 1.5 taken off the square the adventurer stands on, ``bound = head - tail``; best bound first,
    equal bounds by square. Kept per (where the adventurer stands, the depth it wants): 64 x 3 lists of 64."""
    out = []
    for x in range(BOARD_SIZE):
        for y in range(BOARD_SIZE):
            sq = (x, y)
            head = -_dist(here, sq) - 2.5 * abs(depth(x, y) - want)
            tail = 1.5 if sq == here else 0.0
            out.append((head - tail, sq, head, tail))
    out.sort(key=lambda row: (-row[0], row[1]))
    return tuple(out)


# ---------------------------------------------------------------- GreedyBot._flight_value

def _flight_values(s: ChasseState, seat: int, legal_actions: list[Action]) -> list[float]:
    """``GreedyBot._flight_value`` of each answer (``fight``, ``no_flight``, ``flee_free``, ``decoy``,
    ``flee_roll``): to the face-up monster on the active player's square (an encounter, CD-ENC), or to the
    attacker (the defender of a duel, CD-DUEL); the fight's worth worked out once."""
    board = s.boards[seat]
    power = board.power()
    if s.phase == DUEL_FLIGHT:
        win, _, loss = odds(power, s.boards[s.active].power())
        fight = win * 4.0 - loss * _carried(board)
    else:  # the observation's revealed["card"]: the top card of the seat's square, face up (CD-ENC-1)
        card = s.piles[s.positions[seat]][0]  # type: ignore[index]
        win, _, loss = odds(power, POWER[card])
        gain = GOBLIN_VALUE if card == "goblin" else POWER[card] + (DRAGON_BONUS if card == "dragon" else 0.0)
        if card == "goblin":
            risk: float = GOBLIN_VALUE * board.cage
        elif card == "dragon":
            risk = _carried(board)
        else:
            risk = wealth(board.backpack)
        fight = win * gain - loss * risk
    out = []
    for a in legal_actions:
        kind = a.kind
        if kind in ("fight", "no_flight"):
            out.append(fight + FIGHT_BIAS)
        elif kind == "flee_free":
            out.append(0.0)
        elif kind == "decoy":
            out.append(-GOBLIN_VALUE)
        else:  # flee_roll: it succeeds on the maximum only, else the fight is forced
            p = 1.0 / power
            out.append((1 - p) * fight - 0.1)
    return out


def _carried(board: Management) -> float:
    """``GreedyBot._carried`` of the seat's own board: backpack wealth and cage goblins."""
    return wealth(board.backpack) + GOBLIN_VALUE * board.cage


# ---------------------------------------------------------------- GreedyBot._value of duel and no_duel

def _duel_values(game: "ChasseGame", seat: int, legal_actions: list[Action]) -> list[float]:
    """``GreedyBot._value`` of ``duel q`` (by the exact odds against ``q``'s face-up equipment, loot if ``q``'s
    backpack does not look empty) and ``no_duel`` (0.0), CD-DUEL-1."""
    s = game.state
    board = s.boards[seat]
    power = board.power()
    out = []
    for a in legal_actions:
        if a.kind == "no_duel":
            out.append(0.0)
            continue
        rival = s.boards[int(a.id.split()[1])]
        win, _, loss = odds(power, rival.power())
        # the observation's boards[q]["thickness"]["backpack"]: the bucket the seat sees, not the count (CD-ZONE-7)
        looks_empty = game.setup.thickness(sum(rival.backpack.values())) == "empty"
        loot = 0.0 if looks_empty else 8.0
        out.append(win * loot - loss * _carried(board))
    return out
