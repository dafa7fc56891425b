"""``ChasseAuDragonWidget``: La Chasse au Dragon in an SVG forest (piles, camps, adventurers), the
management boards and the fight under way with its exact odds.

The widget adds one key to the observation it sends, ``odds``: the exact chances of the fight the
decision is about (CD-COMBAT-6, :func:`dragonwidgets.games.chasse_au_dragon.odds.fight_odds`), computed
from public values only (equipment dice, the revealed monster).

>>> w = ChasseAuDragonWidget(players=3, seed=1, first_player=0)
>>> print(w.status)
Round 1 · White to move (free step, no goblin quarters for more).
>>> w.act("step 3,1")  # no goblin quarter for a second step: the movement ends there
>>> print(w.status)
Round 1 · White to flee or fight the goblin (d4 against d4: win 40%, tie 20%).
>>> w.observation["odds"]
[{'seat': 0, 'opponent': None, 'monster': 'goblin', 'faces': [4, 4], 'win': 0.4, 'tie': 0.2, 'loss': 0.4}]
"""

from __future__ import annotations

from typing import Any

from ..engine import Outcome
from ..games.chasse_au_dragon.odds import fight_entry, fight_odds
from .arguments import bundle
from .game_widget import OneGameWidget

__all__ = ["ChasseAuDragonWidget"]

GAME = "chasse_au_dragon"
#: The status line's clause for the decisions worded the same every time but for the active player
#: (``{who}``); the others are worded by :meth:`ChasseAuDragonWidget._what` (CD-TURN-2's phases).
CLAUSES = {
    "place_camp": "{who} to pitch a camp on a free square of the forest edge",
    "raid": "{who} must roll 2d6 for the dragon raid",
    "camp": "{who} at camp: deposit, move goblins, change equipment or end the turn",
}


def _pct(p: float) -> str:
    return f"{round(p * 100)}%"


def _quarters(n: int) -> str:
    return "no goblin quarters" if n == 0 else f"{n} goblin quarter{'' if n == 1 else 's'}"


class ChasseAuDragonWidget(OneGameWidget):
    """Play La Chasse au Dragon in a notebook: the forest, steps and fights to click, the odds, bots.

    Args:
        players: 2 to 6 seats (White, Blue, Black, Orange, Red, Green in seat order).
        seed: the integer the deal and every die roll derive from (``None``: drawn at random).
        seats: ``"human"`` or a bot name (``dragonwidgets.bot_names("chasse_au_dragon")``) per seat;
            default all human.
        viewer: ``"teacher"`` (everything, the order of every pile included), ``"hotseat"`` (the
            person to move) or ``"0"``.. (one seat: the others' backpacks and vaults stay face down
            and their cage and dungeon are only judged by thickness, CD-ZONE-7).
        chance: ``"auto"`` throws the dice by itself; ``"manual"`` lets you pick every throw.
        game: an existing La Chasse au Dragon game to show instead of creating one (then pass none
            of players, seed, chance or options).
        pace, playing: the bots' pace in seconds and whether they start playing at once.
        take_backs: ``False`` forbids rewinding and undo in a seat view (``"hotseat"`` or a seat),
            so no one can meet a monster, see it and take the step back; the ``"teacher"`` view may
            still rewind. Default ``True``.
        **options: the game's options (``dragonwidgets.engine.game_class("chasse_au_dragon")
            .option_defaults``), e.g. ``dragon_raids=True``, ``first_player=0`` or ``max_rounds=20``.

    Raises:
        TypeError: an unknown keyword (the message lists the accepted ones and the game options), or
            ``game=`` together with game settings, or a game that is not La Chasse au Dragon.
        ValueError: a player count or option value the game refuses.

    >>> ChasseAuDragonWidget(players=3, seed=1, colour="red")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    TypeError: ChasseAuDragonWidget() got unexpected keyword argument(s) 'colour'; it takes players, ... options: ...
    >>> w = ChasseAuDragonWidget(players=2, seed=4, viewer="1", first_player=0)
    >>> w.observation["boards"][0]["backpack"] is None, "hidden" in w.observation
    (True, False)
    """

    GAME = GAME
    TITLE = "La Chasse au Dragon"
    _esm = bundle(GAME)

    # ------------------------------------------------------------------ what is sent
    def _observation_shown(self, seat: int | None) -> dict[str, Any]:
        """The view's observation with the exact odds of the fight in view merged in (``odds``)."""
        obs = super()._observation_shown(seat)
        return {**obs, "odds": fight_odds(obs)}

    def _game_over(self, out: Outcome | None) -> str:
        """The end, in wealth: "Game over: Red wins with a wealth of 14: ..." (CD-END, CD-SCORE)."""
        if out is None:
            return super()._game_over(out)
        names = " and ".join(self._game.player_name(p) for p in out.winners) or "nobody"
        verb = "win" if len(out.winners) > 1 else "wins"
        why = f": {out.reason}" if out.reason else ""
        return f"Game over: {names} {verb} with a wealth of {out.scores[out.winners[0]]}{why}."

    # ------------------------------------------------------------------ the status, in the game's words
    def _situation(self) -> str:
        """Say who must do what now, in La Chasse au Dragon's words (from this view's observation)."""
        obs = self.observation
        decision = obs.get("decision")
        head = "Setting up" if decision == "place_camp" else f"Round {obs.get('round')}"
        return f"{head} · {self._what(obs, decision)}"

    def _name(self, seat: int | None) -> str:
        return self._game.player_name(seat) if seat is not None else "?"

    def _what(self, obs: dict[str, Any], decision: str | None) -> str:
        """The decision due, as a clause with its subject ("Red to flee or fight the troll (...)")."""
        p = obs.get("active_player")
        who = self._name(p)
        if decision in CLAUSES:
            return CLAUSES[decision].format(who=who)
        if decision == "reveal":
            return f"the top card of the pile {who} meets on {obs['positions'][p]} is to be turned up"
        if decision == "move":
            return self._moving(obs, who)
        if decision in ("choose_duel", "duel_flight", "encounter"):
            return self._facing(obs, decision, who)
        if decision in ("flee_roll", "combat"):  # a flight roll or a throw of the fight (CD-COMBAT)
            return self._fleeing(obs) if decision == "flee_roll" else self._throwing(obs)
        return f"{who} to {(decision or 'decide').replace('_', ' ')}"

    def _facing(self, obs: dict[str, Any], decision: str, who: str) -> str:
        """Whom to duel, whether to flee a duel, whether to flee a monster: with the fight's odds (CD-DUEL,
        CD-ENC-2)."""
        p = obs.get("active_player")
        if decision == "choose_duel":
            fights = [f"{self._name(o['opponent'])} ({self._odds_words(o)})" for o in fight_odds(obs) or []]
            return f"{who} to duel {' or '.join(fights)}, or not"
        if decision == "duel_flight":
            q: Any = obs.get("defender")  # a seat number in the observation's JSON
            mine, theirs = obs["boards"][q]["power"], obs["boards"][p]["power"]
            return (f"{self._name(q)} must decide whether to flee {who}'s duel "
                    f"({self._odds_words(fight_entry(q, mine, theirs))})")
        card = (obs.get("revealed") or {}).get("card", "monster")
        odds = next(iter(fight_odds(obs) or []), None)
        words = f" ({self._odds_words(odds)})" if odds else ""
        if odds and odds["faces"][1] < odds["faces"][0]:
            return f"{who} to let the {card} go or fight it{words}"
        return f"{who} to flee or fight the {card}{words}"

    @staticmethod
    def _odds_words(o: dict[str, Any]) -> str:
        a, b = o["faces"]
        return f"d{a} against d{b}: win {_pct(o['win'])}, tie {_pct(o['tie'])}"

    @staticmethod
    def _moving(obs: dict[str, Any], who: str) -> str:
        p = obs["active_player"]
        quarters = obs["boards"][p].get("quarters")
        here = obs["positions"][p]
        if not obs.get("steps"):
            more = "goblin quarters" if quarters is None else _quarters(quarters)
            return f"{who} to move (free step, {more} for more)"
        if quarters == 0:
            return f"{who} to stop on {here} (no goblin quarter for another step)"
        left = "" if quarters is None else f", {_quarters(quarters)} left"
        return f"{who} to step on (one goblin quarter a step{left}) or stop on {here}"

    def _fleeing(self, obs: dict[str, Any]) -> str:
        f = obs.get("fleeing")
        n = obs["boards"][f]["power"] if f is not None else 0
        if obs.get("defender") is not None and f == obs.get("defender"):
            what = f"{self._name(obs.get('active_player'))}'s duel"
        else:
            what = f"the {(obs.get('revealed') or {}).get('card', 'monster')}"
        return f"{self._name(f)} must roll the d{n} to flee {what} (only a {n} succeeds)"

    def _throwing(self, obs: dict[str, Any]) -> str:
        fight = obs.get("fight") or {}
        side = fight.get("side", 0)
        faces = fight.get("faces") or [0, 0]
        throws = (fight.get("throws") or [[], []])[side]
        p = obs.get("active_player")
        if side == 0:
            thrower = f"{self._name(p)}'s d{faces[0]}"
        elif fight.get("kind") == "duel":
            thrower = f"{self._name(obs.get('defender'))}'s d{faces[1]}"
        else:
            card = (obs.get("revealed") or {}).get("card", "monster")
            roller = self._name((p + 1) % self._game.players) if p is not None else "?"
            thrower = f"the {card}'s d{faces[1]} (thrown by {roller})"
        if throws:
            so_far = "+".join(map(str, throws))
            return f"{thrower[0].upper()}{thrower[1:]} must be thrown again ({so_far} so far: it exploded)"
        if side == 1:
            total = sum((fight.get("throws") or [[], []])[0])
            return f"{self._name(p)} threw {total}; {thrower} must be thrown"
        other = f"{self._name(obs.get('defender'))}'s" if fight.get("kind") == "duel" else \
            f"the {(obs.get('revealed') or {}).get('card', 'monster')}'s"
        return f"{self._name(p)} must throw the d{faces[0]} against {other} d{faces[1]}"
