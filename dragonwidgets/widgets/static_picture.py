"""The board's picture in a notebook's outputs, for wherever no widget front end runs.

A widget's display data (``_repr_mimebundle_``) carries, beside the widget view, an SVG picture of the board
(``game.picture(viewer)``) as ``text/html``: marimo, VS Code and the other callers of that method get it.

In IPython (Jupyter kernels), a widget is shown as two outputs (``GameWidget._ipython_display_``): the widget
view, then the board's picture under a display id (:func:`picture_bundle`), which the widget keeps at the
board it shows (``update_display``, a moment after each change). A saved notebook therefore holds the board
as it stood when it was saved, and every way of sharing it as HTML shows that picture offline: ``nbconvert
--to html`` (with or without ``--execute``), JupyterLab's "Save and Export Notebook As HTML", GitHub and
nbviewer. The picture is its own output because nbconvert, given saved widget state (``--execute`` saves it),
shows an output's widget view instead of its other data, and that view needs a widget manager from a CDN: an
empty box offline. Where the widget runs live (JupyterLab, Notebook 7), a style rule in the picture's HTML
hides the picture output that follows it (:data:`LIVE_HIDES_PICTURE`). Updating the widget's own output
instead would make JupyterLab build a new view of the widget at each update (its focus and scroll lost).

JupyterLab cleans an untrusted notebook's HTML and removes inline ``<svg>`` (and ``<style>``), which left the
picture's texts as a wall of words; an ``<img>`` whose source is the SVG as a ``data:`` URI passes the cleaning
and shows the board. The image's ``alt`` text is the picture's own title (what it shows, whose view).
"""

from __future__ import annotations

import base64
import html
import re

_PREFIX = "data:image/svg+xml;base64,"
_TITLE = re.compile(r"<title>(.*?)</title>", re.DOTALL)
#: CSS in the picture output's HTML: the picture hides where its widget is shown live. JupyterLab and Notebook 7
#: (and an nbconvert page whose widget manager loaded): the output right after one that holds a live widget
#: (``.dw-root``, drawn by the front end). A page without Jupyter's theme (VS Code's outputs): any picture once a
#: live widget is on the page. An exported page has no ``.dw-root`` offline: the picture shows.
LIVE_HIDES_PICTURE = (
    "<style>.jp-OutputArea-child:has(.dw-root)+.jp-OutputArea-child:has(.dw-board-picture),"
    "body:not([data-jp-theme-name]):has(.dw-root) .dw-board-picture{display:none}</style>"
)
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


def picture_bundle(svg: str, caption: str) -> dict[str, str]:
    """Return the display data of a widget's picture output (see the module docstring): ``{"text/html": the
    rule that hides it beside a live widget, the one-line ``caption`` (a ``str``, escaped here) and the picture
    (:func:`picture_html`), "text/plain": the caption}``, for the SVG document ``svg`` (a ``str``).

    >>> bundle = picture_bundle("<svg><title>Emerald</title></svg>", "The board at step 6.")
    >>> bundle["text/plain"]
    'The board at step 6.'
    >>> picture_svg(bundle["text/html"])
    '<svg><title>Emerald</title></svg>'
    """
    return {
        "text/html": (f'{LIVE_HIDES_PICTURE}<div class="dw-board-picture"><p style="margin:0 0 4px;font-size:90%">'
                      f"{html.escape(caption)}</p>{picture_html(svg)}</div>"),
        "text/plain": caption,
    }
