"""What each seat may know: the public table plus its own gold values (digest section 7); the board's
static layout for the browser.

Hidden information is removed here, in Python (never by a front end): the face-down cards and the
cards boxed at setup (teacher view only), other seats' gold values (only their number), and which
gold card was paid to the dragon (EM-SOOTHE-4, EM-INT-18). At the end every held gold value is shown.
"""

from __future__ import annotations

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
    """
    teacher = viewer is None and not public_only
    over = state.phase == OVER
    obs: dict[str, Any] = {
        **turn_view(viewer, state.phase, state.active, over=over),
        "turn": state.turn,
        "first_player": state.first_player,
        "seat_colours": [list(c) for c in state.seat_colours],
        "turn_colour": state.turn_colour,
        "knights": _non_empty(state.knights),
        "moved": {space: dict(state.moved[space]) for space in state.knights if state.moved.get(space)},
        "knights_moved": state.knights_moved,
        "card_taken": state.card_taken,
        "last_destination": state.destination,
        "piles": {sq: _piles(state, sq) for sq in state.piles},
        "dragon": dragon_view(state, board),
        "flight_track": {
            "position": state.track,
            "squares": [board.square_at(p) for p in board.track_positions[state.track]],
            "fixed": state.track >= board.track_final,
        },
        "dragon_moves": state.dragon_moves,
        "last_roll": state.last_roll,
        "treasures_left": state.treasures_left,
        "lair_places": list(state.lair_places),
        "bonus": {"four_different_gems": state.four_gems_holder,
                  "majority": {g: state.majority.get(g) for g in board.gem_types}},
        "hands": [_hand(state, seat, teacher or viewer == seat or over, teacher or viewer == seat or show_paid_gold)
                  for seat in range(state.players)],
        "pending": None if state.pending is None else {
            "square": state.pending.square,
            "victim_colour": state.pending.victim_colour,
            "victim_owner": state.pending.victim_owner,
        },
        "end_reason": state.end_reason,
        "scores": None,
    }
    if over or teacher:
        obs["scores"] = {str(k): v for k, v in scores(state, board).items()}
    if teacher:
        obs["face_down"] = {sq: {p: [card_dict(c) for c in face_down(state, sq, p)] for p in (GOLD, GEM)}
                            for sq in state.piles}
        obs["out_of_game"] = [card_dict(c) for c in state.out_of_game]
    return obs


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

