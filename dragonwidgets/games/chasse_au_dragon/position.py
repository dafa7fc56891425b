"""Positions (issue 13): the whole table of La Chasse au Dragon as JSON, and the table a position describes.

``game.position()`` gives every field below (hidden parts included: the piles card by card, the face-down
backpacks and vaults); ``new_game("chasse_au_dragon", position=...)`` takes a whole position or a partial
one: every field may be left out, and what is left out comes from the seeded set-up. Seats are named by
their colours (``"white"``, ``"blue"``, ``"black"``, ``"orange"``, ``"red"``, ``"green"``, in seat order),
squares by their ids ``"x,y"`` (column, row, ``0..7``, CD-REC-1), cards by their types (``"goblin"``,
``"orc"``, ``"ogre"``, ``"troll"``, ``"giant"``, ``"dragon"``).

- ``first_player``: the colour who began (CD-SETUP-3, CD-INT-2). ``round``: the round, from 1 (CD-TURN-1).
- ``active``: whose turn it is; ``decision``: the decision due, and ``turn``: the turn so far (``steps``
  taken, the duel's ``defender``, who is ``fleeing`` by a flight roll, ``flight_tried``, the ``fight`` under
  way ``{"kind": "duel"|"encounter", "throws": [[...], [...]]}`` and the ``last_rolls`` shown): see
  :mod:`.position_turn` for each decision and its checks.
- ``camps`` and ``adventurers``: ``{colour: "x,y"}`` (``null`` for a camp not pitched yet). A camp moved by
  the position takes along an adventurer the set-up put on it (CD-SETUP-5).
- ``boards``: ``{colour: {"backpack": [cards], "cage": goblins, "vault": [cards], "dungeon": goblins,
  "equipment": card or null, "pantry": quarters 0..3}}`` (CD-ZONE-1..6); a zone left out is the set-up's
  (empty).
- ``piles``: ``{"x,y": [cards, top card first]}`` on inner squares (CD-BOARD-3, CD-BOARD-6); ``[]`` an
  emptied pile.
- ``removed``: ``{card: count}``, the cards out of the game (CD-ENC-9, CD-GOB-7, CD-RAID-4).
- ``tallies``: ``{"turns": int, "fights_won": {colour: int}, "fights_lost": {colour: int}}`` for
  ``game.measures()``; ``end``: ``{"reason": str, "dragon_slayer": colour or null}`` at decision ``over``.

``null`` and empty (the rule of every game's positions): a field given as ``null``, or left out, is as the
seeded set-up deals it; ``[]`` or ``{}`` is empty (``"piles": {"3,3": []}`` an emptied pile, ``"backpack": []``
an empty backpack). An object keyed by colour or square (``camps``, ``adventurers``, ``boards``, ``piles``,
``removed``, ``tallies``) changes only the keys it names (``{}`` names none). Where the value is one thing that
may be absent, ``null`` is its absence: a camp not pitched, an adventurer off the board, the base equipment,
no defender.

Counts are bounded by the rules before anything is built: ``cage`` and ``dungeon`` 0..62 goblins, ``removed``
at most the game's cards of that type, ``pantry`` 0..3, ``turn.steps`` 0..249 (the free step, then a goblin
quarter each, CD-MOVE-3, CD-GOB-1), ``round`` 1..10,000 (the rules set no last round, CD-INT-24: the bound is
not a rule; with ``max_rounds`` at most one more than it), ``tallies.turns`` at most a turn a seat each round,
and a seat's monster fights won and lost together at most one a round.

The cards are always the game's 124 (CD-SETUP-6: 62 goblins, 26 orcs, 16 ogres, 10 trolls, 6 giants, 4
dragons). The cards a position puts in zones, named piles and ``removed`` are taken from the piles it leaves
out (the bottom card of the pile holding most of that type, the larger pile, then row order first), and a
card the named piles no longer hold goes under a pile left out (deepest ring, smallest pile first); when
the position names every pile, the counts must add up. So a partial list is never refused for
being partial: a position may name some piles, or some zones, and the cards come from (or go under) the piles
it leaves out; it is refused only when the piles left out cannot give the cards it names. Other checks: zones hold what CD-ZONE-9 lets them
(wealth cards orc..giant, goblins as counts), a pantry holds 1..3 quarters (CD-GOB-6), camps are distinct
forest-edge squares (CD-SETUP-4), no pile on the edge (CD-BOARD-2), a dragon per lair (CD-SETUP-6), no
dragon out of the game (CD-END-2). Not checked (the deal is a reconstruction, CD-REC-2): which ring a card
lies in, or how many cards a pile holds.

A lesson, "a hunter with two caged goblins and an orc in the backpack" (partial: the rest is the seed's):

>>> import dragonwidgets
>>> g = dragonwidgets.new_game("chasse_au_dragon", players=2, seed=1, position={
...     "adventurers": {"white": "2,2"}, "boards": {"white": {"cage": 2, "backpack": ["orc"]}}})
>>> g.position()["boards"]["white"]
{'backpack': ['orc'], 'cage': 2, 'vault': [], 'dungeon': 0, 'equipment': None, 'pantry': 0}
>>> sum(cards_by_type(g.state).values()), g.observation(1)["boards"][0]["thickness"]["cage"]
(124, 'thin')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from dragonwidgets.engine.game import ENGINE_POSITION_KEYS

from .position_read import (
    cards_of,
    fail,
    fields_of,
    integer,
    seat_of,
    seats_object,
    square_of,
)
from .position_turn import read_turn
from .setup import COUNTS, TYPE_ORDER, depth, is_edge
from .state import COLOURS, OVER, ChasseState, Management, Square, square_id

FIELDS = ("first_player", "round", "active", "decision", "turn", "camps", "adventurers", "boards", "piles",
          "removed", "tallies", "end")
ZONES = ("backpack", "cage", "vault", "dungeon", "equipment", "pantry")
KIT = ("orc", "ogre", "troll", "giant")  # what a vault or the equipment holds (CD-ZONE-9, CD-END-1)


#: The most rounds a position may count when no ``max_rounds`` is set: the rules set no last round (CD-INT-24),
#: this bound (not a rule) is far past any game played and keeps every count of a position small.
ROUND_LIMIT = 10_000
#: The fields whose value is one thing that may be absent: there ``null`` says it is absent (no camp pitched,
#: the adventurer off the board, the base equipment); everywhere else ``null`` is the field left out.
NULL_IS_NONE = ("camps", "adventurers", "equipment")


# ---------------------------------------------------------------------------- the table as JSON

def position_of(s: ChasseState) -> dict[str, Any]:
    """Return the whole table as a JSON-ready position (the module docstring's shape, every field)."""
    fight = None if s.fight is None else {"kind": s.fight.kind, "throws": [list(t) for t in s.fight.throws]}
    return {
        "first_player": COLOURS[s.first_player], "round": s.round, "active": COLOURS[s.active], "decision": s.phase,
        "turn": {"steps": s.steps, "defender": _colour(s.defender), "fleeing": _colour(s.fleeing),
                 "flight_tried": s.flight_tried, "fight": fight,
                 "last_rolls": {k: list(v) for k, v in s.last_rolls.items()}},
        "camps": _per_seat(None if c is None else square_id(c) for c in s.camps),
        "adventurers": _per_seat(None if p is None else square_id(p) for p in s.positions),
        "boards": _per_seat(board_of(b) for b in s.boards),
        "piles": {square_id(sq): list(s.piles[sq]) for sq in sorted(s.piles, key=_row_major)},
        "removed": dict(s.removed),
        "tallies": {"turns": s.turns, "fights_won": _per_seat(s.fights_won), "fights_lost": _per_seat(s.fights_lost)},
        "end": None if s.phase != OVER else {"reason": s.end_reason, "dragon_slayer": _colour(s.dragon_slayer)},
    }


def board_of(b: Management) -> dict[str, Any]:
    """Return one management board as JSON: wealth zones as lists of cards, weakest first."""
    return {"backpack": _card_list(b.backpack), "cage": b.cage, "vault": _card_list(b.vault), "dungeon": b.dungeon,
            "equipment": b.equipment, "pantry": b.pantry}


def _colour(seat: int | None) -> str | None:
    return None if seat is None else COLOURS[seat]


def _per_seat(values: Iterable[Any]) -> dict[str, Any]:
    return {COLOURS[i]: v for i, v in enumerate(values)}


def _card_list(zone: dict[str, int]) -> list[str]:
    return [t for t in TYPE_ORDER for _ in range(zone.get(t, 0))]


def _row_major(sq: Square) -> tuple[int, int]:
    return sq[1], sq[0]


def cards_by_type(s: ChasseState) -> Counter:
    """Return every card of the table by type: piles, zones (a pantry goblin is a card), removed (CD-SETUP-6)."""
    out = Counter({t: n for t, n in s.removed.items() if n})
    for pile in s.piles.values():
        out.update(pile)
    for b in s.boards:
        out.update(b.backpack)
        out.update(b.vault)
        out["goblin"] += b.cage + b.dungeon + (b.pantry > 0)
        if b.equipment:
            out[b.equipment] += 1
    return +out


# ---------------------------------------------------------------------------- the table from JSON

def table_from(seeded: ChasseState, position: Mapping[str, Any], options: Mapping[str, Any],
               manual: bool) -> ChasseState:
    """Return the table ``position`` describes, the seeded set-up ``seeded`` (left unchanged) giving the rest.

    ``options`` are the game's options and ``manual`` whether chance is picked by hand. Raises
    ``PositionError`` naming the field for a value of the wrong shape or a table the rules cannot have.
    """
    fields_of(position, "", FIELDS + ENGINE_POSITION_KEYS)
    position = without_nulls(position)
    s = seeded.copy()
    n = s.players
    if "first_player" in position:
        s.first_player = seat_of(position["first_player"], "first_player", n)  # type: ignore[assignment]
    if "round" in position:
        cap = options["max_rounds"]
        s.round = integer(position["round"], "round", 1, cap + 1 if cap else ROUND_LIMIT,
                          "rounds are counted from 1, CD-TURN-1; " + (f"max_rounds={cap} stops the game after round "
                          f"{cap}, CD-INT-24" if cap else f"the rules set no last round (CD-INT-24), a position at "
                          f"most {ROUND_LIMIT:,} (not a rule)"))
    read_places(s, seeded, position)
    for seat, value in seats_object(position.get("boards", {}), "boards", n).items():
        s.boards[seat] = board_from(s.boards[seat], value, f"boards.{COLOURS[seat]}")
    if "removed" in position:
        s.removed = removed_from(position["removed"])
    named = read_piles(s, seeded, position.get("piles", {}))
    conserve_cards(s, named, [f for f in ("piles", "boards", "removed") if f in position])
    read_tallies(s, position.get("tallies", {}))
    read_turn(s, position, options, manual)
    return s


def without_nulls(position: Mapping[str, Any]) -> dict[str, Any]:
    """``position`` with every ``null`` dropped that stands for a field left out (the rule of every game: ``null``
    or a field left out is as the seeded set-up deals it, ``[]`` or ``{}`` is empty), at any depth; a ``null``
    camp, adventurer or equipment is kept: there it is the absence of that one thing (:data:`NULL_IS_NONE`)."""
    def drop(value: Any, key: str) -> Any:
        if not isinstance(value, dict) or key in NULL_IS_NONE:
            return value
        return {k: drop(v, k) for k, v in value.items() if v is not None or k in NULL_IS_NONE}
    return drop(dict(position), "")


def read_places(s: ChasseState, seeded: ChasseState, position: Mapping[str, Any]) -> None:
    """``camps`` (distinct forest-edge squares, CD-SETUP-4, CD-BOARD-2) and ``adventurers`` (any square, CD-BOARD-5)."""
    n = s.players
    for seat, value in seats_object(position.get("camps", {}), "camps", n).items():
        s.camps[seat] = square_of(value, f"camps.{COLOURS[seat]}", allow_none=True)
    for seat, camp in enumerate(s.camps):
        if camp is None:
            continue
        field = f"camps.{COLOURS[seat]}"
        if not is_edge(*camp):
            fail(field, f"camps lie on the forest edge (x or y is 0 or 7), not {square_id(camp)} (CD-BOARD-2, CD-SETUP-4)")
        if s.camps.index(camp) != seat:
            fail(field, f"{square_id(camp)} is {COLOURS[s.camps.index(camp)]}'s camp too: camps are on distinct "
                 "squares (CD-SETUP-4, CD-INT-4)")
        if seeded.positions[seat] == seeded.camps[seat]:
            s.positions[seat] = camp  # CD-SETUP-5: the adventurer stood on its camp
    for seat, value in seats_object(position.get("adventurers", {}), "adventurers", n).items():
        s.positions[seat] = square_of(value, f"adventurers.{COLOURS[seat]}", allow_none=True)


def board_from(old: Management, value: Any, field: str) -> Management:
    """One management board: the zones named replace the set-up's (CD-ZONE-1..6, CD-ZONE-9, CD-GOB-6)."""
    zones = fields_of(value, field, ZONES)
    b = old.copy()
    if "backpack" in zones:  # a dragon only in the slayer's, once the game is over: position_turn.read_end
        b.backpack = dict(Counter(cards_of(zones["backpack"], f"{field}.backpack", KIT + ("dragon",),
                                           "CD-ZONE-9: goblins are never wealth; a dragon only once slain, CD-END-1")))
    if "vault" in zones:
        b.vault = dict(Counter(cards_of(zones["vault"], f"{field}.vault", KIT,
                                        "CD-ZONE-9; a dragon won ends the game at once, CD-END-1")))
    for zone in ("cage", "dungeon"):
        if zone in zones:
            setattr(b, zone, integer(zones[zone], f"{field}.{zone}", 0, COUNTS["goblin"], "whole goblins, of the "
                                     f"game's {COUNTS['goblin']}: CD-ZONE-2, CD-ZONE-4, CD-SETUP-6"))
    if "pantry" in zones:
        b.pantry = integer(zones["pantry"], f"{field}.pantry", 0, 3, "the quarters left of one goblin, 0 = empty: "
                           "CD-GOB-1, CD-GOB-6")
    if "equipment" in zones:
        kit = zones["equipment"]
        if kit is not None and kit not in KIT:
            fail(f"{field}.equipment", f"is one card of {', '.join(KIT)}, or null for the base equipment (d4), not "
                 f"{kit!r:.40} (CD-ZONE-5, CD-ZONE-9)")
        b.equipment = kit
    return b


def removed_from(value: Any) -> dict[str, int]:
    """``removed``: cards out of the game by type; never a dragon (fled, tied or winning it goes under its
    pile, won it ends the game: CD-END-1, CD-END-2)."""
    removed = fields_of(value, "removed", TYPE_ORDER)
    out = {t: integer(n, f"removed.{t}", 0, COUNTS[t], f"the game has {COUNTS[t]} {t} cards, CD-SETUP-6")
           for t, n in removed.items()}
    if out.get("dragon"):
        fail("removed.dragon", "a dragon never leaves the game: fled, tied or winning it goes under its pile, won it "
             "ends the game (CD-END-1, CD-END-2)")
    return out


def read_piles(s: ChasseState, seeded: ChasseState, value: Any) -> set[Square]:
    """``piles``: the named piles replace the set-up's; return their squares (CD-BOARD-2/3, CD-SETUP-6)."""
    if not isinstance(value, dict):
        fail("piles", f"must be an object {{\"x,y\": [cards, top first]}}, got {value!r:.60}")
    named = set()
    for key, cards in value.items():
        field = f"piles.{key:.40}"
        sq = square_of(key, field)
        if is_edge(*sq):  # type: ignore[misc]
            fail(field, f"{key} is on the forest edge, where monsters never go (CD-BOARD-2)")
        s.piles[sq] = list(cards_of(cards, field, TYPE_ORDER, "CD-MON-1"))  # type: ignore[index]
        lairs = max(1, seeded.piles[sq].count("dragon"))  # type: ignore[index]
        if s.piles[sq].count("dragon") > lairs:  # type: ignore[index]
            fail(field, f"the 4 dragon cards are the 4 dragon lairs, one a pile (CD-SETUP-6): {key} holds "
                 f"{s.piles[sq].count('dragon')}")  # type: ignore[index]
        named.add(sq)
    return named  # type: ignore[return-value]


def conserve_cards(s: ChasseState, named: set[Square], fields: list[str]) -> None:
    """Keep the game's 124 cards (CD-SETUP-6): cards the position adds come out of the piles it leaves out,
    cards it drops go under them (see the module docstring); ``fields`` are the position's fields with cards."""
    others = [sq for sq in sorted(s.piles, key=_row_major) if sq not in named]
    held = cards_by_type(s)
    where = "/".join(fields) or "piles"
    for t in TYPE_ORDER:
        extra = held[t] - COUNTS[t]
        outside = sum(s.piles[sq].count(t) for sq in others)
        if extra > outside:
            fail(where, f"the game has {COUNTS[t]} {t} cards (CD-SETUP-6); the position puts {held[t] - outside} in "
                 f"its {' and '.join(fields)}")
        for _ in range(extra):
            sq = min((q for q in others if t in s.piles[q]), key=lambda q: (-s.piles[q].count(t), -len(s.piles[q])))
            pile = s.piles[sq]
            del pile[len(pile) - 1 - pile[::-1].index(t)]
        for _ in range(-extra):
            room = [q for q in others if t != "dragon" or "dragon" not in s.piles[q]]
            if not room:
                fail(where, f"the game has {COUNTS[t]} {t} cards (CD-SETUP-6); the position holds {held[t]} and "
                     "leaves out no pile to put the others under")
            s.piles[min(room, key=lambda q: (-depth(*q), len(s.piles[q])))].append(t)


def read_tallies(s: ChasseState, value: Any) -> None:
    """``tallies``: the turns begun and each seat's monster fights won and lost (``game.measures()``)."""
    tallies = fields_of(value, "tallies", ("turns", "fights_won", "fights_lost"))
    if "turns" in tallies:
        s.turns = integer(tallies["turns"], "tallies.turns", 0, s.round * s.players, f"a turn a seat each round, "
                          f"{s.players} seats and round {s.round}: CD-TURN-1")
    for name in ("fights_won", "fights_lost"):
        counts = getattr(s, name)
        for seat, n in seats_object(tallies.get(name, {}), f"tallies.{name}", s.players).items():
            counts[seat] = integer(n, f"tallies.{name}.{COLOURS[seat]}", 0, s.round, f"one monster fight a turn, "
                                   f"one turn a round, round {s.round}: CD-TURN-1, CD-TURN-3")
    for seat in range(s.players):
        if s.fights_won[seat] + s.fights_lost[seat] > s.round:
            fail(f"tallies.fights_won.{COLOURS[seat]}", f"{COLOURS[seat]} won {s.fights_won[seat]} and lost "
                 f"{s.fights_lost[seat]} monster fights in {s.round} rounds: one fight a turn, one turn a round "
                 "(CD-TURN-1, CD-TURN-3)")
