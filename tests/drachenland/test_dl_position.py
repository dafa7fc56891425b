"""Positions of Drachenland (issue 13): ``game.position()`` and ``new_game(..., position=...)``.

A position reached by play round-trips (the same table, views, legal actions and future); a partial
position names only what a lesson needs and takes each component it names from where the set-up put it
(the counts of the component list and D3 hold); a position no play can reach raises ``PositionError``
naming the field. The reveals picked by hand with manual chance are tested in ``test_dl_reveal.py``.
"""

from __future__ import annotations

import json
import random
import time
from collections import Counter

import pytest

import dragonwidgets
from dragonwidgets import GameDataError, PositionError, RecordError
from dragonwidgets.engine import CHANCE
from dragonwidgets.games.drachenland.board import GEM_COUNTS, GEMS, POOL, RING_SUPPLY
from dragonwidgets.games.drachenland.setup import egg_counts
from dragonwidgets.games.drachenland.state import RING

LESSON = {  # the lesson: a volcano with two rubies, a diamond, an egg and a boatman (a token)
    "volcanoes": {"V07": {"eggs": 1, "gems": {"ruby": 2, "diamond": 1}, "token": "boatman", "face_down": False}},
    "adventurers": [{"red": "s40"}, {"green": "s20"}],
    "dice": [1, 3],
}


OWN = {"fate": 1, "boatman": 1, "baby_dragon": 1}  # DL-SETUP-2: every seat's own three tokens


def new(position, players=2, seed=1, **kw):
    return dragonwidgets.new_game("drachenland", players=players, seed=seed, position=position, **kw)


def seeded(players=2, seed=1):
    return dragonwidgets.new_game("drachenland", players=players, seed=seed)


def keen_choice(game, rng: random.Random):
    """A random choice, keener on treasure than uniform (games of about 1,500 steps instead of 3,000-10,000);
    chance outcomes (manual chance) by their probabilities."""
    legal = game.legal_actions()
    if game.current_player == CHANCE:
        return rng.choices(legal, weights=[a.prob for a in legal])[0]
    keen = [a for a in legal if a.kind in ("take", "magic_hand")
            or (a.kind in ("walk", "march", "fly", "boat") and a.targets[-1].startswith("V"))]
    if keen and rng.random() < 0.7:
        return keen[rng.randrange(len(keen))]
    return legal[rng.randrange(len(legal))]


def views(game) -> list:
    """Every seat's observation and the teacher's, without the engine's ``step``."""
    return [{k: v for k, v in game.observation(seat).items() if k != "step"} for seat in (None, *range(game.players))]


def totals(game) -> tuple:
    """(tokens of D3 on the board, in the box or gone with eggs, eggs in play, gems by colour, rings)."""
    s = game.state
    tokens = Counter(k for k in s.token.values() if k) + Counter([s.boxed])
    tokens.update(f"royal_dragon_{c}" for c, v in s.dragons.items() if v)
    eggs = sum(s.eggs.values()) + sum(h["egg"] for h in s.hoards)
    gems = {g: sum(s.gems[v][g] for v in s.gems) + sum(h[g] for h in s.hoards) for g in GEMS}
    return tokens, eggs, gems, sum(map(len, s.rings)) + s.ring_supply


# ---------------------------------------------------------------------------- round trip of play
CASES = [(2, "auto", 11), (2, "manual", 12), (3, "auto", 13), (3, "manual", 14), (4, "auto", 15), (4, "manual", 16)]


@pytest.mark.parametrize("players, chance, seed", CASES)
def test_positions_reached_by_play_round_trip(players, chance, seed):
    """Over a whole seeded game (about 100 positions per game, 600 over the six games, reveals under way and
    the end included): ``new_game(..., position=g.position())`` gives the same table, the same observation for
    every seat and the teacher, the same legal actions, and the same future for the same choices (auto
    chance draws the same dice; manual chance offers the same outcomes, reveals included)."""
    g = dragonwidgets.new_game("drachenland", players=players, seed=seed, chance=chance)
    rng = random.Random(seed)
    line, reveals = [], []
    while not g.is_over:
        line.append(g.step)
        if g.state.phase == "reveal":
            reveals.append(g.step)
        g.apply(keen_choice(g, rng))
    line.append(g.step)
    assert (chance == "manual") == bool(reveals)  # manual chance stops at reveals (test_dl_reveal.py)
    picks = sorted(set(line[:: max(1, len(line) // 100)] + reveals[:5] + [line[-1]]))
    start = time.perf_counter()
    for step in picks:
        g.goto(step)
        pos = json.loads(json.dumps(g.position()))
        twin = dragonwidgets.new_game("drachenland", position=pos, chance=chance)
        assert twin.state == g.state, f"step {step}"
        assert twin.position() == g.position()
        mine = g.clone(history=False)
        choices_a, choices_b = random.Random(step), random.Random(step)
        for _ in range(6):
            assert views(twin) == views(mine) and twin.legal_action_ids() == mine.legal_action_ids(), f"step {step}"
            if mine.is_over:
                break
            mine.apply(keen_choice(mine, choices_a))
            twin.apply(keen_choice(twin, choices_b))
    print(f"{len(picks)} positions of a {players}-player game ({chance} chance) round-tripped in "
          f"{time.perf_counter() - start:.1f} s")
    assert len(picks) >= 100


def test_a_game_from_a_position_replays_from_its_record_and_rewinds_to_the_position():
    """The record carries the position: ``from_record`` replays it exactly; ``goto(0)`` and ``undo`` come back to
    the position's table and legal actions (nothing remembered of a later table stays, ``game.memo``)."""
    g = new(LESSON, chance="manual")
    first = g.legal_action_ids()
    for step in ("die 1", "move red", "walk V07", "boat V05", "reveal V05 ring", "take ring"):
        g.apply(step)
    record = json.loads(json.dumps(g.to_record()))
    assert record["position"] == LESSON
    again = dragonwidgets.from_record(record)
    assert again.state == g.state and again.state_digest() == g.state_digest()
    g.goto(0)
    assert g.legal_action_ids() == first == new(LESSON).legal_action_ids()
    assert g.state == new(LESSON, chance="manual").state
    g.goto(g.history_length)
    g.undo()
    assert g.legal_action_ids() == ["take gems", "take egg", "take ring", "skip"]
    record["position"] = {**LESSON, "box": "fate"}
    with pytest.raises(RecordError, match="field 'box'"):
        dragonwidgets.from_record(record)


# ---------------------------------------------------------------------------- partial positions
def test_the_lesson_volcano_two_rubies_a_diamond_an_egg_and_a_boatman_DL_TREASURE_2_DL_TREASURE_4():
    """The issue's lesson in one position of four lines (``LESSON``): red walks onto V07 and chooses one take
    (DL-TREASURE-2): all the rubies (its colour, DL-TREASURE-3), one diamond, or the egg, which brings the
    boatman token (DL-TREASURE-4)."""
    g = new(LESSON)
    assert g.legal_action_ids() == ["die 1", "die 3", "end turn"]
    for step in ("die 1", "move red", "walk V07", "end movement"):
        g.apply(step)
    assert g.legal_action_ids() == ["take gems", "take diamond", "take egg", "skip"]
    g.apply("take egg")
    assert g.state.hoards[0]["egg"] == 1 and g.state.held[0]["boatman"] == 2 and g.state.token["V07"] is None


@pytest.mark.parametrize("position", [
    LESSON,
    {"tokens": [{"forced_march": 1, "magic_hand": 1}, {}], "adventurers": [{"red": "V13"}, {"blue": "s01"}]},
    {"dragons": {"red": "V13", "blue": "V02"}, "adventurers": [{"red": "V13"}, {"blue": "s01"}]},
    {"volcanoes": {"V03": {"token": None}, "V04": {"token": "ring"}}, "adventurers": [{"red": "V03"}, {"blue": "V04"}],
     "hoards": [{"egg": 1}, {}]},
    {"volcanoes": {"V01": {"gems": {"ruby": 1}, "token": "ring"}, "V13": {"gems": {"ruby": 2, "emerald": 2,
                                                                                   "diamond": 1}}},
     "adventurers": [{"red": "V01"}, {"blue": "s01"}], "hoards": [{"ruby": 2}, {}], "rings": [["red"], []],
     "box": "magic_hand"},
])
@pytest.mark.parametrize("players", [2, 4])
def test_a_partial_position_takes_what_it_names_from_the_set_up(position, players):
    """Component list, D3, D8, DL-SETUP-5..7: whatever a partial position names, the 16 dragon-head tokens, the
    eggs in play, the 57 gems and the 12 rings are all there; a volcano whose gems it does not name keeps its
    printed number of gems, at most two of a colour; what it names is so."""
    if players == 4:
        position = {**position, "adventurers": position["adventurers"] + [{"red": "s05"}, {"red": "s09"}]}
        for key in ("tokens", "hoards", "rings"):
            if key in position:
                position[key] = position[key] + [position[key][1]] * 2
    g = new(position, players=players)
    tokens, eggs, gems, rings = totals(g)
    held_beyond = Counter({k: sum(max(0, h.get(k, 0) - OWN.get(k, 0)) for h in g.state.held) for k in POOL})
    taken = [v for v in g.board.volcanoes if g.state.eggs[v] < egg_counts(g.board, players)[v]]
    assert tokens + held_beyond <= Counter(POOL)  # nothing created...
    assert tokens[RING] == POOL[RING] and all(tokens[f"royal_dragon_{c}"] == 1 for c in ("red", "green", "blue"))
    assert sum(POOL.values()) - sum(tokens.values()) <= len(taken)  # ...and what is gone went with an egg
    assert eggs == sum(egg_counts(g.board, players).values()) and gems == GEM_COUNTS and rings == RING_SUPPLY
    named = position.get("volcanoes", {})
    for v in g.board.volcanoes:
        if "gems" not in named.get(v, {}):
            assert sum(g.state.gems[v].values()) == g.board.gem_slots[v] and max(g.state.gems[v].values()) <= 2
    back = g.position()
    for v, spec in named.items():
        want = {**spec, "gems": {gem: spec["gems"].get(gem, 0) for gem in GEMS}} if "gems" in spec else spec
        assert {k: back["volcanoes"][v][k] for k in want} == want
    for seat, where in enumerate(position["adventurers"]):
        assert {c: back["adventurers"][seat][c] for c in where} == where
    assert new(back, players=players).state == g.state  # the whole table it gives loads unchanged


def test_a_partial_position_keeps_the_rest_of_the_seeded_set_up_DL_SETUP_5():
    """DL-SETUP-5: naming V07's token swaps it with the slot the set-up put a boatman in; every other volcano
    keeps the token, eggs and face the seed dealt (so two seeds give two tables around the same lesson)."""
    plain, g = seeded(), new({"volcanoes": {"V07": {"token": "boatman"}}})
    moved = [v for v in g.board.volcanoes if g.state.token[v] != plain.state.token[v]] + \
        (["box"] if g.state.boxed != plain.state.boxed else [])
    assert g.state.token["V07"] == "boatman" and len(moved) in (0, 2) and (not moved or "V07" in moved)
    assert g.state.eggs == plain.state.eggs and g.state.face_down == plain.state.face_down
    assert new({"volcanoes": {"V07": {"token": "boatman"}}}, seed=2).state.gems != g.state.gems


def test_tokens_held_beyond_a_seats_own_came_with_its_eggs_DL_TREASURE_4():
    """DL-TREASURE-4, DL-SETUP-2: a seat holding a forced march and a magic hand took them with two eggs: two
    volcanoes left out are face up with their token gone and an egg fewer, and the eggs are in its hoard."""
    g = new({"tokens": [{"forced_march": 1, "magic_hand": 1}, {}], "adventurers": [{"red": "V13"}, {"blue": "s01"}]},
            players=2)
    gone = [v for v in g.board.volcanoes if g.state.token[v] is None]
    assert len(gone) == 2 and all(v not in g.state.face_down and g.state.eggs[v] == 0 for v in gone)
    assert g.state.hoards[0]["egg"] == 2 and g.state.held[0]["forced_march"] == 1


# ---------------------------------------------------------------------------- what is refused
@pytest.mark.parametrize("position, field, words", [
    ({"volcanoes": {"V07": {"eggs": 3}}}, "volcanoes.V07.eggs", "shows 1 egg"),
    ({"volcanoes": {"V01": {"gems": {"ruby": 3}}}}, "volcanoes.V01.gems.ruby", "at most 2 gems of a colour"),
    ({"volcanoes": {"V01": {"gems": {"ruby": 2, "emerald": 2}}}}, "volcanoes.V01.gems", "shows 3 gems"),
    ({"volcanoes": {f"V0{i}": {"token": "ring"} for i in range(1, 5)}}, "volcanoes.V04.token", "the game has 3 (D3)"),
    # (issue 27, item 10: eggs and gems a hoard names alone are taken off the volcanoes left out)
    ({"hoards": [{"egg": 16}, {}], "adventurers": [{"red": "s01"}, {"red": "s02"}]}, "hoards.0.egg",
     "15 eggs are in play"),
    ({"volcanoes": {"V01": {"gems": {}}}, "adventurers": [{"red": "s01"}, {"red": "s02"}]}, "volcanoes", "57 gems"),
    ({"tokens": [{"fate": 2}, {}]}, "tokens.0.fate", "1 fate token of its own"),
    ({"rings": [["red"], []], "adventurers": [{"red": "s01"}, {"red": "s02"}]}, "rings", "DL-RING-2"),
    ({"ring_supply": 11}, "ring_supply", "12 rings"),
    ({"adventurers": [{"red": "s01"}, {"blue": "s01"}]}, "adventurers.1.blue", "one adventurer per stone"),
    ({"adventurers": [{"red": "EN"}, {}]}, "adventurers.0.red", "never an entrance"),
    ({"volcanoes": {"V07": {"token": "royal_dragon_red", "face_down": False}}}, "volcanoes.V07.token",
     "name where it stands in 'dragons'"),
    ({"volcanoes": {"V07": {"face_down": True}}, "adventurers": [{"red": "V07"}, {"red": "s02"}]},
     "volcanoes.V07.face_down", "DL-MOVE-6"),
    ({"dragons": {"red": "V07"}, "volcanoes": {"V07": {"face_down": True}}}, "volcanoes.V07.face_down", "DL-MOVE-6"),
    ({"box": "fate"}, "box", "must be one of"),
    ({"knights": {}}, "knights", "not a field of a Drachenland position"),
    ({"volcanoes": {"V99": {}}}, "volcanoes.V99", "unknown"),
    ({"volcanoes": {"V07": {"eggs": "one"}}}, "volcanoes.V07.eggs", "must be an int"),
    ({"adventurers": [{"red": "s01"}]}, "adventurers", "one entry per seat (2)"),
    ({"dice": [4, 1], "adventurers": [{"red": "s01"}, {"red": "s02"}]}, "dice.0", "DL-REC-1"),
])
def test_a_position_that_breaks_a_count_or_a_rule_is_refused_naming_the_field(position, field, words):
    """Component list, D3, D8, DL-SETUP-6/7, DL-MOVE-5/6/8, DL-RING-2, DL-DRAGON-1, DL-REC-1: the error is a
    ``PositionError`` (a ``GameDataError``) naming the field and the count or rule, and no game is made."""
    with pytest.raises(PositionError, match=f"field '{field}'") as err:
        new(position)
    assert words in str(err.value) and isinstance(err.value, GameDataError)


@pytest.mark.parametrize("position, field, words", [
    ({"turn": 0, "decision": "roll"}, "decision", "opening round (turn 0)"),
    ({"opened": 1}, "adventurers.0", "seat 0 has 0, 1 expected"),
    ({"adventurers": [{"red": "s01"}, {}]}, "adventurers.1", "every seat brought one in"),
    ({"adventurers": [{"red": "s01"}, {"red": "s02"}], "decision": "treasure"}, "dice", "name the dice"),
    ({"adventurers": [{"red": "s01"}, {"red": "s02"}], "decision": "movement", "dice": [1, 3]}, "action", "name it"),
    ({"adventurers": [{"red": "s01"}, {"red": "s02"}], "dice": [2, 2], "decision": "choose_die"}, "decision",
     "both are unused and differ"),
    ({"adventurers": [{"red": "s40"}, {"red": "s02"}], "dice": [1, 3], "action": {"adventurer": "red"},
      "decision": "treasure"}, "decision", "on a volcano"),
    ({"adventurers": [{"red": "V07"}, {"red": "s02"}], "dice": [1, 3], "decision": "magic_hand",
      "action": {"adventurer": "red", "walked": True, "moved": True, "die_spent": True, "takes": 1}}, "tokens",
     "needs a magic hand"),
    ({"adventurers": [{"red": "s01"}, {"red": "s02"}], "decision": "fate", "dice": [1, 3], "tokens": [{"fate": 0}, {}]},
     "tokens", "fate token"),
    ({"adventurers": [{"red": "s01"}, {"red": "s02"}], "decision": "over"}, "decision", "last egg"),
    ({"adventurers": [{"red": "s01"}, {"red": "s02"}], "revealing": "V03", "decision": "roll"}, "revealing",
     "'reveal'"),
])
def test_a_decision_play_cannot_stand_at_is_refused(position, field, words):
    """DL-OPEN-1/6, DL-TURN-2/3, DL-TREASURE-1, DL-HAND-1, DL-FATE-1, DL-END-1, DL-MOVE-6 (section 6): a
    decision is accepted only with the table, dice and action it needs, naming the field otherwise."""
    with pytest.raises(PositionError, match=f"field '{field}'") as err:
        new(position)
    assert words in str(err.value)


def test_a_refused_position_leaves_nothing_behind():
    """A ``PositionError`` creates no game and changes no other game (the seeded table is copied, not changed)."""
    g = new(LESSON)
    before = g.state.copy()
    with pytest.raises(PositionError):
        g._from_position(g.state, {"volcanoes": {"V07": {"eggs": 3}}})
    assert g.state == before and g.legal_action_ids() == ["die 1", "die 3", "end turn"]
