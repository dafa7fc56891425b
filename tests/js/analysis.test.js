// The Analyse switch and the Review in the shell (js/shared/analysis.js, issue 29 item 2): values beside the legal
// actions and on the board's targets (a band and a text, never colour alone), review marks in the log and on the
// timeline, the win-chance chart; the controls only send intents.
import { describe, it, expect } from "vitest";
import emerald from "../../js/emerald.js";
import { band, chartLegend, markLog, winChart, MARK_SYMBOLS } from "../../js/shared/analysis.js";
import { fakeModel, position, flush } from "./fake_model.js";

const start = position("start");
const ids = start.legal_actions.map((a) => a.id);

function analysisFor(actions, best = 0, extra = {}) {
  const rows = {};
  actions.forEach((id, i) => {
    const value = i === best ? 0.6 : i % 2 ? 0.2 : 0.55;
    rows[id] = { value, low: value - 0.08, high: value + 0.08, rollouts: 40, exact: false, mean_score: 3, rank: i + 1,
      best: i === best, text: `${Math.round(value * 100)} % (${Math.round((value - 0.08) * 100)}–${Math.round((value + 0.08) * 100)} %)`,
      aria: `${Math.round(value * 100)} % chance to win` };
  });
  return { on: true, knowledge: "seat", offers: ["seat"], state: "running", note: "Analysing…", rows, rollouts: 40 * actions.length, ...extra };
}

function mount(changes = {}) {
  const el = document.createElement("div");
  document.body.append(el);
  const model = fakeModel({ ...start, playing: false, analysis: { on: false, state: "off", offers: ["seat"] }, review: { state: "off" }, ...changes });
  const cleanup = emerald.render({ model, el });
  return { el, model, cleanup: () => { cleanup(); el.remove(); } };
}

describe("analysis helpers", () => {
  it("band a row as best, close (its interval reaches the best) or worse (wholly below)", () => {
    expect(band({ value: 0.6, high: 0.7, best: true }, 0.6)).toBe("best");
    expect(band({ value: 0.55, high: 0.63, best: false }, 0.6)).toBe("close");
    expect(band({ value: 0.2, high: 0.28, best: false }, 0.6)).toBe("worse");
    expect(band({ value: null, high: 1 }, 0.6)).toBe("");
  });
  it("draw the win chance of each reviewed seat as a line, marked decisions as dots, described in words", () => {
    const review = { steps: [
      { step: 0, seat: 0, value: 0.5, mark: "", text: "" }, { step: 1, seat: 1, value: 0.4, mark: "", text: "" },
      { step: 2, seat: 0, value: 0.3, mark: "blunder", text: "blunder: 25 points" }, { step: 3, seat: 1, value: 0.45, mark: "", text: "" },
    ] };
    const svg = winChart(review, (seat) => ["Red", "Blue"][seat]);
    expect(svg.querySelectorAll("polyline")).toHaveLength(2);
    expect(svg.querySelectorAll("circle[data-mark='blunder']")).toHaveLength(1);
    expect(svg.getAttribute("aria-label")).toContain("Red 50 % to 30 %");
    expect(winChart({ steps: [] }, String)).toBeNull();
  });
  it("label the chart's axes (chance from 0 to 100 %, the first and last step) and key each line to its seat", () => {
    const review = { steps: [
      { step: 0, seat: 1, value: 0.5, mark: "" }, { step: 6, seat: 0, value: 0.4, mark: "" }, { step: 9, seat: 1, value: 0.7, mark: "" },
    ] };
    const svg = winChart(review, (seat) => ["Red", "Blue"][seat]);
    expect([...svg.querySelectorAll(".dw-chart-y")].map((t) => t.textContent)).toEqual(["100 %", "50 %", "0 %"]);
    expect([...svg.querySelectorAll(".dw-chart-x")].map((t) => t.textContent)).toEqual(["step 1", "step 10"]);
    // the 100 % label sits above the 0 % one, and left of every point
    const [top, , bottom] = [...svg.querySelectorAll(".dw-chart-y")].map((t) => Number(t.getAttribute("y")));
    expect(top).toBeLessThan(bottom);
    const xs = [...svg.querySelectorAll("polyline")].flatMap((l) => l.getAttribute("points").split(" ").map((p) => Number(p.split(",")[0])));
    expect(Math.min(...xs)).toBeGreaterThan(Number(svg.querySelector(".dw-chart-y").getAttribute("x")));
    // the key: seats in order, each swatch the colour of its line
    const legend = chartLegend(review, (seat) => ["Red", "Blue"][seat]);
    expect([...legend.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["Red", "Blue"]);
    const lineOf = (seat) => svg.querySelector(`.dw-chart-seat[data-seat="${seat}"] polyline`).getAttribute("stroke");
    const swatches = [...legend.querySelectorAll(".dw-chart-swatch")].map((sw) => sw.style.background);
    const rgb = (hex) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(", ")})`;
    expect(swatches).toEqual([rgb(lineOf(0)), rgb(lineOf(1))]);
    expect(chartLegend({ steps: [] }, String)).toBeNull();
  });
  it("show a seat reviewed at a single decision as a dot, and the one step once on the axis", () => {
    const one = winChart({ steps: [{ step: 0, seat: 0, value: 0.4, mark: "" }] }, (seat) => ["Red"][seat]);
    const dot = one.querySelectorAll(".dw-chart-seat circle");
    expect(dot).toHaveLength(1);
    expect(Number(dot[0].getAttribute("r"))).toBeGreaterThan(0);
    expect([...one.querySelectorAll(".dw-chart-x")].map((t) => t.textContent)).toEqual(["step 1"]);
    // a marked single decision is its mark's dot only; two points are a line, no extra dot
    const marked = winChart({ steps: [{ step: 2, seat: 0, value: 0.4, mark: "mistake" }] }, String);
    expect(marked.querySelectorAll(".dw-chart-seat circle")).toHaveLength(1);
    const two = winChart({ steps: [{ step: 0, seat: 0, value: 0.4, mark: "" }, { step: 2, seat: 0, value: 0.5, mark: "" }] }, String);
    expect(two.querySelectorAll(".dw-chart-seat circle")).toHaveLength(0);
  });
});

describe("the Analyse switch in the shell", () => {
  it("sends analyse_start, then analyse_stop, and nothing else", async () => {
    const { el, model, cleanup } = mount();
    const toggle = el.querySelector(".dw-analyse-toggle");
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    toggle.click();
    expect(model.sent).toEqual([{ kind: "analyse_start", knowledge: "seat" }]);
    model.update({ analysis: analysisFor(ids) });
    await flush();
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    toggle.click();
    expect(model.sent[1]).toEqual({ kind: "analyse_stop" });
    cleanup();
  });

  it("writes each value beside its action and tints the board's targets with a text label", async () => {
    const { el, model, cleanup } = mount();
    model.update({ analysis: analysisFor(ids) });
    await flush();
    const button = el.querySelector(`.dw-action[data-action-id="${ids[0]}"]`);
    expect(button.querySelector(".dw-analysis-value").textContent).toBe("60 % (52–68 %)");
    expect(button.getAttribute("data-analysis")).toBe("best");
    const worse = el.querySelector(`.dw-action[data-action-id="${ids[1]}"]`);
    expect(worse.getAttribute("data-analysis")).toBe("worse");
    const onBoard = el.querySelector(`.dw-board-wrap svg [data-action-id="${ids[0]}"]`);
    expect(onBoard.getAttribute("data-analysis")).toBe("best");
    expect(onBoard.getAttribute("aria-description")).toBe("Analysis: 60 % chance to win");
    // refined: the new values replace the old
    const refined = analysisFor(ids, 1);
    model.update({ analysis: refined });
    await flush();
    expect(el.querySelector(`.dw-board-wrap svg [data-action-id="${ids[1]}"]`).getAttribute("data-analysis")).toBe("best");
    expect(button.getAttribute("data-analysis")).not.toBe("best");
    // switched off: no value, no tint left
    model.update({ analysis: { on: false, state: "off", offers: ["seat"] } });
    await flush();
    expect(el.querySelectorAll(".dw-analysis-value")).toHaveLength(0);
    expect(el.querySelectorAll("[data-analysis]:not(button)")).toHaveLength(0);
    cleanup();
  });

  it("tells a screen reader the analysis's phase when it changes, not every refinement's rollout count", async () => {
    const { el, model, cleanup } = mount();
    const spoken = el.querySelector(".dw-analysis-spoken");
    expect(spoken.getAttribute("role")).toBe("status");
    expect(el.querySelector(".dw-analysis-note").hasAttribute("aria-live")).toBe(false);
    const writes = [];
    new MutationObserver((records) => writes.push(...records)).observe(spoken, { childList: true, characterData: true, subtree: true });
    const running = { announce: "Analysing Red's decision." };
    model.update({ analysis: analysisFor(ids, 0, { ...running, note: "40 rollouts" }) });
    await flush();
    expect(spoken.textContent).toBe("Analysing Red's decision.");
    const before = writes.length;
    for (const n of [80, 160, 320]) {
      model.update({ analysis: analysisFor(ids, 0, { ...running, note: `${n} rollouts`, rollouts: n }) });
      await flush();
    }
    expect(el.querySelector(".dw-analysis-note").textContent).toBe("320 rollouts"); // the note follows every refinement
    expect(writes.length).toBe(before); // the live region was not written again
    model.update({ analysis: analysisFor(ids, 0, { note: "640 rollouts", announce: "Analysis of Red's decision settled." }) });
    await flush();
    expect(spoken.textContent).toBe("Analysis of Red's decision settled.");
    model.update({ analysis: { on: false, state: "off", offers: ["seat"] } });
    await flush();
    expect(spoken.textContent).toBe("");
    cleanup();
  });

  it("offers every card known only where Python offers it (the teacher's view)", async () => {
    const { el, model, cleanup } = mount();
    const menu = el.querySelector(".dw-analyse-knowledge");
    expect(menu.hidden).toBe(true);
    model.update({ analysis: { ...analysisFor(ids), offers: ["seat", "table"] } });
    await flush();
    expect(menu.hidden).toBe(false);
    menu.value = "table";
    menu.dispatchEvent(new Event("change"));
    expect(model.sent).toContainEqual({ kind: "analyse_start", knowledge: "table" });
    cleanup();
  });
});

describe("the review in the shell", () => {
  const mid = position("mid_5p");
  const decisions = mid.log.filter((row) => row.player >= 0).slice(-3);
  const review = {
    state: "done", seat: null, note: "Review of every seat's decisions: 3 of 3 analysed", steps: [
      { step: decisions[0].step - 1, seat: decisions[0].player, action: "a", value: 0.5, low: 0.4, high: 0.6, best_action: "a", best_value: 0.5, loss: 0, mark: "", exact: false, text: "as good as the best action" },
      { step: decisions[2].step - 1, seat: decisions[2].player, action: "b", value: 0.2, low: 0.1, high: 0.3, best_action: "c", best_value: 0.5, loss: 0.3, mark: "blunder", exact: false, text: "blunder: 30 points below the best action (50 %)" },
    ] };

  it("marks each reviewed decision in the log with its symbol and its words, and on the timeline", async () => {
    const { el, model, cleanup } = mount({ ...mid });
    el.querySelector(".dw-review-toggle").click();
    expect(model.sent).toContainEqual({ kind: "review_start" });
    model.update({ review });
    await flush();
    const marks = [...el.querySelectorAll(".dw-log .dw-review-mark")];
    const blunder = marks.find((m) => m.getAttribute("data-mark") === "blunder");
    expect(blunder.textContent).toBe(`${MARK_SYMBOLS.blunder} blunder`);
    expect(blunder.closest("li").getAttribute("data-step")).toBe(String(decisions[2].step));
    expect(blunder.getAttribute("aria-label")).toContain("30 points below the best");
    expect(el.querySelectorAll(".dw-review-track .dw-review-tick[data-mark='blunder']")).toHaveLength(1);
    expect(el.querySelector(".dw-win-chart")).not.toBeNull();
    expect(el.querySelector(".dw-review-toggle").textContent).toBe("Clear review");
    model.update({ review: { state: "off" } });
    await flush();
    expect(el.querySelectorAll(".dw-review-mark")).toHaveLength(0);
    expect(el.querySelector(".dw-win-chart")).toBeNull();
    cleanup();
  });

  it("marks only the first row of a step (one decision, one mark)", () => {
    const list = document.createElement("ol");
    for (const step of [3, 3, 4]) list.append(Object.assign(document.createElement("li"), { className: "dw-log-row" }));
    [...list.children].forEach((li, i) => li.setAttribute("data-step", String([3, 3, 4][i])));
    markLog(list, { steps: [{ step: 2, seat: 0, mark: "mistake", text: "mistake: 12 points", best_action: "x" }] });
    expect([...list.children].map((li) => li.querySelectorAll(".dw-review-mark").length)).toEqual([1, 0, 0]);
  });

  it("an offline page shows a precomputed review without the switch or the button, and nothing without one", async () => {
    const { el, model, cleanup } = mount({ ...mid, analysis: { offline: true, state: "off" }, review: { ...review, offline: true } });
    await flush();
    const panelEl = el.querySelector(".dw-analysis");
    expect(panelEl.hidden).toBe(false);
    expect(el.querySelector(".dw-analyse-toggle").hidden).toBe(true);
    expect(el.querySelector(".dw-review-toggle").hidden).toBe(true);
    expect(el.querySelectorAll(".dw-log .dw-review-mark[data-mark='blunder']")).toHaveLength(1);
    model.update({ review: { state: "off", offline: true } });
    await flush();
    expect(panelEl.hidden).toBe(true);
    cleanup();
  });
});
