// The La Chasse au Dragon board: the SVG forest (squares from forest.js, their piles and camps from
// squares.js, the pawns from pawns.js) with the encounter and fight panel beside it (fight.js) and
// the management boards under them (mboards.js). Every element a legal action may name carries the
// contract's `data-target` ("x,y", `adv/{seat}`, `zone/{seat}/{zone}`, `dice`), so the shell's
// targets.js highlights and binds them: the squares a step reaches, a duel's opponent, the cage for
// a decoy, the square of a fight, the zones of the camp actions.

/** @typedef {import("../shared/model.js").GameTraits} GameTraits */
/** @typedef {import("./layout.js").ChasseLayout} ChasseLayout */

import { h, s } from "../shared/dom.js";
import { layeredSvg } from "../shared/layers.js";
import { markOnly, morphChildren, overlayClasses } from "../shared/morph.js";
import { viewBox } from "./layout.js";
import { forestSkeleton } from "./forest.js";
import { drawSquares } from "./squares.js";
import { badgeView, occupancy, pawnAt, pawnView, quartersBadge } from "./pawns.js";
import { encounterBlocks, encounterSection, lastRollText } from "./fight.js";
import { createManagementBoards } from "./mboards.js";
import { createChasseEditor } from "./edit.js";

overlayClasses("dw-cd-passive");

/**
 * Create the board.
 * @returns {import("../shared/shell.js").Board}
 */
export function createChasseBoard() {
  const { svg, base, live, parts, drawBase } = layeredSvg({
    class: "dw-board dw-cd-forest", label: "The forest", base: "dw-cd-layer-base", live: "dw-cd-layer-live",
  });
  const pawnsG = s("g", { class: "dw-cd-pawns" });
  live.append(pawnsG);
  const encounter = encounterSection();
  const side = h("div", { class: "dw-cd-side-panel" }, encounter);
  const mboards = createManagementBoards();
  const boards = h("div", { class: "dw-cd-boards-wrap" }, mboards.el);
  const el = h("div", { class: "dw-cd-board" }, h("div", { class: "dw-cd-top" }, h("div", { class: "dw-cd-forest-wrap" }, svg), side), boards);
  return {
    el,
    update(t) {
      const layout = /** @type {ChasseLayout} */ (t.board || {});
      const { squares } = drawBase(layout, forestSkeleton, viewBox);
      const obs = t.observation || {};
      const names = t.player_names || [];
      drawSquares(squares, obs, layout, names);
      const part = (key, draw, extra = null) => parts.draw(key, obs, extra, draw);
      // every adventurer (a part each, drawn from its own view: a step redraws the one that moved), fanned
      // out where several share a square, then the active one's quarters badge on top
      const pawns = [];
      for (const [where, seats] of occupancy(obs)) {
        seats.forEach((seat, i) => pawns.push(parts.draw(`pawn ${seat}`, pawnView(obs, seat, where, i, seats.length), names,
          (v) => pawnAt(seat, v, { layout, names }))));
      }
      morphChildren(pawnsG, [...pawns, parts.draw("badge", { badge: badgeView(obs) }, null, (v) => quartersBadge(v.badge))]);
      svg.classList.toggle("dw-over", Boolean(obs.is_over));
      // the encounter panel, a part per block: a step redraws the blocks it changed (the turn, the moves left)
      morphChildren(encounter, encounterBlocks(names, lastRollText(t.log || [])).map(([key, draw, extra]) => part(`encounter ${key}`, draw, extra)));
      const viewSeat = t.view_seat ?? null;
      // a board kept per seat, its head, zones and foot parts of their own: a step redraws the mover's foot
      mboards.update(obs, parts, { layout, names, viewSeat });
    },
    /** Edit mode: pawns, pile tops and the hunters' boards (js/chasse_au_dragon/edit.js). */
    edit(ctx) {
      return createChasseEditor(el, ctx);
    },
    afterBind() {
      // Pawns that are not a choice let clicks through to the square under them while squares are
      // choices (a step, a fight); otherwise they keep their tooltips.
      const passive = new Set(base.querySelector("[data-action-id]")
        ? live.querySelectorAll(".dw-cd-pawn:not([data-action-id]), .dw-cd-quarters-badge") : []);
      markOnly(svg, "dw-cd-passive", passive);
    },
  };
}
