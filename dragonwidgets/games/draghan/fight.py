"""The fight: the defeat test, and an exact search of the fight plans (DG-FIGHT, DG-DRAGON-5, DG-LOC-3).

A *plan* places each character at one monster (or none), commits some of its own equipment there, and
may give the assist location's icons to one monster. :func:`search` tries every plan in which each
placed character brings at least one icon its monster asks for, or the assist location does (the assist
goes only to a monster a character faces, DG-INT-6; placing a character elsewhere only dilutes the
gold, DG-INT-5), keeps for each placement the fewest equipment cards that do the job, and
returns the plans best first: all monsters defeated, then the dragon, then the most (weighted)
monsters, then the fewest cards spent. The widget offers the plans that defeat everything as hints; the
planner bot plays the best one.

>>> plans = search({"D01": "S", "D08": "CC"}, None, {0: ("SCC", []), 1: ("CKK", [("M02", "C")])})
>>> best = plans[0]
>>> best.all_defeated, best.targets, best.cards
(True, {0: 'D01', 1: 'D08'}, {1: ('M02',)})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations, product

Icons = tuple[int, int, int]  # strength, charm, knowledge
NO_ICONS: Icons = (0, 0, 0)  # no icon (nothing placed at a monster)


@lru_cache(maxsize=None)
def icons(text: str) -> Icons:
    """Return the (S, C, K) counts of an icon string, e.g. ``icons("SSK") == (2, 0, 1)``."""
    return (text.count("S"), text.count("C"), text.count("K"))


def add(a: Icons, b: Icons) -> Icons:
    """Return the sum of two icon counts."""
    return (a[0] + b[0], a[1] + b[1], a[2] + b[2])


def defeats(req: str, placed: Icons) -> bool:
    """DG-FIGHT-7: a monster is defeated when every icon type it shows is matched at least as many times.

    >>> defeats("CC", icons("CKK")), defeats("CC", icons("CKKC")), defeats("", (0, 0, 0))
    (False, True, True)
    """
    need = icons(req)
    return placed[0] >= need[0] and placed[1] >= need[1] and placed[2] >= need[2]


@dataclass(frozen=True)
class Plan:
    """One way to fight this round: who faces what, with which cards, and where the assist goes."""

    targets: dict[int, str | None]
    cards: dict[int, tuple[str, ...]]
    assist: str | None
    defeated: frozenset[str]
    all_defeated: bool  # every monster but the dragon (DG-RESULT-7, DG-DRAGON-7)
    dragon_defeated: bool
    score: tuple = field(compare=False, default=())

    @property
    def cards_used(self) -> int:
        """How many equipment cards the plan spends (each is discarded after the fight, DG-FIGHT-8)."""
        return sum(len(c) for c in self.cards.values())


def _options(base: str, kit: tuple[tuple[str, str], ...]) -> list[tuple[Icons, tuple[str, ...]]]:
    """A character's distinct contributions: its own icons plus each subset of its skill cards (fewest cards first)."""
    best: dict[Icons, tuple[str, ...]] = {}
    cards = [(cid, icons(t)) for cid, t in kit if t]
    for k in range(len(cards) + 1):
        for combo in combinations(cards, k):
            total = icons(base)
            for _, ic in combo:
                total = add(total, ic)
            if total not in best:
                best[total] = tuple(cid for cid, _ in combo)
    return sorted(best.items(), key=lambda kv: len(kv[1]))


def _cheapest(need: Icons, group: tuple[int, ...], options: list[list[tuple[Icons, tuple[str, ...]]]],
              start: Icons) -> dict[int, tuple[str, ...]] | None:
    """Return the cards the seats of ``group`` spend together to reach ``need`` with the fewest cards.

    ``options[i]`` are the contributions of ``group[i]`` (:func:`_options`, fewest cards first) and
    ``start`` the icons already there (the assist's). Among the cheapest combinations it returns the
    first in the order of ``itertools.product(*options)``: ``{seat: card ids}`` for the seats that
    spend cards, or ``None`` when no combination reaches ``need``. A depth-first walk in that order that
    leaves a branch when it cannot reach ``need`` (even with each later seat's most icons of each type)
    or cannot spend fewer cards than the best found so far: the answer of the full product, faster.

    >>> _cheapest((0, 2, 0), (0, 1), [[((0, 1, 0), ())], [((1, 0, 0), ()), ((1, 1, 0), ("M02",))]], (0, 0, 0))
    {1: ('M02',)}
    """
    n = len(group)
    reach = [(0, 0, 0)] * (n + 1)  # reach[i]: the most of each icon type seats i.. can add
    for i in range(n - 1, -1, -1):
        most = tuple(max(ic[k] for ic, _ in options[i]) for k in range(3))
        reach[i] = add(reach[i + 1], most)  # type: ignore[arg-type]
    best: list = [None, None]  # [cost, picks] of the best combination so far
    picks: list[tuple[str, ...]] = [()] * n

    def walk(i: int, total: Icons, cost: int) -> None:
        if any(total[k] + reach[i][k] < need[k] for k in range(3)):
            return
        if i == n:
            best[0], best[1] = cost, list(picks)  # cheaper than the best so far, by the pruning below
            return
        for ic, ids in options[i]:
            spent = cost + len(ids)
            if best[0] is not None and spent >= best[0]:
                break  # options come fewest cards first: no later one is cheaper
            picks[i] = ids
            walk(i + 1, add(total, ic), spent)

    walk(0, start, 0)
    if best[1] is None:
        return None
    return {s: ids for s, ids in zip(group, best[1]) if ids}


def search(monsters: dict[str, str], dragon: tuple[str, str] | None,
           heroes: dict[int, tuple[str, list[tuple[str, str]]]], assist: str = "", *,
           assist_alone: bool = False, weights: dict[str, float] | None = None, limit: int = 0) -> list[Plan]:
    """Return the fight plans, best first.

    Args:
        monsters: ``{monster id: required icons}`` of every monster on the table but the dragon.
        dragon: ``(dragon card id, required icons of the large dragon)`` in the endgame, else ``None``.
        heroes: ``{seat: (the icons its character shows now, [(equipment id, its skill icons), ...])}``.
        assist: the assist location's icons this round ("" for none, DG-LOC-3).
        assist_alone: the assist may go to a monster no character faces (option, DG-INT-6).
        weights: how much defeating each monster is worth (default 1 each).
        limit: keep only the first ``limit`` plans (0: all).

    Returns:
        :class:`Plan` objects sorted by (all monsters defeated, dragon defeated, weight defeated, fewest
        cards, fewest characters placed). The dragon counts only when every other monster falls
        (DG-DRAGON-5). A plan never spends cards on a monster it does not defeat.
    """
    weights = weights or {}
    need = {m: icons(r) for m, r in monsters.items()}
    if dragon:
        need[dragon[0]] = icons(dragon[1])
    seats = sorted(heroes)
    opts = {s: _options(heroes[s][0], tuple(heroes[s][1])) for s in seats}
    assist_ic = icons(assist)

    # The most a character can bring of each icon type (its own icons and all its skill cards).
    most = {s: tuple(max(o[0][i] for o in opts[s]) for i in range(3)) for s in seats}

    def useful(s: int, m: str) -> bool:  # its icons help, or it opens the way for the assist (DG-INT-6)
        return any(need[m][i] and (most[s][i] or assist_ic[i]) for i in range(3))

    choices = {s: [None] + [m for m in need if useful(s, m)] for s in seats}
    cache: dict[tuple, dict[int, tuple[str, ...]] | None] = {}

    def cheapest(m: str, group: tuple[int, ...], with_assist: bool) -> dict[int, tuple[str, ...]] | None:
        key = (m, group, with_assist)
        if key not in cache:
            cache[key] = _cheapest(need[m], group, [opts[s] for s in group], assist_ic if with_assist else (0, 0, 0))
        return cache[key]

    plans: dict[tuple, Plan] = {}
    others = [m for m in need if not dragon or m != dragon[0]]
    for assignment in product(*(choices[s] for s in seats)):
        groups: dict[str, tuple[int, ...]] = {}
        for s, m in zip(seats, assignment):
            if m is not None:
                groups[m] = groups.get(m, ()) + (s,)
        targets = {s: m for s, m in zip(seats, assignment) if m is not None}
        targets_key = tuple(sorted(targets.items()))
        assist_spots = [None] + (list(need) if assist_alone else list(groups)) if assist else [None]
        for spot in assist_spots:
            defeated, cards = set(), {}
            for m in others:
                group = groups.get(m, ())
                if not group and spot != m:
                    continue
                got = cheapest(m, group, spot == m)
                if got is not None:
                    defeated.add(m)
                    cards.update(got)
            all_down = len(defeated) == len(others)
            dragon_down = False
            if dragon and all_down and (groups.get(dragon[0]) or spot == dragon[0]):
                got = cheapest(dragon[0], groups.get(dragon[0], ()), spot == dragon[0])
                if got is not None:
                    dragon_down = True
                    defeated.add(dragon[0])
                    cards.update(got)
            used = sum(len(c) for c in cards.values())
            score = (all_down, dragon_down, sum(weights.get(m, 1.0) for m in defeated), -used, -len(targets))
            key = (targets_key, tuple(sorted(cards.items())), spot)
            plans[key] = Plan(dict(targets), cards, spot, frozenset(defeated), all_down, dragon_down, score)
    out = sorted(plans.values(), key=lambda p: p.score, reverse=True)
    return out[:limit] if limit else out
