// Emerald's editor for edit mode (the contract: js/shared/shell.js, Board.edit): knights of any colour
// picked up from a space (castle, path, lair, nest) and put on another, the dragon picked up and put
// beside a mountain square and turned, the flight track moved by a control. Each change is one `edit`
// intent in the terms of the position (dragonwidgets/games/emerald/position.py): `knights` maps a space to
// the colours of its knights, one entry per knight, the lair's in the order of its places. Python judges
// every edit; the board is redrawn from its answer, never here.

/**
 * The part of an Emerald position (`game.position()`) the editor reads.
 * @typedef {Object} EmeraldPosition
 * @property {Record<string, string[]>} knights   space -> colours, one per knight
 * @property {Record<string, string[]>} [moved]   space -> colours of the knights that moved this turn
 * @property {{square: string, facing: "plain"|"lair"}} dragon
 * @property {number} flight_track                1..6
 * @property {number} dragon_moves
 */
/** A piece held: a knight (its space, colour, and place in the lair) or the dragon. @typedef {{kind: "knight", key: string, space: string, colour: string, place: number|null} | {kind: "dragon", key: string}} Held */
/** @typedef {import("../shared/model.js").GameTraits} GameTraits */

import { h } from "../shared/dom.js";
import { cycle } from "../shared/edit.js";
import { createPickAndPut } from "../shared/pick_and_put.js";

/** Every space a knight may be put on, in the board's order (the arrows follow it). */
export const SPACES = [
  "T1", "T2", "T3", "T4", "KEEP", "P1", "P2", "P3", "P4", "P5", "P6",
  "M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9", "LAIR", "NEST",
];
const isMountain = (space) => /^M[1-9]$/.test(space);
const spaceName = (space) => ({ KEEP: "the keep", LAIR: "the lair", NEST: "the nest" })[space] || space;

export const EMERALD_EDIT_HELP = "Click a knight or the dragon to pick it up, then a space (or the lair, the nest, a "
  + "mountain square for the dragon) to put it there. Keys: Tab or the arrows move, Enter picks up and puts down, "
  + "Esc drops, F turns the dragon. The flight track carries the dragon with it.";

/**
 * The ops of one edit that moves a knight of `from.colour` from `from.space` to `to`: its colour leaves
 * the source list (in the lair, the knight at `from.place`) and joins the end of the target list (in the
 * lair, the next free place); a "moved this turn" mark that no knight there could still carry goes too.
 * Returns [] when the knight stays where it is, null when no such knight stands there.
 * @param {EmeraldPosition} position
 * @param {{space: string, colour: string, place?: number|null}} from
 * @param {string} to
 * @returns {[(string|number)[], any][] | null}
 */
export function knightMoveOps(position, from, to) {
  const knights = position.knights || {};
  const source = [...(knights[from.space] || [])];
  const at = from.place ?? source.lastIndexOf(from.colour);
  if (at < 0 || source[at] !== from.colour) return null;
  if (to === from.space) return [];
  source.splice(at, 1);
  const ops = [[["knights", from.space], source], [["knights", to], [...(knights[to] || []), from.colour]]];
  const moved = position.moved?.[from.space] || [];
  const left = source.filter((c) => c === from.colour).length;
  if (moved.filter((c) => c === from.colour).length > left) {
    const marks = [...moved];
    marks.splice(marks.lastIndexOf(from.colour), 1);
    ops.push([["moved", from.space], marks]);
  }
  return ops;
}

/** The ops that put the dragon beside `square`, keeping its facing ([] when it is there already). */
export function dragonMoveOps(position, square) {
  return position.dragon?.square === square ? [] : [[["dragon", "square"], square]];
}

/** The ops that turn the dragon toward the other end (EM-DRAGON-6 is Python's to judge). */
export function turnDragonOps(position) {
  return [[["dragon", "facing"], position.dragon?.facing === "lair" ? "plain" : "lair"]];
}

/**
 * The ops that put the flight track at `track`: the track moves one square per flight (EM-TRACK-1), so
 * the dragon's flights change by as much, and the dragon keeps its place beside the track.
 * @param {EmeraldPosition} position
 * @param {number} track
 */
export function trackOps(position, track) {
  const by = track - position.flight_track;
  if (!by) return [];
  const k = Number(/^M([1-9])$/.exec(position.dragon?.square || "")?.[1] || 0);
  const ops = [[["flight_track"], track], [["dragon_moves"], position.dragon_moves + by]];
  if (k) ops.push([["dragon", "square"], `M${Math.min(9, Math.max(1, k + by))}`]);
  return ops;
}

/** A stack's space, colour and lair place, read from what the board drew. */
function pieceOf(el) {
  if (el.getAttribute("data-target") === "dragon") return { kind: "dragon", key: "dragon" };
  const [space, colour] = el.getAttribute("data-target").split("/");
  const place = el.hasAttribute("data-place") ? Number(el.getAttribute("data-place")) : null;
  return { kind: "knight", key: place === null ? `${space}/${colour}` : `LAIR/${place}`, space, colour, place };
}

/**
 * Emerald's board editor.
 * @param {SVGSVGElement} svg  the board (js/emerald/board.js)
 * @param {import("../shared/shell.js").EditContext} ctx
 * @returns {import("../shared/shell.js").BoardEditor}
 */
export function createEmeraldEditor(svg, ctx) {
  const position = () => /** @type {EmeraldPosition} */ (editor.traits?.edit_position || {});
  const colourName = (c) => (editor.traits?.board?.colours?.[c]?.name || c).toLowerCase();
  /** @returns {Held|null} */
  const held = () => /** @type {Held|null} */ (editor.held);

  const turn = h("button", { type: "button", class: "dw-btn", text: "Turn the dragon (F)" });
  const facing = h("span", { class: "dw-muted dw-edit-facing" });
  const track = h("select", { class: "dw-edit-track" });
  const trackLabel = h("label", { class: "dw-edit-control" }, h("span", { text: "Flight track" }), track);
  ctx.tools.append(h("span", { class: "dw-edit-control" }, turn, facing), trackLabel);

  const spaces = () => SPACES.map((id) => svg.querySelector(`.dw-layer-base [data-target="${id}"]`)).filter(Boolean);
  const pieces = () => [...svg.querySelectorAll(".dw-layer-live .dw-stack, .dw-layer-live .dw-dragon")];
  /** Where an element lies along the board, for the arrows: its space's rank, then its own. */
  const order = (el) => {
    const target = el.getAttribute("data-target") || "";
    const space = target === "dragon" ? position().dragon?.square : target.split("/")[0];
    const rank = SPACES.indexOf(space) * 100;
    if (el.classList.contains("dw-space")) return rank;
    return rank + (target === "dragon" ? 99 : 1 + [...el.parentNode.children].indexOf(el) / 1000);
  };
  /** What Enter can act on now: the pieces, or the places for the piece held. */
  const actionable = () => {
    if (!held()) return pieces();
    if (held().kind === "dragon") return spaces().filter((el) => isMountain(el.getAttribute("data-target")));
    return spaces();
  };

  function nameOfPiece(piece) {
    const hold = held();
    if (piece.kind === "dragon") {
      const d = position().dragon || {};
      const where = `Dragon beside ${d.square}, facing ${d.facing === "lair" ? "the lair" : "the plain"}`;
      return hold?.kind === "dragon" ? `${where}: held, press to drop it` : `${where}: pick it up (F turns it)`;
    }
    const count = piece.place === null ? (editor.traits?.observation?.knights?.[piece.space]?.[piece.colour] ?? 1) : 1;
    const what = `${count} ${colourName(piece.colour)} knight${count > 1 ? "s" : ""} on ${spaceName(piece.space)}`;
    if (hold?.key === piece.key) return `${what}: one held, press to drop it`;
    if (hold?.kind === "knight") return `${what}: put the ${colourName(hold.colour)} knight on ${spaceName(piece.space)}`;
    return `${what}: pick one up`;
  }
  function nameOfSpace(space) {
    const label = space === "KEEP" ? "keep" : space === "LAIR" ? "lair" : space === "NEST" ? "nest" : space;
    const hold = held();
    if (hold?.kind === "knight") return { name: `${label}: put the ${colourName(hold.colour)} knight here`, disabled: false };
    if (hold?.kind === "dragon" && isMountain(space)) return { name: `${label}: put the dragon beside it`, disabled: false };
    if (hold) return { name: `${label}: the dragon stands beside a mountain square only`, disabled: true };
    return { name: `${label}: pick up a knight or the dragon first`, disabled: true };
  }
  const isSpace = (el) => el.classList.contains("dw-space");
  const onTurn = () => ctx.sendEdit(turnDragonOps(position()));

  const editor = createPickAndPut(svg, ctx, {
    help: EMERALD_EDIT_HELP,
    editables: () => [
      ...spaces().map((el) => [el, el.getAttribute("data-target")]),
      ...pieces().map((el) => [el, pieceOf(el).key]),
    ],
    pieceOf: (key, el) => (isSpace(el) ? null : pieceOf(el)),
    meaning: (key, el) => (isSpace(el) ? nameOfSpace(key) : { name: nameOfPiece(pieceOf(el)) }),
    putOn(key, el) {
      const piece = isSpace(el) ? null : pieceOf(el);
      if (piece?.kind === "dragon") return void editor.pick(piece); // the dragon is picked up whatever is held
      const space = piece ? piece.space : key;
      if (held()?.kind === "knight") return knightMoveOps(position(), held(), space);
      if (isMountain(space)) return dragonMoveOps(position(), space);
      return undefined;
    },
    hint(hold) {
      if (!hold) return "";
      if (hold.kind === "dragon") return "Holding the dragon: put it beside a mountain square M1–M9 (Esc drops it).";
      return `Holding a ${colourName(hold.colour)} knight from ${spaceName(hold.space)}: put it on a space, the lair or the nest (Esc drops it).`;
    },
    /** Drop the knight held when the table Python sent no longer has it. */
    stillThere() {
      const hold = held();
      if (hold?.kind !== "knight") return;
      const here = position().knights?.[hold.space] || [];
      if (hold.place === null ? !here.includes(hold.colour) : here[hold.place] !== hold.colour) editor.held = null;
    },
    toolbar() {
      const p = position();
      facing.textContent = `facing ${p.dragon?.facing === "lair" ? "the lair" : "the plain"}`;
      const positions = editor.traits?.board?.track_positions || {};
      track.replaceChildren(...Object.entries(positions).map(([n, squares]) =>
        h("option", { value: n, text: `${n}: beside ${squares[0]}–${squares[squares.length - 1]}` })));
      track.value = String(p.flight_track ?? "");
    },
    key(event) {
      if (event.key !== "f" && event.key !== "F") return false;
      onTurn();
      return true;
    },
    arrow(target, delta) {
      const list = actionable().sort((a, b) => order(a) - order(b));
      if (list.includes(target)) return cycle(list, target, delta);
      // from a piece to the places, or back: start beside it
      const here = order(target);
      const space = Math.floor(here / 100) * 100; // a piece's space comes first, then what lies after it
      const after = list.filter((el) => (delta > 0 ? order(el) >= space : order(el) <= here));
      return (delta > 0 ? after[0] : after[after.length - 1]) || cycle(list, null, delta);
    },
  });
  editor.listen(turn, "click", onTurn);
  editor.listen(track, "change", () => editor.edit(trackOps(position(), Number(track.value))));
  return editor;
}
