"""Scoring (DL-SCORE-1..6) with the rulebook's example R-6 (DL-REC-5), the scenarios T-12..T-15, the
interpretations DL-INT-25/26/27 and the ``diamonds_replace_eggs`` option."""

from __future__ import annotations

import json
import random
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dragonwidgets
from dragonwidgets.games.drachenland import DrachenlandGame
from dragonwidgets.games.drachenland.scoring import best_sets, score
from dragonwidgets.games.drachenland.state import OVER

ALL_RINGS = {"red", "green", "blue"}


def hoard(E=0, R=0, G=0, S=0, D=0) -> dict[str, int]:
    return {"egg": E, "ruby": R, "emerald": G, "sapphire": S, "diamond": D}


def finished(players: int, hoards: list[dict[str, int]], rings: list[set[str]], **options) -> DrachenlandGame:
    """Return a game whose table is a finished one: every egg taken into the given hoards, the given rings worn."""
    g = DrachenlandGame(players=players, seed=1, **options)
    s = g.state
    assert sum(h["egg"] for h in hoards) == s.eggs_left  # the game ends only when every egg is taken (DL-END-1)
    for v in s.eggs:
        s.eggs[v] = 0
    s.eggs_left = 0
    s.hoards = [dict(h) for h in hoards]
    s.rings = [set(r) for r in rings]
    s.ring_supply -= sum(len(r) for r in rings)
    s.phase = OVER
    s.end_reason = "the last egg was taken (built for the test)"
    g._legal_cache = None
    return g


# ---------------------------------------------------------------------- R-6 (DL-REC-5)

def test_R_6_rulebook_example_45_against_43():
    """R-6, DL-REC-5, DL-SCORE-1..6: A gives back 3 emeralds and scores 45 (k*=4); B scores 43 (k*=4)."""
    a = score(hoard(4, 7, 3, 6, 4), rings={"red", "blue"})
    b = score(hoard(5, 6, 4, 4, 0), rings=ALL_RINGS)
    assert a == {"returned": {"emerald": 3}, "kept": hoard(4, 7, 0, 6, 4), "sets": 4, "score": 45}
    assert b == {"returned": {}, "kept": hoard(5, 6, 4, 4, 0), "sets": 4, "score": 43}
    # the rulebook's columns: A = 10, 10, 10, 10, 3, 2, 0; B = 10, 10, 10, 10, 2, 1
    assert 4 * 10 + 3 + 2 + 0 == a["score"] and 4 * 10 + 2 + 1 == b["score"]


def test_R_6_in_a_finished_game_A_ranks_above_B():
    """R-6, DL-SCORE-5, DL-REC-5: in a 3-player game (C holds the other 9 eggs) A wins with 45, B has 43."""
    g = finished(3, [hoard(4, 7, 3, 6, 4), hoard(5, 6, 4, 4, 0), hoard(9)], [{"red", "blue"}, ALL_RINGS, set()])
    out = g.outcome()
    assert g.is_over and out.scores == {0: 45, 1: 43, 2: 9}
    assert out.winners == [0] and g.winners() == [0]
    obs = g.observation(1)
    assert obs["outcome"]["scores"] == {"0": 45, "1": 43, "2": 9} and obs["outcome"]["winners"] == [0]
    assert [f["score"] for f in obs["final"]] == [45, 43, 9]
    assert obs["final"][0]["returned"] == {"emerald": 3} and obs["final"][0]["sets"] == 4


# ---------------------------------------------------------------------- DL-SCORE-1..6

def test_DL_SCORE_1_gems_of_ringless_colours_are_given_back():
    """DL-SCORE-1, DL-RING-5: each colour without a ring loses its gems; diamonds and eggs stay (DL-INT-25)."""
    h = hoard(2, 3, 4, 5, 2)
    assert score(h, ALL_RINGS)["returned"] == {}
    assert score(h, {"green"})["returned"] == {"ruby": 3, "sapphire": 5}
    none = score(h, set())
    assert none["returned"] == {"ruby": 3, "emerald": 4, "sapphire": 5}
    assert none["kept"] == hoard(2, 0, 0, 0, 2)
    assert none["sets"] == 0 and none["score"] == 4  # 2 eggs + 2 diamonds, 1 point each
    assert h == hoard(2, 3, 4, 5, 2)  # scoring never changes the hoard itself


def test_DL_SCORE_2_a_set_is_worth_ten():
    """DL-SCORE-2: one egg, one ruby, one emerald and one sapphire score 10 together."""
    assert score(hoard(1, 1, 1, 1), ALL_RINGS) == {"returned": {}, "kept": hoard(1, 1, 1, 1), "sets": 1, "score": 10}
    assert score(hoard(3, 3, 3, 3), ALL_RINGS)["score"] == 30


def test_DL_SCORE_3_diamonds_replace_any_gem_but_not_an_egg():
    """DL-SCORE-3, DL-INT-25: a diamond completes a set missing a gem of any colour, never one missing an egg."""
    for missing in ("ruby", "emerald", "sapphire"):
        h = hoard(1, 1, 1, 1, 1)
        h[missing] = 0
        assert score(h, ALL_RINGS)["sets"] == 1 and score(h, ALL_RINGS)["score"] == 10
    assert score(hoard(0, 1, 1, 1, 1), ALL_RINGS) == {"returned": {}, "kept": hoard(0, 1, 1, 1, 1), "sets": 0,
                                                       "score": 4}


def test_DL_SCORE_4_items_outside_sets_score_one_each():
    """DL-SCORE-4: every egg or gem not in a set scores 1, leftover diamonds included."""
    assert score(hoard(0, 2, 0, 0, 3), ALL_RINGS)["score"] == 5
    # need(2) = 1 + 1 + 1 = 3 > 2 diamonds, so one set: 10 + the other egg + both diamonds (unused) = 13
    assert score(hoard(2, 1, 1, 1, 2), ALL_RINGS)["score"] == 10 + 1 + 2
    assert score(hoard(1, 4, 1, 1, 0), ALL_RINGS)["score"] == 10 + 3  # three rubies left over


def test_DL_SCORE_5_highest_score_wins():
    """DL-SCORE-5: the single highest score wins, whoever holds the most eggs."""
    g = finished(2, [hoard(10), hoard(5, 5, 5, 5)], [ALL_RINGS, ALL_RINGS])
    assert g.outcome().scores == {0: 10, 1: 50} and g.winners() == [1]


@pytest.mark.parametrize("E, R, G, S, D, k, points", [
    (3, 5, 1, 0, 3, 2, 24),  # T-12
    (0, 4, 4, 4, 2, 0, 14),  # T-13
    (1, 0, 0, 0, 3, 1, 10),  # T-13 also: egg + 3 diamonds
    (4, 7, 0, 6, 4, 4, 45),  # R-6 A after giving back
    (5, 6, 4, 4, 0, 4, 43),  # R-6 B
    (2, 0, 2, 2, 0, 0, 6),  # T-14 without a red ring
    (2, 5, 2, 2, 0, 2, 23),  # T-14 with a red ring
    (0, 0, 0, 0, 0, 0, 0),
    (6, 0, 0, 0, 9, 3, 33),  # diamonds alone fill 3 sets: 15 items + 18
])
def test_DL_SCORE_6_formula(E, R, G, S, D, k, points):
    """DL-SCORE-6: k* = the largest k <= E with need(k) <= D; score = N + 6 k*."""
    assert best_sets(E, R, G, S, D) == k
    assert score(hoard(E, R, G, S, D), ALL_RINGS)["score"] == points == E + R + G + S + D + 6 * k


def test_T_12_diamonds_as_jokers():
    """T-12, DL-SCORE-6: E3 R5 G1 S0 D3: need(3) = 5 > 3, need(2) = 3 <= 3, so k* = 2 and 24 points."""
    need = lambda k, R=5, G=1, S=0: max(0, k - R) + max(0, k - G) + max(0, k - S)  # noqa: E731
    assert need(3) == 5 and need(2) == 3
    s = score(hoard(3, 5, 1, 0, 3), ALL_RINGS)
    assert s["sets"] == 2 and s["score"] == 24 == 2 * 10 + 1 + 3


def test_T_13_diamonds_cannot_replace_eggs():
    """T-13, DL-INT-25: E0 R4 G4 S4 D2 scores 14 (no set without an egg); E1 D3 scores 10."""
    assert score(hoard(0, 4, 4, 4, 2), ALL_RINGS) == {"returned": {}, "kept": hoard(0, 4, 4, 4, 2), "sets": 0,
                                                       "score": 14}
    assert score(hoard(1, 0, 0, 0, 3), ALL_RINGS)["score"] == 10


def test_T_14_colour_lost_without_a_ring():
    """T-14, DL-SCORE-1, DL-RING-5: E2 R5 G2 S2 with red unringed gives back 5 rubies: 6; with a red ring 23."""
    without = score(hoard(2, 5, 2, 2), {"green", "blue"})
    assert without["returned"] == {"ruby": 5} and without["kept"] == hoard(2, 0, 2, 2)
    assert without["sets"] == 0 and without["score"] == 6
    ringed = score(hoard(2, 5, 2, 2), ALL_RINGS)
    assert ringed["sets"] == 2 and ringed["score"] == 23 == 11 + 12


def test_T_15_tie_both_winners():
    """T-15, DL-INT-27, DL-SCORE-5: final scores 31, 31, 27: both players with 31 are winners."""
    hoards = [hoard(4, 3, 3, 3, 0), hoard(7, 2, 1, 7, 3), hoard(7, 0, 7, 6, 1)]
    rings = [ALL_RINGS, {"red", "blue"}, ALL_RINGS]
    g = finished(3, hoards, rings)
    out = g.outcome()
    assert out.scores == {0: 31, 1: 31, 2: 27}
    assert out.winners == [0, 1] and g.winners() == [0, 1]
    obs = g.observation(2)
    assert obs["outcome"]["winners"] == [0, 1] and obs["is_over"] and obs["decision"] is None
    json.dumps(obs)  # the outcome is JSON-ready


def test_DL_INT_27_everyone_tied():
    """DL-INT-27: with every score equal, every seat is a winner."""
    g = finished(2, [hoard(8), hoard(7, 1)], [set(), ALL_RINGS])
    assert g.outcome().scores == {0: 8, 1: 8} and g.winners() == [0, 1]


# ---------------------------------------------------------------------- DL-INT-25/26, diamonds_replace_eggs

def test_DL_INT_25_diamonds_never_given_back():
    """DL-INT-25, DL-SCORE-1: no adventurer has the diamonds' colour; an egg + three diamonds is a set."""
    s = score(hoard(1, 0, 0, 0, 3), set())
    assert s["returned"] == {"ruby": 0, "emerald": 0, "sapphire": 0} and s["kept"]["diamond"] == 3
    assert s["sets"] == 1 and s["score"] == 10


def test_DL_INT_26_colour_that_never_entered_is_given_back():
    """DL-INT-26: an adventurer that never entered wears no ring, so its colour's gems are given back."""
    g = DrachenlandGame(players=2, seed=3)
    assert g.state.rings == [set(), set()]
    g.state.hoards[0] = hoard(2, 2, 2, 2, 0)
    assert g.scores()[0] == 2  # no rings at all: only the eggs count
    g.state.rings[0] = {"red", "green"}  # blue never entered
    assert g.scores()[0] == 6  # 2 eggs, 2 rubies, 2 emeralds; no set without a sapphire
    assert score(g.state.hoards[0], {"red", "green"})["returned"] == {"sapphire": 2}


@pytest.mark.parametrize("E, R, G, S, D, k_default, k_option", [
    (0, 4, 4, 4, 2, 0, 2),  # T-13's hoard: two diamonds stand in for two eggs
    (1, 0, 0, 0, 3, 1, 1),
    (0, 0, 0, 0, 4, 0, 1),  # four diamonds make a set of their own
    (3, 3, 3, 3, 0, 3, 3),
    (1, 2, 2, 2, 1, 1, 2),
])
def test_DL_INT_25_diamonds_replace_eggs_option(E, R, G, S, D, k_default, k_option):
    """DL-INT-25: diamonds_replace_eggs (off by default) lets diamonds stand in for eggs in sets too."""
    assert DrachenlandGame.option_defaults["diamonds_replace_eggs"] is False
    assert best_sets(E, R, G, S, D) == k_default
    assert best_sets(E, R, G, S, D, diamonds_replace_eggs=True) == k_option
    n = E + R + G + S + D
    assert score(hoard(E, R, G, S, D), ALL_RINGS, diamonds_replace_eggs=True)["score"] == n + 6 * k_option


def test_DL_INT_25_option_reaches_the_final_scores():
    """DL-INT-25: the game's option is used by its final scores (T-13's hoard scores 26 instead of 14)."""
    hoards = [hoard(0, 4, 4, 4, 2), hoard(18)]
    plain = finished(3, hoards + [hoard()], [ALL_RINGS, set(), set()])
    opt = finished(3, hoards + [hoard()], [ALL_RINGS, set(), set()], diamonds_replace_eggs=True)
    assert plain.outcome().scores[0] == 14 and opt.outcome().scores[0] == 26
    assert opt.observation(0)["final"][0]["sets"] == 2


# ---------------------------------------------------------------------- through real games

@pytest.mark.parametrize("players, seed", [(2, 21), (3, 22), (4, 23)])
def test_DL_SCORE_6_scores_of_a_played_game(players, seed):
    """DL-SCORE-1..6, DL-SCORE-5, DL-INT-27: a game played to the end is scored from its hoards and rings."""
    g = DrachenlandGame(players=players, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        legal = g.legal_actions()
        g.apply(legal[rng.randrange(len(legal))])
    s = g.state
    want = {i: score(s.hoards[i], s.rings[i])["score"] for i in range(players)}
    out = g.outcome()
    assert out.scores == want == g.scores()
    assert out.winners == [i for i, v in want.items() if v == max(want.values())]
    assert s.eggs_left == 0 and out.reason
    last = g.history[-1].events[-1]
    assert last.kind == "game_over" and list(last.data["scores"]) == [want[i] for i in range(players)]
    replay = dragonwidgets.from_record(g.to_record())
    assert replay.outcome() == out


# ---------------------------------------------------------------------- property: best_sets is optimal

def brute_force_sets(E: int, R: int, G: int, S: int, D: int, *, eggs_too: bool = False) -> int:
    """The most sets over every way of giving the D diamonds to rubies, emeralds, sapphires (and eggs)."""
    best = 0
    for dr, dg, ds in product(range(D + 1), repeat=3):
        rest = D - dr - dg - ds
        if rest < 0:
            continue
        for de in (range(rest + 1) if eggs_too else (0,)):
            best = max(best, min(E + de, R + dr, G + dg, S + ds))
    return best


def brute_force_score(E: int, R: int, G: int, S: int, D: int, *, eggs_too: bool = False) -> int:
    """The best 10 per set + 1 per other item over every possible number of sets."""
    return max(10 * k + (E + R + G + S + D - 4 * k) for k in range(brute_force_sets(E, R, G, S, D, eggs_too=eggs_too) + 1))


counts = st.integers(0, 9)


@settings(max_examples=300, deadline=None)
@given(E=counts, R=counts, G=counts, S=counts, D=st.integers(0, 9), eggs_too=st.booleans())
def test_DL_SCORE_6_best_sets_is_the_brute_force_maximum(E, R, G, S, D, eggs_too):
    """DL-SCORE-6, DL-SCORE-3, DL-INT-25: best_sets equals the maximum over all diamond allocations, and the
    score is the best over every number of sets."""
    k = best_sets(E, R, G, S, D, diamonds_replace_eggs=eggs_too)
    assert k == brute_force_sets(E, R, G, S, D, eggs_too=eggs_too)
    got = score(hoard(E, R, G, S, D), ALL_RINGS, diamonds_replace_eggs=eggs_too)["score"]
    assert got == brute_force_score(E, R, G, S, D, eggs_too=eggs_too) == E + R + G + S + D + 6 * k


@settings(max_examples=150, deadline=None)
@given(E=counts, R=counts, G=counts, S=counts, D=counts,
       rings=st.sets(st.sampled_from(["red", "green", "blue"])))
def test_DL_SCORE_1_ringless_colours_count_as_zero(E, R, G, S, D, rings):
    """DL-SCORE-1, DL-RING-5, DL-INT-25: scoring with rings equals scoring the hoard with unringed colours emptied."""
    full = hoard(E, R, G, S, D)
    emptied = dict(full)
    for colour, gem in (("red", "ruby"), ("green", "emerald"), ("blue", "sapphire")):
        if colour not in rings:
            emptied[gem] = 0
    assert score(full, rings)["score"] == score(emptied, ALL_RINGS)["score"]
    assert score(full, rings)["kept"]["diamond"] == D and score(full, rings)["kept"]["egg"] == E
