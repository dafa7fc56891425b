"""The release build's configuration and metadata (issue 30, items 1, 2 and 4).

These read the repository's files only (no build: ``tools/smoke_wheel.sh`` builds the sdist and the wheel,
installs them without Node and plays, and CI runs it after the tests).
"""

from __future__ import annotations

import importlib.metadata
import json
import pathlib
import re

import pytest

import dragonwidgets

try:
    import tomllib
except ImportError:  # Python 3.10
    tomllib = pytest.importorskip("tomli")

ROOT = pathlib.Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
PACKAGE_JSON = json.loads((ROOT / "package.json").read_text(encoding="utf-8"))
BUILDER = PYPROJECT["tool"]["hatch"]["build"]["hooks"]["jupyter-builder"]


def built_bundles() -> set[str]:
    """The bundles ``npm run build`` writes: one ``dragonwidgets/static/<entry>.js`` per esbuild entry point."""
    entries = re.findall(r"\bjs/(\w+)\.js\b", PACKAGE_JSON["scripts"]["build"])
    assert "--outdir=dragonwidgets/static" in PACKAGE_JSON["scripts"]["build"]
    return {f"dragonwidgets/static/{entry}.js" for entry in entries}


def test_item1_ensured_targets_name_every_bundle():
    """A wheel missing any of the bundles (the four games, GameWidget's game.js, the exported page's page.js, the
    lesson page's lesson_page.js) fails to build: ensured-targets names each one npm run build writes."""
    assert len(built_bundles()) == 7
    assert set(BUILDER["ensured-targets"]) == built_bundles()


def test_item1_only_an_unpacked_sdist_skips_npm():
    """The sdist carries the bundles, so a wheel built from it skips npm (anywidget's template sets
    skip-if-exists to the bundles); PKG-INFO, which only an unpacked sdist has, keeps installs from the
    repository rebuilding the bundles, whose sources may have changed since the last build."""
    skip = BUILDER["skip-if-exists"]
    assert "PKG-INFO" in skip
    assert not (ROOT / "PKG-INFO").exists()
    assert set(skip) - {"PKG-INFO"} == built_bundles()
    assert "dragonwidgets/static/*.js" in PYPROJECT["tool"]["hatch"]["build"]["artifacts"]


def test_item1_sdist_includes_are_anchored():
    """The sdist takes the package, the JS sources and the top-level files only ('js' unanchored also took
    tests/js/, 'README.md' every README)."""
    include = PYPROJECT["tool"]["hatch"]["build"]["targets"]["sdist"]["include"]
    assert all(pattern.startswith("/") for pattern in include), include
    assert {"/dragonwidgets", "/js", "/package.json", "/package-lock.json", "/CHANGELOG.md"} <= set(include)


def test_item2_version_written_once():
    """The version is dragonwidgets.__version__ alone: pyproject reads it (dynamic), package.json (a private
    npm package) has none, and the installed metadata agrees."""
    project = PYPROJECT["project"]
    assert "version" not in project and project["dynamic"] == ["version"]
    assert PYPROJECT["tool"]["hatch"]["version"] == {"path": "dragonwidgets/__init__.py"}
    assert PACKAGE_JSON.get("private") is True and "version" not in PACKAGE_JSON
    assert importlib.metadata.version("dragonwidgets") == dragonwidgets.__version__


def test_item2_license_is_an_spdx_expression_with_its_file():
    """PEP 639: license = "MIT" and license-files, which need hatchling >= 1.27; no License classifier."""
    project = PYPROJECT["project"]
    assert project["license"] == "MIT"
    assert project["license-files"] == ["LICENSE"] and (ROOT / "LICENSE").is_file()
    assert "hatchling>=1.27" in PYPROJECT["build-system"]["requires"]
    assert not any(c.startswith("License ::") for c in project["classifiers"])


def test_item2_classifiers_and_keywords_say_what_it_is():
    classifiers = set(PYPROJECT["project"]["classifiers"])
    assert {
        "Framework :: Jupyter",
        "Framework :: Jupyter :: JupyterLab :: 4",
        "Intended Audience :: Education",
        "Topic :: Games/Entertainment :: Board Games",
        "Operating System :: OS Independent",
    } <= classifiers
    minimum = int(PYPROJECT["project"]["requires-python"].removeprefix(">=3."))
    assert {f"Programming Language :: Python :: 3.{v}" for v in range(minimum, 14)} <= classifiers
    assert {"jupyter", "anywidget", "board-games"} <= set(PYPROJECT["project"]["keywords"])
    assert "urls" not in PYPROJECT["project"]  # no public address exists yet: none is invented


def test_item2_py_typed_marker_in_the_package():
    assert (pathlib.Path(dragonwidgets.__file__).parent / "py.typed").is_file()


def test_item2_changelog_keeps_a_changelog_up_to_this_version():
    """CHANGELOG.md in the Keep a Changelog form: an [Unreleased] section first, then a dated section for
    each version, the current one included."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## \[([^\]]+)\](.*)$", text, flags=re.M)
    assert headings[0] == ("Unreleased", "")
    versions = {name: rest for name, rest in headings[1:]}
    assert re.fullmatch(r" - \d{4}-\d{2}-\d{2}", versions[dragonwidgets.__version__])
    assert "0.1.0" in versions
    assert "keepachangelog.com" in text


def test_item4_binder_and_readme_agree():
    """binder/README.md speaks of no badge the README lacks; the README's Binder section gives the urlpath
    that opens the welcome notebook, and the README points to the changelog."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    binder = (ROOT / "binder" / "README.md").read_text(encoding="utf-8")
    assert "README's badge" not in binder
    assert "urlpath=lab/tree/notebooks/welcome.ipynb" in binder
    binder_section = readme.split("## Binder", 1)[1].split("\n## ", 1)[0]
    assert "?urlpath=lab/tree/notebooks/welcome.ipynb" in binder_section
    assert "(CHANGELOG.md)" in readme
    postbuild = (ROOT / "binder" / "postBuild").read_text(encoding="utf-8")
    assert postbuild.count("pip install") == 1 and '".[lab]"' in postbuild
