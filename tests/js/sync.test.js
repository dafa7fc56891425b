// The front end's half of the widget sync (js/shared/sync.js): the kernel's `sync` messages, recorded from
// real play (tests/js/make_sync_fixture.py), build exactly Python's final state; a view rendered late
// shows what a view that saw every message shows; a missed message asks for a resync.

import { describe, it, expect } from "vitest";
import { applyOps, applyLogPatch, applyTextPatch, applySync, attachSync, inflate } from "../../js/shared/sync.js";
import generic from "../../js/game.js";
import fixtures from "./fixtures/sync.json";

/** A model as anywidget's: `set` fires `change:` at once; `emit` plays a message from the kernel. */
function liveModel(initial) {
  const state = structuredClone(initial);
  const handlers = new Map();
  const sent = [];
  const fire = (event, ...args) => [...(handlers.get(event) || [])].forEach((cb) => cb(...args));
  return {
    get: (name) => state[name],
    set: (name, value) => {
      const changed = JSON.stringify(state[name]) !== JSON.stringify(value);
      state[name] = value;
      if (changed) fire(`change:${name}`);
    },
    on: (event, cb) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event).add(cb);
    },
    off: (event, cb) => handlers.get(event)?.delete(cb),
    save_changes: () => {
      throw new Error("the front end never writes traits back to Python");
    },
    send: (msg) => sent.push(msg),
    sent,
    state,
    emit: (msg, buffers = []) => fire("msg:custom", msg, buffers),
    replace(all) {
      for (const [k, v] of Object.entries(all)) this.set(k, structuredClone(v));
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
/** A recorded message as the kernel sends it: its content and its buffers (a deflated one has one). */
const play = (model, m) => model.emit(structuredClone(m.content), m.buffer ? [Buffer.from(m.buffer, "base64")] : []);
/** The message itself, inflated if need be. */
const content = (m) => (m.buffer ? inflate(Buffer.from(m.buffer, "base64")) : m.content);

describe("sync messages", () => {
  for (const [name, fx] of Object.entries(fixtures)) {
    it(`build Python's state from the messages of real play (${name})`, () => {
      const model = liveModel(fx.initial);
      const stop = attachSync(model);
      for (const m of fx.messages) play(model, m);
      expect(model.sent).toEqual([]);
      expect(fx.messages.some((m) => m.buffer)).toBe(true);
      for (const [trait, value] of Object.entries(fx.final)) expect([trait, model.get(trait)]).toEqual([trait, value]);
      stop();
    });
  }

  it("a view opened late shows what a view that saw every message shows", async () => {
    const fx = fixtures.emerald_teacher;
    const model = liveModel(fx.initial);
    attachSync(model);
    const early = document.createElement("div");
    generic.render({ model, el: early });
    const half = Math.floor(fx.messages.length / 2);
    fx.messages.slice(0, half).forEach((m) => play(model, m));
    await settle();
    const late = document.createElement("div");
    const stopLate = generic.render({ model, el: late });
    fx.messages.slice(half).forEach((m) => play(model, m));
    await settle();
    const text = (el) => el.querySelector(".dw-text-board").textContent + el.querySelector(".dw-log").textContent;
    expect(text(late)).toBe(text(early));
    expect(early.querySelector(".dw-text-board").textContent).toBe(fx.final.text);
    stopLate();
  });

  it("a message that does not build on the model's version asks for the whole state, once", () => {
    const fx = fixtures.drachenland_seat;
    const model = liveModel(fx.initial);
    attachSync(model);
    play(model, fx.messages[1]); // the first one was lost
    play(model, fx.messages[2]);
    expect(model.sent).toEqual([{ kind: "resync" }]);
    model.set("version", content(fx.messages[2]).version); // Python's whole state arrives
    play(model, fx.messages[3]);
    expect(model.get("version")).toBe(content(fx.messages[3]).version);
    expect(applySync(model, { base: -5, version: 0, set: { step: 999 }, patch: {} })).toBe(false);
    expect(model.get("step")).not.toBe(999);
  });
});

describe("patches", () => {
  it("set items of lists by their index, copying the list", () => {
    const doc = { l: [{ x: 1 }, 2] };
    const out = applyOps(doc, [["set", ["l", 0, "x"], 5]]);
    expect(out).toEqual({ l: [{ x: 5 }, 2] });
    expect(Array.isArray(out.l)).toBe(true);
    expect(doc.l[0].x).toBe(1);
  });
  it("set and delete nested keys, sharing what did not change", () => {
    const doc = { a: { b: 1, c: { d: 2 } }, keep: { x: [1] } };
    const out = applyOps(doc, [["set", ["a", "c", "d"], 3], ["del", ["a", "b"]], ["set", ["n"], null]]);
    expect(out).toEqual({ a: { c: { d: 3 } }, keep: { x: [1] }, n: null });
    expect(out.keep).toBe(doc.keep);
    expect(doc.a.c.d).toBe(2);
  });
  it("append log rows and keep the last ones, or take them whole", () => {
    const rows = [1, 2, 3].map((step) => ({ step }));
    expect(applyLogPatch(rows, { append: [{ step: 4 }], keep: 3 })).toEqual([2, 3, 4].map((step) => ({ step })));
    expect(applyLogPatch(rows, { rows: [{ step: 1 }] })).toEqual([{ step: 1 }]);
    expect(applyLogPatch(rows, { append: [], keep: 0 })).toEqual([]);
  });
  it("replace the lines of the text board that changed", () => {
    expect(applyTextPatch("a\nb\nc", { lines: [[1, "B"]], length: 2 })).toBe("a\nB");
    expect(applyTextPatch("a", { lines: [[2, "c"]], length: 3 })).toBe("a\n\nc");
  });
});
