// The flight track (a band beside 4 mountain squares on the rail), the dragon with its facing, and
// the dragon die showing the last roll.

/**
 * @typedef {{square: string, facing: "plain"|"lair", on_track: boolean}} Dragon
 * @typedef {{position: number, squares: string[], fixed: boolean}} FlightTrack
 */

import { s } from "../shared/dom.js";
import { RAIL, DIE, mountainNumber, mountainY, railCentre } from "./layout.js";

const SLOT_H = 50;

/** The rail's nine slots (drawn once). */
export function railSlots() {
  const g = s("g", { class: "dw-rail" });
  for (let k = 1; k <= 9; k += 1) {
    g.append(s("rect", { x: RAIL.x + 6, y: mountainY(k) - SLOT_H / 2, width: RAIL.w - 12, height: SLOT_H, rx: 6, class: "dw-rail-slot" }));
  }
  return g;
}

/**
 * The flight track band beside its 4 squares.
 * @param {FlightTrack} track
 */
export function trackBand(track) {
  const ks = (track?.squares || []).map(mountainNumber).filter(Boolean);
  if (!ks.length) return s("g");
  const lo = Math.min(...ks);
  const hi = Math.max(...ks);
  const top = mountainY(hi) - SLOT_H / 2 - 4;
  const bottom = mountainY(lo) + SLOT_H / 2 + 4;
  const where = `beside M${lo}–M${hi}`;
  const g = s("g", { class: "dw-track", "data-target": "flight_track" });
  g.append(s("title", { text: `Flight track ${where}, position ${track.position} of 6${track.fixed ? " (fixed)" : ""}` }));
  g.append(s("rect", { x: RAIL.x, y: top, width: RAIL.w, height: bottom - top, rx: 10, class: "dw-track-band" }));
  for (let k = lo; k <= hi; k += 1) {
    g.append(s("rect", { x: RAIL.x + 8, y: mountainY(k) - SLOT_H / 2 + 2, width: RAIL.w - 16, height: SLOT_H - 4, rx: 5, class: "dw-track-square" }));
  }
  g.append(s("text", { x: RAIL.x + RAIL.w / 2, y: top - 20, class: "dw-track-label", text: "flight track" }));
  g.append(s("text", { x: RAIL.x + RAIL.w / 2, y: top - 7, class: "dw-caption", text: `${track.position} of 6${track.fixed ? ", fixed" : ""}` }));
  return g;
}

/** The dragon glyph, head up (toward the lair), centred on (0, 0). */
function dragonGlyph() {
  return s(
    "g",
    { class: "dw-dragon-glyph" },
    s("path", { d: "M-3,-2 L-26,-12 L-20,2 L-27,8 L-4,10 Z", class: "dw-dragon-wing" }),
    s("path", { d: "M3,-2 L26,-12 L20,2 L27,8 L4,10 Z", class: "dw-dragon-wing" }),
    s("path", { d: "M0,14 Q4,22 10,21", class: "dw-dragon-tail" }),
    s("ellipse", { cx: 0, cy: 3, rx: 7, ry: 13, class: "dw-dragon-body" }),
    s("ellipse", { cx: 0, cy: -12, rx: 6, ry: 7, class: "dw-dragon-body" }),
    s("circle", { cx: -2.5, cy: -14, r: 1.4, class: "dw-dragon-eye" }),
    s("circle", { cx: 2.5, cy: -14, r: 1.4, class: "dw-dragon-eye" }),
    s("path", { d: "M-5,-24 L0,-31 L5,-24 Z", class: "dw-dragon-arrow" }),
  );
}

/**
 * The dragon beside its square, turned toward the lair (up) or the plain (down).
 * @param {Dragon} dragon
 */
export function dragonShape(dragon) {
  const k = mountainNumber(dragon?.square);
  if (!k) return s("g");
  const { x, y } = railCentre(k);
  const toward = dragon.facing === "lair" ? "the lair" : "the plain";
  const off = dragon.on_track === false;
  const g = s("g", { class: `dw-dragon${off ? " dw-dragon-off" : ""}`, "data-target": "dragon" });
  g.append(s("title", { text: `Dragon beside ${dragon.square}, facing ${toward}${off ? ", off its track" : ""}` }));
  g.append(s("circle", { cx: x, cy: y, r: 24, class: "dw-dragon-halo" }));
  g.append(s("g", { transform: `translate(${x},${y}) rotate(${dragon.facing === "lair" ? 0 : 180})` }, dragonGlyph()));
  return g;
}

const PIPS = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]] };

/**
 * The dragon die (faces 1,1,2,2,3,3) showing the last roll, or blank before the first.
 * @param {number|null} roll
 */
export function dieShape(roll) {
  const { x, y, size } = DIE;
  const cx = x + size / 2;
  const cy = y + size / 2;
  const g = s("g", { class: "dw-die", "data-target": "die" });
  g.append(s("title", { text: roll ? `Dragon die: last roll ${roll}` : "Dragon die: not rolled yet" }));
  g.append(s("rect", { x, y, width: size, height: size, rx: 10, class: "dw-die-face" }));
  for (const [dx, dy] of PIPS[roll] || []) {
    g.append(s("circle", { cx: cx + dx * size * 0.25, cy: cy + dy * size * 0.25, r: size * 0.09, class: "dw-die-pip" }));
  }
  if (!roll) g.append(s("text", { x: cx, y: cy, class: "dw-die-blank", text: "–" }));
  g.append(s("text", { x: cx, y: y + size + 14, class: "dw-caption", text: "dragon die" }));
  return g;
}
