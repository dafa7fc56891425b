"""Hostile Drachenland positions and board files (issue 27, items 5, 7, 8 and 10): a clear error at once.

Every count of a position is bounded by the components before anything is built (item 5): a huge,
negative, boolean, fractional, NaN or text count is refused in well under a second with a
``PositionError`` naming the field, also through ``from_record``. The counters (``turn``,
``turns_played``, the tallies) are range-checked, also through the widget's edit intents (item 7). A
board file of any malformed shape is refused with a ``GameDataError`` naming the file and the field
(item 8). ``null`` or a left-out field is "as the seeded set-up deals it", an empty list or object is
"empty", and a hoard or an emptied volcano takes its components from the table itself (item 10).
"""

from __future__ import annotations

import copy
import json
import re
import time

import pytest

import dragonwidgets
from dragonwidgets import GameDataError, PositionError
from dragonwidgets.engine.errors import DragonwidgetsError
from dragonwidgets.games.drachenland.board import BUNDLED_BOARD, COMPONENTS, GEM_COUNTS, GEMS, POOL, _Checker
from dragonwidgets.games.drachenland.position_read import MOST_TURNS
from dragonwidgets.widgets import DrachenlandWidget

#: What an outside review fed into every count: huge, negative, past 64 bits, a bool, a fraction, NaN, a text.
HOSTILE = [10**18, 10**8, -1, 2**63, True, 1.5, float("nan"), "3"]
#: Generous: the issue asks for under 50 ms; the figures measured are in the report of issue 27.
FAST = 0.5
#: Both adventurers on the board and the dice rolled: turn 1, the counters of a normal turn apply.
PLAYING = {"adventurers": [{"red": "s40"}, {"green": "s20"}], "dice": [1, 3]}
ACTION = {**PLAYING, "decision": "movement", "chosen_die": 0, "used": ["red"], "dice_used": [True, False]}

#: field named in the error -> the position that puts a value there (2 players).
COUNT_FIELDS = {
    "volcanoes.V07.eggs": lambda v: {"volcanoes": {"V07": {"eggs": v}}},
    "volcanoes.V07.gems.ruby": lambda v: {"volcanoes": {"V07": {"gems": {"ruby": v, "emerald": 1, "diamond": 1}}}},
    "ring_supply": lambda v: {**PLAYING, "ring_supply": v},
    "tokens.0.fate": lambda v: {"tokens": [{"fate": v}, {}]},
    "tokens.1.boatman": lambda v: {**PLAYING, "tokens": [{}, {"boatman": v}]},
    "tokens.0.magic_hand": lambda v: {**PLAYING, "tokens": [{"magic_hand": v}, {}]},
    "tokens.1.forced_march": lambda v: {**PLAYING, "tokens": [None, {"forced_march": v}]},
    "hoards.0.egg": lambda v: {**PLAYING, "hoards": [{"egg": v}, {}]},
    "hoards.1.emerald": lambda v: {**PLAYING, "hoards": [{}, {"emerald": v}]},
    "hoards.0.diamond": lambda v: {**PLAYING, "hoards": [{"diamond": v}, None]},
    "turn": lambda v: {**PLAYING, "turn": v},
    "opened": lambda v: {"opened": v},
    "active": lambda v: {**PLAYING, "active": v},
    "chosen_die": lambda v: {**PLAYING, "chosen_die": v},
    "dice.0": lambda v: {**PLAYING, "dice": [v, 3]},
    "action.die": lambda v: {**ACTION, "action": {"adventurer": "red", "die": v}},
    "action.die_value": lambda v: {**ACTION, "action": {"adventurer": "red", "die_value": v}},
    "action.takes": lambda v: {**ACTION, "action": {"adventurer": "red", "takes": v}},
    "turns_played": lambda v: {**PLAYING, "turns_played": v},
    "flights.0": lambda v: {**PLAYING, "flights": [v, 0]},
    "calls.1": lambda v: {**PLAYING, "calls": [0, v]},
}


def names_field(message: str, field: str) -> bool:
    """Whether the error ``message`` names ``field`` (``tokens.0.fate``; ``tokens[0].fate`` and a record's
    ``position.tokens...`` name it too)."""
    dotted = re.sub(r"\[(\d+)\]", r".\1", message)
    return re.search(rf"['.]{re.escape(field)}\b", dotted) is not None


def _new(position, players=2, seed=1, **options):
    return dragonwidgets.new_game("drachenland", players=players, seed=seed, position=position, **options)


def _refused_fast(make_game, field: str, error=DragonwidgetsError) -> float:
    start = time.perf_counter()
    with pytest.raises(error) as caught:
        make_game()
    took = time.perf_counter() - start
    assert names_field(str(caught.value), field), str(caught.value)
    assert took < FAST, f"{field}: refused in {took:.3f} s"
    return took


# ---------------------------------------------------------------- item 5
def test_item5_drachenland_the_count_fields_are_accepted_in_range():
    """The battery's positions are sound with a fitting value, so each hostile value is what is refused."""
    fine = {"volcanoes.V07.eggs": 1, "volcanoes.V07.gems.ruby": 1, "ring_supply": 12, "tokens.0.fate": 1,
            "tokens.1.boatman": 0, "tokens.0.magic_hand": 0, "tokens.1.forced_march": 0, "hoards.0.egg": 0,
            "hoards.1.emerald": 0, "hoards.0.diamond": 0, "turn": 1, "opened": 0, "active": 0, "chosen_die": None,
            "dice.0": 1, "turns_played": 0, "flights.0": 0, "calls.1": 0}
    for field, value in fine.items():
        _new(COUNT_FIELDS[field](value))


@pytest.mark.parametrize("field", COUNT_FIELDS)
def test_item5_drachenland_hostile_counts_refused_fast_naming_the_field(field):
    """Item 5: every count field, fed every hostile value, raises PositionError naming it, at once
    (``tokens: [{"fate": 10**18}, {}]`` never returned: 2.3 GB in 8 s)."""
    for value in HOSTILE:
        _refused_fast(lambda: _new(COUNT_FIELDS[field](value)), field, PositionError)


def test_item5_drachenland_held_tokens_bounded_by_the_components():
    """Item 5: a seat holds at most its own token of a kind (DL-SETUP-2) and the pool's (D3)."""
    with pytest.raises(PositionError, match=r"'tokens\.0\.fate': must be in 0\.\.1"):
        _new({"tokens": [{"fate": 10**18}, {}]})
    top = 1 + POOL["boatman"]
    with pytest.raises(PositionError, match=rf"'tokens\.0\.boatman': must be in 0\.\.{top}"):
        _new({"tokens": [{"boatman": top + 1}, {}]})
    with pytest.raises(PositionError, match=rf"'hoards\.1\.diamond': must be in 0\.\.{GEM_COUNTS['diamond']}"):
        _new({**PLAYING, "hoards": [{}, {"diamond": 10**18}]})


@pytest.mark.parametrize("field", ["tokens.0.fate", "hoards.0.egg", "turn", "flights.0"])
def test_item5_drachenland_hostile_counts_through_from_record(field):
    """Item 5: a record whose position holds a hostile count is refused as fast, naming the field."""
    record = _new(PLAYING).to_record()
    for value in (10**18, 2**63, -1, float("nan")):
        hostile = {**record, "position": {**record["position"], **COUNT_FIELDS[field](value)}}
        _refused_fast(lambda: dragonwidgets.from_record(hostile), field)


# ---------------------------------------------------------------- item 7
def test_item7_drachenland_counters_are_range_checked():
    """Item 7: ``turn`` is at most MOST_TURNS (the rules set no end, DL-INT-30), or the turn cap's round
    after the cap; ``turns_played`` at most the seats' turns so far; a seat's flights and calls at most
    two a turn (a 4 on each die) plus its baby dragons (DL-DRAGON-4..6, DL-BABY-1)."""
    for turn in (10**30, MOST_TURNS + 1):
        with pytest.raises(PositionError, match=rf"'turn': must be in 0\.\.{MOST_TURNS}"):
            _new({**PLAYING, "turn": turn})
    _new({**PLAYING, "turn": MOST_TURNS, "turns_played": 0})
    with pytest.raises(PositionError, match=r"'turn': must be in 0\.\.21"):
        _new({**PLAYING, "turn": 22}, turn_cap=20)
    with pytest.raises(PositionError, match=r"'turns_played': must be in 0\.\.7"):
        _new({**PLAYING, "turn": 4, "turns_played": 8})
    babies = 1 + POOL["baby_dragon"]
    with pytest.raises(PositionError, match=rf"'flights\.0': must be in 0\.\.{2 * 3 + babies}"):
        _new({**PLAYING, "turn": 3, "flights": [10**30, 0]})
    with pytest.raises(PositionError, match=r"'calls\.1'"):
        _new({**PLAYING, "turn": 3, "flights": [0, 4], "calls": [0, 6]})


def test_item7_drachenland_counters_checked_through_an_edit_intent():
    """Item 7: the widget's edit mode judges an edit with the same checks: refused, the draft unchanged."""
    w = DrachenlandWidget(players=2, seed=2, playing=False)
    w._handle_custom_msg({"kind": "edit_start"}, [])
    assert w.editing and w.last_error == ""
    draft = json.dumps(w.edit_position, sort_keys=True)
    for ops, field in (([[["turn"], 10**30]], "turn"), ([[["tokens", 0, "fate"], 10**18]], "tokens.0.fate"),
                       ([[["flights", 1], -3]], "flights.1"), ([[["ring_supply"], 2**63]], "ring_supply")):
        w._handle_custom_msg({"kind": "edit", "ops": ops}, [])
        assert names_field(w.last_error, field), w.last_error
        assert json.dumps(w.edit_position, sort_keys=True) == draft


# ---------------------------------------------------------------- item 8
def _board_data():
    return json.loads(BUNDLED_BOARD.read_text())


def _components():
    return _Checker(str(COMPONENTS)).components(json.loads(COMPONENTS.read_text()))


def _places(value, path=()):
    """Yield the path of every value inside ``value`` (lists and objects included, the root excluded)."""
    if isinstance(value, dict):
        items = value.items()
    elif isinstance(value, list):
        items = enumerate(value)
    else:
        return
    for key, inner in items:
        yield (*path, key)
        yield from _places(inner, (*path, key))


def _shape(path) -> tuple:
    """The kind of place: list indices beyond the first two of a list are the same kind (``paths[*]``)."""
    return tuple("*" if isinstance(k, int) and k > 1 else k for k in path)


def test_item8_drachenland_board_file_issue_example_names_the_file_and_field(tmp_path):
    """Item 8: ``paths[6][1] = {}`` raised TypeError; now GameDataError naming the file and the field."""
    data = _board_data()
    data["paths"][6][1] = {}
    file = tmp_path / "board.json"
    file.write_text(json.dumps(data))
    with pytest.raises(GameDataError, match=rf"{re.escape(str(file))}: field 'paths\[6\]\[1\]'"):
        dragonwidgets.new_game("drachenland", players=2, seed=1, board_file=str(file))


def test_item8_drachenland_board_file_every_malformed_shape_is_a_clear_error():
    """Item 8: every kind of place of the board file (each key, the first entries of each list), replaced by
    ``{}``, ``[]``, ``None``, ``"x"``, ``-1``, ``true`` or ``10**18``, gives a board or a GameDataError that
    names the file and the field: never another exception."""
    base, comp = _board_data(), _components()
    seen, tried, refused = set(), 0, 0
    for path in _places(base):
        if _shape(path) in seen:
            continue
        seen.add(_shape(path))
        for value in ({}, [], None, "x", -1, True, 10**18):
            data = copy.deepcopy(base)
            node = data
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = value
            tried += 1
            try:
                _Checker("mutated.json").board(data, comp)
            except GameDataError as e:
                refused += 1
                assert str(e).startswith("mutated.json: field '"), str(e)
    assert tried > 300 and refused > tried // 2, (tried, refused)


# ---------------------------------------------------------------- item 10
def _totals(g) -> tuple[int, dict]:
    """The eggs and gems of the table, wherever they are (volcanoes, hoards)."""
    p = g.position()
    eggs = sum(x["eggs"] for x in p["volcanoes"].values()) + sum(h["egg"] for h in p["hoards"])
    gems = {gem: sum(x["gems"][gem] for x in p["volcanoes"].values()) + sum(h[gem] for h in p["hoards"])
            for gem in GEMS}
    return eggs, gems


def test_item10_drachenland_null_is_as_set_up():
    """Item 10: ``null`` (a field, or a seat's entry) is as the seeded set-up deals it, as in Emerald's
    ``hands``; ``hoards: null`` was refused."""
    plain = _new(PLAYING).position()
    for nulls in ({"hoards": None}, {"hoards": [None, None]}, {"tokens": None}, {"tokens": [None, {"fate": None}]},
                  {"rings": None}, {"rings": [None, []]}, {"dragons": None}, {"volcanoes": None},
                  {"ring_supply": None}):
        assert _new({**PLAYING, **nulls}).position() == plain, nulls
    assert _new({"adventurers": [None, None]}).position() == _new({}).position()
    # Empty is empty: no ring worn; {} for a seat's tokens or hoard names no kind (each kind is a field).
    g = _new({**PLAYING, "rings": [[], []], "tokens": [{}, {}], "hoards": [{}, {}]})
    assert g.position()["rings"] == [[], []] and g.position() == plain


def test_item10_drachenland_hoard_gems_and_eggs_come_off_the_volcanoes():
    """Item 10: a hoard named alone is filled from the table: its gems and eggs are taken off the volcanoes
    the position leaves out (the last first), each first egg with its token (DL-TREASURE-4); nothing is
    created (18 eggs less the box, 57 gems). Before, the gems had to be taken off a named volcano by hand."""
    in_play = _totals(_new(PLAYING))[0]
    g = _new({**PLAYING, "hoards": [{"egg": 2, "ruby": 3, "diamond": 1}, {"emerald": 4}]})
    p = g.position()
    assert p["hoards"][0]["egg"] == 2 and p["hoards"][0]["ruby"] == 3 and p["hoards"][1]["emerald"] == 4
    assert _totals(g) == (in_play, GEM_COUNTS)
    emptied = [v for v, x in p["volcanoes"].items() if x["eggs"] == 0]
    assert len(emptied) == 2 and all(p["volcanoes"][v]["token"] is None and not p["volcanoes"][v]["face_down"]
                                     for v in emptied)
    g.apply(g.legal_action_ids()[0])  # a table that plays


@pytest.mark.parametrize("volcano", ["V06", "V01", "V03"])  # a boatman, a forced march, a baby dragon (seed 1)
def test_item10_drachenland_an_emptied_volcano_gives_up_its_token(volcano):
    """Item 10: a volcano named with no egg left loses its token with its first egg (DL-TREASURE-4) without
    ``"token": null``; before, only the error said so."""
    token = _new(PLAYING).position()["volcanoes"][volcano]["token"]
    assert token in ("boatman", "forced_march", "baby_dragon")
    p = _new({**PLAYING, "volcanoes": {volcano: {"eggs": 0}}, "hoards": [{"egg": 1}, {}]}).position()
    assert p["volcanoes"][volcano]["token"] is None and p["hoards"][0]["egg"] == 1


def test_item10_drachenland_docs_say_the_null_rule_and_what_is_taken_from_where():
    """Item 10: help(dragonwidgets.games.drachenland.position) says the null/empty rule, that a partial list
    is refused, and where the components a position names come from."""
    import dragonwidgets.games.drachenland.position as module

    doc = " ".join(module.__doc__.split())
    for words in ("``null``", "as the seeded set-up deals it", "empty", "refused",
                  "taken off the volcanoes the position leaves out"):
        assert words in doc, words
