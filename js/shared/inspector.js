// The state inspector: the synced observation (exactly what this view received) as a collapsible
// JSON tree, the legal actions with their rule IDs, and the text board. Drawn only while open.

/** The synced traits this module reflects. @typedef {Pick<import("./model.js").GameTraits, "observation" | "legal_actions" | "text">} InspectorTraits */

import { h, replaceChildren } from "./dom.js";

function leaf(value) {
  const type = value === null ? "null" : typeof value;
  return h("span", { class: `dw-json-${type}`, text: JSON.stringify(value) });
}

/**
 * Build a collapsible tree of a JSON value.
 * @param {string} key
 * @param {any} value
 * @param {number} depth  levels opened from the top
 * @returns {HTMLElement}
 */
export function jsonTree(key, value, depth = 1) {
  if (value === null || typeof value !== "object") {
    return h("div", { class: "dw-json-row" }, h("span", { class: "dw-json-key", text: `${key}: ` }), leaf(value));
  }
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v]) : Object.entries(value);
  const shape = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
  const simple = entries.every(([, v]) => v === null || typeof v !== "object");
  if (simple && entries.length <= 6) {
    const text = JSON.stringify(value);
    if (text.length <= 60) {
      return h("div", { class: "dw-json-row" }, h("span", { class: "dw-json-key", text: `${key}: ` }), h("span", { class: "dw-json-inline", text }));
    }
  }
  return h(
    "details",
    { class: "dw-json", open: depth > 0 },
    h("summary", {}, h("span", { class: "dw-json-key", text: `${key} ` }), h("span", { class: "dw-muted", text: shape })),
    h("div", { class: "dw-json-body" }, entries.map(([k, v]) => jsonTree(k, v, depth - 1))),
  );
}

/**
 * @param {{listen: Function}} scope
 * @param {() => {observation: Object, legal_actions: Object[], text: string}} read
 */
export function createInspector(scope, read) {
  const body = h("div", { class: "dw-inspector-body" });
  const el = h(
    "details",
    { class: "dw-panel dw-inspector" },
    h("summary", { class: "dw-panel-title", text: "State inspector (what this view received)" }),
    body,
  );
  const draw = () => {
    if (!el.open) return;
    const { observation, legal_actions, text } = read();
    replaceChildren(
      body,
      jsonTree("observation", observation, 1),
      jsonTree("legal_actions", legal_actions, 0),
      text ? h("details", { class: "dw-json" }, h("summary", { text: "text board" }), h("pre", { class: "dw-text-board", text })) : null,
    );
  };
  scope.listen(el, "toggle", draw);
  return { el, update: draw };
}
