// Make the board's elements clickable for the legal actions Python sent (never deciding legality here).
//
// A board draws elements with `data-target="<element id>"` (the ids of the game's contract). For every
// legal action, the elements named in its `targets` are highlighted. An element that only one action
// targets (or that is the first target of exactly one action) becomes a button for it: it gets
// `data-action-id`, `tabindex=-1` (the shell makes one choice of the board its tab stop: a roving tabindex),
// `role=button` and `aria-label` = the action's label (preceded by the element's visible text when the label
// leaves it out, so the name holds what is shown). An SVG element several actions share gets `data-pick`: a
// click opens the picker of those actions (choices.js).

/** @typedef {import("./model.js").Action} Action */

import { SVG_NS } from "./dom.js";
import { isOverlayNode, markOnly, overlayAttribute, overlayClasses, overlayNode, restoreAttribute } from "./morph.js";

const BOUND = "dw-bound";
const MARKS = [BOUND, "dw-legal", "dw-legal-shared", "dw-legal-view", "dw-preview", "dw-passthrough"];
/** The attributes a binding sets over the board's own (a board may name a card with `title` or `aria-label`). */
const BINDING_ATTRIBUTES = ["data-action-id", "data-pick", "aria-haspopup", "tabindex", "role", "aria-label", "title"];
overlayClasses(...MARKS);

/** What a person may choose on a board: an element bound to one action, or one that opens a picker. */
export const CHOICE = "[data-action-id], [data-pick]";
/** @param {Element} el */
export const isChoice = (el) => el.hasAttribute("data-action-id") || el.hasAttribute("data-pick");
/**
 * The choices inside `container` that may be used now (not `aria-disabled`), in document order.
 * @param {Element} container
 * @returns {Element[]}
 */
export const choicesIn = (container) =>
  [...container.querySelectorAll(CHOICE)].filter((el) => el.getAttribute("aria-disabled") !== "true");

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

/** What `bindTargets` last did to each element, to leave an element whose binding stays the same untouched. */
const bindings = new WeakMap();

/**
 * Undo what `bindTargets` did to `el`: its marks off, the board's own attributes back, its tooltip and
 * the spaces put between its texts removed (the board updated in place then reads as one drawn anew).
 */
function unbindOne(el) {
  el.classList.remove(...MARKS);
  for (const attr of BINDING_ATTRIBUTES) restoreAttribute(el, attr);
  for (const tip of el.querySelectorAll(":scope > title.dw-tip")) tip.remove();
  const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  const spaces = [];
  while (walker.nextNode()) if (isOverlayNode(walker.currentNode)) spaces.push(walker.currentNode);
  for (const space of spaces) space.remove();
  bindings.delete(el);
}


/** Undo what `bindTargets` did to the elements under `root`. */
export function unbindTargets(root) {
  for (const el of root.querySelectorAll(`.${BOUND}`)) unbindOne(el);
}

/** Lower-case words (letters and digits) of `text`, parentheticals left out, as axe-core compares names. */
function words(text) {
  let out = String(text).normalize("NFKD");
  for (let before = null; before !== out; ) [before, out] = [out, out.replace(/\([^()]*\)/g, " ")];
  return out.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** An SVG `<text>` as it is read: its text, and how to say it when it has `data-spoken` ("2 q (2 goblin quarters)"). */
const spoken = (t) => (t.dataset?.spoken ? `${t.textContent} (${t.dataset.spoken})` : t.textContent);

/**
 * The text of `el` without tooltips and other text never drawn (`<title>`, `<desc>`, `<style>`, `<script>`
 * and what is `hidden`), a space between two elements side by side (drawn apart, as `spaceOut` says).
 */
function shownText(el) {
  if (el.nodeType === Node.TEXT_NODE) return el.nodeValue;
  if (el.nodeType !== Node.ELEMENT_NODE || ["title", "desc", "style", "script"].includes(el.localName) || el.hidden) return "";
  let out = "";
  let before = null;
  for (const child of el.childNodes) {
    if (before?.nodeType === Node.ELEMENT_NODE && child.nodeType === Node.ELEMENT_NODE) out += " ";
    out += shownText(child);
    before = child;
  }
  return out;
}

/**
 * The text a sighted person reads inside `el`: an HTML element's text nodes (tooltips, `hidden` parts and
 * other text never drawn left out), or an SVG group's `<text>` elements (its tooltip `<title>` left out)
 * one after the other, whitespace collapsed; a `<text>` with a `data-spoken` attribute adds how it is said,
 * in parentheses.
 *
 * Read from the DOM alone, without laying the page out: `innerText` would, and in JupyterLab that is the
 * whole notebook's layout and style, 2-5 ms at every redraw that binds new buttons (Chrome's trace of
 * Draghan and Drachenland clicks), done again for the frame after the rest of the redraw. So the boards
 * hide text from sight with the `hidden` attribute, never with a style alone (a Draghan card's slot word in
 * its slot's row). Two elements side by side are read as drawn apart (the boards' flex and grid panels).
 * @param {Element} el
 */
export function visibleText(el) {
  const text = el.namespaceURI === SVG_NS ? [...el.querySelectorAll("text")].map(spoken).join(" ") : shownText(el);
  return String(text || "").replace(/\s+/g, " ").trim();
}

/**
 * Put a space between the pieces of text drawn apart inside `el`, so that tools reading its text as
 * one string (accessibility checkers, copy and paste) see "5 2 q" rather than "52 q", and "Elf S C C"
 * rather than "ElfSCC": before each SVG `<text>` (SVG never draws text outside `<text>`), and between
 * two HTML elements side by side (flex and grid layouts, the boards' panels, never draw it).
 * @param {Element} el
 */
export function spaceOut(el) {
  const svg = el.namespaceURI === SVG_NS;
  for (const node of el.querySelectorAll(svg ? "text" : "*")) {
    const before = node.previousSibling;
    const spaced = before?.nodeType === Node.TEXT_NODE && /\s$/.test(before.nodeValue);
    if (svg ? !spaced : before?.nodeType === Node.ELEMENT_NODE) node.before(overlayNode(document.createTextNode(" ")));
  }
}

/**
 * The accessible name of a board element bound to an action: the action's label, preceded by the
 * element's visible text when the label does not already contain it (WCAG 2.5.3, "label in name":
 * a person who says or reads what is shown must find it in the name).
 * @param {string} label
 * @param {string} visible
 */
export function nameWithVisibleText(label, visible) {
  const shown = words(visible);
  const named = words(label);
  if (!shown.length) return label;
  const contained = named.some((_, i) => shown.every((w, j) => named[i + j] === w));
  return contained ? label : `${visible}: ${label}`;
}

function addTip(el, text) {
  if (el.namespaceURI !== SVG_NS) {
    overlayAttribute(el, "title", text);
    return;
  }
  const tip = document.createElementNS(el.namespaceURI, "title");
  tip.setAttribute("class", "dw-tip");
  tip.textContent = text;
  el.prepend(overlayNode(tip));
}

/**
 * What each `data-target` element under `root` should be: `{cls, action, tip, button, through}` for the
 * elements the actions touch. A button may not hold another (a character's panel holding the card to
 * play): the inner one, the more precise, stays the button; the outer one stays highlighted. Nor may a
 * button stand on a button for the same action (a knight stack on its tower): the one on top stays
 * highlighted and lets clicks through (`through`), so the place is one target and one tab stop.
 * @returns {Map<Element, {cls: string, action: Action|null, tip: string, button: boolean, through?: boolean}>}
 */
function plan(root, actions, canAct, standsOn) {
  const index = targetIndex(actions);
  const wanted = new Map();
  for (const el of root.querySelectorAll("[data-target]")) {
    const entry = index.get(el.getAttribute("data-target"));
    if (!entry) continue;
    if (entry.action && canAct) wanted.set(el, { cls: "dw-legal", action: entry.action, tip: entry.action.label, button: true });
    else if (entry.action) wanted.set(el, { cls: "dw-legal-view", action: entry.action, tip: `${entry.action.label} (not yours to choose in this view)`, button: false });
    else if (canAct && el.namespaceURI === SVG_NS) wanted.set(el, { cls: "dw-legal-shared", action: null, tip: `${entry.count} legal actions involve this: click to choose one`, button: false, pick: true });
    else wanted.set(el, { cls: "dw-legal-shared", action: null, tip: `${entry.count} legal actions involve this; choose one in the list`, button: false });
  }
  const buttons = [...wanted].filter(([, w]) => w.button).map(([el]) => el);
  for (const outer of buttons) {
    if (buttons.some((inner) => inner !== outer && outer.contains(inner))) wanted.get(outer).button = false;
  }
  // A shared element of an SVG board (a die, a pile) opens a picker of its actions (choices.js), unless it holds
  // or lies in a button. An HTML panel (a Draghan character) stays a highlight: its many texts would make a
  // button whose name axe-core cannot match with what it shows.
  for (const [el, w] of wanted) {
    if (w.pick && (el.namespaceURI !== SVG_NS || buttons.some((b) => b.contains(el) || el.contains(b)))) w.pick = false;
  }
  for (const [el, w] of wanted) {
    const below = w.button ? wanted.get(standsOn(el)) : null;
    if (below?.button && below.action === w.action) Object.assign(w, { button: false, through: true });
  }
  return wanted;
}

const signature = (w) => JSON.stringify([w.cls, w.action?.id ?? null, w.action?.label ?? null, w.tip, w.button, Boolean(w.through), Boolean(w.pick)]);

/**
 * Mark the legal actions on the board under `root`. An element bound as before, with the same content,
 * is left as it is: a redraw then touches only what changed (no attribute of the focused element
 * removed and set again, which makes the browser lay the page out at once). The DOM writes come first,
 * then the reads of the buttons' visible text (one layout), then the names.
 * @param {Element} root
 * @param {Action[]} actions
 * @param {boolean} canAct  false: highlight only (e.g. a bot's options shown to the teacher)
 * @param {(el: Element) => Element|null|undefined} [standsOn]  the board element `el` is drawn on, if any
 *     (a piece on its place): `el` lets clicks through to it when both stand for the same action
 */
export function bindTargets(root, actions, canAct, standsOn = () => null) {
  const wanted = plan(root, actions, canAct, standsOn);
  for (const el of root.querySelectorAll(`.${BOUND}`)) if (!wanted.has(el)) unbindOne(el);
  const fresh = [];
  for (const [el, w] of wanted) {
    const sig = signature(w);
    const before = bindings.get(el);
    if (before && before.sig === sig && before.html === el.innerHTML && el.classList.contains(BOUND)) {
      if (el.classList.contains("dw-preview")) el.classList.remove("dw-preview");
      continue;
    }
    if (el.classList.contains(BOUND)) unbindOne(el);
    el.classList.add(BOUND, w.cls, ...(w.through ? ["dw-passthrough"] : []));
    if (w.cls === "dw-legal") spaceOut(el);
    // one tab stop for the whole board (issue 27, item 14): the shell's `roveBoard` makes one of these 0
    if (w.button) {
      overlayAttribute(el, "data-action-id", w.action.id);
      overlayAttribute(el, "tabindex", "-1");
      overlayAttribute(el, "role", "button");
    } else if (w.pick) {
      overlayAttribute(el, "data-pick", el.getAttribute("data-target"));
      overlayAttribute(el, "aria-haspopup", "true");
      overlayAttribute(el, "tabindex", "-1");
      overlayAttribute(el, "role", "button");
    }
    fresh.push([el, w, sig]);
  }
  const shown = fresh.map(([el, w]) => (w.button || w.pick ? visibleText(el) : ""));
  fresh.forEach(([el, w, sig], i) => {
    if (w.button) overlayAttribute(el, "aria-label", nameWithVisibleText(w.action.label, shown[i]));
    // named as a button is: what it shows, then what a click does (WCAG 2.5.3, label in name)
    else if (w.pick) overlayAttribute(el, "aria-label", nameWithVisibleText(w.tip, shown[i] || el.getAttribute("data-target")));
    addTip(el, w.tip);
    bindings.set(el, { sig, html: el.innerHTML });
  });
}

/**
 * Highlight every element an action touches (hover / focus preview); `null` clears.
 * @param {Element} root
 * @param {Action|null} action
 */
export function previewAction(root, action) {
  const wanted = new Set(action?.targets || []);
  const touched = [...root.querySelectorAll("[data-target]")].filter((el) => wanted.has(el.getAttribute("data-target")));
  markOnly(root, "dw-preview", new Set(touched)); // only the elements whose mark changes: no restyle when it stays
}
