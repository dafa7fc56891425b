// The two dice in the map's top-left corner (`dice` is the pair, `die/0` and `die/1` each die): the
// faces rolled, a used die greyed out, the die chosen for the current action outlined.

import { s } from "../shared/dom.js";
import { DICE_BOX } from "./layout.js";

const PIPS = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};
const SIZE = 46;
const NAMES = ["A", "B"];

function dieFace(i, value, { used, chosen, faces }) {
  const x = DICE_BOX.x + 14 + i * (SIZE + 18);
  const y = DICE_BOX.y + 22;
  const cls = ["dw-dl-die", used ? "dw-dl-die-used" : "", chosen ? "dw-dl-die-chosen" : ""].filter(Boolean).join(" ");
  const g = s("g", { class: cls, "data-target": `die/${i}` });
  const state = value == null ? "not rolled" : `shows ${value}${used ? ", used" : ""}${chosen ? ", chosen for this action" : ""}`;
  g.append(s("title", { text: `Die ${NAMES[i]} (faces ${faces.join(" ")}): ${state}` }));
  g.append(s("rect", { x, y, width: SIZE, height: SIZE, rx: 8, class: "dw-dl-die-face" }));
  const cx = x + SIZE / 2;
  const cy = y + SIZE / 2;
  if (value == null) g.append(s("text", { x: cx, y: cy, class: "dw-dl-die-blank", text: "–" }));
  else if (PIPS[value]) {
    for (const [dx, dy] of PIPS[value]) g.append(s("circle", { cx: cx + dx * SIZE * 0.26, cy: cy + dy * SIZE * 0.26, r: SIZE * 0.085, class: "dw-dl-die-pip" }));
  } else g.append(s("text", { x: cx, y: cy, class: "dw-dl-die-number", text: value }));
  g.append(s("text", { x: cx, y: y + SIZE + 12, class: "dw-dl-caption", text: `die ${NAMES[i]}` }));
  return g;
}

/**
 * The dice box.
 * @param {Object} obs     dice, dice_used, chosen_die
 * @param {Object} layout  dice: the faces of die A and die B
 */
export function diceBox(obs, layout) {
  const g = s("g", { class: "dw-dl-dice-box" });
  const frame = s("g", { class: "dw-dl-dice", "data-target": "dice" });
  const rolled = Array.isArray(obs.dice) ? obs.dice : null;
  frame.append(s("title", { text: rolled ? `The dice show ${rolled.join(" and ")}` : "The dice (not rolled this turn)" }));
  frame.append(s("rect", { x: DICE_BOX.x, y: DICE_BOX.y, width: DICE_BOX.w, height: DICE_BOX.h, rx: 10, class: "dw-dl-box" }));
  frame.append(s("text", { x: DICE_BOX.x + 10, y: DICE_BOX.y + 11, class: "dw-dl-box-title", text: "dice" }));
  g.append(frame);
  for (const i of [0, 1]) {
    g.append(dieFace(i, rolled ? rolled[i] : null, {
      // the die given to the action under way counts as used; it is drawn as chosen, not greyed
      used: Boolean(obs.dice_used?.[i]) && Boolean(rolled) && !(obs.chosen_die === i && obs.action),
      chosen: obs.chosen_die === i && Boolean(rolled) && !obs.is_over,
      faces: layout.dice?.[i] || [],
    }));
  }
  return g;
}
