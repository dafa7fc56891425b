// The timeline: a slider over the history plus first / back / forward / last and undo buttons.
// Every control sends an intent (`goto {step}` or `undo`); the slider shows what Python reports.

import { h } from "./dom.js";

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
  const btn = (text, title, intent) =>
    h("button", { type: "button", class: "dw-btn dw-icon", title, "aria-label": title, "data-timeline": intent, text });
  const first = btn("⏮", "Go to the start", "first");
  const back = btn("◀", "One step back", "back");
  const fwd = btn("▶", "One step forward", "forward");
  const last = btn("⏭", "Go to the last step", "last");
  const undo = h("button", { type: "button", class: "dw-btn", "data-intent": "undo", text: "Undo", title: "Undo the last decision (u)" });
  const el = h(
    "section",
    { class: "dw-panel dw-timeline" },
    h("h3", { class: "dw-panel-title", text: "Timeline" }),
    h("div", { class: "dw-timeline-row" }, first, back, range, fwd, last),
    h("div", { class: "dw-timeline-row" }, label, undo),
  );
  let step = 0;
  let length = 0;
  const go = (n) => {
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
    /** @param {number} newStep @param {number} newLength */
    update(newStep, newLength) {
      step = newStep;
      length = newLength;
      range.max = String(length);
      range.value = String(step);
      range.setAttribute("aria-valuetext", `step ${step} of ${length}`);
      label.textContent = step < length ? `Step ${step} of ${length} (rewound)` : `Step ${step} of ${length}`;
      first.disabled = back.disabled = undo.disabled = step === 0;
      fwd.disabled = last.disabled = step >= length;
    },
  };
}
