"""Build literal Emerald positions for rule tests: knights, dragon, track, piles and hands.

``position(...)`` starts a fresh game in manual chance mode (so a test picks the die face) and then
writes the given pieces straight into its state. Squares are board ids ("P3", "M5"); a pile is a list
of cards bottom -> top (gold = value, gem = "gem_1".."gem_4"); the last card is the face-up one.
"""

from __future__ import annotations

from typing import Any

from dragonwidgets.games.emerald import EmeraldGame
from dragonwidgets.games.emerald.state import REVEAL_CARD, TOWARD_LAIR, TOWARD_PLAIN

COLOURS_2P = {0: ("black", "blue"), 1: ("red", "green")}


def position(
    players: int = 3,
    *,
    active: int = 0,
    knights: dict[str, dict[str, int]] | None = None,
    dragon: tuple[str, str] | None = None,
    track: int | None = None,
    piles: dict[str, dict[str, list]] | None = None,
    emptied: tuple[str, ...] | str = (),
    hands: dict[int, dict[str, Any]] | None = None,
    treasures_left: int | None = None,
    lair: list[str] | None = None,
    nest: dict[str, int] | None = None,
    seed: int = 0,
    filler: bool = True,
    **options: Any,
) -> EmeraldGame:
    """Return a game whose state holds exactly the given pieces (everything else as at setup).

    ``knights`` replaces every knight on the castle and path (lair and nest come from ``lair`` and
    ``nest``); ``emptied`` lists mountain squares with no cards left ("all" empties every pile);
    ``piles`` sets the listed squares' piles; ``hands`` maps a seat to ``{"gold": [...],
    "gems": {...}, "treasures": n}``. With ``filler`` (default), every seat but the active one
    that has fewer than 2 knights in play gets knights on ``T4`` up to 2, so that EM-END-2 does
    not end a test position by accident.
    """
    game = EmeraldGame(players=players, seed=seed, chance="manual", first_player=active, **options)
    s = game.state
    b = game.board
    if knights is not None:
        for space in s.knights:
            if space not in ("LAIR", "NEST"):
                s.knights[space] = {}
        for space, here in knights.items():
            s.knights[space] = {c: n for c, n in here.items() if n}
        if filler:
            _fill(s, active)
    if lair is not None:
        s.lair_places = list(lair) + [None] * (b.lair_places - len(lair))
        s.knights["LAIR"] = {}
        for c in lair:
            s.knights["LAIR"][c] = s.knights["LAIR"].get(c, 0) + 1
    if nest is not None:
        s.knights["NEST"] = dict(nest)
    if dragon is not None:
        square, facing = dragon
        s.dragon_pos = b.pos[square]
        s.dragon_facing = TOWARD_LAIR if facing == "lair" else TOWARD_PLAIN
    if track is not None:
        s.track = track
    squares = b.mountains if emptied == "all" else emptied
    for sq in squares:
        s.piles[sq] = {"gold": [], "gem": []}
    for sq, p in (piles or {}).items():
        s.piles[sq] = {"gold": list(p.get("gold", [])), "gem": list(p.get("gem", []))}
    for seat, h in (hands or {}).items():
        hand = s.hands[seat]
        hand.gold = list(h.get("gold", []))
        hand.gems = dict(h.get("gems", {}))
        hand.treasures = h.get("treasures", 0)
    if treasures_left is not None:
        s.treasures_left = treasures_left
    game._legal_cache = None
    return game


def _fill(s, active: int) -> None:
    from dragonwidgets.games.emerald.ending import knights_in_play

    for seat, colours in enumerate(s.seat_colours):
        missing = 2 - knights_in_play(s, seat)
        if seat != active and missing > 0:
            s.knights["T4"][colours[0]] = s.knights["T4"].get(colours[0], 0) + missing


def play(game: EmeraldGame, *ids: str) -> list:
    """Apply the action ids in order; return all their events.

    The games are in manual chance mode for the die, so a card taken leaves the next one face down at a
    ``reveal_card`` chance node (EM-CARD-2): unless the next id picks a card, the card dealt there is
    turned up, as the auto mode does.
    """
    events = []
    for k, i in enumerate(ids):
        events += game.apply(i)
        if game.state.phase == REVEAL_CARD and not (k + 1 < len(ids) and ids[k + 1].startswith("reveal")):
            events += game.apply(natural_reveal(game))
    return events


def natural_reveal(game: EmeraldGame) -> str:
    """Return the ``reveal`` id of the card dealt under the one just taken (the pile's face-down top)."""
    s = game.state
    return f"reveal {s.revealing} {s.piles[s.destination][s.revealing][-1]}"


def texts(events: list) -> str:
    """Return the events' texts joined by newlines (for readable asserts)."""
    return "\n".join(e.text for e in events)


def kinds(events: list) -> list[str]:
    """Return the events' kinds in order."""
    return [e.kind for e in events]


def dragon(game: EmeraldGame) -> tuple[str, str, bool]:
    """Return the dragon as (square, "plain"|"lair", on_track)."""
    d = game.observation()["dragon"]
    return d["square"], d["facing"], d["on_track"]


def track_squares(game: EmeraldGame) -> list[str]:
    """Return the squares beside the flight track now."""
    return game.observation()["flight_track"]["squares"]
