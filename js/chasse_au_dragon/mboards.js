// One management board per seat (CD-ZONE-1..6) under the forest: its six zones, each a
// `data-target="zone/{seat}/{zone}"` (camp actions, decoys). What this view may not count stays a
// thickness word ("thin", "medium", "thick"): an opponent's backpack and vault are face down and
// their cage and dungeon may only be judged by eye (CD-ZONE-7). The viewer's own board is in full.

/** @typedef {import("./layout.js").ChasseLayout} ChasseLayout */

import { h, setAttr } from "../shared/dom.js";
import { morphChildren } from "../shared/morph.js";
import { MONSTERS, quarterWords, seatColour } from "./layout.js";
import { iconSvg, pawnGlyph, quarterGlyph } from "./glyphs.js";

/** The zones in the rulebook's numbering. */
export const ZONES = [
  ["backpack", "1 backpack"],
  ["cage", "2 cage"],
  ["vault", "3 vault"],
  ["dungeon", "4 dungeon"],
  ["equipment", "5 equipment"],
  ["pantry", "6 pantry"],
];

const HIDDEN_TIP = {
  backpack: "face down: only its thickness can be judged",
  vault: "face down: only its thickness can be judged",
  cage: "face up, but an opponent's goblins may not be counted: only judged by thickness",
  dungeon: "face up, but an opponent's goblins may not be counted: only judged by thickness",
};

function sumCards(cards, powers) {
  return Object.entries(cards || {}).reduce((n, [t, k]) => n + (powers?.[t] ?? 0) * k, 0);
}

function cardChips(cards, powers) {
  const types = [...MONSTERS, ...Object.keys(cards).filter((t) => !MONSTERS.includes(t))].filter((t) => cards[t] > 0);
  if (!types.length) return [h("span", { class: "dw-muted", text: "empty" })];
  return [
    ...types.map((t) => h("span", { class: `dw-cd-chip dw-cd-monster-${t}`, "data-card": t, title: `${cards[t]} × ${t} (power ${powers?.[t] ?? "?"})`, text: cards[t] > 1 ? `${t} ×${cards[t]}` : t })),
    h("span", { class: "dw-cd-sum", text: `= ${sumCards(cards, powers)}` }),
  ];
}

function goblins(n) {
  return n ? `${n} goblin${n === 1 ? "" : "s"}` : "empty";
}

/** What one zone shows in this view. */
function zoneContent(zone, b, powers) {
  if (zone === "equipment") {
    return b.equipment
      ? [h("span", { class: `dw-cd-chip dw-cd-monster-${b.equipment}`, text: b.equipment }), h("span", { class: "dw-cd-die", text: `d${b.power}` })]
      : [h("span", { text: "base" }), h("span", { class: "dw-cd-die", text: `d${b.power ?? 4}` })];
  }
  if (zone === "pantry") {
    return b.pantry ? [h("span", { class: "dw-cd-quarter-icon" }, iconSvg(12, 12, 6, 6, quarterGlyph(5))), h("span", { text: `${b.pantry}/4 of a goblin` })] : [h("span", { class: "dw-muted", text: "empty" })];
  }
  const value = b[zone];
  if (value === null || value === undefined) return null; // hidden: the caller shows the thickness
  if (zone === "cage" || zone === "dungeon") return [h("span", { text: goblins(value) })];
  return cardChips(value, powers);
}

function zoneBox(seat, zone, label, b, powers) {
  const content = zoneContent(zone, b, powers);
  const hidden = content === null;
  const thick = b.thickness?.[zone] ?? "?";
  return h(
    "div",
    {
      class: `dw-cd-zone dw-cd-zone-${zone}${hidden ? " dw-cd-zone-hidden" : ""}`,
      "data-target": `zone/${seat}/${zone}`,
      "data-zone": zone,
      title: hidden ? `${label.slice(2)}: ${thick} (${HIDDEN_TIP[zone]})` : null,
    },
    h("span", { class: "dw-cd-zone-label", text: label }),
    h("span", { class: "dw-cd-zone-body" }, hidden ? h("span", { class: "dw-cd-thickness", "data-thickness": thick, text: thick }) : content),
  );
}

/**
 * What one seat's management board shows, from the observation.
 * @param {Object} obs
 * @param {number} seat
 */
function seatView(obs, seat) {
  return {
    board: obs.boards[seat],
    camp: obs.camps?.[seat] ?? null,
    score: obs.scores?.[seat] ?? obs.scores?.[String(seat)] ?? null,
    toPlay: !obs.is_over && obs.current_player === seat,
    winner: Boolean(obs.outcome?.winners?.includes(seat)),
  };
}

/** What a board's head shows (`header`): the seat's tags, its camp and its wealth, not its zones. */
function headView(v) {
  return { wealth: v.board.wealth ?? null, equipment: v.board.equipment ?? null, camp: v.camp, score: v.score, toPlay: v.toPlay, winner: v.winner };
}

function header(seat, v, o) {
  const { layout, names } = o;
  const tags = [v.winner ? "★ winner" : "", v.toPlay ? "▶ to play" : "", seat === o.viewSeat ? "this view" : ""].filter(Boolean);
  const known = v.wealth ? v.wealth.backpack + v.wealth.vault + (v.equipment ? layout.powers?.[v.equipment] ?? 0 : 0) : null;
  return h(
    "div",
    { class: "dw-cd-mboard-head" },
    iconSvg(16, 24, 8, 22, pawnGlyph(seatColour(layout, seat), 5)),
    h("span", { class: "dw-cd-mboard-name", text: names[seat] ?? `Seat ${seat + 1}` }),
    v.camp ? h("span", { class: "dw-muted dw-cd-mboard-camp", text: `camp ${v.camp}` }) : null,
    tags.length ? h("span", { class: "dw-cd-mboard-tag", text: tags.join(" · ") }) : null,
    v.score !== null
      ? h("span", { class: "dw-cd-mboard-score", text: `wealth ${v.score}` })
      : known !== null ? h("span", { class: "dw-cd-mboard-wealth dw-muted", text: `wealth ${known}`, title: "backpack + vault + equipment (CD-SCORE-1)" }) : null,
  );
}

/** The goblin quarters left for movement, under the zones (none outside a movement). */
function foot(b) {
  return b.quarters !== null && b.quarters !== undefined
    ? h("div", { class: "dw-cd-mboard-foot dw-muted", text: `${quarterWords(b.quarters)} for movement (pantry first, then the cage)` })
    : null;
}

/**
 * The management boards (a `<section>` per seat, its six zones CD-ZONE-1..6), kept on the page. A board's
 * head, each of its zones and its foot are parts of their own (`createComponents`), each drawn again only
 * when what it shows changed: a step changes the mover's goblin quarters, so it redraws the mover's foot
 * alone (and the pantry or the cage a goblin is eaten from), not the whole board.
 */
export function createManagementBoards() {
  const el = h("div", { class: "dw-cd-mboards" });
  /** @type {{section: HTMLElement, zones: HTMLElement}[]} each seat's section and row of zones, made once */
  const made = [];
  return {
    el,
    /**
     * @param {Object} obs
     * @param {ReturnType<import("../shared/morph.js").createComponents>} parts
     * @param {{layout: ChasseLayout, names: string[], viewSeat: number|null}} o
     */
    update(obs, parts, o) {
      const powers = o.layout.powers;
      morphChildren(el, (obs.boards || []).map((b, seat) => {
        made[seat] ??= { section: h("section", { "data-seat": seat }), zones: h("div", { class: "dw-cd-zones" }) };
        const { section, zones } = made[seat];
        const v = seatView(obs, seat);
        setAttr(section, "class", ["dw-cd-mboard", v.toPlay ? "dw-cd-to-play" : "", seat === o.viewSeat ? "dw-cd-mine" : "",
          v.winner ? "dw-cd-winner" : ""].filter(Boolean).join(" "));
        setAttr(section, "aria-label", `${o.names[seat] ?? `Seat ${seat + 1}`}'s management board`);
        // a zone part reads its own keys of the seat's board (its zone, its thickness, the die for equipment)
        morphChildren(zones, ZONES.map(([zone, label]) => parts.draw(`zone ${seat} ${zone}`, b, powers ?? null,
          (board) => zoneBox(seat, zone, label, board, powers))));
        morphChildren(section, [
          parts.draw(`head ${seat}`, headView(v), [o.names, o.viewSeat], (hv) => header(seat, hv, o)),
          zones,
          parts.draw(`foot ${seat}`, b, null, foot),
        ]);
        return section;
      }));
    },
  };
}
