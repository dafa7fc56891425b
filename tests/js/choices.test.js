// Issue 27, items 12 and 14: what a highlight suggests is what a click does, costly choices ask first in the
// page, the actions with no place on the board are buttons beside it, and the widget has one entry point.
import { describe, it, expect, beforeEach, afterEach } from "vitest";
import emerald from "../../js/emerald.js";
import drachenland from "../../js/drachenland.js";
import draghan from "../../js/draghan.js";
import { fakeModel, flush } from "./fake_model.js";
import emeraldFixtures from "./fixtures/emerald.json";
import drachenlandFixtures from "./fixtures/drachenland.json";
import draghanFixtures from "./fixtures/draghan.json";

const FIXTURES = {
  emerald: [emerald, emeraldFixtures],
  drachenland: [drachenland, drachenlandFixtures],
  draghan: [draghan, draghanFixtures],
};

let el;
let model;
let cleanup;

function mount(game, name, change = (t) => t) {
  const [widget, fixtures] = FIXTURES[game];
  const traits = structuredClone(fixtures[name]);
  if (fixtures._board) traits.board = structuredClone(fixtures._board);
  model = fakeModel(change(traits));
  cleanup = widget.render({ model, el });
  return el.querySelector(".dw-root");
}

const board = () => el.querySelector(".dw-board-wrap");
const bar = () => el.querySelector(".dw-board-wrap .dw-choice-bar");
const question = () => bar().querySelector(".dw-choice-ask:not([hidden])");
const click = (node) => node.dispatchEvent(new MouseEvent("click", { bubbles: true, detail: 1 }));
const key = (node, k) => node.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true }));
const acts = () => model.sent.filter((m) => m.kind === "act").map((m) => m.id);

beforeEach(() => {
  el = document.createElement("div");
  document.body.append(el);
});
afterEach(() => {
  cleanup?.();
  cleanup = null;
  el.remove();
});

describe("item 12: a pass or end-turn action is a button beside the board", () => {
  it("item12_emerald_end_turn_is_a_button_beside_the_board_even_as_the_sixth_action", () => {
    const endTurn = { id: "end turn", label: "End the turn without moving a second knight", player: 0, kind: "end_turn", targets: [], rules: ["EM-TURN-2"], prob: null };
    mount("emerald", "start", (t) => ({ ...t, legal_actions: [...t.legal_actions, endTurn] }));
    const button = bar().querySelector('button[data-action-id="end turn"]');
    expect(button, "no end-turn button beside the board").not.toBeNull();
    expect(button.textContent).toBe(endTurn.label);
    click(button);
    expect(acts()).toEqual(["end turn"]);
  });

  it("item12_drachenland_keep_is_a_button_and_only_actions_without_a_place_on_the_board_are", () => {
    mount("drachenland", "fate");
    const shown = [...bar().querySelectorAll("button[data-action-id]")].map((b) => b.getAttribute("data-action-id"));
    expect(shown).toEqual(["keep"]);
  });

  it("item12_no_buttons_beside_the_board_when_this_view_may_not_choose", () => {
    mount("drachenland", "fate", (t) => ({ ...t, can_act: false }));
    expect(bar().querySelectorAll("button[data-action-id]")).toHaveLength(0);
  });
});

describe("item 12: costly or irreversible actions ask once in the page", () => {
  it("item12_drachenland_clicking_the_highlighted_dice_asks_before_spending_the_fate_token", async () => {
    mount("drachenland", "fate");
    const dice = board().querySelector('[data-target="dice"][data-action-id="reroll"]');
    expect(dice, "the dice stand for the re-roll").not.toBeNull();
    click(dice);
    expect(acts(), "one click on the dice spent the fate token").toEqual([]);
    expect(question().textContent).toContain("fate token");
    const yes = question().querySelector('button[data-action-id="reroll"]');
    expect(yes.textContent).toContain("Play the fate token");
    click(question().querySelector("[data-choice-cancel]"));
    expect(question()).toBeNull();
    expect(acts()).toEqual([]);
    click(dice);
    click(question().querySelector('button[data-action-id="reroll"]'));
    expect(acts()).toEqual(["reroll"]);
  });

  it("item12_drachenland_enter_on_the_dice_asks_too_and_escape_cancels", () => {
    mount("drachenland", "fate");
    const dice = board().querySelector('[data-target="dice"][data-action-id="reroll"]');
    dice.focus();
    key(dice, "Enter");
    expect(acts()).toEqual([]);
    expect(question()).not.toBeNull();
    expect(document.activeElement.hasAttribute("data-choice-cancel"), "the focus waits on the safe answer").toBe(true);
    key(document.activeElement, "Escape");
    expect(question()).toBeNull();
    expect(document.activeElement).toBe(dice);
  });

  it("item12_draghan_one_click_on_the_realm_banner_does_not_commit_the_team_to_the_shadow_realm", () => {
    mount("draghan", "portal");
    const realm = board().querySelector('[data-target="realm"][data-action-id="travel"]');
    expect(realm).not.toBeNull();
    click(realm);
    expect(acts()).toEqual([]);
    expect(question().textContent).toMatch(/cannot come back/);
    click(question().querySelector('button[data-action-id="travel"]'));
    expect(acts()).toEqual(["travel"]);
    // staying (no place on the board) is a button beside it, and sends at once: it costs nothing
    click(bar().querySelector('.dw-choice-off-board button[data-action-id="stay"]'));
    expect(acts()).toEqual(["travel", "stay"]);
  });

  it("item12_an_ordinary_board_click_still_sends_at_once", () => {
    mount("emerald", "start");
    click(board().querySelector('[data-action-id="move T1 red"]'));
    expect(acts()).toEqual(["move T1 red"]);
    expect(question()).toBeNull();
  });

  it("item12_the_question_closes_when_python_sends_new_choices", async () => {
    mount("drachenland", "fate");
    click(board().querySelector('[data-target="dice"][data-action-id="reroll"]'));
    expect(question()).not.toBeNull();
    model.update({ legal_actions: [], can_act: false });
    await flush();
    expect(question()).toBeNull();
  });
});

describe("item 12: a highlight several actions share opens their picker", () => {
  it("item12_emerald_manual_chance_clicking_the_highlighted_dragon_die_opens_the_face_picker", () => {
    mount("emerald", "manual_roll_2p");
    const die = board().querySelector('[data-target="die"]');
    expect(die.classList.contains("dw-legal-shared")).toBe(true);
    expect(die.getAttribute("role")).toBe("button");
    expect(die.getAttribute("aria-haspopup")).toBe("true");
    click(die);
    expect(acts()).toEqual([]);
    const faces = [...question().querySelectorAll("button[data-action-id]")].map((b) => b.getAttribute("data-action-id"));
    expect(faces).toEqual(["roll 1", "roll 2", "roll 3"]);
    click(question().querySelector('button[data-action-id="roll 2"]'));
    expect(acts()).toEqual(["roll 2"]);
  });

  it("item12_a_shared_highlight_in_a_view_that_may_not_choose_opens_nothing", () => {
    mount("emerald", "manual_roll_2p", (t) => ({ ...t, can_act: false }));
    const die = board().querySelector('[data-target="die"]');
    expect(die.hasAttribute("data-pick")).toBe(false);
    click(die);
    expect(question()).toBeNull();
  });
});

describe("item 14: one entry point, one tab stop for the board", () => {
  it("item14_the_root_is_the_widgets_first_tab_stop_and_named_after_the_game", () => {
    const root = mount("emerald", "start");
    expect(root.getAttribute("tabindex")).toBe("0");
    expect(root.getAttribute("aria-label")).toMatch(/^Emerald game/);
  });

  it("item14_the_board_is_one_tab_stop_and_arrows_move_it", () => {
    mount("emerald", "start");
    const choices = [...board().querySelectorAll(".dw-emerald-board [data-action-id]")];
    expect(choices.length).toBeGreaterThan(3);
    const stops = choices.filter((c) => c.getAttribute("tabindex") === "0");
    expect(stops).toHaveLength(1);
    stops[0].focus();
    key(stops[0], "ArrowRight");
    const next = document.activeElement;
    expect(next).not.toBe(stops[0]);
    expect(choices.filter((c) => c.getAttribute("tabindex") === "0")).toEqual([next]);
  });
});
