"""Test files have names of their own: tests/ has no ``__init__.py`` (pytest imports each test file by its
name), so two files of one name in two folders stop the run with "import file mismatch" errors."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_no_two_test_files_share_a_name():
    found: dict[str, list[str]] = defaultdict(list)
    for path in [*ROOT.joinpath("tests").rglob("test_*.py"), *ROOT.joinpath("dragonwidgets").rglob("test_*.py")]:
        found[path.name].append(str(path.relative_to(ROOT)))
    clashes = {name: paths for name, paths in found.items() if len(paths) > 1}
    assert not clashes, f"rename one of each: {clashes}"
