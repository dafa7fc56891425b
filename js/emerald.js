// The Emerald widget's front end: the shared frame (js/shared/) around the SVG board (js/emerald/).
// Built by `npm run build` into dragonwidgets/static/emerald.js (self-contained, CSS included).

/** @typedef {import("./shared/model.js").GameTraits} GameTraits */

import { mountShell } from "./shared/shell.js";
import { attachSync } from "./shared/sync.js";
import { createEmeraldBoard } from "./emerald/board.js";
import css from "./emerald/emerald.css";

/** The CSS colours of a seat's knights (two at 2 players). @param {GameTraits} t @param {number} seat */
function seatColours(t, seat) {
  const ids = t.observation?.seat_colours?.[seat] || t.board?.seat_colours?.[seat] || [];
  return ids.map((c) => t.board?.colours?.[c]?.css || "#888");
}

/** @param {{model: import("./shared/model.js").Model, el: HTMLElement}} ctx */
function render({ model, el }) {
  return mountShell({ model, el, createBoard: createEmeraldBoard, css, colours: seatColours });
}

/** Once per model: apply the kernel's sync messages (every view then reads the same traits). */
function initialize({ model }) {
  return attachSync(model);
}

export default { initialize, render };
