"""Smoke test of an installed dragonwidgets release (issue 30, item 1), run by tools/smoke_wheel.sh.

Run it with the Python of a clean virtual environment that installed the wheel or the sdist, from a folder
outside the repository (so that ``import dragonwidgets`` finds the installed package, not the sources), on
a ``PATH`` without Node.js. It checks, and fails with a message naming what is wrong:

- Node.js and npm are not on ``PATH`` and the package is imported from the environment's site-packages;
- ``dragonwidgets.__version__`` equals the installed metadata's version, and ``py.typed`` is installed;
- each of the four game widgets plays a two-seat game to its end with the game's own bots (``bot_step``);
- each widget's state carries its built bundle as ``_esm`` (the file in ``dragonwidgets/static/``, not the
  stub module a missing bundle gets; ``GameWidget`` too), and its display data names its model and holds
  the board's picture;
- ``to_html`` writes a page per game (seat 0's view) holding that game's bundle and the page script.

Usage: ``python smoke_wheel.py OUT_DIR`` (the pages are written to OUT_DIR). Exit status 0 when every check
passes; prints one line per game and the seconds from the start to the first widget's display data.
"""

from __future__ import annotations

import base64
import importlib.metadata
import pathlib
import re
import shutil
import sys
import sysconfig
import time
import zlib

START = time.perf_counter()

#: Each game's widget class and the bot that plays its seats (the game's own quick bot).
GAMES = {
    "emerald": ("EmeraldWidget", "greedy"),
    "drachenland": ("DrachenlandWidget", "greedy"),
    "chasse_au_dragon": ("ChasseAuDragonWidget", "greedy"),
    "draghan": ("DraghanWidget", "planner"),
}
MAX_STEPS = 5000  # the bots' games end in a few hundred steps; this only stops a loop that never would
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def check(condition: bool, message: str) -> None:
    if not condition:
        raise SystemExit(f"smoke test FAILED: {message}")


def check_environment() -> pathlib.Path:
    """Return the installed package's folder after checking it is the installed one and Node is absent."""
    check(shutil.which("node") is None and shutil.which("npm") is None,
          f"node or npm is on PATH ({shutil.which('node')}, {shutil.which('npm')}); run from smoke_wheel.sh")
    import dragonwidgets

    package = pathlib.Path(dragonwidgets.__file__).resolve().parent
    site = pathlib.Path(sysconfig.get_paths()["purelib"]).resolve()
    check(package.parent == site, f"dragonwidgets imported from {package}, not from {site}")
    installed = importlib.metadata.version("dragonwidgets")
    check(dragonwidgets.__version__ == installed,
          f"__version__ {dragonwidgets.__version__!r} differs from the metadata's {installed!r}")
    check((package / "py.typed").is_file(), "dragonwidgets/py.typed is not installed")
    return package


def packed_bundle(page: str) -> str:
    """The game bundle a page written by ``to_html`` carries (base64 of zlib-deflated JS)."""
    found = re.search(r'<script type="text/plain" id="dw-bundle">([^<]*)</script>', page)
    check(found is not None, "the page has no dw-bundle script")
    return zlib.decompress(base64.b64decode(found.group(1))).decode("utf-8")


def play_to_the_end(name: str, out: pathlib.Path, static: pathlib.Path, first: bool) -> str:
    """Play one game of ``name`` in its widget with bots, check its bundle, display data and page."""
    import dragonwidgets

    cls_name, bot = GAMES[name]
    widget = getattr(dragonwidgets, cls_name)(players=2, seed=1, seats=[bot, bot], playing=False)
    check((static / f"{name}.js").is_file(), f"static/{name}.js is not installed")
    bundle = (static / f"{name}.js").read_text(encoding="utf-8")
    check(len(bundle) > 10_000, f"static/{name}.js is only {len(bundle)} characters")
    check(widget.get_state()["_esm"] == bundle, f"{cls_name}._esm is not static/{name}.js (the stub?)")
    data, _ = widget._repr_mimebundle_()
    check(data.get(WIDGET_VIEW, {}).get("model_id") == widget.model_id, f"{cls_name}: no widget view in {list(data)}")
    check("data:image/svg+xml;base64," in data.get("text/html", ""), f"{cls_name}: the display data has no board picture")
    if first:
        print(f"first widget's display data {time.perf_counter() - START:.1f} s after the interpreter started")
    steps = 0
    while widget.game.current_player is not None and steps < MAX_STEPS:
        widget.bot_step()
        steps += 1
    check(widget.game.current_player is None, f"{name}: no end after {steps} bot steps")
    page_path = widget.to_html(out / f"{name}.html", viewer="0")
    page = page_path.read_text(encoding="utf-8")
    check(packed_bundle(page) == bundle, f"{name}'s page does not carry static/{name}.js")
    page_js = (static / "page.js").read_text(encoding="utf-8")
    check(page_js[:200].replace("</script", "<\\/script") in page, f"{name}'s page lacks static/page.js")
    check(not re.search(r"<(script|link)[^>]+(src|href)=\"https?:", page), f"{name}'s page loads from a network")
    return f"{name}: {steps} bot steps, {widget.status[:60]}..., page {len(page) // 1024} kB"


def check_game_widget(static: pathlib.Path) -> None:
    """``GameWidget`` (any registered game) carries the shared bundle ``static/game.js``."""
    import dragonwidgets

    widget = dragonwidgets.GameWidget(dragonwidgets.new_game("emerald", players=2, seed=1))
    check((static / "game.js").is_file(), "static/game.js is not installed")
    check(widget.get_state()["_esm"] == (static / "game.js").read_text(encoding="utf-8"),
          "GameWidget._esm is not static/game.js (the stub?)")


def main() -> None:
    out = pathlib.Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    package = check_environment()
    for i, name in enumerate(GAMES):
        print(play_to_the_end(name, out, package / "static", first=i == 0))
    check_game_widget(package / "static")
    print(f"smoke test passed: dragonwidgets {importlib.metadata.version('dragonwidgets')} from {package}")


if __name__ == "__main__":
    main()
