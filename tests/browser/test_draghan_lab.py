"""The Draghan widget in real JupyterLab (Debian's chromium): click a highlighted monster; a whole game.

The tests write their own notebook into the server's root (a cell showing
``w = dragonwidgets.DraghanWidget(players=2, seed=..., seats=["human", "human"])``: solo with two
characters, in the default hot-seat view), open it, run it and play the widget as a person does:
clicks on the card table (elements carrying ``data-action-id``: the characters to choose, the
monsters to face, the cards to use, buy or discard, the characters for an odd coin...), falling back
to the legal-actions list only for actions that have no single place on the table (stay, done, pass,
skip, a gift among several receivers...). Python's state is read from the notebook's own kernel, so
each test checks that the action applied is exactly the one clicked.
"""

from __future__ import annotations

import time

import pytest

from lab_harness import BOARD_TARGETS, board_actions, click_on_board_or_list

from dragonwidgets import bot_names

pytestmark = pytest.mark.browser

NOTEBOOK = "draghan_test.ipynb"
#: Seed 19 with the planner's choices: the first round's fight comes right after the two character
#: choices (two monsters on the table) and the team defeats the dragon after about 60 decisions.
SEED = 19
ADVISOR = "planner" if "planner" in bot_names("draghan") else None
SOURCE = (
    "import dragonwidgets\n"
    f"w = dragonwidgets.DraghanWidget(players=2, seed={SEED}, seats=['human', 'human'])\n"
    "w"
)
MAX_CLICKS = 300
MAX_SECONDS = 400
STATUS_JS = "root => root.querySelector('.dw-status').textContent"
#: The page shows ``step`` and its list holds ``n`` enabled action buttons.
READY_JS = """([root, step, n]) =>
  Number(root.querySelector('.dw-timeline-range').value) === step &&
  root.querySelectorAll(
    '.dw-action-list button.dw-action[data-action-id]:not([aria-disabled])').length === n"""
#: The data-target ids the table shows highlighted as a legal action of their own.
HIGHLIGHTED_JS = """root => [...root.querySelectorAll('.dw-board-wrap .dw-legal[data-target]')]
  .map(el => el.getAttribute('data-target')).sort()"""
STATE = ("(w.game.step, w.game.is_over, w.game.current_player, bool(w.can_act), "
         "[a['id'] for a in w.legal_actions], w.last_error)")


@pytest.fixture
def notebook(lab, open_notebook):
    """Write the test's notebook into the server's root and open it (all cells run)."""
    lab.write_notebook(NOTEBOOK, SOURCE)
    return open_notebook(NOTEBOOK)


def wait_for_decision_or_end(kernel, deadline: float) -> tuple[int, bool, int | None, list[str]]:
    """Wait until this view may decide or the game is over; return (step, over, seat, legal ids)."""
    state = None
    while time.monotonic() < deadline:
        state = kernel.eval(STATE)
        step, over, seat, may, legal, error = state
        assert not error, f"the widget reports an error: {error}"
        if over or may:
            return step, over, seat, legal
        time.sleep(0.03)
    raise TimeoutError(f"nobody may decide and the game did not end (last state {state})")


def advice(kernel) -> tuple[str, str]:
    """The planner's choice for the seat to decide (seen through its own view), else the first legal action."""
    if ADVISOR is None:
        return tuple(kernel.eval("(w.game.legal_actions()[0].id, w.game.legal_actions()[0].kind)"))
    return tuple(kernel.eval(
        "(lambda a: (a.id, a.kind))(_advisor.choose(w.game.observation(w.game.current_player), "
        "w.game.legal_actions(), _rng))"))


def test_click_a_highlighted_monster_to_face_it(notebook):
    """The two characters are chosen by clicking their cards; then exactly the monsters on the table are
    lit for the first declaration, and a click on one makes the declaring character face it."""
    kernel = notebook.kernel
    root = notebook.widget("w")
    handle = root.element_handle()
    for character in ("CH1", "CH3"):  # the Elf and the Wizard
        step, over, seat, legal = wait_for_decision_or_end(kernel, time.monotonic() + 60)
        root.page.wait_for_function(READY_JS, arg=[handle, step, len(legal)])
        assert kernel.eval("w.observation['decision']") == "choose_character"
        assert click_on_board_or_list(root, kernel, step, f"choose {character}", seat)
    assert kernel.eval("w.player_names") == ["Elf", "Wizard"]

    step, over, seat, legal = wait_for_decision_or_end(kernel, time.monotonic() + 60)
    assert kernel.eval("w.observation['decision']") == "declare_target", kernel.eval("w.status")
    root.page.wait_for_function(READY_JS, arg=[handle, step, len(legal)])
    monsters = kernel.eval("[m['id'] for m in w.observation['table']]")
    assert len(monsters) >= 2
    assert root.evaluate(HIGHLIGHTED_JS) == sorted(f"card/{m}" for m in monsters)
    reachable = dict(board_actions(root, BOARD_TARGETS))
    assert all(reachable.get(f"card/{m}") == f"face {m}" for m in monsters), reachable
    # the declaring character is lit too, as a target every choice shares
    assert root.locator(f'.dw-board-wrap [data-target="hero/{seat}"].dw-legal-shared').count() == 1
    chosen = monsters[-1]
    assert click_on_board_or_list(root, kernel, step, f"face {chosen}", seat)

    assert kernel.eval(f"w.game.state.targets.get({seat})") == chosen
    assert kernel.eval("w.observation['targets']").get(str(seat)) == chosen
    assert kernel.eval(f"w.game.history[{step}].action.id") == f"face {chosen}"
    # The page redraws the monster as faced by the declaring character.
    name = kernel.eval(f"w.player_names[{seat}]")
    root.page.wait_for_function(
        """([root, id, name]) => {
             const m = root.querySelector(`.dw-board-wrap [data-target="card/${id}"] .dw-dg-facing`);
             return m && m.textContent.startsWith(`faced by ${name}`); }""",
        arg=[handle, chosen, name])


def test_full_game_by_clicking(notebook):
    """A whole solo game by clicks, choosing at each decision what the planner bot would."""
    started = time.monotonic()
    deadline = started + MAX_SECONDS
    kernel = notebook.kernel
    root = notebook.widget("w")
    handle = root.element_handle()
    if ADVISOR:
        kernel.run(f"import random as _r\nfrom dragonwidgets import make_bot as _mb\n"
                   f"_advisor = _mb('draghan', {ADVISOR!r})\n_rng = _r.Random(2026)")
    clicks = on_board = 0
    kinds: dict[str, int] = {}  # every kind clicked
    kinds_on_board: dict[str, int] = {}
    must_be_on_board = 0  # choices whose element is the only one of its kind on the table
    while True:
        step, over, seat, legal = wait_for_decision_or_end(kernel, deadline)
        if over:
            break
        assert clicks < MAX_CLICKS, f"the game is not over after {clicks} clicks"
        root.page.wait_for_function(READY_JS, arg=[handle, step, len(legal)])
        action_id, kind = advice(kernel)
        hit = click_on_board_or_list(root, kernel, step, action_id, seat)
        if kind in ("choose_character", "use", "buy") or (kind == "face" and action_id != "face none"):
            assert hit, f"{action_id!r} has its own card on the table but was not clickable there"
            must_be_on_board += 1
        on_board += hit
        clicks += 1
        kinds[kind] = kinds.get(kind, 0) + 1
        if hit:
            kinds_on_board[kind] = kinds_on_board.get(kind, 0) + 1

    status = kernel.eval("w.status")
    assert status.startswith("Game over: the team "), status
    root.page.wait_for_function(f"root => ({STATUS_JS})(root) === {status!r}", arg=handle, timeout=20_000)
    banner = "The team wins!" if kernel.eval("w.game.state.result") == "won" else "The team loses"
    assert root.locator(".dw-dg-over strong").text_content() == banner
    assert kernel.eval("__import__('dragonwidgets').from_record(w.game.to_record()).state_digest() "
                       "== w.game.state_digest()") is True
    assert kinds.get("face", 0) > 3 and must_be_on_board > 5, kinds
    print(f"\n{clicks} clicks ({on_board} on the table: {kinds_on_board} of {kinds}), "
          f"{kernel.eval('w.game.step')} steps, {time.monotonic() - started:.1f} s: {status}")
