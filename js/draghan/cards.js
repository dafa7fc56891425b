// Draghan's card data and the small pieces every panel draws with it: skill icons as S/C/K chips
// (strength, charm, knowledge), and an equipment card (name, icons, body slot, healing mark, price)
// carrying the contract's `data-target="card/{id}"` so the shell can bind it to a legal action.

/**
 * One card of `board.cards` (`game.board_layout()`; the fields a kind does not use keep defaults).
 * @typedef {Object} DraghanCard
 * @property {string} id
 * @property {string} name
 * @property {string} deck      characters, market, encounter_draghan, encounter_shadow, location_*, dragons
 * @property {string} kind      character, market, monster, equipment, dragon_card, location, dragon
 * @property {string} healthy   a character's healthy side ("SCC")
 * @property {string} wounded   its wounded side ("C")
 * @property {string} req       what a monster or a large dragon needs ("SSK")
 * @property {string} icons     an equipment card's skill icons, an assist location's icons
 * @property {string|null} slot head, torso or hand
 * @property {boolean} heal     the healing icon
 * @property {number|null} price a market card's price in coins
 * @property {number|null} gold  a Draghan monster's gold
 * @property {boolean} flee
 * @property {boolean} theft
 * @property {string|null} ability a location's ability
 */
/**
 * `game.board_layout()`, sent once.
 * @typedef {Object} DraghanLayout
 * @property {Record<string, DraghanCard>} cards
 * @property {Record<string, number>} limits  cards a character may carry per body slot (DG-EQUIP-1)
 * @property {number} coins                   the coins of the box
 */

import { h } from "../shared/dom.js";

/** The three skills, in the order of the `placed` counts (S, C, K). */
export const SKILLS = [
  ["S", "strength"],
  ["C", "charm"],
  ["K", "knowledge"],
];
export const SKILL_NAME = Object.fromEntries(SKILLS);
/** The body slots in the order a character is drawn (head, torso, hands). */
export const SLOTS = ["head", "torso", "hand"];

/** The card `id` of the layout (a stand-in naming the id when the layout lacks it). @param {DraghanLayout} layout */
export function cardOf(layout, id) {
  return layout?.cards?.[id] ?? { id, name: id ?? "?", kind: "unknown", healthy: "", wounded: "", req: "", icons: "", slot: null, heal: false, price: null, gold: null, flee: false, theft: false, ability: null };
}

/** The (S, C, K) counts of an icon string: "SSK" -> [2, 0, 1]. */
export function countIcons(text) {
  return SKILLS.map(([letter]) => [...(text || "")].filter((c) => c === letter).length);
}

/** "SSK" in words: "2 strength, 1 knowledge" ("no icon" when empty). */
export function iconWords(text) {
  const n = countIcons(text);
  const parts = SKILLS.map(([, word], i) => (n[i] ? `${n[i]} ${word}` : "")).filter(Boolean);
  return parts.join(", ") || "no icon";
}

/**
 * One skill icon as a chip: a coloured disc with its letter. `state` "placed" (filled, a needed icon
 * matched), "needed" (hollow, still missing) or "extra" (placed beyond the need).
 */
export function iconChip(letter, state = "") {
  return h("span", {
    class: `dw-dg-icon dw-dg-icon-${letter}${state ? ` dw-dg-icon-${state}` : ""}`,
    "data-icon": letter,
    "data-state": state || null,
    title: `${SKILL_NAME[letter] ?? letter}${state ? ` (${state})` : ""}`,
    text: letter,
  });
}

/** A row of icon chips for an icon string ("SCC"). */
export function iconRow(text, { cls = "" } = {}) {
  return h("span", { class: `dw-dg-icons${cls ? ` ${cls}` : ""}`, "aria-label": iconWords(text) }, [...(text || "")].map((c) => iconChip(c)));
}

/**
 * What a monster needs against what is placed at it, chip by chip: each needed icon filled when
 * matched, hollow when missing; icons placed beyond the need (of a needed type) follow as "extra".
 * @param {string} req     e.g. "SSK"
 * @param {number[]} placed [S, C, K]
 */
export function needRow(req, placed = [0, 0, 0]) {
  const need = countIcons(req);
  const chips = [];
  SKILLS.forEach(([letter], i) => {
    const got = placed[i] ?? 0;
    for (let k = 0; k < need[i]; k += 1) chips.push(iconChip(letter, k < got ? "placed" : "needed"));
    if (need[i] && got > need[i]) chips.push(h("span", { class: "dw-dg-extra", title: `${got - need[i]} ${SKILL_NAME[letter]} more than needed`, text: `+${got - need[i]}` }));
  });
  const words = `needs ${iconWords(req)}; placed ${SKILLS.map(([, w], i) => `${placed[i] ?? 0} ${w}`).join(", ")}`;
  return h("span", { class: "dw-dg-icons dw-dg-need", "aria-label": words, title: words }, chips);
}

/** Check if the icons placed match every icon the monster needs (DG-FIGHT-7). */
export function isMatched(req, placed = [0, 0, 0]) {
  return countIcons(req).every((n, i) => (placed[i] ?? 0) >= n);
}

/** A coin count: "● 3". */
export function coins(n, cls = "dw-dg-coins") {
  return h("span", { class: cls, title: `${n} coin${n === 1 ? "" : "s"}`, "data-coins": n }, h("span", { class: "dw-dg-coin", "aria-hidden": "true" }), String(n));
}

/**
 * An equipment card (market or encounter, DG-INT-8): name, skill icons, body slot, healing mark and,
 * for a market card, its price. `data-target="card/{id}"`. In a slot's row the row says the slot: the
 * card's own slot word is then `hidden` (an attribute, not a style: the widget reads a card's visible
 * text without laying the page out, `visibleText` in shared/targets.js).
 * @param {DraghanLayout} layout
 * @param {string} id
 * @param {{price?: boolean, note?: string, cls?: string, slotShown?: boolean}} [opts]
 */
export function equipmentCard(layout, id, { price = false, note = "", cls = "", slotShown = true } = {}) {
  const c = cardOf(layout, id);
  const tip = [
    `${c.name} (${id})`,
    c.icons ? iconWords(c.icons) : "no skill icon",
    c.slot ? `${c.slot} slot` : "",
    c.heal ? "heals its owner when played (DG-HEAL)" : "",
    c.price !== null && c.price !== undefined ? `price ${c.price}` : "",
    note,
  ].filter(Boolean).join(" · ");
  return h(
    "div",
    { class: `dw-dg-card dw-dg-equipment dw-dg-${c.kind}${cls ? ` ${cls}` : ""}`, "data-target": `card/${id}`, "data-card": id, "data-slot": c.slot ?? "", title: tip },
    h("span", { class: "dw-dg-card-name", text: c.name }),
    h(
      "span",
      { class: "dw-dg-card-row" },
      c.icons ? iconRow(c.icons) : null,
      c.heal ? h("span", { class: "dw-dg-heal", title: "healing icon", text: "✚" }) : null,
      c.slot ? h("span", { class: `dw-dg-slot dw-dg-slot-${c.slot}`, text: c.slot, hidden: !slotShown }) : null,
      price && c.price !== null && c.price !== undefined ? coins(c.price, "dw-dg-price") : null,
    ),
  );
}
