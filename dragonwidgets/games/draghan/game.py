"""``DraghanGame``: the cooperative round of the digest's section 6.3 on the engine's ``Game``.

Seats are characters (``players`` = characters in play, 2..4; one person may play several seats: solo,
DG-SOLO). Every card, deck order and shuffle comes from the seed: deck orders are dealt at setup and the
shuffles of the game (a fled monster into the Shadow deck, returns to it) use a generator derived from
the seed and the step, so the whole game is a function of the seed and the decisions. The chance
nodes a teacher may pick by hand are the random theft pick (``lose {card}``), the large dragon drawn
(``dragon {id}``) and, with ``replacement_character="random"``, the replacement (``replace {id}``).
With ``character_choice="random"`` the first step is the forced chance node ``deal``: the characters
are dealt from the shuffled character cards, and round 1 begins in that step, with its events.

Action id grammar (the Draghan contract): ``choose {character}``, ``heal {card}`` / ``pass``,
``travel`` / ``stay``, ``face {monster}`` / ``face dragon`` / ``face none``, ``use {card}`` / ``done``,
``assist {monster}`` / ``assist dragon`` / ``assist none``, ``extra {monster} {seat}+{seat}``,
``replace {character}``, ``buy {card}`` / ``pass``, ``give {card} {seat}`` / ``skip``,
``discard {card}``; chance: ``deal``, ``lose {card}``, ``dragon {id}``, ``replace {character}``.
"""

from __future__ import annotations

import random
from dataclasses import asdict
from itertools import combinations
from typing import Any, ClassVar

from dragonwidgets.engine import CHANCE, Action, Event, Game, Outcome

from . import actions, text
from .cards import BUNDLED_DECKS, Decks, build_location_deck, load_decks, shuffle, shuffled
from .determinize import resample_hidden
from .fight import NO_ICONS, Icons, Plan, add, defeats, icons, search
from .observation import observe
from .tables import Tables, tables
from .state import (
    ASSIST,
    BUY,
    CHECK,
    CHOOSE_CHARACTER,
    DECLARE_EQUIPMENT,
    DECLARE_TARGET,
    DRAGHAN,
    DRAW_DRAGON,
    GOLD,
    HEAL_1,
    HEAL_2,
    MARKET_DISPLAY,
    MAX_CHARACTERS,
    MIN_CHARACTERS,
    OVER,
    PORTAL,
    REPLACE,
    SHADOW,
    SHARE,
    THEFT,
    DraghanState,
    Hero,
)

_LAYOUTS: dict[int, tuple[Decks, dict[str, Any]]] = {}


def _layout(decks: Decks) -> dict[str, Any]:
    """Every card's fields, computed once per loaded decks (``board_layout``; the decks are never mutated)."""
    hit = _LAYOUTS.get(id(decks))
    if hit is None or hit[0] is not decks:
        hit = _LAYOUTS[id(decks)] = (decks, {"cards": {cid: asdict(decks.card(cid)) for cid in decks.cards},
                                             "limits": dict(decks.limits), "coins": decks.coins})
    return hit[1]


#: The phases decided by the seat at the head of a queue of the state (the queue's field name).
_QUEUED = {DECLARE_TARGET: "declaring", DECLARE_EQUIPMENT: "declaring", BUY: "buyers", CHECK: "checkers"}
#: The phases decided by the active player (DG-ROUND-2); REPLACE too, unless it is drawn.
_BY_ACTIVE = frozenset((HEAL_1, HEAL_2, PORTAL, ASSIST, GOLD, SHARE))
_CHANCE = frozenset((THEFT, DRAW_DRAGON))
#: The one outcome of the deal (``character_choice="random"``, DG-SETUP-6): it names no card, since the
#: characters come face down from their shuffled cards.
DEAL = Action("deal", "Deal one character to each seat from the shuffled character cards", CHANCE, "deal",
              ("characters",), ("DG-SETUP-6",), 1.0)

#: The method listing each decision's legal actions.
_ACTIONS_OF = {
    CHOOSE_CHARACTER: "_choose_actions", HEAL_1: "_heal_actions", HEAL_2: "_heal_actions",
    PORTAL: "_portal_actions", DECLARE_TARGET: "_target_actions", DECLARE_EQUIPMENT: "_equipment_actions",
    ASSIST: "_assist_actions", GOLD: "_gold_actions", REPLACE: "_replace_actions", BUY: "_buy_actions",
    SHARE: "_share_actions", CHECK: "_check_actions",
}

SHUFFLE_TAG = 1 << 30  # the generator of a shuffle inside step k is _rng(SHUFFLE_TAG + k): never a chance tag


def _campaign_dragons(option: str, d: Decks) -> list[str]:
    """DG-CAMP-3: the large dragons in play, without those ``campaign_defeated_dragons`` sets aside.

    Raises ``ValueError`` on an unknown dragon id. With every dragon set aside, all of them play.

    >>> from .cards import load_decks
    >>> _campaign_dragons("G1, G3", load_decks()), _campaign_dragons("", load_decks())
    (['G2', 'G4'], ['G1', 'G2', 'G3', 'G4'])
    """
    if not option:  # the default: no campaign
        return list(d.dragons)
    beaten = [x for x in option.split(",") if x.strip()]
    unknown = [x for x in beaten if x.strip() not in d.dragons]
    if unknown:
        raise ValueError(f"campaign_defeated_dragons names unknown dragons {unknown}; the dragons are {list(d.dragons)}")
    return [g for g in d.dragons if g not in {x.strip() for x in beaten}] or list(d.dragons)


class DraghanGame(Game):
    """A game of Draghan – Once Upon a Dragon for a team of 2 to 4 characters (rules digest ``DG``).

    Options (``option_defaults``; each default is the digest's choice):

    - ``first_player`` (-1): the seat holding the map in round 1; -1 draws it from the seed (DG-SETUP-9).
    - ``character_choice`` ("choose"): each seat picks its character; "random": dealt from the seed (DG-SETUP-6).
    - ``replacement_character`` ("choose"): the player picks the replacement; "random": drawn (DG-INT-13).
    - ``portal_decision_time`` ("reveal"): travel is chosen when a portal turns up; "end_of_round": in
      phase 8 (DG-INT-19).
    - ``unlimited_coins`` (False): the supply never runs dry; default: 28 coins, payments take what is left (DG-INT-24).
    - ``assist_alone`` (False): the assist location may defeat a monster no character faces (DG-INT-6).
    - ``campaign_defeated_dragons`` (""): large dragons set aside after earlier wins, e.g. "G1,G3" (DG-CAMP-3).
    - ``decks_file`` (""): a decks JSON file of your own; "" is the bundled reconstruction (DG-REC-*).

    >>> g = DraghanGame(players=2, seed=1, first_player=0)
    >>> g.legal_action_ids()
    ['choose CH1', 'choose CH2', 'choose CH3', 'choose CH4', 'choose CH5', 'choose CH6']
    """

    name: ClassVar[str] = "draghan"
    version: ClassVar[int] = 1
    min_players: ClassVar[int] = MIN_CHARACTERS
    max_players: ClassVar[int] = MAX_CHARACTERS
    #: The team wins or loses together: every seat shares the outcome (DG-END-1).
    cooperative: ClassVar[bool] = True
    option_defaults: ClassVar[dict[str, Any]] = {
        "first_player": -1,  # DG-SETUP-9
        "character_choice": "choose",  # DG-SETUP-6
        "replacement_character": "choose",  # DG-INT-13
        "portal_decision_time": "reveal",  # DG-INT-19
        "unlimited_coins": False,  # DG-INT-24
        "assist_alone": False,  # DG-INT-6
        "campaign_defeated_dragons": "",  # DG-CAMP-3
        "decks_file": "",  # DG-REC-*: "" = data/decks.json
    }
    data_options: ClassVar[dict[str, str]] = {"decks_file": str(BUNDLED_DECKS)}

    state: DraghanState
    decks: Decks
    _t: Tables  # read-only lookups over the decks (shared by clones)

    # ------------------------------------------------------------------ setup (DG-SETUP-*)
    def _setup(self, rng: random.Random) -> DraghanState:
        """Shuffle the six decks, build the location deck, set the first player (DG-SETUP-1..9).

        With ``character_choice="random"`` the shuffled character cards stay face down in
        ``decks["characters"]`` (none is set aside yet) until the ``deal`` step deals them (DG-SETUP-6);
        with "choose" that deck is empty and all six lie face up, set aside, to choose from.
        Raises ``ValueError`` on a bad option value and ``GameDataError`` on a bad decks file.
        """
        o = self.options
        self.decks = d = load_decks(o["decks_file"] or None)
        self._t = tables(d)
        for key, allowed in (("character_choice", ("choose", "random")), ("replacement_character", ("choose", "random")),
                             ("portal_decision_time", ("reveal", "end_of_round"))):
            if o[key] not in allowed:
                raise ValueError(f"{key} must be one of {allowed}, got {o[key]!r}")
        if not -1 <= o["first_player"] < self.players:
            raise ValueError(f"first_player must be -1 (drawn) or a seat 0..{self.players - 1}, got {o['first_player']}")
        dragons = _campaign_dragons(o["campaign_defeated_dragons"], d)  # DG-CAMP-3
        decks = {
            "location_draghan": build_location_deck(d, rng),
            "location_shadow": shuffled(d.location_shadow, rng),
            "encounter_draghan": shuffled(d.encounter_draghan, rng),
            "encounter_shadow": shuffled(d.encounter_shadow, rng),
            "market": shuffled(d.market, rng),
            "dragons": dragons,
        }
        characters = shuffled(d.characters, rng)
        first = rng.randrange(self.players) if o["first_player"] == -1 else o["first_player"]
        dealt = o["character_choice"] == "random"
        decks["characters"] = characters if dealt else []
        return DraghanState(players=self.players, first_player=first, decks=decks, heroes=[None] * self.players,
                            set_aside=[] if dealt else sorted(d.characters), supply=d.coins, active=first)

    def _copy_state(self) -> DraghanState:
        """Return a full, independent copy of the state for clones and search copies (:meth:`DraghanState.copy`)."""
        return self.state.copy()

    def _resample_hidden(self, seat: int, rng: random.Random) -> None:
        """Redeal, in place, the order of every face-down deck dealt from the top (section 7).

        Every seat sees the same table, so ``seat`` changes nothing. Uses only ``rng`` and the decks'
        contents (sorted first); the Draghan location deck keeps its blocks (DG-SETUP-2..4). See
        :mod:`.determinize`. Every observation is unchanged.
        """
        resample_hidden(self.state, self._t, rng)

    def log(self, viewer: int | None = None, upto: int | None = None, last: int | None = None
            ) -> list[dict[str, Any]]:
        """Return the log as every game does (:meth:`Game.log`), each row with ``name`` added: the name the
        deciding seat had when the line was written (``"chance"`` for a chance outcome).

        A seat's name changes during a game: ``"Seat 2"`` until its character comes, then the character's,
        a replacement's after a drop-out in Draghan (DG-WOUND-4), ``"Seat 2"`` again once it is out in the
        Shadow Realm (DG-WOUND-5). A line keeps the name it was written with, as its text does.

        >>> g = DraghanGame(players=2, seed=1, first_player=0)
        >>> _ = g.apply("choose CH1"), g.apply("choose CH3")
        >>> [(row["name"], row["text"]) for row in g.log()][:2]
        [('Seat 1', 'Seat 1 plays the Elf with the Circlet of Wits.'), ('Seat 2', 'Seat 2 plays the Wizard with the Golden Harp.')]
        """
        rows = super().log(viewer, upto, last)
        names = self._names_by_step(len(rows) and rows[-1]["step"])
        for row in rows:
            row["name"] = names[row["step"] - 1]
        return rows

    def _names_by_step(self, steps: int) -> list[str]:
        """The deciding seat's name at each of the first ``steps`` history entries, from the entries'
        events: a character joins (``character_joined``) or drops out (``dropped_out``)."""
        seats = [f"Seat {i + 1}" for i in range(self.players)]
        out = []
        for action, events in zip(self._actions[:steps], self._events[:steps]):
            out.append("chance" if action.player == CHANCE else seats[action.player])
            for ev in events:
                if ev.kind == "character_joined":
                    seats[ev.data["seat"]] = self._t.name[ev.data["character"]]
                elif ev.kind == "dropped_out":
                    seats[ev.data["seat"]] = f"Seat {ev.data['seat'] + 1}"
        return out

    def player_name(self, player: int) -> str:
        """Return the seat's character name, e.g. ``"Elf"`` (or ``"Seat 1"`` before it chose)."""
        try:
            hero = self.state.heroes[player]
        except AttributeError:  # no state yet (before _setup returns)
            hero = None
        return self._t.name[hero.card] if hero else f"Seat {player + 1}"

    def dragons_aside(self) -> list[str]:
        """Return the large dragons the campaign sets aside for this game, in file order (DG-CAMP-1..3).

        >>> DraghanGame(players=2, seed=1, campaign_defeated_dragons="G3,G1").dragons_aside()
        ['G1', 'G3']
        """
        playing = _campaign_dragons(self.options["campaign_defeated_dragons"], self.decks)
        return [g for g in self.decks.dragons if g not in playing]

    def board_layout(self) -> dict[str, Any]:
        """Return the static data sent to the browser once: every card of the decks (the contract)."""
        return _layout(self.decks)

    # ------------------------------------------------------------------ who decides
    def _player_to_move(self) -> int | None:
        """Return the seat to decide (the head of the phase's queue, else the active one), CHANCE, or None when over."""
        s = self.state
        phase = s.phase
        queue = _QUEUED.get(phase)
        if queue:  # declaring, buying, checking: in seat order from the active one
            return getattr(s, queue)[0]
        if phase in _BY_ACTIVE:
            return s.active
        if phase == OVER:
            return None
        if phase in _CHANCE or (phase == REPLACE and self.options["replacement_character"] == "random"):
            return CHANCE
        if phase == CHOOSE_CHARACTER:
            return CHANCE if s.decks["characters"] else self._seat_choosing()
        return s.active

    def _seat_choosing(self) -> int:
        """The seat whose character comes next at setup: seats fill in seat order (DG-SETUP-6)."""
        return sum(h is not None for h in self.state.heroes)

    def _legal_actions(self) -> list[Action]:
        return getattr(self, _ACTIONS_OF[self.state.phase])()

    def _name(self, cid: str) -> str:
        return self._t.name[cid]

    def _choose_actions(self) -> list[Action]:
        """DG-SETUP-6: each seat picks a character nobody has taken."""
        seat = self._player_to_move()
        taken = {h.card for h in self.state.heroes if h}
        return [actions.choose(self._t, seat, c) for c in self.decks.characters if c not in taken]  # type: ignore[arg-type]

    def _heal_actions(self) -> list[Action]:
        """DG-HEAL-1..3: the wounded active character may play one of its healing cards."""
        s, a = self.state, self.state.active
        character, first = s.heroes[a].card, s.phase == HEAL_1  # type: ignore[union-attr]
        out = [actions.heal(self._t, a, c, character, first) for c in self._healing_cards(a)]
        out.append(actions.no_heal(a))
        return out

    def _portal_actions(self) -> list[Action]:
        """DG-PORTAL-1, DG-INT-19: the team may travel to the Shadow Realm at the end of this round."""
        return list(actions.portal(self.state.active))

    def _target_actions(self) -> list[Action]:
        """DG-FIGHT-1, DG-INT-9: the declaring character faces one monster on the table, or none."""
        s, t = self.state, self._t
        seat, dragon = s.declaring[0], s.dragon
        character = s.heroes[seat].card  # type: ignore[union-attr]
        out = [actions.face(t, seat, character, m, dragon) for m in s.table]
        out.append(actions.face_none(t, seat, character))
        return out

    def _equipment_actions(self) -> list[Action]:
        """DG-FIGHT-3..5, DG-INT-34: commit own equipment with skill icons, one card at a time; then done."""
        s, t = self.state, self._t
        seat = s.declaring[0]
        target = s.targets[seat]
        out = [actions.use(t, seat, c, target, s.dragon) for c in self._usable_cards(seat)]  # type: ignore[arg-type]
        out.append(actions.done(seat))
        return out

    def _usable_cards(self, seat: int) -> list[str]:
        """DG-FIGHT-3: the seat's own cards with skill icons not yet committed to this fight."""
        skill, used = self._t.skill, self.state.used.get(seat, ())
        return [c for c in self.state.heroes[seat].equipment if c in skill and c not in used]  # type: ignore[union-attr]

    def _assist_actions(self) -> list[Action]:
        """DG-LOC-3, DG-FIGHT-5, DG-INT-6: the assist location's icons all go to one monster (one a character faces)."""
        s, a = self.state, self.state.active
        out = [actions.assist(self._t, a, m, s.assist, s.dragon) for m in self._assist_spots()]
        out.append(actions.assist_none(a))
        return out

    def _assist_spots(self) -> list[str]:
        """DG-INT-6: the monsters the assist may go to: those a character faces (any, with ``assist_alone``)."""
        s = self.state
        if self.options["assist_alone"]:
            return list(s.table)
        faced = set(s.targets.values())
        return [m for m in s.table if m in faced]

    def _gold_actions(self) -> list[Action]:
        """DG-RESULT-2, DG-INT-4: the active player gives the coins left over to distinct participants."""
        s, a = self.state, self.state.active
        monster, group, extra = s.gold_queue[0]
        out = []
        for who in combinations(group, extra):
            names = " and ".join(self.player_name(w) for w in who)
            out.append(Action(f"extra {monster} {'+'.join(map(str, who))}",
                              f"The {self._monster_name(monster)}'s odd coin{'s' * (extra > 1)} go{'es' * (extra == 1)} to the {names}",
                              a, "gold", tuple(f"hero/{w}" for w in who), ("DG-RESULT-2", "DG-INT-4")))
        return out

    def _replace_actions(self) -> list[Action]:
        """DG-WOUND-4, DG-INT-13: a new character from those set aside (chosen, or drawn with the option)."""
        s, a = self.state, self.state.active
        chance = self.options["replacement_character"] == "random"
        n = len(s.set_aside)
        return [Action(f"replace {c}", f"The {self._name(c)} joins the team", CHANCE if chance else a, "replace",
                       (f"card/{c}",), ("DG-WOUND-4", "DG-INT-13"), 1 / n if chance else None) for c in s.set_aside]

    def _chance_outcomes(self) -> list[Action]:
        s = self.state
        if s.phase == CHOOSE_CHARACTER:
            return [DEAL]
        if s.phase == REPLACE:
            return self._replace_actions()
        if s.phase == DRAW_DRAGON:
            n = len(s.decks["dragons"])
            return [Action(f"dragon {g}", f"The dragon is the {self._name(g)} ({self.decks.card(g).req})", CHANCE,
                           "draw_dragon", (f"card/{g}",), ("DG-DRAGON-1", "DG-CAMP-3"), 1 / n) for g in s.decks["dragons"]]
        kit = s.heroes[s.active].equipment  # type: ignore[union-attr]
        return [Action(f"lose {c}", f"The thief takes the {self._name(c)}", CHANCE, "theft_pick", (f"card/{c}",),
                       ("DG-LOC-5", "DG-EXPLORE-4", "DG-INT-14"), 1 / len(kit)) for c in kit]

    def _buy_actions(self) -> list[Action]:
        """DG-MARKET-1..3: a seat buys displayed cards it can afford with its own coins, or passes."""
        s, t = self.state, self._t
        seat = s.buyers[0]
        character = s.heroes[seat].card  # type: ignore[union-attr]
        out = [actions.buy(t, seat, character, c) for c in self._affordable(seat)]
        out.append(actions.no_buy(seat))
        return out

    def _affordable(self, seat: int) -> list[str]:
        """DG-MARKET-3: the displayed cards the seat can pay with its own coins."""
        card, coins = self._t.card, self.state.heroes[seat].coins  # type: ignore[union-attr]
        return [c for c in self.state.market_display if (card[c].price or 0) <= coins]

    def _share_actions(self) -> list[Action]:
        """DG-SHARE-1, DG-INT-27: the active character may give one card to another character."""
        s, a, t = self.state, self.state.active, self._t
        others = [(to, h.card) for to, h in enumerate(s.heroes) if h is not None and to != a]
        out = [actions.give(t, a, c, to, character) for c in s.heroes[a].equipment for to, character in others]  # type: ignore[union-attr]
        out.append(actions.skip(a))
        return out

    def _check_actions(self) -> list[Action]:
        """DG-EQUIP-1/2, DG-INT-26: a character over a body-part limit discards one card of that slot at a time."""
        s = self.state
        seat = s.checkers[0]
        character = s.heroes[seat].card  # type: ignore[union-attr]
        return [actions.discard(self._t, seat, character, c) for c in self._over_limit(seat)]

    # ------------------------------------------------------------------ card helpers
    def _dragon_card(self) -> str | None:
        """The id of the dragon card hidden in the Shadow encounter deck (DG-REC-4)."""
        return self._t.dragon_card

    def _req(self, m: str) -> str:
        """The icons monster ``m`` asks for (the dragon card: its large dragon's, DG-DRAGON-1)."""
        return self._t.req(m, self.state.dragon)

    def _monster_name(self, m: str | None) -> str:
        return self._t.monster_name(m, self.state.dragon)

    def _healing_cards(self, seat: int) -> list[str]:
        hero, heal = self.state.heroes[seat], self._t.heal
        return [c for c in hero.equipment if c in heal] if hero else []

    def _shows(self, seat: int) -> str:
        """The icons the seat's character shows now: healthy 3, wounded 1 (DG-FIGHT-2)."""
        hero = self.state.heroes[seat]
        card = self._t.card[hero.card]  # type: ignore[union-attr]
        return card.wounded if hero.wounded else card.healthy  # type: ignore[union-attr]

    def _over_limit(self, seat: int) -> list[str]:
        """The cards in the seat's over-full slots (DG-EQUIP-1: 1 head, 1 torso, 2 hands)."""
        equipment, slot_of = self.state.heroes[seat].equipment, self._t.slot  # type: ignore[union-attr]
        if len(equipment) <= 1:
            return []  # every limit is at least 1 (DG-EQUIP-1)
        slots = [slot_of[c] for c in equipment]
        if len(set(slots)) == len(slots):
            return []  # one card per slot (or none): within every limit
        out = []
        for slot, cap in self.decks.limits.items():
            if slots.count(slot) > cap:
                out += [c for c, at in zip(equipment, slots) if at == slot]
        return out

    # ------------------------------------------------------------------ applying
    def _apply(self, action: Action) -> list[Event]:
        ev: list[Event] = []
        s = self.state
        words = action.id.split()
        kind = action.kind
        if kind == "face":  # the most frequent decisions first (random play)
            self._face(None if words[1] == "none" else (self._t.dragon_card if words[1] == "dragon" else words[1]), ev)
        elif kind == "use":
            seat = s.declaring[0]
            s.used.setdefault(seat, []).append(words[1])
            if not self._usable_cards(seat):
                self._next_declarer(ev)
        elif kind == "done":
            self._next_declarer(ev)
        elif kind == "give":
            self._give(words[1], int(words[2]), ev)
        elif kind == "skip":
            self._heal_phase(HEAL_2, ev)
        elif kind == "choose_character":
            self._enter(s, self._seat_choosing(), words[1], ev)
            if all(h is not None for h in s.heroes):
                self._start_round(s, ev)
        elif kind == "deal":
            self._deal(ev)
        elif kind == "heal":
            self._heal(words[1], ev)
        elif kind == "pass" and s.phase in (HEAL_1, HEAL_2):
            self._after_heal(ev)
        elif kind in ("travel", "stay"):
            self._portal(kind == "travel", ev)
        elif kind == "theft_pick":
            self._lose_card(words[1], ev)
            self._resume(ev)
        elif kind == "draw_dragon":
            s.dragon = words[1]
            s.decks["dragons"].remove(words[1])  # DG-DRAGON-1: drawn from the face-down large dragons
            ev.append(Event("dragon_drawn", f"The dragon appears: the {self._name(words[1])} ({self.decks.card(words[1]).req}). "
                            "The endgame begins.", data={"dragon": words[1]}))
            self._explore(ev)
        elif kind == "assist":
            s.assist_target = None if words[1] == "none" else (self._dragon_card() if words[1] == "dragon" else words[1])
            self._resolve(ev)
        elif kind == "gold":
            monster, group, _ = s.gold_queue.pop(0)
            for seat in map(int, words[2].split("+")):
                self._pay(seat, 1)
            ev.append(Event("gold_extra", f"The odd coin{'s' * (len(words[2].split('+')) > 1)} of the "
                            f"{self._monster_name(monster)} go to " + " and ".join(self.player_name(int(x)) for x in words[2].split("+")) + "."))
            self._pay_gold(ev)
        elif kind == "replace":
            self._replace(words[1], ev)
        elif kind == "buy":
            self._buy(words[1], ev)
        elif kind == "pass":  # buying
            s.buyers.pop(0)
            self._next_buyer(ev)
        else:  # discard at the check
            self._check_discard(words[1], ev)
        return ev

    def _rng_now(self) -> random.Random:
        """The generator of the shuffles inside this step (deterministic from the seed and the step)."""
        return self._rng(SHUFFLE_TAG + self._step)

    # -- setup and the round's start
    def _deal(self, ev: list[Event]) -> None:
        """DG-SETUP-6, ``character_choice="random"``: each seat in turn gets the top character card; the
        rest are set aside face up (the replacements); round 1 begins."""
        s = self.state
        deck = s.decks["characters"]
        for seat in range(self.players):
            s.set_aside.append(deck[0])  # _enter takes it from the set-aside characters
            self._enter(s, seat, deck.pop(0), ev)
        s.set_aside = sorted(deck)
        deck.clear()
        self._start_round(s, ev)

    def _enter(self, s: DraghanState, seat: int, character: str, ev: list[Event]) -> None:
        """DG-SETUP-6/7, DG-WOUND-4: a character joins, healthy, 0 coins, with the top market card."""
        s.set_aside.remove(character)
        hero = Hero(character)
        s.heroes[seat] = hero
        if s.decks["market"]:
            hero.equipment.append(s.decks["market"].pop(0))
        got = f" with the {self._name(hero.equipment[0])}" if hero.equipment else ""
        ev.append(Event("character_joined", f"Seat {seat + 1} plays the {self._name(character)}{got}.",
                        data={"seat": seat, "character": character}))

    def _start_round(self, s: DraghanState, ev: list[Event]) -> None:
        """DG-ROUND-1: phase 1, healing, if the active character is wounded and holds a healing card."""
        s.round += 1
        s.location = None
        s.extra_draw = 0
        s.assist = ""
        s.assist_target = None
        s.portal_open = False
        s.market_display = []
        s.revealed_equipment = []
        s.targets, s.used = {}, {}
        self._heal_phase(HEAL_1, ev)

    def _heal_phase(self, phase: str, ev: list[Event]) -> None:
        """DG-HEAL-1..3: phase 1 (``HEAL_1``) or 6 (``HEAL_2``) is a decision only for a wounded character
        holding a healing card; otherwise the round goes on at once."""
        s = self.state
        hero = s.heroes[s.active]
        s.phase = phase
        if not (hero and hero.wounded and self._healing_cards(s.active)):
            self._after_heal(ev)

    def _heal(self, card: str, ev: list[Event]) -> None:
        """DG-HEAL-1/3: the card is discarded and the active character turns healthy."""
        s = self.state
        hero = s.heroes[s.active]
        hero.equipment.remove(card)  # type: ignore[union-attr]
        s.discard.append(card)
        hero.wounded = False  # type: ignore[union-attr]
        ev.append(Event("healed", f"The {self.player_name(s.active)} plays the {self._name(card)} and is healed."))
        self._after_heal(ev)

    def _after_heal(self, ev: list[Event]) -> None:
        if self.state.phase == HEAL_1:
            self._visit(ev)
        else:
            self._start_check(ev)

    # -- phase 2
    def _visit(self, ev: list[Event]) -> None:
        """DG-LOC-1..8, DG-END-4: turn up the next location of the realm and apply its ability first."""
        s = self.state
        deck = s.decks["location_shadow" if s.realm == SHADOW else "location_draghan"]
        if not deck:
            self._lose("no Shadow location is left to turn up", "DG-END-4", ev)
            return
        loc = deck.pop(0)
        s.location = loc
        card = self._t.card[loc]
        ev.append(Event("location", f"Round {s.round}: the {self.player_name(s.active)} turns up {card.name} ({card.ability}).",
                        data={"location": loc, "ability": card.ability}))
        ability = card.ability
        if ability == "portal":
            s.portals_up.append(loc)
        else:
            s.visited.append(loc)
        if ability == "heal":
            for h in s.heroes:
                if h:
                    h.wounded = False
            ev.append(Event("healed", "Every wounded character is healed (DG-LOC-2)."))
        elif ability == "assist":
            s.assist = card.icons
        elif ability == "threat":
            s.extra_draw = 1
        elif ability == "market":
            s.market_display = [s.decks["market"].pop(0) for _ in range(min(MARKET_DISPLAY, len(s.decks["market"])))]
            ev.append(Event("market", "For sale after the fight: " + ", ".join(
                f"{self._name(c)} ({self.decks.card(c).price})" for c in s.market_display) + "."))
        elif ability == "theft":
            s.resume = "location"
            if self._theft(ev):
                return
        elif ability == "portal":
            if len(s.portals_up) >= 3:  # DG-PORTAL-6
                s.travel_pending = True
                ev.append(Event("portal", "The third portal: the team must travel to the Shadow Realm at the end of this round."))
            elif self.options["portal_decision_time"] == "reveal":
                s.phase = PORTAL
                return
            else:
                s.portal_open = True
        self._start_explore(ev)

    def _portal(self, travel: bool, ev: list[Event]) -> None:
        s = self.state
        s.travel_pending = travel
        ev.append(Event("portal", "The team will travel to the Shadow Realm at the end of this round." if travel
                        else "The team stays in Draghan; the portal stays face up."))
        if s.phase == PORTAL and s.portal_open:  # the end-of-round choice (DG-INT-19 option)
            s.portal_open = False
            self._end_round(ev)
        else:
            self._start_explore(ev)

    def _theft(self, ev: list[Event]) -> bool:
        """DG-LOC-5, DG-EXPLORE-4: a coin, else a random equipment card (a chance node if several), else nothing.

        Returns True when a chance node must pick the card.
        """
        s, a = self.state, self.state.active
        hero = s.heroes[a]
        who = self.player_name(a)
        if hero is None:
            return False
        if hero.coins:
            hero.coins -= 1
            s.supply += 1
            ev.append(Event("theft", f"A thief takes a coin from the {who}."))
        elif len(hero.equipment) == 1:
            self._lose_card(hero.equipment[0], ev)
        elif hero.equipment:
            s.phase = THEFT
            return True
        else:
            ev.append(Event("theft", f"A thief finds nothing on the {who}."))
        return False

    def _lose_card(self, card: str, ev: list[Event]) -> None:
        s = self.state
        s.heroes[s.active].equipment.remove(card)  # type: ignore[union-attr]
        s.discard.append(card)
        ev.append(Event("theft", f"A thief takes the {self._name(card)} from the {self.player_name(s.active)}."))

    def _resume(self, ev: list[Event]) -> None:
        if self.state.resume == "location":
            self._start_explore(ev)
        else:
            self._explore(ev)

    # -- phase 3
    def _start_explore(self, ev: list[Event]) -> None:
        """DG-EXPLORE-1/2: as many cards as characters in play, plus one at a threat location."""
        s = self.state
        s.to_reveal = s.count_in_play() + s.extra_draw
        s.resume = "explore"
        self._explore(ev)

    def _explore(self, ev: list[Event]) -> None:
        """DG-EXPLORE-3..7: reveal one card at a time; thefts at once; the dragon card draws a dragon."""
        s = self.state
        deck = s.decks["encounter_shadow" if s.realm == SHADOW else "encounter_draghan"]
        card_of, revealed = self._t.card, self._t.revealed
        while s.to_reveal > 0:
            if not deck:  # DG-EXPLORE-6, DG-INT-23
                ev.append(Event("deck_empty", f"The encounter deck is empty: {s.to_reveal} draw{'s' * (s.to_reveal > 1)} ignored."))
                s.to_reveal = 0
                break
            cid = deck.pop(0)
            s.to_reveal -= 1
            card = card_of[cid]
            ev.append(Event("revealed", revealed[cid]))
            if card.kind == "equipment":
                s.revealed_equipment.append(cid)
                continue
            s.table.append(cid)
            if card.kind == "dragon_card":
                s.phase = DRAW_DRAGON
                return
            if card.theft and self._theft(ev):
                return
        self._start_declare(ev)

    def _start_declare(self, ev: list[Event]) -> None:
        """DG-FIGHT-1, DG-INT-15/22: each character declares in seat order from the active one."""
        s = self.state
        if not s.table:
            self._resolve(ev)
            return
        s.declaring = s.order_from(s.active)
        s.phase = DECLARE_TARGET

    def _face(self, monster: str | None, ev: list[Event]) -> None:
        s = self.state
        seat = s.declaring[0]
        if monster is None:
            self._next_declarer(ev)
            return
        s.targets[seat] = monster
        s.phase = DECLARE_EQUIPMENT
        if not self._usable_cards(seat):
            self._next_declarer(ev)

    def _next_declarer(self, ev: list[Event]) -> None:
        s = self.state
        seat = s.declaring.pop(0)
        target = s.targets.get(seat)
        used = s.used.get(seat, [])
        who = self.player_name(seat)
        if target:
            kit = f" with {', '.join([self._t.name[c] for c in used])}" if used else ""
            text = f"The {who} faces the {self._t.monster_name(target, s.dragon)}{kit}."
        else:
            text = f"The {who} stays out of the fight."
        ev.append(Event("declared", text, data={"seat": seat, "target": target, "cards": list(used)}))
        if s.declaring:
            s.phase = DECLARE_TARGET
        elif s.assist and self._assist_spots():
            s.phase = ASSIST
        else:
            self._resolve(ev)

    # -- phase 4
    def fight_plans(self, limit: int = 0) -> list[Plan]:
        """Return the fight plans for this round's table, best first (the hint and the planner's search).

        Every character in play with the icons it shows now and its own cards with skill icons; the
        assist location's icons if this round has one. See :func:`.fight.search` (DG-FIGHT-1..7,
        DG-DRAGON-5, DG-LOC-3). Gold decides nothing here: defeating a flee monster in Draghan weighs
        more (it would otherwise join the Shadow deck).
        """
        s = self.state
        dragon = self._dragon_card()
        monsters = {m: self._req(m) for m in s.table if m != dragon}
        heroes = {seat: (self._shows(seat), [(c, self.decks.card(c).icons) for c in s.heroes[seat].equipment  # type: ignore[union-attr]
                                             if self.decks.card(c).icons]) for seat in s.in_play()}
        weights = {m: 1.5 if s.realm == DRAGHAN and self.decks.card(m).flee else 1.0 for m in monsters}
        return search(monsters, (dragon, self._req(dragon)) if dragon in s.table else None, heroes,  # type: ignore[arg-type]
                      s.assist, assist_alone=self.options["assist_alone"], weights=weights, limit=limit)

    def placed(self, monster: str) -> tuple[int, int, int]:
        """Return the (S, C, K) icons placed at ``monster``: characters, their cards, the assist (DG-FIGHT-6)."""
        return self._placements().get(monster, NO_ICONS)

    def _placements(self) -> dict[str, Icons]:
        """Return the (S, C, K) icons placed at each monster that has any (:meth:`placed` of them all at once).

        DG-FIGHT-6: the icons each character shows, plus its committed cards' (DG-FIGHT-3), at the
        monster it faces; the assist location's icons at the assist's monster (DG-LOC-3).
        """
        s, card_icons = self.state, self._t.icons
        out: dict[str, Icons] = {}
        for seat, m in s.targets.items():
            total = add(out.get(m, NO_ICONS), icons(self._shows(seat)))
            for c in s.used.get(seat, ()):
                total = add(total, card_icons[c])
            out[m] = total  # type: ignore[index]
        if s.assist_target is not None:
            out[s.assist_target] = add(out.get(s.assist_target, NO_ICONS), icons(s.assist))
        return out

    def _resolve(self, ev: list[Event]) -> None:
        """DG-RESULT-1..9, DG-DRAGON-3..7, DG-END-1: test, gold, fates, outcome."""
        s, t = self.state, self._t
        dragon = t.dragon_card
        placements = self._placements()
        others = [m for m in s.table if m != dragon]
        down = []
        for m in others:
            placed = placements.get(m, NO_ICONS)
            card = t.card[m]  # not the dragon card: its own name and icons (Tables.monster_name, Tables.req)
            beaten = defeats(card.req, placed)
            if beaten:
                down.append(m)
            ev.append(Event("tested", f"The {card.name} is {'defeated' if beaten else 'not defeated'}.",
                            data={"monster": m, "defeated": beaten, "placed": list(placed)}))
        s.defeated += len(down)
        all_down = len(down) == len(others)
        if dragon in s.table and all_down:
            if defeats(self._req(dragon), placements.get(dragon, NO_ICONS)):  # type: ignore[arg-type]
                s.result = "won"
                s.end_reason = f"the team defeated the {self._monster_name(dragon)}"
                s.phase = OVER
                ev.append(Event("won", f"The {self._monster_name(dragon)} is defeated: the team wins!"))
                return
            ev.append(Event("tested", f"The {self._monster_name(dragon)} is not defeated."))
        s.round_down, s.round_all_down = down, all_down
        s.gold_queue = []
        promised = 0  # odd coins owed to the gold decisions below, still in the supply (DG-INT-24)
        for m in down:
            gold = self._t.card[m].gold
            if not gold:
                continue
            group = sorted(seat for seat, t in s.targets.items() if t == m)
            if not group:
                continue
            pay = gold if self.options["unlimited_coins"] else min(gold, s.supply - promised)  # DG-INT-24
            for seat in group:
                self._pay(seat, pay // len(group))
            if pay % len(group):
                s.gold_queue.append((m, group, pay % len(group)))
                promised += pay % len(group)
            ev.append(Event("gold", f"The {self._monster_name(m)} pays {pay} coin{'s' * (pay != 1)}"
                            + (f" to the {self.player_name(group[0])}." if len(group) == 1 else " to share.")))
        self._pay_gold(ev)

    def _pay(self, seat: int, n: int) -> None:
        s = self.state
        s.heroes[seat].coins += n  # type: ignore[union-attr]
        if not self.options["unlimited_coins"]:
            s.supply -= n

    def _pay_gold(self, ev: list[Event]) -> None:
        s = self.state
        if s.gold_queue:
            s.phase = GOLD
            return
        self._fates(ev)

    def _fates(self, ev: list[Event]) -> None:
        """DG-RESULT-3..8, DG-DRAGON-3/6/7, DG-INT-17/21: monsters, used cards, revealed equipment, the wound."""
        s, a = self.state, self.state.active
        dragon = self._t.dragon_card
        down, all_down = s.round_down, s.round_all_down
        for seat, cards in s.used.items():
            hero = s.heroes[seat]
            for c in cards:
                if hero and c in hero.equipment:
                    hero.equipment.remove(c)
                    s.discard.append(c)
        endgame = dragon in s.table
        stay = []
        for m in s.table:  # s.table itself is replaced below
            if m in down:
                s.discard.append(m)
            elif m == dragon or endgame:
                stay.append(m)  # DG-DRAGON-3
            elif s.realm == DRAGHAN and self._t.card[m].flee:
                deck = s.decks["encounter_shadow"]
                deck.append(m)
                shuffle(deck, self._rng_now())  # DG-RESULT-4: shuffled into the Shadow deck
                s.fled += 1
                ev.append(Event("fled", f"The {self._name(m)} flees into the Shadow Realm."))
            elif s.realm == DRAGHAN:
                s.discard.append(m)
            else:
                s.decks["encounter_shadow"].append(m)  # DG-RESULT-5
        if s.realm == SHADOW and not endgame and any(m not in down for m in s.table):
            shuffle(s.decks["encounter_shadow"], self._rng_now())
        s.table = stay
        s.targets, s.used, s.assist_target = {}, {}, None  # the fight is over
        if all_down:  # DG-RESULT-7, DG-DRAGON-7, DG-INT-17/22
            if s.revealed_equipment:
                s.heroes[a].equipment.extend(s.revealed_equipment)  # type: ignore[union-attr]
                ev.append(Event("equipment_won", f"The {self.player_name(a)} takes " +
                                ", ".join(self._name(c) for c in s.revealed_equipment) + "."))
            s.revealed_equipment = []
            self._after_outcome(ev)
            return
        s.discard.extend(s.revealed_equipment)  # DG-RESULT-8
        s.revealed_equipment = []
        self._wound(ev)

    def _wound(self, ev: list[Event]) -> None:
        """DG-WOUND-1..5: the active character is wounded; a second wound takes it out."""
        s, a = self.state, self.state.active
        hero = s.heroes[a]
        name = self.player_name(a)
        if not hero.wounded:  # type: ignore[union-attr]
            hero.wounded = True  # type: ignore[union-attr]
            ev.append(Event("wounded", f"Not every monster was defeated: the {name} is wounded."))
            self._after_outcome(ev)
            return
        s.discard.append(hero.card)  # type: ignore[union-attr]
        s.discard.extend(hero.equipment)  # type: ignore[union-attr]
        s.supply += hero.coins  # type: ignore[union-attr]
        s.heroes[a] = None
        ev.append(Event("dropped_out", f"The {name} is wounded again and drops out.",
                        data={"seat": a, "character": hero.card}))  # type: ignore[union-attr]
        if s.realm == DRAGHAN:
            if not s.set_aside:
                self._lose("a new character is needed but none is left", "DG-END-2", ev)
                return
            if len(s.set_aside) == 1:
                self._replace(s.set_aside[0], ev)
            else:
                s.phase = REPLACE
            return
        if not s.in_play():
            self._lose("no character is left in the Shadow Realm", "DG-END-3", ev)
            return
        self._start_check(ev)  # DG-SHARE-2, DG-INT-29: phases 5 and 6 are skipped

    def _replace(self, character: str, ev: list[Event]) -> None:
        s = self.state
        self._enter(s, s.active, character, ev)
        self._after_outcome(ev)

    def _after_outcome(self, ev: list[Event]) -> None:
        """DG-MARKET-1/2: after phase 4 each seat may buy, in seat order from the active one."""
        s = self.state
        if s.market_display:
            s.buyers = s.order_from(s.active)
            self._next_buyer(ev)
        else:
            self._share_phase(ev)

    def _next_buyer(self, ev: list[Event]) -> None:
        s = self.state
        while s.buyers and not self._affordable(s.buyers[0]):  # nothing affordable: a forced pass
            s.buyers.pop(0)
        if s.buyers:
            s.phase = BUY
            return
        if s.market_display:  # DG-MARKET-4
            s.discard.extend(s.market_display)
            ev.append(Event("market_closed", "The market cards nobody bought are discarded."))
            s.market_display = []
        self._share_phase(ev)

    def _buy(self, card: str, ev: list[Event]) -> None:
        s = self.state
        seat = s.buyers[0]
        price = self.decks.card(card).price or 0
        hero = s.heroes[seat]
        hero.coins -= price  # type: ignore[union-attr]
        s.supply += price
        s.market_display.remove(card)
        hero.equipment.append(card)  # type: ignore[union-attr]
        ev.append(Event("bought", f"The {self.player_name(seat)} buys the {self._name(card)} for {price}."))
        self._next_buyer(ev)

    # -- phases 5 to 8
    def _share_phase(self, ev: list[Event]) -> None:
        """DG-SHARE-1/2: the active character may give one card to another character."""
        s = self.state
        hero = s.heroes[s.active]
        if hero and hero.equipment and s.count_in_play() > 1:
            s.phase = SHARE
        else:
            self._heal_phase(HEAL_2, ev)

    def _give(self, card: str, to: int, ev: list[Event]) -> None:
        s, a = self.state, self.state.active
        s.heroes[a].equipment.remove(card)  # type: ignore[union-attr]
        s.heroes[to].equipment.append(card)  # type: ignore[union-attr]
        ev.append(Event("given", f"The {self.player_name(a)} gives the {self._name(card)} to the {self.player_name(to)}."))
        self._heal_phase(HEAL_2, ev)

    def _start_check(self, ev: list[Event]) -> None:
        """DG-EQUIP-1..3, DG-INT-26: every character over a limit discards, in seat order from the active."""
        s = self.state
        s.checkers = [seat for seat in s.order_from(s.active) if self._over_limit(seat)]
        self._next_check(ev)

    def _next_check(self, ev: list[Event]) -> None:
        s = self.state
        while s.checkers and not self._over_limit(s.checkers[0]):
            s.checkers.pop(0)
        if s.checkers:
            s.phase = CHECK
        else:
            self._end_round(ev)

    def _check_discard(self, card: str, ev: list[Event]) -> None:
        s = self.state
        seat = s.checkers[0]
        s.heroes[seat].equipment.remove(card)  # type: ignore[union-attr]
        s.discard.append(card)
        ev.append(Event("discarded", f"The {self.player_name(seat)} cannot carry the {self._name(card)} on: discarded."))
        self._next_check(ev)

    def _end_round(self, ev: list[Event]) -> None:
        """DG-PASS-1/2, DG-PORTAL-3/4: travel if pending, then the map passes to the next character."""
        s = self.state
        if s.portal_open:  # portal_decision_time = "end_of_round" (DG-INT-19)
            s.phase = PORTAL
            return
        if s.travel_pending:
            s.realm = SHADOW
            s.travel_pending = False
            for key in ("location_draghan", "encounter_draghan"):
                s.removed.extend(s.decks[key])
                s.decks[key] = []
            s.removed.extend(s.portals_up)
            s.portals_up = []
            ev.append(Event("travelled", "The team travels to the Shadow Realm. There is no way back."))
        n = self.players
        for k in range(1, n + 1):  # the next seat with a character in play (the active one if it is the last)
            seat = (s.active + k) % n
            if s.heroes[seat]:
                s.active = seat
                break
        self._start_round(s, ev)

    def _lose(self, reason: str, rule: str, ev: list[Event]) -> None:
        s = self.state
        s.result = "lost"
        s.end_reason = f"{reason} ({rule})"
        s.phase = OVER
        ev.append(Event("lost", f"The team loses: {reason}."))

    # ------------------------------------------------------------------ outcome and views
    def _scores(self) -> dict[int, int]:
        """DG-SCORE-1: no points; 1 for every seat when the team has won, else 0."""
        return {i: int(self.state.result == "won") for i in range(self.players)}

    def _outcome(self) -> Outcome:
        """DG-END-1..5: the whole team wins (every seat) or loses (no winner)."""
        won = self.state.result == "won"
        return Outcome(self._scores(), list(range(self.players)) if won else [], self.state.end_reason or "")

    def measures(self) -> dict[str, float | list[float]]:
        """Return four numbers of a finished game for :func:`dragonwidgets.simulate` (team figures, not per seat).

        - ``won``: 1.0 if the team defeated the dragon, else 0.0 (DG-END-1; a cooperative game: every
          seat shares it).
        - ``rounds``: the rounds begun, the last one included (DG-ROUND-1): at most 19 played (section 2.3),
          20 when the team loses by turning up no Shadow location in a 20th round (DG-END-4).
        - ``characters_lost``: the characters that dropped out after a second wound, replaced or not
          (DG-WOUND-3..5).
        - ``monsters_defeated``: the monsters defeated over the game, the dragon not counted (DG-FIGHT-7).

        >>> import random
        >>> g = DraghanGame(players=2, seed=8, character_choice="random")
        >>> rng = random.Random(8)
        >>> while not g.is_over:
        ...     _ = g.apply(rng.choice(g.legal_action_ids()))
        >>> g.measures()
        {'won': 0.0, 'rounds': 15.0, 'characters_lost': 4.0, 'monsters_defeated': 4.0}
        """
        s, card = self.state, self._t.card
        return {
            "won": float(s.result == "won"),
            "rounds": float(s.round),
            "characters_lost": float(sum(card[c].kind == "character" for c in s.discard)),
            "monsters_defeated": float(s.defeated),
        }

    def _why_illegal(self, action_id: str) -> str:
        """Say which rule forbids ``action_id`` now (``explain`` and refusals); see :mod:`.why`."""
        from .why import why_illegal

        return why_illegal(self, action_id)

    def _observation(self, player: int | None) -> dict[str, Any]:
        return observe(self, player)

    def _text_board(self) -> str:
        return text.render(self)
