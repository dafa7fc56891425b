// Drachenland's editor (js/drachenland/edit.js): the `edit` intents a click or key sequence sends, in the
// terms of the position (dragonwidgets/games/drachenland/position.py), a refused edit's error shown, and
// that the editor never redraws the board itself (Python answers with the new draft).

import { describe, it, expect } from "vitest";
import widget from "../../js/drachenland.js";
import { adventurerMoveOps, treasureMoveOps, tokenChangeOps, flipTokenOps, dieTurnOps, dragonMoveOps } from "../../js/drachenland/edit.js";
import { flush } from "./fake_model.js";
import { editBench, click, key, pickUpByEnter, expectPlayKeysOff, expectEscapeDrops, expectEveryEditableNamed, itAnswersPython } from "./edit_helpers.js";
import fixtures from "./fixtures/drachenland.json";

/** The draft Python would send for a fixture's table, built from its teacher observation (the fields read). */
function draftOf(traits) {
  const obs = traits.observation;
  const volcanoes = {};
  for (const [id, v] of Object.entries(obs.volcanoes)) {
    volcanoes[id] = { eggs: v.eggs, gems: { ...v.gems }, token: v.face_down ? obs.hidden.face_down[id] : v.token, face_down: v.face_down };
  }
  return {
    volcanoes, box: obs.hidden.boxed, dragons: obs.dragons, adventurers: obs.adventurers, rings: obs.rings,
    tokens: obs.tokens, hoards: obs.hoards, dice: obs.dice, decision: obs.decision,
  };
}

const bench = editBench(widget, ".dw-dl-board");
const { q, edits, at } = bench;
/** Mount the Drachenland widget on the "movement" fixture (3 seats, turn under way) while editing. */
const editing = () => bench.editing(structuredClone(fixtures.movement), draftOf);

describe("Drachenland's edit ops, in the position's terms", () => {
  const base = () => draftOf(structuredClone(fixtures.movement));

  it("an adventurer moves to a stone, onto a volcano (turned face up, DL-MOVE-6) or off the land", () => {
    const p = base();
    expect(adventurerMoveOps(p, { seat: 0, colour: "red" }, "s10")).toEqual([[["adventurers", 0, "red"], "s10"]]);
    expect(adventurerMoveOps(p, { seat: 0, colour: "red" }, "V01")).toEqual([
      [["adventurers", 0, "red"], "V01"], [["volcanoes", "V01", "face_down"], false]]);
    expect(adventurerMoveOps(p, { seat: 0, colour: "red" }, null)).toEqual([[["adventurers", 0, "red"], null]]);
    expect(adventurerMoveOps(p, { seat: 0, colour: "red" }, p.adventurers[0].red)).toEqual([]);
  });

  it("the first egg taken to a hoard turns the volcano up and brings its token along (DL-TREASURE-4)", () => {
    const p = base();
    expect(treasureMoveOps(p, "egg", { volcano: "V01" }, { hoard: 2 })).toEqual([
      [["volcanoes", "V01", "eggs"], 0],
      [["hoards", 2, "egg"], 1],
      [["volcanoes", "V01", "face_down"], false],
      [["volcanoes", "V01", "token"], null],
      [["tokens", 2, "forced_march"], p.tokens[2].forced_march + 1],
    ]);
    // a gem: the volcano's whole gems map is written, one fewer of that colour
    p.hoards[2].diamond = 1;
    expect(treasureMoveOps(p, "diamond", { hoard: 2 }, { volcano: "V03" })).toEqual([
      [["hoards", 2, "diamond"], 0],
      [["volcanoes", "V03", "gems"], { ...p.volcanoes.V03.gems, diamond: p.volcanoes.V03.gems.diamond + 1 }],
    ]);
    expect(treasureMoveOps(p, "ruby", { volcano: "V01" }, { hoard: 0 })).toBeNull(); // V01 has no ruby
    expect(treasureMoveOps(p, "egg", { volcano: "V01" }, { volcano: "V01" })).toEqual([]);
  });

  it("a token changes place with one of the kind asked for (face-down first) or the box; a face turns", () => {
    const p = base();
    expect(tokenChangeOps(p, "V01", "boatman")).toEqual([[["volcanoes", "V01", "token"], "boatman"], [["volcanoes", "V06", "token"], "forced_march"]]);
    expect(tokenChangeOps(p, "V01", "baby_dragon")).toEqual([[["volcanoes", "V01", "token"], "baby_dragon"], [["volcanoes", "V03", "token"], "forced_march"]]);
    expect(tokenChangeOps({ ...p, volcanoes: { V01: p.volcanoes.V01 } }, "V01", "baby_dragon"))
      .toEqual([[["volcanoes", "V01", "token"], "baby_dragon"], [["box"], "forced_march"]]);
    expect(tokenChangeOps(p, "V01", "forced_march")).toEqual([]);
    expect(flipTokenOps(p, "V01")).toEqual([[["volcanoes", "V01", "face_down"], false]]);
  });

  it("a royal dragon turned up is found there (DL-DRAGON-1); a dragon found moves to another volcano, turning it up", () => {
    const p = base();
    expect(flipTokenOps(p, "V02")).toEqual([
      [["volcanoes", "V02", "face_down"], false], [["volcanoes", "V02", "token"], null], [["dragons", "blue"], "V02"]]);
    p.dragons.blue = "V02";
    expect(dragonMoveOps(p, "blue", "V05")).toEqual([[["dragons", "blue"], "V05"], [["volcanoes", "V05", "face_down"], false]]);
    expect(dragonMoveOps(p, "blue", "V02")).toEqual([]);
  });

  it("a die turns to its next distinct face (DL-REC-1), wrapping round", () => {
    const faces = [[1, 2, 2, 2, 3, 3], [2, 3, 3, 4, 4, 4]];
    expect(dieTurnOps({ dice: [2, 4] }, faces, 0)).toEqual([[["dice"], [3, 4]]]);
    expect(dieTurnOps({ dice: [2, 4] }, faces, 1)).toEqual([[["dice"], [2, 2]]]);
    expect(dieTurnOps({ dice: null }, faces, 1)).toEqual([[["dice"], [1, 2]]]);
  });
});

describe("Drachenland's editor with the mouse", () => {
  it("click an adventurer, then a stone: one edit; the board waits for Python's answer", async () => {
    editing();
    const red = at("adv/0/red");
    const spot = red.parentNode.getAttribute("transform");
    expect(spot).toBeTruthy();
    expect(red.getAttribute("role")).toBe("button");
    expect(red.getAttribute("aria-label")).toBe("Humans' red adventurer on s01: pick it up");
    click(red);
    expect(red.getAttribute("aria-pressed")).toBe("true");
    expect(q(".dw-edit-hint").textContent).toContain("Holding Humans' red adventurer on s01");
    expect(at("s10").getAttribute("aria-label")).toBe("Stone s10: put the red adventurer on s10");
    click(at("s10"));
    expect(edits()).toEqual([[[["adventurers", 0, "red"], "s10"]]]);
    expect(at("adv/0/red").parentNode.getAttribute("transform")).toBe(spot); // not moved until Python answers
    expect(at("adv/0/red").getAttribute("aria-pressed")).toBe("false");
    // Python answers with the new draft and its table
    const obs = structuredClone(bench.model.get("observation"));
    obs.adventurers[0].red = "s10";
    bench.draft.adventurers[0].red = "s10";
    bench.model.update({ observation: obs, edit_position: structuredClone(bench.draft) });
    await flush();
    expect(at("adv/0/red").getAttribute("aria-label")).toBe("Humans' red adventurer on s10: pick it up");
  });

  it("an adventurer off the land comes in from its seat's row and goes back to it", () => {
    editing();
    click(at("adv/2/blue")); // Elves' blue is off the land (a chip in the seat panel)
    expect(at("off/0").getAttribute("aria-disabled")).toBe("true"); // another seat's row
    click(at("off/0"));
    expect(edits()).toEqual([]);
    click(at("V09"));
    // arriving on a face-down volcano turns it up (DL-MOVE-6)
    expect(edits().at(-1)).toEqual([[["adventurers", 2, "blue"], "V09"], [["volcanoes", "V09", "face_down"], false]]);
    click(at("adv/1/blue"));
    click(at("off/1"));
    expect(edits().at(-1)).toEqual([[["adventurers", 1, "blue"], null]]);
  });

  it("an egg or a gem from a volcano into a seat's hoard, a gem from a hoard onto a volcano", async () => {
    editing();
    click(at("V01/egg"));
    expect(at("hoard/1").getAttribute("aria-label")).toBe("Dwarves' hoard: put the egg in Dwarves' hoard");
    click(at("hoard/1"));
    expect(edits().at(-1)).toEqual([
      [["volcanoes", "V01", "eggs"], 0], [["hoards", 1, "egg"], 1], [["volcanoes", "V01", "face_down"], false],
      [["volcanoes", "V01", "token"], null], [["tokens", 1, "forced_march"], 1]]);
    click(at("V03/ruby"));
    click(at("hoard/2"));
    expect(edits().at(-1)).toEqual([
      [["volcanoes", "V03", "gems"], { ...bench.draft.volcanoes.V03.gems, ruby: 0 }], [["hoards", 2, "ruby"], 1],
      [["volcanoes", "V03", "face_down"], false]]);
    // Python's answer: the ruby is in Elves' hoard, a chip to pick up from there
    const obs = structuredClone(bench.model.get("observation"));
    obs.hoards[2].ruby = 1;
    bench.draft.hoards[2].ruby = 1;
    bench.model.update({ observation: obs, edit_position: structuredClone(bench.draft) });
    await flush();
    click(at("hoard/2/ruby"));
    click(at("V07/egg")); // a piece on a volcano names its volcano
    expect(edits().at(-1)).toEqual([[["hoards", 2, "ruby"], 0], [["volcanoes", "V07", "gems"], { ...bench.draft.volcanoes.V07.gems, ruby: 2 }]]);
  });

  it("a volcano chosen: the toolbar changes its token and turns it; a die turns by a click", () => {
    editing();
    const tools = q(".dw-dl-edit-volcano");
    expect(tools.hidden).toBe(true);
    click(at("V01"));
    expect(at("V01").getAttribute("aria-pressed")).toBe("true");
    expect(tools.hidden).toBe(false);
    const select = tools.querySelector("select");
    expect(select.closest("label").textContent).toContain("Token on V01");
    expect(select.value).toBe("forced_march");
    select.value = "boatman";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    expect(edits().at(-1)).toEqual([[["volcanoes", "V01", "token"], "boatman"], [["volcanoes", "V06", "token"], "forced_march"]]);
    click([...tools.querySelectorAll("button")].find((b) => b.textContent === "Turn face up (T)"));
    expect(edits().at(-1)).toEqual([[["volcanoes", "V01", "face_down"], false]]);
    click(at("die/0")); // die A shows 3, its faces 1 2 3: back to 1
    expect(edits().at(-1)).toEqual([[["dice"], [1, 4]]]);
  });

  it("a royal dragon found on the map is picked up and put on another volcano only", async () => {
    editing();
    const obs = structuredClone(bench.model.get("observation"));
    obs.dragons.blue = "V02";
    Object.assign(obs.volcanoes.V02, { face_down: false, token: null });
    bench.draft.dragons = { ...bench.draft.dragons, blue: "V02" };
    Object.assign(bench.draft.volcanoes.V02, { face_down: false, token: null });
    bench.model.update({ observation: obs, edit_position: structuredClone(bench.draft) });
    await flush();
    const dragon = at("dragon/blue");
    expect(dragon.getAttribute("aria-label")).toBe("the blue royal dragon on V02: pick it up");
    click(dragon);
    expect(at("s10").getAttribute("aria-disabled")).toBe("true");
    click(at("s10"));
    expect(edits()).toEqual([]);
    click(at("V05/egg"));
    expect(edits()).toEqual([[[["dragons", "blue"], "V05"], [["volcanoes", "V05", "face_down"], false]]]);
  });

  it("edit mode started on a board with choices: the pieces that let clicks through to a stone take clicks again", async () => {
    const traits = { ...structuredClone(fixtures.movement), editing: false, viewer: "teacher", can_act: true };
    bench.mount(traits);
    expect(bench.el.querySelectorAll(".dw-dl-map .dw-dl-passive").length).toBeGreaterThan(0); // stones are choices
    bench.model.update({ editing: true, edit_position: draftOf(traits) });
    await flush();
    expect(bench.el.querySelectorAll(".dw-dl-map .dw-dl-passive")).toHaveLength(0);
    expect(at("adv/0/red")).not.toBeNull();
  });

  it("names every piece and place for what a click does", () => {
    editing();
    const marked = expectEveryEditableNamed(bench, ".dw-dl-board");
    expect(marked.length).toBeGreaterThan(100);
    expect(at("s10").getAttribute("aria-label")).toBe("Stone s10: pick up an adventurer, an egg or a gem first");
  });
});

describe("Drachenland's editor with the keyboard, and Python's answer", () => {
  it("Enter picks an adventurer up, the arrows go over the places, Enter puts it down; Esc drops", () => {
    editing();
    const red = at("adv/0/red");
    pickUpByEnter(red);
    key(red, "ArrowRight"); // the places (and pieces standing on them) in the map's order, wrapping round
    const first = document.activeElement.getAttribute("data-edit");
    key(document.activeElement, "ArrowRight");
    const second = document.activeElement.getAttribute("data-edit");
    expect(second).not.toBe(first);
    expect(document.activeElement.getAttribute("aria-disabled")).not.toBe("true");
    key(document.activeElement, "Enter");
    expect(edits()).toHaveLength(1);
    expect(edits()[0][0][0]).toEqual(["adventurers", 0, "red"]);
    expectEscapeDrops(bench, at("adv/0/green"));
    expect(edits()).toHaveLength(1);
  });

  it("Delete takes the adventurer held off the land; T turns a focused volcano's token; Enter turns a die", () => {
    const root = editing();
    at("adv/1/blue").focus();
    key(document.activeElement, "Enter");
    key(document.activeElement, "Delete");
    expect(edits().at(-1)).toEqual([[["adventurers", 1, "blue"], null]]);
    at("V04").focus();
    key(document.activeElement, "t");
    expect(edits().at(-1)).toEqual([[["volcanoes", "V04", "face_down"], false]]);
    at("die/1").focus();
    key(document.activeElement, "Enter");
    expect(edits().at(-1)).toEqual([[["dice"], [3, 2]]]);
    expectPlayKeysOff(bench, root);
  });

  itAnswersPython(bench, editing, {
    board: ".dw-dl-map",
    error: "field 'volcanoes.V01.eggs': V01 shows 1 egg (DL-SETUP-6, DL-2P-2): it holds 0..1, got 2",
    rule: "DL-SETUP-6",
    focus: "adv/0/green",
  });
});
