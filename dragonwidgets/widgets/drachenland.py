"""``DrachenlandWidget``: Drachenland on an SVG map (volcanoes, stepping stones, rivers, dragons).

>>> w = DrachenlandWidget(players=3, seed=1, seats=["human", "random", "random"])
>>> print(w.status)
Opening round · Humans to bring an adventurer in and walk exactly 1 space.
>>> w.act("enter red")
>>> print(w.status)
Opening round · Humans to choose where red comes in (exactly 1 space).
"""

from __future__ import annotations

from typing import Any

from .arguments import bundle
from .game_widget import OneGameWidget

__all__ = ["DrachenlandWidget"]

GAME = "drachenland"
#: The status line's phrase for the decisions on the adventurer's volcano, worded the same but for the
#: adventurer (``{colour}``) and the volcano (``{where}``): its token turned up, then the treasure phase.
ON_THE_VOLCANO = {
    "reveal": "turn up the token of {where}",
    "treasure": "choose what {colour} takes on {where}",
    "magic_hand": "play a magic hand to take again on {where}, or finish",
    "take_again": "take treasure again on {where} (magic hand)",
}


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class DrachenlandWidget(OneGameWidget):
    """Play Drachenland in a notebook: the map, legal moves to click, timeline, bots, views.

    Args:
        players: 2 to 4 seats (Humans, Dwarves, Elves, Wizards in seat order).
        seed: the integer every shuffle and die roll derives from (``None``: drawn at random).
        seats: ``"human"`` or a bot name (``dragonwidgets.bot_names("drachenland")``) per seat;
            default all human.
        viewer: ``"teacher"`` (everything, face-down tokens included), ``"hotseat"`` (the person to
            move) or ``"0"``.. (one seat: the other hoards stay behind their screens).
        chance: ``"auto"`` rolls the dice by itself; ``"manual"`` lets you pick every roll.
        game: an existing Drachenland game to show instead of creating one (then pass none of
            players, seed, chance or options).
        pace, playing: the bots' pace in seconds and whether they start playing at once.
        take_backs: ``False`` forbids rewinding and undo (timeline and Undo) in a seat view
            (``"hotseat"`` or a seat), so no one can walk onto a volcano, see its token and take the
            step back; the ``"teacher"`` view may still rewind. Default ``True``.
        **options: Drachenland's game options
            (``dragonwidgets.engine.game_class("drachenland").option_defaults``), e.g.
            ``dice="standard_d6"`` or ``variant_open_hoards=True``.

    Raises:
        TypeError: an unknown keyword (the message lists the accepted ones and the game options), or
            ``game=`` together with game settings, or a game that is not Drachenland.
        ValueError: a player count or option value the game refuses.

    >>> DrachenlandWidget(players=3, seed=1, colour="red")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    TypeError: DrachenlandWidget() got unexpected keyword argument(s) 'colour'; it takes players, ... and the Drachenland options: ...
    """

    GAME = GAME
    TITLE = "Drachenland"
    _esm = bundle(GAME)

    def _situation(self) -> str:
        """Say who must do what now, in Drachenland's words (from the observation this view has)."""
        obs = self.observation
        turn = obs.get("turn") or 0
        head = "Opening round" if turn == 0 else f"Round {turn}"
        return f"{head} · {self._who_must(self._what(obs), obs.get('active_player') or 0)}"

    def _what(self, obs: dict[str, Any]) -> str:
        """The decision due, as a verb phrase ("choose a die (4 or 2)")."""
        decision = obs.get("decision")
        dice = obs.get("dice") or []
        action = obs.get("action") or {}
        colour = action.get("adventurer", "the adventurer")
        if decision in ON_THE_VOLCANO:
            return ON_THE_VOLCANO[decision].format(colour=colour, where=action.get("at") or "the volcano")
        if decision in ("roll", "fate", "reroll", "choose_die"):
            return self._dice(obs, decision, dice)
        if decision == "choose_adventurer":
            return self._choosing(obs, dice)
        if decision == "movement":
            return self._movement(obs, action, colour)
        return (decision or "decide").replace("_", " ")

    @staticmethod
    def _dice(obs: dict[str, Any], decision: str, dice: list[int]) -> str:
        """The roll, the fate token's choice, then the die to use (DL-TURN-2, DL-FATE-1)."""
        if decision == "fate":
            return f"keep the roll ({' and '.join(map(str, dice))}) or play the fate token"
        if decision == "choose_die":
            unused = [str(v) for v, used in zip(dice, obs.get("dice_used") or []) if not used]
            return f"choose a die ({' or '.join(unused)})"
        return "roll the dice" + (" again (fate)" if decision == "reroll" else "")

    @staticmethod
    def _choosing(obs: dict[str, Any], dice: list[int]) -> str:
        """The adventurer to move: in the opening round the one brought in (DL-OPEN), then one per die."""
        if obs.get("turn") == 0:
            return f"bring an adventurer in and walk exactly {_plural(obs.get('opening_distance') or 0, 'space')}"
        chosen = obs.get("chosen_die")
        die = f"the die {dice[chosen]}" if chosen is not None and chosen < len(dice) else "a die"
        return f"choose an adventurer for {die} (or end the turn)"

    @staticmethod
    def _movement(obs: dict[str, Any], action: dict[str, Any], colour: str) -> str:
        if obs.get("turn") == 0:
            return f"choose where {colour} comes in (exactly {_plural(obs.get('opening_distance') or 0, 'space')})"
        die = action.get("die_value")
        if not action.get("walked") and not action.get("die_spent") and die is not None:
            verb = "comes in and walks" if action.get("entering") else "walks"
            return f"choose where {colour} {verb} (die {die})"
        return f"move {colour} on with a token or a dragon, or end its movement"
