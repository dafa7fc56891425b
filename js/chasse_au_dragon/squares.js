// What lies on each square, redrawn from every observation: the pile of face-down monster cards
// with its size (public, CD-INT-23), the monster turned up now (face up on its pile), the camps
// (a tent in the seat's colour), the squares the mover can still reach this turn with their cost in
// goblin quarters (the mover's own view only), and the square's tooltip. Pawns are drawn by pawns.js.

/** @typedef {import("./layout.js").ChasseLayout} ChasseLayout */

import { setAttr, setText } from "../shared/dom.js";
import { morphChildren } from "../shared/morph.js";
import { CELL, parseSquare, quarterWords, seatColour } from "./layout.js";
import { at, pileGlyph, monsterCard, tentGlyph, countBadge } from "./glyphs.js";

/**
 * Describe a square in words (its tooltip): where it is, its pile, its camp, who stands there; the
 * teacher's view adds the pile's cards, top first.
 * @param {string} id
 * @param {Object} obs
 * @param {ChasseLayout} layout
 * @param {string[]} names
 */
export function describeSquare(id, obs, layout, names) {
  const { x, y } = parseSquare(id);
  const inner = id in (obs.piles || {});
  const parts = [`Square ${id}`];
  if (!inner) parts.push(`forest edge (x ${x}, y ${y}): no monsters`);
  else {
    const n = obs.piles[id];
    parts.push(n ? `a pile of ${n} monster card${n === 1 ? "" : "s"}, face down` : "empty pile: no more monsters here");
    if (obs.revealed?.square === id) parts.push(`top card turned up: ${obs.revealed.card} (power ${obs.revealed.power})`);
    const known = obs.hidden?.piles?.[id];
    if (known?.length) parts.push(`teacher: ${known.join(", ")} (top first)`);
  }
  (obs.camps || []).forEach((camp, seat) => {
    if (camp === id) parts.push(`${names[seat] ?? `Seat ${seat + 1}`}'s camp`);
  });
  if (obs.reach && id in obs.reach) {
    parts.push(`reachable this turn ${obs.reach[id] ? `for ${quarterWords(obs.reach[id])} (${obs.reach[id]} q)` : "for free"}`);
  }
  const here = (obs.positions || []).map((p, seat) => (p === id ? names[seat] ?? `Seat ${seat + 1}` : null)).filter(Boolean);
  if (here.length) parts.push(`here: ${here.join(", ")}`);
  return parts.join(" · ");
}

/** What each square was last drawn from: its tooltip's and its pile's inputs, its reach cost and camp. */
const drawnFrom = new WeakMap();

/**
 * Where the mover can still end this turn, and the goblin quarters it costs (CD-MOVE-3, CD-GOB-3): "2 q",
 * read aloud as "2 goblin quarters" ("2¼" read as two and a quarter), or "free"; nothing where the mover
 * cannot go (`reach` null). Set in place: the text stays in the square, so a turn that changes who moves
 * (and so every square's reach) inserts and removes nothing.
 * @param {SVGElement} cost  the square's reach-cost `<text>`
 * @param {number|null} reach
 */
function setReachCost(cost, reach) {
  setText(cost, reach === null ? "" : reach === 0 ? "free" : `${reach} q`);
  setAttr(cost, "data-spoken", reach ? quarterWords(reach) : null);
}

/**
 * Update every square's contents and tooltip in place: a square whose inputs did not change is skipped,
 * and of one that changed, only the part whose inputs changed (the pile, or the reach cost and camp).
 * @param {Map<string, {g: SVGElement, title: SVGElement, pile: SVGElement, marks: SVGElement, cost: SVGElement}>} squares
 * @param {Object} obs
 * @param {ChasseLayout} layout
 * @param {string[]} names
 */
export function drawSquares(squares, obs, layout, names) {
  // who is on each square, camped or standing (with the names the tooltip gives): worked out once
  const seatsOn = (places) => {
    const on = new Map();
    (places || []).forEach((place, seat) => place && on.set(place, [...(on.get(place) || []), seat, names[seat]]));
    return on;
  };
  const campers = seatsOn(obs.camps);
  const standing = seatsOn(obs.positions);
  const hidden = obs.hidden?.piles;
  for (const [id, sq] of squares) {
    // what this square shows depends on these only: a square whose inputs are as last time is left as it is
    const revealed = obs.revealed?.square === id ? obs.revealed : null;
    const reach = obs.reach && id in obs.reach ? obs.reach[id] : null;
    const camp = campers.get(id)?.[0] ?? null;
    const pile = obs.piles?.[id];
    const pileKey = `${pile}|${revealed ? `${revealed.card}|${revealed.power}` : ""}`;
    const key = `${pileKey}|${reach}|${hidden?.[id] ?? ""}|${campers.get(id) ?? ""}|${standing.get(id) ?? ""}`;
    const drawn = drawnFrom.get(sq);
    if (drawn?.key === key) continue;
    drawnFrom.set(sq, { key, pileKey, reach, camp });
    const said = describeSquare(id, obs, layout, names);
    setText(sq.title, said);
    const { x, y } = parseSquare(id);
    const ox = x * CELL;
    const oy = y * CELL;
    const inner = pile !== undefined;
    if (drawn?.pileKey !== pileKey) {
      sq.g.classList.toggle("dw-cd-revealed", Boolean(revealed));
      sq.g.classList.toggle("dw-cd-emptied", inner && !pile);
      const glyphs = [];
      if (inner && revealed) {
        glyphs.push(at(ox + 21, oy + 24, monsterCard(revealed.card, revealed.power)));
        glyphs.push(at(ox + 7, oy + 8, countBadge(pile)));
      } else if (inner) {
        glyphs.push(at(ox + 18, oy + 21, pileGlyph(pile)));
      }
      morphChildren(sq.pile, glyphs);
    }
    // a step changes the reach cost of every reachable square: it is written in place
    if (!drawn || drawn.reach !== reach) setReachCost(sq.cost, reach);
    if (!drawn || drawn.camp !== camp) {
      sq.marks.querySelector("[data-camp]")?.remove();
      if (camp !== null) {
        const tent = at(ox + 16, oy + CELL - 8, tentGlyph(seatColour(layout, camp), 24));
        tent.setAttribute("data-camp", String(camp));
        sq.marks.append(tent);
      }
      // the tent stands at the bottom left, where the cost is written: on a camp's square it goes on top
      setAttr(sq.cost, "y", String(camp === null ? oy + CELL - 7 : oy + 11));
    }
  }
}
