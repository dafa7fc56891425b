"""``DraghanWidget``: Draghan – Once Upon a Dragon on a card table (the characters, the location and the
realm, the encounters with the icons placed at each, the market, the dragon) with a fight hint.

The widget adds one key to the observation it sends, ``hint``: during the fight declarations
(``declare_target``, ``declare_equipment``, ``assign_assist``) the best fight plans that defeat every
monster on the table, at most three, searched exactly by ``game.fight_plans()`` (DG-FIGHT-1..7,
DG-DRAGON-5, DG-LOC-3), kept only if they agree with the declarations already made and shown as
played from there (:func:`dragonwidgets.games.draghan.hint.fight_hint`, importable from here too).
Draghan is open (section 7): the plans use nothing a seat may not see.

>>> w = DraghanWidget(players=2, seed=6, first_player=0)
>>> print(w.status)
Setting up · Seat 1 chooses a character.
>>> w.act("choose CH1"); w.act("choose CH3")
>>> print(w.status)
Round 1 · Draghan · the Elf chooses which monster to face.
>>> w.observation["hint"]["plans"][0]["text"]
'Elf → Goblin, Wizard + War Hammer → Puzzle Golem'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..games.draghan import state as phase
from ..games.draghan.hint import HINT_DECISIONS, Names, can_clear, fight_hint
from ..games.draghan.picture_pieces import REALMS
from .arguments import bundle
from .game_widget import OneGameWidget

if TYPE_CHECKING:
    from ..games.draghan.game import DraghanGame

__all__ = ["DraghanWidget", "fight_hint"]

GAME = "draghan"
#: The status line's clause for each decision worded the same every time but for who: ``{active}`` the active
#: character, ``{player}`` the seat to decide, ``{declaring}`` the character declaring (the phases of DG-ROUND).
CLAUSES = {
    phase.CHOOSE_CHARACTER: "{player} chooses a character",
    phase.HEAL_1: "{active} is wounded and may play a healing card",
    phase.HEAL_2: "{active} is wounded and may play a healing card again",
    phase.THEFT: "a thief takes a random card from {active}",
    phase.REVEAL_LOCATION: "the next location turns up (pick it)",
    phase.DRAW_MARKET: "a market card goes on display (pick it)",
    phase.REVEAL_ENCOUNTER: "the next encounter card turns up (pick it)",
    phase.JOIN_CARD: "a new character takes a market card (pick it)",
    phase.DRAW_DRAGON: "the dragon appears: a large dragon card is drawn",
    phase.DECLARE_TARGET: "{declaring} chooses which monster to face",
    phase.GOLD: "{active} shares out the odd coins",
    phase.SHARE: "{active} may give one card to another character",
    phase.CHECK: "{player} carries too much and must discard",
}


class DraghanWidget(OneGameWidget):
    """Play Draghan – Once Upon a Dragon in a notebook: the card table to click, the fight hint, bots.

    Draghan is cooperative and open: every seat sees the same table (only the teacher's view adds
    the order of the face-down decks, under ``hidden``). Solo play is one person at every seat.

    Args:
        players: the characters in play, 2 to 4 (one seat each, DG-INT-1).
        seed: the integer the decks' order and every shuffle derive from (``None``: drawn at random).
        seats: ``"human"`` or a bot name (``dragonwidgets.bot_names("draghan")``) per seat; default
            all human (solo, or friends around one screen).
        viewer: ``"hotseat"`` (default: the seat to decide; every seat sees the same table),
            ``"teacher"`` (adds the decks' order: a spoiler) or ``"0"``.. (one seat).
        chance: ``"auto"`` draws the random theft picks and the large dragon by itself;
            ``"manual"`` lets you pick them.
        game: an existing Draghan game to show instead of creating one (then pass none of players,
            seed, chance or options).
        pace, playing, take_backs: as for every widget (bots' pace in seconds, whether they start
            playing at once, whether a seat view may rewind).
        **options: the game's options (``dragonwidgets.engine.game_class("draghan").option_defaults``),
            e.g. ``first_player=0``, ``character_choice="random"`` or ``assist_alone=True``.

    Raises:
        TypeError: an unknown keyword (the message lists the accepted ones and the game options), or
            ``game=`` together with game settings, or a game that is not Draghan.
        ValueError: a character count or option value the game refuses.

    >>> DraghanWidget(players=3, seed=1, dragons=2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    TypeError: DraghanWidget() got unexpected keyword argument(s) 'dragons'; it takes players, ... options: ...
    >>> w = DraghanWidget(players=2, seed=3, viewer="1", character_choice="random", first_player=0)
    >>> w.player_names, "hidden" in w.observation, w.observation["deck_sizes"]["encounter_draghan"]
    (['Bard', 'Dwarf'], False, 50)
    """

    GAME = GAME
    TITLE = "Draghan"
    DEFAULT_VIEWER = "hotseat"
    _esm = bundle(GAME)

    def __init__(self, *args: Any, **kwargs: Any):
        self._plans: dict[tuple, list[Any]] = {}  # fight plans searched, by table (read while publishing)
        super().__init__(*args, **kwargs)

    # ------------------------------------------------------------------ what is sent
    def _publish(self) -> None:
        """Publish as every widget does, with the characters' names (chosen during setup, a
        replacement's after a drop-out)."""
        with self.hold_sync():
            super()._publish()
            names = [self._game.player_name(i) for i in range(self._game.players)]
            if names != self.player_names:
                self.player_names = names

    def _observation_shown(self, seat: int | None) -> dict[str, Any]:
        """The view's observation with the fight hint merged in (``hint``)."""
        obs = super()._observation_shown(seat)
        return {**obs, "hint": fight_hint(self._draghan(), obs, self._fight_plans(obs), self.board)}

    def _draghan(self) -> DraghanGame:
        """The game shown: a Draghan game (this widget is made for one, and an edit keeps its class)."""
        return cast("DraghanGame", self._game)

    def _fight_plans(self, obs: dict[str, Any]) -> list[Any] | None:
        """``game.fight_plans()`` once per round's table: it does not change while the team declares."""
        if obs.get("decision") not in HINT_DECISIONS or not can_clear(obs):
            return None
        key = (obs["round"], obs["location"], obs.get("dragon"), tuple(m["id"] for m in obs["table"]),
               tuple(None if h is None else (h["shows"], tuple(h["equipment"])) for h in obs["heroes"]))
        plans = getattr(self, "_plans", None)
        if plans is None:  # a lesson widget (lessons/widget.py) runs GameWidget.__init__, not this class's
            plans = self._plans = {}
        if key not in plans:
            if len(plans) > 16:
                plans.clear()
            plans[key] = self._game.fight_plans()  # type: ignore[attr-defined]
        return plans[key]

    def _status(self, seat: int | None, visible: list[Any]) -> str:
        out = self._game.outcome()
        if self._game.current_player is not None or out is None:
            return super()._status(seat, visible)
        if out.winners:
            return f"Game over: the team wins ({self._won_words()})."
        return f"Game over: the team loses: {out.reason or 'the team is beaten'}."

    def _won_words(self) -> str:
        obs = self._game.observation(None)
        dragon = self.board["cards"][obs["dragon"]]["name"] if obs.get("dragon") else "dragon"
        return f"the {dragon} is defeated in round {obs['round']}"

    # ------------------------------------------------------------------ the status, in the game's words
    def _situation(self) -> str:
        """Say who must do what now, in Draghan's words (from this view's observation)."""
        obs = self.observation
        decision = obs.get("decision")
        if obs.get("result") == "won":
            return "The team wins!"
        if obs.get("result") == "lost":
            return f"The team loses: {self._game.outcome().reason}"  # type: ignore[union-attr]
        if decision == phase.CHOOSE_CHARACTER or obs.get("round") == 0:  # a set-up choice, or its market card
            return f"Setting up · {self._what(obs, decision)}"
        realm: Any = obs.get("realm")  # a realm's key in the observation's JSON
        return f"Round {obs.get('round')} · {REALMS.get(realm, realm)} · {self._what(obs, decision)}"

    def _who(self, seat: int | None) -> str:
        if seat is None or seat < 0:
            return "chance"
        name = self._game.player_name(seat)
        return name if name.startswith("Seat ") else f"the {name}"

    def _card(self, cid: str | None) -> str:
        return self.board["cards"][cid]["name"] if cid else "?"

    def _what(self, obs: dict[str, Any], decision: str | None) -> str:
        """The decision due, as a clause with its subject ("the Elf chooses which monster to face")."""
        a = obs.get("active_player")
        player = self._game.current_player
        said = CLAUSES.get(decision or "")
        if said is not None:
            return said.format(active=self._who(a), player=self._who(player), declaring=self._who(obs.get("declaring")))
        if decision == phase.PORTAL:
            n = len(obs.get("portals_up") or [])
            return f"the team may travel to the Shadow Realm (portal {n} of 3; {self._who(a)} decides)"
        if decision == phase.DECLARE_EQUIPMENT:
            seat = obs.get("declaring")
            target = (obs.get("targets") or {}).get(str(seat))
            return f"{self._who(seat)} faces {self._monster(obs, target)}: which equipment to use"
        if decision == phase.ASSIST:
            where = self._card(obs.get("location"))
            return f"{self._who(a)} gives the {where}'s {obs.get('assist')} to one monster"
        if decision == phase.REPLACE:
            return f"Seat {a + 1} takes a new character" if a is not None else "a new character joins"
        if decision == phase.BUY:
            assert player is not None, "a seat buys at the market"
            hero = (obs.get("heroes") or [None] * (player + 1))[player]
            coins = hero["coins"] if hero else 0
            return f"{self._who(player)} may buy at the market ({coins} coin{'s' * (coins != 1)})"
        return f"{self._who(player)} to {(decision or 'decide').replace('_', ' ')}"

    def _monster(self, obs: dict[str, Any], mid: str | None) -> str:
        if mid is None:
            return "nothing"
        word = Names(self._draghan(), obs, self.board).monster(mid)
        return word if word.startswith("the ") else f"the {word}"
