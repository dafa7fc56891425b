// The lesson panel (js/shared/lesson_panel.js, issue 28 items 4 and 5): what it says from the `lesson` trait,
// the board elements it lights, and the messages its buttons and the h key send.
import { describe, it, expect } from "vitest";
import generic from "../../js/game.js";
import { markBoard, panelTexts, scoreText } from "../../js/shared/lesson_panel.js";
import { fakeModel, position, flush } from "./fake_model.js";

const asking = {
  title: "Emerald", progress: "Chapter 2 of 3", chapter: 2, chapters: 3, chapter_title: "Find the move",
  mode: "guess", seat: 0, intro: "Black to move again.", comment: "Which knight?", highlights: ["a"],
  question: { scored: true, retry: true, hints_shown: [], hints_left: 2 }, expected: null, goal: null,
  awaiting: true, played: [{ step: 3, player: 1, texts: ["Red moves."], comment: null }], finished: [],
  feedback: null, score: { right: 1, questions: 2, goals_reached: 0, goals: 0 }, done: false,
  hints: [], more_hints: true,
};

describe("lesson panel texts", () => {
  it("says the chapter, the question, who played since and the score", () => {
    const texts = panelTexts(asking, (seat) => ["Black", "Red"][seat]);
    expect(texts.progress).toBe("Chapter 2 of 3 · Emerald");
    expect(texts.ask).toBe("Your move: find the move (a question).");
    expect(texts.played).toEqual([{ who: "Red", text: "Red moves." }]);
    expect(texts.score).toBe("Score: 1 of 2 questions right at the first try");
    expect(texts.canHint).toBe(true);
    expect(texts.feedback).toBe(null);
  });

  it("labels each kind of feedback and hides the hint button once no hint is left or the lesson is over", () => {
    const illegal = panelTexts({ ...asking, feedback: { kind: "illegal", text: "EM-CARD-1: no." }, more_hints: false });
    expect(illegal.feedback).toEqual({ kind: "illegal", label: "Not legal", text: "EM-CARD-1: no." });
    expect(illegal.canHint).toBe(false);
    expect(panelTexts({ ...asking, feedback: { kind: "wrong", text: "x" } }).feedback.label).toBe("Not this one");
    expect(panelTexts({ ...asking, feedback: { kind: "right", text: "Right." } }).feedback.label).toBe("");
    const own = panelTexts({ ...asking, played: [{ player: 0, texts: ["Black moves."] }, ...asking.played] });
    expect(own.played.map((p) => p.text)).toEqual(["Red moves."]); // the student's own move is not repeated
    const done = panelTexts({ ...asking, done: true, awaiting: false });
    expect([done.done, done.canHint, done.ask, done.comment]).toEqual([true, false, "The lesson is over.", ""]);
  });

  it("counts practice goals only when there were some, and says a page's practice chapter needs a notebook", () => {
    expect(scoreText({ right: 0, questions: 1, goals_reached: 1, goals: 1 }))
      .toBe("Score: 0 of 1 question right at the first try · 1 of 1 practice goal reached");
    const page = panelTexts({ ...asking, mode: "practice", notice: "This chapter needs a notebook." });
    expect([page.ask, page.skip]).toEqual(["This chapter needs a notebook.", true]);
  });
});

describe("lesson panel on the board", () => {
  it("lights the named data-target elements and unlights them at the next step", () => {
    const board = document.createElement("div");
    board.innerHTML = '<span data-target="T1"></span><span data-target="T2"></span>';
    markBoard(board, ["T1"]);
    expect([...board.querySelectorAll("[data-lesson-mark]")].map((e) => e.dataset.target)).toEqual(["T1"]);
    markBoard(board, ["T2"]);
    expect([...board.querySelectorAll("[data-lesson-mark]")].map((e) => e.dataset.target)).toEqual(["T2"]);
  });

  it("is shown beside the board when the model has a lesson; Hint and the h key send hint, the game panels hide", async () => {
    const el = document.createElement("div");
    document.body.append(el);
    const model = fakeModel({ ...position("mid_5p"), lesson: asking });
    const cleanup = generic.render({ model, el });
    await flush();
    const root = el.querySelector(".dw-root");
    expect(root.classList.contains("dw-lesson-mode")).toBe(true);
    expect(el.querySelector(".dw-lesson-comment").textContent).toBe("Which knight?");
    model.update({ lesson: { ...asking, comment: "Knights move (EM-MOVE-1)." } });
    await flush();
    expect([...el.querySelectorAll(".dw-lesson-comment [data-rule]")].map((c) => c.dataset.rule)).toEqual(["EM-MOVE-1"]);
    expect(el.querySelector(".dw-keys").textContent).toContain("h hint");
    el.querySelector(".dw-lesson-hint").click();
    root.dispatchEvent(new KeyboardEvent("keydown", { key: "h", bubbles: true }));
    expect(model.sent).toEqual([{ kind: "hint" }, { kind: "hint" }]);
    model.update({ lesson: { ...asking, feedback: { kind: "wrong", text: "Legal, but no." }, hints: ["Count."], more_hints: false } });
    await flush();
    expect(el.querySelector(".dw-lesson-feedback").textContent).toBe("Not this one. Legal, but no.");
    expect(el.querySelector(".dw-lesson-hints").textContent).toBe("Count.");
    expect(el.querySelector(".dw-lesson-hint").disabled).toBe(true);
    cleanup();
  });

  it("is absent from a game widget without a lesson", () => {
    const el = document.createElement("div");
    const cleanup = generic.render({ model: fakeModel(position("mid_5p")), el });
    expect(el.querySelector(".dw-lesson")).toBe(null);
    expect(el.querySelector(".dw-root").classList.contains("dw-lesson-mode")).toBe(false);
    cleanup();
  });
});
