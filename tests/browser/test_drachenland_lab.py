"""The Drachenland widget in real JupyterLab (Debian's chromium): click a highlighted destination; a whole game.

Opens ``notebooks/drachenland.ipynb`` (a temporary copy), runs all its cells and plays the widget it
shows as ``w`` (seat 0 human, two greedy bots) the way a person does: clicks on the map or the seat
panels (elements carrying ``data-action-id``), falling back to the legal-actions list only for actions
that have no place on the board. Python's state is read from the notebook's own kernel, so each test
checks that the action applied is exactly the one clicked.
"""

from __future__ import annotations

import time

import pytest
from lab_harness import BOARD_TARGETS, board_actions, click_on_board_or_list

pytestmark = pytest.mark.browser

NOTEBOOK = "drachenland.ipynb"
MAX_CLICKS = 400
MAX_SECONDS = 300
STEP_JS = "root => Number(root.querySelector('.dw-timeline-range').value)"
STATUS_JS = "root => root.querySelector('.dw-status').textContent"
#: The page shows ``step`` and its list holds ``n`` enabled action buttons.
READY_JS = """([root, step, n]) =>
  Number(root.querySelector('.dw-timeline-range').value) === step &&
  root.querySelectorAll(
    '.dw-action-list button.dw-action[data-action-id]:not([aria-disabled])').length === n"""
#: The data-target ids the map shows highlighted as legal.
HIGHLIGHTED_JS = """root => [...root.querySelectorAll('.dw-board-wrap svg .dw-legal[data-target]')]
  .map(el => el.getAttribute('data-target')).sort()"""


def wait_for_seat0_or_end(kernel, deadline: float) -> tuple[int, bool, list[str]]:
    """Wait until seat 0 may decide or the game is over; return (step, over, legal ids)."""
    state = None
    while time.monotonic() < deadline:
        state = kernel.eval(
            "(w.game.step, w.game.is_over, w.game.current_player == 0 and bool(w.can_act), "
            "[a['id'] for a in w.legal_actions], w.last_error)")
        step, over, mine, legal, error = state
        assert not error, f"the widget reports an error: {error}"
        if over or mine:
            return step, over, legal
        time.sleep(0.03)
    raise TimeoutError(f"seat 0 never got the move and the game did not end (last state {state})")


def test_click_a_highlighted_destination_moves_the_adventurer(open_notebook):
    """Seat 0 opens: click its red adventurer in its panel, then a highlighted end space on the map."""
    nb = open_notebook(NOTEBOOK)
    kernel = nb.kernel
    root = nb.widget("w")
    deadline = time.monotonic() + 60
    step, over, legal = wait_for_seat0_or_end(kernel, deadline)
    assert legal == ["enter red", "enter green", "enter blue"], legal
    root.page.wait_for_function(READY_JS, arg=[root.element_handle(), step, len(legal)])
    assert ("adv/0/red", "enter red") in board_actions(root, BOARD_TARGETS)
    click_on_board_or_list(root, kernel, step, "enter red")

    step, over, legal = wait_for_seat0_or_end(kernel, deadline)
    root.page.wait_for_function(READY_JS, arg=[root.element_handle(), step, len(legal)])
    walks = sorted(a.split()[1] for a in legal if a.startswith("walk "))
    assert walks and len(walks) == len(legal), legal
    # Exactly the legal end spaces are highlighted on the map, and each is clickable.
    assert [t for t in root.evaluate(HIGHLIGHTED_JS) if t in walks] == walks
    reachable = {t: a for t, a in board_actions(root, BOARD_TARGETS)}
    assert all(reachable.get(n) == f"walk {n}" for n in walks), reachable
    destination = walks[-1]
    click_on_board_or_list(root, kernel, step, f"walk {destination}")

    assert kernel.eval("w.game.state.positions[0]['red']") == destination
    assert kernel.eval("w.game.history[-1].action.id if w.game.history[-1].action.player == 0 "
                       "else w.game.history[1].action.id") == f"walk {destination}"
    # The page redraws the red adventurer of seat 0 on the map.
    root.page.wait_for_function(
        "root => root.querySelector('.dw-board-wrap svg [data-target=\"adv/0/red\"]') !== null",
        arg=root.element_handle())


def test_full_game_by_clicking(open_notebook):
    """Seat 0 plays a whole game by clicks, choosing what the greedy bot would; the bots play at pace 0."""
    started = time.monotonic()
    deadline = started + MAX_SECONDS
    nb = open_notebook(NOTEBOOK)
    kernel = nb.kernel
    root = nb.widget("w")
    handle = root.element_handle()
    kernel.run("import random as _r\nfrom dragonwidgets import make_bot as _mb\n_advisor = _mb('drachenland', 'greedy')\n"
               "_rng = _r.Random(2026)\nw.pace = 0\nw.play()")
    clicks = on_board = 0
    while True:
        step, over, legal = wait_for_seat0_or_end(kernel, deadline)
        if over:
            break
        assert clicks < MAX_CLICKS, f"the game is not over after {clicks} clicks"
        root.page.wait_for_function(READY_JS, arg=[handle, step, len(legal)])
        action_id = kernel.eval("_advisor.choose(w.game.observation(0), w.game.legal_actions(), _rng).id")
        on_board += click_on_board_or_list(root, kernel, step, action_id)
        clicks += 1

    status = kernel.eval("w.status")
    assert status.startswith("Game over:"), status
    root.page.wait_for_function(f"root => ({STATUS_JS})(root) === {status!r}", arg=handle, timeout=20_000)
    assert kernel.eval("__import__('dragonwidgets').from_record(w.game.to_record()).state_digest() "
                       "== w.game.state_digest()") is True
    assert on_board > clicks // 2, f"only {on_board} of {clicks} clicks could be made on the board"
    print(f"\n{clicks} clicks ({on_board} on the board), {kernel.eval('w.game.step')} steps, "
          f"{time.monotonic() - started:.1f} s: {status}")
