// What lies on each volcano, redrawn from every observation: its eggs (`{V}/egg`), its gems by
// colour (`{V}/ruby` ... `{V}/diamond`), its own token (face down: the dragon-head back with "?";
// face up: the token's picture; a ring token is `{V}/ring`) and the royal dragons sitting there
// (`dragon/{colour}`).
//
// A volcano whose treasure is a choice (a legal action names one of its pieces) is drawn open: its pieces
// leave the cone's small slots for a grid of cells CELL units square, each piece a touch target of its own
// cell (issue 27, item 13: 24 CSS px at the map's least width, and no two cells overlap). Elsewhere the
// pieces are no target: the CSS lets taps and hovers through to the cone, whose tooltip lists them.

/**
 * One volcano in the observation.
 * @typedef {{eggs: number, gems: Record<string, number>, token: string|null, face_down: boolean, ring: boolean}} VolcanoView
 */

import { s } from "../shared/dom.js";
import { at, eggGlyph, gemGlyph, tokenFace, tokenBack, dragonGlyph } from "./glyphs.js";
import { VOLCANO_R, gemCount } from "./layout.js";

/** Where each gem colour sits on the cone (a 2 x 2 grid right of the eggs). */
const GEM_SLOTS = { ruby: [3, -4], emerald: [16, -4], sapphire: [3, 10], diamond: [16, 10] };
const EGG_SLOT = [-12, 4];
const CRATER_Y = -VOLCANO_R * 0.62;
/** An open volcano's cell (SVG units): 25 CSS px at the map's least width (drachenland.css, 1030 px). */
export const CELL = 26;
/** Where each piece of an open volcano sits: [column, row] of a 3 x 2 grid on the cone, its top edge at OPEN_TOP. */
const OPEN_CELLS = { egg: [-1, 0], token: [0, 0], diamond: [1, 0], ruby: [-1, 1], emerald: [0, 1], sapphire: [1, 1] };
const OPEN_TOP = -25;

/** The centre of an open volcano's cell for `piece` (egg, token or a gem colour). */
export function openCell(piece) {
  const [col, row] = OPEN_CELLS[piece] ?? [0, 0];
  return [col * CELL, OPEN_TOP + CELL / 2 + row * CELL];
}

/** A piece's touch target: its whole cell when the volcano is open, else a circle of radius r round it. */
const hitArea = (open, r) =>
  open ? s("rect", { x: -CELL / 2, y: -CELL / 2, width: CELL, height: CELL, rx: 5, class: "dw-dl-hit" }) : s("circle", { r, class: "dw-dl-hit" });

const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/**
 * A sentence describing a volcano's contents (the tooltip of its cone).
 * @param {string} id
 * @param {VolcanoView|undefined} v
 * @param {Object} layout
 * @param {string[]} dragonsHere
 */
export function describeVolcano(id, v, layout, dragonsHere) {
  if (!v) return `Volcano ${id}`;
  const gems = Object.keys(layout.gems || GEM_SLOTS)
    .filter((g) => v.gems?.[g] > 0)
    .map((g) => gemCount(v.gems[g], g, layout));
  const parts = [plural(v.eggs || 0, "egg"), ...gems];
  let token = "no token";
  if (v.face_down) token = "a face-down token";
  else if (v.token && !v.token.startsWith("royal_dragon_")) token = `token: ${layout.tokens?.[v.token] ?? v.token}`;
  const dragons = dragonsHere.map((c) => `the ${c} royal dragon`);
  return `Volcano ${id}: ${parts.join(", ")}; ${token}${dragons.length ? `; ${dragons.join(", ")} here` : ""}`;
}

function tokenOn(id, v, layout, secret, open) {
  const r = open ? 10.5 : 9.5;
  if (v.face_down) {
    // the teacher's view (`hidden`) knows what lies under it: said in the tooltip, never drawn
    const known = secret ? `; the teacher's view knows it is a ${layout.tokens?.[secret] ?? secret}` : "";
    const g = s("g", { class: "dw-dl-vtoken dw-dl-face-down" }, s("title", { text: `${id}: face-down token (revealed when an adventurer arrives)${known}` }));
    g.append(tokenBack(r));
    return g;
  }
  if (v.ring || v.token === "ring") {
    const g = s("g", { class: "dw-dl-vtoken dw-dl-ring-token", "data-target": `${id}/ring` });
    g.append(s("title", { text: `${id}: ring token (an adventurer that moved here may put on a ring instead of taking treasure)` }));
    g.append(hitArea(open, r), tokenFace("ring", layout.colours || {}, r));
    return g;
  }
  if (!v.token || v.token.startsWith("royal_dragon_")) return null; // a royal dragon is drawn as itself
  const name = layout.tokens?.[v.token] ?? v.token;
  const g = s("g", { class: "dw-dl-vtoken" }, s("title", { text: `${id}: ${name} token, face up (it goes with the next egg taken here)` }));
  g.append(tokenFace(v.token, layout.colours || {}, r));
  return g;
}

function gemsOn(id, v, layout, open) {
  const out = [];
  for (const [gem, slot] of Object.entries(GEM_SLOTS)) {
    const [dx, dy] = open ? openCell(gem) : slot;
    const n = v.gems?.[gem] || 0;
    if (!n) continue;
    const info = layout.gems?.[gem] || { name: gem, css: "#888" };
    const g = s("g", { class: `dw-dl-vgem dw-dl-gem-${gem}`, "data-target": `${id}/${gem}`, transform: `translate(${dx},${dy})` });
    g.append(s("title", { text: `${id}: ${gemCount(n, gem, layout)}` }));
    g.append(hitArea(open, 7.5), gemGlyph(info.css, n, open ? 8 : 6.2));
    out.push(g);
  }
  return out;
}

function eggsOn(id, v, open) {
  if (!v.eggs) return null;
  const [dx, dy] = open ? openCell("egg") : EGG_SLOT;
  const g = s("g", { class: "dw-dl-vegg", "data-target": `${id}/egg`, transform: `translate(${dx},${dy})` });
  g.append(s("title", { text: `${id}: ${plural(v.eggs, "dragon egg")}` }));
  g.append(hitArea(open, 9), eggGlyph(v.eggs, open ? 10 : 8));
  return g;
}

/** Where the k-th of n dragons on one volcano sits: along the right rim. */
function dragonSlot(k, n) {
  const deg = -55 + (n > 1 ? (k * 70) / (n - 1) : 0);
  const a = (deg * Math.PI) / 180;
  const r = VOLCANO_R + 5;
  return [r * Math.cos(a), r * Math.sin(a)];
}

/**
 * The royal dragons sitting on one volcano.
 * @param {string} id
 * @param {string[]} colours   the dragons' colours (red, green, blue) on this volcano
 * @param {Object} layout
 */
export function dragonsOn(id, colours, layout) {
  return colours.map((colour, k) => {
    const [dx, dy] = dragonSlot(k, colours.length);
    const info = layout.colours?.[colour] || { name: colour, css: "#888" };
    const g = s("g", { class: "dw-dl-dragon", "data-target": `dragon/${colour}`, transform: `translate(${dx.toFixed(1)},${dy.toFixed(1)})` });
    g.append(s("title", { text: `The ${info.name.toLowerCase()} royal dragon on ${id}` }));
    g.append(s("circle", { r: 13, class: "dw-dl-hit" })); // 26 units: 25 CSS px at the map's least width
    g.append(dragonGlyph(info.css, 11));
    return g;
  });
}

/**
 * Everything on one volcano, centred on its point.
 * @param {string} id
 * @param {{x: number, y: number}} p
 * @param {VolcanoView|undefined} v
 * @param {Object} layout
 * @param {string[]} dragonsHere
 * @param {string|null} [secret]  the face-down token's kind, in the teacher's view only
 * @param {boolean} [open]  its treasure is a choice: each piece in a cell of its own (`openCell`)
 */
export function volcanoContents(id, p, v, layout, dragonsHere, secret = null, open = false) {
  const g = s("g", { class: `dw-dl-vcontents${open ? " dw-dl-open" : ""}`, "data-volcano": id });
  const inner = at(p.x, p.y);
  if (v) {
    const token = tokenOn(id, v, layout, secret, open);
    if (token) inner.append(at(...(open ? openCell("token") : [0, CRATER_Y]), token));
    inner.append(...[eggsOn(id, v, open), ...gemsOn(id, v, layout, open)].filter(Boolean));
    if (!v.eggs && !Object.values(v.gems || {}).some(Boolean)) {
      inner.append(s("text", { y: 4, class: "dw-dl-empty", text: "empty" }));
    }
  }
  inner.append(...dragonsOn(id, dragonsHere, layout));
  g.append(inner);
  return g;
}
