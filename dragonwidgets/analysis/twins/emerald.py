"""Emerald's faster twin of the ``"greedy"`` bot (:mod:`dragonwidgets.analysis.twins`).

:meth:`EmeraldGreedyPolicy.values_in` (which ``choose_in`` picks from) works out the bot's values
(``GreedyBot._move_value``, ``_card_value``, ``_victim_value``, ``_pay_value``) from the table itself, reading
only what the seat's observation shows: the knights on the board, the face-up top card of each pile (never a
face-down card: at a decision no pile waits for its next card, EM-CARD-2), the dragon and its track, the gems
every seat holds (face up, EM-CARD-6), how many gold cards each seat holds, and the values of the seat's own
gold (EM-CARD-5). Each value is the same float as the bot's, computed with the same operations in the same
order, so ties (broken by ``rng.choice`` among equal values) fall the same way. What depends on the board's
geometry only (the dragon's landing odds, a square's rank) is kept between decisions.
"""

from __future__ import annotations

import random

from ...engine.actions import Action
from ...games.emerald.board import LAIR, Board
from ...games.emerald.bots import KNIGHT_VALUE, GreedyBot, landing_odds, square_rank
from ...games.emerald.game import EmeraldGame
from ...games.emerald.observation import LazyObservation, dragon_view
from ...games.emerald.state import CHOOSE_VICTIM, GEM, GOLD, PAY_OR_LOSE, SELECT_KNIGHT, TAKE_CARD, Card, EmeraldState

__all__ = ["EmeraldGreedyPolicy", "cheap_view"]


def cheap_view(game: EmeraldGame, seat: int) -> LazyObservation:
    """Return the cheap view of ``game.observation(seat)``: a mapping equal to it read whole (``dict(view)``).

    The engine's keys (``game``, ``step``, ``players``, ``current_player``, ``is_over``, ``outcome``, built as
    :meth:`~dragonwidgets.engine.game.Game.observation` builds them) come first, built now; Emerald's keys are
    built when read, by the observation's own code
    (:class:`~dragonwidgets.games.emerald.observation.LazyObservation`: ``piles`` per square), so the view
    shows ``seat`` nothing its observation does not. Read it before the game moves on.
    """
    return LazyObservation(game.state, game.board, seat, show_paid_gold=game.rules.show_paid_gold,
                           first=game._observation_head())


class EmeraldGreedyPolicy(GreedyBot):
    """Emerald's ``"greedy"`` bot, valuing its actions from the table as its seat's observation shows it.

    The same choice as ``GreedyBot.choose(game.observation(seat), legal_actions, rng)``, for the same legal
    actions and rng (EM-CARD-4, EM-DRAGON-7, EM-BONUS-3 as the bot), at a quarter to a fifth of its cost per
    decision. ``choose`` (from a view) is the bot's own.
    """

    def choose_in(self, game: EmeraldGame, seat: int, legal_actions: list[Action], rng: random.Random) -> Action:
        """Return ``self.choose(game.observation(seat), legal_actions, rng)``, without building the observation.

        Args:
            game: an Emerald game where ``seat`` decides now.
            seat: the deciding seat.
            legal_actions: its legal actions.
            rng: breaks ties, as the bot's (``rng.choice`` among the best, only when there are two actions
                or more).

        The four decisions the bot values are valued by :meth:`values_in`; any other decision is the bot's
        own choice from :func:`cheap_view` (the bot takes the first action there).
        """
        # GreedyBot.choose: the first action when there is only one, else the best, ties broken by rng
        if len(legal_actions) == 1:
            return legal_actions[0]
        values = self.values_in(game, seat, legal_actions)
        if values is None:
            return self.choose(cheap_view(game, seat), legal_actions, rng)  # type: ignore[arg-type]  # a Mapping
        best = max(values)
        return rng.choice([a for a, v in zip(legal_actions, values) if v == best])

    def values_in(self, game: EmeraldGame, seat: int, legal_actions: list[Action]) -> list[float] | None:
        """Return the bot's value of each of ``legal_actions`` for ``game.observation(seat)``: a list, one per
        action in their order (floats, or ints where the bot's are ints: a gold count, a gold value).

        The same numbers as ``GreedyBot._move_value`` (``select_knight``), ``_card_value`` (``take_card``),
        ``_victim_value`` (``choose_victim``) and ``_pay_value`` (``pay_or_lose``) give for that observation;
        ``None`` for any other decision (the bot values no other).

        Args:
            game: an Emerald game where ``seat`` decides now.
            seat: the deciding seat.
            legal_actions: its legal actions (two or more, as the bot values them).
        """
        state = game.state
        phase = state.phase  # the observation's "decision" while the game goes on
        if phase == SELECT_KNIGHT:
            return _move_values(state, game.board, seat, legal_actions)
        if phase == TAKE_CARD:
            return [_card_value(state, seat, a) for a in legal_actions]
        if phase == CHOOSE_VICTIM:
            return [_victim_value(state, seat, a) for a in legal_actions]
        if phase == PAY_OR_LOSE:
            return [self._pay_value({}, a) for a in legal_actions]  # GreedyBot._pay_value reads the action only
        return None


# ---------------------------------------------------------------- what depends on the board only
#: square id -> ``0.05 * square_rank(square)``, the first term of GreedyBot._move_value
_STEP_VALUES: dict[str, float] = {}
#: the dragon's landing odds as ``landing_odds(view).items()`` (square, probability), and the squares where a
#: knight wakes the dragon (EM-DRAGON-2: its track's and its own)
_Flight = tuple[tuple[tuple[str, float], ...], frozenset[str]]
#: id(board) -> (the board, kept so that its id is not reused; (track position, dragon pos, facing) -> _Flight)
_FLIGHTS: dict[int, tuple[Board, dict[tuple[int, int, int], _Flight]]] = {}


def _step_value(square: str) -> float:
    found = _STEP_VALUES.get(square)
    if found is None:
        found = _STEP_VALUES[square] = 0.05 * square_rank(square)
    return found


def _flight(state: EmeraldState, board: Board) -> _Flight:
    """Return ``(landing_odds(view).items(), the squares of the flight track and the dragon's)`` for the view
    of ``state``: the bot's odds, computed once per (track position, dragon square, facing) and board."""
    kept = _FLIGHTS.get(id(board))
    if kept is None or kept[0] is not board:
        kept = _FLIGHTS[id(board)] = (board, {})
    key = (state.track, state.dragon_pos, state.dragon_facing)
    found = kept[1].get(key)
    if found is None:
        # the observation's "flight_track" squares and "dragon" (observation._FIELDS), as the bot reads them
        squares = [board.square_at(p) for p in board.track_positions[state.track]]
        dragon = dragon_view(state, board)
        odds = landing_odds({"flight_track": {"squares": squares}, "dragon": dragon})
        found = kept[1][key] = (tuple(odds.items()), frozenset(squares) | {dragon["square"]})
    return found


# ---------------------------------------------------------------- the bot's values, from the table
def _move_values(state: EmeraldState, board: Board, seat: int, legal: list[Action]) -> list[float]:
    """GreedyBot._move_value of each of ``legal`` (a ``select_knight`` decision of ``seat``)."""
    piles = state.piles
    gem_values: dict[str, float] = {}
    flight = None
    values = []
    for action in legal:
        if action.kind == "end_turn":
            values.append(0.0)
            continue
        dest = action.targets[2]
        if dest == LAIR:
            values.append(100.0)
            continue
        value = _step_value(dest)
        pile = piles.get(dest)  # the observation's piles: the mountain squares
        if pile is not None and (pile[GOLD] or pile[GEM]):  # a top card shown (no pile waits for its next card)
            value += max(_top_value(state, seat, cards[-1], gem_values) for cards in (pile[GOLD], pile[GEM]) if cards)
        elif state.knights_moved == 0:
            value += 0.5  # the turn goes on: a second knight may still move (EM-CARD-4)
        if flight is None:
            flight = _flight(state, board)
        odds, wakes = flight
        if dest in wakes:
            value -= _dragon_risk(state, seat, dest, odds)
        values.append(value)
    return values


def _dragon_risk(state: EmeraldState, seat: int, dest: str, odds: tuple[tuple[str, float], ...]) -> float:
    """GreedyBot._dragon_risk: expected points lost (minus gained) when the dragon moves after ``seat``'s knight
    ends on ``dest``."""
    mine = state.seat_colours[seat]
    gold = state.hands[seat].gold  # the seat's own gold values (EM-CARD-5: it sees them)
    cost = min(gold) if gold else KNIGHT_VALUE
    risk = 0.0
    knights = state.knights
    for square, p in odds:
        here = knights.get(square) or ()  # the colours on the square (the bot's "_me" is the knight arriving)
        if not here and square != dest:
            continue
        if any(c not in mine for c in here):
            risk -= 0.3 * p  # an opponent's knight will be taken instead
        else:
            risk += p * cost
    return risk


def _top_value(state: EmeraldState, seat: int, card: Card, gem_values: dict[str, float]) -> float:
    """GreedyBot._top_value of the face-up ``card`` for ``seat``; gem values are kept in ``gem_values`` (one
    decision's)."""
    if isinstance(card, int):  # a gold card (cards.card_dict)
        return float(card)
    found = gem_values.get(card)
    if found is not None:
        return found
    hands = state.hands
    held = hands[seat].gems.get(card, 0)  # gems lie face up (EM-CARD-6)
    value = 1.0
    if state.four_gems_holder is None and not held:
        value += 1.0
    others = max((h.gems.get(card, 0) for i, h in enumerate(hands) if i != seat), default=0)
    if held + 1 > others >= held:
        value += 1.5  # takes or breaks the majority of that gem (EM-BONUS-3)
    gem_values[card] = value
    return value


def _card_value(state: EmeraldState, seat: int, action: Action) -> float:
    """GreedyBot._card_value: the value of the face-up card ``action`` takes (``targets[0]``: "square/pile")."""
    square, kind = action.targets[0].split("/")
    return _top_value(state, seat, state.piles[square][kind][-1], {})


def _victim_value(state: EmeraldState, seat: int, action: Action) -> float:
    """GreedyBot._victim_value: -10 for the seat's own knight, else minus how many gold cards its owner holds."""
    colour = action.targets[0].split("/")[1]
    owner = next(i for i, cs in enumerate(state.seat_colours) if colour in cs)
    if owner == seat:
        return -10.0
    return -len(state.hands[owner].gold)  # a count every seat sees
