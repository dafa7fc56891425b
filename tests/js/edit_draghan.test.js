// Draghan's editor (js/draghan/edit.js): the `edit` intents a click or key sequence sends, in the terms of
// the position (dragonwidgets/games/draghan/position.py), a refused edit's error shown, and that the editor
// never redraws the board itself (Python answers).

import { describe, it, expect } from "vitest";
import widget from "../../js/draghan.js";
import { findCard, cardMoveOps, woundOps, coinOps, topOf } from "../../js/draghan/edit.js";
import { editBench, click, key, pickUpByEnter, expectPlayKeysOff, expectEscapeDrops, expectEveryEditableNamed, itAnswersPython } from "./edit_helpers.js";
import fixtures from "./fixtures/draghan.json";

/** The draft Python would send for a fixture's table, built from its observation (the fields read). */
function draftOf(traits) {
  const obs = traits.observation;
  return {
    heroes: obs.heroes.map((hero) => hero && { character: hero.card, wounded: hero.wounded, equipment: [...hero.equipment], coins: hero.coins }),
    table: obs.table.map((m) => m.id),
    market_display: [...obs.market_display],
    revealed_equipment: [...obs.revealed_equipment],
    set_aside: [...obs.set_aside],
    discard: [...obs.discard],
    decks: structuredClone(obs.hidden?.decks ?? {}),
    supply: obs.supply,
    decision: obs.decision,
  };
}
/** A fixture's traits as the teacher sees them, with the board (every card's data). */
const traitsOf = (name) => ({ ...structuredClone(fixtures[name]), board: structuredClone(fixtures._board), viewer: "teacher" });

const bench = editBench(widget, ".dw-dg-board");
const { q, edits, at } = bench;
/**
 * Mount the Draghan widget while editing: "dragon_teacher" (3 characters with 3 cards each, the dragon
 * S01 and S05 on the table, S13 found, the decks known) or "buy" (the market display open, the Elf wounded).
 */
const editing = (name = "dragon_teacher") => bench.editing(traitsOf(name), draftOf);
const button = (text) => [...q(".dw-edit-tools").querySelectorAll("button")].find((b) => b.textContent.startsWith(text));

describe("Draghan's edit ops, in the position's terms", () => {
  const base = () => draftOf(traitsOf("dragon_teacher"));

  it("a card is found in its zone: a list, a deck, a character's equipment, a character", () => {
    const p = base();
    expect(findCard(p, "S05")).toEqual({ list: "table" });
    expect(findCard(p, "M01")).toEqual({ deck: "market" });
    expect(findCard(p, "D46")).toEqual({ equip: 0 });
    expect(findCard(p, "CH2")).toEqual({ hero: 1 });
    expect(findCard(p, "CH5")).toEqual({ list: "set_aside" });
    expect(findCard(p, "nope")).toBeNull();
    expect(topOf(p, { deck: "market" })).toBe("M01");
    expect(topOf(p, { list: "discard" })).toBe("D26");
  });

  it("a card moves from one zone to another: on top of a deck, at the end of a list or an equipment", () => {
    const p = base();
    expect(cardMoveOps(p, "S05", { equip: 2 })).toEqual([[["table"], ["S01"]], [["heroes", 2, "equipment"], ["M11", "M02", "D44", "S05"]]]);
    expect(cardMoveOps(p, "M01", { equip: 0 })).toEqual([[["decks", "market"], p.decks.market.slice(1)], [["heroes", 0, "equipment"], ["D53", "D46", "M05", "M01"]]]);
    expect(cardMoveOps(p, "M05", { deck: "market" })).toEqual([[["heroes", 0, "equipment"], ["D53", "D46"]], [["decks", "market"], ["M05", ...p.decks.market]]]);
    expect(cardMoveOps(p, "S13", { list: "market_display" })).toEqual([[["revealed_equipment"], []], [["market_display"], ["S13"]]]);
    expect(cardMoveOps(p, "S05", { list: "table" })).toEqual([]);
    expect(cardMoveOps(p, "CH1", { list: "set_aside" })).toBeNull(); // a character in play leaves by a swap only
    expect(cardMoveOps(p, "nope", { list: "table" })).toBeNull();
  });

  it("a character replaced: the new one comes from where it was, the old one goes there (DG-SETUP-6)", () => {
    const p = base();
    expect(cardMoveOps(p, "CH5", { hero: 1 })).toEqual([[["heroes", 1, "character"], "CH5"], [["set_aside"], ["CH4", "CH2", "CH6"]]]);
    expect(cardMoveOps(p, "CH3", { hero: 0 })).toEqual([[["heroes", 0, "character"], "CH3"], [["heroes", 2, "character"], "CH1"]]);
    p.heroes[1] = null; // out in the Shadow Realm (DG-WOUND-5): a character taken in is a new one
    expect(cardMoveOps(p, "CH6", { hero: 1 })).toEqual([
      [["heroes", 1], { character: "CH6", wounded: false, equipment: [], coins: 0 }], [["set_aside"], ["CH4", "CH5"]]]);
  });

  it("a character's card turned over, and coins from and to the supply (DG-SETUP-8)", () => {
    const p = base();
    expect(woundOps(p, 0)).toEqual([[["heroes", 0, "wounded"], true]]);
    expect(coinOps(p, 1, 1)).toEqual([[["heroes", 1, "coins"], 4], [["supply"], 15]]);
    expect(coinOps(p, 2, -1)).toEqual([[["heroes", 2, "coins"], 3], [["supply"], 17]]);
    p.heroes[2] = null;
    expect(woundOps(p, 2)).toEqual([]);
    expect(coinOps(p, 2, 1)).toEqual([]);
  });
});

describe("Draghan's editor with the mouse", () => {
  it("click a monster on the table, then a character's slot: one edit; the board waits for Python's answer", () => {
    editing();
    const monster = at("card/S05");
    expect(monster.getAttribute("role")).toBe("button");
    expect(monster.getAttribute("aria-label")).toContain(": pick it up");
    const before = q(".dw-dg-board").innerHTML.replace(/ (aria-pressed|aria-label)="[^"]*"/g, "");
    click(monster);
    expect(monster.getAttribute("aria-pressed")).toBe("true");
    expect(q(".dw-edit-hint").textContent).toContain("Holding the");
    expect(q(".dw-edit-hint").textContent).toContain("(S05) from the table");
    click(at("equip/2/hand"));
    expect(edits()).toEqual([[[["table"], ["S01"]], [["heroes", 2, "equipment"], ["M11", "M02", "D44", "S05"]]]]);
    expect(at("card/S05").closest(".dw-dg-table")).not.toBeNull(); // not moved here: Python redraws
    expect(q(".dw-dg-board").innerHTML.replace(/ (aria-pressed|aria-label)="[^"]*"/g, "")).toBe(before);
  });

  it("a deck's top card onto a character's card of equipment; a card back on top of a deck", () => {
    editing();
    click(at("deck/market"));
    expect(q(".dw-edit-hint").textContent).toContain("(M01) from the market deck");
    click(at("card/M05")); // a card of the Elf's stands for its equipment
    expect(edits().at(-1)).toEqual([[["decks", "market"], ["M08", "M06", "M03", ...bench.draft.decks.market.slice(4)]], [["heroes", 0, "equipment"], ["D53", "D46", "M05", "M01"]]]);
    click(at("card/S13")); // the equipment found, back on the Shadow encounter deck
    click(at("deck/encounter_shadow"));
    expect(edits().at(-1)).toEqual([[["revealed_equipment"], []], [["decks", "encounter_shadow"], ["S13", ...bench.draft.decks.encounter_shadow]]]);
  });

  it("a set-aside character put on a character replaces it; the toolbar's 'Put it on' sends a card to a list", () => {
    editing();
    click(at("card/CH4"));
    expect(at("hero/1").getAttribute("aria-label")).toMatch(/: the Dwarf \(seat 2\): make the Knight this character$/);
    expect(at("equip/1/torso").getAttribute("aria-label")).toBe("torso 0/1: the equipment of the Dwarf (seat 2): put the Knight there");
    click(at("hero/1"));
    expect(edits().at(-1)).toEqual([[["heroes", 1, "character"], "CH4"], [["set_aside"], ["CH2", "CH5", "CH6"]]]);
    expect(q(".dw-edit-dg-put").hidden).toBe(true);
    click(at("card/D53"));
    expect(q(".dw-edit-dg-put").hidden).toBe(false);
    click(button("discard"));
    expect(edits().at(-1)).toEqual([[["heroes", 0, "equipment"], ["D46", "M05"]], [["discard"], [...bench.draft.discard, "D53"]]]);
  });

  it("a character chosen: the toolbar changes its character, turns its card and gives or takes a coin", () => {
    editing("buy");
    const tools = q(".dw-edit-dg-hero");
    expect(tools.hidden).toBe(true);
    // its visible text first (label in name), then what a click does
    expect(at("hero/0").getAttribute("aria-label")).toBe("wounded C healthy: SCC: the Elf (seat 1), wounded, 4 coins: choose it for the toolbar");
    click(at("hero/0"));
    expect(at("hero/0").getAttribute("aria-pressed")).toBe("true");
    expect(tools.hidden).toBe(false);
    expect(q(".dw-edit-hint").textContent).toBe("the Elf (seat 1) chosen: the toolbar changes its character, side and coins.");
    expect(tools.querySelector("label > span").textContent).toBe("Seat 1's character");
    expect(button("Wounded side up").getAttribute("aria-pressed")).toBe("true"); // the Elf is wounded
    expect(q(".dw-edit-dg-coins").textContent).toBe("4 coins (supply 19)");
    click(button("Wounded side up"));
    expect(edits().at(-1)).toEqual([[["heroes", 0, "wounded"], false]]);
    click(button("+ coin"));
    expect(edits().at(-1)).toEqual([[["heroes", 0, "coins"], 5], [["supply"], 18]]);
    click(button("− coin"));
    expect(edits().at(-1)).toEqual([[["heroes", 0, "coins"], 3], [["supply"], 20]]);
    const select = tools.querySelector("select");
    expect([...select.options].map((o) => o.value)).toEqual(["CH1", "CH4", "CH5", "CH6"]);
    select.value = "CH6";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    expect(edits().at(-1)).toEqual([[["heroes", 0, "character"], "CH6"], [["set_aside"], ["CH4", "CH5", "CH1"]]]);
    expect(edits()).toHaveLength(4);
  });

  it("at the set-up, a set-aside character put on an empty seat becomes that seat's character (DG-SETUP-6)", () => {
    editing("choose");
    expect(at("hero/1").textContent).toBe("no character yet");
    click(at("card/CH5"));
    expect(at("hero/1").getAttribute("aria-label")).toContain("seat 2 (no character): make the");
    click(at("hero/1"));
    expect(edits()).toEqual([[[["heroes", 1], { character: "CH5", wounded: false, equipment: [], coins: 0 }], [["set_aside"], ["CH1", "CH2", "CH3", "CH4", "CH6"]]]]);
    at("hero/2").focus();
    key(document.activeElement, "w"); // no character there: nothing to turn, nothing sent
    expect(edits()).toHaveLength(1);
  });

  it("a market card onto the table: sent as asked (the kinds of a zone are Python's to judge, DG-EXPLORE-3)", () => {
    editing("buy");
    click(at("card/M17"));
    click(at("zone/table"));
    expect(edits()).toEqual([[[["market_display"], ["M06", "M18", "M12"]], [["table"], ["M17"]]]]);
  });

  it("names every piece and place for what a click does", () => {
    editing();
    const marked = expectEveryEditableNamed(bench, ".dw-dg-board");
    // 2 on the table, S13 found, 3 set aside, 9 carried, 3 characters, 9 slot labels, 3 titles, 7 decks
    expect(marked.length).toBe(2 + 1 + 3 + 9 + 3 + 9 + 3 + 7);
  });
});

describe("Draghan's editor with the keyboard, and Python's answer", () => {
  it("Enter picks a card up, the arrows go over the places, Enter puts it down; Esc drops", () => {
    editing();
    pickUpByEnter(at("card/S05"));
    at("equip/0/head").focus();
    key(document.activeElement, "ArrowRight"); // the next in the board's order: the Elf's head card (its equipment)
    expect(document.activeElement.getAttribute("data-edit")).toBe("card/D46");
    key(document.activeElement, "Enter");
    expect(edits()).toEqual([[[["table"], ["S01"]], [["heroes", 0, "equipment"], ["D53", "D46", "M05", "S05"]]]]);
    expectEscapeDrops(bench, at("card/M09"));
    expect(edits()).toHaveLength(1);
  });

  it("W turns the focused character's card, + and - give and take a coin; play keys stay off", () => {
    const root = editing();
    at("hero/1").focus();
    key(document.activeElement, "w");
    expect(edits().at(-1)).toEqual([[["heroes", 1, "wounded"], true]]);
    at("card/D44").focus(); // a card the Wizard carries stands for the Wizard
    key(document.activeElement, "+");
    expect(edits().at(-1)).toEqual([[["heroes", 2, "coins"], 5], [["supply"], 15]]);
    key(document.activeElement, "-");
    expect(edits().at(-1)).toEqual([[["heroes", 2, "coins"], 3], [["supply"], 17]]);
    at("deck/market").focus(); // nobody's: W does nothing
    key(document.activeElement, "w");
    expect(edits()).toHaveLength(3);
    expectPlayKeysOff(bench, root);
  });

  itAnswersPython(bench, editing, {
    board: ".dw-dg-board",
    error: "field 'heroes.2.equipment': S05 is a monster card; this place holds equipment or market (DG-INT-8)",
    rule: "DG-INT-8",
    focus: "card/M05",
  });
});
