"""``DraghanWidget``: Draghan – Once Upon a Dragon on a card table (the characters, the location and the
realm, the encounters with the icons placed at each, the market, the dragon) with a fight hint.

The widget adds one key to the observation it sends, ``hint``: during the fight declarations
(``declare_target``, ``declare_equipment``, ``assign_assist``) the best fight plans that defeat every
monster on the table, at most three, searched exactly by ``game.fight_plans()`` (DG-FIGHT-1..7,
DG-DRAGON-5, DG-LOC-3), kept only if they agree with the declarations already made and shown as
played from there (see :func:`fight_hint`). Draghan is open (section 7): the plans use nothing a seat
may not see.

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

from typing import Any

from ..engine import Game
from ..games.draghan.fight import add, defeats, icons
from .arguments import bundle
from .game_widget import OneGameWidget

__all__ = ["DraghanWidget", "fight_hint"]

GAME = "draghan"
#: The decisions during which the hint is sent.
HINT_DECISIONS = ("declare_target", "declare_equipment", "assign_assist")
#: At most this many plans in the hint.
MAX_PLANS = 3
REALMS = {"draghan": "Draghan", "shadow": "Shadow Realm"}


def _declared(obs: dict[str, Any]) -> tuple[list[int], int | None]:
    """The seats whose declaration is finished, and the seat declaring now (DG-INT-15: seat order
    from the active player; everyone has declared at ``assign_assist``)."""
    heroes = obs.get("heroes") or []
    n = len(heroes)
    active = obs.get("active_player") or 0
    order = [s for s in ((active + k) % n for k in range(n)) if heroes[s] is not None]
    current = obs.get("declaring")
    if obs.get("decision") == "assign_assist" or current is None:
        return order, None
    return order[: order.index(current)], current


def _agrees(plan: Any, obs: dict[str, Any], done: list[int], current: int | None) -> bool:
    """Check if ``plan`` can still be played from here.

    A finished seat agrees when the plan leaves it out (its icons where it stands only add there) or
    has it at the monster it faces with cards it has all committed; the seat declaring its
    equipment agrees when the plan leaves it out or has it at its monster (it may still add cards).
    """
    targets, used = obs.get("targets") or {}, obs.get("used") or {}
    for seat in done:
        wanted = plan.targets.get(seat)
        if wanted is None:
            continue
        if targets.get(str(seat)) != wanted or not set(plan.cards.get(seat, ())) <= set(used.get(str(seat), [])):
            return False
    if current is not None and obs.get("decision") == "declare_equipment":
        wanted = plan.targets.get(current)
        return wanted is None or targets.get(str(current)) == wanted
    return True


def _from_here(plan: Any, obs: dict[str, Any], done: list[int], current: int | None) -> tuple[dict, dict]:
    """The plan as it would be played from here: the declarations made replace its placements of
    those seats (where each faces and what it committed), the seat declaring its equipment adds
    the plan's cards it has not committed yet. Returns ``(targets, cards)`` by seat."""
    targets: dict[int, str] = dict(plan.targets)
    cards = {s: list(c) for s, c in plan.cards.items()}
    declared, used = obs.get("targets") or {}, obs.get("used") or {}
    seats = list(done) + ([current] if current is not None and obs.get("decision") == "declare_equipment" else [])
    for seat in seats:
        mine = list(used.get(str(seat), []))
        if seat == current and plan.targets.get(seat) == declared.get(str(seat)):
            mine += [c for c in plan.cards.get(seat, ()) if c not in mine]
        targets.pop(seat, None)
        cards.pop(seat, None)
        if declared.get(str(seat)) is not None:
            targets[seat] = declared[str(seat)]
            if mine:
                cards[seat] = mine
    return targets, cards


def _outcome(targets: dict, cards: dict, assist_to: str | None, obs: dict[str, Any],
             layout: dict[str, Any]) -> tuple[bool, bool]:
    """(every monster but the dragon falls, the dragon falls) for these placements (DG-FIGHT-6/7,
    DG-DRAGON-5), with the icons the characters show, their cards' and the assist location's."""
    placed: dict[str, tuple[int, int, int]] = {}

    def put(monster: str, text: str) -> None:
        placed[monster] = add(placed.get(monster, (0, 0, 0)), icons(text))

    for seat, monster in targets.items():
        put(monster, obs["heroes"][seat]["shows"])
        for c in cards.get(seat, ()):
            put(monster, layout["cards"][c]["icons"])
    if assist_to is not None:
        put(assist_to, obs.get("assist") or "")
    table = obs.get("table") or []
    others = all(defeats(m["req"], placed.get(m["id"], (0, 0, 0))) for m in table if not m["dragon"])
    dragon = any(m["dragon"] and defeats(m["req"], placed.get(m["id"], (0, 0, 0))) for m in table)
    return others, others and dragon


def _can_clear(obs: dict[str, Any]) -> bool:
    """Check if the table could be cleared at all: each monster needs a character of its own, the
    assist location may take one more (DG-FIGHT-1, DG-LOC-3). Spares the search on a crowded table."""
    monsters = sum(1 for m in obs.get("table") or [] if not m.get("dragon"))
    characters = sum(1 for h in obs.get("heroes") or [] if h is not None)
    return monsters <= characters + (1 if obs.get("assist") else 0)


class _Names:
    """The game's words for the cards and characters of one observation."""

    def __init__(self, game: Game, obs: dict[str, Any], layout: dict[str, Any]):
        self.game = game
        self.cards = layout["cards"]
        table = obs.get("table") or []
        names = [self.cards[m["id"]]["name"] for m in table if not m.get("dragon")]
        self.twice = {n for n in names if names.count(n) > 1}
        self.dragon = obs.get("dragon")

    def monster(self, mid: str) -> str:
        card = self.cards[mid]
        if card["kind"] == "dragon_card":
            return f"the dragon ({self.cards[self.dragon]['name']})" if self.dragon else "the dragon"
        return f"{card['name']} {mid}" if card["name"] in self.twice else card["name"]

    def plan_text(self, targets: dict, cards: dict, assist_to: str | None, dragon: bool, obs: dict[str, Any]) -> str:
        """"Elf → Goblin, Wizard + Lute → Merchant, Watchtower (SS) → Orc Brute", and the dragon's fate."""
        parts = []
        for seat in sorted(targets):
            kit = "".join(f" + {self.cards[c]['name']}" for c in cards.get(seat, ()))
            parts.append(f"{self.game.player_name(seat)}{kit} → {self.monster(targets[seat])}")
        location = obs.get("location")
        if assist_to is not None and location:
            parts.append(f"{self.cards[location]['name']} ({obs.get('assist')}) → {self.monster(assist_to)}")
        text = ", ".join(parts) or "nobody needs to fight"
        if self.dragon:
            text += ": the dragon falls" if dragon else " (the dragon survives)"
        return text


def _wasteful(plan: dict[str, Any], plans: Any) -> bool:
    """Check if another plan places everyone alike with fewer of the same cards and fares as well
    (played from here, the declarations made can make a card of the search's plan needless)."""
    def cards(p: dict[str, Any]) -> set[tuple[str, str]]:
        return {(s, c) for s, cs in p["cards"].items() for c in cs}

    return any(o is not plan and o["targets"] == plan["targets"] and o["assist"] == plan["assist"]
               and o["dragon"] >= plan["dragon"] and cards(o) < cards(plan) for o in plans)


def fight_hint(game: Game, obs: dict[str, Any], plans: list[Any] | None = None,
               layout: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """Return the fight hint for the observation ``obs`` of ``game``, or ``None`` outside a fight.

    ``{"plans": [...], "count": n, "note": str}``: at most three plans best first, each
    ``{"targets": {seat: monster id}, "cards": {seat: [card ids]}, "assist": monster id | None,
    "dragon": bool, "text": "Elf → Goblin, Wizard + Lute → Merchant"}`` (seats as strings, the
    dragon as its dragon card's id), that defeat every monster but the dragon (DG-RESULT-7,
    DG-DRAGON-7) when the declarations still to come follow them. A plan is shown as it would be
    played from here: with the declarations already made (DG-INT-15), whose icons may make the dragon
    fall where the search's plan alone would not. ``count`` says how many such plans there are;
    ``plans`` may pass ``game.fight_plans()`` and ``layout`` ``game.board_layout()`` already computed.

    >>> import dragonwidgets
    >>> g = dragonwidgets.new_game("draghan", players=2, seed=6, first_player=0)
    >>> _ = g.apply("choose CH1"), g.apply("choose CH3")
    >>> hint = fight_hint(g, g.observation(0))
    >>> hint["count"], hint["plans"][0]["targets"], hint["plans"][0]["cards"]
    (1, {'0': 'D01', '1': 'D15'}, {'1': ['M04']})
    >>> _ = g.apply("face D15")  # the Elf goes elsewhere than the plan: no plan clears the table now
    >>> fight_hint(g, g.observation(0))["note"]
    'No plan from here defeats every monster: the Elf will be wounded.'
    """
    if obs.get("decision") not in HINT_DECISIONS:
        return None
    layout = layout or game.board_layout()  # type: ignore[attr-defined]
    names = _Names(game, obs, layout)
    found: dict[tuple, dict[str, Any]] = {}
    if _can_clear(obs):
        done, current = _declared(obs)
        for plan in game.fight_plans() if plans is None else plans:  # type: ignore[attr-defined]
            if not plan.all_defeated or not _agrees(plan, obs, done, current):
                continue
            targets, cards = _from_here(plan, obs, done, current)
            others, dragon = _outcome(targets, cards, plan.assist, obs, layout)
            key = (tuple(sorted(targets.items())), tuple(sorted((s, tuple(c)) for s, c in cards.items())), plan.assist)
            if others and key not in found:
                found[key] = {
                    "targets": {str(s): m for s, m in sorted(targets.items())},
                    "cards": {str(s): c for s, c in sorted(cards.items()) if c},
                    "assist": plan.assist,
                    "dragon": dragon,
                    "text": names.plan_text(targets, cards, plan.assist, dragon, obs),
                }
    # the dragon's fall first; otherwise the search's order (sorted() is stable)
    ranked = sorted((p for p in found.values() if not _wasteful(p, found.values())), key=lambda p: not p["dragon"])
    a = obs["active_player"]
    active = game.player_name(a)
    if not ranked:
        hero = (obs.get("heroes") or [None] * (a + 1))[a]
        fate = "wounded again and drop out" if hero and hero["wounded"] else "wounded"
        note = f"No plan from here defeats every monster: the {active} will be {fate}."
    elif names.dragon and not ranked[0]["dragon"]:
        note = "Every monster can fall, but not the dragon this round."
    else:
        n = len(ranked)
        note = f"{n} plan{'s' * (n != 1)} from here defeat{'s' * (n == 1)} every monster" + \
            (": the dragon falls." if names.dragon else ".")
    return {"plans": ranked[:MAX_PLANS], "count": len(ranked), "note": note}


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
        replacement's after a drop-out) and the fight hint merged in (``hint``)."""
        with self.hold_sync():
            super()._publish()
            names = [self._game.player_name(i) for i in range(self._game.players)]
            if names != self.player_names:
                self.player_names = names
            obs = self.observation
            self.observation = {**obs, "hint": fight_hint(self._game, obs, self._fight_plans(obs), self.board)}

    def _fight_plans(self, obs: dict[str, Any]) -> list[Any] | None:
        """``game.fight_plans()`` once per round's table: it does not change while the team declares."""
        if obs.get("decision") not in HINT_DECISIONS or not _can_clear(obs):
            return None
        key = (obs["round"], obs["location"], obs.get("dragon"), tuple(m["id"] for m in obs["table"]),
               tuple(None if h is None else (h["shows"], tuple(h["equipment"])) for h in obs["heroes"]))
        if key not in self._plans:
            if len(self._plans) > 16:
                self._plans.clear()
            self._plans[key] = self._game.fight_plans()  # type: ignore[attr-defined]
        return self._plans[key]

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
        if decision == "choose_character":
            return f"Setting up · {self._what(obs, decision)}"
        return f"Round {obs.get('round')} · {REALMS.get(obs.get('realm'), obs.get('realm'))} · {self._what(obs, decision)}"

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
        active = self._who(a)
        player = self._game.current_player
        if decision == "choose_character":
            return f"{self._who(player)} chooses a character"
        if decision in ("heal_1", "heal_2"):
            again = " again" if decision == "heal_2" else ""
            return f"{active} is wounded and may play a healing card{again}"
        if decision == "portal_choice":
            n = len(obs.get("portals_up") or [])
            return f"the team may travel to the Shadow Realm (portal {n} of 3; {active} decides)"
        if decision == "theft":
            return f"a thief takes a random card from {active}"
        if decision == "draw_dragon":
            return "the dragon appears: a large dragon card is drawn"
        if decision == "declare_target":
            return f"{self._who(obs.get('declaring'))} chooses which monster to face"
        if decision == "declare_equipment":
            seat = obs.get("declaring")
            target = (obs.get("targets") or {}).get(str(seat))
            return f"{self._who(seat)} faces {self._monster(obs, target)}: which equipment to use"
        if decision == "assign_assist":
            return f"{active} gives the {self._card(obs.get('location'))}'s {obs.get('assist')} to one monster"
        if decision == "gold":
            return f"{active} shares out the odd coins"
        if decision == "replace":
            return f"Seat {a + 1} takes a new character" if a is not None else "a new character joins"
        if decision == "buy":
            hero = (obs.get("heroes") or [None] * (player + 1))[player]
            coins = hero["coins"] if hero else 0
            return f"{self._who(player)} may buy at the market ({coins} coin{'s' * (coins != 1)})"
        if decision == "share":
            return f"{active} may give one card to another character"
        if decision == "equipment_check":
            return f"{self._who(player)} carries too much and must discard"
        return f"{self._who(player)} to {(decision or 'decide').replace('_', ' ')}"

    def _monster(self, obs: dict[str, Any], mid: str | None) -> str:
        if mid is None:
            return "nothing"
        word = _Names(self._game, obs, self.board).monster(mid)
        return word if word.startswith("the ") else f"the {word}"
