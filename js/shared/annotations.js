// Comments and variations of an annotated game, and recording a lesson (issue 28 items 2 and 3).
//
// Python sends two traits (dragonwidgets/widgets/annotations.py):
// - `annotations`: {comments: {step: text}, variations: {step: [{index, actions, moves, comment?}]}}, as the
//   view may see them (a seat's view: only the comments it may read, no variation);
// - `recording`: {available, on, title?, questions?: {step: {played, accepted}}, next?: {step, id, player},
//   export?: {json, snippet}, saved?}; a page sets it {} (nothing is recorded without a kernel).
// This module draws: marks on the timeline's track at commented steps (and where variations leave from), the
// notes of a step in the log (its comment, its variations with a Switch button), and the "Comments" panel:
// the shown step's comment and variations, and in the teacher's view the "Record lesson" controls. Every
// control sends an intent; Python validates and changes the state.

/** @typedef {{index: number, actions: string[], moves: number, comment?: string}} VariationSummary */
/** @typedef {{comments?: Object<string, string>, variations?: Object<string, VariationSummary[]>}} Annotations */

import { h, panel } from "./dom.js";
import css from "./annotations.css";

/** A variation in one line: its first actions, and how many more. */
export function variationText(line) {
  const more = line.moves - line.actions.length;
  return line.actions.join(", ") + (more > 0 ? `, … (${line.moves} entries)` : "");
}

/**
 * The marks of the timeline's track: `[{step, comment, variations}]` in step order, at steps 0..length.
 * @param {Annotations} annotations
 * @param {number} length
 */
export function timelineMarks(annotations, length) {
  const steps = new Set([...Object.keys(annotations?.comments ?? {}), ...Object.keys(annotations?.variations ?? {})]);
  return [...steps].map(Number).filter((k) => k >= 0 && k <= length).sort((a, b) => a - b).map((step) => ({
    step,
    comment: annotations.comments?.[step] ?? null,
    variations: annotations.variations?.[step]?.length ?? 0,
  }));
}

/**
 * The notes of a step (its comment, the variations that leave from it), or null when it has none.
 * @param {Annotations} annotations
 * @param {number} step
 * @param {boolean} canSwitch  whether Switch buttons are drawn (the teacher's view, with a kernel)
 */
export function stepNotes(annotations, step, canSwitch) {
  const comment = annotations?.comments?.[step];
  const lines = annotations?.variations?.[step] ?? [];
  if (!comment && !lines.length) return null;
  const items = lines.map((line) =>
    h(
      "li",
      { class: "dw-variation" },
      h("span", { class: "dw-variation-moves", text: variationText(line) }),
      line.comment ? h("span", { class: "dw-variation-comment", text: ` — ${line.comment}` }) : null,
      canSwitch
        ? h("button", {
            type: "button", class: "dw-btn dw-variation-switch", "data-variation": `${step}:${line.index}`, text: "Switch",
            title: `Make this variation the line played from step ${step} (the line played now is kept as a variation)`,
          })
        : null,
    ));
  return h(
    "div",
    { class: "dw-notes", "data-notes-step": String(step) },
    comment ? h("p", { class: "dw-comment", text: comment }) : null,
    lines.length
      ? h("div", { class: "dw-variations" },
          h("span", { class: "dw-variations-title", text: `${lines.length === 1 ? "A variation" : `${lines.length} variations`} from step ${step}:` }),
          h("ol", {}, ...items))
      : null,
  );
}

/**
 * The marks layer put over the timeline's slider (a track wrapping the range input).
 * @param {HTMLInputElement} range
 */
function markTrack(range) {
  const track = h("span", { class: "dw-timeline-track" });
  const marks = h("span", { class: "dw-timeline-marks", "aria-hidden": "true" });
  range.replaceWith(track);
  track.append(range, marks);
  return marks;
}

/**
 * @param {{send: (kind: string, fields?: Object) => void, scope: {listen: Function}, range?: HTMLInputElement}} opts
 */
export function createAnnotations({ send, scope, range }) {
  const marks = range ? markTrack(range) : null;
  const here = h("div", { class: "dw-notes-here", "aria-live": "polite" });
  const recordToggle = h("button", { type: "button", class: "dw-btn dw-record-toggle", "data-intent": "record_start", text: "Record lesson",
    title: "Record a lesson: play the line, comment any step, mark questions, play variations, then save it" });
  const recordBar = h("div", { class: "dw-record" });
  const el = panel("dw-annotations", "Comments", h("style", { text: css }), here, recordBar);
  el.hidden = true;

  // the recording's controls, made once (their values are kept while the person types)
  const status = h("p", { class: "dw-record-status" });
  const stop = h("button", { type: "button", class: "dw-btn", "data-intent": "record_stop", text: "Stop recording" });
  const commentLabel = h("p", { class: "dw-record-label" });
  const commentBox = h("textarea", { class: "dw-record-comment", rows: 3, "aria-label": "Comment on the shown step" });
  const saveComment = h("button", { type: "button", class: "dw-btn dw-record-save-comment", text: "Save comment" });
  const askBox = h("input", { type: "checkbox", class: "dw-record-ask" });
  const askLabel = h("label", { class: "dw-record-ask-label" }, askBox, h("span", {}));
  const alsoList = h("ul", { class: "dw-record-also" });
  const alsoTitle = h("p", { class: "dw-muted", text: "Also accept (legal moves at this step):" });
  const also = h("div", { class: "dw-record-also-box" }, alsoTitle, alsoList);
  const nameBox = h("input", { type: "text", class: "dw-record-name", value: "lesson.json", "aria-label": "File name of the lesson" });
  const save = h("button", { type: "button", class: "dw-btn dw-record-save", text: "Save to JSON" });
  const copy = h("button", { type: "button", class: "dw-btn dw-record-copy", text: "Copy for a cell" });
  const saved = h("p", { class: "dw-record-saved", role: "status" });
  const exported = h("textarea", { class: "dw-record-export", rows: 6, readonly: "", "aria-label": "The lesson as a Python cell" });
  const hint = h("p", { class: "dw-muted", text: "Rewind with the timeline and play another move: the old line is kept as a variation." });
  recordBar.append(status, stop, commentLabel, commentBox, saveComment, askLabel, also, hint,
    h("div", { class: "dw-record-files" }, nameBox, save, copy), saved, exported);

  let shownStep = -1;
  let shownComment = null;
  let current = { annotations: {}, recording: {}, step: 0, legal: [] };
  let copyWanted = false;

  scope.listen(saveComment, "click", () => send("annotate", { step: current.step, text: commentBox.value }));
  scope.listen(askBox, "change", () => {
    if (askBox.checked) send("set_question", { step: current.step, accepted: [] });
    else send("clear_question", { step: current.step });
  });
  scope.listen(alsoList, "change", () => {
    const accepted = [...alsoList.querySelectorAll("input:checked")].map((box) => box.getAttribute("data-accept"));
    send("set_question", { step: current.step, accepted });
  });
  scope.listen(save, "click", () => send("record_save", { name: nameBox.value.trim() }));
  scope.listen(copy, "click", () => {
    copyWanted = true;
    send("record_export");
  });
  scope.listen(el, "click", (event) => switchClicked(event, send));

  const drawRecording = () => {
    const rec = current.recording ?? {};
    recordToggle.hidden = !rec.available || Boolean(rec.on);
    recordBar.hidden = !rec.on;
    if (!rec.on) return;
    const step = current.step;
    status.textContent = `Recording “${rec.title}”: play the line on the board.`;
    commentLabel.textContent = `Comment on step ${step}`;
    const comment = current.annotations?.comments?.[step] ?? "";
    // the box follows the step shown and Python's comment, but not while the person types in it
    if (step !== shownStep || (comment !== shownComment && document.activeElement !== commentBox)) commentBox.value = comment;
    shownStep = step;
    shownComment = comment;
    const next = rec.next;
    const question = next ? rec.questions?.[String(step)] : null;
    askLabel.hidden = !next;
    askBox.checked = Boolean(question);
    askLabel.lastChild.textContent = next ? ` Ask this move as a question (answer: ${next.id})` : "";
    also.hidden = !question;
    alsoList.replaceChildren(
      ...(question ? current.legal.filter((a) => a.id !== next.id) : []).map((a) =>
        h("li", {}, h("label", {}, h("input", { type: "checkbox", "data-accept": a.id, ...(question.accepted.includes(a.id) ? { checked: "" } : {}) }),
          ` ${a.id}`))),
    );
    saved.textContent = rec.saved ? `Saved to ${rec.saved}` : "";
    exported.hidden = !rec.export;
    exported.value = rec.export?.snippet ?? "";
    if (rec.export && copyWanted) {
      copyWanted = false;
      globalThis.navigator?.clipboard?.writeText?.(rec.export.snippet).catch(() => {});
    }
  };

  return {
    el,
    /** The "Record lesson" button, for the widget's header (beside Edit). */
    toggle: recordToggle,
    /** Whether Switch buttons are drawn (the teacher's view of a kernel: the recording trait says available). */
    canSwitch: () => Boolean(current.recording?.available),
    /**
     * @param {{annotations: Annotations, recording: Object, step: number, history_length: number, legal_actions: Object[]}} t
     */
    update(t) {
      current = { annotations: t.annotations ?? {}, recording: t.recording ?? {}, step: t.step ?? 0, legal: t.legal_actions ?? [] };
      const length = t.history_length ?? 0;
      if (marks) {
        marks.replaceChildren(...timelineMarks(current.annotations, length).map((m) => h("span", {
          class: `dw-mark${m.comment ? " dw-mark-comment" : ""}${m.variations ? " dw-mark-variation" : ""}`,
          "data-mark-step": String(m.step),
          style: `left: calc(8px + (100% - 16px) * ${length ? m.step / length : 0})`,
          title: [m.comment ? `Step ${m.step}: ${m.comment}` : "", m.variations ? `${m.variations} variation(s)` : ""].filter(Boolean).join(" · "),
        })));
      }
      const notes = stepNotes(current.annotations, current.step, Boolean(current.recording?.available));
      here.replaceChildren(notes ?? h("p", { class: "dw-muted", text: `No comment on step ${current.step}.` }));
      drawRecording();
      el.hidden = !notes && !current.recording?.on; // nothing to say about this step, and not recording
    },
  };
}

/** A Switch button of a variation (in this panel or in the log) sends `enter_variation`. */
export function switchClicked(event, send) {
  const button = /** @type {Element} */ (event.target).closest?.("[data-variation]");
  if (!button) return false;
  const [step, index] = button.getAttribute("data-variation").split(":").map(Number);
  send("enter_variation", { step, index });
  return true;
}
