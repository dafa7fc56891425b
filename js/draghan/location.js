// Where the team is: the realm (Draghan or the Shadow Realm, `data-target="realm"`: travelling
// there is its action), the round and its phases, the location turned up this round with its
// ability (`data-target="location"`: an assist location's icons go to a monster), the portals face
// up, the face-down decks (their sizes only: their order is nobody's to know, section 7), the
// discard pile's count and the coin supply.

/** @typedef {import("./board.js").DraghanObservation} DraghanObservation */
/** @typedef {import("./cards.js").DraghanLayout} DraghanLayout */

import { h } from "../shared/dom.js";
import { cardOf, coins, iconRow } from "./cards.js";

export const REALMS = { draghan: "Draghan", shadow: "Shadow Realm" };

/** What each location ability does this round (DG-LOC-2..7). */
export const ABILITY_TEXT = {
  heal: "Healing: every wounded character is healed",
  assist: "Assist: its icons help the team against one monster",
  threat: "Threat: one more encounter card is revealed",
  theft: "Theft: the active character loses a coin, else a random card",
  market: "Market: 4 cards for sale after the fight",
  portal: "Portal: the team may travel to the Shadow Realm",
};

/** The round's phases (DG-ROUND-1) and the decisions that belong to each. */
export const PHASES = [
  ["heal", "1 heal", ["heal_1"]],
  ["location", "2 location", ["reveal_location", "draw_market", "portal_choice"]],
  ["fight", "3 fight", ["reveal_encounter", "draw_dragon", "declare_target", "declare_equipment", "assign_assist"]],
  ["result", "4 result", ["gold", "replace", "buy"]],
  ["share", "5 share", ["share"]],
  ["heal2", "6 heal", ["heal_2"]],
  ["check", "7 check", ["equipment_check"]],
];

/** The phase (DG-ROUND-1) a decision belongs to; a theft is the location's or a monster's. */
export function phaseOf(obs) {
  const d = obs.decision;
  if (d === "join_card") return obs.round ? "result" : null; // a replacement's card, or one chosen at set-up
  if (d === "theft") return (obs.table || []).length || (obs.revealed_equipment || []).length ? "fight" : "location";
  return PHASES.find(([, , decisions]) => decisions.includes(d))?.[0] ?? null;
}

function phaseTrack(obs) {
  const now = phaseOf(obs);
  return h(
    "ol",
    { class: "dw-dg-phases", "aria-label": "Phases of the round" },
    PHASES.map(([id, label]) => h("li", { class: `dw-dg-phase${id === now ? " dw-dg-phase-now" : ""}`, "data-phase": id, text: label })),
  );
}

function realmBadge(obs) {
  const realm = obs.realm || "draghan";
  const travel = obs.travel_pending ? "the team travels to the Shadow Realm at the end of this round (no way back)" : "";
  return h(
    "div",
    { class: `dw-dg-realm dw-dg-realm-${realm}`, "data-target": "realm", "data-realm": realm, title: travel || `The team is in ${REALMS[realm]}` },
    h("span", { class: "dw-dg-realm-name", text: REALMS[realm] ?? realm }),
    obs.travel_pending ? h("span", { class: "dw-dg-travel", text: "→ Shadow Realm at the round's end" }) : null,
  );
}

function locationCard(obs, layout) {
  if (!obs.location) {
    return h("div", { class: "dw-dg-card dw-dg-location dw-dg-location-none", "data-target": "location" }, h("span", { class: "dw-muted", text: "No location turned up yet" }));
  }
  const c = cardOf(layout, obs.location);
  return h(
    "div",
    { class: `dw-dg-card dw-dg-location dw-dg-ability-${c.ability}`, "data-target": "location", "data-card": obs.location, title: `${c.name} (${obs.location})` },
    h("span", { class: "dw-dg-card-name", text: c.name }),
    h("span", { class: "dw-dg-card-row" }, h("span", { class: "dw-dg-ability", text: c.ability ?? "" }), c.ability === "assist" ? iconRow(obs.assist || c.icons) : null),
    h("span", { class: "dw-dg-ability-text dw-muted", text: ABILITY_TEXT[c.ability] ?? "" }),
  );
}

function portals(obs, layout) {
  const up = obs.portals_up || [];
  if (obs.realm === "shadow") return null;
  return h(
    "div",
    { class: "dw-dg-portals", title: "The third portal forces the travel (DG-PORTAL-6)" },
    h("span", { class: "dw-dg-subtitle", text: `Portals ${up.length} of 3` }),
    up.map((id) => h("span", { class: "dw-dg-portal", "data-card": id, text: cardOf(layout, id).name })),
  );
}

const DECKS = [
  ["location_draghan", "Draghan locations"],
  ["encounter_draghan", "Draghan encounters"],
  ["market", "Market"],
  ["location_shadow", "Shadow locations"],
  ["encounter_shadow", "Shadow encounters"],
  ["dragons", "Large dragons"],
];

/** The decks the Shadow Realm no longer uses (DG-PORTAL-4). */
const DRAGHAN_ONLY = ["location_draghan", "encounter_draghan", "market"];

function decks(obs) {
  const sizes = obs.deck_sizes || {};
  const out = DECKS.filter(([key]) => key in sizes).map(([key, label]) => h(
    "div",
    {
      class: `dw-dg-deck${sizes[key] ? "" : " dw-dg-deck-empty"}${obs.realm === "shadow" && DRAGHAN_ONLY.includes(key) ? " dw-dg-deck-unused" : ""}`,
      "data-deck": key,
      title: `${label}: ${sizes[key]} card${sizes[key] === 1 ? "" : "s"}, face down${obs.realm === "shadow" && DRAGHAN_ONLY.includes(key) ? " (no longer used in the Shadow Realm, DG-PORTAL-4)" : ""}`,
    },
    h("span", { class: "dw-dg-deck-count", text: sizes[key] }),
    h("span", { class: "dw-dg-deck-name", text: label }),
  ));
  out.push(h(
    "div",
    { class: "dw-dg-deck dw-dg-discard", "data-deck": "discard", title: "The discard pile: face up, never reshuffled" },
    h("span", { class: "dw-dg-deck-count", text: (obs.discard || []).length }),
    h("span", { class: "dw-dg-deck-name", text: "Discard pile" }),
  ));
  return h("div", { class: "dw-dg-decks" }, out);
}

/**
 * The realm and location panel.
 * @param {{obs: DraghanObservation, layout: DraghanLayout}} o
 * @returns {HTMLElement}
 */
export function locationPanel({ obs, layout }) {
  const setup = obs.decision === "choose_character" || (!obs.round && !obs.is_over);
  return h(
    "section",
    { class: "dw-panel dw-dg-where", "aria-label": "The realm and the location" },
    h("h3", { class: "dw-panel-title", text: obs.is_over ? `Round ${obs.round} · game over` : setup ? "Setting up" : `Round ${obs.round}` }),
    setup ? null : phaseTrack(obs),
    realmBadge(obs),
    locationCard(obs, layout),
    portals(obs, layout),
    decks(obs),
    h(
      "div",
      { class: "dw-dg-stats" },
      h("span", { title: "The coins in the supply (DG-INT-24)" }, "supply ", coins(obs.supply ?? 0)),
      h("span", { text: `defeated ${obs.defeated ?? 0}` }),
      h("span", { title: "Draghan monsters that fled into the Shadow deck", text: `fled ${obs.fled ?? 0}` }),
    ),
  );
}
