// The Draghan widget's front end: the shared frame (js/shared/) around the card table
// (js/draghan/). Built by `npm run build` into dragonwidgets/static/draghan.js (self-contained, CSS
// included).

/** @typedef {import("./shared/model.js").GameTraits} GameTraits */

import { mountShell } from "./shared/shell.js";
import { attachSync } from "./shared/sync.js";
import { createDraghanBoard } from "./draghan/board.js";
import css from "./draghan/draghan.css";

/** Each seat's swatch: wounded characters red, healthy green, out grey. @param {GameTraits} t @param {number} seat */
function seatColours(t, seat) {
  const hero = t.observation?.heroes?.[seat];
  return [hero ? (hero.wounded ? "#c62828" : "#2e7d32") : "#9e9e9e"];
}

/** @param {{model: import("./shared/model.js").Model, el: HTMLElement}} ctx */
function render({ model, el }) {
  return mountShell({ model, el, createBoard: createDraghanBoard, css, colours: seatColours });
}

/** Once per model: apply the kernel's sync messages (every view then reads the same traits). */
function initialize({ model }) {
  return attachSync(model);
}

export default { initialize, render };
