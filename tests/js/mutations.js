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
