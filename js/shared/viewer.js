// The viewer choice: the teacher's full table, hot-seat (follows the person to move) or one seat's view.

/** The synced traits this module reflects. @typedef {Pick<import("./model.js").GameTraits, "viewer" | "viewer_choices" | "player_names">} ViewerTraits */

import { h, replaceChildren } from "./dom.js";

/**
 * The view menu's entries: Python's `viewer_choices` (with take-backs off in a seat view, only
 * "hotseat" and the person to move, so nobody at a shared screen opens another player's hand), or
 * every viewer when the trait is absent (an older Python); the view shown is always listed.
 * @param {string} viewer
 * @param {string[]} names
 * @param {string[]|null|undefined} choices
 * @returns {[string, string][]} value and text of each option
 */
export function viewerOptions(viewer, names, choices) {
  const all = [
    ["teacher", "Teacher (everything)"],
    ["hotseat", "Hot-seat (person to move)"],
    ...names.map((name, seat) => [String(seat), `${name} only`]),
  ];
  if (!Array.isArray(choices)) return all;
  return all.filter(([value]) => value === viewer || choices.includes(value));
}

/**
 * @param {(kind: string, fields?: Object) => void} send
 * @param {{listen: Function}} scope
 */
export function createViewer(send, scope) {
  const select = h("select", { class: "dw-viewer-select", "aria-label": "Whose view to show" });
  const el = h("label", { class: "dw-viewer" }, h("span", { text: "View" }), select);
  scope.listen(select, "change", () => send("set_viewer", { viewer: select.value }));
  return {
    el,
    /** @param {string} viewer @param {string[]} names @param {string[]|null} [choices] */
    update(viewer, names, choices) {
      const options = viewerOptions(viewer, names, choices);
      replaceChildren(
        select,
        options.map(([value, text]) => h("option", { value, text, selected: value === viewer })),
      );
      select.value = viewer;
      select.disabled = options.length < 2;
    },
  };
}
