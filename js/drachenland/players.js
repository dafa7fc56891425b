// One panel per seat under the map: the seat's shape and people, its adventurers still off the
// land (`adv/{seat}/{colour}`, clickable to bring one in), the tokens in front of its screen
// (`token/{seat}/{kind}`), the rings its adventurers wear, its hoard when this view may see it
// (null = behind the screen) and, at the end, the final score.

import { h, s } from "../shared/dom.js";
import { iconSvg, shapeGlyph, tokenFace, eggGlyph, gemGlyph } from "./glyphs.js";
import { adventurerPiece } from "./adventurers.js";
import { colourOrder, gemCount } from "./layout.js";

const TOKEN_ORDER = ["fate", "boatman", "baby_dragon", "forced_march", "magic_hand"];
const HOARD_ORDER = ["egg", "ruby", "emerald", "sapphire", "diamond"];

function header(seat, o) {
  const { obs, layout, names } = o;
  const glyph = layout.shapes?.[seat]?.glyph || "circle";
  const tags = [
    obs.outcome?.winners?.includes(seat) ? "★ winner" : "",
    !obs.is_over && obs.current_player === seat ? "▶ to move" : "",
    seat === o.viewSeat ? "this view" : "",
  ].filter(Boolean);
  const score = obs.final?.[seat]?.score;
  return h(
    "div",
    { class: "dw-dl-party-head" },
    iconSvg(20, shapeGlyph(glyph, 7, { class: "dw-dl-seat-shape" }), { "aria-hidden": "true" }),
    h("span", { class: "dw-dl-party-name", text: names[seat] ?? `Seat ${seat + 1}` }),
    h("span", { class: "dw-dl-party-shape dw-muted", text: `(${glyph})` }),
    tags.length ? h("span", { class: "dw-dl-party-tag", text: tags.join(" · ") }) : null,
    score !== undefined && score !== null ? h("span", { class: "dw-dl-party-score", text: `${score} pts` }) : null,
  );
}

function adventurers(seat, o) {
  const { obs, layout } = o;
  const row = h("div", { class: "dw-dl-party-row dw-dl-party-advs" }, h("span", { class: "dw-dl-row-label", text: "adventurers" }));
  for (const colour of colourOrder(layout)) {
    const where = obs.adventurers?.[seat]?.[colour] ?? null;
    const name = layout.colours?.[colour]?.name.toLowerCase() ?? colour;
    const piece = adventurerPiece({ seat, colour }, { ...o, where: where ? `on ${where}` : "off the land", r: 7 });
    // The chip carries the tooltip: an SVG <title> in its icon would count as the chip's visible text
    // for accessibility checkers although it is never drawn.
    const tip = piece.querySelector("title");
    tip?.remove();
    if (where) {
      // on the land: the map holds its target; here a plain reminder of where it stands
      piece.removeAttribute("data-target");
      row.append(h("span", { class: "dw-dl-chip dw-dl-adv-on", title: tip?.textContent }, iconSvg(22, piece, { "aria-hidden": "true" }), h("span", { text: where })));
    } else {
      const svg = iconSvg(22, piece, { "aria-hidden": "true" });
      piece.removeAttribute("data-target");
      row.append(h("span", { class: "dw-dl-chip dw-dl-adv-off", "data-target": `adv/${seat}/${colour}`, title: `${name} adventurer, off the land` }, svg, h("span", { text: "off" })));
    }
  }
  return row;
}

function tokens(seat, o) {
  const { obs, layout } = o;
  const held = obs.tokens?.[seat] || {};
  const row = h("div", { class: "dw-dl-party-row dw-dl-party-tokens" }, h("span", { class: "dw-dl-row-label", text: "tokens" }));
  const kinds = [...TOKEN_ORDER, ...Object.keys(held).filter((k) => !TOKEN_ORDER.includes(k))];
  let any = false;
  for (const kind of kinds) {
    const n = held[kind] || 0;
    if (!n) continue;
    any = true;
    const name = layout.tokens?.[kind] ?? kind.replace(/_/g, " ");
    row.append(
      h(
        "span",
        { class: "dw-dl-chip dw-dl-token-chip", "data-target": `token/${seat}/${kind}`, title: `${name} × ${n}` },
        iconSvg(20, tokenFace(kind, layout.colours || {}, 8.5), { "aria-hidden": "true" }),
        h("span", { text: n > 1 ? `${name} ×${n}` : name }),
      ),
    );
  }
  if (!any) row.append(h("span", { class: "dw-muted", text: "none" }));
  return row;
}

function rings(seat, o) {
  const { obs, layout } = o;
  const worn = obs.rings?.[seat] || [];
  const row = h("div", { class: "dw-dl-party-row dw-dl-party-rings" }, h("span", { class: "dw-dl-row-label", text: "rings" }));
  if (!worn.length) row.append(h("span", { class: "dw-muted", text: "none", title: "gems of a colour whose adventurer wears no ring are given back at the end" }));
  for (const colour of worn) {
    const info = layout.colours?.[colour] || { name: colour, css: "#888" };
    row.append(h("span", { class: "dw-dl-chip dw-dl-ring-chip" }, iconSvg(16, s("circle", { r: 5.5, class: "dw-dl-ring-worn", stroke: info.css }), { "aria-hidden": "true" }), h("span", { text: info.name.toLowerCase() })));
  }
  return row;
}

function hoard(seat, o) {
  const { obs, layout } = o;
  const row = h("div", { class: "dw-dl-party-row dw-dl-party-hoard" }, h("span", { class: "dw-dl-row-label", text: "hoard" }));
  const items = obs.hoards?.[seat];
  if (items === null || items === undefined) {
    row.classList.add("dw-dl-hoard-hidden");
    row.append(h("span", { class: "dw-muted", text: "behind the screen" }));
    return row;
  }
  for (const kind of HOARD_ORDER) {
    const n = items[kind] || 0;
    const picture = kind === "egg" ? eggGlyph(1, 7) : gemGlyph(layout.gems?.[kind]?.css || "#888", 1, 6.5);
    const title = kind === "egg" ? `${n} egg${n === 1 ? "" : "s"}` : gemCount(n, kind, layout);
    row.append(h("span", { class: `dw-dl-chip dw-dl-hoard-item${n ? "" : " dw-dl-zero"}`, "data-hoard": kind, title }, iconSvg(16, picture, { "aria-hidden": "true" }), h("span", { text: `${n}` })));
  }
  return row;
}

function finalScore(seat, o) {
  const f = o.obs.final?.[seat];
  if (!f) return null;
  const returned = Object.entries(f.returned || {}).filter(([, n]) => n > 0).map(([g, n]) => gemCount(n, g, o.layout));
  const text = `${f.score} point${f.score === 1 ? "" : "s"}: ${f.sets} set${f.sets === 1 ? "" : "s"} of egg + ruby + emerald + sapphire (10 each)` +
    (returned.length ? `; gave back ${returned.join(", ")}` : "; gave nothing back");
  return h("div", { class: "dw-dl-party-row dw-dl-party-final", text });
}

/**
 * The observation cut down to what seat `seat`'s panel reads (the same keys, only that seat's entries), so
 * that the panel is drawn again only when something of its own changed.
 * @param {Object} obs
 * @param {number} seat
 */
export function seatObservation(obs, seat) {
  const own = (key) => ({ [seat]: obs[key]?.[seat] ?? null });
  return {
    is_over: Boolean(obs.is_over),
    current_player: obs.current_player === seat ? seat : null,
    outcome: obs.outcome ? { winners: obs.outcome.winners?.includes(seat) ? [seat] : [] } : null,
    final: obs.final ? own("final") : null,
    adventurers: own("adventurers"),
    tokens: own("tokens"),
    rings: own("rings"),
    hoards: own("hoards"),
  };
}

/**
 * One seat's panel: name and state, adventurers, tokens, rings, hoard, final score.
 * @param {number} seat
 * @param {{obs: Object, layout: Object, names: string[], viewSeat: number|null}} o  `obs` may be
 *     `seatObservation(obs, seat)`
 * @returns {HTMLElement}
 */
export function playerPanel(seat, o) {
  const cls = [
    "dw-dl-party",
    !o.obs.is_over && o.obs.current_player === seat ? "dw-dl-to-move" : "",
    seat === o.viewSeat ? "dw-dl-mine" : "",
    o.obs.outcome?.winners?.includes(seat) ? "dw-dl-winner" : "",
  ].filter(Boolean).join(" ");
  return h(
    "section",
    { class: cls, "data-seat": seat, "aria-label": o.names[seat] ?? `Seat ${seat + 1}` },
    header(seat, o),
    adventurers(seat, o),
    tokens(seat, o),
    rings(seat, o),
    hoard(seat, o),
    finalScore(seat, o),
  );
}
