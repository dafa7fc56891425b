// Pick and put: the core the games' board editors share (js/<game>/edit.js; the contract is shell.js's
// Board.edit). A piece is picked up by a click or Enter, held (pressed, the hint says so) and put down on
// a place: the game turns that into the ops of one `edit` intent and the piece is dropped at once; the
// board is redrawn from Python's answer, never here. A place may also be chosen for the game's toolbar
// (a volcano, a pile). Keys: Enter or Space act on the focused piece or place, the arrows move over what
// is not disabled (or the game's own order), Escape drops what is held (else forgets the place chosen);
// the game's own keys come first. The focus after a redraw is the shell's (restoreEditFocus in edit.js).

import { cycle, markEditable, unmarkEditable } from "./edit.js";
import { nameWithVisibleText, visibleText } from "./targets.js";

/** The ops of one edit, `[[path, value], ...]`. @typedef {[(string|number)[], any][]} Ops */
/** A piece held; `key` is its element's edit key. @typedef {{key: string, kind: string}} Piece */

/**
 * What a game's editor says about its pieces and places. Every hook is called after the editor is made,
 * so it may read the editor (`held`, `chosen`, `traits`).
 * @typedef {Object} PickAndPutGame
 * @property {string} help                                   the edit toolbar's help line
 * @property {() => [Element, string][]} editables           the pieces and places drawn now, with their keys
 * @property {(key: string, el: Element) => Piece|null} pieceOf  the piece an element shows (null: a place)
 * @property {(key: string, el: Element) => {name: string, disabled?: boolean}} meaning
 *           what a click or Enter on it does now: its accessible name (the element's visible text is put
 *           before it when the name does not say it), disabled when it does nothing
 * @property {(key: string, el: Element) => Ops|null|undefined} putOn
 *           the ops that put the piece held there (null or []: none, the piece is dropped all the same;
 *           undefined: nothing happens, the piece stays held)
 * @property {(held: Piece|null, chosen: string|null) => string} hint  what is held or chosen, for the toolbar
 * @property {(key: string) => boolean|null} [pressed]      a place's pressed state (null: not a toggle)
 * @property {(key: string) => boolean} [act]               a click that acts whatever is held (a die): true when it did
 * @property {(key: string) => void} [usePlace]             a click on a place with nothing held (choose it...)
 * @property {() => void} [stillThere]                      forget what Python's new draft no longer has
 * @property {(chosen: string|null) => void} [toolbar]      redraw the game's own controls (for the place chosen)
 * @property {(event: KeyboardEvent, target: Element|null) => boolean} [key]  the game's own keys: true when used
 * @property {(target: Element, delta: number) => Element|null} [arrow]  where an arrow key goes (default:
 *           the next marked element that is not disabled, in the board's order)
 */

/**
 * A board editor (shell.js's BoardEditor) for `game`, plus what the game's code uses: `held` and
 * `chosen` (read and set), `traits` (the last `update`'s), `pick`, `drop`, `edit`, `choose`, `mark` and
 * `listen` (an event listener on a control, removed on dispose).
 * @param {Element} root  the board's element: the editables lie under it
 * @param {import("./shell.js").EditContext} ctx
 * @param {PickAndPutGame} game
 */
export function createPickAndPut(root, ctx, game) {
  /** @type {[EventTarget, string, EventListener][]} */
  const listeners = [];
  const editor = {
    help: game.help,
    /** @type {Piece|null} */
    held: null,
    /** The place whose toolbar is shown (its key). @type {string|null} */
    chosen: null,
    /** @type {import("./model.js").GameTraits|null} */
    traits: null,
    /** Mark the pieces and places as buttons named for what a click or Enter does now. */
    mark() {
      for (const [el, key] of game.editables()) {
        const { name, disabled = false } = game.meaning(key, el);
        const piece = game.pieceOf(key, el);
        const pressed = piece ? editor.held?.key === piece.key : game.pressed?.(key) ?? null;
        markEditable(el, { key, name: nameWithVisibleText(name, visibleText(el)), pressed, disabled });
        el.classList.toggle("dw-edit-held", Boolean(pressed));
      }
      root.classList.add("dw-editing");
      root.classList.toggle("dw-edit-holding", Boolean(editor.held));
      ctx.hint(game.hint(editor.held, editor.chosen));
    },
    /** @param {Piece} piece */
    pick(piece) {
      editor.held = piece;
      editor.mark();
    },
    drop() {
      editor.held = null;
      editor.mark();
    },
    /** Send one edit of these ops (none when empty) and drop the piece held. @param {Ops|null} ops */
    edit(ops) {
      if (ops?.length) ctx.sendEdit(ops);
      editor.drop();
    },
    /** Choose the place `key` for the toolbar, or forget it when it is chosen already. */
    choose(key) {
      editor.chosen = editor.chosen === key ? null : key;
      game.toolbar?.(editor.chosen);
      editor.mark();
    },
    listen(target, type, fn) {
      target.addEventListener(type, fn);
      listeners.push([target, type, fn]);
    },
    update(traits) {
      editor.traits = traits;
      game.stillThere?.();
      editor.mark();
      game.toolbar?.(editor.chosen);
    },
    key(event) {
      const k = event.key;
      const found = /** @type {Element} */ (event.target).closest?.("[data-edit]");
      const target = found && root.contains(found) ? found : null;
      if (k === "Escape" && (editor.held || editor.chosen)) {
        if (!editor.held) editor.chosen = null;
        game.toolbar?.(editor.chosen); // the controls show the draft again
        editor.drop();
      } else if (game.key?.(event, target)) return true;
      else if ((k === "Enter" || k === " ") && target) activate(target);
      else if (k.startsWith("Arrow") && target) {
        const delta = k === "ArrowRight" || k === "ArrowDown" ? 1 : -1;
        (game.arrow ? game.arrow(target, delta) : nextAlong(target, delta))?.focus();
      } else return false;
      return true;
    },
    dispose() {
      for (const [target, type, fn] of listeners) target.removeEventListener(type, fn);
      unmarkEditable(root);
      root.classList.remove("dw-editing", "dw-edit-holding");
      ctx.hint("");
    },
  };

  /** The marked element after (or before) `target` that does something now. */
  function nextAlong(target, delta) {
    const list = [...root.querySelectorAll("[data-edit]")].filter((el) => el === target || el.getAttribute("aria-disabled") !== "true");
    return cycle(list, target, delta);
  }
  /** A click or Enter on an editable element. */
  function activate(el) {
    const key = el.getAttribute("data-edit");
    const piece = game.pieceOf(key, el);
    if (game.act?.(key)) return;
    if (editor.held && piece?.key === editor.held.key) editor.drop();
    else if (editor.held) {
      const ops = game.putOn(key, el);
      if (ops !== undefined) editor.edit(ops);
    } else if (piece) editor.pick(piece);
    else game.usePlace?.(key);
  }
  editor.listen(root, "click", (event) => {
    const el = /** @type {Element} */ (event.target).closest?.("[data-edit]");
    if (el && root.contains(el)) activate(el);
  });
  return editor;
}
