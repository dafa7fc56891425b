"""Issue 27 item 11, in the browser: every way of sharing a played notebook as HTML shows each board as it
stood when the notebook was saved, offline.

- A notebook played by clicking to step 6 in JupyterLab, then saved: the live widget keeps its view (the picture
  output that follows it is hidden there), and the saved notebook exported through JupyterLab's "Save and Export
  Notebook As HTML" (the server's ``/nbconvert/html/...``) and through ``jupyter nbconvert --to html`` shows the
  board at step 6 (it showed the start, "Turn 1").
- ``jupyter nbconvert --to html --execute notebooks/emerald.ipynb`` (widget state saved: nbconvert shows the widget
  view, whose manager comes from a CDN) shows every board's picture (it showed an empty output), the one that later
  cells move on at its last step.

Each page is opened from disk in a context with the network off (every request but ``file:`` aborted and counted).
Screenshots go to ``$DW_SHOTS`` (default: pytest's tmp_path).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

import lab_harness as lh
from dragonwidgets.widgets.base import PICTURE_DELAY
from dragonwidgets.widgets.static_picture import picture_svg

pytestmark = pytest.mark.browser

SOURCE = "import dragonwidgets\nw = dragonwidgets.EmeraldWidget(players=3, seed=2026, first_player=0)\nw"
#: Per picture on the page: [decoded width, rendered height, caption, image source].
PICTURES_JS = """() => [...document.querySelectorAll('.dw-board-picture')].map(d => {
  const img = d.querySelector('img');
  return [img.naturalWidth, img.getBoundingClientRect().height, d.querySelector('p').textContent, img.src];
})"""


def _shots(tmp_path: Path) -> Path:
    out = Path(os.environ.get("DW_SHOTS") or tmp_path)
    out.mkdir(parents=True, exist_ok=True)
    return out


def _open_offline(chromium, path: Path, shot: Path):
    """Open ``path`` with the network off; return ``(pictures, requests tried)`` and save a screenshot."""
    context = chromium.new_context(viewport={"width": 1200, "height": 900}, offline=True)
    requests: list[str] = []

    def route(r):
        if r.request.url.startswith(("file:", "data:")):
            r.continue_()
        else:
            requests.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    page = context.new_page()
    try:
        page.goto(path.as_uri(), wait_until="load")
        page.wait_for_function("() => [...document.images].every(i => i.complete)")
        first = page.locator(".dw-board-picture").first
        first.scroll_into_view_if_needed()
        page.screenshot(path=str(shot))
        return page.evaluate(PICTURES_JS), requests
    finally:
        context.close()


def _svg_of(source: str) -> str | None:
    return picture_svg(f'<img alt="" src="{source}"')


def test_item11_notebook_played_to_step_6_exports_step_6_offline(lab, open_notebook, chromium, tmp_path):
    lab.write_notebook("played.ipynb", SOURCE)
    nb = open_notebook("played.ipynb")
    root = nb.widget()
    page = nb.page
    page.evaluate("(el) => { el.dataset.dwMark = 'first view'; }", root.element_handle())
    for step in range(6):
        # the page must show this step before its board is read: the kernel moves on before the page redraws
        page.wait_for_function("([r, s]) => Number(r.querySelector('.dw-timeline-range').value) === s",
                               arg=[root.element_handle(), step])
        action = lh.board_actions(root, lh.BOARD_TARGETS)[0][1]
        lh.click_action(root, nb.kernel, root.locator(f'.dw-board-wrap [data-action-id="{action}"]').first,
                        step, action, nb.kernel.eval("w.game.current_player"))
    time.sleep(PICTURE_DELAY + 0.7)
    expected = nb.kernel.eval("w.game.picture(w.view_seat)")
    assert nb.kernel.eval("w.game.step") == 6
    # live: the same view of the widget (the picture's refresh did not rebuild it), the picture output hidden
    # this notebook's panel only: other tests' notebooks stay open in the session's page
    assert page.evaluate("p => [...document.getElementById(p).querySelectorAll('.dw-root')].map(e => e.dataset.dwMark)",
                         nb.panel_id) == ["first view"]
    picture = page.locator(f"#{nb.panel_id} .dw-board-picture")
    assert picture.count() == 1 and not picture.is_visible() and root.is_visible()
    shots = _shots(tmp_path)
    page.screenshot(path=str(shots / "item11_live_jupyterlab.png"))

    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    deadline = time.monotonic() + 20
    while "step 6" not in (lab.root_dir / "played.ipynb").read_text():
        assert time.monotonic() < deadline, "the saved notebook does not hold the picture at step 6"
        time.sleep(0.2)

    # JupyterLab's File > Save and Export Notebook As > HTML: the server converts the saved file
    exported = tmp_path / "lab_export.html"
    url = f"{lab.url}/nbconvert/html/played.ipynb?download=true&token={lab.token}"
    exported.write_bytes(urllib.request.urlopen(url, timeout=60).read())
    # jupyter nbconvert --to html (no --execute) of the saved file
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", "--output-dir", str(tmp_path),
                    str(lab.root_dir / "played.ipynb")], check=True, capture_output=True, timeout=120)
    for name, html in (("lab_export", exported), ("nbconvert", tmp_path / "played.html")):
        pictures, requests = _open_offline(chromium, html, shots / f"item11_{name}_offline.png")
        assert len(pictures) == 1, name
        width, height, caption, source = pictures[0]
        assert width > 0 and height > 300, f"{name}: the picture is not drawn ({width}, {height})"
        assert "step 6" in caption, caption
        assert _svg_of(source) == expected, f"{name}: not the board at step 6"
        assert "Turn 4" in expected and "Turn 1 " not in expected


def test_item11_nbconvert_execute_of_the_emerald_notebook_shows_every_board_offline(chromium, tmp_path):
    """The issue's command, on a copy of notebooks/emerald.ipynb: every widget's picture shows offline, beside the
    widget views that need a CDN; the widget that later cells move on (``w8``) shows its last step."""
    work = tmp_path / "nb"
    work.mkdir()
    shutil.copy(lh.NOTEBOOKS / "emerald.ipynb", work / "emerald.ipynb")
    env = dict(os.environ, DRAGONWIDGETS_PROGRESS="0")
    env.pop("ANYWIDGET_HMR", None)
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", "--execute", "emerald.ipynb"],
                   cwd=work, env=env, check=True, capture_output=True, timeout=600)
    html = (work / "emerald.html").read_text(encoding="utf-8")
    assert "application/vnd.jupyter.widget-state+json" in html  # the saved state that made the output empty
    pictures, requests = _open_offline(chromium, work / "emerald.html", _shots(tmp_path) / "item11_execute_offline.png")
    assert any("unpkg.com" in u or "cdn" in u for u in requests), "the page no longer asks the CDN: test obsolete?"
    # one picture per widget the notebook shows (three games, then the lesson of its last section)
    shown = sum("application/vnd.jupyter.widget-view+json" in out.get("data", {})
                for cell in json.loads((lh.NOTEBOOKS / "emerald.ipynb").read_text(encoding="utf-8"))["cells"]
                for out in cell.get("outputs", []))
    assert shown >= 3 and len(pictures) == shown, (shown, [p[2] for p in pictures])
    for width, height, caption, source in pictures:
        assert width > 0 and height > 300, caption
        assert _svg_of(source).startswith("<svg ")
    steps = [int(p[2].split("step ")[1].split(" ")[0]) for p in pictures]
    assert steps[2] > 0, f"the last widget's picture is not refreshed after the cells that move it: {steps}"
