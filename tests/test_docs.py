"""The documentation site (issue 30, item 3): it builds with warnings as errors, every public name has a
reference entry, every rule ID is an anchor on its game's page, the notebooks show their board pictures,
each game page links its example exported page, and no page loads anything from a network.

The site is built once for this module, as the README's command builds it (``python -m sphinx -W
--keep-going -b html docs ...``), into a temporary folder. All the tests here share that build, so they
run in one process of a distributed run (``xdist_group``).
"""

from __future__ import annotations

import importlib
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest

import dragonwidgets
from dragonwidgets.engine.registry import GAMES

pytest.importorskip("sphinx", reason="the docs tools are in the test extra: pip install -e '.[test]'")
pytest.importorskip("myst_nb", reason="the docs tools are in the test extra: pip install -e '.[test]'")
from sphinx.util.inventory import InventoryFile  # noqa: E402

pytestmark = pytest.mark.xdist_group("docs")

REPO = Path(__file__).resolve().parents[1]
DOCS = REPO / "docs"
NOTEBOOKS = REPO / "notebooks"

#: Modules beyond ``dragonwidgets`` and the games whose public names the reference lists too; a module not
#: written yet (or whose optional extra is missing) is left out.
OTHER_PUBLIC_MODULES = ["dragonwidgets.engine", "dragonwidgets.simulation", "dragonwidgets.learn",
                        "dragonwidgets.pettingzoo", "dragonwidgets.openspiel", "dragonwidgets.lessons",
                        "dragonwidgets.analysis"]


@dataclass
class Site:
    html: Path
    output: str
    returncode: int
    seconds: float


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Site:
    if os.environ.get("DW_DOCS_HTML"):  # a site built already (python -m sphinx -W ...): check it as it is
        return Site(Path(os.environ["DW_DOCS_HTML"]), "", 0, 0.0)
    out = tmp_path_factory.mktemp("docs")
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", "-d", str(out / "doctrees"),
         str(DOCS), str(out / "html")],
        cwd=REPO, capture_output=True, text=True, timeout=600)
    seconds = time.perf_counter() - started
    print(f"docs build: {seconds:.1f} s")
    return Site(out / "html", done.stdout + done.stderr, done.returncode, seconds)


def built(site: Site) -> Path:
    assert site.returncode == 0, f"the docs build failed (warnings are errors):\n{site.output[-6000:]}"
    return site.html


# ---------------------------------------------------------------------------- the build

def test_docs_build_with_warnings_as_errors_in_under_five_minutes(site: Site) -> None:
    built(site)
    assert "WARNING" not in site.output and "ERROR" not in site.output, site.output[-4000:]
    assert site.seconds < 300, f"the docs build took {site.seconds:.0f} s (the goal: under 5 minutes)"


# ---------------------------------------------------------------------------- the reference

def public_names() -> list[str]:
    """Every public name the reference must list: ``dragonwidgets.__all__``, each game package's
    ``__all__``, and the ``__all__`` (or public functions and classes) of the other public modules."""
    names = [f"dragonwidgets.{name}" for name in dragonwidgets.__all__]
    for game_package in GAMES.values():
        module = importlib.import_module(game_package)
        names += [f"{game_package}.{name}" for name in module.__all__]
    for module_name in OTHER_PUBLIC_MODULES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        listed = getattr(module, "__all__", None)
        if listed is None:
            listed = [name for name, obj in vars(module).items() if not name.startswith("_")
                      and callable(obj) and getattr(obj, "__module__", None) == module_name]
        names += [f"{module_name}.{name}" for name in listed]
    return names


def python_entries(html: Path) -> set[str]:
    """The Python objects the built site's ``objects.inv`` names (``py:function``, ``py:class``...)."""
    with open(html / "objects.inv", "rb") as stream:
        inventory = InventoryFile.load(stream, "", lambda base, uri: uri)
    return {name for kind, entries in inventory.items() if kind.startswith("py:") for name in entries}


def missing_entries(expected: list[str], entries: set[str]) -> list[str]:
    return [name for name in expected if name not in entries]


def test_every_public_name_has_a_reference_entry(site: Site) -> None:
    expected = public_names()
    entries = python_entries(built(site))
    missing = missing_entries(expected, entries)
    print(f"reference coverage: {len(expected) - len(missing)} / {len(expected)} public names")
    assert not missing, f"public names without a reference entry: {missing}"
    # the names the issue counts: dragonwidgets.__all__ and the game packages' public names
    assert all(f"dragonwidgets.{name}" in entries for name in dragonwidgets.__all__)


def test_the_coverage_check_names_an_entry_that_is_missing(site: Site) -> None:
    entries = python_entries(built(site))
    assert "dragonwidgets.games.emerald.new_game" in entries
    entries.discard("dragonwidgets.games.emerald.new_game")
    assert missing_entries(public_names(), entries) == ["dragonwidgets.games.emerald.new_game"]


# ---------------------------------------------------------------------------- reading the pages

class _Page(HTMLParser):
    """The parts of a built page the tests read: element ids, links, resource URLs, the pictures inside
    notebook outputs, inline styles."""

    RESOURCE_ATTRS = {"src", "href", "xlink:href", "data", "poster", "srcset"}
    RESOURCE_TAGS = {"script", "link", "img", "image", "iframe", "source", "audio", "video", "embed", "object",
                     "use", "track", "input"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.resources: list[str] = []
        self.styles: list[str] = []
        self.output_pictures = 0
        self.output_images: list[str] = []
        self._open: list[tuple[str, bool]] = []  # tag, opens a notebook output
        self._in_style = False

    @property
    def _in_output(self) -> bool:
        return any(is_output for _, is_output in self._open)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if "id" in values:
            self.ids.add(values["id"])
        if tag == "a" and "href" in values:
            self.links.append(values["href"])
        if tag in self.RESOURCE_TAGS:
            self.resources += [value for name, value in values.items() if name in self.RESOURCE_ATTRS]
        if "style" in values:
            self.styles.append(values["style"])
        if self._in_output and tag == "svg" and not any(t == "svg" for t, _ in self._open):
            self.output_pictures += 1
        if self._in_output and tag == "img":
            self.output_images.append(values.get("src", ""))
            self.output_pictures += 1
        self._in_style = tag == "style"
        if tag not in {"img", "br", "hr", "meta", "link", "input", "source", "path", "rect", "circle",
                       "line", "polygon", "polyline", "ellipse", "use", "image", "stop"}:
            self._open.append((tag, "cell_output" in values.get("class", "").split()))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if self._open and self._open[-1][0] == tag:
            self._open.pop()

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self._open) - 1, -1, -1):
            if self._open[i][0] == tag:
                del self._open[i:]
                break
        self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.styles.append(data)


def read_page(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    return page


# ---------------------------------------------------------------------------- the game pages

@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rule_id_is_an_anchor_on_its_game_page(site: Site, game: str) -> None:
    page = read_page(built(site) / "games" / f"{game}.html")
    rules = dragonwidgets.rules(game)
    missing = [rule.id for rule in rules if rule.id not in page.ids]
    assert not missing, f"{game}: rule IDs without an anchor: {missing}"
    assert f"#{rules[0].id}" in page.links  # each rule links to itself (its permalink)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_page_lists_its_options_and_the_readings_they_flip(site: Site, game: str) -> None:
    page = read_page(built(site) / "games" / f"{game}.html")
    game_class = importlib.import_module(GAMES[game]).GAME_CLASS
    assert {f"option-{name}" for name in game_class.option_defaults} <= page.ids
    flipped = [rule.id for rule in dragonwidgets.rules(game) if rule.option]
    assert flipped and all(f"#{rule_id}" in page.links for rule_id in flipped)
    text = (built(site) / "games" / f"{game}.html").read_text(encoding="utf-8")
    assert "Positions" in text and "Observation tensor" in text
    assert "observation_layout" in text  # the tensor layout, from the game's tensor module docstring


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_page_lays_out_its_observation_tensor_field_by_field(site: Site, game: str) -> None:
    text = (built(site) / "games" / f"{game}.html").read_text(encoding="utf-8")
    found = re.search(r"At (\d) players \((\d+) entries\), field by field", text)
    assert found, f"{game}: no tensor table"
    players, size = int(found.group(1)), int(found.group(2))
    game_obj = dragonwidgets.new_game(game, players=players, seed=0)
    assert game_obj.observation_tensor_shape == (size,)
    table = text[found.end():text.index("</table>", found.end())]
    layout = game_obj._observation_encoder().layout
    offsets = [int(cell) for cell in re.findall(r"<tr[^>]*>\s*<td><p>(\d+)</p></td>", table)]
    assert offsets == [layout.slice(field.name).start for field in layout.fields]
    assert all(f"<code class=\"docutils literal notranslate\"><span class=\"pre\">{field.name}</span></code>" in table
               for field in layout.fields)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_page_links_an_example_exported_page_that_exists(site: Site, game: str) -> None:
    html = built(site)
    page = read_page(html / "games" / f"{game}.html")
    examples = [link for link in page.links if link.endswith(f"examples/{game}.html")]
    assert examples, f"{game}: no link to its example page"
    target = (html / "games" / examples[0]).resolve()
    assert target.is_file()
    exported = target.read_text(encoding="utf-8")
    assert len(exported) > 20_000 and "<script" in exported  # the front end, inlined by to_html


# ---------------------------------------------------------------------------- the notebooks

def notebooks() -> list[Path]:
    return sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def stored_pictures(notebook: Path) -> tuple[int, int]:
    """The pictures a notebook's saved outputs hold: (board pictures, other images). A board picture is the
    SVG picture a widget keeps as its second output (an HTML ``dw-board-picture`` holding an SVG image)."""
    boards = images = 0
    for cell in nbformat.read(notebook, as_version=4).cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            html = data.get("text/html", "")
            if "dw-board-picture" in html and ("data:image/svg+xml" in html or "<svg" in html):
                boards += 1
            elif "image/png" in data or "image/svg+xml" in data:
                images += 1
    return boards, images


@pytest.mark.parametrize("notebook", notebooks(), ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_rendered_notebooks_show_their_board_pictures(site: Site, notebook: Path) -> None:
    html = built(site)
    rendered = html / "notebooks" / notebook.relative_to(NOTEBOOKS).with_suffix(".html")
    page = read_page(rendered)
    boards, images = stored_pictures(notebook)
    if notebook.parent == NOTEBOOKS and notebook.stem in {"welcome", *GAMES}:  # the tour, each game's notebook
        assert boards > 0, f"{notebook.name}: no board picture stored (run its generator)"
    if notebook.parent.name == "teaching":  # each teaching notebook answers with plots
        assert images > 0, f"{notebook.name}: no plot stored (run its generator)"
    shown_boards = [src for src in page.output_images if src.startswith("data:image/svg+xml")]
    shown_files = [src for src in page.output_images if not src.startswith("data:")]
    assert len(shown_boards) + page.output_pictures - len(page.output_images) == boards, (
        f"{notebook.name}: {len(shown_boards)} board pictures in the page, {boards} in the notebook")
    assert len(shown_files) == images, f"{notebook.name}: {len(shown_files)} images in the page, {images} stored"
    for src in shown_files:
        assert (rendered.parent / src).resolve().is_file(), f"{rendered.name}: missing image {src}"


# ---------------------------------------------------------------------------- offline

NETWORK = re.compile(r"^\s*(?:https?:)?//", re.IGNORECASE)
CSS_URL = re.compile(r"""url\(\s*['"]?\s*((?:https?:)?//[^)'"]*)""", re.IGNORECASE)
CSS_IMPORT = re.compile(r"""@import\s+['"]((?:https?:)?//[^'"]*)""", re.IGNORECASE)
JS_LOAD = re.compile(r"""(?:\.src\s*=|\.href\s*=|importScripts\(|import\(|\bfrom\s)\s*['"`]((?:https?:)?//[^'"`]*)""")


def network_urls_in_css(css: str) -> list[str]:
    return CSS_URL.findall(css) + CSS_IMPORT.findall(css)


def site_files(html: Path, suffix: str) -> Iterator[Path]:
    return (p for p in html.rglob(f"*{suffix}") if "_sources" not in p.parts)


def network_loads(html: Path) -> list[str]:
    """Every http(s) URL the built site would load: in src/href of scripts, links, images and the like, in
    CSS url(...) and @import (files, <style> blocks, style attributes), and in scripts that set a src."""
    found: list[str] = []
    for path in site_files(html, ".html"):
        page = read_page(path)
        found += [f"{path.name}: {url}" for url in page.resources if NETWORK.match(url)]
        found += [f"{path.name}: {url}" for style in page.styles for url in network_urls_in_css(style)]
        text = path.read_text(encoding="utf-8")
        found += [f"{path.name}: {url}" for url in JS_LOAD.findall(text)]
    for path in site_files(html, ".css"):
        found += [f"{path.name}: {url}" for url in network_urls_in_css(path.read_text(encoding="utf-8"))]
    for path in site_files(html, ".js"):
        found += [f"{path.name}: {url}" for url in JS_LOAD.findall(path.read_text(encoding="utf-8"))]
    return found


def test_no_page_loads_anything_from_a_network(site: Site) -> None:
    html = built(site)
    assert len(list(site_files(html, ".html"))) > 15
    loads = network_loads(html)
    assert not loads, f"pages that would load from a network: {loads}"


def test_the_offline_check_finds_a_network_load(tmp_path: Path) -> None:
    (tmp_path / "page.html").write_text(
        '<html><head><script src="https://cdn.example/mathjax.js"></script>'
        '<link rel="stylesheet" href="//fonts.example/css"></head>'
        '<body><img src="http://example.org/a.png"><a href="https://example.org/">a link is fine</a>'
        '<div style="background: url(https://example.org/b.png)"></div></body></html>', encoding="utf-8")
    (tmp_path / "site.css").write_text("@import 'https://fonts.example/x.css'; p { color: red }", encoding="utf-8")
    loads = network_loads(tmp_path)
    assert len(loads) == 5, loads
    assert not any("a link is fine" in url or url.endswith("example.org/") for url in loads)


# ---------------------------------------------------------------------------- the command

DOCS_COMMAND = 'python -m pip install -e ".[docs]" && python -m sphinx -W --keep-going -b html docs docs/_build/html'


def test_readme_and_getting_started_give_the_docs_command_whose_tools_the_docs_extra_lists() -> None:
    assert DOCS_COMMAND in (REPO / "README.md").read_text(encoding="utf-8")
    assert DOCS_COMMAND in (DOCS / "getting-started.md").read_text(encoding="utf-8")
    extras = re.search(r"^docs = \[(.*?)^\]", (REPO / "pyproject.toml").read_text(encoding="utf-8"),
                       flags=re.M | re.S)
    assert extras, "pyproject.toml has no docs extra"
    listed = set(re.findall(r'^\s*"([A-Za-z0-9_.-]+)', extras.group(1), flags=re.M))
    assert {"sphinx", "myst-nb", "furo"} <= listed
