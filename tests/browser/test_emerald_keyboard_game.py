"""A whole 3-player Emerald game played with the keyboard alone in real JupyterLab (Debian's chromium).

The test writes its own notebook (``w = EmeraldWidget(players=3, seed=3, seats=["human", "greedy",
"greedy"], pace=0)``: the bots answer by themselves), puts the keyboard focus on the widget (as a click
on it would) and from then on only presses keys, as the widget's key help says: digits choose the n-th
legal action, arrow keys move between the choices on the board and Enter chooses, Tab reaches the other
controls. On the way it

- checks that the focus is still in the widget whenever seat 0 must decide again (it used to fall out
  of the widget after the last decision of a turn and stay out);
- steps the timeline back and forward with the arrow keys on the slider, which must keep the focus
  (JupyterLab's notebook shortcuts used to take those keys and move the cell selection);
- takes a decision back with ``u``;
- presses Play (reached with Tab, shown as the thing to press) when the rewind has paused the bots.

After every key that chooses, the notebook's kernel must have applied exactly the action chosen, for
seat 0; at the end the game is over and seat 0's decisions in the history are the keyed choices.
"""

from __future__ import annotations

import random
import time

import pytest
from lab_harness import board_actions

pytestmark = pytest.mark.browser

NOTEBOOK = "emerald_keyboard.ipynb"
#: Seed 3 with seat 0 choosing at random (seeded) against two greedy bots: about 40 of seat 0's decisions.
SEED = 3
SOURCE = (
    "import dragonwidgets\n"
    f"w = dragonwidgets.EmeraldWidget(players=3, seed={SEED}, seats=['human', 'greedy', 'greedy'], pace=0)\n"
    "w"
)
MAX_DECISIONS = 300
MAX_SECONDS = 300
MAX_PRESSES = 80  # Tab or arrow presses to reach one element
#: The page shows ``step`` and its list holds ``n`` enabled action buttons.
READY_JS = """([root, step, n]) =>
  Number(root.querySelector('.dw-timeline-range').value) === step &&
  root.querySelectorAll(
    '.dw-action-list button.dw-action[data-action-id]:not([aria-disabled])').length === n"""
#: Where the keyboard focus is, relative to the widget.
FOCUS_JS = """root => {
  const a = document.activeElement;
  const attr = (name) => (a && a.getAttribute ? a.getAttribute(name) : null);
  return {
    in_root: root.contains(a), is_root: a === root, tag: a ? a.tagName : null,
    action: attr('data-action-id'), pick: attr('data-pick'), on_board: Boolean(a && a.closest && a.closest('.dw-board-wrap')),
    slider: Boolean(a && a.classList && a.classList.contains('dw-timeline-range')),
    play: attr('data-seats') === 'play', due: Boolean(a && a.classList && a.classList.contains('dw-btn-due')),
  };
}"""
STATE = ("(w.game.step, w.game.is_over, w.game.current_player, bool(w.can_act), bool(w.playing), "
         "[a['id'] for a in w.legal_actions], w.last_error)")


@pytest.fixture
def notebook(lab, open_notebook):
    """Write the test's notebook into the server's root and open it (all cells run)."""
    lab.write_notebook(NOTEBOOK, SOURCE)
    return open_notebook(NOTEBOOK)


class Keys:
    """Seat 0 at the keyboard: presses keys and checks what the kernel did with them."""

    def __init__(self, notebook):
        self.kernel = notebook.kernel
        self.root = notebook.widget("w")
        self.page = self.root.page
        self.handle = self.root.element_handle()
        self.chosen: list[str] = []  # seat 0's keyed choices still in the history
        self.ways: dict[str, int] = {}

    def focus(self) -> dict:
        return self.root.evaluate(FOCUS_JS)

    def press(self, key: str) -> dict:
        self.page.keyboard.press(key)
        return self.focus()

    def tab_to(self, wanted, backwards: bool = False) -> dict:
        """Press Tab (Shift+Tab) until ``wanted(focus)`` holds; the focus never leaves the widget."""
        for _ in range(MAX_PRESSES):
            where = self.press("Shift+Tab" if backwards else "Tab")
            assert where["in_root"], f"Tab took the focus out of the widget: {where}"
            if wanted(where):
                return where
        raise AssertionError(f"{MAX_PRESSES} presses of Tab never reached the element wanted")

    def wait_for_turn(self, deadline: float) -> tuple[int, bool, bool, list[str]]:
        """Wait until seat 0 may decide, the game is over, or the bots wait for Play.

        Returns (step, over, paused, legal ids); ``paused``: a bot is due and the bots are paused."""
        state = None
        while time.monotonic() < deadline:
            state = self.kernel.eval(STATE)
            step, over, player, may, playing, legal, error = state
            assert not error, f"the widget reports an error: {error}"
            if over or (player == 0 and may):
                return step, over, False, legal
            if player not in (0, None) and not playing:
                return step, over, True, legal
            time.sleep(0.03)
        raise TimeoutError(f"seat 0 never got the move and the game did not end (last state {state})")

    def page_shows(self, step: int, n_legal: int) -> None:
        self.page.wait_for_function(READY_JS, arg=[self.handle, step, n_legal])

    def choose(self, step: int, action_id: str, legal: list[str], rng: random.Random) -> None:
        """Choose ``action_id`` by keys: arrows and Enter on the board, a digit, or Tab and Enter."""
        on_board = any(a == action_id for _, a in board_actions(self.root))
        index = legal.index(action_id)
        way = rng.choice(["arrows", "digit"] if on_board and index < 9 else
                         ["arrows"] if on_board else ["digit"] if index < 9 else ["tab"])
        if way == "arrows":
            where = self.focus()
            if not (where["on_board"] and where["action"]):
                if where["action"]:  # in the list: back to the board
                    self.tab_to(lambda f: f["on_board"] and f["action"], backwards=True)
                else:  # anywhere else in the widget, the down arrow goes to the board's first choice
                    assert not self.press("ArrowDown")["slider"]
            for _ in range(MAX_PRESSES):
                where = self.focus()
                # a board choice: an action, or a place several actions share (it opens their picker, issue 27 item 12)
                assert where["on_board"] and (where["action"] or where["pick"]), f"the arrows left the board's choices: {where}"
                if where["action"] == action_id:
                    break
                self.press("ArrowRight")
            else:
                raise AssertionError(f"the arrow keys never reached {action_id!r} on the board")
            self.press("Enter")
        elif way == "digit":
            self.press(str(index + 1))
        else:
            self.tab_to(lambda f: f["action"] == action_id)
            self.press("Enter")
        self.ways[way] = self.ways.get(way, 0) + 1
        self.applied(step, action_id)

    def applied(self, step: int, action_id: str) -> None:
        """The kernel applied ``action_id`` for seat 0 at ``step`` (and refused nothing)."""
        self.kernel.wait_for(f"w.game.step > {step} or w.last_error", timeout=20)
        assert not self.kernel.eval("w.last_error"), self.kernel.eval("w.last_error")
        done = self.kernel.eval(f"(w.game.history[{step}].action.id, w.game.history[{step}].action.player)")
        assert done == [action_id, 0], f"keyed {action_id!r} at step {step}, the kernel applied {done}"
        self.chosen.append(action_id)

    def timeline_back_and_forth(self, step: int) -> None:
        """On the slider, ← shows step - 1 and → step again; the slider keeps the focus throughout."""
        self.tab_to(lambda f: f["slider"])
        for key, wanted in (("ArrowLeft", step - 1), ("ArrowRight", step)):
            where = self.press(key)
            assert where["slider"], f"{key} on the timeline slider moved the focus to {where}"
            self.kernel.wait_for(f"w.game.step == {wanted}", timeout=20)
            self.page.wait_for_function(
                "([root, step]) => Number(root.querySelector('.dw-timeline-range').value) === step",
                arg=[self.handle, wanted])
            where = self.focus()
            assert where["slider"], f"{key} on the timeline slider moved the focus to {where}"
        self.tab_to(lambda f: f["action"] is not None, backwards=True)  # back to the choices

    def undo_last(self) -> int:
        """Press u: seat 0's last decision is taken back (with the bots' answers); return the new step."""
        undone = self.chosen.pop()
        before = self.kernel.eval("w.game.step")
        where = self.press("u")
        assert where["in_root"], where
        step = self.kernel.wait_for(f"w.game.step < {before} and w.game.current_player == 0 and w.game.step",
                                    timeout=20)
        assert self.kernel.eval(f"len(w.game.history) > {step}")  # the undone entries can be redone
        assert self.kernel.eval(f"w.game.history[{step}].action.id") == undone
        return step

    def press_play(self) -> None:
        """The bots wait after a rewind: Tab to Play, which stands out, and press it."""
        where = self.tab_to(lambda f: f["play"])
        assert where["due"], "Play does not stand out while the bots wait for it"
        self.press("Enter")
        self.kernel.wait_for("w.playing or w.game.current_player == 0", timeout=20)


def test_full_game_by_keyboard(notebook):
    started = time.monotonic()
    deadline = started + MAX_SECONDS
    keys = Keys(notebook)
    kernel = keys.kernel
    assert kernel.eval("(w.pace, w.playing)") == [0.0, True], "the bots should answer seat 0 by themselves"
    keys.root.evaluate("root => root.focus()")  # the person clicks on the widget (or Tabs into it)

    rng = random.Random(2026)
    decisions, rewound, undone, plays = 0, False, False, 0
    while True:
        step, over, paused, legal = keys.wait_for_turn(deadline)
        if over:
            break
        if paused:
            keys.press_play()
            plays += 1
            continue
        assert decisions < MAX_DECISIONS, f"the game is not over after {decisions} decisions"
        keys.page_shows(step, len(legal))
        if decisions:
            where = keys.focus()
            assert where["in_root"], f"seat 0 decides again (step {step}) but the focus left the widget: {where}"
        opens_turn = step > 0 and kernel.eval(f"w.game.history[{step - 1}].action.player") != 0
        if not rewound and decisions >= 3 and opens_turn:
            keys.timeline_back_and_forth(step)
            rewound = True
            keys.page_shows(step, len(legal))
        elif rewound and not undone and opens_turn and keys.chosen:
            step = keys.undo_last()
            undone = True
            legal = kernel.eval("[a['id'] for a in w.legal_actions]")
            keys.page_shows(step, len(legal))
        action_id = rng.choice(sorted(legal))
        keys.choose(step, action_id, legal, rng)
        decisions += 1

    status = kernel.eval("w.status")
    assert status.startswith("Game over:"), status
    assert rewound and undone and plays >= 1, (rewound, undone, plays)
    history = kernel.eval("[e.action.id for e in w.game.history if e.action.player == 0]")
    assert history == keys.chosen, "seat 0's decisions in the history are not the keyed choices"
    keys.page.wait_for_function("([root, s]) => root.querySelector('.dw-status').textContent === s",
                                arg=[keys.handle, status], timeout=20_000)
    print(f"\n{decisions} decisions by keys ({keys.ways}), {plays} Play, {kernel.eval('w.game.step')} steps, "
          f"{time.monotonic() - started:.1f} s: {status}")
