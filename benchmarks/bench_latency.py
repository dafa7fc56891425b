"""Click-to-update latency of the four game widgets in real JupyterLab, against two floors in the same page.

Starts JupyterLab and Debian's chromium with the test harness (``tests/browser/lab_harness.py``) and
opens one notebook of its own that displays the four game widgets (seat 0 a person, the other seats
bots with ``playing=False``, so nothing moves by itself) and two minimal echo widgets defined here. Each
game is first played from the kernel to a position where seat 0 decides and the board offers a legal
action to click (``--decisions`` decisions in, at least). Then ``--clicks`` rounds (after one warm-up
round, discarded): in each, for each game in turn, four measurements in the page, in an order that
rotates from round to round, each after the same pause (``--gap``) since the previous one ended, so
none is timed after idle while another is not:

- **click**: a real mouse click (Playwright) on the board element bound to the chosen legal action
  (``[data-action-id]``), the game's cell already the notebook's active cell as when a person clicks
  on in the same widget, and the pointer already resting on the element for the pause before the press
  (as a person's does: the preview of the action that hovering draws is not part of the click); the page records ``performance.now()`` when the click event reaches the
  widget and when the timeline slider shows the new step (a MutationObserver; the shell redraws the
  board, the action list and the timeline in one pass, so the board is drawn by then). The path:
  click -> comm message -> kernel applies the action -> ``sync`` message -> model -> redraw. The
  kernel then takes the action back (``w.goto(step)``) and the page shows the position again, so
  every click is made in the same state.
- **echo**: the echo widget's front end sends ``{"kind": "ping", "n": i}`` with ``model.send``; its
  Python side answers by setting its one trait, ``pong = i``; timed until ``change:pong`` fires with
  ``i``. The minimal anywidget round trip, started by a script.
- **echo, clicked**: the same round trip started as the click is, by a real mouse click on a button of
  the second echo widget (its cell made the active cell, the pointer resting on the button for the pause
  before the press), timed from the click event to the page showing ``pong``: the click's own cost in the
  page (JupyterLab's input handling, the focus, the pressed style and its painting, while the message
  travels) is then in both, and the difference is the widget's.
- **bare**: ``kernel.requestExecute({code: 'pass'})`` from the same page, awaited until its reply and
  idle status arrive: the kernel round trip without a widget.

Each is also timed to the next painted frame after it (``requestAnimationFrame``, then a message
posted from there: after the frame's style, layout and paint).

It prints, per game, the medians and 25th percentiles (the least-disturbed samples) of the four and
the ratios click/echo, click/clicked echo and click/bare, to the DOM and to the painted frame; then where
the time goes:
the page before the message leaves, the way to the kernel (the message header's date against the
kernel's clock: the same machine), the kernel's comm handler (timed by wrapping it in the kernel),
the answer's way back to the page's main thread (its header's date against the page's clock), the
page from there to the DOM and to the painted frame; and the kernel's share of a click (``w.act``,
``game.apply``, ``w.send`` and the bytes of the ``sync`` message). It never asserts a time.

``--profile N`` then records Chrome's trace over N more clicks of each game, and of the clicked echo, and
prints where the page's main thread spends the time from the click to the painted frame: trace events (script,
style, layout, paint) and JavaScript functions (self time and with callees, from the sampling
profiler). ``--reduced-motion`` asks for reduced motion (the legal targets have a steady outline either way:
a pulse repainted the page at every frame). ``--bundles DIR`` shows the
games with the front ends built in DIR, to time a change before building it into the package.

    python benchmarks/bench_latency.py [--clicks 30] [--gap 0.1] [--profile 10] [--reduced-motion]
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

import lab_harness

NOTEBOOK = "bench_latency.ipynb"

#: (variable, class, arguments): the settings of the games' notebooks, seat 0 a person, bots idle.
GAMES = [
    ("emerald", "EmeraldWidget", "players=3, seed=2026, first_player=0, seats=['human', 'greedy', 'greedy']"),
    ("drachenland", "DrachenlandWidget", "players=3, seed=2026, seats=['human', 'greedy', 'greedy']"),
    ("chasse", "ChasseAuDragonWidget", "players=3, seed=2026, first_player=0, seats=['human', 'greedy', 'greedy']"),
    ("draghan", "DraghanWidget", "players=2, seed=30, first_player=0, seats=['human', 'planner']"),
]

#: The echo widget's front end: `el.dwEcho(n)` (and, for the scripted one, `window.__dwEcho(n)`) sends a
#: ping and resolves when Python has set `pong` to `n`; the clicked one shows a button whose click sends
#: the next ping.
ECHO_ESM = """
export default {
  render({ model, el }) {
    const out = document.createElement("span");
    out.className = "dw-echo-pong";
    if (model.get("clicked")) {
      const button = document.createElement("button");
      button.className = "dw-echo-button";
      button.textContent = "ping";
      button.addEventListener("click", () => model.send({ kind: "ping", n: model.get("pong") + 1 }));
      el.append(button);
    }
    el.append(out);
    const show = () => { out.textContent = `echo ${model.get("pong")}`; };
    model.on("change:pong", show);
    show();
    const echo = (n) => new Promise((resolve) => {
      const done = () => {
        if (model.get("pong") !== n) return;
        model.off("change:pong", done);
        resolve();
      };
      model.on("change:pong", done);
      model.send({ kind: "ping", n });
    });
    el.dwEcho = echo;
    if (!model.get("clicked")) window.__dwEcho = echo;
    return () => model.off("change:pong", show);
  },
};
"""

#: The notebook's first cell: the echo widget and a probe that times a widget's clicks in the kernel.
SETUP_PY = f'''
import json, time
from datetime import datetime
import anywidget, traitlets
import dragonwidgets

class Echo(anywidget.AnyWidget):
    """The minimal widget round trip: the front end sends a ping, Python answers by setting one trait."""
    _esm = {ECHO_ESM!r}
    pong = traitlets.Int(-1).tag(sync=True)
    clicked = traitlets.Bool(False).tag(sync=True)  # True: a button the mouse clicks sends the ping

    def __init__(self, clicked=False):
        super().__init__(clicked=clicked)
        self.on_msg(self._ping)

    def _ping(self, _widget, content, _buffers):
        if content.get("kind") == "ping":
            self.pong = content["n"]

class _Probe:
    """Time, in the kernel, a widget's custom messages of one kind: how long after the page sent it the
    kernel took it up (the header's date), the time in its comm handler (the whole round of the widget's
    code, the answer sent included) and, for a game, in w.act, game.apply and w.send, and what w.send sent."""

    def __init__(self, w, kind):
        self.rows, self._row = [], None
        handle = w.comm._msg_callback

        def timed_handle(msg):
            data = msg["content"].get("data", {{}})
            content = data.get("content") if data.get("method") == "custom" else None
            if not (isinstance(content, dict) and content.get("kind") == kind):
                return handle(msg)
            sent = msg["header"]["date"]
            sent = sent.timestamp() if hasattr(sent, "timestamp") else datetime.fromisoformat(str(sent).replace("Z", "+00:00")).timestamp()
            self._row = {{"wait": time.time() - sent, "id": content.get("id", content.get("n"))}}
            t = time.perf_counter()
            try:
                return handle(msg)
            finally:
                self._row["handle"] = time.perf_counter() - t
                self.rows.append(self._row)
                self._row = None

        w.comm.on_msg(timed_handle)
        if hasattr(w, "act"):
            self._wrap_game(w)

    def _timed(self, name, fn):
        def run(*args, **kwargs):
            t = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                if self._row is not None:
                    self._row[name] = self._row.get(name, 0) + time.perf_counter() - t
        return run

    def _wrap_game(self, w):
        send, game = w.send, w.game

        def sent(content, buffers=None):
            if self._row is not None:
                self._row["bytes"] = len(json.dumps(content, separators=(",", ":"))) + sum(len(b) for b in buffers or [])
                self._row["deflated"] = bool(buffers)
            return send(content, buffers)

        w.act = self._timed("act", w.act)
        game.apply = self._timed("apply", game.apply)
        w.send = self._timed("send", sent)

_probes = {{}}
{lab_harness.PLAY_PY}
'''

#: Run in the page before JupyterLab loads: log the kernel websocket's messages (time, direction,
#: channel, message type, bytes) in `window.__dwWs`, to split a round trip into page, wire and kernel.
WS_LOG_JS = """
(() => {
  const log = [];
  window.__dwWs = log;
  const decoder = new TextDecoder();
  const describe = (data) => {
    try {
      if (typeof data === "string") {
        const m = JSON.parse(data);
        return [m.channel, m.header.msg_type, data.length, m.header.date];
      }
      const buf = data instanceof ArrayBuffer ? data : data.buffer;
      const view = new DataView(buf);
      const offset = (i) => Number(view.getBigUint64(8 * (i + 1), true));
      const part = (i) => decoder.decode(new Uint8Array(buf, offset(i), offset(i + 1) - offset(i)));
      const header = JSON.parse(part(1));
      return [part(0), header.msg_type, buf.byteLength, header.date];
    } catch (e) {
      return ["?", "?", 0, null];
    }
  };
  const Native = window.WebSocket;
  const send = Native.prototype.send;
  Native.prototype.send = function (data) {
    if (String(this.url).includes("/channels")) log.push([performance.now(), "out", ...describe(data)]);
    return send.call(this, data);
  };
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      if (String(args[0]).includes("/channels")) {
        this.addEventListener("message", (e) => log.push([performance.now(), "in", ...describe(e.data)]));
      }
    }
  };
})();
"""

#: After the next frame is painted (rAF runs before the frame's style, layout and paint; a message
#: posted from it runs after them).
AFTER_PAINT_JS = """
const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => {
  const ch = new MessageChannel();
  ch.port1.onmessage = () => resolve(performance.now());
  ch.port2.postMessage(0);
}));
"""

#: Arm one click measurement on widget `root` whose element `selector` shows `before`: t0 when the click
#: reaches the widget (capture phase, before its own handler), t1 when that element shows something else
#: (a game's timeline slider another step, the echo's text another pong), t2 painted.
ARM_CLICK_JS = """([root, selector, before]) => {
  AFTER_PAINT
  const watched = root.querySelector(selector);
  const shown = () => watched.value ?? watched.textContent;
  let t0 = null;
  window.__dwClick = new Promise((resolve) => {
    const obs = new MutationObserver(() => {
      if (t0 === null || shown() === before) return;
      obs.disconnect();
      clearTimeout(timer);
      const t1 = performance.now();
      const ws = window.__dwWs.slice();
      afterPaint().then((t2) => {
        console.timeStamp("dw-end");
        resolve({t0, t1, t2, ws, origin: performance.timeOrigin});
      });
    });
    const timer = setTimeout(() => { obs.disconnect(); resolve(null); }, 10000);
    root.addEventListener("click", () => {
      t0 = performance.now();
      console.timeStamp("dw-start");
    }, {capture: true, once: true});
    obs.observe(watched, {attributes: true, childList: true, characterData: true, subtree: true});
  });
  window.__dwWs.length = 0;
}""".replace("AFTER_PAINT", AFTER_PAINT_JS)

#: Time `await CALL` in the page (`arg` is the argument passed), as a click is timed.
TIMED_JS = """async (arg) => {
  AFTER_PAINT
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  window.__dwWs.length = 0;
  const t0 = performance.now();
  await CALL;
  const t1 = performance.now();
  const ws = window.__dwWs.slice();
  const t2 = await afterPaint();
  return {t0, t1, t2, ws, origin: performance.timeOrigin};
}""".replace("AFTER_PAINT", AFTER_PAINT_JS)
ECHO_JS = TIMED_JS.replace("CALL", "window.__dwEcho(arg)")
BARE_JS = TIMED_JS.replace("CALL", 'kernel.requestExecute({code: "pass", store_history: false}).done')

SHOWS_STEP_JS = "([root, step]) => Number(root.querySelector('.dw-timeline-range').value) === step"
#: Before a click: bring the element into view and make its cell the notebook's active cell, as it is
#: when a person clicks on in the same widget (JupyterLab's work on the first click into another cell
#: is not the widget's), then let two frames pass.
PREPARE_CLICK_JS = """async (el) => {
  el.scrollIntoView({block: "center", inline: "nearest"});
  const notebook = window.jupyterapp.shell.currentWidget.content;
  const index = notebook.widgets.findIndex((cell) => cell.node.contains(el));
  if (notebook.activeCellIndex !== index) notebook.activeCellIndex = index;
  notebook.mode = "command";
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
}"""


def quantile(xs: list[float], q: float) -> float:
    """The ``q`` quantile of ``xs`` (linear interpolation)."""
    return statistics.quantiles(xs, n=100, method="inclusive")[round(q * 100) - 1] if len(xs) > 1 else xs[0]


def split(m: dict, reply_types: tuple[str, ...]) -> dict[str, float]:
    """Split one measurement (times in ms) at the first message the page sent after t0 and the last
    message of ``reply_types`` it received before t1: the page before sending, the wire and the kernel,
    the page after (``front_end``); ``back`` is the reply's way from the kernel (its header's date) to
    the page's main thread, part of the wire."""
    out = [t for t, d, *_ in m["ws"] if d == "out" and t >= m["t0"]]
    back = [(t, n, date) for t, d, _ch, ty, n, date in m["ws"] if d == "in" and ty in reply_types and t <= m["t1"]]
    row = {"total": m["t1"] - m["t0"], "to_paint": m["t2"] - m["t1"]}
    if out and back:
        t_in, n, date = back[-1]
        row.update(before_send=out[0] - m["t0"], wire_kernel=t_in - out[0], front_end=m["t1"] - t_in, ws_bytes=n)
        if date:
            sent = datetime.fromisoformat(date.replace("Z", "+00:00")).timestamp() * 1000
            row["back"] = m["origin"] + t_in - sent
    return row


class Bench:
    """The open notebook, its games at their chosen positions, and the samples."""

    def __init__(self, nb, gap: float):
        self.nb, self.page, self.kernel, self.gap = nb, nb.page, nb.kernel, gap
        self.roots = {var: nb.widget(var) for var, _cls, _args in GAMES}
        nb.widget("echo", selector=".jp-OutputArea-output")
        self.page.wait_for_function("() => typeof window.__dwEcho === 'function'")
        self.kernel.run("_probes['echo'] = _Probe(echo, 'ping')")
        self.echo_root = nb.widget("echo_click", selector=".jp-OutputArea-output")
        self.echo_button = self.echo_root.locator("button.dw-echo-button")
        self.echo_button.wait_for()
        self.kernel.run("_probes['echo_click'] = _Probe(echo_click, 'ping')")
        self.positions: dict[str, tuple[int, str, str]] = {}
        self.pings = 0

    def prepare(self, var: str, decisions: int) -> None:
        """Play game ``var`` from the kernel until seat 0 decides and the board offers a legal action
        after at least ``decisions`` decisions; remember the step, the element and the action."""
        kernel, root = self.kernel, self.roots[var]
        kernel.run(f"_dw_play({var}, {decisions})")
        for _ in range(100):
            over, seat, may, step = kernel.eval(f"({var}.game.is_over, {var}.game.current_player, "
                                                f"bool({var}.can_act), {var}.step)")
            if over:
                raise RuntimeError(f"{var}: the game ended before seat 0 had a board action to click")
            self.page.wait_for_function(SHOWS_STEP_JS, arg=[root.element_handle(), step])
            if seat == 0 and may:
                # the map or the table itself if it offers one, else a panel drawn beside it; an
                # action's own element (its first target) first
                first = dict(kernel.eval(f"[(a['id'], a['targets'][0]) for a in {var}.legal_actions if a['targets']]"))
                targets = (lab_harness.board_actions(root, lab_harness.SVG_TARGETS)
                           or lab_harness.board_actions(root, lab_harness.BOARD_TARGETS))
                targets.sort(key=lambda ta: first.get(ta[1]) != ta[0])
                if targets:
                    target, action = targets[0]
                    self.positions[var] = (step, target, action)
                    kernel.run(f"_probes[{var!r}] = _Probe({var}, 'act')")
                    return
            kernel.run(f"_dw_play({var}, 1)")
        raise RuntimeError(f"{var}: no board action for seat 0 in 100 decisions")

    def pause(self) -> None:
        time.sleep(self.gap)

    def click(self, var: str) -> dict:
        """Click game ``var``'s chosen action and time it; then take it back in the kernel."""
        step, target, action = self.positions[var]
        root = self.roots[var]
        el = root.locator(f'.dw-board-wrap [data-target="{target}"][data-action-id="{action}"]').first
        try:
            el.element_handle(timeout=10_000)  # the board binds it once the position is drawn
        except Exception as e:  # Playwright's TimeoutError: say what the board offers
            offered = lab_harness.board_actions(root, lab_harness.BOARD_TARGETS)
            raise RuntimeError(f"{var} at step {step}: no board element {target!r} bound to {action!r} "
                               f"(the board offers {offered})") from e
        m = self._timed_click(root, el, ".dw-timeline-range", str(step))
        if m is None:
            raise RuntimeError(f"{var}: the page did not show a new step within 10 s of clicking {action!r}")
        self.kernel.run(f"{var}.goto({step})")
        self.page.wait_for_function(SHOWS_STEP_JS, arg=[root.element_handle(), step])
        return m

    def echo(self) -> dict:
        self.pause()
        self.pings += 1
        return self.page.evaluate(ECHO_JS, self.pings)

    def echo_click(self) -> dict:
        """Click the clicked echo's button as a game's action is clicked, and time it to its answer shown."""
        before = self.echo_root.locator(".dw-echo-pong").text_content()
        m = self._timed_click(self.echo_root, self.echo_button, ".dw-echo-pong", before)
        if m is None:
            raise RuntimeError("the clicked echo showed no answer within 10 s")
        return m

    def _timed_click(self, root, el, selector: str, before: str) -> dict | None:
        """Click ``el`` in widget ``root`` as a person does and time it until ``root``'s element ``selector``
        shows something other than ``before`` (``None`` after 10 s): its cell made the active cell, the
        pointer resting on it for the pause before the press (the preview hovering draws is not timed)."""
        self.page.evaluate(PREPARE_CLICK_JS, el.element_handle())
        el.hover()
        self.pause()
        self.page.evaluate(ARM_CLICK_JS, [root.element_handle(), selector, before])
        el.click()
        return self.page.evaluate("() => window.__dwClick")

    def bare(self) -> dict:
        self.pause()
        return self.page.evaluate(BARE_JS, None)

    def check_clicks(self) -> None:
        """Every click reached Python as the chosen action, and Python refused none."""
        for var, (_step, _target, action) in self.positions.items():
            ids = self.kernel.eval(f"[r['id'] for r in _probes[{var!r}].rows]")
            error = self.kernel.eval(f"{var}.last_error")
            if set(ids) != {action} or error:
                raise RuntimeError(f"{var}: clicked {action!r}, Python received {sorted(set(ids))} ({error!r})")


def kernel_samples(kernel, rounds: int) -> dict[str, dict[str, list[dict]]]:
    """The probes' rows of the timed rounds, per game: its clicks, and the echoes made beside them."""
    # each echo probe has one row per game and round, the warm-up round's first
    echoes = {kind: kernel.eval(f"_probes[{kind!r}].rows")[len(GAMES):] for kind in ("echo", "echo_click")}
    out = {}
    for g, (var, _cls, _args) in enumerate(GAMES):
        out[var] = {"click": kernel.eval(f"_probes[{var!r}].rows")[1:],
                    **{kind: [rows[r * len(GAMES) + g] for r in range(rounds)] for kind, rows in echoes.items()}}
    return out


def run_rounds(bench: Bench, rounds: int) -> dict[str, dict[str, list[dict]]]:
    """``rounds`` rounds; in each, per game, a click, an echo, a clicked echo and a bare round trip, in an
    order that rotates with the round (so each kind follows each other kind as often)."""
    kinds = ["click", "echo", "echo_click", "bare"]
    samples = {var: {kind: [] for kind in kinds} for var, _c, _a in GAMES}
    for r in range(rounds):
        for g, (var, _cls, _args) in enumerate(GAMES):
            k = (r + g) % len(kinds)
            for kind in kinds[k:] + kinds[:k]:
                m = bench.click(var) if kind == "click" else getattr(bench, kind)()
                samples[var][kind].append(m)
    return samples


def trace_clicks(bench: Bench, browser, click: Callable[[], dict], clicks: int) -> tuple[list, list, list]:
    """Chrome's trace over ``clicks`` calls of ``click`` (a game's click, or the clicked echo's), the page's
    main thread from each click to its painted frame, in ms per click: self time by trace event
    ``[(name, ms)]`` and JavaScript time by function (:func:`_js_samples`), largest first."""
    browser.start_tracing(page=bench.page, categories=[
        "devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "blink", "toplevel",
        "disabled-by-default-v8.cpu_profiler"])
    for _ in range(clicks):
        click()
    events = json.loads(browser.stop_tracing())["traceEvents"]
    marks = sorted((e["ts"], e["args"]["data"]["message"], e["pid"], e["tid"]) for e in events
                   if e.get("name") == "TimeStamp" and str(e["args"].get("data", {}).get("message", "")).startswith("dw-"))
    windows = [(a[0], b[0]) for a, b in itertools.pairwise(marks) if a[1] == "dw-start" and b[1] == "dw-end"]
    main = (marks[0][2], marks[0][3])
    n = max(1, len(windows))
    return _self_times(events, main, windows, n), *_js_samples(events, main[0], windows, n)


def _self_times(events: list, main: tuple, windows: list, n: int) -> list[tuple[str, float]]:
    """Self time (ms per window) of the complete trace events on thread ``main`` inside ``windows``."""
    spans = sorted((e["ts"], -(e["ts"] + e["dur"]), e["name"]) for e in events
                    if e.get("ph") == "X" and "dur" in e and (e["pid"], e["tid"]) == main)
    self_us: dict[str, float] = {}

    def close(frame: list) -> None:
        begin, end, name, child = frame
        self_us[name] = self_us.get(name, 0.0) + (end - begin) - child

    for lo, hi in windows:
        stack: list[list] = []  # [begin, end, name, time of children]
        for a, neg_b, name in spans:
            a, b = max(a, lo), min(-neg_b, hi)
            if a >= b:
                continue
            while stack and stack[-1][1] <= a:
                close(stack.pop())
            if stack:
                stack[-1][3] += b - a
            stack.append([a, b, name, 0.0])
        while stack:
            close(stack.pop())
    return sorted(((name, us / 1000 / n) for name, us in self_us.items()), key=lambda kv: -kv[1])


def _js_samples(events: list, pid: int, windows: list, n: int) -> tuple[list, list]:
    """JavaScript time by function (ms per window) from the sampling profiler's samples in the trace that
    fall inside ``windows``: ``([(function, self ms, with callees ms)], [(function, with callees ms)])``,
    largest first; a function of the widget's bundle shows as ``name bundle:line``."""
    starts = {e["id"]: e["args"]["data"]["startTime"] for e in events if e.get("name") == "Profile" and e["pid"] == pid}
    names: dict = {}
    parents: dict = {}
    clock = dict(starts)
    self_ms: dict[str, float] = {}
    total_ms: dict[str, float] = {}
    for e in sorted((e for e in events if e.get("name") == "ProfileChunk" and e["pid"] == pid), key=lambda e: e["ts"]):
        data = e["args"]["data"]
        profile = data.get("cpuProfile", {})
        for node in profile.get("nodes", []):
            frame = node["callFrame"]
            url = frame.get("url", "")
            where = "bundle" if url.startswith("blob:") else (url.rsplit("/", 1)[-1].split("?")[0][:20] or "-")
            names[(e["id"], node["id"])] = f"{frame.get('functionName') or '(anonymous)'} {where}:{frame.get('lineNumber', -1) + 1}"
            parents[(e["id"], node["id"])] = (e["id"], node.get("parent"))
        t = clock.get(e["id"], 0)
        for node_id, dt in zip(profile.get("samples", []), data.get("timeDeltas", [])):
            t += dt
            if not any(lo <= t <= hi for lo, hi in windows):
                continue
            key, seen = (e["id"], node_id), set()
            while key in names:  # the sample's own function, then its callers
                name = names[key]
                if not seen:
                    self_ms[name] = self_ms.get(name, 0.0) + dt / 1000 / n
                if name not in seen:
                    seen.add(name)
                    total_ms[name] = total_ms.get(name, 0.0) + dt / 1000 / n
                key = parents[key]
        clock[e["id"]] = t
    by_self = sorted(((k, v, total_ms[k]) for k, v in self_ms.items() if k.split()[0] != "(idle)"), key=lambda kv: -kv[1])
    return by_self, sorted(total_ms.items(), key=lambda kv: -kv[1])


def _median_q25(xs: list[float]) -> str:
    return f"{statistics.median(xs):6.1f} ({quantile(xs, 0.25):5.1f})"


def _ratio(a: list[float], b: list[float]) -> str:
    return f"{statistics.median(a) / statistics.median(b):5.2f} ({quantile(a, 0.25) / quantile(b, 0.25):4.2f})"


def print_latencies(samples: dict) -> None:
    """The click, echo and bare round trip per game, to the DOM and to the painted frame, and the ratios."""
    for end, title in (("t1", "to the DOM (click: the page shows the new step; echo: change:pong; clicked echo: the "
                              "page shows pong; bare: the reply)"),
                       ("t2", "to the next painted frame after that")):
        print(f"{title}: medians in ms (25th percentiles in brackets)")
        print(f"{'game':12} {'click':>15} {'echo':>15} {'echo, clicked':>15} {'bare':>15} {'click/echo':>12} "
              f"{'click/clicked':>13} {'click/bare':>12}")
        for var, kinds in samples.items():
            ms = {k: [m[end] - m["t0"] for m in xs] for k, xs in kinds.items()}
            print(f"{var:12} {_median_q25(ms['click']):>15} {_median_q25(ms['echo']):>15} "
                  f"{_median_q25(ms['echo_click']):>15} {_median_q25(ms['bare']):>15} "
                  f"{_ratio(ms['click'], ms['echo']):>12} {_ratio(ms['click'], ms['echo_click']):>13} "
                  f"{_ratio(ms['click'], ms['bare']):>12}")
        print()


def print_phases(samples: dict, kernel_rows: dict) -> None:
    """Where the time of each kind goes, from the websocket log and the kernel's probes (medians)."""
    print("where the time goes (medians, ms): in the page before the message leaves | from there until the "
          "kernel takes it up (the server, the kernel's queue) | in the kernel's comm handler (the widget's "
          "code, its answer sent) | from the answer's making to the page's main thread | the page from "
          "there to the DOM | from there to the next painted frame | bytes of the answer on the websocket")
    columns = [("page", "before_send"), ("to kernel", "k_wait"), ("kernel", "k_handle"), ("to page", "back"),
               ("front end", "front_end"), ("to paint", "to_paint")]
    print(f"{'':20} " + " ".join(f"{title:>9}" for title, _key in columns) + f" {'bytes':>6}")
    reply = {"click": ("comm_msg",), "echo": ("comm_msg",), "echo_click": ("comm_msg",), "bare": ("execute_reply", "status")}
    for var, kinds in samples.items():
        for kind, ms in kinds.items():
            rows = [split(m, reply[kind]) for m in ms]
            for row, k in zip(rows, kernel_rows[var].get(kind, [{}] * len(rows))):
                row.update({f"k_{name}": value * 1000 for name, value in k.items() if name in ("wait", "handle")})
            cells = []
            for _title, key in columns:
                xs = [r[key] for r in rows if key in r]
                cells.append(f"{statistics.median(xs):>9.1f}" if xs else f"{'-':>9}")
            size = statistics.median(r.get("ws_bytes", 0) for r in rows)
            print(f"{var + ' ' + kind:20} " + " ".join(cells) + f" {size:>6.0f}")


def print_kernel_share(kernel_rows: dict, positions: dict) -> None:
    """What the kernel does with a click (medians)."""
    print("\nthe kernel's share of a click (medians, ms): the comm handler | w.act in it | game.apply in that | "
          "w.send | bytes of the sync message")
    for var, kinds in kernel_rows.items():
        rows = kinds["click"]
        med = {k: statistics.median(r.get(k, 0) for r in rows) for k in ("handle", "act", "apply", "send", "bytes")}
        deflated = sum(r.get("deflated", False) for r in rows)
        step, _target, action = positions[var]
        print(f"{var:12} handler {med['handle'] * 1000:5.2f}  act {med['act'] * 1000:5.2f}  apply "
              f"{med['apply'] * 1000:5.2f}  send {med['send'] * 1000:5.2f}  {med['bytes']:6.0f} B"
              f"{' deflated' if deflated else ''}   action {action!r} at step {step}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clicks", type=int, default=30, help="samples of each kind per game (default 30)")
    ap.add_argument("--gap", type=float, default=0.1, help="seconds of pause before each measurement")
    ap.add_argument("--decisions", type=int, default=12, help="decisions played before the clicked position")
    ap.add_argument("--bundles", type=Path, default=None, metavar="DIR",
                    help="use the front ends built in DIR (emerald.js, ...) instead of the package's, to time a change")
    ap.add_argument("--reduced-motion", action="store_true",
                    help="emulate prefers-reduced-motion: reduce")
    ap.add_argument("--profile", type=int, default=0, metavar="N",
                    help="then trace N more clicks of each game in Chrome and print where the page's time goes")
    args = ap.parse_args(argv)
    missing = lab_harness.missing_browser_tools()
    if missing:
        sys.exit(f"bench_latency needs a browser: {missing}")

    cells = [SETUP_PY]
    if args.bundles:
        cells.append("import pathlib\n" + "".join(
            f"dragonwidgets.{cls}._esm = (pathlib.Path({str(args.bundles.resolve())!r}) / "
            f"(dragonwidgets.{cls}.GAME + '.js')).read_text()\n"
            for _var, cls, _a in GAMES))
    cells += [f"{var} = dragonwidgets.{cls}({a}, playing=False)\n{var}" for var, cls, a in GAMES]
    cells.append("echo = Echo()\necho")
    cells.append("echo_click = Echo(clicked=True)\necho_click")
    modules = game_bundles(args.bundles)  # read now: a build during the run would shift the lines
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    t_start = time.perf_counter()
    with lab_harness.LabServer(notebooks=None, extra={NOTEBOOK: lab_harness.notebook_json(*cells)}) as lab, \
            lab_harness.browser_session() as browser:
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        if args.reduced_motion:
            page.emulate_media(reduced_motion="reduce")
        page.add_init_script(WS_LOG_JS)
        nb = lab_harness.open_notebook(page, lab, NOTEBOOK)
        bench = Bench(nb, args.gap)
        for var, _cls, _args in GAMES:
            bench.prepare(var, args.decisions)
        run_rounds(bench, 1)  # warm-up, discarded
        samples = run_rounds(bench, args.clicks)
        bench.check_clicks()
        kernel_rows = kernel_samples(nb.kernel, args.clicks)
        profiles = {}
        if args.profile:
            for var, _cls, _args in GAMES:
                profiles[var] = trace_clicks(bench, browser, lambda var=var: bench.click(var), args.profile)
            profiles["echo, clicked"] = trace_clicks(bench, browser, bench.echo_click, args.profile)
        versions = page.evaluate("() => navigator.userAgent.match(/Chrome\\/[\\d.]+/)?.[0]")
        nb.close()
    elapsed = time.perf_counter() - t_start
    load += "; at the end " + ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"Click-to-update in JupyterLab, {versions}; {args.clicks} samples of each kind per game after a "
          f"warm-up round, {args.gap * 1000:.0f} ms pause before each"
          f"{', reduced motion' if args.reduced_motion else ''}"
          f"{', front ends from ' + str(args.bundles) if args.bundles else ''}; "
          f"load average at the start {load}; {elapsed:.0f} s in all\n")
    print_latencies(samples)
    print_phases(samples, kernel_rows)
    print_kernel_share(kernel_rows, bench.positions)
    print_profiles(profiles, args.profile, modules)


def bundle_modules(path: Path) -> list[tuple[int, str]]:
    """``[(first line, source module)]`` of an esbuild bundle (it marks each module with ``// js/...``)."""
    lines = path.read_text().splitlines() if path.is_file() else []
    return [(i + 1, line[3:].removeprefix("js/")) for i, line in enumerate(lines) if line.startswith("// js/")]


def in_module(name: str, modules: list[tuple[int, str]]) -> str:
    """``update bundle:535`` -> ``update shared/log.js`` (the module of the bundle's line)."""
    fn, _, where = name.rpartition(" ")
    if not where.startswith("bundle:") or not modules:
        return name
    line = int(where.split(":")[1])
    return f"{fn} {max((m for m in modules if m[0] <= line), default=(0, where))[1]}"


def game_bundles(bundles: Path | None) -> dict[str, list[tuple[int, str]]]:
    """Per game, the modules of the front end it is shown with (:func:`bundle_modules`)."""
    import dragonwidgets

    folder = bundles or Path(dragonwidgets.__file__).parent / "static"
    return {var: bundle_modules(folder / f"{getattr(dragonwidgets, cls).GAME}.js") for var, cls, _a in GAMES}


def print_profiles(profiles: dict, clicks: int, modules: dict[str, list[tuple[int, str]]]) -> None:
    """Print :func:`trace_clicks`' figures per game."""
    for var, (trace, js_self, js_total) in profiles.items():
        mods = modules.get(var, [])
        print(f"\n{var}: the page's main thread from the click to the painted frame, {clicks} clicks "
              "(Chrome's trace), ms per click")
        print("  trace events, self time: " + ", ".join(f"{name} {ms:.1f}" for name, ms in trace[:12]))
        print("  JavaScript, self time: " + ", ".join(
            f"{in_module(name, mods)} {ms:.1f}" for name, ms, _t in js_self[:12]))
        print("  JavaScript, with callees: " + ", ".join(
            f"{in_module(name, mods)} {ms:.1f}" for name, ms in js_total[:25]))


if __name__ == "__main__":
    main()
