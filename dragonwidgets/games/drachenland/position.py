"""Positions of Drachenland (issue 13): the whole table as JSON in the game's own terms, and the table a
whole or partial position describes.

``game.position()`` gives every field below; ``new_game("drachenland", position=...)`` takes any of them.
Every field is optional: what a position leaves out comes from the seeded set-up, and the components it
names are taken from where the set-up put them (:mod:`.position_table`), so none is created or lost.

``null`` and empty (the rule of every game's positions): a field left out or ``null`` (``"hoards": null``,
a seat's ``null`` in ``tokens``, ``hoards``, ``adventurers`` or ``rings``, a kind's ``null`` in a seat's
``tokens`` or ``hoards``) is as the seeded set-up deals it; an empty list or object is empty (``"rings":
[[], []]``: no ring worn; ``"gems": {}`` on a volcano: no gem there). In ``tokens`` and ``hoards`` each
kind is its own field, so ``{}`` names no kind and leaves the seat as set up. Two nulls are values, not
"as set up": ``"token": null`` on a volcano (its token is gone) and ``null`` for an adventurer (off the
board); the turn fields' nulls (``dice``, ``action``...) say "none".

What a position can take from the table itself, it does (:mod:`.position_table`):

- the gems and eggs of the ``hoards`` beyond those the named volcanoes lost are taken off the volcanoes the
  position leaves out (those it does not name at all first, the last first: V15, V14...; gems of a colour
  in excess first); each first egg takes its volcano's token with it (DL-TREASURE-4), and such a volcano
  is face up (DL-MOVE-6);
- a volcano named with fewer eggs than printed and no ``token`` named has lost its token with its first
  egg (unless it is a ring, which stays, DL-RING-1), as with ``"token": null``;
- a token a seat holds beyond its own three came with an egg from the last volcano left out, and that egg
  is in the seat's hoard unless ``hoards`` names its eggs.

What it cannot guess is refused with the field to name: eggs or gems taken off a named volcano go to a
hoard the position must name (which seat took them), and a partial list of components is refused (the
counts must add up: 18 eggs less the box at 2 players, 57 gems, the 16 tokens of D3, 12 rings).

Every count is bounded by the components before anything is built (issue 27, item 5): a volcano's eggs
and gems by its printed numbers, a seat's tokens of a kind by its own and the pool's (D3), a hoard by the
game's eggs and gems, ``ring_supply`` by the 12 rings, ``turn`` by :data:`.position_read.MOST_TURNS` (or
the turn cap), ``turns_played`` by the seats' turns, ``flights`` and ``calls`` by two a turn and the
seat's baby dragons, an action's ``takes`` by its magic hands.
Volcanoes are the board's ids (``V01``..``V15``), stones ``s01``..``s86``, colours ``red``, ``green``,
``blue``, seats ``0..players-1``; token kinds ``boatman``, ``baby_dragon``, ``forced_march``,
``magic_hand``, ``ring``, ``royal_dragon_red`` / ``_green`` / ``_blue`` (the 16 dragon-head tokens, D3)
and, held by a seat only, ``fate``.

The table:

- ``volcanoes``: volcano -> any of ``eggs`` (0..its printed number, DL-SETUP-6, DL-2P-2), ``gems``
  (``{"ruby": 2, "diamond": 1}``: the whole content, gems not named are 0; at most its printed number,
  two of a colour at set-up, DL-SETUP-7), ``token`` (the kind dealt there, still on it face down or face
  up, or ``null`` once gone: taken with the first egg, DL-TREASURE-4, or a royal dragon found there,
  DL-DRAGON-1) and ``face_down`` (left out: face down unless the table shows someone stood there).
- ``box``: the 16th token, boxed unseen at set-up (DL-SETUP-5).
- ``dragons``: colour -> the face-up volcano where that royal dragon stands, ``null`` while unrevealed.
- ``adventurers``: per seat, colour -> the space it stands on (``null``, or left out: off the board).
- ``rings``: per seat, the colours wearing a ring (DL-RING-3/4); ``ring_supply``: the rings left (12 in
  all, left out: 12 minus those worn).
- ``tokens``: per seat, kind -> how many it holds face up (DL-SETUP-3; kinds left out: as set up, one
  fate, boatman and baby dragon). A token beyond a seat's own three came with one of its eggs.
- ``hoards``: per seat, ``egg``, ``ruby``, ``emerald``, ``sapphire``, ``diamond`` -> count (behind the
  screen, DL-TREASURE-5; left out: none, plus the eggs that brought the tokens named in ``tokens``); what
  they hold is taken off the volcanoes the position leaves out (above).

Whose turn and which decision (left out: the set-up's opening round, or turn 1 at the start player's
roll once adventurers are on the board):

- ``turn``: 0 is the opening round (DL-OPEN), then 1, 2, ...; ``opened``: the seats that have opened
  (turn 0), ``active``: the seat deciding (left out: the next to open; the start player).
- ``decision``: ``choose_adventurer``, ``movement`` or, with manual chance, ``reveal`` in the opening
  round; then ``roll``, ``fate``, ``reroll``, ``choose_die``, ``choose_adventurer``, ``movement``,
  ``reveal``, ``treasure``, ``magic_hand``, ``take_again``, and ``over`` (section 6). Left out: the
  game's end with no egg left; ``movement`` with an ``action``; ``roll`` without ``dice``; else the
  choice of die or adventurer the dice leave.
- ``dice``: ``[die A, die B]`` (null before the roll), ``dice_used``, ``chosen_die`` (0 or 1), ``used``
  (the colours that took a die this turn, in order), ``rerolled`` (the fate token was played this turn).
- ``action``: the adventurer's action under way (null between actions): ``adventurer`` (its colour),
  ``die`` (0 or 1; left out: the chosen die), ``die_value``, ``entering``, ``die_spent``, ``walked``,
  ``moved``, ``stopped``, ``takes`` (left out: from the table, ``false`` and 0). ``revealing``: the
  face-down volcano whose token is being picked (``reveal``). ``end_reason``: why the game ended.
- Tallies for ``measures()``: ``turns_played``, ``flights``, ``calls`` (per seat).

Everything is checked against the rules' counts and what a real table satisfies
(:mod:`.position_checks`, :mod:`.position_turn`); a broken one raises
:class:`~dragonwidgets.engine.PositionError` naming the field, and no game is made.

A lesson: a volcano with two rubies, a diamond, an egg and a boatman (DL-TREASURE-2/4).

>>> import dragonwidgets
>>> lesson = {"volcanoes": {"V07": {"gems": {"ruby": 2, "diamond": 1}, "token": "boatman", "face_down": False}},
...           "adventurers": [{"red": "s40"}, {"green": "s20"}], "dice": [1, 3]}
>>> g = dragonwidgets.new_game("drachenland", players=2, seed=1, position=lesson)
>>> for step in ("die 1", "move red", "walk V07", "end movement"):
...     _ = g.apply(step)
>>> [a.label for a in g.legal_actions()]
['Take all the rubies on V07 (2)', 'Take a diamond on V07', 'Take an egg on V07 and its boatman token', 'Take nothing']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from dragonwidgets.engine.game import ENGINE_POSITION_KEYS

from .position_checks import check_table
from .position_read import (
    fail,
    read_adventurers,
    read_choice,
    read_dragons,
    read_held,
    read_hoards,
    read_int,
    read_rings,
    read_volcanoes,
)
from .position_table import Table
from .position_turn import check_turn, on_table, place_turn
from .state import DrachenlandState

if TYPE_CHECKING:
    from .game import DrachenlandGame

#: The table's fields, then whose turn and which decision, then the tallies (besides the engine's keys).
TABLE_FIELDS = ("volcanoes", "box", "dragons", "adventurers", "rings", "ring_supply", "tokens", "hoards")
TURN_FIELDS = ("turn", "opened", "active", "decision", "dice", "dice_used", "chosen_die", "used", "rerolled",
               "action", "revealing", "end_reason", "turns_played", "flights", "calls")
FIELDS = TABLE_FIELDS + TURN_FIELDS


def position_of(game: DrachenlandGame) -> dict[str, Any]:
    """Return the whole table now (hidden tokens and hoards included) with whose turn it is and at which
    decision, as the fields of the module's docstring."""
    s = game.state
    st = s.step
    return {
        "volcanoes": {v: {"eggs": s.eggs[v], "gems": dict(s.gems[v]), "token": s.token[v],
                          "face_down": v in s.face_down} for v in game.board.volcanoes},
        "box": s.boxed,
        "dragons": dict(s.dragons),
        "adventurers": [dict(where) for where in s.positions],
        "rings": [[c for c in ("red", "green", "blue") if c in r] for r in s.rings],
        "ring_supply": s.ring_supply,
        "tokens": [dict(h) for h in s.held],
        "hoards": [dict(h) for h in s.hoards],
        "turn": s.turn, "opened": s.opening_index, "active": s.active, "decision": s.phase,
        "dice": None if s.dice is None else list(s.dice), "dice_used": list(s.dice_used),
        "chosen_die": s.chosen_die, "used": list(s.used), "rerolled": s.rerolled,
        "action": None if st is None else {
            "adventurer": st.adventurer, "die": st.die, "die_value": st.die_value, "entering": st.entering,
            "die_spent": st.die_spent, "walked": st.walked, "moved": st.moved, "stopped": st.stopped,
            "takes": st.takes},
        "revealing": s.revealing, "end_reason": s.end_reason,
        "turns_played": s.turns_played, "flights": list(s.flights), "calls": list(s.calls),
    }


def from_position(game: DrachenlandGame, seeded: DrachenlandState, position: dict[str, Any]) -> DrachenlandState:
    """Return the table ``position`` describes, built on a copy of the seeded set-up ``seeded`` (unchanged).

    Raises:
        PositionError: a field is unknown or of the wrong type, a count of the rules is broken, or the
            table or the decision is one play cannot reach (the message names the field and the rule).
    """
    for key in position:
        if key not in FIELDS and key not in ENGINE_POSITION_KEYS:
            fail(key, f"not a field of a Drachenland position; its fields are: {', '.join(FIELDS)}")
    board, players = game.board, seeded.players
    named: dict[str, Any] = {}
    readers = {"volcanoes": lambda v: read_volcanoes(v, board), "dragons": lambda v: read_dragons(v, board),
               "adventurers": lambda v: read_adventurers(v, board, players), "rings": lambda v: read_rings(v, players),
               "tokens": lambda v: read_held(v, board, players), "hoards": lambda v: read_hoards(v, players),
               "box": lambda v: read_choice(v, "box", sorted(board.pool))}
    for key, read in readers.items():
        if position.get(key) is not None:  # null: as the set-up deals it (the null/empty rule)
            named[key] = read(position[key])
    named["revealing"] = read_choice(position.get("revealing"), "revealing", board.volcanoes, none=True)
    state = Table(game, seeded.copy(), named).place()
    worn = sum(len(r) for r in state.rings)
    supply = position.get("ring_supply")
    state.ring_supply = read_int(board.ring_supply - worn if supply is None else supply, "ring_supply", 0,
                                 board.ring_supply)
    place_turn(game, state, position)
    with on_table(game, state):
        check_table(game, state)
    check_turn(game, state)
    return state
