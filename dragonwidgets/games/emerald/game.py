"""``EmeraldGame``: the decision model of the digest's section 6.2 wired into the engine's ``Game``.

One turn is a sequence of small decisions: ``select_knight`` (or ``end_turn`` at the second
selection), ``take_card``, the ``dragon_roll`` chance node, ``choose_victim`` and ``pay_or_lose``
(decided by the captured knight's owner, who may not be the active player). With manual chance, the
card turned up under a taken one is a chance node too (``reveal_card``), so a teacher picks it.
Everything between them is automatic and reported as events.

This class holds no rule of its own: it reads the options, sets up (``setup.py``), asks each
decision's module for its legal actions (``movement``, ``cards``, ``capture``), hands each action to
its step in ``turn.py``, and answers the outcome, the views (``observation.py``), why an action is
refused (``why.py``) and positions (``position.py``).

Action id grammar (the Emerald contract): ``move {space} {colour}``, ``end turn``,
``take gold`` / ``take gem``, ``roll {n}`` (chance), ``capture {colour}``, ``pay {value}`` / ``lose``,
``reveal gold {value}`` / ``reveal gem {gem}`` (chance, manual mode only).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from dragonwidgets.engine import CHANCE, Action, Event, Game, Outcome
from dragonwidgets.engine.chance import CHANCE_OPTION_DEFAULTS

from . import tensor, text, turn
from .actions import roll_outcomes
from .board import BUNDLED_BOARD, Board, load_board
from .capture import pay_actions, victim_actions
from .cards import card_actions, reveal_outcomes
from .determinize import resample_hidden
from .movement import knight_actions
from .observation import board_layout, observe
from .picture import board_svg
from .position import table_from_position, table_position
from .scoring import scores, winners
from .setup import seat_names, set_up
from .state import (
    CHOOSE_VICTIM,
    DRAGON_ROLL,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PAY_OR_LOSE,
    REVEAL_CARD,
    SELECT_KNIGHT,
    TAKE_CARD,
    EmeraldState,
    Rules,
)
from .why import why_illegal

#: The decisions the active player makes (``pay_or_lose`` is the captured knight's owner's, EM-CAPTURE-6).
_ACTIVE_PLAYER_DECIDES = frozenset({SELECT_KNIGHT, TAKE_CARD, CHOOSE_VICTIM})


class EmeraldGame(Game):
    """A game of Emerald for 2 to 5 players (rules digest ``EM``).

    Options (``option_defaults``; each default is the reading the rulebook's text supports best):

    - ``first_player`` (-1): the first seat; -1 draws it from the seed (EM-SETUP-14, EM-INT-22).
    - ``lair_knights_in_play`` (True): knights in the lair count as "in play" for EM-END-2 (EM-INT-13).
      The French text ends the game when a player has "plus qu'un seul chevalier en jeu", and it says
      "retiré du jeu" (taken out of the game) of a knight carried to the nest only, never of one in the
      lair, which sits on one of the lair's places on the board: so every knight not in the nest is in
      play. ``False`` is the other reading (only knights in the castle or on the path, those that can
      still move, are in play): then a leader with two knights on the path ends the game by walking one
      into the lair.
    - ``soothed_knight_may_move`` (True): a soothed knight of the active player that has not moved
      may be the turn's second knight (EM-INT-17).
    - ``dragon_move_ends_turn`` (False): a dragon move ends the turn like a card does (EM-INT-9).
    - ``track_carries_dragon`` (False): the dragon moves with its track when it advances (EM-INT-16).
    - ``show_paid_gold`` (False): everybody sees the value paid to the dragon (EM-INT-18).
    - ``board_file`` (""): a JSON board file of your own; "" is the bundled reconstruction (EM-REC-*).
    - ``pick_draws`` (True, the option every game has: ``engine.chance.CHANCE_OPTION_DEFAULTS``): with
      ``chance="manual"``, the card turned up under a taken one is a chance node a teacher picks; False: the
      card the set-up dealt there is turned up, as with ``chance="auto"``, and only the dragon die stops.

    With ``chance="manual"`` a teacher picks the dragon die's face and (``pick_draws``) every card turned up
    under a taken one (``reveal gold 4``, ``reveal gem gem_2``: any card of the hidden stock, EM-CARD-2).

    ``position=`` starts from a whole or partial table (``position.py`` gives the shape, field by field),
    e.g. four knights on M8, the lair two squares away:

    >>> lesson = EmeraldGame(players=3, seed=1, position={"knights": {"M8": ["black", "black", "red", "blue"]},
    ...                                                    "first_player": 0})
    >>> lesson.legal_action_ids()[-1], lesson.position()["knights"]["M8"]
    ('move M8 black', ['black', 'black', 'red', 'blue'])

    >>> g = EmeraldGame(players=3, seed=1, first_player=0)
    >>> g.legal_action_ids()[:2]
    ['move T1 black', 'move T2 black']
    >>> g.apply("move T1 black")[0].text
    'Black moves a black knight from T1 (3 knights there) to P3.'
    """

    name: ClassVar[str] = "emerald"
    version: ClassVar[int] = 1
    min_players: ClassVar[int] = MIN_PLAYERS
    max_players: ClassVar[int] = MAX_PLAYERS
    option_defaults: ClassVar[dict[str, Any]] = {
        "first_player": -1,  # EM-INT-22: -1 = drawn from the seed
        "lair_knights_in_play": True,  # EM-INT-13: the nest's knights are "retirés du jeu", the lair's are not
        "soothed_knight_may_move": True,  # EM-INT-17
        "dragon_move_ends_turn": False,  # EM-INT-9
        "track_carries_dragon": False,  # EM-INT-16
        "show_paid_gold": False,  # EM-INT-18
        "board_file": "",  # EM-REC-*: "" = data/board.json
        **CHANCE_OPTION_DEFAULTS,  # pick_draws: with chance="manual", the card turned up is picked (EM-CARD-2)
    }
    data_options: ClassVar[dict[str, str]] = {"board_file": str(BUNDLED_BOARD)}

    board: Board
    rules: Rules
    state: EmeraldState

    # ------------------------------------------------------------------ set-up (EM-SETUP-*)
    def _setup(self, rng: random.Random) -> EmeraldState:
        """Build the initial state (``setup.set_up``) and the game's fixed :class:`~.state.Rules`.

        EM-SETUP-1..14, EM-P2-1, EM-P34-1, EM-P5-1/2. Raises ``ValueError`` on a ``first_player``
        outside -1..players-1 and ``GameDataError`` on a bad board file.
        """
        o = self.options
        self.board = board = load_board(o["board_file"] or None)
        state = set_up(board, self.players, o["first_player"], rng)
        self.rules = Rules(
            board, seat_names(board, state.seat_colours),
            lair_knights_in_play=o["lair_knights_in_play"],
            soothed_knight_may_move=o["soothed_knight_may_move"],
            dragon_move_ends_turn=o["dragon_move_ends_turn"],
            track_carries_dragon=o["track_carries_dragon"],
            show_paid_gold=o["show_paid_gold"],
        )
        return state

    def _position(self) -> dict[str, Any]:
        """Return the whole table as a position (``position.py`` gives the shape, field by field)."""
        return table_position(self.state, self.board)

    def _from_position(self, state: EmeraldState, position: dict[str, Any]) -> EmeraldState:
        """Return the table ``position`` describes; what it leaves out comes from ``state`` (the seeded
        set-up, unchanged). Raises ``PositionError`` naming the field (``position.py``)."""
        return table_from_position(state, self.rules, position)

    def _copy_state(self) -> EmeraldState:
        """Return a full, independent copy of the state for clones and search (see ``EmeraldState.copy``)."""
        return self.state.copy()

    def _resample_hidden(self, seat: int, rng: random.Random) -> None:
        """Redeal, in place, every card ``seat`` cannot see (digest section 7; see ``determinize.py``).

        Resampled: the face-down pile cards, the 4 boxed cards, the other seats' gold values in hand
        (until the end) and paid to the dragon (unless ``show_paid_gold``), from the cards ``seat``
        has not seen. ``observation(seat)`` is unchanged. Called on a search copy (``determinize``).

        Raises:
            ValueError: a hand-made position whose cards do not add up to the board's decks.
        """
        resample_hidden(self.state, self.board, seat, rng, paid_gold_public=self.rules.show_paid_gold)

    def measures(self) -> dict[str, float | list[float]]:
        """Return the Emerald measures of a finished game, for ``dragonwidgets.simulate``.

        - ``turns`` (number): the turn number at the end, the interrupted last turn included (each
          seat's turn counts one, EM-TURN-1); the game's length.
        - ``first_player_won`` (number): the first player's share of the victory, 1 for a win alone,
          1/k for a victory shared by k seats (EM-INT-20), else 0. Its mean over many games against
          1/players answers "does the first player win more often?".
        - ``dragon_moves`` (number): how many times the dragon flew (EM-DRAGON-2).
        - ``knights_captured`` (per seat): that seat's knights the dragon captured, soothed or lost
          (EM-CAPTURE-3..7); its sum over ``dragon_moves`` is how often a flight catches a knight.

        On a game still running the counts so far are given and ``first_player_won`` is 0.
        """
        s = self.state
        winners = self.winners()
        return {
            "turns": float(s.turn),
            "first_player_won": 1.0 / len(winners) if s.first_player in winners else 0.0,
            "dragon_moves": float(s.dragon_moves),
            "knights_captured": [float(n) for n in s.captured],
        }

    # ------------------------------------------------------------------ who decides, and what
    def _player_to_move(self) -> int | None:
        s = self.state
        phase = s.phase
        if phase in _ACTIVE_PLAYER_DECIDES:
            return s.active
        if phase == DRAGON_ROLL or phase == REVEAL_CARD:
            return CHANCE
        if phase == PAY_OR_LOSE:
            return s.pending.victim_owner  # type: ignore[union-attr]
        return None  # OVER

    def _legal_actions(self) -> list[Action]:
        s = self.state
        phase = s.phase
        if phase == SELECT_KNIGHT:
            return knight_actions(s, self.board)
        if phase == TAKE_CARD:
            return card_actions(s, self.board)
        if phase == CHOOSE_VICTIM:
            return victim_actions(s, self.rules)
        return pay_actions(s)

    def _chance_outcomes(self) -> list[Action]:
        """EM-DRAGON-4, EM-INT-3, D14: one die, each distinct face with its probability; EM-CARD-2 (manual
        chance): each card of the hidden stock that may be turned up, with its probability."""
        if self.state.phase == REVEAL_CARD:
            return reveal_outcomes(self.state, self.board)
        return list(roll_outcomes(self.board.die))

    # ------------------------------------------------------------------ applying decisions (turn.py)
    def _apply(self, action: Action) -> list[Event]:
        ev: list[Event] = []
        s, rules = self.state, self.rules
        words = action.id.split()
        kind = action.kind
        if kind == "select_knight":
            turn.select_knight(s, rules, words[1], words[2], ev)
        elif kind == "end_turn":
            turn.stop_after_one_knight(s, rules, ev)
        elif kind == "take_card":
            turn.take_card(s, rules, words[1], ev, by_hand=self.picks_draws())
        elif kind == "reveal_card":
            turn.reveal_card(s, rules, int(words[2]) if words[1] == "gold" else words[2], ev)
        elif kind == "dragon_roll":
            turn.roll_dragon(s, rules, int(words[1]), ev)
        elif kind == "choose_victim":
            turn.choose_victim(s, rules, s.pending.square, words[1], ev)  # type: ignore[union-attr]
        elif words[0] == "pay":
            turn.pay_dragon(s, rules, int(words[1]), ev)
        else:
            turn.lose_knight(s, rules, ev)
        return ev

    def _why_illegal(self, action_id: str) -> str:
        """Say which rule refuses ``action_id`` now, e.g. "a card must be taken first (EM-CARD-1)"."""
        return why_illegal(self.state, self.rules.names, action_id)

    # ------------------------------------------------------------------ results and views
    def _outcome(self) -> Outcome:
        return Outcome(scores(self.state, self.board), winners(self.state, self.board), self.state.end_reason or "")

    def _scores(self) -> dict[int, int]:
        return scores(self.state, self.board)

    def _observation(self, player: int | None) -> dict[str, Any]:
        return observe(self.state, self.board, player, show_paid_gold=self.rules.show_paid_gold)

    def _picture(self, observation: dict[str, Any]) -> str:
        """Return the SVG picture of ``observation`` (``picture.board_svg``: the board as that view shows it)."""
        return board_svg(observation, self.board_layout())

    def _text_board(self) -> str:
        obs = observe(self.state, self.board, None, public_only=True, show_paid_gold=self.rules.show_paid_gold)
        return text.render(obs, self.board, self.rules.names)

    def player_name(self, player: int) -> str:
        """Return the seat's colour name(s): ``"Black"``, at 2 players ``"Black & Blue"``."""
        return self.rules.names[player]

    # ------------------------------------------------------------------ as numbers (tensor.py)
    def _action_space(self) -> list[str]:
        return tensor.action_space(self.board, self.players)

    def _chance_space(self) -> list[str]:
        return tensor.chance_space(self.board)

    def _observation_encoder(self) -> tensor.ObservationEncoder:
        """Return the observation tensor's encoder (the engine makes it once per game)."""
        return tensor.ObservationEncoder(self.board, self.players)

    def board_layout(self) -> dict[str, Any]:
        """Return the static layout sent to the browser once (the Emerald contract's ``board_layout``;
        keys as ``observation.board_layout`` says)."""
        return board_layout(self.board, self.players, self.state.seat_colours)
