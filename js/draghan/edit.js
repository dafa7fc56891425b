// Draghan's editor for edit mode (the contract: js/shared/shell.js, Board.edit): a card picked up from the
// table, the market display, the revealed equipment, the set-aside characters, a character's equipment or
// a deck's top, and put on another of those places (on top of a deck, into a character's equipment); a
// set-aside character put on a character takes its place (the old one goes where the new one was). A
// character chosen shows in the toolbar: its character card, its side (healthy or wounded) and its coins
// (+/- one, from or to the supply). Each change is one `edit` intent in the terms of the position
// (dragonwidgets/games/draghan/position.py): `heroes[seat].character / wounded / equipment / coins`,
// `supply`, the card lists `table`, `market_display`, `revealed_equipment`, `set_aside`, `discard`, and
// `decks[name]` (top first). Python judges every edit (DG-INT-8's equipment, DG-DRAGON-1, DG-SETUP-8's
// coins...); the board is redrawn from its answer, never here.

/**
 * The part of a Draghan position (`game.position()`) the editor reads.
 * @typedef {Object} DraghanPosition
 * @property {({character: string, wounded: boolean, equipment: string[], coins: number}|null)[]} heroes
 * @property {string[]} table
 * @property {string[]} market_display
 * @property {string[]} revealed_equipment
 * @property {string[]} set_aside
 * @property {string[]} discard
 * @property {Record<string, string[]>} decks   name -> cards, top first
 * @property {number} supply
 */
/**
 * Where a card lies: a card list of the position, a deck, a character's equipment, or a character itself.
 * @typedef {{list: string} | {deck: string} | {equip: number} | {hero: number}} CardPlace
 */
/** @typedef {[(string|number)[], any][]} Ops */

import { h } from "../shared/dom.js";
import { createPickAndPut } from "../shared/pick_and_put.js";
import { spaceOut } from "../shared/targets.js";

export const DRAGHAN_EDIT_HELP = "Click a card (on the table, the market, a character, the set-aside characters) or a deck to pick up "
  + "a card (a deck gives its top card), then a place to put it: a character's slot, a card of another place, a "
  + "panel's title, a deck (on top). A character put on a character replaces it. Click a character card to choose "
  + "it: the toolbar changes its character, its side and its coins. Keys: Tab or the arrows move, Enter picks up "
  + "and puts down, Esc drops, W turns the character's card (healthy or wounded side), + and - give or take a coin.";

/** The card lists of the position, with the names the editor says. */
const LISTS = { table: "the table", market_display: "the market display", revealed_equipment: "the equipment found", set_aside: "the set-aside characters", discard: "the discard pile" };
/** The panel titles that stand for a card list (put a card there). */
const LIST_TITLES = [
  [".dw-dg-table > .dw-panel-title", "table"],
  [".dw-dg-market-display .dw-panel-title", "market_display"],
  [".dw-dg-found .dw-dg-subtitle", "revealed_equipment"],
  [".dw-dg-set-aside .dw-panel-title", "set_aside"],
];
/** The cards drawn in the board's panels that may be picked up (a character's own card is its `hero/` key). */
const CARDS = ".dw-dg-table [data-card], .dw-dg-side-cards [data-card], .dw-dg-hero .dw-dg-slots [data-card]";

/**
 * Where card `id` lies in the position, or null.
 * @param {DraghanPosition} position
 * @param {string} id
 * @returns {CardPlace|null}
 */
export function findCard(position, id) {
  for (const name of Object.keys(LISTS)) if ((position[name] || []).includes(id)) return { list: name };
  for (const [name, cards] of Object.entries(position.decks || {})) if (cards.includes(id)) return { deck: name };
  for (const [seat, hero] of (position.heroes || []).entries()) {
    if (hero?.character === id) return { hero: seat };
    if (hero?.equipment?.includes(id)) return { equip: seat };
  }
  return null;
}

/** The path of a place's list of cards in the position. */
function pathOf(place) {
  if ("list" in place) return [place.list];
  if ("deck" in place) return ["decks", place.deck];
  if ("equip" in place) return ["heroes", place.equip, "equipment"];
  return ["heroes", place.hero, "character"];
}
/** The cards of a place (a list, a deck top first, an equipment). */
function cardsAt(position, place) {
  if ("list" in place) return position[place.list] || [];
  if ("deck" in place) return position.decks?.[place.deck] || [];
  if ("equip" in place) return position.heroes?.[place.equip]?.equipment || [];
  return [];
}
/** The top card of a deck (the discard pile's is the last one put there), or null. */
export function topOf(position, place) {
  const cards = cardsAt(position, place);
  return ("deck" in place ? cards[0] : cards[cards.length - 1]) ?? null;
}

/** The ops that make `card` (lying at `from`) seat `seat`'s character: the old one takes its place. */
function characterOps(position, card, from, seat) {
  const hero = position.heroes?.[seat];
  if (hero?.character === card) return [];
  if ("hero" in from) return [[["heroes", seat, "character"], card], [["heroes", from.hero, "character"], hero?.character ?? null]];
  const cards = cardsAt(position, from);
  if (!hero) return [[["heroes", seat], { character: card, wounded: false, equipment: [], coins: 0 }], [pathOf(from), cards.filter((c) => c !== card)]];
  return [[["heroes", seat, "character"], card], [pathOf(from), cards.map((c) => (c === card ? hero.character : c))]];
}

/**
 * The ops that move `card` from where it lies to `to`: on top of a deck, at the end of a list or an
 * equipment, or as a character (replacing the one there). [] when it lies there; null when no such card.
 * A character in play moves only by swapping with another. What may lie where is Python's to judge.
 * @param {DraghanPosition} position
 * @param {string} card
 * @param {CardPlace} to
 * @returns {Ops|null}
 */
export function cardMoveOps(position, card, to) {
  const from = findCard(position, card);
  if (!from) return null;
  if (JSON.stringify(from) === JSON.stringify(to)) return [];
  if ("hero" in to) return characterOps(position, card, from, to.hero);
  if ("hero" in from) return null;
  const left = cardsAt(position, from).filter((c) => c !== card);
  const there = cardsAt(position, to);
  return [[pathOf(from), left], [pathOf(to), "deck" in to ? [card, ...there] : [...there, card]]];
}

/** The ops that turn seat `seat`'s character card over (healthy or wounded side up); [] with none. */
export function woundOps(position, seat) {
  const hero = position.heroes?.[seat];
  return hero ? [[["heroes", seat, "wounded"], !hero.wounded]] : [];
}

/** The ops that give seat `seat`'s character `delta` coins from the supply (a negative delta gives back). */
export function coinOps(position, seat, delta) {
  const hero = position.heroes?.[seat];
  return hero ? [[["heroes", seat, "coins"], hero.coins + delta], [["supply"], (position.supply ?? 0) - delta]] : [];
}

/**
 * The Draghan board's editor.
 * @param {HTMLElement} root  the board's element (js/draghan/board.js)
 * @param {import("../shared/shell.js").EditContext} ctx
 * @returns {import("../shared/shell.js").BoardEditor}
 */
export function createDraghanEditor(root, ctx) {
  const position = () => /** @type {DraghanPosition} */ (editor.traits?.edit_position || {});
  const cardOf = (id) => editor.traits?.board?.cards?.[id] || { name: id, kind: "" };
  const seatName = (seat) => editor.traits?.player_names?.[seat] ?? `Seat ${seat + 1}`;
  const heroName = (seat) => {
    const hero = position().heroes?.[seat];
    const name = hero ? cardOf(hero.character).name : null;
    if (!hero) return `seat ${seat + 1} (no character)`;
    return seatName(seat) === name ? `the ${name} (seat ${seat + 1})` : `${seatName(seat)}'s ${name} (seat ${seat + 1})`;
  };

  const character = h("select", { class: "dw-edit-dg-character" });
  const characterLabel = h("label", { class: "dw-edit-control" }, h("span", { text: "Character" }), character);
  const wound = h("button", { type: "button", class: "dw-btn dw-edit-dg-wound", "aria-pressed": "false", text: "Wounded side up (W)" });
  const coinCount = h("span", { class: "dw-edit-dg-coins" });
  const less = h("button", { type: "button", class: "dw-btn", text: "− coin (-)", title: "Give one coin back to the supply" });
  const more = h("button", { type: "button", class: "dw-btn", text: "+ coin (+)", title: "Take one coin from the supply" });
  const heroTools = h("span", { class: "dw-edit-control dw-edit-dg-hero" }, characterLabel, wound, less, coinCount, more);
  const putTools = h("span", { class: "dw-edit-control dw-edit-dg-put" }, h("span", { text: "Put it on" }),
    ...Object.entries(LISTS).map(([name, words]) => h("button", { type: "button", class: "dw-btn", "data-list": name, text: words.replace(/^the /, "") })));
  ctx.tools.append(heroTools, putTools);

  /** The pieces and places drawn now, with their edit keys. */
  function editables() {
    const out = [];
    for (const [selector, name] of LIST_TITLES) for (const el of root.querySelectorAll(selector)) out.push([el, `zone/${name}`]);
    for (const el of root.querySelectorAll(".dw-dg-deck[data-deck]")) out.push([el, `deck/${el.getAttribute("data-deck")}`]);
    for (const el of root.querySelectorAll(CARDS)) out.push([el, `card/${el.getAttribute("data-card")}`]);
    for (const article of root.querySelectorAll(".dw-dg-hero[data-seat]")) {
      const seat = article.getAttribute("data-seat");
      const face = article.querySelector(".dw-dg-character, .dw-dg-out-text");
      if (face) out.push([face, `hero/${seat}`]);
      for (const label of article.querySelectorAll(".dw-dg-slot-group[data-slot] > .dw-dg-slot-label")) {
        out.push([label, `equip/${seat}/${label.parentElement.getAttribute("data-slot") || "none"}`]);
      }
    }
    // a space between elements side by side ("15 Market"), as targets.js puts for what it binds:
    // nothing is bound while editing
    for (const [el] of out) spaceOut(el);
    return out;
  }

  /** The place a key names for a card put there (null: none). @returns {CardPlace|null} */
  function placeOf(key) {
    const [kind, name] = key.split("/");
    if (kind === "zone") return { list: name };
    if (kind === "deck") return name === "discard" ? { list: "discard" } : { deck: name };
    if (kind === "equip") return { equip: Number(name) };
    if (kind === "hero") return { hero: Number(name) };
    if (kind === "card") return findCard(position(), name);
    return null;
  }
  /** A piece a key names: a card, or a deck's top card (null: a place, an empty deck). */
  function pieceOf(key) {
    const [kind, name] = key.split("/");
    if (kind === "card") return { kind: "card", key, card: name, from: findCard(position(), name) };
    if (kind !== "deck") return null;
    const from = placeOf(key);
    const card = topOf(position(), from);
    return card ? { kind: "card", key, card, from } : null;
  }
  /** A place in words: "the table", "Ann's Elf's equipment", "the top of the market deck". */
  function where(place) {
    if (!place) return "nowhere";
    if ("list" in place) return LISTS[place.list];
    if ("deck" in place) return `the ${place.deck.replace(/_/g, " ")} deck`;
    if ("equip" in place) return `the equipment of ${heroName(place.equip)}`;
    return heroName(place.hero);
  }
  const cardWords = (piece) => `the ${cardOf(piece.card).name} (${piece.card}) from ${where(piece.from)}`;

  function meaning(key) {
    const held = editor.held;
    const piece = pieceOf(key);
    const place = placeOf(key);
    if (held && piece?.key === held.key) return { name: `${cardWords(held)}: held, press to drop it` };
    if (held) {
      if (!place) return { name: `${key}: a card goes on a place`, disabled: true };
      if ("hero" in place && cardOf(held.card).kind === "character") return { name: `${heroName(place.hero)}: make the ${cardOf(held.card).name} this character` };
      const to = "hero" in place ? { equip: place.hero } : place;
      return { name: `${where(place)}: put the ${cardOf(held.card).name} ${"deck" in to ? "on top" : "there"}${"hero" in place ? " (its equipment)" : ""}` };
    }
    if (piece) return { name: `${key.startsWith("deck/") ? `${where(place)}, top card ${cardOf(piece.card).name}` : `${cardOf(piece.card).name} on ${where(piece.from)}`}: pick it up` };
    if (key.startsWith("hero/")) {
      const hero = position().heroes?.[Number(key.split("/")[1])];
      const state = hero ? `${hero.wounded ? "wounded" : "healthy"}, ${hero.coins} coin${hero.coins === 1 ? "" : "s"}` : "no character";
      return { name: `${heroName(Number(key.split("/")[1]))}, ${state}${editor.chosen === key ? ", chosen" : ""}: choose it for the toolbar` };
    }
    return { name: `${place ? where(place) : key} (empty): pick up a card first`, disabled: true };
  }

  /** The ops that put the card held on the place `key` names (undefined: it goes nowhere there). */
  function putOn(key) {
    const place = placeOf(key);
    if (!place) return undefined;
    const card = editor.held.card;
    const to = "hero" in place && cardOf(card).kind !== "character" ? { equip: place.hero } : place;
    return cardMoveOps(position(), card, to);
  }
  /** The seat a key or element is about (a character's card, slot or equipment), else the chosen one's. */
  function seatAt(target) {
    const seat = target?.closest?.(".dw-dg-hero[data-seat]")?.getAttribute("data-seat");
    if (seat !== undefined && seat !== null) return Number(seat);
    return editor.chosen ? Number(editor.chosen.split("/")[1]) : null;
  }
  function key(event, target) {
    const k = event.key;
    const seat = ["w", "W", "+", "=", "-"].includes(k) ? seatAt(target) : null;
    if (seat === null) return false;
    send(k === "w" || k === "W" ? woundOps(position(), seat) : coinOps(position(), seat, k === "-" ? -1 : 1));
    return true;
  }
  /** Show the chosen character in the toolbar, and the places a held card may go. */
  function toolbar(chosen) {
    const seat = chosen ? Number(chosen.split("/")[1]) : null;
    const hero = seat === null ? null : position().heroes?.[seat];
    heroTools.hidden = seat === null;
    if (seat === null) return;
    characterLabel.firstChild.textContent = `Seat ${seat + 1}'s character`;
    const free = [...(position().set_aside || []), ...(position().decks?.characters || [])];
    const options = [...(hero ? [hero.character] : []), ...free];
    character.replaceChildren(...(hero ? [] : [h("option", { value: "", text: "(none)" })]),
      ...options.map((id) => h("option", { value: id, text: `${cardOf(id).name} (${id})` })));
    character.value = hero?.character ?? "";
    for (const control of [wound, less, more]) control.disabled = !hero;
    wound.setAttribute("aria-pressed", hero?.wounded ? "true" : "false");
    coinCount.textContent = hero ? `${hero.coins} coin${hero.coins === 1 ? "" : "s"} (supply ${position().supply ?? 0})` : "";
  }
  function hint(held, chosen) {
    putTools.hidden = !held;
    if (held) return `Holding ${cardWords(held)}: put it down (Esc drops it).`;
    return chosen ? `${heroName(Number(chosen.split("/")[1]))} chosen: the toolbar changes its character, side and coins.` : "";
  }
  function stillThere() {
    const held = editor.held;
    if (held && JSON.stringify(findCard(position(), held.card)) !== JSON.stringify(held.from)) editor.held = null;
    if (editor.chosen && !(Number(editor.chosen.split("/")[1]) < (position().heroes || []).length)) editor.chosen = null;
  }

  const editor = createPickAndPut(root, ctx, {
    help: DRAGHAN_EDIT_HELP, editables, pieceOf, meaning, putOn, hint, toolbar, stillThere, key,
    usePlace: (key) => key.startsWith("hero/") && editor.choose(key),
    pressed: (key) => (key.startsWith("hero/") ? editor.chosen === key : null),
  });
  const chosenSeat = () => Number(editor.chosen.split("/")[1]);
  /** Send one edit of these ops (none when empty: no character there). */
  const send = (ops) => ops.length && ctx.sendEdit(ops);
  editor.listen(character, "change", () => editor.edit(cardMoveOps(position(), character.value, { hero: chosenSeat() })));
  editor.listen(wound, "click", () => send(woundOps(position(), chosenSeat())));
  editor.listen(less, "click", () => send(coinOps(position(), chosenSeat(), -1)));
  editor.listen(more, "click", () => send(coinOps(position(), chosenSeat(), 1)));
  editor.listen(putTools, "click", (event) => {
    const list = /** @type {Element} */ (event.target).closest?.("[data-list]")?.getAttribute("data-list");
    if (list && editor.held) editor.edit(cardMoveOps(position(), editor.held.card, { list }));
  });
  heroTools.hidden = true;
  putTools.hidden = true;
  return editor;
}
