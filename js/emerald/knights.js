// Knights: one stack per colour on a space (discs piled up, with the count), "moved this turn" marks,
// the lair's four places and the nest.

/** @typedef {Record<string, {name: string, css: string}>} ColourInfo */

import { s, inkFor } from "../shared/dom.js";
import { stackSlots, lairPlaces, NEST } from "./layout.js";

/**
 * A stack of `count` knights of one colour centred on (x, y).
 * @param {{x: number, y: number, r: number}} at
 * @param {{target: string, colour: string, count: number, moved: number, colours: ColourInfo, where: string}} o
 */
export function knightStack(at, o) {
  const info = o.colours[o.colour] || { name: o.colour, css: "#888" };
  const g = s("g", { class: "dw-stack", "data-target": o.target, "data-colour": o.colour });
  const moved = o.moved ? `, ${o.moved} moved this turn` : "";
  g.append(s("title", { text: `${o.count} ${info.name.toLowerCase()} knight${o.count > 1 ? "s" : ""} on ${o.where}${moved}` }));
  g.append(s("circle", { cx: at.x, cy: at.y, r: at.r + 4, class: "dw-stack-hit" }));
  const layers = Math.min(o.count, 3);
  for (let i = layers - 1; i >= 0; i -= 1) {
    g.append(s("circle", { cx: at.x, cy: at.y - i * 3, r: at.r, fill: info.css, class: "dw-knight" }));
  }
  const top = at.y - (layers - 1) * 3;
  if (o.count > 1) {
    // An inline style: the board's `text { fill: var(--dw-fg) }` rule would beat a fill attribute and draw
    // the count dark on a black knight (or light on a yellow one in the dark theme).
    g.append(s("text", { x: at.x, y: top, class: "dw-stack-count", style: `fill:${inkFor(info.css)}`, "font-size": at.r * 1.25, text: o.count }));
  }
  if (o.moved) {
    g.append(s("circle", { cx: at.x + at.r * 0.8, cy: top - at.r * 0.8, r: 3.5, class: "dw-moved-mark" }));
  }
  return g;
}

/**
 * Stacks on one space, in the board's colour order.
 * @param {string} space
 * @param {Record<string, number>} byColour
 * @param {Record<string, number>} moved
 * @param {ColourInfo} colours
 */
export function spaceStacks(space, byColour, moved, colours) {
  const order = Object.keys(colours);
  const present = Object.keys(byColour || {})
    .filter((c) => byColour[c] > 0)
    .sort((a, b) => order.indexOf(a) - order.indexOf(b));
  const slots = stackSlots(space, present.length);
  return present.map((colour, i) =>
    knightStack(slots[i], { target: `${space}/${colour}`, colour, count: byColour[colour], moved: moved?.[colour] || 0, colours, where: space }),
  );
}

/**
 * The knights of the lair corridor (one per place) and the nest (stacks by colour).
 * @param {(string|null)[]} places
 * @param {Record<string, number>} nest
 * @param {ColourInfo} colours
 */
export function lairAndNest(places, nest, colours) {
  const out = [];
  lairPlaces().forEach((at, i) => {
    const colour = places?.[i];
    if (!colour) return;
    const knight = knightStack({ ...at, r: 11 }, { target: `LAIR/${colour}`, colour, count: 1, moved: 0, colours, where: "the lair" });
    knight.setAttribute("data-place", String(i)); // two knights of a colour may stand in the lair: its place tells them apart
    out.push(knight);
  });
  const order = Object.keys(colours);
  const present = Object.keys(nest || {}).filter((c) => nest[c] > 0).sort((a, b) => order.indexOf(a) - order.indexOf(b));
  present.forEach((colour, i) => {
    const at = { x: NEST.x + 22 + (i % 4) * 30, y: NEST.y + 46 + Math.floor(i / 4) * 24, r: 10 };
    out.push(knightStack(at, { target: `NEST/${colour}`, colour, count: nest[colour], moved: 0, colours, where: "the nest" }));
  });
  return out;
}
