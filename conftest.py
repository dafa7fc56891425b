"""Run every notebook under nbval (strict output comparison) with a plain ``pytest``.

This stands in for ``--nbval`` in addopts so that ``pytest -p no:nbval tests/...`` still works
(it skips the notebooks and nbval's start-up cost) instead of failing on an unknown option.

``dragonwidgets/openspiel/`` needs OpenSpiel (the ``openspiel`` extra, also in ``test``); without it the
doctest collection leaves that package out rather than failing on its import.

The test command runs on two processes (pytest-xdist, ``-n 2 --dist loadgroup`` in pyproject.toml's addopts;
``-n 0`` runs in one). What must stay in one process is grouped here: every browser test in one group (they
share one JupyterLab server and run one after another), every notebook's cells in a group of their own (nbval
runs a notebook's cells in order in one kernel). In a distributed run the browser group is handed out first,
so the longest unit starts at once and the other process works through everything else meanwhile.
"""

import importlib.util
from pathlib import Path

import pytest

collect_ignore = [] if importlib.util.find_spec("pyspiel") else ["dragonwidgets/openspiel"]


def pytest_configure(config):
    if config.pluginmanager.hasplugin("nbval") and not config.option.nbval_lax:
        config.option.nbval = True


BROWSER_DIR = Path(__file__).resolve().parent / "tests" / "browser"


def is_browser_test(item: pytest.Item) -> bool:
    path = Path(str(item.path)).resolve()
    return BROWSER_DIR in path.parents and path.name.startswith("test_")


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own hook reads the groups into the test ids
def pytest_collection_modifyitems(config, items):
    for item in items:
        if is_browser_test(item):
            item.add_marker(pytest.mark.xdist_group("browser"))
        elif Path(str(item.path)).suffix == ".ipynb":
            item.add_marker(pytest.mark.xdist_group(f"notebook {Path(str(item.path)).name}"))
