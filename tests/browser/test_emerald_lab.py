"""The Emerald widget in real JupyterLab (Debian's chromium): click and key on the board, themes.

Opens ``notebooks/emerald.ipynb`` (a temporary copy), runs all its cells, and plays the widget it
shows as ``w`` (seat 0 human, the others bots) the way a person does: a click on a legal board element
(an SVG element carrying ``data-action-id``, not the list button) and the keyboard. Python's state is
read from the notebook's own kernel, so the test checks that the action applied is the one clicked.
"""

from __future__ import annotations

import time

import pytest
from lab_harness import board_actions

pytestmark = pytest.mark.browser

NOTEBOOK = "emerald.ipynb"
#: A legal action drawn on the board (the shell binds `data-action-id` onto the board's targets).
BOARD_ACTION = ".dw-board-wrap svg [data-action-id]"
#: The page's view of the widget's step (the timeline slider) and status line.
STEP_JS = "root => Number(root.querySelector('.dw-timeline-range').value)"
STATUS_JS = "root => root.querySelector('.dw-status').textContent"


def until_human_turn(kernel, seat: int = 0, timeout: float = 30) -> int:
    """Let the bots play until ``seat`` decides; return the step. Steps a bot itself if none runs."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = kernel.eval("(w.game.current_player, w.game.step, w.game.is_over, bool(w.playing))")
        player, step, over, playing = state
        assert not over, "the game ended before seat 0 could move"
        if player == seat and kernel.eval("bool(w.can_act)"):
            return step
        if not playing and player not in (seat, None):
            kernel.run("w.bot_step()")
        time.sleep(0.1)
    raise TimeoutError(f"seat {seat} never got the move (last state {state})")


def board_ready(root, step: int) -> None:
    """Wait until the page shows ``step`` and a legal action is bound on the board."""
    root.page.wait_for_function(
        f"([root, step, sel]) => ({STEP_JS})(root) === step && root.querySelector(sel) !== null",
        arg=[root.element_handle(), step, BOARD_ACTION])


def assert_applied(nb, root, step: int, action_id: str, status_before: str) -> None:
    """Python applied ``action_id`` at ``step``; the page moved on from that step and its status."""
    kernel = nb.kernel
    kernel.wait_for(f"w.game.step > {step} or w.last_error", timeout=20)
    error = kernel.eval("w.last_error")
    assert not error, f"Python refused {action_id!r}: {error}"
    assert kernel.eval(f"w.game.history[{step}].action.id") == action_id
    assert kernel.eval(f"w.game.history[{step}].action.player") == 0
    root.page.wait_for_function(f"root => ({STEP_JS})(root) !== {step}", arg=root.element_handle())
    # Bots may keep moving: wait until the page shows the step and status Python reports now.
    deadline = time.monotonic() + 20
    while True:
        py = kernel.eval("(w.step, w.status)")
        dom = [root.evaluate(STEP_JS), root.evaluate(STATUS_JS)]
        if dom == py:
            break
        assert time.monotonic() < deadline, f"page shows {dom}, Python says {py}"
        time.sleep(0.1)
    assert dom[0] > step
    assert (dom[1] and dom[1] != status_before) or dom[0] > step + 1, "status line did not change"


def test_click_on_board_applies_that_action(open_notebook):
    nb = open_notebook(NOTEBOOK)
    root = nb.widget("w")
    step = until_human_turn(nb.kernel)
    board_ready(root, step)
    legal = nb.kernel.eval("w.game.legal_action_ids()")
    clickable = board_actions(root)
    assert clickable, "no legal action on the board can be reached by a click"
    target_id, action_id = clickable[0]
    assert action_id in legal, f"board offers {action_id!r}, Python's legal actions are {legal}"
    status_before = root.evaluate(STATUS_JS)

    root.locator(f'.dw-board-wrap svg [data-target="{target_id}"]').click()

    assert_applied(nb, root, step, action_id, status_before)


def test_keyboard_on_board_applies_that_action(open_notebook):
    nb = open_notebook(NOTEBOOK)
    root = nb.widget("w")
    step = until_human_turn(nb.kernel)
    board_ready(root, step)
    targets = root.locator(BOARD_ACTION)
    target = targets.nth(targets.count() - 1)  # another element than the click test's
    action_id = target.get_attribute("data-action-id")
    assert action_id in nb.kernel.eval("w.game.legal_action_ids()")
    status_before = root.evaluate(STATUS_JS)

    target.focus()
    root.page.keyboard.press("Enter")

    assert_applied(nb, root, step, action_id, status_before)


COLOURS_JS = """root => {
  const board = root.querySelector('.dw-board-wrap');
  const bg = el => { // the first non-transparent background up from el
    for (let n = el; n; n = n.parentElement) {
      const c = getComputedStyle(n).backgroundColor;
      if (c && c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') return c;
    }
    return 'none';
  };
  return {background: bg(board), foreground: getComputedStyle(board).color,
          theme: document.body.dataset.jpThemeName, light: document.body.dataset.jpThemeLight};
}"""


def luminance(css: str) -> float:
    """WCAG relative luminance (0..1) of an opaque ``rgb(...)``/``rgba(...)`` colour."""
    channels = (float(x) / 255 for x in css[css.index("(") + 1 : css.index(")")].split(",")[:3])
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio (1..21) of two opaque colours."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


#: Let greedy bots play every seat from the start until two black knights share a space; return the step.
BLACK_STACK_PY = """
def _dw_black_stack():
    w.pause()
    seats = list(w.seats)
    w.seats = ["greedy"] * len(seats)
    w.goto(0)
    for _ in range(500):
        if any(c.get("black", 0) > 1 for c in w.game.observation()["knights"].values()):
            break
        w.bot_step()
    w.seats = seats
    return w.game.step
"""

#: The knight count drawn on the black stacks and the colour of the knight under it.
BLACK_COUNTS_JS = """root => [...root.querySelectorAll('.dw-stack[data-colour="black"]')]
  .filter(g => g.querySelector('.dw-stack-count'))
  .map(g => {
    const knights = g.querySelectorAll('.dw-knight');
    const text = g.querySelector('.dw-stack-count');
    return {target: g.getAttribute('data-target'), count: text.textContent,
            ink: getComputedStyle(text).fill, knight: getComputedStyle(knights[knights.length - 1]).fill};
  })"""


def set_theme(page, theme: str) -> None:
    page.evaluate("t => window.jupyterapp.commands.execute('apputils:change-theme', {theme: t})", theme)
    page.wait_for_function("t => document.body.dataset.jpThemeName === t", arg=theme)


def test_board_follows_jupyterlab_dark_theme(open_notebook):
    """The board's colours follow JupyterLab's light and dark themes, and the knight count on a black
    stack (the knights there, which set how far a knight moves, EM-MOVE-1) reads at least 4.5:1 on the black knight in both
    (the board's text colour used to override the count's light ink: near-black on black)."""
    nb = open_notebook(NOTEBOOK)
    root = nb.widget("w")
    page = root.page
    nb.kernel.run(BLACK_STACK_PY)
    step = nb.kernel.eval("_dw_black_stack()")
    page.wait_for_function(f"root => ({STEP_JS})(root) === {step}", arg=root.element_handle())
    set_theme(page, "JupyterLab Light")
    light = root.evaluate(COLOURS_JS)
    counts = {"light": root.evaluate(BLACK_COUNTS_JS)}
    try:
        set_theme(page, "JupyterLab Dark")
        page.wait_for_function(f"root => ({COLOURS_JS})(root).background !== {light['background']!r}",
                               arg=root.element_handle(), timeout=10_000)
        dark = root.evaluate(COLOURS_JS)
        counts["dark"] = root.evaluate(BLACK_COUNTS_JS)
    finally:
        set_theme(page, "JupyterLab Light")  # the server saves the theme: leave it as found
    for theme, stacks in counts.items():
        assert stacks, f"{theme}: no black stack shows a count (the notebook's game starts with 3 per tower)"
        for stack in stacks:
            ratio = contrast(stack["ink"], stack["knight"])
            assert ratio >= 4.5, f"{theme}: the count {stack['count']} on {stack['target']} reads {ratio:.2f}:1 ({stack})"
    assert dark["light"] == "false" and light["light"] == "true"
    assert dark["background"] != light["background"] and dark["foreground"] != light["foreground"]
    assert luminance(dark["background"]) < luminance(light["background"])
    assert luminance(dark["foreground"]) > luminance(dark["background"]), dark
    assert luminance(light["foreground"]) < luminance(light["background"]), light
