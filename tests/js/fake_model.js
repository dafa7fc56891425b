// A small stand-in for anywidget's model: get / set / on / off / save_changes / send.
// `update({...})` plays the part of Python: it sets traits and fires their `change:` events.

import fixtures from "./fixtures/emerald.json";

export function fakeModel(initial) {
  const state = structuredClone(initial);
  const handlers = new Map();
  const sent = [];
  const model = {
    get: (name) => state[name],
    set: (name, value) => {
      state[name] = value;
    },
    on: (event, cb) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event).add(cb);
    },
    off: (event, cb) => {
      if (!cb) handlers.delete(event);
      else handlers.get(event)?.delete(cb);
    },
    save_changes: () => {},
    send: (msg) => sent.push(msg),
    /** Messages the front end sent. */
    sent,
    /** How many listeners are registered now. */
    listenerCount: () => [...handlers.values()].reduce((n, set) => n + set.size, 0),
    /** Set traits as Python would and fire their change events. */
    update(changes) {
      for (const [name, value] of Object.entries(changes)) {
        state[name] = structuredClone(value);
        for (const cb of handlers.get(`change:${name}`) || []) cb();
      }
    },
  };
  return model;
}

/** The traits of a fixture position (written by tests/js/make_fixtures.py from the real engine). */
export function position(name) {
  return structuredClone(fixtures[name]);
}

/** Let the shell's batched redraw run. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
