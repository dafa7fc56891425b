// The "Analyse" switch and the "Review" (issue 29, widgets/analysis_panel.py): the values Python sends in the
// `analysis` trait beside the legal actions and on the board's targets (a tint and a text, never colour alone),
// the review's marks in the log and on the timeline, and the win-chance chart (a small inline SVG). Python
// decides what this view may see; this module only draws it and sends the intents.

import { h, panel, s } from "./dom.js";
import { overlayAttribute, restoreAttribute } from "./morph.js";
import css from "./analysis.css";

/** The symbol of each review mark, as chess reviews write them. */
export const MARK_SYMBOLS = Object.freeze({ inaccuracy: "?!", mistake: "?", blunder: "??" });

/** A row's band: "best", "close" (its interval reaches the best's value) or "worse" (wholly below it). */
export function band(row, bestValue) {
  if (row.value === null || row.value === undefined) return "";
  if (row.best) return "best";
  return row.high < bestValue ? "worse" : "close";
}

/** The best value among the rows (null when none is valued yet). */
function bestOf(rows) {
  const best = Object.values(rows).find((r) => r.best);
  return best ? best.value : null;
}

/**
 * Write the analysis beside every element `[data-action-id]` under `containers` (the actions list, the choice bar):
 * a span with the value's text, and a band attribute the CSS tints; removed where there is no value.
 * @param {Element[]} containers
 * @param {Object} analysis the `analysis` trait
 */
export function decorateActions(containers, analysis) {
  const rows = analysis?.rows ?? {};
  const bestValue = bestOf(rows);
  for (const container of containers) {
    for (const button of container.querySelectorAll("button[data-action-id]")) {
      const row = rows[button.getAttribute("data-action-id")];
      let span = button.querySelector(".dw-analysis-value");
      if (!row) {
        span?.remove();
        button.removeAttribute("data-analysis");
        continue;
      }
      if (!span) button.append((span = h("span", { class: "dw-analysis-value" })));
      const text = row.exact ? `${row.text}` : row.text;
      if (span.textContent !== text) span.textContent = text;
      span.setAttribute("title", row.aria);
      button.setAttribute("data-analysis", band(row, bestValue));
    }
  }
}

/**
 * Tint the board's targets by the analysis: `data-analysis` (the band, which the CSS colours) and an
 * `aria-description` with the value in words, over the board's own attributes (morph.js keeps them); cleared
 * where an action has no value.
 * @param {Element} board
 * @param {Object} analysis
 */
export function tintBoard(board, analysis) {
  const rows = analysis?.rows ?? {};
  const bestValue = bestOf(rows);
  for (const el of board.querySelectorAll("[data-action-id], [data-analysis]")) {
    const row = rows[el.getAttribute("data-action-id")];
    if (!row || row.value === null) {
      restoreAttribute(el, "data-analysis");
      restoreAttribute(el, "aria-description");
      continue;
    }
    overlayAttribute(el, "data-analysis", band(row, bestValue));
    overlayAttribute(el, "aria-description", `Analysis: ${row.aria}`);
  }
}

/** The review step of each log step (a decision at history index k is the log's step k + 1). */
function marksByLogStep(review) {
  const out = new Map();
  for (const step of review?.steps ?? []) out.set(String(step.step + 1), step);
  return out;
}

/**
 * Mark each reviewed decision in the log: a span after the text of its step's first row (the symbol and the
 * mark in words, or "✓" for a decision as good as the best); removed from rows no longer reviewed.
 * @param {Element} log the log panel
 * @param {Object} review the `review` trait
 */
export function markLog(log, review) {
  const marks = marksByLogStep(review);
  let last = null;
  for (const li of log.querySelectorAll("li.dw-log-row[data-step]")) {
    const key = li.getAttribute("data-step");
    const step = key !== last ? marks.get(key) : undefined;
    last = key;
    let span = li.querySelector(".dw-review-mark");
    if (!step) {
      span?.remove();
      continue;
    }
    const symbol = step.mark ? MARK_SYMBOLS[step.mark] : "✓";
    const words = step.mark ? `${symbol} ${step.mark}` : "✓";
    // inside the row's text, so the mark reads on the decision's line
    if (!span) (li.querySelector(".dw-log-text") ?? li).append((span = h("span", { class: "dw-review-mark" })));
    span.setAttribute("data-mark", step.mark || "good");
    span.setAttribute("title", `Review: ${step.text}; best: ${step.best_action}`);
    span.setAttribute("aria-label", `Review: ${step.mark || "good"}, ${step.text}`);
    if (span.textContent !== words) span.textContent = words;
  }
}

/**
 * The marks on the timeline: a track under the slider with a symbol at each marked decision.
 * @param {Object} review
 * @param {number} length the history's length
 */
export function timelineMarks(review, length) {
  const marked = (review?.steps ?? []).filter((st) => st.mark);
  if (!marked.length || !length) return null;
  return h(
    "ol",
    { class: "dw-review-track", "aria-label": "Review marks on the timeline" },
    marked.map((st) =>
      h("li", {
        class: "dw-review-tick",
        "data-mark": st.mark,
        style: `left: ${((st.step + 1) / length) * 100}%`,
        title: `Step ${st.step + 1}: ${st.mark} (${st.text})`,
        text: MARK_SYMBOLS[st.mark],
        "aria-label": `Step ${st.step + 1}: ${st.mark}`,
      }),
    ),
  );
}

/** Colours of the chart's lines, per seat (the page's own colours are the board's business). */
const LINE_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"];

/**
 * The win-chance chart: for each seat reviewed, its chance after each of its decisions (the value of the
 * action taken), a line over the game's steps, the marked decisions as dots. Plain SVG, no library.
 * @param {Object} review
 * @param {(seat: number) => string} nameOf
 * @param {number} [width]
 * @param {number} [height]
 */
export function winChart(review, nameOf, width = 240, height = 90) {
  const steps = review?.steps ?? [];
  if (!steps.length) return null;
  const last = Math.max(...steps.map((st) => st.step)) + 1;
  const x = (step) => 4 + ((step + 1) / last) * (width - 8);
  const y = (value) => 4 + (1 - value) * (height - 8);
  const seats = [...new Set(steps.map((st) => st.seat))].sort((a, b) => a - b);
  const lines = seats.map((seat, i) => {
    const own = steps.filter((st) => st.seat === seat);
    const colour = LINE_COLOURS[i % LINE_COLOURS.length];
    return s(
      "g",
      { class: "dw-chart-seat", "data-seat": seat },
      s("polyline", {
        points: own.map((st) => `${x(st.step).toFixed(1)},${y(st.value).toFixed(1)}`).join(" "),
        fill: "none", stroke: colour, "stroke-width": 1.5,
      }),
      own.filter((st) => st.mark).map((st) =>
        s("circle", { cx: x(st.step).toFixed(1), cy: y(st.value).toFixed(1), r: 3, class: "dw-chart-mark", "data-mark": st.mark, fill: colour },
          s("title", { text: `${nameOf(seat)}, step ${st.step + 1}: ${st.mark}, ${Math.round(st.value * 100)} %` }))),
    );
  });
  const summary = seats.map((seat) => {
    const own = steps.filter((st) => st.seat === seat);
    const end = own[own.length - 1];
    return `${nameOf(seat)} ${Math.round(own[0].value * 100)} % to ${Math.round(end.value * 100)} %`;
  }).join("; ");
  return s(
    "svg",
    { class: "dw-win-chart", viewBox: `0 0 ${width} ${height}`, width, height, role: "img",
      "aria-label": `Win chance over the game, after each reviewed decision: ${summary}` },
    s("line", { x1: 4, x2: width - 4, y1: y(0.5), y2: y(0.5), class: "dw-chart-half", stroke: "currentColor", "stroke-dasharray": "2 3", "stroke-opacity": 0.4 }),
    lines,
  );
}

/**
 * The Analysis panel: the switch, the knowledge menu (the teacher's view), the note, the Review button, the chart.
 * @param {{send: (kind: string, fields?: Object) => void, scope: {listen: Function}, nameOf: (seat: number) => string}} opts
 */
export function createAnalysisPanel({ send, scope, nameOf }) {
  const toggle = h("button", { type: "button", class: "dw-btn dw-analyse-toggle", "aria-pressed": "false", text: "Analyse" });
  const knowledge = h(
    "select",
    { class: "dw-analyse-knowledge", "aria-label": "What the analysis may know" },
    h("option", { value: "seat", text: "The deciding seat's knowledge" }),
    h("option", { value: "table", text: "Every card known (teacher)" }),
  );
  const note = h("p", { class: "dw-muted dw-analysis-note", "aria-live": "polite" });
  const reviewButton = h("button", { type: "button", class: "dw-btn dw-review-toggle", text: "Review" });
  const reviewNote = h("p", { class: "dw-muted dw-review-note" });
  const chart = h("div", { class: "dw-review-chart" });
  const el = panel("dw-analysis", "Analysis", h("style", { text: css }), h("div", { class: "dw-analysis-row" }, toggle, knowledge, reviewButton), note, reviewNote, chart);
  let on = false;
  let reviewing = false;
  scope.listen(toggle, "click", () => (on ? send("analyse_stop") : send("analyse_start", { knowledge: knowledge.value })));
  scope.listen(knowledge, "change", () => on && send("analyse_start", { knowledge: knowledge.value }));
  scope.listen(reviewButton, "click", () => send(reviewing ? "review_stop" : "review_start"));
  let chartKey = "";
  return {
    el,
    /** @param {Object} analysis @param {Object} review */
    update(analysis = {}, review = {}) {
      // an offline page (no kernel) shows a precomputed review only: no switch, no button
      const offline = Boolean(analysis.offline);
      toggle.hidden = reviewButton.hidden = offline;
      el.hidden = offline && !(review.steps ?? []).length;
      on = Boolean(analysis.on);
      toggle.setAttribute("aria-pressed", String(on));
      toggle.textContent = on ? "Analysing: on" : "Analyse";
      const offers = analysis.offers ?? ["seat"];
      knowledge.hidden = offline || !offers.includes("table");
      // while off, the menu keeps the person's choice for the next start; while on, it shows what runs
      if (on && knowledge.value !== (analysis.knowledge ?? "seat")) knowledge.value = analysis.knowledge ?? "seat";
      note.textContent = offline ? "" : on ? (analysis.note ?? "") : "Analyse shows each legal action's chance to win, from what this view may know.";
      reviewing = Boolean(review.state && review.state !== "off");
      reviewButton.textContent = reviewing ? "Clear review" : "Review";
      reviewNote.textContent = reviewing ? (review.note ?? "") : "";
      const key = JSON.stringify(review.steps ?? []);
      if (key !== chartKey) {
        chartKey = key;
        chart.replaceChildren(...[winChart(review, nameOf)].filter(Boolean));
      }
    },
  };
}
