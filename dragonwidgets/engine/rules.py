"""The rules' texts: every rule ID of every game resolves to a short text shipped with the package.

Each game keeps its rules as ``games/<game>/data/rules.json``, in the project's own words (one to three
sentences each, in the game's terms), grouped in sections (``SETUP``, ``MOVE``...). The interpretations
(``*-INT-n``) name the game option that reads the rule the other way; the reconstructions (``*-REC-n``)
say what was reconstructed. Whatever names a rule (an action's ``rules``, an explanation, an event, a
docstring, the widget) can show its text:

>>> rule_text("EM-MOVE-1").startswith("A knight")
True
>>> [r.id for r in rules("emerald")][:2]
['EM-SETUP-1', 'EM-SETUP-2']
"""

from __future__ import annotations

import difflib
import importlib.resources
import re
from functools import lru_cache
from typing import NamedTuple

from .data import DataChecker, read_json

#: The layout of a rules file this code reads (its ``format`` field).
FORMAT = "dragonwidgets/rules/1"
#: A rule ID: game prefix, section, number (``EM-MOVE-3``, ``DL-REC-2``, ``CD-INT-10``).
RULE_ID = re.compile(r"^[A-Z]{2}-[A-Z0-9]+-\d+[a-z]?$")
#: Where the ID of a rule is found in a text (actions' rules, explanations, docstrings, notebooks).
RULE_ID_IN_TEXT = re.compile(r"\b(?:EM|DL|CD|DG)-[A-Z][A-Z0-9]*-\d+[a-z]?\b")


class Rule(NamedTuple):
    """One rule: its ``id`` (``"EM-MOVE-1"``), its ``section`` title and its ``text``; ``option`` is the
    game option that reads an interpretation (``*-INT-n``) the other way, ``None`` for other rules."""

    id: str
    section: str
    text: str
    option: str | None = None


def rules(game: str) -> list[Rule]:
    """Return every rule of ``game`` (a registry name such as ``"emerald"``), in the rulebook's order.

    Raises:
        ValueError: ``game`` is not a known game.
        GameDataError: the game's rules file fails validation.
    """
    return list(_load(game))


def rule_text(rule_id: str) -> str:
    """Return the text of the rule ``rule_id`` (e.g. ``"EM-MOVE-1"``), in one to three sentences.

    Raises:
        KeyError: no game has that rule; the message names the closest IDs that exist.
    """
    found = _index().get(rule_id)
    if found is None:
        close = difflib.get_close_matches(str(rule_id), list(_index()), n=3, cutoff=0.6)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise KeyError(f"no rule {rule_id!r}{hint}")
    return found.text


def rule(rule_id: str) -> Rule:
    """Return the :class:`Rule` ``rule_id`` (raises ``KeyError`` like :func:`rule_text`)."""
    rule_text(rule_id)
    return _index()[rule_id]


def rule_ids_in(text: str) -> list[str]:
    """Return the rule IDs named in ``text``, in order, each once (``"EM-MOVE-1, EM-INT-11"``...)."""
    return list(dict.fromkeys(RULE_ID_IN_TEXT.findall(text)))


# ---------------------------------------------------------------------------- loading

@lru_cache(maxsize=None)
def _load(game: str) -> tuple[Rule, ...]:
    from .registry import GAMES, game_module  # the registry lists the games; it imports nothing upward

    if game not in GAMES:
        game_module(game)  # raises the ValueError that names the known games
    path = importlib.resources.files(GAMES[game]) / "data" / "rules.json"  # (Python 3.10: one name a joinpath)
    return _Checker(str(path)).rules(read_json(str(path)), game)


def _index() -> dict[str, Rule]:
    from .registry import GAMES

    return _index_of(tuple(GAMES))


@lru_cache(maxsize=4)
def _index_of(games: tuple[str, ...]) -> dict[str, Rule]:
    out: dict[str, Rule] = {}
    for game in games:
        try:
            out.update((r.id, r) for r in _load(game))
        except (TypeError, FileNotFoundError):  # a game registered without rule texts (a test's toy game)
            continue
    return out


class _Checker(DataChecker):
    """Validate one rules file: every failure names the file and the field."""

    def rules(self, data: object, game: str) -> tuple[Rule, ...]:
        self.need(isinstance(data, dict), "<root>", "must be a JSON object")
        assert isinstance(data, dict)
        self.need(data.get("format") == FORMAT, "format", f"unknown format {data.get('format')!r:.40}; expected {FORMAT!r}")
        self.need(data.get("game") == game, "game", f"must be {game!r}, got {data.get('game')!r:.40}")
        sections = self.get(data, "sections", dict, "sections")
        for key, title in sections.items():
            self.need(isinstance(title, str) and title.strip(), f"sections.{key}", "must be a title")
        items = self.get(data, "rules", list, "rules")
        out: list[Rule] = []
        seen: set[str] = set()
        for i, item in enumerate(items):
            field = f"rules[{i}]"
            rid = self.get(item, "id", str, f"{field}.id")
            self.need(bool(RULE_ID.match(rid)), f"{field}.id", f"{rid!r} is not a rule ID such as 'EM-MOVE-1'")
            self.need(rid not in seen, f"{field}.id", f"{rid} is given twice")
            seen.add(rid)
            section = self.get(item, "section", str, f"{field}.section")
            self.need(section in sections, f"{field}.section", f"{section!r} is not one of the sections")
            text = self.get(item, "text", str, f"{field}.text").strip()
            self.need(20 <= len(text) <= 700, f"{field}.text", f"a rule's text is one to three sentences ({len(text)} characters)")
            option = item.get("option")
            self.need(option is None or isinstance(option, str), f"{field}.option", "must be an option name or null")
            out.append(Rule(rid, sections[section], text, option))
        self.need(bool(out), "rules", "lists no rule")
        return tuple(out)


__all__ = ["FORMAT", "Rule", "rule", "rule_ids_in", "rule_text", "rules"]
