// The Drachenland widget's front end: the shared frame (js/shared/) around the SVG map and the seat
// panels (js/drachenland/). Built by `npm run build` into dragonwidgets/static/drachenland.js
// (self-contained, CSS included).

/** @typedef {import("./shared/model.js").GameTraits} GameTraits */

import { mountShell } from "./shared/shell.js";
import { attachSync } from "./shared/sync.js";
import { createDrachenlandBoard } from "./drachenland/board.js";
import css from "./drachenland/drachenland.css";

/** @param {{model: import("./shared/model.js").Model, el: HTMLElement}} ctx */
function render({ model, el }) {
  // Seats differ by shape, not colour (every seat has a red, a green and a blue adventurer): the
  // seat list shows no colour swatches; the map and the seat panels show the shapes.
  return mountShell({ model, el, createBoard: createDrachenlandBoard, css });
}

/** Once per model: apply the kernel's sync messages (every view then reads the same traits). */
function initialize({ model }) {
  return attachSync(model);
}

export default { initialize, render };
