// Two boxes in the map's empty corners: whose turn it is and the action under way (top right), and
// what is left in the game (eggs on the land, rings in the supply) with a small legend (bottom left).

import { s } from "../shared/dom.js";
import { at, shapeGlyph, tokenBack, adventurerGlyph } from "./glyphs.js";
import { TURN_BOX, INFO_BOX } from "./layout.js";

/** The decisions of the contract, as a few words for the box. */
const DECISIONS = {
  roll: "roll the dice",
  reroll: "roll again (fate)",
  fate: "keep the roll or play fate",
  choose_die: "choose a die",
  choose_adventurer: "choose an adventurer",
  movement: "move",
  treasure: "take treasure",
  magic_hand: "magic hand or done",
  take_again: "take again (magic hand)",
  reveal: "turn up the volcano's token",
};

function actionLines(obs, layout) {
  const a = obs.action;
  if (!a) {
    const used = obs.used || [];
    const rolled = Array.isArray(obs.dice) ? `rolled ${obs.dice.join(" and ")}` : "";
    return [obs.turn === 0 ? "bringing an adventurer in" : rolled, used.length ? `used: ${used.join(", ")}` : ""];
  }
  const colour = layout.colours?.[a.adventurer]?.name ?? a.adventurer;
  const die = a.die_value == null ? "no die" : `die ${a.die_value}${a.die_spent ? " (spent)" : ""}`;
  const flags = [a.entering ? "entering" : "", a.walked ? "walked" : "", a.moved ? "moved" : "", a.stopped ? "stopped" : ""].filter(Boolean);
  return [`${colour}${a.at ? ` on ${a.at}` : ""} · ${die}`, flags.join(" · ")];
}

/**
 * Whose turn it is and what they are doing.
 * @param {Object} obs
 * @param {Object} layout
 * @param {string[]} names
 */
export function turnBox(obs, layout, names) {
  const { x, y, w, h } = TURN_BOX;
  const g = s("g", { class: "dw-dl-turn-box" });
  g.append(s("rect", { x, y, width: w, height: h, rx: 10, class: "dw-dl-box" }));
  const opening = obs.turn === 0;
  const head = obs.is_over ? "game over" : opening ? `opening round · exactly ${obs.opening_distance ?? "?"}` : `round ${obs.turn ?? "?"}`;
  g.append(s("text", { x: x + 10, y: y + 11, class: "dw-dl-box-title", text: head }));
  const seat = obs.active_player;
  if (seat !== null && seat !== undefined && !obs.is_over) {
    const glyph = layout.shapes?.[seat]?.glyph || "circle";
    g.append(at(x + 20, y + 34, shapeGlyph(glyph, 8, { class: "dw-dl-seat-shape" })));
    g.append(s("text", { x: x + 34, y: y + 34, class: "dw-dl-turn-name", text: names[seat] ?? `Seat ${seat + 1}` }));
    actionLines(obs, layout).forEach((line, i) => {
      if (line) g.append(s("text", { x: x + 12, y: y + 60 + i * 18, class: "dw-dl-turn-line", text: line }));
    });
    if (obs.decision) g.append(s("text", { x: x + 12, y: y + h - 12, class: "dw-dl-turn-decision", text: `now: ${DECISIONS[obs.decision] ?? obs.decision.replace(/_/g, " ")}` }));
  } else if (obs.is_over) {
    const winners = (obs.outcome?.winners || []).map((p) => names[p] ?? `Seat ${p + 1}`);
    g.append(s("text", { x: x + 12, y: y + 40, class: "dw-dl-turn-name", text: winners.length ? `★ ${winners.join(" and ")}` : "" }));
  }
  return g;
}

/**
 * Eggs left, rings in the supply and the legend.
 * @param {Object} obs
 */
export function infoBox(obs) {
  const { x, y, w, h } = INFO_BOX;
  const g = s("g", { class: "dw-dl-info-box" });
  g.append(s("rect", { x, y, width: w, height: h, rx: 10, class: "dw-dl-box" }));
  g.append(s("text", { x: x + 10, y: y + 14, class: "dw-dl-turn-line", text: `eggs left ${obs.eggs_left ?? "?"} · rings in supply ${obs.ring_supply ?? "?"}` }));
  g.append(at(x + 18, y + 38, tokenBack(7)));
  g.append(s("text", { x: x + 30, y: y + 38, class: "dw-dl-legend", text: "face-down token" }));
  g.append(at(x + 140, y + 38, adventurerGlyph({ glyph: "circle", css: "#9e9e9e", ring: true, r: 6 })));
  g.append(s("text", { x: x + 152, y: y + 38, class: "dw-dl-legend", text: "wears a ring" }));
  g.append(s("text", { x: x + 10, y: y + 62, class: "dw-dl-legend", text: "the game ends when the last egg is taken" }));
  return g;
}
