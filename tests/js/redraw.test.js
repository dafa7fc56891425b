// A redraw touches only what changed: board elements bound as before stay untouched, log rows the
// log patch kept stay in place, and the page then shows exactly what a page drawn from scratch shows.

import { describe, it, expect } from "vitest";
import { bindTargets } from "../../js/shared/targets.js";
import { reconcileChildren, s, h } from "../../js/shared/dom.js";
import { createLog } from "../../js/shared/log.js";
import { createActionList } from "../../js/shared/actions.js";
import { createSeats } from "../../js/shared/seats.js";
import { applyLogPatch } from "../../js/shared/sync.js";
import { mutations } from "./mutations.js";

const act = (id, targets, label = `Do ${id}`) => ({ id, label, player: 0, kind: "k", targets, rules: [], prob: null });

function board() {
  return s("svg", {},
    s("g", { "data-target": "A" }, s("text", { text: "a" })),
    s("g", { "data-target": "B" }, s("text", { text: "b" })),
    s("g", { "data-target": "C" }, s("text", { text: "c" })));
}
/** What binding put on each element: classes, attributes, tooltips. */
const marks = (root) => [...root.querySelectorAll("[data-target]")].map((el) => [
  el.getAttribute("class") || null, ...["data-action-id", "tabindex", "role", "aria-label"].map((a) => el.getAttribute(a)),
  [...el.querySelectorAll(":scope > title.dw-tip")].map((t) => t.textContent),
]);
const byTarget = (svg, id) => svg.querySelector(`[data-target="${id}"]`);

describe("bindTargets on a redraw", () => {
  it("leaves the elements bound as before alone (no attribute of the focused element removed and set again)", () => {
    const svg = board();
    const actions = [act("a", ["A"]), act("b", ["B", "C"]), act("c", ["C", "B"])];
    bindTargets(svg, actions, true);
    const tip = byTarget(svg, "A").querySelector("title.dw-tip");
    expect(mutations(svg, () => bindTargets(svg, structuredClone(actions), true))).toEqual([]);
    expect(byTarget(svg, "A").querySelector("title.dw-tip")).toBe(tip);
  });

  it("binds again what changed, and gives the same marks as binding from scratch", () => {
    const svg = board();
    bindTargets(svg, [act("a", ["A"]), act("b", ["B"])], true);
    byTarget(svg, "B").querySelector("text").textContent = "b2"; // the board redrew B's content in place
    const next = [act("a", ["A"], "Take it"), act("c", ["C"])];
    const records = mutations(svg, () => bindTargets(svg, next, true));
    expect(records.length).toBeGreaterThan(0);
    const fresh = board();
    byTarget(fresh, "B").querySelector("text").textContent = "b2";
    bindTargets(fresh, next, true);
    expect(marks(svg)).toEqual(marks(fresh));
    expect(byTarget(svg, "A").getAttribute("aria-label")).toBe("a: Take it");
    expect(byTarget(svg, "B").hasAttribute("data-action-id")).toBe(false);
  });

  it("rebinds an element whose content changed (its name says what it shows now)", () => {
    const svg = board();
    const actions = [act("a", ["A"])];
    bindTargets(svg, actions, true);
    byTarget(svg, "A").querySelector("text").textContent = "z";
    bindTargets(svg, actions, true);
    expect(byTarget(svg, "A").getAttribute("aria-label")).toBe("z: Do a");
    expect(byTarget(svg, "A").querySelectorAll("title.dw-tip")).toHaveLength(1);
  });

  it("keeps the outer of two nested buttons a highlight only, as when bound from scratch", () => {
    const make = () => h("div", {}, h("div", { "data-target": "hero/0" }, h("span", { "data-target": "card/x", text: "x" })));
    const el = make();
    const actions = [act("hero", ["hero/0"]), act("card", ["card/x"])];
    bindTargets(el, actions, true);
    bindTargets(el, actions, true);
    const outer = el.querySelector('[data-target="hero/0"]');
    expect(outer.classList.contains("dw-legal")).toBe(true);
    expect(outer.hasAttribute("data-action-id")).toBe(false);
    expect(el.querySelector('[data-target="card/x"]').getAttribute("data-action-id")).toBe("card");
  });
});

describe("reconcileChildren", () => {
  it("moves only the nodes out of place and removes the others", () => {
    const [a, b, c, d] = ["a", "b", "c", "d"].map((text) => h("li", { text }));
    const list = h("ol", {}, a, b, c);
    const records = mutations(list, () => reconcileChildren(list, [b, c, d]));
    expect([...list.children]).toEqual([b, c, d]);
    expect(records.flatMap((r) => [...r.addedNodes])).toEqual([d]);
    expect(records.flatMap((r) => [...r.removedNodes])).toEqual([a]);
    reconcileChildren(list, [d, b]);
    expect([...list.children]).toEqual([d, b]);
  });
});

describe("the log on a redraw", () => {
  const names = (seat) => `P${seat}`;
  const rows = [
    { step: 1, player: 0, kind: "move", text: "moved (EM-MOVE-1)" },
    { step: 1, player: 0, kind: "fight", text: "fought" },
    { step: 2, player: 1, kind: "move", text: "moved" },
  ];

  it("keeps the rows the patch kept, and shows what a log drawn from scratch shows", () => {
    const log = createLog(names);
    log.update(rows);
    const kept = [...log.el.querySelectorAll("li")];
    // the window of 3 rows moves on by one: the first row goes, so the next one now shows its step
    const next = applyLogPatch(rows, { append: [{ step: 3, player: -1, kind: "roll", text: "rolled 4" }], keep: 3 });
    log.update(next);
    const shown = [...log.el.querySelectorAll("li")];
    expect(shown[1]).toBe(kept[2]);
    expect(shown[0]).not.toBe(kept[1]); // its step number appears now
    const fresh = createLog(names);
    fresh.update(structuredClone(next));
    expect(log.el.innerHTML).toBe(fresh.el.innerHTML);
    expect(shown[0].querySelector(".dw-log-step").textContent).toBe("1");
  });

  it("draws every row again when the names change, and says when nothing has happened", () => {
    let prefix = "P";
    const log = createLog((seat) => `${prefix}${seat}`);
    log.update(rows);
    prefix = "Q";
    log.update(rows);
    expect([...log.el.querySelectorAll(".dw-log-who")].map((el) => el.textContent)).toEqual(["Q0", "Q0", "Q1"]);
    log.update([]);
    expect(log.el.querySelector("li").textContent).toBe("Nothing has happened yet.");
    log.update(rows);
    expect(log.el.querySelectorAll("li")).toHaveLength(3);
  });
});

describe("the action list on a redraw", () => {
  const offer = (ids) => ids.map((id) => ({ ...act(id, []), rules: ["EM-MOVE-1"] }));
  const shown = (list) => [...list.el.querySelectorAll("li")].map((li) => li.textContent);

  it("keeps the items of the choices it still offers, the same way, and shows what a list drawn from scratch shows", () => {
    const list = createActionList();
    list.update(offer(["a", "b", "c"]), true, "");
    const [a, b] = list.el.querySelectorAll("li");
    const records = mutations(list.el, () => list.update(structuredClone(offer(["a", "b", "d"])), true, ""));
    const [a2, b2, d2] = list.el.querySelectorAll("li");
    expect(a2).toBe(a);
    expect(b2).toBe(b);
    // one item removed, one added: nothing inside the kept items changes
    expect(records.filter((r) => r.target !== list.el.querySelector("ol") && a.contains(r.target))).toEqual([]);
    const fresh = createActionList();
    fresh.update(offer(["a", "b", "d"]), true, "");
    expect(shown(list)).toEqual(shown(fresh));
    expect(d2.querySelector("[data-action-id]").getAttribute("data-action-id")).toBe("d");
  });

  it("draws an item again when its number, its label or whether it may be chosen changed", () => {
    const list = createActionList();
    list.update(offer(["a", "b"]), true, "");
    const [, b] = list.el.querySelectorAll("li");
    list.update(offer(["b"]), true, ""); // b is now choice 1
    expect(list.el.querySelector("li")).not.toBe(b);
    expect(list.el.querySelector(".dw-action-key").textContent).toBe("1");
    const first = list.el.querySelector("li");
    list.update(offer(["b"]), false, "");
    expect(list.el.querySelector("li")).not.toBe(first);
    expect(list.el.querySelector("[data-action-id]").getAttribute("aria-disabled")).toBe("true");
  });
});

describe("the seats panel on a redraw", () => {
  const scope = { listen: (el, type, fn) => el.addEventListener(type, fn) };
  const traits = (toMove) => ({
    seats: ["human", "random"], botNames: ["random"], names: ["Black", "White"], colours: () => ["#000"],
    playing: false, pace: 0.5, toMove, isOver: false,
  });

  it("changes nothing when nothing it shows changed, and only the turn's marks when the turn passes", () => {
    const seats = createSeats(() => {}, scope);
    seats.update(traits(0));
    expect(mutations(seats.el, () => seats.update(traits(0)))).toEqual([]);
    const records = mutations(seats.el, () => seats.update(traits(1)));
    expect(records.length).toBeGreaterThan(0);
    expect(seats.el.querySelector(".dw-seat-to-move .dw-seat-name").textContent).toBe("White");
    expect(seats.el.querySelector(".dw-step").getAttribute("aria-disabled")).toBe("false");
  });
});
