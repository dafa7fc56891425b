// An SVG board in two layers: `base`, drawn once per layout (the land, the spaces), and `live`, updated in
// place from each observation (js/shared/morph.js). A board keeps its parts (`createComponents`) for as long
// as the layout they were drawn on.

import { s, clear } from "./dom.js";
import { createComponents } from "./morph.js";

/**
 * @param {{class: string, label: string, base: string, live: string}} o  the SVG's class and accessible name,
 *     the layers' classes
 */
export function layeredSvg(o) {
  const svg = s("svg", { class: o.class, role: "group", "aria-label": o.label, "data-lm-suppress-shortcuts": "" });
  const base = s("g", { class: o.base });
  const live = s("g", { class: o.live });
  svg.append(base, live);
  const parts = createComponents();
  let builtFor = null;
  let drawn = null;
  return {
    svg,
    base,
    live,
    parts,
    /**
     * Draw the base layer for `layout` (by identity: the `board` trait), unless it is drawn already.
     * Returns what `draw` returned for this layout.
     * @template {{el: Node}} T
     * @param {Object} layout
     * @param {(layout: Object) => T} draw  the base layer's contents (`el`) and what the board keeps with it
     * @param {(layout: Object) => {x: number, y: number, w: number, h: number}} [box]  the viewBox, if it
     *     depends on the layout
     * @returns {T}
     */
    drawBase(layout, draw, box) {
      if (builtFor === layout) return drawn;
      if (box) {
        const vb = box(layout);
        svg.setAttribute("viewBox", `${vb.x} ${vb.y} ${vb.w} ${vb.h}`);
      }
      drawn = draw(layout);
      clear(base).append(drawn.el);
      parts.reset();
      builtFor = layout;
      return drawn;
    },
  };
}
