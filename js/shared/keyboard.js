// Keyboard play. Keys only send the same intents as clicks; Python still decides what is legal.
//   1..9            choose the n-th legal action of the list
//   Enter / Space   choose the focused board element (buttons do this natively); an element several
//                   actions share opens their picker, a costly action asks first (choices.js)
//   Escape          close the picker or the question under the board
//   arrows          move focus among the legal board elements, or among the action buttons;
//                   on a rule ID, Left / Right (Home / End) move among its neighbours and Up / Down
//                   to its action and the next; Left / Right with nothing chosen step the timeline
//   u               undo the last decision
// With take-backs off in a seat view (`takeBacks()` false) the timeline keys and u do nothing.

/** The synced traits this module reflects. @typedef {Pick<import("./model.js").GameTraits, "legal_actions" | "can_act" | "step" | "history_length">} KeyboardTraits */

import { moveAmongRules } from "./rules.js";
import { choicesIn, isChoice } from "./targets.js";

export const KEY_HELP = "Keys: 1–9 choose · arrows move between choices · Enter choose · ←/→ step the timeline · u undo";

const EDITABLE = new Set(["INPUT", "SELECT", "TEXTAREA"]);

function cycle(list, current, delta) {
  if (!list.length) return null;
  const i = list.indexOf(current);
  if (i < 0) return list[delta > 0 ? 0 : list.length - 1];
  return list[(i + delta + list.length) % list.length];
}

/**
 * @param {{root: HTMLElement, board: Element, list: Element, scope: {listen: Function},
 *          send: (kind: string, fields?: Object) => void, actions: () => import("./model.js").Action[],
 *          canAct: () => boolean, step: () => number, length: () => number,
 *          takeBacks?: () => boolean, choose?: (el: Element) => void, escape?: () => boolean}} ctx
 *     choose: what Enter / Space on a board element does (a click's path: the shell's picker and questions)
 */
export function attachKeyboard(ctx) {
  const { root, board, list, scope, send } = ctx;
  const mayRewind = () => (ctx.takeBacks ? ctx.takeBacks() : true);
  const choose = ctx.choose ?? ((el) => send("act", { id: el.getAttribute("data-action-id") }));
  // Up / Down on the rules of an action: Up to that action, Down to the next one.
  const ruleToAction = (chip, key) => {
    const owner = chip.closest("[data-rule-owner]")?.getAttribute("data-rule-owner");
    const own = [...list.querySelectorAll("[data-action-id]")].find((el) => el.getAttribute("data-action-id") === owner);
    if (!own || (key !== "ArrowUp" && key !== "ArrowDown")) return false;
    (key === "ArrowUp" ? own : cycle(choicesIn(list), own, 1))?.focus();
    return true;
  };
  const onKey = (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = /** @type {HTMLElement} */ (event.target);
    if (EDITABLE.has(target.tagName)) return; // the slider and selects keep their own keys
    const key = event.key;
    if (/^[1-9]$/.test(key)) {
      const action = ctx.actions()[Number(key) - 1];
      if (action && ctx.canAct()) send("act", { id: action.id });
      event.preventDefault();
    } else if (key === "u" || key === "U") {
      if (mayRewind()) send("undo");
      event.preventDefault();
    } else if ((key === "Enter" || key === " ") && isChoice(target) && target.tagName !== "BUTTON") {
      choose(target);
      event.preventDefault();
    } else if (key === "Escape" && ctx.escape?.()) {
      event.preventDefault();
    } else if (target.hasAttribute("data-rule") && (moveAmongRules(target, key) || ruleToAction(target, key))) {
      event.preventDefault();
    } else if (key.startsWith("Arrow")) {
      const delta = key === "ArrowRight" || key === "ArrowDown" ? 1 : -1;
      const inList = list.contains(target) && target.hasAttribute("data-action-id");
      const inBoard = board.contains(target) && isChoice(target);
      if (inList || inBoard) {
        cycle(choicesIn(inList ? list : board), target, delta)?.focus();
      } else if (key === "ArrowLeft" || key === "ArrowRight") {
        const next = Math.max(0, Math.min(ctx.length(), ctx.step() + delta));
        if (next !== ctx.step() && mayRewind()) send("goto", { step: next });
      } else {
        (choicesIn(board)[0] || choicesIn(list)[0])?.focus();
      }
      event.preventDefault();
    }
  };
  scope.listen(root, "keydown", onKey);
}
