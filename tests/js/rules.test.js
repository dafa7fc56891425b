// Rule IDs beside the actions and in the log show the rule's text (the `rule_texts` trait) when
// hovered, focused or clicked; Escape hides it; a click on a rule ID never chooses the action.
import { describe, it, expect, afterEach } from "vitest";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import generic from "../../js/game.js";
import { HIDE_DELAY, withRuleChips } from "../../js/shared/rules.js";
import { fakeModel, position, flush } from "./fake_model.js";

/** Emerald's rule texts as the package ships them (what `dragonwidgets.rule_text` reads). */
const RULE_TEXTS = Object.fromEntries(
  JSON.parse(readFileSync(resolve(process.cwd(), "dragonwidgets/games/emerald/data/rules.json"), "utf8")).rules.map((r) => [r.id, r.text]),
);

const click = (node) => node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
const key = (node, k) => node.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));
const pointer = (type, node, relatedTarget = null) => node.dispatchEvent(new MouseEvent(type, { bubbles: true, relatedTarget }));
const wait = (ms) => new Promise((r) => setTimeout(r, ms));

let el;
let cleanup;
let model;
function mount(name, extra = {}) {
  el = document.createElement("div");
  document.body.append(el);
  model = fakeModel({ ...position(name), rule_texts: RULE_TEXTS, ...extra });
  cleanup = generic.render({ model, el });
  return el;
}
afterEach(() => {
  cleanup?.();
  el?.remove();
  cleanup = el = model = null;
});

const tip = () => el.querySelector(".dw-rule-tip");
const shown = () => (tip().hidden ? null : tip().textContent);
const chipsOf = (action) => [...el.querySelectorAll(`.dw-rule-group[data-rule-owner="${action.id}"] .dw-rule`)];

describe("rule IDs beside the actions", () => {
  it("are buttons named 'Rule <ID>' beside each action's button, never inside it", () => {
    const t = position("start");
    mount("start");
    for (const action of t.legal_actions) {
      const chips = chipsOf(action);
      expect(chips.map((c) => c.textContent)).toEqual(action.rules);
      expect(chips.map((c) => c.getAttribute("aria-label"))).toEqual(action.rules.map((id) => `Rule ${id}`));
      expect(chips.every((c) => c.tagName === "BUTTON" && !c.closest("[data-action-id]"))).toBe(true);
    }
    // no control inside an action's button (axe: nested-interactive)
    expect(el.querySelectorAll(".dw-action [data-rule], .dw-action button, .dw-action [tabindex]")).toHaveLength(0);
  });

  it("show the rule's text on focus, described for screen readers, and Escape hides it (EM-MOVE-1)", () => {
    const t = position("start");
    mount("start");
    const chip = chipsOf(t.legal_actions[0]).find((c) => c.textContent === "EM-MOVE-1");
    expect(shown()).toBeNull();
    chip.focus();
    expect(tip().getAttribute("role")).toBe("tooltip");
    expect(tip().querySelector(".dw-rule-tip-text").textContent).toBe(RULE_TEXTS["EM-MOVE-1"]);
    expect(shown()).toBe(`EM-MOVE-1${RULE_TEXTS["EM-MOVE-1"]}`);
    expect(document.getElementById(chip.getAttribute("aria-describedby")).textContent).toBe(RULE_TEXTS["EM-MOVE-1"]);
    key(chip, "Escape");
    expect(shown()).toBeNull();
    expect(chip.hasAttribute("aria-describedby")).toBe(false);
    expect(document.activeElement).toBe(chip);
    chip.blur();
    chip.focus(); // focused anew: shown again
    expect(shown()).toContain(RULE_TEXTS["EM-MOVE-1"]);
    chip.blur();
    expect(shown()).toBeNull();
  });

  it("show the rule's text on hover, keep it while the pointer is on the popover, hide it after", async () => {
    const t = position("start");
    mount("start");
    const [first, second] = chipsOf(t.legal_actions[0]);
    pointer("pointerover", first);
    expect(shown()).toBe(first.textContent + RULE_TEXTS[first.textContent]);
    pointer("pointerout", first, tip()); // on to the popover: it stays
    pointer("pointerover", tip());
    await wait(HIDE_DELAY + 50);
    expect(shown()).toContain(RULE_TEXTS[first.textContent]);
    pointer("pointerover", second); // another rule ID: its text
    expect(shown()).toBe(second.textContent + RULE_TEXTS[second.textContent]);
    pointer("pointerout", second, el.querySelector(".dw-log"));
    expect(shown()).not.toBeNull(); // not at once (the pointer may be on its way to the popover)
    await wait(HIDE_DELAY + 50);
    expect(shown()).toBeNull();
  });

  it("a click shows the rule's text and does not choose the action; the action's own click still does", () => {
    const t = position("start");
    mount("start");
    const action = t.legal_actions[2];
    const chip = chipsOf(action)[0];
    click(chip);
    expect(model.sent).toEqual([]);
    expect(document.activeElement).toBe(chip);
    expect(shown()).toBe(chip.textContent + RULE_TEXTS[chip.textContent]);
    key(chip, "Enter"); // a button: Enter clicks it natively; the keyboard handler does not choose either
    key(chip, " ");
    expect(model.sent).toEqual([]);
    click(el.querySelector(`.dw-action[data-action-id="${action.id}"]`));
    expect(model.sent).toEqual([{ kind: "act", id: action.id }]);
  });

  it("a chip drawn inside a clickable choice (as a board might) still never chooses it", () => {
    const t = position("start");
    mount("start");
    const button = el.querySelector(`.dw-action[data-action-id="${t.legal_actions[0].id}"]`);
    const chip = withRuleChips("(EM-MOVE-1)")[1];
    button.append(chip);
    click(chip);
    expect(model.sent).toEqual([]);
    expect(shown()).toContain(RULE_TEXTS["EM-MOVE-1"]);
  });

  it("show an unknown ID alone, without error", () => {
    const t = position("start");
    const a = t.legal_actions[0];
    mount("start", { legal_actions: [{ ...a, rules: ["EM-MOVE-99"] }, ...t.legal_actions.slice(1)] });
    const chip = chipsOf(a)[0];
    chip.focus();
    expect(shown()).toBe("EM-MOVE-99");
    expect(chip.hasAttribute("aria-describedby")).toBe(false);
  });

  it("show the ID alone when the widget sends no rule texts at all", () => {
    const t = position("start");
    mount("start", { rule_texts: undefined });
    const chip = chipsOf(t.legal_actions[0])[0];
    click(chip);
    expect(shown()).toBe(chip.textContent);
  });

  it("are one Tab stop per action: ← → Home End move among them, ↑ to the action, ↓ to the next; no timeline step", () => {
    const t = position("start");
    mount("start");
    const action = t.legal_actions.find((a) => a.rules.length >= 3);
    const chips = chipsOf(action);
    expect(chips.map((c) => c.getAttribute("tabindex"))).toEqual(["0", ...chips.slice(1).map(() => "-1")]);
    chips[0].focus();
    key(chips[0], "ArrowRight");
    expect(document.activeElement).toBe(chips[1]);
    expect(chips.map((c) => c.getAttribute("tabindex"))).toEqual(chips.map((c) => (c === chips[1] ? "0" : "-1")));
    expect(shown()).toBe(chips[1].textContent + RULE_TEXTS[chips[1].textContent]);
    key(chips[1], "End");
    expect(document.activeElement).toBe(chips.at(-1));
    key(chips.at(-1), "ArrowRight"); // wraps
    expect(document.activeElement).toBe(chips[0]);
    key(chips[0], "ArrowLeft");
    expect(document.activeElement).toBe(chips.at(-1));
    key(chips.at(-1), "Home");
    expect(document.activeElement).toBe(chips[0]);
    expect(model.sent).toEqual([]); // ← / → on a rule do not step the timeline
    key(chips[0], "ArrowUp");
    expect(document.activeElement.getAttribute("data-action-id")).toBe(action.id);
    chips[0].focus();
    key(chips[0], "ArrowDown");
    const next = t.legal_actions[(t.legal_actions.indexOf(action) + 1) % t.legal_actions.length];
    expect(document.activeElement.getAttribute("data-action-id")).toBe(next.id);
    key(document.activeElement, "1"); // digits still choose
    expect(model.sent).toEqual([{ kind: "act", id: t.legal_actions[0].id }]);
  });

  it("keep the focus and the popover on the same rule when the list is redrawn", async () => {
    const t = position("start");
    mount("start");
    const action = t.legal_actions[1];
    const chip = chipsOf(action)[1];
    chip.focus();
    const same = structuredClone(t.legal_actions);
    model.update({ legal_actions: same }); // the same choices: the items are kept, the focus stays
    await flush();
    expect(chipsOf(action)[1]).toBe(chip);
    expect(document.activeElement).toBe(chip);
    const relabelled = structuredClone(same);
    relabelled[1].label += " (again)";
    model.update({ legal_actions: relabelled }); // this item redrawn: new elements
    await flush();
    const again = chipsOf(action)[1];
    expect(again).not.toBe(chip);
    expect(document.activeElement).toBe(again);
    expect(shown()).toBe(again.textContent + RULE_TEXTS[again.textContent]);
    model.update({ legal_actions: [], can_act: false }); // gone: the popover too
    await flush();
    expect(shown()).toBeNull();
  });
});

describe("rule IDs in the log", () => {
  it("the IDs an event names become chips in place; the row's text is unchanged (EM-END-1)", () => {
    const t = position("over_5p");
    mount("over_5p");
    const row = t.log.find((r) => r.text.includes("(EM-END-1)"));
    expect(row).toBeDefined();
    const texts = [...el.querySelectorAll(".dw-log-text")];
    expect(texts.map((n) => n.textContent)).toEqual(t.log.map((r) => r.text));
    const chip = el.querySelector('.dw-log-text [data-rule="EM-END-1"]');
    expect(chip.tagName).toBe("BUTTON");
    expect(chip.getAttribute("aria-label")).toBe("Rule EM-END-1");
    expect(chip.getAttribute("tabindex")).toBeNull(); // Tab reaches it
    chip.focus();
    expect(shown()).toBe(`EM-END-1${RULE_TEXTS["EM-END-1"]}`);
    key(chip, "ArrowLeft"); // the only rule ID in the log: stays, and the timeline does not move
    expect(document.activeElement).toBe(chip);
    click(chip);
    expect(model.sent).toEqual([]);
  });

  it("splits a text around every rule ID it names, known or not", () => {
    const parts = withRuleChips("Game over (EM-END-2, XX-FOO-3b): done.");
    expect(parts.map((p) => (typeof p === "string" ? p : `[${p.getAttribute("data-rule")}]`))).toEqual([
      "Game over (", "[EM-END-2]", ", ", "[XX-FOO-3b]", "): done.",
    ]);
    expect(withRuleChips("No rule here: move T1 black to P4.")).toEqual(["No rule here: move T1 black to P4."]);
  });

  it("a focused chip keeps the focus when rows are added (the bots play on)", async () => {
    const t = position("over_5p");
    mount("over_5p");
    el.querySelector('.dw-log-text [data-rule="EM-END-1"]').focus();
    const more = [...t.log.slice(1), { step: t.step + 1, player: 0, kind: "note", text: "Later (EM-SCORE-1)." }];
    model.update({ log: more });
    await flush();
    expect(document.activeElement.getAttribute("data-rule")).toBe("EM-END-1");
    expect(shown()).toContain(RULE_TEXTS["EM-END-1"]);
    model.update({ log: more.filter((r) => !r.text.includes("EM-END-1")) }); // its row gone: focus on the log
    await flush();
    expect(document.activeElement).toBe(el.querySelector(".dw-log-list"));
    expect(shown()).toBeNull();
  });
});
