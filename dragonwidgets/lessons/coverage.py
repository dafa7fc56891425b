"""What a lesson teaches, measured against what a player meets: the rules a lesson cites, the rules the
legal actions of random games cite, and the sections of a game's rules.

A tutorial should cite every rule that a player meets often, and at least one rule of every section:

- :func:`frequent_rules` plays seeded random games and returns the rule IDs that the legal actions cite
  (:attr:`~dragonwidgets.Action.rules`) at a given share of the decisions or more (1 % by default). A
  decision is a state where a seat is to move (not chance); a rule counts once per decision however many of
  its legal actions cite it.
- :func:`rule_sections` returns the families of a game's rule IDs (``EM-MOVE-3`` is in ``MOVE``), without
  the interpretations (``INT``), the reconstructions (``REC``) and the variants (:data:`VARIANT_SECTIONS`).
- :func:`cited_rules` returns the rule IDs a lesson's texts cite (comments, feedback, hints, closings).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from typing import Any

from ..engine.registry import new_game
from ..engine.rules import rule_ids_in, rules
from .lesson import Lesson
from .model import Step

#: The sections that are no part of the standard game: they change it (player counts other than the
#: standard one, variants, options) and a first tutorial leaves them aside.
VARIANT_SECTIONS: dict[str, frozenset[str]] = {
    "emerald": frozenset({"P2", "P5"}),  # two and five players (the standard game is P34)
    "drachenland": frozenset({"2P", "VAR1", "VAR2"}),  # two players, free gem colours, no screens
    "chasse_au_dragon": frozenset({"RAID"}),  # dragon raids, an option
    "draghan": frozenset({"SOLO", "CAMP"}),  # solo play, the campaign after a first win
}
#: The sections that are not rules of play: the readings chosen where the rulebook is silent (``INT``) and
#: the reconstructed components (``REC``).
NOT_PLAY_SECTIONS = frozenset({"INT", "REC"})


def section_of(rule_id: str) -> str:
    """Return the section of a rule ID: its middle part (``"EM-MOVE-3"`` -> ``"MOVE"``)."""
    return rule_id.split("-")[1]


def rule_sections(game: str) -> dict[str, list[str]]:
    """Return the sections of ``game``'s rules a tutorial must touch: section -> its rule IDs, in the rules'
    order, without :data:`NOT_PLAY_SECTIONS` and the game's :data:`VARIANT_SECTIONS`.

    Raises:
        ValueError: ``game`` is not a known game.
    """
    left_aside = NOT_PLAY_SECTIONS | VARIANT_SECTIONS.get(game, frozenset())
    out: dict[str, list[str]] = {}
    for rule in rules(game):
        section = section_of(rule.id)
        if section not in left_aside:
            out.setdefault(section, []).append(rule.id)
    return out


def rule_shares(game: str, *, players: int, games: int = 10, seed: int = 0, max_steps: int = 3000,
                **options: Any) -> dict[str, float]:
    """Play ``games`` random games of ``game`` (seeds ``seed``, ``seed + 1``...; each seat picks a legal action
    uniformly with ``random.Random(seed)``) and return, for every rule ID the legal actions cite, the share
    of the decisions (in ``(0, 1]``) at which at least one legal action cites it.

    A game stops at its end or after ``max_steps`` steps. Chance nodes are played but not counted.

    Raises:
        ValueError: ``game`` is unknown, or ``players`` or an option is refused by it.
    """
    counts: Counter[str] = Counter()
    decisions = 0
    for k in range(games):
        g = new_game(game, players=players, seed=seed + k, **options)
        rng = random.Random(seed + k)
        for _ in range(max_steps):
            if g.is_over:
                break
            if g.is_chance_node:
                g.resolve_chance()
                continue
            legal = g.legal_actions()
            decisions += 1
            counts.update({r for action in legal for r in action.rules})
            g.apply(rng.choice(legal).id)
    return {rule_id: n / decisions for rule_id, n in sorted(counts.items())} if decisions else {}


def frequent_rules(game: str, *, players: int, share: float = 0.01, games: int = 10, seed: int = 0,
                   **options: Any) -> set[str]:
    """Return the rule IDs the legal actions of random games of ``game`` cite at ``share`` (1 %) of the
    decisions or more (:func:`rule_shares`).

    Raises:
        ValueError: as :func:`rule_shares`.
    """
    return {r for r, s in rule_shares(game, players=players, games=games, seed=seed, **options).items() if s >= share}


def _step_texts(step: Step) -> Iterable[str]:
    if step.comment:
        yield step.comment
    if step.question is not None:
        yield from step.question.feedback.values()
        if step.question.default:
            yield step.question.default
        yield from step.question.hints
    for variation in step.variations:
        if variation.comment:
            yield variation.comment
        for later in variation.steps:
            yield from _step_texts(later)


def lesson_texts(lesson: Lesson) -> list[str]:
    """Return every text a lesson shows: chapters' introductions and closings, steps' comments, feedback,
    hints and variations' comments, in order."""
    out: list[str] = []
    for chapter in lesson.chapters:
        out += [t for t in (chapter.comment,) if t]
        for step in chapter.steps:
            out += list(_step_texts(step))
        out += [t for t in (chapter.closing,) if t]
    return out


def cited_rules(lesson: Lesson) -> set[str]:
    """Return the rule IDs a lesson's texts name (:func:`lesson_texts`)."""
    return {r for text in lesson_texts(lesson) for r in rule_ids_in(text)}


__all__ = ["NOT_PLAY_SECTIONS", "VARIANT_SECTIONS", "cited_rules", "frequent_rules", "lesson_texts", "rule_sections",
           "rule_shares", "section_of"]
