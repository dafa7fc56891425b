// The list of legal actions as numbered buttons (digit keys choose the n-th one), each with its rule IDs.

/** @typedef {import("./model.js").Action} Action */

import { h, panel, reconcileChildren } from "./dom.js";
import { ruleToolbar } from "./rules.js";

function probText(p) {
  if (p === null || p === undefined) return null;
  const thirds = Math.round(p * 3);
  if (Math.abs(p * 3 - thirds) < 1e-9 && thirds > 0 && thirds < 3) return `${thirds}/3`;
  return `${Math.round(p * 100)}%`;
}

// The rule IDs sit beside the action's button, in a toolbar of their own (rules.js): a control inside
// a button would be a nested control, and a click on a rule must not choose the action.
function actionItem(action, n, canAct) {
  const prob = probText(action.prob);
  const rules = action.rules || [];
  return h(
    "li",
    { class: canAct ? "dw-action-item" : "dw-action-item dw-action-item-off" },
    h(
      "button",
      {
        type: "button",
        class: "dw-action",
        "data-action-id": action.id,
        "data-kind": action.kind,
        "aria-disabled": canAct ? null : "true",
        "aria-keyshortcuts": n <= 9 ? String(n) : null,
      },
      // No aria-label: the name is the text shown (key, label, odds), as WCAG's "label in name" asks.
      h("span", { class: "dw-action-key", text: n <= 9 ? n : "·" }),
      h("span", { class: "dw-action-label", text: action.label }),
      prob ? h("span", { class: "dw-action-prob", text: prob }) : null,
    ),
    rules.length ? ruleToolbar(rules, action.id, action.label) : null,
  );
}

/**
 * Create the action panel.
 * @returns {{el: HTMLElement, update(actions: Action[], canAct: boolean, status: string): void}}
 */
export function createActionList() {
  const list = h("ol", { class: "dw-action-list", "aria-label": "Legal actions" });
  const empty = h("p", { class: "dw-muted dw-action-empty" });
  const random = h("button", {
    type: "button",
    class: "dw-btn dw-roll",
    "data-intent": "resolve_chance",
    text: "Roll at random",
    title: "Let the seeded generator pick the outcome",
  });
  const el = panel("dw-actions", "Legal actions", list, empty, random);
  /** @type {Map<string, HTMLElement>} the items drawn, by what they show: an item drawn the same is kept */
  let drawn = new Map();
  return {
    el,
    update(actions, canAct, note) {
      // Most of a turn's choices stay the same from one decision to the next (a rewind, a die roll, the
      // bots' turn in the teacher's view): their items stay as they are, with their focus and rule chips.
      const next = new Map();
      const items = actions.map((a, i) => {
        const key = JSON.stringify([a, i + 1, canAct]);
        const item = drawn.get(key) ?? actionItem(a, i + 1, canAct);
        next.set(key, item);
        return item;
      });
      drawn = next;
      reconcileChildren(list, items);
      list.hidden = actions.length === 0;
      empty.hidden = actions.length > 0;
      empty.textContent = note || "Nothing to choose in this view.";
      random.hidden = !(canAct && actions.length > 0 && actions.every((a) => a.player === -1));
    },
  };
}
