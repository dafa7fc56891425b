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
import { cycle, markEditable, unmarkEditable } from "../shared/edit.js";
import { nameWithVisibleText, visibleText } from "../shared/targets.js";

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
  /** @type {Held|null} */
  let held = null;
  /** @type {GameTraits|null} */
  let t = null;
  const position = () => /** @type {EmeraldPosition} */ (t?.edit_position || {});
  const colourName = (c) => (t?.board?.colours?.[c]?.name || c).toLowerCase();

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
    if (!held) return pieces();
    if (held.kind === "dragon") return spaces().filter((el) => isMountain(el.getAttribute("data-target")));
    return spaces();
  };

  const say = () => {
    if (!held) ctx.hint("");
    else if (held.kind === "dragon") ctx.hint("Holding the dragon: put it beside a mountain square M1–M9 (Esc drops it).");
    else ctx.hint(`Holding a ${colourName(held.colour)} knight from ${spaceName(held.space)}: put it on a space, the lair or the nest (Esc drops it).`);
  };
  const drop = () => {
    held = null;
    mark();
  };
  const pick = (piece) => {
    held = piece;
    mark();
  };
  const edit = (ops) => {
    if (ops?.length) ctx.sendEdit(ops);
    drop();
  };
  const putOn = (space) => {
    if (held?.kind === "knight") edit(knightMoveOps(position(), held, space));
    else if (held?.kind === "dragon" && isMountain(space)) edit(dragonMoveOps(position(), space));
  };
  /** A click or Enter on an editable element. */
  const activate = (el) => {
    const piece = el.classList.contains("dw-space") ? null : pieceOf(el);
    const space = piece ? (piece.kind === "dragon" ? null : piece.space) : el.getAttribute("data-target");
    if (held && piece && piece.key === held.key) drop();
    else if (piece?.kind === "dragon" || (!held && piece)) pick(piece);
    else if (held && space) putOn(space);
  };

  function nameOfPiece(el, piece) {
    if (piece.kind === "dragon") {
      const d = position().dragon || {};
      const where = `Dragon beside ${d.square}, facing ${d.facing === "lair" ? "the lair" : "the plain"}`;
      return held?.kind === "dragon" ? `${where}: held, press to drop it` : `${where}: pick it up (F turns it)`;
    }
    const count = piece.place === null ? (t?.observation?.knights?.[piece.space]?.[piece.colour] ?? 1) : 1;
    const what = `${count} ${colourName(piece.colour)} knight${count > 1 ? "s" : ""} on ${spaceName(piece.space)}`;
    let name = `${what}: pick one up`;
    if (held?.key === piece.key) name = `${what}: one held, press to drop it`;
    else if (held?.kind === "knight") name = `${what}: put the ${colourName(held.colour)} knight on ${spaceName(piece.space)}`;
    return nameWithVisibleText(name, visibleText(el));
  }
  function nameOfSpace(space) {
    const label = space === "KEEP" ? "keep" : space === "LAIR" ? "lair" : space === "NEST" ? "nest" : space;
    if (held?.kind === "knight") return { name: `${label}: put the ${colourName(held.colour)} knight here`, disabled: false };
    if (held?.kind === "dragon" && isMountain(space)) return { name: `${label}: put the dragon beside it`, disabled: false };
    if (held) return { name: `${label}: the dragon stands beside a mountain square only`, disabled: true };
    return { name: `${label}: pick up a knight or the dragon first`, disabled: true };
  }
  /** Mark the pieces and places as buttons named for what a click or Enter does now. */
  function mark() {
    for (const el of spaces()) {
      const { name, disabled } = nameOfSpace(el.getAttribute("data-target"));
      markEditable(el, { key: el.getAttribute("data-target"), name, disabled });
    }
    for (const el of pieces()) {
      const piece = pieceOf(el);
      markEditable(el, { key: piece.key, name: nameOfPiece(el, piece), pressed: held?.key === piece.key });
      el.classList.toggle("dw-edit-held", held?.key === piece.key);
    }
    svg.classList.add("dw-editing");
    svg.classList.toggle("dw-edit-holding", Boolean(held));
    say();
  }
  /** Drop the piece held when the table Python sent no longer has it. */
  function stillThere() {
    if (held?.kind !== "knight") return;
    const here = position().knights?.[held.space] || [];
    if (held.place === null ? !here.includes(held.colour) : here[held.place] !== held.colour) held = null;
  }

  const onClick = (event) => {
    const el = /** @type {Element} */ (event.target).closest?.("[data-edit]");
    if (el && svg.contains(el)) activate(el);
  };
  const onTurn = () => ctx.sendEdit(turnDragonOps(position()));
  const onTrack = () => edit(trackOps(position(), Number(track.value)));
  svg.addEventListener("click", onClick);
  turn.addEventListener("click", onTurn);
  track.addEventListener("change", onTrack);

  return {
    help: EMERALD_EDIT_HELP,
    update(traits) {
      t = traits;
      const p = position();
      stillThere();
      mark();
      facing.textContent = `facing ${p.dragon?.facing === "lair" ? "the lair" : "the plain"}`;
      const positions = t.board?.track_positions || {};
      track.replaceChildren(...Object.entries(positions).map(([n, squares]) =>
        h("option", { value: n, text: `${n}: beside ${squares[0]}–${squares[squares.length - 1]}` })));
      track.value = String(p.flight_track ?? "");
    },
    key(event) {
      const key = event.key;
      const target = /** @type {Element} */ (event.target).closest?.("[data-edit]");
      const onBoard = Boolean(target && svg.contains(target));
      if (key === "Escape" && held) drop();
      else if (key === "f" || key === "F") onTurn();
      else if ((key === "Enter" || key === " ") && onBoard) activate(target);
      else if (key.startsWith("Arrow") && onBoard) {
        const delta = key === "ArrowRight" || key === "ArrowDown" ? 1 : -1;
        const list = actionable().sort((a, b) => order(a) - order(b));
        let next = cycle(list, target, delta);
        if (!list.includes(target)) { // from a piece to the places, or back: start beside it
          const here = order(target);
          const space = Math.floor(here / 100) * 100; // a piece's space comes first, then what lies after it
          const after = list.filter((el) => (delta > 0 ? order(el) >= space : order(el) <= here));
          next = (delta > 0 ? after[0] : after[after.length - 1]) || cycle(list, null, delta);
        }
        next?.focus();
      } else return false;
      return true;
    },
    dispose() {
      svg.removeEventListener("click", onClick);
      turn.removeEventListener("click", onTurn);
      track.removeEventListener("change", onTrack);
      unmarkEditable(svg);
      svg.classList.remove("dw-editing", "dw-edit-holding");
      ctx.hint("");
    },
  };
}
