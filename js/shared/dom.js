// Tiny DOM helpers shared by every game's front end (no framework, no dependencies).

/** dom.js reads no traits; the widgets' synced traits are typed in model.js. @typedef {import("./model.js").GameTraits} GameTraits */

export const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * Set attributes on a node. `class` and `text` are shortcuts; `null`/`undefined`/`false` skip.
 * @param {Element} node
 * @param {Record<string, any>} attrs
 */
export function setAttrs(node, attrs) {
  // `for ... in` over the literal, not Object.entries: every element drawn goes through here, and the
  // boards draw hundreds per redraw
  for (const key in attrs) {
    const value = attrs[key];
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = String(value);
    else if (key === "class") node.setAttribute("class", value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child); // nested lists (a `map`) without flattening copies
    else node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/**
 * Create an HTML element.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...any} children
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, ...children) {
  return append(setAttrs(document.createElement(tag), attrs), children);
}

/**
 * Create an SVG element.
 * @param {string} tag
 * @param {Record<string, any>} [attrs]
 * @param {...any} children
 * @returns {SVGElement}
 */
export function s(tag, attrs = {}, ...children) {
  return append(setAttrs(document.createElementNS(SVG_NS, tag), attrs), children);
}

/**
 * A panel of the widget's side or footer: `<section class="dw-panel {name}">`, its `<h3>` title, then `children`.
 * @param {string} name  the panel's own class
 * @param {string} title
 * @param {...any} children
 */
export function panel(name, title, ...children) {
  return h("section", { class: `dw-panel ${name}` }, h("h3", { class: "dw-panel-title", text: title }), ...children);
}

/**
 * Make `text` the text of `el`, whose only child is its text node (or nothing): that node's data is rewritten,
 * where setting `textContent` would remove the node and insert a new one (a text redrawn at every step,
 * e.g. a square's reach cost, then costs one character change). Unchanged text is not written.
 * @param {Element} el
 * @param {string} text
 */
export function setText(el, text) {
  const node = el.firstChild;
  if (text && node?.nodeType === Node.TEXT_NODE && !node.nextSibling) {
    if (node.data !== text) node.data = text;
  } else if (el.textContent !== text) el.textContent = text; // no text: no node, as a fresh drawing has
}

/**
 * Set attribute `name` of `el` to `value` (`null`: remove it), writing only a change: a redraw that sets an
 * element's attributes at every step then touches only those that differ.
 * @param {Element} el
 * @param {string} name
 * @param {string|null} value
 */
export function setAttr(el, name, value) {
  if (el.getAttribute(name) === value) return;
  if (value === null) el.removeAttribute(name);
  else el.setAttribute(name, value);
}

/** Remove every child of `node`. */
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

/** Replace the children of `node` with `children`. */
export function replaceChildren(node, ...children) {
  clear(node);
  return append(node, children);
}

/**
 * Make `children` the children of `node`, in that order, moving or removing only the nodes that are not
 * already where they belong (a list that keeps its rows and adds one touches one row).
 * @param {Node} node
 * @param {Node[]} children
 */
export function reconcileChildren(node, children) {
  const keep = new Set(children);
  for (const child of [...node.childNodes]) if (!keep.has(child)) child.remove();
  let cursor = node.firstChild;
  for (const child of children) {
    if (child === cursor) cursor = cursor.nextSibling;
    else node.insertBefore(child, cursor);
  }
  return node;
}

/** WCAG relative luminance (0..1) of a colour given as #rgb or #rrggbb, or null for anything else. */
export function luminance(css) {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(String(css || "").trim());
  if (!m) return null;
  let hex = m[1];
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join("");
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Pick near-black (#111) or white text for a background colour given as #rgb or #rrggbb: whichever
 * has the higher WCAG contrast ratio on it (white when the colour cannot be read).
 * @param {string} css
 */
export function inkFor(css) {
  const lum = luminance(css);
  if (lum === null) return "#fff";
  const dark = luminance("#111111");
  return (1.05 / (lum + 0.05) >= (lum + 0.05) / (dark + 0.05)) ? "#fff" : "#111";
}
