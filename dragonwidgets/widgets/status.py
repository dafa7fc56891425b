"""The status line: one sentence saying what happens now, as every game widget words it.

Game widgets refine :meth:`StatusLine._situation` (who must do what, in the game's own terms) and may
reword :meth:`StatusLine._game_over`; the rest (chance, a bot's turn, paused bots, another seat's decision)
is worded here once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import CHANCE, Action, Game, Outcome
from .views import HUMAN

if TYPE_CHECKING:  # the traits and the other parts' methods, for mypy (see _parts.py)
    from ._parts import WidgetParts
else:
    WidgetParts = object


def possessive(game: Game, player: int) -> str:
    """Return the seat's name as an owner: ``"Black's"``, and ``"Dwarves'"`` for a game whose seats are
    peoples (``plural_names``, Drachenland)."""
    return game.player_name(player) + ("'" if getattr(game, "plural_names", False) else "'s")


class StatusLine(WidgetParts):
    """The status sentences of :class:`~dragonwidgets.widgets.GameWidget`."""

    def _status(self, seat: int | None, visible: list[Action]) -> str:
        game = self._game
        player = game.current_player
        if player is None:
            return self._game_over(game.outcome())
        head = self._situation()
        if getattr(self, "editing", False):
            return f"{head}."  # the draft's situation: nobody plays until 'Play from here' (editing.py)
        if player == CHANCE:
            if seat is not None:  # only the teacher's view picks; a face-down card nobody at the table may see
                what = "card" if game.chance_outcomes_hidden else "outcome"
                if game.chance_mode == "manual":  # the seat's view waits for the teacher (views.py)
                    return f"{head}. Chance decides: the teacher picks the {what}; this view waits."
                return f"{head}. Chance decides: roll at random (Step)."
            return f"{head}. Chance decides: pick an outcome or roll at random."
        who = self.seats[player]
        if who != HUMAN:
            if self.playing:
                tail = "the bots are playing"
            elif self._rewound:
                tail = "the bots are paused after the rewind; press Play bots to let them go on (or Step for one move)"
                later = game.history_length - game.step  # a bot's move here branches: they are dropped
                if later:
                    tail += f": that replaces the {later} later step{'' if later == 1 else 's'} (→ on the timeline replays them)"
            else:
                tail = "press Play bots to let the bots play (or Step for one move)"
            return f"{head}. {game.player_name(player)} is played by the {who} bot: {tail}."
        if not visible or not self._may_choose_now(seat):
            return f"{head}. Waiting for {game.player_name(player)} (not this view's decision)."
        return f"{head}."

    def _game_over(self, out: Outcome | None) -> str:
        """The sentence at the end: who wins, with how many points, and why; games may word it their way."""
        game = self._game
        winners = list(out.winners) if out else []
        names = " and ".join(game.player_name(p) for p in winners) or "nobody"
        points = f" with {out.scores[winners[0]]} points" if out and winners else ""
        why = f": {out.reason}" if out and out.reason else ""
        plural = len(winners) > 1 or getattr(game, "plural_names", False)
        return f"Game over: {names} {'win' if plural else 'wins'}{points}{why}."

    def _who_must(self, what: str, active: int) -> str:
        """``"<player to move> to <what>"``, or at a chance node ``"<active seat> must <what>"`` (the seat
        whose turn the die or card belongs to)."""
        game = self._game
        player = game.current_player
        assert player is not None, "who must do what is said while the game goes on"
        if player == CHANCE:
            return f"{game.player_name(active)} must {what}"
        return f"{game.player_name(player)} to {what}"

    def _situation(self) -> str:
        """One clause saying who must do what; games refine it."""
        game = self._game
        obs = self.observation
        decision = (obs.get("decision") or "decide").replace("_", " ")
        player = game.current_player
        assert player is not None, "who must do what is said while the game goes on"
        who = "Chance" if player == CHANCE else game.player_name(player)
        return f"Step {game.step}: {who} to {decision}"
