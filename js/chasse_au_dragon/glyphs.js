// Small SVG pictures of the forest and the panels: a pawn, a camp tent, a pile of face-down cards
// with its count, a face-up monster card, a fir tree and a goblin-quarter mark. Each is drawn around
// (0, 0) (a pawn and a tent stand on it); place it with `at`.

import { s } from "../shared/dom.js";

/** A `<g>` translated to (x, y). */
export function at(x, y, ...children) {
  return s("g", { transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` }, ...children);
}

/** An adventurer pawn standing on (0, 0), about 2r wide and 4r tall, in its seat's colours. */
export function pawnGlyph({ fill, edge }, r = 5, hit = null) {
  const body = `M${-r * 1.25},0 Q${-r * 1.2},${-r * 1.9} 0,${-r * 2.1} Q${r * 1.2},${-r * 1.9} ${r * 1.25},0 Z`;
  // the box that takes taps: the pawn's own cell on a shared square (`hit`, layout.js pawnFan), else an ellipse round it
  const area = hit
    ? s("rect", { x: hit.x, y: hit.y, width: hit.w, height: hit.h, rx: 4, class: "dw-cd-hit" })
    : s("ellipse", { cx: 0, cy: -r * 1.6, rx: Math.max(r * 2.1, 12), ry: Math.max(r * 2.4, 14), class: "dw-cd-hit" });
  return s(
    "g",
    { class: "dw-cd-pawn-glyph" },
    area,
    s("path", { d: body, fill, stroke: edge, class: "dw-cd-pawn-shape" }),
    s("circle", { cx: 0, cy: -r * 2.75, r: r * 0.95, fill, stroke: edge, class: "dw-cd-pawn-shape" }),
  );
}

/** A camp tent standing on (0, 0), w wide, in its seat's colours. */
export function tentGlyph({ fill, edge }, w = 24) {
  const h = w * 0.72;
  return s(
    "g",
    { class: "dw-cd-tent" },
    s("path", { d: `M${-w / 2},0 L0,${-h} L${w / 2},0 Z`, fill, stroke: edge, class: "dw-cd-tent-cloth" }),
    s("path", { d: `M${-w * 0.13},0 L0,${-h * 0.45} L${w * 0.13},0 Z`, class: "dw-cd-tent-door" }),
    s("path", { d: `M0,${-h} L${-w * 0.08},${-h - 5} M0,${-h} L${w * 0.1},${-h - 4}`, stroke: edge, class: "dw-cd-tent-pole" }),
  );
}

/**
 * A pile of face-down monster cards centred on (0, 0) with its count on the top card; up to three
 * card edges show under it. An empty pile is a dashed outline.
 */
export function pileGlyph(count, w = 20, h = 26) {
  const g = s("g", { class: `dw-cd-pile${count ? "" : " dw-cd-pile-empty"}` });
  if (!count) {
    g.append(s("rect", { x: -w / 2, y: -h / 2, width: w, height: h, rx: 3, class: "dw-cd-pile-outline" }));
    return g;
  }
  const layers = Math.min(3, count);
  for (let i = layers - 1; i >= 0; i -= 1) {
    g.append(s("rect", { x: -w / 2 + i * 2.2, y: -h / 2 + i * 2.2, width: w, height: h, rx: 3, class: "dw-cd-card-back" }));
  }
  g.append(s("text", { x: 0, y: 0.5, class: "dw-cd-pile-count", text: count }));
  return g;
}

/** A face-up monster card centred on (0, 0): its power large, its name small. */
export function monsterCard(card, power, w = 24, h = 32) {
  return s(
    "g",
    { class: `dw-cd-monster dw-cd-monster-${card}` },
    s("rect", { x: -w / 2, y: -h / 2, width: w, height: h, rx: 3, class: "dw-cd-card-face" }),
    s("text", { x: 0, y: -h * 0.1, class: "dw-cd-card-power", text: power }),
    s("text", { x: 0, y: h * 0.3, class: "dw-cd-card-name", text: card }),
  );
}

/** The size of a pile whose top card is face up: a small disc with the count, centred on (0, 0). */
export function countBadge(count) {
  return s("g", { class: "dw-cd-count-badge" }, s("circle", { r: 6.5, class: "dw-cd-card-back" }), s("text", { y: 0.5, class: "dw-cd-badge-count", text: count }));
}

/** A small fir tree standing on (0, 0). */
export function treeGlyph(size = 8) {
  const w = size * 0.6;
  return s("path", { d: `M0,${-size} L${w},${-size * 0.2} L${w * 0.25},${-size * 0.2} L${w * 0.25},0 L${-w * 0.25},0 L${-w * 0.25},${-size * 0.2} L${-w},${-size * 0.2} Z`, class: "dw-cd-tree" });
}

/** A goblin-quarter mark: a disc with one quarter cut out, centred on (0, 0). */
export function quarterGlyph(r = 5) {
  return s(
    "g",
    { class: "dw-cd-quarter" },
    s("circle", { r, class: "dw-cd-quarter-disc" }),
    s("path", { d: `M0,0 L0,${-r} A${r},${r} 0 0 1 ${r},0 Z`, class: "dw-cd-quarter-cut" }),
  );
}

/** A small standalone SVG (for the HTML panels) holding `child` in a w x h box with (0, 0) at (cx, cy). */
export function iconSvg(w, h, cx, cy, child, attrs = {}) {
  return s("svg", { viewBox: `${-cx} ${-cy} ${w} ${h}`, width: w, height: h, class: "dw-cd-icon", "aria-hidden": "true", ...attrs }, child);
}
