// Each seat's cards in front of them: gold (values only when this view may see them, else a face-down
// count), gems by type, treasures, bonus cards; plus knights in play / lair / nest, the score when
// known, who is to move and the capture waiting for that seat's decision.

/**
 * @typedef {{seat: number, gold: number[]|null, gold_count: number, gems: Record<string, number>,
 *            treasures: number, bonus: string[], gold_paid?: number}} Hand
 */

import { s } from "../shared/dom.js";
import { cardShape, gemGlyph } from "./cards.js";
import { HANDS } from "./layout.js";

const CARD = { w: 28, h: 38 };

function knightCounts(obs, colours) {
  let play = 0;
  let lair = 0;
  let nest = 0;
  for (const [space, byColour] of Object.entries(obs.knights || {})) {
    for (const c of colours) {
      const n = byColour[c] || 0;
      if (space === "LAIR") lair += n;
      else if (space === "NEST") nest += n;
      else play += n;
    }
  }
  return `knights: ${play} in play · ${lair} in lair · ${nest} in nest`;
}

function goldCards(hand, x, y, gems) {
  const g = s("g", { class: "dw-hand-gold" });
  if (Array.isArray(hand.gold)) {
    const values = [...hand.gold].sort((a, b) => a - b);
    const step = values.length > 6 ? 150 / values.length : CARD.w + 3;
    values.forEach((value, i) => {
      const card = s("g", { "data-target": `hand/${hand.seat}/gold/${value}`, class: "dw-hand-card" });
      card.append(s("title", { text: `gold card worth ${value}` }));
      card.append(cardShape({ kind: "gold", value }, { cx: x + CARD.w / 2 + i * step, cy: y + CARD.h / 2, ...CARD, gems }));
      g.append(card);
    });
    if (!values.length) g.append(s("text", { x, y: y + CARD.h / 2, class: "dw-hand-none", text: "no gold" }));
    return g;
  }
  const n = hand.gold_count || 0;
  g.append(s("title", { text: `${n} gold card${n === 1 ? "" : "s"}, values hidden from this view` }));
  if (!n) {
    g.append(s("text", { x, y: y + CARD.h / 2, class: "dw-hand-none", text: "no gold" }));
    return g;
  }
  for (let i = Math.min(n, 3) - 1; i >= 0; i -= 1) {
    g.append(cardShape(null, { cx: x + CARD.w / 2 + i * 4, cy: y + CARD.h / 2 - i * 2, ...CARD, gems }));
  }
  g.append(s("text", { x: x + CARD.w + 14, y: y + CARD.h / 2, class: "dw-hand-count", text: `×${n}` }));
  g.append(s("text", { x: x + CARD.w + 14, y: y + CARD.h / 2 + 13, class: "dw-hand-note", text: "hidden" }));
  return g;
}

function gemCounts(hand, x, y, gems) {
  const g = s("g", { class: "dw-hand-gems" });
  Object.entries(gems).forEach(([id, info], i) => {
    const n = hand.gems?.[id] || 0;
    const cx = x + 10 + i * 32;
    const item = s("g", { class: n ? "dw-hand-gem" : "dw-hand-gem dw-zero" });
    item.append(s("title", { text: `${n} ${info.name}` }));
    item.append(s("g", { transform: `translate(${cx},${y + 12})` }, gemGlyph(info.css, 0.9)));
    item.append(s("text", { x: cx, y: y + 32, class: "dw-hand-count", text: `×${n}` }));
    g.append(item);
  });
  return g;
}

function treasuresAndBonus(hand, x, y, gems) {
  const g = s("g", { class: "dw-hand-extra" });
  const t = hand.treasures || 0;
  const chest = s("g", { class: t ? "dw-hand-treasure" : "dw-hand-treasure dw-zero" });
  chest.append(s("title", { text: `${t} treasure card${t === 1 ? "" : "s"} (5 points each)` }));
  chest.append(s("rect", { x, y: y + 2, width: 22, height: 20, rx: 3, class: "dw-treasure-card" }));
  chest.append(s("text", { x: x + 11, y: y + 12, class: "dw-treasure-star", text: "★" }));
  chest.append(s("text", { x: x + 11, y: y + 32, class: "dw-hand-count", text: `×${t}` }));
  g.append(chest);
  (hand.bonus || []).forEach((bonus, i) => {
    const gem = Object.keys(gems).find((id) => bonus.includes(id));
    const label = gem ? `majority bonus: ${gems[gem].name} (4 points)` : "bonus: four different gems (4 points)";
    const bx = x + 38 + (i % 3) * 20;
    const by = y + 8 + Math.floor(i / 3) * 20;
    const b = s("g", { class: "dw-bonus" }, s("title", { text: label }), s("circle", { cx: bx, cy: by, r: 9, stroke: gem ? gems[gem].css : null }));
    b.append(s("text", { x: bx, y: by, text: gem ? "B" : "4" }));
    g.append(b);
  });
  return g;
}

/**
 * What one seat's block shows (all of it JSON: the block is drawn again only when this changes).
 * @typedef {Object} HandView
 * @property {Hand} hand
 * @property {string[]} colours       the seat's knight colours
 * @property {boolean} toMove
 * @property {Object|null} pending    the dragon's pending attack on this seat's knight, if any
 * @property {boolean} winner
 * @property {number|null} score
 * @property {string} name
 * @property {boolean} mine           the seat this view shows
 * @property {string} counts          where the seat's knights are
 * @property {number} y
 * @property {number} h
 */

/**
 * One seat's block.
 * @param {HandView} v
 * @param {Object} layout
 */
function handBlock(v, layout) {
  const { hand, colours, pending, y } = v;
  const gems = layout.gems || {};
  const x = HANDS.x;
  const cls = ["dw-hand", v.toMove ? "dw-hand-to-move" : "", pending ? "dw-hand-pending" : "", v.mine ? "dw-hand-mine" : "", v.winner ? "dw-hand-winner" : ""];
  const g = s("g", { class: cls.filter(Boolean).join(" "), "data-seat": hand.seat });
  g.append(s("rect", { x, y, width: HANDS.w, height: v.h, rx: 8, class: "dw-hand-bg" }));
  colours.forEach((c, i) => {
    g.append(s("circle", { cx: x + 16 + i * 16, cy: y + 16, r: 6.5, fill: layout.colours?.[c]?.css || "#888", class: "dw-knight" }));
  });
  const nameX = x + 12 + colours.length * 16;
  const tags = [v.winner ? "★ winner" : "", v.toMove ? "▶ to move" : "", v.mine ? "(this view)" : ""].filter(Boolean).join("  ");
  g.append(s("text", { x: nameX, y: y + 17, class: "dw-hand-name", text: v.name }));
  if (tags) g.append(s("text", { x: x + 150, y: y + 17, class: "dw-hand-tag", text: tags }));
  if (v.score !== null) {
    g.append(s("text", { x: x + HANDS.w - 10, y: y + 17, class: "dw-hand-score", text: `${v.score} pts` }));
  }
  const top = y + 28;
  g.append(goldCards(hand, x + 10, top, gems));
  g.append(gemCounts(hand, x + 206, top, gems));
  g.append(treasuresAndBonus(hand, x + 342, top, gems));
  const foot = pending
    ? `Dragon holds a ${layout.colours?.[pending.victim_colour]?.name.toLowerCase() ?? pending.victim_colour} knight on ${pending.square}: pay one gold card or lose it`
    : v.counts;
  g.append(s("text", { x: x + 10, y: y + v.h - 8, class: pending ? "dw-hand-pending-text" : "dw-hand-foot", text: foot }));
  return g;
}

/**
 * All seats' blocks, stacked in the top-left corner, then the legend: one part each (`part` is the board's
 * `createComponents().draw` bound to it), so a decision that changes one hand redraws one block.
 * @param {Object} obs
 * @param {Object} layout
 * @param {string[]} names
 * @param {number|null} viewSeat
 * @param {(key: string, input: Object, draw: (input: Object) => Node) => Node|null} part
 * @returns {(Node|null)[]}
 */
export function handsPanel(obs, layout, names, viewSeat, part) {
  const hands = obs.hands || [];
  const gap = 6;
  const h = Math.min(96, (HANDS.bottom - HANDS.y - LEGEND_H) / Math.max(hands.length, 1) - gap);
  const blocks = hands.map((hand, i) => {
    const seat = hand.seat;
    const colours = obs.seat_colours?.[seat] || layout.seat_colours?.[seat] || [];
    const score = obs.scores?.[String(seat)] ?? obs.outcome?.scores?.[String(seat)];
    /** @type {HandView} */
    const view = {
      hand,
      colours,
      toMove: obs.current_player === seat,
      pending: obs.pending && obs.pending.victim_owner === seat ? obs.pending : null,
      winner: Boolean(obs.outcome?.winners?.includes(seat)),
      score: score ?? null,
      name: names[seat] || `Seat ${seat + 1}`,
      mine: seat === viewSeat,
      counts: knightCounts(obs, colours),
      y: HANDS.y + i * (h + gap),
      h,
    };
    return part(`hand ${i}`, view, (v) => handBlock(v, layout));
  });
  const y = HANDS.y + hands.length * (h + gap) + 4;
  return [...blocks, part("legend", { bonus: obs.bonus ?? null, names, y }, (v) => legend(v, layout, v.names, v.y))];
}

const LEGEND_H = 34;

/** The gem names and who holds the bonus cards, under the seats. */
function legend(obs, layout, names, y) {
  const g = s("g", { class: "dw-legend" });
  const gems = Object.entries(layout.gems || {});
  let x = HANDS.x + 6;
  g.append(s("text", { x, y: y + 8, class: "dw-legend-title", text: "gems" }));
  x += 52;
  for (const [, info] of gems) {
    g.append(s("g", { transform: `translate(${x},${y + 8})` }, gemGlyph(info.css, 0.7)));
    g.append(s("text", { x: x + 10, y: y + 8, class: "dw-legend-text", text: info.name }));
    x += 24 + 7 * info.name.length;
  }
  g.append(s("circle", { cx: x + 6, cy: y + 8, r: 3.5, class: "dw-moved-mark" }));
  g.append(s("text", { x: x + 14, y: y + 8, class: "dw-legend-text", text: "moved this turn" }));
  const four = obs.bonus?.four_different_gems;
  const holder = four === null || four === undefined ? "still available" : `taken by ${names[four] ?? `seat ${four + 1}`}`;
  g.append(s("text", { x: HANDS.x + 6, y: y + 25, class: "dw-legend-text", text: `“four different gems” bonus ${holder} · majority bonuses at the end · +n = face-down cards` }));
  return g;
}
