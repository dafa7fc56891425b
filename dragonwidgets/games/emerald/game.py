"""``EmeraldGame``: the decision model of the digest's section 6.2 on top of the engine's ``Game``.

One turn is a sequence of small decisions: ``select_knight`` (or ``end_turn`` at the second
selection), ``take_card``, the ``dragon_roll`` chance node, ``choose_victim`` and ``pay_or_lose``
(decided by the captured knight's owner, who may not be the active player). Everything between
them is automatic and reported as events.

Action id grammar (the Emerald contract): ``move {space} {colour}``, ``end turn``,
``take gold`` / ``take gem``, ``roll {n}`` (chance), ``capture {colour}``, ``pay {value}`` / ``lose``.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from dragonwidgets.engine import CHANCE, Action, Event, Game, Outcome

from . import events, text
from .actions import (
    capture_action,
    end_turn_action,
    lose_action,
    move_action,
    pay_action,
    roll_outcomes,
    take_action,
)
from .board import BUNDLED_BOARD, LAIR, NEST, Board, load_board
from .bonus import award_majority_bonuses, claim_four_different_gems
from .capture import capture_knight, lose_knight, soothe_dragon, victim_colours
from .cards import card_name, deal_piles, has_face_up_card, take_card, takeable_piles
from .determinize import resample_hidden
from .dragon import advance_flight_track, move_dragon, triggers_dragon
from .ending import end_reason
from .movement import (
    clear_moved,
    enter_lair,
    has_movable_knight,
    movable_stacks,
    move_knight,
    place_knights,
    unmoved,
)
from .observation import observe
from .scoring import scores, winners
from .state import (
    CHOOSE_VICTIM,
    DRAGON_ROLL,
    GEM,
    GOLD,
    KNIGHTS_PER_TURN,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OVER,
    PAY_OR_LOSE,
    SELECT_KNIGHT,
    TAKE_CARD,
    TOWARD_LAIR,
    EmeraldState,
    Hand,
    Pending,
)

#: The decisions the active player makes (``pay_or_lose`` is the captured knight's owner's, EM-CAPTURE-6).
_ACTIVE_PLAYER_DECIDES = frozenset({SELECT_KNIGHT, TAKE_CARD, CHOOSE_VICTIM})
_WORD_PHASE = {"move": SELECT_KNIGHT, "end": SELECT_KNIGHT, "take": TAKE_CARD, "roll": DRAGON_ROLL,
               "capture": CHOOSE_VICTIM, "pay": PAY_OR_LOSE, "lose": PAY_OR_LOSE}


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
    }
    data_options: ClassVar[dict[str, str]] = {"board_file": str(BUNDLED_BOARD)}

    board: Board
    state: EmeraldState

    # ------------------------------------------------------------------ setup (EM-SETUP-*)
    def _setup(self, rng: random.Random) -> EmeraldState:
        """Build the initial state: piles dealt, knights placed, track and dragon at their start.

        EM-SETUP-1..14, EM-P2-1, EM-P34-1, EM-P5-1/2. Raises ``ValueError`` on a ``first_player``
        outside -1..players-1 and ``GameDataError`` on a bad board file.
        """
        self.board = board = load_board(self.options["board_file"] or None)
        first = self.options["first_player"]
        if not -1 <= first < self.players:
            raise ValueError(f"first_player must be -1 (drawn) or a seat 0..{self.players - 1}, got {first}")
        seats, knights = place_knights(board, self.players)
        piles, out = deal_piles(board, rng)
        if first == -1:
            first = rng.randrange(self.players)  # EM-INT-22
        self._names = [" & ".join(board.colour_names[c] for c in cs) for cs in seats]
        return EmeraldState(
            players=self.players,
            seat_colours=seats,
            colour_owner={c: i for i, cs in enumerate(seats) for c in cs},
            start_spaces=board.start_spaces,
            knights=knights,
            moved={},
            piles=piles,
            out_of_game=out,
            treasures_left=board.treasures,
            lair_places=[None] * board.lair_places,
            dragon_pos=board.dragon_start_pos,
            dragon_facing=board.dragon_start_facing,
            track=board.track_initial,
            hands=[Hand() for _ in range(self.players)],
            first_player=first,
            active=first,
            captured=[0] * self.players,
        )

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
        resample_hidden(self.state, self.board, seat, rng, paid_gold_public=self.options["show_paid_gold"])

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
        if phase == DRAGON_ROLL:
            return CHANCE
        if phase == PAY_OR_LOSE:
            return s.pending.victim_owner  # type: ignore[union-attr]
        return None  # OVER

    def _legal_actions(self) -> list[Action]:
        phase = self.state.phase
        if phase == SELECT_KNIGHT:
            return self._knight_actions()
        if phase == TAKE_CARD:
            return self._card_actions()
        if phase == CHOOSE_VICTIM:
            return self._victim_actions()
        return self._pay_actions()

    def _knight_actions(self) -> list[Action]:
        """EM-TURN-2/3, EM-MOVE-1/2/6/8, EM-LAIR-2, EM-P2-2: one action per movable (space, colour)."""
        s, b, p = self.state, self.board, self.state.active
        two, dests = self.players == 2, b.destinations
        out = [move_action(space, colour, n, dests[space][n], p, two) for space, colour, n in movable_stacks(s, b, p)]
        if s.knights_moved == 1:
            out.append(end_turn_action(p))
        return out

    def _card_actions(self) -> list[Action]:
        """EM-CARD-1: the face-up card of either pile of the knight's square."""
        s = self.state
        sq = s.destination
        return [take_action(pile, card_name(self.board, s.piles[sq][pile][-1]), sq, s.active)  # type: ignore[index]
                for pile in takeable_piles(s, sq)]

    def _victim_actions(self) -> list[Action]:
        """EM-CAPTURE-4/5, EM-P2-5, EM-INT-24: the dragon mover chooses the colour of the victim."""
        s = self.state
        sq = s.pending.square  # type: ignore[union-attr]
        return [capture_action(c, sq, self._names[s.owner(c)], s.active, s.owner(c) == s.active)
                for c in victim_colours(s, self.board, sq)]

    def _pay_actions(self) -> list[Action]:
        """EM-CAPTURE-6, EM-SOOTHE-1/2: pay one gold card (one action per distinct value) or lose."""
        s = self.state
        pend = s.pending
        o = pend.victim_owner  # type: ignore[union-attr]
        colour, sq = pend.victim_colour, pend.square  # type: ignore[union-attr]
        out = [pay_action(v, colour, sq, o) for v in sorted(set(s.hands[o].gold))]  # type: ignore[index,arg-type]
        out.append(lose_action(colour, sq, o))  # type: ignore[arg-type]
        return out

    def _chance_outcomes(self) -> list[Action]:
        """EM-DRAGON-4, EM-INT-3, D14: one die, each distinct face with its probability."""
        return list(roll_outcomes(self.board.die))

    # ------------------------------------------------------------------ applying decisions
    def _apply(self, action: Action) -> list[Event]:
        ev: list[Event] = []
        words = action.id.split()
        kind = action.kind
        if kind == "select_knight":
            self._move(words[1], words[2], ev)
        elif kind == "end_turn":
            ev.append(events.turn_ended(self._names[self.state.active]))
            self._end_turn(ev)
        elif kind == "take_card":
            self._take(words[1], ev)
        elif kind == "dragon_roll":
            self._roll(int(words[1]), ev)
        elif kind == "choose_victim":
            self._capture(self.state.pending.square, words[1], ev)  # type: ignore[union-attr]
        elif words[0] == "pay":
            self._pay(int(words[1]), ev)
        else:
            self._lose(ev)
        return ev

    def _move(self, space: str, colour: str, ev: list[Event]) -> None:
        """EM-TURN-4: move one knight, then resolve lair (EM-LAIR-*), card (EM-CARD-1) or dragon."""
        s = self.state
        dest, n = move_knight(s, self.board, space, colour)
        ev.append(events.knight_moved(self._names[s.active], colour, space, n, dest))
        if dest == LAIR:
            self._enter_lair(colour, ev)
        elif has_face_up_card(s, dest):
            s.phase = TAKE_CARD
        else:
            self._after_card(ev)

    def _enter_lair(self, colour: str, ev: list[Event]) -> None:
        """EM-LAIR-3/4/5: a corridor place and a treasure card; no card, no dragon; the turn ends."""
        s = self.state
        place = enter_lair(s, colour)
        s.treasures_left -= 1
        s.hands[s.active].treasures += 1
        ev.append(events.treasure_taken(self._names[s.active], colour, place, s.treasures_left))
        if not self._check_end(ev):
            self._end_turn(ev)

    def _take(self, pile: str, ev: list[Event]) -> None:
        """EM-CARD-1/2/5/6, EM-BONUS-1 (checked before the dragon, EM-INT-8)."""
        s = self.state
        sq = s.destination
        card, revealed = take_card(s, s.active, sq, pile)  # type: ignore[arg-type]
        s.card_taken = True
        who = self._names[s.active]
        ev.append(events.card_taken(who, card_name(self.board, card), sq, pile, card))  # type: ignore[arg-type]
        if revealed is not None:
            name = card_name(self.board, revealed)
            ev.append(events.card_revealed(pile, sq, name, revealed))  # type: ignore[arg-type]
        if pile == GEM and claim_four_different_gems(s, self.board, s.active):
            ev.append(events.bonus_taken(who, s.active))
        self._after_card(ev)

    def _after_card(self, ev: list[Event]) -> None:
        """EM-DRAGON-2/3: the dragon moves iff the knight ended beside the track or on its square."""
        s = self.state
        if triggers_dragon(s, self.board, s.destination):  # type: ignore[arg-type]
            s.phase = DRAGON_ROLL
            ev.append(events.dragon_wakes(s.destination))  # type: ignore[arg-type]
        else:
            self._continue_turn(ev)

    def _roll(self, roll: int, ev: list[Event]) -> None:
        """EM-DRAGON-4..7 then EM-CAPTURE-1..5: fly, then capture on the end square only."""
        s, b = self.state, self.board
        s.last_roll = roll
        path = move_dragon(s, b, roll)
        sq = b.square_at(s.dragon_pos)
        facing = "the lair" if s.dragon_facing == TOWARD_LAIR else "the plain"
        ev.append(events.dragon_moved(roll, tuple(map(b.square_at, path)), sq, facing))
        colours = victim_colours(s, b, sq)
        if not colours:
            ev.append(events.no_capture(sq))
            self._after_dragon(ev)
        elif len(colours) == 1:
            self._capture(sq, colours[0], ev)
        else:
            s.pending = Pending(sq)
            s.phase = CHOOSE_VICTIM

    def _capture(self, sq: str, colour: str, ev: list[Event]) -> None:
        """EM-CAPTURE-3..6: the victim's owner pays or loses; an owner without gold loses it."""
        s = self.state
        pend = capture_knight(s, sq, colour)
        owner = self._names[pend.victim_owner]  # type: ignore[index]
        ev.append(events.knight_captured(sq, colour, owner, pend.victim_owner))  # type: ignore[arg-type]
        if s.hands[pend.victim_owner].gold:  # type: ignore[index]
            s.phase = PAY_OR_LOSE
        else:
            ev.append(events.no_gold(owner))
            self._lose(ev)

    def _pay(self, value: int, ev: list[Event]) -> None:
        """EM-SOOTHE-1..4, EM-INT-17/18: one gold card leaves the game; the knight stays."""
        s = self.state
        pend = s.pending
        owner = pend.victim_owner  # type: ignore[union-attr]
        soothe_dragon(s, value, knight_may_move=self.options["soothed_knight_may_move"])
        colour, square = pend.victim_colour, pend.square  # type: ignore[union-attr]
        ev.append(events.dragon_paid(self._names[owner], owner, value, colour, square,  # type: ignore[arg-type]
                                     self.options["show_paid_gold"]))
        self._after_dragon(ev)

    def _lose(self, ev: list[Event]) -> None:
        """EM-CAPTURE-7: the knight goes to the nest; EM-END-2 is checked at once (EM-INT-14)."""
        s = self.state
        pend = s.pending
        lose_knight(s)
        ev.append(events.knight_lost(pend.victim_colour, pend.square))  # type: ignore[union-attr,arg-type]
        if not self._check_end(ev):
            self._after_dragon(ev)

    def _after_dragon(self, ev: list[Event]) -> None:
        """EM-TRACK-1..3: the track advances after the capture is resolved; then the turn goes on."""
        s, b = self.state, self.board
        s.pending = None
        if advance_flight_track(s, b, carries_dragon=self.options["track_carries_dragon"]):
            squares = b.track_positions[s.track]
            ev.append(events.track_advanced(s.track, b.square_at(squares[0]), b.square_at(squares[-1]),
                                            s.track == b.track_final))
        if self.options["dragon_move_ends_turn"]:
            self._end_turn(ev)  # EM-INT-9 read the other way
        else:
            self._continue_turn(ev)

    def _continue_turn(self, ev: list[Event]) -> None:
        """EM-TURN-6/7/8, EM-CARD-4: a card or the second knight ends the turn, a dragon move alone not."""
        s = self.state
        if s.card_taken or s.knights_moved >= KNIGHTS_PER_TURN:
            self._end_turn(ev)
        else:
            s.phase = SELECT_KNIGHT

    def _end_turn(self, ev: list[Event]) -> None:
        """EM-TURN-1/3, EM-INT-10: the left neighbour plays; a seat with no movable knight is skipped."""
        s = self.state
        clear_moved(s)
        s.knights_moved, s.turn_colour, s.card_taken, s.destination = 0, None, False, None
        s.phase = SELECT_KNIGHT
        for _ in range(self.players):
            s.active = (s.active + 1) % self.players
            s.turn += 1
            if has_movable_knight(s, self.board, s.active):
                return
            ev.append(Event("turn_skipped", f"{self._names[s.active]} has no knight that can move: turn skipped "
                            "(EM-TURN-3)."))
        self._finish("no player has a knight that can move", ev)

    def _check_end(self, ev: list[Event]) -> bool:
        """EM-END-1/2/3, EM-INT-13/14: end the game at once if a condition holds; return whether it did."""
        reason = end_reason(self.state, self._names, lair_knights_in_play=self.options["lair_knights_in_play"])
        if reason:
            self._finish(reason, ev)
        return reason is not None

    def _finish(self, reason: str, ev: list[Event]) -> None:
        """EM-END-3/4: stop, award the majority bonuses, report the scores."""
        s, b = self.state, self.board
        s.phase, s.end_reason, s.pending = OVER, reason, None
        for gem, seat in award_majority_bonuses(s, b).items():
            who = "nobody (back to the box)" if seat is None else self._names[seat]
            ev.append(Event("majority_bonus", f"The {b.gem_names[gem]} majority bonus goes to {who}.",
                            data={"gem": gem, "seat": seat}))
        sc = scores(s, b)
        win = winners(s, b)
        ev.append(Event("game_over", f"Game over: {reason}. Scores: "
                        + ", ".join(f"{self._names[i]} {v}" for i, v in sc.items())
                        + f". Winner{'s' * (len(win) > 1)}: {', '.join(self._names[w] for w in win)}.",
                        data={"scores": sc, "winners": win}))

    # ------------------------------------------------------------------ results and views
    def _outcome(self) -> Outcome:
        return Outcome(scores(self.state, self.board), winners(self.state, self.board), self.state.end_reason or "")

    def _scores(self) -> dict[int, int]:
        return scores(self.state, self.board)

    def _observation(self, player: int | None) -> dict[str, Any]:
        return observe(self.state, self.board, player, show_paid_gold=self.options["show_paid_gold"])

    def _text_board(self) -> str:
        obs = observe(self.state, self.board, None, public_only=True, show_paid_gold=self.options["show_paid_gold"])
        return text.render(obs, self.board, self._names)

    def player_name(self, player: int) -> str:
        """Return the seat's colour name(s): ``"Black"``, at 2 players ``"Black & Blue"``."""
        return self._names[player]

    def board_layout(self) -> dict[str, Any]:
        """Return the static layout sent to the browser once (the Emerald contract's ``board_layout``).

        Keys: ``start_spaces`` (ids used this game), ``path`` (``[{"id", "pos", "kind"}]``, lair
        included), ``lair_places``, ``track_positions`` (``{"1": [square ids], ...}``), ``colours``
        and ``gems`` (``{id: {"name", "css"}}``), ``seat_colours``.
        """
        b = self.board
        return {
            "start_spaces": list(b.start_spaces_by_players[self.players]),
            "path": [{"id": i, "pos": b.pos[i], "kind": b.kinds[i]} for i in (*b.path, LAIR)],
            "lair_places": b.lair_places,
            "track_positions": {str(k): [b.square_at(p) for p in v] for k, v in b.track_positions.items()},
            "colours": {c: {"name": b.colour_names[c], "css": b.colour_css[c]} for c in b.colours},
            "gems": {g: {"name": b.gem_names[g], "css": b.gem_css[g]} for g in b.gem_types},
            "seat_colours": [list(c) for c in self.state.seat_colours],
        }

    # ------------------------------------------------------------------ why an action is refused
    def _why_illegal(self, action_id: str) -> str:
        """Say which rule refuses ``action_id`` now, e.g. "a card must be taken first (EM-CARD-1)"."""
        words = action_id.split() if isinstance(action_id, str) else []
        want = _WORD_PHASE.get(words[0]) if words else None
        if want is None:
            return ("it is not an Emerald action; ids are 'move {space} {colour}', 'end turn', 'take gold', "
                    "'take gem', 'roll {n}', 'capture {colour}', 'pay {value}' and 'lose'")
        if want != self.state.phase:
            return self._wrong_phase(words[0])
        if want == SELECT_KNIGHT:
            return self._why_not_move(words)
        if want == TAKE_CARD:
            return self._why_not_take(words)
        if want == CHOOSE_VICTIM:
            sq = self.state.pending.square  # type: ignore[union-attr]
            return f"there is no {' '.join(words[1:]) or '?'} knight on {sq}, where the dragon stopped (EM-CAPTURE-4)"
        if want == PAY_OR_LOSE:
            return self._why_not_pay(words)
        return "the die of the dragon shows 1, 2 or 3 (EM-DRAGON-4)"

    def _wrong_phase(self, word: str) -> str:
        s = self.state
        who = self._names[s.active]
        if s.phase == TAKE_CARD:
            return f"a card must be taken first: {who}'s knight ended on {s.destination}, which has a face-up card (EM-CARD-1)"
        if s.phase == DRAGON_ROLL:
            return f"the dragon must be rolled first: a knight ended on {s.destination} (EM-DRAGON-2, EM-DRAGON-4)"
        if s.phase == CHOOSE_VICTIM:
            return f"{who} must first choose which knight the dragon captures on {s.pending.square} (EM-CAPTURE-4)"  # type: ignore[union-attr]
        if s.phase == PAY_OR_LOSE:
            p = s.pending
            return (f"{self._names[p.victim_owner]} must first pay the dragon a gold card or lose the "  # type: ignore[union-attr,index]
                    f"{p.victim_colour} knight on {p.square} (EM-CAPTURE-6)")  # type: ignore[union-attr]
        return {
            "take": "no card to take: a card is taken only by a knight that has just ended its move on a mountain "
                    "square with a face-up card (EM-CARD-1, EM-CARD-3)",
            "roll": "the dragon moves only when a knight ends its move beside the flight track or on the dragon's "
                    "square (EM-DRAGON-2, EM-DRAGON-3)",
            "capture": "the dragon captures only after it has moved, on the square where it stops (EM-CAPTURE-1)",
        }.get(word, "no knight has been captured, so there is nothing to pay (EM-CAPTURE-6)")

    def _why_not_move(self, words: list[str]) -> str:
        s, b = self.state, self.board
        who = self._names[s.active]
        if words[0] == "end":
            if s.knights_moved == 0:
                return f"at least one knight must be moved: {who} may not pass (EM-TURN-3, EM-INT-10)"
            return "'end turn' is the id that ends a turn after its first knight (EM-TURN-2)"
        if len(words) != 3:
            return "a move is 'move {space} {colour}', e.g. 'move T1 black'"
        _, space, colour = words
        if space not in s.knights:
            return f"{space} is not a space of the board (start spaces, P1-P6, M1-M9)"
        if colour not in s.colour_owner:
            return f"{colour} is not a colour in play; colours: {', '.join(s.colour_owner)}"
        if space in (LAIR, NEST):
            return f"knights in the {'lair' if space == LAIR else 'nest'} never move (EM-MOVE-8, EM-LAIR-6)"
        if not s.knights[space].get(colour):
            return f"there is no {colour} knight on {space}"
        if s.owner(colour) != s.active:
            return f"the {colour} knights are {self._names[s.owner(colour)]}'s; {who} moves only their own (EM-TURN-2, EM-MOVE-8)"
        if s.knights_moved >= KNIGHTS_PER_TURN:
            return "two knights have moved this turn already (EM-TURN-2)"
        if s.turn_colour is not None and colour != s.turn_colour:
            return f"at 2 players both knights of a turn share one colour: this turn's colour is {s.turn_colour} (EM-P2-2)"
        if unmoved(s, space, colour) <= 0:
            n = s.knights[space][colour]
            which = f"the {colour} knight on {space} already moved" if n == 1 else f"all {n} {colour} knights on {space} already moved"
            return f"{which} this turn (EM-TURN-2)"
        return "it is not among the legal moves now"

    def _why_not_take(self, words: list[str]) -> str:
        sq = self.state.destination
        pile = words[1] if len(words) > 1 else ""
        if pile not in (GOLD, GEM):
            return "the cards of a mountain square are 'take gold' or 'take gem' (EM-CARD-1)"
        other = GEM if pile == GOLD else GOLD
        return f"{sq} has no {pile} card left; the face-up {other} card is the one to take (EM-CARD-1)"

    def _why_not_pay(self, words: list[str]) -> str:
        s = self.state
        owner = s.pending.victim_owner  # type: ignore[union-attr]
        if words[0] == "lose":
            return "'lose' takes no argument"
        if len(words) != 2 or not words[1].isdigit():
            return "only gold cards soothe the dragon: 'pay {value}' with a gold value the owner holds (EM-SOOTHE-2)"
        return f"{self._names[owner]} holds no gold {words[1]} card (EM-SOOTHE-1)"
