// The script of a lesson page written by `lesson.to_html(path)` (dragonwidgets/lessons/page.py): a lesson a
// student takes from disk, with no kernel and no network. It decodes the page's data (the traits of each
// node, a decision of the student, as changes read by the game page's replay, js/page.js; per node the
// lesson panel's data, the hints and every legal answer's feedback), builds a model the game's bundle renders
// (anywidget's get / set / on / off / send) and answers the front end's messages as the kernel's lesson
// widget does: `act` (a move chosen on the board or by key) is looked up among the node's answers, `hint`
// gives the next hint, `skip` leaves a practice chapter (it needs a notebook), `restart` starts again. The
// score is counted as LessonRun counts it. The progress (node, tries, hints shown, score, last feedback) is
// kept in localStorage under the lesson's key, so a reload goes on where the student was; nothing is sent.
// Built by `npm run build` into dragonwidgets/static/lesson_page.js, which lessons/page.py inlines.

import { strFromU8 } from "fflate";
import { createReplay, createTraitModel, mountBundle, unpack } from "./page.js";

export const LESSON_PAGE_FORMAT = "dragonwidgets-lesson-page/1";

const fresh = () => ({ node: 0, tries: 0, hints: 0, feedback: null, score: { right: 0, questions: 0, goals_reached: 0, goals: 0 } });

/**
 * Return a saved progress if it fits the payload (a node of it, numbers where numbers go), else null.
 * @param {any} saved
 * @param {number} nodes
 */
export function validProgress(saved, nodes) {
  if (!saved || typeof saved !== "object") return null;
  const ints = [saved.node, saved.tries, saved.hints, ...Object.values(saved.score || {})];
  if (!ints.every((n) => Number.isInteger(n) && n >= 0) || saved.node >= nodes) return null;
  return { ...fresh(), ...saved };
}

/**
 * A model of the lesson widget from the page's payload.
 * @param {Object} payload   lesson_page_payload's dict
 * @param {{getItem: Function, setItem: Function, removeItem: Function}|null} storage  localStorage (or null)
 */
export function createLessonModel(payload, storage = null) {
  const replay = createReplay(payload);
  const nodes = payload.nodes;
  const key = `dragonwidgets-lesson:${payload.key}`;
  let saved = null;
  try {
    saved = validProgress(JSON.parse(storage?.getItem(key) ?? "null"), nodes.length);
  } catch {
    saved = null;
  }
  let progress = saved || fresh();

  /** The `lesson` trait at the progress: the node's panel with the hints shown, the feedback and the score. */
  const panel = () => {
    const node = nodes[progress.node];
    const l = node.lesson;
    const hints = node.hints.slice(0, progress.hints);
    // what the lesson played since the last answer: none after an answer that stayed on the node
    const since = !progress.feedback || progress.feedback.advanced;
    const question = l.question ? { ...l.question, hints_shown: hints, hints_left: node.hints.length - hints.length } : null;
    return { ...l, question, hints, more_hints: hints.length < node.hints.length, feedback: progress.feedback,
      score: progress.score, played: since ? l.played : [], finished: since ? l.finished : [] };
  };
  const traits = () => ({ ...replay.at(progress.node), lesson: panel() });
  const state = { ...traits(), last_error: "" };
  const save = () => {
    try {
      storage?.setItem(key, JSON.stringify(progress));
    } catch {
      // a browser that keeps nothing (private mode, storage full): the lesson goes on without saving
    }
  };
  const show = (error = "") => {
    save();
    update({ ...traits(), last_error: error });
  };
  const refuse = (text) => update({ last_error: text });

  const answer = (id) => {
    const node = nodes[progress.node];
    if (node.lesson.done) return refuse("the lesson waits for no answer now: it is over (press 'Take it again')");
    if (node.skip) return refuse("this practice chapter needs a notebook: press 'Next chapter'");
    const told = typeof id === "string" ? node.answers[id] : undefined;
    if (!told) {
      const shown = typeof id === "string" ? JSON.stringify(id.slice(0, 50)) : typeof id;
      return refuse(`${shown} is not one of the moves you may choose now (this page knows the answers to its moves only)`);
    }
    if (!told.advanced) {
      progress = { ...progress, tries: progress.tries + 1, feedback: told };
      return show();
    }
    const score = { ...progress.score };
    if (node.lesson.question?.scored) {
      score.questions += 1;
      if (told.kind === "right" && progress.tries === 0) score.right += 1;
    }
    progress = { node: progress.node + 1, tries: 0, hints: 0, feedback: told, score };
    return show();
  };
  const hint = () => {
    const node = nodes[progress.node];
    if (progress.hints < node.hints.length) progress = { ...progress, hints: progress.hints + 1 };
    show();
  };
  const skip = () => {
    if (!nodes[progress.node].skip) return refuse("only a practice chapter is skipped here (it needs a notebook)");
    progress = { ...progress, node: progress.node + 1, tries: 0, hints: 0, feedback: null };
    return show();
  };
  const restart = () => {
    progress = fresh();
    try {
      storage?.removeItem(key);
    } catch {
      // nothing kept: nothing to forget
    }
    show();
  };

  // A message from the front end (`{kind, ...}`): the lesson's, as the kernel's lesson widget takes them.
  const { model, update } = createTraitModel(state, (msg) => {
    const kind = msg?.kind;
    if (kind === "act") answer(msg.id);
    else if (kind === "hint") hint();
    else if (kind === "skip") skip();
    else if (kind === "restart") restart();
    else refuse(`this lesson page takes no "${String(kind).slice(0, 40)}": answer on the board or with the keys, or ask for a hint`);
  }, { progress: () => progress }); // the progress kept (for the tests)
  return model;
}

/** Show the page's lesson in `#dw-widget`; on failure the page says why instead. @param {Document} doc */
export async function bootLesson(doc = document) {
  const el = doc.getElementById("dw-widget");
  try {
    const header = JSON.parse(doc.getElementById("dw-lesson-data").textContent);
    if (header.format !== LESSON_PAGE_FORMAT) throw new Error(`its data is in the format ${header.format}, this script reads ${LESSON_PAGE_FORMAT}`);
    const payload = JSON.parse(strFromU8(unpack(header.data)));
    let storage = null;
    try {
      storage = globalThis.localStorage ?? null;
    } catch {
      storage = null; // a file page whose storage is denied: no progress kept
    }
    const model = createLessonModel(payload, storage);
    await mountBundle(doc, el, model);
    globalThis.dragonwidgetsLesson = { model, payload }; // for people poking around, and the browser tests
  } catch (err) {
    const p = doc.createElement("p");
    p.className = "dw-page-failed";
    p.textContent = `This page could not show the lesson: ${err?.message ?? err}`;
    el.replaceChildren(p);
  }
}

if (typeof document !== "undefined" && document.getElementById("dw-lesson-data") && document.getElementById("dw-widget")) bootLesson();
