"""What each seat may know: the public table plus its own gold values (digest section 7); the board's
static layout for the browser.

Hidden information is removed here, in Python (never by a front end): the face-down cards and the
cards boxed at setup (teacher view only), other seats' gold values (only their number), and which
gold card was paid to the dragon (EM-SOOTHE-4, EM-INT-18). At the end every held gold value is shown.

Each key's value has its own function (``_FIELDS``): :func:`observe` calls them all, :class:`LazyObservation`
(a seat's observation for a bot's faster twin) only those of the keys read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from dragonwidgets.engine.tensors import turn_view

from .board import LAIR, Board
from .cards import card_dict, face_down, is_revealing
from .dragon import is_dragon_on_track
from .scoring import scores
from .state import GEM, GOLD, OVER, TOWARD_LAIR, EmeraldState


def observe(state: EmeraldState, board: Board, viewer: int | None, *, public_only: bool = False,
            show_paid_gold: bool = False) -> dict[str, Any]:
    """Return the observation of ``viewer`` (``None``: the full table), JSON-ready.

    ``public_only=True`` gives what every seat may know (used by the text board). The keys are
    those of the project's Emerald contract; the full table adds ``face_down`` and ``out_of_game``.
    Each value is built by its function in ``_FIELDS`` (as :class:`LazyObservation` builds it).
    """
    seen = _Seen(state, viewer, public_only, show_paid_gold)
    obs = {key: field(state, board, seen) for key, field in _FIELDS.items()}
    if seen.teacher:
        obs.update((key, field(state, board, seen)) for key, field in _TABLE_FIELDS.items())
    return obs


class _Seen:
    """Who looks at the table: what a field function needs besides the state and the board."""

    __slots__ = ("viewer", "teacher", "over", "show_paid_gold", "turn")

    def __init__(self, state: EmeraldState, viewer: int | None, public_only: bool, show_paid_gold: bool) -> None:
        self.viewer = viewer
        self.teacher = viewer is None and not public_only
        self.over = state.phase == OVER
        self.show_paid_gold = show_paid_gold
        self.turn = turn_view(viewer, state.phase, state.active, over=self.over)


#: the keys of every observation, in its order, each with the function ``(state, board, seen)`` that builds
#: its value
_FIELDS: dict[str, Callable[[EmeraldState, Board, _Seen], Any]] = {
    "viewer": lambda s, b, seen: seen.turn["viewer"],
    "decision": lambda s, b, seen: seen.turn["decision"],
    "active_player": lambda s, b, seen: seen.turn["active_player"],
    "turn": lambda s, b, seen: s.turn,
    "first_player": lambda s, b, seen: s.first_player,
    "seat_colours": lambda s, b, seen: [list(c) for c in s.seat_colours],
    "turn_colour": lambda s, b, seen: s.turn_colour,
    "knights": lambda s, b, seen: _non_empty(s.knights),
    "moved": lambda s, b, seen: {space: dict(s.moved[space]) for space in s.knights if s.moved.get(space)},
    "knights_moved": lambda s, b, seen: s.knights_moved,
    "card_taken": lambda s, b, seen: s.card_taken,
    "last_destination": lambda s, b, seen: s.destination,
    "piles": lambda s, b, seen: {sq: _piles(s, sq) for sq in s.piles},
    "dragon": lambda s, b, seen: dragon_view(s, b),
    "flight_track": lambda s, b, seen: {
        "position": s.track,
        "squares": [b.square_at(p) for p in b.track_positions[s.track]],
        "fixed": s.track >= b.track_final,
    },
    "dragon_moves": lambda s, b, seen: s.dragon_moves,
    "last_roll": lambda s, b, seen: s.last_roll,
    "treasures_left": lambda s, b, seen: s.treasures_left,
    "lair_places": lambda s, b, seen: list(s.lair_places),
    "bonus": lambda s, b, seen: {"four_different_gems": s.four_gems_holder,
                                 "majority": {g: s.majority.get(g) for g in b.gem_types}},
    "hands": lambda s, b, seen: [_hand(s, seat, seen.teacher or seen.viewer == seat or seen.over,
                                       seen.teacher or seen.viewer == seat or seen.show_paid_gold)
                                 for seat in range(s.players)],
    "pending": lambda s, b, seen: None if s.pending is None else {
        "square": s.pending.square,
        "victim_colour": s.pending.victim_colour,
        "victim_owner": s.pending.victim_owner,
    },
    "end_reason": lambda s, b, seen: s.end_reason,
    "scores": lambda s, b, seen: {str(k): v for k, v in scores(s, b).items()} if seen.over or seen.teacher else None,
}
#: the keys only the full table (the teacher's view) has, after the others
_TABLE_FIELDS: dict[str, Callable[[EmeraldState, Board, _Seen], Any]] = {
    "face_down": lambda s, b, seen: {sq: {p: [card_dict(c) for c in face_down(s, sq, p)] for p in (GOLD, GEM)}
                                     for sq in s.piles},
    "out_of_game": lambda s, b, seen: [card_dict(c) for c in s.out_of_game],
}


class LazyObservation(Mapping[str, Any]):
    """:func:`observe`'s observation of a seat, each value built by its own function when first read, then kept.

    For a bot that reads a few keys (Emerald's faster greedy twin, ``dragonwidgets.analysis.twins.emerald``):
    read whole (``dict(view)``), it equals ``observe(state, board, seat, show_paid_gold=...)``, preceded by
    the ``first`` keys; a value read shows what that observation shows and nothing more (the same code builds
    it). ``"piles"`` is a :class:`PileView`, equal to the observation's dict. Read it before the state changes
    (values are built from the state as it is then). Not JSON-ready. It keeps the state (privately) to build
    values from: a bot reads its values only, like any bot its observation.

    Args:
        state, board: the table.
        seat: the viewer, a seat (the full table is not offered).
        show_paid_gold: the game's ``show_paid_gold`` option (EM-INT-18).
        first: values already built, whose keys come before the observation's (the engine's keys, which
            ``Game.observation`` adds).

    Raises:
        ValueError: ``seat`` is not a seat ``0..players-1``, or a key of ``first`` is an observation key.
    """

    __slots__ = ("_state", "_board", "_seen", "_first", "_built")

    def __init__(self, state: EmeraldState, board: Board, seat: int, *, show_paid_gold: bool = False,
                 first: Mapping[str, Any] | None = None) -> None:
        if not isinstance(seat, int) or not 0 <= seat < state.players:
            raise ValueError(f"seat must be a seat 0..{state.players - 1}, got {seat!r}")
        self._state, self._board = state, board
        self._seen = _Seen(state, seat, False, show_paid_gold)
        self._first = dict(first or {})
        if not self._first.keys().isdisjoint(_LAZY_FIELDS):
            raise ValueError(f"first holds observation keys: {sorted(self._first.keys() & _LAZY_FIELDS.keys())}")
        self._built = dict(self._first)

    def __getitem__(self, key: str) -> Any:
        try:
            return self._built[key]
        except KeyError:
            field = _LAZY_FIELDS[key]  # KeyError for a key the observation has not
            value = self._built[key] = field(self._state, self._board, self._seen)
            return value

    def __iter__(self) -> Iterator[str]:
        yield from self._first
        yield from _LAZY_FIELDS

    def __len__(self) -> int:
        return len(self._first) + len(_LAZY_FIELDS)


class PileView(Mapping[str, dict[str, Any]]):
    """:func:`observe`'s ``"piles"`` of ``state`` (square -> its two piles), each square's built when first read.

    Equal to that dict (``==``, ``dict(view)``); read it before the state changes. Not JSON-ready.
    """

    __slots__ = ("_state", "_built")

    def __init__(self, state: EmeraldState) -> None:
        self._state = state
        self._built: dict[str, dict[str, Any]] = {}

    def __getitem__(self, square: str) -> dict[str, Any]:
        try:
            return self._built[square]
        except KeyError:
            if square not in self._state.piles:
                raise
            value = self._built[square] = _piles(self._state, square)
            return value

    def __contains__(self, square: object) -> bool:
        return square in self._state.piles

    def get(self, square: str, default: Any = None) -> Any:
        """Return ``self[square]``, or ``default`` for a square without piles (no KeyError raised and caught)."""
        return self[square] if square in self._state.piles else default

    def __iter__(self) -> Iterator[str]:
        return iter(self._state.piles)

    def __len__(self) -> int:
        return len(self._state.piles)


#: :data:`_FIELDS`, the piles built per square when read (:class:`LazyObservation`)
_LAZY_FIELDS: dict[str, Callable[[EmeraldState, Board, _Seen], Any]] = {
    **_FIELDS, "piles": lambda s, b, seen: PileView(s),
}


def dragon_view(state: EmeraldState, board: Board) -> dict[str, Any]:
    """Return ``{"square", "facing", "on_track"}`` of the dragon (EM-DRAGON-1, EM-TRACK-4/5)."""
    return {
        "square": board.square_at(state.dragon_pos),
        "facing": "lair" if state.dragon_facing == TOWARD_LAIR else "plain",
        "on_track": is_dragon_on_track(state, board),
    }


def board_layout(board: Board, players: int, seat_colours: list[tuple[str, ...]]) -> dict[str, Any]:
    """Return the static layout sent to the browser once (the Emerald contract's ``board_layout``).

    Keys: ``start_spaces`` (ids used at ``players``), ``path`` (``[{"id", "pos", "kind"}]``, lair
    included), ``lair_places``, ``track_positions`` (``{"1": [square ids], ...}``), ``colours``
    and ``gems`` (``{id: {"name", "css"}}``), ``seat_colours``.
    """
    return {
        "start_spaces": list(board.start_spaces_by_players[players]),
        "path": [{"id": i, "pos": board.pos[i], "kind": board.kinds[i]} for i in (*board.path, LAIR)],
        "lair_places": board.lair_places,
        "track_positions": {str(k): [board.square_at(p) for p in v] for k, v in board.track_positions.items()},
        "colours": {c: {"name": board.colour_names[c], "css": board.colour_css[c]} for c in board.colours},
        "gems": {g: {"name": board.gem_names[g], "css": board.gem_css[g]} for g in board.gem_types},
        "seat_colours": [list(c) for c in seat_colours],
    }


def _non_empty(spaces: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    return {space: dict(here) for space, here in spaces.items() if here}


def _piles(state: EmeraldState, square: str) -> dict[str, Any]:
    """The two piles of ``square``: ``{"count", "top"}`` each; no top while its next card is due (EM-CARD-2)."""
    out = {}
    for pile in (GOLD, GEM):
        cards = state.piles[square][pile]
        top = card_dict(cards[-1]) if cards and not is_revealing(state, square, pile) else None
        out[pile] = {"count": len(cards), "top": top}
    return out


def _hand(state: EmeraldState, seat: int, sees_gold: bool, sees_paid: bool) -> dict[str, Any]:
    hand = state.hands[seat]
    return {
        "seat": seat,
        "gold": sorted(hand.gold) if sees_gold else None,
        "gold_count": len(hand.gold),
        "gems": dict(sorted(hand.gems.items())),
        "treasures": hand.treasures,
        "bonus": list(hand.bonus),
        "gold_paid": len(hand.paid),
        "paid_values": sorted(hand.paid) if sees_paid else None,
    }

