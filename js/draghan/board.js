// The Draghan card table: the realm and the location with the decks (location.js) beside the
// encounters (table.js) and the fight hint (hint.js), the market and the set-aside characters
// (market.js), and the characters in seat order (heroes.js). Every element a legal action may name
// carries the contract's `data-target` (`card/{id}`, `hero/{seat}`, `location`, `realm`), so the
// shell's targets.js highlights and binds them.

/**
 * `game.observation(viewer)` of Draghan (the contract's keys) with the widget's `hint`.
 * @typedef {Object} DraghanObservation
 * @property {string|null} decision       choose_character, heal_1, portal_choice, theft, draw_dragon, declare_target,
 *                                        declare_equipment, assign_assist, gold, replace, buy, share, heal_2, equipment_check;
 *                                        with manual draws reveal_location, draw_market, reveal_encounter (chance)
 * @property {number} active_player       the seat holding the map card
 * @property {number|null} current_player the seat to decide (-1 chance)
 * @property {boolean} is_over
 * @property {number} round
 * @property {"draghan"|"shadow"} realm
 * @property {"running"|"won"|"lost"} result
 * @property {({card: string, wounded: boolean, equipment: string[], coins: number, shows: string}|null)[]} heroes
 * @property {string[]} set_aside
 * @property {number} supply
 * @property {string|null} location
 * @property {string} assist              the assist location's icons this round ("" for none)
 * @property {string|null} assist_target
 * @property {number} threat
 * @property {string[]} portals_up
 * @property {boolean} travel_pending
 * @property {string[]} market_display
 * @property {{id: string, dragon: boolean, req: string, placed: number[], facing: number[]}[]} table
 * @property {string|null} dragon         the large dragon drawn
 * @property {string[]} revealed_equipment
 * @property {Record<string, string>} targets  seat -> the monster it faces
 * @property {Record<string, string[]>} used   seat -> the cards it commits
 * @property {number|null} declaring
 * @property {Record<string, number>} deck_sizes
 * @property {string[]} discard
 * @property {number} fled
 * @property {number} defeated
 * @property {{plans: {targets: Object, cards: Object, assist: string|null, dragon: boolean, text: string}[], count: number, note: string}|null} hint
 * @property {{reason: string, winners: number[]}|null} outcome
 * @property {{decks: Record<string, string[]>}} [hidden]  the teacher's view only: never drawn here
 */
/** @typedef {import("../shared/model.js").GameTraits} GameTraits */
/** @typedef {import("./cards.js").DraghanLayout} DraghanLayout */

import { h } from "../shared/dom.js";
import { createComponents, morphChildren } from "../shared/morph.js";
import { locationPanel } from "./location.js";
import { tablePanel } from "./table.js";
import { hintPanel } from "./hint.js";
import { sidePanel } from "./market.js";
import { heroPanel, heroView, heroesSection } from "./heroes.js";
import { createDraghanEditor } from "./edit.js";

/** The team's result once the game is over (DG-END). @param {DraghanObservation} obs */
function overBanner(obs) {
  if (!obs.is_over) return null;
  const won = obs.result === "won";
  return h(
    "div",
    { class: `dw-dg-over dw-dg-${won ? "won" : "lost"}`, role: "status" },
    h("strong", { text: won ? "The team wins!" : "The team loses" }),
    obs.outcome?.reason ? h("span", { class: "dw-muted", text: ` · ${obs.outcome.reason}` }) : null,
  );
}

/**
 * Create the board.
 * @returns {{el: HTMLElement, update(t: GameTraits): void}}
 */
export function createDraghanBoard() {
  const el = h("div", { class: "dw-dg-board", role: "group", "aria-label": "The Draghan table", "data-lm-suppress-shortcuts": "" });
  const centre = h("div", { class: "dw-dg-centre" });
  const top = h("div", { class: "dw-dg-top" }, centre);
  const heroes = heroesSection();
  const parts = createComponents();
  let builtFor = null;
  return {
    el,
    update(t) {
      const layout = /** @type {DraghanLayout} */ (t.board || {});
      const obs = /** @type {DraghanObservation} */ (t.observation || {});
      const names = t.player_names || [];
      el.classList.toggle("dw-dg-shadow", obs.realm === "shadow");
      if (builtFor !== layout) {
        parts.reset();
        builtFor = layout;
      }
      const part = (key, draw, extra = null) => parts.draw(key, obs, extra, draw);
      const viewSeat = t.view_seat ?? null;
      // each panel is a part of its own: a decision redraws the panels whose observation keys it changed
      morphChildren(centre, [
        part("over", (o) => overBanner(o)),
        part("table", (o) => tablePanel({ obs: o, layout, names }), names),
        part("hint", (o) => hintPanel({ obs: o })),
      ]);
      morphChildren(top, [part("location", (o) => locationPanel({ obs: o, layout })), centre]);
      morphChildren(el, [
        top,
        part("side", (o) => sidePanel({ obs: o, layout })),
        heroes,
      ]);
      // a part per character, drawn from what its panel shows: a decision redraws the characters it changed
      morphChildren(heroes, (obs.heroes || []).map((_, seat) => parts.draw(`hero ${seat}`, heroView(obs, layout, seat), [names, viewSeat],
        (v) => heroPanel(v, { layout, names, seat, viewSeat }))));
    },
    /**
     * Travelling to the Shadow Realm cannot be undone in play (DG-PORTAL-4: the Draghan decks leave the game): a click on the realm banner asks once
     * in the page before it is sent (issue 27, item 12).
     * @param {import("../shared/model.js").Action} action
     */
    confirm(action) {
      return action.kind === "travel" ? "The team cannot come back to Draghan." : null;
    },
    /** Edit mode: the cards on the table, the market, the decks and the characters (js/draghan/edit.js). */
    edit(ctx) {
      return createDraghanEditor(el, ctx);
    },
  };
}
