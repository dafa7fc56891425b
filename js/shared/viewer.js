// The viewer choice: the teacher's full table, hot-seat (follows the person to move) or one seat's view.

/** The synced traits this module reflects. @typedef {Pick<import("./model.js").GameTraits, "viewer" | "player_names">} ViewerTraits */

import { h, replaceChildren } from "./dom.js";

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
    /** @param {string} viewer @param {string[]} names */
    update(viewer, names) {
      const options = [
        ["teacher", "Teacher (everything)"],
        ["hotseat", "Hot-seat (person to move)"],
        ...names.map((name, seat) => [String(seat), `${name} only`]),
      ];
      replaceChildren(
        select,
        options.map(([value, text]) => h("option", { value, text, selected: value === viewer })),
      );
      select.value = viewer;
    },
  };
}
