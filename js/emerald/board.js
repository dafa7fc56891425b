// The Emerald board as one SVG: a static skeleton (castle, path, lair, nest, rail) built when the
// layout arrives, and dynamic layers (piles, track, dragon, knights, die, hands) redrawn from each
// observation. Every element a legal action may name carries `data-target` with the contract's id.

/**
 * `game.board_layout()`, sent once.
 * @typedef {Object} EmeraldLayout
 * @property {string[]} start_spaces                 e.g. ["T1","T2","T3","T4","KEEP"]
 * @property {{id: string, pos: number, kind: string}[]} path
 * @property {number} lair_places
 * @property {Record<string, string[]>} track_positions
 * @property {Record<string, {name: string, css: string}>} colours
 * @property {Record<string, {name: string, css: string}>} gems
 * @property {string[][]} seat_colours
 */
/** @typedef {import("../shared/model.js").GameTraits} GameTraits */

import { s } from "../shared/dom.js";
import { layeredSvg } from "../shared/layers.js";
import { morphChildren } from "../shared/morph.js";
import {
  VIEW, CASTLE, LAIR, NEST, TREASURES, PILE, spaceGeometry, roadPoints, lairPlaces, pileCentre, mountainY,
} from "./layout.js";
import { pileShape } from "./cards.js";
import { drawStack, stackViews } from "./knights.js";
import { railSlots, trackBand, dragonShape, dieShape } from "./dragon.js";
import { handsPanel } from "./hands.js";
import { createEmeraldEditor } from "./edit.js";

const START = ["T1", "T2", "T3", "T4", "KEEP"];

function spaceShape(id, used) {
  const geo = spaceGeometry(id);
  const kind = id.startsWith("P") ? "plain" : id.startsWith("M") ? "mountain" : "start";
  const g = s("g", { class: `dw-space dw-space-${kind}${used ? "" : " dw-unused"}`, "data-target": id });
  const name = id === "KEEP" ? "keep" : id.startsWith("T") ? `tower ${id}` : id;
  g.append(s("title", { text: used ? name : `${name} (empty in this game)` }));
  if (geo.shape === "circle") {
    g.append(s("circle", { cx: geo.cx, cy: geo.cy, r: geo.r, class: "dw-space-shape" }));
    g.append(s("text", { x: geo.cx, y: geo.cy - geo.r + 12, class: "dw-space-label", text: id === "KEEP" ? "keep" : id }));
  } else {
    g.append(s("rect", { x: geo.x, y: geo.y, width: geo.w, height: geo.h, rx: 6, class: "dw-space-shape" }));
    const mountain = kind === "mountain";
    g.append(s("text", { x: mountain ? geo.x + 16 : geo.cx, y: mountain ? geo.cy : geo.y + 12, class: "dw-space-label", text: id }));
  }
  return g;
}

function castle(startSpaces) {
  const { x, y, w, h } = CASTLE;
  const g = s("g", { class: "dw-castle" });
  const merlons = [];
  for (let mx = x; mx < x + w - 4; mx += 20) merlons.push(`M${mx},${y} h10 v-8 h10 v8`);
  g.append(s("path", { d: merlons.join(" "), class: "dw-castle-wall" }));
  g.append(s("rect", { x, y, width: w, height: h, rx: 4, class: "dw-castle-wall" }));
  g.append(s("text", { x: x + w / 2, y: y - 14, class: "dw-area-label", text: "castle" }));
  for (const id of START) g.append(spaceShape(id, startSpaces.includes(id)));
  return g;
}

function lairAndNestFrames() {
  const g = s("g", { class: "dw-lair-nest" });
  const lair = s("g", { class: "dw-space dw-space-lair", "data-target": "LAIR" });
  lair.append(s("title", { text: "the dragon's lair: 4 places, a treasure card for each knight that enters" }));
  lair.append(s("rect", { x: LAIR.x, y: LAIR.y, width: LAIR.w, height: LAIR.h, rx: 14, class: "dw-space-shape" }));
  lair.append(s("text", { x: LAIR.x + LAIR.w / 2, y: LAIR.y + 18, class: "dw-area-label", text: "lair" }));
  for (const p of lairPlaces()) lair.append(s("circle", { cx: p.x, cy: p.y, r: 13, class: "dw-lair-place" }));
  g.append(lair);
  const nest = s("g", { class: "dw-space dw-space-nest", "data-target": "NEST" });
  nest.append(s("title", { text: "the nest: knights lost to the dragon" }));
  nest.append(s("rect", { x: NEST.x, y: NEST.y, width: NEST.w, height: NEST.h, rx: 30, class: "dw-space-shape" }));
  nest.append(s("text", { x: NEST.x + NEST.w / 2, y: NEST.y + 18, class: "dw-area-label", text: "nest" }));
  g.append(nest);
  return g;
}

function treasuresShape(left) {
  const { x, y, w, h } = TREASURES;
  const g = s("g", { class: "dw-treasures", "data-target": "treasures" });
  g.append(s("title", { text: `${left} treasure card${left === 1 ? "" : "s"} left in the lair (5 points each)` }));
  for (let i = Math.min(left, 4) - 1; i >= 0; i -= 1) {
    g.append(s("rect", { x: x + i * 3, y: y - i * 3, width: w, height: h, rx: 4, class: "dw-treasure-card" }));
  }
  if (!left) g.append(s("rect", { x, y, width: w, height: h, rx: 4, class: "dw-pile-empty" }));
  g.append(s("text", { x: x + w / 2, y: y + h / 2 - 4, class: "dw-treasure-star", text: left ? "★" : "" }));
  g.append(s("text", { x: x + w / 2, y: y + h + 14, class: "dw-caption", text: `${left} left` }));
  return g;
}

function skeleton(layout) {
  const g = s("g", { class: "dw-skeleton" });
  g.append(s("rect", { x: 0, y: 0, width: VIEW.width, height: VIEW.height, rx: 12, class: "dw-board-bg" }));
  g.append(s("polyline", { points: roadPoints().map((p) => `${p.x},${p.y}`).join(" "), class: "dw-road" }));
  g.append(castle(layout.start_spaces || START));
  for (let k = 1; k <= 6; k += 1) g.append(spaceShape(`P${k}`, true));
  for (let k = 1; k <= 9; k += 1) g.append(spaceShape(`M${k}`, true));
  g.append(lairAndNestFrames());
  g.append(railSlots());
  g.append(s("text", { x: PILE.goldX, y: mountainY(9) - 34, class: "dw-caption", text: "gold" }));
  g.append(s("text", { x: PILE.gemX, y: mountainY(9) - 34, class: "dw-caption", text: "gems" }));
  return g;
}

/** @param {Object} obs @param {EmeraldLayout} layout */
function piles(obs, layout) {
  const g = s("g", { class: "dw-piles" });
  for (let k = 1; k <= 9; k += 1) {
    for (const kind of ["gold", "gem"]) {
      const c = pileCentre(k, kind);
      g.append(pileShape(`M${k}/${kind}`, obs.piles?.[`M${k}`]?.[kind], { cx: c.x, cy: c.y, w: PILE.w, h: PILE.h, gems: layout.gems || {}, kind, square: `M${k}` }));
    }
  }
  return g;
}

/**
 * Create the Emerald board.
 * @returns {import("../shared/shell.js").Board}
 */
export function createEmeraldBoard() {
  const { svg, base, live, parts, drawBase } = layeredSvg({
    class: "dw-board dw-emerald-board", label: "Emerald board", base: "dw-layer-base", live: "dw-layer-live",
  });
  svg.setAttribute("viewBox", `0 0 ${VIEW.width} ${VIEW.height}`);
  const knightsG = s("g", { class: "dw-knights" });
  return {
    el: svg,
    update(t) {
      const layout = /** @type {EmeraldLayout} */ (t.board || {});
      drawBase(layout, (l) => ({ el: skeleton(l) }));
      const obs = t.observation || {};
      const part = (key, draw, extra = null) => parts.draw(key, obs, extra, draw);
      morphChildren(live, [
        part("track", (o) => trackBand(o.flight_track)),
        part("piles", (o) => piles(o, layout)),
        part("treasures", (o) => treasuresShape(o.treasures_left ?? 0)),
        knightsG,
        part("dragon", (o) => dragonShape(o.dragon)),
        part("die", (o) => dieShape(o.last_roll ?? null)),
        ...handsPanel(obs, layout, t.player_names || [], t.view_seat ?? null, (key, input, draw) => parts.draw(key, input, null, draw)),
      ]);
      // a part per stack, drawn from what it shows (each has its own data-target): a move redraws the
      // stacks it changed
      const colours = layout.colours || {};
      morphChildren(knightsG, stackViews(obs, colours).map((v) => parts.draw(`stack ${v.target}/${v.place}`, { v }, null, (o) => drawStack(o.v, colours))));
      svg.classList.toggle("dw-over", Boolean(obs.is_over));
    },
    /** Edit mode: knights, the dragon and the flight track (js/emerald/edit.js). */
    edit(ctx) {
      return createEmeraldEditor(svg, ctx);
    },
    /**
     * A knight stack stands on its space: when the space is the button for the same action, the stack
     * stays highlighted but lets clicks through, so the whole tower or square is one target and one
     * tab stop (targets.js).
     */
    standsOn(el) {
      if (!el.classList.contains("dw-stack")) return null;
      const space = el.getAttribute("data-target").split("/")[0];
      return base.querySelector(`[data-target="${space}"]`);
    },
  };
}
