"""Take the README's screenshots: a game's widget in JupyterLab, mid-game, cropped to the widget.

    python tests/browser/take_screenshot.py [--game emerald] [--out docs/screenshot.png] [--seed 42] [--decisions 45]
    python tests/browser/take_screenshot.py --game drachenland --out docs/drachenland.png --decisions 120
    python tests/browser/take_screenshot.py --theme dark --out /tmp/emerald-dark.png

Starts JupyterLab and Debian's chromium with the test harness, runs a notebook of its own
(``w = EmeraldWidget(players=3, seed=..., seats=["human", "greedy", "greedy"])``, or the widget of ``--game``), plays a few turns
from the kernel (seat 0 takes the first legal action, the bots their own) until seat 0 must decide
again, and saves a PNG of the widget only.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import lab_harness  # noqa: E402

NOTEBOOK = "screenshot.ipynb"
WIDGETS = {"emerald": "EmeraldWidget", "drachenland": "DrachenlandWidget", "chasse_au_dragon": "ChasseAuDragonWidget",
           "draghan": "DraghanWidget"}


def bot_for(game: str) -> str:
    """The bot that plays seats 1 and 2: greedy (planner for Draghan) if the game has it, else its first bot."""
    from dragonwidgets import bot_names

    names = bot_names(game)
    return next((b for b in ("greedy", "planner") if b in names), names[0])



def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="emerald", choices=sorted(WIDGETS))
    ap.add_argument("--out", default=str(lab_harness.REPO / "docs" / "screenshot.png"))
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--decisions", type=int, default=45, help="decisions to play before the picture")
    ap.add_argument("--width", type=int, default=1280, help="browser viewport width (px)")
    ap.add_argument("--height", type=int, default=1100, help="browser viewport height (px)")
    ap.add_argument("--theme", default="light", choices=["light", "dark"], help="JupyterLab's theme")
    args = ap.parse_args(argv)
    missing = lab_harness.missing_browser_tools()
    if missing:
        sys.exit(f"take_screenshot needs a browser: {missing}")

    source = (
        "import dragonwidgets\n"
        f"w = dragonwidgets.{WIDGETS[args.game]}(players=3, seed={args.seed}, "
        f"seats=['human', {bot_for(args.game)!r}, {bot_for(args.game)!r}])\n"
        "w"
    )
    with lab_harness.LabServer(notebooks=None, extra={NOTEBOOK: lab_harness.notebook_json(source)}) as lab, \
            lab_harness.browser_session() as browser:
        page = browser.new_page(viewport={"width": args.width, "height": args.height}, device_scale_factor=1)
        nb = lab_harness.open_notebook(page, lab, NOTEBOOK)
        page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
        theme = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}[args.theme]
        page.evaluate("t => window.jupyterapp.commands.execute('apputils:change-theme', {theme: t})", theme)
        page.wait_for_function("t => document.body.dataset.jpThemeName === t", arg=theme)
        root = nb.widget("w")
        nb.kernel.run("w.pause()" if nb.kernel.eval("bool(getattr(w, 'playing', False))") else "pass")
        nb.kernel.run(lab_harness.PLAY_PY)
        nb.kernel.run(f"_dw_play(w, {args.decisions}); del _dw_play")
        step = nb.kernel.eval("w.step")
        page.wait_for_function(
            "([root, step]) => Number(root.querySelector('.dw-timeline-range').value) === step",
            arg=[root.element_handle(), step])
        page.mouse.move(0, 0)
        time.sleep(0.5)  # let transitions finish
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        root.screenshot(path=str(out), animations="disabled")
        print(f"wrote {out} at step {step}: {nb.kernel.eval('w.status')}")
        nb.close()


if __name__ == "__main__":
    main()
