import { describe, it, expect, beforeEach, afterEach } from "vitest";
import widget from "../../js/draghan.js";
import { countIcons, iconWords, isMatched, needRow } from "../../js/draghan/cards.js";
import { phaseOf } from "../../js/draghan/location.js";
import { monsterName } from "../../js/draghan/table.js";
import { fakeModel, flush } from "./fake_model.js";
import { elementsMade } from "./mutations.js";
import fixtures from "./fixtures/draghan.json";

// Positions written by tests/js/make_fixtures.py from the real engine (DraghanWidget traits, the
// planner bot playing up to each); the board (every card's data) is stored once, as "_board".
const position = (name) => ({ ...structuredClone(fixtures[name]), board: structuredClone(fixtures._board) });
const cards = fixtures._board.cards;

let el;
let model;
let cleanup;

function mountTraits(traits) {
  model = fakeModel(traits);
  cleanup = widget.render({ model, el });
  return el.querySelector(".dw-root");
}
const mount = (name) => mountTraits(position(name));

const board = () => el.querySelector(".dw-dg-board");
const byTarget = (id) => board().querySelector(`[data-target="${id}"]`);
const allByTarget = (id) => [...board().querySelectorAll(`[data-target="${id}"]`)];
const click = (node) => node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
const key = (node, k) => node.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
const chips = (node) => [...node.querySelectorAll(".dw-dg-icon")].map((c) => `${c.dataset.icon}${c.dataset.state ? `:${c.dataset.state}` : ""}`);
/** The board elements bound to a legal action: data-target -> action id. */
const bound = () => Object.fromEntries([...board().querySelectorAll("[data-target][data-action-id]")].map((n) => [n.dataset.target, n.dataset.actionId]));

beforeEach(() => {
  el = document.createElement("div");
  document.body.append(el);
});
afterEach(() => {
  cleanup?.();
  cleanup = null;
  el.remove();
});

describe("the table", () => {
  it("renders into the shared shell and returns a cleanup that removes every listener", () => {
    const root = mount("choose");
    expect(typeof cleanup).toBe("function");
    expect(root.classList.contains("dw-game-draghan")).toBe(true);
    expect(root.hasAttribute("data-lm-suppress-shortcuts")).toBe(true);
    expect(el.querySelector(".dw-board-wrap .dw-dg-board")).not.toBeNull();
    expect(model.listenerCount()).toBeGreaterThan(0);
    cleanup();
    cleanup = null;
    expect(model.listenerCount()).toBe(0);
    expect(el.querySelector(".dw-root")).toBeNull();
  });

  it("setting up: the six characters to choose from, each card/{id} a button for its choice", () => {
    const t = position("choose");
    mount("choose");
    expect(t.observation.decision).toBe("choose_character");
    expect(board().querySelector(".dw-dg-set-aside .dw-panel-title").textContent).toBe("Characters to choose from");
    for (const id of ["CH1", "CH2", "CH3", "CH4", "CH5", "CH6"]) {
      const card = byTarget(`card/${id}`);
      expect(card.querySelector(".dw-dg-card-name").textContent).toBe(cards[id].name);
      expect(chips(card.querySelector(".dw-dg-icons"))).toEqual([...cards[id].healthy]);
      expect(card.dataset.actionId).toBe(`choose ${id}`);
      expect(card.getAttribute("role")).toBe("button");
      expect(["0", "-1"]).toContain(card.getAttribute("tabindex")); // a roving tab stop (issue 27, item 14)
    }
    click(byTarget("card/CH3"));
    expect(model.sent).toEqual([{ kind: "act", id: "choose CH3" }]);
    expect(board().querySelector(".dw-dg-where .dw-panel-title").textContent).toBe("Setting up");
    expect(board().querySelectorAll(".dw-dg-hero.dw-dg-out")).toHaveLength(3);
  });

  it("the realm, the location with its ability, the portals, the decks by size and the discard pile", () => {
    const t = position("portal");
    mount("portal");
    const o = t.observation;
    expect(byTarget("realm").textContent).toContain("Draghan");
    const loc = byTarget("location");
    expect(loc.querySelector(".dw-dg-card-name").textContent).toBe(cards[o.location].name);
    expect(loc.querySelector(".dw-dg-ability").textContent).toBe("portal");
    expect(board().querySelector(".dw-dg-portals").textContent).toContain(`Portals ${o.portals_up.length} of 3`);
    for (const id of o.portals_up) expect(board().querySelector(`.dw-dg-portal[data-card="${id}"]`).textContent).toBe(cards[id].name);
    for (const [deck, n] of Object.entries(o.deck_sizes)) {
      expect(board().querySelector(`.dw-dg-deck[data-deck="${deck}"] .dw-dg-deck-count`).textContent, deck).toBe(String(n));
    }
    expect(board().querySelector('.dw-dg-deck[data-deck="discard"] .dw-dg-deck-count').textContent).toBe(String(o.discard.length));
    expect(board().querySelector(".dw-dg-stats [data-coins]").dataset.coins).toBe(String(o.supply));
    expect(board().querySelector(".dw-dg-phase-now").dataset.phase).toBe("location");
    expect(board().querySelector(".dw-dg-deck-unused")).toBeNull();
  });

  it("travelling is a click on the realm, answered yes under the board (issue 27, item 12); staying is a button beside the board", () => {
    mount("portal");
    expect(bound()).toEqual({ realm: "travel" });
    click(byTarget("realm"));
    expect(model.sent).toEqual([]);
    click(el.querySelector('.dw-choice-ask button[data-action-id="travel"]'));
    expect(model.sent).toEqual([{ kind: "act", id: "travel" }]);
    expect(el.querySelector('.dw-action-list [data-action-id="stay"]')).not.toBeNull();
    expect(el.querySelector('.dw-choice-bar [data-action-id="stay"]')).not.toBeNull();
  });
});

describe("the characters", () => {
  it("one per seat in seat order (hero/{seat}): name, side and its icons, coins, the map on the active one", () => {
    const t = position("heal");
    mount("heal");
    const o = t.observation;
    const heroes = [...board().querySelectorAll(".dw-dg-hero")];
    expect(heroes.map((n) => n.dataset.target)).toEqual(o.heroes.map((_, s) => `hero/${s}`));
    o.heroes.forEach((hero, seat) => {
      const panel = byTarget(`hero/${seat}`);
      expect(panel.querySelector(".dw-dg-hero-name").textContent).toBe(t.player_names[seat]);
      expect(panel.querySelector(".dw-dg-side").textContent).toBe(hero.wounded ? "wounded" : "healthy");
      expect(panel.classList.contains("dw-dg-wounded")).toBe(hero.wounded);
      expect(chips(panel.querySelector(".dw-dg-shows"))).toEqual([...hero.shows]);
      expect(hero.shows).toBe(hero.wounded ? cards[hero.card].wounded : cards[hero.card].healthy);
      expect(panel.querySelector(".dw-dg-hero-head [data-coins]").dataset.coins).toBe(String(hero.coins));
      expect(Boolean(panel.querySelector(".dw-dg-map"))).toBe(seat === o.active_player);
    });
    expect(o.heroes.some((h) => h.wounded)).toBe(true);
  });

  it("equipment grouped by body slot with the limits; each card card/{id} with its icons, healing mark and price", () => {
    const t = position("buy");
    mount("buy");
    const limits = t.board.limits;
    t.observation.heroes.forEach((hero, seat) => {
      const panel = byTarget(`hero/${seat}`);
      const groups = [...panel.querySelectorAll(".dw-dg-slot-group")].map((g) => g.dataset.slot);
      expect(groups).toEqual(["head", "torso", "hand"]);
      for (const id of hero.equipment) {
        const c = cards[id];
        const card = panel.querySelector(`.dw-dg-slot-group[data-slot="${c.slot}"] [data-target="card/${id}"]`);
        expect(card, id).not.toBeNull();
        expect(card.querySelector(".dw-dg-card-name").textContent).toBe(c.name);
        expect(chips(card)).toEqual([...c.icons]);
        expect(Boolean(card.querySelector(".dw-dg-heal"))).toBe(c.heal);
        if (c.price !== null) expect(card.querySelector(".dw-dg-price").dataset.coins).toBe(String(c.price));
        else expect(card.querySelector(".dw-dg-price")).toBeNull();
      }
      for (const slot of ["head", "torso", "hand"]) {
        const n = hero.equipment.filter((id) => cards[id].slot === slot).length;
        expect(panel.querySelector(`.dw-dg-slot-group[data-slot="${slot}"] .dw-dg-slot-label`).textContent).toBe(`${slot} ${n}/${limits[slot]}`);
      }
    });
  });

  it("the equipment check: the over-full slot is marked and each of its cards is a button to discard it", () => {
    const t = position("check");
    mount("check");
    const seat = t.observation.current_player;
    const panel = byTarget(`hero/${seat}`);
    const over = [...panel.querySelectorAll(".dw-dg-slot-group.dw-dg-over")].map((g) => g.dataset.slot);
    expect(over).toEqual(["hand"]);
    const discards = t.legal_actions.map((a) => a.id);
    expect(Object.values(bound()).sort()).toEqual([...discards].sort());
    for (const id of discards) expect(panel.querySelector(`[data-target="card/${id.split(" ")[1]}"]`).dataset.actionId).toBe(id);
    click(panel.querySelector(`[data-target="card/${discards[1].split(" ")[1]}"]`));
    expect(model.sent).toEqual([{ kind: "act", id: discards[1] }]);
  });

  it("healing: the wounded active character's healing card is the button; the character holding it is lit, not a second button around it", () => {
    const t = position("heal");
    mount("heal");
    const seat = t.observation.active_player;
    expect(bound()).toEqual({ "card/D45": "heal D45" });
    expect(byTarget("card/D45").closest(".dw-dg-hero")).toBe(byTarget(`hero/${seat}`));
    expect(byTarget(`hero/${seat}`).classList.contains("dw-legal")).toBe(true);
    expect(byTarget(`hero/${seat}`).hasAttribute("role")).toBe(false); // no button inside a button (axe: nested-interactive)
    expect(board().querySelector(".dw-dg-phase-now").dataset.phase).toBe(t.observation.decision === "heal_2" ? "heal2" : "heal");
  });

  it("an odd coin: each participant's character is the button that gives it", () => {
    mount("gold");
    expect(bound()).toEqual({ "hero/0": "extra D21 0", "hero/2": "extra D21 2" });
    click(byTarget("hero/2"));
    expect(model.sent).toEqual([{ kind: "act", id: "extra D21 2" }]);
  });

  it("sharing the one card with two others: the card is lit (two gifts share it), each receiver is a button", () => {
    mount("share");
    expect(bound()).toEqual({ "hero/1": "give M13 1", "hero/2": "give M13 2" });
    expect(byTarget("card/M13").classList.contains("dw-legal-shared")).toBe(true);
    expect(byTarget("card/M13").hasAttribute("data-action-id")).toBe(false);
    click(byTarget("hero/2"));
    expect(model.sent).toEqual([{ kind: "act", id: "give M13 2" }]);
    expect(el.querySelectorAll(".dw-action-list [data-action-id]")).toHaveLength(3);
  });

  it("a character that dropped out leaves its seat empty; the set-aside characters are the replacements to click", () => {
    const t = position("replace");
    mount("replace");
    expect(byTarget("hero/0").classList.contains("dw-dg-out")).toBe(true);
    expect(board().querySelector(".dw-dg-set-aside .dw-panel-title").textContent).toBe("Set-aside characters (replacements)");
    for (const id of t.observation.set_aside) expect(byTarget(`card/${id}`).dataset.actionId).toBe(`replace ${id}`);
  });

  it("an empty seat says 'no character yet' only while setting up; once every character dropped out (DG-END-3) it says they are out, and a lost game shares no win", () => {
    const outText = (seat) => byTarget(`hero/${seat}`).querySelector(".dw-dg-out-text").textContent;
    mount("choose");
    expect(outText(0)).toBe("no character yet");
    cleanup();
    // Setting up, the first character chosen: the seats still to choose have no character yet.
    const half = position("choose");
    half.observation.heroes[0] = position("declare").observation.heroes[0];
    mountTraits(half);
    expect(byTarget("hero/0").classList.contains("dw-dg-out")).toBe(false);
    expect(outText(1)).toBe("no character yet");
    cleanup();
    // The lost game with its last character gone too: DG-END-3's table (every seat empty, the team lost).
    const t = position("lost");
    t.observation.heroes = t.observation.heroes.map(() => null);
    t.observation.outcome = { ...t.observation.outcome, reason: "no character is left in the Shadow Realm (DG-END-3)" };
    mountTraits(t);
    for (const seat of [0, 1]) {
      expect(outText(seat)).toContain("dropped out in the Shadow Realm");
      expect(outText(seat)).not.toContain("win");
    }
    cleanup();
    cleanup = null;
    // A game that goes on: the seat of a character that dropped out still shares the team's win.
    mount("replace");
    expect(outText(0)).toContain("still shares the team's win");
  });
});

describe("the fight", () => {
  it("each monster (card/{id}) shows the icons it needs against those placed so far, and who faces it", () => {
    const t = position("declare");
    mount("declare");
    for (const m of t.observation.table) {
      const card = byTarget(`card/${m.id}`);
      expect(card.querySelector(".dw-dg-card-name").textContent).toBe(cards[m.id].name);
      const need = countIcons(m.req);
      const expected = [];
      ["S", "C", "K"].forEach((letter, i) => {
        for (let k = 0; k < need[i]; k += 1) expected.push(`${letter}:${k < m.placed[i] ? "placed" : "needed"}`);
      });
      expect(chips(card.querySelector(".dw-dg-need")), m.id).toEqual(expected);
      const facing = m.facing.map((s) => t.player_names[s]);
      expect(card.querySelector(".dw-dg-facing").textContent).toBe(facing.length ? `faced by ${facing.join(", ")}` : "nobody faces it");
      expect(card.classList.contains("dw-dg-matched")).toBe(isMatched(m.req, m.placed) && m.placed.some(Boolean));
    }
    // The Troll (SSK) is matched by the Dwarf alone; the Old Sorcerer (SKK) lacks two knowledge.
    expect(byTarget("card/D18").classList.contains("dw-dg-matched")).toBe(true);
    expect(chips(byTarget("card/D21").querySelector(".dw-dg-need"))).toEqual(["S:placed", "K:needed", "K:needed"]);
    expect(byTarget("card/D18").querySelector(".dw-dg-gold [data-coins]").dataset.coins).toBe("3");
  });

  it("the declaring character says what it faces; its equipment card is the button to commit it", () => {
    const t = position("declare");
    mount("declare");
    const seat = t.observation.declaring;
    expect(byTarget(`hero/${seat}`).querySelector(".dw-dg-fight-line.dw-dg-now").textContent).toBe("▶ faces Troll");
    expect(byTarget("hero/0").querySelector(".dw-dg-fight-line").textContent).toBe("→ faces Old Sorcerer");
    expect(bound()).toEqual({ "card/M05": "use M05" });
    key(byTarget("card/M05"), "Enter");
    click(byTarget("card/M05"));
    expect(model.sent.at(-1)).toEqual({ kind: "act", id: "use M05" });
  });

  it("facing a monster is a click on it (the dragon too); the declaring character is lit for every choice", () => {
    const t = position("dragon");
    mount("dragon");
    const seat = t.observation.declaring;
    const others = t.observation.table.filter((m) => !m.dragon).map((m) => m.id);
    expect(others.length).toBeGreaterThan(0);
    expect(bound()).toEqual({ "card/S01": "face dragon", ...Object.fromEntries(others.map((id) => [`card/${id}`, `face ${id}`])) });
    expect(byTarget(`hero/${seat}`).classList.contains("dw-legal-shared")).toBe(true);
    click(byTarget("card/S01"));
    expect(model.sent).toEqual([{ kind: "act", id: "face dragon" }]);
  });

  it("the assist: the monsters faced are the buttons, the location is lit", () => {
    const t = position("assist");
    mount("assist");
    expect(bound()).toEqual({ "card/D09": "assist D09", "card/D08": "assist D08", "card/D03": "assist D03" });
    expect(byTarget("location").classList.contains("dw-legal-shared")).toBe(true);
    expect(chips(byTarget("location").querySelector(".dw-dg-icons"))).toEqual([...t.observation.assist]);
    // The Wizard faces the Merchant with the Silver Tiara: both named on the monster.
    expect(byTarget("card/D08").querySelector(".dw-dg-facing").textContent).toBe("faced by Wizard + Silver Tiara");
    expect(byTarget("card/D47").classList.contains("dw-dg-used")).toBe(true);
  });

  it("the Shadow Realm with the dragon: the large dragon card, its needs, the monsters protecting it", () => {
    const t = position("dragon");
    mount("dragon");
    const o = t.observation;
    expect(byTarget("realm").textContent).toBe("Shadow Realm");
    expect(board().classList.contains("dw-dg-shadow")).toBe(true);
    const unused = [...board().querySelectorAll(".dw-dg-deck-unused")].map((n) => n.dataset.deck);
    expect(unused).toEqual(["location_draghan", "encounter_draghan", "market"]);
    const dragon = byTarget("card/S01");
    expect(dragon.classList.contains("dw-dg-dragon")).toBe(true);
    expect(dragon.querySelector(".dw-dg-dragon-name").textContent).toBe(cards[o.dragon].name);
    expect(chips(dragon.querySelector(".dw-dg-need"))).toEqual([...cards[o.dragon].req].map((c) => `${c}:needed`));
    const others = o.table.filter((m) => !m.dragon).length;
    expect(dragon.querySelector(".dw-dg-dragon-rule").textContent).toContain(`${others} other monster${others > 1 ? "s" : ""} must fall first`);
    expect(board().querySelector(`.dw-dg-found [data-target='card/${o.revealed_equipment[0]}']`)).not.toBeNull();
    expect(board().querySelector(".dw-dg-found .dw-dg-subtitle").textContent).toBe(`Equipment found: to the ${t.player_names[o.active_player]} if every monster falls`);
  });

  it("the fight hint: each plan as 'Hint: ...' and the note; none outside the declarations", () => {
    const t = position("dragon");
    mount("dragon");
    const plans = [...board().querySelectorAll(".dw-dg-hint .dw-dg-plan")];
    expect(plans).toHaveLength(t.observation.hint.plans.length);
    expect(plans.length).toBeGreaterThan(0);
    expect(plans.length).toBeLessThanOrEqual(3);
    plans.forEach((p, i) => expect(p.textContent).toBe(`Hint: ${t.observation.hint.plans[i].text}`));
    expect(plans[0].textContent).toMatch(/^Hint: \w+( \+ [\w' ]+)? → [\w ]+/);
    expect(board().querySelector(".dw-dg-hint-note").textContent).toBe(t.observation.hint.note);
    cleanup();
    mount("declare");
    expect(board().querySelector(".dw-dg-hint.dw-dg-hint-none .dw-dg-hint-note").textContent).toBe(position("declare").observation.hint.note);
    cleanup();
    mount("buy");
    expect(board().querySelector(".dw-dg-hint")).toBeNull();
  });

  it("the teacher's view carries the decks' order but the table shows their sizes only", () => {
    const t = position("dragon_teacher");
    mount("dragon_teacher");
    expect(t.observation.hidden).toBeDefined();
    const shown = new Set([...board().querySelectorAll("[data-card]")].map((n) => n.dataset.card));
    const inDecks = Object.values(t.observation.hidden.decks).flat();
    expect(inDecks.length).toBeGreaterThan(0);
    for (const id of inDecks) expect(shown.has(id), id).toBe(false);
    expect(board().textContent).not.toContain("teacher");
    expect(position("dragon").observation.hidden).toBeUndefined();
  });
});

describe("the market and the end", () => {
  it("the market display with prices; the affordable cards are the buttons", () => {
    const t = position("buy");
    mount("buy");
    const market = board().querySelector(".dw-dg-market-display");
    for (const id of t.observation.market_display) {
      const card = market.querySelector(`[data-target="card/${id}"]`);
      expect(card.querySelector(".dw-dg-price").dataset.coins).toBe(String(cards[id].price));
    }
    expect(bound()).toEqual({ "card/M06": "buy M06", "card/M18": "buy M18" });
    expect(market.querySelector('[data-target="card/M17"]').classList.contains("dw-legal")).toBe(false);
    click(market.querySelector('[data-target="card/M18"]'));
    expect(model.sent).toEqual([{ kind: "act", id: "buy M18" }]);
  });

  it("won and lost: the team's result on the table and in the status, nothing to choose", () => {
    for (const [name, words] of [["won", "The team wins!"], ["lost", "The team loses"]]) {
      const t = position(name);
      mount(name);
      expect(board().querySelector(".dw-dg-over strong").textContent).toBe(words);
      expect(board().querySelector(".dw-dg-over").textContent).toContain(t.observation.outcome.reason);
      expect(el.querySelector(".dw-status").textContent).toBe(t.status);
      expect(t.status).toMatch(name === "won" ? /^Game over: the team wins \(the .+ is defeated in round \d+\)\.$/ : /^Game over: the team loses: .+\.$/);
      expect(bound()).toEqual({});
      cleanup();
      cleanup = null;
    }
  });
});

describe("redrawing", () => {
  it("a declaration redraws the characters it changed only, and shows what a table drawn from scratch shows", async () => {
    const t = position("declare");
    mountTraits(t);
    await flush();
    const first = byTarget("hero/0");
    const next = structuredClone(t.observation);
    next.targets["2"] = "D21"; // seat 1 is done; seat 2 declares its monster
    next.declaring = 2;
    next.current_player = 2;
    const made = await elementsMade(async () => {
      model.update({ observation: next });
      await flush();
    });
    expect(made.filter((n) => n.classList.contains("dw-dg-hero")).map((n) => n.getAttribute("data-target"))).toEqual(["hero/1", "hero/2"]);
    expect(byTarget("hero/0")).toBe(first);
    expect(byTarget("hero/2").querySelector(".dw-dg-fight-line").textContent).toContain("faces");
    const drawn = board().querySelector(".dw-dg-heroes").outerHTML;
    cleanup();
    el.replaceChildren();
    mountTraits({ ...t, observation: next });
    await flush();
    expect(board().querySelector(".dw-dg-heroes").outerHTML).toBe(drawn);
  });

  it("a new observation from Python redraws the table (one change event is enough)", async () => {
    mount("declare");
    const next = position("gold");
    model.update({ observation: next.observation, legal_actions: next.legal_actions, status: next.status });
    await flush();
    expect(bound()).toEqual({ "hero/0": "extra D21 0", "hero/2": "extra D21 2" });
    expect(byTarget("card/D21").querySelector(".dw-dg-facing").textContent).toBe("faced by Elf, Wizard");
    expect(board().querySelector(".dw-dg-hint")).toBeNull();
    expect(board().querySelector(".dw-dg-phase-now").dataset.phase).toBe("result");
  });

  it("hovering an action in the list previews every element it touches", async () => {
    mount("share");
    const button = el.querySelector('.dw-action-list [data-action-id="give M13 2"]');
    button.dispatchEvent(new MouseEvent("pointerover", { bubbles: true }));
    expect([...board().querySelectorAll(".dw-preview")].map((n) => n.dataset.target).sort()).toEqual(["card/M13", "hero/2"]);
  });

  it("a mouse press on a choice keeps the focus off it: it waits on the root, moved there once", () => {
    mount("share");
    const root = el.querySelector(".dw-root");
    const press = (node) => {
      const event = new MouseEvent("mousedown", { bubbles: true, cancelable: true, button: 0 });
      node.dispatchEvent(event);
      return event.defaultPrevented;
    };
    const button = el.querySelector('.dw-action-list [data-action-id="give M13 2"]');
    expect(press(button)).toBe(true); // the browser does not focus the choice
    expect(document.activeElement).toBe(root);
    let moved = 0;
    root.addEventListener("focus", () => (moved += 1));
    expect(press(board().querySelector("[data-action-id]"))).toBe(true);
    expect(press(button)).toBe(true);
    expect(moved).toBe(0); // the next presses change no focus
    expect(press(el.querySelector(".dw-timeline [data-intent]"))).toBe(false); // other controls take the focus as usual
  });

  it("a click leaves the preview to the redraw that answers it (no repaint while Python works)", async () => {
    mount("share");
    const button = el.querySelector('.dw-action-list [data-action-id="give M13 2"]');
    const previewed = () => [...board().querySelectorAll(".dw-preview")].map((n) => n.dataset.target).sort();
    button.dispatchEvent(new MouseEvent("pointerover", { bubbles: true }));
    button.focus();
    button.dispatchEvent(new MouseEvent("click", { bubbles: true, detail: 1 }));
    expect(model.sent.at(-1)).toEqual({ kind: "act", id: "give M13 2" });
    expect(document.activeElement).toBe(el.querySelector(".dw-root")); // the focus waits on the root
    expect(previewed()).toEqual(["card/M13", "hero/2"]); // and the board is not touched before the answer
    const next = position("gold");
    model.update({ observation: next.observation, legal_actions: next.legal_actions, status: next.status });
    await flush();
    expect(previewed()).toEqual([]);
  });
});

describe("helpers", () => {
  it("counts icons and says them in words", () => {
    expect(countIcons("SSK")).toEqual([2, 0, 1]);
    expect(countIcons("")).toEqual([0, 0, 0]);
    expect(iconWords("CKK")).toBe("1 charm, 2 knowledge");
    expect(iconWords("")).toBe("no icon");
    expect(isMatched("CC", [0, 2, 0])).toBe(true);
    expect(isMatched("CC", [5, 1, 5])).toBe(false);
  });

  it("a need row fills the matched icons, leaves the missing hollow and counts the surplus", () => {
    const row = needRow("SSC", [3, 0, 2]);
    expect(chips(row)).toEqual(["S:placed", "S:placed", "C:needed"]);
    expect(row.querySelector(".dw-dg-extra").textContent).toBe("+1");
    expect(row.getAttribute("aria-label")).toBe("needs 2 strength, 1 charm; placed 3 strength, 0 charm, 2 knowledge");
  });

  it("phases and names", () => {
    expect(phaseOf({ decision: "declare_target" })).toBe("fight");
    expect(phaseOf({ decision: "theft", table: [], revealed_equipment: [] })).toBe("location");
    expect(phaseOf({ decision: "theft", table: [{ id: "D11" }] })).toBe("fight");
    expect(phaseOf({ decision: "equipment_check" })).toBe("check");
    const layout = { cards };
    const obs = { table: [{ id: "D01" }, { id: "D02" }, { id: "S01", dragon: true }], dragon: "G3" };
    expect(monsterName(obs, layout, "D01")).toBe("Goblin D01");
    expect(monsterName(obs, layout, "S01")).toBe(`the dragon (${cards.G3.name})`);
    expect(monsterName({ table: [{ id: "D08" }] }, layout, "D08")).toBe("Merchant");
  });
});
