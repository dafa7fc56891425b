// Drachenland map geometry. The board data (`board_layout()`, DL-REC-2) gives every node a rough
// position on a 100 x 70 grid, y pointing down; the SVG draws it SCALE times larger inside a margin,
// so the entrance arrows at the map's edge, the dice and the turn box fit around the paths.

/**
 * `game.board_layout()`, sent once (the Drachenland contract).
 * @typedef {Object} DrachenlandLayout
 * @property {number} width                                         100
 * @property {number} height                                        70
 * @property {{id: string, x: number, y: number, eggs: number, gems: number}[]} volcanoes
 * @property {{id: string, x: number, y: number, junction?: boolean}[]} stones
 * @property {{id: string, x: number, y: number}[]} entrances
 * @property {[string, string][]} edges                             path edges, entrance edges included
 * @property {[string, string][]} rivers                            pairs of volcanoes
 * @property {Record<string, {name: string, css: string}>} colours  red, green, blue
 * @property {Record<string, {name: string, css: string}>} gems     ruby, emerald, sapphire, diamond
 * @property {Record<string, string>} tokens                        token kind -> name
 * @property {{id: string, name: string, glyph: "circle"|"square"|"triangle"|"diamond"}[]} shapes  per seat
 * @property {number[][]} dice                                      faces of die A and die B
 */

export const SCALE = 10;
export const PAD = 34;
/** Volcano radius, stone radius, adventurer radius (SVG units). */
export const VOLCANO_R = 30;
export const STONE_R = 6;
/** A stepping stone's touch target (radius): 25 units across, under the 25.6 between the closest two stones. */
export const STONE_HIT = 12.5;
export const PIECE_R = 8;
/** Boxes in the map's empty corners: the dice (top left) and the current action (top right). */
export const DICE_BOX = { x: 4, y: 4, w: 176, h: 104 };
export const TURN_BOX = { x: 780, y: 4, w: 238, h: 112 };
export const INFO_BOX = { x: 4, y: 620, w: 230, h: 78 };

/** @param {DrachenlandLayout} layout */
export function viewBox(layout) {
  const w = (layout.width || 100) * SCALE;
  const h = (layout.height || 70) * SCALE;
  return { x: -PAD, y: -PAD, w: w + 2 * PAD, h: h + 2 * PAD };
}

/**
 * Every node's SVG position and kind, by id.
 * @param {DrachenlandLayout} layout
 * @returns {Map<string, {x: number, y: number, kind: "volcano"|"stone"|"entrance", junction?: boolean}>}
 */
export function nodePoints(layout) {
  const out = new Map();
  const add = (list, kind) => {
    for (const n of list || []) out.set(n.id, { x: n.x * SCALE, y: n.y * SCALE, kind, junction: Boolean(n.junction) });
  };
  add(layout.entrances, "entrance");
  add(layout.stones, "stone");
  add(layout.volcanoes, "volcano");
  return out;
}

/** The adventurer colours in the rules' order (red, green, blue), whatever order the layout's keys come in. */
export function colourOrder(layout) {
  const given = Object.keys(layout.colours || {});
  const known = ["red", "green", "blue"].filter((c) => !given.length || given.includes(c));
  return [...known, ...given.filter((c) => !known.includes(c))];
}

/** A gem's name for a count: "1 ruby", "2 rubies". */
export function gemCount(n, gem, layout) {
  const name = layout.gems?.[gem]?.name ?? gem;
  if (n === 1) return `1 ${name}`;
  return `${n} ${name.endsWith("y") ? `${name.slice(0, -1)}ies` : `${name}s`}`;
}

/** The contract's river id: `river/{Va}-{Vb}` with the pair sorted. */
export function riverId(a, b) {
  return `river/${[a, b].sort().join("-")}`;
}

/**
 * A wavy line from p to q (a river), as an SVG path: a sine wave along the segment, trimmed so it
 * starts and ends at the volcanoes' rims.
 */
export function wavyPath(p, q, { trim = VOLCANO_R - 4, amplitude = 4, wavelength = 22 } = {}) {
  const dx = q.x - p.x;
  const dy = q.y - p.y;
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const span = Math.max(0, len - 2 * trim);
  const waves = Math.max(1, Math.round(span / wavelength));
  const steps = waves * 8;
  const pts = [];
  for (let i = 0; i <= steps; i += 1) {
    const along = trim + (span * i) / steps;
    const off = Math.sin((i / steps) * waves * 2 * Math.PI) * amplitude;
    pts.push(`${(p.x + ux * along - uy * off).toFixed(1)},${(p.y + uy * along + ux * off).toFixed(1)}`);
  }
  return `M${pts.join(" L")}`;
}

/**
 * Where `n` pieces sit around a volcano: fanned along its lower rim, centred below it.
 * @returns {{x: number, y: number}[]}
 */
export function volcanoFan(cx, cy, n) {
  const r = VOLCANO_R + 4;
  const step = n > 5 ? 22 : 27;
  return Array.from({ length: n }, (_, i) => {
    const deg = 90 + (i - (n - 1) / 2) * step;
    const a = (deg * Math.PI) / 180;
    return { x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) };
  });
}

/**
 * The tip and the direction of an entrance arrow: from the map's edge toward the spaces it opens on.
 * @param {{x: number, y: number}} at        the entrance
 * @param {{x: number, y: number}[]} next    its neighbouring spaces
 */
export function entranceArrow(at, next) {
  const mx = next.length ? next.reduce((s, p) => s + p.x, 0) / next.length : at.x;
  const my = next.length ? next.reduce((s, p) => s + p.y, 0) / next.length : at.y;
  const len = Math.hypot(mx - at.x, my - at.y) || 1;
  return { x: at.x, y: at.y, ux: (mx - at.x) / len, uy: (my - at.y) / len };
}
