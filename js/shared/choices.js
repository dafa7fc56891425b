// The bar under the board (issue 27, item 12): what the board itself cannot show is chosen here, beside it.
//   - every legal action with no place on the board (end the turn, keep the roll, pass, stay...) is a
//     button of its own, always in view beside the board (the list may hide it under a scroll);
//   - a highlighted element that several actions share (the dragon die in manual chance: one action per
//     face) opens a picker of those actions when clicked, instead of doing nothing;
//   - an action the board calls costly or irreversible (`Board.confirm`: a fate token spent, the Shadow
//     Realm entered for good) asks once in the page before it is sent: a clicked highlight never commits
//     it alone.
// The bar never decides what is legal: it shows the actions Python sent, and its buttons carry
// `data-action-id`, so the shell's click handler sends them as it sends any other choice.

/** @typedef {import("./model.js").Action} Action */

import { h } from "./dom.js";

/**
 * The legal actions with no place on the board: no `targets`.
 * @param {Action[]} actions
 */
export function offBoardActions(actions) {
  return actions.filter((a) => !(a.targets || []).length);
}

/**
 * The actions a board element stands for when several share it (its id among their targets).
 * @param {Action[]} actions
 * @param {string} target
 */
export function actionsOn(actions, target) {
  return actions.filter((a) => (a.targets || []).includes(target));
}

const choiceButton = (action, text, extra = "") =>
  h("button", { type: "button", class: `dw-btn dw-choice ${extra}`.trim(), "data-action-id": action.id, "data-kind": action.kind, text });

/**
 * Create the bar.
 * @returns {{el: HTMLElement, update(actions: Action[], canAct: boolean): void,
 *            pick(target: string, name: string, actions: Action[]): void,
 *            confirm(action: Action, question: string): void, close(): boolean, isOpen(): boolean}}
 */
export function createChoiceBar() {
  const buttons = h("div", { class: "dw-choice-row dw-choice-off-board", role: "group", "aria-label": "Choices beside the board" });
  const ask = h("div", { class: "dw-choice-ask", role: "group", hidden: true });
  const el = h("div", { class: "dw-choice-bar" }, buttons, ask);
  let shown = "";

  const cancelButton = (text) => h("button", { type: "button", class: "dw-btn dw-choice-cancel", "data-choice-cancel": "", text });
  /** Show a question with its buttons; the focus goes to the safe answer (Cancel), as an alert dialog's would. */
  const open = (label, question, ...answers) => {
    ask.replaceChildren(h("p", { class: "dw-choice-question", text: question }), h("div", { class: "dw-choice-row" }, ...answers));
    ask.setAttribute("aria-label", label);
    ask.hidden = false;
    ask.querySelector("[data-choice-cancel]")?.focus();
  };
  const close = () => {
    if (ask.hidden) return false;
    ask.hidden = true;
    ask.replaceChildren();
    return true;
  };
  return {
    el,
    update(actions, canAct) {
      const off = canAct ? offBoardActions(actions) : [];
      const key = JSON.stringify(off.map((a) => [a.id, a.label]));
      if (key !== shown) {
        shown = key;
        buttons.replaceChildren(...off.map((a) => choiceButton(a, a.label)));
      }
      buttons.hidden = off.length === 0;
      close(); // a question about the choices before is stale
    },
    pick(target, name, actions) {
      open(`Choose for ${name}`, `${name}: choose one`, ...actions.map((a) => choiceButton(a, a.label)), cancelButton("Cancel"));
    },
    confirm(action, question) {
      open(`Confirm: ${action.label}`, `Are you sure? ${question}`, choiceButton(action, `Yes: ${action.label}`, "dw-choice-yes"), cancelButton("No, cancel"));
    },
    close,
    isOpen: () => !ask.hidden,
  };
}
