"""Render a built bundle with a fake anywidget model in Debian's chromium and save screenshots.

Development aid (not shipped, not a test): `npm run build`, then
    python js/dev/harness.py [--states start,pay_or_lose] [--out /tmp/dw-shots] [--width 1100]
renders each state of tests/js/fixtures/<bundle>.json (--bundle, default emerald; --states all) in
JupyterLab's light and dark theme colours; --axe also runs axe-core on each and fails on serious violations.
The page is served from memory with page.route (a file:// page cannot import ES modules).
"""

from __future__ import annotations

import argparse
import json
import pathlib

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "js" / "fixtures"  # <bundle>.json
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]

#: JupyterLab 4's own theme variables (themes/@jupyterlab/theme-*-extension/index.css).
THEMES = {
    "light": """
      --jp-layout-color0: #fff; --jp-layout-color1: #fff; --jp-layout-color2: #eee;
      --jp-ui-font-color1: rgba(0,0,0,0.87); --jp-ui-font-color2: rgba(0,0,0,0.54);
      --jp-ui-inverse-font-color1: #fff; --jp-border-color1: #bdbdbd; --jp-brand-color1: #1976d2;
      --jp-error-color1: #d32f2f; background: #fff; color: rgba(0,0,0,0.87);""",
    "dark": """
      --jp-layout-color0: #111; --jp-layout-color1: #212121; --jp-layout-color2: #424242;
      --jp-ui-font-color1: rgba(255,255,255,0.87); --jp-ui-font-color2: rgba(255,255,255,0.54);
      --jp-ui-inverse-font-color1: rgba(0,0,0,0.8); --jp-border-color1: #616161; --jp-brand-color1: #2196f3;
      --jp-error-color1: #f44336; background: #111; color: rgba(255,255,255,0.87);""",
}

PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
body {{ margin: 0; padding: 16px; font-family: system-ui, sans-serif; {theme} }}
#out {{ width: {width}px; }}
</style></head><body><div id="out"></div>
<script type="module">
import widget from "/static/{bundle}.js";
const state = {state};
const handlers = {{}};
window.__sent = [];
const model = {{
  get: (k) => state[k],
  set: (k, v) => {{ state[k] = v; }},
  on: (e, cb) => {{ (handlers[e] ||= []).push(cb); }},
  off: (e, cb) => {{ handlers[e] = (handlers[e] || []).filter((f) => cb && f !== cb); }},
  save_changes: () => {{}},
  send: (msg) => window.__sent.push(msg),
}};
window.__cleanup = widget.render({{ model, el: document.getElementById("out") }});
window.__ready = true;
</script></body></html>"""


#: Run axe on the widget; return its serious or critical violations as readable lines.
AXE_JS = """async () => {
  const d = document.querySelector('.dw-inspector'); if (d) d.open = true;
  const r = await axe.run({include: [['.dw-root']]}, {resultTypes: ['violations']});
  return r.violations.filter(v => ['serious', 'critical'].includes(v.impact))
    .flatMap(v => v.nodes.map(n => `${v.id}: ${n.target.join(' ')}: ${(n.failureSummary || '').split('\\n').pop().trim()}`));
}"""


def shoot(page, bundle: str, state: dict, theme: str, width: int, path: pathlib.Path, hover: str | None,
          clip: str | None = None, axe: list[str] | None = None) -> None:
    html = PAGE.format(theme=THEMES[theme], width=width, bundle=bundle, state=json.dumps(state))
    page.route("http://dw.test/", lambda route: route.fulfill(body=html, content_type="text/html"))
    page.route("http://dw.test/static/*", lambda route: route.fulfill(
        path=str(ROOT / "dragonwidgets" / "static" / route.request.url.rsplit("/", 1)[1]),
        content_type="text/javascript"))
    page.goto("http://dw.test/")
    page.wait_for_function("window.__ready === true")
    if hover:
        page.hover(hover)
    if clip:
        page.locator(clip).first.screenshot(path=str(path))
    else:
        page.screenshot(path=str(path), full_page=True)
    if axe is not None:
        page.add_script_tag(path=str(ROOT / "node_modules" / "axe-core" / "axe.min.js"))
        axe.extend(f"axe {path.stem}: {line}" for line in page.evaluate(AXE_JS))
    page.unroute("**/*")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--states", default="start,pay_or_lose_seat,take_card_4p,mid_5p")
    ap.add_argument("--themes", default="light,dark")
    ap.add_argument("--out", default="/tmp/dw-shots")
    ap.add_argument("--width", type=int, default=1100)
    ap.add_argument("--hover", default=None, help="CSS selector to hover before the screenshot")
    ap.add_argument("--bundle", default="emerald")
    ap.add_argument("--scale", type=float, default=1, help="device scale factor (2 to inspect details)")
    ap.add_argument("--clip", default=None, help="CSS selector to screenshot instead of the page")
    ap.add_argument("--axe", action="store_true",
                    help="also run axe-core (node_modules) on each render, state inspector open; fail on serious violations")
    args = ap.parse_args()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    states = json.loads((FIXTURES / f"{args.bundle}.json").read_text())
    board = states.pop("_board", None)  # Draghan's fixtures store the board once
    if board is not None:
        states = {name: {**state, "board": board} for name, state in states.items()}
    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
        page = browser.new_page(viewport={"width": args.width + 40, "height": 900}, device_scale_factor=args.scale)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        for name in (states if args.states == "all" else args.states.split(",")):
            for theme in args.themes.split(","):
                path = out / f"{args.bundle}-{name}-{theme}.png"
                shoot(page, args.bundle, states[name], theme, args.width, path, args.hover, args.clip,
                      axe=errors if args.axe else None)
                print(path)
        browser.close()
    if errors:
        raise SystemExit("page errors or serious axe violations:\n" + "\n".join(errors))


if __name__ == "__main__":
    main()
