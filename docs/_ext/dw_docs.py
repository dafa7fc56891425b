"""Sphinx extension of the dragonwidgets site: pages written from the package itself at build time.

Nothing here copies text by hand: the rule pages come from ``dragonwidgets.rules(game)`` (the rules files
the package ships), the options from each game class's ``option_defaults`` and docstring, the API reference
from the ``__all__`` of the public modules, the board pictures from ``game.picture()`` and the example
pages from ``dragonwidgets.to_html``.

Directives (each game page and the API page call them):

- ``dw-rules GAME``: the game's rules grouped by the rule IDs' sections, each rule's element ``id`` its
  rule ID (``emerald.html#EM-MOVE-3``).
- ``dw-options GAME``: each option, its default, what it does and the interpretation (``*-INT-n``) it reads
  the other way.
- ``dw-api MODULE``: one autodoc entry per name of ``MODULE.__all__`` (a module without ``__all__``: its
  public functions and classes), so a name added to ``__all__`` gets its entry with no edit here. It must
  stand in reStructuredText (an ``eval-rst`` block), as autodoc parses docstrings as reStructuredText.
- ``dw-tensor GAME``: the game's observation tensor field by field, from its encoder's layout.
- ``dw-board GAME``: the game's static SVG picture after a few seeded moves, inline.

At the end of an HTML build, ``examples/<game>.html`` is a short seeded game exported with ``to_html``.
"""

from __future__ import annotations

import importlib
import inspect
import random
import re
import shutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from docutils import nodes  # type: ignore[import-untyped]
from docutils.statemachine import StringList  # type: ignore[import-untyped]
from sphinx.application import Sphinx
from sphinx.errors import PycodeError
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.docutils import SphinxDirective

import dragonwidgets
from dragonwidgets.engine import bot_move
from dragonwidgets.engine.registry import GAMES, game_module
from dragonwidgets.engine.rules import RULE_ID_IN_TEXT, Rule

#: The games in the site's order, with the title of each page.
GAME_TITLES = {
    "emerald": "Emerald",
    "drachenland": "Drachenland",
    "chasse_au_dragon": "La Chasse au Dragon",
    "draghan": "Draghan – Once Upon a Dragon",
}

#: The modules whose public names the API reference lists, in the page's order. A module that does not
#: import yet (a package being written) is left out with no error, and listed as soon as it imports.
API_MODULES = [
    "dragonwidgets",
    "dragonwidgets.engine",
    "dragonwidgets.games.emerald",
    "dragonwidgets.games.drachenland",
    "dragonwidgets.games.chasse_au_dragon",
    "dragonwidgets.games.draghan",
    "dragonwidgets.simulation",
    "dragonwidgets.learn",
    "dragonwidgets.pettingzoo",
    "dragonwidgets.openspiel",
    "dragonwidgets.lessons",
    "dragonwidgets.analysis",
]

#: Seeded moves played before a board picture or an example page (a few turns into each game).
EXAMPLE_STEPS = 24
EXAMPLE_SEED = 3


# ---------------------------------------------------------------------------- public names

def public_names(module: ModuleType) -> list[str]:
    """Return the public names of ``module``: its ``__all__``, or else the functions and classes it defines
    whose names do not start with ``_``."""
    listed = getattr(module, "__all__", None)
    if listed is not None:
        return [str(name) for name in listed]
    return [name for name, obj in vars(module).items()
            if not name.startswith("_") and (inspect.isfunction(obj) or inspect.isclass(obj))
            and getattr(obj, "__module__", "") == module.__name__]


def api_modules() -> list[ModuleType]:
    """Return the modules of :data:`API_MODULES` that import (the optional extras' modules need them)."""
    found = []
    for name in API_MODULES:
        try:
            found.append(importlib.import_module(name))
        except ModuleNotFoundError as error:
            if error.name is not None and name.startswith(error.name):  # the module itself is not written yet
                continue
            raise
    return found


def _first_documented_home(obj: object, before: str) -> str | None:
    """Return the full name under which ``obj`` is documented in a module listed before ``before``."""
    for module in api_modules():
        if module.__name__ == before:
            return None
        for name in public_names(module):
            if getattr(module, name, None) is obj and (inspect.isclass(obj) or inspect.isroutine(obj)):
                return f"{module.__name__}.{name}"
    return None


def _documented_classes() -> set[type]:
    return {obj for module in api_modules() for name in public_names(module)
            if inspect.isclass(obj := getattr(module, name, None))}


def _inherited_stop(cls: type, documented: set[type]) -> str:
    """Return the bases whose members ``cls``'s entry leaves out: from the first base that has an entry of
    its own, or that is outside the package (ipywidgets', anywidget's, pyspiel's), to ``object``. Every one
    is named (Sphinx 9 leaves out the members of the classes named, not those of their bases)."""
    bases = cls.__mro__[1:]
    first = next((i for i, base in enumerate(bases)
                  if base in documented or not base.__module__.startswith("dragonwidgets")), len(bases))
    return ", ".join(dict.fromkeys(base.__name__ for base in bases[first:]))


def api_rst(module: ModuleType) -> list[str]:
    """Return the reStructuredText of ``module``'s reference: an autodoc directive per public name."""
    documented = _documented_classes()
    lines: list[str] = []
    for name in public_names(module):
        full = f"{module.__name__}.{name}"
        obj = getattr(module, name)
        home = _first_documented_home(obj, module.__name__)
        if home is not None:
            lines += [f".. py:data:: {name}", f"   :module: {module.__name__}", "",
                      f"   The same object as :obj:`{home}`.", ""]
        elif inspect.isclass(obj) and obj.__name__ == name:
            lines += [f".. autoclass:: {full}", "   :members:", "   :show-inheritance:"]
            stop = _inherited_stop(obj, documented)
            lines += [f"   :inherited-members: {stop}"] if stop else []
            lines += [""]
        elif inspect.isclass(obj):
            target = (f":class:`{module.__name__}.{obj.__name__}`" if hasattr(module, obj.__name__)
                      else f"``{obj.__module__}.{obj.__qualname__}``")
            lines += [f".. py:data:: {name}", f"   :module: {module.__name__}", "", f"   The class {target}.", ""]
        elif inspect.isroutine(obj):
            lines += [f".. autofunction:: {full}", ""]
        else:
            doc = _doc_comment(module, name, obj)
            value = [f"   :value: {obj!r}"] if _short_value(obj) else []
            lines += [f".. py:data:: {name}", f"   :module: {module.__name__}", f"   :type: {type(obj).__name__}",
                      *value, ""]
            lines += [f"   {line}" for line in doc] if doc else [f"   {_data_summary(obj)}"]
            lines += [""]
    return lines


def _short_value(obj: object) -> bool:
    return isinstance(obj, (int, float, str)) and len(repr(obj)) < 60


def _doc_comment(module: ModuleType, name: str, value: object) -> list[str]:
    """Return the ``#:`` doc comment of the data ``name`` of ``module``, read where it is assigned: in
    ``module`` or in the package module it is imported from (``dragonwidgets.CHANCE`` is documented in
    ``engine/actions.py``); ``[]`` when it has none."""
    candidates = [module] + [m for key, m in sorted(sys.modules.items())
                             if key.startswith("dragonwidgets.") and m is not module
                             and getattr(m, name, _MISSING) is value]
    for candidate in candidates:
        try:
            docs = ModuleAnalyzer.for_module(candidate.__name__).find_attr_docs()
        except PycodeError:
            continue
        if ("", name) in docs:
            return [line for line in docs[("", name)] if line.strip()]
    return []


_MISSING = object()


def _data_summary(obj: object) -> str:
    """Describe a value that has no doc comment: its value if short, else its keys or length."""
    if _short_value(obj):
        return f"``{obj!r}``"
    if isinstance(obj, dict):
        keys = ", ".join(f"``{key}``" for key in list(obj)[:12])
        return f"A dict of {len(obj)} entries, keyed {keys}{', ...' if len(obj) > 12 else ''}."
    if isinstance(obj, (list, tuple, set, frozenset)):
        return f"A {type(obj).__name__} of {len(obj)} items."
    return f"An object of type ``{type(obj).__qualname__}``."


class ApiDirective(SphinxDirective):
    """``.. dw-api::``: a section per module of :func:`api_modules`: its docstring, then an autodoc entry
    per public name (see :func:`api_rst`)."""

    def run(self) -> list[nodes.Node]:
        out: list[nodes.Node] = []
        for module in api_modules():
            section = nodes.section(ids=[nodes.make_id(module.__name__)], names=[module.__name__])
            section += nodes.title("", "", nodes.literal(module.__name__, module.__name__))
            lines = [f".. automodule:: {module.__name__}", "   :no-members:", ""] + api_rst(module)
            self.state.nested_parse(StringList(lines, source=f"<dw-api {module.__name__}>"),
                                    self.content_offset, section)
            out.append(section)
        return out


# ---------------------------------------------------------------------------- rules

def rule_prefix(rule_id: str) -> str:
    """Return the section part of a rule ID: ``"EM-MOVE"`` for ``"EM-MOVE-3"``."""
    return rule_id.rsplit("-", 1)[0]


def _rules_of(game: str) -> list[Rule]:
    return dragonwidgets.rules(game)


class _MarkdownText:
    """Parses a rule's text (the rules files write code in backticks, as Markdown does) into nodes, and
    links the rule IDs it names to their anchors on the game's page."""

    def __init__(self, directive: SphinxDirective, game: str) -> None:
        self.directive = directive
        self.ids = {r.id for r in _rules_of(game)}

    def paragraph(self, text: str) -> list[nodes.Node]:
        holder = nodes.container()
        self.directive.state.nested_parse(StringList([text], source="<rule text>"), 0, holder)
        for text_node in list(holder.findall(nodes.Text)):
            if isinstance(text_node.parent, (nodes.literal, nodes.reference)):
                continue
            self._link_ids(text_node)
        return holder.children

    def _link_ids(self, text_node: nodes.Text) -> None:
        text = str(text_node)
        parts: list[nodes.Node] = []
        last = 0
        for match in RULE_ID_IN_TEXT.finditer(text):
            if match.group(0) not in self.ids:
                continue
            parts.append(nodes.Text(text[last:match.start()]))
            parts.append(nodes.reference(match.group(0), match.group(0), refuri=f"#{match.group(0)}",
                                         internal=True))
            last = match.end()
        if parts:
            parts.append(nodes.Text(text[last:]))
            text_node.parent.replace(text_node, parts)


class RulesDirective(SphinxDirective):
    """``dw-rules GAME``: the game's rules, a section per rule-ID section, each rule anchored by its ID."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        game = self.arguments[0]
        text = _MarkdownText(self, game)
        out: list[nodes.Node] = []
        by_section: dict[str, list[Rule]] = {}
        for rule in _rules_of(game):
            by_section.setdefault(rule_prefix(rule.id), []).append(rule)
        for prefix, rules in by_section.items():
            section = nodes.section(ids=[prefix], names=[])
            section += nodes.title("", f"{rules[0].section} ({prefix})")
            listing = nodes.definition_list(classes=["dw-rules"])
            for rule in rules:
                term = nodes.term("", "", ids=[rule.id])
                term += nodes.reference(rule.id, rule.id, refuri=f"#{rule.id}", internal=True,
                                        classes=["dw-rule-id"])
                if rule.option:
                    term += nodes.Text(" (option ")
                    term += nodes.literal(rule.option, rule.option)
                    term += nodes.Text(")")
                definition = nodes.definition()
                definition.extend(text.paragraph(rule.text))
                listing += nodes.definition_list_item("", term, definition)
            section += listing
            out.append(section)
        return out


# ---------------------------------------------------------------------------- options

_OPTION_LINE = re.compile(r"^\s*- ``(?P<name>\w+)`` \((?P<default>[^)]*(?:\([^)]*\)[^)]*)*)\): (?P<text>.*)$")


def option_texts(game_class: type) -> dict[str, str]:
    """Return each option's description from the game class's docstring (its ``- ``name`` (default):
    text`` list), with continuation lines joined and Sphinx roles written as plain code."""
    doc = inspect.getdoc(game_class) or ""
    found: dict[str, str] = {}
    current: str | None = None
    for line in doc.splitlines():
        match = _OPTION_LINE.match(line)
        if match:
            current = match.group("name")
            found[current] = match.group("text").strip()
        elif current and line.startswith("  ") and line.strip():
            found[current] += " " + line.strip()
        else:
            current = None
    return {name: re.sub(r":[a-z]+:`~?\.?([^`]+)`", r"``\1``", text) for name, text in found.items()}


class OptionsDirective(SphinxDirective):
    """``dw-options GAME``: every option with its default, its description and the readings it flips."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        game = self.arguments[0]
        game_class = game_module(game).GAME_CLASS
        text = _MarkdownText(self, game)
        flips: dict[str, list[Rule]] = {}
        for rule in _rules_of(game):
            if rule.option:
                flips.setdefault(rule.option, []).append(rule)
        described = option_texts(game_class)
        listing = nodes.bullet_list(classes=["dw-options"])
        for name, default in game_class.option_defaults.items():
            item = nodes.list_item(ids=[f"option-{name}"])
            head = nodes.paragraph()
            head += nodes.literal(name, name)
            head += nodes.Text(f" (default {default!r})")
            item += head
            if name in described:
                item.extend(text.paragraph(described[name]))
            for rule in flips.get(name, []):
                reading = nodes.paragraph()
                reading += nodes.Text("Reads ")
                reading += nodes.reference(rule.id, rule.id, refuri=f"#{rule.id}", internal=True)
                reading += nodes.Text(" the other way:")
                item += reading
                quote = nodes.block_quote()
                quote.extend(text.paragraph(rule.text))
                item += quote
            listing += item
        return [listing]


# ---------------------------------------------------------------------------- tensor layout

#: The player count whose observation tensor a game page lays out field by field (its sizes at the other
#: counts are in the tensor module's text above the table).
LAYOUT_PLAYERS = {"emerald": 3, "drachenland": 3, "chasse_au_dragon": 3, "draghan": 2}


class TensorDirective(SphinxDirective):
    """``dw-tensor GAME``: the game's observation tensor field by field (offset, name, size, what it
    holds), read from the layout its encoder builds (the engine's ``_observation_encoder`` hook)."""

    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        game = self.arguments[0]
        players = LAYOUT_PLAYERS[game]
        layout = dragonwidgets.new_game(game, players=players, seed=0)._observation_encoder().layout
        text = _MarkdownText(self, game)
        intro = nodes.paragraph("", f"At {players} players ({layout.size} entries), field by field:")
        table = nodes.table(classes=["dw-tensor"])
        group = nodes.tgroup(cols=4)
        table += group
        for width in (8, 22, 6, 64):
            group += nodes.colspec(colwidth=width)
        head = nodes.thead()
        head += self._row([nodes.paragraph("", label) for label in ("offset", "field", "size", "what it holds")])
        group += head
        body = nodes.tbody()
        for field in layout.fields:
            where = layout.slice(field.name)
            body += self._row([nodes.paragraph("", f"{where.start}"), nodes.paragraph("", "", nodes.literal(field.name, field.name)),
                               nodes.paragraph("", f"{field.size}"), *[self._cell(text.paragraph(field.doc))]])
        group += body
        return [intro, table]

    @staticmethod
    def _cell(parts: list[nodes.Node]) -> nodes.Node:
        holder = nodes.container()
        holder.extend(parts)
        return holder

    @staticmethod
    def _row(cells: list[nodes.Node]) -> nodes.row:
        row = nodes.row()
        for content in cells:
            entry = nodes.entry()
            entry += content
            row += entry
        return row


# ---------------------------------------------------------------------------- pictures and pages

#: The bot that plays every seat of an example game: each game's own strongest cheap bot.
EXAMPLE_BOTS = {"emerald": "greedy", "drachenland": "greedy", "chasse_au_dragon": "greedy", "draghan": "planner"}


def example_game(game: str) -> Any:
    """Return a short seeded game of ``game``: three players (two characters of Draghan), a few turns in,
    every seat played by the game's bot of :data:`EXAMPLE_BOTS` (chance as the seed draws it)."""
    players = 2 if game == "draghan" else 3
    options: dict[str, Any] = {"character_choice": "random"} if game == "draghan" else {}
    played = dragonwidgets.new_game(game, players=players, seed=EXAMPLE_SEED, **options)
    bot = dragonwidgets.make_bot(game, EXAMPLE_BOTS[game])
    rng = random.Random(EXAMPLE_SEED)
    for _ in range(EXAMPLE_STEPS):
        if played.is_over:
            break
        played.apply(bot_move(played, bot, rng))
    return played


class BoardDirective(SphinxDirective):
    """``dw-board GAME [GAME...]``: the static SVG picture of :func:`example_game` for each game (the
    teacher's view), inline, side by side."""

    required_arguments = 1
    optional_arguments = len(GAME_TITLES) - 1

    def run(self) -> list[nodes.Node]:
        figures = []
        for game in self.arguments:
            if game not in GAME_TITLES:
                raise self.error(f"dw-board: unknown game {game!r}; the games are {', '.join(GAME_TITLES)}")
            played = example_game(game)
            caption = f"{GAME_TITLES[game]}: step {played.step} of a seeded game, the teacher's view"
            figures.append(f'<figure class="dw-board"><div class="dw-board-svg">{played.picture()}</div>'
                           f"<figcaption>{caption}</figcaption></figure>")
        return [nodes.raw("", f'<div class="dw-boards">{"".join(figures)}</div>', format="html")]


def write_example_pages(app: Sphinx, exception: Exception | None) -> None:
    """Write ``examples/<game>.html`` (a short seeded game, seat 0's view) into an HTML build's output."""
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir) / "examples"
    out.mkdir(parents=True, exist_ok=True)
    for game in GAME_TITLES:
        dragonwidgets.to_html(example_game(game), out / f"{game}.html", viewer=0)


_WILDCARD_STAR = re.compile(r"(?<=-)\*|\*(?=-)")


def escape_rule_wildcards(app: Sphinx, what: str, name: str, obj: object, options: Any, lines: list[str]) -> None:
    """Escape the ``*`` of a rule-ID wildcard (``EM-REC-*``, ``*-INT-n``) written outside a literal in a
    docstring: reStructuredText reads it as the start of an emphasis that never ends."""
    parts = "\n".join(lines).split("``")
    for i in range(0, len(parts), 2):  # the even parts are outside ``literals``
        parts[i] = _WILDCARD_STAR.sub(r"\\*", parts[i])
    lines[:] = "``".join(parts).split("\n")


def copy_notebooks(app: Sphinx, config: Any) -> None:
    """Copy ``notebooks/`` into ``docs/notebooks/`` (git-ignored), where the site renders them.

    A copy, not a link: the notebooks link to each other by relative paths, which must resolve inside the
    documentation's source folder. A file whose copy is already the same is left alone (its time too), so
    a second build reads only the notebooks that changed; a copy whose notebook is gone is removed. The
    index's toctree takes every notebook by a glob, so a new notebook appears without an edit here.
    """
    source = Path(app.srcdir).parent / "notebooks"
    target = Path(app.srcdir) / "notebooks"
    for copy in sorted(target.rglob("*.ipynb")):  # a notebook removed or renamed since the last build
        if not (source / copy.relative_to(target)).exists():
            copy.unlink()
    for notebook in sorted(source.rglob("*.ipynb")):
        if ".ipynb_checkpoints" in notebook.parts:
            continue
        copy = target / notebook.relative_to(source)
        if copy.exists() and copy.read_bytes() == notebook.read_bytes():
            continue
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(notebook, copy)


def setup(app: Sphinx) -> dict[str, Any]:
    assert set(GAME_TITLES) == set(GAMES), "a game is missing from the site (GAME_TITLES)"
    app.add_directive("dw-rules", RulesDirective)
    app.add_directive("dw-options", OptionsDirective)
    app.add_directive("dw-api", ApiDirective)
    app.add_directive("dw-board", BoardDirective)
    app.add_directive("dw-tensor", TensorDirective)
    app.connect("build-finished", write_example_pages)
    app.connect("autodoc-process-docstring", escape_rule_wildcards)
    app.connect("config-inited", copy_notebooks)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
