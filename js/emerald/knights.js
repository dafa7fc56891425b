// Knights: one stack per colour on a space (discs piled up, with the count), "moved this turn" marks,
// the lair's four places and the nest.

/** @typedef {Record<string, {name: string, css: string}>} ColourInfo */

import { s, inkFor } from "../shared/dom.js";
import { stackSlots, lairPlaces, NEST, STACK_HIT } from "./layout.js";

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
  g.append(s("circle", { cx: at.x, cy: at.y, r: Math.max(at.r + 4, STACK_HIT), class: "dw-stack-hit" }));
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
 * What each knight stack shows, in drawing order: the stacks of every space in the board's colour order, the
 * knights of the lair corridor (one per place) and the nest's stacks. Each is drawn alone
 * (`drawStack`), so a move redraws the stacks it changed, not every knight on the board.
 * @param {Object} obs
 * @param {ColourInfo} colours
 * @returns {{at: {x: number, y: number, r: number}, target: string, colour: string, count: number,
 *            moved: number, where: string, place: number|null, victim: boolean}[]}
 */
export function stackViews(obs, colours) {
  const order = Object.keys(colours);
  const present = (byColour) => Object.keys(byColour || {})
    .filter((c) => byColour[c] > 0)
    .sort((a, b) => order.indexOf(a) - order.indexOf(b));
  const victim = obs.pending ? `${obs.pending.square}/${obs.pending.victim_colour}` : null;
  const out = [];
  for (const [space, byColour] of Object.entries(obs.knights || {})) {
    if (space === "LAIR" || space === "NEST") continue;
    const colourList = present(byColour);
    const slots = stackSlots(space, colourList.length);
    colourList.forEach((colour, i) => {
      const target = `${space}/${colour}`;
      out.push({ at: slots[i], target, colour, count: byColour[colour], moved: obs.moved?.[space]?.[colour] || 0, where: space, place: null, victim: target === victim });
    });
  }
  lairPlaces().forEach((at, i) => {
    const colour = obs.lair_places?.[i];
    if (colour) out.push({ at: { ...at, r: 11 }, target: `LAIR/${colour}`, colour, count: 1, moved: 0, where: "the lair", place: i, victim: false });
  });
  present(obs.knights?.NEST).forEach((colour, i) => {
    const at = { x: NEST.x + 22 + (i % 4) * 30, y: NEST.y + 46 + Math.floor(i / 4) * 24, r: 10 };
    out.push({ at, target: `NEST/${colour}`, colour, count: obs.knights.NEST[colour], moved: 0, where: "the nest", place: null, victim: false });
  });
  return out;
}

/**
 * One knight stack as `stackViews` describes it: a lair knight carries its place (two knights of a colour
 * may stand in the lair), the dragon's victim is marked.
 * @param {ReturnType<typeof stackViews>[number]} v
 * @param {ColourInfo} colours
 */
export function drawStack(v, colours) {
  const g = knightStack(v.at, { target: v.target, colour: v.colour, count: v.count, moved: v.moved, colours, where: v.where });
  if (v.place !== null) g.setAttribute("data-place", String(v.place));
  if (v.victim) g.classList.add("dw-victim");
  return g;
}
