// The frame every game shares: status, board, legal actions, timeline, seats, viewer, log, inspector.
// A game supplies only `createBoard`; the shell wires the board's `data-target` elements to the legal
// actions, routes clicks and keys to intents, redraws on `change:` events and cleans up after itself.

/** @typedef {import("./model.js").GameTraits} GameTraits */
/** @typedef {import("./model.js").Model} Model */
/** @typedef {import("./model.js").Action} Action */
/**
 * What a game's board module returns.
 * @typedef {Object} Board
 * @property {Element} el                         the board's root element (SVG or HTML)
 * @property {(t: GameTraits) => void} update     redraw from the traits
 * @property {() => void} [afterBind]             adjust the elements just bound to legal actions (also called
 *     while editing, with none bound: the board is updated in place, so its marks must follow)
 * @property {(el: Element) => Element|null} [standsOn]  the element a piece is drawn on (targets.js: a piece
 *     standing for the same action as its place lets clicks through to it)
 * @property {() => void} [dispose]
 * @property {(action: Action) => string|null} [confirm]  for an action that costs something or cannot be
 *     undone in play (a token spent, a realm entered for good), the question asked in the page before a
 *     click or key on the board sends it (js/shared/choices.js); null for any other action
 * @property {(ctx: EditContext) => BoardEditor} [edit]  edit mode (js/shared/edit.js): a board that offers it
 *     gets an Edit button in the teacher's view. The shell calls `edit(ctx)` when the table starts being
 *     edited (the `editing` trait) and `dispose()` on the editor when it stops. While editing, the shell
 *     binds no legal action on the board: after each `update(t)` of the board it calls the editor's
 *     `update(t)`, where `t.edit_position` is the draft (`game.position()`'s JSON, the whole table in the
 *     game's own terms) and `t.observation` its full table, which the board has just drawn.
 *     The editor's rules:
 *     - Each change is one `ctx.sendEdit(ops)`, ops `[[path, value], ...]` into `t.edit_position`, applied
 *       together by Python (moving a piece takes it from one list and puts it on another in one edit).
 *       Python judges every edit: the editor never redraws the board itself nor decides what is legal; a
 *       refused edit shows its error in the toolbar and changes nothing.
 *     - Pieces and places are marked with `markEditable(el, {key, name, pressed, disabled})` (edit.js): a
 *       focusable button with an accessible name and a key `data-edit` that stays the same across redraws
 *       (the shell gives the focus back to it, or for "A/B" to "A"); `unmarkEditable` in `dispose()`.
 *     - Mouse: a click picks a piece up, a click on a place puts it down. Keys (`key(event)`, return true
 *       when used): Enter or Space picks up and puts down, Escape drops the piece held, arrows move among
 *       what Enter can act on now (`cycle` in edit.js); a game's own keys are said in `help`.
 *     - Controls that are not on the board (a facing, a track's position) go in `ctx.tools` (an element
 *       of the edit toolbar), each with an accessible name; `ctx.hint(text)` says what is held.
 */
/**
 * What the shell gives a board's editor.
 * @typedef {Object} EditContext
 * @property {(kind: string, fields?: Object) => void} send   send an intent (model.js INTENTS)
 * @property {(ops: [(string|number)[], any][]) => void} sendEdit  send one `edit` intent with these ops
 * @property {Model} model
 * @property {HTMLElement} tools                   the edit toolbar's place for the game's own controls
 * @property {(text: string) => void} hint          say what the editor holds or expects ("" clears)
 */
/**
 * A board's editor (returned by `Board.edit`).
 * @typedef {Object} BoardEditor
 * @property {(t: GameTraits) => void} update      mark the pieces and places just drawn as editable
 * @property {() => void} dispose                  remove every mark, listener and control it added
 * @property {(event: KeyboardEvent) => boolean} [key]  a key pressed in the widget (not in a text field)
 * @property {string} [help]                       the toolbar's help line (mouse and keys)
 */

import { h } from "./dom.js";
import { createScope, sendIntent } from "./model.js";
import { bindTargets, choicesIn, CHOICE, isChoice, previewAction, unbindTargets } from "./targets.js";
import { createActionList } from "./actions.js";
import { createTimeline, takeBacksBlocked } from "./timeline.js";
import { createLog } from "./log.js";
import { createInspector } from "./inspector.js";
import { createSeats } from "./seats.js";
import { createViewer } from "./viewer.js";
import { createStatus } from "./status.js";
import { attachKeyboard, KEY_HELP } from "./keyboard.js";
import { attachRuleTips, rememberRuleFocus, restoreRuleFocus } from "./rules.js";
import { createEditMode, focusedEditKey, markRound, restoreEditFocus } from "./edit.js";
import { overlayAttribute } from "./morph.js";
import { actionsOn, createChoiceBar } from "./choices.js";
import { createFocusRing } from "./focus_ring.js";
import { createLessonPanel, LESSON_KEY_HELP } from "./lesson_panel.js";
import { createAnnotations, stepNotes, switchClicked } from "./annotations.js";
import { createAnalysisPanel, decorateActions, markLog, tintBoard, timelineMarks } from "./analysis.js";
import sharedCss from "./shell.css";

const TRAITS = [
  "game_name", "board", "observation", "legal_actions", "can_act", "step", "history_length", "log", "seats",
  "bot_names", "viewer", "viewer_choices", "view_seat", "status", "last_error", "playing", "pace", "player_names", "text", "take_backs",
  "rule_texts", "editing", "edit_position", "lesson", "annotations", "recording", "analysis", "review",
];

/**
 * Read every synced trait, with safe defaults for a model that lacks some.
 * @param {Model} model
 * @returns {GameTraits}
 */
export function readTraits(model) {
  const t = {};
  for (const name of TRAITS) t[name] = model.get(name);
  t.observation ??= {};
  t.board ??= {};
  t.legal_actions ??= [];
  t.log ??= [];
  t.seats ??= [];
  t.bot_names ??= [];
  t.player_names ??= [];
  t.take_backs ??= true;
  t.viewer_choices ??= null;
  t.rule_texts ??= {};
  t.edit_position ??= {};
  t.annotations ??= {};
  t.recording ??= {};
  t.analysis ??= {};
  t.review ??= {};
  return /** @type {GameTraits} */ (t);
}

function rememberFocus(container) {
  const active = document.activeElement;
  if (!active || !container.contains(active)) return null;
  return active.getAttribute("data-target") ?? active.getAttribute("data-action-id") ?? "";
}

const firstChoice = (container) => choicesIn(container)[0] ?? null;
/** The title of a game for the widget's accessible name ("chasse_au_dragon" -> "Chasse au dragon"). */
const gameTitle = (name) => (name ? name[0].toUpperCase() + name.slice(1).replace(/_/g, " ") : "Game");

/**
 * Put the focus back on the redrawn element for the same target (or the first choice) when a redraw
 * took it away. Returns false when the focus was on a choice and none is left (e.g. the bots' turn).
 */
function restoreFocus(container, key, attr) {
  const active = document.activeElement;
  if (key === null || (container.contains(active) && isChoice(active))) return true;
  const same = [...container.querySelectorAll(`[${attr}]`)].find((el) => el.getAttribute(attr) === key && isChoice(el));
  const next = same || firstChoice(container);
  next?.focus();
  return Boolean(next);
}

/**
 * Render a game widget into `el` and return the cleanup.
 * @param {{model: Model, el: HTMLElement, createBoard: (ctx: Object) => Board, css?: string,
 *          colours?: (t: GameTraits, seat: number) => string[]}} opts
 * @returns {() => void}
 */
export function mountShell({ model, el, createBoard, css = "", colours = () => [] }) {
  const scope = createScope(model);
  const send = (kind, fields) => sendIntent(model, kind, fields);
  let t = readTraits(model);
  const nameOf = (seat) => t.player_names[seat] ?? `Seat ${seat + 1}`;

  const board = createBoard({ model, scope, send });
  const status = createStatus();
  const actions = createActionList();
  const timeline = createTimeline(send, scope);
  const log = createLog(nameOf);
  const seats = createSeats(send, scope);
  const viewer = createViewer(send, scope);
  const inspector = createInspector(scope, () => t);
  const edit = createEditMode({ model, board, scope, send, panels: [timeline.el, seats.el, viewer.el] });
  const choices = createChoiceBar();
  const ring = createFocusRing();
  const lessonPanel = t.lesson !== undefined && t.lesson !== null
    ? createLessonPanel({ send: (msg) => model.send(msg), scope, board: board.el, nameOf })
    : null;
  /** Draw the ring around the focused choice of an SVG board when the keyboard put it there; else none. */
  const ringFocus = () => {
    const active = document.activeElement;
    const choice = active && board.el.contains(active) && active.ownerSVGElement
      && isChoice(active);
    let visible = false;
    try {
      visible = Boolean(choice) && active.matches(":focus-visible");
    } catch {
      visible = false; // a DOM without :focus-visible (jsdom)
    }
    if (visible) ring.show(active);
    else ring.hide();
  };
  // A lesson widget or page (a `lesson` trait): the lesson panel beside the board (lesson_panel.js).
  const lessonOn = Boolean(lessonPanel);
  // comments and variations (annotations.js): marks on the timeline's track, notes in the log, the Comments panel
  const notes = lessonOn ? null : createAnnotations({ send, scope, range: timeline.range });
  if (notes) scope.listen(log.el, "click", (event) => switchClicked(event, send));
  // the Analyse switch and the Review (analysis.js): values beside the actions and on the board, marks in the log
  const analysis = lessonOn ? null : createAnalysisPanel({ send, scope, nameOf });
  const reviewTrack = h("div", { class: "dw-review-marks" });
  timeline.el.append(reviewTrack);
  const boardWrap = h("div", { class: "dw-board-wrap", "data-lm-suppress-shortcuts": "" }, board.el, choices.el);
  // The widget's one entry point (issue 27, item 14): its root is its first tab stop, named after the game;
  // the board is one more (a roving tab stop, arrows move among its choices), so Tab leaves it in one press.
  const root = h(
    "div",
    {
      class: `dw-root dw-game-${t.game_name || "game"}${lessonOn ? " dw-lesson-mode" : ""}`,
      "data-lm-suppress-shortcuts": "",
      tabindex: "0",
      role: "region",
      "aria-label": `${gameTitle(t.game_name)} game: Tab moves on to the board, arrows move among its choices`,
    },
    h("style", { text: sharedCss + "\n" + css }),
    h("div", { class: "dw-header" }, status.el, edit.toggle, notes?.toggle, viewer.el),
    edit.bar,
    h(
      "div",
      { class: "dw-main" },
      boardWrap,
      lessonPanel?.el, // beside the board on a wide page, right under it in a notebook's width
      h("div", { class: "dw-side" }, actions.el, analysis?.el, timeline.el, notes?.el, seats.el),
    ),
    h("div", { class: "dw-footer" }, log.el, inspector.el, h("p", { class: "dw-muted dw-keys", text: lessonOn ? LESSON_KEY_HELP : KEY_HELP })),
  );
  el.append(root);
  if (lessonPanel) scope.listen(root, "keydown", (event) => lessonPanel.key(event));
  const tips = attachRuleTips({ root, scope, texts: () => t.rule_texts });

  // Keyboard focus on a choice that a redraw removed (the last decision of a turn) waits on the root,
  // "parked", so keys still reach the widget; it moves to the first choice when there is one again
  // (the person's next turn), instead of falling out of the widget for good.
  let parked = false;
  // Parked here or by a press on a choice, the root shows no focus ring (it is drawn when Tab brings the focus
  // to the widget): the class goes when the focus moves on.
  const park = () => {
    parked = true;
    root.classList.add("dw-parked");
    root.focus({ preventScroll: true });
  };
  scope.listen(root, "focusout", (event) => {
    if (event.target === root) root.classList.remove("dw-parked");
  });
  const unpark = () => {
    if (!parked) return;
    if (document.activeElement !== root) parked = false;
    else {
      const next = firstChoice(board.el) || firstChoice(actions.el);
      if (next) {
        parked = false;
        next.focus({ preventScroll: true });
      }
    }
  };
  // The focus a redraw took away is given back once every panel is drawn (`restoreFoci`): moving the
  // focus lays the page out, and once is enough.
  const lostFoci = [];
  const restoreFoci = () => {
    for (const [container, key, attr] of lostFoci.splice(0)) if (!restoreFocus(container, key, attr)) park();
  };
  const drawBoard = () => {
    if (edit.editor) return drawEditedBoard();
    const focus = rememberFocus(board.el);
    board.update(t);
    bindTargets(board.el, t.legal_actions, Boolean(t.can_act), board.standsOn);
    board.afterBind?.();
    lostFoci.push([board.el, focus, "data-target"]);
    roveBoard();
  };
  // A roving tab stop: of the board's choices only one is in the tab order (the one focused last, kept
  // across redraws by its data-target, else the first); arrows move among them (keyboard.js).
  let rovingKey = null;
  const roveBoard = (to = null) => {
    // an SVG clips its overflow, so chromium makes it a keyboard-focusable scroller: one more tab stop, out
    for (const svg of [board.el, ...board.el.querySelectorAll("svg")]) {
      if (svg.localName === "svg" && !svg.hasAttribute("tabindex")) svg.setAttribute("tabindex", "-1");
    }
    const items = choicesIn(board.el);
    const active = document.activeElement;
    const chosen = to ?? (items.includes(active) ? active : null);
    // only a choice the person focused is remembered: else the first, as a board drawn anew has it
    if (chosen) rovingKey = chosen.getAttribute("data-target");
    const stop = chosen ?? items.find((el) => el.getAttribute("data-target") === rovingKey) ?? items[0];
    for (const el of items) overlayAttribute(el, "tabindex", el === stop ? "0" : "-1");
  };
  // While the table is edited, the editor marks the pieces and places (no legal action is bound).
  const drawEditedBoard = () => {
    const focus = focusedEditKey(board.el);
    board.update(t);
    unbindTargets(board.el);
    board.afterBind?.(); // nothing bound: the pieces that let clicks through to a choice take clicks again
    markRound(board.el, () => edit.editor.update(t));
    restoreEditFocus(board.el, focus);
  };
  const drawActions = () => {
    const focus = rememberFocus(actions.el);
    const onRule = rememberRuleFocus(actions.el);
    actions.update(t.legal_actions, Boolean(t.can_act), t.observation.is_over ? "The game is over." : "");
    choices.update(t.legal_actions, Boolean(t.can_act) && !t.editing);
    if (restoreRuleFocus(actions.el, onRule)) return;
    lostFoci.push([actions.el, focus, "data-action-id"]);
  };
  const drawSeats = () =>
    seats.update({
      seats: t.seats,
      botNames: t.bot_names,
      names: t.player_names,
      colours: (seat) => colours(t, seat),
      playing: Boolean(t.playing),
      pace: t.pace ?? 0.5,
      toMove: t.observation.current_player ?? null,
      isOver: Boolean(t.observation.is_over),
      locked: takeBacksBlocked(t.take_backs, t.viewer),
    });
  const draws = [
    // before the board: edit mode starts or stops the board's editor
    [["editing", "edit_position", "viewer", "last_error"], () => edit.update(t)],
    [["board", "observation", "legal_actions", "can_act", "view_seat", "player_names", "text", "editing", "edit_position", "viewer"], drawBoard],
    [["legal_actions", "can_act", "observation"], drawActions],
    [
      ["step", "history_length", "take_backs", "viewer"],
      () => timeline.update(t.step ?? 0, t.history_length ?? 0, takeBacksBlocked(t.take_backs, t.viewer)),
    ],
    [["annotations", "recording", "step", "history_length", "legal_actions"], () => notes?.update(t)],
    [["log", "player_names", "annotations", "recording"],
      () => log.update(t.log, notes ? (k) => stepNotes(t.annotations, k, notes.canSwitch()) : null)],
    // after the board, the actions and the log: the analysis writes its values and marks into what they drew
    [["analysis", "review", "board", "observation", "legal_actions", "can_act", "view_seat", "log", "step", "history_length",
      "annotations", "recording", "player_names", "editing"], () => {
      if (!analysis) return;
      analysis.update(t.analysis, t.review);
      decorateActions([actions.el, choices.el], t.analysis);
      tintBoard(board.el, t.analysis);
      markLog(log.el, t.review);
      reviewTrack.replaceChildren(...[timelineMarks(t.review, t.history_length ?? 0)].filter(Boolean));
    }],
    [["seats", "bot_names", "player_names", "playing", "pace", "observation", "board", "take_backs", "viewer"], drawSeats],
    [["viewer", "viewer_choices", "player_names"], () => viewer.update(t.viewer || "teacher", t.player_names, t.viewer_choices)],
    // while editing, the edit toolbar shows a refused edit's error, beside the board
    [["status", "last_error", "editing"], () => status.update(t.status, edit.editor ? "" : t.last_error)],
    [["observation", "legal_actions", "text"], () => inspector.update()],
  ];
  // after the board: the lesson lights the elements its step names on the board just drawn
  if (lessonPanel) draws.push([["lesson", "board", "observation", "legal_actions", "can_act", "view_seat"], () => lessonPanel.update(t.lesson)]);
  // One message from Python changes several traits: collect the draws they need, run each once.
  const dirty = new Set();
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (disposed) return;
    t = readTraits(model);
    for (const [, draw] of draws) if (dirty.has(draw)) draw();
    dirty.clear();
    restoreFoci();
    unpark();
    ringFocus();
    tips.sync();
  };
  let disposed = false;
  scope.defer(() => (disposed = true));
  for (const [traits, draw] of draws) {
    scope.onChange(traits, () => {
      dirty.add(draw);
      if (!scheduled) {
        scheduled = true;
        queueMicrotask(flush);
      }
    });
    draw();
  }
  restoreFoci();

  const actionById = (id) => t.legal_actions.find((a) => a.id === id) || null;
  // What a click or Enter on a board element does (issue 27, item 12): what its highlight suggests. An element
  // several actions share opens the picker of those actions under the board; a costly or irreversible action
  // (the board's `confirm`) asks there first. Returns whether the action was sent.
  let asker = null; // the board element whose question is open: the focus goes back to it on Cancel
  const chooseOnBoard = (el) => {
    const pick = el.getAttribute("data-pick");
    if (pick !== null) {
      const name = el.getAttribute("aria-label")?.split(":")[0].trim() || pick;
      asker = el;
      choices.pick(pick, name, actionsOn(t.legal_actions, pick));
      return false;
    }
    const action = actionById(el.getAttribute("data-action-id"));
    const question = action && board.confirm?.(action);
    if (question) {
      asker = el;
      choices.confirm(action, question);
      return false;
    }
    send("act", { id: el.getAttribute("data-action-id") });
    return true;
  };
  const cancelQuestion = () => {
    if (!choices.close()) return false;
    if (asker && board.el.contains(asker)) asker.focus({ preventScroll: true });
    asker = null;
    return true;
  };
  scope.listen(root, "click", (event) => {
    const target = /** @type {Element} */ (event.target);
    if (target.closest("[data-rule]")) return; // a rule chip shows its text (rules.js), wherever it is drawn
    const intent = target.closest("[data-intent]");
    if (intent) {
      if (!intent.disabled && intent.getAttribute("aria-disabled") !== "true") send(intent.getAttribute("data-intent"));
      return;
    }
    if (target.closest("[data-choice-cancel]")) {
      cancelQuestion();
      return;
    }
    const picked = target.closest("[data-pick]");
    if (picked && board.el.contains(picked) && !edit.editor) {
      chooseOnBoard(picked);
      return;
    }
    const chosen = target.closest("[data-action-id]");
    if (!chosen || chosen.getAttribute("aria-disabled") === "true") return;
    if (board.el.contains(chosen)) {
      if (!chooseOnBoard(chosen)) return;
    } else send("act", { id: chosen.getAttribute("data-action-id") }); // first: the kernel starts on it at once
    // A click that focused the choice anyway (a pointer without a mouse press): the focus goes to the root
    // now, as the press below would have put it. Enter (a click of detail 0) keeps the focus on the choices.
    if (event.detail > 0 && document.activeElement === chosen) {
      root.classList.add("dw-parked");
      root.focus({ preventScroll: true });
    }
  });
  // A mouse press on a choice does not move the focus to it: Python's answer redraws the choices and
  // would take it away again. The focus waits on the root instead (moved there by the first press only),
  // so keys still reach the widget and a click of the same widget changes no focus at all: nothing is
  // restyled or laid out while the kernel works, and the page is free when the answer arrives.
  scope.listen(root, "mousedown", (event) => {
    const target = /** @type {Element} */ (event.target);
    const chosen = target.closest(CHOICE);
    if (event.button !== 0 || !chosen || target.closest("[data-rule]") || chosen.getAttribute("aria-disabled") === "true") return;
    event.preventDefault();
    if (document.activeElement !== root) {
      root.classList.add("dw-parked");
      root.focus({ preventScroll: true });
    }
  });
  // The action under the pointer or focus (or whose rules are) shows on the board what it would do.
  // Focus parked on the root (after a click, while Python answers) changes nothing on the board: the
  // redraw that follows clears the preview (bindTargets), in the same frame as the new position.
  const preview = (event) => {
    const target = /** @type {Element} */ (event.target);
    if (target === root) return;
    const id = target.closest?.("[data-action-id]")?.getAttribute("data-action-id")
      ?? target.closest?.(".dw-rule-group[data-rule-owner]")?.getAttribute("data-rule-owner");
    previewAction(board.el, id ? actionById(id) : null);
  };
  scope.listen(root, "pointerover", preview);
  scope.listen(root, "focusin", preview);
  // JupyterLab matches its shortcuts from the focused element up to the first element marked
  // data-lm-suppress-shortcuts; a selector such as ".jp-Notebook.jp-mod-commandMode :focus" matches
  // the focused control itself (the timeline slider, a board element), so the mark goes there too:
  // arrow keys then move the slider or the choice, not the notebook's cell selection.
  scope.listen(root, "focusin", (event) => {
    const el = /** @type {Element} */ (event.target);
    if (el !== root && !el.hasAttribute("data-lm-suppress-shortcuts")) overlayAttribute(el, "data-lm-suppress-shortcuts", "");
  });
  scope.listen(board.el, "focusin", (event) => {
    const el = /** @type {Element} */ (event.target);
    if (isChoice(el)) roveBoard(el);
    ringFocus();
  });
  scope.listen(board.el, "focusout", () => ring.hide());
  scope.listen(root, "focusout", (event) => {
    if (!root.contains(/** @type {Node|null} */ (event.relatedTarget))) parked = false;
  });
  scope.listen(root, "pointerleave", () => previewAction(board.el, null));
  scope.listen(root, "keydown", (event) => {
    if (edit.key(event)) event.preventDefault();
  });
  attachKeyboard({
    root,
    board: board.el,
    list: actions.el,
    scope,
    send,
    actions: () => t.legal_actions,
    canAct: () => Boolean(t.can_act) && !t.editing,
    step: () => t.step ?? 0,
    length: () => t.history_length ?? 0,
    takeBacks: () => !takeBacksBlocked(t.take_backs, t.viewer) && !t.editing,
    choose: (el) => chooseOnBoard(el),
    escape: cancelQuestion,
  });

  return () => {
    ring.hide();
    scope.dispose();
    board.dispose?.();
    root.remove();
  };
}
