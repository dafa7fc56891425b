// Boards are updated in place (js/shared/morph.js): elements are kept and only what changed is written,
// what targets.js and the editors put over the board survives, and a board that saw every change shows
// exactly what a board drawn from scratch shows.

import { describe, it, expect, afterEach } from "vitest";
import { s, h } from "../../js/shared/dom.js";
import { createComponents, morphChildren, overlayAttribute, overlayClasses, overlayNode, restoreAttribute } from "../../js/shared/morph.js";
import { bindTargets } from "../../js/shared/targets.js";
import { fakeModel, flush } from "./fake_model.js";
import { mutations } from "./mutations.js";
import emerald from "../../js/emerald.js";
import drachenland from "../../js/drachenland.js";
import chasse from "../../js/chasse_au_dragon.js";
import draghan from "../../js/draghan.js";
import emeraldFixtures from "./fixtures/emerald.json";
import drachenlandFixtures from "./fixtures/drachenland.json";
import chasseFixtures from "./fixtures/chasse_au_dragon.json";
import draghanFixtures from "./fixtures/draghan.json";

/** The markup of `node` with each element's attributes and class names in order (which an update in place may change). */
function canonical(node) {
  if (node.nodeType === Node.TEXT_NODE) return JSON.stringify(node.nodeValue);
  if (node.nodeType !== Node.ELEMENT_NODE) return "";
  // class names in order too: a class toggled on an element kept across updates may come in another order
  const value = (a) => (a.name === "class" ? a.value.split(/\s+/).sort().join(" ") : a.value);
  const attrs = [...node.attributes].map((a) => `${a.name}=${JSON.stringify(value(a))}`).sort();
  return `<${node.nodeName} ${attrs.join(" ")}>${[...node.childNodes].map(canonical).join("")}</${node.nodeName}>`;
}

/** Where two texts first differ, with some context: [a's, b's], or [null, null] when equal. */
function around(a, b) {
  if (a === b) return [null, null];
  let i = 0;
  while (a[i] === b[i]) i += 1;
  return [a.slice(Math.max(0, i - 150), i + 100), b.slice(Math.max(0, i - 150), i + 100)];
}

const act = (id, targets, label = `Do ${id}`) => ({ id, label, player: 0, kind: "k", targets, rules: [], prob: null });

describe("morphChildren", () => {
  const pile = (n, colour) => s("g", { "data-target": "pile", class: `pile ${colour}` }, s("text", { text: String(n) }));

  it("keeps the elements and writes only the attribute and the text that changed", () => {
    const layer = s("g", {}, pile(3, "red"), s("circle", { r: 4 }));
    const [g, circle] = layer.children;
    const records = mutations(layer, () => morphChildren(layer, [pile(2, "red"), s("circle", { r: 5 })]));
    expect([...layer.children]).toEqual([g, circle]);
    expect(records.map((r) => r.type).sort()).toEqual(["attributes", "characterData"]);
    expect(layer.innerHTML).toBe('<g data-target="pile" class="pile red"><text>2</text></g><circle r="5"></circle>');
    expect(mutations(layer, () => morphChildren(layer, [pile(2, "red"), s("circle", { r: 5 })]))).toEqual([]);
  });

  it("matches by data-target: a new target is inserted, a gone one removed, the others kept", () => {
    const item = (id) => h("li", { "data-target": id, text: id });
    const list = h("ol", {}, item("a"), item("b"));
    const b = list.children[1];
    morphChildren(list, [item("c"), item("b"), null]);
    expect([...list.children].map((li) => li.textContent)).toEqual(["c", "b"]);
    expect(list.children[1]).toBe(b);
  });

  it("keeps overlay attributes, classes and nodes, and gives the board's own value back", () => {
    overlayClasses("test-mark");
    const card = () => h("span", { "data-target": "card", class: "card", title: "a card" }, h("b", { text: "x" }));
    const row = h("div", {}, card());
    const el = row.firstChild;
    overlayAttribute(el, "title", "Buy it");
    el.classList.add("test-mark");
    el.prepend(overlayNode(document.createTextNode(" ")));
    const next = card();
    next.setAttribute("title", "a better card");
    morphChildren(row, [next]);
    expect(row.firstChild).toBe(el);
    expect(el.getAttribute("title")).toBe("Buy it");
    expect(el.getAttribute("class")).toBe("card test-mark");
    expect(el.childNodes).toHaveLength(2);
    restoreAttribute(el, "title");
    expect(el.getAttribute("title")).toBe("a better card");
  });

  it("leaves a bound element untouched when it is drawn the same (its binding is not redone)", () => {
    const board = () => s("g", {}, s("g", { "data-target": "A", title: "ignored" }, s("text", { text: "a" })));
    const root = s("svg", {}, s("g"));
    morphChildren(root.firstChild, [board()]);
    bindTargets(root, [act("a", ["A"])], true);
    const bound = root.querySelector("[data-target=A]");
    const records = mutations(root, () => {
      morphChildren(root.firstChild, [board()]);
      bindTargets(root, [act("a", ["A"])], true);
    });
    expect(records).toEqual([]);
    expect(bound.getAttribute("data-action-id")).toBe("a");
    bindTargets(root, [], true);
    expect(bound.getAttribute("title")).toBe("ignored");
    expect(bound.hasAttribute("role")).toBe(false);
    expect(bound.innerHTML).toBe("<text>a</text>");
  });
});

describe("createComponents", () => {
  it("keeps a part whose observation keys read and other inputs are unchanged, draws it again otherwise", () => {
    const parts = createComponents();
    const layer = s("g");
    let drawn = 0;
    const dieOf = (obs, extra) => parts.draw("die", obs, extra, (o) => {
      drawn += 1;
      return s("text", { "data-target": "die", text: `${o.roll ?? "none"} ${extra}` });
    });
    morphChildren(layer, [dieOf({ roll: 3, turn: 1 }, "a")]);
    const die = layer.firstChild;
    expect(dieOf({ roll: 3, turn: 2 }, "a")).toBe(die); // only an unread key changed
    morphChildren(layer, [dieOf({ roll: 3, turn: 2 }, "a")]);
    expect([drawn, layer.firstChild]).toEqual([1, die]);
    morphChildren(layer, [dieOf({ roll: 5, turn: 2 }, "a")]);
    morphChildren(layer, [dieOf({ turn: 2 }, "a")]); // a key read, now absent
    expect([drawn, layer.firstChild, die.textContent]).toEqual([3, die, "none a"]);
    morphChildren(layer, [dieOf({ turn: 2 }, "b")]);
    expect([drawn, die.textContent]).toEqual([4, "none b"]);
    expect(dieOf({ turn: 2 }, "b")).toBe(die); // the live element, not the fresh tree it was morphed from
    parts.reset();
    dieOf({ turn: 2 }, "b");
    expect(drawn).toBe(5);
  });

  it("never matches a fresh part with a kept one of the same kind that comes later (two knights of one colour in the lair)", () => {
    const parts = createComponents();
    const layer = s("g");
    const knight = (place, colour) => parts.draw(`place ${place}`, { colour }, null, (o) => s("g", { "data-target": `LAIR/${o.colour}`, "data-place": place }));
    morphChildren(layer, [knight(1, "black")]);
    const second = layer.firstChild;
    // a black knight enters place 0, before the one kept at place 1
    morphChildren(layer, [knight(0, "black"), knight(1, "black")]);
    expect([...layer.children].map((g) => g.getAttribute("data-place"))).toEqual(["0", "1"]);
    expect(layer.children[1]).toBe(second);
    expect(knight(1, "black")).toBe(second); // the part still finds its own element
  });

  it("draws a part again whose element a morph gave to another part (parts without a data-target of their own)", () => {
    const parts = createComponents();
    const layer = s("g");
    // pieces placed in a wrapper each, as Drachenland's adventurers: the wrappers match in order
    const piece = (name, x) => parts.draw(`piece ${name}`, { x }, null, (o) => s("g", { transform: `translate(${o.x})` }, s("text", { text: name })));
    const shown = () => [...layer.children].map((g) => `${g.textContent}@${g.getAttribute("transform")}`);
    morphChildren(layer, [piece("a", 1)]);
    morphChildren(layer, [piece("b", 2)]); // a leaves; b's fresh wrapper is matched with a's element
    morphChildren(layer, [piece("a", 1), piece("b", 2)]); // a comes back as it was first drawn
    expect(shown()).toEqual(["a@translate(1)", "b@translate(2)"]);
  });
});

// Every game: play its fixture positions one after the other into one widget, and compare its board
// after each with the board of a widget mounted at that position.
const draghanPosition = (name) => ({ ...draghanFixtures[name], board: draghanFixtures._board });
const GAMES = [
  ["emerald", emerald, emeraldFixtures, (name) => emeraldFixtures[name]],
  ["drachenland", drachenland, drachenlandFixtures, (name) => drachenlandFixtures[name]],
  ["chasse_au_dragon", chasse, chasseFixtures, (name) => chasseFixtures[name]],
  ["draghan", draghan, draghanFixtures, draghanPosition],
];

describe("a board updated in place shows what a board drawn anew shows", () => {
  const mounted = [];
  const mount = (widget, traits) => {
    const el = document.createElement("div");
    document.body.append(el);
    const model = fakeModel(traits);
    mounted.push([widget.render({ model, el }), el]);
    return { el, model, board: () => el.querySelector(".dw-board-wrap") };
  };
  afterEach(() => {
    for (const [cleanup, el] of mounted.splice(0)) {
      cleanup();
      el.remove();
    }
  });

  it("a knight stack lets clicks through to its tower only while both stand for the same action (Emerald)", async () => {
    const seen = mount(emerald, structuredClone(emeraldFixtures.start));
    const at = (id) => seen.el.querySelector(`svg [data-target="${id}"]`);
    const stack = at("T1/red");
    const through = () => [stack.classList.contains("dw-passthrough"), stack.getAttribute("data-action-id"), at("T1").getAttribute("data-action-id")];
    const tower = at("T1").getAttribute("data-action-id");
    expect(through()).toEqual([true, null, tower]);
    seen.model.update(structuredClone(emeraldFixtures.start_2p)); // T1 holds two colours: two moves start there
    await flush();
    expect(at("T1/red")).toBe(stack);
    expect(through()).toEqual([false, emeraldFixtures.start_2p.legal_actions[0].id, null]);
    seen.model.update(structuredClone(emeraldFixtures.start));
    await flush();
    expect(through()).toEqual([true, null, tower]);
  });

  it("the seats are updated in place, and a seat's menu shows what Python answers over what was picked", async () => {
    const seen = mount(emerald, structuredClone(emeraldFixtures.start));
    const rows = () => [...seen.el.querySelectorAll(".dw-seat")];
    const [first, second] = rows();
    expect(second.classList.contains("dw-seat-to-move")).toBe(true);
    const menu = first.querySelector("select");
    menu.value = "greedy"; // the person picks a bot; Python gives the seat to another one
    menu.dispatchEvent(new Event("change", { bubbles: true }));
    expect(seen.model.sent.at(-1)).toMatchObject({ kind: "set_seat", seat: 0, who: "greedy" });
    const observation = { ...structuredClone(emeraldFixtures.start.observation), current_player: 0 };
    seen.model.update({ seats: ["random", "human", "human"], observation });
    await flush();
    expect(rows().slice(0, 2)).toEqual([first, second]);
    expect([menu.value, first.classList.contains("dw-seat-to-move"), second.classList.contains("dw-seat-to-move")]).toEqual(["random", true, false]);
  });

  for (const [game, widget, fixtures, position] of GAMES) {
    it(game, async () => {
      const names = Object.keys(fixtures).filter((name) => !name.startsWith("_"));
      const names2 = [...names, ...names.slice(0, -1).reverse()]; // there and back
      const seen = mount(widget, structuredClone(position(names2[0])));
      for (const name of names2.slice(1)) {
        const traits = position(name);
        const { board, ...rest } = traits; // Python sends the board's layout again only when it changed
        const sameBoard = JSON.stringify(board) === JSON.stringify(seen.model.get("board"));
        seen.model.update(structuredClone(sameBoard ? rest : traits));
        await flush();
        const fresh = mount(widget, structuredClone(traits));
        expect(around(canonical(seen.board()), canonical(fresh.board())), name).toEqual([null, null]);
        // the same observation and actions once more (as Python's copies): nothing on the board is written
        const observer = new MutationObserver(() => {});
        observer.observe(seen.board(), { subtree: true, childList: true, attributes: true, characterData: true });
        seen.model.update(structuredClone({ observation: traits.observation, legal_actions: traits.legal_actions }));
        await flush();
        expect(observer.takeRecords(), name).toEqual([]);
        observer.disconnect();
      }
    });
  }
});
