"""The package type-checks: mypy, with the project's configuration (pyproject.toml ``[tool.mypy]``), finds no error
in ``dragonwidgets/`` (issue 30 item 2: the type check is part of the test command).

mypy's cache goes to the system's temp directory, not the repository: a first run takes under a minute of CPU
(about 45 s on this 2-core machine), a run after it about a second.
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from mypy import api as mypy_api

ROOT = Path(__file__).resolve().parents[1]
CACHE = Path(tempfile.gettempdir()) / "dragonwidgets-mypy-cache"


def test_mypy_finds_no_error_in_the_package():
    started = time.perf_counter()
    report, errors, status = mypy_api.run([
        "--config-file", str(ROOT / "pyproject.toml"),
        "--cache-dir", str(CACHE),
        "--no-error-summary",
        str(ROOT / "dragonwidgets"),
    ])
    print(f"mypy took {time.perf_counter() - started:.1f} s")
    assert status == 0 and not report.strip() and not errors.strip(), (
        f"mypy found errors (exit status {status}); fix them with annotations, or see pyproject.toml [tool.mypy]:\n"
        f"{report}{errors}"
    )
