// Make the board's elements clickable for the legal actions Python sent (never deciding legality here).
//
// A board draws elements with `data-target="<element id>"` (the ids of the game's contract). For every
// legal action, the elements named in its `targets` are highlighted. An element that only one action
// targets (or that is the first target of exactly one action) becomes a button for it: it gets
// `data-action-id`, `tabindex=0`, `role=button` and `aria-label` = the action's label.

/** @typedef {import("./model.js").Action} Action */

const BOUND = "dw-bound";

/**
 * Decide which action an element id stands for: the only action targeting it, else the only action
 * whose first target it is, else none (several actions share it: it is highlighted, not clickable).
 * @param {Action[]} actions
 * @returns {Map<string, {action: Action|null, count: number}>}
 */
export function targetIndex(actions) {
  /** @type {Map<string, Action[]>} */
  const all = new Map();
  for (const action of actions) {
    for (const t of action.targets || []) {
      if (!all.has(t)) all.set(t, []);
      if (!all.get(t).includes(action)) all.get(t).push(action);
    }
  }
  const out = new Map();
  for (const [t, list] of all) {
    let action = list.length === 1 ? list[0] : null;
    if (!action) {
      const primary = list.filter((a) => a.targets[0] === t);
      if (primary.length === 1) action = primary[0];
    }
    out.set(t, { action, count: list.length });
  }
  return out;
}

/** Undo what `bindTargets` did to the elements under `root`. */
export function unbindTargets(root) {
  for (const el of root.querySelectorAll(`.${BOUND}`)) {
    el.classList.remove(BOUND, "dw-legal", "dw-legal-shared", "dw-legal-view", "dw-preview");
    for (const attr of ["data-action-id", "tabindex", "role", "aria-label", "aria-disabled"]) {
      el.removeAttribute(attr);
    }
    for (const tip of el.querySelectorAll(":scope > title.dw-tip")) tip.remove();
  }
}

function addTip(el, text) {
  if (el.namespaceURI !== "http://www.w3.org/2000/svg") {
    el.setAttribute("title", text);
    return;
  }
  const tip = document.createElementNS(el.namespaceURI, "title");
  tip.setAttribute("class", "dw-tip");
  tip.textContent = text;
  el.prepend(tip);
}

/**
 * Mark the legal actions on the board under `root`.
 * @param {Element} root
 * @param {Action[]} actions
 * @param {boolean} canAct  false: highlight only (e.g. a bot's options shown to the teacher)
 */
export function bindTargets(root, actions, canAct) {
  unbindTargets(root);
  const index = targetIndex(actions);
  for (const el of root.querySelectorAll("[data-target]")) {
    const entry = index.get(el.getAttribute("data-target"));
    if (!entry) continue;
    el.classList.add(BOUND);
    if (entry.action && canAct) {
      el.classList.add("dw-legal");
      el.setAttribute("data-action-id", entry.action.id);
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "button");
      el.setAttribute("aria-label", entry.action.label);
      addTip(el, entry.action.label);
    } else if (entry.action) {
      el.classList.add("dw-legal-view");
      addTip(el, `${entry.action.label} (not yours to choose in this view)`);
    } else {
      el.classList.add("dw-legal-shared");
      addTip(el, `${entry.count} legal actions involve this; choose one in the list`);
    }
  }
}

/**
 * Highlight every element an action touches (hover / focus preview); `null` clears.
 * @param {Element} root
 * @param {Action|null} action
 */
export function previewAction(root, action) {
  for (const el of root.querySelectorAll(".dw-preview")) el.classList.remove("dw-preview");
  if (!action) return;
  const wanted = new Set(action.targets || []);
  for (const el of root.querySelectorAll("[data-target]")) {
    if (wanted.has(el.getAttribute("data-target"))) el.classList.add("dw-preview");
  }
}
