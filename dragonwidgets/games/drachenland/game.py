"""``DrachenlandGame``: the decision model of the digest's section 6 wired into the engine's ``Game``.

A turn is a sequence of small decisions: the ``roll`` chance node, ``fate`` (keep or reroll, once a
game), ``choose_die`` (when the two unused dice differ), ``choose_adventurer`` (or end the turn), the
``movement`` phase (walk, march, fly, call, boat, end movement), the ``treasure`` phase (take gems, a
diamond, an egg or a ring, or skip) and the ``magic_hand`` loop. The opening round is
``choose_adventurer`` then an exact ``walk``. Forced stops and the end of phases that offer no choice
are automatic and reported as events; so are reveals with auto chance, while manual chance stops at
the ``reveal`` chance node, where the token turned up is picked by hand (:mod:`.reveal`). Each
decision's rules are in the module of its mechanism (see the package's docstring); this class only
wires them into the engine's protocol.

Action id grammar (the Drachenland contract): ``roll {a} {b}`` and ``reveal {volcano} {token kind}``
(chance), ``keep`` / ``reroll``, ``die {value}``, ``move {colour}`` / ``enter {colour}``,
``end turn``, ``walk {node}``, ``march {node}``, ``fly {volcano}`` / ``fly {volcano} baby``,
``call`` / ``call baby``, ``boat {volcano}``, ``end movement``, ``take gems`` / ``take diamond`` /
``take egg`` / ``take ring``, ``skip``, ``magic hand`` / ``done``.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from dragonwidgets.engine import CHANCE, Action, Event, Game, Outcome
from dragonwidgets.engine.chance import CHANCE_OPTION_DEFAULTS

from . import (
    movement_phase,
    opening,
    reveal,
    roll,
    tensor,
    text,
    tokens,
    treasure,
    turn,
)
from .board import BUNDLED_BOARD, Board, load_board
from .determinize import redeal_hidden_tokens
from .movement import forget_table
from .observation import layout, observe
from .scoring import finals
from .setup import check_options, deal, people_names
from .state import (
    CHOOSE_ADVENTURER,
    CHOOSE_DIE,
    FATE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    MOVEMENT,
    OVER,
    REROLL,
    REVEAL,
    ROLL,
    TAKE_AGAIN,
    TREASURE,
    DrachenlandState,
)

_MOVER = {ROLL: CHANCE, REROLL: CHANCE, REVEAL: CHANCE, OVER: None}  # who moves in the phases no seat decides


class DrachenlandGame(Game):
    """A game of Drachenland for 2 to 4 players (rules digest ``DL``).

    Options (``option_defaults``; each default is the digest's choice):

    - ``dice`` ("special_2002"): the dice preset of ``data/components.json``, or "standard_d6"
      (DL-REC-1, DL-INT-5).
    - ``variant_free_gems`` (False): Variant 1, no limit of two gems per colour (DL-VAR1-1, DL-INT-28).
    - ``variant_open_hoards`` (False): Variant 2, no screens: every hoard is shown (DL-VAR2-1, DL-INT-29).
    - ``first_player`` (0): the start player; the others follow in seat order (DL-SETUP-9, DL-INT-32).
    - ``opening_exact_distance`` (True): the opening walk is exactly 1/2/3/4 spaces; False: up to it (DL-INT-6).
    - ``forfeit_dice`` (True): a die may be left unused; False: end the turn only when no die can be
      used (DL-INT-8).
    - ``march_without_die`` (True): forced marches may carry a walk on their own; False: only on top
      of a walk on the die (DL-INT-12).
    - ``forced_stop_ends_movement`` (True): a forced stop ends the whole movement phase; False: it ends
      the walk, and boatmen, flights and calls may follow (DL-INT-13).
    - ``call_counts_as_move`` (False): a dragon call counts as having moved, for rings (DL-INT-22).
    - ``diamond_gem_limit`` (True): the two-per-colour setup limit applies to diamonds (DL-INT-3).
    - ``diamonds_replace_eggs`` (False): diamonds may stand in for eggs in sets (DL-INT-25).
    - ``turn_cap`` (0): stop after this many rounds, **not a rule**, for automated play; 0 = off (DL-INT-30).
    - ``board_file`` (""): a board JSON file of your own; "" is the bundled reconstruction (DL-REC-2).
    - ``pick_draws`` (True, the option every game has: ``engine.chance.CHANCE_OPTION_DEFAULTS``): with
      ``chance="manual"``, the token a volcano turns up is a chance node a teacher picks (``reveal V05 ring``,
      :mod:`.reveal`); False: the token the set-up dealt there is turned up, as with ``chance="auto"``, and
      only the dice stop (DL-MOVE-6, DL-SETUP-5).

    >>> g = DrachenlandGame(players=3, seed=1)
    >>> g.legal_action_ids()
    ['enter red', 'enter green', 'enter blue']
    >>> g.apply("enter red")[0].text
    'Humans bring their red adventurer in (opening round: exactly 1 space).'
    >>> g.legal_action_ids()
    ['walk s01', 'walk s05', 'walk s09', 'walk s13', 'walk s17', 'walk s21']

    A position (``position=``, :mod:`.position`) starts from a table of a lesson: a volcano with two
    rubies, a diamond, an egg and a boatman token, and the red adventurer a step away with the dice
    showing 1 and 3 (with manual chance the tokens turned up are picked by hand, :mod:`.reveal`):

    >>> lesson = {"volcanoes": {"V07": {"gems": {"ruby": 2, "diamond": 1}, "token": "boatman", "face_down": False}},
    ...           "adventurers": [{"red": "s40"}, {"green": "s20"}], "dice": [1, 3]}
    >>> g = DrachenlandGame(players=2, seed=1, position=lesson)
    >>> g.legal_action_ids()
    ['die 1', 'die 3', 'end turn']
    >>> g.position()["volcanoes"]["V07"]
    {'eggs': 1, 'gems': {'ruby': 2, 'emerald': 0, 'sapphire': 0, 'diamond': 1}, 'token': 'boatman', 'face_down': False}
    """

    name: ClassVar[str] = "drachenland"
    version: ClassVar[int] = 1
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    option_defaults: ClassVar[dict[str, Any]] = {
        "dice": "special_2002",  # DL-REC-1, DL-INT-5
        "variant_free_gems": False,  # DL-VAR1
        "variant_open_hoards": False,  # DL-VAR2
        "first_player": 0,  # DL-INT-32
        "opening_exact_distance": True,  # DL-INT-6
        "forfeit_dice": True,  # DL-INT-8
        "march_without_die": True,  # DL-INT-12
        "forced_stop_ends_movement": True,  # DL-INT-13
        "call_counts_as_move": False,  # DL-INT-22
        "diamond_gem_limit": True,  # DL-INT-3
        "diamonds_replace_eggs": False,  # DL-INT-25
        "turn_cap": 0,  # DL-INT-30: not a rule, 0 = off
        "board_file": "",  # DL-REC-2: "" = data/board.json
        **CHANCE_OPTION_DEFAULTS,  # pick_draws: with chance="manual", the token turned up is picked (DL-MOVE-6)
    }
    data_options: ClassVar[dict[str, str]] = {"board_file": str(BUNDLED_BOARD)}

    #: Seats are named after peoples ("Humans", "Dwarves"): "the Dwarves win", not "wins".
    plural_names: ClassVar[bool] = True

    board: Board
    state: DrachenlandState
    #: Answers about the current table (occupied stones, walk choices), kept true by :mod:`.movement`.
    memo: dict[Any, Any]

    # ------------------------------------------------------------------ set-up (DL-SETUP-*)
    def _setup(self, rng: random.Random) -> DrachenlandState:
        """Deal tokens, eggs and gems; every adventurer off the board; seat ``first_player`` opens.

        DL-SETUP-2..9, DL-2P-2, DL-REC-3 (:mod:`.setup`). Raises ``ValueError`` on an unknown dice
        preset, a ``first_player`` outside the seats or a negative ``turn_cap``, and ``GameDataError``
        on a bad board file.
        """
        self.board = board = load_board(self.options["board_file"] or None)
        check_options(board, self.options, self.players)
        self._dice = board.dice_presets[self.options["dice"]]
        self._roll_cache: dict[str, list[Action]] = {}
        forget_table(self)
        self._names = people_names(board)
        return deal(board, self.players, self.options, rng)

    def player_name(self, player: int) -> str:
        """Return the name of ``player``'s people, after their shape (DL-REC-4), e.g. ``"Dwarves"``."""
        return self._names[player]

    def board_layout(self) -> dict[str, Any]:
        """Return the static layout sent to the browser once (the Drachenland contract's ``board_layout``)."""
        return layout(self)

    # ------------------------------------------------------------------ who decides, and what
    def _player_to_move(self) -> int | None:
        s = self.state
        return _MOVER.get(s.phase, s.active)  # chance rolls the dice; nobody moves once it is over

    def _legal_actions(self) -> list[Action]:
        s = self.state
        phase = s.phase  # the most frequent decisions first
        if phase == CHOOSE_ADVENTURER:
            return opening.enter_actions(self) if s.turn == 0 else turn.adventurer_actions(self)
        if phase == MOVEMENT:
            return opening.walk_actions(self) if s.turn == 0 else movement_phase.movement_actions(self)
        if phase == CHOOSE_DIE:
            return turn.die_actions(self)
        if phase == FATE:
            return roll.fate_actions(self)
        if phase in (TREASURE, TAKE_AGAIN):
            return treasure.treasure_actions(self)
        return treasure.hand_actions(self)

    def _chance_outcomes(self) -> list[Action]:
        """DL-TURN-2 (1), DL-FATE-1, DL-REC-1: both dice, each distinct pair with its probability; with
        manual chance, DL-MOVE-6, DL-SETUP-5: the token a reveal turns up, each unseen kind by its share."""
        phase = self.state.phase
        if phase == REVEAL:
            return reveal.reveal_outcomes(self)
        rolls = self._roll_cache.get(phase)
        if rolls is None:
            rolls = self._roll_cache[phase] = roll.roll_outcomes(self._dice, again=phase == REROLL)
        return rolls  # shared: the engine never mutates the list it is given

    # ------------------------------------------------------------------ applying decisions
    def _apply(self, action: Action) -> list[Event]:
        ev: list[Event] = []
        s = self.state
        words = action.id.split()
        kind = action.kind
        if kind == "roll":  # the most frequent kinds first
            roll.roll(self, int(words[1]), int(words[2]), ev)
        elif kind == "choose_adventurer":
            if s.turn == 0:
                opening.bring_in(self, words[1], ev)
            else:
                turn.choose_adventurer(self, words[1], ev)
        elif kind in ("walk", "march"):
            if s.turn == 0:
                opening.walk_in(self, words[1], ev)
            else:
                movement_phase.walk(self, words[1], kind == "march", ev)
        elif kind == "choose_die":
            turn.choose_die(self, int(words[1]))
        elif kind == "end_turn":
            turn.forfeit_dice(self, ev)
        elif kind == "end_movement":
            movement_phase.end_movement(self, ev)
        elif kind == "fate":
            roll.fate(self, words[0] == "reroll", ev)
        elif kind == "reveal":
            (opening if s.turn == 0 else tokens).turn_up(self, words[1], words[2], ev)
        elif kind == "fly":
            tokens.fly(self, words[1], len(words) > 2, ev)
        elif kind == "call":
            tokens.call(self, len(words) > 1, ev)
        elif kind == "boat":
            tokens.boat(self, words[1], ev)
        elif kind == "take":
            treasure.take_treasure(self, words[1], ev)
        elif kind == "magic_hand":
            treasure.play_magic_hand(self, ev)
        else:  # skip, done: the adventurer's action is over (DL-TREASURE-6, DL-TOKEN-2)
            turn.next_choice(self, ev)
        if s.phase == MOVEMENT and s.turn:  # after a choice of adventurer, a walk or a token move
            movement_phase.may_end(self, ev)
        return ev

    # ------------------------------------------------------------------ scores and views
    def _scores(self) -> dict[int, int]:
        return {i: f["score"] for i, f in enumerate(finals(self))}

    def _outcome(self) -> Outcome:
        """DL-SCORE-5, DL-INT-27: the highest score wins; tied top scores share the victory."""
        sc = self._scores()
        best = max(sc.values())
        return Outcome(sc, [i for i, v in sc.items() if v == best], self.state.end_reason or "")

    def _observation(self, player: int | None) -> dict[str, Any]:
        return observe(self, player)

    # ------------------------------------------------------------------ as numbers (tensor.py, issue 15)
    def _action_space(self) -> list[str]:
        return tensor.action_space(self.board, self.options["dice"])

    def _chance_space(self) -> list[str]:
        return tensor.chance_space(self.board, self.options["dice"])

    def _observation_encoder(self) -> tensor.ObservationEncoder:
        """Return the observation tensor's encoder (the engine makes it once per game)."""
        return tensor.ObservationEncoder(self.board, self.players, self.options["dice"])

    # ------------------------------------------------------------------ search and simulation (issue 6)
    def _copy_state(self) -> DrachenlandState:
        """Return an independent copy of the state (:meth:`DrachenlandState.copy`, much faster than deepcopy)."""
        return self.state.copy()

    # ------------------------------------------------------------------ positions (issue 13)
    def _position(self) -> dict[str, Any]:
        """Return the whole table, hidden tokens and hoards included, with the turn and the decision
        (the fields of :mod:`.position`)."""
        from . import position  # imported when first asked: random play and studies never read positions

        return position.position_of(self)

    def _from_position(self, state: DrachenlandState, pos: dict[str, Any]) -> DrachenlandState:
        """Return the table ``pos`` describes on the seeded set-up ``state`` (unchanged); see :mod:`.position`.

        Raises ``PositionError`` naming the field when a count or a rule is broken. Nothing memoized about
        the table is kept (``memo``: the engine installs the returned state, on goto too).
        """
        from . import position  # imported when first asked (as in ``_position``)

        return position.from_position(self, state, pos)

    def _state_replaced(self) -> None:
        """The table was replaced whole (goto, undo): drop the answers ``memo`` holds about the old one."""
        forget_table(self)

    def _resample_hidden(self, seat: int, rng: random.Random) -> None:
        """Redeal the face-down tokens and the boxed token uniformly from the unrevealed remainder.

        Other seats' hoards are kept: every take is public and exact, so ``seat`` knows them from the
        log (see :mod:`.determinize`). ``observation(seat)`` is unchanged; ``seat`` is not needed
        because nothing hidden is private to one seat. Digest section 7, DL-SETUP-5, DL-REC-3.
        """
        redeal_hidden_tokens(self.state, rng)
        forget_table(self)

    def measures(self) -> dict[str, float | list[float]]:
        """Return measures of a finished game for ``simulate()``, each a list with one number per seat.

        - ``score``: the final score (DL-SCORE-6).
        - ``eggs``: the dragon eggs in the seat's hoard (DL-TREASURE-2, DL-END-1).
        - ``dragon_flights``: flights on a royal dragon (paid with a 4 or a baby dragon, DL-DRAGON-4/5,
          DL-BABY-1).
        - ``dragon_calls``: royal dragons called to the seat's adventurer (DL-DRAGON-6, DL-BABY-1).

        Plotting ``score`` against ``dragon_flights + dragon_calls`` answers "how much is a royal
        dragon worth?". Meant for finished games; on a game still going, scores are as they stand.
        """
        s = self.state
        return {
            "score": [float(f["score"]) for f in finals(self)],
            "eggs": [float(h["egg"]) for h in s.hoards],
            "dragon_flights": [float(n) for n in s.flights],
            "dragon_calls": [float(n) for n in s.calls],
        }

    def _text_board(self) -> str:
        return text.render(self)

    def _picture(self, observation: dict[str, Any]) -> str:
        """Return the SVG picture of ``observation`` (the map, the dice, the turn, the seat panels)."""
        from .picture import board_svg  # imported when first drawn: random play and studies draw nothing

        return board_svg(observation, self.board_layout())

    def _why_illegal(self, action_id: str) -> str:
        """Name the rule that forbids ``action_id`` now (the decision, the die, the path, the token)."""
        from .why import why_illegal

        return why_illegal(self, action_id)
