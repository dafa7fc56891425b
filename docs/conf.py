"""Sphinx configuration of the dragonwidgets documentation site.

Build it (offline, warnings as errors) from the repository's root:

    python -m pip install -e ".[docs]" && python -m sphinx -W --keep-going -b html docs docs/_build/html

The pages are MyST Markdown; the notebooks are rendered by MyST-NB with the outputs they were saved with
(no kernel runs); the rule pages, options, API reference, board pictures and example pages are written
from the package at build time by ``docs/_ext/dw_docs.py``. No page loads anything from a network:
the theme (Furo) ships its files, MyST-NB's ipywidgets scripts are off, and
``tests/test_docs.py`` scans the built site for any http(s) resource.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE / "_ext"))

import dragonwidgets  # noqa: E402  (the installed package: pip install -e ".[docs]")

project = "dragonwidgets"
author = "the dragonwidgets authors"
copyright = "the dragonwidgets authors, MIT License"
release = dragonwidgets.__version__
version = release

extensions = [
    "myst_nb",  # MyST Markdown pages and .ipynb notebooks (it loads myst_parser itself)
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",  # the docstrings' Google-style Args/Returns/Raises sections
    "dw_docs",  # docs/_ext/dw_docs.py: rules, options, API entries, pictures, example pages
]

exclude_patterns = ["_build", "**/.ipynb_checkpoints", "Thumbs.db", ".DS_Store"]
source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb"}

# ---------------------------------------------------------------- MyST and MyST-NB
myst_enable_extensions = ["colon_fence", "deflist", "html_image"]
myst_heading_anchors = 3
# The notebooks are shown as they were saved: their outputs hold each board's SVG picture.
nb_execution_mode = "off"
# No ipywidgets scripts (they come from a CDN): a widget's live view needs a kernel; its saved picture
# (the output after it) shows the board instead.
nb_ipywidgets_js: dict[str, dict[str, str]] = {}
# A widget's view output (application/vnd.jupyter.widget-view+json) is left out of the pages: without a
# kernel it draws nothing; its text/html, empty, is shown instead (the board picture follows it).
nb_mime_priority_overrides = [("html", "application/vnd.jupyter.widget-view+json", None)]
nb_merge_streams = True

# ---------------------------------------------------------------- autodoc
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_format = "short"
autodoc_default_options = {"exclude-members": "__init__, __new__"}
napoleon_google_docstring = True
napoleon_numpy_docstring = True
napoleon_use_rtype = False
# An "Attributes:" section is a field list, not attribute entries (autodoc lists the attributes already).
napoleon_use_ivar = True
# A method without a docstring of its own is not given its base's (concurrent.futures' are not RST).
autodoc_inherit_docstrings = False
# open_spiel is an optional extra (a 16 MB wheel) that the docs do not need: without it its modules are
# documented from their source, pyspiel stood in by autodoc's mock.
autodoc_mock_imports = [] if importlib.util.find_spec("pyspiel") else ["pyspiel", "open_spiel"]

# ---------------------------------------------------------------- HTML
html_theme = "furo"
html_title = f"dragonwidgets {release}"
html_static_path = ["_static"]
html_css_files = ["dragonwidgets.css"]
# No page holds math, so Sphinx adds no MathJax (which it loads from a CDN); should a docstring or a
# notebook bring some, tests/test_docs.py's offline check fails and says which page.
html_theme_options = {
    "navigation_with_keys": True,
}
html_show_sourcelink = False
html_copy_source = False
