"""Phase 3: revealing encounter cards (DG-EXPLORE-1..7) and the fight (DG-FIGHT-1..10), the rulebook's
examples R1 and R2 and the scenarios A14, A15, A16, A18; the interpretations DG-INT-2, 6, 9, 10, 15, 22,
23, 34. The exact fight-plan search of ``fight.py`` is checked against a brute force over every plan.
"""

from __future__ import annotations

import random
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dg_builder import Hero, hero, ids, kinds, obs, pick, place, play, position
from dragonwidgets.engine import IllegalActionError
from dragonwidgets.games.draghan.fight import add, defeats, icons, search
from dragonwidgets.games.draghan.state import ASSIST, DECLARE_EQUIPMENT, DECLARE_TARGET, SHARE


def elf():
    return pick("CH1", healthy="SCC", wounded="C")


def wizard():
    return pick("CH3", healthy="CKK")


def knight():
    return pick("CH4", healthy="SSC")


def bard():
    return pick("CH5", healthy="CCK")


def goblin():
    return pick("D01", req="S", gold=1, theft=False)


def merchant():
    return pick("D08", req="CC", gold=2, theft=False)


def lute():
    return pick("M02", icons="C")


def fight(heroes, encounters, location=None, **kw):
    """A Draghan round at ``location`` (a healer by default: no effect on healthy characters) revealing
    ``encounters`` from the top of the Draghan encounter deck."""
    return position(heroes, tops={"location_draghan": [location or place("heal")], "encounter_draghan": list(encounters)},
                    **kw)


def outcomes(events) -> dict[str, bool]:
    return {e.data["monster"]: e.data["defeated"] for e in events if e.kind == "tested" and e.data}


# ---------------------------------------------------------------------- revealing (DG-EXPLORE)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_DG_EXPLORE_1_as_many_cards_as_characters(n):
    """DG-EXPLORE-1, DG-EXPLORE-3: the active player reveals one encounter card per character in play from
    the current realm's deck; monsters go to the table, equipment beside it."""
    cards = ["D01", "D41", "D02", "D42"][:n]
    g = fight([f"CH{i}" for i in range(1, n + 1)], cards + ["D03"])
    assert g.state.table == [c for c in cards if c.startswith("D0")]
    assert g.state.revealed_equipment == [c for c in cards if c in ("D41", "D42")]
    assert g.state.decks["encounter_draghan"][0] == "D03"


def test_DG_EXPLORE_2_DG_INT_3_wounded_characters_count_and_out_seats_do_not():
    """DG-EXPLORE-2, DG-INT-3: wounded characters are characters in play and count for the draw; in the Shadow
    Realm a seat that is out does not (3 seats, one out: 2 cards)."""
    g = fight([Hero("CH1", wounded=True), Hero("CH2", wounded=True)], ["D01", "D02", "D03"])
    assert g.state.table == ["D01", "D02"]
    g = position(["CH1", None, "CH3"], realm="shadow",
                 tops={"location_shadow": [place("heal", "shadow")], "encounter_shadow": ["S02", "S03", "S04"]})
    assert g.state.table == ["S02", "S03"]


def test_DG_EXPLORE_4_DG_INT_14_a_theft_monster_steals_even_if_defeated_later():
    """DG-EXPLORE-4, DG-INT-14: a theft monster takes its coin when revealed, before any placement, whether or
    not it is defeated afterwards."""
    bandit = pick("D11", theft=True, req="SS")
    g = fight([Hero(knight(), coins=1), "CH2"], [bandit, "D41"])
    assert hero(g, 0).coins == 0 and g.state.supply == 28 and g.state.phase == DECLARE_TARGET
    play(g, f"face {bandit}", "face none")
    assert bandit in g.state.discard and hero(g, 0).coins == 2  # its gold is paid as usual


def test_DG_EXPLORE_6_DG_INT_23_example_A14_an_empty_deck_ignores_further_draws():
    """DG-EXPLORE-6, DG-INT-23, example A14: 4 characters at a threat location with 2 Draghan encounter cards
    left: 2 are revealed, the 3 other draws are ignored, the discard pile is not reshuffled."""
    g = position(["CH1", "CH2", "CH3", "CH4"], discard=["D03", "D04"],
                 tops={"location_draghan": [pick("L11", ability="threat")]}, decks={"encounter_draghan": ["D01", "D41"]})
    assert g.state.table == ["D01"] and g.state.revealed_equipment == ["D41"]
    assert g.state.decks["encounter_draghan"] == [] and g.state.discard[:2] == ["D03", "D04"]
    assert "deck_empty" in kinds(g.built_events) and "3 draws ignored" in g.built_events[-1].text


def test_DG_EXPLORE_6_the_shadow_deck_too():
    """DG-EXPLORE-6, DG-INT-23: the empty-deck rule holds for the Shadow deck as well (nothing revealed at
    all: no monster, so nobody is wounded)."""
    g = position([Hero("CH1", equipment=["M01"]), "CH2"], realm="shadow", tops={"location_shadow": ["V04"]},
                 decks={"encounter_shadow": []})
    assert g.state.table == [] and g.state.phase == SHARE and not hero(g, 0).wounded


# ---------------------------------------------------------------------- placing (DG-FIGHT)


def test_DG_FIGHT_1_DG_INT_15_one_declaration_each_in_seat_order_from_the_active():
    """DG-FIGHT-1, DG-INT-15, DG-INT-9: each character in play declares once, in seat order from the active
    player: one monster on the table or none; the active player then assigns the assist."""
    tower = pick("L09", ability="assist")
    g = fight(["CH1", "CH2", "CH3"], [goblin(), merchant(), "D41"], location=tower, active=1)
    order = []
    for target in (goblin(), merchant(), "none"):
        assert g.state.phase == DECLARE_TARGET
        order.append(g.current_player)
        assert ids(g) == [f"face {goblin()}", f"face {merchant()}", "face none"]
        play(g, f"face {target}")
    assert order == [1, 2, 0] and g.state.phase == ASSIST and g.current_player == 1


def test_DG_FIGHT_2_DG_INT_2_example_A18_a_wounded_character_fights_with_one_icon():
    """DG-FIGHT-2, DG-INT-2, DG-FIGHT-7, example A18: the wounded Elf shows C: alone she defeats the Peddler
    (C) but not the Merchant (CC); with the Lute (C) she defeats the Merchant, and the Lute is discarded."""
    peddler = pick("D04", req="C", gold=1, theft=False)
    threat = pick("L11", ability="threat")  # not the default healer: the Elf stays wounded
    g = fight([Hero(elf(), wounded=True), Hero(wizard())], [peddler, "D41", "D42"], location=threat)
    assert obs(g)["heroes"][0]["shows"] == "C"
    ev = play(g, f"face {peddler}", "face none")
    assert outcomes(ev) == {peddler: True}
    g = fight([Hero(elf(), wounded=True, equipment=[lute()]), Hero(wizard())], [merchant(), "D41", "D42"],
              location=threat)
    ev = play(g, f"face {merchant()}", "done", "face none")
    assert outcomes(ev) == {merchant(): False}
    g = fight([Hero(elf(), wounded=True, equipment=[lute()]), Hero(wizard())], [merchant(), "D41", "D42"],
              location=threat)
    ev = play(g, f"face {merchant()}", f"use {lute()}", "face none")
    assert outcomes(ev) == {merchant(): True} and lute() in g.state.discard and lute() not in hero(g, 0).equipment


def test_DG_FIGHT_3_own_equipment_counts_only_at_the_faced_monster():
    """DG-FIGHT-3: a character commits any of its own cards with skill icons, one at a time, and they count
    only against the monster it faces; cards without a skill icon are not offered."""
    g = fight([Hero(wizard(), equipment=[lute(), "M07", "M02" if lute() != "M02" else "M05"]), Hero(knight())],
              [merchant(), goblin()])
    play(g, f"face {merchant()}")
    assert g.state.phase == DECLARE_EQUIPMENT and "use M07" not in ids(g) and f"use {lute()}" in ids(g)
    play(g, f"use {lute()}")
    assert f"use {lute()}" not in ids(g) and ids(g)[-1] == "done"
    ev = play(g, "done", f"face {goblin()}")
    assert outcomes(ev) == {merchant(): True, goblin(): True}
    assert obs(g)["table"] == [] and lute() in g.state.discard


def test_DG_FIGHT_4_no_cards_passed_during_the_fight():
    """DG-FIGHT-4: during the fight a card cannot be handed to another character: ``give`` is refused, and a
    character cannot use another character's card."""
    g = fight([Hero(wizard()), Hero(knight(), equipment=[lute()])], [merchant(), goblin()])
    with pytest.raises(IllegalActionError, match="DG-FIGHT-4"):
        g.apply(f"give {lute()} 0")
    play(g, f"face {merchant()}")
    assert g.state.phase == DECLARE_TARGET  # the Wizard has no card: no equipment step
    assert "DG-FIGHT-4" in g.explain(f"use {lute()}") or "DG-FIGHT-3" in g.explain(f"use {lute()}")


def test_DG_FIGHT_5_example_R2_the_elf_cannot_split_her_icons():
    """DG-FIGHT-5, DG-FIGHT-1, example R2: the Elf (SCC) cannot give 1 S to the Goblin and 2 C to the Merchant:
    a split id is refused, every legal plan leaves a monster standing, so the active Elf is wounded, the
    Goblin (no flee icon) is discarded and only the defeated monster pays."""
    g = fight([elf(), wizard()], [goblin(), merchant()])
    with pytest.raises(IllegalActionError, match="DG-FIGHT-5"):
        g.apply(f"face {goblin()} {merchant()}")
    assert not any(p.all_defeated for p in g.fight_plans())
    ev = play(g, f"face {goblin()}", f"face {merchant()}")
    assert outcomes(ev) == {goblin(): True, merchant(): False}
    g = fight([elf(), wizard()], [goblin(), merchant()])
    ev = play(g, f"face {merchant()}", f"face {goblin()}")
    assert outcomes(ev) == {goblin(): False, merchant(): True}
    assert hero(g, 0).wounded and obs(g)["heroes"][0]["shows"] == "C" and goblin() in g.state.discard
    assert (hero(g, 0).coins, hero(g, 1).coins) == (2, 0)


def test_DG_FIGHT_5_example_R2_variant_with_the_lute():
    """Example R2 variant, DG-FIGHT-8, DG-RESULT-2: the Wizard holds a Lute: Elf to the Goblin, Wizard + Lute to
    the Merchant defeat both; the Lute is discarded, the Elf gets 1 coin and the Wizard 2, nobody is wounded."""
    g = fight([elf(), Hero(wizard(), equipment=[lute()])], [goblin(), merchant()])
    assert g.fight_plans()[0].all_defeated and g.fight_plans()[0].cards == {1: (lute(),)}
    ev = play(g, f"face {goblin()}", f"face {merchant()}", f"use {lute()}")
    assert outcomes(ev) == {goblin(): True, merchant(): True}
    assert lute() in g.state.discard and (hero(g, 0).coins, hero(g, 1).coins) == (1, 2)
    assert not hero(g, 0).wounded and not hero(g, 1).wounded


@pytest.mark.parametrize("who,defeated", [("wizard", False), ("both", True), ("bard", True)])
def test_DG_FIGHT_7_DG_FIGHT_6_example_R1_matching_icons(who, defeated):
    """DG-FIGHT-7, DG-FIGHT-6, example R1: the Merchant needs 2 C. The Wizard alone (1 C) fails; Wizard + Knight
    (1 + 1 C) defeat it and split its 2 coins 1 / 1 (their K and S are wasted); the Bard alone (2 C) defeats
    it: other icon types never stand in for C."""
    team = [wizard(), knight()] if who != "bard" else [bard(), knight()]
    g = fight(team, [merchant(), "D41"])
    ev = play(g, f"face {merchant()}", f"face {merchant()}" if who == "both" else "face none")
    assert outcomes(ev) == {merchant(): defeated}
    if who == "both":
        assert (hero(g, 0).coins, hero(g, 1).coins) == (1, 1)


def test_DG_FIGHT_7_the_defeat_test():
    """DG-FIGHT-7: every icon type the monster shows must be matched at least as many times; surplus and other
    types do not count."""
    assert defeats("CC", icons("CKK" + "C")) and not defeats("CC", icons("SSKKK"))
    assert defeats("SSK", (2, 0, 1)) and defeats("SSK", (5, 5, 5)) and not defeats("SSK", (1, 9, 9))


def test_DG_FIGHT_8_DG_INT_34_used_cards_are_discarded_win_or_lose():
    """DG-FIGHT-8, DG-INT-34, DG-RESULT-6: a committed card goes to the discard pile after the fight whether or
    not the monster fell, even a card whose icons did not match at all."""
    spellbook = pick("M03", icons="K")
    g = fight([Hero(knight(), equipment=[lute(), spellbook]), Hero(wizard())], [merchant(), goblin()])
    play(g, f"face {goblin()}", f"use {spellbook}", f"use {lute()}")
    ev = play(g, "face none")
    assert outcomes(ev) == {goblin(): True, merchant(): False}
    assert {spellbook, lute()} <= set(g.state.discard) and hero(g, 0).equipment == []


def test_DG_FIGHT_9_DG_INT_10_revealed_equipment_cannot_be_used():
    """DG-FIGHT-9, DG-INT-10: the Silver Flute revealed this round belongs to no one: it is never offered, and
    ``use`` of it is refused naming the rule; it goes to the active player only after the fight."""
    flute = pick("D39", kind="equipment", icons="C")
    g = fight([Hero(wizard(), equipment=["M01"]), Hero(knight())], [merchant(), flute])
    play(g, f"face {merchant()}")
    assert f"use {flute}" not in ids(g)
    with pytest.raises(IllegalActionError, match="DG-FIGHT-9"):
        g.apply(f"use {flute}")
    play(g, "done")
    with pytest.raises(IllegalActionError, match="DG-FIGHT-9"):
        g.apply(f"face {flute}")  # nor is it a monster to face


def test_DG_FIGHT_10_placements_are_public():
    """DG-FIGHT-10: every seat sees each declaration as it is made: targets, committed cards, the icons placed
    at each monster and who faces it."""
    g = fight([Hero(wizard(), equipment=[lute()]), Hero(knight()), Hero(bard())], [merchant(), goblin(), "D41"])
    play(g, f"face {merchant()}", f"use {lute()}")
    for seat in range(3):
        o = obs(g, seat)
        assert o["targets"] == {"0": merchant()} and o["used"] == {"0": [lute()]} and o["declaring"] == 1
        row = next(r for r in o["table"] if r["id"] == merchant())
        assert row["facing"] == [0] and row["placed"] == [0, 2, 2]


def test_DG_INT_9_placing_is_optional():
    """DG-INT-9: a character may stay out ("face none"); with everybody out, every monster stands."""
    g = fight([Hero("CH1", equipment=["M01"]), "CH2"], [goblin(), "D41"])
    assert ids(g)[-1] == "face none" and "DG-INT-9" in g.legal_actions()[-1].rules
    ev = play(g, "face none", "face none")
    assert outcomes(ev) == {goblin(): False} and hero(g, 0).wounded


def test_DG_INT_22_example_A15_a_round_with_no_monster():
    """DG-INT-22, DG-RESULT-7, example A15: the reveal is Old Map and Monocle: no fight plan, "all monsters" are
    defeated, the active player takes both cards and nobody is wounded; the Monocle counts for the head."""
    old_map = pick("D41", kind="equipment", slot="hand")
    monocle = pick("D48", kind="equipment", slot="head")
    g = fight([Hero("CH1", equipment=["M11" if monocle != "M11" else "M10"]), "CH2"], [old_map, monocle])
    assert g.state.phase == SHARE and g.fight_plans()[0].targets == {}
    assert hero(g, 0).equipment[-2:] == [old_map, monocle] and not hero(g, 0).wounded
    play(g, "skip")
    assert g.state.phase == "equipment_check" and set(ids(g)) == {f"discard {monocle}", f"discard {hero(g, 0).equipment[0]}"}


@pytest.mark.parametrize("alone", [False, True])
def test_DG_INT_6_example_A16_the_assist_needs_a_character_at_its_monster(alone):
    """DG-INT-6, DG-LOC-3, DG-INT-5, example A16: at the Watchtower (assist SS) the Elf and the Bard both face the
    Merchant. By default the assist cannot go to the Orc Brute nobody faces: it stands, the Merchant's 2 coins
    split 1 / 1, the active Elf is wounded and the revealed equipment discarded. With ``assist_alone`` both
    fall, the Orc Brute's coins stay in the supply, nobody is wounded. The assist never goes to two monsters."""
    tower = pick("L09", ability="assist", icons="SS")
    orc = pick("D10", req="SS", gold=2, theft=False)
    g = fight([elf(), bard()], [orc, merchant(), "D41"][:2], location=tower, assist_alone=alone)
    play(g, f"face {merchant()}", f"face {merchant()}")
    if not alone:
        assert g.state.phase == ASSIST and ids(g) == [f"assist {merchant()}", "assist none"]
        with pytest.raises(IllegalActionError, match="DG-INT-6"):
            g.apply(f"assist {orc}")
        ev = play(g, "assist none")
        assert outcomes(ev) == {orc: False, merchant(): True}
        assert hero(g, 0).wounded and (hero(g, 0).coins, hero(g, 1).coins) == (1, 1) and orc in g.state.discard
        return
    assert ids(g) == [f"assist {orc}", f"assist {merchant()}", "assist none"]
    with pytest.raises(IllegalActionError, match="DG-LOC-3"):
        g.apply(f"assist {orc} {merchant()}")
    ev = play(g, f"assist {orc}")
    assert outcomes(ev) == {orc: True, merchant(): True} and not hero(g, 0).wounded
    assert (hero(g, 0).coins, hero(g, 1).coins) == (1, 1) and g.state.supply == 26


def test_DG_INT_6_the_assist_is_refused_where_no_character_stands():
    """DG-INT-6: with a character at each of two monsters the assist may go to either, but not to a third
    monster nobody faces; the refusal names the rule."""
    tower = pick("L09", ability="assist", icons="SS")
    orc = pick("D10", req="SS", gold=2, theft=False)
    g = fight(["CH1", "CH2", "CH3"], [orc, merchant(), goblin()], location=tower)
    play(g, f"face {merchant()}", f"face {goblin()}", "face none")
    assert g.state.phase == ASSIST and ids(g) == [f"assist {merchant()}", f"assist {goblin()}", "assist none"]
    with pytest.raises(IllegalActionError, match="DG-INT-6"):
        g.apply(f"assist {orc}")


def test_DG_INT_6_a_character_may_face_a_monster_only_to_bring_the_assist():
    """DG-INT-6, DG-LOC-3: the Wizard (CKK, no S) faces the Orc Brute (SS) so that the Watchtower's SS can go
    there; the plan search finds it and the engine agrees: both monsters fall."""
    tower = pick("L09", ability="assist", icons="SS")
    orc = pick("D10", req="SS", gold=2, theft=False)
    g = fight([wizard(), bard()], [orc, merchant()], location=tower)
    best = g.fight_plans()[0]
    assert best.all_defeated and best.targets == {0: orc, 1: merchant()} and best.assist == orc
    ev = play(g, f"face {orc}", f"face {merchant()}", f"assist {orc}")
    assert outcomes(ev) == {orc: True, merchant(): True} and hero(g, 0).coins == 2


# ---------------------------------------------------------------------- the plan search against brute force


def brute_force(monsters, dragon, heroes, assist="", assist_alone=False, weights=None):
    """Return the best score over every plan: each character at any monster or none with any subset of its
    skill cards, the assist anywhere the rules allow (DG-FIGHT-1..7, DG-DRAGON-5, DG-INT-6)."""
    weights = weights or {}
    seats = sorted(heroes)
    need = dict(monsters)
    if dragon:
        need[dragon[0]] = dragon[1]
    per = {}
    for s in seats:
        kit = [(c, t) for c, t in heroes[s][1] if t]
        per[s] = [(None, ())] + [(m, tuple(c for c, _ in combo)) for m in need
                                 for k in range(len(kit) + 1) for combo in combinations(kit, k)]
    best = None
    for choice in product(*(per[s] for s in seats)):
        faced = {m for m, _ in choice if m}
        spots = ([None] + (list(need) if assist_alone else sorted(faced))) if assist else [None]
        for spot in spots:
            placed = {m: (0, 0, 0) for m in need}
            for s, (m, cards) in zip(seats, choice):
                if m:
                    placed[m] = add(placed[m], icons(heroes[s][0]))
                    for c in cards:
                        placed[m] = add(placed[m], icons(dict(heroes[s][1])[c]))
            if spot:
                placed[spot] = add(placed[spot], icons(assist))
            down = {m for m in monsters if (m in faced or m == spot) and defeats(monsters[m], placed[m])}
            all_down = len(down) == len(monsters)
            dragon_down = bool(dragon) and all_down and (dragon[0] in faced or dragon[0] == spot) and \
                defeats(dragon[1], placed[dragon[0]])
            if dragon_down:
                down.add(dragon[0])
            score = (all_down, dragon_down, sum(weights.get(m, 1.0) for m in down),
                     -sum(len(c) for m, c in choice if m), -len(faced and [m for m, _ in choice if m]))
            best = score if best is None or score > best else best
    return best


icons_st = st.text("SCK", min_size=1, max_size=3).map(lambda t: "".join(sorted(t)))
kit_st = st.lists(st.text("SCK", max_size=2), max_size=2)


@settings(max_examples=150, deadline=None)
@given(monsters=st.lists(icons_st, max_size=3), dragon=st.one_of(st.none(), st.text("SCK", min_size=3, max_size=6)),
       heroes=st.lists(st.tuples(st.sampled_from(["SCC", "SSK", "CKK", "SSC", "CCK", "SKK", "S", "C", "K"]), kit_st),
                       min_size=1, max_size=3),
       assist=st.sampled_from(["", "SS", "CK", "SK", "K"]), alone=st.booleans())
def test_fight_search_finds_the_best_plan_of_the_brute_force(monsters, dragon, heroes, assist, alone):
    """fight.search (the hint and the planner's search) is exact: its best plan scores as the best of every
    plan enumerated by brute force (all defeated, dragon defeated, monsters defeated, fewest cards, fewest
    characters), with the assist rules of DG-INT-6 and the dragon's protection of DG-DRAGON-5."""
    ms = {f"X{i}": r for i, r in enumerate(monsters)}
    dr = ("DR", dragon) if dragon else None
    hs = {s: (base, [(f"E{s}{j}", t) for j, t in enumerate(kit)]) for s, (base, kit) in enumerate(heroes)}
    plans = search(ms, dr, hs, assist, assist_alone=alone)
    assert plans[0].score == brute_force(ms, dr, hs, assist, alone)
    for p in plans[:20]:  # every plan's own claims hold
        assert p.all_defeated == (set(ms) <= p.defeated)
        assert p.dragon_defeated == ("DR" in p.defeated) and (not p.dragon_defeated or p.all_defeated)
        assert all(set(p.cards.get(s, ())) <= {c for c, _ in hs[s][1]} for s in hs)


def test_fight_plans_are_what_the_engine_does():
    """game.fight_plans() builds the search from the table; playing a plan's declarations through the engine
    defeats exactly the plan's monsters (DG-FIGHT-1..8, DG-LOC-3), over seeded random tables."""
    rng = random.Random(7)
    monsters = [c for c in ("D01", "D04", "D05", "D06", "D07", "D08", "D10", "D14", "D18", "D20", "D22")]
    kit = ["M01", "M02", "M03", "M04", "M05", "M06", "M09", "M10", "M11", "M14"]
    locations = ["L01", "L09", "L10"]  # a market (nobody has coins), the two assists
    for _ in range(25):
        n = rng.randint(2, 3)
        chars = rng.sample(["CH1", "CH2", "CH3", "CH4", "CH5", "CH6"], n)
        cards = rng.sample(kit, 2 * n)
        team = [Hero(c, wounded=rng.random() < 0.3, equipment=cards[2 * i:2 * i + rng.randint(0, 2)])
                for i, c in enumerate(chars)]
        loc = rng.choice(locations)
        table = rng.sample(monsters, n)
        g = fight(team, table, location=loc)
        plan = rng.choice(g.fight_plans()[:5])
        ev = []
        while g.state.phase in (DECLARE_TARGET, DECLARE_EQUIPMENT, ASSIST):
            seat = g.current_player
            if g.state.phase == DECLARE_TARGET:
                ev += play(g, f"face {plan.targets.get(seat) or 'none'}")
            elif g.state.phase == DECLARE_EQUIPMENT:
                left = [c for c in plan.cards.get(seat, ()) if f"use {c}" in ids(g)]
                ev += play(g, f"use {left[0]}" if left else "done")
            else:
                ev += play(g, f"assist {plan.assist or 'none'}")
        assert {m for m, ok in outcomes(ev).items() if ok} == set(plan.defeated), (plan, table)
