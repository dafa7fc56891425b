import { describe, it, expect, beforeEach, afterEach } from "vitest";
import widget from "../../js/drachenland.js";
import { riverId, volcanoFan, wavyPath } from "../../js/drachenland/layout.js";
import { fakeModel, flush } from "./fake_model.js";
import { elementsMade } from "./mutations.js";
import fixtures from "./fixtures/drachenland.json";

// Positions written by tests/js/make_fixtures.py from the real engine (DrachenlandWidget traits).
const position = (name) => structuredClone(fixtures[name]);

let el;
let model;
let cleanup;

function mountTraits(traits) {
  model = fakeModel(traits);
  cleanup = widget.render({ model, el });
  return el.querySelector(".dw-root");
}
const mount = (name) => mountTraits(position(name));

const board = () => el.querySelector(".dw-dl-board");
const byTarget = (id) => board().querySelector(`[data-target="${id}"]`);
const allByTarget = (id) => [...board().querySelectorAll(`[data-target="${id}"]`)];
const click = (node) => node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
const key = (node, k) => node.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
const COLOURS = ["red", "green", "blue"];
const GEMS = ["ruby", "emerald", "sapphire", "diamond"];

beforeEach(() => {
  el = document.createElement("div");
  document.body.append(el);
});
afterEach(() => {
  cleanup?.();
  cleanup = null;
  el.remove();
});

describe("the map", () => {
  it("renders into the shared shell and returns a cleanup", () => {
    const root = mount("opening");
    expect(typeof cleanup).toBe("function");
    expect(root.classList.contains("dw-game-drachenland")).toBe(true);
    expect(root.hasAttribute("data-lm-suppress-shortcuts")).toBe(true);
    expect(el.querySelector(".dw-board-wrap svg.dw-dl-map")).not.toBeNull();
  });

  it("draws every volcano, stepping stone and entrance of board_layout with its id as data-target", () => {
    const { board: layout } = position("opening");
    mount("opening");
    const svg = el.querySelector("svg.dw-dl-map");
    expect(layout.volcanoes).toHaveLength(15);
    expect(layout.stones).toHaveLength(86);
    for (const v of layout.volcanoes) expect(svg.querySelector(`.dw-dl-volcano[data-target="${v.id}"]`), v.id).not.toBeNull();
    for (const st of layout.stones) expect(svg.querySelector(`.dw-dl-stone[data-target="${st.id}"]`), st.id).not.toBeNull();
    for (const e of layout.entrances) expect(svg.querySelector(`.dw-dl-entrance[data-target="${e.id}"]`), e.id).not.toBeNull();
    expect(svg.querySelectorAll(".dw-dl-junction")).toHaveLength(layout.stones.filter((st) => st.junction).length);
    expect(svg.querySelectorAll(".dw-dl-path")).toHaveLength(layout.edges.length);
  });

  it("draws each river as a wavy blue line named river/{Va}-{Vb} with the pair sorted", () => {
    const { board: layout } = position("opening");
    mount("opening");
    expect(layout.rivers.length).toBe(5);
    for (const [a, b] of layout.rivers) {
      const river = byTarget(`river/${[a, b].sort().join("-")}`);
      expect(river, `${a}-${b}`).not.toBeNull();
      expect(river.classList.contains("dw-dl-river")).toBe(true);
      expect(river.querySelector(".dw-dl-river-water").getAttribute("d").split("L").length).toBeGreaterThan(8);
    }
    expect(riverId("V13", "V11")).toBe("river/V11-V13");
  });

  it("shows each volcano's eggs and gems by colour, with a target per kind present and none for the absent", () => {
    const t = position("dragon");
    mount("dragon");
    for (const [id, v] of Object.entries(t.observation.volcanoes)) {
      const egg = byTarget(`${id}/egg`);
      if (v.eggs) {
        expect(egg, `${id}/egg`).not.toBeNull();
        expect(egg.querySelector("title").textContent).toContain(`${v.eggs} dragon egg`);
      } else expect(egg).toBeNull();
      for (const gem of GEMS) {
        const node = byTarget(`${id}/${gem}`);
        if (!v.gems[gem]) {
          expect(node, `${id}/${gem}`).toBeNull();
          continue;
        }
        expect(node.querySelector(".dw-dl-gem").getAttribute("fill")).toBe(t.board.gems[gem].css);
        const count = node.querySelector(".dw-dl-count");
        expect(count ? count.textContent : "1").toBe(String(v.gems[gem]));
      }
    }
  });

  it("draws face-down tokens as the dragon-head back with '?' and face-up ones by their picture", () => {
    const t = position("treasure");
    mount("treasure");
    const vols = Object.entries(t.observation.volcanoes);
    const down = vols.filter(([, v]) => v.face_down).map(([id]) => id);
    const backs = [...el.querySelectorAll("svg .dw-dl-vcontents .dw-dl-token-back")];
    expect(backs).toHaveLength(down.length);
    expect(backs[0].textContent).toBe("?");
    for (const [id, v] of vols.filter(([, v]) => !v.face_down && v.token && !v.token.startsWith("royal_dragon_"))) {
      const face = el.querySelector(`svg .dw-dl-vcontents[data-volcano="${id}"] .dw-dl-token-${v.token}`);
      expect(face, `${id} ${v.token}`).not.toBeNull();
    }
    // a ring token is a target of its own
    for (const [id, v] of vols.filter(([, v]) => v.ring)) expect(byTarget(`${id}/ring`), id).not.toBeNull();
  });

  it("the teacher view draws face-down tokens face down too, naming them only in the tooltip", () => {
    const t = position("treasure");
    mount("treasure");
    const hidden = t.observation.hidden.face_down;
    expect(Object.keys(hidden).length).toBeGreaterThan(0);
    for (const [id, kind] of Object.entries(hidden)) {
      const contents = el.querySelector(`svg .dw-dl-vcontents[data-volcano="${id}"]`);
      expect(contents.querySelector(`.dw-dl-token-${kind}`), id).toBeNull();
      expect(contents.querySelector(".dw-dl-face-down title").textContent).toContain(`knows it is a ${t.board.tokens[kind]}`);
    }
    cleanup();
    mount("treasure_seat");
    for (const title of el.querySelectorAll("svg .dw-dl-face-down title")) expect(title.textContent).not.toContain("knows");
  });

  it("draws revealed royal dragons as dragon/{colour} on their volcano", () => {
    const t = position("dragon");
    mount("dragon");
    const placed = Object.entries(t.observation.dragons).filter(([, v]) => v);
    expect(placed.length).toBeGreaterThan(0);
    for (const [colour, where] of placed) {
      const dragon = byTarget(`dragon/${colour}`);
      expect(dragon.closest(".dw-dl-vcontents").getAttribute("data-volcano")).toBe(where);
      expect(dragon.querySelector(".dw-dl-dragon-body").getAttribute("fill")).toBe(t.board.colours[colour].css);
    }
    for (const [colour] of Object.entries(t.observation.dragons).filter(([, v]) => !v)) expect(byTarget(`dragon/${colour}`)).toBeNull();
  });
});

describe("adventurers", () => {
  it("stand on their node in the seat's shape and colour; off-board ones wait in the seat panel", () => {
    const t = position("boat");
    mount("boat");
    t.observation.adventurers.forEach((byColour, seat) => {
      for (const colour of COLOURS) {
        const nodes = allByTarget(`adv/${seat}/${colour}`);
        expect(nodes, `adv/${seat}/${colour}`).toHaveLength(1);
        const [node] = nodes;
        if (byColour[colour]) {
          expect(node.closest("svg.dw-dl-map")).not.toBeNull();
          expect(node.querySelector("title").textContent).toContain(`on ${byColour[colour]}`);
          const glyph = t.board.shapes[seat].glyph;
          const shape = node.querySelector(".dw-dl-adv-shape");
          expect(shape.tagName).toBe({ circle: "circle", square: "rect", triangle: "path", diamond: "path" }[glyph]);
          expect(shape.getAttribute("fill")).toBe(t.board.colours[colour].css);
        } else {
          expect(node.closest(`.dw-dl-party[data-seat="${seat}"]`)).not.toBeNull();
        }
      }
    });
  });

  it("several adventurers on one volcano are fanned out, not stacked on one point", () => {
    const spots = volcanoFan(100, 100, 3);
    expect(new Set(spots.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`)).size).toBe(3);
    for (const p of spots) expect(p.y).toBeGreaterThan(100);
  });

  it("the adventurer taking its action is marked, one wearing a ring shows the ring mark", () => {
    const t = position("over_2p");
    mount("movement");
    const m = position("movement").observation;
    const active = byTarget(`adv/${m.active_player}/${m.action.adventurer}`);
    expect(active.classList.contains("dw-dl-adv-active")).toBe(true);
    cleanup();
    mount("over_2p");
    const ringed = t.observation.rings.flatMap((cs, seat) => cs.map((c) => [seat, c])).filter(([seat, c]) => t.observation.adventurers[seat][c]);
    expect(ringed.length).toBeGreaterThan(0);
    for (const [seat, colour] of ringed) expect(byTarget(`adv/${seat}/${colour}`).querySelector(".dw-dl-ring-mark"), `${seat} ${colour}`).not.toBeNull();
  });
});

describe("legal actions on the map", () => {
  it("opening: the off-board adventurers are the buttons for 'enter {colour}'", () => {
    const t = position("opening");
    mount("opening");
    for (const action of t.legal_actions) {
      const node = byTarget(action.targets[0]);
      expect(node.getAttribute("data-action-id")).toBe(action.id);
      expect(node.getAttribute("role")).toBe("button");
      expect(["0", "-1"]).toContain(node.getAttribute("tabindex")); // a roving tab stop (issue 27, item 14)
      expect(node.getAttribute("aria-label")).toContain(action.label);
    }
    click(byTarget("adv/0/red").querySelector("svg"));
    expect(model.sent).toEqual([{ kind: "act", id: "enter red" }]);
  });

  it("a walk's destination becomes clickable and sends the act message", () => {
    const t = position("movement");
    mount("movement");
    const walks = t.legal_actions.filter((a) => a.kind === "walk");
    expect(walks.length).toBeGreaterThan(2);
    for (const walk of walks) {
      const node = byTarget(walk.targets[0]);
      expect(node.classList.contains("dw-legal"), walk.id).toBe(true);
      expect(node.getAttribute("data-action-id")).toBe(walk.id);
    }
    const stones = [...el.querySelectorAll("svg .dw-dl-stone.dw-legal")];
    expect(stones.length).toBe(walks.filter((w) => w.targets[0].startsWith("s")).length);
    const last = walks[walks.length - 1];
    click(byTarget(last.targets[0]).querySelector("circle"));
    expect(model.sent).toEqual([{ kind: "act", id: last.id }]);
  });

  it("stones and volcanoes no action names stay plain", () => {
    const t = position("movement");
    mount("movement");
    const named = new Set(t.legal_actions.flatMap((a) => a.targets));
    for (const node of el.querySelectorAll("svg .dw-dl-stone, svg .dw-dl-volcano")) {
      if (named.has(node.getAttribute("data-target"))) continue;
      expect(node.hasAttribute("data-action-id"), node.getAttribute("data-target")).toBe(false);
      expect(node.classList.contains("dw-legal")).toBe(false);
    }
  });

  it("opening walk: each entrance's first stones are the buttons", () => {
    const t = position("opening_walk");
    mount("opening_walk");
    for (const a of t.legal_actions) expect(byTarget(a.targets[0]).getAttribute("data-action-id")).toBe(a.id);
    expect(el.querySelector(".dw-status").textContent).toMatch(/^Opening round · Humans to choose where red comes in/);
  });

  it("treasure: the egg, the gems of the adventurer's colour and the ring token are the choices", () => {
    const t = position("treasure_seat");
    mount("treasure_seat");
    const takes = t.legal_actions.filter((a) => a.targets.length);
    expect(takes.map((a) => a.id)).toEqual(expect.arrayContaining(["take egg", "take gems"]));
    for (const a of takes) expect(byTarget(a.targets[0]).getAttribute("data-action-id"), a.id).toBe(a.id);
    click(byTarget(t.legal_actions.find((a) => a.id === "take egg").targets[0]));
    expect(model.sent).toEqual([{ kind: "act", id: "take egg" }]);
  });

  it("a boatman crossing is clicked on its river", () => {
    const t = position("boat");
    mount("boat");
    const boat = t.legal_actions.find((a) => a.kind === "boat");
    const river = byTarget(boat.targets[0]);
    expect(river.classList.contains("dw-dl-river")).toBe(true);
    expect(river.getAttribute("data-action-id")).toBe(boat.id);
    click(river.querySelector(".dw-dl-river-hit"));
    expect(model.sent).toEqual([{ kind: "act", id: boat.id }]);
  });

  it("choosing a die: both dice are buttons; the pair is not", () => {
    const t = position("choose_die");
    mount("choose_die");
    for (const i of [0, 1]) {
      const die = byTarget(`die/${i}`);
      expect(die.getAttribute("data-action-id")).toBe(t.legal_actions.find((a) => a.targets[0] === `die/${i}`).id);
      expect(die.querySelectorAll(".dw-dl-die-pip")).toHaveLength(t.observation.dice[i]);
    }
    expect(byTarget("dice").hasAttribute("data-action-id")).toBe(false);
    click(byTarget("die/1"));
    expect(model.sent).toEqual([{ kind: "act", id: t.legal_actions.find((a) => a.targets[0] === "die/1").id }]);
  });

  it("pieces that are no choice let clicks through to the stone, volcano or dice box under them", () => {
    mount("movement");
    const pieces = [...el.querySelectorAll("svg.dw-dl-map .dw-dl-adv[data-target]:not([data-action-id]), svg.dw-dl-map .dw-dl-vgem, svg.dw-dl-map .dw-dl-vegg")];
    expect(pieces.length).toBeGreaterThan(0);
    for (const piece of pieces) expect(piece.classList.contains("dw-dl-passive"), piece.getAttribute("data-target")).toBe(true);
    cleanup();
    mount("fate"); // the pair of dice is the reroll's button: a click on a die reaches it
    expect(byTarget("dice").getAttribute("data-action-id")).toBe("reroll");
    for (const i of [0, 1]) expect(byTarget(`die/${i}`).classList.contains("dw-dl-passive")).toBe(true);
    cleanup();
    mount("choose_die"); // nothing on the land is a choice: pieces keep their tooltips
    expect(el.querySelectorAll("svg .dw-dl-passive")).toHaveLength(0);
  });

  it("fate: the reroll is the seat's fate token in its panel", () => {
    mount("fate");
    const token = byTarget("token/0/fate");
    expect(token.closest('.dw-dl-party[data-seat="0"]')).not.toBeNull();
    expect(token.getAttribute("data-action-id")).toBe("reroll");
    key(token, "Enter");
    // issue 27, item 12: the token is spent only once the question under the map is answered
    expect(model.sent).toEqual([]);
    click(el.querySelector('.dw-choice-ask button[data-action-id="reroll"]'));
    expect(model.sent).toEqual([{ kind: "act", id: "reroll" }]);
  });

  it("a manual roll: every outcome names the dice, so they are highlighted and listed, with a random roll", () => {
    const t = position("manual_roll_4p");
    mount("manual_roll_4p");
    expect(byTarget("dice").classList.contains("dw-legal-shared")).toBe(true);
    expect(el.querySelectorAll(".dw-action-list button.dw-action")).toHaveLength(t.legal_actions.length);
    const roll = el.querySelector(".dw-roll");
    expect(roll.hidden).toBe(false);
    click(roll);
    expect(model.sent).toEqual([{ kind: "resolve_chance" }]);
  });

  it("nothing is clickable in another seat's view", () => {
    mount("movement_other_seat");
    expect(board().querySelectorAll("[data-action-id]")).toHaveLength(0);
    expect(el.querySelector(".dw-action-empty").hidden).toBe(false);
  });
});

describe("dice", () => {
  it("a used die is greyed, the die of the action under way outlined", () => {
    const t = position("boat");
    mount("boat");
    const { dice_used: used, chosen_die: chosen } = t.observation;
    expect(chosen).not.toBeNull();
    expect(byTarget(`die/${chosen}`).classList.contains("dw-dl-die-chosen")).toBe(true);
    expect(byTarget(`die/${chosen}`).classList.contains("dw-dl-die-used")).toBe(false);
    const other = 1 - chosen;
    expect(byTarget(`die/${other}`).classList.contains("dw-dl-die-used")).toBe(used[other]);
  });

  it("before any roll both dice are blank", () => {
    mount("opening");
    expect(byTarget("die/0").textContent).toContain("–");
    expect(el.querySelectorAll("svg .dw-dl-die-pip")).toHaveLength(0);
  });
});

describe("seat panels", () => {
  it("one per seat with its people's name, the tokens held as token/{seat}/{kind} and the rings worn", () => {
    const t = position("over_2p");
    mount("over_2p");
    const panels = [...el.querySelectorAll(".dw-dl-party")];
    expect(panels).toHaveLength(t.player_names.length);
    panels.forEach((panel, seat) => {
      expect(panel.querySelector(".dw-dl-party-name").textContent).toBe(t.player_names[seat]);
      for (const [kind, n] of Object.entries(t.observation.tokens[seat])) {
        expect(Boolean(panel.querySelector(`[data-target="token/${seat}/${kind}"]`)), `${seat} ${kind}`).toBe(n > 0);
      }
      expect(panel.querySelectorAll(".dw-dl-ring-chip")).toHaveLength(t.observation.rings[seat].length);
      // red, green, blue in the rules' order (the fixture's JSON keys are sorted: blue, green, red)
      const fills = [...panel.querySelectorAll(".dw-dl-party-advs .dw-dl-adv-shape")].map((n) => n.getAttribute("fill"));
      expect(fills).toEqual(COLOURS.map((c) => t.board.colours[c].css));
    });
  });

  it("hoards behind a screen show as hidden; the viewer's own hoard shows its counts", () => {
    const t = position("treasure_seat");
    mount("treasure_seat");
    t.observation.hoards.forEach((hoard, seat) => {
      const row = el.querySelector(`.dw-dl-party[data-seat="${seat}"] .dw-dl-party-hoard`);
      if (hoard === null) {
        expect(seat).not.toBe(t.view_seat);
        expect(row.classList.contains("dw-dl-hoard-hidden")).toBe(true);
        expect(row.textContent).toContain("behind the screen");
        expect(row.querySelectorAll("[data-hoard]")).toHaveLength(0);
      } else {
        expect(seat).toBe(t.view_seat);
        for (const [kind, n] of Object.entries(hoard)) expect(row.querySelector(`[data-hoard="${kind}"]`).textContent).toBe(String(n));
      }
    });
    expect(el.querySelector(`.dw-dl-party[data-seat="${t.view_seat}"]`).classList.contains("dw-dl-mine")).toBe(true);
  });

  it("at the end: final scores, the sets and the winner", () => {
    const t = position("over_2p");
    mount("over_2p");
    const { final, outcome } = t.observation;
    final.forEach((f, seat) => {
      const panel = el.querySelector(`.dw-dl-party[data-seat="${seat}"]`);
      expect(panel.querySelector(".dw-dl-party-score").textContent).toBe(`${f.score} pts`);
      const text = panel.querySelector(".dw-dl-party-final").textContent;
      expect(text).toContain(`${f.sets} set`);
      for (const [gem, n] of Object.entries(f.returned)) if (n > 1) expect(text).toContain(`${n} ${{ ruby: "rubies", emerald: "emeralds", sapphire: "sapphires" }[gem]}`);
      expect(panel.classList.contains("dw-dl-winner")).toBe(outcome.winners.includes(seat));
    });
    expect(el.querySelector(".dw-status").textContent).toBe(t.status);
  });

  it("at the end: a final score of 1 reads '1 point', others 'n points' (DL-SCORE-4: each leftover egg or gem is 1 point)", () => {
    const t = position("over_2p");
    t.observation.final[1] = { ...t.observation.final[1], kept: { egg: 1, ruby: 0, emerald: 0, sapphire: 0, diamond: 0 }, score: 1, sets: 0 };
    mountTraits(t);
    const finalText = (seat) => el.querySelector(`.dw-dl-party[data-seat="${seat}"] .dw-dl-party-final`).textContent;
    expect(finalText(1)).toMatch(/^1 point: 0 sets /);
    expect(finalText(0)).toMatch(new RegExp(`^${t.observation.final[0].score} points: `));
  });
});

describe("redraw and cleanup", () => {
  it("follows change events from Python", async () => {
    mount("opening");
    const next = position("opening_walk");
    model.update({ observation: next.observation, legal_actions: next.legal_actions, status: next.status, step: next.step, history_length: next.history_length });
    await flush();
    expect(el.querySelector(".dw-status").textContent).toBe(next.status);
    expect(byTarget("adv/0/red")?.getAttribute("data-action-id") ?? null).toBeNull();
    const walk = next.legal_actions[0];
    expect(byTarget(walk.targets[0]).getAttribute("data-action-id")).toBe(walk.id);
  });

  it("a walk draws again only the piece that moved, and shows what a map drawn from scratch shows", async () => {
    const t = position("movement");
    mountTraits(t);
    await flush();
    const untouched = byTarget("adv/0/red");
    const next = structuredClone(t.observation);
    next.adventurers[2].green = "s20"; // seat 2's green adventurer walks on (not the one acting: its state stays)
    const made = await elementsMade(async () => {
      model.update({ observation: next });
      await flush();
    });
    expect(made.filter((n) => n.classList?.contains("dw-dl-adv") && n.closest(".dw-dl-adventurers, g:not([class])") !== null)
      .map((n) => n.getAttribute("data-target"))).toEqual(["adv/2/green"]);
    expect(byTarget("adv/0/red")).toBe(untouched);
    const drawn = board().querySelector(".dw-dl-adventurers").outerHTML;
    expect(drawn).toContain("translate(");
    cleanup();
    el.replaceChildren();
    mountTraits({ ...t, observation: next });
    await flush();
    expect(board().querySelector(".dw-dl-adventurers").outerHTML).toBe(drawn);
  });

  it("shows the last error", async () => {
    mount("movement");
    model.update({ last_error: "'walk V99' is not legal" });
    await flush();
    expect(el.querySelector(".dw-error").textContent).toContain("'walk V99' is not legal");
  });

  it("removes every listener and the DOM", () => {
    const root = mount("opening");
    const stale = byTarget("adv/0/red");
    cleanup();
    cleanup = null;
    expect(model.listenerCount()).toBe(0);
    expect(el.querySelector(".dw-root")).toBeNull();
    click(stale);
    key(root, "1");
    expect(model.sent).toEqual([]);
  });
});

describe("geometry", () => {
  it("a river path runs from rim to rim between its volcanoes", () => {
    const d = wavyPath({ x: 0, y: 0 }, { x: 200, y: 0 });
    const pts = d.slice(1).split(" L").map((p) => p.split(",").map(Number));
    expect(pts[0][0]).toBeGreaterThan(10);
    expect(pts[pts.length - 1][0]).toBeLessThan(190);
    expect(Math.max(...pts.map((p) => Math.abs(p[1])))).toBeGreaterThan(2);
  });
});
