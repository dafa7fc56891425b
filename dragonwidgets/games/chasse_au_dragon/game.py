"""``ChasseGame``: La Chasse au Dragon's decision model (digest section 6) wired into the engine's ``Game``.

The rules live in one module per phase of the turn (see the package docstring); this class only
checks the options, asks :mod:`.opening` for the first table, says who decides, and hands each
decision and each chance outcome to the module of its phase.

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

Speed (issue 6): the menus of the frequent decisions and of the dice (``move_menu``, ``duel_menu``,
``encounter_menu``, ``throw_outcomes``...) depend only on a few small values (the seat, its square, a
die, a card), so each phase module builds them once with :func:`functools.cache` and hands the engine
the same shared tuple every time (the engine only reads them, and ``legal_actions()`` gives callers a
fresh list); every cache's domain is small and bounded (6 seats x 64 squares x a few flags, 6 dice,
6 card types). The frequent events are cached the same way (``stepped_event``, ``stopped_event``,
``revealed_event``, ``flight_roll_event``, :func:`.text.logged`): equal to a new one, made once, the same
object in every history entry that logs it (an event is read, never mutated: nor is its ``data``), so a
long game keeps few new objects alive for the garbage collector to go through. The board's ids and
neighbours are tables (:mod:`.tables`), and search copies copy the state by hand (:meth:`ChasseState.copy`). Search hooks: :meth:`ChasseGame._resample_hidden`
(:mod:`.determinize`) and :meth:`ChasseGame.measures`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from dragonwidgets.engine import CHANCE, Action, Event, Game, Outcome
from dragonwidgets.engine.chance import CHANCE_OPTION_DEFAULTS

from . import camp, combat, duel, encounter, end, flight, movement, opening, raid, tensor, text, turn
from .determinize import resample_hidden
from .observation import observe
from .setup import BUNDLED_SETUP, load_setup
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
    PLACE_CAMP,
    POWER,
    RAID,
    REVEAL,
    ChasseState,
    parse_square,
)
from .tables import NAMES

#: Who decides in each phase (``_player_to_move``): the active player, chance, or the duel's defender.
_ACTIVE_DECIDES = frozenset({MOVE, ENCOUNTER, CAMP, CHOOSE_DUEL, PLACE_CAMP})
_CHANCE_DECIDES = frozenset({RAID, REVEAL, FLEE_ROLL, COMBAT})


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
    - ``pick_draws`` (True, the option every game has: ``engine.chance.CHANCE_OPTION_DEFAULTS``): with
      ``chance="manual"``, the card an encounter turns up is a chance node a teacher picks (``reveal orc``);
      False: the top card the set-up dealt is turned up, as with ``chance="auto"``, and only the dice stop
      (CD-ENC-1).

    >>> g = ChasseGame(players=2, seed=1, first_player=0)
    >>> g.legal_action_ids()[:4]
    ['step 2,0', 'step 4,0', 'step 2,1', 'step 3,1']
    >>> g.apply("step 3,1")[0].text
    'White steps from 3,0 to 3,1 (free step).'

    Positions (``position=``, ``game.position()``; the shape is in :mod:`.position`): a lesson's table in a
    few lines, the rest from the seed; with ``chance="manual"`` the card an encounter turns up is picked too:

    >>> hunter = ChasseGame(players=2, seed=1, chance="manual", position={
    ...     "adventurers": {"white": "2,2"}, "boards": {"white": {"cage": 2, "backpack": ["orc"]}}})
    >>> _ = hunter.apply("stop")  # White stays on 2,2 and meets its pile
    >>> hunter.current_player == -1, [(a.id, a.prob) for a in hunter.legal_actions()]
    (True, [('reveal orc', 0.25), ('reveal ogre', 0.5), ('reveal troll', 0.25)])
    >>> hunter.apply("reveal troll")[0].text
    'White meets the top monster of 2,2: a troll (power 10).'
    >>> hunter.legal_action_ids()  # two caged goblins: a decoy may be left to the troll
    ['decoy', 'flee roll', 'fight']
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
        **CHANCE_OPTION_DEFAULTS,  # pick_draws: with chance="manual", the card an encounter turns up is picked
    }
    data_options: ClassVar[dict[str, str]] = {"setup_file": str(BUNDLED_SETUP)}

    state: ChasseState

    def _setup(self, rng: random.Random) -> ChasseState:
        """Deal the piles, draw the first player, place camps and adventurers (CD-SETUP-1..7, CD-INT-2..4).

        Raises ``ValueError`` on a bad option value and ``GameDataError`` on a bad setup file.
        """
        self.setup = load_setup(self.options["setup_file"] or None)
        opening.check_options(self.options, self.players)
        return opening.opening_state(self.setup, self.players, self.options, rng)

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
        # The frequent menus are cached tuples, handed to the engine as they are (see the module docstring).
        s = self.state
        phase = s.phase
        if phase == MOVE:
            return movement.move_actions(s)
        if phase == ENCOUNTER:
            return encounter.encounter_actions(s)
        if phase == CAMP:
            return camp.camp_actions(s, self.options["allow_sell_without_replacement"])
        if phase == CHOOSE_DUEL:
            return duel.duel_actions(s)
        if phase == DUEL_FLIGHT:
            return duel.defender_actions(s)
        return opening.camp_choices(s)  # PLACE_CAMP

    def _chance_outcomes(self) -> Sequence[Action]:
        """CD-COMBAT-1 (a fight's throw), CD-DUEL-4 / CD-ENC-3 (a flight roll), CD-RAID-2 (the raid's 2d6),
        CD-ENC-1 (with manual chance, the card an encounter turns up)."""
        s = self.state
        if s.phase == COMBAT:  # the most frequent chance node
            bout = s.fight
            assert bout is not None
            return combat.throw_outcomes(bout.faces[bout.side], combat.fighter_name(s, bout.side))
        if s.phase == FLEE_ROLL:
            return flight.flight_roll_outcomes(s.boards[s.fleeing].power(), NAMES[s.fleeing])  # type: ignore[index]
        if s.phase == REVEAL:
            return encounter.reveal_outcomes(s)
        return raid.raid_outcomes()

    def _chance_outcomes_hidden(self) -> bool:
        """The card an encounter turns up comes from a face-down pile whose make-up no hunter knows (CD-ZONE-7):
        a seat's view lists no outcome then (the teacher picks, or chance draws)."""
        return self.state.phase == REVEAL

    def _fighter_name(self, side: int) -> str:
        """Return who throws for ``side`` of the fight under way (:func:`.combat.fighter_name`)."""
        return combat.fighter_name(self.state, side)

    # ------------------------------------------------------------------ applying: one phase module per kind
    def _apply(self, action: Action) -> list[Event]:
        """Apply ``action`` through its phase module. An encounter that begins (REVEAL) turns its top card up
        at once in auto chance or without ``pick_draws`` (CD-ENC-1); manual chance with ``pick_draws`` stops
        there for the card to be picked."""
        ev: list[Event] = []
        s = self.state
        kind = action.kind
        if kind == "step":  # the most frequent first
            movement.take_step(s, action.targets[0], self.options, ev)
        elif kind == "throw":  # the second most frequent
            fought = combat.throw(s, int(action.id[6:]), ev)
            if fought is not None:  # both sides have thrown: settle the duel or the encounter
                fight_kind, a, b = fought
                settle = duel.duel_outcome if fight_kind == "duel" else encounter.encounter_outcome
                settle(s, a, b, self.options, ev)
        else:
            self._apply_other(s, kind, action.id.split(), ev)
        if s.phase == REVEAL and not self.picks_draws():
            encounter.turn_up_top(s, ev)
        return ev

    def _apply_other(self, s: ChasseState, kind: str, words: list[str], ev: list[Event]) -> None:
        """Apply an action of any kind but a step or a throw, given as the words of its id."""
        o = self.options
        if kind == "place_camp":
            opening.pitch_camp(s, parse_square(words[1]), o["dragon_raids"], ev)
        elif kind == "raid":
            raid.dragon_raid(s, int(words[1]), int(words[2]), ev)
        elif kind == "reveal":
            encounter.reveal(s, words[1], ev)
        elif kind == "stop":
            movement.stop(s, o, ev)
        elif kind == "duel":
            duel.declare_duel(s, int(words[1]), ev)
        elif kind == "no_duel":
            encounter.begin_encounter(s, o, ev)
        elif kind == "decoy":
            flight.flee_by_decoy(s, o, ev)
        elif kind == "flee_roll":
            flight.begin_flight_roll(s)
        elif kind == "no_flight":
            combat.start_fight(s, "duel")
        elif kind == "flee_free":
            encounter.flee_free(s, o, ev)
        elif kind == "fight":
            combat.start_fight(s, "encounter")
        elif kind == "flight_roll":
            flight.flight_roll(s, int(words[1]), o, ev)
        elif kind == "end_turn":
            turn.end_turn(s, o, ev)
        else:
            camp.camp_action(s, words, ev)

    # ------------------------------------------------------------------ scores and views
    def _scores(self) -> dict[int, int]:
        """CD-SCORE-1..3: backpack + vault + equipment (base equipment: ``base_equipment_score``)."""
        return end.scores(self.state, self.options["base_equipment_score"])

    def _outcome(self) -> Outcome:
        """CD-SCORE-4, CD-INT-20: the richest win; ties share the victory."""
        return end.outcome(self.state, self.options["base_equipment_score"])

    # ------------------------------------------------------------------ positions (issue 13): see .position
    def _position(self) -> dict[str, Any]:
        """Return the whole table as JSON, hidden cards included (:func:`.position.position_of`)."""
        from .position import position_of  # imported when first asked: random play and studies never read positions

        return position_of(self.state)

    def _from_position(self, state: ChasseState, position: dict[str, Any]) -> ChasseState:
        """Return the table ``position`` describes over the seeded set-up ``state`` (:func:`.position.table_from`).

        Raises ``PositionError`` naming the field (a count of CD-SETUP-6, a zone of CD-ZONE-9, a decision the
        table does not allow...); ``state`` is not changed.
        """
        from .position import table_from  # imported when first asked (as in ``_position``)

        return table_from(state, position, self.options, self.chance_mode == "manual")

    def _copy_state(self) -> ChasseState:
        """Return a full, independent copy of the state, much faster than ``copy.deepcopy`` (:meth:`ChasseState.copy`)."""
        return self.state.copy()

    def _resample_hidden(self, seat: int, rng: random.Random) -> None:
        """Redeal, in place, every card ``seat`` cannot see: the piles beyond a revealed top card, the
        opponents' face-down backpacks, vaults, cages and dungeons (their sizes too, within the thickness
        the seat sees, CD-ZONE-7), the removed cards (digest section 7, issue 27 item 3).

        Pile sizes, the seat's own board, the face-up zones and the setup's fixed dragons are kept; see
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

    # ------------------------------------------------------------------ as numbers (tensor.py)
    def _action_space(self) -> list[str]:
        return tensor.action_space(self.players)

    def _chance_space(self) -> list[str]:
        return tensor.chance_space()

    def _observation_encoder(self) -> tensor.ObservationEncoder:
        """Return the observation tensor's encoder (the engine makes it once per game)."""
        return tensor.ObservationEncoder(self.setup, self.players)

    def _picture(self, observation: dict[str, Any]) -> str:
        """Return the SVG picture of ``observation`` (``picture.board_svg``: the table as that view shows it)."""
        from .picture import board_svg  # imported when first drawn: random play and studies draw nothing

        return board_svg(observation, self.board_layout())

    def _text_board(self) -> str:
        return text.render(self)
