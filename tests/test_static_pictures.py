"""A notebook rendered where no front end runs (``nbconvert --to html``) shows an SVG board for every
widget output (issue 14, item 3): the widget's cell carries ``game.picture(viewer)`` as ``text/html``, in an
output of its own after the widget view (issue 27, item 11).

The notebook here is saved without widget state, as the project's notebooks are meant to be read by a
static renderer: a notebook that stores the widgets' state embeds a widget manager instead
(nbconvert then picks the widget view, which its page loads from a CDN), which is not the case tested.
One small generated notebook (one cell per game's widget) is executed once, with nbconvert's Python
API, and each game's output is checked.
"""

from __future__ import annotations

import re

import nbformat
import pytest
from nbconvert import HTMLExporter
from nbconvert.preprocessors import ExecutePreprocessor

from dragonwidgets.engine.game import Game
from dragonwidgets.games.draghan.game import DraghanGame
from dragonwidgets.widgets.static_picture import picture_svg

#: game -> the cell that shows its widget, and how its picture's title starts.
GAMES = {
    "drachenland": ("dragonwidgets.DrachenlandWidget(players=3, seed=1)", "Drachenland"),
    "emerald": ("dragonwidgets.EmeraldWidget(players=3, seed=1)", "Emerald"),
    "chasse_au_dragon": ("dragonwidgets.ChasseAuDragonWidget(players=3, seed=1, viewer='0')", "La Chasse au Dragon"),
    "draghan": ("dragonwidgets.DraghanWidget(players=3, seed=1)", "Draghan"),
}
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: The games whose ``_picture`` hook does not draw yet: their cases are skipped until it does.
UNWIRED = {"draghan": DraghanGame._picture is Game._picture}
CASES = [pytest.param(game, marks=pytest.mark.skipif(UNWIRED.get(game, False), reason=f"{game}: Game._picture "
                                                     "not wired to picture.board_svg yet"))
         for game in GAMES]


@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> tuple[nbformat.NotebookNode, str]:
    """The notebook executed (no widget state stored), saved, read back, and the HTML of the saved file."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("import dragonwidgets")]
    nb.cells += [nbformat.v4.new_code_cell(source, metadata={"game": game}) for game, (source, _) in GAMES.items()]
    ExecutePreprocessor(timeout=120, kernel_name="python3", store_widget_state=False).preprocess(nb, {"metadata": {}})
    path = tmp_path_factory.mktemp("static") / "games.ipynb"
    nbformat.write(nb, path)
    html, _ = HTMLExporter().from_filename(str(path))
    return nbformat.read(path, as_version=4), html


@pytest.mark.parametrize("game", CASES)
def test_widget_output_carries_an_svg_board(rendered, game: str) -> None:
    """The widget's cell holds the widget view, then the picture (``text/html``: an image of the ``<svg>``) as an
    output of its own (issue 27 item 11: kept at the board shown, and shown by nbconvert beside saved widget state)."""
    nb, _ = rendered
    cell = next(c for c in nb.cells if c.metadata.get("game") == game)
    views = [o for o in cell.outputs if WIDGET_VIEW in o.get("data", {})]
    assert len(views) == 1 and len(cell.outputs) == 2 and cell.outputs[0] is views[0]
    assert re.search(r"<svg [^>]*viewBox=", picture_svg(cell.outputs[1]["data"]["text/html"]) or "")


@pytest.mark.parametrize("game", CASES)
def test_nbconvert_html_shows_the_svg_board(rendered, game: str) -> None:
    """``nbconvert --to html`` of the notebook shows an SVG board in the output of each widget cell."""
    nb, html = rendered
    cells = re.split(r'<div class="jp-Cell jp-CodeCell', html)[1:]
    assert len(cells) == len(nb.cells)
    index = next(i for i, c in enumerate(nb.cells) if c.metadata.get("game") == game)
    outputs = cells[index].split('<div class="jp-Cell-outputWrapper">', 1)
    assert len(outputs) == 2, f"{game}: the widget cell has no output in the HTML"
    svg = picture_svg(outputs[1])  # an <img> showing the SVG (static_picture.picture_html)
    assert svg, f"{game}: no SVG board in the widget's output"
    board = re.search(r"<svg [^>]*viewBox=.*?</svg>", svg, re.DOTALL)
    assert board, f"{game}: the widget's picture is not an SVG document"
    assert f"<title>{GAMES[game][1]}" in board.group(0)
    assert f'alt="{GAMES[game][1]}' in outputs[1]
