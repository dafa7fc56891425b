// The adventurers in the forest: a pawn in each seat's colour (`data-target="adv/{seat}"`), each in a
// cell of its own when several share a square (its tap box never overlaps another's), the active one ringed; beside the active pawn while it moves, the
// goblin quarters it has left for more steps (each step after the first costs one, CD-GOB-3), when
// this view may know them.

/** @typedef {import("./layout.js").ChasseLayout} ChasseLayout */

import { s } from "../shared/dom.js";
import { CELL, cellOrigin, pawnFan, quarterWords, seatColour } from "./layout.js";
import { at, pawnGlyph, quarterGlyph } from "./glyphs.js";

/** Who stands where: square id -> seats, in seat order. */
export function occupancy(obs) {
  const out = new Map();
  (obs.positions || []).forEach((where, seat) => {
    if (!where) return;
    if (!out.has(where)) out.set(where, []);
    out.get(where).push(seat);
  });
  return out;
}

/**
 * What one adventurer's pawn shows, from the observation: it is drawn again only when this changes (a
 * step moves one pawn; the others stay as they are).
 * @param {Object} obs
 * @param {number} seat
 * @param {string} where   its square
 * @param {number} i       its place among the pawns on that square (seat order)
 * @param {number} n       how many stand there
 */
export function pawnView(obs, seat, where, i, n) {
  return {
    where, i, n,
    active: !obs.is_over && obs.active_player === seat,
    defender: obs.defender === seat,
    camp: obs.camps?.[seat] ?? null,
  };
}

/**
 * One adventurer's pawn on its square (`data-target="adv/{seat}"`), fanned out among the others there,
 * the active one ringed.
 * @param {number} seat
 * @param {ReturnType<typeof pawnView>} v
 * @param {{layout: ChasseLayout, names: string[]}} o
 */
export function pawnAt(seat, v, o) {
  const corner = cellOrigin(v.where);
  const spot = pawnFan(v.n)[v.i];
  const cls = ["dw-cd-pawn", v.active ? "dw-cd-pawn-active" : "", v.defender ? "dw-cd-pawn-defender" : ""].filter(Boolean).join(" ");
  // placed by its own transform, not a wrapper: its `data-target` keeps it apart from the other pawns when a
  // redraw matches the drawn pawns with the fresh ones (morph.js), whatever order they stand in
  const x = corner.x + spot.x;
  const y = corner.y + spot.y;
  const g = s("g", { class: cls, "data-target": `adv/${seat}`, "data-seat": seat, transform: `translate(${x.toFixed(1)},${y.toFixed(1)})` });
  const name = o.names[seat] ?? `Seat ${seat + 1}`;
  g.append(s("title", { text: `${name}'s adventurer on ${v.where}${v.camp === v.where ? " (at camp)" : v.camp ? ` (camp ${v.camp})` : ""}${v.active ? ", to play" : ""}` }));
  // the halo stays inside the pawn's tap box: no pawn's box reaches into another's
  if (v.active) g.append(s("ellipse", { cx: 0, cy: -11, rx: Math.min(12, spot.hit.w / 2 - 1), ry: 14, class: "dw-cd-active-halo" }));
  g.append(pawnGlyph(seatColour(o.layout, seat), 6, spot.hit));
  return g;
}

/** What the quarters badge shows (`quartersBadge`): the active adventurer's square, quarters and steps. */
export function badgeView(obs) {
  const seat = obs.active_player;
  const quarters = obs.boards?.[seat]?.quarters;
  const where = obs.positions?.[seat];
  const shown = !obs.is_over && obs.decision === "move" && where && quarters !== null && quarters !== undefined;
  return shown ? { where, quarters, steps: obs.steps || 0 } : null;
}

/**
 * The goblin quarters of the active adventurer, beside its pawn, while it moves and this view knows them.
 * @param {ReturnType<typeof badgeView>} v
 */
export function quartersBadge(v) {
  if (!v) return null;
  const { where, quarters, steps } = v;
  const corner = cellOrigin(where);
  const tip = steps === 0
    ? `Free step now; ${quarterWords(quarters)} for more steps (one per step)`
    : `${steps} step${steps === 1 ? "" : "s"} taken; ${quarterWords(quarters)} left (one per step)`;
  const g = s("g", { class: `dw-cd-quarters-badge${quarters ? "" : " dw-cd-no-quarters"}`, "data-quarters": quarters });
  g.append(s("title", { text: tip }));
  g.append(s("rect", { x: -8, y: -8, width: 30, height: 16, rx: 8, class: "dw-cd-badge-bg" }));
  g.append(quarterGlyph(5));
  g.append(s("text", { x: 13, y: 0.5, class: "dw-cd-badge-text", text: quarters }));
  return at(corner.x + CELL - 22, corner.y + 10, g);
}
