// The script of a page written by `dragonwidgets.to_html` (dragonwidgets/widgets/page.py): a recorded game
// for one viewer, stepped through with no kernel and no network. It decodes the page's data (zlib, base64:
// the traits sent once, then per step the changes in the widget sync's formats, js/shared/sync.js, with a
// keyframe every `keyframe_every` steps), builds a model that replays the steps (anywidget's get / set /
// on / off / send), imports the game's bundle from a Blob URL and renders it. The model answers the
// intents the front end sends: `goto` shows that step, `undo` the previous decision; any other intent
// (choose an action, play the bots, switch the view...) is refused in `last_error`, as a kernel would, and
// the key help lists only the keys that step through the game.
// Built by `npm run build` into dragonwidgets/static/page.js, which page.py inlines into each page.

/** @typedef {import("./shared/model.js").GameTraits} GameTraits */
/**
 * The page's data (`page_payload` in page.py).
 * @typedef {Object} PagePayload
 * @property {string} format            "dragonwidgets-page/1"
 * @property {Object} traits            every trait as at step 0 and as the page sets it (can_act false...)
 * @property {number} start             the step shown first
 * @property {number} keyframe_every    a keyframe (every trait, as changes from nothing) every this many steps
 * @property {string} autos             one character per history entry, "1" where chance drew it after a decision
 * @property {Object<string, any>[]} steps  per step, the traits that changed: the big ones (APPLY) as changes
 */

import { strFromU8, unzlibSync } from "fflate";
import { applyLogPatch, applyOps, applyTablePatch, applyTextPatch } from "./shared/sync.js";

export const FORMAT = "dragonwidgets-page/1";

/** The big traits, sent as changes (every other trait comes whole), and their value before any change. */
const APPLY = { observation: applyOps, legal_actions: applyTablePatch, log: applyLogPatch, text: applyTextPatch };
const EMPTY = Object.freeze({ observation: {}, legal_actions: [], log: [], text: "" });

/** Why an intent other than stepping does nothing here (what the widget shows as its last error). */
export function refusal(kind) {
  return `This page replays a recorded game and has no kernel, so it cannot do "${kind}": step through the `
    + "game with the timeline, the ←/→ keys or Undo (to play on, open the game in a notebook).";
}

/**
 * Return the bytes that zlib-compressed, base64-encoded text holds.
 * @param {string} text
 * @returns {Uint8Array}
 */
export function unpack(text) {
  const binary = atob(text.trim());
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return unzlibSync(bytes);
}

/**
 * The steps of a page: `at(step)` returns every trait at that step but `step`, from the keyframe before
 * it, or on from the step last asked when that one lies between.
 * @param {PagePayload} payload
 */
export function createReplay(payload) {
  const every = payload.keyframe_every;
  const initial = Object.freeze({ ...payload.traits, ...EMPTY });
  let last = { step: -1, shown: initial };
  const apply = (shown, change) => {
    const out = { ...shown };
    for (const [name, value] of Object.entries(change)) out[name] = APPLY[name] ? APPLY[name](shown[name], value) : value;
    return out;
  };
  return {
    length: payload.steps.length - 1,
    /** @param {number} step */
    at(step) {
      const key = step - (step % every);
      let k = key;
      let shown = initial;
      if (last.step >= key && last.step <= step) {
        k = last.step + 1;
        shown = last.shown;
      }
      for (; k <= step; k++) shown = apply(shown, payload.steps[k]);
      last = { step, shown };
      return shown;
    },
  };
}

const same = (a, b) => a === b || (typeof a === "object" && a !== null && JSON.stringify(a) === JSON.stringify(b));

/**
 * A model in anywidget's shape (get / set / on / off / save_changes / send) over `state`, a plain object of
 * traits, for a page with no kernel. `update(changes)` sets the traits given and fires `change:<name>` for
 * those whose value changed; the model's `send(msg)` calls `onSend(msg)`. `extra` adds fields to the model.
 * @param {Object<string, any>} state
 * @param {(msg: any) => void} onSend
 * @param {Object} [extra]
 */
export function createTraitModel(state, onSend, extra = {}) {
  const handlers = new Map();
  /** @param {Object<string, any>} changes */
  const update = (changes) => {
    const changed = Object.keys(changes).filter((name) => !same(state[name], changes[name]));
    for (const name of changed) state[name] = changes[name];
    for (const name of changed) for (const cb of [...(handlers.get(`change:${name}`) || [])]) cb(model, state[name]);
  };
  const model = {
    get: (name) => state[name],
    set: (name, value) => update({ [name]: value }),
    on(event, cb) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event).add(cb);
    },
    off(event, cb) {
      if (!cb) handlers.delete(event);
      else handlers.get(event)?.delete(cb);
    },
    save_changes() {},
    /** A message from the front end (`{kind, ...}`). */
    send: (msg) => onSend(msg),
    ...extra,
  };
  return { model, update };
}

/**
 * A model of the widget that replays the page's steps: the front end reads its traits and sends intents.
 * @param {PagePayload} payload
 */
export function createPageModel(payload) {
  const replay = createReplay(payload);
  const state = { ...replay.at(payload.start), step: payload.start };
  const goto = (step) => {
    if (!Number.isInteger(step) || step < 0 || step > replay.length) {
      update({ last_error: `step must be an int in 0..${replay.length}, got ${JSON.stringify(step)}` });
      return;
    }
    update({ ...replay.at(step), step, last_error: "" });
  };
  // As `Game.undo`: back over the chance outcomes drawn after the last decision, then over that decision.
  const undo = () => {
    let step = state.step;
    while (step > 0 && payload.autos[step - 1] === "1") step -= 1;
    if (step === 0) update({ last_error: "no decision to undo: the game is at its first decision" });
    else goto(step - 1);
  };
  const { model, update } = createTraitModel(state, (msg) => {
    const kind = msg?.kind;
    if (kind === "goto") goto(msg.step);
    else if (kind === "undo") undo();
    else update({ last_error: refusal(String(kind)) });
  });
  return model;
}

/** The keys that do something in a page (nothing can be chosen in a recorded game: no digits, no Enter). */
export const PAGE_KEY_HELP = "Keys: ←/→ step the timeline · u undo (a recorded game: nothing to choose)";

/** Keys pressed while nothing has the focus (the page itself) go to the widget, as if it had it. */
function forwardKeys(doc, root) {
  doc.addEventListener("keydown", (event) => {
    if (event.target !== doc.body && event.target !== doc.documentElement) return;
    root.focus({ preventScroll: true });
    const copy = new KeyboardEvent("keydown", { key: event.key, code: event.code, bubbles: true, cancelable: true });
    if (!root.dispatchEvent(copy)) event.preventDefault();
  });
}

/**
 * Import the game's bundle that the page holds (`#dw-bundle`: zlib, base64) from a Blob URL and render it
 * with `model` in `el`; the widget's root then has the focus and gets the keys pressed on the page.
 * @param {Document} doc
 * @param {HTMLElement} el
 * @param {Object} model
 * @returns {Promise<HTMLElement|null>} the widget's root (`.dw-root`)
 */
export async function mountBundle(doc, el, model) {
  const source = strFromU8(unpack(doc.getElementById("dw-bundle").textContent));
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  let widget;
  try {
    widget = (await import(url)).default;
  } finally {
    URL.revokeObjectURL(url);
  }
  el.replaceChildren();
  widget.initialize?.({ model });
  widget.render({ model, el });
  const root = el.querySelector(".dw-root");
  if (root) {
    root.focus({ preventScroll: true });
    forwardKeys(doc, root);
  }
  return root;
}

/**
 * Show the page's game in `#dw-widget`: decode the data, import the bundle, render. On failure the page
 * says why instead.
 * @param {Document} doc
 */
export async function boot(doc = document) {
  const el = doc.getElementById("dw-widget");
  try {
    const header = JSON.parse(doc.getElementById("dw-data").textContent);
    if (header.format !== FORMAT) throw new Error(`its data is in the format ${header.format}, this script reads ${FORMAT}`);
    const payload = JSON.parse(strFromU8(unpack(header.data)));
    const model = createPageModel(payload);
    await mountBundle(doc, el, model);
    for (const keys of el.querySelectorAll(".dw-keys")) keys.textContent = PAGE_KEY_HELP;
    globalThis.dragonwidgetsPage = { model, payload }; // for people poking around, and the browser tests
  } catch (err) {
    const p = doc.createElement("p");
    p.className = "dw-page-failed";
    p.textContent = `This page could not show the game: ${err?.message ?? err}`;
    el.replaceChildren(p);
  }
}

if (typeof document !== "undefined" && document.getElementById("dw-data") && document.getElementById("dw-widget")) boot();
