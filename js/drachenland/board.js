// The Drachenland board: one SVG map (the static land from map.js, then volcano contents, royal
// dragons, adventurers, dice and the turn boxes redrawn from each observation) and the seat panels
// under it. Every element a legal action may name carries the contract's `data-target`, so the
// shell's targets.js highlights and binds them (walk destinations, volcano treasure, dice, tokens).

/** @typedef {import("../shared/model.js").GameTraits} GameTraits */
/** @typedef {import("./layout.js").DrachenlandLayout} DrachenlandLayout */

import { h, s } from "../shared/dom.js";
import { layeredSvg } from "../shared/layers.js";
import { markOnly, morphChildren, overlayClasses } from "../shared/morph.js";
import { viewBox, nodePoints } from "./layout.js";
import { landSkeleton } from "./map.js";
import { volcanoContents, describeVolcano } from "./volcano.js";
import { adventurerViews, placedPiece } from "./adventurers.js";
import { diceBox } from "./dice.js";
import { turnBox, infoBox } from "./turn.js";
import { playerPanel, seatObservation } from "./players.js";
import { createDrachenlandEditor } from "./edit.js";

/** Which volcano each revealed royal dragon sits on, as volcano id -> colours. */
function dragonsByVolcano(obs) {
  const out = new Map();
  for (const [colour, where] of Object.entries(obs.dragons || {})) {
    if (!where) continue;
    if (!out.has(where)) out.set(where, []);
    out.get(where).push(colour);
  }
  return out;
}

overlayClasses("dw-dl-passive");

/**
 * The volcanoes whose treasure is a choice: a legal action names one of their pieces (`V03/egg`, `V03/ring`).
 * @param {import("../shared/model.js").Action[]} actions
 * @returns {string[]}  their ids, sorted
 */
export function openVolcanoes(actions) {
  const ids = new Set();
  for (const a of actions || []) for (const t of a.targets || []) if (/^V\d+\//.test(t)) ids.add(t.split("/")[0]);
  return [...ids].sort();
}

/** The contents of every volcano (treasure, tokens, the royal dragons on it); `open`: see openVolcanoes. */
function volcanoLayer(obs, layout, pts, open) {
  const dragons = dragonsByVolcano(obs);
  const contents = s("g", { class: "dw-dl-contents" });
  for (const v of layout.volcanoes || []) {
    const here = dragons.get(v.id) || [];
    contents.append(volcanoContents(v.id, pts.get(v.id), obs.volcanoes?.[v.id], layout, here, obs.hidden?.face_down?.[v.id] ?? null,
      open.includes(v.id)));
  }
  return contents;
}

/**
 * Create the Drachenland board.
 * @returns {import("../shared/shell.js").Board}
 */
export function createDrachenlandBoard() {
  const { svg, base, live, parts, drawBase } = layeredSvg({
    class: "dw-board dw-dl-map", label: "Drachenland map", base: "dw-dl-layer-base", live: "dw-dl-layer-live",
  });
  const adventurersG = s("g", { class: "dw-dl-adventurers" });
  const parties = h("div", { class: "dw-dl-parties" });
  const panels = h("div", { class: "dw-dl-panels" }, parties);
  const el = h("div", { class: "dw-dl-board" }, svg, panels);
  return {
    el,
    update(t) {
      const layout = /** @type {DrachenlandLayout} */ (t.board || {});
      const { pts } = drawBase(layout, (l) => ({ el: landSkeleton(l), pts: nodePoints(l) }), viewBox);
      const obs = t.observation || {};
      const names = t.player_names || [];
      const dragons = dragonsByVolcano(obs);
      const open = openVolcanoes(t.legal_actions);
      for (const v of layout.volcanoes || []) {
        const here = dragons.get(v.id) || [];
        const view = obs.volcanoes?.[v.id];
        const cone = base.querySelector(`.dw-dl-volcano[data-target="${v.id}"] > title:not(.dw-tip)`);
        const said = describeVolcano(v.id, view, layout, here);
        if (cone && cone.textContent !== said) cone.textContent = said;
        base.querySelector(`.dw-dl-volcano[data-target="${v.id}"]`)?.classList.toggle("dw-dl-face-down", Boolean(view?.face_down));
      }
      const part = (key, draw, extra = null) => parts.draw(key, obs, extra, draw);
      morphChildren(live, [
        part("volcanoes", (o) => volcanoLayer(o, layout, pts, open), open),
        adventurersG,
        part("dice", (o) => diceBox(o, layout)),
        part("turn", (o) => turnBox(o, layout, names), names),
        part("info", (o) => infoBox(o)),
      ]);
      // a part per adventurer on the land, drawn from what it shows: a move redraws the pieces it changed
      morphChildren(adventurersG, adventurerViews(obs, layout, pts).map((v) => parts.draw(`adv ${v.who.seat}/${v.who.colour}`, { v }, names,
        (o) => placedPiece(o.v, layout, names))));
      svg.classList.toggle("dw-over", Boolean(obs.is_over));
      const viewSeat = t.view_seat ?? null;
      // one part per seat: a decision redraws the panels whose seat it changed
      const seats = (obs.adventurers || []).map((_, seat) => seat);
      morphChildren(parties, seats.map((seat) => parts.draw(`panel ${seat}`, seatObservation(obs, seat), [names, viewSeat],
        (o) => playerPanel(seat, { obs: o, layout, names, viewSeat }))));
    },
    /**
     * An action that plays a token (fate, boatman, magic hand, forced march: the token leaves the game) asks
     * once in the page before a click on the map sends it (issue 27, item 12): the highlighted dice of a
     * fate decision offer the re-roll, they never spend the token in one click.
     * @param {import("../shared/model.js").Action} action
     */
    confirm(action) {
      const token = (action.targets || []).find((id) => id.startsWith("token/"));
      if (!token) return null;
      const kind = token.split("/")[2]?.replace(/_/g, " ") ?? "token";
      return `This plays your ${kind} token: it leaves the game.`;
    },
    /** Edit mode: adventurers, eggs, gems, volcano tokens and the dice (js/drachenland/edit.js). */
    edit(ctx) {
      return createDrachenlandEditor(el, ctx);
    },
    afterBind() {
      // An element that is a choice but sits on another choice keeps its own click; pieces that
      // are not a choice let clicks through to the stone or volcano under them (see the CSS).
      // (Only while a stone or volcano is a choice, so pieces keep their tooltips otherwise.)
      // The dice likewise, when the pair is the choice (a reroll) and a single die is not.
      const unbound = (selector) => [...live.querySelectorAll(`${selector}:not([data-action-id])`)];
      // (an open volcano's piece is a choice too: the adventurers standing by it let taps through to its cells)
      const choiceOnLand = base.querySelector("[data-action-id]") || live.querySelector(".dw-dl-open [data-action-id]");
      const passive = choiceOnLand ? unbound("[data-target]") : [];
      if (live.querySelector('[data-target="dice"][data-action-id]')) passive.push(...unbound('[data-target^="die/"]'));
      markOnly(el, "dw-dl-passive", new Set(passive));
    },
  };
}
