// Edit mode (js/shared/edit.js) and Emerald's editor (js/emerald/edit.js): the toolbar only in the teacher's
// view, the ops a move sends for a given draft, keyboard pick-and-put, copy, and that the editor never
// redraws the board itself (Python answers with the new draft).

import { describe, it, expect, vi } from "vitest";
import widget from "../../js/emerald.js";
import { knightMoveOps, dragonMoveOps, turnDragonOps, trackOps } from "../../js/emerald/edit.js";
import { positionText } from "../../js/shared/edit.js";
import { position, flush } from "./fake_model.js";
import { editBench, click, key, pickUpByEnter, expectPlayKeysOff, expectEveryEditableNamed, expectRefusedEditShown, editKeyFocusedAfterAnswer } from "./edit_helpers.js";

/** The draft Python sends for the "start" fixture's table (game.position()'s shape, the fields read here). */
const START_DRAFT = {
  knights: { T1: ["black", "red", "blue"], T2: ["black", "red", "blue"], T3: ["black", "red", "blue"],
    T4: ["black", "red", "blue"], KEEP: ["black", "red", "blue"] },
  moved: {},
  dragon: { square: "M4", facing: "plain" },
  flight_track: 1,
  dragon_moves: 0,
  decision: "select_knight",
};

const bench = editBench(widget, "svg");
const { q, edits, at: onBoard } = bench;

/** Mount the Emerald widget on a fixture, with the edit traits Python sends. */
const mount = (name, traits = {}) => bench.mount({ ...position(name), editing: false, edit_position: {}, ...traits });
const editing = (extra = {}) => mount("start", { editing: true, edit_position: START_DRAFT, ...extra });

describe("Emerald's edit ops, in the position's terms", () => {
  it("move a knight: its colour leaves the source list and joins the target's, in one edit", () => {
    expect(knightMoveOps(START_DRAFT, { space: "T1", colour: "black" }, "M8")).toEqual([
      [["knights", "T1"], ["red", "blue"]],
      [["knights", "M8"], ["black"]],
    ]);
    const four = { ...START_DRAFT, knights: { ...START_DRAFT.knights, M8: ["black", "red"] } };
    expect(knightMoveOps(four, { space: "T2", colour: "blue" }, "M8")).toEqual([
      [["knights", "T2"], ["black", "red"]],
      [["knights", "M8"], ["black", "red", "blue"]],
    ]);
  });

  it("the lair's knight leaves its own place; a knight joins the lair at the next free place", () => {
    const draft = { ...START_DRAFT, knights: { LAIR: ["red", "black", "red"], P2: ["blue"] } };
    expect(knightMoveOps(draft, { space: "LAIR", colour: "red", place: 2 }, "NEST")).toEqual([
      [["knights", "LAIR"], ["red", "black"]],
      [["knights", "NEST"], ["red"]],
    ]);
    expect(knightMoveOps(draft, { space: "P2", colour: "blue" }, "LAIR")).toEqual([
      [["knights", "P2"], []],
      [["knights", "LAIR"], ["red", "black", "red", "blue"]],
    ]);
    expect(knightMoveOps(draft, { space: "LAIR", colour: "red", place: 1 }, "NEST")).toBeNull(); // place 1 is black
  });

  it("a knight put back where it stands sends nothing; a knight not there is no move", () => {
    expect(knightMoveOps(START_DRAFT, { space: "T1", colour: "red" }, "T1")).toEqual([]);
    expect(knightMoveOps(START_DRAFT, { space: "P3", colour: "red" }, "M8")).toBeNull();
  });

  it("a 'moved this turn' mark no knight left there could carry leaves with the knight", () => {
    const draft = { ...START_DRAFT, knights: { ...START_DRAFT.knights, P3: ["red", "red"] }, moved: { P3: ["red", "red"] } };
    expect(knightMoveOps(draft, { space: "P3", colour: "red" }, "P5")).toEqual([
      [["knights", "P3"], ["red"]],
      [["knights", "P5"], ["red"]],
      [["moved", "P3"], ["red"]],
    ]);
  });

  it("the dragon: beside another square (its facing kept), turned, and carried by its track", () => {
    expect(dragonMoveOps(START_DRAFT, "M3")).toEqual([[["dragon", "square"], "M3"]]);
    expect(dragonMoveOps(START_DRAFT, "M4")).toEqual([]);
    expect(turnDragonOps(START_DRAFT)).toEqual([[["dragon", "facing"], "lair"]]);
    // EM-TRACK-1: one square per flight, so the flights change with the track; the dragon rides along
    expect(trackOps(START_DRAFT, 3)).toEqual([[["flight_track"], 3], [["dragon_moves"], 2], [["dragon", "square"], "M6"]]);
    expect(trackOps({ ...START_DRAFT, flight_track: 4, dragon_moves: 3, dragon: { square: "M5", facing: "lair" } }, 2))
      .toEqual([[["flight_track"], 2], [["dragon_moves"], 1], [["dragon", "square"], "M3"]]);
    expect(trackOps(START_DRAFT, 1)).toEqual([]);
  });
});

describe("edit mode in the shell", () => {
  it("offers Edit in the teacher's view only, and only when Python edits (the 'editing' trait)", () => {
    mount("start");
    const toggle = q(".dw-edit-toggle");
    expect(toggle.hidden).toBe(false);
    expect(q(".dw-edit-bar").hidden).toBe(true);
    click(toggle);
    expect(bench.model.sent.at(-1)).toEqual({ kind: "edit_start" });
    bench.unmount();
    mount("pay_or_lose_seat"); // seat 1's view
    expect(q(".dw-edit-toggle").hidden).toBe(true);
    bench.unmount();
    mount("pay_or_lose_seat", { editing: true, edit_position: START_DRAFT }); // never a toolbar in a seat view
    expect(q(".dw-edit-bar").hidden).toBe(true);
    expect(q("svg [data-edit]")).toBeNull();
    bench.unmount();
    bench.mount(position("start")); // an older Python, or a page with no kernel: no 'editing' trait
    expect(q(".dw-edit-toggle").hidden).toBe(true);
  });

  it("shows the toolbar while editing; its buttons send edit_play and edit_cancel; the panels are inert", async () => {
    mount("start");
    bench.model.update({ editing: true, edit_position: START_DRAFT });
    await flush();
    const bar = q(".dw-edit-bar");
    expect(bar.hidden).toBe(false);
    expect(q(".dw-edit-toggle").getAttribute("aria-pressed")).toBe("true");
    for (const panel of [".dw-timeline", ".dw-seats", ".dw-viewer"]) expect(q(panel).hasAttribute("inert")).toBe(true);
    click([...bar.querySelectorAll("button")].find((b) => b.textContent === "Play from here"));
    click([...bar.querySelectorAll("button")].find((b) => b.textContent === "Cancel"));
    expect(bench.model.sent.slice(-2)).toEqual([{ kind: "edit_play" }, { kind: "edit_cancel" }]);
    // no legal action is bound on the board while editing: a click there never plays
    expect(q("svg [data-action-id]")).toBeNull();
    bench.model.update({ editing: false, edit_position: {} });
    await flush();
    expect(bar.hidden).toBe(true);
    expect(q(".dw-timeline").hasAttribute("inert")).toBe(false);
    expect(q("svg [data-edit], svg .dw-editable")).toBeNull();
    expect(q("svg [data-action-id]")).not.toBeNull(); // the legal actions are bound again
  });

  it("shows a refused edit's error in the toolbar, and nothing on the board changes", async () => {
    editing();
    await expectRefusedEditShown(bench, "svg", "field 'knights.T1': a start space holds one knight of each colour (EM-SETUP-12)", "EM-SETUP-12");
    expect(q(".dw-status-bar .dw-error").hidden).toBe(true); // shown once, beside the board
  });

  it("keeps the play keys off while editing", () => {
    const root = editing();
    expectPlayKeysOff(bench, root, ["1", "u", "ArrowLeft"]);
  });
});

describe("Emerald's editor with the mouse", () => {
  it("click a knight, then a space: one edit with both ops; the board waits for Python", async () => {
    editing();
    const stack = onBoard("T1/black");
    expect(stack.getAttribute("role")).toBe("button");
    click(stack);
    expect(stack.getAttribute("aria-pressed")).toBe("true");
    expect(q(".dw-edit-hint").textContent).toContain("Holding a black knight from T1");
    click(onBoard("M8"));
    expect(edits()).toEqual([[[["knights", "T1"], ["red", "blue"]], [["knights", "M8"], ["black"]]]]);
    expect(q('svg [data-target="M8/black"]')).toBeNull(); // not drawn until Python answers
    expect(onBoard("T1/black").getAttribute("aria-pressed")).toBe("false"); // the pick is dropped once sent
    // Python answers with the new draft and its table
    const obs = structuredClone(bench.model.get("observation"));
    delete obs.knights.T1.black;
    obs.knights.M8 = { black: 1 };
    bench.model.update({ edit_position: { ...START_DRAFT, knights: { ...START_DRAFT.knights, T1: ["red", "blue"], M8: ["black"] } }, observation: obs });
    await flush();
    expect(onBoard("M8/black").getAttribute("aria-label")).toMatch(/1 black knight on M8: pick one up/);
    expect(onBoard("T1/black")).toBeNull();
  });

  it("a click on a knight's stack while holding one puts it on that stack's space; a click on the held one drops it", () => {
    editing();
    click(onBoard("T2/red"));
    click(onBoard("T2/red"));
    expect(onBoard("T2/red").getAttribute("aria-pressed")).toBe("false");
    click(onBoard("T2/red"));
    click(onBoard("KEEP/blue"));
    expect(edits().at(-1)).toEqual([[["knights", "T2"], ["black", "blue"]], [["knights", "KEEP"], ["black", "red", "blue", "red"]]]);
  });

  it("the dragon: picked up, put beside a mountain square only, turned and its track moved by controls", () => {
    editing();
    click(onBoard("dragon"));
    expect(onBoard("P3").getAttribute("aria-disabled")).toBe("true");
    click(onBoard("P3"));
    expect(edits()).toEqual([]);
    click(onBoard("M3"));
    expect(edits().at(-1)).toEqual([[["dragon", "square"], "M3"]]);
    const turn = [...q(".dw-edit-tools").querySelectorAll("button")].find((b) => b.textContent.startsWith("Turn the dragon"));
    click(turn);
    expect(edits().at(-1)).toEqual([[["dragon", "facing"], "lair"]]);
    const track = q(".dw-edit-tools select");
    expect(track.closest("label").textContent).toContain("Flight track");
    expect(track.value).toBe("1");
    track.value = "2";
    track.dispatchEvent(new Event("change", { bubbles: true }));
    expect(edits().at(-1)).toEqual([[["flight_track"], 2], [["dragon_moves"], 1], [["dragon", "square"], "M5"]]);
  });

  it("names every piece and place for what a click does, and every control", () => {
    editing();
    expectEveryEditableNamed(bench, "svg");
    for (const node of q(".dw-edit-bar").querySelectorAll("button, select, textarea")) {
      const named = node.getAttribute("aria-label") || node.textContent.trim() || node.closest("label")?.textContent.trim();
      expect(named).toBeTruthy();
    }
    expect(bench.el.querySelectorAll("svg .dw-stack[data-edit]")).toHaveLength(15);
    expect(onBoard("M8").getAttribute("aria-label")).toBe("M8: pick up a knight or the dragon first");
  });
});

describe("Emerald's editor with the keyboard", () => {
  it("Enter picks a knight up, the arrows move over the places, Enter puts it down", () => {
    editing();
    const stack = onBoard("T3/blue");
    pickUpByEnter(stack);
    key(stack, "ArrowRight"); // from the piece to its own space first
    expect(document.activeElement.getAttribute("data-edit")).toBe("T3");
    for (let i = 0; i < 16; i += 1) key(document.activeElement, "ArrowRight"); // T4, KEEP, P1..P6, M1..M8
    expect(document.activeElement.getAttribute("data-edit")).toBe("M8");
    expect(document.activeElement.getAttribute("aria-label")).toBe("M8: put the blue knight here");
    key(document.activeElement, "Enter");
    expect(edits()).toEqual([[[["knights", "T3"], ["black", "red"]], [["knights", "M8"], ["blue"]]]]);
    expect(document.activeElement.getAttribute("data-edit")).toBe("M8"); // the focus stays on the place
  });

  it("with nothing held the arrows go over the pieces; Escape drops a pick; F turns the dragon", () => {
    const root = editing();
    const first = onBoard("T1/black");
    first.focus();
    key(first, "ArrowRight");
    expect(document.activeElement.getAttribute("data-edit")).toMatch(/^T1\//);
    key(document.activeElement, "ArrowLeft");
    key(document.activeElement, "ArrowLeft");
    expect(document.activeElement.getAttribute("data-edit")).toBe("dragon"); // wraps round to the last piece
    key(document.activeElement, "Enter");
    expect(onBoard("dragon").getAttribute("aria-pressed")).toBe("true");
    key(document.activeElement, "Escape");
    expect(onBoard("dragon").getAttribute("aria-pressed")).toBe("false");
    key(root, "f");
    expect(edits()).toEqual([[[["dragon", "facing"], "lair"]]]);
  });

  it("the focus comes back to the same piece after Python's answer redraws the board", async () => {
    editing();
    expect(await editKeyFocusedAfterAnswer(bench, onBoard("T2/red"), START_DRAFT)).toBe("T2/red");
  });
});

describe("Copy position", () => {
  it("puts the draft's JSON in the clipboard and says so", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    editing();
    click(q(".dw-edit-copy"));
    await flush();
    expect(writeText).toHaveBeenCalledWith(JSON.stringify(START_DRAFT, null, 1));
    expect(JSON.parse(writeText.mock.calls[0][0])).toEqual(START_DRAFT);
    expect(q(".dw-edit-copied").textContent).toMatch(/^Copied/);
    expect(q(".dw-edit-json").hidden).toBe(true);
  });

  it("without a clipboard, selects the JSON in a read-only box instead", async () => {
    vi.stubGlobal("navigator", { ...navigator, clipboard: undefined });
    editing();
    click(q(".dw-edit-copy"));
    await flush();
    const box = q(".dw-edit-json");
    expect(box.hidden).toBe(false);
    expect(box.readOnly).toBe(true);
    expect(box.value).toBe(positionText(START_DRAFT));
    expect(document.activeElement).toBe(box);
    expect([box.selectionStart, box.selectionEnd]).toEqual([0, box.value.length]);
  });

  it("falls back to the box when the browser refuses the clipboard", async () => {
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText: () => Promise.reject(new Error("denied")) } });
    editing();
    click(q(".dw-edit-copy"));
    await flush();
    await flush();
    expect(q(".dw-edit-json").hidden).toBe(false);
  });
});
