// The Seats panel's menus when the page may not change who plays (issue 27, item 2).
import { describe, it, expect } from "vitest";
import generic from "../../js/game.js";
import { fakeModel, position, flush } from "./fake_model.js";

const menus = (el) => [...el.querySelectorAll(".dw-seats select[data-seat]")];
const choose = (select, value) => {
  select.value = value;
  select.dispatchEvent(new Event("change", { bubbles: true }));
};

describe("seats: issue 27 item 2, take-backs off in a seat's view", () => {
  it("item2: the seat menus are disabled with the reason, send no set_seat, and come back in the teacher's view", async () => {
    const el = document.createElement("div");
    document.body.append(el);
    const t = position("mid_5p");
    const model = fakeModel({ ...t, viewer: "0", take_backs: false });
    const cleanup = generic.render({ model, el });
    expect(menus(el).length).toBe(t.seats.length);
    for (const select of menus(el)) {
      expect(select.disabled).toBe(true);
      expect(select.title).toContain("take_backs=False");
    }
    choose(menus(el)[1], "human");
    expect(model.sent).toEqual([]);

    model.update({ viewer: "hotseat" }); // Python refuses set_seat in every view but the teacher's
    await flush();
    expect(menus(el).every((s) => s.disabled)).toBe(true);

    model.update({ viewer: "teacher" });
    await flush();
    expect(menus(el).every((s) => !s.disabled && s.title === "")).toBe(true);
    choose(menus(el)[1], "human");
    expect(model.sent).toEqual([{ kind: "set_seat", seat: 1, who: "human" }]);

    model.update({ viewer: "0", take_backs: true }); // take-backs on: a seat's view may change the seats
    await flush();
    expect(menus(el).every((s) => !s.disabled)).toBe(true);
    cleanup();
    el.remove();
  });
});
