"""A static SVG picture of the Emerald table as one observation shows it (``Game.picture``), for places where
no front end runs: a notebook rendered statically or exported with ``nbconvert --to html``.

It follows the widget's board (``js/emerald``) in simplified form and in the same geometry: the castle's
start spaces, the plain squares P1-P6, the mountain squares M1-M9 with their gold and gem piles, the
flight track on its rail with the dragon, the lair's four places and the nest, the treasures left, the
dragon die, then one block per seat (knight colours, gold cards, gems, treasures, bonuses, knights in
play) and a line saying whose turn it is. It is drawn from the observation only, so a seat's picture
shows what that seat may know: other seats' gold cards as backs with their number (digest section 7),
each pile's face-down cards as backs counted ``+n``. The teacher's picture adds, as tooltips on the
piles, the face-down cards of each pile.

Plain SVG: fixed colours that read on a white page, no script, no CSS, no external font or image.

It is drawn by three modules: this one (``board_svg`` and the line saying whose turn it is), ``picture_board``
(the geometry and colours, the board, the piles, the knights, the dragon and its die) and ``picture_hands``
(the seats' blocks); the SVG pieces every game's picture shares come from ``dragonwidgets/games/svg.py``.
"""

from __future__ import annotations

from typing import Any

from ..svg import heading, opening, whose_view
from .picture_board import (
    HEAD,
    INK,
    VIEW_H,
    VIEW_W,
    die_svg,
    dragon_svg,
    knights_svg,
    piles_svg,
    skeleton_svg,
    track_svg,
    treasures_svg,
)
from .picture_hands import hands_svg


def board_svg(observation: dict[str, Any], layout: dict[str, Any]) -> str:
    """Return an SVG picture (a ``str``, about 15-25 kB) of the table ``observation`` shows.

    Args:
        observation: ``game.observation(player)`` (a seat's view or the full table's, ``None``).
        layout: ``game.board_layout()`` (start spaces, colours and gems with their names and CSS colours).

    Returns:
        An ``<svg>`` document with a ``viewBox`` of 960 x 760 units and a ``<title>``. It shows the knights
        (one stack per colour and space with its count, EM-SETUP-11), each pile's face-up top card and its
        face-down cards as a count (EM-CARD-2), the flight track and the dragon (EM-TRACK-*, EM-DRAGON-1),
        the lair and the nest, the last dragon roll, and each seat's cards as the observation has them.

    Raises:
        KeyError: ``observation`` or ``layout`` lacks a key of the Emerald contract.

    >>> from dragonwidgets.games.emerald import new_game
    >>> g = new_game(players=3, seed=1, first_player=0)
    >>> svg = board_svg(g.observation(1), g.board_layout())
    >>> svg.startswith("<svg"), "Black to select a knight" in svg
    (True, True)
    """
    names = _seat_names(observation, layout)
    head = _headline(observation, names)
    view = observation.get("viewer")
    whose = whose_view(names, view)
    parts = [
        *opening("Emerald", head, whose, VIEW_W, VIEW_H + HEAD, INK),
        heading(head, whose),
        f'<g transform="translate(0,{HEAD})">',
        skeleton_svg(layout),
        track_svg(observation["flight_track"]),
        piles_svg(observation, layout),
        treasures_svg(observation["treasures_left"]),
        knights_svg(observation, layout),
        dragon_svg(observation["dragon"]),
        die_svg(observation["last_roll"]),
        hands_svg(observation, layout, names),
        "</g></svg>",
    ]
    return "\n".join(parts)


# ---------------------------------------------------------------------------------------------- words
def _seat_names(obs: dict[str, Any], layout: dict[str, Any]) -> list[str]:
    """Each seat's name from its colours, as the game names it: ``"Black"``, at 2 players ``"Black & Blue"``."""
    colours = layout["colours"]
    return [" & ".join(colours[c]["name"] for c in seat) for seat in obs["seat_colours"]]


def _headline(obs: dict[str, Any], names: list[str]) -> str:
    """Say the turn and who decides what: ``"Turn 7 · Red to select a knight (first knight)"``."""
    if obs["decision"] is None:
        out = obs.get("outcome") or {}
        won = " and ".join(names[w] for w in out.get("winners", []))
        return f"Game over: {won} {'win' if ' and ' in won else 'wins'}" if won else "Game over"
    decision, who = obs["decision"], names[obs["active_player"]]
    if decision == "pay_or_lose" and obs["pending"]:
        who = names[obs["pending"]["victim_owner"]]
    doing = {
        "select_knight": "select a knight" + (" (first knight)" if obs["knights_moved"] == 0 else " (second knight)"),
        "take_card": "take a card",
        "dragon_roll": "roll the dragon die",
        "choose_victim": "choose the dragon's victim",
        "pay_or_lose": "pay the dragon or lose the knight",
        "reveal_card": "turn up the next card",
    }.get(decision, decision.replace("_", " "))
    return f"Turn {obs['turn']} · {who} to {doing}"
