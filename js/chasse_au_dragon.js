// The La Chasse au Dragon widget's front end: the shared frame (js/shared/) around the SVG forest,
// the encounter and fight panel and the management boards (js/chasse_au_dragon/). Built by
// `npm run build` into dragonwidgets/static/chasse_au_dragon.js (self-contained, CSS included).

/** @typedef {import("./shared/model.js").GameTraits} GameTraits */

import { mountShell } from "./shared/shell.js";
import { attachSync } from "./shared/sync.js";
import { createChasseBoard } from "./chasse_au_dragon/board.js";
import { seatColour } from "./chasse_au_dragon/layout.js";
import css from "./chasse_au_dragon/chasse_au_dragon.css";

/** The colour of a seat's pawn, for the seat list. @param {GameTraits} t @param {number} seat */
function seatColours(t, seat) {
  return [seatColour(t.board, seat).fill];
}

/** @param {{model: import("./shared/model.js").Model, el: HTMLElement}} ctx */
function render({ model, el }) {
  return mountShell({ model, el, createBoard: createChasseBoard, css, colours: seatColours });
}

/** Once per model: apply the kernel's sync messages (every view then reads the same traits). */
function initialize({ model }) {
  return attachSync(model);
}

export default { initialize, render };
