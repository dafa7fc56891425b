// The fight hint Python computes during the declarations (`observation.hint`, from
// `game.fight_plans()`): the best plans that still defeat every monster, at most three, each a
// line "Hint: Elf → Goblin, Wizard + Lute → Merchant", and a note (how many plans, or that none
// clears the table and who will be wounded).

/** @typedef {import("./board.js").DraghanObservation} DraghanObservation */

import { h } from "../shared/dom.js";

/**
 * The hint panel, or null when no hint was sent (outside the fight declarations).
 * @param {{obs: DraghanObservation}} o
 * @returns {HTMLElement|null}
 */
export function hintPanel({ obs }) {
  const hint = obs.hint;
  if (!hint) return null;
  const plans = hint.plans || [];
  return h(
    "section",
    { class: `dw-panel dw-dg-hint${plans.length ? "" : " dw-dg-hint-none"}`, "aria-label": "Fight hint" },
    h("h3", { class: "dw-panel-title", text: "Fight hint" }),
    plans.length
      ? h(
        "ol",
        { class: "dw-dg-plans" },
        plans.map((p, i) => h(
          "li",
          { class: `dw-dg-plan${p.dragon ? " dw-dg-plan-dragon" : ""}`, "data-plan": i },
          h("strong", { text: "Hint: " }),
          h("span", { class: "dw-dg-plan-text", text: p.text }),
        )),
      )
      : null,
    h("p", { class: "dw-muted dw-dg-hint-note", text: hint.note || "" }),
  );
}
