"""Drachenland as numbers, for learning agents: the fixed action space, the chance space and the
observation tensor.

**Action space** (:func:`action_space`), one index per id, in this order. It depends on the board file and
the ``dice`` option only (the player count changes no id: every seat has the same three adventurers), and
the order is part of the Drachenland contract: a change bumps ``DrachenlandGame.version``. ``F`` is the
distinct faces of the two dice of the preset (``1..4`` for ``special_2002``, ``1..6`` for
``standard_d6``), ``C`` the colours ``red, green, blue`` (DL-SETUP-2), ``N`` the spaces (the board's
volcanoes ``V01..``, then its stepping stones ``s01..``: every node a walk can end on, DL-MOVE-8), ``V`` the
volcanoes, ``R`` the volcanoes a river leaves (DL-BOAT-1):

1. ``keep``, ``reroll`` (DL-FATE-1);
2. ``die {value}`` for each face of ``F`` (DL-TURN-3);
3. ``enter {colour}``, then ``move {colour}``, for each colour of ``C``;
4. ``end turn`` (DL-TURN-5);
5. ``walk {node}`` for each node of ``N`` (the opening walk too, DL-OPEN), then ``march {node}``
   (DL-TOKEN-4): a walk is named by where it ends, never by its path, so the free value is bounded by
   the board's graph;
6. ``fly {volcano}`` then ``fly {volcano} baby`` for each volcano (DL-DRAGON-4, DL-BABY-1);
7. ``call``, ``call baby`` (DL-DRAGON-6);
8. ``boat {volcano}`` for each volcano of ``R``;
9. ``end movement``;
10. ``take gems``, ``take diamond``, ``take egg``, ``take ring``, ``skip`` (DL-TREASURE);
11. ``magic hand``, ``done`` (DL-HAND-1, DL-TOKEN-2).

The ids are the game's own action ids (no encoding is needed: none carries more than the index names),
so ``action_id(action_index(a)) == a``. Bundled board: 2 + 4 + 6 + 1 + 2 * 101 + 2 * 15 + 2 + 10 + 1 + 5
+ 2 = **265** actions at every player count with the default dice (**267** with ``standard_d6``).

**Chance outcomes** (:func:`chance_space`, apart from the seats' actions): ``roll {a} {b}`` for each face
``a`` of the first die and ``b`` of the second (increasing, first-die-major: the roll and the reroll,
DL-TURN-2, DL-FATE-1), then with manual chance only ``reveal {volcano} {kind}`` for each volcano and each
token kind of the pool (sorted: the token a reveal turns up, DL-MOVE-6, DL-SETUP-5). Bundled board:
``3 * 3 + 15 * 8 = 129`` with the default dice (``36 + 120 = 156`` with ``standard_d6``).

**Observation tensor** (:func:`observation_layout` lists each field with its offset): a flat float32
vector built from ``observation(seat)`` alone (:class:`ObservationEncoder`), so it holds exactly what that
seat may see (digest section 7): no face-down or boxed token, no other seat's hoard behind its screen
(only its own, every hoard under Variant 2 and at the end). Counts are raw numbers (not scaled);
one-hot fields are all 0 where the observation holds ``None``. Left out: ``step`` (a count of history
entries, not part of the table), each volcano's ``ring`` flag (its token is a face-up ring), the
action's ``at`` when it equals the adventurer's place (it always does: kept anyway, one-hot), the
finals' ``kept`` and ``returned`` (the hoards and rings give them) and the ``hidden`` key (the full
table's only). Its length on the bundled board: **1,045 / 1,366 / 1,687** at 2 / 3 / 4 players
(``observation_layout(board, players, dice).describe()`` prints each field).

>>> import dragonwidgets
>>> g = dragonwidgets.new_game("drachenland", players=3, seed=1)
>>> v = g.observation_tensor(0)  # made by ObservationEncoder
>>> v.shape, float(v[observation_layout(g.board, 3, "special_2002").slice("eggs_left")][0])
((1366,), 18.0)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from dragonwidgets.engine.tensors import Field, SparseWriter, TensorLayout, index_table, look_up

from .board import COLOURS, GEMS, Board
from .state import DECISIONS, HELD_TOKENS, HOARD_ITEMS

#: The flags of the adventurer's action under way, in the order of the ``action`` field.
STEP_FLAGS = ("die_spent", "walked", "moved", "stopped", "entering")
#: The takes of DL-TREASURE, then ``skip``: the ids ``take {what}``.
TAKES = ("gems", "diamond", "egg", "ring")


def faces(board: Board, dice: str) -> tuple[int, ...]:
    """Return the distinct faces of the two dice of preset ``dice``, increasing (``(1, 2, 3, 4)`` for
    ``special_2002``). Raises ``KeyError`` for an unknown preset."""
    a, b = board.dice_presets[dice]
    return tuple(sorted(set(a) | set(b)))


def spaces(board: Board) -> tuple[str, ...]:
    """Return every node an adventurer can stand on, in tensor and action order: volcanoes, then stones."""
    return (*board.volcanoes, *board.stones)


def river_volcanoes(board: Board) -> tuple[str, ...]:
    """Return the volcanoes a river leaves (a boatman can land on), in volcano order (DL-BOAT-1)."""
    return tuple(v for v in board.volcanoes if board.rivers[v])


def action_space(board: Board, dice: str) -> list[str]:
    """Return every action id a seat can be offered, in index order (see the module docstring).

    >>> from .board import load_board
    >>> ids = action_space(load_board(), "special_2002")
    >>> len(ids), ids[:8], ids[-7:]
    (265, ['keep', 'reroll', 'die 1', 'die 2', 'die 3', 'die 4', 'enter red', 'enter green'], \
['take gems', 'take diamond', 'take egg', 'take ring', 'skip', 'magic hand', 'done'])
    """
    nodes = spaces(board)
    return [
        "keep", "reroll",
        *(f"die {value}" for value in faces(board, dice)),
        *(f"enter {colour}" for colour in COLOURS), *(f"move {colour}" for colour in COLOURS),
        "end turn",
        *(f"walk {node}" for node in nodes), *(f"march {node}" for node in nodes),
        *(f"fly {v}" for v in board.volcanoes), *(f"fly {v} baby" for v in board.volcanoes),
        "call", "call baby",
        *(f"boat {v}" for v in river_volcanoes(board)),
        "end movement",
        *(f"take {what}" for what in TAKES), "skip",
        "magic hand", "done",
    ]


def chance_space(board: Board, dice: str) -> list[str]:
    """Return every chance outcome id in index order: the rolls, then the tokens turned up by hand.

    >>> from .board import load_board
    >>> ids = chance_space(load_board(), "special_2002")
    >>> len(ids), ids[:4], ids[9]
    (129, ['roll 1 2', 'roll 1 3', 'roll 1 4', 'roll 2 2'], 'reveal V01 baby_dragon')
    """
    a, b = board.dice_presets[dice]
    return [*(f"roll {x} {y}" for x in sorted(set(a)) for y in sorted(set(b))),
            *(f"reveal {v} {kind}" for v in board.volcanoes for kind in sorted(board.pool))]


def observation_layout(board: Board, players: int, dice: str) -> TensorLayout:
    """Return the fields of the observation tensor for ``players`` seats on ``board``, in order.

    >>> from .board import load_board
    >>> [observation_layout(load_board(), p, "special_2002").size for p in (2, 3, 4)]
    [1045, 1366, 1687]
    """
    P, C, N, V = players, len(COLOURS), len(spaces(board)), len(board.volcanoes)
    F, K, H, G = len(faces(board, dice)), len(board.pool), len(HELD_TOKENS), len(GEMS)
    return TensorLayout([
        Field("viewer", P, "one-hot: the seat this observation is for"),
        Field("is_over", 1, "1 once the game has ended (DL-END-1)"),
        Field("decision", len(DECISIONS), f"one-hot: the decision now, {', '.join(DECISIONS)}; all 0 once over"),
        Field("active_player", P, "one-hot: whose turn it is"),
        Field("turn", 1, "count: the turn number, 0 in the opening round (DL-OPEN)"),
        Field("opening_distance", 1, "count: the exact walk of the opening seat (DL-OPEN-3); 0 after the opening"),
        Field("dice", 1 + 2 * F, f"1 when the dice show a roll, then each die's face one-hot ({F} faces, die-major)"),
        Field("dice_used", 2, "1 for each die already used this turn (DL-TURN-3)"),
        Field("chosen_die", 2, "one-hot: the die chosen for the adventurer's action"),
        Field("volcano_eggs", V, "count: eggs on each volcano (volcano order)"),
        Field("volcano_gems", V * G, f"volcano-major counts: gems on each volcano ({', '.join(GEMS)})"),
        Field("volcano_token", V * K, "volcano-major one-hot: the volcano's face-up token (pool kinds sorted); "
                                      "all 0 while face down (DL-SETUP-5) or once gone"),
        Field("volcano_face_down", V, "1 for each volcano whose token is still face down"),
        Field("dragons", C * V, "colour-major one-hot: the volcano of each revealed royal dragon (DL-DRAGON-1)"),
        Field("adventurers", P * C * N, "seat-major, then colour: one-hot node of each adventurer (volcanoes, "
                                        "then stones); all 0 while off the board"),
        Field("rings", P * C, "seat-major: 1 for each adventurer wearing a ring (DL-RING-4)"),
        Field("ring_supply", 1, "count: rings left in the supply"),
        Field("held_tokens", P * H, f"seat-major counts: face-up tokens each seat holds ({', '.join(HELD_TOKENS)})"),
        Field("hoards", P * (1 + len(HOARD_ITEMS)), f"seat-major, per seat: 1 when its hoard is shown to this "
              f"seat, then its counts ({', '.join(HOARD_ITEMS)}); all 0 behind a screen (DL-TREASURE-5)"),
        Field("used", C, "1 for each adventurer of the active seat used this turn (DL-TURN-3)"),
        Field("action", 1 + C + 2 + 1 + len(STEP_FLAGS) + N, f"the adventurer's action under way: 1 when there "
              f"is one, its adventurer one-hot, its die one-hot (none in the opening), the die's value, the flags "
              f"{', '.join(STEP_FLAGS)}, the node it stands on one-hot"),
        Field("eggs_left", 1, "count: eggs left on the board (DL-END-1)"),
        Field("final", 2 * P, "seat-major, once over: each seat's score and its sets (DL-SCORE)"),
        Field("options", 2 + len(board.dice_presets), "1 for variant_free_gems, 1 for variant_open_hoards, "
                                                        "the dice preset one-hot (board order)"),
    ])


class ObservationEncoder:
    """Writes a seat's observation dict as the flat vector :func:`observation_layout` describes, for one
    board, player count and dice preset (made once per game by ``DrachenlandGame._observation_encoder``;
    every index table is made here)."""

    def __init__(self, board: Board, players: int, dice: str):
        self.layout = observation_layout(board, players, dice)
        self._seat = index_table(range(players))
        self._colour = index_table(COLOURS)
        self._node = index_table(spaces(board))
        self._volcano = index_table(board.volcanoes)
        self._face = index_table(faces(board, dice))
        self._kind = index_table(sorted(board.pool))
        self._decision = index_table(DECISIONS)
        self._preset = index_table(board.dice_presets)
        self._die = index_table(range(2))

    def encode(self, obs: dict[str, Any]) -> np.ndarray:
        """Return the observation dict ``obs`` (a seat's, from ``DrachenlandGame.observation``) as a float32 vector.

        Raises:
            ValueError: ``obs`` names a component the board does not have (a node, a token kind, a face).
        """
        C, N = len(COLOURS), len(self._node)
        writer = SparseWriter(self.layout.offsets)
        put, one_hot = writer.put, writer.one_hot

        one_hot("viewer", self._seat, obs["viewer"])
        put("is_over", 0, obs["final"] is not None)
        one_hot("decision", self._decision, obs["decision"])
        one_hot("active_player", self._seat, obs["active_player"])
        put("turn", 0, obs["turn"])
        put("opening_distance", 0, obs["opening_distance"] or 0)
        if obs["dice"] is not None:
            put("dice", 0)
            for d, face in enumerate(obs["dice"]):
                one_hot("dice", self._face, face, 1 + d * len(self._face))
        for d, used in enumerate(obs["dice_used"]):
            put("dice_used", d, used)
        one_hot("chosen_die", self._die, obs["chosen_die"])
        self._put_volcanoes(obs["volcanoes"], put)
        for colour, volcano in obs["dragons"].items():
            one_hot("dragons", self._volcano, volcano, look_up(self._colour, colour, "dragons") * len(self._volcano))
        for seat, placed in enumerate(obs["adventurers"]):
            for colour, node in placed.items():
                one_hot("adventurers", self._node, node, (seat * C + look_up(self._colour, colour, "adventurers")) * N)
        for seat, ringed in enumerate(obs["rings"]):
            for colour in ringed:
                one_hot("rings", self._colour, colour, seat * C)
        put("ring_supply", 0, obs["ring_supply"])
        for seat, held in enumerate(obs["tokens"]):
            for t, kind in enumerate(HELD_TOKENS):
                put("held_tokens", seat * len(HELD_TOKENS) + t, held[kind])
        row = 1 + len(HOARD_ITEMS)
        for seat, hoard in enumerate(obs["hoards"]):
            if hoard is not None:
                put("hoards", seat * row)
                for i, item in enumerate(HOARD_ITEMS):
                    put("hoards", seat * row + 1 + i, hoard[item])
        for colour in obs["used"]:
            one_hot("used", self._colour, colour)
        self._put_action(obs["action"], put)
        put("eggs_left", 0, obs["eggs_left"])
        for seat, final in enumerate(obs["final"] or ()):
            put("final", 2 * seat, final["score"])
            put("final", 2 * seat + 1, final["sets"])
        options = obs["options"]
        put("options", 0, options["variant_free_gems"])
        put("options", 1, options["variant_open_hoards"])
        one_hot("options", self._preset, options["dice"], 2)
        return writer.vector(self.layout)

    def _put_volcanoes(self, volcanoes: dict[str, Any], put: Any) -> None:
        """Each volcano's eggs, gems, face-up token and face-down flag (volcano order)."""
        K, G = len(self._kind), len(GEMS)
        for name, v in self._volcano.items():
            here = volcanoes[name]
            put("volcano_eggs", v, here["eggs"])
            for g, gem in enumerate(GEMS):
                put("volcano_gems", v * G + g, here["gems"][gem])
            if here["token"] is not None:
                put("volcano_token", v * K + look_up(self._kind, here["token"], "volcano_token"))
            put("volcano_face_down", v, here["face_down"])

    def _put_action(self, step: dict[str, Any] | None, put: Any) -> None:
        """The adventurer's action under way: present, adventurer, die, die value, flags, node."""
        if step is None:
            return
        C, flags = len(COLOURS), len(STEP_FLAGS)
        put("action", 0)
        put("action", 1 + look_up(self._colour, step["adventurer"], "action"))
        if step["die"] is not None:
            put("action", 1 + C + step["die"])
        put("action", 3 + C, step["die_value"])
        for i, flag in enumerate(STEP_FLAGS):
            put("action", 4 + C + i, step[flag])
        if step["at"] is not None:
            put("action", 4 + C + flags + look_up(self._node, step["at"], "action"))

