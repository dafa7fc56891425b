"""Exploding dice against the digest (CD-COMBAT-1..6, CD-MON-2, CD-DUEL-4, WE-2..4, S-25).

The exact values are checked three ways: the closed forms of ``dice`` (fractions), a brute-force
enumeration of throw sequences built from ``throw_outcomes`` (fractions, no formula), and the numpy
functions within their stated precision. A seeded simulation of ``roll_exploding`` closes the loop.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dragonwidgets.games.chasse_au_dragon import dice
from dragonwidgets.games.chasse_au_dragon.dice import (
    DICE, duel_odds, duel_odds_exact, exact_at_least, exact_probability, expected_total, explodes,
    exploding_pmf, explosions_kept, flight_probability, is_flight_success, roll_exploding, tail_mass,
    throw_outcomes, total, win_table,
)
from dragonwidgets.games.chasse_au_dragon.setup import POWER

EPS = 1e-14  # float rounding allowance on top of the stated truncation error


def enumerate_totals(faces: int, max_throws: int) -> tuple[dict[int, Fraction], Fraction]:
    """Brute force: follow every throw sequence of at most ``max_throws`` throws, one chance node per
    throw (``throw_outcomes``), throwing again on the maximum. Returns ``({total: probability},
    mass of the sequences still exploding after max_throws)``."""
    dist: dict[int, Fraction] = {}
    unfinished = Fraction(0)
    todo = [(0, Fraction(1), 0)]  # (sum so far, probability, throws so far)
    while todo:
        s, p, n = todo.pop()
        if n == max_throws:
            unfinished += p
            continue
        for face, prob in throw_outcomes(faces):
            assert prob == 1 / faces
            q = p * Fraction(1, faces)
            if explodes(faces, face):
                todo.append((s + face, q, n + 1))
            else:
                dist[s + face] = dist.get(s + face, Fraction(0)) + q
    return dist, unfinished


# ---------------------------------------------------------------------------- CD-COMBAT-1, WE-2

class ScriptedRng:
    """A stand-in for ``random.Random`` whose ``randint`` returns scripted faces."""

    def __init__(self, faces):
        self.faces = list(faces)

    def randint(self, low, high):
        face = self.faces.pop(0)
        assert low <= face <= high
        return face


def test_WE_2_exploding_d4_totals():
    """WE-2: rolls [3] -> 3, [4, 2] -> 6, [4, 4, 1] -> 9."""
    assert total((3,)) == 3
    assert total((4, 2)) == 6
    assert total((4, 4, 1)) == 9


@pytest.mark.parametrize("script, rolls", [
    ([3], (3,)), ([4, 2], (4, 2)), ([4, 4, 1, 4], (4, 4, 1)), ([1, 4], (1,)),
])
def test_CD_COMBAT_1_roll_stops_at_first_non_maximum(script, rolls):
    """CD-COMBAT-1: throw again only while the maximum comes up; the rest of the script is untouched."""
    rng = ScriptedRng(script)
    assert roll_exploding(4, rng) == rolls
    assert rng.faces == script[len(rolls):]


def test_CD_COMBAT_1_roll_uses_only_the_rng_passed_in():
    """CD-COMBAT-1: seeded, reproducible; seed 0 happens to give WE-2's [4, 4, 1]."""
    assert roll_exploding(4, random.Random(0)) == (4, 4, 1)
    random.seed(5)
    before = random.random()
    random.seed(5)
    rolls = [roll_exploding(6, random.Random(s)) for s in range(50)]
    assert random.random() == before
    assert rolls == [roll_exploding(6, random.Random(s)) for s in range(50)]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(DICE), st.integers(0, 2**32 - 1))
def test_CD_COMBAT_5_totals_never_multiples_of_the_faces(faces, seed):
    """CD-COMBAT-5, S-25: every throw but the last is the maximum, the last is not, so T mod N != 0."""
    rolls = roll_exploding(faces, random.Random(seed))
    assert all(1 <= r <= faces for r in rolls)
    assert all(r == faces for r in rolls[:-1]) and rolls[-1] != faces
    assert total(rolls) % faces != 0
    assert exact_probability(faces, total(rolls)) > 0


@given(st.sampled_from(DICE), st.integers(0, 300))
def test_CD_COMBAT_5_no_probability_on_multiples(faces, t):
    """CD-COMBAT-5: P(T = t) = 0 exactly when t is a multiple of N (or t < 1)."""
    assert (exact_probability(faces, t) == 0) == (t < 1 or t % faces == 0)


# ---------------------------------------------------------------------------- CD-COMBAT-6, exact

def test_CD_COMBAT_6_d4_checks():
    """CD-COMBAT-6 checks for a d4: P(T=3) = 1/4, P(T=5) = 1/16, P(T=9) = 1/64, P(T=4) = 0, E[T] = 10/3."""
    assert exact_probability(4, 3) == Fraction(1, 4)
    assert exact_probability(4, 5) == Fraction(1, 16)
    assert exact_probability(4, 9) == Fraction(1, 64)
    assert exact_probability(4, 4) == 0
    assert expected_total(4) == Fraction(10, 3)
    values, probs = exploding_pmf(4)
    pmf = dict(zip(values.tolist(), probs.tolist()))
    assert pmf[3] == 1 / 4 and pmf[5] == 1 / 16 and pmf[9] == 1 / 64 and pmf[4] == 0.0
    assert float(values @ probs) == pytest.approx(10 / 3, abs=1e-9)


@pytest.mark.parametrize("faces", DICE)
def test_CD_COMBAT_6_brute_force_enumeration_matches_the_closed_form(faces):
    """CD-COMBAT-1/6: enumerating throw sequences (one chance node per throw) gives N**-(k+1) at k*N + r."""
    throws = 4 if faces <= 12 else 3
    dist, unfinished = enumerate_totals(faces, throws)
    assert unfinished == Fraction(1, faces ** throws)
    assert sum(dist.values()) + unfinished == 1
    for t in range(1, throws * faces):
        assert dist.get(t, Fraction(0)) == exact_probability(faces, t), t
    assert max(dist) == throws * faces - 1


@pytest.mark.parametrize("faces", DICE)
def test_CD_COMBAT_6_tail_formula(faces):
    """CD-COMBAT-6: P(T >= k*N + s) = (N - s + 1) / N**(k+1), and it is 1 minus the mass below."""
    below = Fraction(0)
    for t in range(1, 4 * faces + 2):
        assert exact_at_least(faces, t) == 1 - below
        k, s = divmod(t - 1, faces)
        assert exact_at_least(faces, t) == Fraction(faces - s, faces ** (k + 1))
        below += exact_probability(faces, t)


@pytest.mark.parametrize("faces", DICE)
def test_CD_COMBAT_6_mean(faces):
    """CD-COMBAT-6: E[T] = N(N+1) / (2(N-1)); the truncated sum misses only the tail's share."""
    assert expected_total(faces) == Fraction(faces * (faces + 1), 2 * (faces - 1))
    exact_partial = sum(t * exact_probability(faces, t) for t in range(1, 12 * faces))
    # the dropped tail (T > 12N) contributes N**-12 * (12N + E[T])
    assert exact_partial + Fraction(1, faces ** 12) * (12 * faces + expected_total(faces)) == expected_total(faces)


# ---------------------------------------------------------------------------- numpy pmf

@pytest.mark.parametrize("faces", DICE)
@pytest.mark.parametrize("precision", [1e-3, 1e-6, 1e-12, 1e-15])
def test_CD_COMBAT_6_pmf_truncation_is_as_documented(faces, precision):
    """``exploding_pmf``: values 1..K*N-1, probabilities N**-(k+1) (0 on multiples), dropped mass N**-K <= precision."""
    values, probs = exploding_pmf(faces, precision)
    k = explosions_kept(faces, precision)
    assert faces ** -k <= precision * (1 + 1e-12) < faces ** -(k - 1)
    assert values.tolist() == list(range(1, k * faces))
    assert values.dtype.kind == "i" and probs.dtype == np.float64
    for t, p in zip(values.tolist(), probs.tolist()):
        assert p == pytest.approx(float(exact_probability(faces, t)), rel=1e-15, abs=0)
    assert tail_mass(faces, precision) == pytest.approx(faces ** -k, rel=1e-15)
    assert 1 - probs.sum() == pytest.approx(tail_mass(faces, precision), rel=1e-6, abs=EPS)


def test_bad_dice_and_precisions_are_refused():
    """A die needs an int number of faces >= 2; precision lies in (0, 1)."""
    for bad in (1, 0, -4, True, 4.0, "4"):
        with pytest.raises(ValueError):
            roll_exploding(bad, random.Random(0))
        with pytest.raises(ValueError):
            exploding_pmf(bad)
    for bad in (0, 1, -1e-3, 2.0):
        with pytest.raises(ValueError):
            exploding_pmf(4, bad)


# ---------------------------------------------------------------------------- CD-COMBAT-2/6, duels

@pytest.mark.parametrize("faces", DICE)
def test_CD_COMBAT_6_same_die_tie_and_win(faces):
    """CD-COMBAT-6: dN vs dN ties with 1/(N+1) and wins with N/(2(N+1)); d4 vs d4 is 2/5, 1/5, 2/5."""
    win, tie, loss = duel_odds_exact(faces, faces)
    assert tie == Fraction(1, faces + 1)
    assert win == loss == Fraction(faces, 2 * (faces + 1))
    nwin, ntie, nloss = duel_odds(faces, faces)
    assert abs(nwin - win) <= 2e-12 + EPS and abs(ntie - tie) <= 2e-12 + EPS and abs(nloss - loss) <= 2e-12 + EPS
    if faces == 4:
        assert (win, tie, loss) == (Fraction(2, 5), Fraction(1, 5), Fraction(2, 5))


@pytest.mark.parametrize("a, b, win, tie, rounded", [
    (4, 6, Fraction(758, 2303), Fraction(319, 2303), (0.3291, 0.1385)),
    (4, 20, Fraction(2386, 20479), Fraction(1023, 20479), (0.1165, 0.0500)),
])
def test_CD_COMBAT_6_digest_duel_figures(a, b, win, tie, rounded):
    """CD-COMBAT-6: d4 vs d6 win 758/2303, tie 319/2303; d4 vs d20 win 2386/20479, tie 1023/20479."""
    assert duel_odds_exact(a, b) == (win, tie, 1 - win - tie)
    assert duel_odds_exact(b, a) == (1 - win - tie, tie, win)
    nwin, ntie, nloss = duel_odds(a, b)
    assert abs(nwin - float(win)) <= 2e-12 + EPS
    assert abs(ntie - float(tie)) <= 2e-12 + EPS
    assert abs(nloss - float(1 - win - tie)) <= 2e-12 + EPS
    assert (round(nwin, 4), round(ntie, 4)) == rounded


@pytest.mark.parametrize("a, b", [(4, 6), (6, 8), (4, 20), (10, 12), (8, 8)])
def test_CD_COMBAT_2_exact_duel_lies_within_brute_force_bounds(a, b):
    """CD-COMBAT-2: enumerate both rolls' throw sequences; the exact odds sit between the enumerated part
    and the enumerated part plus the unenumerated mass (an independent check of the closed form)."""
    da, ua = enumerate_totals(a, 4)
    db, ub = enumerate_totals(b, 4)
    win = sum(pa * pb for ta, pa in da.items() for tb, pb in db.items() if ta > tb)
    tie = sum(pa * pb for ta, pa in da.items() for tb, pb in db.items() if ta == tb)
    loss = sum(pa * pb for ta, pa in da.items() for tb, pb in db.items() if ta < tb)
    missing = 1 - win - tie - loss
    assert missing == ua + ub - ua * ub
    ewin, etie, eloss = duel_odds_exact(a, b)
    for partial, exact in ((win, ewin), (tie, etie), (loss, eloss)):
        assert partial <= exact <= partial + missing


@pytest.mark.parametrize("precision", [1e-12, 1e-6, 1e-3])
def test_CD_COMBAT_6_numpy_duel_odds_within_stated_precision(precision):
    """``duel_odds``: each value is a lower bound short by at most tail_mass(a) + tail_mass(b) <= 2 * precision."""
    for a in DICE:
        for b in DICE:
            bound = tail_mass(a, precision) + tail_mass(b, precision)
            assert bound <= 2 * precision * (1 + 1e-12)
            got = duel_odds(a, b, precision)
            for g, e in zip(got, duel_odds_exact(a, b)):
                assert float(e) - bound - EPS <= g <= float(e) + EPS, (a, b)
            assert 1 - bound - EPS <= sum(got) <= 1 + EPS


def test_CD_COMBAT_2_duel_odds_are_antisymmetric():
    """CD-COMBAT-2: A's win is B's loss and the tie is shared."""
    for a in DICE:
        for b in DICE:
            w, t, l = duel_odds(a, b)
            w2, t2, l2 = duel_odds(b, a)
            assert w == pytest.approx(l2, abs=EPS) and t == pytest.approx(t2, abs=EPS)


def test_win_table_every_die_against_every_die():
    """``win_table``: table[i, j] = P(d_i beats d_j), diagonal N/(2(N+1)), rows and columns the box's dice."""
    table = win_table()
    assert table.shape == (6, 6)
    for i, a in enumerate(DICE):
        assert table[i, i] == pytest.approx(a / (2 * (a + 1)), abs=1e-11)
        for j, b in enumerate(DICE):
            assert table[i, j] == duel_odds(a, b)[0]
            assert table[i, j] + table[j, i] + duel_odds(a, b)[1] == pytest.approx(1, abs=1e-11)
    assert win_table((4, 20)).tolist() == [[table[0, 0], table[0, 5]], [table[5, 0], table[5, 5]]]
    # a bigger die always has the edge over a smaller one
    assert all(table[i, j] > table[j, i] for i in range(6) for j in range(i))


def test_CD_COMBAT_6_seeded_simulation_agrees_with_duel_odds():
    """CD-COMBAT-2/6: 30,000 seeded duels per pairing, with roll_exploding; within 4.5 standard errors."""
    rng = random.Random(2024)
    n = 30_000
    for a, b in [(4, 6), (4, 20), (8, 8), (12, 10)]:
        wins = ties = 0
        for _ in range(n):
            ta, tb = total(roll_exploding(a, rng)), total(roll_exploding(b, rng))
            wins += ta > tb
            ties += ta == tb
        win, tie, _ = duel_odds(a, b)
        for count, p in ((wins, win), (ties, tie)):
            se = math.sqrt(p * (1 - p) / n)
            assert abs(count / n - p) < 4.5 * se, (a, b, count / n, p)


def test_CD_COMBAT_6_seeded_simulation_mean():
    """CD-COMBAT-6: the mean of 40,000 exploding d4 totals is close to E[T] = 10/3."""
    rng = random.Random(99)
    totals = [total(roll_exploding(4, rng)) for _ in range(40_000)]
    mean = sum(totals) / len(totals)
    var = float(sum(t * t * exact_probability(4, t) for t in range(1, 200))) - (10 / 3) ** 2
    assert abs(mean - 10 / 3) < 4.5 * math.sqrt(var / len(totals))


# ---------------------------------------------------------------------------- chance nodes, monsters, flight

@pytest.mark.parametrize("faces", DICE)
def test_CD_COMBAT_6_throw_outcomes_one_chance_node_per_throw(faces):
    """CD-COMBAT-6: a throw is uniform on 1..N; only the maximum asks for another throw (CD-COMBAT-1)."""
    outcomes = throw_outcomes(faces)
    assert [f for f, _ in outcomes] == list(range(1, faces + 1))
    assert all(p == 1 / faces for _, p in outcomes)
    assert sum(p for _, p in outcomes) == pytest.approx(1, abs=1e-15)
    assert [f for f, _ in outcomes if explodes(faces, f)] == [faces]


def test_WE_3_CD_MON_2_monster_dice():
    """WE-3, CD-MON-2: a monster fights with a die of its power: goblin d4, orc d6, ogre d8, troll d10,
    giant d12, dragon d20; together with the d4 of base equipment these are the box's dice."""
    assert POWER == {"goblin": 4, "orc": 6, "ogre": 8, "troll": 10, "giant": 12, "dragon": 20}
    assert tuple(sorted(POWER.values())) == DICE
    assert len(throw_outcomes(POWER["ogre"])) == 8
    values, probs = exploding_pmf(POWER["dragon"])
    assert 20 not in values[probs > 0] and 19 in values[probs > 0] and 21 in values[probs > 0]


@pytest.mark.parametrize("faces", DICE)
def test_WE_4_CD_DUEL_4_flight_roll_succeeds_only_on_the_maximum(faces):
    """WE-4, CD-DUEL-4, CD-ENC-3, CD-INT-9: one throw, no explosion, success only on N: probability 1/N."""
    assert [f for f, _ in throw_outcomes(faces) if is_flight_success(faces, f)] == [faces]
    assert flight_probability(faces) == 1 / faces
    assert sum(p for f, p in throw_outcomes(faces) if is_flight_success(faces, f)) == flight_probability(faces)
    assert flight_probability(4) == 0.25 and flight_probability(20) == 0.05


def test_module_has_no_game_state():
    """The dice module keeps nothing between calls (pure functions and constants only)."""
    public = {k: v for k, v in vars(dice).items() if not k.startswith("_")}
    mutable = [k for k, v in public.items() if isinstance(v, (list, dict, set))]
    assert mutable == []
