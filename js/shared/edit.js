// Edit mode (teacher's view only): set up a position on the board, then play from it. Python's side is
// dragonwidgets/widgets/editing.py; every change is an intent Python judges, so this module only shows and sends.
//
// The header's Edit toggle sends `edit_start`. While the `editing` trait is on, a toolbar under the header
// offers Play from here (`edit_play`), Cancel (`edit_cancel`), Copy position (the draft `edit_position` as
// JSON) and the game's own controls; it shows a refused edit's error (`last_error`) and a help line. The
// timeline, the seats and the view menu are inert meanwhile. The board's editor (`board.edit(ctx)`, the
// contract is in shell.js's Board typedef) turns clicks and keys on the board into `edit` intents; the
// board is redrawn from what Python answers, never by the editor. A model without the `editing` trait (an
// older Python, a page with no kernel) or a board without `edit` gets no Edit button; seat views never do.

/** The synced traits this module reflects. @typedef {Pick<import("./model.js").GameTraits, "viewer" | "last_error"> & {editing?: boolean, edit_position?: Object}} EditTraits */
/** @typedef {import("./shell.js").Board} Board */
/** @typedef {import("./shell.js").BoardEditor} BoardEditor */
/** @typedef {import("./shell.js").EditContext} EditContext */

import { h } from "./dom.js";
import { overlayAttribute, overlayClasses, restoreAttribute } from "./morph.js";

export const EDIT_HELP = "Click a piece to pick it up, then a place to put it. Keys: Tab or the arrows move, Enter picks up and puts down, Esc drops.";
const COPY_SHOWN_MS = 4000;
const EDITABLE = new Set(["INPUT", "SELECT", "TEXTAREA"]);

/**
 * Whether edit mode may be offered: Python edits (the model has the `editing` trait), the game's board
 * has an editor, and this is the teacher's view.
 * @param {EditTraits} t
 * @param {Board} board
 */
export function mayEdit(t, board) {
  return typeof board.edit === "function" && typeof t.editing === "boolean" && (t.viewer || "teacher") === "teacher";
}

/** The draft position as the text Copy position gives (one-space indents, as a notebook cell reads it). */
export const positionText = (position) => JSON.stringify(position ?? {}, null, 1);

/**
 * The element after (delta 1) or before (-1) `current` in `list`, wrapping round; the first (or last)
 * when `current` is not in it. For a board editor's arrow keys.
 * @template T
 * @param {T[]} list
 * @param {T|null} current
 * @param {number} delta
 * @returns {T|null}
 */
export function cycle(list, current, delta) {
  if (!list.length) return null;
  const i = list.indexOf(current);
  if (i < 0) return list[delta > 0 ? 0 : list.length - 1];
  return list[(i + delta + list.length) % list.length];
}

/**
 * Mark a board element as an editable piece or place: a button (focusable, named) that keeps its key
 * across redraws (`data-edit`), so the shell can give the focus back to it.
 * @param {Element} el
 * @param {{key: string, name: string, pressed?: boolean|null, disabled?: boolean}} o
 */
export function markEditable(el, { key, name, pressed = null, disabled = false }) {
  marked?.add(el);
  overlayAttribute(el, "data-edit", key);
  overlayAttribute(el, "tabindex", "0");
  overlayAttribute(el, "role", "button");
  overlayAttribute(el, "aria-label", name);
  if (!el.classList.contains("dw-editable")) el.classList.add("dw-editable");
  if (pressed === null) restoreAttribute(el, "aria-pressed");
  else overlayAttribute(el, "aria-pressed", pressed ? "true" : "false");
  if (disabled) overlayAttribute(el, "aria-disabled", "true");
  else restoreAttribute(el, "aria-disabled");
}

const EDIT_ATTRIBUTES = ["data-edit", "tabindex", "role", "aria-label", "aria-pressed", "aria-disabled"];
overlayClasses("dw-editable", "dw-edit-held");
/** The elements `markEditable` marked in the current `markRound`, or null outside one. @type {Set<Element>|null} */
let marked = null;

function unmarkOne(el) {
  el.classList.remove("dw-editable", "dw-edit-held");
  for (const attr of EDIT_ATTRIBUTES) restoreAttribute(el, attr);
}

/** Undo `markEditable` on every element under `root`. @param {Element} root */
export function unmarkEditable(root) {
  for (const el of root.querySelectorAll(".dw-editable")) unmarkOne(el);
}

/**
 * Run `mark` (an editor's update, which marks what is editable now) and unmark the elements under
 * `root` it did not mark: the board is updated in place, so an element keeps its marks between redraws.
 * @param {Element} root
 * @param {() => void} mark
 */
export function markRound(root, mark) {
  marked = new Set();
  try {
    mark();
    for (const el of root.querySelectorAll(".dw-editable")) if (!marked.has(el)) unmarkOne(el);
  } finally {
    marked = null;
  }
}

/** The key of the focused editable element under `root`, or null. */
export function focusedEditKey(root) {
  const active = document.activeElement;
  return active && root.contains(active) ? active.getAttribute("data-edit") : null;
}

/**
 * Give the focus back after a redraw to the element with edit key `key` (or, for a key "A/B" whose
 * element is gone, to "A": a piece's place) when the redraw took it away.
 * @param {Element} root
 * @param {string|null} key
 */
export function restoreEditFocus(root, key) {
  if (key === null || root.contains(document.activeElement)) return;
  const find = (k) => [...root.querySelectorAll("[data-edit]")].find((el) => el.getAttribute("data-edit") === k);
  (find(key) || find(key.split("/")[0]))?.focus({ preventScroll: true });
}

/**
 * The Edit toggle (for the header) and the edit toolbar, wired to a board that may offer `edit(ctx)`.
 * @param {{model: import("./model.js").Model, board: Board, scope: {listen: Function, defer: Function},
 *          send: (kind: string, fields?: Object) => void, panels: Element[]}} o
 *        panels: the elements made inert while editing (timeline, seats, view menu)
 */
export function createEditMode({ model, board, scope, send, panels }) {
  const toggle = h("button", {
    type: "button", class: "dw-btn dw-edit-toggle", "data-intent": "edit_start", "aria-pressed": "false", text: "Edit",
    title: "Set up a position on the board (the game is put aside until Play from here or Cancel)",
  });
  const play = h("button", { type: "button", class: "dw-btn dw-btn-due", "data-intent": "edit_play", text: "Play from here",
    title: "Start a game from this position (recorded as the game's start position)" });
  const cancel = h("button", { type: "button", class: "dw-btn", "data-intent": "edit_cancel", text: "Cancel",
    title: "Leave edit mode: back to the game as it was" });
  const copy = h("button", { type: "button", class: "dw-btn dw-edit-copy", text: "Copy position",
    title: "Copy the position as JSON, for new_game(..., position=json.loads(...)) in a notebook cell" });
  const copied = h("span", { class: "dw-edit-copied", role: "status", "aria-live": "polite" });
  const tools = h("div", { class: "dw-edit-tools" });
  const error = h("p", { class: "dw-edit-error", role: "alert" });
  const help = h("p", { class: "dw-edit-help dw-muted", text: EDIT_HELP });
  const hint = h("p", { class: "dw-edit-hint", "aria-live": "polite" });
  const text = h("textarea", { class: "dw-edit-json", readonly: true, rows: 8, spellcheck: "false",
    "aria-label": "The position as JSON (select it and copy)" });
  text.hidden = true;
  const bar = h(
    "section",
    { class: "dw-edit-bar", "aria-label": "Editing the table" },
    h("div", { class: "dw-edit-row" },
      h("strong", { class: "dw-edit-title", text: "Editing the table" }), play, cancel, copy, copied, tools),
    error, hint, help, text,
  );
  bar.hidden = true;
  toggle.hidden = true;

  /** @type {EditTraits} */
  let t = {};
  /** @type {BoardEditor|null} */
  let editor = null;
  let copiedTimer = 0;
  scope.defer(() => clearTimeout(copiedTimer));

  /** @type {EditContext} */
  const ctx = {
    model,
    send,
    sendEdit: (ops) => send("edit", { ops }),
    tools,
    hint: (words) => {
      hint.textContent = words || "";
    },
  };

  const say = (words) => {
    copied.textContent = words;
    clearTimeout(copiedTimer);
    copiedTimer = setTimeout(() => (copied.textContent = ""), COPY_SHOWN_MS);
  };
  const showText = () => {
    text.value = positionText(t.edit_position);
    text.hidden = false;
    text.focus();
    text.select();
    say("The clipboard is not available here: the position is selected in the box below, copy it from there.");
  };
  scope.listen(copy, "click", async () => {
    const json = positionText(t.edit_position);
    if (!navigator.clipboard?.writeText) return showText();
    try {
      await navigator.clipboard.writeText(json);
      text.hidden = true;
      say("Copied: the position is in the clipboard (JSON).");
    } catch {
      showText();
    }
  });

  const stopEditor = () => {
    editor?.dispose();
    editor = null;
    tools.replaceChildren();
    hint.textContent = "";
  };
  scope.defer(stopEditor);

  return {
    toggle,
    bar,
    /** The board's editor while the table is edited in this view, else null. */
    get editor() {
      return editor;
    },
    /** @param {EditTraits} traits */
    update(traits) {
      t = traits;
      const offered = mayEdit(t, board);
      const editing = offered && Boolean(t.editing);
      toggle.hidden = !offered;
      toggle.setAttribute("aria-pressed", editing ? "true" : "false");
      toggle.setAttribute("data-intent", editing ? "edit_cancel" : "edit_start");
      toggle.title = editing ? "Leave edit mode: back to the game as it was (as Cancel does)"
        : "Set up a position on the board (the game is put aside until Play from here or Cancel)";
      const hadFocus = bar.contains(document.activeElement);
      bar.hidden = !editing;
      for (const panel of panels) panel.toggleAttribute("inert", editing);
      if (editing && !editor) {
        editor = board.edit(ctx);
        help.textContent = editor.help || EDIT_HELP;
      } else if (!editing && editor) {
        stopEditor();
      }
      if (!editing) text.hidden = true;
      else if (!text.hidden) text.value = positionText(t.edit_position);
      error.textContent = editing && t.last_error ? `⚠ ${t.last_error}` : "";
      error.hidden = !error.textContent;
      if (hadFocus && bar.hidden && !toggle.hidden) toggle.focus({ preventScroll: true });
    },
    /**
     * Keys while editing go to the board's editor (Escape, arrows, Enter...); the play keys stay off
     * (Python refuses them anyway). Returns whether the key was used.
     * @param {KeyboardEvent} event
     */
    key(event) {
      if (!editor?.key || event.altKey || event.ctrlKey || event.metaKey) return false;
      if (EDITABLE.has(/** @type {HTMLElement} */ (event.target).tagName)) return false;
      return editor.key(event);
    },
  };
}
