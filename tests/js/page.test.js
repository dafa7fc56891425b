// The script of an exported page (js/page.js): the model that replays a recorded game's steps. The data of
// a real page (tests/js/make_page_fixture.py: 40 steps of Emerald for seat 1, a keyframe every 16 steps) must
// show at each step what the live widget held there; stepping fires `change:` for what changed only; Undo
// goes back to the previous decision; every other intent is refused; the Emerald front end steps with the
// timeline and the ←/→ keys on this model.

import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { zlibSync, strToU8 } from "fflate";
import { boot, createPageModel, createReplay, unpack, FORMAT } from "../../js/page.js";
import emerald from "../../js/emerald.js";
import { flush } from "./fake_model.js";
import fixture from "./fixtures/page.json";

const decoded = () => JSON.parse(new TextDecoder().decode(unpack(fixture.header.data)));
const SHOWN = Object.keys(fixture.expected["0"]);

/** The traits the model shows now, for the names the fixture recorded. */
const shownBy = (model) => Object.fromEntries(SHOWN.map((name) => [name, model.get(name)]));

/** A model and the `change:` events it fires, by trait. */
function watched(payload) {
  const model = createPageModel(payload);
  const fired = [];
  for (const name of Object.keys(payload.traits).concat("step", "observation", "legal_actions", "log", "text")) {
    model.on(`change:${name}`, () => fired.push(name));
  }
  return { model, fired };
}

describe("the page's data", () => {
  it("decodes from zlib and base64 (the page's dw-data script)", () => {
    const payload = decoded();
    expect(payload.format).toBe(FORMAT);
    expect(fixture.header.format).toBe(FORMAT);
    expect(payload.steps.length).toBe(41);
    expect(payload.keyframe_every).toBe(16);
    expect(payload.traits.viewer).toBe("1");
    const text = "any text, with ünïcode";
    const packed = btoa(String.fromCharCode(...zlibSync(strToU8(text))));
    expect(new TextDecoder().decode(unpack(packed))).toBe(text);
  });

  it("shows at every recorded step what the live widget held there, in any order", () => {
    const payload = decoded();
    const { model } = watched(payload);
    expect(model.get("step")).toBe(payload.start);
    // forward within a stretch, back across a keyframe, a jump, then from the keyframe again
    for (const step of [0, 1, 15, 16, 17, 40, 33, 16, 15, 0, 17, 1, 40]) {
      model.send({ kind: "goto", step });
      expect(model.get("step")).toBe(step);
      expect(shownBy(model), `step ${step}`).toEqual(fixture.expected[String(step)]);
      expect(model.get("last_error")).toBe("");
    }
  });

  it("computes a step from its keyframe alone", () => {
    const payload = decoded();
    const whole = createReplay(payload).at(33);
    const cut = { ...payload, steps: payload.steps.map((s, k) => (k < 32 ? null : s)) };
    expect(createReplay(cut).at(33)).toEqual(whole);
  });
});

describe("the page's model", () => {
  it("fires change events for the traits that changed only", () => {
    const { model, fired } = watched(decoded());
    model.send({ kind: "goto", step: 3 });
    fired.length = 0;
    model.send({ kind: "goto", step: 4 });
    expect(fired).toContain("step");
    expect(fired).toContain("observation");
    for (const still of ["board", "rule_texts", "player_names", "history_length", "can_act", "viewer"]) {
      expect(fired).not.toContain(still);
    }
    expect(new Set(fired).size).toBe(fired.length); // once each
  });

  it("undoes the last decision, with the chance outcome drawn after it", () => {
    const payload = decoded();
    const chance = payload.autos.indexOf("1"); // an entry chance drew right after the decision before it
    expect(chance).toBeGreaterThan(0);
    expect(payload.autos[chance - 1]).toBe("0");
    const { model } = watched(payload);
    model.send({ kind: "goto", step: chance + 1 });
    model.send({ kind: "undo" });
    expect(model.get("step")).toBe(chance - 1);
    model.send({ kind: "undo" });
    expect(model.get("step")).toBe(chance - 2);
    model.send({ kind: "goto", step: 0 });
    model.send({ kind: "undo" });
    expect(model.get("step")).toBe(0);
    expect(model.get("last_error")).toMatch(/no decision to undo/);
  });

  it("refuses every other intent in last_error and changes nothing else", () => {
    const { model } = watched(decoded());
    const before = shownBy(model);
    for (const msg of [{ kind: "act", id: "move T1 black" }, { kind: "play" }, { kind: "bot_step" },
      { kind: "set_viewer", viewer: "teacher" }, { kind: "resolve_chance" }, { kind: "edit_start" }]) {
      model.send(msg);
      expect(model.get("last_error")).toMatch(new RegExp(`replays a recorded game and has no kernel, so it cannot do "${msg.kind}"`));
      expect(shownBy(model)).toEqual(before);
      expect(model.get("viewer")).toBe("1");
      expect(model.get("can_act")).toBe(false);
    }
    model.send({ kind: "goto", step: 21 });
    expect(model.get("last_error")).toBe("");
  });

  it("refuses a step outside the line and stays where it is", () => {
    const { model } = watched(decoded());
    for (const step of [-1, 41, 2.5, "3", null]) {
      model.send({ kind: "goto", step });
      expect(model.get("last_error")).toMatch(/^step must be an int in 0\.\.40, got /);
      expect(model.get("step")).toBe(20);
    }
  });
});

describe("the Emerald front end on the page's model", () => {
  let el;
  let cleanup;
  beforeEach(() => {
    el = document.createElement("div");
    document.body.append(el);
  });
  afterEach(() => {
    cleanup?.();
    el.remove();
  });

  it("steps with the timeline buttons and the arrow keys, and shows a refusal", async () => {
    const payload = decoded();
    payload.start = 16;
    const model = createPageModel(payload);
    emerald.initialize({ model });
    cleanup = emerald.render({ model, el });
    const status = () => el.querySelector(".dw-status").textContent;
    const root = el.querySelector(".dw-root");
    expect(status()).toBe(fixture.expected["16"].status);
    el.querySelector("[data-timeline=forward]").click();
    await flush();
    expect(model.get("step")).toBe(17);
    expect(status()).toBe(fixture.expected["17"].status);
    for (const _ of [1, 2]) {
      root.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowLeft", bubbles: true }));
      await flush(); // each key press is a task of its own in a browser: the redraw runs between them
    }
    expect(model.get("step")).toBe(15);
    expect(status()).toBe(fixture.expected["15"].status);
    el.querySelector("[data-timeline=last]").click();
    await flush();
    expect(el.querySelector(".dw-timeline-label").textContent).toBe("Step 40 of 40");
    expect(el.querySelector(".dw-log").textContent).toContain(fixture.expected["40"].log.at(-1).text);
    // no action may be chosen: the legal actions are shown but disabled
    const choice = el.querySelector(".dw-actions [data-action-id], [data-action-id]");
    if (choice) expect(choice.getAttribute("aria-disabled")).toBe("true");
    root.dispatchEvent(new KeyboardEvent("keydown", { key: "1", bubbles: true })); // "choose the first action"
    await flush();
    expect([model.get("step"), model.get("last_error")]).toEqual([40, ""]); // nothing was sent
    model.send({ kind: "act", id: fixture.expected["40"].legal_actions[0]?.id ?? "x" });
    await flush();
    expect(el.querySelector(".dw-error").textContent).toMatch(/replays a recorded game/);
  });
});

describe("boot", () => {
  it("says why when the page's data is not in the format it reads", async () => {
    document.body.innerHTML = '<div id="dw-widget"></div>'
      + '<script type="application/json" id="dw-data">{"format": "other/9", "data": ""}</script>';
    await boot(document);
    expect(document.querySelector(".dw-page-failed").textContent)
      .toBe(`This page could not show the game: its data is in the format other/9, this script reads ${FORMAT}`);
    document.body.innerHTML = "";
  });
});
