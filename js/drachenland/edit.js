// Drachenland's editor for edit mode (the contract: js/shared/shell.js, Board.edit): adventurers picked up
// from a stone, a volcano or a seat's panel (off the land) and put on a stone, a volcano or back off the
// land; eggs and gems picked up from a volcano or a seat's hoard and put on another volcano or hoard; a
// volcano's token turned face up or down (a royal dragon turned up is found there) and changed (swapped with
// the volcano or the box that holds the kind asked for); a royal dragon found moved to another volcano; the
// dice set to any of their faces. Each change is one `edit` intent in the terms of
// the position (dragonwidgets/games/drachenland/position.py): `adventurers[seat][colour]` a space or null,
// `volcanoes[V].eggs / gems / token / face_down`, `hoards[seat][kind]`, `tokens[seat][kind]`, `box`,
// `dragons[colour]`, `dice`. Python judges every edit (DL-SETUP-6, DL-MOVE-6, DL-TREASURE-4...); the board is redrawn from
// its answer, never here.

/**
 * The part of a Drachenland position (`game.position()`) the editor reads.
 * @typedef {Object} DrachenlandPosition
 * @property {Record<string, {eggs: number, gems: Record<string, number>, token: string|null, face_down: boolean}>} volcanoes
 * @property {Record<string, string|null>[]} adventurers   per seat, colour -> space or null (off the land)
 * @property {Record<string, number>[]} hoards               per seat, egg / ruby / emerald / sapphire / diamond -> count
 * @property {Record<string, number>[]} tokens               per seat, kind -> count held
 * @property {string|null} box                               the token boxed at set-up
 * @property {[number, number]|null} dice
 * @property {Record<string, string|null>} dragons          colour -> the volcano where that royal dragon stands
 */
/**
 * A piece held: an adventurer (its seat and colour), a royal dragon found, or an egg or gem from a volcano
 * or a seat's hoard.
 * @typedef {{kind: "adventurer", key: string, seat: number, colour: string} | {kind: "dragon", key: string, colour: string} |
 *           {kind: "treasure", key: string, item: string, from: {volcano: string} | {hoard: number}}} Held
 */
/** @typedef {import("../shared/model.js").GameTraits} GameTraits */
/** @typedef {[(string|number)[], any][]} Ops */

import { h } from "../shared/dom.js";
import { cycle } from "../shared/edit.js";
import { createPickAndPut } from "../shared/pick_and_put.js";

export const DRACHENLAND_EDIT_HELP = "Click an adventurer, a royal dragon, an egg or a gem to pick it up, then a stone or a volcano "
  + "(or a seat's 'adventurers' or 'hoard' label) to put it there. Click a volcano to choose it: the toolbar turns "
  + "and changes its token. Click a die to turn it to its next face. Keys: Tab or the arrows move, Enter picks up "
  + "and puts down, Esc drops, Delete takes the adventurer held off the land, T turns the chosen volcano's token.";

const SEAT_TOKENS = ["fate", "boatman", "baby_dragon", "forced_march", "magic_hand"];

/**
 * The ops that put adventurer `colour` of `seat` on space `to` (null: off the land). A volcano it lands on
 * is turned face up, as a real adventurer arriving there turns it (DL-MOVE-6). [] when it stays.
 * @param {DrachenlandPosition} position
 * @param {{seat: number, colour: string}} who
 * @param {string|null} to
 * @returns {Ops}
 */
export function adventurerMoveOps(position, { seat, colour }, to) {
  if ((position.adventurers?.[seat]?.[colour] ?? null) === to) return [];
  const ops = [[["adventurers", seat, colour], to]];
  if (to && position.volcanoes?.[to]?.face_down) ops.push([["volcanoes", to, "face_down"], false]);
  return ops;
}

/** The count of `item` ("egg" or a gem) at a place of the position (a volcano or a seat's hoard). */
function countAt(position, item, place) {
  if ("hoard" in place) return position.hoards?.[place.hoard]?.[item] ?? 0;
  const v = position.volcanoes?.[place.volcano] || {};
  return item === "egg" ? v.eggs ?? 0 : v.gems?.[item] ?? 0;
}

/** The ops that set the count of `item` at `place` to `n`. */
function setCountOps(position, item, place, n) {
  if ("hoard" in place) return [[["hoards", place.hoard, item], n]];
  if (item === "egg") return [[["volcanoes", place.volcano, "eggs"], n]];
  return [[["volcanoes", place.volcano, "gems"], { ...(position.volcanoes?.[place.volcano]?.gems || {}), [item]: n }]];
}

/**
 * The ops that move one egg or gem from one place to another (a volcano `{volcano}` or a seat's hoard
 * `{hoard: seat}`). An egg leaving a volcano for a hoard turns the volcano face up and brings its token
 * with it, as the first egg taken there does (DL-TREASURE-4): the token goes to that seat's tokens.
 * Returns [] when the place is the same, null when there is no such piece there.
 * @param {DrachenlandPosition} position
 * @param {string} item   "egg", "ruby", "emerald", "sapphire" or "diamond"
 * @param {{volcano: string} | {hoard: number}} from
 * @param {{volcano: string} | {hoard: number}} to
 * @returns {Ops|null}
 */
export function treasureMoveOps(position, item, from, to) {
  const have = countAt(position, item, from);
  if (have < 1) return null;
  if (JSON.stringify(from) === JSON.stringify(to)) return [];
  const ops = [...setCountOps(position, item, from, have - 1), ...setCountOps(position, item, to, countAt(position, item, to) + 1)];
  if ("volcano" in from && "hoard" in to) {
    const v = position.volcanoes[from.volcano];
    if (v.face_down) ops.push([["volcanoes", from.volcano, "face_down"], false]);
    if (item === "egg" && SEAT_TOKENS.includes(v.token)) {
      ops.push([["volcanoes", from.volcano, "token"], null]);
      ops.push([["tokens", to.hoard, v.token], (position.tokens?.[to.hoard]?.[v.token] ?? 0) + 1]);
    }
  }
  return ops;
}

/**
 * The ops that turn volcano `id`'s token face up or face down. A royal dragon turned up is found there: it
 * leaves its token and stands on the volcano (DL-DRAGON-1).
 */
export function flipTokenOps(position, id) {
  const v = position.volcanoes?.[id] || {};
  const royal = /^royal_dragon_(\w+)$/.exec(v.token || "");
  if (v.face_down && royal) return [[["volcanoes", id, "face_down"], false], [["volcanoes", id, "token"], null], [["dragons", royal[1]], id]];
  return [[["volcanoes", id, "face_down"], !v.face_down]];
}

/** The ops that put the royal dragon of `colour` on volcano `to`, turning it face up (DL-DRAGON-1, DL-MOVE-6). */
export function dragonMoveOps(position, colour, to) {
  if (position.dragons?.[colour] === to) return [];
  const ops = [[["dragons", colour], to]];
  if (position.volcanoes?.[to]?.face_down) ops.push([["volcanoes", to, "face_down"], false]);
  return ops;
}

/**
 * The ops that put a token of `kind` (null: none) on volcano `id`: the token there changes place with one
 * of that kind on another volcano (a face-down one first) or in the box, so no token is made or lost
 * (D3); with none of that kind left elsewhere, the token is only set (and Python says why it is refused).
 * @param {DrachenlandPosition} position
 * @param {string} id
 * @param {string|null} kind
 * @returns {Ops}
 */
export function tokenChangeOps(position, id, kind) {
  const mine = position.volcanoes?.[id]?.token ?? null;
  if (mine === kind) return [];
  const ops = [[["volcanoes", id, "token"], kind]];
  if (kind === null) return ops;
  const others = Object.entries(position.volcanoes || {}).filter(([v, c]) => v !== id && c.token === kind);
  const other = others.find(([, c]) => c.face_down) || others[0];
  if (other) ops.push([["volcanoes", other[0], "token"], mine]);
  else if (position.box === kind) ops.push([["box"], mine]);
  return ops;
}

/**
 * The ops that turn die `i` to the next of its faces (`faces`: the die's six faces, DL-REC-1); a pair not
 * rolled yet becomes both dice's lowest faces.
 * @param {DrachenlandPosition} position
 * @param {number[][]} faces  the faces of die A and die B
 * @param {number} i          0 or 1
 * @returns {Ops}
 */
export function dieTurnOps(position, faces, i) {
  const distinct = (k) => [...new Set(faces[k] || [])].sort((a, b) => a - b);
  const dice = Array.isArray(position.dice) ? [...position.dice] : [distinct(0)[0], distinct(1)[0]];
  if (Array.isArray(position.dice)) dice[i] = cycle(distinct(i), dice[i], 1);
  return [[["dice"], dice]];
}

/** The piece an edit key of the board or a panel names, or null for a place or a die. */
function pieceOf(key) {
  const parts = key.split("/");
  if (parts[0] === "adv") return { kind: "adventurer", key, seat: Number(parts[1]), colour: parts[2] };
  if (parts[0] === "dragon") return { kind: "dragon", key, colour: parts[1] };
  if (parts[0] === "hoard" && parts.length === 3) return { kind: "treasure", key, item: parts[2], from: { hoard: Number(parts[1]) } };
  if (/^V\d+$/.test(parts[0]) && parts.length === 2) return { kind: "treasure", key, item: parts[1], from: { volcano: parts[0] } };
  return null;
}

/**
 * The place an element names for the piece held: a space, a volcano, a seat's hoard or the seat's
 * "off the land"; a piece on the land names its own space.
 * @returns {{space: string|null} | {volcano: string} | {hoard: number} | {off: number} | null}
 */
function placeOf(key, position) {
  const parts = key.split("/");
  if (/^s\d+$/.test(key)) return { space: key };
  if (/^V\d+$/.test(parts[0])) return { volcano: parts[0] };
  if (parts[0] === "hoard") return { hoard: Number(parts[1]) };
  if (parts[0] === "off") return { off: Number(parts[1]) };
  if (parts[0] === "dragon") return position.dragons?.[parts[1]] ? { volcano: position.dragons[parts[1]] } : null;
  if (parts[0] === "adv") {
    const at = position.adventurers?.[Number(parts[1])]?.[parts[2]] ?? null;
    return at ? (/^V/.test(at) ? { volcano: at } : { space: at }) : { off: Number(parts[1]) };
  }
  return null;
}

/**
 * Drachenland's board editor.
 * @param {HTMLElement} root  the board's element (map and seat panels, js/drachenland/board.js)
 * @param {import("../shared/shell.js").EditContext} ctx
 * @returns {import("../shared/shell.js").BoardEditor}
 */
export function createDrachenlandEditor(root, ctx) {
  const position = () => /** @type {DrachenlandPosition} */ (editor.traits?.edit_position || {});
  const layout = () => editor.traits?.board || {};
  const colourName = (c) => (layout().colours?.[c]?.name || c).toLowerCase();
  const seatName = (seat) => editor.traits?.player_names?.[seat] ?? `Seat ${seat + 1}`;
  // a people's name is plural ("Humans", "Dwarves"): its possessive takes an apostrophe only
  const seatOwns = (seat) => seatName(seat).replace(/s?$/, (end) => (end ? "s'" : "'s"));
  const itemName = (item) => (item === "egg" ? "egg" : `${(layout().gems?.[item]?.name || item).toLowerCase()}`);
  const tokenName = (kind) => (kind ? layout().tokens?.[kind] ?? kind : "no token");

  const token = h("select", { class: "dw-edit-token" });
  const tokenLabel = h("label", { class: "dw-edit-control" }, h("span", { class: "dw-edit-token-name", text: "Token" }), token);
  const flip = h("button", { type: "button", class: "dw-btn", text: "Turn face up (T)" });
  const volcanoTools = h("span", { class: "dw-edit-control dw-dl-edit-volcano" }, tokenLabel, flip);
  ctx.tools.append(volcanoTools);

  /** The elements an editor key names, with the key each gets. */
  function editables() {
    const out = [];
    const add = (el, key) => el && out.push([el, key]);
    for (const el of root.querySelectorAll(".dw-dl-stone[data-target], .dw-dl-volcano[data-target]")) add(el, el.getAttribute("data-target"));
    for (const el of root.querySelectorAll(".dw-dl-vegg[data-target], .dw-dl-vgem[data-target], .dw-dl-adv[data-target], .dw-dl-adv-off[data-target], .dw-dl-dragon[data-target], .dw-dl-die[data-target]")) {
      add(el, el.getAttribute("data-target"));
    }
    for (const party of root.querySelectorAll(".dw-dl-party[data-seat]")) {
      const seat = party.getAttribute("data-seat");
      add(party.querySelector(".dw-dl-party-advs > .dw-dl-row-label"), `off/${seat}`);
      add(party.querySelector(".dw-dl-party-hoard > .dw-dl-row-label"), `hoard/${seat}`);
      for (const chip of party.querySelectorAll(".dw-dl-hoard-item[data-hoard]:not(.dw-dl-zero)")) add(chip, `hoard/${seat}/${chip.getAttribute("data-hoard")}`);
    }
    return out;
  }

  /** What a click or Enter on the element with `key` does now: its name, and whether it does anything. */
  function meaning(key) {
    const held = /** @type {Held|null} */ (editor.held);
    const piece = pieceOf(key);
    const place = placeOf(key, position());
    const die = /^die\/([01])$/.exec(key);
    if (die) return { name: `Die ${die[1] === "0" ? "A" : "B"} shows ${position().dice?.[Number(die[1])] ?? "nothing"}: turn it to its next face`, disabled: false };
    if (held && piece && held.key === piece.key) return { name: `${describe(held)}: held, press to drop it`, disabled: false };
    if (held?.kind === "adventurer") {
      if (place && "space" in place) return { name: `${where(key)}: put the ${colourName(held.colour)} adventurer on ${place.space}`, disabled: false };
      if (place && "volcano" in place) return { name: `${where(key)}: put the ${colourName(held.colour)} adventurer on ${place.volcano}`, disabled: false };
      if (place && "off" in place && place.off === held.seat) return { name: `${where(key)}: take the ${colourName(held.colour)} adventurer off the land`, disabled: false };
      return { name: `${where(key)}: an adventurer stands on a stone or a volcano, or off the land in its own seat's row`, disabled: true };
    }
    if (held?.kind === "dragon") {
      if (place && "volcano" in place) return { name: `${where(key)}: put the ${colourName(held.colour)} royal dragon on ${place.volcano}`, disabled: false };
      return { name: `${where(key)}: a royal dragon stands on a volcano`, disabled: true };
    }
    if (held?.kind === "treasure") {
      const what = itemName(held.item);
      if (place && "volcano" in place) return { name: `${where(key)}: put the ${what} on ${place.volcano}`, disabled: false };
      if (place && "hoard" in place) return { name: `${where(key)}: put the ${what} in ${seatOwns(place.hoard)} hoard`, disabled: false };
      return { name: `${where(key)}: an egg or a gem goes on a volcano or in a hoard`, disabled: true };
    }
    if (piece) return { name: `${describe(piece)}: pick ${piece.kind === "treasure" ? "one" : "it"} up`, disabled: false };
    if (place && "volcano" in place) return { name: `${where(key)}: choose it to turn or change its token`, disabled: false };
    return { name: `${where(key)}: pick up an adventurer, an egg or a gem first`, disabled: true };
  }
  function describe(piece) {
    if (piece.kind === "adventurer") {
      const at = position().adventurers?.[piece.seat]?.[piece.colour] ?? null;
      return `${seatOwns(piece.seat)} ${colourName(piece.colour)} adventurer ${at ? `on ${at}` : "off the land"}`;
    }
    if (piece.kind === "dragon") return `the ${colourName(piece.colour)} royal dragon on ${position().dragons?.[piece.colour]}`;
    const n = countAt(position(), piece.item, piece.from);
    const at = "volcano" in piece.from ? `on ${piece.from.volcano}` : `in ${seatOwns(piece.from.hoard)} hoard`;
    return `${n} ${itemName(piece.item)}${n === 1 ? "" : "s"} ${at}`;
  }
  function where(key) {
    const parts = key.split("/");
    if (parts[0] === "off") return `${seatOwns(Number(parts[1]))} adventurers off the land`;
    if (parts[0] === "hoard") return `${seatOwns(Number(parts[1]))} hoard`;
    if (/^V\d+$/.test(key)) {
      const v = position().volcanoes?.[key] || {};
      return `Volcano ${key} (${v.face_down ? "token face down" : tokenName(v.token)}${editor.chosen === key ? ", chosen" : ""})`;
    }
    if (parts[0] === "adv" || parts[0] === "dragon") return describe(pieceOf(key));
    return `Stone ${key}`;
  }

  /** @param {Held|null} held @param {string|null} chosen */
  function hint(held, chosen) {
    if (held) return `Holding ${describe(held).replace(/^\d+ /, "one of ")}: put it down (Esc drops it${held.kind === "adventurer" ? ", Delete takes it off the land" : ""}).`;
    if (chosen) return `Volcano ${chosen} chosen: the toolbar turns its token or changes it.`;
    return "";
  }
  /** Show the chosen volcano's token (and its face) in the toolbar. */
  function toolbar(chosen) {
    const v = chosen ? position().volcanoes?.[chosen] : null;
    volcanoTools.hidden = !v;
    if (!v) return;
    tokenLabel.firstChild.textContent = `Token on ${chosen}`;
    const kinds = Object.keys(layout().tokens || {}).filter((k) => k !== "fate");
    token.replaceChildren(h("option", { value: "", text: "none (taken)" }), ...kinds.map((k) => h("option", { value: k, text: tokenName(k) })));
    token.value = v.token ?? "";
    flip.textContent = v.face_down ? "Turn face up (T)" : "Turn face down (T)";
  }
  /** The ops that put the piece held on the place `key` names (undefined: it goes nowhere there). */
  function putOn(key) {
    const held = /** @type {Held} */ (editor.held);
    const place = placeOf(key, position());
    if (!place) return undefined;
    if (held.kind === "adventurer") {
      if ("space" in place) return adventurerMoveOps(position(), held, place.space);
      if ("volcano" in place) return adventurerMoveOps(position(), held, place.volcano);
      if ("off" in place && place.off === held.seat) return adventurerMoveOps(position(), held, null);
    } else if (held.kind === "dragon") {
      if ("volcano" in place) return dragonMoveOps(position(), held.colour, place.volcano);
    } else if ("volcano" in place || "hoard" in place) {
      return treasureMoveOps(position(), held.item, held.from, "volcano" in place ? { volcano: place.volcano } : { hoard: place.hoard });
    }
    return undefined;
  }
  /** Drop the piece held when the table Python sent no longer has it; forget a volcano gone. */
  function stillThere() {
    const held = editor.held;
    if (held?.kind === "treasure" && countAt(position(), held.item, held.from) < 1) editor.held = null;
    if (held?.kind === "dragon" && !position().dragons?.[held.colour]) editor.held = null;
    if (editor.chosen && !position().volcanoes?.[editor.chosen]) editor.chosen = null;
  }
  const flipChosen = () => editor.chosen && ctx.sendEdit(flipTokenOps(position(), editor.chosen));
  /** A die turns by a click whatever is held. */
  function act(key) {
    const die = /^die\/([01])$/.exec(key);
    if (die) ctx.sendEdit(dieTurnOps(position(), layout().dice || [], Number(die[1])));
    return Boolean(die);
  }
  function key(event, target) {
    if ((event.key === "Delete" || event.key === "Backspace") && editor.held?.kind === "adventurer") {
      editor.edit(adventurerMoveOps(position(), editor.held, null));
    } else if (event.key === "t" || event.key === "T") {
      const focused = target?.getAttribute("data-edit");
      if (focused && /^V\d+$/.test(focused)) editor.chosen = focused;
      flipChosen();
    } else return false;
    return true;
  }

  const editor = createPickAndPut(root, ctx, {
    help: DRACHENLAND_EDIT_HELP, editables, pieceOf, meaning, putOn, hint, toolbar, stillThere, act, key,
    pressed: (key) => (/^V\d+$/.test(key) ? editor.chosen === key : null),
    usePlace: (key) => /^V\d+$/.test(key) && editor.choose(key),
  });
  editor.listen(token, "change", () => editor.edit(tokenChangeOps(position(), editor.chosen, token.value || null)));
  editor.listen(flip, "click", flipChosen);
  volcanoTools.hidden = true;
  return editor;
}
