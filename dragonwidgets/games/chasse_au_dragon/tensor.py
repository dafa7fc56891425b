"""La Chasse au Dragon as numbers, for learning agents: the fixed action space and the observation tensor.

**Action space** (:func:`action_space`), one index per id, in this order; it depends on the player count
``P`` only (no option and no setup file changes an id), and the order is part of the Chasse au Dragon
contract: a change bumps ``ChasseGame.version``. Squares go row by row (``0,0``, ``1,0`` .. ``7,7``), the
wealth types ``W`` in power order (orc, ogre, troll, giant, dragon: CD-MON-3, the only cards a backpack,
a vault or the equipment holds), the zones ``Z`` are ``backpack, vault``:

1. ``camp {x,y}`` for the 28 forest-edge squares (CD-SETUP-4, CD-INT-4; offered with
   ``camp_placement="choose"`` only): 28 ids;
2. ``step {x,y}`` for each of the 64 squares (CD-MOVE-1/3), then ``stop`` (CD-MOVE-2);
3. ``duel {seat}`` for each seat ``0..P-1`` (CD-DUEL-1; never one's own), then ``no duel``;
4. ``no flight``, ``decoy``, ``flee roll``, ``flee free``, ``fight`` (CD-DUEL-2..4, CD-ENC-2..5);
5. at camp (CD-CAMP-2..6): ``deposit {w}`` (5), ``goblin to dungeon``, ``goblin to cage``,
   ``equip {z} {w}`` (zone-major, 10), ``swap {to} {from} {w}`` (to-, then from-major, 20),
   ``unequip {z}`` (2), ``end turn``.

Sizes: ``139 + P``: 141 / 142 / 143 / 144 / 145 at 2 / 3 / 4 / 5 / 6 players. No action carries a free
value: every amount is bounded by the board (64 squares), the seats and the five wealth types.

**Chance outcomes** (:func:`chance_space`, apart from the seats' actions): ``throw {f}`` for ``f`` in
``1..20`` (a fight's throw, the largest die a d20, CD-COMBAT-1, CD-MON-1), ``flee {f}`` for ``f`` in ``1..20``
(a flight roll, CD-DUEL-4, CD-ENC-3), ``raid {a} {b}`` for ``1 <= a <= b <= 6`` (the raid's 2d6 unordered,
CD-RAID-2), then, with manual chance only, ``reveal {type}`` for the six card types (CD-ENC-1): 67 ids.

**Observation tensor** (:func:`observation_layout` lists each field with its offset): a flat float32 vector
built from ``observation(seat)`` alone (:class:`ObservationEncoder`), so it holds exactly what that seat may
see (digest section 7): its own board in full; of another seat's board the equipment, the pantry and each
zone's thickness word only (CD-ZONE-7), never a count or a face-down card (until the end); the piles' sizes,
never their cards beyond the one revealed. Counts are raw numbers (not scaled); one-hot fields are all 0
where the observation holds ``None``. A die's throws (a fight's, a last roll's) are given as ``count, first,
sum``: an exploding die throws again only on its maximum (CD-COMBAT-1), so every throw but the last equals
the first, and the three numbers give the whole list. Left out: ``game``, ``players`` (fixed by the shape),
``step`` (the count of history entries), a board's ``power`` (its equipment's, or 4: CD-ZONE-5), the revealed
card's ``power`` (CD-MON-1), the outcome's ``scores`` (the same as ``scores``). Its length: 731 / 906 /
1081 / 1256 / 1431 at 2 / 3 / 4 / 5 / 6 players (``observation_layout(setup, P).describe()`` prints the fields).

>>> import dragonwidgets
>>> g = dragonwidgets.new_game("chasse_au_dragon", players=2, seed=1)
>>> v = g.observation_tensor(0)  # made by ObservationEncoder
>>> v.shape, float(v[observation_layout(g.setup, 2).slice("round")][0])
((731,), 1.0)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dragonwidgets.engine.tensors import Field, SparseWriter, TensorLayout, index_table, look_up, turn_fields

from .setup import TYPE_ORDER, Setup, edge_squares
from .state import BASE_POWER, DECISIONS, OVER, POWER, WEALTH_TYPES, WEALTH_ZONES, square_id
from .tables import NAMES, SQUARES

#: The decisions of the ``decision`` one-hot (digest section 6): every one but OVER (``is_over`` says it).
PLAYING = tuple(d for d in DECISIONS if d != OVER)
#: The dice a fight or a flight throws, by faces: base equipment's d4 and each card type's (CD-MON-1, CD-ZONE-5).
DICE = tuple(sorted({BASE_POWER, *POWER.values()}))
#: The zones whose thickness every seat sees (CD-ZONE-7), in the ``thickness`` field's order.
THICK_ZONES = ("backpack", "vault", "cage", "dungeon")
#: The last rolls an observation may hold (a fight's two sides, a flight roll), in the field's order.
LAST_ROLLS = ("attacker", "defender", "flight")
#: End reasons, in the ``end_reason`` one-hot's order: matched by their words; "other" is any other text.
END_REASONS = ("slew a dragon", "max_rounds", "other")
#: Entries of one seat's row of the ``boards`` field.
BOARD_ROW = 1 + len(WEALTH_TYPES) + 1 + 2 * len(WEALTH_TYPES) + 3 + 2


def action_space(players: int) -> list[str]:
    """Return every action id a seat can be offered at ``players`` seats, in index order (module docstring).

    >>> ids = action_space(2)
    >>> len(ids), ids[0], ids[28], ids[92:96], ids[-1]
    (141, 'camp 0,0', 'step 0,0', ['stop', 'duel 0', 'duel 1', 'no duel'], 'end turn')
    """
    return [
        *(f"camp {square_id(sq)}" for sq in edge_squares()),
        *(f"step {square_id(sq)}" for sq in SQUARES), "stop",
        *(f"duel {seat}" for seat in range(players)), "no duel",
        "no flight", "decoy", "flee roll", "flee free", "fight",
        *(f"deposit {w}" for w in WEALTH_TYPES), "goblin to dungeon", "goblin to cage",
        *(f"equip {z} {w}" for z in WEALTH_ZONES for w in WEALTH_TYPES),
        *(f"swap {to} {source} {w}" for to in WEALTH_ZONES for source in WEALTH_ZONES for w in WEALTH_TYPES),
        *(f"unequip {z}" for z in WEALTH_ZONES), "end turn",
    ]


def chance_space() -> list[str]:
    """Return every chance outcome id in index order: throws, flight rolls, raids, then cards turned up by hand.

    >>> ids = chance_space()
    >>> len(ids), ids[0], ids[20], ids[40], ids[-1]
    (67, 'throw 1', 'flee 1', 'raid 1 1', 'reveal dragon')
    """
    faces = range(1, max(DICE) + 1)
    return [*(f"throw {f}" for f in faces), *(f"flee {f}" for f in faces),
            *(f"raid {a} {b}" for a in range(1, 7) for b in range(a, 7)),
            *(f"reveal {t}" for t in TYPE_ORDER)]


def observation_layout(setup: Setup, players: int) -> TensorLayout:
    """Return the fields of the observation tensor for ``players`` seats (``setup``: its thickness buckets).

    >>> from .setup import load_setup
    >>> [observation_layout(load_setup(), p).size for p in range(2, 7)]
    [731, 906, 1081, 1256, 1431]
    """
    P, S, T, F = players, len(SQUARES), len(TYPE_ORDER), len(DICE)
    B = len(setup.thickness_buckets)
    words = ", ".join(name for _, _, name in setup.thickness_buckets)
    return TensorLayout([
        *turn_fields(P, PLAYING, "one-hot: the first player (CD-SETUP-3, CD-INT-2)"),
        Field("round", 1, "count: the round number (CD-TURN-1)"),
        Field("dragon_raids", 1, "1 when the raids option is on (CD-RAID)"),
        Field("camps", P * S, "seat-major one-hot: each seat's camp square, row by row (all 0 before it is pitched)"),
        Field("positions", P * S, "seat-major one-hot: each seat's adventurer square, row by row"),
        Field("pile_present", S, "1 on each square holding a pile (row by row)"),
        Field("piles", S, "count: the cards in each square's pile (CD-ZONE-7: sizes only)"),
        Field("revealed", 1 + S + T, f"the card face up now: 1 when there is one, its square one-hot, its type "
                                     f"one-hot ({', '.join(TYPE_ORDER)}; CD-ENC-1)"),
        Field("steps", 1, "count: steps taken this turn (CD-MOVE)"),
        Field("defender", P, "one-hot: the duel's defender (CD-DUEL)"),
        Field("fleeing", P, "one-hot: the seat making a flight roll"),
        Field("flight_tried", 1, "1 once a flight roll was made (CD-DUEL-5, CD-ENC-4)"),
        Field("fight", 4 + 2 * F + 6, f"the fight under way: 1 when there is one, kind one-hot (duel, encounter), "
                                      f"the side throwing now, each side's die one-hot (d{', d'.join(map(str, DICE))}), "
                                      f"each side's throws as count, first, sum (CD-COMBAT-1)"),
        Field("last_rolls", 3 * len(LAST_ROLLS), f"count, first, sum of each last roll ({', '.join(LAST_ROLLS)})"),
        Field("boards", P * BOARD_ROW, f"seat-major, per seat: 1 when shown in full (own board, or the end), "
              f"equipment one-hot ({', '.join(WEALTH_TYPES)}; all 0: base), pantry quarters, backpack counts per "
              f"type, vault counts per type, cage, dungeon, goblin quarters, backpack wealth, vault wealth "
              f"(all 0 unless shown in full; CD-ZONE-1..7)"),
        Field("thickness", P * len(THICK_ZONES) * B, f"seat-, then zone-major one-hot: each seat's {', '.join(THICK_ZONES)} "
                                                     f"thickness word ({words}; CD-ZONE-7, CD-INT-23)"),
        Field("removed", 2, "1 when the count of cards out of the game is shown (the end), then that count"),
        Field("reach", 1 + 2 * S, "the movement's reach (the mover's own view): 1 when shown, then 1 on each square "
                                  "it can end on, then the goblin quarters that costs (CD-MOVE-1/3/6, CD-INT-5)"),
        Field("scores", P + 1, "each seat's wealth once shown (at the end), then 1 when they are (CD-SCORE-1..3)"),
        Field("end_reason", len(END_REASONS) + P, f"one-hot: why the game ended ({', '.join(END_REASONS)}), then "
                                                  f"one-hot the seat that slew the dragon (CD-END-1, CD-INT-24)"),
        Field("winners", P, "1 for each winning seat, once over (CD-SCORE-4, CD-INT-20)"),
    ])


class ObservationEncoder:
    """Writes a seat's observation dict as the flat vector :func:`observation_layout` describes, for one
    setup and player count (made once per game by ``ChasseGame._observation_encoder``: every index table is
    made here)."""

    def __init__(self, setup: Setup, players: int):
        self.players = players
        self.layout = observation_layout(setup, players)
        self._square = index_table(map(square_id, SQUARES))
        self._type = index_table(TYPE_ORDER)
        self._wealth = index_table(WEALTH_TYPES)
        self._decision = index_table(PLAYING)
        self._die = index_table(DICE)
        self._thick = index_table(name for _, _, name in setup.thickness_buckets)
        self._seat = index_table(range(players))
        self._name = index_table(NAMES[:players])

    def encode(self, obs: dict[str, Any]) -> np.ndarray:
        """Return the observation dict ``obs`` (a seat's, from ``ChasseGame.observation``) as a float32 vector.

        Raises:
            ValueError: ``obs`` names something the layout has no place for (a square, a card type, a die).
        """
        P, S = self.players, len(self._square)
        writer = SparseWriter(self.layout.offsets)
        put, one_hot = writer.put, writer.one_hot

        writer.turn(obs, self._seat, self._decision)
        put("round", 0, obs["round"])
        put("dragon_raids", 0, obs["dragon_raids"])
        for seat in range(P):
            one_hot("camps", self._square, obs["camps"][seat], seat * S)
            one_hot("positions", self._square, obs["positions"][seat], seat * S)
        for sq, n in obs["piles"].items():
            one_hot("pile_present", self._square, sq)
            put("piles", look_up(self._square, sq, "piles"), n)
        if obs["revealed"] is not None:
            put("revealed", 0)
            one_hot("revealed", self._square, obs["revealed"]["square"], 1)
            one_hot("revealed", self._type, obs["revealed"]["card"], 1 + S)
        put("steps", 0, obs["steps"])
        one_hot("defender", self._seat, obs["defender"])
        one_hot("fleeing", self._seat, obs["fleeing"])
        put("flight_tried", 0, obs["flight_tried"])
        self._put_fight(obs["fight"], put)
        for k, key in enumerate(LAST_ROLLS):
            _put_throws(put, "last_rolls", 3 * k, obs["last_rolls"].get(key, ()))
        for seat, board in enumerate(obs["boards"]):
            self._put_board(board, seat, put)
        if obs["removed"] is not None:
            put("removed", 0)
            put("removed", 1, obs["removed"])
        if obs["reach"] is not None:
            put("reach", 0)
            for sq, cost in obs["reach"].items():
                i = look_up(self._square, sq, "reach")
                put("reach", 1 + i)
                put("reach", 1 + S + i, cost)
        if obs["scores"] is not None:
            for seat in range(P):
                put("scores", seat, obs["scores"][str(seat)])
            put("scores", P)
        self._put_outcome(obs["outcome"], put)
        return writer.vector(self.layout)

    def _put_fight(self, fight: dict[str, Any] | None, put: Any) -> None:
        """The fight under way: present, kind one-hot, side, each side's die one-hot, each side's throws."""
        if fight is None:
            return
        F = len(self._die)
        put("fight", 0)
        put("fight", 1 if fight["kind"] == "duel" else 2)
        put("fight", 3, fight["side"])
        for side in (0, 1):
            put("fight", 4 + side * F + look_up(self._die, fight["faces"][side], "fight"))
            _put_throws(put, "fight", 4 + 2 * F + 3 * side, fight["throws"][side])

    def _put_board(self, board: dict[str, Any], seat: int, put: Any) -> None:
        """One seat's management board: its ``boards`` row and its ``thickness`` words."""
        W = len(self._wealth)
        row = seat * BOARD_ROW
        put("boards", row, board["backpack"] is not None)
        if board["equipment"] is not None:
            put("boards", row + 1 + look_up(self._wealth, board["equipment"], "boards"))
        put("boards", row + 1 + W, board["pantry"])
        for z, zone in enumerate(WEALTH_ZONES):
            for card, n in (board[zone] or {}).items():
                put("boards", row + 2 + W + z * W + look_up(self._wealth, card, "boards"), n)
        base = row + 2 + 3 * W
        for k, key in enumerate(("cage", "dungeon", "quarters")):
            put("boards", base + k, board[key] or 0)
        for z, zone in enumerate(WEALTH_ZONES):
            put("boards", base + 3 + z, (board["wealth"] or {}).get(zone, 0))
        B = len(self._thick)
        for z, zone in enumerate(THICK_ZONES):
            put("thickness", (seat * len(THICK_ZONES) + z) * B + look_up(self._thick, board["thickness"][zone], "thickness"))

    def _put_outcome(self, outcome: dict[str, Any] | None, put: Any) -> None:
        """Why the game ended (and who slew the dragon), and the winners."""
        if outcome is None:
            return
        reason = outcome["reason"]
        kind = next((i for i, words in enumerate(END_REASONS[:-1]) if words in reason), len(END_REASONS) - 1)
        put("end_reason", kind)
        if kind == 0:
            one_hot_seat = self._name.get(reason.split()[0])
            if one_hot_seat is not None:
                put("end_reason", len(END_REASONS) + one_hot_seat)
        for seat in outcome["winners"]:
            put("winners", seat)


def _put_throws(put: Any, name: str, offset: int, throws: Any) -> None:
    """A die's throws as ``count, first, sum`` at ``offset`` of field ``name`` (the module docstring says why
    these three give the whole list)."""
    if throws:
        put(name, offset, len(throws))
        put(name, offset + 1, throws[0])
        put(name, offset + 2, sum(throws))

