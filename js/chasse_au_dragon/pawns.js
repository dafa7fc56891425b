// The adventurers in the forest: a pawn in each seat's colour (`data-target="adv/{seat}"`), fanned
// out when several share a square, the active one ringed; beside the active pawn while it moves, the
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

function pawn(seat, where, o) {
  const { obs, layout, names } = o;
  const active = !obs.is_over && obs.active_player === seat;
  const cls = ["dw-cd-pawn", active ? "dw-cd-pawn-active" : "", obs.defender === seat ? "dw-cd-pawn-defender" : ""].filter(Boolean).join(" ");
  const g = s("g", { class: cls, "data-target": `adv/${seat}`, "data-seat": seat });
  const home = obs.camps?.[seat];
  const name = names[seat] ?? `Seat ${seat + 1}`;
  g.append(s("title", { text: `${name}'s adventurer on ${where}${home === where ? " (at camp)" : home ? ` (camp ${home})` : ""}${active ? ", to play" : ""}` }));
  if (active) g.append(s("ellipse", { cx: 0, cy: -10, rx: 12, ry: 17, class: "dw-cd-active-halo" }));
  g.append(pawnGlyph(seatColour(layout, seat), 6));
  return g;
}

/** The goblin quarters of the active player, beside its pawn, while it moves and this view knows them. */
function quartersBadge(obs, spot) {
  const seat = obs.active_player;
  const quarters = obs.boards?.[seat]?.quarters;
  if (obs.decision !== "move" || quarters === null || quarters === undefined) return null;
  const steps = obs.steps || 0;
  const tip = steps === 0
    ? `Free step now; ${quarterWords(quarters)} for more steps (one per step)`
    : `${steps} step${steps === 1 ? "" : "s"} taken; ${quarterWords(quarters)} left (one per step)`;
  const g = s("g", { class: `dw-cd-quarters-badge${quarters ? "" : " dw-cd-no-quarters"}`, "data-quarters": quarters });
  g.append(s("title", { text: tip }));
  g.append(s("rect", { x: -8, y: -8, width: 30, height: 16, rx: 8, class: "dw-cd-badge-bg" }));
  g.append(quarterGlyph(5));
  g.append(s("text", { x: 13, y: 0.5, class: "dw-cd-badge-text", text: quarters }));
  return at(spot.x, spot.y, g);
}

/**
 * Every adventurer in the forest, and the active one's quarters badge.
 * @param {{obs: Object, layout: ChasseLayout, names: string[]}} o
 */
export function pawnsLayer(o) {
  const g = s("g", { class: "dw-cd-pawns" });
  let badge = null;
  for (const [where, seats] of occupancy(o.obs)) {
    const corner = cellOrigin(where);
    const spots = pawnFan(seats.length);
    seats.forEach((seat, i) => {
      const spot = { x: corner.x + spots[i].x, y: corner.y + spots[i].y };
      g.append(at(spot.x, spot.y, pawn(seat, where, o)));
      if (seat === o.obs.active_player && !o.obs.is_over) {
        badge = quartersBadge(o.obs, { x: corner.x + CELL - 22, y: corner.y + 10 });
      }
    });
  }
  if (badge) g.append(badge);
  return g;
}
