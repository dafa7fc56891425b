import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { INTENTS } from "../../js/shared/model.js";
import { targetIndex } from "../../js/shared/targets.js";
import { inkFor } from "../../js/shared/dom.js";
import generic from "../../js/game.js";
import { fakeModel, position, flush } from "./fake_model.js";

describe("intents", () => {
  it("are exactly Python's MESSAGE_KINDS", () => {
    const py = readFileSync(resolve(process.cwd(), "dragonwidgets/widgets/messages.py"), "utf8");
    const block = py.slice(py.indexOf("MESSAGE_KINDS"), py.indexOf("}\n", py.indexOf("MESSAGE_KINDS")));
    const kinds = [...block.matchAll(/^\s+"(\w+)":/gm)].map((m) => m[1]);
    expect(kinds).toEqual([...INTENTS]);
  });
});

describe("targetIndex", () => {
  const a = (id, targets) => ({ id, label: id, player: 0, kind: "k", targets, rules: [], prob: null });
  it("gives an element to the only action naming it, or to the one whose first target it is", () => {
    const index = targetIndex([a("move T1 black", ["T1/black", "T1", "P4"]), a("move T1 blue", ["T1/blue", "T1", "P4"])]);
    expect(index.get("T1/black").action.id).toBe("move T1 black");
    expect(index.get("T1").action).toBeNull();
    expect(index.get("P4").count).toBe(2);
  });
});

describe("inkFor", () => {
  it("picks readable text on knight colours", () => {
    expect(inkFor("#222222")).toBe("#fff");
    expect(inkFor("#e2b100")).toBe("#111");
  });
});

describe("generic GameWidget front end", () => {
  it("renders the text board and the shared panels", () => {
    const el = document.createElement("div");
    const model = fakeModel(position("start"));
    const cleanup = generic.render({ model, el });
    expect(el.querySelector(".dw-text-board").textContent).toContain("Castle:");
    expect(el.querySelectorAll(".dw-action-list button").length).toBe(position("start").legal_actions.length);
    cleanup();
    expect(model.listenerCount()).toBe(0);
  });
});

describe("take_backs off in a seat view", () => {
  const click = (node) => node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  const key = (node, k) => node.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
  const controls = (el) => [
    el.querySelector(".dw-timeline-range"),
    ...el.querySelectorAll("[data-timeline]"),
    el.querySelector('[data-intent="undo"]'),
  ];

  it("disables the timeline and undo, says why, and sends no goto or undo", async () => {
    const el = document.createElement("div");
    document.body.append(el);
    const t = position("mid_5p");
    const model = fakeModel({ ...t, step: t.history_length - 1, viewer: "0", take_backs: false });
    const cleanup = generic.render({ model, el });
    const root = el.querySelector(".dw-root");
    for (const c of controls(el)) {
      expect(c.disabled).toBe(true);
      expect(c.getAttribute("title")).toContain("Take-backs are off");
    }
    expect(el.querySelector(".dw-timeline").getAttribute("title")).toContain("take_backs=False");
    for (const c of controls(el)) click(c);
    key(root, "u");
    key(root, "ArrowLeft");
    key(root, "ArrowRight");
    expect(model.sent).toEqual([]);

    model.update({ viewer: "teacher" }); // the teacher view may always rewind
    await flush();
    expect(el.querySelector('[data-intent="undo"]').disabled).toBe(false);
    expect(el.querySelector(".dw-timeline-range").disabled).toBe(false);
    expect(el.querySelector('[data-intent="undo"]').getAttribute("title")).toBe("Undo the last decision (u)");
    key(root, "u");
    click(el.querySelector('[data-timeline="first"]'));
    expect(model.sent).toEqual([{ kind: "undo" }, { kind: "goto", step: 0 }]);

    model.update({ viewer: "hotseat" });
    await flush();
    expect(el.querySelector('[data-intent="undo"]').disabled).toBe(true);
    model.update({ take_backs: true });
    await flush();
    expect(el.querySelector('[data-intent="undo"]').disabled).toBe(false);
    cleanup();
    el.remove();
  });
});
