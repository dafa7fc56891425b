// The characters in seat order (DG-SOLO-2: each its own equipment and coins): the visible side of
// its card with that side's icons, its coins, its equipment grouped by body slot (head, torso, hand,
// with the carrying limits of DG-EQUIP-1), the map card on the active one, and during the fight the
// monster it faces and the cards it commits. Each character is `data-target="hero/{seat}"` and each
// of its cards `card/{id}`.

/** @typedef {import("./board.js").DraghanObservation} DraghanObservation */
/** @typedef {import("./cards.js").DraghanLayout} DraghanLayout */

import { h } from "../shared/dom.js";
import { SLOTS, cardOf, coins, equipmentCard, iconRow, iconWords } from "./cards.js";
import { monsterName } from "./table.js";

const nameOf = (names, seat) => names[seat] ?? `Seat ${seat + 1}`;

/** The character card itself: its name, the side up with its icons, the other side small. */
function characterFace(layout, hero) {
  const c = cardOf(layout, hero.card);
  const side = hero.wounded ? "wounded" : "healthy";
  const other = hero.wounded ? "healthy" : "wounded";
  return h(
    "div",
    { class: `dw-dg-character dw-dg-side-${side}`, "data-card": hero.card },
    h("span", { class: "dw-dg-side", title: hero.wounded ? "wounded side up: 1 icon; a second wound takes it out (DG-WOUND)" : "healthy side up: 3 icons", text: side }),
    iconRow(hero.shows, { cls: "dw-dg-shows" }),
    h("span", { class: "dw-dg-other-side dw-muted", title: `${other} side: ${iconWords(c[other])}`, text: `${other}: ${c[other] || "–"}` }),
  );
}

/** The fight line: the monster the character faces and the cards it commits (public, DG-FIGHT-10). */
function fightLine(v, layout) {
  if (v.faces === null && !v.declaring) return null;
  const text = v.faces
    ? `faces ${v.faces}${v.commits.length ? ` with ${v.commits.map((c) => cardOf(layout, c).name).join(", ")}` : ""}`
    : "chooses a monster to face…";
  return h("div", { class: `dw-dg-fight-line${v.declaring ? " dw-dg-now" : ""}`, text: `${v.declaring ? "▶ " : "→ "}${text}` });
}

/** The equipment by body slot, each slot with its limit; a slot over it is marked (checked in phase 7). */
function slots(layout, hero, committed) {
  const used = new Set(committed);
  const limits = layout.limits || { head: 1, torso: 1, hand: 2 };
  const bySlot = new Map(SLOTS.map((slot) => [slot, []]));
  const loose = [];
  for (const id of hero.equipment) {
    const slot = cardOf(layout, id).slot;
    (bySlot.get(slot) ?? loose).push(id);
  }
  const groups = SLOTS.map((slot) => {
    const ids = bySlot.get(slot);
    const over = ids.length > (limits[slot] ?? Infinity);
    return h(
      "div",
      { class: `dw-dg-slot-group${over ? " dw-dg-over" : ""}`, "data-slot": slot },
      h("span", { class: "dw-dg-slot-label", title: over ? `more ${slot} cards than the ${limits[slot]} a character may carry on (DG-EQUIP-1)` : `up to ${limits[slot]} ${slot} card${limits[slot] === 1 ? "" : "s"} (DG-EQUIP-1)`, text: `${slot} ${ids.length}/${limits[slot]}` }),
      h("div", { class: "dw-dg-slot-cards" }, ids.map((id) => equipmentCard(layout, id, { price: true, slotShown: false, cls: used.has(id) ? "dw-dg-used" : "", note: used.has(id) ? "committed to this fight" : "" }))),
    );
  });
  if (loose.length) groups.push(h("div", { class: "dw-dg-slot-group", "data-slot": "" }, h("span", { class: "dw-dg-slot-label", text: "no slot" }), h("div", { class: "dw-dg-slot-cards" }, loose.map((id) => equipmentCard(layout, id, { price: true, slotShown: false })))));
  return h("div", { class: "dw-dg-slots" }, groups);
}

/**
 * What an empty seat says: no character chosen yet while setting up (round 0), else its character dropped
 * out in the Shadow Realm, sharing the team's win unless the team lost (DG-END).
 * @param {DraghanObservation} obs
 */
function emptySeatText(obs) {
  if (!obs.round) return "no character yet";
  const out = "out of the game (dropped out in the Shadow Realm)";
  if (obs.result === "lost") return out;
  return `${out}; ${obs.result === "won" ? "shares" : "still shares"} the team's win`;
}

/**
 * What the panel of the character in `seat` shows, read from the observation: its character (null: none
 * or out), whether it holds the map card or decides now, the monster it faces and the cards it commits, the
 * cards of its equipment committed to the fight, and an empty seat's text. The board draws each panel as a
 * part from this view, so a decision redraws the panels it changed.
 * @param {DraghanObservation} obs
 * @param {DraghanLayout} layout
 * @param {number} seat
 */
export function heroView(obs, layout, seat) {
  const hero = obs.heroes?.[seat] ?? null;
  const target = obs.targets?.[String(seat)];
  const used = new Set(Object.values(obs.used || {}).flat());
  return {
    hero,
    active: obs.active_player === seat,
    toPlay: !obs.is_over && obs.current_player === seat,
    faces: target === undefined ? null : target ? monsterName(obs, layout, target) : "",
    declaring: obs.declaring === seat,
    commits: obs.used?.[String(seat)] || [],
    committed: hero ? hero.equipment.filter((id) => used.has(id)) : [],
    emptyText: hero ? "" : emptySeatText(obs),
  };
}

/**
 * One character (or the seat of one that dropped out in the Shadow Realm), drawn from `heroView`.
 * @param {ReturnType<typeof heroView>} v
 * @param {{layout: DraghanLayout, names: string[], seat: number, viewSeat: number|null}} o
 * @returns {HTMLElement}
 */
export function heroPanel(v, { layout, names, seat, viewSeat }) {
  const { hero, active, toPlay } = v;
  const cls = [
    "dw-dg-hero",
    hero ? "" : "dw-dg-out",
    hero?.wounded ? "dw-dg-wounded" : "",
    active ? "dw-dg-active" : "",
    toPlay ? "dw-dg-to-play" : "",
    seat === viewSeat ? "dw-dg-mine" : "",
  ].filter(Boolean).join(" ");
  const label = hero ? `${nameOf(names, seat)} (seat ${seat + 1})` : `Seat ${seat + 1}`;
  if (!hero) {
    return h(
      "article",
      { class: cls, "data-target": `hero/${seat}`, "data-seat": seat, "aria-label": `${label}: out of the game` },
      h("header", { class: "dw-dg-hero-head" }, h("span", { class: "dw-dg-hero-name", text: label })),
      h("p", { class: "dw-muted dw-dg-out-text", text: v.emptyText }),
    );
  }
  return h(
    "article",
    { class: cls, "data-target": `hero/${seat}`, "data-seat": seat, "aria-label": label },
    h(
      "header",
      { class: "dw-dg-hero-head" },
      h("span", { class: "dw-dg-hero-name", text: nameOf(names, seat) }),
      h("span", { class: "dw-muted dw-dg-seat", text: `seat ${seat + 1}` }),
      active ? h("span", { class: "dw-dg-map", title: "holds the map card: the active character (DG-ROUND-2)", text: "map" }) : null,
      toPlay ? h("span", { class: "dw-dg-tag", text: "▶ to decide" }) : null,
      coins(hero.coins),
    ),
    characterFace(layout, hero),
    fightLine(v, layout),
    slots(layout, hero, v.committed),
  );
}

/** The section that holds the characters' panels, in seat order (`heroPanel`). */
export const heroesSection = () => h("section", { class: "dw-dg-heroes", "aria-label": "The characters" });
