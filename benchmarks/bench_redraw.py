"""The front end's own cost of showing a new step: script time and style + layout per step, in chromium.

A click's round trip (``bench_latency.py``) mixes the page, the server, the kernel and the machine's load;
this measures the page's part alone, so that two builds of the front ends compare on a busy machine. Each
game plays one seeded random game (every seat random, the teacher's view: the fullest picture) and is
exported as a page (``dragonwidgets.to_html``: the same game bundle and shell as the widget, on a model that
replays the recorded steps). In Debian's chromium the page is stepped forward one step at a time; for each
step ``k`` it is shown at ``k - 1`` and, after a painted frame, moved to ``k`` three times, and the least
disturbed of the three is kept (other processes only ever slow a step down):

- **script**: from setting the traits of step ``k`` on the model (``model.send({kind: "goto", step: k})``,
  which fires the ``change:`` events the widget's sync message fires) until the shell's redraw has run (the
  microtask it is queued in): the board, actions, timeline, log, seats and status, as after a click;
- **style + layout**: then reading ``document.body.offsetHeight``, which makes the browser restyle and lay
  out what changed (the painting that follows is not timed).

It prints per game the median and 25th percentile over the steps. ``--bundles DIR`` measures the bundles
built in ``DIR`` too (e.g. an earlier commit's: ``git archive <commit> js package.json | tar -x -C /tmp/old``,
then esbuild as in ``package.json`` with ``--outdir=/tmp/old/static``), in the same run and on the same
games, and prints the ratio of the medians (theirs over this checkout's). It never asserts a time.

    python benchmarks/bench_redraw.py [--steps 80] [--seed 5] [--bundles DIR]
"""

from __future__ import annotations

import argparse
import pathlib
import random
import statistics
import sys
import tempfile
from contextlib import contextmanager

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import dragonwidgets  # noqa: E402
from dragonwidgets.widgets import page as page_module  # noqa: E402

GAMES = [("emerald", 3), ("drachenland", 3), ("chasse_au_dragon", 3), ("draghan", 2)]

#: Step the page from 1 to n; per step the least disturbed of three moves from k - 1 to k: [script, layout] ms.
STEP_JS = """async (n) => {
  const {model} = window.dragonwidgetsPage;
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const out = [];
  for (let k = 1; k <= n; k++) {
    let best = [Infinity, Infinity];
    for (let rep = 0; rep < 3; rep++) {
      model.send({kind: "goto", step: k - 1});
      await frame();
      const t0 = performance.now();
      model.send({kind: "goto", step: k});
      await Promise.resolve();
      const t1 = performance.now();
      document.body.offsetHeight;
      const t2 = performance.now();
      best = [Math.min(best[0], t1 - t0), Math.min(best[1], t2 - t1)];
      await frame();
    }
    out.push(best);
  }
  return out;
}"""


@contextmanager
def bundles_from(directory: pathlib.Path | None):
    """Export pages with the game bundles of ``directory`` (None: this checkout's)."""
    saved = page_module.STATIC
    if directory is not None:
        page_module.STATIC = directory
    try:
        yield
    finally:
        page_module.STATIC = saved


def export(name: str, players: int, seed: int, steps: int, out: pathlib.Path) -> tuple[pathlib.Path, int]:
    """One seeded random game of ``name`` as a teacher's page; returns the page and the steps to time."""
    game = dragonwidgets.new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over and game.step < steps:
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    shown = game.history_length
    game.goto(0)
    return dragonwidgets.to_html(game, out, viewer="teacher"), shown


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--steps", type=int, default=80, help="steps timed per game (fewer if the game ends first)")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--bundles", type=pathlib.Path, default=None, metavar="DIR",
                    help="also time the game bundles built in DIR (side by side)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    tmp = pathlib.Path(tempfile.mkdtemp(prefix="dw-redraw-"))
    builds = [("this checkout", None)] + ([(str(args.bundles), args.bundles.resolve())] if args.bundles else [])
    pages = {}
    for label, directory in builds:
        with bundles_from(directory):
            for g, (name, players) in enumerate(GAMES):
                pages[label, name] = export(name, players, args.seed, args.steps, tmp / f"{g}-{len(pages)}.html")
    print(f"Script and style + layout per step, teacher's view, the least disturbed of 3 per step; "
          f"seed {args.seed}, up to {args.steps} steps per game")
    header = f"{'game':18s} {'build':28s} {'script ms':>18s} {'style+layout ms':>18s}"
    print(header + ("   script ratio" if args.bundles else ""))
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1300, "height": 1000})
        for name, _players in GAMES:
            medians = {}
            for label, _directory in builds:
                path, steps = pages[label, name]
                page.goto(path.as_uri())
                page.wait_for_function("() => window.dragonwidgetsPage")
                rows = page.evaluate(STEP_JS, steps)
                script, layout = [r[0] for r in rows], [r[1] for r in rows]
                medians[label] = statistics.median(script)
                q = (lambda xs: statistics.quantiles(xs, n=4)[0])
                print(f"{name:18s} {label[-28:]:28s} {medians[label]:8.2f} (p25 {q(script):5.2f})"
                      f" {statistics.median(layout):8.2f} (p25 {q(layout):5.2f})", end="")
                print(f"   {medians[label] / medians['this checkout']:6.2f}x" if label != "this checkout" else "")
        browser.close()


if __name__ == "__main__":
    main()
