import { describe, it, expect, beforeEach, afterEach } from "vitest";
import widget from "../../js/chasse_au_dragon.js";
import { depth, pawnFan, pct, quarterWords, CELL } from "../../js/chasse_au_dragon/layout.js";
import { fightSides, phaseOf } from "../../js/chasse_au_dragon/fight.js";
import { fakeModel, flush } from "./fake_model.js";
import { elementsMade } from "./mutations.js";
import fixtures from "./fixtures/chasse_au_dragon.json";

// Positions written by tests/js/make_fixtures.py from the real engine (ChasseAuDragonWidget traits).
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

const forest = () => el.querySelector("svg.dw-cd-forest");
const board = () => el.querySelector(".dw-cd-board");
const byTarget = (id) => board().querySelector(`[data-target="${id}"]`);
const allByTarget = (id) => [...board().querySelectorAll(`[data-target="${id}"]`)];
const click = (node) => node.dispatchEvent(new MouseEvent("click", { bubbles: true }));
const key = (node, k) => node.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
const translate = (node) => node.closest("[transform]").getAttribute("transform").match(/translate\(([-\d.]+),([-\d.]+)\)/).slice(1).map(Number);

beforeEach(() => {
  el = document.createElement("div");
  document.body.append(el);
});
afterEach(() => {
  cleanup?.();
  cleanup = null;
  el.remove();
});

describe("the forest", () => {
  it("renders into the shared shell and returns a cleanup", () => {
    const root = mount("start");
    expect(typeof cleanup).toBe("function");
    expect(root.classList.contains("dw-game-chasse_au_dragon")).toBe(true);
    expect(root.hasAttribute("data-lm-suppress-shortcuts")).toBe(true);
    expect(el.querySelector(".dw-board-wrap svg.dw-cd-forest")).not.toBeNull();
  });

  it("draws the 8x8 squares with data-target 'x,y': 28 on the forest edge, the inner ones darker deeper in", () => {
    mount("start");
    const squares = [...forest().querySelectorAll(".dw-cd-square")];
    expect(squares).toHaveLength(64);
    for (let x = 0; x < 8; x += 1) for (let y = 0; y < 8; y += 1) expect(byTarget(`${x},${y}`), `${x},${y}`).not.toBeNull();
    const count = (d) => forest().querySelectorAll(`.dw-cd-depth-${d}`).length;
    expect([count(0), count(1), count(2), count(3)]).toEqual([28, 20, 12, 4]);
    expect(forest().querySelectorAll(".dw-cd-edge")).toHaveLength(28);
    // deeper squares hold more trees
    expect(byTarget("3,3").querySelectorAll(".dw-cd-tree").length).toBeGreaterThan(byTarget("1,1").querySelectorAll(".dw-cd-tree").length);
    expect(byTarget("0,0").querySelectorAll(".dw-cd-tree")).toHaveLength(0);
  });

  it("every inner square shows its pile height; an emptied pile is an outline; the edge has no pile", () => {
    const t = position("over");
    mount("over");
    const piles = Object.entries(t.observation.piles);
    expect(piles).toHaveLength(36);
    expect(piles.some(([, n]) => n === 0)).toBe(true);
    for (const [id, n] of piles) {
      const sq = byTarget(id);
      if (n) expect(sq.querySelector(".dw-cd-pile-count").textContent, id).toBe(String(n));
      else {
        expect(sq.querySelector(".dw-cd-pile-empty"), id).not.toBeNull();
        expect(sq.querySelector("title").textContent).toContain("empty pile");
      }
    }
    expect(byTarget("0,0").querySelector(".dw-cd-pile")).toBeNull();
  });

  it("camps are tents in the seat's colour on their square", () => {
    const t = position("start");
    mount("start");
    t.observation.camps.forEach((camp, seat) => {
      const tent = byTarget(camp).querySelector(`[data-camp="${seat}"] .dw-cd-tent-cloth`);
      expect(tent, camp).not.toBeNull();
      expect(tent.getAttribute("fill")).toBe({ white: "#ffffff", blue: "#1e88e5", black: "#262626" }[t.board.seat_colours[seat]]);
      expect(byTarget(camp).querySelector("title").textContent).toContain(`${t.player_names[seat]}'s camp`);
    });
  });

  it("a reachable square with a camp writes its reach cost at the top, clear of the tent at the bottom (CD-MOVE-3)", () => {
    const t = position("start");
    mount("start");
    const camp = t.observation.camps[0];
    expect(t.observation.reach[camp]).toBe(0); // the mover may stay on its own camp square
    const half = (id) => {
      const cell = byTarget(id).querySelector(".dw-cd-cell");
      return Number(cell.getAttribute("y")) + Number(cell.getAttribute("height")) / 2;
    };
    const costY = (id) => Number(byTarget(id).querySelector(".dw-cd-reach-cost").getAttribute("y"));
    expect(byTarget(camp).querySelector("[data-camp]")).not.toBeNull();
    expect(costY(camp)).toBeLessThan(half(camp));
    const plain = Object.keys(t.observation.reach).find((id) => !t.observation.camps.includes(id));
    expect(costY(plain)).toBeGreaterThan(half(plain));
  });

  it("the monster turned up lies face up on its pile, with its power", () => {
    const t = position("encounter");
    mount("encounter");
    const { square, card, power } = t.observation.revealed;
    const sq = byTarget(square);
    expect(sq.classList.contains("dw-cd-revealed")).toBe(true);
    expect(sq.querySelector(`.dw-cd-monster-${card} .dw-cd-card-power`).textContent).toBe(String(power));
    expect(sq.querySelector(".dw-cd-badge-count").textContent).toBe(String(t.observation.piles[square]));
    expect(forest().querySelectorAll(".dw-cd-revealed")).toHaveLength(1);
  });

  it("the teacher's tooltip lists a pile's cards; a seat's view never does", () => {
    const t = position("encounter");
    mount("encounter");
    const [id, cards] = Object.entries(t.observation.hidden.piles).find(([, c]) => c.length);
    expect(byTarget(id).querySelector(":scope > title:not(.dw-tip)").textContent).toContain(`teacher: ${cards.join(", ")}`);
    cleanup();
    mount("encounter_seat");
    expect(position("encounter_seat").observation.hidden).toBeUndefined();
    for (const title of forest().querySelectorAll(".dw-cd-square > title")) expect(title.textContent).not.toContain("teacher");
  });
});

describe("adventurers", () => {
  it("one pawn per seat, adv/{seat}, in the seat's colour on its square", () => {
    const t = position("move_steps");
    mount("move_steps");
    t.observation.positions.forEach((where, seat) => {
      const pawns = allByTarget(`adv/${seat}`);
      expect(pawns).toHaveLength(1);
      expect(pawns[0].querySelector("title").textContent).toContain(`on ${where}`);
      const [x, y] = translate(pawns[0]);
      const [sx, sy] = where.split(",").map(Number);
      expect(Math.floor(x / CELL)).toBe(sx);
      expect(Math.floor((y - 1) / CELL)).toBe(sy);
    });
    expect(byTarget(`adv/${t.observation.active_player}`).classList.contains("dw-cd-pawn-active")).toBe(true);
  });

  it("several adventurers on one square stand in cells of their own (item 13), the duel's defender marked", () => {
    const t = position("duel_flight");
    mount("duel_flight");
    const { active_player: a, defender: d, positions } = t.observation;
    expect(positions[a]).toBe(positions[d]);
    const [xa] = translate(byTarget(`adv/${a}`));
    const [xd] = translate(byTarget(`adv/${d}`));
    expect(Math.abs(xa - xd)).toBeGreaterThan(8);
    expect(byTarget(`adv/${d}`).classList.contains("dw-cd-pawn-defender")).toBe(true);
    for (const n of [1, 2, 3, 4, 5, 6]) {
      const fan = pawnFan(n);
      expect(new Set(fan.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`)).size).toBe(n);
      // issue 27 item 13: each pawn's tap box lies in the square, at least 21 x 32 units, and overlaps no other
      const boxes = fan.map((p) => ({ x0: p.x + p.hit.x, y0: p.y + p.hit.y, x1: p.x + p.hit.x + p.hit.w, y1: p.y + p.hit.y + p.hit.h }));
      for (const b of boxes) {
        expect(b.x0 >= 0 && b.y0 >= 0 && b.x1 <= CELL && b.y1 <= CELL, JSON.stringify(b)).toBe(true);
        expect(b.x1 - b.x0).toBeGreaterThanOrEqual(21);
        expect(b.y1 - b.y0).toBeGreaterThanOrEqual(32);
      }
      boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => {
        expect(Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) <= 1e-9 || Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) <= 1e-9).toBe(true);
      }));
    }
  });

  it("the goblin quarters the mover has left stand beside its pawn, when this view may know them", () => {
    const t = position("move_steps");
    mount("move_steps");
    const quarters = t.observation.boards[t.observation.active_player].quarters;
    const badge = forest().querySelector(".dw-cd-quarters-badge");
    expect(badge.getAttribute("data-quarters")).toBe(String(quarters));
    expect(badge.querySelector("title").textContent).toContain(`${quarters} goblin quarter`);
    expect(el.querySelector(".dw-cd-moving").textContent).toContain(`Steps this turn: ${t.observation.steps}`);
    cleanup();
    const hidden = position("move_steps");
    hidden.observation.boards[hidden.observation.active_player].quarters = null;
    mountTraits(hidden);
    expect(forest().querySelector(".dw-cd-quarters-badge")).toBeNull();
    expect(el.querySelector(".dw-cd-moving").textContent).toContain("not yours to count");
    cleanup();
    mount("encounter");
    expect(forest().querySelector(".dw-cd-quarters-badge")).toBeNull();
  });
});

describe("legal actions on the board", () => {
  it("a move: exactly the squares a step reaches are highlighted and each sends its step", () => {
    const t = position("move_steps");
    mount("move_steps");
    const steps = t.legal_actions.filter((a) => a.kind === "step");
    expect(steps.length).toBeGreaterThan(2);
    const lit = [...forest().querySelectorAll(".dw-cd-square.dw-legal")].map((n) => n.getAttribute("data-target")).sort();
    expect(lit).toEqual(steps.map((a) => a.targets[0]).sort());
    for (const a of steps) {
      const sq = byTarget(a.targets[0]);
      expect(sq.getAttribute("data-action-id")).toBe(a.id);
      expect(sq.getAttribute("role")).toBe("button");
      expect(["0", "-1"]).toContain(sq.getAttribute("tabindex")); // a roving tab stop (issue 27, item 14)
      expect(sq.getAttribute("aria-label")).toContain(a.label);
    }
    const last = steps[steps.length - 1];
    click(byTarget(last.targets[0]).querySelector("rect"));
    expect(model.sent).toEqual([{ kind: "act", id: last.id }]);
    // 'stop' has no place in the forest: it is in the list
    expect(el.querySelector('.dw-action-list [data-action-id="stop"]')).not.toBeNull();
  });

  it("pawns that are no choice let clicks through to the square under them", () => {
    mount("move_steps");
    const pawns = [...forest().querySelectorAll(".dw-cd-pawn")];
    expect(pawns.length).toBe(3);
    for (const pawn of pawns) expect(pawn.classList.contains("dw-cd-passive")).toBe(true);
    cleanup();
    mount("choose_duel"); // no square is a choice: pawns keep their tooltips
    expect(forest().querySelectorAll(".dw-cd-passive")).toHaveLength(0);
  });

  it("an encounter: the square is the fight, the cage is the decoy", () => {
    const t = position("encounter");
    mount("encounter");
    const seat = t.observation.active_player;
    expect(byTarget(t.observation.revealed.square).getAttribute("data-action-id")).toBe("fight");
    const cage = byTarget(`zone/${seat}/cage`);
    expect(cage.closest(`.dw-cd-mboard[data-seat="${seat}"]`)).not.toBeNull();
    expect(cage.getAttribute("data-action-id")).toBe("decoy");
    key(cage, "Enter");
    click(byTarget(t.observation.revealed.square));
    expect(model.sent).toEqual([{ kind: "act", id: "decoy" }, { kind: "act", id: "fight" }]);
  });

  it("a duel: the opponent's pawn is the button", () => {
    const t = position("choose_duel");
    mount("choose_duel");
    const duel = t.legal_actions.find((a) => a.kind === "duel");
    const pawn = byTarget(duel.targets[0]);
    expect(pawn.classList.contains("dw-cd-pawn")).toBe(true);
    expect(pawn.getAttribute("data-action-id")).toBe(duel.id);
    click(pawn.querySelector(".dw-cd-pawn-shape"));
    expect(model.sent).toEqual([{ kind: "act", id: duel.id }]);
  });

  it("the defender's flight decision, in the defender's view: its cage is the decoy", () => {
    const t = position("duel_flight_defender");
    mount("duel_flight_defender");
    const d = t.observation.defender;
    expect(t.view_seat).toBe(d);
    expect(byTarget(`zone/${d}/cage`).getAttribute("data-action-id")).toBe("decoy");
    expect(el.querySelector(".dw-status").textContent).toMatch(/must decide whether to flee \w+'s duel/);
    expect(el.querySelector(".dw-cd-foe-duel").textContent).toContain("challenges");
  });

  it("the camp: a zone that one action starts or ends in is its button; shared ones are only highlighted", () => {
    const t = position("camp");
    mount("camp");
    const seat = t.observation.active_player;
    const index = new Map();
    for (const a of t.legal_actions) for (const target of a.targets) index.set(target, [...(index.get(target) || []), a.id]);
    for (const [target, ids] of index) {
      const zone = byTarget(target);
      expect(zone, target).not.toBeNull();
      if (ids.length === 1) expect(zone.getAttribute("data-action-id")).toBe(ids[0]);
      else expect(zone.classList.contains("dw-legal-shared") || zone.hasAttribute("data-action-id")).toBe(true);
    }
    expect(byTarget(`zone/${seat}/backpack`).classList.contains("dw-legal-shared")).toBe(true);
  });

  it("a throw: every outcome names the dice, so the fight box is highlighted and listed, with a random roll", () => {
    const t = position("fight_explosion");
    mount("fight_explosion");
    expect(byTarget("dice").classList.contains("dw-legal-shared")).toBe(true);
    expect(el.querySelectorAll(".dw-action-list button.dw-action")).toHaveLength(t.legal_actions.length);
    const roll = el.querySelector(".dw-roll");
    expect(roll.hidden).toBe(false);
    click(roll);
    expect(model.sent).toEqual([{ kind: "resolve_chance" }]);
  });

  it("nothing is clickable in a view that may not choose", () => {
    const t = position("move_steps");
    t.legal_actions = [];
    t.can_act = false;
    mountTraits(t);
    expect(board().querySelectorAll("[data-action-id]")).toHaveLength(0);
    expect(forest().querySelectorAll(".dw-legal")).toHaveLength(0);
  });
});

describe("the encounter and fight panel", () => {
  it("an encounter: the monster, its power and die, and the exact odds Python sent", () => {
    const t = position("encounter");
    mount("encounter");
    const { card, power } = t.observation.revealed;
    const foe = el.querySelector(".dw-cd-foe-monster");
    expect(foe.getAttribute("data-card")).toBe(card);
    expect(foe.querySelector(".dw-cd-foe-power").textContent).toBe(String(power));
    expect(foe.textContent).toContain(`d${power}`);
    const [odds] = t.observation.odds;
    expect(odds.monster).toBe(card);
    expect(odds.win + odds.tie + odds.loss).toBeCloseTo(1, 9);
    const row = el.querySelector(".dw-cd-odds-row");
    expect(row.textContent).toContain(`wins ${pct(odds.win)}`);
    expect(row.textContent).toContain(`tie ${pct(odds.tie)}`);
    expect(row.textContent).toContain(`the ${card} wins ${pct(odds.loss)}`);
    expect(row.querySelector(".dw-cd-odds-win").style.width).toBe(`${(odds.win * 100).toFixed(2)}%`);
    expect(el.querySelector('.dw-cd-phase-now').getAttribute("data-phase")).toBe("monster");
  });

  it("a fight under way lists every throw, marks the explosions and who throws now", () => {
    const t = position("fight_explosion");
    mount("fight_explosion");
    const f = t.observation.fight;
    const sides = [...el.querySelectorAll(".dw-cd-fight .dw-cd-side")];
    expect(sides).toHaveLength(2);
    sides.forEach((side, i) => {
      const chips = [...side.querySelectorAll(".dw-cd-throw")];
      expect(chips.map((c) => Number(c.textContent))).toEqual(f.throws[i]);
      chips.forEach((chip, j) => expect(chip.classList.contains("dw-cd-explode")).toBe(f.throws[i][j] === f.faces[i]));
      expect(side.querySelector(".dw-cd-die").textContent).toBe(`d${f.faces[i]}`);
      expect(side.classList.contains("dw-cd-side-now")).toBe(i === f.side);
    });
    expect(el.querySelectorAll(".dw-cd-fight .dw-cd-explode").length).toBeGreaterThan(0);
    expect(el.querySelector(".dw-cd-legend").textContent).toContain("explodes");
    expect(el.querySelector(".dw-cd-odds-title").textContent).toContain("before the first throw");
  });

  it("a duel to declare: the odds against each opponent on the square", () => {
    const t = position("choose_duel");
    mount("choose_duel");
    const rows = [...el.querySelectorAll(".dw-cd-odds-row")];
    expect(rows).toHaveLength(t.observation.odds.length);
    t.observation.odds.forEach((o, i) => {
      expect(rows[i].getAttribute("data-opponent")).toBe(String(o.opponent));
      expect(rows[i].textContent).toContain(`${t.player_names[o.opponent]} wins ${pct(o.loss)}`);
    });
    expect(el.querySelector(".dw-cd-phase-now").getAttribute("data-phase")).toBe("duel");
  });

  it("a flight roll names the only face that succeeds; a duel's combat names both duellists", () => {
    const t = position("flee_roll");
    mount("flee_roll");
    const n = t.observation.boards[t.observation.fleeing].power;
    expect(el.querySelector(".dw-cd-fight-title").textContent).toContain(`only a ${n} succeeds (1 in ${n})`);
    cleanup();
    const d = position("duel_combat");
    mount("duel_combat");
    const names = [...el.querySelectorAll(".dw-cd-fight .dw-cd-side-name")].map((n) => n.textContent);
    expect(names).toEqual([d.player_names[d.observation.active_player], d.player_names[d.observation.defender]]);
  });

  it("the last finished fight keeps its throws, with the sides named from the log", () => {
    const t = position("camp");
    mount("camp");
    const last = t.observation.last_rolls;
    const rows = [...el.querySelectorAll(".dw-cd-fight .dw-cd-side")];
    expect(rows[0].querySelectorAll(".dw-cd-throw")).toHaveLength(last.attacker.length);
    // in a finished roll every throw but the last was the die's maximum
    expect(rows[0].querySelectorAll(".dw-cd-explode")).toHaveLength(last.attacker.length - 1);
    expect(rows[0].querySelector(".dw-cd-total").textContent).toBe(`= ${last.attacker.reduce((a, b) => a + b, 0)}`);
    expect(fightSides("Fight: Black 4+4+2 = 10, The orc (rolled by White) 2 = 2.")).toEqual(["Black", "The orc (rolled by White)"]);
    expect(fightSides("Something else")).toBeNull();
  });

  it("the phase of each decision (CD-TURN-2)", () => {
    expect(phaseOf({ decision: "move" })).toBe("move");
    expect(phaseOf({ decision: "duel_flight", defender: 1 })).toBe("duel");
    expect(phaseOf({ decision: "flee_roll", defender: 1, fleeing: 1 })).toBe("duel");
    expect(phaseOf({ decision: "flee_roll", defender: null, fleeing: 0 })).toBe("monster");
    expect(phaseOf({ decision: "combat", fight: { kind: "duel" } })).toBe("duel");
    expect(phaseOf({ decision: "camp" })).toBe("camp");
  });
});

describe("management boards", () => {
  it("one per seat, each with its six zones as zone/{seat}/{zone}", () => {
    const t = position("seat_view");
    mount("seat_view");
    const boards = [...el.querySelectorAll(".dw-cd-mboard")];
    expect(boards).toHaveLength(t.player_names.length);
    boards.forEach((b, seat) => {
      for (const zone of ["backpack", "cage", "vault", "dungeon", "equipment", "pantry"]) {
        expect(b.querySelector(`[data-target="zone/${seat}/${zone}"]`), `${seat} ${zone}`).not.toBeNull();
      }
    });
  });

  it("a seat's view: the others' hidden zones show only their thickness word, never a count; its own in full", () => {
    const t = position("seat_view");
    mount("seat_view");
    const me = t.view_seat;
    expect(el.querySelector(`.dw-cd-mboard[data-seat="${me}"]`).classList.contains("dw-cd-mine")).toBe(true);
    let thick = 0;
    t.observation.boards.forEach((b, seat) => {
      for (const zone of ["backpack", "vault", "cage", "dungeon"]) {
        const node = byTarget(`zone/${seat}/${zone}`);
        const body = node.querySelector(".dw-cd-zone-body").textContent;
        if (seat === me) {
          expect(node.classList.contains("dw-cd-zone-hidden")).toBe(false);
          continue;
        }
        expect(b[zone]).toBeNull();
        expect(node.classList.contains("dw-cd-zone-hidden")).toBe(true);
        expect(body).toBe(b.thickness[zone]);
        expect(["empty", "thin", "medium", "thick"]).toContain(body);
        expect(body).not.toMatch(/\d/);
        if (body !== "empty") thick += 1;
      }
    });
    expect(thick).toBeGreaterThan(0);
    const mine = t.observation.boards[me];
    const cage = byTarget(`zone/${me}/cage`).querySelector(".dw-cd-zone-body").textContent;
    expect(cage).toBe(mine.cage ? `${mine.cage} goblin${mine.cage === 1 ? "" : "s"}` : "empty");
    for (const [card, n] of Object.entries(mine.backpack)) {
      expect(byTarget(`zone/${me}/backpack`).querySelector(`[data-card="${card}"]`).textContent).toBe(n > 1 ? `${card} ×${n}` : card);
    }
  });

  it("equipment and pantry are face up for everyone", () => {
    const t = position("over");
    mount("over");
    t.observation.boards.forEach((b, seat) => {
      const eq = byTarget(`zone/${seat}/equipment`).textContent;
      expect(eq).toContain(`d${b.power}`);
      if (b.equipment) expect(eq).toContain(b.equipment);
      const pantry = byTarget(`zone/${seat}/pantry`).textContent;
      expect(pantry).toContain(b.pantry ? `${b.pantry}/4` : "empty");
    });
  });

  it("at the end: each seat's wealth, the winners and why the game ended", () => {
    const t = position("over");
    mount("over");
    const { outcome, scores } = t.observation;
    Object.entries(scores).forEach(([seat, wealth]) => {
      const b = el.querySelector(`.dw-cd-mboard[data-seat="${seat}"]`);
      expect(b.querySelector(".dw-cd-mboard-score").textContent).toBe(`wealth ${wealth}`);
      expect(b.classList.contains("dw-cd-winner")).toBe(outcome.winners.includes(Number(seat)));
    });
    expect(el.querySelector(".dw-cd-over").textContent).toContain(outcome.reason);
    expect(el.querySelector(".dw-status").textContent).toBe(t.status);
    expect(el.querySelector(".dw-action-empty").textContent).toBe("The game is over.");
  });
});

describe("redraw and cleanup", () => {
  it("follows change events from Python", async () => {
    mount("start");
    const next = position("move_steps");
    model.update({ observation: next.observation, legal_actions: next.legal_actions, status: next.status, step: next.step, history_length: next.history_length, log: next.log });
    await flush();
    expect(el.querySelector(".dw-status").textContent).toBe(next.status);
    const step = next.legal_actions.find((a) => a.kind === "step");
    expect(byTarget(step.targets[0]).getAttribute("data-action-id")).toBe(step.id);
    expect(forest().querySelector(".dw-cd-quarters-badge")).not.toBeNull();
  });

  it("shows the last error", async () => {
    mount("move_steps");
    model.update({ last_error: "'step 9,9' is not legal" });
    await flush();
    expect(el.querySelector(".dw-error").textContent).toContain("'step 9,9' is not legal");
  });

  it("removes every listener and the DOM", () => {
    const root = mount("move_steps");
    const stale = forest().querySelector(".dw-cd-square.dw-legal");
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
  it("depth is 0 on the edge and 3 in the centre (CD-REC-1)", () => {
    expect([depth(0, 4), depth(1, 1), depth(2, 5), depth(3, 4), depth(7, 7)]).toEqual([0, 1, 2, 3, 0]);
  });
});

describe("reach", () => {
  it("writes the goblin-quarter cost on every square the mover can still reach (CD-MOVE-3, CD-GOB-3)", async () => {
    const traits = position("move_steps");
    const reach = traits.observation.reach;
    expect(Object.keys(reach).length).toBeGreaterThan(0);
    mountTraits(traits);
    await flush();
    const written = [...board().querySelectorAll(".dw-cd-reach-cost")].filter((t) => t.textContent !== "");
    expect(written.length).toBe(Object.keys(reach).length);
    for (const [id, cost] of Object.entries(reach)) {
      // "2 q" (never "2¼", which reads as two and a quarter), said "2 goblin quarters"
      const text = byTarget(id).querySelector(".dw-cd-reach-cost");
      expect(text?.textContent).toBe(cost === 0 ? "free" : `${cost} q`);
      expect(text.getAttribute("data-spoken")).toBe(cost === 0 ? null : `${cost} goblin quarter${cost === 1 ? "" : "s"}`);
      expect(byTarget(id).querySelector("title:not(.dw-tip)").textContent).toContain(cost === 0 ? "reachable this turn for free" : `for ${cost} goblin quarter`);
    }
    // a square one paid step away is a button whose name says the cost as shown and in words
    const paid = traits.legal_actions.find((a) => a.kind === "step" && reach[a.targets[0]] > 0);
    expect(paid).toBeDefined();
    const cost = reach[paid.targets[0]];
    const name = byTarget(paid.targets[0]).getAttribute("aria-label");
    expect(name).toContain(`${cost} q (${cost} goblin quarter`);
    expect(name).toContain(paid.label);
  });

  it("draws no costs when the view carries no reach (another seat's view: Python sends null)", async () => {
    const traits = position("move_steps");
    traits.observation.reach = null;
    mountTraits(traits);
    await flush();
    expect([...board().querySelectorAll(".dw-cd-reach-cost")].filter((t) => t.textContent !== "")).toEqual([]);
  });

  it("a turn that changes who moves rewrites the costs in place: no element of a square made or removed", async () => {
    const traits = position("move_steps");
    mountTraits(traits);
    await flush();
    const records = [];
    const observer = new MutationObserver((batch) => records.push(...batch));
    observer.observe(board().querySelector(".dw-cd-layer-base"), { subtree: true, childList: true });
    model.update({ observation: { ...traits.observation, reach: null } });
    await flush();
    model.update({ observation: traits.observation });
    await flush();
    records.push(...observer.takeRecords());
    observer.disconnect();
    expect(records.filter((r) => r.target.closest?.(".dw-cd-marks") && [...r.addedNodes, ...r.removedNodes].some((n) => n.nodeType === Node.ELEMENT_NODE))).toEqual([]);
    expect([...board().querySelectorAll(".dw-cd-reach-cost")].filter((t) => t.textContent !== "").length).toBe(Object.keys(traits.observation.reach).length);
  });
});

describe("a step's redraw", () => {
  /** The traits after seat 0 steps to 2,1 (its pawn moves, its goblin quarters drop by one). */
  const stepped = (t) => {
    const next = structuredClone(t);
    next.observation.positions[0] = "2,1";
    next.observation.boards[0].quarters -= 1;
    next.observation.steps = (next.observation.steps || 0) + 1;
    return next;
  };
  const pawnOf = (seat) => byTarget(`adv/${seat}`);
  const boardOf = (seat) => board().querySelector(`.dw-cd-mboard[data-seat="${seat}"]`);
  const drawn = () => [...board().querySelectorAll(".dw-cd-pawns, .dw-cd-mboards, .dw-cd-encounter")].map((n) => n.outerHTML);

  it("redraws the mover's pawn and its board's foot only, and shows what a board drawn from scratch shows", async () => {
    const t = position("move_steps");
    expect(t.observation.boards[0].quarters).toBeGreaterThan(0);
    mountTraits(t);
    await flush();
    const panel = board().querySelector(".dw-cd-encounter");
    const fightBox = panel.querySelector(".dw-cd-fight");
    const others = [pawnOf(1), pawnOf(2), boardOf(1), boardOf(2), fightBox];
    const next = stepped(t);
    const records = [];
    const observer = new MutationObserver((batch) => records.push(...batch));
    observer.observe(board(), { subtree: true, childList: true, attributes: true, characterData: true });
    // the elements the redraw makes: a board or pawn drawn again is made anew, then morphed in
    const made = await elementsMade(async () => {
      model.update({ observation: next.observation });
      await flush();
    });
    records.push(...observer.takeRecords());
    observer.disconnect();
    // of the management boards, the mover's foot (its goblin quarters) only: no board, head or zone made again
    const boardPart = /^dw-cd-(mboard|zone )/;
    expect(made.filter((n) => boardPart.test(n.getAttribute?.("class") ?? "")).map((n) => n.getAttribute("class")))
      .toEqual(["dw-cd-mboard-foot dw-muted"]);
    expect(made.find((n) => n.classList?.contains("dw-cd-mboard-foot")).textContent).toContain(quarterWords(next.observation.boards[0].quarters));
    expect(made.filter((n) => n.classList?.contains("dw-cd-pawn")).map((n) => n.getAttribute("data-seat"))).toEqual(["0"]);
    // of the encounter panel, the line of the moves (the steps taken) only: the turn, phases and dice stay
    const blockClass = /^(dw-cd-(line|fight|phases|foe|odds|over)|dw-panel-title)/;
    expect(made.filter((n) => blockClass.test(n.getAttribute?.("class") ?? "")).map((n) => n.getAttribute("class")))
      .toEqual(["dw-cd-line dw-cd-moving"]);
    for (const node of others) {
      expect(records.filter((r) => node.contains(r.target))).toEqual([]);
      expect(board().contains(node)).toBe(true);
    }
    expect(records.some((r) => pawnOf(0).contains(r.target) || r.target === pawnOf(0))).toBe(true);
    expect(boardOf(0).textContent).toContain(`${next.observation.boards[0].quarters}`);
    const incremental = drawn();
    cleanup();
    el.replaceChildren();
    mountTraits(next);
    await flush();
    expect(incremental).toEqual(drawn());
  });
});
