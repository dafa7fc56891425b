// Comments and variations in the shell (js/shared/annotations.js, issue 28 items 2 and 3): marks on the timeline,
// notes in the log, the Comments panel, and the Record lesson controls, which only send intents.
import { describe, it, expect, vi } from "vitest";
import generic from "../../js/game.js";
import { stepNotes, timelineMarks, variationText } from "../../js/shared/annotations.js";
import { fakeModel, position, flush } from "./fake_model.js";

const ANNOTATIONS = {
  comments: { 0: "The table.", 62: "Black runs to M3.", 99: "Where we stand." },
  variations: { 62: [{ index: 0, actions: ["move T1 black", "end turn", "move T2 red", "end turn"], moves: 9, comment: "The slow plan." }] },
};

function mount(changes = {}) {
  const el = document.createElement("div");
  document.body.append(el);
  const model = fakeModel({ ...position("mid_5p"), playing: false, annotations: ANNOTATIONS, recording: { available: true, on: false }, ...changes });
  const cleanup = generic.render({ model, el });
  return { el, model, cleanup: () => { cleanup(); el.remove(); } };
}

describe("annotations helpers", () => {
  it("list the marks in step order with what each holds, within the line", () => {
    expect(timelineMarks(ANNOTATIONS, 149)).toEqual([
      { step: 0, comment: "The table.", variations: 0 },
      { step: 62, comment: "Black runs to M3.", variations: 1 },
      { step: 99, comment: "Where we stand.", variations: 0 },
    ]);
    expect(timelineMarks(ANNOTATIONS, 50).map((m) => m.step)).toEqual([0]);
  });
  it("write a variation as its first actions and its length", () => {
    expect(variationText(ANNOTATIONS.variations[62][0])).toBe("move T1 black, end turn, move T2 red, end turn, … (9 entries)");
    expect(variationText({ index: 0, actions: ["end turn"], moves: 1 })).toBe("end turn");
  });
  it("draw Switch buttons only where the view may switch", () => {
    expect(stepNotes(ANNOTATIONS, 62, true).querySelector("[data-variation]").getAttribute("data-variation")).toBe("62:0");
    expect(stepNotes(ANNOTATIONS, 62, false).querySelector("[data-variation]")).toBeNull();
    expect(stepNotes(ANNOTATIONS, 5, true)).toBeNull();
  });
});

describe("the log and the timeline", () => {
  it("show a step's comment after its last log row and mark the commented steps on the timeline", async () => {
    const { el, cleanup } = mount();
    const notes = el.querySelector('.dw-log-notes[data-step="62"]');
    expect(notes.textContent).toContain("Black runs to M3.");
    expect(notes.previousElementSibling.getAttribute("data-step")).toBe("62");
    expect(notes.nextElementSibling.getAttribute("data-step")).toBe("63");
    expect(notes.textContent).toContain("A variation from step 62");
    const marks = [...el.querySelectorAll(".dw-timeline-marks .dw-mark")].map((m) => m.getAttribute("data-mark-step"));
    expect(marks).toEqual(["0", "62", "99"]);
    expect(el.querySelector('[data-mark-step="62"]').classList.contains("dw-mark-variation")).toBe(true);
    expect(el.querySelector(".dw-notes-here").textContent).toContain("Where we stand."); // the shown step, 99
    cleanup();
  });

  it("send enter_variation when a variation's Switch is pressed in the log", () => {
    const { el, model, cleanup } = mount();
    el.querySelector('.dw-log-notes [data-variation="62:0"]').click();
    expect(model.sent).toContainEqual({ kind: "enter_variation", step: 62, index: 0 });
    cleanup();
  });

  it("draw no Switch button in a seat's view or a page (no recording available)", () => {
    const { el, cleanup } = mount({ recording: {}, annotations: { comments: { 62: "Black runs." }, variations: {} } });
    expect(el.querySelector("[data-variation]")).toBeNull();
    expect(el.querySelector(".dw-record-toggle").hidden).toBe(true);
    expect(el.querySelector('.dw-log-notes[data-step="62"]').textContent).toBe("Black runs.");
    cleanup();
  });
});

describe("recording a lesson", () => {
  const recording = (extra = {}) => ({
    available: true, on: true, title: "Emerald: a recorded lesson", questions: {},
    next: { step: 99, id: "move T4 black", player: 0 }, ...extra,
  });

  it("starts from the Record lesson button", () => {
    const { el, model, cleanup } = mount();
    const toggle = el.querySelector(".dw-record-toggle");
    expect(toggle.hidden).toBe(false);
    toggle.click();
    expect(model.sent).toContainEqual({ kind: "record_start" });
    cleanup();
  });

  it("saves the comment typed for the shown step", async () => {
    const { el, model, cleanup } = mount({ recording: recording() });
    const box = el.querySelector(".dw-record-comment");
    expect(box.value).toBe("Where we stand.");
    box.value = "Black must hurry.";
    el.querySelector(".dw-record-save-comment").click();
    expect(model.sent).toContainEqual({ kind: "annotate", step: 99, text: "Black must hurry." });
    cleanup();
  });

  it("marks the move played as a question and adds other accepted answers from the legal actions", async () => {
    const { el, model, cleanup } = mount({ recording: recording() });
    const ask = el.querySelector(".dw-record-ask");
    expect(el.querySelector(".dw-record-ask-label").textContent).toContain("answer: move T4 black");
    ask.checked = true;
    ask.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent.at(-1)).toEqual({ kind: "set_question", step: 99, accepted: [] });
    model.update({ recording: recording({ questions: { 99: { played: "move T4 black", accepted: [] } } }) });
    await flush();
    const choices = [...el.querySelectorAll(".dw-record-also input")].map((b) => b.getAttribute("data-accept"));
    expect(choices).toEqual(["move P3 black", "move M6 black"]); // the legal actions but the one played
    const other = el.querySelector('[data-accept="move M6 black"]');
    other.checked = true;
    other.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent.at(-1)).toEqual({ kind: "set_question", step: 99, accepted: ["move M6 black"] });
    ask.checked = false;
    ask.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent.at(-1)).toEqual({ kind: "clear_question", step: 99 });
    cleanup();
  });

  it("saves to a file name and shows the snippet for a cell in a text area", async () => {
    const { el, model, cleanup } = mount({ recording: recording() });
    el.querySelector(".dw-record-name").value = "first.json";
    el.querySelector(".dw-record-save").click();
    expect(model.sent.at(-1)).toEqual({ kind: "record_save", name: "first.json" });
    el.querySelector(".dw-record-copy").click();
    expect(model.sent.at(-1)).toEqual({ kind: "record_export" });
    const snippet = "from dragonwidgets import Lesson\nlesson = ...";
    model.update({ recording: recording({ export: { json: "{}", snippet }, saved: "/tmp/first.json" }) });
    await flush();
    const area = el.querySelector(".dw-record-export");
    expect(area.hidden).toBe(false);
    expect(area.value).toBe(snippet);
    expect(el.querySelector(".dw-record-saved").textContent).toBe("Saved to /tmp/first.json");
    cleanup();
  });

  it("puts the snippet in the clipboard when Copy for a cell asked for it (and only then)", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(globalThis.navigator, "clipboard", { value: { writeText }, configurable: true });
    try {
      const { el, model, cleanup } = mount({ recording: recording() });
      const exported = (snippet) => recording({ export: { json: "{}", snippet } });
      model.update({ recording: exported("first") }); // an export the page did not ask for: not copied
      await flush();
      expect(writeText).not.toHaveBeenCalled();
      el.querySelector(".dw-record-copy").click();
      model.update({ recording: exported("second") });
      await flush();
      expect(writeText).toHaveBeenCalledWith("second");
      cleanup();
    } finally {
      delete globalThis.navigator.clipboard;
    }
  });

  it("offers no question at the end of the line", async () => {
    const { el, cleanup } = mount({ recording: recording({ next: null }) });
    expect(el.querySelector(".dw-record-ask-label").hidden).toBe(true);
    cleanup();
  });
});
