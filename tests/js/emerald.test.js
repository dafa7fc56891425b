import { describe, it, expect, beforeEach, afterEach } from "vitest";
import widget from "../../js/emerald.js";
import { fakeModel, position, flush } from "./fake_model.js";
import { elementsMade } from "./mutations.js";

let el;
let model;
let cleanup;

function mount(name) {
  model = fakeModel(position(name));
  cleanup = widget.render({ model, el });
  return el.querySelector(".dw-root");
}

const byTarget = (id) => el.querySelector(`svg [data-target="${id}"]`);
const click = (node) => node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
const key = (node, k) => node.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));

beforeEach(() => {
  el = document.createElement("div");
  document.body.append(el);
});
afterEach(() => {
  cleanup?.();
  cleanup = null;
  el.remove();
});

describe("render", () => {
  it("exports render and returns a cleanup function", () => {
    expect(typeof widget.render).toBe("function");
    mount("start");
    expect(typeof cleanup).toBe("function");
  });

  it("builds the board from a contract-shaped observation", () => {
    const root = mount("start");
    expect(root.hasAttribute("data-lm-suppress-shortcuts")).toBe(true);
    const svg = el.querySelector(".dw-board-wrap svg");
    expect(svg).not.toBeNull();
    const ids = ["T1", "T2", "T3", "T4", "KEEP", "LAIR", "NEST", "dragon", "die", "flight_track", "treasures"];
    for (let k = 1; k <= 6; k += 1) ids.push(`P${k}`);
    for (let k = 1; k <= 9; k += 1) ids.push(`M${k}`, `M${k}/gold`, `M${k}/gem`);
    for (const id of ids) expect(byTarget(id), id).not.toBeNull();
    for (const space of ["T1", "T2", "T3", "T4", "KEEP"]) {
      for (const colour of ["black", "red", "blue"]) expect(byTarget(`${space}/${colour}`)).not.toBeNull();
    }
    expect(svg.querySelectorAll(".dw-hand")).toHaveLength(3);
  });

  it("shows each pile's face-up card and face-down count", () => {
    const t = position("start");
    mount("start");
    const pile = t.observation.piles.M1.gold;
    const node = byTarget("M1/gold");
    expect(node.querySelector(".dw-card-value").textContent).toBe(String(pile.top.value));
    expect(node.querySelector(".dw-badge").textContent).toBe(`+${pile.count - 1}`);
  });

  it("draws the flight track beside its squares and the dragon with its facing", () => {
    mount("start");
    expect(byTarget("flight_track").textContent).toContain("1 of 6");
    expect(byTarget("dragon").querySelector("title").textContent).toMatch(/beside M4, facing the plain/);
  });

  it("shows status, timeline, seats and viewer from the traits", () => {
    const t = position("mid_5p");
    mount("mid_5p");
    expect(el.querySelector(".dw-status").textContent).toBe(t.status);
    const range = el.querySelector(".dw-timeline-range");
    expect([Number(range.value), Number(range.max)]).toEqual([t.step, t.history_length]);
    expect(el.querySelectorAll(".dw-seat")).toHaveLength(5);
    expect(el.querySelector(".dw-viewer-select").value).toBe("teacher");
    expect(el.querySelectorAll(".dw-log-row").length).toBe(t.log.length);
  });
});

describe("legal actions", () => {
  it("bind data-action-id, focus and an accessible name onto their board targets", () => {
    const t = position("start");
    mount("start");
    for (const action of t.legal_actions) {
      // the knight stack, or the tower holding it when the tower is the button for the same move
      const stack = byTarget(action.targets[0]);
      const node = stack.hasAttribute("data-action-id") ? stack : byTarget(action.targets[1]);
      expect(stack.classList.contains("dw-legal")).toBe(true);
      expect(node.getAttribute("data-action-id")).toBe(action.id);
      expect(["0", "-1"]).toContain(node.getAttribute("tabindex")); // a roving tab stop (issue 27, item 14)
      expect(node.getAttribute("role")).toBe("button");
      expect(node.getAttribute("aria-label")).toContain(action.label);
    }
    // P3 is the destination of every first move: highlighted, not one action's button
    expect(byTarget("P3").hasAttribute("data-action-id")).toBe(false);
    expect(byTarget("P3").classList.contains("dw-legal-shared")).toBe(true);
  });

  it("at 2 players a tower holds two of the player's colours: each knight stack is its own button", () => {
    const t = position("start_2p");
    mount("start_2p");
    expect(byTarget("T1").hasAttribute("data-action-id")).toBe(false);
    const ids = t.legal_actions.filter((a) => a.targets[1] === "T1").map((a) => a.id);
    expect(ids.length).toBe(2);
    for (const id of ids) expect(el.querySelector(`svg .dw-stack[data-action-id="${id}"]`)).not.toBeNull();
  });

  it("are listed as numbered buttons", () => {
    const t = position("start");
    mount("start");
    const buttons = [...el.querySelectorAll(".dw-action-list button.dw-action")];
    expect(buttons.map((b) => b.getAttribute("data-action-id"))).toEqual(t.legal_actions.map((a) => a.id));
    expect(buttons[0].textContent).toContain(t.legal_actions[0].label);
  });

  it("clicking a board element sends {kind: act, id}", () => {
    mount("start");
    click(byTarget("T2").querySelector("circle"));
    click(byTarget("P3"));  // shared by every move: not a button
    expect(model.sent).toEqual([{ kind: "act", id: "move T2 red" }]);
  });

  it("clicking a list button sends the same intent", () => {
    const t = position("start");
    mount("start");
    click(el.querySelectorAll(".dw-action-list button.dw-action")[2]);
    expect(model.sent).toEqual([{ kind: "act", id: t.legal_actions[2].id }]);
  });

  it("a pay decision is clickable on the owner's gold card, losing on the nest", () => {
    mount("pay_or_lose_seat");
    const card = el.querySelector('svg [data-target^="hand/"][data-action-id^="pay "]');
    expect(card).not.toBeNull();
    expect(byTarget("NEST").getAttribute("data-action-id")).toBe("lose");
    click(card);
    expect(model.sent[0].kind).toBe("act");
    expect(model.sent[0].id).toMatch(/^pay \d$/);
  });

  it("nothing is clickable when Python says this view may not act", () => {
    mount("mid_5p"); // a bot decides: its options are shown, not clickable
    expect(el.querySelectorAll("svg [data-action-id]")).toHaveLength(0);
    expect(el.querySelectorAll("svg .dw-legal-view").length).toBeGreaterThan(0);
    const button = el.querySelector(".dw-action-list button.dw-action");
    expect(button.getAttribute("aria-disabled")).toBe("true");
    click(button);
    expect(model.sent).toEqual([]);
  });

  it("a chance decision offers the outcomes and a random roll", () => {
    mount("manual_roll_2p");
    const roll = el.querySelector(".dw-roll");
    expect(roll.hidden).toBe(false);
    click(roll);
    expect(model.sent).toEqual([{ kind: "resolve_chance" }]);
  });
});

describe("hidden information", () => {
  it("another seat's gold is drawn as a face-down count", () => {
    const t = position("pay_or_lose_other_seat");
    mount("pay_or_lose_other_seat");
    for (const hand of t.observation.hands) {
      if (hand.seat === t.view_seat) continue;
      expect(el.querySelector(`svg [data-target^="hand/${hand.seat}/gold/"]`)).toBeNull();
    }
    expect(el.querySelectorAll("svg [data-action-id]")).toHaveLength(0);
    expect(el.querySelector(".dw-action-empty").hidden).toBe(false);
  });
});

describe("redraw", () => {
  it("follows change events from Python", async () => {
    mount("start");
    const next = position("pay_or_lose");
    model.update({ observation: next.observation, legal_actions: next.legal_actions, status: next.status, step: next.step, history_length: next.history_length });
    await flush();
    expect(el.querySelector(".dw-status").textContent).toBe(next.status);
    expect(byTarget("NEST").getAttribute("data-action-id")).toBe("lose");
    expect(byTarget("T1/red")?.getAttribute("data-action-id") ?? null).toBeNull();
    expect(Number(el.querySelector(".dw-timeline-range").value)).toBe(next.step);
  });

  it("shows the last error", async () => {
    mount("start");
    model.update({ last_error: "'fly' is not legal" });
    await flush();
    const error = el.querySelector(".dw-error");
    expect(error.hidden).toBe(false);
    expect(error.textContent).toContain("'fly' is not legal");
  });
});

describe("controls send intents", () => {
  it("timeline: slider change and buttons send goto", () => {
    const t = position("mid_5p");
    mount("mid_5p");
    const range = el.querySelector(".dw-timeline-range");
    range.value = "3";
    range.dispatchEvent(new Event("change", { bubbles: true }));
    click(el.querySelector('[data-timeline="back"]'));
    click(el.querySelector('[data-timeline="first"]'));
    click(el.querySelector('[data-timeline="last"]'));
    expect(model.sent).toEqual([
      { kind: "goto", step: 3 },
      { kind: "goto", step: t.step - 1 },
      { kind: "goto", step: 0 },
      { kind: "goto", step: t.history_length },
    ]);
  });

  it("undo, step, play, pace, seat and viewer", () => {
    mount("mid_5p");
    click(el.querySelector('[data-intent="undo"]'));
    click(el.querySelector('[data-intent="bot_step"]'));
    click(el.querySelector(".dw-play"));
    const pace = el.querySelector(".dw-pace");
    pace.value = "1.5";
    pace.dispatchEvent(new Event("change", { bubbles: true }));
    const seat = el.querySelector('select[data-seat="2"]');
    seat.value = "human";
    seat.dispatchEvent(new Event("change", { bubbles: true }));
    const viewer = el.querySelector(".dw-viewer-select");
    viewer.value = "3";
    viewer.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent).toEqual([
      { kind: "undo" },
      { kind: "bot_step" },
      { kind: "play" },
      { kind: "set_pace", pace: 1.5 },
      { kind: "set_seat", seat: 2, who: "human" },
      { kind: "set_viewer", viewer: "3" },
    ]);
  });
});

describe("keyboard", () => {
  it("digits choose the n-th legal action, u undoes", () => {
    const t = position("start");
    const root = mount("start");
    key(root, "2");
    key(root, "u");
    expect(model.sent).toEqual([{ kind: "act", id: t.legal_actions[1].id }, { kind: "undo" }]);
  });

  it("Enter on a focused board element acts; arrows move between legal elements", () => {
    mount("start");
    const first = byTarget("T1");
    first.focus();
    expect(document.activeElement).toBe(first);
    key(first, "ArrowRight");
    const second = document.activeElement;
    expect(second).not.toBe(first);
    expect(second.hasAttribute("data-action-id")).toBe(true);
    key(second, "Enter");
    expect(model.sent).toEqual([{ kind: "act", id: second.getAttribute("data-action-id") }]);
  });

  it("left / right step the timeline when no choice has focus", () => {
    const t = position("mid_5p");
    const root = mount("mid_5p");
    key(root, "ArrowLeft");
    key(root, "ArrowRight");
    expect(model.sent).toEqual([{ kind: "goto", step: t.step - 1 }, { kind: "goto", step: t.step + 1 }]);
  });
});

describe("cleanup", () => {
  it("removes every model and DOM listener and the DOM", () => {
    const root = mount("start");
    expect(model.listenerCount()).toBeGreaterThan(0);
    const stale = byTarget("T1");
    cleanup();
    cleanup = null;
    expect(model.listenerCount()).toBe(0);
    expect(el.querySelector(".dw-root")).toBeNull();
    click(stale);
    key(root, "1");
    expect(model.sent).toEqual([]);
  });
});

describe("inspector", () => {
  it("shows the received observation as a JSON tree when opened", () => {
    mount("start");
    const details = el.querySelector(".dw-inspector");
    details.open = true;
    details.dispatchEvent(new Event("toggle"));
    expect(details.textContent).toContain("observation");
    expect(details.textContent).toContain("flight_track");
  });
});

describe("a move's redraw", () => {
  it("draws again only the stacks the move changed, and shows what a board drawn from scratch shows", async () => {
    const t = position("start");
    mount("start");
    await flush();
    const untouched = byTarget("T2/blue");
    // the black knight of the keep moves to P1
    const next = structuredClone(t.observation);
    delete next.knights.KEEP.black;
    next.knights.P1 = { black: 1 };
    next.moved = { P1: { black: 1 } };
    const made = await elementsMade(async () => {
      model.update({ observation: next });
      await flush();
    });
    // the keep's stacks move over (their slots change) and P1's is new; the towers' stacks stay as they are
    const redrawn = made.filter((n) => n.classList?.contains("dw-stack")).map((n) => n.getAttribute("data-target")).sort();
    expect(redrawn).toEqual(["KEEP/blue", "KEEP/red", "P1/black"]);
    expect(byTarget("T2/blue")).toBe(untouched);
    const svg = el.querySelector("svg .dw-knights").outerHTML;
    cleanup();
    el.replaceChildren();
    model = fakeModel({ ...t, observation: next });
    cleanup = widget.render({ model, el });
    await flush();
    expect(el.querySelector("svg .dw-knights").outerHTML).toBe(svg);
  });
});
