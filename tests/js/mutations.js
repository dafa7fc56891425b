// The DOM mutations a piece of code makes: what the in-place update tests count.

/** The mutation records of `fn` under `root` (child lists, attributes and text, the whole subtree). */
export function mutations(root, fn) {
  const observer = new MutationObserver(() => {});
  observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  fn();
  const records = observer.takeRecords();
  observer.disconnect();
  return records;
}

/**
 * The elements `run` makes (HTML and SVG, in the order made), awaited: what the redraw tests count to see
 * which parts a change drew again.
 * @param {() => Promise<void>} run
 * @returns {Promise<Element[]>}
 */
export async function elementsMade(run) {
  const made = [];
  const { createElement, createElementNS } = document;
  document.createElement = (...a) => { const n = createElement.apply(document, a); made.push(n); return n; };
  document.createElementNS = (...a) => { const n = createElementNS.apply(document, a); made.push(n); return n; };
  try {
    await run();
  } finally {
    delete document.createElement; // the own properties go: Document.prototype's methods again
    delete document.createElementNS;
  }
  return made;
}
