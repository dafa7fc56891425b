"""A whole 3-player Emerald game played by clicking in real JupyterLab (Debian's chromium).

Opens ``notebooks/emerald.ipynb`` (a temporary copy), runs all its cells and plays the widget ``w``
(seat 0 human, two greedy bots set to play at pace 0) to the end the way a person does: at each of
seat 0's decisions it clicks a legal action on the board (an SVG element carrying ``data-action-id``)
when one can be reached by a click, otherwise that action's button in the legal-actions list (e.g.
``end turn``). After every click the notebook's kernel must have recorded exactly that action for
seat 0. At the end the game is over in Python, the page's status line says what ``w.status`` says,
and the game's record replays to the same state.
"""

from __future__ import annotations

import random
import time

import pytest
from lab_harness import board_actions, click_action

pytestmark = pytest.mark.browser

NOTEBOOK = "emerald.ipynb"
MAX_CLICKS = 400
MAX_SECONDS = 240
#: The page's view of the widget's step (the timeline slider) and status line.
STEP_JS = "root => Number(root.querySelector('.dw-timeline-range').value)"
STATUS_JS = "root => root.querySelector('.dw-status').textContent"
#: The page shows ``step`` and its list holds ``n`` enabled action buttons.
READY_JS = """([root, step, n]) =>
  Number(root.querySelector('.dw-timeline-range').value) === step &&
  root.querySelectorAll(
    '.dw-action-list button.dw-action[data-action-id]:not([aria-disabled])').length === n"""

#: The index, among the board elements for ``[target, action id]``, of the first a click reaches.
REACHABLE_JS = """(root, [target, id]) => {
  const els = [...root.querySelectorAll('.dw-board-wrap svg [data-target][data-action-id]')]
    .filter(el => el.getAttribute('data-target') === target && el.getAttribute('data-action-id') === id);
  return els.findIndex(el => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit && hit.closest('[data-action-id]') === el;
  });
}"""


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


def test_full_game_by_clicking(open_notebook):
    started = time.monotonic()
    deadline = started + MAX_SECONDS
    nb = open_notebook(NOTEBOOK)
    kernel = nb.kernel
    root = nb.widget("w")
    page = root.page
    handle = root.element_handle()
    kernel.run("w.pace = 0\nw.play()")
    assert kernel.eval("(w.pace, w.playing, w.seats)") == [0.0, True, ["human", "greedy", "greedy"]]

    rng = random.Random(2026)
    clicks, by_board, by_list, list_only_kinds = 0, 0, 0, set()
    while True:
        step, over, legal = wait_for_seat0_or_end(kernel, deadline)
        if over:
            break
        assert clicks < MAX_CLICKS, f"the game is not over after {clicks} clicks"
        page.wait_for_function(READY_JS, arg=[handle, step, len(legal)])

        # Any legal action, chosen at random (seeded); clicked on the board where a click reaches
        # an element bound to it, else in the list (``end turn`` has no place on the board).
        action_id = rng.choice(sorted(legal))
        targets = sorted(t for t, a in board_actions(root) if a == action_id)
        if targets:
            target = targets[0]
            # Two cards alike (two gold 2s) share one data-target: click one a click reaches.
            el = root.locator(f'.dw-board-wrap svg [data-target="{target}"][data-action-id="{action_id}"]')
            index = root.evaluate(REACHABLE_JS, [target, action_id])
            assert index >= 0, f"no element for {action_id!r} on {target!r} can be reached by a click"
            el = el.nth(index)
            by_board += 1
        else:
            el = root.locator(f'.dw-action-list button.dw-action[data-action-id="{action_id}"]')
            assert el.count() == 1, f"{action_id!r}: {el.count()} buttons in the list"
            by_list += 1
            list_only_kinds.add(
                kernel.eval(f"next(a.kind for a in w.game.legal_actions() if a.id == {action_id!r})"))
        click_action(root, kernel, el, step, action_id, seat=0)
        clicks += 1

    assert kernel.eval("w.game.is_over") is True
    assert kernel.eval("w.game.current_player") is None
    status = kernel.eval("w.status")
    assert status.startswith("Game over:"), status
    page.wait_for_function(f"root => ({STATUS_JS})(root) === {status!r}", arg=handle, timeout=20_000)
    assert root.evaluate(STEP_JS) == kernel.eval("w.step")
    assert kernel.eval("__import__('dragonwidgets').from_record(w.game.to_record()).state_digest() "
                       "== w.game.state_digest()") is True
    print(f"\n{clicks} clicks ({by_board} on the board, {by_list} in the list; kinds clicked in the list "
          f"{sorted(list_only_kinds)}), {kernel.eval('w.game.step')} steps, "
          f"{time.monotonic() - started:.1f} s: {status}")
