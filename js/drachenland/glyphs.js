// Small SVG pictures shared by the map and the seat panels: the four player shapes, a royal dragon,
// an egg, a gem dot and one icon per token kind. Each is centred on (0, 0); place it with `at`.

import { s, inkFor } from "../shared/dom.js";

/** A `<g>` translated to (x, y). */
export function at(x, y, ...children) {
  return s("g", { transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` }, ...children);
}

/**
 * A player's shape (DL-REC-4: circle, square, triangle or diamond by seat) of radius r.
 * @param {string} glyph
 * @param {number} r
 * @param {Record<string, any>} attrs  fill, class...
 */
export function shapeGlyph(glyph, r, attrs = {}) {
  switch (glyph) {
    case "square":
      return s("rect", { x: -r * 0.88, y: -r * 0.88, width: r * 1.76, height: r * 1.76, rx: r * 0.18, ...attrs });
    case "triangle":
      return s("path", { d: `M0,${-r * 1.12} L${r * 1.05},${r * 0.78} L${-r * 1.05},${r * 0.78} Z`, ...attrs });
    case "diamond":
      return s("path", { d: `M0,${-r * 1.15} L${r * 1.05},0 L0,${r * 1.15} L${-r * 1.05},0 Z`, ...attrs });
    default:
      return s("circle", { r, ...attrs });
  }
}

/**
 * An adventurer: its seat's shape filled with its colour, a white ring mark when it wears a ring.
 * @param {{glyph: string, css: string, ring: boolean, r?: number}} o
 */
export function adventurerGlyph({ glyph, css, ring, r = 6.5 }) {
  const g = s("g", { class: "dw-dl-adv-glyph" });
  g.append(s("circle", { r: Math.max(r + 4, 12.5), class: "dw-dl-hit" }));
  g.append(shapeGlyph(glyph, r, { fill: css, class: "dw-dl-adv-shape" }));
  if (ring) g.append(s("circle", { cx: r * 0.85, cy: -r * 0.85, r: r * 0.42, class: "dw-dl-ring-mark" }));
  return g;
}

/** A royal dragon seen from above (wings spread), of the dragon's colour, about 2r wide. */
export function dragonGlyph(css, r = 10) {
  const k = r / 10;
  const p = (pts) => pts.map(([x, y], i) => `${i ? "L" : "M"}${(x * k).toFixed(1)},${(y * k).toFixed(1)}`).join(" ") + " Z";
  return s(
    "g",
    { class: "dw-dl-dragon-glyph" },
    s("path", { d: p([[-2, -2], [-11, -7], [-8, 1], [-11, 4], [-2, 4]]), fill: css, class: "dw-dl-dragon-wing" }),
    s("path", { d: p([[2, -2], [11, -7], [8, 1], [11, 4], [2, 4]]), fill: css, class: "dw-dl-dragon-wing" }),
    s("ellipse", { cx: 0, cy: 1 * k, rx: 3 * k, ry: 7 * k, fill: css, class: "dw-dl-dragon-body" }),
    s("circle", { cx: 0, cy: -6.5 * k, r: 3.2 * k, fill: css, class: "dw-dl-dragon-body" }),
    s("path", { d: `M${-2 * k},${-9 * k} L${-3.5 * k},${-12 * k} M${2 * k},${-9 * k} L${3.5 * k},${-12 * k}`, class: "dw-dl-dragon-horn" }),
  );
}

/** A dragon egg (cream, speckled), radius about r, with the count written on it when more than one. */
export function eggGlyph(count, r = 5.5) {
  const g = s("g", { class: "dw-dl-egg-glyph" });
  g.append(s("ellipse", { rx: r * 0.8, ry: r, class: "dw-dl-egg" }));
  if (count > 1) g.append(s("text", { y: r * 0.1, class: "dw-dl-count", text: count, style: "fill:#3e2723" }));
  return g;
}

/** A gem as a coloured dot (a small cut stone), with the count on it when more than one. */
export function gemGlyph(css, count, r = 4.6) {
  const g = s("g", { class: "dw-dl-gem-glyph" });
  g.append(s("path", { d: `M0,${-r} L${r},${-r * 0.2} L0,${r} L${-r},${-r * 0.2} Z`, fill: css, class: "dw-dl-gem" }));
  if (count > 1) g.append(s("text", { y: 0, class: "dw-dl-count", text: count, style: `fill:${inkFor(css)}` }));
  return g;
}

const TOKEN_PICTURES = {
  fate: () => [
    s("path", { d: "M-4.5,1.5 A4.6,4.6 0 1 1 -1,4.4", class: "dw-dl-icon-line" }),
    s("path", { d: "M-6.8,-0.5 L-4.4,3.2 L-1.8,-0.2 Z", class: "dw-dl-icon-fill" }),
  ],
  boatman: () => [
    s("path", { d: "M-6,1 L6,1 L3.5,5 L-3.5,5 Z", class: "dw-dl-icon-fill" }),
    s("path", { d: "M0,1 L0,-6 M0,-5.5 L4.5,-0.5 L0,-0.5", class: "dw-dl-icon-line" }),
  ],
  baby_dragon: () => [dragonGlyph("currentColor", 6.5)],
  forced_march: () => [s("text", { y: 0.5, class: "dw-dl-icon-text", text: "+3" })],
  magic_hand: () => [
    s("path", { d: "M-3.5,5 L-3.5,-1 M-1.5,1 L-1.5,-5 M0.5,1 L0.5,-6 M2.5,1 L2.5,-5 M4,2 L5.5,-1.5", class: "dw-dl-icon-line" }),
    s("path", { d: "M-4,0 L4.5,0 L4,4 L1.5,6 L-2.5,6 L-4,3.5 Z", class: "dw-dl-icon-fill" }),
  ],
  ring: () => [s("circle", { r: 4.2, class: "dw-dl-icon-ring" })],
};

/**
 * A token's face: a disc with the token's picture. Royal dragons show a dragon of their colour.
 * @param {string} kind   fate, boatman, baby_dragon, forced_march, magic_hand, ring, royal_dragon_{colour}
 * @param {Record<string, {css: string}>} colours
 * @param {number} r
 */
export function tokenFace(kind, colours, r = 8) {
  const g = s("g", { class: `dw-dl-token dw-dl-token-${kind}` });
  g.append(s("circle", { r, class: "dw-dl-token-disc" }));
  const royal = /^royal_dragon_(\w+)$/.exec(kind);
  const scale = r / 8;
  const inner = s("g", { transform: `scale(${scale.toFixed(3)})`, class: "dw-dl-token-picture" });
  if (royal) inner.append(dragonGlyph(colours[royal[1]]?.css || "#888", 7.5));
  else inner.append(...(TOKEN_PICTURES[kind]?.() || [s("text", { class: "dw-dl-icon-text", text: "?" })]));
  g.append(inner);
  return g;
}

/** A face-down token: the dragon-head back with a "?". */
export function tokenBack(r = 8) {
  return s(
    "g",
    { class: "dw-dl-token dw-dl-token-back" },
    s("circle", { r, class: "dw-dl-token-disc" }),
    s("path", { d: `M${-r * 0.55},${-r * 0.2} L${-r * 0.75},${-r * 0.75} L${-r * 0.2},${-r * 0.45} M${r * 0.55},${-r * 0.2} L${r * 0.75},${-r * 0.75} L${r * 0.2},${-r * 0.45}`, class: "dw-dl-back-horns" }),
    s("text", { y: r * 0.12, class: "dw-dl-back-mark", text: "?" }),
  );
}

/** A small standalone SVG (for the HTML seat panels) holding `child` centred in a size x size box. */
export function iconSvg(size, child, attrs = {}) {
  const half = size / 2;
  return s("svg", { viewBox: `${-half} ${-half} ${size} ${size}`, width: size, height: size, class: "dw-dl-icon", ...attrs }, child);
}
