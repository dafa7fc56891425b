"""``EmeraldWidget``: Emerald on an SVG board (castle, path, mountain piles, flight track, lair).

>>> w = EmeraldWidget(players=3, seed=1, seats=["human", "greedy", "greedy"], playing=False)
>>> print(w.status)
Turn 1 · Red to move a knight (first of up to two). Red is played by the greedy bot: press Play bots to let the bots play (or Step for one move).
>>> w.bot_step().kind
'select_knight'
"""

from __future__ import annotations

from .arguments import bundle
from .game_widget import OneGameWidget

__all__ = ["EmeraldWidget"]

GAME = "emerald"


class EmeraldWidget(OneGameWidget):
    """Play Emerald in a notebook: the board, legal moves to click, timeline, bots, views.

    Args:
        players: 2 to 5 seats.
        seed: the integer every shuffle and die roll derives from (``None``: drawn at random).
        seats: ``"human"`` or a bot name (``"greedy"``, ``"random"``) per seat; default all human.
        viewer: ``"teacher"`` (everything), ``"hotseat"`` (the person to move) or ``"0"``.. (one seat).
        chance: ``"auto"`` rolls the dragon die by itself; ``"manual"`` lets you pick the roll.
        game: an existing Emerald game to show instead of creating one (then pass none of players,
            seed, chance or options).
        pace, playing: the bots' pace in seconds and whether they start playing at once.
        take_backs: ``False`` forbids rewinding and undo (timeline and Undo) in a seat view
            (``"hotseat"`` or a seat), so no one can take a card, see what it uncovered and take it
            back; the ``"teacher"`` view may still rewind. Default ``True``.
        **options: Emerald's game options (``dragonwidgets.engine.game_class("emerald").option_defaults``).

    Raises:
        TypeError: an unknown keyword (the message lists the accepted ones and the game options), or
            ``game=`` together with game settings.
        ValueError: a player count or option value the game refuses.
    """

    GAME = GAME
    TITLE = "Emerald"
    _esm = bundle(GAME)

    def _situation(self) -> str:
        """Say who must do what now, in Emerald's words (from the observation this view has)."""
        obs = self.observation
        decision = obs.get("decision")
        pending = obs.get("pending") or {}
        colours = self.board.get("colours", {})
        if decision == "select_knight":
            second = obs.get("knights_moved", 0) > 0
            what = "move a second knight or end the turn" if second else "move a knight (first of up to two)"
        elif decision == "take_card":
            what = f"take a face-up card on {obs.get('last_destination') or 'the square'}"
        elif decision == "dragon_roll":
            what = "roll the dragon die"
        elif decision == "reveal_card":
            what = "turn up the next card of the pile"
        elif decision == "choose_victim":
            what = f"choose which knight the dragon captures on {obs.get('dragon', {}).get('square', '?')}"
        elif decision == "pay_or_lose":
            colour = colours.get(pending.get("victim_colour"), {}).get("name", pending.get("victim_colour", ""))
            what = f"pay the dragon one gold card or lose the {colour.lower()} knight on {pending.get('square', '?')}"
        else:
            what = (decision or "decide").replace("_", " ")
        return f"Turn {obs.get('turn', '?')} · {self._who_must(what, obs.get('active_player', 0))}"
