"""Emerald as numbers, for learning agents: the fixed action space and the observation tensor.

**Action space** (:func:`action_space`), one index per id, in this order; it depends on the board file
and the player count only (the options change no id), and the order is part of the Emerald contract: a
change bumps ``EmeraldGame.version``. ``K`` is the colours in play (board order: black, red, blue,
green, yellow; 4 at 2 players, one per seat at 3-5, EM-SETUP-11/12, EM-P2-1), ``S`` the spaces a knight
moves from (the board's start spaces ``T1..T4, KEEP``, then ``P1..M9``: EM-MOVE-8), ``V`` the distinct
gold values (``1..5``):

1. ``move {space} {colour}`` for each space of ``S``, each colour of ``K`` (space-major): ``S * K`` ids;
2. ``end turn``;
3. ``take gold``, ``take gem``;
4. ``capture {colour}`` for each colour of ``K``;
5. ``pay {value}`` for each value of ``V``, then ``lose``.

Bundled board: 2 players 93 actions, 3 players 72, 4 players 93, 5 players 114.

**Chance outcomes** (:func:`chance_space`, apart from the seats' actions): ``roll {n}`` for each distinct
die face, then with manual chance only ``reveal gold {value}`` and ``reveal gem {gem}`` (EM-CARD-2).

**Observation tensor** (:func:`observation_layout` lists each field with its offset): a flat float32
vector built from ``observation(seat)`` alone (:class:`ObservationEncoder`), so it holds exactly what that seat may
see: its own gold values, never another seat's (until the end), nor a face-down or boxed card, nor the
value of gold paid to the dragon unless ``show_paid_gold`` (EM-SOOTHE-4, EM-INT-18). Counts are raw
numbers (not scaled); one-hot fields are all 0 where the observation holds ``None``. Left out: the
keys ``game`` and ``players`` (fixed by the shape), ``step`` (the count of history entries, not a part
of the table), the flight track's ``squares`` (given by its position and the board), the outcome's
``scores`` and ``reason`` (the same as ``scores`` and ``end_reason``), and the seat an end reason
EM-END-2 names (the first seat with fewer than 2 knights in play, as the knights show). Its length
on the bundled board: 528 / 569 / 610 / 651 at 2 / 3 / 4 / 5 players (:func:`observation_layout` gives each field's offset and size; ``describe()`` prints them).

>>> import dragonwidgets
>>> g = dragonwidgets.new_game("emerald", players=3, seed=1)
>>> v = g.observation_tensor(0)  # made by ObservationEncoder
>>> v.shape, float(v[observation_layout(g.board, 3).slice("treasures_left")][0])
((569,), 4.0)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dragonwidgets.engine.tensors import Field, SparseWriter, TensorLayout, index_table, look_up, turn_fields

from .board import LAIR, NEST, Board
from .setup import place_knights
from .state import CHOOSE_VICTIM, DRAGON_ROLL, FOUR_GEMS, PAY_OR_LOSE, REVEAL_CARD, SELECT_KNIGHT, TAKE_CARD

#: The decisions, in the order of the ``decision`` one-hot (digest section 6.2).
DECISIONS = (SELECT_KNIGHT, TAKE_CARD, DRAGON_ROLL, CHOOSE_VICTIM, PAY_OR_LOSE, REVEAL_CARD)
#: End reasons, in the order of the ``end_reason`` one-hot: matched by the rule ID the reason names;
#: "other" is a reason none of these (a hand-made position's own text).
END_REASONS = ("EM-END-1", "EM-END-2", "no player has a knight that can move", "other")


def colours_in_play(board: Board, players: int) -> tuple[str, ...]:
    """Return the knight colours played at ``players`` seats, in board order (EM-SETUP-11/12, EM-P2-1)."""
    seats, _ = place_knights(board, players)
    playing = {c for colours in seats for c in colours}
    return tuple(c for c in board.colours if c in playing)


def gold_values(board: Board) -> tuple[int, ...]:
    """Return the distinct gold card values, increasing (``(1, 2, 3, 4, 5)`` on the bundled board)."""
    return tuple(sorted(set(board.gold_deck)))


def action_space(board: Board, players: int) -> list[str]:
    """Return every action id a seat can be offered, in index order (see the module docstring).

    >>> from .board import load_board
    >>> ids = action_space(load_board(), 3)
    >>> len(ids), ids[:2], ids[60:]
    (72, ['move T1 black', 'move T1 red'], ['end turn', 'take gold', 'take gem', 'capture black', \
'capture red', 'capture blue', 'pay 1', 'pay 2', 'pay 3', 'pay 4', 'pay 5', 'lose'])
    """
    colours = colours_in_play(board, players)
    return [
        *(f"move {space} {colour}" for space in board.movable_spaces for colour in colours),
        "end turn", "take gold", "take gem",
        *(f"capture {colour}" for colour in colours),
        *(f"pay {value}" for value in gold_values(board)), "lose",
    ]


def chance_space(board: Board) -> list[str]:
    """Return every chance outcome id in index order: the die's faces, then the cards turned up by hand.

    >>> from .board import load_board
    >>> chance_space(load_board())[:4]
    ['roll 1', 'roll 2', 'roll 3', 'reveal gold 1']
    """
    return [*(f"roll {n}" for n in sorted(set(board.die))),
            *(f"reveal gold {value}" for value in gold_values(board)),
            *(f"reveal gem {gem}" for gem in board.gem_types)]


def spaces(board: Board) -> tuple[str, ...]:
    """Return every space a knight can stand on, in tensor order: start spaces, ``P1..M9``, ``LAIR``, ``NEST``."""
    return (*board.start_spaces, *board.path, LAIR, NEST)


def observation_layout(board: Board, players: int) -> TensorLayout:
    """Return the fields of the observation tensor for ``players`` seats on ``board``, in order.

    >>> from .board import load_board
    >>> [observation_layout(load_board(), p).size for p in (2, 3, 4, 5)]
    [528, 569, 610, 651]
    """
    P, C, Q, M, G = players, len(board.colours), len(spaces(board)), len(board.mountains), len(board.gem_types)
    V, D, R, L = len(gold_values(board)), len(set(board.die)), len(board.track_positions), board.lair_places
    return TensorLayout([
        *turn_fields(P, DECISIONS, "one-hot: the seat that played first (EM-SETUP-14)"),
        Field("turn", 1, "count: the turn number (EM-TURN-1)"),
        Field("seat_colours", P * C, "seat-major: 1 where the seat plays the colour (board colour order)"),
        Field("turn_colour", C, "one-hot: at 2 players the colour of the turn's first knight (EM-P2-2)"),
        Field("knights", Q * C, "space-major counts: knights of each colour on each space (start spaces, "
                                "P1..M9, LAIR, NEST)"),
        Field("moved", Q * C, "space-major counts: of those, the knights that moved this turn"),
        Field("knights_moved", 1, "count: knights moved this turn (0-2, EM-TURN-2)"),
        Field("card_taken", 1, "1 when a card was taken this turn (EM-CARD-4)"),
        Field("last_destination", Q, "one-hot: where the knight being resolved ended its move"),
        Field("piles", M * (2 + V + G), f"per mountain M1..: gold count, gold top one-hot ({V} values), gem count, "
                                        f"gem top one-hot ({G} types); a top is all 0 while face down (EM-CARD-2)"),
        Field("dragon_square", Q, "one-hot: the dragon's square (EM-DRAGON-1)"),
        Field("dragon", 2, "1 when the dragon faces the lair; 1 when it stands beside the flight track"),
        Field("flight_track", R + 1, "one-hot: the track's position 1..; then 1 once it is fixed (EM-TRACK)"),
        Field("dragon_moves", 1, "count: how many times the dragon flew"),
        Field("last_roll", D, "one-hot: the last dragon roll, by distinct die face"),
        Field("treasures_left", 1, "count: treasure cards left in the lair (EM-END-1)"),
        Field("lair_places", L * C, "place-major one-hot: the colour of the knight on each lair place (EM-LAIR-3)"),
        Field("bonus_four_gems", P, "one-hot: the holder of the four-different-gems bonus (EM-BONUS-1)"),
        Field("bonus_majority", G * P, "gem-major one-hot: each gem's majority bonus holder (EM-BONUS-3)"),
        Field("hands", P * (6 + 2 * V + 2 * G), f"seat-major, per seat: 1 when its gold values are shown, gold "
              f"cards per value ({V}), gold count, gem cards per type ({G}), treasures, bonus bits (four gems, then "
              f"each gem's majority: {1 + G}), gold cards paid, 1 when the paid values are shown, paid per value ({V})"),
        Field("pending", 1 + Q + C + P, "the capture being resolved: 1 when there is one, its square one-hot, "
                                        "the victim's colour one-hot, its owner one-hot (EM-CAPTURE)"),
        Field("end_reason", len(END_REASONS), f"one-hot: why the game ended ({', '.join(END_REASONS)})"),
        Field("scores", P + 1, "each seat's score once shown (at the end), then 1 when they are (EM-END-4)"),
        Field("winners", P, "1 for each winning seat, once over (EM-END-4, EM-INT-20)"),
    ])


class ObservationEncoder:
    """Writes a seat's observation dict as the flat vector :func:`observation_layout` describes, for one
    board and player count (made once per game by ``EmeraldGame._observation_encoder``: every index table
    is made here, so :meth:`encode` only looks up and writes every entry with one numpy assignment)."""

    def __init__(self, board: Board, players: int):
        self.board, self.players = board, players
        self.layout = observation_layout(board, players)
        self._seat = index_table(range(players))
        self._colour = index_table(board.colours)
        self._space = index_table(spaces(board))
        self._value = index_table(gold_values(board))
        self._gem = index_table(board.gem_types)
        self._bonus = index_table((FOUR_GEMS, *(f"majority_{g}" for g in board.gem_types)))
        self._decision = index_table(DECISIONS)
        self._face = index_table(sorted(set(board.die)))
        self._track = index_table(sorted(board.track_positions))
        self._pile_row = 2 + len(self._value) + len(self._gem)
        self._hand_row = 6 + 2 * len(self._value) + 2 * len(self._gem)

    def encode(self, obs: dict[str, Any]) -> np.ndarray:
        """Return the observation dict ``obs`` (a seat's, from ``EmeraldGame.observation``) as a float32 vector.

        Raises:
            ValueError: ``obs`` names a component the board does not have (a card value, a colour, a space).
        """
        P, C = self.players, len(self._colour)
        writer = SparseWriter(self.layout.offsets)
        put, one_hot = writer.put, writer.one_hot

        writer.turn(obs, self._seat, self._decision)
        put("turn", 0, obs["turn"])
        for seat, played in enumerate(obs["seat_colours"]):
            for colour in played:
                one_hot("seat_colours", self._colour, colour, seat * C)
        one_hot("turn_colour", self._colour, obs["turn_colour"])
        for name in ("knights", "moved"):
            for space, here in obs[name].items():
                row = look_up(self._space, space, name) * C
                for colour, n in here.items():
                    put(name, row + look_up(self._colour, colour, name), n)
        put("knights_moved", 0, obs["knights_moved"])
        put("card_taken", 0, obs["card_taken"])
        one_hot("last_destination", self._space, obs["last_destination"])
        self._put_piles(obs["piles"], put)
        dragon = obs["dragon"]
        one_hot("dragon_square", self._space, dragon["square"])
        put("dragon", 0, dragon["facing"] == "lair")
        put("dragon", 1, dragon["on_track"])
        one_hot("flight_track", self._track, obs["flight_track"]["position"])
        put("flight_track", len(self._track), obs["flight_track"]["fixed"])
        put("dragon_moves", 0, obs["dragon_moves"])
        one_hot("last_roll", self._face, obs["last_roll"])
        put("treasures_left", 0, obs["treasures_left"])
        for place, colour in enumerate(obs["lair_places"]):
            one_hot("lair_places", self._colour, colour, place * C)
        one_hot("bonus_four_gems", self._seat, obs["bonus"]["four_different_gems"])
        for gem, g in self._gem.items():
            one_hot("bonus_majority", self._seat, obs["bonus"]["majority"].get(gem), g * P)
        for seat, hand in enumerate(obs["hands"]):
            self._put_hand(hand, seat * self._hand_row, put)
        self._put_pending(obs["pending"], put)
        reason = obs["end_reason"]
        if reason is not None:
            put("end_reason", next(i for i, key in enumerate(END_REASONS) if key in reason or key == "other"))
        if obs["scores"] is not None:
            for seat in range(P):
                put("scores", seat, obs["scores"][str(seat)])
            put("scores", P)
        for seat in (obs["outcome"] or {}).get("winners", ()):
            put("winners", seat)
        return writer.vector(self.layout)

    def _put_piles(self, piles: dict[str, Any], put: Any) -> None:
        """Each mountain's row: gold count, gold top one-hot, gem count, gem top one-hot."""
        V = len(self._value)
        for m, square in enumerate(self.board.mountains):
            gold, gem = piles[square]["gold"], piles[square]["gem"]
            row = m * self._pile_row
            put("piles", row, gold["count"])
            if gold["top"] is not None:
                put("piles", row + 1 + look_up(self._value, gold["top"]["value"], "piles"))
            put("piles", row + 1 + V, gem["count"])
            if gem["top"] is not None:
                put("piles", row + 2 + V + look_up(self._gem, gem["top"]["gem"], "piles"))

    def _put_hand(self, hand: dict[str, Any], row: int, put: Any) -> None:
        """One seat's hand, at ``row`` of the ``hands`` field (the per-seat order of the layout)."""
        V, G = len(self._value), len(self._gem)
        put("hands", row, hand["gold"] is not None)
        for v in hand["gold"] or ():
            put("hands", row + 1 + look_up(self._value, v, "hands"), hand["gold"].count(v))
        put("hands", row + 1 + V, hand["gold_count"])
        for gem, n in hand["gems"].items():
            put("hands", row + 2 + V + look_up(self._gem, gem, "hands"), n)
        put("hands", row + 2 + V + G, hand["treasures"])
        for bonus in hand["bonus"]:
            put("hands", row + 3 + V + G + look_up(self._bonus, bonus, "hands"))
        paid = row + 3 + V + G + len(self._bonus)
        put("hands", paid, hand["gold_paid"])
        put("hands", paid + 1, hand["paid_values"] is not None)
        for v in hand["paid_values"] or ():
            put("hands", paid + 2 + look_up(self._value, v, "hands"), hand["paid_values"].count(v))

    def _put_pending(self, pending: dict[str, Any] | None, put: Any) -> None:
        """The capture being resolved: present, square one-hot, victim colour one-hot, owner one-hot."""
        if pending is None:
            return
        Q, C = len(self._space), len(self._colour)
        put("pending", 0)
        put("pending", 1 + look_up(self._space, pending["square"], "pending"))
        if pending["victim_colour"] is not None:
            put("pending", 1 + Q + look_up(self._colour, pending["victim_colour"], "pending"))
        if pending["victim_owner"] is not None:
            put("pending", 1 + Q + C + pending["victim_owner"])

