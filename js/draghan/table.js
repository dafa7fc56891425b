// The encounters on the table: each monster with the icons it needs drawn against the icons placed
// at it so far (`table[].req` vs `placed`: filled chips matched, hollow ones missing), the characters
// facing it, its gold, flee and theft marks; the dragon as a large card (the large dragon drawn for
// it, DG-DRAGON-1); and the equipment revealed this round (DG-RESULT-7). Monsters are
// `data-target="card/{id}"` (the dragon: its dragon card's id).

/** @typedef {import("./board.js").DraghanObservation} DraghanObservation */
/** @typedef {import("./cards.js").DraghanLayout} DraghanLayout */

import { h } from "../shared/dom.js";
import { cardOf, coins, equipmentCard, isMatched, needRow } from "./cards.js";

const nameOf = (names, seat) => names[seat] ?? `Seat ${seat + 1}`;

/**
 * A monster's name as the table reads it: the dragon by its large card, two monsters of one name
 * told apart by their ids ("Goblin D01").
 * @param {DraghanObservation} obs
 * @param {DraghanLayout} layout
 * @param {string} id
 */
export function monsterName(obs, layout, id) {
  const entry = (obs.table || []).find((m) => m.id === id);
  if (entry?.dragon || cardOf(layout, id).kind === "dragon_card") {
    return obs.dragon ? `the dragon (${cardOf(layout, obs.dragon).name})` : "the dragon";
  }
  const name = cardOf(layout, id).name;
  const twice = (obs.table || []).filter((m) => !m.dragon && cardOf(layout, m.id).name === name).length > 1;
  return twice ? `${name} ${id}` : name;
}

function marks(c) {
  return [
    c.gold ? h("span", { class: "dw-dg-mark dw-dg-gold", title: `pays ${c.gold} gold when defeated (DG-RESULT-2)` }, coins(c.gold, "dw-dg-gold-coins")) : null,
    c.flee ? h("span", { class: "dw-dg-mark dw-dg-flee", title: "flee icon: undefeated in Draghan, it flees into the Shadow Realm deck (DG-RESULT-4)", text: "flees" }) : null,
    c.theft ? h("span", { class: "dw-dg-mark dw-dg-theft", title: "thief: stole when revealed (DG-EXPLORE-4)", text: "thief" }) : null,
  ];
}

function facingLine(obs, layout, names, m) {
  const who = (m.facing || []).map((seat) => {
    const used = obs.used?.[String(seat)] || [];
    return used.length ? `${nameOf(names, seat)} + ${used.map((c) => cardOf(layout, c).name).join(" + ")}` : nameOf(names, seat);
  });
  const location = obs.assist_target === m.id && obs.location ? `${cardOf(layout, obs.location).name} (${obs.assist})` : null;
  if (location) who.push(location);
  return h("div", { class: `dw-dg-facing${who.length ? "" : " dw-muted"}`, text: who.length ? `faced by ${who.join(", ")}` : "nobody faces it" });
}

/** One monster on the table. */
function monsterCard(obs, layout, names, m) {
  const c = cardOf(layout, m.id);
  const matched = isMatched(m.req, m.placed);
  const started = (m.placed || []).some((n) => n > 0);
  const cls = ["dw-dg-card", "dw-dg-monster", `dw-dg-deck-${c.deck}`, matched && started ? "dw-dg-matched" : ""].filter(Boolean).join(" ");
  return h(
    "div",
    { class: cls, "data-target": `card/${m.id}`, "data-card": m.id, title: `${monsterName(obs, layout, m.id)} (${m.id}): needs ${m.req}` },
    h("span", { class: "dw-dg-card-name", text: monsterName(obs, layout, m.id) }),
    h("span", { class: "dw-dg-card-row" }, needRow(m.req, m.placed), marks(c)),
    facingLine(obs, layout, names, m),
    matched && started ? h("span", { class: "dw-dg-matched-tag", text: "✓ matched" }) : null,
  );
}

/** The dragon: the large dragon card drawn for the dragon card (DG-DRAGON-1, DG-DRAGON-5). */
function dragonCard(obs, layout, names, m) {
  const big = obs.dragon ? cardOf(layout, obs.dragon) : null;
  const others = (obs.table || []).filter((x) => !x.dragon).length;
  const matched = isMatched(m.req, m.placed) && (m.placed || []).some((n) => n > 0);
  return h(
    "div",
    { class: `dw-dg-card dw-dg-dragon${matched ? " dw-dg-matched" : ""}`, "data-target": `card/${m.id}`, "data-card": m.id, "data-dragon": obs.dragon ?? "", title: `The dragon${big ? `: ${big.name} (${obs.dragon})` : ""}, needs ${m.req}` },
    h("span", { class: "dw-dg-dragon-title", text: "The dragon" }),
    h("span", { class: "dw-dg-dragon-name", text: big ? big.name : "not drawn yet" }),
    h("span", { class: "dw-dg-card-row" }, needRow(m.req, m.placed)),
    facingLine(obs, layout, names, m),
    h("span", {
      class: "dw-dg-dragon-rule dw-muted",
      text: others ? `protected: ${others} other monster${others === 1 ? "" : "s"} must fall first (DG-DRAGON-5)` : "no other monster protects it",
    }),
  );
}

/**
 * The encounters panel.
 * @param {{obs: DraghanObservation, layout: DraghanLayout, names: string[]}} o
 * @returns {HTMLElement}
 */
export function tablePanel({ obs, layout, names }) {
  const table = obs.table || [];
  const dragon = table.filter((m) => m.dragon);
  const monsters = table.filter((m) => !m.dragon);
  const found = obs.revealed_equipment || [];
  const active = obs.active_player ?? null;
  return h(
    "section",
    { class: "dw-panel dw-dg-table", "aria-label": "The encounters" },
    h("h3", { class: "dw-panel-title", text: "Encounters" }),
    dragon.length ? h("div", { class: "dw-dg-dragon-row" }, dragon.map((m) => dragonCard(obs, layout, names, m))) : null,
    monsters.length
      ? h("div", { class: "dw-dg-monsters" }, monsters.map((m) => monsterCard(obs, layout, names, m)))
      : h("p", { class: "dw-muted dw-dg-empty", text: dragon.length ? "No other monster on the table." : "No monster on the table." }),
    found.length
      ? h(
        "div",
        { class: "dw-dg-found" },
        h("div", { class: "dw-dg-subtitle", text: `Equipment found: to the ${active !== null ? nameOf(names, active) : "active character"} if every monster falls` }),
        h("div", { class: "dw-dg-cards" }, found.map((id) => equipmentCard(layout, id))),
      )
      : null,
  );
}
