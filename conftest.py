"""Run every notebook under nbval (strict output comparison) with a plain ``pytest``.

This stands in for ``--nbval`` in addopts so that ``pytest -p no:nbval tests/...`` still works
(it skips the notebooks and nbval's start-up cost) instead of failing on an unknown option.
"""


def pytest_configure(config):
    if config.pluginmanager.hasplugin("nbval") and not config.option.nbval_lax:
        config.option.nbval = True
