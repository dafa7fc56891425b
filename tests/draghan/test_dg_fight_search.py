"""fight.search's pruned walk for the cheapest cards (``fight._cheapest``) gives exactly the plans of the full
product it replaced: same plans, same cards (the first cheapest combination in product order), same order.
"""

from __future__ import annotations

import time
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from dragonwidgets.games.draghan import fight
from dragonwidgets.games.draghan.fight import add, search


def full_product_cheapest(need, group, options, start):
    """The former search: every combination of the seats' contributions; the first cheapest wins."""
    found = None
    for combo in product(*options):
        total = start
        for ic, _ in combo:
            total = add(total, ic)
        if all(total[i] >= need[i] for i in range(3)):
            cost = sum(len(ids) for _, ids in combo)
            if found is None or cost < found[0]:
                found = (cost, {s: ids for s, (_, ids) in zip(group, combo) if ids})
    return found[1] if found else None


PRUNED = fight._cheapest


def plans_of(args, cheapest):
    """Every plan of ``search`` (all its fields, in order) with ``cheapest`` as fight._cheapest."""
    fight._cheapest = cheapest
    try:
        return [(p.targets, p.cards, p.assist, p.defeated, p.score) for p in search(*args[:4], assist_alone=args[4])]
    finally:
        fight._cheapest = PRUNED


icons_st = st.text("SCK", min_size=1, max_size=4).map(lambda t: "".join(sorted(t)))
kit_st = st.lists(st.text("SCK", max_size=2), max_size=4)


@settings(max_examples=120, deadline=None)
@given(monsters=st.lists(icons_st, max_size=3), dragon=st.one_of(st.none(), st.text("SCK", min_size=3, max_size=7)),
       heroes=st.lists(st.tuples(st.sampled_from(["SCC", "SSK", "CKK", "SSC", "S", "C", "K"]), kit_st),
                       min_size=1, max_size=4),
       assist=st.sampled_from(["", "SS", "CK", "K"]), alone=st.booleans())
def test_pruned_cheapest_gives_the_plans_of_the_full_product(monsters, dragon, heroes, assist, alone):
    ms = {f"X{i}": r for i, r in enumerate(monsters)}
    dr = ("DR", dragon) if dragon else None
    hs = {s: (base, [(f"E{s}{j}", t) for j, t in enumerate(kit)]) for s, (base, kit) in enumerate(heroes)}
    args = (ms, dr, hs, assist, alone)
    assert plans_of(args, PRUNED) == plans_of(args, full_product_cheapest)


def test_a_four_character_endgame_fight_is_searched_quickly():
    """Four characters with four skill cards each at the dragon (16**4 combinations before): well under a second."""
    kit = ["S", "C", "K", "SC"]
    heroes = {s: ("SCK", [(f"E{s}{j}", t) for j, t in enumerate(kit)]) for s in range(4)}
    t0 = time.process_time()
    plans = search({"X1": "SS", "X2": "CKK"}, ("DR", "SSSSCCCKKK"), heroes, "SK")
    assert plans[0].all_defeated and time.process_time() - t0 < 5.0
