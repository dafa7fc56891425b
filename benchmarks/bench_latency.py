"""Click-to-update latency of the Emerald widget in real JupyterLab, against a bare kernel round trip.

Starts JupyterLab and Debian's chromium with the test harness (``tests/browser/lab_harness.py``),
opens a notebook of its own with a hot-seat game (every seat human, so every decision is a click),
and alternates, ``--clicks`` times:

- **click**: a real mouse click (Playwright) on a legal action drawn on the board (an SVG element
  with ``data-action-id``); the page records ``performance.now()`` when the click event reaches the
  widget and again when the widget's DOM shows the new step (the timeline's attribute changes), and
  at the next animation frame after it (painted). The path: click -> comm message -> kernel applies
  the action -> state update over the websocket -> redraw.
- **bare**: ``kernel.requestExecute({code: 'pass'})`` from the same page, awaited until its reply
  and idle status arrive: the jupyter_server websocket hop every widget round trip pays too.

It prints the medians (and 90th percentiles) and the ratio click / bare; it never asserts a time.
Decisions with no single board element to click (rare: several actions share one element) are
taken through the action list and counted apart.

    python benchmarks/bench_latency.py [--clicks 30] [--seed 11] [--players 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

import lab_harness  # noqa: E402

NOTEBOOK = "bench_latency.ipynb"
LIST_ACTION = ".dw-action-list [data-action-id]:not([aria-disabled='true'])"

# Arm a one-shot measurement: t0 at the click (capture phase, before the widget's own handler),
# t1 when the timeline shows another step, t2 at the following animation frame.
ARM_JS = """root => {
  const range = root.querySelector('.dw-timeline-range');
  const before = range.getAttribute('aria-valuetext');
  let t0 = null;
  window.__dwLatency = new Promise(resolve => {
    root.addEventListener('click', () => { t0 = performance.now(); }, {capture: true, once: true});
    const obs = new MutationObserver(() => {
      if (t0 === null || range.getAttribute('aria-valuetext') === before) return;
      obs.disconnect();
      const t1 = performance.now();
      requestAnimationFrame(() => resolve({dom: t1 - t0, paint: performance.now() - t0}));
    });
    obs.observe(range, {attributes: true});
  });
}"""

BARE_JS = """async () => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const t0 = performance.now();
  await kernel.requestExecute({code: 'pass', store_history: false}).done;
  return performance.now() - t0;
}"""


def quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def settle(nb, root) -> None:
    """Wait until the page shows the step Python is at and Python has a decision to click."""
    kernel = nb.kernel
    kernel.wait_for("not w.game.is_over and w.can_act")
    step = kernel.eval("w.step")
    root.page.wait_for_function(
        "([root, step]) => Number(root.querySelector('.dw-timeline-range').value) === step",
        arg=[root.element_handle(), step])


def measure_click(nb, root) -> tuple[str, dict]:
    """Click one legal action (on the board if it offers one) and return (where, timings in ms)."""
    settle(nb, root)
    clickable = lab_harness.board_actions(root)
    if clickable:
        where, target = "board", root.locator(f'.dw-board-wrap svg [data-target="{clickable[0][0]}"]')
    else:
        where, target = "list", root.locator(LIST_ACTION).first
    root.evaluate(ARM_JS)
    target.click()
    timing = root.page.evaluate("() => window.__dwLatency")
    return where, timing


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--clicks", type=int, default=30)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--warmup", type=int, default=3)
    args = ap.parse_args(argv)
    missing = lab_harness.missing_browser_tools()
    if missing:
        sys.exit(f"bench_latency needs a browser: {missing}")

    source = (
        "import dragonwidgets\n"
        f"w = dragonwidgets.EmeraldWidget(players={args.players}, seed={args.seed}, "
        f"seats=['human'] * {args.players})\n"
        "w.viewer = 'hotseat'\n"
        "w"
    )
    t_start = time.perf_counter()
    with lab_harness.LabServer(notebooks=None, extra={NOTEBOOK: lab_harness.notebook_json(source)}) as lab, \
            lab_harness.browser_session() as browser:
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        nb = lab_harness.open_notebook(page, lab, NOTEBOOK)
        root = nb.widget("w")
        clicks: dict[str, list[dict]] = {"board": [], "list": []}
        bare: list[float] = []
        for i in range(args.warmup + args.clicks):
            if nb.kernel.eval("w.game.is_over"):
                print(f"(the game ended after {i} clicks)")
                break
            rt = page.evaluate(BARE_JS)
            where, timing = measure_click(nb, root)
            if i >= args.warmup:
                bare.append(rt)
                clicks[where].append(timing)
        versions = page.evaluate("() => navigator.userAgent.match(/Chrome\\/[\\d.]+/)?.[0]")
        nb.close()
    elapsed = time.perf_counter() - t_start

    board = clicks["board"]
    print(f"Emerald widget in JupyterLab, {versions}, {args.players} seats hot-seat, seed {args.seed}; "
          f"{len(board)} board clicks + {len(clicks['list'])} list clicks, {len(bare)} bare round trips "
          f"(after {args.warmup} warm-up pairs), {elapsed:.0f} s in all\n")
    rows = [("bare requestExecute('pass')", bare)]
    for where in ("board", "list"):
        if clicks[where]:
            rows.append((f"{where} click -> DOM shows new step", [c["dom"] for c in clicks[where]]))
            rows.append((f"{where} click -> next frame painted", [c["paint"] for c in clicks[where]]))
    print(f"{'':40} {'median ms':>10} {'p90 ms':>8} {'min ms':>8} {'n':>4}")
    for name, xs in rows:
        print(f"{name:40} {statistics.median(xs):>10.1f} {quantile(xs, 0.9):>8.1f} {min(xs):>8.1f} {len(xs):>4}")
    all_clicks = [c["dom"] for c in board + clicks["list"]]
    if all_clicks and bare:
        print(f"\nratio click->DOM / bare round trip (medians): {statistics.median(all_clicks) / statistics.median(bare):.2f}")
        if board:
            print(f"ratio board click->DOM / bare (medians):      {statistics.median([c['dom'] for c in board]) / statistics.median(bare):.2f}")


if __name__ == "__main__":
    main()
