// The synced traits every game widget shares, and a scope that undoes every listener on cleanup.

/**
 * One legal action, as `Action.to_dict()` sends it.
 * @typedef {Object} Action
 * @property {string} id        stable id, e.g. "move T1 black"
 * @property {string} label     a sentence for people
 * @property {number} player    the seat that decides, or -1 for chance
 * @property {string} kind      the decision, e.g. "select_knight"
 * @property {string[]} targets board element ids it touches (first = the element to click)
 * @property {string[]} rules   rule IDs that make it legal
 * @property {number|null} prob probability of a chance outcome
 */

/**
 * The synced traits of `dragonwidgets.widgets.GameWidget` (Python is the authority; JS only reads them).
 * @typedef {Object} GameTraits
 * @property {string} game_name          e.g. "emerald"
 * @property {Object} board              the game's static layout (`game.board_layout()`), sent once
 * @property {Object<string, string>} rule_texts  every rule of the game, {rule ID: text}, sent once
 * @property {Object} observation        `game.observation(viewer)` at the shown step
 * @property {Action[]} legal_actions    what the viewer may see of the legal actions (may be empty)
 * @property {boolean} can_act           whether the listed actions may be chosen from this view now
 * @property {number} step               the shown step (0 = initial state)
 * @property {number} history_length     entries in the history (steps after `step` can be redone)
 * @property {{step:number, player:number, kind:string, text:string}[]} log  recent events
 * @property {string[]} seats            "human" or a bot name, per seat
 * @property {string[]} bot_names        the bots this game offers
 * @property {string} viewer             "teacher" | "hotseat" | "0".."n-1"
 * @property {string[]|null} viewer_choices  the viewers the view menu may offer now (every one, or with
 *                                       take-backs off in a seat view "hotseat" and the person to move);
 *                                       null when Python does not send it (every viewer is offered)
 * @property {number|null} view_seat     the seat whose view is shown (null: the full table)
 * @property {string} status             a sentence saying what happens now
 * @property {string} last_error         the last refused intent, "" when none
 * @property {boolean} playing           whether bot seats play by themselves
 * @property {number} pace               seconds between bot moves
 * @property {boolean} take_backs        false: seat views may not rewind or undo (the teacher view may)
 * @property {string[]} player_names     display name per seat
 * @property {string} text               the text board (the Python repr)
 * @property {number} version            how many sync messages built this state (js/shared/sync.js)
 */

/**
 * The part of anywidget's model the front end uses (also what the test fake implements).
 * @typedef {Object} Model
 * @property {(name: string) => any} get
 * @property {(event: string, cb: Function) => void} on
 * @property {(event: string, cb?: Function) => void} off
 * @property {(msg: Object) => void} send
 */

/** The message kinds the front end sends (Python routes each to the public method of that name). */
export const INTENTS = Object.freeze([
  "act", "goto", "undo", "play", "pause", "bot_step", "resolve_chance", "set_viewer", "set_seat", "set_pace",
  "resync", "edit_start", "edit", "edit_play", "edit_cancel",
  "enter_variation", "record_start", "record_stop", "annotate", "set_question", "clear_question", "record_export", "record_save",
  "analyse_start", "analyse_stop", "review_start", "review_stop",
]);

/**
 * Send an intent to Python. Only the kinds in INTENTS exist; Python validates everything else.
 * @param {Model} model
 * @param {string} kind
 * @param {Object} [fields]
 */
export function sendIntent(model, kind, fields = {}) {
  if (!INTENTS.includes(kind)) throw new Error(`unknown intent ${kind}`);
  model.send({ kind, ...fields });
}

/**
 * A bag of listeners (model and DOM) released together by `dispose()`.
 * @param {Model} model
 */
export function createScope(model) {
  /** @type {(() => void)[]} */
  const undo = [];
  return {
    /** Call `cb` on `change:<trait>` for each trait named. */
    onChange(traits, cb) {
      for (const trait of [].concat(traits)) {
        const event = `change:${trait}`;
        model.on(event, cb);
        undo.push(() => model.off(event, cb));
      }
    },
    /** Add a DOM listener removed on dispose. */
    listen(node, type, cb, options) {
      node.addEventListener(type, cb, options);
      undo.push(() => node.removeEventListener(type, cb, options));
    },
    /** Register any other cleanup. */
    defer(fn) {
      undo.push(fn);
    },
    dispose() {
      while (undo.length) undo.pop()();
    },
  };
}
