// The generic front end of `GameWidget`: any game of the engine, drawn as its text board, with the
// shared legal-action list, timeline, seats, viewer, log and inspector. Games with a drawn board have
// their own entry (e.g. js/emerald.js).

/** @typedef {import("./shared/model.js").GameTraits} GameTraits */

import { h } from "./shared/dom.js";
import { mountShell } from "./shared/shell.js";
import { attachSync } from "./shared/sync.js";

function createTextBoard() {
  const pre = h("pre", { class: "dw-text-board", "aria-label": "Text board" });
  return {
    el: h("div", { class: "dw-generic-board" }, pre),
    /** @param {GameTraits} t */
    update(t) {
      pre.textContent = t.text || "";
    },
  };
}

/** @param {{model: import("./shared/model.js").Model, el: HTMLElement}} ctx */
function render({ model, el }) {
  return mountShell({ model, el, createBoard: createTextBoard });
}

/** Once per model: apply the kernel's sync messages (every view then reads the same traits). */
function initialize({ model }) {
  return attachSync(model);
}

export default { initialize, render };
