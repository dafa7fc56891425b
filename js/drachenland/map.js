// The static land, built once per layout: paths (lines between nodes), rivers (blue wavy lines,
// `river/{Va}-{Vb}`), stepping stones (`s01`..), volcano cones (`V01`..) and the entrance arrows.
// What changes during play (treasure, tokens, pieces) is drawn over it by volcano.js and pieces.js.

/** @typedef {import("./layout.js").DrachenlandLayout} DrachenlandLayout */

import { s } from "../shared/dom.js";
import { VOLCANO_R, STONE_R, STONE_HIT, viewBox, nodePoints, riverId, wavyPath, entranceArrow } from "./layout.js";

const ENTRANCE_NAMES = { EN: "north", EW: "west", ESE: "south-east" };

/** The pairs of node ids (`[a, b]`) whose two ends are on the map, with their points. */
function* placedPairs(pairs, pts) {
  for (const [a, b] of pairs || []) {
    const p = pts.get(a);
    const q = pts.get(b);
    if (p && q) yield { a, b, p, q };
  }
}

function pathLines(layout, pts) {
  const g = s("g", { class: "dw-dl-paths" });
  for (const { p, q } of placedPairs(layout.edges, pts)) {
    const entrance = p.kind === "entrance" || q.kind === "entrance";
    g.append(s("line", { x1: p.x, y1: p.y, x2: q.x, y2: q.y, class: entrance ? "dw-dl-path dw-dl-path-entry" : "dw-dl-path" }));
  }
  return g;
}

function rivers(layout, pts) {
  const g = s("g", { class: "dw-dl-rivers" });
  for (const { a, b, p, q } of placedPairs(layout.rivers, pts)) {
    const d = wavyPath(p, q);
    const river = s("g", { class: "dw-dl-river", "data-target": riverId(a, b) });
    river.append(s("title", { text: `River between ${a} and ${b} (a boatman crosses it)` }));
    river.append(s("path", { d, class: "dw-dl-river-hit" }));
    river.append(s("path", { d, class: "dw-dl-river-bank" }));
    river.append(s("path", { d, class: "dw-dl-river-water" }));
    g.append(river);
  }
  return g;
}

function stones(layout, pts) {
  const g = s("g", { class: "dw-dl-stones" });
  for (const stone of layout.stones || []) {
    const p = pts.get(stone.id);
    const el = s("g", { class: `dw-dl-stone${stone.junction ? " dw-dl-junction" : ""}`, "data-target": stone.id });
    el.append(s("title", { text: `Stepping stone ${stone.id}${stone.junction ? " (crossroads)" : ""}` }));
    // the touch target: 25 units across, 24 CSS px at the map's least width (drachenland.css), and no wider
    // than the closest stones lie apart (25.6 units), so two targets never overlap (issue 27, item 13)
    el.append(s("circle", { cx: p.x, cy: p.y, r: STONE_HIT, class: "dw-dl-hit" }));
    el.append(s("circle", { cx: p.x, cy: p.y, r: stone.junction ? STONE_R + 1.5 : STONE_R, class: "dw-dl-stone-shape" }));
    // its id, as the log and the actions name it ("s04"): every id the text names is found on the map
    el.append(s("text", { x: p.x, y: p.y + STONE_R + 8, class: "dw-dl-stone-label", text: stone.id }));
    g.append(el);
  }
  return g;
}

/** The cone of a volcano centred on (cx, cy): a mountain with a glowing crater. */
function cone(cx, cy) {
  const r = VOLCANO_R;
  const base = cy + r * 0.72;
  const top = cy - r * 0.62;
  const d = `M${cx - r},${base} Q${cx - r * 0.55},${cy - r * 0.05} ${cx - r * 0.34},${top} L${cx + r * 0.34},${top} Q${cx + r * 0.55},${cy - r * 0.05} ${cx + r},${base} Z`;
  return [
    s("circle", { cx, cy, r: r + 2, class: "dw-dl-volcano-halo" }),
    s("path", { d, class: "dw-dl-volcano-cone" }),
    s("ellipse", { cx, cy: top, rx: r * 0.34, ry: r * 0.13, class: "dw-dl-crater" }),
  ];
}

function volcanoes(layout, pts) {
  const g = s("g", { class: "dw-dl-volcanoes" });
  for (const v of layout.volcanoes || []) {
    const p = pts.get(v.id);
    const el = s("g", { class: "dw-dl-volcano", "data-target": v.id });
    el.append(s("title", { text: `Volcano ${v.id}` }));
    el.append(...cone(p.x, p.y));
    g.append(el);
  }
  return g;
}

/** The volcano names, drawn over paths and rivers so they stay readable. */
function volcanoLabels(layout, pts) {
  const g = s("g", { class: "dw-dl-volcano-labels", "aria-hidden": "true" });
  for (const v of layout.volcanoes || []) {
    const p = pts.get(v.id);
    g.append(s("text", { x: p.x - VOLCANO_R * 0.55, y: p.y - VOLCANO_R * 0.92, class: "dw-dl-volcano-label", text: v.id }));
  }
  return g;
}

function entrances(layout, pts) {
  const g = s("g", { class: "dw-dl-entrances" });
  for (const e of layout.entrances || []) {
    const p = pts.get(e.id);
    const next = (layout.edges || [])
      .filter(([a, b]) => a === e.id || b === e.id)
      .map(([a, b]) => pts.get(a === e.id ? b : a))
      .filter(Boolean);
    const { x, y, ux, uy } = entranceArrow(p, next);
    // an arrow from outside the edge pointing in, its tip on the entrance
    const back = 24;
    const wide = 9;
    const bx = x - ux * back;
    const by = y - uy * back;
    const d = `M${x},${y} L${bx - uy * wide},${by + ux * wide} L${bx + uy * wide},${by - ux * wide} Z`;
    const name = ENTRANCE_NAMES[e.id] || e.id;
    const el = s("g", { class: "dw-dl-entrance", "data-target": e.id });
    el.append(s("title", { text: `Entrance ${e.id} (${name}): adventurers come in here; it is not a space` }));
    el.append(s("circle", { cx: (x + bx) / 2, cy: (y + by) / 2, r: 15, class: "dw-dl-hit" })); // a 30-unit touch target
    el.append(s("path", { d, class: "dw-dl-entrance-arrow" }));
    el.append(s("text", { x: (x + bx) / 2 - uy * 20, y: (y + by) / 2 + ux * 20, class: "dw-dl-entrance-label", text: e.id }));
    g.append(el);
  }
  return g;
}

/**
 * The static land for `layout`.
 * @param {DrachenlandLayout} layout
 */
export function landSkeleton(layout) {
  const pts = nodePoints(layout);
  const vb = viewBox(layout);
  const g = s("g", { class: "dw-dl-land" });
  g.append(s("rect", { x: vb.x + 2, y: vb.y + 2, width: vb.w - 4, height: vb.h - 4, rx: 16, class: "dw-dl-map-bg" }));
  g.append(pathLines(layout, pts), volcanoes(layout, pts), rivers(layout, pts), stones(layout, pts), entrances(layout, pts), volcanoLabels(layout, pts));
  return g;
}
