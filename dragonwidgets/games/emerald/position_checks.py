"""Reading a position's fields and checking the table it makes against the rules (see ``position.py``).

The readers raise :class:`~dragonwidgets.engine.PositionError` naming the field (``"field
'knights.P2': ..."``). :func:`check_table` then checks what a real table always satisfies, across
fields: the end not reached unless the decision is ``over`` (EM-END-1/2), the flight track and the
dragon (EM-TRACK-1/4, EM-DRAGON-5/6), whose turn it is (EM-TURN-1), the four-gems bonus (EM-BONUS-1),
and that the decision makes sense on that table (a face-up card to take, a dragon to roll, a victim
to choose...).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, NoReturn

from dragonwidgets.engine import PositionError

from .board import LAIR, NEST, Board
from .bonus import has_four_different_gems, majority_holder
from .cards import has_face_up_card
from .dragon import advance_flight_track, fly, triggers_dragon
from .ending import end_reason
from .movement import has_movable_knight
from .state import (
    CHOOSE_VICTIM,
    DRAGON_ROLL,
    FOUR_GEMS,
    KNIGHTS_PER_TURN,
    OVER,
    PAY_OR_LOSE,
    REVEAL_CARD,
    SELECT_KNIGHT,
    TAKE_CARD,
    TOWARD_LAIR,
    EmeraldState,
    Rules,
)

#: The decisions a position may be at (``"decision"``), in the order of a turn.
DECISIONS = (SELECT_KNIGHT, TAKE_CARD, REVEAL_CARD, DRAGON_ROLL, CHOOSE_VICTIM, PAY_OR_LOSE, OVER)
#: The decisions met while the dragon's capture is resolved, before the track advances (EM-TRACK-1).
CAPTURING = (CHOOSE_VICTIM, PAY_OR_LOSE)


# ---------------------------------------------------------------- reading fields
def fail(field: str, message: str) -> NoReturn:
    """Raise ``PositionError("field '<field>': <message>")``."""
    raise PositionError(f"field {field!r}: {message}")


def need(ok: object, field: str, message: str) -> None:
    """Raise ``PositionError`` naming ``field`` unless ``ok``."""
    if not ok:
        fail(field, message)


def read_dict(value: Any, field: str, known: tuple[str, ...] | None = None) -> dict[str, Any]:
    """Return ``value`` if it is a JSON object (with only ``known`` keys, when given)."""
    need(isinstance(value, dict), field, f"must be a JSON object, got {value!r:.60}")
    if known is not None:
        unknown = sorted(set(value) - set(known))
        need(not unknown, field, f"unknown key(s) {', '.join(map(repr, unknown))}; the keys are {', '.join(known)}")
    return value


def read_list(value: Any, field: str) -> list[Any]:
    """Return ``value`` if it is a JSON list."""
    need(isinstance(value, list), field, f"must be a list, got {value!r:.60}")
    return value


def read_int(value: Any, field: str, low: int, high: int | None = None, why: str = "") -> int:
    """Return ``value`` if it is an int in ``low..high`` (``why``: the rule that bounds it, for the message).

    The bound is checked before the value is used, so a huge count is refused at once (issue 27, item 5).
    """
    ok = isinstance(value, int) and not isinstance(value, bool) and value >= low and (high is None or value <= high)
    need(ok, field, f"must be an int {low}..{'' if high is None else high}{f' ({why})' if why else ''}, "
         f"got {value!r:.40}")
    return value


def most_knight_moves(board: Board, players: int) -> int:
    """Return the most knight moves one game can hold: every move takes a knight at least one square on
    toward the lair (EM-MOVE-1), never back (EM-MOVE-3), from the castle to the lair at ``lair_pos``;
    ``players`` seats play ``knights_by_players`` knights (EM-SETUP-11). It bounds ``dragon_moves`` (a
    knight's move wakes the dragon at most once, EM-DRAGON-2)."""
    colours, per_colour = board.knights_by_players[players]
    return players * colours * per_colour * board.lair_pos


def most_turns(board: Board, players: int) -> int:
    """Return the highest ``turn`` a game can reach: in every round but the last some seat moves a knight
    (a seat's turn is skipped only when it has no knight that can move, EM-TURN-3, and a round where
    nobody can move ends the game), so at most ``players * (most_knight_moves + 1)`` turns (EM-TURN-1)."""
    return players * (most_knight_moves(board, players) + 1)


def read_seat(value: Any, field: str, players: int) -> int:
    """Return ``value`` if it is a seat ``0..players-1``."""
    return read_int(value, field, 0, players - 1)


def read_choice(value: Any, field: str, choices: tuple[Any, ...] | list[Any]) -> Any:
    """Return ``value`` if it is one of ``choices``."""
    need(value in choices and not isinstance(value, bool), field,
         f"must be one of {', '.join(map(repr, choices))}, got {value!r:.40}")
    return value


# ---------------------------------------------------------------- the table as a whole
def check_table(s: EmeraldState, rules: Rules) -> None:
    """Check what a real table always satisfies; raise ``PositionError`` naming the field otherwise."""
    board = rules.board
    _check_moved(s, rules)
    _check_dragon(s, rules)
    _check_bonus(s, board)
    need(s.active == (s.first_player + s.turn - 1) % s.players, "turn",
         f"turn {s.turn} from first player {s.first_player} is seat {(s.first_player + s.turn - 1) % s.players}'s, "
         f"not seat {s.active}'s: seats play in turn, one turn each (EM-TURN-1)")
    if s.phase == OVER:
        need(bool(s.end_reason), "end_reason", "a finished game says why it ended (EM-END-1/2)")
        return
    reason = end_reason(s, rules.names, lair_knights_in_play=rules.lair_knights_in_play)
    need(reason is None, "decision", f"the game is over on this table: {reason}; say \"decision\": \"over\"")
    _check_decision(s, rules)


def _check_moved(s: EmeraldState, rules: Rules) -> None:
    """The knights marked as moved this turn are the active seat's, stand where they are said to, and
    number no more than the knights moved (EM-TURN-2)."""
    mine = s.seat_colours[s.active]
    marked = 0
    for space, here in s.moved.items():
        f = f"moved.{space}"
        need(space not in rules.board.start_spaces and space != NEST, f, "a knight that moved stands on the path (EM-MOVE-2)")
        need(space != LAIR or s.phase == OVER, f, "a knight entering the lair ends the turn (EM-TURN-5)")
        for colour, n in here.items():
            need(colour in mine, f, f"only the active seat's knights move this turn (EM-TURN-2): {colour} is not seat {s.active}'s")
            need(n <= s.knights[space].get(colour, 0), f, f"{n} {colour} knight(s) moved there, {s.knights[space].get(colour, 0)} stand there")
            need(s.turn_colour in (None, colour), f, f"at 2 players a turn moves knights of one colour, {s.turn_colour} (EM-P2-2)")
            marked += n
    soothed = 0 if rules.soothed_knight_may_move else 1  # EM-INT-17: a soothed knight may be marked too
    need(marked <= s.knights_moved + soothed, "moved", f"{marked} knights marked as moved, {s.knights_moved} moved this turn")
    need(s.knights_moved > 0 or not s.moved, "knights_moved", "knights are marked as moved, so some moved this turn")


def _check_dragon(s: EmeraldState, rules: Rules) -> None:
    """EM-SETUP-5, EM-TRACK-1/4/5, EM-DRAGON-5/6, EM-INT-15: the dragon beside its track (or one square
    behind it), facing inward at the track's ends; the track one square on per flight; and the dragon where
    some flights from its start put it (:func:`dragon_places`, issue 27 item 7)."""
    board = rules.board
    track = board.track_positions[s.track]
    where = board.square_at(s.dragon_pos)
    span = f"{board.square_at(track[0])}-{board.square_at(track[-1])}"
    if s.dragon_moves == 0:
        need(s.dragon_pos == board.dragon_start_pos and s.dragon_facing == board.dragon_start_facing, "dragon",
             f"before its first flight the dragon stands beside {board.square_at(board.dragon_start_pos)} facing the "
             "plain (EM-SETUP-5), and the track moves on after every flight (EM-TRACK-1): give the 'flight_track' of a "
             "dragon that has flown")
        need(s.last_roll is None, "last_roll", "the dragon die has not been rolled yet (dragon_moves is 0)")
    need(s.dragon_pos in track or s.dragon_pos == track[0] - 1, "dragon",
         f"the dragon beside {where} is not beside its track {span} nor one square behind it (EM-TRACK-4)")
    faces_lair = s.dragon_facing == TOWARD_LAIR
    if s.dragon_pos < track[0] or (s.dragon_pos == track[0] and s.dragon_moves):
        need(faces_lair, "dragon.facing", f"a dragon beside {where}, at the plain end of its track or behind it, faces the lair (EM-DRAGON-6, EM-INT-15)")
    elif s.dragon_pos == track[-1] and s.dragon_moves:
        need(not faces_lair, "dragon.facing", f"a dragon beside {where}, at the lair end of its track, faces the plain (EM-DRAGON-6)")
    flying = 1 if s.phase in CAPTURING else 0
    least = s.track - board.track_initial + flying
    if s.track < board.track_final:
        ok = s.dragon_moves in ((least, least + 1) if s.phase == OVER else (least,))
        need(ok, "dragon_moves", f"the track advances one square after every flight (EM-TRACK-1): at position {s.track} "
             f"the dragon has flown {least} time(s), not {s.dragon_moves}")
    else:
        need(s.dragon_moves >= least, "dragon_moves", f"the track is fixed after {least} flights (EM-TRACK-2), not {s.dragon_moves}")
    airborne = s.phase in CAPTURING or (s.phase == OVER and s.dragon_moves == least + 1)
    places = dragon_places(board, rules.track_carries_dragon)[s.track, airborne and s.track < board.track_final]
    if s.dragon_moves and (s.dragon_pos, s.dragon_facing) not in places:
        can = ", ".join(f"{board.square_at(d)} facing {'the lair' if f == TOWARD_LAIR else 'the plain'}"
                        for d, f in sorted(places))
        fail("dragon", f"no flight puts the dragon beside {where} facing "
             f"{'the lair' if faces_lair else 'the plain'} at track position {s.track}"
             f"{' before the track moves on' if airborne else ''} (EM-DRAGON-7, EM-TRACK-1/3/4): it can stand {can}")


def dragon_places(board: Board, carries: bool) -> dict[tuple[int, bool], set[tuple[int, int]]]:
    """Return ``(track position, airborne) -> {(dragon pos, facing)}``: where flights from the dragon's start
    (EM-SETUP-5) can leave it, with the track at that position (EM-TRACK-1/2), ``airborne`` right after a
    flight, before the track moves on (a capture being resolved, EM-CAPTURE-1). Each flight is one of the
    die's faces (EM-DRAGON-4..7, :func:`.dragon.fly`); each track advance as :func:`.dragon.advance_flight_track`
    (``carries``: the ``track_carries_dragon`` option, EM-INT-16). At the final track (EM-TRACK-2) the dragon
    flies on any number of times: its places there are closed under flights."""
    rolls = sorted(set(board.die))

    def flights(places: set[tuple[int, int]], track: int) -> set[tuple[int, int]]:
        return {fly(board.track_positions[track], d, f, r)[:2] for d, f in places for r in rolls}

    out: dict[tuple[int, bool], set[tuple[int, int]]] = {}
    settled = {(board.dragon_start_pos, board.dragon_start_facing)}
    for track in range(board.track_initial, board.track_final):
        out[track, False], out[track, True] = settled, flights(settled, track)
        settled = set()
        for d, f in out[track, True]:
            table = SimpleNamespace(track=track, dragon_pos=d, dragon_facing=f)
            advance_flight_track(table, board, carries_dragon=carries)  # type: ignore[arg-type]
            settled.add((table.dragon_pos, table.dragon_facing))
    final = board.track_final
    while not flights(settled, final) <= settled:
        settled |= flights(settled, final)
    out[final, False] = out[final, True] = settled
    return out


def _check_bonus(s: EmeraldState, board: Board) -> None:
    """EM-BONUS-1/2: the four-gems bonus goes to the first seat owning every type, as soon as it does;
    EM-BONUS-3/4, EM-END-4: the majority bonuses are given at the end only, each to a strict majority."""
    holder = s.four_gems_holder
    if holder is not None:
        need(has_four_different_gems(s, board, holder), f"hands.{holder}.bonus",
             f"seat {holder} holds the {FOUR_GEMS} bonus without a gem of every type (EM-BONUS-1)")
    else:
        owners = [i for i in range(s.players) if has_four_different_gems(s, board, i)]
        need(not owners, f"hands.{owners[0] if owners else 0}.bonus",
             f"seat {owners[0] if owners else 0} owns every gem type, so the first seat to do so holds the "
             f"{FOUR_GEMS} bonus (EM-BONUS-1): add it to that seat's bonus")
    for gem in board.gem_types:
        if s.phase == OVER:
            want = majority_holder([h.gems.get(gem, 0) for h in s.hands])
            need(s.majority.get(gem) == want, "hands.bonus",
                 f"the majority_{gem} bonus goes to {'nobody' if want is None else f'seat {want}'} (EM-BONUS-3/4)")
        else:
            need(s.majority.get(gem) is None, "hands.bonus", f"majority_{gem} is given at the end of the game only (EM-BONUS-3)")


def _check_decision(s: EmeraldState, rules: Rules) -> None:
    """The decision makes sense on this table (digest section 6.2)."""
    board, phase, dest = rules.board, s.phase, s.destination
    need(s.knights_moved <= (1 if phase == SELECT_KNIGHT else KNIGHTS_PER_TURN), "knights_moved",
         f"{s.knights_moved} knights moved is too many at {phase} (EM-TURN-2, EM-TURN-8)")
    need(not s.card_taken or phase in (REVEAL_CARD, DRAGON_ROLL) + CAPTURING, "card_taken",
         f"a card taken ends the turn (EM-CARD-4): no {phase} after it")
    need(s.knights_moved or phase == SELECT_KNIGHT, "knights_moved", f"{phase} comes after a knight's move")
    if s.players == 2 and s.knights_moved:
        need(s.turn_colour in s.seat_colours[s.active], "turn_colour",
             f"at 2 players the turn's colour is the first knight's, one of seat {s.active}'s (EM-P2-2)")
    else:
        need(s.turn_colour is None, "turn_colour", "a turn's colour is set by its first knight, at 2 players only (EM-P2-2)")
    if dest is not None and not s.card_taken and phase not in (TAKE_CARD, REVEAL_CARD):
        need(not has_face_up_card(s, dest), "card_taken", f"a knight that ends on {dest}, which has a face-up card, "
             "takes one first (EM-CARD-1): say \"card_taken\": true, or \"decision\": \"take_card\"")
    if phase == SELECT_KNIGHT:
        need(s.knights_moved == 1 or has_movable_knight(s, board, s.active), "active",
             f"seat {s.active} has no knight that can move: its turn is skipped (EM-TURN-3)")
        return
    mine = s.seat_colours[s.active]
    need(dest is not None and dest in s.moved and any(c in mine for c in s.moved[dest]), "destination",
         f"{phase} follows the move of a knight of seat {s.active} that ended on 'destination' (marked in 'moved')")
    if phase == TAKE_CARD:
        need(has_face_up_card(s, dest), "destination", f"{dest} has no face-up card to take (EM-CARD-1, EM-CARD-3)")  # type: ignore[arg-type]
    elif phase == REVEAL_CARD:
        need(s.card_taken and s.revealing in ("gold", "gem") and dest in s.piles and bool(s.piles[dest][s.revealing]),
             "revealing", f"a card is turned up after one was taken, on a pile of {dest} with cards left (EM-CARD-2)")
    elif phase == DRAGON_ROLL:
        need(triggers_dragon(s, board, dest), "destination",  # type: ignore[arg-type]
             f"a knight on {dest} does not wake the dragon: it is not beside the track nor on the dragon's square (EM-DRAGON-2)")
    else:
        _check_capture(s, board)


def _check_capture(s: EmeraldState, board: Board) -> None:
    """EM-CAPTURE-1..6: the dragon captures on the square where it stopped; a victim to choose among
    several colours; an owner with gold to pay or lose."""
    square = board.square_at(s.dragon_pos)
    here = s.knights[square]
    need(s.dragon_moves > 0, "dragon_moves", "a capture follows a flight of the dragon (EM-CAPTURE-1)")
    if s.phase == CHOOSE_VICTIM:
        need(len(here) > 1, "decision", f"the victim is chosen among knights of several colours on {square}, where the "
             f"dragon stopped (EM-CAPTURE-4); there: {', '.join(here) or 'none'}")
        return
    p = s.pending
    need(p is not None and p.victim_colour in here, "victim",
         f"the captured knight is one on {square}, where the dragon stopped (EM-CAPTURE-1); there: {', '.join(here) or 'none'}")
    need(bool(s.hands[p.victim_owner].gold), "victim",  # type: ignore[union-attr,index]
         f"seat {p.victim_owner} holds no gold card, so the knight is lost at once (EM-CAPTURE-6)")  # type: ignore[union-attr]
