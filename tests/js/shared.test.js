import { describe, it, expect } from "vitest";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { INTENTS } from "../../js/shared/model.js";
import { targetIndex, nameWithVisibleText, visibleText, bindTargets } from "../../js/shared/targets.js";
import { h, inkFor, luminance, s, setText } from "../../js/shared/dom.js";
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

const contrast = (a, b) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe("setText", () => {
  it("rewrites an element's text node in place, and leaves no node where there is no text", () => {
    const cost = s("text", {});
    const mutations = new MutationObserver(() => {});
    mutations.observe(cost, { childList: true, characterData: true, subtree: true });
    setText(cost, "2 q");
    const node = cost.firstChild;
    setText(cost, "3 q");
    expect([cost.textContent, cost.firstChild]).toEqual(["3 q", node]);
    setText(cost, "3 q");
    expect(mutations.takeRecords().map((m) => m.type)).toEqual(["childList", "characterData"]);
    setText(cost, "");
    expect(cost.childNodes.length).toBe(0);
    const title = h("span", {}, h("b", { text: "bold" }), " tail"); // not a lone text node: replaced whole
    setText(title, "plain");
    expect(title.innerHTML).toBe("plain");
  });
});

describe("inkFor", () => {
  it("picks readable text on knight colours", () => {
    expect(inkFor("#222222")).toBe("#fff");
    expect(inkFor("#e2b100")).toBe("#111");
  });
  it("picks the ink with the higher contrast: at least 4.5:1 on every Emerald knight colour", () => {
    expect(inkFor("#2e9a4a")).toBe("#111"); // green: white would be 3.6:1
    for (const css of ["#222222", "#c8372d", "#2f6fd6", "#2e9a4a", "#e2b100"]) {
      expect(contrast(inkFor(css), css), css).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe("accessible names of board elements (WCAG 2.5.3, label in name)", () => {
  it("keep the action's label when it already holds the visible text, else put the visible text first", () => {
    expect(nameWithVisibleText("Step to 2,1 (free)", "2,1")).toBe("Step to 2,1 (free)");
    expect(nameWithVisibleText("Step to 2,1 (free)", "free")).toBe("free: Step to 2,1 (free)"); // as axe-core, words in parentheses do not count
    expect(nameWithVisibleText("Play the Elf (SCC)", "")).toBe("Play the Elf (SCC)");
    expect(nameWithVisibleText("Move a black knight from P2 (3 knights there) to P5", "3")).toBe(
      "3: Move a black knight from P2 (3 knights there) to P5", // a number in parentheses does not count
    );
    expect(nameWithVisibleText("Play the Elf (SCC)", "Elf wounded C")).toBe("Elf wounded C: Play the Elf (SCC)");
  });

  it("read an HTML element's text as drawn, from the DOM alone: no layout (innerText), hidden parts and tooltips left out", () => {
    const card = h("div", { "data-target": "card/CH1", title: "Elf (CH1)" },
      h("span", { text: "Elf" }), h("span", {}, h("i", { text: "S" }), h("i", { text: "C" }), h("i", { text: "C" })),
      h("span", { text: "hand", hidden: true }), h("span", { title: "2 coins" }, h("span", { "aria-hidden": "true" }), "2"));
    // innerText lays the whole page out (2-5 ms in JupyterLab at each redraw that binds new buttons)
    Object.defineProperty(card, "innerText", { get: () => { throw new Error("innerText read: the page laid out"); } });
    expect(visibleText(card)).toBe("Elf S C C 2");
    bindTargets(h("div", {}, card), [{ id: "choose CH1", label: "Play the Elf (SCC)", player: 0, kind: "choose", targets: ["card/CH1"], rules: [] }], true);
    expect(card.getAttribute("aria-label")).toBe("Elf S C C 2: Play the Elf (SCC)");
  });

  it("read an SVG group's texts apart, with their spoken form, and never its tooltip", () => {
    const g = s("g", { "data-target": "2,1" }, s("title", { text: "Square 2,1" }), s("text", { text: "5" }),
      s("text", { "data-spoken": "2 goblin quarters", text: "2 q" }));
    expect(visibleText(g)).toBe("5 2 q (2 goblin quarters)");
    const svg = s("svg", {}, g);
    bindTargets(svg, [{ id: "step 2,1", label: "Step to 2,1 for a goblin quarter", player: 0, kind: "step", targets: ["2,1"], rules: [] }], true);
    expect(g.getAttribute("aria-label")).toBe("5 2 q (2 goblin quarters): Step to 2,1 for a goblin quarter");
    // tools that join the group's text nodes (axe-core) see the numbers apart: "5 2 q", not "52 q"
    expect(g.textContent.replace(/\s+/g, " ")).toContain("5 2 q");
  });
});

describe("shared panels", () => {
  it("name each action button by the text it shows: key and label (its rule IDs are buttons beside it)", () => {
    const el = document.createElement("div");
    const t = position("start");
    const cleanup = generic.render({ model: fakeModel(t), el });
    const button = el.querySelector(".dw-action-list button.dw-action");
    expect(button.hasAttribute("aria-label")).toBe(false);
    expect(button.querySelector(".dw-action-key").hasAttribute("aria-hidden")).toBe(false);
    expect(button.textContent).toBe(`1${t.legal_actions[0].label}`);
    expect(button.nextElementSibling.textContent).toBe(t.legal_actions[0].rules.join(""));
    cleanup();
  });

  it("let the keyboard reach the log (a scrolled list) and name it", () => {
    const el = document.createElement("div");
    const cleanup = generic.render({ model: fakeModel(position("mid_5p")), el });
    const log = el.querySelector(".dw-log-list");
    expect(log.getAttribute("tabindex")).toBe("0");
    expect(log.getAttribute("aria-label")).toMatch(/log/i);
    cleanup();
  });
});

describe("generic GameWidget front end", () => {
  it("renders the text board and the shared panels", () => {
    const el = document.createElement("div");
    const model = fakeModel(position("start"));
    const cleanup = generic.render({ model, el });
    expect(el.querySelector(".dw-text-board").textContent).toContain("Castle:");
    expect(el.querySelectorAll(".dw-action-list button.dw-action").length).toBe(position("start").legal_actions.length);
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

describe("seats: Play and Step say what to press", () => {
  const mountAt = (traits) => {
    const el = document.createElement("div");
    const model = fakeModel(traits);
    const cleanup = generic.render({ model, el });
    return { el, model, cleanup };
  };

  it("Step is off on a person's turn, its title pointing to the Seats panel; Play is plain", () => {
    const { el, model, cleanup } = mountAt(position("start")); // every seat a person
    const step = el.querySelector('[data-intent="bot_step"]');
    expect(step.getAttribute("aria-disabled")).toBe("true"); // not `disabled`: its title still shows
    expect(step.title).toMatch(/played by a person.*Seats panel/);
    step.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(model.sent).toEqual([]);
    expect(el.querySelector('[data-seats="play"]').classList.contains("dw-btn-due")).toBe(false);
    cleanup();
  });

  it("a bot due while the bots are paused: Step is on and Play stands out, until the bots play", async () => {
    const { el, model, cleanup } = mountAt({ ...position("mid_5p"), playing: false }); // a greedy bot decides
    const play = el.querySelector('[data-seats="play"]');
    expect(el.querySelector('[data-intent="bot_step"]').getAttribute("aria-disabled")).toBe("false");
    expect(play.classList.contains("dw-btn-due")).toBe(true);
    model.update({ playing: true });
    await flush();
    expect(play.classList.contains("dw-btn-due")).toBe(false);
    expect(play.textContent).toBe("Pause bots");
    cleanup();
  });
});

describe("view menu (hot-seat privacy)", () => {
  const values = (el) => [...el.querySelectorAll(".dw-viewer-select option")].map((o) => o.value);

  it("offers only Python's viewer_choices, and every viewer when the trait is absent", async () => {
    const el = document.createElement("div");
    const t = position("start");
    delete t.viewer_choices; // as from an older Python
    const model = fakeModel(t);
    const cleanup = generic.render({ model, el });
    expect(values(el)).toEqual(["teacher", "hotseat", "0", "1", "2"]);
    model.update({ viewer: "1", take_backs: false, viewer_choices: ["hotseat", "1"] });
    await flush();
    expect(values(el)).toEqual(["hotseat", "1"]);
    expect(el.querySelector(".dw-viewer-select").value).toBe("1");
    model.update({ viewer: "teacher", take_backs: true, viewer_choices: ["teacher", "hotseat", "0", "1", "2"] });
    await flush();
    expect(values(el)).toEqual(["teacher", "hotseat", "0", "1", "2"]);
    cleanup();
  });
});

describe("keyboard focus across turns", () => {
  it("stays in the widget when the last choice of a turn disappears, and returns to a choice on the next turn", async () => {
    const el = document.createElement("div");
    document.body.append(el);
    const t = position("start");
    const model = fakeModel(t);
    const cleanup = generic.render({ model, el });
    const root = el.querySelector(".dw-root");
    el.querySelector(".dw-action-list button.dw-action").focus();
    expect(document.activeElement.getAttribute("data-action-id")).toBe(t.legal_actions[0].id);
    model.update({ legal_actions: [], can_act: false }); // the bots' turn: no choice left
    await flush();
    expect(document.activeElement).toBe(root);
    model.update({ step: 1 }); // a bot moves: still waiting
    await flush();
    expect(document.activeElement).toBe(root);
    model.update({ legal_actions: t.legal_actions, can_act: true }); // the person's turn again
    await flush();
    expect(root.contains(document.activeElement)).toBe(true);
    expect(t.legal_actions.map((a) => a.id)).toContain(document.activeElement.getAttribute("data-action-id"));
    cleanup();
    el.remove();
  });

  it("marks the focused control so that JupyterLab's shortcuts leave its keys alone", () => {
    const el = document.createElement("div");
    document.body.append(el);
    const cleanup = generic.render({ model: fakeModel(position("mid_5p")), el });
    const range = el.querySelector(".dw-timeline-range");
    range.focus();
    expect(range.hasAttribute("data-lm-suppress-shortcuts")).toBe(true);
    cleanup();
    el.remove();
  });
});
