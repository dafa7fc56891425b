"""Run every notebook under nbval (strict output comparison) with a plain ``pytest``.

This stands in for ``--nbval`` in addopts so that ``pytest -p no:nbval tests/...`` still works
(it skips the notebooks and nbval's start-up cost) instead of failing on an unknown option.

``dragonwidgets/openspiel/`` needs OpenSpiel (the ``openspiel`` extra, also in ``test``); without it the
doctest collection leaves that package out rather than failing on its import.
"""

import importlib.util

collect_ignore = [] if importlib.util.find_spec("pyspiel") else ["dragonwidgets/openspiel"]


def pytest_configure(config):
    if config.pluginmanager.hasplugin("nbval") and not config.option.nbval_lax:
        config.option.nbval = True
