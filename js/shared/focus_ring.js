// The keyboard focus ring of an SVG board's choice (issue 27, item 13), drawn on top of the whole board.
//
// An outline on an SVG element is painted with the element, so the elements drawn after it (the next square
// of a forest, a knight on a tower) cover parts of it. Here the ring is a rectangle of its own, the last child
// of the board's SVG, around the focused element's box: a 3 px line in the focus colour over a 7 px line of the
// background colour, so it reads at 3:1 or more against whatever it crosses (WCAG 2.4.11 / 2.4.13's measure).
// The CSS hides the element's own outline while the ring shows (`.dw-ring-on`).

import { s } from "./dom.js";
import { overlayClasses, overlayNode } from "./morph.js";

overlayClasses("dw-ring-on");

/**
 * @param {Element} el   a focused choice inside an SVG
 * @returns {{x: number, y: number, w: number, h: number}|null}  its box in the SVG's user units
 */
function boxInSvg(el) {
  const svg = /** @type {SVGGraphicsElement} */ (el).ownerSVGElement;
  if (!svg || typeof el.getBBox !== "function") return null;
  const b = el.getBBox();
  const toSvg = svg.getScreenCTM()?.inverse().multiply(el.getScreenCTM());
  if (!toSvg) return null;
  const corners = [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height], [b.x + b.width, b.y + b.height]].map(([x, y]) => {
    const p = svg.createSVGPoint();
    p.x = x;
    p.y = y;
    return p.matrixTransform(toSvg);
  });
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  return { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
}

/**
 * Create the ring for a board; `show(el)` draws it around `el` (an SVG choice), `hide()` removes it.
 */
export function createFocusRing() {
  let ring = null;
  let on = null;
  const hide = () => {
    ring?.remove();
    on?.classList.remove("dw-ring-on");
    ring = on = null;
  };
  const show = (el) => {
    hide();
    const svg = /** @type {SVGGraphicsElement} */ (el).ownerSVGElement;
    const box = boxInSvg(el);
    if (!svg || !box || !box.w || !box.h) return;
    // a few CSS px outside the element's box, whatever the board's scale
    const unit = 1 / (svg.getScreenCTM()?.a || 1);
    const pad = 3 * unit;
    const rect = (cls, width) => s("rect", {
      x: box.x - pad, y: box.y - pad, width: box.w + 2 * pad, height: box.h + 2 * pad, rx: 4 * unit,
      class: cls, "stroke-width": width * unit,
    });
    ring = overlayNode(s("g", { class: "dw-focus-ring", "aria-hidden": "true" }, rect("dw-focus-ring-halo", 7), rect("dw-focus-ring-line", 3)));
    svg.append(ring);
    on = el;
    el.classList.add("dw-ring-on");
  };
  return { show, hide, isOn: (el) => on === el };
}
