"""Shared pytest setup: the ``browser`` marker and the JupyterLab + chromium fixtures.

Browser tests (``@pytest.mark.browser``, everything under ``tests/browser/``) drive a real JupyterLab
in Debian's chromium. On a machine without chromium (or without the test extras) they are skipped
with the reason; under ``CI=true`` they are never skipped: a missing browser is a failure there.

Browser tests run after all the others. Fixtures:

- ``lab``: a :class:`lab_harness.LabServer` serving a temporary copy of ``notebooks/``.
- ``chromium``: a Playwright ``Browser`` on Debian's chromium (per test module).
- ``page``: a fresh browser page (its own context) per test.
- ``open_notebook``: ``open_notebook("emerald.ipynb")`` opens it in ``page``, waits for the kernel,
  runs all cells and returns an ``OpenNotebook`` whose ``.kernel.eval("w.game.step")`` reads the
  notebook's namespace; its kernel is shut down after the test.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
sys.path.insert(0, str(Path(__file__).resolve().parent))  # tests/random_play.py, shared by every game's tests
import lab_harness  # noqa: E402

IN_CI = os.environ.get("CI", "").lower() in ("true", "1", "yes")
# simulate()'s progress bar stays off under test, in this process and in the notebook kernels nbval starts
# (they inherit the environment); a person running the notebooks sees it.
os.environ.setdefault("DRAGONWIDGETS_PROGRESS", "0")
# Scripts that write golden files, loaded by path in their games' golden tests. Without packages under
# tests/, ``--doctest-modules`` would import every ``make_golden.py`` as the one module ``make_golden``
# (tests/emerald keeps its own, which its test imports by name). One conftest.py only: several
# conftest.py files in folders without ``__init__.py`` clash as the module ``conftest``.
collect_ignore = ["drachenland/make_golden.py", "chasse_au_dragon/make_golden.py", "draghan/make_golden.py"]
BROWSER_DIR = Path(__file__).resolve().parent / "browser"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark everything under tests/browser/ as ``browser`` and run those last (the quick tests
    report first); skip them here when no chromium runs."""
    for item in items:
        path = Path(str(item.path)).resolve()
        if BROWSER_DIR in path.parents and path.name.startswith("test_"):
            item.add_marker(pytest.mark.browser)
    # Stable sorts. In one process the browser tests run last (the quick tests report first); spread over
    # pytest-xdist's processes (conftest.py at the root groups them) they are handed out first, so the longest
    # group starts at once while the other process works through the rest.
    distributed = hasattr(config, "workerinput") or bool(getattr(config.option, "numprocesses", None))
    items.sort(key=lambda item: (item.get_closest_marker("browser") is None) == (not distributed))
    missing = lab_harness.missing_browser_tools()
    if missing is None or IN_CI:
        return  # in CI a missing browser fails in the fixtures, with the same reason
    skip = pytest.mark.skip(reason=f"browser test skipped: {missing}")
    for item in items:
        if item.get_closest_marker("browser"):
            item.add_marker(skip)


def _require_browser_tools() -> None:
    missing = lab_harness.missing_browser_tools()
    if missing:
        pytest.fail(f"browser tests cannot run: {missing}" + (" (CI=true: never skipped)" if IN_CI else ""),
                    pytrace=False)


@pytest.fixture(scope="session")
def lab():
    """A JupyterLab server on 127.0.0.1 over a temporary copy of the repo's notebooks/."""
    _require_browser_tools()
    server = lab_harness.LabServer(lab_harness.NOTEBOOKS).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def chromium():
    """A headless Debian chromium driven by Playwright, for one test module.

    Not session-wide: Playwright's sync API keeps an asyncio loop marked as running in the main
    thread while it is open, which would break later tests that call ``asyncio.run``.
    """
    _require_browser_tools()
    with lab_harness.browser_session() as browser:
        yield browser


@pytest.fixture
def page(chromium):
    """A new page in its own browser context (no cookies or storage shared between tests)."""
    context = chromium.new_context(viewport={"width": 1400, "height": 1000})
    pg = context.new_page()
    try:
        yield pg
    finally:
        context.close()


@pytest.fixture
def open_notebook(lab, page):
    """Return ``open(path, run_all=True)`` that opens a notebook of ``notebooks/`` in JupyterLab."""
    opened = []

    def _open(path: str, run_all: bool = True) -> lab_harness.OpenNotebook:
        nb = lab_harness.open_notebook(page, lab, path, run_all=run_all)
        opened.append(nb)
        return nb

    try:
        yield _open
    finally:
        for nb in opened:
            nb.close()
        page.close()
        lab.shutdown_sessions()
