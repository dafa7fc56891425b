// The lesson panel (issue 28, items 4 and 5): beside the board of a lesson widget (dragonwidgets/lessons/
// widget.py) or an offline lesson page (js/lesson_page.js), it shows the `lesson` trait: chapter k of n, the
// chapter's introduction, what the lesson played since the last answer, the step's comment, the question,
// the feedback on the last answer (an illegal one with its rules as chips, whose texts show on hover), the
// hints given, a Hint button (key h), the score, and at the end "Take it again". It lights the board
// elements the step names (`highlights`: the boards' data-target ids) with `data-lesson-mark`.
// It decides nothing: the answer is a move chosen on the board or by key (the shell's `act` intent), a hint
// or a restart is a message ({kind: "hint"}, {kind: "restart"}, {kind: "skip"} in a page), Python or the
// page's precomputed data answers.

import { h, panel } from "./dom.js";
import { withRuleChips } from "./rules.js";
import { overlayAttribute, restoreAttribute } from "./morph.js";

/** The key help of a lesson (the timeline keys do nothing there). */
export const LESSON_KEY_HELP =
  "Keys: Tab to the board, arrows move between moves, Enter answers · 1–9 answer from the list · h hint";

/** The lesson's own messages (besides `act`, sent by the shell when a move is chosen). */
export const LESSON_MESSAGES = Object.freeze(["hint", "restart", "skip"]);

const MODES = {
  walkthrough: "Walkthrough: play the moves the lesson asks for",
  guess: "Guess the move: each of your moves is a question",
  practice: "Practice: play on against the bots",
};
const MARK = "data-lesson-mark";

/**
 * The score as a sentence: questions right at the first try, and practice goals when there were some.
 * @param {{right: number, questions: number, goals_reached: number, goals: number}|undefined} score
 */
export function scoreText(score) {
  if (!score || (!score.questions && !score.goals)) return "";
  const parts = [`${score.right} of ${score.questions} question${score.questions === 1 ? "" : "s"} right at the first try`];
  if (score.goals) parts.push(`${score.goals_reached} of ${score.goals} practice goal${score.goals === 1 ? "" : "s"} reached`);
  return `Score: ${parts.join(" · ")}`;
}

/**
 * What the panel says, from the `lesson` trait (a pure function, tested in tests/js/lesson_panel.test.js).
 * @param {Object} lesson  the trait (LessonRun.view() without the game traits, plus hints and more_hints)
 * @param {(seat: number) => string} nameOf  a seat's name
 */
export function panelTexts(lesson, nameOf = (seat) => `Seat ${seat + 1}`) {
  const l = lesson || {};
  const progress = [l.progress, l.title].filter(Boolean).join(" · ");
  let ask = "";
  if (l.done) ask = "The lesson is over.";
  else if (l.notice) ask = l.notice;
  else if (l.awaiting && l.mode === "practice") ask = `Your move. Goal: ${l.goal || "win"}`;
  else if (l.awaiting && l.question) ask = l.question.scored ? "Your move: find the move (a question)." : "Your move.";
  else if (l.awaiting) ask = "Your move: play the move the lesson asks for.";
  let feedback = null;
  if (l.feedback) {
    const text = l.feedback.text || "";
    const label = { right: "Right", wrong: "Not this one", illegal: "Not legal", played: "Played" }[l.feedback.kind] || "";
    // "Right." needs no "Right" before it
    feedback = { kind: l.feedback.kind, label: text.startsWith(label) ? "" : label, text };
  }
  // the replies played since the student's move (their own move is the one they just made)
  const played = (l.played || [])
    .filter((p) => l.seat === null || l.seat === undefined || p.player !== l.seat)
    .filter((p) => (p.texts || []).length || p.comment)
    .map((p) => ({
      who: p.player >= 0 ? nameOf(p.player) : "Chance",
      text: (p.texts || []).join(" "),
    }));
  const finished = (l.finished || []).map((f) => {
    const goal = f.skipped ? " Skipped: it needs a notebook." : f.goal_reached === true ? " Goal reached."
      : f.goal_reached === false ? " Goal not reached." : "";
    return `Chapter ${f.chapter} done: ${f.title}.${goal}${f.closing ? ` ${f.closing}` : ""}`;
  });
  return {
    progress,
    chapter: l.done ? "" : l.chapter_title || "",
    mode: l.done ? "" : MODES[l.mode] || "",
    intro: l.done ? "" : l.intro || "",
    comment: l.done ? "" : l.comment || "",
    ask,
    feedback,
    played,
    finished,
    hints: l.hints || [],
    canHint: Boolean(l.awaiting && l.more_hints && !l.done),
    score: scoreText(l.score),
    done: Boolean(l.done),
    skip: Boolean(l.notice && !l.done),
  };
}

/**
 * Light the board elements named by `names` (their data-target) and unlight the others.
 * @param {Element} board
 * @param {string[]} names
 */
export function markBoard(board, names) {
  const wanted = new Set(names || []);
  for (const el of board.querySelectorAll(`[${MARK}]`)) {
    if (!wanted.has(el.getAttribute("data-target"))) {
      restoreAttribute(el, MARK);
      if (el.getAttribute(MARK) !== null) el.removeAttribute(MARK);
    }
  }
  for (const el of board.querySelectorAll("[data-target]")) {
    if (wanted.has(el.getAttribute("data-target"))) overlayAttribute(el, MARK, "");
  }
}

/** The nearest ancestor of `node` that scrolls up and down (the page's scroller when none). */
function scrollerOf(node) {
  for (let up = node.parentElement; up; up = up.parentElement) {
    const overflow = getComputedStyle(up).overflowY;
    if ((overflow === "auto" || overflow === "scroll") && up.scrollHeight > up.clientHeight) return up;
  }
  return node.ownerDocument.scrollingElement;
}

/**
 * If `panel` (sticking to the bottom of its scroller) covers any of `target`, an element before it in the page,
 * scroll `target` up until it shows whole above the panel, with 8 px to spare. Elements in or after the panel
 * are never under it, nor is an element around it (the widget's root).
 * @param {HTMLElement} panel
 * @param {Element} target the element just focused
 */
export function keepClear(panel, target) {
  if (!target?.getBoundingClientRect || panel.contains(target) || target.contains(panel) || panel.hidden) return;
  if (!(target.compareDocumentPosition(panel) & Node.DOCUMENT_POSITION_FOLLOWING)) return;
  const box = target.getBoundingClientRect();
  const cover = panel.getBoundingClientRect();
  const across = Math.min(box.right, cover.right) - Math.max(box.left, cover.left);
  const under = box.bottom - cover.top;
  if (across <= 0 || under <= 0 || box.top >= cover.bottom) return;
  scrollerOf(panel)?.scrollBy({ top: under + 8, behavior: "instant" });
}

/**
 * Build the lesson panel. `send(msg)` sends one of LESSON_MESSAGES to the model.
 * @param {{send: (msg: Object) => void, scope: {listen: Function}, board: Element,
 *          nameOf?: (seat: number) => string}} ctx
 */
export function createLessonPanel({ send, scope, board, nameOf }) {
  const progress = h("p", { class: "dw-lesson-progress" });
  const chapter = h("h4", { class: "dw-lesson-chapter" });
  const mode = h("p", { class: "dw-lesson-mode dw-muted" });
  const intro = h("p", { class: "dw-lesson-intro" });
  const finished = h("ul", { class: "dw-lesson-finished", "aria-label": "Chapters finished" });
  const played = h("ul", { class: "dw-lesson-played", "aria-label": "Played since your last move" });
  const comment = h("p", { class: "dw-lesson-comment" });
  const ask = h("p", { class: "dw-lesson-ask" });
  const feedback = h("div", { class: "dw-lesson-feedback", role: "status", "aria-live": "polite" });
  const hints = h("ol", { class: "dw-lesson-hints", "aria-label": "Hints" });
  const hint = h("button", { type: "button", class: "dw-btn dw-lesson-hint", text: "Hint (h)" });
  const skip = h("button", { type: "button", class: "dw-btn dw-lesson-skip", text: "Next chapter" });
  const restart = h("button", { type: "button", class: "dw-btn dw-lesson-restart", text: "Take it again" });
  const score = h("p", { class: "dw-lesson-score" });
  const el = panel(
    "dw-lesson",
    "Lesson",
    progress, chapter, mode, intro, finished, played, comment, ask, feedback, hints,
    h("div", { class: "dw-row dw-lesson-buttons" }, hint, skip, restart),
    score,
  );
  el.setAttribute("aria-label", "Lesson");
  // Under a board too wide for it beside, the panel sticks to the bottom of the window (shell.css) over the
  // board's lower part: a board element the keyboard focuses there is scrolled up clear of it (WCAG 2.4.11).
  scope.listen(el.ownerDocument, "focusin", (event) => keepClear(el, /** @type {Element} */ (event.target)));
  scope.listen(hint, "click", () => send({ kind: "hint" }));
  scope.listen(skip, "click", () => send({ kind: "skip" }));
  scope.listen(restart, "click", () => send({ kind: "restart" }));
  const fill = (list, items, draw) => list.replaceChildren(...items.map(draw));
  const show = (node, text) => {
    node.textContent = text;
    node.hidden = !text;
  };
  // a text naming rule IDs shows them as chips, whose rule text shows on hover or focus (rules.js)
  const showWithRules = (node, text) => {
    if (node.getAttribute("data-text") !== text) {
      node.replaceChildren(...withRuleChips(text));
      node.setAttribute("data-text", text);
    }
    node.hidden = !text;
  };
  let lastHighlights = [];
  return {
    el,
    /** @param {Object} lesson the `lesson` trait */
    update(lesson) {
      const texts = panelTexts(lesson, nameOf);
      show(progress, texts.progress);
      show(chapter, texts.chapter);
      show(mode, texts.mode);
      showWithRules(intro, texts.intro);
      showWithRules(comment, texts.comment);
      show(ask, texts.ask);
      fill(finished, texts.finished, (text) => h("li", { text }));
      finished.hidden = !texts.finished.length;
      fill(played, texts.played, (p) => h("li", {}, h("strong", { text: `${p.who}: ` }), p.text));
      played.hidden = !texts.played.length;
      if (texts.feedback) {
        const label = texts.feedback.label ? h("strong", { text: `${texts.feedback.label}. ` }) : null;
        feedback.replaceChildren(...[label, ...withRuleChips(texts.feedback.text)].filter(Boolean));
        feedback.setAttribute("data-kind", texts.feedback.kind);
        feedback.hidden = false;
      } else {
        feedback.replaceChildren();
        feedback.removeAttribute("data-kind");
        feedback.hidden = true;
      }
      fill(hints, texts.hints, (text) => h("li", {}, ...withRuleChips(text)));
      hints.hidden = !texts.hints.length;
      hint.disabled = !texts.canHint;
      hint.hidden = texts.done || texts.skip;
      skip.hidden = !texts.skip;
      restart.hidden = !texts.done;
      show(score, texts.score);
      lastHighlights = (lesson && lesson.highlights) || [];
      markBoard(board, lastHighlights);
    },
    /** A key pressed in the widget: h asks for a hint. @param {KeyboardEvent} event */
    key(event) {
      const target = /** @type {HTMLElement} */ (event.target);
      if (event.altKey || event.ctrlKey || event.metaKey || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
      if ((event.key === "h" || event.key === "H") && !hint.disabled && !hint.hidden) {
        send({ kind: "hint" });
        event.preventDefault();
      }
    },
    /** Light the step's elements again after the board was redrawn. */
    mark() {
      markBoard(board, lastHighlights);
    },
  };
}
