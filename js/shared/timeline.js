// The timeline: a slider over the history plus first / back / forward / last and undo buttons.
// Every control sends an intent (`goto {step}` or `undo`); the slider shows what Python reports.
// With `take_backs` off in a seat view every control is disabled and says why (Python refuses anyway).

/** The synced traits this module reflects. @typedef {Pick<import("./model.js").GameTraits, "step" | "history_length">} TimelineTraits */

import { h, panel, s } from "./dom.js";

/** Why rewinding is off, or "" when it is allowed (the teacher view may always rewind). */
export function takeBacksBlocked(takeBacks, viewer) {
  return takeBacks === false && (viewer || "teacher") !== "teacher"
    ? "Take-backs are off in this seat view (take_backs=False), so no one can rewind to see hidden cards"
    : "";
}

/** Small SVG icons (font glyphs such as ⏮ are missing on some systems). */
const ICONS = {
  first: "M3,2 h2 v12 h-2 Z M14,2 L6,8 L14,14 Z",
  back: "M12,2 L4,8 L12,14 Z",
  forward: "M4,2 L12,8 L4,14 Z",
  last: "M11,2 h2 v12 h-2 Z M2,2 L10,8 L2,14 Z",
};
const icon = (name) => s("svg", { viewBox: "0 0 16 16", width: 12, height: 12, "aria-hidden": "true" }, s("path", { d: ICONS[name], fill: "currentColor" }));

/**
 * @param {(kind: string, fields?: Object) => void} send
 * @param {{listen: Function}} scope
 */
export function createTimeline(send, scope) {
  const range = h("input", {
    type: "range",
    class: "dw-timeline-range",
    min: 0,
    max: 0,
    step: 1,
    value: 0,
    "aria-label": "Step in the history",
  });
  const label = h("span", { class: "dw-timeline-label", "aria-hidden": "true" });
  const btn = (title, intent) =>
    h("button", { type: "button", class: "dw-btn dw-icon", title, "aria-label": title, "data-timeline": intent }, icon(intent));
  const first = btn("Go to the start", "first");
  const back = btn("One step back (←)", "back");
  const fwd = btn("One step forward (→)", "forward");
  const last = btn("Go to the last step", "last");
  const undo = h("button", { type: "button", class: "dw-btn", "data-intent": "undo", text: "Undo", title: "Undo the last decision (u)" });
  const controls = [range, first, back, fwd, last, undo];
  const el = panel(
    "dw-timeline",
    "Timeline",
    h("div", { class: "dw-timeline-row" }, first, back, range, fwd, last),
    h("div", { class: "dw-timeline-row" }, label, undo),
  );
  const titles = new Map([...controls, el].map((c) => [c, c.getAttribute("title") ?? ""]));
  let step = 0;
  let length = 0;
  let blocked = "";
  const go = (n) => {
    if (blocked) return;
    const target = Math.max(0, Math.min(length, n));
    if (target !== step) send("goto", { step: target });
  };
  scope.listen(range, "input", () => {
    label.textContent = `Step ${range.value} of ${length}`;
  });
  scope.listen(range, "change", () => go(Number(range.value)));
  scope.listen(first, "click", () => go(0));
  scope.listen(back, "click", () => go(step - 1));
  scope.listen(fwd, "click", () => go(step + 1));
  scope.listen(last, "click", () => go(length));
  return {
    el,
    range,
    /** @param {number} newStep @param {number} newLength @param {string} [why] non-empty: take-backs are off */
    update(newStep, newLength, why = "") {
      blocked = why;
      step = newStep;
      length = newLength;
      range.max = String(length);
      range.value = String(step);
      range.setAttribute("aria-valuetext", `step ${step} of ${length}`);
      label.textContent = step < length ? `Step ${step} of ${length} (rewound)` : `Step ${step} of ${length}`;
      first.disabled = back.disabled = undo.disabled = step === 0;
      fwd.disabled = last.disabled = step >= length;
      range.disabled = Boolean(blocked);
      // Disabled controls do not always show a tooltip, so the panel says why as well.
      for (const c of [...controls, el]) {
        if (blocked && c !== el) c.disabled = true;
        const title = blocked ? [titles.get(c), blocked].filter(Boolean).join(" — ") : titles.get(c);
        if (title) c.setAttribute("title", title);
        else c.removeAttribute("title");
      }
    },
  };
}
