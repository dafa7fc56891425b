// The front end's half of the widget sync (dragonwidgets/widgets/sync.py): after a click the kernel sends
// one custom message `{kind: "sync", base, version, set, patch}` with the traits that changed, the big ones
// (observation, log, text) as changes against what it sent before, the legal actions as a table. `attachSync` applies each message to the
// model, once per model (anywidget's `initialize`), so every view of the widget (a second `display(w)`, a
// re-rendered output) reads the same whole traits, as if Python had sent them whole. A message whose
// `base` is not the model's `version` means one was missed (the bundle was still loading): the front end
// asks Python for the whole state (`resync`) and skips messages until it arrives. A long message comes
// deflated (zlib) in one binary buffer, `{kind: "sync", deflated: true}`, and is inflated with fflate.

import { strFromU8, unzlibSync } from "fflate";

/**
 * One operation on the observation: `["set", path, value]` or `["del", path]`, `path` a list of keys and
 * list indices.
 * @typedef {[string, (string|number)[], any?]} DictOp
 */

/**
 * Return `doc` with `ops` applied, copying only the objects on their paths, each once however many
 * operations go through it (a step changes the reach cost of every reachable square: one copy of `reach`,
 * not one per square); the others are shared.
 * @param {Object} doc
 * @param {DictOp[]} ops
 * @returns {Object}
 */
export function applyOps(doc, ops) {
  const out = { ...doc };
  const copies = new Set([out]);
  for (const [kind, path, value] of ops) {
    let node = out;
    for (const key of path.slice(0, -1)) {
      if (!copies.has(node[key])) {
        node[key] = Array.isArray(node[key]) ? [...node[key]] : { ...node[key] };
        copies.add(node[key]);
      }
      node = node[key];
    }
    const last = path[path.length - 1];
    if (kind === "set") node[last] = value;
    else delete node[last];
  }
  return out;
}

/**
 * Return the log after a log patch: `{rows}` whole, or `{append, keep}`: the last `keep` rows of the old
 * log followed by `append`.
 * @param {Object[]} rows
 * @param {{rows?: Object[], append?: Object[], keep?: number}} patch
 */
export function applyLogPatch(rows, patch) {
  if (patch.rows) return patch.rows;
  const joined = [...(rows || []), ...patch.append];
  return patch.keep ? joined.slice(joined.length - patch.keep) : [];
}

/**
 * Return the text board after a text patch: `length` lines, those listed in `lines` replaced.
 * @param {string} text
 * @param {{lines: [number, string][], length: number}} patch
 */
export function applyTextPatch(text, patch) {
  const lines = (text || "").split("\n").slice(0, patch.length);
  while (lines.length < patch.length) lines.push("");
  for (const [i, line] of patch.lines) lines[i] = line;
  return lines.join("\n");
}

/**
 * Return the records of a table (`{columns, rows}`): the legal actions, sent without their keys repeated.
 * @param {Object[]} _old
 * @param {{columns: string[], rows: any[][]}} patch
 */
export function applyTablePatch(_old, patch) {
  return patch.rows.map((row) => Object.fromEntries(patch.columns.map((c, i) => [c, row[i]])));
}

const PATCHERS = {
  observation: (old, ops) => applyOps(old || {}, ops),
  log: applyLogPatch,
  text: applyTextPatch,
  legal_actions: applyTablePatch,
  edit_position: (old, ops) => applyOps(old || {}, ops),
};

/**
 * Apply one `sync` message to the model (every trait set in one go, so one redraw follows). Returns
 * false, changing nothing, when the message does not build on the model's version.
 * @param {import("./model.js").Model} model
 * @param {{base: number, version: number, set: Object, patch: Object}} msg
 */
export function applySync(model, msg) {
  if ((model.get("version") ?? 0) !== msg.base) return false;
  for (const [name, value] of Object.entries(msg.set || {})) model.set(name, value);
  for (const [name, patch] of Object.entries(msg.patch || {})) model.set(name, PATCHERS[name](model.get(name), patch));
  model.set("version", msg.version);
  return true;
}

/**
 * Return the message a deflated buffer holds (a DataView, ArrayBuffer or typed array of zlib data).
 * @param {ArrayBuffer | ArrayBufferView} buffer
 */
export function inflate(buffer) {
  const bytes = ArrayBuffer.isView(buffer) ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength) : new Uint8Array(buffer);
  return JSON.parse(strFromU8(unzlibSync(bytes)));
}

/**
 * Listen for `sync` messages on the model (call once per model: anywidget's `initialize`); returns the
 * cleanup.
 * @param {import("./model.js").Model} model
 */
export function attachSync(model) {
  let waiting = false; // a resync was asked for: skip messages until the whole state arrives
  const onVersion = () => {
    waiting = false;
  };
  const onMessage = (msg, buffers) => {
    if (!msg || msg.kind !== "sync") return;
    if (waiting) return;
    if (msg.deflated) msg = inflate(buffers[0]);
    if (!applySync(model, msg)) {
      waiting = true;
      model.send({ kind: "resync" });
    }
  };
  model.on("msg:custom", onMessage);
  model.on("change:version", onVersion);
  return () => {
    model.off("msg:custom", onMessage);
    model.off("change:version", onVersion);
  };
}
