"""``ChasseGame``: La Chasse au Dragon's decision model (digest section 6) on the engine's ``Game``.

A turn is: the dragon raid (option, first player's turns only, a chance node), movement one step at
a time (``step x,y`` / ``stop``), a duel (``duel {seat}`` / ``no duel``; the defender answers
``decoy`` / ``flee roll`` / ``no flight``), the monster encounter (``flee free`` / ``decoy`` /
``flee roll`` / ``fight``) and the camp (``deposit``, goblin transfers, equipment, ``end turn``).
Dice are chance nodes, one per throw: ``throw {face}`` in a fight (an exploding die throws again on
its maximum, CD-COMBAT-1), ``flee {face}`` for a flight roll, ``raid {a} {b}`` for the raid.

Action id grammar (the Chasse au Dragon contract): ``camp x,y``, ``raid a b``, ``step x,y``,
``stop``, ``duel {seat}``, ``no duel``, ``decoy``, ``flee roll``, ``no flight``, ``flee free``,
``fight``, ``flee {face}``, ``throw {face}``, ``deposit {type}``, ``goblin to dungeon``,
``goblin to cage``, ``equip {backpack|vault} {type}``, ``swap {backpack|vault} {backpack|vault} {type}``,
``unequip {backpack|vault}``, ``end turn``.

Speed (issue 6): the menus of the frequent decisions and of the dice are built once per situation,
cached and shared as tuples (:mod:`.menus`), the board's ids and neighbours are tables
(:mod:`.tables`), and search copies copy the state by hand (:meth:`ChasseState.copy`). Search
hooks: :meth:`ChasseGame._resample_hidden` (:mod:`.determinize`) and :meth:`ChasseGame.measures`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from dragonwidgets.engine import CHANCE, Action, Event, Game, Outcome

from . import menus, text
from .determinize import resample_hidden
from .goblins import pay_quarter, quarters
from .observation import observe
from .setup import camps as default_camps
from .setup import BUNDLED_SETUP, deal_piles, is_edge, load_setup
from .state import (
    CAMP,
    CHOOSE_DUEL,
    COLOURS,
    COMBAT,
    DUEL_FLIGHT,
    ENCOUNTER,
    FLEE_ROLL,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MOVE,
    OVER,
    PLACE_CAMP,
    POWER,
    RAID,
    ChasseState,
    Fight,
    Management,
    Square,
    parse_square,
    square_id,
)
from .tables import NAMES, SQUARE_ID, SQUARE_OF
from .zones import add, hand_over, lose_backpack, lose_cage, score, take

ZONES = ("backpack", "vault")
_a = menus.a_or_an  # "an orc", "a troll"

#: Who decides in each phase (``_player_to_move``): the active player, chance, or the duel's defender.
_ACTIVE_DECIDES = frozenset({MOVE, ENCOUNTER, CAMP, CHOOSE_DUEL, PLACE_CAMP})
_CHANCE_DECIDES = frozenset({RAID, FLEE_ROLL, COMBAT})


class ChasseGame(Game):
    """A game of La Chasse au Dragon for 2 to 6 players (rules digest ``CD``).

    Options (``option_defaults``; each default is the digest's choice):

    - ``dragon_raids`` (False): the "raids du dragon" option (CD-RAID, CD-SETUP-7).
    - ``first_player`` (-1): the first seat; -1 draws it from the seed after the deal (CD-INT-2).
    - ``camp_placement`` ("default"): camps from the setup file's table; "choose": each player picks a
      free forest-edge square in turn order (CD-INT-4, CD-REC-3).
    - ``base_equipment_score`` (0): what base equipment adds to a score, 0 or 4 (CD-SCORE-3, CD-INT-19).
    - ``allow_sell_without_replacement`` (True): equipment may be sold without buying another (CD-CAMP-6, CD-INT-21).
    - ``duel_decoy_to_cage`` (True): a duel decoy is captured into the attacker's cage; False: it leaves
      the game as a monster decoy does (CD-DUEL-3, CD-INT-10).
    - ``max_rounds`` (0): **not a rule**: stop and score after this many rounds; 0 = never (CD-INT-24).
    - ``setup_file`` (""): a setup JSON file of your own (card distribution, camps); "" is the bundled
      reconstruction (CD-REC-2, CD-REC-3).

    >>> g = ChasseGame(players=2, seed=1, first_player=0)
    >>> g.legal_action_ids()[:4]
    ['step 2,0', 'step 4,0', 'step 2,1', 'step 3,1']
    >>> g.apply("step 3,1")[0].text
    'White steps from 3,0 to 3,1 (free step).'
    """

    name: ClassVar[str] = "chasse_au_dragon"
    version: ClassVar[int] = 1
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    option_defaults: ClassVar[dict[str, Any]] = {
        "dragon_raids": False,  # CD-RAID
        "first_player": -1,  # CD-INT-2: -1 = drawn from the seed
        "camp_placement": "default",  # CD-INT-4
        "base_equipment_score": 0,  # CD-INT-19
        "allow_sell_without_replacement": True,  # CD-INT-21
        "duel_decoy_to_cage": True,  # CD-INT-10
        "max_rounds": 0,  # CD-INT-24: not a rule, 0 = none
        "setup_file": "",  # CD-REC-2: "" = data/setup.json
    }
    data_options: ClassVar[dict[str, str]] = {"setup_file": str(BUNDLED_SETUP)}

    state: ChasseState

    # ------------------------------------------------------------------ setup (CD-SETUP-*)
    def _setup(self, rng: random.Random) -> ChasseState:
        """Deal the piles, draw the first player, place camps and adventurers (CD-SETUP-1..7, CD-INT-2..4).

        Raises ``ValueError`` on a bad option value and ``GameDataError`` on a bad setup file.
        """
        o = self.options
        self.setup = setup = load_setup(o["setup_file"] or None)
        if o["camp_placement"] not in ("default", "choose"):
            raise ValueError(f"camp_placement must be 'default' or 'choose', got {o['camp_placement']!r}")
        if o["base_equipment_score"] not in (0, 4):
            raise ValueError(f"base_equipment_score must be 0 or 4, got {o['base_equipment_score']}")
        if not -1 <= o["first_player"] < self.players:
            raise ValueError(f"first_player must be -1 (drawn) or a seat 0..{self.players - 1}, got {o['first_player']}")
        if o["max_rounds"] < 0:
            raise ValueError(f"max_rounds must be 0 (none) or a number of rounds, got {o['max_rounds']}")
        piles = deal_piles(setup, rng)
        first = rng.randrange(self.players)  # CD-INT-2: right after the deal
        if o["first_player"] >= 0:
            first = o["first_player"]
        state = ChasseState(
            players=self.players, first_player=first, piles=piles,
            camps=[None] * self.players, positions=[None] * self.players,
            boards=[Management() for _ in range(self.players)], removed={}, active=first,
            fights_won=[0] * self.players, fights_lost=[0] * self.players,
        )
        if o["camp_placement"] == "choose":
            state.phase = PLACE_CAMP
        else:
            for i, sq in enumerate(default_camps(setup, self.players)):  # CD-REC-3: i-th from the first player
                seat = (first + i) % self.players
                state.camps[seat] = state.positions[seat] = sq
            self._start_turn(state, [])
        return state

    def player_name(self, player: int) -> str:
        """Return the seat's colour, e.g. ``"White"`` (the pawns' colours, component list)."""
        return NAMES[player]

    def board_layout(self) -> dict[str, Any]:
        """Return the static layout sent to the browser once (the Chasse au Dragon contract)."""
        return {
            "size": 8,
            "colours": {c: {"name": c.title()} for c in COLOURS[: self.players]},
            "seat_colours": list(COLOURS[: self.players]),
            "powers": dict(POWER),
            "dice": sorted({4} | {POWER[t] for t in POWER}),
        }

    # ------------------------------------------------------------------ who decides, and what
    def _player_to_move(self) -> int | None:
        s = self.state
        phase = s.phase
        if phase in _ACTIVE_DECIDES:
            return s.active
        if phase in _CHANCE_DECIDES:
            return CHANCE
        if phase == DUEL_FLIGHT:
            return s.defender
        return None  # OVER

    def _legal_actions(self) -> Sequence[Action]:
        # The frequent menus are the tuples cached in .menus, handed to the engine as they are: the
        # engine only reads them (legal_actions() gives the caller a fresh list), and a tuple cannot
        # be changed by a search copy that shares it.
        phase = self.state.phase
        if phase == MOVE:
            return self._move_actions()
        if phase == ENCOUNTER:
            return self._encounter_actions()
        if phase == CAMP:
            return self._camp_actions()
        if phase == CHOOSE_DUEL:
            return self._duel_actions()
        if phase == DUEL_FLIGHT:
            return self._duel_flight_actions()
        return self._camp_choices()  # PLACE_CAMP

    def _camp_choices(self) -> list[Action]:
        """CD-INT-4 "choose" mode: a free forest-edge square, in turn order from the first player."""
        s, p = self.state, self.state.active
        taken = set(s.camps)
        return [Action(f"camp {square_id(sq)}", f"Pitch your camp on {square_id(sq)}", p, "place_camp",
                       (square_id(sq),), ("CD-SETUP-4", "CD-INT-4"))
                for sq in sorted(((x, y) for x in range(8) for y in range(8) if is_edge(x, y)), key=lambda q: (q[1], q[0]))
                if sq not in taken]

    def _move_actions(self) -> Sequence[Action]:
        """CD-MOVE-1..7, CD-GOB-3/8: one free king step, then one quarter per step; or stop (see :func:`.menus.move_menu`)."""
        s = self.state
        p = s.active
        if s.steps == 0:
            return menus.move_menu(p, s.positions[p], False)  # type: ignore[arg-type]
        if quarters(s.boards[p]):
            return menus.move_menu(p, s.positions[p], True)  # type: ignore[arg-type]
        return menus.stop_menu(p, True)

    def _duel_actions(self) -> Sequence[Action]:
        """CD-DUEL-1: duel one opponent on this square, or none (see :func:`.menus.duel_menu`)."""
        return menus.duel_menu(self.state.active, tuple(self._opponents_here()))

    def _duel_flight_actions(self) -> Sequence[Action]:
        """CD-DUEL-2..5: the defender may flee by decoy (a cage goblin) or by a flight roll, or fight."""
        s = self.state
        q = s.defender
        board = s.boards[q]  # type: ignore[index]
        return menus.duel_flight_menu(q, s.active, board.cage > 0, board.power())  # type: ignore[arg-type]

    def _encounter_actions(self) -> Sequence[Action]:
        """CD-ENC-2..5, CD-INT-13/14: flee free from a weaker monster, else decoy or flight roll; or fight."""
        s, p = self.state, self.state.active
        board = s.boards[p]
        here = s.positions[p]
        return menus.encounter_menu(p, s.piles[here][0], board.power(),  # type: ignore[index]
                                    board.cage > 0 and not s.flight_tried, SQUARE_ID[here])  # type: ignore[index]

    def _camp_actions(self) -> list[Action]:
        """CD-CAMP-1..7: deposits, goblin transfers, buying, changing and selling equipment; end the turn."""
        s, p = self.state, self.state.active
        b = s.boards[p]
        out = []
        for t in sorted(b.backpack, key=POWER.get):
            out.append(Action(f"deposit {t}", f"Put {_a(t)} card from the backpack into the vault", p, "deposit",
                              (f"zone/{p}/backpack", f"zone/{p}/vault"), ("CD-CAMP-2",)))
        if b.cage:
            out.append(Action("goblin to dungeon", "Move a goblin from the cage to the dungeon", p, "goblin_to_dungeon",
                              (f"zone/{p}/cage", f"zone/{p}/dungeon"), ("CD-CAMP-3",)))
        if b.dungeon:
            out.append(Action("goblin to cage", "Move a goblin from the dungeon to the cage", p, "goblin_to_cage",
                              (f"zone/{p}/dungeon", f"zone/{p}/cage"), ("CD-CAMP-3",)))
        for source in ZONES:
            for t in sorted(getattr(b, source), key=POWER.get):
                if b.equipment is None:
                    out.append(Action(f"equip {source} {t}", f"Buy equipment with {_a(t)} card from the {source} (d{POWER[t]})",
                                      p, "equip", (f"zone/{p}/{source}", f"zone/{p}/equipment"), ("CD-CAMP-4",)))
                elif t != b.equipment:
                    for old_to in ZONES:
                        out.append(Action(
                            f"swap {old_to} {source} {t}",
                            f"Sell the {b.equipment} equipment into the {old_to} and buy {_a(t)} from the {source} (d{POWER[t]})",
                            p, "swap", (f"zone/{p}/{source}", f"zone/{p}/equipment"), ("CD-CAMP-5",)))
        if b.equipment is not None and self.options["allow_sell_without_replacement"]:
            for to in ZONES:
                out.append(Action(f"unequip {to}", f"Sell the {b.equipment} equipment into the {to} (back to a d4)", p,
                                  "unequip", (f"zone/{p}/equipment", f"zone/{p}/{to}"), ("CD-CAMP-6", "CD-INT-21")))
        out.append(Action("end turn", "End the turn", p, "end_turn", (), ("CD-CAMP-1", "CD-TURN-5")))
        return out

    def _chance_outcomes(self) -> Sequence[Action]:
        """CD-COMBAT-1 (a fight's throw), CD-DUEL-4 / CD-ENC-3 (a flight roll), CD-RAID-2 (the raid's 2d6)."""
        s = self.state
        if s.phase == COMBAT:  # the most frequent chance node
            fight = s.fight
            assert fight is not None
            return menus.throw_outcomes(fight.faces[fight.side], self._fighter_name(fight.side))
        if s.phase == FLEE_ROLL:
            return menus.flight_roll_outcomes(s.boards[s.fleeing].power(), NAMES[s.fleeing])  # type: ignore[index]
        return menus.raid_outcomes()

    def _fighter_name(self, side: int) -> str:
        s = self.state
        fight = s.fight
        assert fight is not None
        if side == 0:
            return NAMES[s.active]
        if fight.kind == "duel":
            return NAMES[s.defender]  # type: ignore[index]
        roller = NAMES[(s.active + 1) % self.players]  # CD-COMBAT-4: rolled by the left neighbour
        return f"the {s.pile_here()[0]} (rolled by {roller})"

    # ------------------------------------------------------------------ applying
    def _apply(self, action: Action) -> list[Event]:
        ev: list[Event] = []
        kind = action.kind
        if kind == "step":  # the most frequent first
            self._take_step(action.targets[0], ev)
            return ev
        words = action.id.split()
        if kind == "throw":  # the second most frequent
            self._throw(int(words[1]), ev)
            return ev
        s = self.state
        if kind == "place_camp":
            self._place_camp(parse_square(words[1]), ev)
        elif kind == "raid":
            self._raid(int(words[1]), int(words[2]), ev)
        elif kind == "stop":
            ev.append(Event("stopped", f"{NAMES[s.active]} stops on {SQUARE_ID[s.positions[s.active]]}."))  # type: ignore[index]
            self._after_move(ev)
        elif kind == "duel":
            self._declare_duel(int(words[1]), ev)
        elif kind == "no_duel":
            self._encounter_phase(ev)
        elif kind == "decoy":
            self._decoy(ev)
        elif kind == "flee_roll":
            s.fleeing = s.defender if s.phase == DUEL_FLIGHT else s.active
            s.flight_tried = True
            s.phase = FLEE_ROLL
        elif kind == "no_flight":
            self._start_fight("duel", ev)
        elif kind == "flee_free":
            self._card_under(ev, f"{NAMES[s.active]} lets the {s.pile_here()[0]} go (free flight).")
        elif kind == "fight":
            self._start_fight("encounter", ev)
        elif kind == "flight_roll":
            self._flee_result(int(words[1]), ev)
        elif kind == "end_turn":
            self._end_turn(ev)
        else:
            self._camp_action(words, ev)
        return ev

    # -- camps and raids
    def _place_camp(self, sq: Square, ev: list[Event]) -> None:
        s = self.state
        p = s.active
        s.camps[p] = s.positions[p] = sq
        ev.append(Event("camp_placed", f"{self.player_name(p)} pitch their camp on {square_id(sq)}."))
        s.placing += 1
        s.active = (p + 1) % self.players
        if s.placing == self.players:
            s.active = s.first_player
            self._start_turn(s, ev)

    def _start_turn(self, s: ChasseState, ev: list[Event]) -> None:
        """CD-TURN-2 (0, 1), CD-RAID-2, CD-INT-22: a raid in the first player's turns, then movement."""
        s.turns += 1
        s.steps = 0
        s.defender = s.fleeing = None
        s.flight_tried = s.revealed = False
        s.fight = None
        s.phase = RAID if self.options["dragon_raids"] and s.active == s.first_player else MOVE

    def _raid(self, a: int, b: int, ev: list[Event]) -> None:
        """CD-RAID-2..5: players on (a;b) or (b;a) lose backpack and cage."""
        s = self.state
        hit = {(a, b), (b, a)}
        victims = [p for p in range(self.players) if s.positions[p] in hit]
        for p in victims:
            lose_backpack(s, p)
            lose_cage(s, p)
        names = ", ".join(self.player_name(p) for p in victims) or "nobody"
        ev.append(Event("raid", f"The dragon raids {' and '.join(sorted(f'({x};{y})' for x, y in hit))}: {names} "
                        f"lose{'s' * (len(victims) <= 1)} backpack and cage.",
                        data={"dice": [a, b], "victims": victims}))
        s.phase = MOVE

    # -- movement
    def _take_step(self, end: str, ev: list[Event]) -> None:
        """CD-MOVE-1/3, CD-GOB-3..7: the first step is free, each further step costs a quarter.

        CD-MOVE-6, section 6 ("forced: if a step has been taken and quarters = 0, the only option is
        stop (auto)"): once a step is taken with no quarter left, free or paid, the movement ends here.
        ``end`` is the id of the square stepped onto (the step's target).
        """
        s = self.state
        p = s.active
        positions = s.positions
        paid = s.steps > 0
        note = pay_quarter(s, p) if paid else "free step"
        start = SQUARE_ID[positions[p]]  # type: ignore[index]
        positions[p] = SQUARE_OF[end]
        s.steps += 1
        ev.append(Event("stepped", f"{NAMES[p]} steps from {start} to {end} ({note}).",
                        data={"from": start, "to": end, "paid": paid}))
        board = s.boards[p]
        if quarters(board) == 0:  # CD-MOVE-6, section 6: only "stop" is left
            ev.append(Event("stopped", f"{NAMES[p]} has no goblin quarter left and stops on {end}."))
            self._after_move(ev)

    def _after_move(self, ev: list[Event]) -> None:
        """CD-TURN-2/3: duel if an opponent is here, else the encounter phase."""
        s = self.state
        if s.positions.count(s.positions[s.active]) > 1:  # an opponent is here (the quick form of _opponents_here)
            s.phase = CHOOSE_DUEL
        else:
            self._encounter_phase(ev)

    def _opponents_here(self) -> list[int]:
        s = self.state
        here = s.positions[s.active]
        return [q for q in range(self.players) if q != s.active and s.positions[q] == here]

    # -- duel
    def _declare_duel(self, q: int, ev: list[Event]) -> None:
        s = self.state
        s.defender = q
        s.flight_tried = False
        s.phase = DUEL_FLIGHT
        ev.append(Event("duel_declared", f"{self.player_name(s.active)} challenges {self.player_name(q)} to a duel.",
                        data={"attacker": s.active, "defender": q}))

    def _decoy(self, ev: list[Event]) -> None:
        """CD-DUEL-3 / CD-ENC-3 (a), CD-GOB-2, CD-INT-10/13: one whole cage goblin buys the flight."""
        s = self.state
        if s.phase == DUEL_FLIGHT:
            q = s.defender
            s.boards[q].cage -= 1  # type: ignore[index]
            if self.options["duel_decoy_to_cage"]:
                s.boards[s.active].cage += 1
                where = f"it is captured into {self.player_name(s.active)}'s cage"
            else:
                s.removed["goblin"] = s.removed.get("goblin", 0) + 1
                where = "it leaves the game"
            ev.append(Event("duel_fled", f"{self.player_name(q)} flees the duel with a goblin decoy: {where}."))  # type: ignore[arg-type]
            self._encounter_phase(ev)
        else:
            p = s.active
            s.boards[p].cage -= 1
            s.removed["goblin"] = s.removed.get("goblin", 0) + 1
            self._card_under(ev, f"{self.player_name(p)} flees the {s.pile_here()[0]} with a goblin decoy (it leaves the game).")

    def _flee_result(self, face: int, ev: list[Event]) -> None:
        """CD-DUEL-4/5, CD-ENC-3 (b)/4: success only on the maximum; a failure forces the fight."""
        s = self.state
        who = s.fleeing
        n = s.boards[who].power()  # type: ignore[index]
        s.last_rolls = {"flight": [face]}
        ok = face == n
        duel = s.defender is not None and s.fight is None and who == s.defender
        ev.append(Event("flight_roll", f"{NAMES[who]} rolls {face} on a d{n} to flee: "  # type: ignore[index]
                        f"{'success' if ok else 'failure, the fight must happen'}.", data={"face": face, "faces": n}))
        s.fleeing = None
        if duel:
            if ok:
                self._encounter_phase(ev)  # CD-DUEL-6, CD-INT-11: the turn goes on
            else:
                self._start_fight("duel", ev)
        elif ok:
            self._card_under(ev, f"The {s.pile_here()[0]} goes under the pile.")
        else:
            self._start_fight("encounter", ev)

    def _start_fight(self, kind: str, ev: list[Event]) -> None:
        """CD-COMBAT-1..3, CD-DUEL-7, CD-ENC-7: each side's die; the monster's is its power."""
        s = self.state
        mine = s.boards[s.active].power()
        other = s.boards[s.defender].power() if kind == "duel" else POWER[s.pile_here()[0]]  # type: ignore[index]
        s.fight = Fight(kind, (mine, other))
        s.phase = COMBAT

    def _throw(self, face: int, ev: list[Event]) -> None:
        """CD-COMBAT-1: a maximum explodes (throw again and add); then the other side; then the outcome."""
        s = self.state
        fight = s.fight
        assert fight is not None
        fight.throws[fight.side].append(face)
        if face == fight.faces[fight.side]:
            return  # it explodes: the same side throws again
        if fight.side == 0:
            fight.side = 1
            return
        a, b = sum(fight.throws[0]), sum(fight.throws[1])
        s.last_rolls = {"attacker": list(fight.throws[0]), "defender": list(fight.throws[1])}
        rolls = f"{NAMES[s.active]} {'+'.join(map(str, fight.throws[0]))} = {a}, " \
                f"{self._fighter_name(1)} {'+'.join(map(str, fight.throws[1]))} = {b}"
        ev.append(Event("fight", f"Fight: {rolls}.", data={"throws": [list(fight.throws[0]), list(fight.throws[1])],
                                                            "totals": [a, b], "faces": list(fight.faces)}))
        s.fight = None
        if fight.kind == "duel":
            self._duel_outcome(a, b, ev)
        else:
            self._encounter_outcome(a, b, ev)

    def _duel_outcome(self, a: int, b: int, ev: list[Event]) -> None:
        """CD-DUEL-8..11: the loser hands over backpack and cage and goes home; a tie changes nothing."""
        s = self.state
        p, q = s.active, s.defender
        assert q is not None
        if a == b:
            ev.append(Event("duel_tied", "The duel is a tie: nothing changes hands and nobody moves."))
        else:
            winner, loser = (p, q) if a > b else (q, p)
            cards, goblins = hand_over(s.boards[loser], s.boards[winner])
            s.positions[loser] = s.camps[loser]
            # Section 7: the table sees "backpack and cage handed over", never how many cards.
            ev.append(Event("duel_won", f"{self.player_name(winner)} wins the duel: {self.player_name(loser)} hands over "
                            f"backpack and cage and goes home to camp ({square_id(s.camps[loser])}).",  # type: ignore[arg-type]
                            data={"winner": winner, "loser": loser, "cards": cards, "goblins": goblins}))
        s.defender = None
        self._encounter_phase(ev)

    # -- encounter
    def _encounter_phase(self, ev: list[Event]) -> None:
        """CD-TURN-3, CD-ENC-1: meet the top card of the pile here, if any; else the camp phase."""
        s = self.state
        s.defender = None
        s.flight_tried = False
        here = s.positions[s.active]
        pile = s.piles.get(here)  # type: ignore[arg-type]
        if pile:
            s.revealed = True
            s.phase = ENCOUNTER
            card, sid = pile[0], SQUARE_ID[here]  # type: ignore[index]
            ev.append(Event("monster_revealed", f"{NAMES[s.active]} meets the top monster of "
                            f"{sid}: {_a(card)} (power {POWER[card]}).", data={"square": sid, "card": card}))
        else:
            self._camp_phase(ev)

    def _card_under(self, ev: list[Event], text_: str) -> None:
        """CD-ENC-6/9/10, CD-INT-16: the revealed card goes under its pile; the encounter is over."""
        s = self.state
        pile = s.pile_here()
        pile.append(pile.pop(0))
        s.revealed = False
        ev.append(Event("card_under", text_))
        self._camp_phase(ev)

    def _encounter_outcome(self, a: int, b: int, ev: list[Event]) -> None:
        """CD-ENC-8..12, CD-END-1: win takes the card; a loss costs backpack and/or cage; a tie nothing."""
        s, p = self.state, self.state.active
        pile = s.pile_here()
        card = pile[0]
        who = NAMES[p]
        if a > b:
            s.fights_won[p] += 1
            pile.pop(0)
            s.revealed = False
            if card == "goblin":
                s.boards[p].cage += 1
                ev.append(Event("monster_beaten", f"{who} captures the goblin: it goes into the cage."))
            else:
                add(s.boards[p].backpack, card)
                ev.append(Event("monster_beaten", f"{who} defeats the {card}: {POWER[card]} wealth into the backpack."))
            if card == "dragon":  # CD-END-1, CD-INT-18
                s.dragon_slayer = p
                s.end_reason = f"{who} slew a dragon"
                self._game_over(ev)
                return
            self._camp_phase(ev)
            return
        if a == b:
            self._card_under(ev, f"A tie: the {card} goes under the pile; {who} loses nothing.")
            return
        s.fights_lost[p] += 1
        lost = []
        if card in ("goblin", "dragon"):
            lose_cage(s, p)
            lost.append("cage")
        if card != "goblin":
            lose_backpack(s, p)
            lost.append("backpack")
        self._card_under(ev, f"The {card} wins: {who}'s {' and '.join(sorted(lost))} "
                         f"{'are' if len(lost) > 1 else 'is'} emptied out of the game; the {card} goes under the pile.")

    # -- camp
    def _camp_phase(self, ev: list[Event]) -> None:
        """CD-CAMP-1, CD-INT-25: on one's own camp the camp actions follow; elsewhere the turn ends."""
        s = self.state
        if s.positions[s.active] == s.camps[s.active]:
            s.phase = CAMP
        else:
            self._end_turn(ev)

    def _camp_action(self, words: list[str], ev: list[Event]) -> None:
        """CD-CAMP-2..6: one camp action (the zones' contents stay private, equipment is public)."""
        s, p = self.state, self.state.active
        b = s.boards[p]
        who = self.player_name(p)
        if words[0] == "deposit":
            take(b.backpack, words[1])
            add(b.vault, words[1])
            ev.append(Event("deposited", f"{who} deposits {_a(words[1])} in the vault.", private_to=p,
                            public_text=f"{who} deposits a card in the vault."))
        elif words[:3] == ["goblin", "to", "dungeon"]:
            b.cage -= 1
            b.dungeon += 1
            ev.append(Event("goblins_moved", f"{who} moves a goblin from the cage to the dungeon."))
        elif words[:3] == ["goblin", "to", "cage"]:
            b.dungeon -= 1
            b.cage += 1
            ev.append(Event("goblins_moved", f"{who} moves a goblin from the dungeon to the cage."))
        else:
            old = b.equipment
            if words[0] in ("swap", "unequip"):
                add(getattr(b, words[1]), old)  # type: ignore[arg-type]
                b.equipment = None
            if words[0] in ("equip", "swap"):
                source, card = words[-2], words[-1]
                take(getattr(b, source), card)
                b.equipment = card
            new = b.equipment or "base equipment (d4)"
            ev.append(Event("equipment", f"{who} changes equipment: {old or 'base equipment (d4)'} → {new}.",
                            data={"old": old, "new": b.equipment}))

    def _end_turn(self, ev: list[Event]) -> None:
        """CD-TURN-5, CD-INT-1: the left neighbour plays next; a new round starts with the first player."""
        s = self.state
        s.active = (s.active + 1) % self.players
        if s.active == s.first_player:
            s.round += 1
            cap = self.options["max_rounds"]
            if cap and s.round > cap:  # CD-INT-24: not a rule
                s.end_reason = f"stopped after {cap} rounds (max_rounds, not a rule)"
                self._game_over(ev)
                return
        self._start_turn(s, ev)

    def _game_over(self, ev: list[Event]) -> None:
        s = self.state
        s.phase = OVER
        s.fight = None
        sc = self._scores()
        ev.append(Event("game_over", f"The game is over: {s.end_reason}. Wealth: "
                        + ", ".join(f"{self.player_name(i)} {v}" for i, v in sc.items()) + ".",
                        data={"scores": sc}))

    # ------------------------------------------------------------------ scores and views
    def _scores(self) -> dict[int, int]:
        """CD-SCORE-1..3: backpack + vault + equipment (base equipment: ``base_equipment_score``)."""
        return {i: score(b, self.options["base_equipment_score"]) for i, b in enumerate(self.state.boards)}

    def _outcome(self) -> Outcome:
        """CD-SCORE-4, CD-INT-20: the richest win; ties share the victory."""
        sc = self._scores()
        best = max(sc.values())
        return Outcome(sc, [i for i, v in sc.items() if v == best], self.state.end_reason or "")

    def _copy_state(self) -> ChasseState:
        """Return a full, independent copy of the state, much faster than ``copy.deepcopy`` (:meth:`ChasseState.copy`)."""
        return self.state.copy()

    def _resample_hidden(self, seat: int, rng: random.Random) -> None:
        """Redeal, in place, every card ``seat`` cannot see: the piles beyond a revealed top card, the
        opponents' face-down backpacks and vaults, the removed wealth cards (digest section 7).

        Zone and pile sizes, every goblin and the setup's fixed dragons are kept; see
        :mod:`.determinize` for what is treated as known. Afterwards ``observation(seat)`` is unchanged. Raises ``ValueError`` for a bad seat.
        """
        resample_hidden(self.state, self.setup, seat, rng)
        self._legal_cache = None

    def measures(self) -> dict[str, float | list[float]]:
        """Return what a teacher would plot about a finished game (for ``dragonwidgets.simulate``).

        Keys (always the same four; called before the end they give the values so far):

        - ``turns`` (number): the turns played, the last one included: the game's length (CD-TURN-1).
        - ``turn_order`` (list, one per seat): 0 for the first player, 1 for the seat on its left, ...
          (CD-SETUP-3, CD-INT-2); plot scores or wins against it to look for a first-player advantage.
        - ``fights_won`` (list, one per seat): monster fights won (CD-ENC-8).
        - ``fights_lost`` (list, one per seat): monster fights lost (CD-ENC-9); a tie (CD-ENC-10)
          counts in neither. ``won / (won + lost)`` set against :func:`.dice.duel_odds` shows the
          exploding dice simulated against exact (CD-COMBAT-6).

        Who slew the dragon is ``state.dragon_slayer`` and the outcome's reason (CD-END-1).
        """
        s = self.state
        return {
            "turns": float(s.turns),
            "turn_order": [float((seat - s.first_player) % self.players) for seat in range(self.players)],
            "fights_won": [float(n) for n in s.fights_won],
            "fights_lost": [float(n) for n in s.fights_lost],
        }

    def _why_illegal(self, action_id: str) -> str:
        """Say which rule forbids ``action_id`` now (``explain`` and refusals); see :mod:`.why`."""
        from .why import why_illegal

        return why_illegal(self, action_id)

    def _observation(self, player: int | None) -> dict[str, Any]:
        return observe(self, player)

    def _text_board(self) -> str:
        return text.render(self)
