"""Positions of Emerald (issue 13): the whole table as JSON in the game's own terms, and the table that a
whole or partial position describes.

``EmeraldGame.position()`` gives every field below; ``new_game("emerald", position=...)`` takes any of
them: every field is optional, and what a position leaves out comes from the seeded set-up.

``null`` and empty (the rule of every game's positions): a field left out or ``null`` (``"hands": null``, a
seat's ``null`` in ``hands``, ``"gems": null`` in a hand) is as the seeded set-up deals it; an empty list
or object (``"gold": []``, ``"gems": {}``) is empty. A list of cards is the whole of its place: a pile
listed shorter than the set-up dealt it is refused unless the missing cards are named in a hand (a pile
only loses cards to the hands), and the box is listed whole (2 gold cards and 2 gems) or left out.

Every count is bounded by the game's components before anything is built (issue 27, item 5): a gem count
by the decks (6 of a type, D2), a list of gold cards by the gold deck (25, D1), ``turn`` by the turns a
game can last and ``dragon_moves`` by its knight moves (``position_checks.most_turns``,
``most_knight_moves``). Spaces are
the board's ids (``T1``..``T4``, ``KEEP``, ``P1``..``P6``, ``M1``..``M9``, ``LAIR``, ``NEST``), colours
the knights' (``black``, ``red``, ``blue``, ``green``, ``yellow``), seats ``0..players-1``, a gold card
is its value (1..5) and a gem card its type (``gem_1``..``gem_4``, or by name: ``emerald``, ``ruby``,
``sapphire``, ``amethyst``).

- ``knights``: space -> the colours of its knights, one entry per knight, e.g. ``{"P2": ["red", "red",
  "blue"]}``. A space named holds exactly those. The knights come from where the set-up put them, the
  castle, leaving the keep first, then T4, T3...: every colour keeps its count (EM-SETUP-11). A start
  space holds at most one knight of each colour (EM-SETUP-12). ``LAIR`` lists its knights in the order
  of its places; each brought its owner a treasure (EM-LAIR-4), so the treasures follow from it.
  ``NEST``: the knights the dragon carried off.
- ``moved``: space -> the colours of the knights there that moved this turn (the active seat's).
- ``piles``: mountain -> ``{"gold": [...], "gem": [...]}``, each pile top first: its first card is face
  up, the others face down; ``"?"`` is any face-down card. A pile holds at most the cards it was dealt
  (EM-SETUP-8).
- ``box``: ``{"gold": [2 values], "gem": [2 gems]}``: the cards boxed unseen at set-up (EM-SETUP-10).
- ``hands``: one entry per seat (``null``: as set up), ``{"gold": [values], "gems": {gem: count},
  "paid": [values given to the dragon], "bonus": [bonus ids]}``; bonus ids are ``four_different_gems``
  and, once the game is over, ``majority_gem_1``..``majority_gem_4``.
  The cards named are taken from where the set-up put them (``position_cards.py``): every card of the
  decks is in one place, so the counts hold (25 gold, 24 gems: D1, D2).
- ``dragon``: ``{"square": "M4", "facing": "plain"}`` (the facing, left out, follows from the track:
  EM-DRAGON-6; the square and facing one that flights from the start can reach, EM-DRAGON-7);
  ``flight_track``: its position s, 1..6, beside M(s)..M(s+3); ``dragon_moves``: the
  flights so far (left out: what the track says, EM-TRACK-1); ``last_roll``: the last die face or null.
- Whose turn: ``first_player``, ``active`` (the seat playing) and ``turn`` (1 for the first player's first
  turn, one more per turn); either of ``active`` and ``turn`` gives the other (EM-TURN-1).
- Which decision: ``decision``, one of ``select_knight``, ``take_card``, ``reveal_card`` (with manual
  chance), ``dragon_roll``, ``choose_victim``, ``pay_or_lose``, ``over``; ``knights_moved`` this turn
  (0..2; left out: the knights in ``moved``); ``turn_colour`` (2 players: the colour of the turn's first
  knight, left out: the colour of ``moved``); ``card_taken``; ``destination`` (where the knight being
  resolved ended); ``victim`` (``pay_or_lose``: the captured knight's colour); ``revealing``
  (``reveal_card``: ``"gold"`` or ``"gem"``, the pile of ``destination`` whose next card is due);
  ``end_reason`` (``over``, where an end condition must hold: EM-END-1/2, or nobody able to move; left
  out: the end condition that holds).

Everything is checked against the rules' counts and what a real table always satisfies
(``position_checks.py``); a broken one raises :class:`~dragonwidgets.engine.PositionError` naming the
field, and no game is made.

A lesson: four knights on M8, the lair two squares away (EM-MOVE-1, EM-LAIR-2).

>>> import dragonwidgets
>>> lesson = {"knights": {"M8": ["black", "black", "red", "blue"]}, "first_player": 0}
>>> g = dragonwidgets.new_game("emerald", players=3, seed=1, position=lesson)
>>> g.legal_action_ids()[-1]
'move M8 black'
>>> g.apply("move M8 black")[0].text
'Black moves a black knight from M8 (4 knights there) to LAIR.'
"""

from __future__ import annotations

from typing import Any

from dragonwidgets.engine.game import ENGINE_POSITION_KEYS

from .board import LAIR, NEST, Board
from .ending import end_reason
from .movement import has_movable_knight
from .position_cards import place_cards, read_bonus
from .position_checks import (
    CAPTURING,
    DECISIONS,
    check_table,
    fail,
    most_knight_moves,
    most_turns,
    need,
    read_choice,
    read_dict,
    read_int,
    read_list,
    read_seat,
)
from .state import (
    GEM,
    GOLD,
    KNIGHTS_PER_TURN,
    OVER,
    PAY_OR_LOSE,
    REVEAL_CARD,
    TOWARD_LAIR,
    TOWARD_PLAIN,
    EmeraldState,
    Pending,
    Rules,
)

#: The fields of an Emerald position (besides the engine's ``game``, ``players``, ``seed``, ``step``).
FIELDS = ("knights", "moved", "piles", "box", "hands", "dragon", "flight_track", "dragon_moves", "last_roll",
          "first_player", "active", "turn", "decision", "knights_moved", "turn_colour", "card_taken",
          "destination", "victim", "revealing", "end_reason")
FACINGS = {"lair": TOWARD_LAIR, "plain": TOWARD_PLAIN}


# ---------------------------------------------------------------- the table as a position
def table_position(s: EmeraldState, board: Board) -> dict[str, Any]:
    """Return the whole table ``s`` as a position (every field of the module docstring, hidden cards included)."""
    knights = {space: _colours(here, board) for space, here in s.knights.items() if here}
    if s.knights[LAIR]:
        knights[LAIR] = [c for c in s.lair_places if c is not None]
    return {
        "knights": knights,
        "moved": {space: _colours(here, board) for space, here in s.moved.items() if here},
        "piles": {sq: {GOLD: piles[GOLD][::-1], GEM: piles[GEM][::-1]} for sq, piles in s.piles.items()},
        "box": {GOLD: [c for c in s.out_of_game if isinstance(c, int)],
                GEM: [c for c in s.out_of_game if not isinstance(c, int)]},
        "hands": [{"gold": list(h.gold), "gems": dict(h.gems), "paid": list(h.paid), "bonus": list(h.bonus)}
                  for h in s.hands],
        "dragon": {"square": board.square_at(s.dragon_pos), "facing": "lair" if s.dragon_facing == TOWARD_LAIR else "plain"},
        "flight_track": s.track,
        "dragon_moves": s.dragon_moves,
        "last_roll": s.last_roll,
        "first_player": s.first_player,
        "active": s.active,
        "turn": s.turn,
        "decision": s.phase,
        "knights_moved": s.knights_moved,
        "turn_colour": s.turn_colour,
        "card_taken": s.card_taken,
        "destination": s.destination,
        "victim": s.pending.victim_colour if s.phase == PAY_OR_LOSE and s.pending else None,
        "revealing": s.revealing,
        "end_reason": s.end_reason,
    }


def _colours(here: dict[str, int], board: Board) -> list[str]:
    return [c for c in board.colours for _ in range(here.get(c, 0))]


# ---------------------------------------------------------------- a position as the table
def table_from_position(seeded: EmeraldState, rules: Rules, position: dict[str, Any]) -> EmeraldState:
    """Return the table ``position`` describes, built on a copy of ``seeded`` (the set-up, unchanged).

    Raises:
        PositionError: an unknown field, a field of the wrong shape, a broken count or a table no game
            reaches (the message names the field and the rule).
    """
    unknown = sorted(set(position) - set(FIELDS) - set(ENGINE_POSITION_KEYS))
    need(not unknown, unknown[0] if unknown else "", f"not a field of an Emerald position; they are {', '.join(FIELDS)}")
    board = rules.board
    s = seeded.copy()
    if "knights" in position:
        _place_knights(s, board, position["knights"])
    if "moved" in position:
        s.moved = _read_moved(s, position["moved"])
    _read_turn(s, board, position)
    place_cards(s, board, position)
    read_bonus(s, board, position)
    _read_dragon(s, board, position)
    _follow_up(s, rules, position)
    check_table(s, rules)
    return s


def _place_knights(s: EmeraldState, board: Board, raw: Any) -> None:
    """Set ``s.knights`` and the lair's places from ``knights`` (EM-SETUP-11/12, EM-LAIR-3, EM-MOVE-3)."""
    per_colour = board.knights_by_players[s.players][1]
    used = board.start_spaces_by_players[s.players]
    named: dict[str, list[str]] = {}
    total: dict[str, int] = {}
    for space, colours in read_dict(raw, "knights").items():
        f = f"knights.{space}"
        need(space in s.knights, f, f"no such space; the spaces are {', '.join(s.knights)}")
        colours = read_list(colours, f)
        for c in colours:
            need(isinstance(c, str) and c in s.colour_owner, f, f"{c!r:.20} is not a colour in play; they are "
                 f"{', '.join(s.colour_owner)}")
            total[c] = total.get(c, 0) + 1
            need(total[c] <= per_colour, f, f"{total[c]} {c} knights named, {c} has {per_colour} (EM-SETUP-11)")
        if space in board.start_spaces:
            need(space in used or not colours, f, f"{space} is empty at {s.players} players (EM-SETUP-12)")
            need(len(set(colours)) == len(colours), f, "a start space holds one knight of each colour, and knights "
                 "never come back to the castle (EM-SETUP-12, EM-MOVE-3)")
        need(space != LAIR or len(colours) <= board.lair_places, f, f"the lair has {board.lair_places} places (EM-LAIR-3)")
        named[space] = colours
    knights: dict[str, dict[str, int]] = {space: {} for space in s.knights}
    for space, colours in named.items():
        knights[space] = {c: colours.count(c) for c in board.colours if c in colours}
    for colour in s.colour_owner:  # the others stay where the set-up put them, the first spaces first
        left = per_colour - total.get(colour, 0)
        for space, here in s.knights.items():
            n = min(here.get(colour, 0), left) if space not in named else 0
            if n:
                knights[space][colour] = n
                left -= n
        if left:
            gone = next(sp for sp in named if s.knights[sp].get(colour))
            fail(f"knights.{gone}", f"the set-up's {colour} knight there is nowhere in the position: knights never go "
                 f"back to the castle (EM-MOVE-3), so say where all {per_colour} {colour} knights are")
    s.knights = knights
    lair = named.get(LAIR, [c for c in s.lair_places if c is not None])
    s.lair_places = lair + [None] * (board.lair_places - len(lair))


def _read_moved(s: EmeraldState, raw: Any) -> dict[str, dict[str, int]]:
    moved: dict[str, dict[str, int]] = {}
    for space, colours in read_dict(raw, "moved").items():
        f = f"moved.{space}"
        need(space in s.knights, f, f"no such space; the spaces are {', '.join(s.knights)}")
        colours = read_list(colours, f)
        need(len(colours) <= KNIGHTS_PER_TURN + 1, f, f"a turn moves at most {KNIGHTS_PER_TURN} knights (EM-TURN-2), "
             f"a soothed one besides (EM-INT-17), got {len(colours)}")
        for c in colours:
            need(isinstance(c, str) and c in s.colour_owner, f, f"{c!r:.20} is not a colour in play; they are "
                 f"{', '.join(s.colour_owner)}")
            moved.setdefault(space, {})[c] = moved.get(space, {}).get(c, 0) + 1
    return moved


def _read_turn(s: EmeraldState, board: Board, position: dict[str, Any]) -> None:
    """Whose turn and which decision (EM-TURN-1, digest section 6.2); defaults as the module docstring says.
    ``turn`` is at most :func:`~.position_checks.most_turns` (EM-MOVE-1/3, EM-TURN-3)."""
    get = position.get
    if "first_player" in position:
        s.first_player = s.active = read_seat(get("first_player"), "first_player", s.players)
        s.turn = 1
    if "turn" in position:
        s.turn = read_int(get("turn"), "turn", 1, most_turns(board, s.players),
                          "a game has at most that many turns: every round moves a knight on, EM-MOVE-1/3, EM-TURN-3")
        s.active = (s.first_player + s.turn - 1) % s.players
    if "active" in position:
        s.active = read_seat(get("active"), "active", s.players)
        if "turn" not in position:
            s.turn = 1 + (s.active - s.first_player) % s.players
    s.phase = read_choice(get("decision", s.phase), "decision", DECISIONS)
    s.knights_moved = read_int(get("knights_moved", sum(sum(h.values()) for h in s.moved.values())), "knights_moved", 0, 2)
    moved_colours = sorted({c for here in s.moved.values() for c in here})
    default_colour = moved_colours[0] if s.players == 2 and len(moved_colours) == 1 and s.knights_moved else s.turn_colour
    s.turn_colour = get("turn_colour", default_colour)
    need(s.turn_colour is None or isinstance(s.turn_colour, str) and s.turn_colour in s.colour_owner, "turn_colour",
         f"not a colour in play: {s.turn_colour!r:.20}")
    s.card_taken = get("card_taken", s.card_taken or s.phase == REVEAL_CARD)
    need(isinstance(s.card_taken, bool), "card_taken", f"must be true or false, got {s.card_taken!r:.20}")
    s.destination = get("destination", s.destination)
    need(s.destination is None or isinstance(s.destination, str) and s.destination in s.knights, "destination",
         f"no such space: {s.destination!r:.20}")
    _read_only_at(s, position, "victim", PAY_OR_LOSE, tuple(s.colour_owner))
    _read_only_at(s, position, "revealing", REVEAL_CARD, (GOLD, GEM))
    _read_only_at(s, position, "end_reason", OVER, None)


def _read_only_at(s: EmeraldState, position: dict[str, Any], key: str, phase: str, choices: tuple[str, ...] | None) -> None:
    """Read ``key``, a field that only ``phase`` has (null at the other decisions)."""
    value = position.get(key)
    if value is None:
        need(phase == OVER or s.phase != phase, key, f"the decision {phase} needs it")
    else:
        need(s.phase == phase, key, f"only the decision {phase} has one (the position's decision is {s.phase})")
        if choices is None:
            need(isinstance(value, str) and value != "", key, f"must be a text, got {value!r:.40}")
        else:
            read_choice(value, key, choices)
    if key == "victim":
        s.pending = None if value is None else Pending("", value, s.colour_owner[value])
    elif key == "revealing":
        s.revealing = value
    else:
        s.end_reason = value


def _read_dragon(s: EmeraldState, board: Board, position: dict[str, Any]) -> None:
    """The flight track, the dragon's square and facing, its flights and last roll (EM-TRACK-*, EM-DRAGON-*)."""
    if "flight_track" in position:
        s.track = read_choice(position["flight_track"], "flight_track", sorted(board.track_positions))
    dragon = read_dict(position.get("dragon", {}), "dragon", ("square", "facing"))
    if "square" in dragon:
        s.dragon_pos = board.pos[read_choice(dragon["square"], "dragon.square", board.mountains)]
    if "facing" in dragon:
        s.dragon_facing = FACINGS[read_choice(dragon["facing"], "dragon.facing", tuple(FACINGS))]
    elif "square" in dragon or "flight_track" in position:
        track = board.track_positions[s.track]
        if s.dragon_pos <= track[0]:
            s.dragon_facing = TOWARD_LAIR  # EM-DRAGON-6, EM-INT-15
        elif s.dragon_pos == track[-1]:
            s.dragon_facing = TOWARD_PLAIN
    flying = 1 if s.phase in CAPTURING else 0
    s.dragon_moves = read_int(position.get("dragon_moves", s.track - board.track_initial + flying), "dragon_moves", 0,
                              most_knight_moves(board, s.players),
                              "the knights' moves of a whole game, each waking the dragon at most once, EM-DRAGON-2")
    if position.get("last_roll") is not None:
        s.last_roll = read_choice(position["last_roll"], "last_roll", sorted(set(board.die)))
    elif "last_roll" in position:
        s.last_roll = None


def _follow_up(s: EmeraldState, rules: Rules, position: dict[str, Any]) -> None:
    """Set what follows from the rest: the treasures (EM-LAIR-4), the knights captured so far (each was
    paid for or lost to the nest, EM-CAPTURE-6/7), the capture being resolved, why a game is over."""
    board = rules.board
    lair = [c for c in s.lair_places if c is not None]
    s.treasures_left = board.treasures - len(lair)
    for seat, hand in enumerate(s.hands):
        hand.treasures = sum(s.colour_owner[c] == seat for c in lair)
        nest = sum(n for c, n in s.knights[NEST].items() if s.colour_owner[c] == seat)
        s.captured[seat] = len(hand.paid) + nest
    square = board.square_at(s.dragon_pos)
    if s.phase in CAPTURING:
        victim = s.pending.victim_colour if s.pending else None
        s.pending = Pending(square, victim, None if victim is None else s.colour_owner[victim])
        if victim is not None:
            s.captured[s.colour_owner[victim]] += 1  # captured, not yet paid for nor lost
    else:
        s.pending = None
    if s.phase == OVER:  # a finished game satisfies an end condition, whatever reason it gives (issue 27, item 7)
        reason = end_reason(s, rules.names, lair_knights_in_play=rules.lair_knights_in_play)
        if reason is None and not any(has_movable_knight(s, board, i) for i in range(s.players)):
            reason = "no player has a knight that can move"
        need(reason is not None, "decision" if s.end_reason is None else "end_reason",
             "no end condition holds on this table (EM-END-1/2, EM-TURN-3): the last treasure taken from the lair, "
             "a player with one knight or none in play, or nobody able to move a knight")
        s.end_reason = s.end_reason or reason
    else:
        s.end_reason = None
