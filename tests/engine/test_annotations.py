"""Annotated games (issue 28 item 2): comments on the states of a line (``game.annotate``), the old line
kept as a variation when an annotated game branches at a past step (a study's move tree), and records that
round-trip both (records written before them read as games without comments)."""

from __future__ import annotations

import copy
import json
import random

import pytest

import dragonwidgets
from dragonwidgets import HistoryError, RecordError
from dragonwidgets.engine import GAMES, game_class
from dragonwidgets.engine.history import MAX_COMMENT_CHARS


def _played(name: str = "emerald", steps: int = 6, seed: int = 3) -> dragonwidgets.engine.Game:
    g = dragonwidgets.new_game(name, players=game_class(name).min_players + 1, seed=seed)
    rng = random.Random(seed)
    while g.step < steps and not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    return g


def _ids(g) -> list[str]:
    return [e.action.id for e in g.history]


def test_annotate_writes_and_blank_text_removes_a_comment():
    g = _played()
    g.annotate(0, "The start.")
    g.annotate(3, "A good move.")
    assert g.comment(3) == "A good move." and g.comments == {0: "The start.", 3: "A good move."}
    g.annotate(3, "  ")
    assert g.comment(3) is None and g.comments == {0: "The start."}


@pytest.mark.parametrize("step, text, error", [
    (-1, "x", HistoryError), (99, "x", HistoryError), (True, "x", HistoryError), ("2", "x", HistoryError),
    (1, 5, TypeError), (1, "x" * (MAX_COMMENT_CHARS + 1), ValueError),
])
def test_annotate_refuses_a_bad_step_or_text_and_changes_nothing(step, text, error):
    g = _played()
    g.annotate(2, "kept")
    before = (g.to_record(), g.step)
    with pytest.raises(error):
        g.annotate(step, text)
    assert (g.to_record(), g.step) == before


def test_a_game_without_comments_drops_the_old_line_when_it_branches():
    g = _played()
    g.goto(2)
    g.apply(g.legal_actions()[-1])
    assert g.variations(2) == [] and g.history_length == 3


def test_an_annotated_game_keeps_the_old_line_as_a_variation_with_its_comments():
    g = _played(steps=6)
    old = g.history[2:]
    g.annotate(1, "before the branch")
    g.annotate(4, "on the old line")
    g.goto(2)
    replaced = old[0].action.id
    new = next(a for a in g.legal_actions() if a.id != replaced)
    g.apply(new)
    assert _ids(g)[2] == new.id and g.history_length == 3
    [line] = g.variations(2)
    assert [a["id"] for a in line["actions"]] == [e.action.id for e in old]
    assert [a["auto"] for a in line["actions"]] == [e.auto for e in old]
    assert line["comments"] == {"2": "on the old line"}  # step 4 is the old line's 2nd entry from step 2
    assert g.comments == {1: "before the branch"}  # the main line keeps what lies before the branch


def test_branching_again_nests_the_later_variation_inside_the_line_it_came_from():
    g = _played(steps=6)
    g.annotate(0, "study")
    g.goto(4)
    g.apply(next(a for a in g.legal_actions() if a.id != _ids(g)[4]))  # a variation at 4
    first_line = _ids(g)
    g.goto(2)
    g.apply(next(a for a in g.legal_actions() if a.id != first_line[2]))  # the whole line becomes one at 2
    [line] = g.variations(2)
    assert [a["id"] for a in line["actions"]] == first_line[2:]
    assert list(line["variations"]) == ["2"] and g.variations(4) == []


def test_a_kept_variation_replays_to_the_state_the_old_line_reached():
    g = _played(steps=6)
    end_digest = g.state_digest()
    g.annotate(0, "study")
    g.goto(2)
    g.apply(next(a for a in g.legal_actions() if a.id != _ids(g)[2]))
    [line] = g.variations(2)
    again = dragonwidgets.from_record(g.to_record())
    again.goto(2)
    for entry in line["actions"]:
        again._replay(entry["id"], auto=entry["auto"])
    assert again.state_digest() == end_digest


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_record_round_trips_comments_and_variations(name):
    g = _played(name, steps=8, seed=5)
    g.annotate(0, "The table.")
    g.annotate(g.step, "Where we stand.")
    g.goto(3)
    g.apply(g.legal_actions()[-1] if g.legal_actions()[-1].id != _ids(g)[3] else g.legal_actions()[0])
    g.annotate(g.step, "The new line.")
    record = json.loads(json.dumps(g.to_record()))
    assert set(record["comments"]) == {"0", str(g.step)} and "3" in record["variations"]
    again = dragonwidgets.from_record(record)
    assert again.comments == g.comments
    assert again.variations(3) == g.variations(3)
    assert again.to_record() == record


def test_a_record_written_before_annotations_reads_without_comments():
    g = _played()
    record = g.to_record()
    assert "comments" not in record and "variations" not in record  # a game never annotated writes neither
    again = dragonwidgets.from_record(record)
    assert again.comments == {} and all(again.variations(s) == [] for s in range(again.history_length + 1))


def _annotated_record() -> dict:
    g = _played(steps=6)
    g.annotate(1, "one")
    g.goto(2)
    g.apply(next(a for a in g.legal_actions() if a.id != _ids(g)[2]))
    return g.to_record()


@pytest.mark.parametrize("change, field", [
    (lambda r: r.update(comments={"99": "far"}), "comments"),
    (lambda r: r.update(comments={"1": 5}), "comments['1']"),
    (lambda r: r.update(comments=["x"]), "comments"),
    (lambda r: r["variations"]["2"][0]["actions"][1].update(id="fly away"), "variations['2'][0].actions[1]"),
    (lambda r: r["variations"]["2"][0]["actions"][0].update(player=7), "variations['2'][0].actions[0]"),
    (lambda r: r["variations"]["2"][0].update(actions=[]), "variations['2'][0]"),
    (lambda r: r["variations"]["2"][0].update(colour="red"), "variations['2'][0]"),
    (lambda r: r["variations"].update({"x": []}), "variations"),
    (lambda r: r["variations"]["2"][0].update(comments={"1": None}), "variations['2'][0].comments['1']"),
])
def test_a_record_with_bad_annotations_is_refused_naming_the_field(change, field):
    record = _annotated_record()
    bad = copy.deepcopy(record)
    change(bad)
    with pytest.raises(RecordError) as e:
        dragonwidgets.from_record(bad)
    assert field in str(e.value)
    assert dragonwidgets.from_record(record).comments == {1: "one"}  # the good record still reads


def test_search_copies_carry_no_comments_and_cannot_be_annotated():
    g = _annotated_record()
    g = dragonwidgets.from_record(g)
    copy_ = g.clone(history=False)
    assert copy_._comments == {} and copy_._variations == {}
    twin = g.determinize(0, random.Random(1))
    assert twin._comments == {} and twin._variations == {}
    with pytest.raises(HistoryError):
        copy_.annotate(0, "no past here")
    assert g.clone().comments == g.comments  # a full copy keeps them
