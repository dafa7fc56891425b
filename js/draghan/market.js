// The cards that wait on the side of the table: the market display while a market is open (its
// prices; bought after the fight, DG-MARKET-1) and the set-aside characters (chosen at setup,
// DG-SETUP-6, and taken as replacements, DG-WOUND-4). Each card is `data-target="card/{id}"`.

/** @typedef {import("./board.js").DraghanObservation} DraghanObservation */
/** @typedef {import("./cards.js").DraghanLayout} DraghanLayout */

import { h } from "../shared/dom.js";
import { cardOf, equipmentCard, iconRow, iconWords } from "./cards.js";

/** A character card not in play: both sides' icons. */
export function characterCard(layout, id) {
  const c = cardOf(layout, id);
  return h(
    "div",
    { class: "dw-dg-card dw-dg-character-card", "data-target": `card/${id}`, "data-card": id, title: `${c.name} (${id}): healthy ${iconWords(c.healthy)}; wounded ${iconWords(c.wounded)}` },
    h("span", { class: "dw-dg-card-name", text: c.name }),
    h("span", { class: "dw-dg-card-row" }, iconRow(c.healthy), h("span", { class: "dw-muted dw-dg-wounded-side", text: `wounded ${c.wounded}` })),
  );
}

/**
 * The market display and the set-aside characters (either may be absent).
 * @param {{obs: DraghanObservation, layout: DraghanLayout}} o
 * @returns {HTMLElement|null}
 */
export function sidePanel({ obs, layout }) {
  const market = obs.market_display || [];
  const aside = obs.set_aside || [];
  if (!market.length && !aside.length) return null;
  return h(
    "section",
    { class: "dw-panel dw-dg-side-cards", "aria-label": "Market and set-aside characters" },
    market.length
      ? h(
        "div",
        { class: "dw-dg-market-display" },
        h("h3", { class: "dw-panel-title", text: "Market · for sale after the fight" }),
        h("div", { class: "dw-dg-cards" }, market.map((id) => equipmentCard(layout, id, { price: true }))),
      )
      : null,
    aside.length
      ? h(
        "div",
        { class: "dw-dg-set-aside" },
        h("h3", { class: "dw-panel-title", text: obs.decision === "choose_character" ? "Characters to choose from" : "Set-aside characters (replacements)" }),
        h("div", { class: "dw-dg-cards" }, aside.map((id) => characterCard(layout, id))),
      )
      : null,
  );
}
