// The adventurers standing on the land: each seat's shape filled with the adventurer's colour
// (`adv/{seat}/{colour}`), a white ring mark when it wears a ring, fanned out below a volcano when
// several stand there. The one acting now is outlined; the ones already used this turn are dimmed.
// Off-board adventurers are drawn in the seat panels (players.js) with the same targets.

import { s } from "../shared/dom.js";
import { at, adventurerGlyph } from "./glyphs.js";
import { PIECE_R, volcanoFan, colourOrder } from "./layout.js";

/** @typedef {{seat: number, colour: string}} Who */

/**
 * Who stands where: node id -> adventurers in seat, then colour order.
 * @param {Object} obs
 * @param {string[]} colourOrder
 * @returns {Map<string, Who[]>}
 */
export function occupancy(obs, colourOrder) {
  const out = new Map();
  (obs.adventurers || []).forEach((byColour, seat) => {
    for (const colour of colourOrder) {
      const node = byColour?.[colour];
      if (!node) continue;
      if (!out.has(node)) out.set(node, []);
      out.get(node).push({ seat, colour });
    }
  });
  return out;
}

/**
 * How one adventurer is doing this turn: "active" (it is taking its action), "used" or "".
 * @param {Object} obs
 * @param {Who} who
 */
export function adventurerState(obs, { seat, colour }) {
  if (obs.active_player !== seat || obs.is_over) return "";
  if (obs.action?.adventurer === colour) return "active";
  return (obs.used || []).includes(colour) ? "used" : "";
}

/** Whether `who` wears a ring. @param {Object} obs @param {Who} who */
const wearsRing = (obs, { seat, colour }) => (obs.rings?.[seat] || []).includes(colour);

/**
 * One adventurer piece (on the land or in a seat panel).
 * @param {Who} who
 * @param {{obs: Object, layout: Object, names: string[], where: string, r?: number}} o
 */
export function adventurerPiece(who, o) {
  return pieceShape(who, { ...o, ring: wearsRing(o.obs, who), state: adventurerState(o.obs, who) });
}

/**
 * The piece of `who` as it shows: its seat's shape in its colour, a ring mark, the halo of the one acting.
 * @param {Who} who
 * @param {{layout: Object, names: string[], where: string, ring: boolean, state: string, r?: number}} o
 */
function pieceShape(who, o) {
  const { layout, ring, state } = o;
  const info = layout.colours?.[who.colour] || { name: who.colour, css: "#888" };
  const glyph = layout.shapes?.[who.seat]?.glyph || "circle";
  const cls = ["dw-dl-adv", state ? `dw-dl-adv-${state}` : ""].filter(Boolean).join(" ");
  const g = s("g", { class: cls, "data-target": `adv/${who.seat}/${who.colour}`, "data-seat": who.seat, "data-colour": who.colour });
  const owner = o.names[who.seat] ?? `Seat ${who.seat + 1}`;
  const extra = [ring ? "wears a ring" : "", state === "active" ? "acting now" : state === "used" ? "already used this turn" : ""].filter(Boolean);
  g.append(s("title", { text: `${owner}' ${info.name.toLowerCase()} adventurer ${o.where}${extra.length ? ` (${extra.join(", ")})` : ""}` }));
  const r = o.r ?? PIECE_R;
  if (state === "active") g.append(s("circle", { r: r + 5, class: "dw-dl-active-halo" }));
  g.append(adventurerGlyph({ glyph, css: info.css, ring, r }));
  return g;
}

/**
 * Every adventurer on the land as its piece shows it: where (fanned out below a volcano when several
 * stand there), its state this turn and its ring, so that the board draws each piece as a part and a
 * move redraws the pieces it changed.
 * @param {Object} obs
 * @param {Object} layout
 * @param {Map<string, {x: number, y: number, kind: string}>} pts
 * @returns {{who: Who, x: number, y: number, where: string, state: string, ring: boolean}[]}
 */
export function adventurerViews(obs, layout, pts) {
  const views = [];
  for (const [node, list] of occupancy(obs, colourOrder(layout))) {
    const p = pts.get(node);
    if (!p) continue;
    const spots = p.kind === "volcano" ? volcanoFan(p.x, p.y, list.length) : list.map((_, i) => ({ x: p.x + i * 5, y: p.y - i * 5 }));
    list.forEach((who, i) => views.push({
      who,
      x: spots[i].x,
      y: spots[i].y,
      where: `on ${node}`,
      state: adventurerState(obs, who),
      ring: wearsRing(obs, who),
    }));
  }
  return views;
}

/**
 * The piece of an adventurer on the land, placed (`v`: an `adventurerViews` entry).
 * @param {ReturnType<typeof adventurerViews>[number]} v
 * @param {Object} layout
 * @param {string[]} names
 */
export const placedPiece = (v, layout, names) => at(v.x, v.y, pieceShape(v.who, { ...v, layout, names }));
