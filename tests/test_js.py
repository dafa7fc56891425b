"""Runs the front end's unit tests (vitest + jsdom, a fake anywidget model) from pytest.

`pip install` of this package runs `npm install`, which brings vitest; this test runs `npm test`.
On a person's machine without Node.js it is skipped with the reason; in CI (CI=true) it must run.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_js_unit_tests_pass():
    npm = shutil.which("npm")
    if (npm is None or not (ROOT / "node_modules").is_dir()) and os.environ.get("CI") != "true":
        pytest.skip("needs Node.js and `npm install` (pip install of this package runs it)")
    assert npm, "npm is required in CI"
    run = subprocess.run([npm, "test", "--silent"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, f"vitest failed:\n{run.stdout[-4000:]}\n{run.stderr[-2000:]}"
    assert " passed" in run.stdout, run.stdout[-2000:]
