"""Issue 27 item 15 in ``marimo run``: a cell that follows the game (the README's pattern: a ``mo.state`` the widget
feeds) re-runs at every step played by clicking on the board; it stayed at step 0. marimo is in the test extra.
Screenshot in ``$DW_SHOTS`` (default: tmp_path)."""

from __future__ import annotations

import os
import sys
import textwrap
import time
from pathlib import Path

import pytest

import lab_harness as lh

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "widgets"))
from test_issue27_marimo import readme_marimo_lines  # noqa: E402

pytestmark = pytest.mark.browser

APP = '''import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo
    import dragonwidgets

    w = dragonwidgets.EmeraldWidget(players=3, seed=2026, first_player=0)
{readme}
    view = mo.ui.anywidget(w)
    view
    return get_game, mo, view, w


@app.cell
def _(get_game, mo, w):
    step, status = get_game()
    mo.md(f"<span id='follower'>step {{w.game.step}} | {{status}}</span>")
    return


if __name__ == "__main__":
    app.run()
'''


@pytest.fixture
def marimo_app(tmp_path):
    """``marimo run`` of an app made of the README's lines, on a free port: yields its URL."""
    path = tmp_path / "follow.py"
    path.write_text(APP.format(readme=textwrap.indent("\n".join(readme_marimo_lines()), "    ")))
    with lh.marimo_run(path, tmp_path / "marimo.log") as url:
        yield url


def _follower(page) -> int:
    return int(page.locator("#follower").first.text_content().split()[1])


def test_item15_marimo_cell_follows_15_steps_clicked_on_the_board(marimo_app, page, tmp_path):
    page.goto(marimo_app)
    root = page.locator(".dw-root").first
    root.wait_for(timeout=60_000)
    page.locator("#follower").first.wait_for(timeout=60_000)
    assert _follower(page) == 0
    for clicks in range(1, 16):
        before = _follower(page)
        target = root.locator(".dw-board-wrap svg [data-action-id][data-target]")
        (target.first if target.count() else root.locator("button.dw-action[data-action-id]").first).click()
        deadline = time.monotonic() + 20
        while _follower(page) == before:
            assert time.monotonic() < deadline, f"the following cell stayed at step {before} after click {clicks}"
            time.sleep(0.1)
    assert _follower(page) >= 15
    shots = Path(os.environ.get("DW_SHOTS") or tmp_path)
    shots.mkdir(parents=True, exist_ok=True)
    page.locator("#follower").first.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / "item15_marimo_run.png"))
