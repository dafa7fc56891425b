"""Every rule ID resolves to a text shipped in the package (issue 13, part 3).

Every ID the package names anywhere (an action's ``rules``, an ``explain()`` answer, an event's text, a
docstring or comment in the package, a notebook) resolves with ``dragonwidgets.rule_text``; and, where the
developers' rules digests stand beside the repository (as in CI), every ID they define has a text.
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest

import dragonwidgets
from dragonwidgets.engine import GAMES, game_class
from dragonwidgets.engine.rules import RULE_ID_IN_TEXT, Rule, rule, rule_ids_in, rule_text, rules

ROOT = Path(__file__).resolve().parents[2]
DIGESTS = ROOT.parent / "shared" / "rules"
PREFIX = {"emerald": "EM", "drachenland": "DL", "chasse_au_dragon": "CD", "draghan": "DG"}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_games_rules_load_with_their_prefix_and_sections(game):
    got = rules(game)
    assert len(got) > 50 and all(isinstance(r, Rule) for r in got)
    assert all(r.id.startswith(PREFIX[game] + "-") for r in got)
    assert len({r.id for r in got}) == len(got)
    assert all(r.section and 20 <= len(r.text) <= 700 for r in got)
    assert not any("-EX-" in r.id for r in got), "worked examples are not rules"
    assert not any("digest" in r.text.lower() or "shared/" in r.text for r in got)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_interpretations_name_options_the_game_has(game):
    """Each ``*-INT-n`` with an option names an option the game has, and says its name in its text; only
    interpretations name options."""
    defaults = game_class(game).option_defaults
    named = {r.option for r in rules(game) if r.option}
    assert named <= set(defaults), sorted(named - set(defaults))
    assert all(r.id.split("-")[1] == "INT" for r in rules(game) if r.option)
    for r in rules(game):
        if r.option:
            assert f"`{r.option}" in r.text or r.option in r.text, f"{r.id} should name {r.option} in its text"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rule_the_digest_defines_has_a_text(game):
    if not DIGESTS.is_dir():
        if os.environ.get("CI"):
            pytest.fail(f"CI runs with the rules digests beside the repository, but {DIGESTS} is missing")
        pytest.skip("the developers' rules digests (../shared/rules) are not beside this checkout")
    text = (DIGESTS / f"{game}.md").read_text(encoding="utf-8")
    defined = dict.fromkeys(re.findall(rf"\b({PREFIX[game]}-[A-Z0-9]+-\d+[a-z]?)\b", text))
    wanted = [i for i in defined if "-EX-" not in i]
    have = {r.id for r in rules(game)}
    assert [i for i in wanted if i not in have] == []
    assert sorted(have - set(wanted)) == [], "a text for an ID the rules do not define"


def test_unknown_rule_raises_key_error_naming_close_matches():
    with pytest.raises(KeyError, match=r"no rule 'EM-MOVE-99'; did you mean EM-MOVE-"):
        rule_text("EM-MOVE-99")
    with pytest.raises(KeyError, match="no rule 'nonsense'"):
        rule_text("nonsense")
    assert rule("EM-MOVE-1").text == rule_text("EM-MOVE-1")
    assert rule_ids_in("see EM-MOVE-1 and DL-VAR1-1, not EM-MOVE") == ["EM-MOVE-1", "DL-VAR1-1"]


def _unresolved(ids) -> list[str]:
    out = []
    for i in ids:
        if "-EX-" in i:
            continue  # a worked example cited as such, not a rule
        try:
            rule_text(i)
        except KeyError:
            out.append(i)
    return sorted(set(out))


def test_every_id_in_the_package_source_and_notebooks_resolves():
    """Docstrings, comments, data files and notebooks of the package name only rules that exist."""
    cited: set[str] = set()
    for path in [*(ROOT / "dragonwidgets").rglob("*.py"), *(ROOT / "dragonwidgets").rglob("*.json"),
                 *(ROOT / "notebooks").rglob("*.ipynb"), *(ROOT / "js").rglob("*.js"), ROOT / "README.md"]:
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".ipynb":  # the cells and their outputs, not saved widget state (bundled JS)
            book = json.loads(text)
            text = "\n".join("".join(c.get("source", "")) + json.dumps(c.get("outputs", [])) for c in book["cells"])
        cited.update(RULE_ID_IN_TEXT.findall(text))
    assert len(cited) > 300
    assert _unresolved(cited) == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_id_in_actions_explanations_and_events_resolves(game):
    """Seeded random play with manual chance: every legal action's rules, every explain() answer for a
    legal and an illegal id, and every event text name only rules that resolve."""
    players = game_class(game).max_players
    g = dragonwidgets.new_game(game, players=players, seed=3, chance="manual")
    rng = random.Random(3)
    cited: set[str] = set()
    for _ in range(1500):
        if g.is_over:
            break
        legal = g.legal_actions()
        for a in legal:
            cited.update(a.rules)
        action = rng.choices(legal, weights=[a.prob for a in legal])[0] if g.is_chance_node else rng.choice(legal)
        cited.update(rule_ids_in(g.explain(action.id)))
        cited.update(rule_ids_in(g.explain("no such action")))
        for e in g.apply(action):
            cited.update(rule_ids_in(e.text))
    assert cited
    assert _unresolved(cited) == []


@pytest.mark.parametrize("game", sorted(GAMES))
def test_explain_quotes_the_text_of_every_rule_it_names(game):
    g = dragonwidgets.new_game(game, players=game_class(game).min_players, seed=2)
    for action in g.legal_actions()[:5]:
        lines = g.explain(action.id).splitlines()
        assert lines[0].startswith(f"{action.id!r} is legal")
        assert lines[1:] == [f"  {r}: {rule_text(r)}" for r in dict.fromkeys(action.rules)]
    refusal = g.explain("no such action").splitlines()
    assert refusal[1:] == [f"  {r}: {rule_text(r)}" for r in rule_ids_in(refusal[0])]
