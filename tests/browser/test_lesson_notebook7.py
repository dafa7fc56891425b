"""A lesson taken with ``lesson.widget()`` in Notebook 7 (issue 28 item 4), driven in chromium.

Notebook 7 is the ``notebook`` package's front end, served by the same jupyter_server as JupyterLab: the
harness's :class:`lab_harness.LabServer` serves it at ``/notebooks/<path>`` once ``notebook`` is installed
(a ``test`` extra). This module starts its own server so that Notebook 7 exposes ``window.jupyterapp`` (its
``JupyterNotebookApp.expose_app_in_browser``, set in the server's temporary config), then checks what
tests/browser/test_lesson_lab.py checks in JupyterLab: the lesson panel shows chapter 1 of 3, a wrong move
clicked on the board shows its feedback and leaves the kernel's run where it was, Hint shows a hint, the right
move advances (the kernel's ``w.step`` agrees). Screenshots go to ``$DW_SCREENSHOTS`` (default: the test's
temp folder).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import lab_harness as lh
import pytest
from lesson_sample import LESSON_WIDGET_PY, wait_lesson_text

pytestmark = pytest.mark.browser

NOTEBOOK = "lesson_notebook7_test.ipynb"

# In the Notebook 7 page: wait for the app and the notebook's kernel, then run all cells.
_RUN_ALL_JS = """
async () => {
  const app = window.jupyterapp;
  await app.started;
  await app.restored;
  let panel = app.shell.currentWidget;
  const t0 = Date.now();
  while (!(panel && panel.sessionContext) && Date.now() - t0 < 60000) {
    await new Promise(r => setTimeout(r, 50));
    panel = app.shell.currentWidget;
  }
  await panel.context.ready;
  await panel.sessionContext.ready;
  const kernel = panel.sessionContext.session.kernel;
  while (kernel.status !== 'idle' && Date.now() - t0 < 60000) {
    await new Promise(r => setTimeout(r, 50));
  }
  await app.commands.execute('notebook:run-all-cells');
  return {id: panel.id, kernel: kernel.id, status: kernel.status};
}
"""


class Notebook7Server(lh.LabServer):
    """The harness's server, with Notebook 7 exposing ``window.jupyterapp`` to the page."""

    def start(self) -> Notebook7Server:
        self.config_dir.mkdir(parents=True, exist_ok=True)
        (self.config_dir / "jupyter_server_config.json").write_text(
            json.dumps({"JupyterNotebookApp": {"expose_app_in_browser": True}}))
        super().start()
        return self

    def notebook_url(self, path: str) -> str:
        """Return the URL of the Notebook 7 page of the notebook at ``path``, with the token."""
        return f"{self.url}/notebooks/{path}?token={self.token}"


@pytest.fixture(scope="module")
def nb7() -> Iterator[Notebook7Server]:
    """A server with Notebook 7 over an empty root holding the lesson notebook."""
    missing = lh.missing_browser_tools()
    if missing:
        pytest.fail(f"browser tests cannot run: {missing}", pytrace=False)
    server = Notebook7Server(notebooks=None).start()
    server.write_notebook(NOTEBOOK, LESSON_WIDGET_PY)
    try:
        yield server
    finally:
        server.stop()


def _open_in_notebook7(page: Any, server: Notebook7Server, path: str, timeout: float = 90) -> lh.OpenNotebook:
    """Open ``path`` in Notebook 7, run all its cells and wait for them (raises ``RuntimeError``)."""
    page.set_default_timeout(timeout * 1000)
    page.goto(server.notebook_url(path), wait_until="domcontentloaded")
    page.wait_for_function("() => window.jupyterapp !== undefined")
    assert page.evaluate("() => window.jupyterapp.name") == "Jupyter Notebook"
    info = page.evaluate(_RUN_ALL_JS)
    lh.wait_for_cells(page, path, timeout)
    return lh.OpenNotebook(page, server, path, info["id"])


def test_a_lesson_is_taken_in_notebook7_by_clicking_the_board(nb7: Notebook7Server, page: Any,
                                                              tmp_path: Path) -> None:
    nb = _open_in_notebook7(page, nb7, NOTEBOOK)
    try:
        assert "/notebooks/" in page.url
        root = nb.widget("w")
        root.locator(".dw-lesson .dw-lesson-progress").wait_for(timeout=30_000)
        assert root.locator(".dw-lesson .dw-lesson-progress").inner_text().startswith("Chapter 1 of 3")
        assert "Move the black knight of tower T1." in root.locator(".dw-lesson-comment").inner_text()

        root.locator('[data-action-id="move T3 black"]').first.click()
        wait_lesson_text(root, ".dw-lesson-feedback", "Not this one.")
        assert nb.kernel.eval("w.lesson['feedback']['kind']") == "wrong" and nb.kernel.eval("w.step") == 0
        root.locator(".dw-lesson-hint").click()
        wait_lesson_text(root, ".dw-lesson-hints", "Play: Move a black knight from T1")
        shots = Path(os.environ.get("DW_SCREENSHOTS", tmp_path))
        shots.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(shots / "lesson_notebook7_wrong_and_hint.png"))

        root.locator('[data-action-id="move T1 black"]').first.click()
        wait_lesson_text(root, ".dw-lesson-comment", "And a second one, from T2.")
        assert root.locator(".dw-lesson-feedback").inner_text().startswith("Right.")
        assert nb.kernel.eval("w.step") == 1
        root.locator('[data-action-id="move T2 black"]').first.click()
        wait_lesson_text(root, ".dw-lesson-progress", "Chapter 2 of 3")
        assert nb.kernel.eval("w.last_error") == ""
    finally:
        nb.close()
