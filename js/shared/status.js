// The status line (what happens now) and the last refused intent, both announced to screen readers.

/** The synced traits this module reflects. @typedef {Pick<import("./model.js").GameTraits, "status" | "last_error">} StatusTraits */

import { h } from "./dom.js";

export function createStatus() {
  const status = h("p", { class: "dw-status", role: "status", "aria-live": "polite" });
  const error = h("p", { class: "dw-error", role: "alert" });
  const el = h("div", { class: "dw-status-bar" }, status, error);
  return {
    el,
    /** @param {string} text @param {string} lastError */
    update(text, lastError) {
      status.textContent = text || "";
      error.textContent = lastError ? `⚠ ${lastError}` : "";
      error.hidden = !lastError;
    },
  };
}
