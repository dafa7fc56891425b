// La Chasse au Dragon's editor (js/chasse_au_dragon/edit.js): the `edit` intents a click or key sequence
// sends, in the terms of the position (dragonwidgets/games/chasse_au_dragon/position.py), a refused
// edit's error shown, and that the editor never redraws the board itself (Python answers).

import { describe, it, expect } from "vitest";
import widget from "../../js/chasse_au_dragon.js";
import { pawnMoveOps, campMoveOps, pileTopOps, cardMoveOps, eatQuarterOps } from "../../js/chasse_au_dragon/edit.js";
import { MONSTERS } from "../../js/chasse_au_dragon/layout.js";
import { flush } from "./fake_model.js";
import { editBench, click, key, pickUpByEnter, expectPlayKeysOff, expectEscapeDrops, expectEveryEditableNamed, itAnswersPython } from "./edit_helpers.js";
import fixtures from "./fixtures/chasse_au_dragon.json";

/** The draft Python would send for a fixture's table, built from its teacher observation (the fields read). */
function draftOf(traits) {
  const obs = traits.observation;
  const colours = traits.board.seat_colours;
  const cards = (counts) => MONSTERS.flatMap((m) => Array(counts[m] || 0).fill(m));
  const perSeat = (f) => Object.fromEntries(colours.map((c, seat) => [c, f(seat)]));
  return {
    adventurers: perSeat((seat) => obs.positions[seat]),
    camps: perSeat((seat) => obs.camps[seat]),
    boards: perSeat((seat) => {
      const b = obs.boards[seat];
      return { backpack: cards(b.backpack), cage: b.cage, vault: cards(b.vault), dungeon: b.dungeon, equipment: b.equipment, pantry: b.pantry };
    }),
    piles: obs.hidden.piles,
    removed: obs.hidden.removed,
    decision: obs.decision,
  };
}

const bench = editBench(widget, ".dw-cd-board");
const { q, edits, at } = bench;
/** Mount the Chasse widget on the "flee_roll" fixture (3 hunters with cards on their boards) while editing. */
const editing = () => bench.editing(structuredClone(fixtures.flee_roll), draftOf);

describe("Chasse's edit ops, in the position's terms", () => {
  const base = () => draftOf(structuredClone(fixtures.flee_roll));

  it("a pawn moves to a square, named by its colour", () => {
    const p = base();
    expect(pawnMoveOps(p, 1, "3,3")).toEqual([[["adventurers", "blue"], "3,3"]]);
    expect(pawnMoveOps(p, 1, "5,4")).toEqual([]);
    expect(campMoveOps(p, 2, "0,3")).toEqual([[["camps", "black"], "0,3"]]);
    expect(campMoveOps(p, 2, "0,5")).toEqual([]);
  });

  it("a pile's top card: brought up from deeper in it, or swapped with the pile that holds one deepest (CD-SETUP-6)", () => {
    const p = base();
    expect(pileTopOps(p, "2,2", "goblin")).toEqual([[["piles", "2,2"], ["goblin", "ogre", "ogre", "ogre"]]]);
    // no dragon in 2,2: the deepest dragon (4,4's second card is shallower than 3,4's third) comes up
    expect(pileTopOps(p, "2,2", "dragon")).toEqual([
      [["piles", "2,2"], ["dragon", "ogre", "ogre", "goblin"]],
      [["piles", "3,4"], ["giant", "troll", "ogre", "goblin", "goblin", "ogre", "troll", "ogre", "ogre"]],
    ]);
    expect(pileTopOps(p, "2,2", "ogre")).toEqual([]);
  });

  it("a card moves between a pile's top and the boards' zones; a new equipment swaps with the old", () => {
    const p = base();
    expect(cardMoveOps(p, null, { pile: "2,4" }, { seat: 0, zone: "backpack" })).toEqual([
      [["piles", "2,4"], ["goblin"]], [["boards", "white", "backpack"], ["orc", "ogre", "orc"]]]);
    expect(cardMoveOps(p, "goblin", { seat: 1, zone: "cage" }, { seat: 2, zone: "dungeon" })).toEqual([
      [["boards", "blue", "cage"], 1], [["boards", "black", "dungeon"], 1]]);
    expect(cardMoveOps(p, "goblin", { seat: 1, zone: "cage" }, { seat: 0, zone: "pantry" })).toEqual([
      [["boards", "blue", "cage"], 1], [["boards", "white", "pantry"], 3]]); // a goblin cut up: 3 quarters (CD-GOB-6)
    expect(cardMoveOps(p, "ogre", { seat: 0, zone: "backpack" }, { seat: 0, zone: "equipment" })).toEqual([
      [["boards", "white", "backpack"], ["orc", "orc"]], [["boards", "white", "equipment"], "ogre"]]);
    expect(cardMoveOps(p, "giant", { seat: 0, zone: "backpack" }, { pile: "2,2" })).toBeNull();
    expect(cardMoveOps(p, "orc", { seat: 0, zone: "vault" }, { seat: 0, zone: "vault" })).toEqual([]);
    expect(eatQuarterOps(p, 2)).toEqual([[["boards", "black", "pantry"], 0], [["removed", "goblin"], 26]]);
  });
});

describe("Chasse's editor with the mouse", () => {
  it("click a pawn, then a square: one edit; the pawn waits for Python's answer", async () => {
    editing();
    const blue = at("adv/1");
    expect(blue.getAttribute("role")).toBe("button");
    expect(blue.getAttribute("aria-label")).toBe("Blue's pawn on 5,4: pick it up");
    const spot = blue.parentNode.getAttribute("transform");
    click(blue);
    expect(blue.getAttribute("aria-pressed")).toBe("true");
    expect(q(".dw-edit-hint").textContent).toContain("Holding Blue's pawn on 5,4");
    expect(at("0,0").getAttribute("aria-label")).toBe("Square 0,0 (forest edge): put Blue's pawn on 0,0");
    click(at("3,3"));
    expect(edits()).toEqual([[[["adventurers", "blue"], "3,3"]]]);
    expect(at("adv/1").parentNode.getAttribute("transform")).toBe(spot);
    const obs = structuredClone(bench.model.get("observation"));
    obs.positions[1] = "3,3";
    bench.draft.adventurers.blue = "3,3";
    bench.model.update({ observation: obs, edit_position: structuredClone(bench.draft) });
    await flush();
    expect(at("adv/1").getAttribute("aria-label")).toBe("Blue's pawn on 3,3: pick it up");
  });

  it("a square chosen: the toolbar sets its pile's top card, or picks that card up for a board", () => {
    editing();
    const tools = q(".dw-cd-edit-pile");
    expect(tools.hidden).toBe(true);
    expect(at("0,0").getAttribute("aria-disabled")).toBe("true"); // the forest edge has no pile
    click(at("2,4"));
    expect(at("2,4").getAttribute("aria-pressed")).toBe("true");
    expect(tools.hidden).toBe(false);
    const select = tools.querySelector("select");
    expect(select.closest("label").textContent).toContain("Top card on 2,4");
    expect(select.value).toBe("orc");
    select.value = "goblin";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    expect(edits().at(-1)).toEqual([[["piles", "2,4"], ["goblin", "orc"]]]);
    click([...tools.querySelectorAll("button")].find((b) => b.textContent.startsWith("Pick up the top card")));
    expect(q(".dw-edit-hint").textContent).toContain("Holding the orc on top of the pile on 2,4");
    click(at("zone/2/vault"));
    expect(edits().at(-1)).toEqual([[["piles", "2,4"], ["goblin"]], [["boards", "black", "vault"], ["orc", "orc", "ogre", "orc"]]]);
  });

  it("cards on the hunters' boards: picked from a zone, put in another or on a pile; the pantry eats a quarter", () => {
    editing();
    click(at("card/0/backpack/ogre"));
    expect(at("zone/1/vault").getAttribute("aria-label")).toBe("Blue's 3 vault: put the ogre here");
    click(at("zone/1/vault"));
    expect(edits().at(-1)).toEqual([[["boards", "white", "backpack"], ["orc"]], [["boards", "blue", "vault"], ["ogre"]]]);
    click(at("card/1/cage/goblin"));
    click(at("3,2")); // on top of its pile
    expect(edits().at(-1)).toEqual([[["boards", "blue", "cage"], 1], [["piles", "3,2"], ["goblin", "ogre"]]]);
    click(at("card/2/equipment/ogre"));
    click(at("zone/0/equipment")); // White's orc goes back where the ogre came from
    expect(edits().at(-1)).toEqual([[["boards", "black", "equipment"], "orc"], [["boards", "white", "equipment"], "ogre"]]);
    click(at("pantry/2"));
    expect(edits().at(-1)).toEqual([[["boards", "black", "pantry"], 0], [["removed", "goblin"], 26]]);
  });

  it("a camp picked up from its board's 'camp x,y' and put on a square (CD-SETUP-4 is Python's to judge)", () => {
    editing();
    const camp = at("camp/0");
    expect(camp.textContent).toBe("camp 3,0");
    expect(camp.getAttribute("aria-label")).toBe("White's camp 3,0: pick it up");
    click(camp);
    expect(at("6,0").getAttribute("aria-label")).toBe("Square 6,0 (forest edge): put White's camp on 6,0");
    click(at("6,0"));
    expect(edits()).toEqual([[[["camps", "white"], "6,0"]]]);
  });

  it("names every piece and place for what a click does", () => {
    editing();
    const marked = expectEveryEditableNamed(bench, ".dw-cd-board");
    expect(marked.length).toBeGreaterThan(64 + 3 + 18);
  });
});

describe("Chasse's editor with the keyboard, and Python's answer", () => {
  it("Enter picks a pawn up, the arrows go over the squares, Enter puts it down; Esc drops", () => {
    editing();
    const white = at("adv/0");
    pickUpByEnter(white);
    at("4,4").focus();
    key(document.activeElement, "ArrowRight"); // the next square in the board's order
    expect(document.activeElement.getAttribute("data-edit")).toBe("5,4");
    key(document.activeElement, "Enter");
    expect(edits()).toEqual([[[["adventurers", "white"], "5,4"]]]);
    expectEscapeDrops(bench, at("adv/2"));
    expect(edits()).toHaveLength(1);
  });

  it("P picks up a focused square's top card, Enter on a zone's name puts it there; play keys stay off", () => {
    const root = editing();
    at("6,1").focus();
    key(document.activeElement, "p");
    expect(q(".dw-edit-hint").textContent).toContain("the orc on top of the pile on 6,1");
    expect(at("6,1").getAttribute("aria-pressed")).toBe("true"); // the square shows its top card is held
    at("zone/1/backpack").focus();
    key(document.activeElement, "Enter");
    expect(edits().at(-1)).toEqual([[["piles", "6,1"], []], [["boards", "blue", "backpack"], ["orc"]]]);
    expectPlayKeysOff(bench, root);
  });

  itAnswersPython(bench, editing, {
    board: ".dw-cd-forest",
    error: "field 'camps.white': camps lie on the forest edge (x or y is 0 or 7), not 2,2 (CD-BOARD-2, CD-SETUP-4)",
    rule: "CD-SETUP-4",
    focus: "card/2/vault/orc",
  });
});
