// The offline lesson page's model (js/lesson_page.js, issue 28 item 5): answers looked up among the node's
// precomputed ones, the score counted as LessonRun counts it, hints in order, a practice chapter skipped,
// forged messages refused with nothing changed, and the progress kept in storage across a reload.
import { describe, it, expect } from "vitest";
import { createLessonModel, validProgress } from "../../js/lesson_page.js";

const panel = (extra) => ({ progress: "Chapter 1 of 2", mode: "guess", awaiting: true, played: [], finished: [], done: false,
  question: { scored: true, retry: true, hints_shown: [], hints_left: 0 }, ...extra });
const payload = () => ({
  key: "k1", keyframe_every: 10, traits: { can_act: true },
  steps: [{ status: "first" }, { status: "second" }, { status: "practice", can_act: false }, { status: "end" }],
  nodes: [
    { lesson: panel({}), hints: ["Look left.", "Tower T1."],
      answers: { a: { kind: "right", text: "Right.", advanced: true }, b: { kind: "wrong", text: "No: b.", advanced: false } } },
    { lesson: panel({ played: [{ player: 1, texts: ["Red moves."] }] }), hints: [],
      answers: { c: { kind: "wrong", text: "No. The lesson plays: d.", advanced: true }, d: { kind: "right", text: "Right.", advanced: true } } },
    { lesson: panel({ mode: "practice", question: null, awaiting: false, notice: "Needs a notebook." }), hints: [], answers: {}, skip: true },
    { lesson: panel({ done: true, awaiting: false, question: null }), hints: [], answers: {} },
  ],
});
const memory = () => {
  const items = new Map();
  return { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => items.set(k, String(v)), removeItem: (k) => items.delete(k), items };
};

describe("lesson page model", () => {
  it("a wrong answer stays with its feedback, a hint shows, a right answer after a try does not score", () => {
    const model = createLessonModel(payload(), null);
    model.send({ kind: "act", id: "b" });
    expect(model.get("lesson").feedback.text).toBe("No: b.");
    expect(model.get("status")).toBe("first");
    model.send({ kind: "hint" });
    expect(model.get("lesson").hints).toEqual(["Look left."]);
    expect(model.get("lesson").question.hints_left).toBe(1);
    model.send({ kind: "act", id: "a" });
    expect(model.get("status")).toBe("second");
    expect(model.get("lesson").score).toEqual({ right: 0, questions: 1, goals_reached: 0, goals: 0 });
    expect(model.get("lesson").played).toEqual([{ player: 1, texts: ["Red moves."] }]);
    expect(model.get("lesson").hints).toEqual([]);
  });

  it("a wrong answer without retry moves on and counts the question as missed; right at once scores", () => {
    const model = createLessonModel(payload(), null);
    model.send({ kind: "act", id: "a" });
    model.send({ kind: "act", id: "c" });
    expect(model.get("lesson").score).toEqual({ right: 1, questions: 2, goals_reached: 0, goals: 0 });
    expect(model.get("lesson").notice).toBe("Needs a notebook.");
    model.send({ kind: "act", id: "a" });
    expect(model.get("last_error")).toContain("needs a notebook");
    model.send({ kind: "skip" });
    expect(model.get("lesson").done).toBe(true);
  });

  it("refuses forged messages with a sentence and changes nothing", () => {
    const model = createLessonModel(payload(), null);
    for (const msg of [{ kind: "act", id: "zz" }, { kind: "act", id: 3 }, { kind: "goto", step: 1 }, { kind: "skip" }, null]) {
      const before = JSON.stringify(model.progress());
      model.send(msg);
      expect(model.get("last_error")).not.toBe("");
      expect(JSON.stringify(model.progress())).toBe(before);
      expect(model.get("status")).toBe("first");
    }
  });

  it("keeps the progress in storage: a new model (a reload) goes on where the student was; restart forgets it", () => {
    const storage = memory();
    const first = createLessonModel(payload(), storage);
    first.send({ kind: "act", id: "b" });
    first.send({ kind: "act", id: "a" });
    const again = createLessonModel(payload(), storage);
    expect(again.get("status")).toBe("second");
    expect(again.get("lesson").score.questions).toBe(1);
    again.send({ kind: "restart" });
    expect(createLessonModel(payload(), storage).get("status")).toBe("first");
    storage.setItem("dragonwidgets-lesson:k1", JSON.stringify({ node: 99, tries: 0, hints: 0, score: {} }));
    expect(createLessonModel(payload(), storage).get("status")).toBe("first"); // a node it does not have
    expect(validProgress({ node: 1, tries: -1, hints: 0, score: {} }, 4)).toBe(null);
  });
});
