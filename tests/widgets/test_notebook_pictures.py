"""The committed notebooks, as someone sees them before running anything: a notebook exported with
``nbconvert --to html`` (or any page that shows notebooks without a kernel) shows each game's stored SVG
picture, which it does only when the notebook saves no widget state (with saved state the export puts the
widget view first, an empty box that needs a widget manager from the network; tools/make_notebooks.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dragonwidgets.widgets.static_picture import picture_svg

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").rglob("*.ipynb"))
VIEW = "application/vnd.jupyter.widget-view+json"


def _widget_outputs(book: dict) -> list[dict]:
    return [o for c in book["cells"] if c["cell_type"] == "code" for o in c.get("outputs", [])
            if VIEW in o.get("data", {})]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(p.parents[1]).as_posix())
def test_a_committed_notebook_saves_no_widget_state_and_keeps_each_boards_picture(path):
    book = json.loads(path.read_text(encoding="utf-8"))
    assert "widgets" not in book.get("metadata", {}), f"{path.name} saves widget state"
    for out in _widget_outputs(book):
        html = "".join(out["data"].get("text/html", ""))
        svg = picture_svg(html)
        assert svg and svg.startswith("<svg "), f"{path.name}: a widget's output has no picture"
        assert "<svg" not in html, f"{path.name}: inline SVG, which JupyterLab removes from an untrusted notebook"


def test_the_notebooks_show_widgets():
    """The check above is not vacuous: the game notebooks display widgets."""
    assert sum(len(_widget_outputs(json.loads(p.read_text(encoding="utf-8")))) for p in NOTEBOOKS) >= 10
