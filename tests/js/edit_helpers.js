// What the editor tests (tests/js/edit*.test.js) share: a game's widget mounted on a fake model in a
// fresh element for each test, the clicks and keys a user makes, the `edit` intents sent, and two checks
// every editor must pass (a refused edit, the focus after Python's answer).

import { beforeEach, afterEach, expect, it, vi } from "vitest";
import { fakeModel, flush } from "./fake_model.js";

/** A click on `node`, as the mouse makes it. */
export const click = (node) => node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
/** Key `k` pressed on `node` (cancelable: the shell marks a key it used). */
export const key = (node, k) => node.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));

/**
 * The bench of one test file: `bench.mount(traits)` renders `widget` on a fake model with those traits
 * (returns the widget's `.dw-root`), `bench.editing(traits, draftOf)` the same while editing; `bench.el`, `bench.model` are the element and model of the test,
 * `bench.q(selector)` finds in the widget, `bench.edits()` lists the ops of each `edit` intent sent.
 * Every test gets a fresh element; the widget is cleaned up and stubbed globals restored after it.
 * `bench.at(key)` finds the element with edit key `key` on the board (`boardSelector`).
 * @param {{render: Function}} widget  a game's anywidget module (js/<game>.js)
 * @param {string} boardSelector       the board's element in the widget
 */
export function editBench(widget, boardSelector) {
  const bench = {
    /** @type {HTMLElement} */
    el: null,
    model: null,
    cleanup: null,
    mount(traits) {
      bench.model = fakeModel(traits);
      bench.cleanup = widget.render({ model: bench.model, el: bench.el });
      return bench.el.querySelector(".dw-root");
    },
    /** The draft of the last `editing` mount (a test may change it to send it back as Python's answer). */
    draft: null,
    /** Mount `traits` while editing, the draft Python sends for them being `draftOf(traits)`. */
    editing(traits, draftOf) {
      bench.draft = draftOf(traits);
      return bench.mount({ ...traits, editing: true, edit_position: bench.draft });
    },
    /** Take the widget away (the element stays for another mount). */
    unmount() {
      bench.cleanup?.();
      bench.cleanup = null;
      bench.el.replaceChildren();
    },
    q: (selector) => bench.el.querySelector(selector),
    at: (key) => bench.el.querySelector(`${boardSelector} [data-edit="${key}"]`),
    edits: () => bench.model.sent.filter((m) => m.kind === "edit").map((m) => m.ops),
  };
  beforeEach(() => {
    bench.el = document.body.appendChild(document.createElement("div"));
  });
  afterEach(() => {
    bench.unmount();
    bench.el.remove();
    vi.unstubAllGlobals();
  });
  return bench;
}

/** Every element marked editable on the board has a name (`markEditable`'s aria-label). */
export function expectEveryEditableNamed(bench, boardSelector) {
  const marked = bench.el.querySelectorAll(`${boardSelector} [data-edit]`);
  for (const node of marked) expect(node.getAttribute("aria-label"), node.outerHTML.slice(0, 80)).toBeTruthy();
  return marked;
}

/** Focus the piece `node` and press Enter: it is held (pressed). */
export function pickUpByEnter(node) {
  node.focus();
  key(node, "Enter");
  expect(node.getAttribute("aria-pressed")).toBe("true");
}

/** The play keys (`keys`, pressed on the widget's `root`) send nothing while editing. */
export function expectPlayKeysOff(bench, root, keys = ["1"]) {
  const sent = bench.model.sent.length;
  for (const k of keys) key(root, k);
  expect(bench.model.sent.length).toBe(sent);
}

/** Pick the piece `node` up by Enter, then Escape drops it: nothing is sent. */
export function expectEscapeDrops(bench, node) {
  const sent = bench.edits().length;
  pickUpByEnter(node);
  key(node, "Escape");
  expect(node.getAttribute("aria-pressed")).toBe("false");
  expect(bench.edits()).toHaveLength(sent);
}

/**
 * Python refuses an edit (`last_error`): the edit toolbar shows the error, naming `rule`, and the board
 * (`boardSelector`) is not redrawn differently.
 */
export async function expectRefusedEditShown(bench, boardSelector, error, rule) {
  const before = bench.q(boardSelector).innerHTML;
  bench.model.update({ last_error: error });
  await flush();
  const shown = bench.q(".dw-edit-error");
  expect(shown.hidden).toBe(false);
  expect(shown.getAttribute("role")).toBe("alert");
  expect(shown.textContent).toContain(rule);
  expect(bench.q(boardSelector).innerHTML).toBe(before);
}

/**
 * Focus `node`, let Python answer with the same table (`draft`), which redraws the board: returns the
 * edit key of the element focused then (the same piece's: the board is updated in place, so the piece
 * is the same element, still marked and focused).
 */
export async function editKeyFocusedAfterAnswer(bench, node, draft) {
  node.focus();
  bench.model.update({ observation: structuredClone(bench.model.get("observation")), edit_position: structuredClone(draft) });
  await flush();
  expect(node.isConnected).toBe(true); // updated in place
  expect(document.activeElement).toBe(node);
  return document.activeElement.getAttribute("data-edit");
}

/**
 * The two cases of Python's answer every editor passes: a refused edit (`error`, naming `rule`) is shown
 * and the board (`board`) stays as it was; the focus is on the piece `focus` again after a redraw.
 * @param {ReturnType<typeof editBench>} bench
 * @param {() => Element} editing  mounts the widget while editing (bench.editing)
 */
export function itAnswersPython(bench, editing, { board, error, rule, focus }) {
  it("a refused edit shows its error in the toolbar and nothing on the board changes", async () => {
    editing();
    await expectRefusedEditShown(bench, board, error, rule);
  });
  it("the focus comes back to the same piece after Python's answer redraws the board", async () => {
    editing();
    expect(await editKeyFocusedAfterAnswer(bench, bench.at(focus), bench.draft)).toBe(focus);
  });
}
