"""Exploding dice: rolls, exact distributions and duel odds (CD-COMBAT-1..6, CD-MON-2, CD-DUEL-4).

No game state lives here. A die is its number of faces ``N`` (``Faces``): a player's die is their
equipment power (d4 with base equipment, CD-COMBAT-3), a monster's die its power (CD-MON-2).

**Exploding roll** (CD-COMBAT-1): throw the die; on its maximum ``N`` throw again and add, as long
as the maximum comes up. The final total is ``T = k*N + r`` with ``k >= 0`` explosions and
``1 <= r <= N - 1``, so ``T`` is never a multiple of ``N`` (CD-COMBAT-5), and
``P(T = k*N + r) = N**-(k+1)`` (CD-COMBAT-6).

**Chance-node model** (for the engine): a combat roll is *one chance node per throw*. Each node's
outcomes are the faces ``1..N`` with probability ``1/N`` each (:func:`throw_outcomes`); when the face
is the maximum (:func:`explodes`), the engine asks for another throw of the same die. So every
explosion is recorded throw by throw in the history, a teacher in manual-chance mode picks each face,
and the node's outcome list stays finite although the total is unbounded.

**Flight roll** (CD-DUEL-4, CD-ENC-3, CD-INT-9): one throw, no explosion; it succeeds only on the
maximum, with probability ``1/N`` (:func:`flight_probability`, :func:`is_flight_success`).

Exact values use :class:`fractions.Fraction`; the numpy functions (:func:`exploding_pmf`,
:func:`duel_odds`, :func:`win_table`) truncate the unbounded distribution where the dropped tail
mass is at most ``precision`` (default ``1e-12``) and say how far off that can make them.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from math import lcm

import numpy as np

Faces = int  # number of faces of a die, >= 2 (d4 .. d20 in this game)

#: The dice in the box, two of each (component list); also every power a fight can use (CD-MON-1).
DICE: tuple[Faces, ...] = (4, 6, 8, 10, 12, 20)

#: Default truncation of the numpy distributions: dropped tail mass <= 1e-12 per die.
PRECISION = 1e-12


def _check_faces(faces: Faces) -> None:
    if isinstance(faces, bool) or not isinstance(faces, (int, np.integer)) or faces < 2:
        raise ValueError(f"a die needs an int number of faces >= 2 (a d1 would explode forever), got {faces!r}")


def _check_precision(precision: float) -> None:
    if not 0 < precision < 1:
        raise ValueError(f"precision must be in (0, 1), got {precision!r}")


# ---------------------------------------------------------------------------- rolling

def explodes(faces: Faces, face: int) -> bool:
    """Check if a combat throw showing ``face`` explodes: the die's maximum is thrown again (CD-COMBAT-1).

    >>> explodes(4, 4), explodes(4, 3), explodes(20, 20)
    (True, False, True)
    """
    return face == faces


def roll_exploding(faces: Faces, rng: random.Random) -> tuple[int, ...]:
    """Roll an exploding ``d<faces>`` with ``rng`` and return the individual throws (CD-COMBAT-1).

    Every throw but the last is the maximum; the last is not (WE-2: ``(3,)``, ``(4, 2)``,
    ``(4, 4, 1)`` with a d4). Only ``rng.randint`` is used.

    Raises:
        ValueError: ``faces`` is not an int >= 2.

    >>> rolls = roll_exploding(4, random.Random(0))
    >>> rolls, total(rolls)
    ((4, 4, 1), 9)
    >>> all(total(roll_exploding(6, random.Random(s))) % 6 for s in range(200))  # CD-COMBAT-5
    True
    """
    _check_faces(faces)
    rolls = [rng.randint(1, faces)]
    while explodes(faces, rolls[-1]):
        rolls.append(rng.randint(1, faces))
    return tuple(rolls)


def total(rolls: Sequence[int]) -> int:
    """Return the final result of an exploding roll: the sum of its throws (CD-COMBAT-1, WE-2).

    >>> total((3,)), total((4, 2)), total((4, 4, 1))
    (3, 6, 9)
    """
    return sum(rolls)


def throw_outcomes(faces: Faces) -> list[tuple[int, float]]:
    """Return the outcomes of one throw of a ``d<faces>`` as ``[(face, probability), ...]``.

    The chance node of a combat throw (see the module docstring): faces ``1..N``, ``1/N`` each
    (CD-COMBAT-6: every throw is uniform and independent). On the maximum (:func:`explodes`) the
    engine asks for another throw. A flight roll uses the same outcomes but never explodes
    (CD-DUEL-4).

    >>> throw_outcomes(4)
    [(1, 0.25), (2, 0.25), (3, 0.25), (4, 0.25)]
    """
    _check_faces(faces)
    return [(face, 1 / faces) for face in range(1, faces + 1)]


def is_flight_success(faces: Faces, face: int) -> bool:
    """Check if a flight roll showing ``face`` succeeds: only the die's maximum does (CD-DUEL-4, CD-ENC-3, WE-4).

    >>> is_flight_success(4, 4), is_flight_success(6, 4), is_flight_success(20, 20)
    (True, False, True)
    """
    return face == faces


def flight_probability(faces: Faces) -> float:
    """Return the chance that a flight roll succeeds: ``1/faces`` (no explosion, CD-DUEL-4, CD-INT-9, WE-4).

    >>> flight_probability(4), flight_probability(20)
    (0.25, 0.05)
    """
    _check_faces(faces)
    return 1 / faces


# ---------------------------------------------------------------------------- exact values

def exact_probability(faces: Faces, t: int) -> Fraction:
    """Return the exact ``P(T = t)`` for the total ``T`` of an exploding ``d<faces>`` (CD-COMBAT-6).

    ``N**-(k+1)`` if ``t = k*N + r`` with ``1 <= r <= N - 1``, else 0 (CD-COMBAT-5).

    >>> [str(exact_probability(4, t)) for t in (3, 4, 5, 9)]
    ['1/4', '0', '1/16', '1/64']
    """
    _check_faces(faces)
    if t < 1 or t % faces == 0:
        return Fraction(0)
    return Fraction(1, faces ** (t // faces + 1))


def exact_at_least(faces: Faces, t: int) -> Fraction:
    """Return the exact ``P(T >= t)`` for an exploding ``d<faces>``.

    CD-COMBAT-6: ``P(T >= k*N + s) = (N - s + 1) / N**(k+1)`` for ``1 <= s <= N``.

    >>> str(exact_at_least(4, 4)), str(exact_at_least(4, 5)), str(exact_at_least(6, 1))
    ('1/4', '1/4', '1')
    """
    _check_faces(faces)
    if t <= 1:
        return Fraction(1)
    k, s = divmod(t - 1, faces)
    return Fraction(faces - s, faces ** (k + 1))


def expected_total(faces: Faces) -> Fraction:
    """Return the exact mean total of an exploding ``d<faces>``: ``N(N+1) / (2(N-1))`` (CD-COMBAT-6).

    >>> str(expected_total(4)), str(expected_total(20))
    ('10/3', '210/19')
    """
    _check_faces(faces)
    return Fraction(faces * (faces + 1), 2 * (faces - 1))


def duel_odds_exact(a_faces: Faces, b_faces: Faces) -> tuple[Fraction, Fraction, Fraction]:
    """Return the exact ``(win, tie, loss)`` of side A's exploding total against side B's (CD-COMBAT-2, CD-COMBAT-6).

    Closed form: with ``L = lcm(a, b)``, ``alpha = a**-(L/a)`` and ``beta = b**-(L/b)`` (the chances
    that A, resp. B, reach ``L``), both distributions repeat every ``L`` scaled by ``alpha`` and
    ``beta``, so over one period ``s = 1..L``:
    ``tie = sum P(A=s) P(B=s) / (1 - alpha*beta)`` and
    ``win = 1 - sum P(A=s) P(B>=s) / (1 - alpha*beta)``.

    >>> [str(p) for p in duel_odds_exact(4, 6)]
    ['758/2303', '319/2303', '1226/2303']
    >>> [str(p) for p in duel_odds_exact(4, 4)]
    ['2/5', '1/5', '2/5']
    """
    _check_faces(a_faces)
    _check_faces(b_faces)
    period = lcm(a_faces, b_faces)
    both_reach = Fraction(1, a_faces ** (period // a_faces) * b_faces ** (period // b_faces))
    scale = 1 / (1 - both_reach)
    pa = [exact_probability(a_faces, s) for s in range(1, period + 1)]
    tie = scale * sum(p * exact_probability(b_faces, s) for s, p in enumerate(pa, 1))
    win = 1 - scale * sum(p * exact_at_least(b_faces, s) for s, p in enumerate(pa, 1))
    return win, tie, 1 - win - tie


# ---------------------------------------------------------------------------- numpy

def explosions_kept(faces: Faces, precision: float = PRECISION) -> int:
    """Return ``K``, the explosions :func:`exploding_pmf` keeps: the least ``K`` with ``N**-K <= precision``.

    >>> explosions_kept(4), explosions_kept(20), explosions_kept(6, 0.01)
    (20, 10, 3)
    """
    _check_faces(faces)
    _check_precision(precision)
    k = 1
    while faces ** k * precision < 1:
        k += 1
    return k


def tail_mass(faces: Faces, precision: float = PRECISION) -> float:
    """Return the probability mass :func:`exploding_pmf` drops: ``P(T > K*N) = N**-K <= precision``.

    >>> tail_mass(4) <= 1e-12, tail_mass(6, 0.01) == 6 ** -3
    (True, True)
    """
    return float(faces) ** -explosions_kept(faces, precision)


def exploding_pmf(faces: Faces, precision: float = PRECISION) -> tuple[np.ndarray, np.ndarray]:
    """Return ``(values, probs)``, the distribution of the total ``T`` of an exploding ``d<faces>``.

    ``values`` is ``1, 2, ..., K*N - 1`` (int64), every total with at most ``K - 1`` explosions,
    ``K = explosions_kept(faces, precision)``; ``probs[i] = P(T = values[i])``, that is
    ``N**-(k+1)`` at ``k*N + r`` (CD-COMBAT-6) and exactly 0 at the multiples of ``N``
    (CD-COMBAT-5, kept so a bar chart shows the gaps). The totals above ``K*N`` are dropped: their
    mass, ``1 - probs.sum()``, is :func:`tail_mass` ``= N**-K <= precision`` (1e-12 by default).

    Raises:
        ValueError: ``faces`` is not an int >= 2, or ``precision`` is not in (0, 1).

    >>> values, probs = exploding_pmf(4, precision=1e-3)
    >>> values.tolist()
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]
    >>> (probs * 4 ** 5).astype(int).tolist()[:9]
    [256, 256, 256, 0, 64, 64, 64, 0, 16]
    >>> float(1 - probs.sum()) == 4 ** -5
    True
    """
    k_max = explosions_kept(faces, precision)
    values = np.arange(1, k_max * faces, dtype=np.int64)
    k, r = np.divmod(values, faces)
    probs = np.where(r == 0, 0.0, np.float64(faces) ** -(k + 1.0))
    return values, probs


def _below(probs: np.ndarray) -> np.ndarray:
    """``out[i] = P(T < i + 1)`` for a pmf over ``1..len(probs)`` (cumulative sum shifted by one)."""
    return np.concatenate(([0.0], np.cumsum(probs)[:-1]))


def duel_odds(a_faces: Faces, b_faces: Faces, precision: float = PRECISION) -> tuple[float, float, float]:
    """Return ``(win, tie, loss)``: the chances that side A's exploding total beats, ties, loses to B's.

    CD-COMBAT-2 (the higher total wins, equal totals tie), computed with numpy over the truncated
    pmfs of :func:`exploding_pmf`: ``win = sum_t P(A=t) P(B<t)`` (B's cumulative sum),
    ``tie = sum_t P(A=t) P(B=t)``, ``loss = sum_t P(B=t) P(A<t)``. Each value is a lower bound of
    the exact one, short by at most ``tail_mass(a) + tail_mass(b) <= 2 * precision`` (plus float
    rounding, about 1e-16), and so is their sum of 1. Checks (CD-COMBAT-6): dN vs dN ties with
    ``1/(N+1)`` and wins with ``N/(2(N+1))``; d4 vs d6 wins 758/2303, ties 319/2303; d4 vs d20
    (base equipment against the dragon) wins 2386/20479, ties 1023/20479.

    >>> win, tie, loss = duel_odds(4, 20)
    >>> abs(win - 2386 / 20479) < 1e-11, abs(tie - 1023 / 20479) < 1e-11
    (True, True)
    >>> [round(p, 4) for p in duel_odds(4, 6)]
    [0.3291, 0.1385, 0.5323]
    """
    _, pa = exploding_pmf(a_faces, precision)
    _, pb = exploding_pmf(b_faces, precision)
    size = max(len(pa), len(pb))
    pa = np.pad(pa, (0, size - len(pa)))
    pb = np.pad(pb, (0, size - len(pb)))
    win = float(pa @ _below(pb))
    tie = float(pa @ pb)
    loss = float(pb @ _below(pa))
    return win, tie, loss


def win_table(faces: Sequence[Faces] = DICE, precision: float = PRECISION) -> np.ndarray:
    """Return the matrix ``table[i, j] = P(d<faces[i]> beats d<faces[j]>)`` (exploding, ties excluded).

    Shape ``(len(faces), len(faces))``, rows the first side (the player), columns its opponent;
    each entry is :func:`duel_odds`' ``win``. By default the six dice of the box (:data:`DICE`).

    >>> t = win_table()
    >>> t.shape, round(float(t[0, 0]), 6), round(float(t[0, 5]), 4)   # d4 vs d4, d4 vs d20
    ((6, 6), 0.4, 0.1165)
    """
    faces = tuple(faces)
    table = np.empty((len(faces), len(faces)))
    for i, a in enumerate(faces):
        for j, b in enumerate(faces):
            table[i, j] = duel_odds(a, b, precision)[0]
    return table
