"""Exact values: the actions whose value the package can prove without sampling.

An action's value is exact when, in every redeal the analysis checks (:data:`CHECKED_DEALS` of them, so a
value that depends on what the seat cannot see is never called exact):

- the game is over right after it (the value is the seat's ``returns()``, its score ``scores()``);
- or only chance stands between it and the end, with outcomes everybody may see (dice, not a card from a
  face-down pile), and every outcome within :data:`MAX_LEAVES` ends the game: "an end of game decided by the
  next throw" (the value is the outcomes' expectation, by their ``prob``);
- or, in Draghan, the action leaves the team declaring a fight with the dragon on the table
  (DG-FIGHT-1..7, DG-DRAGON-5): a plan from here (:func:`~dragonwidgets.games.draghan.hint.fight_hint`, built
  on :meth:`~dragonwidgets.games.draghan.game.DraghanGame.fight_plans`) that defeats every monster and the
  dragon wins the game at once (value 1, DG-END-1); when no plan does and the Shadow location deck is empty,
  the next round cannot turn up a location and the game is lost (value 0, DG-END-4). The value 1 is the
  team's chance *with the plan played* (the planner policy plays such a plan).
"""

from __future__ import annotations

from typing import Optional

from ..engine.actions import CHANCE
from ..engine.game import Game
from .rollouts import redeal, rollout_key

__all__ = ["CHECKED_DEALS", "MAX_LEAVES", "exact_values", "exact_value"]

#: redeals an exact value is checked on; all must give the same value
CHECKED_DEALS = 8
#: chance outcomes (over all the chance nodes after an action) enumerated at most before giving up
MAX_LEAVES = 64

Value = tuple[float, float]  # (the seat's return, its score)


def exact_values(known: Game, seat: int, actions: list[str], seed: int, knowledge: str) -> dict[str, Value]:
    """Return ``{action id: (value, score)}`` for the actions of ``seat`` whose value is exact.

    Args:
        known: what the analysis may know (see :func:`~.rollouts.redeal`).
        seat: the deciding seat.
        actions: the legal action ids to check.
        seed: the analysis's seed (the redeals checked are derived from it, apart from the rollouts').
        knowledge: ``"seat"`` or ``"table"``.
    """
    deals = [redeal(known, seat, rollout_key(seed, (1 << 33) - 1 - i), knowledge) for i in range(CHECKED_DEALS)]
    out: dict[str, Value] = {}
    for action in actions:
        first = exact_value(deals[0], seat, action)
        if first is not None and all(exact_value(d, seat, action) == first for d in deals[1:]):
            out[action] = first
    return out


def exact_value(deal: Game, seat: int, action: str) -> Optional[Value]:
    """Return ``(value, score)`` of ``action`` in the search copy ``deal`` if it is exact there, else ``None``."""
    game = _manual(deal)
    game.apply(action)
    leaves = [MAX_LEAVES]
    found = _after_chance(game, seat, leaves)
    if found is None and game.name == "draghan":
        found = _draghan_fight(game, seat)
    return found


def _manual(deal: Game) -> Game:
    """A copy that stops at every chance node (dice enumerated), with draws from piles left to the deal."""
    game = deal.clone(history=False)
    game.chance_mode = "manual"
    game.options["pick_draws"] = False
    game._legal_cache = None
    return game


def _after_chance(game: Game, seat: int, leaves: list[int]) -> Optional[Value]:
    """The expected (return, score) of ``seat`` if only public chance is left before the end, else ``None``."""
    if game.is_over:
        return float(game.returns()[seat]), float(game.scores()[seat])
    if game.current_player != CHANCE or game.chance_outcomes_hidden:
        return None
    value = score = 0.0
    for outcome in game.legal_actions():
        leaves[0] -= 1
        if leaves[0] < 0 or not outcome.prob:
            return None
        child = game.clone(history=False)
        child.apply(outcome.id)
        found = _after_chance(child, seat, leaves)
        if found is None:
            return None
        value += outcome.prob * found[0]
        score += outcome.prob * found[1]
    return value, score


def _draghan_fight(game: Game, seat: int) -> Optional[Value]:
    """Draghan's fight with the dragon proven won (a plan from here defeats it) or lost (no plan does, and no
    Shadow location is left to turn up next round), else ``None``."""
    from ..games.draghan.hint import HINT_DECISIONS, fight_hint
    from ..games.draghan.state import SHADOW

    state = game.state
    if state.phase not in HINT_DECISIONS or game.tables.dragon_card not in state.table:  # type: ignore[attr-defined]
        return None
    hint = fight_hint(game, game.observation(seat))  # type: ignore[arg-type]
    if hint is not None and hint["plans"] and hint["plans"][0]["dragon"]:
        return 1.0, 1.0
    if state.realm == SHADOW and not state.decks["location_shadow"]:
        return 0.0, 0.0
    return None
