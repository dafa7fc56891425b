"""The committed notebooks, as someone sees them before running anything: a notebook exported with
``nbconvert --to html`` (or any page that shows notebooks without a kernel) shows each game's stored SVG
picture, an output of its own after the widget's (issue 27 item 11). The notebooks save no widget state: it
would hold the widgets' bundles with the traits of the moment, and an export would add an empty widget box
that needs a widget manager from the network (tools/make_notebooks.py)."""

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


def _pictures_after_widgets(book: dict) -> list[str]:
    """The ``text/html`` of the output after each widget output (its board's picture, issue 27 item 11)."""
    found = []
    for c in book["cells"]:
        outs = c.get("outputs", []) if c["cell_type"] == "code" else []
        for i, o in enumerate(outs):
            if VIEW in o.get("data", {}):
                after = outs[i + 1].get("data", {}) if i + 1 < len(outs) else {}
                found.append("".join(after.get("text/html", "")))
    return found


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(p.parents[1]).as_posix())
def test_a_committed_notebook_saves_no_widget_state_and_keeps_each_boards_picture(path):
    """Each widget output is followed by its board's picture output (``dw-board-picture``), an image (JupyterLab
    removes inline SVG from an untrusted notebook); the widget output itself shows nothing where no front end runs."""
    book = json.loads(path.read_text(encoding="utf-8"))
    assert "widgets" not in book.get("metadata", {}), f"{path.name} saves widget state"
    for out, html in zip(_widget_outputs(book), _pictures_after_widgets(book)):
        assert "".join(out["data"].get("text/html", "")) == "", f"{path.name}: a widget output shows a picture itself"
        svg = picture_svg(html)
        assert svg and svg.startswith("<svg ") and "dw-board-picture" in html, \
            f"{path.name}: a widget's output is not followed by its picture"
        assert "<svg" not in html, f"{path.name}: inline SVG, which JupyterLab removes from an untrusted notebook"


def test_the_notebooks_show_widgets():
    """The check above is not vacuous: the game notebooks display widgets."""
    assert sum(len(_widget_outputs(json.loads(p.read_text(encoding="utf-8")))) for p in NOTEBOOKS) >= 10
