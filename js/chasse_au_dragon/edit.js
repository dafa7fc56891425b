// La Chasse au Dragon's editor for edit mode (the contract: js/shared/shell.js, Board.edit): a hunter's
// pawn picked up and put on another square, and its camp (from the "camp x,y" of its board) likewise; a square's pile chosen and the card on its top picked from
// the monsters (brought up from deeper in that pile, or swapped with a pile that holds one); cards moved
// one at a time between the piles' tops and the hunters' boards (backpack, cage, vault, dungeon,
// equipment, pantry: a goblin put in an empty pantry is cut into its 3 quarters left, a click on the
// pantry eats a quarter). Each change is one `edit` intent in the terms of the position
// (dragonwidgets/games/chasse_au_dragon/position.py): `adventurers[colour]`, `camps[colour]`, `piles["x,y"]` (top card
// first), `boards[colour].backpack / vault` (lists of cards), `cage / dungeon` (goblins), `equipment`
// (a card or null), `pantry` (quarters), `removed`. Python judges every edit (CD-SETUP-6's card counts,
// CD-ZONE-9's zones...); the board is redrawn from its answer, never here.

/**
 * The part of a Chasse position (`game.position()`) the editor reads.
 * @typedef {Object} ChassePosition
 * @property {Record<string, string|null>} adventurers  colour -> square "x,y"
 * @property {Record<string, string|null>} camps        colour -> square "x,y" on the forest edge
 * @property {Record<string, string[]>} piles            square -> cards, top first
 * @property {Record<string, {backpack: string[], cage: number, vault: string[], dungeon: number, equipment: string|null, pantry: number}>} boards
 * @property {Record<string, number>} removed
 */
/** Where a card is: the top of a pile, or a zone of a seat's board. @typedef {{pile: string} | {seat: number, zone: string}} CardPlace */
/** A piece held: a pawn, a camp, or one card and where it lies. @typedef {{kind: "pawn"|"camp", key: string, seat: number} | {kind: "card", key: string, card: string, from: CardPlace}} Held */
/** @typedef {import("../shared/model.js").GameTraits} GameTraits */
/** @typedef {[(string|number)[], any][]} Ops */

import { h } from "../shared/dom.js";
import { createPickAndPut } from "../shared/pick_and_put.js";
import { spaceOut } from "../shared/targets.js";
import { MONSTERS } from "./layout.js";

export const CHASSE_EDIT_HELP = "Click a pawn (or a board's 'camp') to pick it up, then a square to put it there. Click a square to choose "
  + "its pile: the toolbar picks the card on its top or picks that card up. Click a card on a hunter's board (or "
  + "the pantry, to eat a quarter) to pick it up, then a zone's name or a square to put it there (on top of its "
  + "pile). Keys: Tab or the arrows move, Enter picks up and puts down, Esc drops, P picks up the chosen pile's top card.";

const LIST_ZONES = ["backpack", "vault"];
const GOBLIN_ZONES = ["cage", "dungeon"];
/** The zones as their boards print them (CD-ZONE-1..6). */
const ZONE_NAMES = { backpack: "1 backpack", cage: "2 cage", vault: "3 vault", dungeon: "4 dungeon", equipment: "5 equipment", pantry: "6 pantry" };

/** The colour naming seat `seat` in the position (its seats in order). */
const colourOf = (position, seat) => Object.keys(position.boards || position.adventurers || {})[seat];

/** The ops that pitch seat `seat`'s camp on square `to` (on the forest edge: CD-SETUP-4 is Python's to judge). */
export function campMoveOps(position, seat, to) {
  const colour = colourOf(position, seat);
  return position.camps?.[colour] === to ? [] : [[["camps", colour], to]];
}

/** The ops that put pawn `seat` on square `to` ([] when it stands there). */
export function pawnMoveOps(position, seat, to) {
  const colour = colourOf(position, seat);
  return position.adventurers?.[colour] === to ? [] : [[["adventurers", colour], to]];
}

/**
 * The ops that make `card` the top of the pile on `square`: brought up from deeper in that pile, or
 * swapped with the same card in the other pile that holds one deepest (so no card is made or lost,
 * CD-SETUP-6); with none on the board, the top is only set (Python says why it is refused).
 * @param {ChassePosition} position
 * @param {string} square
 * @param {string} card
 * @returns {Ops}
 */
export function pileTopOps(position, square, card) {
  const pile = position.piles?.[square] || [];
  if (pile[0] === card) return [];
  const at = pile.indexOf(card);
  if (at > 0) return [[["piles", square], [card, ...pile.slice(0, at), ...pile.slice(at + 1)]]];
  let other = null;
  for (const [sq, cards] of Object.entries(position.piles || {})) {
    const i = cards.lastIndexOf(card);
    if (sq !== square && i >= 0 && (!other || i > other.i)) other = { sq, i };
  }
  if (!pile.length) return [[["piles", square], [card]]];
  const mine = [card, ...pile.slice(1)];
  if (!other) return [[["piles", square], mine]];
  const theirs = [...position.piles[other.sq]];
  theirs[other.i] = pile[0];
  return [[["piles", square], mine], [["piles", other.sq], theirs]];
}

/** The card that lies at `from` (a pile's top, or one of `card` in a zone), or null. */
function cardAt(position, from, card) {
  if ("pile" in from) return position.piles?.[from.pile]?.[0] ?? null;
  const b = position.boards?.[colourOf(position, from.seat)] || {};
  if (LIST_ZONES.includes(from.zone)) return (b[from.zone] || []).includes(card) ? card : null;
  if (GOBLIN_ZONES.includes(from.zone)) return b[from.zone] > 0 ? "goblin" : null;
  if (from.zone === "equipment") return b.equipment ?? null;
  return null;
}

/** The path and value of a place after `card` leaves it (`card` stays null for the pile's top). */
function without(position, from, card) {
  if ("pile" in from) return [["piles", from.pile], (position.piles[from.pile] || []).slice(1)];
  const colour = colourOf(position, from.seat);
  const b = position.boards[colour];
  if (LIST_ZONES.includes(from.zone)) {
    const list = [...b[from.zone]];
    list.splice(list.lastIndexOf(card), 1);
    return [["boards", colour, from.zone], list];
  }
  if (GOBLIN_ZONES.includes(from.zone)) return [["boards", colour, from.zone], b[from.zone] - 1];
  return [["boards", colour, "equipment"], null];
}

/** The path and value of a place after `card` joins it, given its value now (`value`). */
function withCard(position, to, card, value) {
  if ("pile" in to) return [["piles", to.pile], [card, ...value]];
  const colour = colourOf(position, to.seat);
  if (LIST_ZONES.includes(to.zone)) return [["boards", colour, to.zone], [...value, card]];
  if (GOBLIN_ZONES.includes(to.zone)) return [["boards", colour, to.zone], value + 1];
  if (to.zone === "pantry") return [["boards", colour, "pantry"], value + 3]; // a goblin cut up: 3 quarters left (CD-GOB-6)
  return [["boards", colour, "equipment"], card];
}

/** The value a place holds now (a pile's cards, a zone's list, count or card). */
function valueAt(position, place) {
  if ("pile" in place) return position.piles?.[place.pile] || [];
  return position.boards?.[colourOf(position, place.seat)]?.[place.zone] ?? null;
}

/**
 * The ops that move one card from `from` (a pile's top, or a zone: `card` names which of its cards) to
 * `to` (on top of a pile, or into a zone). A card put on an equipment already held swaps with it (the old
 * one goes where the new one came from). Returns [] for the same place, null when no such card is there.
 * @param {ChassePosition} position
 * @param {string|null} card
 * @param {CardPlace} from
 * @param {CardPlace} to
 * @returns {Ops|null}
 */
export function cardMoveOps(position, card, from, to) {
  const moving = cardAt(position, from, card);
  if (!moving || (card && moving !== card)) return null;
  if (JSON.stringify(from) === JSON.stringify(to)) return [];
  const leave = without(position, from, moving);
  const ops = [leave, withCard(position, to, moving, valueAt(position, to))];
  const old = "zone" in to && to.zone === "equipment" ? valueAt(position, to) : null;
  if (old && !GOBLIN_ZONES.includes(/** @type {any} */ (from).zone)) ops[0] = withCard(position, from, old, leave[1]);
  return ops;
}

/** The ops that eat one quarter from seat `seat`'s pantry; the last one sends its goblin out of the game. */
export function eatQuarterOps(position, seat) {
  const colour = colourOf(position, seat);
  const n = position.boards?.[colour]?.pantry ?? 0;
  if (n < 1) return [];
  const ops = [[["boards", colour, "pantry"], n - 1]];
  if (n === 1) ops.push([["removed", "goblin"], (position.removed?.goblin ?? 0) + 1]);
  return ops;
}

/** A piece an element's edit key names, or null (a square, a zone's name). */
function pieceOf(key) {
  const parts = key.split("/");
  if (parts[0] === "adv") return { kind: "pawn", key, seat: Number(parts[1]) };
  if (parts[0] === "camp") return { kind: "camp", key, seat: Number(parts[1]) };
  if (parts[0] === "card") return { kind: "card", key, card: parts[3], from: { seat: Number(parts[1]), zone: parts[2] } };
  return null;
}

/** The place an element's edit key names for a card or a pawn put there. @returns {CardPlace|{square: string}|null} */
function placeOf(key, position) {
  const parts = key.split("/");
  if (/^\d+,\d+$/.test(key)) return { square: key };
  if (parts[0] === "zone") return { seat: Number(parts[1]), zone: parts[2] };
  if (parts[0] === "card" || parts[0] === "pantry") return { seat: Number(parts[1]), zone: parts[2] || "pantry" };
  if (parts[0] === "adv") {
    const at = position.adventurers?.[colourOf(position, Number(parts[1]))];
    return at ? { square: at } : null;
  }
  return null;
}

/**
 * The Chasse board's editor.
 * @param {HTMLElement} root  the board's element (forest and management boards, js/chasse_au_dragon/board.js)
 * @param {import("../shared/shell.js").EditContext} ctx
 * @returns {import("../shared/shell.js").BoardEditor}
 */
export function createChasseEditor(root, ctx) {
  const position = () => /** @type {ChassePosition} */ (editor.traits?.edit_position || {});
  const seatName = (seat) => editor.traits?.player_names?.[seat] ?? `Seat ${seat + 1}`;
  const isInner = (sq) => sq in (position().piles || {});

  const top = h("select", { class: "dw-edit-pile-top" });
  const topLabel = h("label", { class: "dw-edit-control" }, h("span", { text: "Top card" }), top);
  const take = h("button", { type: "button", class: "dw-btn", text: "Pick up the top card (P)" });
  const pileTools = h("span", { class: "dw-edit-control dw-cd-edit-pile" }, topLabel, take);
  ctx.tools.append(pileTools);

  /** The elements an editor key names, with the key each gets (an SVG square's texts spaced out). */
  function editables() {
    const out = [];
    for (const el of root.querySelectorAll(".dw-cd-square[data-target]")) out.push([el, el.getAttribute("data-target")]);
    for (const el of root.querySelectorAll('.dw-cd-pawn[data-target^="adv/"]')) out.push([el, el.getAttribute("data-target")]);
    for (const el of root.querySelectorAll(".dw-cd-mboard[data-seat] .dw-cd-mboard-camp")) out.push([el, `camp/${el.closest("[data-seat]").getAttribute("data-seat")}`]);
    for (const zone of root.querySelectorAll(".dw-cd-zone[data-target]:not(.dw-cd-zone-hidden)")) {
      const [, seat, name] = zone.getAttribute("data-target").split("/");
      const label = zone.querySelector(".dw-cd-zone-label");
      if (label) out.push([label, `zone/${seat}/${name}`]);
      const body = zone.querySelector(".dw-cd-zone-body");
      const b = position().boards?.[colourOf(position(), Number(seat))] || {};
      if (LIST_ZONES.includes(name)) {
        for (const chip of zone.querySelectorAll("[data-card]")) out.push([chip, `card/${seat}/${name}/${chip.getAttribute("data-card")}`]);
      } else if (GOBLIN_ZONES.includes(name) && b[name] > 0) out.push([body, `card/${seat}/${name}/goblin`]);
      else if (name === "equipment" && b.equipment) out.push([body.firstElementChild || body, `card/${seat}/equipment/${b.equipment}`]);
      else if (name === "pantry" && b.pantry > 0) out.push([body, `pantry/${seat}`]);
    }
    // "10 troll 9" read as one string, as targets.js spaces what it binds: nothing is bound while editing
    for (const [el] of out) if (el.namespaceURI === "http://www.w3.org/2000/svg") spaceOut(el);
    return out;
  }

  function describe(piece) {
    if (piece.kind === "pawn") return `${seatName(piece.seat)}'s pawn on ${position().adventurers?.[colourOf(position(), piece.seat)]}`;
    if (piece.kind === "camp") return `${seatName(piece.seat)}'s camp ${position().camps?.[colourOf(position(), piece.seat)]}`;
    if ("pile" in piece.from) return `the ${piece.card} on top of the pile on ${piece.from.pile}`;
    return `${/^[aeiou]/.test(piece.card) ? "an" : "a"} ${piece.card} in ${seatName(piece.from.seat)}'s ${ZONE_NAMES[piece.from.zone]}`;
  }
  function where(key) {
    const parts = key.split("/");
    if (parts[0] === "zone") return `${seatName(Number(parts[1]))}'s ${ZONE_NAMES[parts[2]]}`;
    if (parts[0] === "pantry") return `${seatName(Number(parts[1]))}'s pantry (${position().boards?.[colourOf(position(), Number(parts[1]))]?.pantry} quarters)`;
    if (parts[0] === "adv" || parts[0] === "card" || parts[0] === "camp") return describe(pieceOf(key));
    const pile = position().piles?.[key];
    return pile ? `Square ${key} (pile of ${pile.length}${pile.length ? `, ${pile[0]} on top` : ""}${editor.chosen === key ? ", chosen" : ""})` : `Square ${key} (forest edge)`;
  }
  /** What a click or Enter on the element with `key` does now: its name, and whether it does anything. */
  function meaning(key) {
    const held = /** @type {Held|null} */ (editor.held);
    const piece = pieceOf(key);
    const place = placeOf(key, position());
    if (held && piece?.key === held.key) return { name: `${describe(held)}: held, press to drop it`, disabled: false };
    if (held?.kind === "pawn" || held?.kind === "camp") {
      const what = `${seatName(held.seat)}'s ${held.kind}`;
      if (place && "square" in place) return { name: `${where(key)}: put ${what} on ${place.square}`, disabled: false };
      return { name: `${where(key)}: a ${held.kind} stands on a square`, disabled: true };
    }
    if (held) {
      if (place && "square" in place && isInner(place.square)) return { name: `${where(key)}: put the ${held.card} on top of its pile`, disabled: false };
      if (place && "zone" in place) return { name: `${where(key)}: put the ${held.card} here`, disabled: false };
      return { name: `${where(key)}: a card goes on a pile or on a hunter's board`, disabled: true };
    }
    if (piece) return { name: `${where(key)}: pick ${piece.kind === "card" ? "one" : "it"} up`, disabled: false };
    if (key.startsWith("pantry/")) return { name: `${where(key)}: eat a quarter`, disabled: false };
    if (place && "square" in place && isInner(place.square)) return { name: `${where(key)}: choose its pile`, disabled: false };
    return { name: `${where(key)}: pick up a pawn or a card first`, disabled: true };
  }
  const hint = (held, chosen) => (held ? `Holding ${describe(held)}: put it down (Esc drops it).`
    : chosen ? `The pile on ${chosen} chosen: the toolbar sets its top card or picks it up.` : "");
  /** Show the chosen square's pile (its top card) in the toolbar. */
  function toolbar(chosen) {
    const pile = chosen ? position().piles?.[chosen] : null;
    pileTools.hidden = !pile;
    if (!pile) return;
    topLabel.firstChild.textContent = `Top card on ${chosen}`;
    top.replaceChildren(...(pile.length ? [] : [h("option", { value: "", text: "(empty pile)" })]),
      ...MONSTERS.map((m) => h("option", { value: m, text: m })));
    top.value = pile[0] ?? "";
    take.disabled = !pile.length;
  }
  /** The ops that put the piece held on the place `key` names (undefined: it goes nowhere there). */
  function putOn(key) {
    const held = /** @type {Held} */ (editor.held);
    const place = placeOf(key, position());
    if (!place) return undefined;
    if (held.kind === "pawn" || held.kind === "camp") {
      return "square" in place ? (held.kind === "pawn" ? pawnMoveOps : campMoveOps)(position(), held.seat, place.square) : undefined;
    }
    if (!("square" in place)) return cardMoveOps(position(), held.card, held.from, place);
    return isInner(place.square) ? cardMoveOps(position(), held.card, held.from, { pile: place.square }) : undefined;
  }
  function pickTop(square) {
    const card = square ? position().piles?.[square]?.[0] : null;
    if (card) editor.pick({ kind: "card", key: `pile/${square}`, card, from: { pile: square } });
  }
  /** A click on a place with nothing held: the pantry eats a quarter, a pile is chosen. */
  function usePlace(key) {
    if (key.startsWith("pantry/")) ctx.sendEdit(eatQuarterOps(position(), Number(key.split("/")[1])));
    else if (isInner(key)) editor.choose(key);
  }
  /** Drop the card held when the table Python sent no longer has it. */
  function stillThere() {
    const held = editor.held;
    if (held?.kind === "card" && cardAt(position(), held.from, "pile" in held.from ? null : held.card) !== held.card) editor.held = null;
    if (editor.chosen && !isInner(editor.chosen)) editor.chosen = null;
  }
  function key(event, target) {
    if ((event.key !== "p" && event.key !== "P") || editor.held) return false;
    const focused = target?.getAttribute("data-edit");
    pickTop(focused && isInner(focused) ? focused : editor.chosen);
    return true;
  }

  const editor = createPickAndPut(root, ctx, {
    help: CHASSE_EDIT_HELP, editables, pieceOf, meaning, putOn, hint, toolbar, usePlace, stillThere, key,
    // a square is pressed while chosen, or while the card on its top is held
    pressed: (key) => (/^\d+,\d+$/.test(key) && isInner(key) ? editor.chosen === key || editor.held?.key === `pile/${key}` : null),
  });
  editor.listen(top, "change", () => editor.edit(pileTopOps(position(), editor.chosen, top.value)));
  editor.listen(take, "click", () => pickTop(editor.chosen));
  pileTools.hidden = true;
  return editor;
}
