"""The board's picture in a widget's display data, for wherever no widget front end runs.

A widget's output carries, beside the widget view, an SVG picture of the board (``game.picture(viewer)``)
as ``text/html``: ``nbconvert --to html``, GitHub and the other static renderers show it, and so does
JupyterLab for a notebook it does not trust yet (every notebook of a fresh clone) until its cells run.
JupyterLab cleans an untrusted notebook's HTML and removes inline ``<svg>``, which left the picture's
texts as a wall of words; an ``<img>`` whose source is the SVG as a ``data:`` URI passes the cleaning and
shows the board. The image's ``alt`` text is the picture's own title (what it shows, whose view).
"""

from __future__ import annotations

import base64
import html
import re

_PREFIX = "data:image/svg+xml;base64,"
_TITLE = re.compile(r"<title>(.*?)</title>", re.DOTALL)
_SOURCE = re.compile(r'<img [^>]*src="' + re.escape(_PREFIX) + r'([A-Za-z0-9+/=]+)"')


def picture_html(svg: str) -> str:
    """Return the HTML that shows the SVG document ``svg`` (a ``str``) as an image at most 900 px wide: an
    ``<img>`` with the SVG as a base64 ``data:`` URI, its ``alt`` the SVG's first ``<title>`` (``""`` if none).

    >>> picture_html('<svg xmlns="http://www.w3.org/2000/svg"><title>A &amp; B</title></svg>').split(" src=")[0]
    '<div class="dw-static-board" style="max-width:900px"><img alt="A &amp; B" style="width:100%;height:auto"'
    """
    title = _TITLE.search(svg)
    alt = html.escape(html.unescape(title.group(1)).strip(), quote=True) if title else ""
    source = _PREFIX + base64.b64encode(svg.encode("utf-8")).decode("ascii")
    return (f'<div class="dw-static-board" style="max-width:900px"><img alt="{alt}" '
            f'style="width:100%;height:auto" src="{source}"></div>')


def picture_svg(text: str) -> str | None:
    """Return the SVG document that ``text`` (HTML made by :func:`picture_html`, e.g. a saved notebook's
    output or an exported page) shows, or ``None`` when it holds no such picture.

    >>> picture_svg(picture_html("<svg><title>x</title></svg>"))
    '<svg><title>x</title></svg>'
    """
    found = _SOURCE.search(text)
    return base64.b64decode(found.group(1)).decode("utf-8") if found else None
