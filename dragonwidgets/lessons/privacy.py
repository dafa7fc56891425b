"""What a seat may not be shown at a step of a lesson: the names of hidden board elements and components.

A lesson shows its student's seat the texts of a step (comment, highlights, feedback, hints, variations)
when the step is reached, before its action is played. :func:`hidden_names` gives what they may not name
then: the board elements and the component ids (``"D49"``, ``"CH3"``, ``"L11"``: a letter and a digit)
the full table shows and the seat's own view does not, and, at a chance node whose outcomes a seat may not
see (:attr:`~dragonwidgets.engine.game.Game.chance_outcomes_hidden`), the words of the outcome about to
be drawn. :func:`names_in_text` finds them in a text.

It checks names, not meaning: a comment that describes a hidden card in other words ("the troll under
3,3") is not caught; a lesson's author is trusted with that, and a lesson's ``reveal`` says so when meant.
"""

from __future__ import annotations

import re
from typing import Iterable

from ..engine import CHANCE, Action
from ..engine.game import Game
from .board import board_elements, board_names, strings_in, visible_actions

_COMPONENT_ID = re.compile(r"^(?=.*[A-Za-z])(?=.*\d)[A-Za-z0-9_]{2,}$")
_WORD = re.compile(r"[A-Za-z][A-Za-z_]{2,}")


def component_ids(strings: Iterable[str]) -> set[str]:
    """Return the strings that look like component ids: letters and digits together (``"D49"``, ``"gem_1"``)."""
    return {s for s in strings if _COMPONENT_ID.match(s)}


def seen_names(game: Game, seat: int) -> set[str]:
    """Return the names ``seat`` may see now: its board names, the component ids of its observation and of
    the actions it may see, and the words of those actions."""
    actions = visible_actions(game, seat)
    words = {w for a in actions for w in _WORD.findall(f"{a.id} {a.label}")}
    strings = strings_in(game.observation(seat)) | {a.id for a in actions} | words
    return set(board_names(game, seat)) | component_ids(strings) | {w.lower() for w in words}


def hidden_names(game: Game, seat: int, action: Action | None = None) -> set[str]:
    """Return the names ``seat`` may not be shown now: elements and component ids of the full table that
    its view does not show; with ``action`` (the outcome to be drawn at a chance node whose outcomes are
    hidden from the seats), the ids and words of that outcome too."""
    seen = seen_names(game, seat)
    full = set(board_elements(game, None)) | component_ids(strings_in(game.observation(None)))
    hidden = full - seen
    if action is not None and action.player == CHANCE and game.chance_outcomes_hidden:
        verb = set(action.kind.lower().split("_"))  # "reveal goblin": the kind of draw is no secret, its card is
        parts = component_ids(re.split(r"[\s,:()]+", action.id)) | {w.lower() for w in _WORD.findall(action.id)} - verb
        hidden |= {p for p in parts if p not in seen and p.lower() not in seen}
    return hidden


def names_in_text(text: str, names: Iterable[str]) -> list[str]:
    """Return the ``names`` that ``text`` names as a whole word (case-insensitive), sorted."""
    return sorted(n for n in names if re.search(rf"(?<![\w/]){re.escape(n)}(?![\w/])", text, re.IGNORECASE))
