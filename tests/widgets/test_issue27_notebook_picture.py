"""Issue 27 item 11: a notebook shared as HTML shows each board as it stood when the notebook was saved, offline.

In IPython a widget is two outputs (``GameWidget._ipython_display_``): the widget view, then the board's picture
under a display id that the widget keeps at the board it shows (``update_display`` a moment after each change, and
at the end of every cell). Before, the picture lived in the widget's own output, drawn once when the cell ran: a
notebook played to step 6 and exported showed the start ("Turn 1"), and ``nbconvert --execute`` (which saves the
widget state) showed the widget view instead, an empty box without the network.

Here: the outputs IPython is given, the refresh (now without an event loop, later with one), and a real kernel
through nbclient, exported with nbconvert's HTML exporter as ``--execute`` does (widget state saved). The pages are
opened offline in chromium in ``tests/browser/test_issue27_export_routes.py``.
"""

from __future__ import annotations

import asyncio
import re

import IPython.display
import nbformat
import pytest
from nbconvert import HTMLExporter
from nbconvert.preprocessors import ExecutePreprocessor

import dragonwidgets
from dragonwidgets.widgets import base
from dragonwidgets.widgets.static_picture import picture_svg

VIEW = "application/vnd.jupyter.widget-view+json"


@pytest.fixture
def shown(monkeypatch):
    """What the widget hands IPython: ``[("display" | "update", data, display_id)]``."""
    calls: list[tuple[str, dict, str | None]] = []
    monkeypatch.setattr(IPython.display, "display",
                        lambda data, metadata=None, raw=False, display_id=None: calls.append(("display", data, display_id)))
    monkeypatch.setattr(IPython.display, "update_display",
                        lambda data, raw=False, display_id=None: calls.append(("update", data, display_id)))
    return calls


def _emerald(**kw):
    return dragonwidgets.EmeraldWidget(players=3, seed=2026, first_player=0, playing=False, **kw)


def _play(w, n):
    for _ in range(n):
        w.act(w.game.legal_actions()[0].id)


def test_item11_widget_is_shown_as_its_view_then_a_picture_with_a_display_id(shown):
    w = _emerald(viewer="0")
    w._ipython_display_()
    (kind1, view, id1), (kind2, picture, id2) = shown
    assert (kind1, kind2) == ("display", "display") and id1 is None and id2
    assert VIEW in view and view["text/html"] == "" and view["text/plain"].startswith("Emerald")
    assert VIEW not in picture and picture_svg(picture["text/html"]) == w.game.picture(0)
    assert "step 0 (Black's view)" in picture["text/plain"]


def test_item11_picture_output_follows_the_game_without_an_event_loop(shown):
    """With no event loop (plain Python) the picture is redrawn at once, and only when it changed."""
    w = _emerald(viewer="teacher")
    w._ipython_display_()
    display_id = shown[1][2]
    _play(w, 6)
    updates = [c for c in shown if c[0] == "update"]
    assert updates and all(c[2] == display_id for c in updates)
    last = updates[-1][1]
    assert w.game.step == 6 and picture_svg(last["text/html"]) == w.game.picture(None)
    assert "step 6" in last["text/plain"] and picture_svg(last["text/html"]) != picture_svg(shown[1][1]["text/html"])
    count = len(shown)
    w.refresh()  # nothing changed: nothing sent
    assert len(shown) == count
    w.viewer = "1"  # another view: another picture (Red's)
    assert picture_svg(shown[-1][1]["text/html"]) == w.game.picture(1)


def test_item11_picture_output_waits_for_a_quiet_moment_on_an_event_loop(shown):
    """On Jupyter's event loop, a click is answered first: the picture is redrawn once, PICTURE_DELAY after the
    last change (several quick moves: one redraw)."""
    w = _emerald()
    w._ipython_display_()

    async def play():
        _play(w, 4)
        assert [c for c in shown if c[0] == "update"] == []
        await asyncio.sleep(base.PICTURE_DELAY + 0.2)

    asyncio.run(play())
    updates = [c for c in shown if c[0] == "update"]
    assert len(updates) == 1 and picture_svg(updates[0][1]["text/html"]) == w.game.picture(None)


def test_item11_a_widget_never_displayed_draws_no_picture(shown, monkeypatch):
    w = _emerald()
    drawn = []
    monkeypatch.setattr(w._game, "picture", lambda seat: drawn.append(seat) or "<svg></svg>")
    _play(w, 3)
    assert shown == [] and drawn == []


def test_item11_executed_notebook_saves_the_picture_at_the_last_step_and_its_html_shows_it(tmp_path):
    """A real kernel (nbclient, as ``nbconvert --execute``, widget state saved): a cell plays 6 moves through the
    widget shown above it; the saved picture output is the board at step 6, and the HTML shows it as an image,
    outside the widget view (which needs a CDN)."""
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_code_cell("import dragonwidgets\nw = dragonwidgets.EmeraldWidget(players=3, seed=2026, "
                                  "first_player=0)\nw"),
        nbformat.v4.new_code_cell("for _ in range(6):\n    w.act(w.game.legal_actions()[0].id)\n"
                                  "svg = w.game.picture(None)\nw.game.step"),
        nbformat.v4.new_code_cell("print(svg)"),
    ]
    ExecutePreprocessor(timeout=120, kernel_name="python3").preprocess(nb, {"metadata": {"path": str(tmp_path)}})
    outputs = nb.cells[0].outputs
    assert len(outputs) == 2 and VIEW in outputs[0]["data"]
    expected = nb.cells[2].outputs[0]["text"].strip()
    assert picture_svg(outputs[1]["data"]["text/html"]) == expected
    assert "step 6" in outputs[1]["data"]["text/plain"]
    assert "widgets" in nb.metadata  # the widget state that makes nbconvert pick the widget view
    html, _ = HTMLExporter().from_notebook_node(nb)
    pictures = [picture_svg(m.group(0)) for m in re.finditer(r'<img [^>]*src="data:image/svg\+xml;base64,[^"]+"', html)]
    assert pictures == [expected]
    assert "dw-board-picture" in html and VIEW in html
