"""SVG pieces the games' static pictures share (``<game>/picture.py``): the opening of the document, words.

Every game draws its table as one SVG document (``Game.picture``): an ``<svg>`` element with a ``viewBox``,
a ``<title>`` naming the game, the decision and whose view it is, a white background and a heading line.
These helpers write those pieces, and escaped ``<text>`` and ``<title>`` elements, the same way for
Emerald, La Chasse au Dragon and Draghan (Drachenland writes its elements its own way, so its pictures stay
as they were). They live beside the game packages rather than in the engine: the engine only asks a game for its
picture (the ``_picture`` hook) and draws nothing; the games, and nothing else, draw.
"""

from __future__ import annotations

from html import escape
from typing import Any


def text(x: float, y: float, words: Any, *, size: float = 12, weight: str = "", anchor: str = "",
         fill: str = "", style: str = "") -> str:
    """Return a ``<text>`` element at (x, y) of ``words`` (any value, shown with ``str``), escaped.

    ``size`` is the font size in SVG units; ``weight``, ``anchor`` (``text-anchor``), ``fill`` and ``style``
    (``font-style``, e.g. ``"italic"``) are written only when given.

    >>> text(10, 20.5, "a < b", size=15, weight="bold")
    '<text x="10" y="20.5" font-size="15" font-weight="bold">a &lt; b</text>'
    """
    extra = (f' font-weight="{weight}"' if weight else "") + (f' text-anchor="{anchor}"' if anchor else "")
    extra += (f' fill="{fill}"' if fill else "") + (f' font-style="{style}"' if style else "")
    return f'<text x="{x:g}" y="{y:g}" font-size="{size:g}"{extra}>{escape(str(words), quote=False)}</text>'


def title(words: str) -> str:
    """Return a ``<title>`` element (the tooltip of the element it opens) of ``words``, escaped."""
    return f"<title>{escape(words, quote=False)}</title>"


def whose_view(names: list[str], viewer: int | None) -> str:
    """Say whose view a picture shows: ``"the full table"`` (``viewer`` ``None``) or ``"Red's view"``."""
    return "the full table" if viewer is None else f"{names[viewer]}'s view"


def opening(game: str, head: str, whose: str, width: float, height: float, ink: str, *, centred: bool = True) -> list[str]:
    """Return the first elements of a picture: the ``<svg>`` element, its ``<title>`` and a white background.

    Args:
        game: the game's name as players know it (``"Emerald"``), first in the title.
        head: what is happening (``"Turn 7 · Red to select a knight"``); ``whose``: see :func:`whose_view`.
        width, height: the ``viewBox`` in SVG units (from 0, 0); the picture is as wide as its container.
        ink: the default text colour (CSS).
        centred: whether text is centred on its x by default (``text-anchor="middle"``).

    The ``<svg>`` element is left open: the caller closes it.
    """
    anchor = ' text-anchor="middle"' if centred else ""
    return [
        (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" width="100%" role="img" '
         f'font-family="sans-serif"{anchor} dominant-baseline="central" fill="{ink}">'),
        f"<title>{game}: {escape(head, quote=False)} ({escape(whose, quote=False)})</title>",
        f'<rect width="{width:g}" height="{height:g}" fill="#ffffff"/>',
    ]


def heading(head: str, whose: str) -> str:
    """Return the bold line above the table: ``"<head> · <whose>"``, from the top left corner."""
    return text(12, 15, f"{head} · {whose}", size=15, weight="bold", anchor="start")
