"""Issue 27 item 15: in marimo, cells that follow the game re-run as it is played.

marimo re-runs the cells that reference a UI element when the front end changes its value; the game's widget
changes nothing from the front end (a click is an intent, Python answers with the new step), so a cell reading
``mo.ui.anywidget(w).value`` or ``w.game.step`` stayed at step 0. The pattern the README shows: a ``mo.state`` that
the widget feeds through ``w.observe`` on ``step`` and ``status``; marimo re-runs every cell that calls its getter
when the setter is called, from a widget callback too. Checked here with marimo's own wrapper and ``mo.state``
(the README's lines, run as written), and in ``marimo run`` in ``tests/browser/test_issue27_marimo.py``.

marimo is in the test extra, so these run wherever the README's test command runs.
"""

from __future__ import annotations

import pathlib

import marimo as mo

import dragonwidgets

README = pathlib.Path(__file__).resolve().parents[2] / "README.md"


def readme_marimo_lines() -> list[str]:
    """The README's marimo pattern: its commented lines that make the state and feed it, uncommented."""
    lines = [line.lstrip("# ").rstrip() for line in README.read_text(encoding="utf-8").splitlines()
             if line.startswith("# ") and ("mo.state(" in line or ".observe(" in line)]
    assert len(lines) == 2, f"the README's marimo line shows no mo.state pattern: {lines}"
    return lines


def test_item15_readme_pattern_follows_every_step_played_from_the_page():
    w = dragonwidgets.EmeraldWidget(players=3, seed=2026, first_player=0, playing=False)
    view = mo.ui.anywidget(w)
    space = {"mo": mo, "w": w}
    exec("\n".join(readme_marimo_lines()), space)  # the README's lines, as a marimo cell runs them
    get_game = space["get_game"]
    assert get_game() == (0, w.status)
    seen = [get_game()]
    for _ in range(15):  # the issue: 15 steps played from the page
        w._handle_custom_msg({"kind": "act", "id": w.game.legal_actions()[0].id}, [])
        assert not w.last_error
        seen.append(get_game())
        assert get_game() == (w.game.step, w.status) and view.value["step"] == w.game.step
    steps = [step for step, _ in seen]
    assert steps == sorted(set(steps)) and steps[-1] >= 15  # every move reached it (chance steps on top)
    assert len({status for _, status in seen}) > 3
    w._handle_custom_msg({"kind": "undo"}, [])  # a take-back reaches it too
    assert get_game()[0] == w.game.step < 15
