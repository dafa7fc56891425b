// Emerald's cards in SVG: gold (value), gem (type), face-down backs, treasure, and the piles beside the
// mountain squares (face-up top card plus the number of face-down cards under it).

/**
 * A card as the observation describes it.
 * @typedef {{kind: "gold", value: number} | {kind: "gem", gem: string}} Card
 * @typedef {{count: number, top: Card|null}} Pile
 * @typedef {Record<string, {name: string, css: string}>} GemInfo
 */

import { s } from "../shared/dom.js";

const DIAMOND = "M0,-9 L8,-2 L0,10 L-8,-2 Z";

/** A gem glyph (a cut stone) of the gem's colour, centred on (0, 0). */
export function gemGlyph(css, scale = 1) {
  return s(
    "g",
    { class: "dw-gem", transform: `scale(${scale})` },
    s("path", { d: DIAMOND, fill: css, class: "dw-gem-stone" }),
    s("path", { d: "M-8,-2 L8,-2 M-3,-2 L0,10 L3,-2", class: "dw-gem-facet" }),
  );
}

/**
 * One card centred on (cx, cy).
 * @param {Card|null} card  null draws a face-down back
 * @param {{cx: number, cy: number, w: number, h: number, gems: GemInfo}} o
 */
export function cardShape(card, { cx, cy, w, h, gems }) {
  const x = cx - w / 2;
  const y = cy - h / 2;
  if (!card) {
    return s("g", { class: "dw-card dw-card-back" }, s("rect", { x, y, width: w, height: h, rx: 4 }), s("rect", { x: x + 4, y: y + 4, width: w - 8, height: h - 8, rx: 2, class: "dw-card-back-inner" }));
  }
  if (card.kind === "gold") {
    return s(
      "g",
      { class: "dw-card dw-card-gold" },
      s("rect", { x, y, width: w, height: h, rx: 4 }),
      s("circle", { cx, cy, r: Math.min(w, h) * 0.36, class: "dw-coin" }),
      s("text", { x: cx, y: cy + 0.5, class: "dw-card-value", "font-size": Math.min(w, h) * 0.5, text: card.value }),
    );
  }
  const gem = gems[card.gem] || { name: card.gem, css: "#888" };
  return s(
    "g",
    { class: "dw-card dw-card-gem" },
    s("rect", { x, y, width: w, height: h, rx: 4 }),
    s("g", { transform: `translate(${cx},${cy})` }, gemGlyph(gem.css, Math.min(w, h) / 22)),
  );
}

/**
 * A pile beside a mountain square: backs fanned behind the face-up top, and "+n" face down.
 * @param {string} target  "M3/gold"
 * @param {Pile|undefined} pile
 * @param {{cx: number, cy: number, w: number, h: number, gems: GemInfo, kind: string, square: string}} o
 */
export function pileShape(target, pile, o) {
  const count = pile?.count ?? 0;
  const top = pile?.top ?? null;
  const hidden = Math.max(0, count - (top ? 1 : 0));
  const g = s("g", { class: `dw-pile dw-pile-${o.kind}`, "data-target": target });
  const label = top
    ? `${o.kind} pile of ${o.square}: ${top.kind === "gold" ? `gold ${top.value}` : (o.gems[top.gem]?.name ?? top.gem)} face up, ${hidden} face down`
    : count
      ? `${o.kind} pile of ${o.square}: ${count} face down, the top one to be turned up`
      : `${o.kind} pile of ${o.square}: empty`;
  g.append(s("title", { text: label }));
  g.append(s("rect", { x: o.cx - o.w / 2 - 3, y: o.cy - o.h / 2 - 3, width: o.w + 6, height: o.h + 6, rx: 6, class: "dw-pile-hit" }));
  if (!count) {
    g.append(s("rect", { x: o.cx - o.w / 2, y: o.cy - o.h / 2, width: o.w, height: o.h, rx: 4, class: "dw-pile-empty" }));
    return g;
  }
  for (let i = Math.min(hidden, 2); i >= 1; i -= 1) {
    g.append(cardShape(null, { ...o, cx: o.cx + i * 2.5, cy: o.cy - i * 2.5 }));
  }
  g.append(cardShape(top, o));
  if (hidden) {
    const bx = o.cx + o.w / 2 - 2;
    const by = o.cy + o.h / 2 - 2;
    g.append(s("g", { class: "dw-badge" }, s("circle", { cx: bx, cy: by, r: 8 }), s("text", { x: bx, y: by, text: `+${hidden}` })));
  }
  return g;
}
