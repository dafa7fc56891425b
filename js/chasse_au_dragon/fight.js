// The encounter and duel panel beside the forest: the turn's phases (CD-TURN-2) with the current one
// lit, the monster turned up (type, power, die) or the duellists, the two dice of the fight with
// every throw listed and explosions marked (`data-target="dice"`: the throws are its outcomes), the
// last finished roll, and the exact odds Python sent (`observation.odds`) before anything is thrown.

import { h } from "../shared/dom.js";
import { pct, quarterWords } from "./layout.js";

const PHASES = [
  ["raid", "raid"],
  ["move", "move"],
  ["duel", "duel"],
  ["monster", "monster"],
  ["camp", "camp"],
];

/** The turn phase (CD-TURN-2) a decision belongs to. */
export function phaseOf(obs) {
  const d = obs.decision;
  const duel = obs.defender !== null && obs.defender !== undefined;
  if (d === "raid" || d === "move" || d === "camp") return d;
  if (d === "choose_duel" || d === "duel_flight") return "duel";
  if (d === "flee_roll") return duel && obs.fleeing === obs.defender ? "duel" : "monster";
  if (d === "combat") return obs.fight?.kind === "duel" ? "duel" : "monster";
  if (d === "encounter" || d === "reveal") return "monster";
  return null;
}

const nameOf = (names, seat) => names[seat] ?? `Seat ${seat + 1}`;

function phaseTrack(obs) {
  const now = phaseOf(obs);
  const list = PHASES.filter(([id]) => id !== "raid" || obs.dragon_raids);
  return h(
    "ol",
    { class: "dw-cd-phases", "aria-label": "Phases of the turn" },
    list.map(([id, label]) => h("li", { class: `dw-cd-phase${id === now ? " dw-cd-phase-now" : ""}`, "data-phase": id, text: label })),
  );
}

function movementLine(obs) {
  if (obs.decision !== "move") return null;
  const quarters = obs.boards?.[obs.active_player]?.quarters;
  const steps = obs.steps || 0;
  const left = quarters === null || quarters === undefined ? "goblin quarters: not yours to count" : `${quarterWords(quarters)} left`;
  return h("p", { class: "dw-cd-line dw-cd-moving", text: `Steps this turn: ${steps} (the first is free, then one goblin quarter each; “2 q” on a square: 2 goblin quarters to reach it) · ${left}` });
}

function monsterBlock(obs, names) {
  const r = obs.revealed;
  if (!r) return null;
  const me = obs.boards?.[obs.active_player]?.power ?? 4;
  const note = r.power < me
    ? `weaker than ${nameOf(names, obs.active_player)}'s d${me}: it may be let go for free`
    : `flee with a cage goblin as a decoy, or a flight roll (only a ${me} on the d${me}), or fight`;
  return h(
    "div",
    { class: `dw-cd-foe dw-cd-foe-monster dw-cd-monster-${r.card}`, "data-card": r.card },
    h("div", { class: "dw-cd-foe-card" }, h("span", { class: "dw-cd-foe-power", text: r.power }), h("span", { class: "dw-cd-foe-name", text: r.card })),
    h("div", { class: "dw-cd-foe-text" },
      h("strong", { text: `${r.card[0].toUpperCase()}${r.card.slice(1)} on ${r.square}` }),
      h("span", { text: ` · power ${r.power} · fights with a d${r.power}` }),
      h("div", { class: "dw-muted", text: obs.decision === "encounter" ? note : "" })),
  );
}

function duelBlock(obs, names) {
  if (obs.defender === null || obs.defender === undefined) return null;
  const a = obs.active_player;
  const d = obs.defender;
  return h(
    "div",
    { class: "dw-cd-foe dw-cd-foe-duel" },
    h("strong", { text: `Duel: ${nameOf(names, a)} (d${obs.boards[a].power}) challenges ${nameOf(names, d)} (d${obs.boards[d].power})` }),
    obs.decision === "duel_flight"
      ? h("div", { class: "dw-muted", text: `${nameOf(names, d)} may flee with a cage goblin, or a flight roll (only a ${obs.boards[d].power}), or fight` })
      : null,
  );
}

/** One throw: its face, marked when it exploded (its die's maximum: thrown again and added). */
function throwChip(face, exploded) {
  return h("span", {
    class: `dw-cd-throw${exploded ? " dw-cd-explode" : ""}`,
    title: exploded ? `${face}: the maximum, it explodes (thrown again and added)` : `${face}`,
    text: face,
  });
}

function sideRow(label, faces, throws, { current = false, finished = false, knownFaces = true } = {}) {
  const total = throws.reduce((a, b) => a + b, 0);
  return h(
    "div",
    { class: `dw-cd-side${current ? " dw-cd-side-now" : ""}` },
    h("span", { class: "dw-cd-side-name", text: label.replace(/ \(rolled by .*\)$/, ""), title: label }),
    h("span", { class: "dw-cd-die", text: faces ? `d${faces}` : "" }),
    h("span", { class: "dw-cd-throws" },
      throws.map((f, i) => throwChip(f, knownFaces ? f === faces : i < throws.length - 1)),
      current ? h("span", { class: "dw-cd-to-throw", text: throws.length ? "throws again…" : "to throw…" }) : null),
    throws.length && (finished || !current) ? h("span", { class: "dw-cd-total", text: `= ${total}` }) : null,
  );
}

function fightBox(obs, names, lastText) {
  const box = h("div", { class: "dw-cd-fight", "data-target": "dice", "aria-label": "The dice of the fight" });
  const f = obs.fight;
  const a = obs.active_player;
  if (f) {
    const other = f.kind === "duel" ? nameOf(names, obs.defender) : `the ${obs.revealed?.card ?? "monster"}`;
    box.append(h("div", { class: "dw-cd-fight-title", text: f.kind === "duel" ? "Duel under way" : "Fight under way" }));
    box.append(sideRow(nameOf(names, a), f.faces[0], f.throws[0], { current: f.side === 0 }));
    box.append(sideRow(other, f.faces[1], f.throws[1], { current: f.side === 1 }));
    return box;
  }
  if (obs.decision === "flee_roll" && obs.fleeing !== null && obs.fleeing !== undefined) {
    const n = obs.boards[obs.fleeing].power;
    box.append(h("div", { class: "dw-cd-fight-title", text: `Flight roll: ${nameOf(names, obs.fleeing)}'s d${n}, only a ${n} succeeds (1 in ${n})` }));
    return box;
  }
  const last = obs.last_rolls || {};
  if (last.flight) {
    box.append(h("div", { class: "dw-cd-fight-title dw-muted", text: "Last roll" }));
    box.append(sideRow("flight roll", null, last.flight, { finished: true, knownFaces: false }));
  } else if (last.attacker) {
    const sides = fightSides(lastText);
    box.append(h("div", { class: "dw-cd-fight-title dw-muted", text: "Last fight" }));
    box.append(sideRow(sides?.[0] ?? "attacker", null, last.attacker, { finished: true, knownFaces: false }));
    box.append(sideRow(sides?.[1] ?? "other side", null, last.defender || [], { finished: true, knownFaces: false }));
    if (sides) return box;
  } else {
    box.append(h("div", { class: "dw-cd-fight-title dw-muted", text: "No dice thrown yet" }));
  }
  if (lastText) box.append(h("p", { class: "dw-cd-line dw-muted dw-cd-last-text", text: lastText }));
  return box;
}

function oddsRow(o, names) {
  const me = nameOf(names, o.seat);
  const them = o.monster ? `the ${o.monster}` : nameOf(names, o.opponent);
  const bar = h(
    "div",
    { class: "dw-cd-odds-bar", "aria-hidden": "true" },
    h("span", { class: "dw-cd-odds-win", style: `width:${(o.win * 100).toFixed(2)}%` }),
    h("span", { class: "dw-cd-odds-tie", style: `width:${(o.tie * 100).toFixed(2)}%` }),
    h("span", { class: "dw-cd-odds-loss", style: `width:${(o.loss * 100).toFixed(2)}%` }),
  );
  return h(
    "div",
    { class: "dw-cd-odds-row", "data-opponent": o.opponent ?? "", "data-monster": o.monster ?? "" },
    h("div", { class: "dw-cd-odds-head", text: `${me} d${o.faces[0]} against ${them} d${o.faces[1]}` }),
    bar,
    h("div", { class: "dw-cd-odds-text" },
      h("span", { class: "dw-cd-win-text", text: `${me} wins ${pct(o.win)}` }),
      h("span", { text: ` · tie ${pct(o.tie)} · ` }),
      h("span", { class: "dw-cd-loss-text", text: `${them} wins ${pct(o.loss)}` })),
  );
}

function oddsBlock(obs, names) {
  const odds = obs.odds;
  if (!odds?.length) return null;
  const started = obs.fight && (obs.fight.throws[0].length || obs.fight.throws[1].length);
  return h(
    "div",
    { class: "dw-cd-odds" },
    h("div", { class: "dw-cd-odds-title", text: started ? "Exact odds before the first throw" : "Exact odds of the fight (exploding dice)" }),
    odds.map((o) => oddsRow(o, names)),
  );
}

function overBlock(obs, names) {
  if (!obs.is_over) return null;
  const winners = (obs.outcome?.winners || []).map((p) => nameOf(names, p));
  return h(
    "div",
    { class: "dw-cd-over" },
    h("strong", { text: winners.length ? `★ ${winners.join(" and ")} ${winners.length > 1 ? "win" : "wins"}` : "Game over" }),
    obs.outcome?.reason ? h("div", { class: "dw-muted", text: obs.outcome.reason }) : null,
  );
}

/**
 * The two sides' names in a fight's log line ("Fight: Black 4+2 = 6, The goblin (rolled by White) 3 = 3."),
 * or null when the line reads otherwise.
 */
export function fightSides(text) {
  const m = /^Fight: (.+?) [\d+]+ = \d+, (.+?) [\d+]+ = \d+\.?$/.exec(text || "");
  return m ? [m[1], m[2]] : null;
}

/** The last fight or flight roll in the log, as the table read it. */
export function lastRollText(log) {
  for (let i = (log || []).length - 1; i >= 0; i -= 1) {
    if (log[i].kind === "fight" || log[i].kind === "flight_roll") return log[i].text;
  }
  return "";
}

/** The one-line legend under the fight box, when the box shows an explosion (`fight`: the box drawn). */
function legendFor(fight) {
  if (!fight.querySelector(".dw-cd-explode")) return null;
  return h("p", { class: "dw-cd-line dw-muted dw-cd-legend", text: "✹ the die's maximum: it explodes, is thrown again and added" });
}

function headLine(obs, names) {
  const seat = obs.active_player;
  const head = obs.is_over ? "Game over" : `Round ${obs.round ?? "?"} · ${seat !== null && seat !== undefined ? nameOf(names, seat) : ""}'s turn`;
  return h("h3", { class: "dw-panel-title", text: head });
}

/** The encounter / duel panel's element, without its blocks (`encounterBlocks`). */
export const encounterSection = () => h("section", { class: "dw-panel dw-cd-encounter", "aria-label": "Encounter and fight" });

/**
 * The blocks of the encounter / duel panel, in order, as `[key, draw, extra]`: `draw(obs)` draws the block
 * (or null) from the observation and `extra` (the players' names, and the last roll's log line for the
 * fight box and its legend), so the board draws each as a part and a step redraws only the blocks whose
 * inputs changed.
 * @param {string[]} names
 * @param {string} lastText  the last fight or flight roll in the log (`lastRollText`)
 * @returns {[string, (obs: Object) => (HTMLElement|null), any][]}
 */
export function encounterBlocks(names, lastText) {
  return [
    ["head", (obs) => headLine(obs, names), names],
    ["phases", (obs) => (obs.is_over ? overBlock(obs, names) : phaseTrack(obs)), names],
    ["movement", movementLine, null],
    ["duel", (obs) => duelBlock(obs, names), names],
    ["monster", (obs) => monsterBlock(obs, names), names],
    ["fight", (obs) => fightBox(obs, names, lastText), [names, lastText]],
    // the legend reads what the fight box reads (drawn again only with it) and shows when the box explodes
    ["legend", (obs) => legendFor(fightBox(obs, names, lastText)), [names, lastText]],
    ["odds", (obs) => oddsBlock(obs, names), names],
  ];
}
