// Update a drawn board in place: a board still describes what it shows as a fresh (detached) tree, and
// `morphChildren` makes the page's elements match it, creating an element only where none matches and
// otherwise changing only the attributes and text that differ. The browser then restyles, lays out and
// repaints what changed instead of a whole new board, and the elements bound to legal actions stay the
// same elements (targets.js leaves them untouched when their binding and content are unchanged).
//
// Other modules mark the board's elements after it is drawn (targets.js: legal actions and tooltips;
// edit.js: edit-mode marks; shell.js: JupyterLab's shortcut guard). What they add is an overlay, which
// a morph keeps:
// - an attribute set with `overlayAttribute` replaces the board's own value, remembered per element;
//   a morph updates the remembered value, never the attribute, and `restoreAttribute` puts it back;
// - class names registered with `overlayClasses` stay on an element whatever the fresh tree says;
// - nodes registered with `overlayNode` (a tooltip `<title>`, a space between two texts) are neither
//   matched nor removed.

/** The live node a fresh node was matched with by the last morph (a component drawn again finds its element). */
const liveOf = new WeakMap();
/**
 * Per node (fresh, or live since a morph matched it with a fresh one): the drawing of the component it shows
 * (`createComponents`). A live element a morph gives to another component's fresh node shows that one from
 * then on: the component it showed before must not take it as still its own.
 */
const shows = new WeakMap();
/** Per live element: the markup of the fresh element it was last made to match (its board's own content). */
const drawnAs = new WeakMap();
/** Per element: attribute name -> the board's own value (null: absent). */
const boardValues = new WeakMap();
const overlayClassNames = new Set();
const overlayNodes = new WeakSet();

/** Class names another module puts on board elements (a morph keeps them). @param {...string} names */
export function overlayClasses(...names) {
  for (const name of names) overlayClassNames.add(name);
}

/** Register a node another module added under a board element (a morph leaves it where it is). @param {Node} node */
export function overlayNode(node) {
  overlayNodes.add(node);
  return node;
}

/** Whether `node` was added over the board by another module. @param {Node} node */
export const isOverlayNode = (node) => overlayNodes.has(node);

/**
 * Set attribute `name` of `el` over the board's own value (remembered for `restoreAttribute`).
 * @param {Element} el
 * @param {string} name
 * @param {string} value
 */
export function overlayAttribute(el, name, value) {
  let own = boardValues.get(el);
  if (!own) boardValues.set(el, (own = new Map()));
  if (!own.has(name)) own.set(name, el.getAttribute(name));
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/**
 * Give attribute `name` of `el` back its board value (removed when the board sets none).
 * @param {Element} el
 * @param {string} name
 */
export function restoreAttribute(el, name) {
  const own = boardValues.get(el);
  if (!own?.has(name)) return;
  const value = own.get(name);
  own.delete(name);
  if (value === null) el.removeAttribute(name);
  else if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/** Make the attributes of `live` those of `fresh`, overlays kept. */
function morphAttributes(live, fresh) {
  const own = boardValues.get(live);
  for (const { name, value } of fresh.attributes) {
    if (own?.has(name)) own.set(name, value);
    else if (name === "class") morphClass(live, value);
    else if (live.getAttribute(name) !== value) live.setAttribute(name, value);
  }
  for (const name of live.getAttributeNames()) {
    if (fresh.hasAttribute(name)) continue;
    if (own?.has(name)) own.set(name, null);
    else if (name === "class") morphClass(live, null);
    else live.removeAttribute(name);
  }
}

/** Set the class of `live` to `wanted` (null: none) and the overlay classes it has. */
function morphClass(live, wanted) {
  const kept = [...live.classList].filter((c) => overlayClassNames.has(c) && !(wanted ?? "").split(/\s+/).includes(c));
  const value = kept.length ? [wanted, ...kept].filter(Boolean).join(" ") : wanted;
  if (value === null) live.removeAttribute("class");
  else if (live.getAttribute("class") !== value) live.setAttribute("class", value);
}

/** What a fresh node may be matched with: same kind of node, same `data-target` if any. */
function keyOf(node) {
  if (node.nodeType !== Node.ELEMENT_NODE) return `#${node.nodeType}`;
  const target = node.getAttribute("data-target");
  return target === null ? node.nodeName : `${node.nodeName}|${target}`;
}

/** Whether `node` is an element holding elements (its markup is compared to skip its subtree). */
const isGroup = (node) => node.nodeType === Node.ELEMENT_NODE && node.firstElementChild !== null;

/** Make `live` (already matched with `fresh`) look like `fresh`. */
function morphNode(live, fresh) {
  if (live.nodeType === Node.ELEMENT_NODE) {
    morphAttributes(live, fresh);
    morphChildren(live, [...fresh.childNodes]);
  } else if (live.nodeValue !== fresh.nodeValue) {
    live.nodeValue = fresh.nodeValue;
  }
}

/**
 * Make the children of `parent` match `children` (fresh nodes, detached or taken from elsewhere): each
 * fresh node is matched, in order, with the first unused child of the same kind (tag and `data-target`),
 * which is updated in place; an unmatched fresh node is inserted, an unmatched child removed; a child of
 * `parent` itself (a component `createComponents` kept) stays as it is. Overlay nodes stay. Returns `parent`.
 * @param {Element} parent
 * @param {(Node|null|undefined|false)[]} children
 */
export function morphChildren(parent, children) {
  // the components kept as they are (children of `parent` already): never matched with a fresh node, even
  // one of the same kind that comes before them (two lair knights of one colour, pawns in a new order)
  const kept = new Set(children.filter((child) => child && child.parentNode === parent));
  /** @type {Map<string, Node[]>} */
  const pool = new Map();
  for (const child of parent.childNodes) {
    if (overlayNodes.has(child) || kept.has(child)) continue;
    const key = keyOf(child);
    if (!pool.has(key)) pool.set(key, []);
    pool.get(key).push(child);
  }
  const wanted = [];
  for (const fresh of children) {
    if (!fresh) continue;
    if (kept.has(fresh)) {
      wanted.push(fresh);
      continue;
    }
    const live = pool.get(keyOf(fresh))?.shift();
    if (live) {
      // A subtree drawn exactly as last time is left as it is (its overlays too): one native serialization
      // instead of comparing it node by node, attribute by attribute. An element without child elements
      // (a shape, a label) is compared directly: serializing it costs more than the comparison saves.
      const markup = isGroup(fresh) ? fresh.outerHTML : null;
      if (markup === null || drawnAs.get(live) !== markup) {
        morphNode(live, fresh);
        if (markup !== null) drawnAs.set(live, markup);
        else drawnAs.delete(live); // what it held as a group is gone: never skip on that
      }
      liveOf.set(fresh, live);
      if (shows.has(fresh)) shows.set(live, shows.get(fresh));
    } else if (isGroup(fresh)) {
      drawnAs.set(fresh, fresh.outerHTML); // before anything marks it
    }
    wanted.push(live || fresh);
  }
  for (const left of pool.values()) for (const child of left) child.remove();
  let cursor = parent.firstChild;
  for (const child of wanted) {
    while (cursor && cursor !== child && overlayNodes.has(cursor)) cursor = cursor.nextSibling;
    if (cursor === child) cursor = cursor.nextSibling;
    else parent.insertBefore(child, cursor);
  }
  return parent;
}

/**
 * Give class `name` to exactly the elements of `only` under `root`, touching only those that change.
 * @param {Element} root
 * @param {string} name
 * @param {Set<Element>} only
 */
export function markOnly(root, name, only) {
  for (const el of root.querySelectorAll(`.${name}`)) if (!only.has(el)) el.classList.remove(name);
  for (const el of only) if (!el.classList.contains(name)) el.classList.add(name);
}

const ABSENT = "\u0000absent";

/** The values of `obs` under `keys` (all of it for null), as a string to compare. */
const readSignature = (obs, keys) => JSON.stringify(keys ? keys.map((k) => (k in obs ? obs[k] : ABSENT)) : obs);

/**
 * The parts of a board drawn from an observation, each drawn again only when what it read changed: a part
 * whose observation keys (recorded as it reads them) and `extra` inputs are as last time is the element on
 * the page, untouched (give it to `morphChildren` of the same parent); otherwise it is drawn afresh and
 * morphed in. A part must depend only on the observation it is given, `extra` and what `reset` follows.
 */
export function createComponents() {
  let cache = new Map();
  return {
    /**
     * @param {string} key          the part's name
     * @param {Object} obs          the observation
     * @param {any} extra           the part's other inputs (JSON), e.g. the players' names
     * @param {(obs: Object) => (Node|null)} draw  draws the part from the observation it is given
     * @returns {Node|null}
     */
    draw(key, obs, extra, draw) {
      const inputs = JSON.stringify(extra ?? null);
      const last = cache.get(key);
      if (last && last.inputs === inputs && last.sig === readSignature(obs, last.keys)) {
        const live = last.node && (liveOf.get(last.node) ?? last.node);
        // kept unless it left the page or now shows another component (a morph matched it with that one's
        // fresh node: parts of one kind without a `data-target` of their own are matched in order)
        if (!live || (live.parentNode && shows.get(live) === last)) return live;
      }
      const keys = new Set();
      let all = false;
      const seen = new Proxy(obs, {
        get: (o, k) => (typeof k === "string" && keys.add(k), o[k]),
        has: (o, k) => (typeof k === "string" && keys.add(k), k in o),
        ownKeys: (o) => ((all = true), Reflect.ownKeys(o)),
        getOwnPropertyDescriptor: (o, k) => (typeof k === "string" && keys.add(k), Reflect.getOwnPropertyDescriptor(o, k)),
      });
      const node = draw(seen);
      const read = all ? null : [...keys];
      const drawing = { node, inputs, keys: read, sig: readSignature(obs, read) };
      cache.set(key, drawing);
      if (node) shows.set(node, drawing);
      return node;
    },
    /** Forget every part (the layout they were drawn on changed). */
    reset() {
      cache = new Map();
    },
  };
}
