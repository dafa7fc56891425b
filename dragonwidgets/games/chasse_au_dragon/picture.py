"""A static SVG picture of the La Chasse au Dragon table as one observation shows it (``Game.picture``), for
places where no front end runs: a notebook rendered statically or exported with ``nbconvert --to html``.

It follows the widget's board (``js/chasse_au_dragon``) in simplified form: the 8 x 8 forest (the edge
light, the inner squares darker deeper in, CD-BOARD-2/3) with each pile of face-down monster cards and its
size, the monster turned up now, the camps and the adventurers; beside it the turn, its phase (CD-TURN-2),
the monster met and the dice of the fight under way or the last one; under them one management board per
seat (CD-ZONE-1..6). It is drawn from the observation only, so a seat's picture shows what that seat may
know: an opponent's backpack, cage, vault and dungeon as a thickness word (CD-ZONE-7), the piles as
counts. The teacher's picture adds, as each square's tooltip, the pile's cards top first.

Plain SVG: fixed colours that read on a white page, no script, no CSS, no external font or image.

It is drawn by three modules: this one (``board_svg`` and the line saying whose turn it is), ``picture_forest``
(the geometry and colours, the forest, the camps and the adventurers) and ``picture_panels`` (the phases and
the fight beside the forest, the management boards); the SVG pieces every game's picture shares come from
``dragonwidgets/games/svg.py``.
"""

from __future__ import annotations

from typing import Any

from ..svg import heading, opening, whose_view
from .picture_forest import CELL, FOREST, INK, VIEW_W, forest_svg
from .picture_panels import MBOARD_GAP, MBOARD_H, management_boards_svg, side_panel_svg


def board_svg(observation: dict[str, Any], layout: dict[str, Any]) -> str:
    """Return an SVG picture (a ``str``, about 20-35 kB) of the table ``observation`` shows.

    Args:
        observation: ``game.observation(player)`` (a seat's view or the full table's, ``None``).
        layout: ``game.board_layout()`` (``size``, ``colours`` by word, ``seat_colours``, ``powers``).

    Returns:
        An ``<svg>`` document with a ``viewBox`` (910 units wide; 760 high for up to three seats, 924 for
        four to six) and a ``<title>``. It shows every inner square's pile size (CD-BOARD-2, CD-INT-23),
        the card turned up now (CD-ENC-1), the camps (CD-SETUP-4) and the adventurers, the fight's throws
        (CD-COMBAT-1, exploding dice) and each management board as the observation has it (CD-ZONE-7).

    Raises:
        KeyError: ``observation`` or ``layout`` lacks a key of the La Chasse au Dragon contract.

    >>> from dragonwidgets.games.chasse_au_dragon import new_game
    >>> g = new_game(players=2, seed=1, first_player=0)
    >>> svg = board_svg(g.observation(1), g.board_layout())
    >>> svg.startswith("<svg"), "White to move" in svg, svg.count("'s adventurer on")
    (True, True, 2)
    """
    names = [layout["colours"][c]["name"] for c in layout["seat_colours"]]
    head = _headline(observation, names)
    view = observation.get("viewer")
    whose = whose_view(names, view)
    rows = -(-len(observation["boards"]) // 3)
    top = FOREST[1] + layout["size"] * CELL + 18
    height = top + rows * (MBOARD_H + MBOARD_GAP)
    parts = [
        *opening("La Chasse au Dragon", head, whose, VIEW_W, height, INK),
        heading(head, whose),
        forest_svg(observation, layout, names),
        side_panel_svg(observation, names),
        management_boards_svg(observation, layout, names, top),
        "</svg>",
    ]
    return "\n".join(parts)


# ---------------------------------------------------------------------------------------------- words
def _headline(obs: dict[str, Any], names: list[str]) -> str:
    """Say the round and who decides what: ``"Round 6 · White to move"``."""
    if obs["decision"] is None:
        won = [names[w] for w in (obs.get("outcome") or {}).get("winners", [])]
        return f"Game over: {' and '.join(won)} {'win' if len(won) > 1 else 'wins'}" if won else "Game over"
    active = names[obs["active_player"]]
    revealed = obs["revealed"]
    doing = {
        "place_camp": f"{active} to place a camp",
        "raid": "the dragon's raid: 2d6 to roll",
        "move": f"{active} to move",
        "choose_duel": f"{active} to choose a duel",
        "duel_flight": f"{names[obs['defender']]} to flee or fight the duel" if obs["defender"] is not None else "",
        "reveal": f"{active} meets a monster: a card to turn up",
        "encounter": f"{active} to face the {revealed['card']}" if revealed else "",
        "flee_roll": f"{names[obs['fleeing']]}'s flight roll" if obs["fleeing"] is not None else "",
        "combat": f"{active}'s fight: dice to throw",
        "camp": f"{active} to act at camp",
    }.get(obs["decision"]) or f"{active}: {obs['decision'].replace('_', ' ')}"
    return f"Round {obs['round']} · {doing}"
