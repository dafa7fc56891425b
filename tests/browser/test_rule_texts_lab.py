"""The rule behind an action or a log line, shown in real JupyterLab (Debian's chromium).

The test writes a notebook of its own (an Emerald widget, seat 0 a person against two paused bots)
and checks, against ``dragonwidgets.rule_text(id)`` read from the notebook's kernel, that

- a rule ID beside an action shows its rule's text when hovered, when reached with Tab (and the arrow
  keys within the action's rules), and when clicked; Escape hides it; a click on it chooses nothing,
  and the action beside it is still chosen by a click;
- a rule ID named in the log (the game's end, EM-END-1 or EM-END-2) is reached with Tab from the log
  and shows its text;
- the popover reads at 4.5:1 or more in JupyterLab's light and dark themes, and axe-core finds no
  serious violation in the widget while it is shown. Screenshots of the popover in both themes are
  written to ``$DW_SCREENSHOT_DIR`` (default: the test's temporary folder) for a person to look at.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import lab_harness
import pytest
from test_accessibility import DARK, LIGHT, describe, run_axe, serious, set_theme

pytestmark = pytest.mark.browser

NOTEBOOK = "rule_texts.ipynb"
SOURCE = (
    "import dragonwidgets\n"
    "w = dragonwidgets.EmeraldWidget(players=3, seed=4, first_player=0, seats=['human', 'greedy', 'greedy'], "
    "playing=False)\n"
    "w"
)
TIP = ".dw-rule-tip"

# The shown popover's rule ID and text, or null when it is hidden.
SHOWN_JS = """root => {
  const tip = root.querySelector('.dw-rule-tip');
  return tip.hidden ? null : [tip.querySelector('.dw-rule-tip-id').textContent,
                              tip.querySelector('.dw-rule-tip-text').textContent];
}"""
# What has the keyboard focus: its rule ID (or action id), and the text its aria-describedby names.
FOCUS_JS = """root => {
  const a = document.activeElement;
  const described = a && a.getAttribute('aria-describedby');
  return {in_root: root.contains(a), rule: a && a.getAttribute('data-rule'), action: a && a.getAttribute('data-action-id'),
          name: a && a.getAttribute('aria-label'),
          description: described ? document.getElementById(described).textContent : null};
}"""
# The colours of an element's text and of what lies under it, as sRGB bytes: the element's and its
# ancestors' backgrounds painted in turn (through a canvas, which resolves any CSS colour).
COLOURS_JS = """el => {
  const ctx = Object.assign(document.createElement('canvas'), {width: 1, height: 1}).getContext('2d');
  const paint = (colours) => {
    ctx.clearRect(0, 0, 1, 1);
    for (const c of ['#ffffff', ...colours]) {
      ctx.fillStyle = '#010203';
      ctx.fillStyle = c;
      if (ctx.fillStyle === '#010203' && c !== '#010203') throw new Error('unreadable colour ' + c);
      ctx.fillRect(0, 0, 1, 1);
    }
    return [...ctx.getImageData(0, 0, 1, 1).data].slice(0, 3);
  };
  const backs = [];
  for (let n = el; n && n.nodeType === 1; n = n.parentElement) backs.unshift(getComputedStyle(n).backgroundColor);
  return {text: paint([...backs, getComputedStyle(el).color]), back: paint(backs)};
}"""


def contrast(a: list[int], b: list[int]) -> float:
    """WCAG contrast ratio of two sRGB colours given as bytes."""
    def lum(rgb):
        c = [x / 255 for x in rgb]
        c = [x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4 for x in c]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


@pytest.fixture(scope="module")
def nb(lab, chromium):
    """The test's notebook, opened once for the tests of this file (they run in order)."""
    lab.write_notebook(NOTEBOOK, SOURCE)
    context = chromium.new_context(viewport={"width": 1400, "height": 1000})
    opened = lab_harness.open_notebook(context.new_page(), lab, NOTEBOOK)
    try:
        yield opened
    finally:
        opened.close()
        context.close()
        lab.shutdown_sessions()


def shown(root):
    return root.evaluate(SHOWN_JS)


def wait_shown(root, rule: str | None) -> None:
    """Wait until the popover shows ``rule`` (or is hidden, for None)."""
    deadline = time.monotonic() + 5
    while (shown(root) or [None])[0] != rule:
        assert time.monotonic() < deadline, f"the popover shows {shown(root)}, expected {rule}"
        time.sleep(0.05)


def at_start(nb):
    """Rewind the widget to step 0 (seat 0 to move) and return its root once the page shows it."""
    nb.kernel.run("w.seats = ['human', 'greedy', 'greedy']\nw.goto(0)")
    root = nb.widget("w")
    root.page.wait_for_function(
        "root => Number(root.querySelector('.dw-timeline-range').value) === 0 && "
        "root.querySelector('.dw-action-list .dw-rule') !== null", arg=root.element_handle())
    assert nb.kernel.eval("(w.game.current_player, bool(w.can_act))") == [0, True]
    return root


def rule_text(nb, rule: str) -> str:
    return nb.kernel.eval(f"dragonwidgets.rule_text({rule!r})")


def test_rule_beside_an_action_shows_its_text_and_the_action_is_still_chosen(nb):
    """Hover, Tab (then →) and click on an action's rule IDs show ``rule_text(id)``; Escape hides it;
    a click on a rule ID chooses nothing, a click on the action chooses it (EM-MOVE-1's move)."""
    root = at_start(nb)
    kernel = nb.kernel
    actions = kernel.eval("[(a['id'], a['rules']) for a in w.legal_actions]")
    (first, rules), (second, second_rules) = actions[0], actions[1]
    assert "EM-MOVE-1" in rules and len(rules) >= 2, rules
    chips = root.locator(f'.dw-rule-group[data-rule-owner="{first}"] .dw-rule')
    assert chips.all_text_contents() == rules

    chips.nth(1).hover()  # the pointer
    wait_shown(root, rules[1])
    assert shown(root) == [rules[1], rule_text(nb, rules[1])]
    root.locator(".dw-status").hover()
    wait_shown(root, None)

    root.locator(f'.dw-action[data-action-id="{first}"]').focus()  # the keyboard: Tab from the action
    root.page.keyboard.press("Tab")
    focus = root.evaluate(FOCUS_JS)
    assert (focus["rule"], focus["name"]) == (rules[0], f"Rule {rules[0]}"), focus
    assert focus["description"] == rule_text(nb, rules[0])  # what a screen reader reads with the name
    assert shown(root) == [rules[0], rule_text(nb, rules[0])]
    root.page.keyboard.press("ArrowRight")
    assert root.evaluate(FOCUS_JS)["rule"] == rules[1]
    assert shown(root) == [rules[1], rule_text(nb, rules[1])]
    root.page.keyboard.press("Escape")
    assert shown(root) is None
    assert root.evaluate(FOCUS_JS)["rule"] == rules[1]
    root.page.keyboard.press("Tab")  # one Tab stop per action's rules: on to the next action
    assert root.evaluate(FOCUS_JS)["action"] == second

    kernel.run(lab_harness._RECORD_INTENTS_PY)
    sent_before = kernel.eval("len(_dw_intents)")
    chip = root.locator(f'.dw-rule-group[data-rule-owner="{second}"] .dw-rule').first
    chip.click()  # a click on the second action's rule: its text, no choice
    assert shown(root) == [second_rules[0], rule_text(nb, second_rules[0])]
    lab_harness.click_action(root, kernel, root.locator(f'.dw-action[data-action-id="{first}"]'), 0, first, 0)
    assert kernel.eval("_dw_intents")[sent_before:] == [{"kind": "act", "id": first}]


def test_rule_named_in_the_log_shows_its_text(nb):
    """At the game's end the log names the rule that ended it (EM-END-1 or EM-END-2): Tab from the log
    reaches that rule ID, which shows ``rule_text(id)``; Escape hides it."""
    kernel = nb.kernel
    kernel.run("w.seats = ['greedy'] * 3\nwhile not w.game.is_over:\n    w.bot_step()")
    rules = kernel.eval("[r for row in w.log for r in dragonwidgets.engine.rules.rule_ids_in(row['text'])]")
    assert rules and rules[-1].startswith("EM-END-"), rules
    root = nb.widget("w")
    chip = root.locator(f'.dw-log-text .dw-rule[data-rule="{rules[-1]}"]').last
    chip.wait_for()
    root.locator(".dw-log-list").focus()
    for _ in range(len(rules)):  # Tab through the log's rule IDs to the last one
        root.page.keyboard.press("Tab")
    focus = root.evaluate(FOCUS_JS)
    assert focus["rule"] == rules[-1] and focus["name"] == f"Rule {rules[-1]}", focus
    assert shown(root) == [rules[-1], rule_text(nb, rules[-1])]
    assert focus["description"] == rule_text(nb, rules[-1])
    root.page.keyboard.press("Escape")
    assert shown(root) is None
    chip.hover()
    wait_shown(root, rules[-1])
    assert shown(root)[1] == rule_text(nb, rules[-1])


def test_popover_reads_in_light_and_dark_themes(nb, tmp_path):
    """The popover's text and rule ID, and the rule IDs themselves, contrast 4.5:1 or more with what is
    under them in both themes; axe finds no serious violation while the popover is shown."""
    root = at_start(nb)
    page = root.page
    first = nb.kernel.eval("w.legal_actions[0]['id']")
    chip = root.locator(f'.dw-rule-group[data-rule-owner="{first}"] .dw-rule').first
    other = root.locator(f'.dw-rule-group[data-rule-owner="{first}"] .dw-rule').last  # not shown
    out = Path(os.environ.get("DW_SCREENSHOT_DIR") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    ratios, found = {}, {}
    try:
        for theme in (LIGHT, DARK):
            set_theme(page, theme)
            chip.focus()
            wait_shown(root, chip.text_content())
            tip = root.locator(TIP)
            for part, el in (("text", tip.locator(".dw-rule-tip-text")), ("id", tip.locator(".dw-rule-tip-id")),
                             ("chip shown", chip), ("chip", other)):
                colours = el.evaluate(COLOURS_JS)
                ratios[theme, part] = round(contrast(colours["text"], colours["back"]), 2)
            found[theme] = serious(run_axe(page, f'[data-dw-widget="{nb.kernel.eval("w.model_id")}"] .dw-root'))
            box_tip, box_item = tip.bounding_box(), chip.locator("xpath=ancestor::li[1]").bounding_box()
            x0, y0 = min(box_tip["x"], box_item["x"]) - 24, min(box_tip["y"], box_item["y"]) - 24
            x1 = max(box_tip["x"] + box_tip["width"], box_item["x"] + box_item["width"]) + 24
            y1 = max(box_tip["y"] + box_tip["height"], box_item["y"] + box_item["height"]) + 24
            shot = out / f"rule_popover_{theme.split()[-1].lower()}.png"
            page.screenshot(path=str(shot), clip={"x": x0, "y": y0, "width": x1 - x0, "height": y1 - y0})
            print(f"\n{theme}: contrast {[(p, r) for (t, p), r in ratios.items() if t == theme]}, screenshot {shot}")
    finally:
        set_theme(page, LIGHT)  # the server saves the theme: leave it as found
    assert all(r >= 4.5 for r in ratios.values()), ratios
    report = "\n".join(f"--- {theme}\n{describe(v)}" for theme, v in found.items() if v)
    assert not report, f"serious axe violations with the popover shown:\n{report}"
