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

/** The nearest two marks on one row of the timeline's track may be, in % of its width (a symbol is about 12 px
 * wide; 5 % of a 400 px page's track is about 16 px). */
const TICK_GAP = 5;
/** The height of one row of the timeline's marks, in CSS px (as .dw-review-tick's line-height). */
const TICK_ROW = 14;

/**
 * The marks on the timeline: a track under the slider with a symbol at each marked decision. Marks nearer than
 * TICK_GAP to the one before go on a row under it, so that their symbols never cover each other.
 * @param {Object} review
 * @param {number} length the history's length
 */
export function timelineMarks(review, length) {
  const marked = (review?.steps ?? []).filter((st) => st.mark).sort((a, b) => a.step - b.step);
  if (!marked.length || !length) return null;
  const ends = []; // the last position taken on each row
  const placed = marked.map((st) => {
    const left = ((st.step + 1) / length) * 100;
    let row = ends.findIndex((end) => left - end >= TICK_GAP);
    if (row < 0) row = ends.push(left) - 1;
    ends[row] = left;
    return { st, left, row };
  });
  return h(
    "ol",
    { class: "dw-review-track", "aria-label": "Review marks on the timeline", style: `height: ${ends.length * TICK_ROW}px` },
    placed.map(({ st, left, row }) =>
      h("li", {
        class: "dw-review-tick",
        "data-mark": st.mark,
        style: `left: ${left}%; top: ${row * TICK_ROW}px`,
        title: `Step ${st.step + 1}: ${st.mark} (${st.text})`,
        text: MARK_SYMBOLS[st.mark],
        "aria-label": `Step ${st.step + 1}: ${st.mark}`,
      }),
    ),
  );
}

/** Colours of the chart's lines, per seat (the page's own colours are the board's business). */
const LINE_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"];
/** Room around the chart's plot for the axes' words: "100 %" on the left, "step n" below. */
const CHART_PAD = { left: 30, right: 8, top: 6, bottom: 16 };

/** The seats a review's chart draws, in order: line `i` is LINE_COLOURS[i]. */
function chartSeats(review) {
  return [...new Set((review?.steps ?? []).map((st) => st.seat))].sort((a, b) => a - b);
}

/**
 * The chart's key: which line is whose, a colour swatch and the seat's name per line (HTML, so it wraps at narrow
 * widths); null without steps. Hidden from screen readers: the chart's label names every seat already.
 * @param {Object} review
 * @param {(seat: number) => string} nameOf
 */
export function chartLegend(review, nameOf) {
  const seats = chartSeats(review);
  if (!seats.length) return null;
  return h("ul", { class: "dw-chart-legend", "aria-hidden": "true" },
    seats.map((seat, i) => h("li", {},
      h("span", { class: "dw-chart-swatch", style: `background: ${LINE_COLOURS[i % LINE_COLOURS.length]}` }),
      nameOf(seat))));
}

/**
 * What the chart says of one reviewed decision, as the keyboard reaches it: its step, its seat, its chance as a
 * percentage and its mark if it has one, e.g. "Step 8, Black: 12 % chance to win, blunder (??)".
 * @param {{step: number, seat: number, value: number|null, mark: string}} st a row of the review trait
 * @param {(seat: number) => string} nameOf
 */
export function pointText(st, nameOf) {
  const chance = st.value === null || st.value === undefined ? "not valued" : `${Math.round(st.value * 100)} % chance to win`;
  const mark = st.mark ? `, ${st.mark} (${MARK_SYMBOLS[st.mark]})` : "";
  return `Step ${st.step + 1}, ${nameOf(st.seat)}: ${chance}${mark}`;
}

/** The keys that move along the chart's points, and where each goes from point `i` of `n`. */
const CHART_KEYS = {
  ArrowRight: (i, n) => Math.min(n - 1, i + 1),
  ArrowUp: (i, n) => Math.min(n - 1, i + 1),
  ArrowLeft: (i) => Math.max(0, i - 1),
  ArrowDown: (i) => Math.max(0, i - 1),
  Home: () => 0,
  End: (i, n) => n - 1,
};

/**
 * The win-chance chart: for each seat reviewed, its chance after each of its decisions (the value of the
 * action taken), a line over the game's steps, the marked decisions as dots. Plain SVG, no library.
 *
 * It is one tab stop, a slider over the reviewed decisions in the order of the game (role "slider", named by
 * the summary in `aria-label`): Left / Right (Down / Up) move to the previous / next point, Home / End to the
 * first / last; the point reached is said in `aria-valuetext` (pointText: what a screen reader announces as
 * the value changes), written in `readout` when one is given (shown from the first focus on), and ringed on the
 * chart while it has the focus.
 * The arrow keys stop there (they would step the timeline further up, keyboard.js). A click or a tap reads the
 * point nearest to it.
 * @param {Object} review
 * @param {(seat: number) => string} nameOf
 * @param {number} [width]
 * @param {number} [height]
 * @param {HTMLElement|null} [readout] where the point reached is written (the panel's line under the chart)
 */
export function winChart(review, nameOf, width = 240, height = 104, readout = null) {
  const steps = review?.steps ?? [];
  if (!steps.length) return null;
  const last = Math.max(...steps.map((st) => st.step)) + 1;
  const x = (step) => CHART_PAD.left + ((step + 1) / last) * (width - CHART_PAD.left - CHART_PAD.right);
  const y = (value) => CHART_PAD.top + (1 - (value ?? 0)) * (height - CHART_PAD.top - CHART_PAD.bottom);
  const seats = chartSeats(review);
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
      // a line of one point draws nothing: a seat reviewed at one unmarked decision shows it as a dot
      own.length === 1 && !own[0].mark
        ? s("circle", { cx: x(own[0].step).toFixed(1), cy: y(own[0].value).toFixed(1), r: 2.5, class: "dw-chart-point", fill: colour })
        : null,
    );
  });
  const summary = seats.map((seat) => {
    const own = steps.filter((st) => st.seat === seat);
    const end = own[own.length - 1];
    return `${nameOf(seat)} ${Math.round(own[0].value * 100)} % to ${Math.round(end.value * 100)} %`;
  }).join("; ");
  // the points the keyboard moves along: every reviewed decision, in the order of the game
  const points = [...steps].sort((a, b) => a.step - b.step || a.seat - b.seat);
  const guide = s("line", { class: "dw-chart-cursor-line", y1: 1, y2: height - 1 });
  const halo = s("circle", { class: "dw-chart-cursor-halo", r: 5.5 });
  const dot = s("circle", { class: "dw-chart-cursor-dot", r: 5.5 });
  const cursor = s("g", { class: "dw-chart-cursor", visibility: "hidden", "aria-hidden": "true" }, guide, halo, dot);
  const svg = s(
    "svg",
    { class: "dw-win-chart", viewBox: `0 0 ${width} ${height}`, width, height, tabindex: 0, role: "slider",
      "aria-label": `Win chance over the game, after each reviewed decision: ${summary}`,
      "aria-orientation": "horizontal", "aria-valuemin": 1, "aria-valuemax": points.length },
    s("line", { x1: CHART_PAD.left, x2: width - CHART_PAD.right, y1: y(0.5), y2: y(0.5), class: "dw-chart-half", stroke: "currentColor", "stroke-dasharray": "2 3", "stroke-opacity": 0.4 }),
    // the axes in words, to the eye (the slider's label and value text say the same to a screen reader)
    s("g", { class: "dw-chart-axes", "aria-hidden": "true", fill: "currentColor", "font-size": 9 },
      s("line", { x1: CHART_PAD.left, x2: CHART_PAD.left, y1: y(1), y2: y(0), stroke: "currentColor", "stroke-opacity": 0.5 }),
      s("line", { x1: CHART_PAD.left, x2: width - CHART_PAD.right, y1: y(0), y2: y(0), stroke: "currentColor", "stroke-opacity": 0.5 }),
      [1, 0.5, 0].map((v) => s("text", { class: "dw-chart-y", x: CHART_PAD.left - 3, y: y(v) + 3, "text-anchor": "end", text: `${v * 100} %` })),
      last > 1 ? s("text", { class: "dw-chart-x", x: CHART_PAD.left, y: height - 2, "text-anchor": "start", text: "step 1" }) : null,
      s("text", { class: "dw-chart-x", x: width - CHART_PAD.right, y: height - 2, "text-anchor": "end", text: `step ${last}` }),
    ),
    lines,
    cursor,
  );
  let at = 0;
  /** Move to point `i`: the slider's value and text, the readout, the ring. */
  const go = (i) => {
    at = Math.max(0, Math.min(points.length - 1, i));
    const st = points[at];
    const text = pointText(st, nameOf);
    svg.setAttribute("aria-valuenow", String(at + 1));
    svg.setAttribute("aria-valuetext", text);
    const cx = x(st.step).toFixed(1);
    const cy = y(st.value).toFixed(1);
    for (const ring of [halo, dot]) {
      ring.setAttribute("cx", cx);
      ring.setAttribute("cy", cy);
    }
    guide.setAttribute("x1", cx);
    guide.setAttribute("x2", cx);
    if (readout) readout.textContent = text;
  };
  go(0);
  svg.addEventListener("keydown", (event) => {
    const move = CHART_KEYS[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
    go(move(at, points.length));
    event.preventDefault();
    event.stopPropagation(); // not the timeline's Left / Right (keyboard.js, on the root)
  });
  svg.addEventListener("focus", () => {
    go(at);
    cursor.setAttribute("visibility", "visible");
    if (readout) readout.hidden = false; // and stays, the last point read, after the focus moves on
  });
  svg.addEventListener("blur", () => cursor.setAttribute("visibility", "hidden"));
  // a click or a tap reads the point nearest to it (across first, then up or down), as the keys do
  svg.addEventListener("click", (event) => {
    const box = svg.getBoundingClientRect();
    if (!box.width || !box.height) return;
    const px = ((event.clientX - box.left) / box.width) * width;
    const py = ((event.clientY - box.top) / box.height) * height;
    const far = (st) => [Math.abs(x(st.step) - px), Math.abs(y(st.value) - py)];
    let best = 0;
    points.forEach((st, i) => {
      const [dx, dy] = far(st);
      const [bx, by] = far(points[best]);
      if (dx < bx - 0.5 || (Math.abs(dx - bx) <= 0.5 && dy < by)) best = i;
    });
    go(best);
    cursor.setAttribute("visibility", "visible");
    if (readout) readout.hidden = false;
  });
  /** The point the keyboard is on (kept when the chart is drawn again with more decisions). */
  svg.dwPoint = () => at;
  svg.dwGo = go;
  return svg;
}

/**
 * The Analysis panel: the switch, the knowledge menu (the teacher's view), the note, the Review button, the chart.
 * @param {{send: (kind: string, fields?: Object) => void, scope: {listen: Function}, nameOf: (seat: number) => string}} opts
 */
export function createAnalysisPanel({ send, scope, nameOf }) {
  // a toggle button: its name stays "Analyse", its state is aria-pressed (and, to the eye, the colour and ": on")
  const toggleState = h("span", { class: "dw-analyse-state", "aria-hidden": "true" });
  const toggle = h("button", { type: "button", class: "dw-btn dw-analyse-toggle", "aria-pressed": "false" }, "Analyse", toggleState);
  const knowledge = h(
    "select",
    { class: "dw-analyse-knowledge", "aria-label": "What the analysis may know" },
    h("option", { value: "seat", text: "The deciding seat's knowledge" }),
    h("option", { value: "table", text: "Every card known (teacher)" }),
  );
  // the note changes at every refinement (its rollout count): not a live region, or a screen reader would read
  // it out every half second; what it is told is the phase alone (analysis.announce), when the phase changes
  const note = h("p", { class: "dw-muted dw-analysis-note" });
  const spoken = h("p", { class: "dw-analysis-spoken", role: "status" });
  const reviewButton = h("button", { type: "button", class: "dw-btn dw-review-toggle", text: "Review" });
  const reviewNote = h("p", { class: "dw-muted dw-review-note" });
  const chart = h("div", { class: "dw-review-chart" });
  // the chart's point the keyboard reached, in words (the chart's aria-valuetext is what a screen reader says)
  const readout = h("p", { class: "dw-chart-readout", hidden: true });
  const el = panel("dw-analysis", "Analysis", h("style", { text: css }), h("div", { class: "dw-analysis-row" }, toggle, knowledge, reviewButton), note, spoken, reviewNote, chart, readout);
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
      toggleState.textContent = on ? ": on" : "";
      const offers = analysis.offers ?? ["seat"];
      knowledge.hidden = offline || !offers.includes("table");
      // while off, the menu keeps the person's choice for the next start; while on, it shows what runs
      if (on && knowledge.value !== (analysis.knowledge ?? "seat")) knowledge.value = analysis.knowledge ?? "seat";
      note.textContent = offline ? "" : on ? (analysis.note ?? "") : "Analyse shows each legal action's chance to win, from what this view may know.";
      const announce = on && !offline ? (analysis.announce ?? "") : "";
      if (spoken.textContent !== announce) spoken.textContent = announce; // (the same words again are not said again)
      reviewing = Boolean(review.state && review.state !== "off");
      reviewButton.textContent = reviewing ? "Clear review" : "Review";
      reviewNote.textContent = reviewing ? (review.note ?? "") : "";
      const key = JSON.stringify(review.steps ?? []);
      if (key !== chartKey) {
        chartKey = key;
        // a chart drawn again (the review found one more decision) keeps the keyboard's focus and point
        const old = chart.querySelector(".dw-win-chart");
        const focused = Boolean(old) && document.activeElement === old;
        const point = old?.dwPoint?.() ?? 0;
        const drawn = winChart(review, nameOf, undefined, undefined, readout);
        chart.replaceChildren(...[drawn, chartLegend(review, nameOf)].filter(Boolean));
        if (!drawn) {
          readout.textContent = "";
          readout.hidden = true;
        } else {
          drawn.dwGo(point);
          if (focused) drawn.focus({ preventScroll: true });
        }
      }
    },
  };
}
