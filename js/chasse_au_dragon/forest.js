// The forest itself, built once per layout: 64 squares (`data-target="x,y"`), the forest edge light,
// the inner squares darker deeper in (more trees), the inner zone outlined, the coordinates along two
// sides. Each square keeps a `contents` group that squares.js refills from every observation: its `pile`
// (the monster cards) and its `marks` (the reach cost, a camp), each redrawn only when what it shows changed;
// the reach cost is one `<text>` per square (`cost`, first in `marks`), written in place, empty where the
// mover cannot go.

/** @typedef {import("./layout.js").ChasseLayout} ChasseLayout */

import { s } from "../shared/dom.js";
import { CELL, boardSize, depth, squareId } from "./layout.js";
import { at, treeGlyph } from "./glyphs.js";

const TREE_SPOTS = [[CELL - 9, 13], [CELL - 19, 11], [CELL - 14, 21]];

function square(x, y, size) {
  const d = depth(x, y, size);
  const id = squareId(x, y);
  const g = s("g", { class: `dw-cd-square dw-cd-depth-${d}${d === 0 ? " dw-cd-edge" : ""}`, "data-target": id, "data-depth": d });
  const title = s("title", { text: `Square ${id}` });
  g.append(title);
  g.append(s("rect", { x: x * CELL, y: y * CELL, width: CELL, height: CELL, class: "dw-cd-cell" }));
  const decor = s("g", { class: "dw-cd-decor", "aria-hidden": "true" });
  for (const [tx, ty] of TREE_SPOTS.slice(0, d)) decor.append(at(x * CELL + tx, y * CELL + ty, treeGlyph(8)));
  g.append(decor);
  const pile = s("g", { class: "dw-cd-pile-layer" });
  const cost = s("text", { x: x * CELL + 3, y: y * CELL + CELL - 7, class: "dw-cd-reach-cost" });
  const marks = s("g", { class: "dw-cd-marks" }, cost);
  g.append(s("g", { class: "dw-cd-contents" }, pile, marks));
  return { g, title, pile, marks, cost };
}

/**
 * The static forest for `layout`.
 * @param {ChasseLayout} layout
 * @returns {{el: SVGElement, squares: Map<string, {g: SVGElement, title: SVGElement, pile: SVGElement, marks: SVGElement, cost: SVGElement}>}}
 */
export function forestSkeleton(layout) {
  const size = boardSize(layout);
  const el = s("g", { class: "dw-cd-forest-base" });
  const squares = new Map();
  el.append(s("rect", { x: -3, y: -3, width: size * CELL + 6, height: size * CELL + 6, rx: 6, class: "dw-cd-forest-frame" }));
  for (let y = 0; y < size; y += 1) {
    for (let x = 0; x < size; x += 1) {
      const sq = square(x, y, size);
      squares.set(squareId(x, y), sq);
      el.append(sq.g);
    }
  }
  el.append(s("rect", { x: CELL, y: CELL, width: (size - 2) * CELL, height: (size - 2) * CELL, class: "dw-cd-inner-outline", "aria-hidden": "true" }));
  const labels = s("g", { class: "dw-cd-coords", "aria-hidden": "true" });
  for (let i = 0; i < size; i += 1) {
    labels.append(s("text", { x: i * CELL + CELL / 2, y: -10, class: "dw-cd-coord", text: i }));
    labels.append(s("text", { x: -10, y: i * CELL + CELL / 2, class: "dw-cd-coord", text: i }));
  }
  el.append(labels);
  return { el, squares };
}
