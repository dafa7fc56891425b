// The log of recent events (as the viewer may read them), newest last. The rule IDs an event names,
// "(EM-END-2)", are chips that show the rule's text (rules.js).

/** The synced traits this module reflects. @typedef {Pick<import("./model.js").GameTraits, "log" | "player_names">} LogTraits */

import { h, panel, reconcileChildren } from "./dom.js";
import { rememberRuleFocus, restoreRuleFocus, withRuleChips } from "./rules.js";

/** Run `fn` before the next frame is painted (at once where there are no frames). */
const nextFrame = (fn) => (globalThis.requestAnimationFrame ? requestAnimationFrame(fn) : fn());

/** The rows with the notes of each step after its last row (and step 0's first, when the log starts there). */
function withNotes(rows, lis, notesFor) {
  const note = (step) => {
    const notes = notesFor(step);
    return notes ? [h("li", { class: "dw-log-notes", "data-step": step }, notes)] : [];
  };
  const out = !rows.length || rows[0].step === 1 ? note(0) : [];
  rows.forEach((row, i) => {
    out.push(lis[i]);
    if (rows[i + 1]?.step !== row.step) out.push(...note(row.step));
  });
  return out;
}

/**
 * @param {(seat: number) => string} nameOf
 */
export function createLog(nameOf) {
  // Focusable, so that the keyboard can scroll it (its rows are not controls). ← / → move among its rule chips.
  const list = h("ol", {
    class: "dw-log-list", "aria-live": "polite", "aria-relevant": "additions", tabindex: "0",
    "aria-label": "Game log, newest last", "data-rule-group": "",
  });
  /** @type {Map<Object, {key: string, li: HTMLElement}>} the rows drawn, by row object */
  let shown = new Map();
  const el = panel("dw-log", "Log", list);
  return {
    el,
    /**
     * @param {{step:number, player:number, kind:string, text:string}[]} rows
     * @param {((step: number) => Element|null)} [notesFor]  the notes of a step (its comment and variations,
     *     annotations.js), drawn after the step's last row (step 0's before the first row of step 1)
     */
    update(rows, notesFor = null) {
      const focus = rememberRuleFocus(list);
      let lastStep = null;
      let nth = 0; // the row's place among the rows of its step: with the step, it names the row
      const items = rows.map((row) => {
        nth = row.step === lastStep ? nth + 1 : 0;
        const who = row.player === -1 ? "chance" : nameOf(row.player);
        const key = `${row.step === lastStep ? "" : row.step}|${nth}|${who}`;
        lastStep = row.step;
        // The same row (Python's log patch keeps the row objects it does not drop), drawn the same way: kept.
        const drawn = shown.get(row);
        if (drawn?.key === key) return drawn;
        const li = h(
          "li",
          { class: `dw-log-row dw-log-${row.kind}`, "data-step": row.step, "data-rule-owner": `${row.step}.${nth}` },
          h("span", { class: "dw-log-step", text: key.split("|")[0] }),
          h("span", { class: "dw-log-who", text: who }),
          h("span", { class: "dw-log-text" }, withRuleChips(row.text)),
        );
        return { key, li };
      });
      shown = new Map(rows.map((row, i) => [row, items[i]]));
      const before = list.lastElementChild;
      reconcileChildren(list, notesFor ? withNotes(rows, items.map((item) => item.li), notesFor) : items.map((item) => item.li));
      if (!rows.length) list.append(h("li", { class: "dw-muted", text: "Nothing has happened yet." }));
      // Newest last, in sight: scrolled in the next frame, before it is painted, so that reading the
      // list's height lays the page out once, after every panel is drawn, not in the middle of a redraw.
      if (list.lastElementChild !== before) nextFrame(() => (list.scrollTop = list.scrollHeight));
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
