"""Edit mode in real JupyterLab (Debian's chromium), issue 14 item 1: for Emerald, Drachenland, La Chasse
au Dragon and Draghan a teacher-view widget
is switched to Edit, one piece is changed by clicks and one by keys (Enter, the arrows), a refused edit
shows its error and changes nothing, and Play from here starts the game from the edited table: the
kernel's ``w.game.position()`` shows both changes and ``w.editing`` is false.

Screenshots of the Drachenland editor holding an adventurer and of the Chasse and Draghan editors holding a card are
written to ``$DW_SCREENSHOT_DIR``
(default: the test's temporary folder) for a person to look at.
"""

from __future__ import annotations

import os
from pathlib import Path

import lab_harness
import pytest
from test_accessibility import describe, run_axe, serious

pytestmark = pytest.mark.browser

NOTEBOOK = "edit_lab.ipynb"
SOURCES = (
    "import dragonwidgets\n"
    "we = dragonwidgets.EmeraldWidget(players=3, seed=4, first_player=0, seats=['human'] * 3, playing=False)\n"
    "we",
    # Drachenland after the opening round and two steps of turn 1 (red on s02 and s04, the dice 3 and 4)
    "wd = dragonwidgets.DrachenlandWidget(players=2, seed=1, seats=['human'] * 2, playing=False)\n"
    "for _ in range(7):\n"
    "    wd.act(wd.game.legal_actions()[0].id)\n"
    "wd",
    # Chasse after four rounds of first moves (white on 0,0, blue on 1,4, an encounter due)
    "wc = dragonwidgets.ChasseAuDragonWidget(players=2, seed=1, seats=['human'] * 2, playing=False)\n"
    "for _ in range(8):\n"
    "    wc.act(wc.game.legal_actions()[0].id)\n"
    "wc",
    # Draghan after both characters are chosen and the encounters turned up: D18 and D19 on the table
    "wg = dragonwidgets.DraghanWidget(players=2, seed=1, seats=['human'] * 2, playing=False)\n"
    "for _ in range(3):\n"
    "    wg.act(wg.game.legal_action_ids()[0])\n"
    "wg.viewer = 'teacher'\n"
    "wg",
)
# The key of the focused editable element.
FOCUSED_JS = "() => document.activeElement && document.activeElement.getAttribute('data-edit')"


@pytest.fixture(scope="module")
def nb(lab, chromium):
    """The test's notebook, opened once for the tests of this file."""
    lab.write_notebook(NOTEBOOK, *SOURCES)
    context = chromium.new_context(viewport={"width": 1400, "height": 1100})
    page = context.new_page()
    opened = lab_harness.open_notebook(page, lab, NOTEBOOK)
    try:
        yield opened
    finally:
        # save the notebook so no dirty tab is left for later tests that look for '.jp-mod-dirty'
        page.evaluate("() => window.jupyterapp.shell.currentWidget.context.save()")
        opened.close()
        context.close()
        lab.shutdown_sessions()


def start_editing(nb, var: str):
    """Press the widget's Edit toggle; return its root once Python edits and the toolbar shows."""
    root = nb.widget(var)
    assert nb.kernel.eval(f"({var}.viewer, {var}.editing)") == ["teacher", False]
    root.locator(".dw-edit-toggle").click()
    nb.kernel.wait_for(f"{var}.editing")
    root.locator(".dw-edit-bar").wait_for(state="visible")
    return root


def edited(nb, var: str, expr: str, timeout: float = 20):
    """Wait until ``expr`` (on the draft ``p = {var}.edit_position``) is true in the kernel; no error."""
    nb.kernel.wait_for(f"(lambda p: {expr})({var}.edit_position)", timeout=timeout)
    assert nb.kernel.eval(f"{var}.last_error") == ""


def press_until(root, key: str, wanted: str, most: int = 250) -> None:
    """Press ``key`` until the focus is on the editable element ``wanted`` (at most ``most`` times)."""
    for _ in range(most):
        if root.page.evaluate(FOCUSED_JS) == wanted:
            return
        root.page.keyboard.press(key)
    raise AssertionError(f"{key} never reached {wanted!r} (focus on {root.page.evaluate(FOCUSED_JS)!r})")


def play_from_here(nb, root, var: str) -> dict:
    """Press Play from here; return the kernel's ``game.position()`` once edit mode is left."""
    root.locator(".dw-edit-bar button", has_text="Play from here").click()
    nb.kernel.wait_for(f"not {var}.editing")
    root.locator(".dw-edit-bar").wait_for(state="hidden")
    assert nb.kernel.eval(f"{var}.editing") is False
    return nb.kernel.eval(f"{var}.game.position()")


def refused_edit_shows_its_error(nb, root, var: str, rule: str) -> None:
    """The edit just made was refused: the toolbar shows Python's error naming ``rule``; the draft kept."""
    nb.kernel.wait_for(f"{var}.last_error != ''")
    error = root.locator(".dw-edit-error")
    error.wait_for(state="visible")
    assert rule in error.text_content(), error.text_content()
    assert nb.kernel.eval(f"{var}.last_error") in error.text_content()


def test_emerald_edit_by_clicks_and_keys_then_play(nb):
    """Emerald: a black knight from T1 to M8 by clicks, a blue one from T3 to P3 by Enter / → / Enter;
    a second knight of a colour on a start space is refused (EM-SETUP); Play from here plays from it."""
    kernel = nb.kernel
    root = start_editing(nb, "we")
    root.locator('svg [data-edit="T1/black"]').click()
    root.locator('svg [data-edit="M8"]').click()
    edited(nb, "we", "p['knights'].get('M8') == ['black'] and p['knights']['T1'] == ['red', 'blue']")

    root.locator('svg [data-edit="T3/blue"]').focus()
    root.page.keyboard.press("Enter")
    assert root.locator('svg [data-edit="T3/blue"]').get_attribute("aria-pressed") == "true"
    no_serious_axe_violation(nb, root, "we")
    press_until(root, "ArrowRight", "P3")
    root.page.keyboard.press("Enter")
    edited(nb, "we", "p['knights'].get('P3') == ['blue'] and p['knights']['T3'] == ['black', 'red']")

    draft = kernel.eval("we.edit_position")
    root.locator('svg [data-edit="T2/red"]').click()  # a second red knight on T1: refused
    root.locator('svg [data-edit="T1/blue"]').click()  # a stack stands for its space
    refused_edit_shows_its_error(nb, root, "we", "EM-")
    assert kernel.eval("we.edit_position") == draft

    position = play_from_here(nb, root, "we")
    assert position["knights"]["M8"] == ["black"] and position["knights"]["P3"] == ["blue"]
    assert kernel.eval("we.game.start_position['knights']['M8']") == ["black"]


def screenshot(root, tmp_path, name: str) -> None:
    """Write a picture of the widget to $DW_SCREENSHOT_DIR (or the test's folder) for a person to look at."""
    out = Path(os.environ.get("DW_SCREENSHOT_DIR") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    root.screenshot(path=str(out / name))
    print(f"\nscreenshot {out / name}")


def no_serious_axe_violation(nb, root, var: str) -> None:
    """axe-core finds no serious or critical violation in the widget while it is edited (a piece held)."""
    found = serious(run_axe(root.page, f'[data-dw-widget="{nb.kernel.eval(f"{var}.model_id")}"] .dw-root'))
    assert not found, f"serious axe violations while editing:\n{describe(found)}"


def test_drachenland_edit_by_clicks_and_keys_then_play(nb, tmp_path):
    """Drachenland: seat 0's red adventurer from s02 to s10 by clicks, seat 1's red from s04 to s12 and
    die B turned by keys; an egg too many on a volcano is refused (DL-SETUP-6); Play from here."""
    kernel = nb.kernel
    root = start_editing(nb, "wd")
    root.locator('.dw-dl-map [data-edit="adv/0/red"]').click()
    root.locator('.dw-dl-map [data-edit="s10"]').click()
    edited(nb, "wd", "p['adventurers'][0]['red'] == 's10'")

    root.locator('.dw-dl-map [data-edit="adv/1/red"]').focus()
    root.page.keyboard.press("Enter")
    assert root.locator('.dw-dl-map [data-edit="adv/1/red"]').get_attribute("aria-pressed") == "true"
    screenshot(root, tmp_path, "edit_drachenland.png")
    no_serious_axe_violation(nb, root, "wd")
    press_until(root, "ArrowLeft", "s12")
    root.page.keyboard.press("Enter")
    edited(nb, "wd", "p['adventurers'][1]['red'] == 's12'")
    root.locator('.dw-dl-map [data-edit="die/1"]').focus()  # die B shows 4, its faces 2 3 4: back to 2
    root.page.keyboard.press("Enter")
    edited(nb, "wd", "p['dice'] == [3, 2]")

    draft = kernel.eval("wd.edit_position")
    root.locator('.dw-dl-map [data-edit="V01/egg"]').click()  # V01's egg onto V02, which shows 1: refused
    root.locator('.dw-dl-map [data-edit="V02/egg"]').click()  # a piece on a volcano stands for it
    refused_edit_shows_its_error(nb, root, "wd", "DL-SETUP-6")
    assert kernel.eval("wd.edit_position") == draft

    position = play_from_here(nb, root, "wd")
    assert [position["adventurers"][0]["red"], position["adventurers"][1]["red"]] == ["s10", "s12"]
    assert position["dice"] == [3, 2]
    # the board shows the game again: a legal action is bound on it
    root.locator(".dw-dl-map [data-action-id]").first.wait_for()


def test_chasse_edit_by_clicks_and_keys_then_play(nb, tmp_path):
    """Chasse: white's pawn from 0,0 to 2,2 and its camp from 3,0 to 6,0 by clicks; blue's from 1,4 to 3,3 by Enter / → / Enter, and the
    orc on top of 1,1 into white's backpack by P and Enter; an orc put in a cage breaks the goblins' count
    (CD-SETUP-6) and is refused; Play from here."""
    kernel = nb.kernel
    root = start_editing(nb, "wc")
    root.locator('.dw-cd-forest [data-edit="adv/0"]').click()
    root.locator('.dw-cd-forest [data-edit="2,2"]').click()
    edited(nb, "wc", "p['adventurers']['white'] == '2,2'")
    root.locator('[data-edit="camp/0"]').click()  # white's camp, from its board's "camp 3,0"
    root.locator('.dw-cd-forest [data-edit="6,0"]').click()
    edited(nb, "wc", "p['camps']['white'] == '6,0'")

    root.locator('.dw-cd-forest [data-edit="adv/1"]').focus()
    root.page.keyboard.press("Enter")
    press_until(root, "ArrowRight", "3,3")
    root.page.keyboard.press("Enter")
    edited(nb, "wc", "p['adventurers']['blue'] == '3,3'")
    root.locator('.dw-cd-forest [data-edit="1,1"]').focus()
    root.page.keyboard.press("p")
    screenshot(root, tmp_path, "edit_chasse.png")
    no_serious_axe_violation(nb, root, "wc")
    root.locator('[data-edit="zone/0/backpack"]').focus()
    root.page.keyboard.press("Enter")
    edited(nb, "wc", "p['boards']['white']['backpack'] == ['orc'] and p['piles']['1,1'] == ['goblin']")

    draft = kernel.eval("wc.edit_position")
    root.locator('[data-edit="card/0/backpack/orc"]').click()
    root.locator('[data-edit="zone/0/cage"]').click()
    refused_edit_shows_its_error(nb, root, "wc", "CD-SETUP-6")
    assert kernel.eval("wc.edit_position") == draft

    position = play_from_here(nb, root, "wc")
    assert position["adventurers"] == {"white": "2,2", "blue": "3,3"} and position["camps"]["white"] == "6,0"
    assert position["boards"]["white"]["backpack"] == ["orc"] and position["piles"]["1,1"] == ["goblin"]
    root.locator(".dw-cd-board [data-action-id]").first.wait_for()


def test_draghan_edit_by_clicks_and_keys_then_play(nb, tmp_path):
    """Draghan: the market deck's top card (M16) into the Elf's equipment by clicks; the Dwarf turned to its
    wounded side by W and given a coin from the supply by +, the monster D19 put back on top of the Draghan
    encounter deck by Enter / ← / Enter; a monster in a character's equipment is refused (DG-INT-8); Play
    from here."""
    kernel = nb.kernel
    root = start_editing(nb, "wg")
    assert kernel.eval("(wg.edit_position['table'], wg.edit_position['decks']['market'][0])") == [["D18", "D19"], "M16"]
    root.locator('.dw-dg-board [data-edit="deck/market"]').click()
    root.locator('.dw-dg-board [data-edit="equip/0/hand"]').click()
    edited(nb, "wg", "p['heroes'][0]['equipment'] == ['M13', 'M16'] and 'M16' not in p['decks']['market']")

    root.locator('.dw-dg-board [data-edit="hero/1"]').focus()
    root.page.keyboard.press("w")
    edited(nb, "wg", "p['heroes'][1]['wounded'] is True")
    root.page.keyboard.type("+")
    edited(nb, "wg", "p['heroes'][1]['coins'] == 1 and p['supply'] == 27")
    # the board is redrawn from Python's answer: the Dwarf's card on its wounded side, its coin
    root.locator('.dw-dg-hero[data-seat="1"].dw-dg-wounded .dw-dg-hero-head [data-coins="1"]').wait_for()
    root.locator('.dw-dg-board [data-edit="hero/0"]').click()  # the Elf chosen: the toolbar shows its character
    root.locator(".dw-edit-dg-hero select").wait_for()
    assert root.locator(".dw-edit-dg-hero select").input_value() == "CH1"
    root.locator('.dw-dg-board [data-edit="card/D19"]').focus()
    root.page.keyboard.press("Enter")
    assert root.locator('.dw-dg-board [data-edit="card/D19"]').get_attribute("aria-pressed") == "true"
    screenshot(root, tmp_path, "edit_draghan.png")
    no_serious_axe_violation(nb, root, "wg")
    press_until(root, "ArrowLeft", "deck/encounter_draghan")
    root.page.keyboard.press("Enter")
    edited(nb, "wg", "p['table'] == ['D18'] and p['decks']['encounter_draghan'][0] == 'D19'")

    draft = kernel.eval("wg.edit_position")
    root.locator('.dw-dg-board [data-edit="card/D18"]').click()  # a monster carried as equipment: refused
    root.locator('.dw-dg-board [data-edit="equip/1/hand"]').click()
    refused_edit_shows_its_error(nb, root, "wg", "DG-INT-8")
    assert kernel.eval("wg.edit_position") == draft

    position = play_from_here(nb, root, "wg")
    assert position["heroes"][0]["equipment"] == ["M13", "M16"]
    assert position["heroes"][1]["wounded"] is True and position["heroes"][1]["coins"] == 1 and position["supply"] == 27
    assert position["table"] == ["D18"] and position["decks"]["encounter_draghan"][0] == "D19"
    root.locator(".dw-dg-board [data-action-id]").first.wait_for()
