// What lies on each volcano, redrawn from every observation: its eggs (`{V}/egg`), its gems by
// colour (`{V}/ruby` ... `{V}/diamond`), its own token (face down: the dragon-head back with "?";
// face up: the token's picture; a ring token is `{V}/ring`) and the royal dragons sitting there
// (`dragon/{colour}`).

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

function tokenOn(id, v, layout, secret) {
  if (v.face_down) {
    // the teacher's view (`hidden`) knows what lies under it: said in the tooltip, never drawn
    const known = secret ? `; the teacher's view knows it is a ${layout.tokens?.[secret] ?? secret}` : "";
    const g = s("g", { class: "dw-dl-vtoken dw-dl-face-down" }, s("title", { text: `${id}: face-down token (revealed when an adventurer arrives)${known}` }));
    g.append(tokenBack(9.5));
    return g;
  }
  if (v.ring || v.token === "ring") {
    const g = s("g", { class: "dw-dl-vtoken dw-dl-ring-token", "data-target": `${id}/ring` });
    g.append(s("title", { text: `${id}: ring token (an adventurer that moved here may put on a ring instead of taking treasure)` }));
    g.append(tokenFace("ring", layout.colours || {}, 9.5));
    return g;
  }
  if (!v.token || v.token.startsWith("royal_dragon_")) return null; // a royal dragon is drawn as itself
  const name = layout.tokens?.[v.token] ?? v.token;
  const g = s("g", { class: "dw-dl-vtoken" }, s("title", { text: `${id}: ${name} token, face up (it goes with the next egg taken here)` }));
  g.append(tokenFace(v.token, layout.colours || {}, 9.5));
  return g;
}

function gemsOn(id, v, layout) {
  const out = [];
  for (const [gem, [dx, dy]] of Object.entries(GEM_SLOTS)) {
    const n = v.gems?.[gem] || 0;
    if (!n) continue;
    const info = layout.gems?.[gem] || { name: gem, css: "#888" };
    const g = s("g", { class: `dw-dl-vgem dw-dl-gem-${gem}`, "data-target": `${id}/${gem}`, transform: `translate(${dx},${dy})` });
    g.append(s("title", { text: `${id}: ${gemCount(n, gem, layout)}` }));
    g.append(s("circle", { r: 7.5, class: "dw-dl-hit" }));
    g.append(gemGlyph(info.css, n, 6.2));
    out.push(g);
  }
  return out;
}

function eggsOn(id, v) {
  if (!v.eggs) return null;
  const g = s("g", { class: "dw-dl-vegg", "data-target": `${id}/egg`, transform: `translate(${EGG_SLOT[0]},${EGG_SLOT[1]})` });
  g.append(s("title", { text: `${id}: ${plural(v.eggs, "dragon egg")}` }));
  g.append(s("circle", { r: 9, class: "dw-dl-hit" }));
  g.append(eggGlyph(v.eggs, 8));
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
    g.append(s("circle", { r: 12, class: "dw-dl-hit" }));
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
 */
export function volcanoContents(id, p, v, layout, dragonsHere, secret = null) {
  const g = s("g", { class: "dw-dl-vcontents", "data-volcano": id });
  const inner = at(p.x, p.y);
  if (v) {
    const token = tokenOn(id, v, layout, secret);
    if (token) inner.append(at(0, CRATER_Y, token));
    inner.append(...[eggsOn(id, v), ...gemsOn(id, v, layout)].filter(Boolean));
    if (!v.eggs && !Object.values(v.gems || {}).some(Boolean)) {
      inner.append(s("text", { y: 4, class: "dw-dl-empty", text: "empty" }));
    }
  }
  inner.append(...dragonsOn(id, dragonsHere, layout));
  g.append(inner);
  return g;
}
