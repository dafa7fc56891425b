// Seats: who plays each seat (a person or a bot), and the bots' play / pause / step and pace controls.

/** The synced traits this module reflects. @typedef {Pick<import("./model.js").GameTraits, "seats" | "bot_names" | "player_names" | "playing" | "pace" | "take_backs" | "viewer">} SeatsTraits */

import { h, panel } from "./dom.js";
import { morphChildren } from "./morph.js";

const setProp = (el, name, value) => {
  if (el[name] !== value) el[name] = value;
};
const setText = (el, text) => setProp(el, "textContent", text);
const setAttr = (el, name, value) => {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
};

/**
 * @param {(kind: string, fields?: Object) => void} send
 * @param {{listen: Function}} scope
 */
export function createSeats(send, scope) {
  const rows = h("ul", { class: "dw-seat-list" });
  const play = h("button", { type: "button", class: "dw-btn dw-play", "data-seats": "play" });
  const step = h("button", { type: "button", class: "dw-btn dw-step", "data-intent": "bot_step", text: "Step" });
  const pace = h("input", { type: "range", class: "dw-pace", min: 0, max: 3, step: 0.1, "aria-label": "Seconds between bot moves" });
  const paceLabel = h("span", { class: "dw-muted dw-pace-label" });
  const el = panel(
    "dw-seats",
    "Seats",
    rows,
    h("div", { class: "dw-row" }, play, step),
    h("label", { class: "dw-row dw-pace-row" }, h("span", { text: "Pace" }), pace, paceLabel),
  );
  let playing = false;
  let rowsDrawn = "";
  scope.listen(play, "click", () => send(playing ? "pause" : "play"));
  scope.listen(pace, "input", () => {
    paceLabel.textContent = `${Number(pace.value).toFixed(1)} s`;
  });
  scope.listen(pace, "change", () => send("set_pace", { pace: Number(pace.value) }));
  scope.listen(rows, "change", (event) => {
    const select = event.target.closest("select[data-seat]");
    if (select && !select.disabled) send("set_seat", { seat: Number(select.getAttribute("data-seat")), who: select.value });
  });
  return {
    el,
    /**
     * @param {{seats: string[], botNames: string[], names: string[], colours: (seat: number) => string[],
     *          playing: boolean, pace: number, toMove: number|null, isOver: boolean, locked?: string}} t
     *   `locked`: why the page may not change who plays a seat now (take-backs off in a seat's view: Python
     *   refuses `set_seat` from the page there, issue 27 item 2), or "" when it may. The menus are then
     *   disabled, their title saying why, rather than offering a choice that only brings an error.
     */
    update(t) {
      playing = t.playing;
      // most updates change none of these: each is written only when it changes (a write to a control,
      // even of the value it has, makes the browser restyle it)
      setText(play, playing ? "Pause bots" : "Play bots");
      setAttr(play, "aria-pressed", playing ? "true" : "false");
      const anyBot = t.seats.some((w) => w !== "human");
      setProp(play, "disabled", !anyBot || t.isOver);
      const who = !t.isOver && t.toMove !== null && t.toMove >= 0 ? (t.seats[t.toMove] ?? "human") : null;
      // A bot is due and the bots are paused (e.g. after a rewind; the status line says so): Play is
      // the thing to press, so it stands out.
      play.classList.toggle("dw-btn-due", Boolean(who && who !== "human" && !playing));
      // A person decides: Step has nothing to do. aria-disabled rather than disabled, so that its title
      // (why, and where to give the seat to a bot) still shows and is read.
      setProp(step, "disabled", t.isOver);
      setAttr(step, "aria-disabled", who === "human" ? "true" : "false");
      setProp(step, "title", who === "human"
        ? `${t.names[t.toMove] ?? `Seat ${t.toMove + 1}`} is played by a person: choose a legal action, or give the seat to a bot in the Seats panel (the menu beside its name)`
        : "Let the bot to move make one decision (or draw a chance outcome)");
      setProp(pace, "value", String(t.pace));
      setText(paceLabel, `${Number(t.pace).toFixed(1)} s`);
      // updated in place: a turn that passes changes two rows' class, not every row's menu; rows as drawn
      // last time are not drawn again
      const swatches = t.seats.map((_, seat) => t.colours(seat));
      const drawn = JSON.stringify([t.seats, t.botNames, t.names, swatches]);
      if (drawn !== rowsDrawn) {
        morphChildren(
          rows,
          t.seats.map((who, seat) =>
            h(
              "li",
              { class: "dw-seat" },
              h(
                "span",
                { class: "dw-swatches", "aria-hidden": "true" },
                swatches[seat].map((css) => h("span", { class: "dw-swatch", style: `background:${css}` })),
              ),
              h("span", { class: "dw-seat-name", text: t.names[seat] ?? `Seat ${seat + 1}` }),
              h(
                "select",
                { "data-seat": seat, "aria-label": `Who plays ${t.names[seat] ?? `seat ${seat + 1}`}` },
                ["human", ...t.botNames].map((name) =>
                  h("option", { value: name, selected: name === who, text: name === "human" ? "person" : `bot: ${name}` }),
                ),
              ),
            ),
          ),
        );
        rowsDrawn = drawn;
      }
      [...rows.children].forEach((row, seat) => row.classList.toggle("dw-seat-to-move", seat === t.toMove));
      // a menu the person changed keeps its choice over the `selected` attribute: Python's answer is shown
      rows.querySelectorAll("select[data-seat]").forEach((select, seat) => {
        const shown = [...select.options].find((o) => o.value === t.seats[seat]);
        if (shown && !shown.selected) shown.selected = true;
        setProp(select, "disabled", Boolean(t.locked));
        setProp(select, "title", t.locked ? `${t.locked}: the teacher may change who plays, from the teacher's view or in Python` : "");
      });
    },
  };
}
