"""The teaching notebooks: what nbval does not check (nbval runs them and compares their outputs).

- The stored notebooks hold exactly the cells of tools/make_teaching_notebooks.py, executed (edit the
  script, then regenerate: a notebook edited by hand would drift from its generator).
- Each starts with its parameter cell: a small ``N_GAMES`` under test, and says what 10,000 gives.
- The welcome notebook links each of them.
"""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TEACHING = ROOT / "notebooks" / "teaching"
GAMES = ["emerald", "drachenland", "chasse_au_dragon", "draghan"]


def _generator():
    spec = importlib.util.spec_from_file_location("make_teaching_notebooks", ROOT / "tools" / "make_teaching_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _source(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


@pytest.mark.parametrize("game", GAMES)
def test_stored_notebook_matches_its_generator(game):
    generator = _generator()
    book = generator.nb(generator.BOOKS[game])
    stored = _cells(TEACHING / f"{game}.ipynb")
    assert [(c["cell_type"], _source(c)) for c in stored] == [(c.cell_type, c.source) for c in book.cells], (
        f"notebooks/teaching/{game}.ipynb differs from tools/make_teaching_notebooks.py: "
        f"run python tools/make_teaching_notebooks.py {game}")
    code = [c for c in stored if c["cell_type"] == "code"]
    assert all(c["execution_count"] for c in code), "stored without running: its outputs are what nbval compares"


@pytest.mark.parametrize("game", GAMES)
def test_parameter_cell_comes_first_and_is_small(game):
    cells = _cells(TEACHING / f"{game}.ipynb")
    first_code = next(_source(c) for c in cells if c["cell_type"] == "code")
    n_games = int(re.search(r"^N_GAMES = ([\d_]+)", first_code, re.M).group(1))
    assert n_games <= 100
    assert "10_000" in first_code and "10_000" in _source(cells[0])


def test_welcome_links_every_teaching_notebook():
    text = "".join(_source(c) for c in _cells(ROOT / "notebooks" / "welcome.ipynb"))
    for game in GAMES:
        assert f"(teaching/{game}.ipynb)" in text
        assert (TEACHING / f"{game}.ipynb").is_file()
