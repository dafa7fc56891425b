"""Emerald's faster twin of the ``"greedy"`` bot (:mod:`dragonwidgets.analysis.twins`)."""

from __future__ import annotations

import random

from ...engine.actions import Action
from ...games.emerald.bots import GreedyBot
from ...games.emerald.game import EmeraldGame
from ...games.emerald.observation import LazyObservation

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
    """Emerald's ``"greedy"`` bot, deciding from a cheap view of its seat's observation (:func:`cheap_view`).

    The bot reads a few keys of the observation (the decision, the piles of the squares its legal moves reach,
    the dragon, the hands...): the cheap view builds only those, and only the piles read. Its choice is the
    bot's own (``GreedyBot.choose``, unchanged) for a view equal to ``game.observation(seat)``: the same for
    the same legal actions and rng (EM-CARD-4, EM-DRAGON-7, EM-BONUS-3 as the bot).
    """

    def choose_in(self, game: EmeraldGame, seat: int, legal_actions: list[Action], rng: random.Random) -> Action:
        """Return ``self.choose(game.observation(seat), legal_actions, rng)``, from a cheap view of it.

        Args:
            game: an Emerald game where ``seat`` decides now.
            seat: the deciding seat.
            legal_actions: its legal actions.
            rng: breaks ties, as the bot's.
        """
        # the bot reads its view as a Mapping (``[]``, ``.get``) only
        return self.choose(cheap_view(game, seat), legal_actions, rng)  # type: ignore[arg-type]
