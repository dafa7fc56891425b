// The log of recent events (as the viewer may read them), newest last. The rule IDs an event names,
// "(EM-END-2)", are chips that show the rule's text (rules.js).

/** The synced traits this module reflects. @typedef {Pick<import("./model.js").GameTraits, "log" | "player_names">} LogTraits */

import { h, replaceChildren } from "./dom.js";
import { rememberRuleFocus, restoreRuleFocus, withRuleChips } from "./rules.js";

/**
 * @param {(seat: number) => string} nameOf
 */
export function createLog(nameOf) {
  // Focusable, so that the keyboard can scroll it (its rows are not controls). ← / → move among its rule chips.
  const list = h("ol", {
    class: "dw-log-list", "aria-live": "polite", "aria-relevant": "additions", tabindex: "0",
    "aria-label": "Game log, newest last", "data-rule-group": "",
  });
  const el = h("section", { class: "dw-panel dw-log" }, h("h3", { class: "dw-panel-title", text: "Log" }), list);
  return {
    el,
    /** @param {{step:number, player:number, kind:string, text:string}[]} rows */
    update(rows) {
      const focus = rememberRuleFocus(list);
      let lastStep = null;
      let nth = 0; // the row's place among the rows of its step: with the step, it names the row
      replaceChildren(
        list,
        rows.map((row) => {
          nth = row.step === lastStep ? nth + 1 : 0;
          const who = row.player === -1 ? "chance" : nameOf(row.player);
          const item = h(
            "li",
            { class: `dw-log-row dw-log-${row.kind}`, "data-step": row.step, "data-rule-owner": `${row.step}.${nth}` },
            h("span", { class: "dw-log-step", text: row.step === lastStep ? "" : row.step }),
            h("span", { class: "dw-log-who", text: who }),
            h("span", { class: "dw-log-text" }, withRuleChips(row.text)),
          );
          lastStep = row.step;
          return item;
        }),
      );
      if (!rows.length) list.append(h("li", { class: "dw-muted", text: "Nothing has happened yet." }));
      list.scrollTop = list.scrollHeight;
      // A focused rule chip redrawn keeps the focus (and stays in sight); a chip gone leaves it on the
      // log, not outside the widget.
      if (!focus) return;
      if (!restoreRuleFocus(list, focus)) list.focus({ preventScroll: true });
      else {
        const chip = document.activeElement.getBoundingClientRect();
        const box = list.getBoundingClientRect();
        if (chip.top < box.top || chip.bottom > box.bottom) list.scrollTop += chip.top - box.top - box.height / 2;
      }
    },
  };
}
