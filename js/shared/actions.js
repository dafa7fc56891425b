// The list of legal actions as numbered buttons (digit keys choose the n-th one).

/** @typedef {import("./model.js").Action} Action */

import { h, replaceChildren } from "./dom.js";

function probText(p) {
  if (p === null || p === undefined) return null;
  const thirds = Math.round(p * 3);
  if (Math.abs(p * 3 - thirds) < 1e-9 && thirds > 0 && thirds < 3) return `${thirds}/3`;
  return `${Math.round(p * 100)}%`;
}

function actionButton(action, n, canAct) {
  const prob = probText(action.prob);
  return h(
    "li",
    {},
    h(
      "button",
      {
        type: "button",
        class: "dw-action",
        "data-action-id": action.id,
        "data-kind": action.kind,
        "aria-disabled": canAct ? null : "true",
        "aria-keyshortcuts": n <= 9 ? String(n) : null,
        title: (action.rules || []).length ? `Rules: ${action.rules.join(", ")}` : null,
      },
      // No aria-label: the name is the text shown (key, label, odds, rule IDs), as WCAG's "label in name" asks.
      h("span", { class: "dw-action-key", text: n <= 9 ? n : "·" }),
      h("span", { class: "dw-action-label", text: action.label }),
      prob ? h("span", { class: "dw-action-prob", text: prob }) : null,
      (action.rules || []).length
        ? h("span", { class: "dw-action-rules", text: action.rules.join(" ") })
        : null,
    ),
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
  const el = h(
    "section",
    { class: "dw-panel dw-actions" },
    h("h3", { class: "dw-panel-title", text: "Legal actions" }),
    list,
    empty,
    random,
  );
  return {
    el,
    update(actions, canAct, note) {
      replaceChildren(list, actions.map((a, i) => actionButton(a, i + 1, canAct)));
      list.hidden = actions.length === 0;
      empty.hidden = actions.length > 0;
      empty.textContent = note || "Nothing to choose in this view.";
      random.hidden = !(canAct && actions.length > 0 && actions.every((a) => a.player === -1));
    },
  };
}
