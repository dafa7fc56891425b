// Rule IDs as small buttons ("chips") that show the rule's text in a popover when hovered, focused or
// clicked; Escape hides it. The texts come from the `rule_texts` trait ({rule ID: text}, sent once);
// an ID the trait lacks shows the ID alone.
//
// Beside an action the chips form a toolbar of their own (a button inside the action's button would
// be a nested control): one Tab stop per action, ← / → (Home / End) move among its rules. In the log
// the IDs named in an event's text, "(EM-END-2)", become chips in place.

/** The synced traits this module reflects. @typedef {Pick<import("./model.js").GameTraits, "rule_texts">} RuleTraits */

import { h } from "./dom.js";

/** A rule ID in a text, as Python's `dragonwidgets.engine.rules.RULE_ID` spells it ("EM-MOVE-3", "DL-REC-2"). */
export const RULE_ID_IN_TEXT = /\b[A-Z]{2}-[A-Z0-9]+-\d+[a-z]?\b/g;
/** Milliseconds the popover stays after the pointer leaves, so that it can reach the popover (WCAG 1.4.13). */
export const HIDE_DELAY = 300;

const CHIP = "[data-rule]";
const GROUP = "[data-rule-group]";

/**
 * A rule ID as a button (`tabindex` "-1": reached by arrow keys in its toolbar, not by Tab).
 * @param {string} id
 * @param {string|null} [tabindex]
 */
export function ruleChip(id, tabindex = null) {
  return h("button", {
    type: "button",
    class: "dw-rule",
    "data-rule": id,
    "aria-label": `Rule ${id}`,
    tabindex,
    text: id,
  });
}

/**
 * The rules beside an action: a toolbar of chips, one Tab stop (the first chip).
 * @param {string[]} ids
 * @param {string} owner  the action's id (`data-rule-owner`, to keep the focus on redraw)
 * @param {string} label  what the rules belong to, for the toolbar's name
 */
export function ruleToolbar(ids, owner, label) {
  return h(
    "span",
    { class: "dw-rule-group", role: "toolbar", "aria-label": `Rules: ${label}`, "data-rule-group": "", "data-rule-owner": owner },
    ids.map((id, i) => ruleChip(id, i === 0 ? "0" : "-1")),
  );
}

/**
 * Split `text` into its words and chips for the rule IDs it names.
 * @param {string} text
 * @returns {(string|HTMLElement)[]}
 */
export function withRuleChips(text) {
  const parts = [];
  let at = 0;
  for (const m of String(text).matchAll(RULE_ID_IN_TEXT)) {
    if (m.index > at) parts.push(text.slice(at, m.index));
    parts.push(ruleChip(m[0]));
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

const chipsOf = (group) => [...group.querySelectorAll(CHIP)];

/**
 * Move the focus among the chips of the focused chip's group: ← / → (wrapping), Home, End. In a
 * toolbar the chip reached becomes its Tab stop. Returns whether the key was one of these.
 * @param {HTMLElement} chip
 * @param {string} key
 */
export function moveAmongRules(chip, key) {
  const group = chip.closest(GROUP);
  if (!group) return false;
  const chips = chipsOf(group);
  const i = chips.indexOf(chip);
  const n = chips.length;
  const to = { ArrowLeft: (i - 1 + n) % n, ArrowRight: (i + 1) % n, Home: 0, End: n - 1 }[key];
  if (to === undefined) return false;
  chips[to].focus();
  return true;
}

function makeTabStop(chip) {
  const group = chip.closest(GROUP);
  if (group?.getAttribute("role") !== "toolbar") return;
  for (const other of chipsOf(group)) other.setAttribute("tabindex", other === chip ? "0" : "-1");
}

/**
 * Where the focus is among the chips of `container`: {owner, rule, nth} (or null), to find the same
 * chip after a redraw with `restoreRuleFocus`.
 * @param {Element} container
 */
export function rememberRuleFocus(container) {
  const chip = document.activeElement;
  if (!chip || !container.contains(chip) || !chip.hasAttribute("data-rule")) return null;
  const owner = chip.closest("[data-rule-owner]");
  const rule = chip.getAttribute("data-rule");
  const same = chipsOf(owner || container).filter((c) => c.getAttribute("data-rule") === rule);
  return { owner: owner?.getAttribute("data-rule-owner") ?? null, rule, nth: same.indexOf(chip) };
}

/**
 * Focus the chip `key` (from `rememberRuleFocus`) in the redrawn `container`; returns whether it is there.
 * @param {Element} container
 * @param {{owner: string|null, rule: string, nth: number}|null} key
 */
export function restoreRuleFocus(container, key) {
  if (!key) return false;
  const owner = key.owner === null ? container
    : [...container.querySelectorAll("[data-rule-owner]")].find((el) => el.getAttribute("data-rule-owner") === key.owner);
  const chip = owner && chipsOf(owner).filter((c) => c.getAttribute("data-rule") === key.rule)[key.nth];
  if (!chip) return false;
  makeTabStop(chip);
  chip.focus({ preventScroll: true });
  return true;
}

let tips = 0;

/**
 * Show rule texts in one popover for every chip under `root` (event delegation: chips drawn later
 * work too). Call `sync()` after a redraw: the popover follows its chip or hides when it is gone.
 * @param {{root: HTMLElement, scope: {listen: Function, defer: Function}, texts: () => Record<string, string>}} ctx
 */
export function attachRuleTips({ root, scope, texts }) {
  const id = `dw-rule-tip-${++tips}`;
  const title = h("strong", { class: "dw-rule-tip-id" });
  const body = h("span", { class: "dw-rule-tip-text", id: `${id}-text` });
  const el = h("div", { class: "dw-rule-tip", id, role: "tooltip", hidden: true }, title, body);
  root.append(el);
  /** @type {HTMLElement|null} */
  let anchor = null;
  let hovered = false;
  let timer = null;
  /** The focused chip whose text Escape hid: it stays hidden until the chip is shown anew. */
  let dismissed = null;

  const place = () => {
    if (!anchor) return;
    const box = root.getBoundingClientRect();
    const at = anchor.getBoundingClientRect();
    el.style.maxWidth = `${Math.max(160, Math.min(380, box.width - 16))}px`;
    const width = el.offsetWidth;
    const height = el.offsetHeight;
    const left = Math.max(8, Math.min(at.left - box.left, box.width - width - 8));
    const below = at.bottom - box.top + 4;
    const above = at.top - box.top - height - 4;
    el.style.left = `${left}px`;
    el.style.top = `${below + height <= box.height || above < 0 ? below : above}px`;
  };
  const show = (chip) => {
    clearTimeout(timer);
    dismissed = null;
    if (anchor && anchor !== chip) anchor.removeAttribute("aria-describedby");
    anchor = chip;
    const rule = chip.getAttribute("data-rule");
    const text = (texts() || {})[rule] || "";
    title.textContent = rule;
    body.textContent = text;
    if (text) chip.setAttribute("aria-describedby", body.id);
    el.hidden = false;
    place();
  };
  const hide = () => {
    clearTimeout(timer);
    anchor?.removeAttribute("aria-describedby");
    anchor = null;
    el.hidden = true;
  };
  /** Show the focused chip's text, or hide when the focus is on no chip. */
  const showFocused = () => {
    const active = document.activeElement;
    if (active && active !== dismissed && root.contains(active) && active.hasAttribute("data-rule")) show(/** @type {HTMLElement} */ (active));
    else hide();
  };
  const hideLater = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (hovered) return;
      showFocused();
    }, HIDE_DELAY);
  };
  scope.defer(() => clearTimeout(timer));

  const chipAt = (event) => /** @type {Element} */ (event.target).closest?.(CHIP) || null;
  const onTip = (node) => node instanceof Node && (el.contains(node) || Boolean(anchor?.contains(node)));
  scope.listen(root, "pointerover", (event) => {
    const chip = chipAt(event);
    if (chip || onTip(event.target)) hovered = true;
    if (chip && chip !== anchor) show(chip);
    else if (hovered) clearTimeout(timer);
  });
  scope.listen(root, "pointerout", (event) => {
    if (!onTip(event.target) || onTip(event.relatedTarget)) return;
    hovered = false;
    hideLater();
  });
  scope.listen(root, "focusin", (event) => {
    const chip = chipAt(event);
    if (!chip) return;
    makeTabStop(chip);
    show(chip);
  });
  scope.listen(root, "focusout", (event) => {
    if (chipAt(event) === anchor && !hovered) hide();
  });
  // A click shows the text and stops there: a chip is never a choice (the shell ignores its clicks).
  scope.listen(root, "click", (event) => {
    const chip = chipAt(event);
    if (!chip) return;
    if (document.activeElement !== chip) chip.focus(); // Safari does not focus a clicked button
    show(chip);
  });
  scope.listen(root.ownerDocument, "keydown", (event) => {
    if (event.key !== "Escape" || !anchor) return;
    hide();
    dismissed = document.activeElement;
    event.preventDefault();
  });
  scope.listen(root, "scroll", place, true);

  return {
    el,
    /** After a redraw: follow the focused chip, or hide when the chip shown is gone. */
    sync() {
      if (!anchor || anchor.isConnected) place();
      else showFocused();
    },
  };
}
