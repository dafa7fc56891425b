// The log of recent events (as the viewer may read them), newest last.

/** The synced traits this module reflects. @typedef {Pick<import("./model.js").GameTraits, "log" | "player_names">} LogTraits */

import { h, replaceChildren } from "./dom.js";

/**
 * @param {(seat: number) => string} nameOf
 */
export function createLog(nameOf) {
  // Focusable, so that the keyboard can scroll it (its rows are not controls).
  const list = h("ol", { class: "dw-log-list", "aria-live": "polite", "aria-relevant": "additions", tabindex: "0", "aria-label": "Game log, newest last" });
  const el = h("section", { class: "dw-panel dw-log" }, h("h3", { class: "dw-panel-title", text: "Log" }), list);
  return {
    el,
    /** @param {{step:number, player:number, kind:string, text:string}[]} rows */
    update(rows) {
      let lastStep = null;
      replaceChildren(
        list,
        rows.map((row) => {
          const who = row.player === -1 ? "chance" : nameOf(row.player);
          const item = h(
            "li",
            { class: `dw-log-row dw-log-${row.kind}`, "data-step": row.step },
            h("span", { class: "dw-log-step", text: row.step === lastStep ? "" : row.step }),
            h("span", { class: "dw-log-who", text: who }),
            h("span", { class: "dw-log-text", text: row.text }),
          );
          lastStep = row.step;
          return item;
        }),
      );
      if (!rows.length) list.append(h("li", { class: "dw-muted", text: "Nothing has happened yet." }));
      list.scrollTop = list.scrollHeight;
    },
  };
}
