"""Drive real JupyterLab in Debian's chromium: start a server, open a notebook, read its kernel.

Used by the pytest fixtures in ``tests/conftest.py``, by ``tests/browser/take_screenshot.py`` and by
``benchmarks/bench_latency.py``. Plain functions and small classes, no pytest here, so a script can
use it too::

    with LabServer(notebooks_dir) as lab, browser_session() as browser:
        page = browser.new_page()
        nb = open_notebook(page, lab, "emerald.ipynb")
        nb.kernel.eval("w.game.step")

What is known to work on these machines (``../shared/recipes/browser-and-notebook-tests.md``):
Debian's chromium with the flags in :data:`CHROMIUM_ARGS` (never a browser download); JupyterLab on
127.0.0.1 with a fixed token, temporary config and runtime dirs and the announcements popup disabled;
``window.jupyterapp`` exposed so the page can run all cells once the kernel is ready.
"""

from __future__ import annotations

import ast
import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import warnings
from pathlib import Path
from typing import Any, Iterator

#: Where Debian puts its chromium; ``DW_CHROMIUM`` overrides it.
DEBIAN_CHROMIUM = "/usr/bin/chromium"

#: Flags that keep Debian's chromium quiet and working as root, headless, without internet.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

TOKEN = "dragonwidgets-test-token"

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"


def find_chromium() -> str | None:
    """Return the path of a chromium to drive, or ``None`` when this machine has none."""
    candidates = [os.environ.get("DW_CHROMIUM"), DEBIAN_CHROMIUM, shutil.which("chromium"),
                  shutil.which("chromium-browser")]
    for path in candidates:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    return None


def missing_browser_tools() -> str | None:
    """Say what is missing to run the browser tests here (``None`` when nothing is)."""
    if find_chromium() is None:
        return ("no chromium found (looked at $DW_CHROMIUM, /usr/bin/chromium and PATH); "
                "install Debian's: apt-get install -y chromium")
    for module in ("playwright", "jupyterlab", "jupyter_client"):
        try:
            __import__(module)
        except ImportError:
            return f"python package {module!r} is not installed: pip install -e '.[test]'"
    return None


def notebook_json(*sources: str) -> str:
    """Return the text of a Python 3 notebook whose code cells are ``sources`` (for scripts' own
    notebooks, written into the server's root with ``LabServer(extra=...)``)."""
    cells = [{"cell_type": "code", "execution_count": None, "id": f"cell-{i}", "metadata": {},
              "outputs": [], "source": src} for i, src in enumerate(sources)]
    return json.dumps({
        "cells": cells,
        "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python",
                                    "name": "python3"},
                     "language_info": {"name": "python"}},
        "nbformat": 4, "nbformat_minor": 5}, indent=1)


#: Kernel code defining ``_dw_play(w, n)``: play widget ``w`` from the kernel for at least ``n``
#: decisions (seat 0 takes its first legal action, bots their own), then on until seat 0 decides or
#: the game ends.
PLAY_PY = """
def _dw_play(w, n):
    for _ in range(400):
        g = w.game
        if g.is_over or (n <= 0 and g.current_player == 0):
            return
        if g.current_player == 0:
            w.act(g.legal_actions()[0].id)
        else:
            w.bot_step()
        n -= 1
"""


def free_port() -> int:
    """Return a TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LabServer:
    """A JupyterLab server on 127.0.0.1 serving a temporary copy of a notebooks folder.

    Args:
        notebooks: the folder to copy as the server's root (the repo's ``notebooks/`` by default);
            the copy is what the server and its kernels write into, never the repo.
        extra: more files to write into the root, ``{relative path: text}`` (e.g. a benchmark's own
            notebook).
        ready_timeout: seconds to wait for ``/api/status`` to answer.
    """

    def __init__(self, notebooks: Path | None = NOTEBOOKS, extra: dict[str, str] | None = None,
                 ready_timeout: float = 60.0):
        self.token = TOKEN
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._tmp = Path(tempfile.mkdtemp(prefix="dw-lab-"))
        self.root_dir = self._tmp / "root"
        self.config_dir = self._tmp / "config"
        self.runtime_dir = self._tmp / "runtime"
        self.data_dir = self._tmp / "data"
        self.log_path = self._tmp / "jupyterlab.log"
        if notebooks is not None and Path(notebooks).is_dir():
            shutil.copytree(notebooks, self.root_dir,
                            ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
        else:
            self.root_dir.mkdir(parents=True)
        for rel, text in (extra or {}).items():
            (self.root_dir / rel).parent.mkdir(parents=True, exist_ok=True)
            (self.root_dir / rel).write_text(text)
        self._ready_timeout = ready_timeout
        self.proc: subprocess.Popen | None = None

    # -------------------------------------------------------------- lifecycle
    def start(self) -> "LabServer":
        """Start the server and wait until its API answers (raises ``RuntimeError`` with its log)."""
        labconfig = self.config_dir / "labconfig"
        labconfig.mkdir(parents=True)
        (labconfig / "page_config.json").write_text(json.dumps(
            {"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}}))
        self.runtime_dir.mkdir(parents=True)
        self.data_dir.mkdir(parents=True)
        env = dict(os.environ,
                   JUPYTER_CONFIG_DIR=str(self.config_dir),
                   JUPYTER_RUNTIME_DIR=str(self.runtime_dir),
                   JUPYTER_DATA_DIR=str(self.data_dir),
                   JUPYTER_PLATFORM_DIRS="1",
                   PYDEVD_DISABLE_FILE_VALIDATION="1")
        env.pop("ANYWIDGET_HMR", None)
        cmd = [
            sys.executable, "-m", "jupyter", "lab",
            "--no-browser", "--allow-root",
            "--ip=127.0.0.1", f"--port={self.port}", "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.root_dir}",
            "--LabApp.expose_app_in_browser=True",
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            "--LabApp.extension_manager=readonly",
        ]
        self._log = open(self.log_path, "wb")
        self.proc = subprocess.Popen(cmd, env=env, stdout=self._log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL, cwd=self.root_dir)
        deadline = time.monotonic() + self._ready_timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"JupyterLab exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                self.api("status")
                return self
            except (urllib.error.URLError, ConnectionError, OSError):
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"JupyterLab did not answer within {self._ready_timeout} s:\n{self.log_tail()}")

    def write_notebook(self, path: str, *sources: str) -> None:
        """Write a notebook whose code cells are ``sources`` into the server's root (a test's own)."""
        (self.root_dir / path).write_text(notebook_json(*sources))

    def stop(self) -> None:
        """Terminate the server (and with it its kernels) and remove the temporary folders."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=5)
        if getattr(self, "_log", None):
            self._log.close()
        shutil.rmtree(self._tmp, ignore_errors=True)

    def __enter__(self) -> "LabServer":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    def log_tail(self, chars: int = 4000) -> str:
        """Return the end of the server's log (for error messages)."""
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return "(no log)"

    # -------------------------------------------------------------- REST
    def api(self, path: str, method: str = "GET", body: Any = None) -> Any:
        """Call the server's REST API at ``/api/<path>`` and return the decoded JSON (or ``None``)."""
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(f"{self.url}/api/{path}", data=data, method=method,
                                     headers={"Authorization": f"token {self.token}",
                                              "Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=10) as resp:
            raw = resp.read()
        return json.loads(raw) if raw else None

    def lab_url(self, path: str = "") -> str:
        """Return the URL of the JupyterLab page (``path`` opens that document), with the token."""
        return f"{self.url}/lab{'/tree/' + path if path else ''}?token={self.token}"

    def session_for(self, path: str) -> dict[str, Any]:
        """Return the server's session of the notebook at ``path`` (raises ``LookupError``)."""
        for s in self.api("sessions"):
            if s.get("path") == path or s.get("notebook", {}).get("path") == path:
                return s
        raise LookupError(f"no kernel session for {path!r}")

    def kernel(self, path: str) -> "Kernel":
        """Return a client of the kernel that runs the notebook at ``path``."""
        kernel_id = self.session_for(path)["kernel"]["id"]
        return Kernel(self.runtime_dir / f"kernel-{kernel_id}.json")

    def shutdown_sessions(self) -> None:
        """Stop every session (and its kernel) so the next test starts from a new kernel."""
        for s in self.api("sessions"):
            with contextlib.suppress(urllib.error.URLError):
                self.api(f"sessions/{s['id']}", method="DELETE")


class KernelError(RuntimeError):
    """Code or an expression raised in the notebook's kernel."""


class Kernel:
    """A second client of a notebook's kernel: it runs code in the notebook's own namespace."""

    def __init__(self, connection_file: Path):
        from jupyter_client import BlockingKernelClient

        self.client = BlockingKernelClient(connection_file=str(connection_file))
        self.client.load_connection_file()
        self.client.start_channels()
        self.client.wait_for_ready(timeout=30)

    def close(self) -> None:
        self.client.stop_channels()

    def _execute(self, code: str, expressions: dict[str, str], timeout: float) -> dict[str, Any]:
        msg_id = self.client.execute(code, silent=False, store_history=False,
                                     user_expressions=expressions)
        deadline = time.monotonic() + timeout
        while True:
            reply = self.client.get_shell_msg(timeout=max(0.1, deadline - time.monotonic()))
            if reply["parent_header"].get("msg_id") == msg_id:
                break
        content = reply["content"]
        if content["status"] != "ok":
            raise KernelError(f"{content.get('ename')}: {content.get('evalue')} (running {code!r})")
        return content.get("user_expressions", {})

    def run(self, code: str, timeout: float = 30) -> None:
        """Execute ``code`` in the notebook's namespace (raises :class:`KernelError` if it raises)."""
        self._execute(code, {}, timeout)

    def eval(self, expr: str, timeout: float = 30) -> Any:
        """Return the value of ``expr`` evaluated in the notebook's namespace (JSON-able values)."""
        wrapped = f"__import__('json').dumps({expr}, default=str)"
        out = self._execute("", {"v": wrapped}, timeout)["v"]
        if out["status"] != "ok":
            raise KernelError(f"{out.get('ename')}: {out.get('evalue')} (evaluating {expr!r})")
        return json.loads(ast.literal_eval(out["data"]["text/plain"]))

    def wait_for(self, expr: str, timeout: float = 20, interval: float = 0.05) -> Any:
        """Poll ``expr`` until it is truthy and return its value (raises ``TimeoutError``)."""
        deadline = time.monotonic() + timeout
        value = None
        while time.monotonic() < deadline:
            value = self.eval(expr)
            if value:
                return value
            time.sleep(interval)
        raise TimeoutError(f"{expr!r} still {value!r} after {timeout} s")


@contextlib.contextmanager
def browser_session(headless: bool = True) -> Iterator[Any]:
    """Yield a Playwright ``Browser`` running Debian's chromium (raises ``RuntimeError`` without one)."""
    from playwright.sync_api import sync_playwright

    path = find_chromium()
    if path is None:
        raise RuntimeError(missing_browser_tools())
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=path, headless=headless, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


# JavaScript run in the page: open a notebook, wait for its kernel, optionally run all cells.
_OPEN_JS = """
async ([path, runAll]) => {
  const app = window.jupyterapp;
  await app.started;
  await app.restored;
  const panel = await app.commands.execute('docmanager:open', {path, factory: 'Notebook'});
  app.shell.activateById(panel.id);
  await panel.context.ready;
  await panel.sessionContext.ready;
  const kernel = panel.sessionContext.session.kernel;
  const t0 = Date.now();
  while (kernel.status !== 'idle' && Date.now() - t0 < 60000) {
    await new Promise(r => setTimeout(r, 50));
  }
  if (runAll) {
    await app.commands.execute('notebook:run-all-cells');
  }
  return {id: panel.id, kernel: kernel.id, status: kernel.status};
}
"""

# Wait until every code cell of the current notebook has run (or one failed); return the errors.
_CELLS_DONE_JS = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = panel.content.widgets.filter(c => c.model.type === 'code');
  const pending = cells.filter(c => c.model.executionCount === null || c.promptNode?.textContent?.includes('*'));
  const errors = [];
  for (const c of cells) {
    for (let i = 0; i < c.model.outputs.length; i++) {
      const o = c.model.outputs.get(i).toJSON();
      if (o.output_type === 'error') errors.push(o.ename + ': ' + o.evalue);
    }
  }
  const idle = panel.sessionContext.session.kernel.status === 'idle';
  return {pending: pending.length, errors, idle};
}
"""


# Mark the code cell whose output shows the widget model ``modelId``; return whether one does.
_MARK_WIDGET_CELL_JS = """
(modelId) => {
  const panel = window.jupyterapp.shell.currentWidget;
  for (const cell of panel.content.widgets) {
    if (cell.model.type !== 'code') continue;
    const outs = cell.model.outputs;
    for (let i = 0; i < outs.length; i++) {
      const view = outs.get(i).data['application/vnd.jupyter.widget-view+json'];
      if (view && view.model_id === modelId) {
        cell.node.setAttribute('data-dw-widget', modelId);
        return true;
      }
    }
  }
  return false;
}
"""


# The legal actions bound on the board that a click at the element's centre really reaches
# (another piece drawn on top may cover a space): [[data-target, data-action-id], ...].
_CLICKABLE_JS = """
(root, selector) => {
  const out = [];
  for (const el of root.querySelectorAll(selector)) {
    el.scrollIntoView({block: 'nearest', inline: 'nearest'});
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    if (hit && hit.closest('[data-action-id]') === el) {
      out.push([el.getAttribute('data-target'), el.getAttribute('data-action-id')]);
    }
  }
  return out;
}
"""

#: The board's SVG elements bound to a legal action.
SVG_TARGETS = ".dw-board-wrap svg [data-action-id][data-target]"
#: Every element of the board area (the SVG and HTML panels drawn beside it) bound to a legal action.
BOARD_TARGETS = ".dw-board-wrap [data-action-id][data-target]"


def board_actions(root: Any, selector: str = SVG_TARGETS) -> list[tuple[str, str]]:
    """Return ``(data-target, action id)`` of the legal board elements under the widget ``root``
    (a Playwright locator) matching ``selector`` that a click at their centre reaches."""
    return [tuple(x) for x in root.evaluate(_CLICKABLE_JS, selector)]


# Record, in the page, the action id (or null) under every click the widget root receives, with
# " (disabled)" appended when that element was aria-disabled (the front end then sends nothing).
_RECORD_CLICKS_JS = """
(root) => {
  if (!root.__dwClicks) {
    root.__dwClicks = [];
    root.addEventListener('click', (e) => {
      const el = e.target.closest && e.target.closest('[data-action-id]');
      const off = el && el.getAttribute('aria-disabled') === 'true' ? ' (disabled)' : '';
      root.__dwClicks.push(el ? el.getAttribute('data-action-id') + off : null);
    }, true);
  }
  return root.__dwClicks.length;
}
"""

# Record, in the kernel, every intent the front end sends to the widget ``w``.
_RECORD_INTENTS_PY = """
if "_dw_intents" not in globals():
    _dw_intents = []
    w.on_msg(lambda _w, content, _buffers: _dw_intents.append(content))
"""


def click_action(root: Any, kernel: Kernel, el: Any, step: int, action_id: str, seat: int,
                 timeout: float = 20) -> None:
    """Click ``el`` (a Playwright locator bound to ``action_id``) in widget ``w``; check Python applied it.

    A costly action (a token played, the Shadow Realm entered) asks under the board before it is sent: the
    question is answered yes.

    Waits until the game in the kernel passed ``step`` and asserts that the entry at ``step`` is
    ``action_id`` played by ``seat``, with no refusal in ``w.last_error``.

    A click that never reached the widget as a click on an action (the browser's click events
    landed on no ``[data-action-id]`` element, and the kernel received no intent) is made again,
    once, with a warning: most likely the page moved under the pointer between the mouse's press
    and release, so that the browser sent the click to an element holding both. CI saw this once,
    on the first click after a notebook opened.

    Raises:
        AssertionError: Python refused the click or applied another action.
        TimeoutError: the game did not move on although the click reached the widget or was lost
            twice (the message says what the page and the kernel saw).
    """
    kernel.run(_RECORD_INTENTS_PY)
    for attempt in (1, 2):
        clicks_before = root.evaluate(_RECORD_CLICKS_JS)
        intents_before = kernel.eval("len(_dw_intents)")
        el.click()
        # a costly action chosen on the board asks once under it (issue 27, item 12): answer yes
        answer = root.locator(f'.dw-choice-ask:not([hidden]) button[data-action-id="{action_id}"]')
        if answer.count():
            answer.click()
        try:
            kernel.wait_for(f"w.game.step > {step} or w.last_error", timeout=timeout)
            break
        except TimeoutError:
            clicks = root.evaluate("(root) => root.__dwClicks")[clicks_before:]
            intents = kernel.eval("_dw_intents")[intents_before:]
            seen = (f"the page saw clicks on {clicks}, the kernel received the intents {intents}, "
                    f"the game is at step {kernel.eval('w.game.step')}")
            if attempt == 2 or intents or any(c is not None for c in clicks):
                raise TimeoutError(f"clicked {action_id!r} at step {step} ({attempt} time(s)): {seen}") from None
            warnings.warn(f"the click on {action_id!r} at step {step} was lost in the browser ({seen}); "
                          "clicking again", stacklevel=2)
    error = kernel.eval("w.last_error")
    assert not error, f"Python refused the clicked {action_id!r} at step {step}: {error}"
    done = kernel.eval(f"(w.game.history[{step}].action.id, w.game.history[{step}].action.player)")
    assert done == [action_id, seat], f"clicked {action_id!r} at step {step}, the kernel applied {done}"


def click_on_board_or_list(root: Any, kernel: Kernel, step: int, action_id: str, seat: int = 0) -> bool:
    """Click ``action_id`` on the board area if a click reaches it, else in the legal-actions list.

    Checks as :func:`click_action` does; returns whether the click was on the board.
    """
    targets = sorted(t for t, a in board_actions(root, BOARD_TARGETS) if a == action_id)
    if targets:
        el = root.locator(f'.dw-board-wrap [data-target="{targets[0]}"][data-action-id="{action_id}"]').first
    else:
        el = root.locator(f'.dw-action-list button.dw-action[data-action-id="{action_id}"]')
        assert el.count() == 1, f"{action_id!r}: {el.count()} buttons in the list"
    click_action(root, kernel, el, step, action_id, seat)
    return bool(targets)


class OpenNotebook:
    """A notebook open in a JupyterLab page, with a client of its kernel."""

    def __init__(self, page: Any, lab: LabServer, path: str, panel_id: str):
        self.page = page
        self.lab = lab
        self.path = path
        self.panel_id = panel_id
        self.kernel = lab.kernel(path)

    def widget(self, var: str = "w", selector: str = ".dw-root", timeout: float = 30) -> Any:
        """Return a Playwright locator of ``selector`` inside the output that shows widget ``var``.

        The notebook's cell whose output displays the widget model of the Python variable ``var`` is
        found through the notebook model (so a second widget elsewhere in the notebook is not
        mistaken for it), and the locator waits until the front end has rendered.
        """
        model_id = self.kernel.eval(f"{var}.model_id")
        deadline = time.monotonic() + timeout
        while not self.page.evaluate(_MARK_WIDGET_CELL_JS, model_id):
            if time.monotonic() > deadline:
                raise RuntimeError(f"no cell output of {self.path} shows widget {var!r} ({model_id})")
            time.sleep(0.1)
        loc = self.page.locator(f'[data-dw-widget="{model_id}"] {selector}').first
        loc.wait_for(state="visible", timeout=timeout * 1000)
        return loc

    def close(self) -> None:
        self.kernel.close()


def open_notebook(page: Any, lab: LabServer, path: str, run_all: bool = True,
                  timeout: float = 90) -> OpenNotebook:
    """Open ``path`` in JupyterLab in ``page``, wait for its kernel, run all cells and wait for them.

    Raises:
        RuntimeError: a cell raised (the message lists the errors), or the cells did not finish in
            ``timeout`` seconds.
    """
    if not (lab.root_dir / path).is_file():
        raise FileNotFoundError(f"no notebook {path!r} in the server's root (a copy of {NOTEBOOKS})")
    page.set_default_timeout(timeout * 1000)
    page.goto(lab.lab_url(), wait_until="domcontentloaded")
    page.wait_for_function("() => window.jupyterapp !== undefined")
    info = page.evaluate(_OPEN_JS, [path, run_all])
    if run_all:
        wait_for_cells(page, path, timeout)
    return OpenNotebook(page, lab, path, info["id"])


def wait_for_cells(page, path: str, timeout: float) -> None:
    """Wait until every cell of the notebook open in ``page`` has run and its kernel is idle (JupyterLab or
    Notebook 7). Raises ``RuntimeError`` if a cell raised or cells still run after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        state = page.evaluate(_CELLS_DONE_JS)
        if state["errors"]:
            raise RuntimeError(f"{path}: a cell raised: {state['errors']}")
        if state["pending"] == 0 and state["idle"]:
            return
        if time.monotonic() > deadline:
            raise RuntimeError(f"{path}: cells still running after {timeout} s ({state})")
        time.sleep(0.1)


@contextlib.contextmanager
def marimo_run(app: Path, log_path: Path) -> Iterator[str]:
    """``marimo run`` of the app file ``app`` on a free port, its output written to ``log_path``: yields its URL
    once it answers (within 60 s; else an AssertionError with the log), and stops it afterwards."""
    port = free_port()
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([sys.executable, "-m", "marimo", "run", str(app), "--headless", "--host",
                                 "127.0.0.1", "--port", str(port), "--no-token"], stdout=log,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                env={k: v for k, v in os.environ.items() if k != "ANYWIDGET_HMR"})
        url = f"http://127.0.0.1:{port}/"
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    urllib.request.urlopen(url, timeout=1)
                    break
                except OSError:
                    assert proc.poll() is None and time.monotonic() < deadline, log_path.read_text()
                    time.sleep(0.2)
            yield url
        finally:
            proc.terminate()
            proc.wait(10)
