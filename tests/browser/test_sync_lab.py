"""The widget sends changes, not whole values (issue 12), in real JupyterLab: a second view of the same
widget opened mid-game, and the page reloaded with the kernel alive, show exactly what the view that saw
every change shows (board, action list, timeline, log and status), and the page never writes a trait back
(Python's ``last_error`` stays empty)."""

from __future__ import annotations

import time

import pytest

pytestmark = pytest.mark.browser

NOTEBOOK = "sync_views.ipynb"
SOURCE = (
    "import dragonwidgets\n"
    "w = dragonwidgets.DrachenlandWidget(players=3, seed=4, seats=['human', 'random', 'random'], viewer='0', "
    "playing=False)\n"
    "w",
    "import random\n"
    "def play(n, rng=random.Random(4)):\n"
    "    for _ in range(n):\n"
    "        if w.seats[w.game.current_player] == 'human':\n"
    "            legal = w.game.legal_actions()\n"
    "            w.act(legal[rng.randrange(len(legal))].id)\n"
    "        else:\n"
    "            w.bot_step()\n"
    "play(40)",
)
#: What a view shows, as text: the text of each panel (the board's SVG text included).
VIEW_TEXT_JS = """root => [...root.querySelectorAll(
  '.dw-status, .dw-board-wrap, .dw-action-list, .dw-timeline-label, .dw-log')].map(el => el.textContent).join('|')"""


def _views(page):
    return page.locator(".dw-root")


def _wait_same(page, python_step: int, count: int, timeout: float = 30) -> list[str]:
    """Wait until ``count`` views show the step Python shows; return each view's text."""
    deadline = time.monotonic() + timeout
    while True:
        roots = _views(page)
        steps = [roots.nth(i).evaluate("r => Number(r.querySelector('.dw-timeline-range').value)")
                 for i in range(roots.count())]
        if len(steps) == count and all(s == python_step for s in steps):
            return [roots.nth(i).evaluate(VIEW_TEXT_JS) for i in range(count)]
        if time.monotonic() > deadline:
            page.screenshot(path="/tmp/sync_fail.png")
            raise AssertionError(f"{count} views should show step {python_step}; the page shows steps {steps}")
        time.sleep(0.1)


def test_a_second_view_and_a_reload_show_what_the_first_view_shows(lab, open_notebook, page):
    lab.write_notebook(NOTEBOOK, *SOURCE)
    nb = open_notebook(NOTEBOOK)
    kernel = nb.kernel
    nb.widget("w")
    step = kernel.eval("w.step")
    assert step > 20
    # A second view of the same widget, opened mid-game (a new cell displaying w).
    kernel.run("from IPython.display import display")
    page.evaluate("""() => {
      const panel = window.jupyterapp.shell.currentWidget;
      const nb = panel.content;
      nb.activeCellIndex = nb.widgets.length - 1;
      window.jupyterapp.commands.execute('notebook:insert-cell-below');
      nb.activeCell.model.sharedModel.setSource('w');
      return window.jupyterapp.commands.execute('notebook:run-cell');
    }""")
    first, second = _wait_same(page, step, 2)
    assert first == second and "Round" in first
    # Both views follow the moves that come after.
    kernel.run("play(25)")
    step = kernel.eval("w.step")
    first, second = _wait_same(page, step, 2)
    assert first == second
    kernel.run("w.goto(w.step // 2)")
    step = kernel.eval("w.step")
    first, second = _wait_same(page, step, 2)
    assert first == second
    # A page reload with the kernel alive (the notebook saved with its outputs): the new page's widget
    # manager asks the kernel for the whole state of each widget it shows.
    # Save this notebook itself (other tabs left open by earlier tests may stay unsaved).
    page.evaluate("() => window.jupyterapp.shell.currentWidget.context.save()")
    assert not page.evaluate("() => window.jupyterapp.shell.currentWidget.context.model.dirty")
    page.reload(wait_until="domcontentloaded")
    page.wait_for_function("() => window.jupyterapp !== undefined")
    reloaded = _wait_same(page, step, 2, timeout=60)
    assert reloaded == [first, first]
    kernel.run("play(5)")
    step = kernel.eval("w.step")
    assert _wait_same(page, step, 2)[0] == _wait_same(page, step, 2)[1]
    assert kernel.eval("w.last_error") == ""
