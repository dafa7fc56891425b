"""Manual draws (issue 13 part 2): with ``chance="manual"`` every location and encounter turned up and every
market card drawn onto the display is a chance node whose outcomes are the cards that could come.

Picking a card swaps it with the card that would have come, so nothing is created or lost (DG-SETUP-1);
with ``chance="auto"`` nothing changes (the golden playthroughs, ``test_dg_golden.py``).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import dragonwidgets
from dragonwidgets.engine import CHANCE
from dragonwidgets.games.draghan.position import zones


def every_card(g) -> Counter:
    return Counter(c for cards in zones(g.state).values() for c in cards)


def expected(g) -> Counter:
    return Counter(c for c in g.tables.card if c not in g.dragons_aside())


def started(seed: int = 1):
    g = dragonwidgets.new_game("draghan", players=2, seed=seed, chance="manual", first_player=0)
    g.apply("choose CH1"), g.apply("choose CH3")
    return g


def test_DG_LOC_1_the_location_is_a_chance_node_over_the_current_block():
    """DG-LOC-1, DG-SETUP-2..4: the first location comes from the first block of the Draghan deck (4 cards,
    one market and one portal among them), each equally likely; the one picked turns up."""
    g = started()
    assert g.current_player == CHANCE and g.state.phase == "reveal_location"
    outcomes = g.legal_actions()
    block = g.state.decks["location_draghan"][:4]
    assert sorted(a.id for a in outcomes) == sorted(f"location {c}" for c in block)
    assert sum(a.prob for a in outcomes) == pytest.approx(1.0)
    for a in outcomes:
        twin = g.clone()
        twin.apply(a.id)
        assert twin.state.location == a.id.split()[1] and every_card(twin) == expected(twin)
    assert "current block" in g.explain(f"location {g.state.decks['location_draghan'][5]}")


def test_DG_EXPLORE_3_each_encounter_is_a_chance_node_over_the_deck():
    """DG-EXPLORE-1/3: one encounter per character, each picked from the cards left in the deck."""
    g = started()
    loc = next(a.id for a in g.legal_actions() if g.tables.card[a.id.split()[1]].ability in ("heal", "threat", "assist"))
    g.apply(loc)
    assert g.state.phase == "reveal_encounter"
    deck = list(g.state.decks["encounter_draghan"])
    outcomes = g.legal_actions()
    assert sorted(a.id.split()[1] for a in outcomes) == sorted(deck)
    assert all(a.prob == pytest.approx(1 / len(deck)) for a in outcomes)
    pick = sorted(deck)[-1]
    g.apply(f"encounter {pick}")
    assert pick in g.state.table + g.state.revealed_equipment and pick not in g.state.decks["encounter_draghan"]
    assert every_card(g) == expected(g)


def test_DG_LOC_6_market_cards_are_picked_one_by_one():
    """DG-LOC-6: a market location puts 4 market cards on display, each a chance node over the market deck."""
    g = started()
    market = next(a.id for a in g.legal_actions() if g.tables.card[a.id.split()[1]].ability == "market")
    g.apply(market)
    picked = []
    while g.state.phase == "draw_market":
        choice = sorted(a.id for a in g.legal_actions())[0]
        picked.append(choice.split()[1])
        g.apply(choice)
    assert g.state.market_display == picked and len(picked) == 4
    assert every_card(g) == expected(g)


@pytest.mark.parametrize("seed", range(4))
def test_DG_SETUP_1_random_manual_games_create_and_lose_no_card(seed):
    """Whole games with every chance outcome picked at random: every card stays in exactly one place."""
    g = dragonwidgets.new_game("draghan", players=2 + seed % 3, seed=seed, chance="manual")
    rng = random.Random(seed)
    kinds = set()
    while not g.is_over:
        legal = g.legal_actions()
        kinds.update(a.kind for a in legal if a.player == CHANCE)
        g.apply(rng.choice(legal))
        assert every_card(g) == expected(g)
    assert {"reveal_location", "reveal_encounter"} <= kinds


def test_auto_chance_and_pick_draws_false_turn_the_top_card_up():
    """With auto chance no reveal is a node; with pick_draws=False manual games turn up the top cards."""
    for kw in ({"chance": "auto"}, {"chance": "manual", "pick_draws": False}):
        g = dragonwidgets.new_game("draghan", players=2, seed=3, first_player=0, **kw)
        top = g.state.decks["location_draghan"][0]
        g.apply("choose CH1"), g.apply("choose CH3")
        assert g.state.location == top and g.state.phase not in ("reveal_location", "reveal_encounter")


def test_section_7_a_seat_does_not_see_which_locations_the_block_holds():
    """Which locations the current block holds is hidden (section 7): a seat's widget view lists no outcome
    of a Draghan location reveal; the encounter and market decks' make-up can be counted, so they are shown."""
    g = started()
    assert g.chance_outcomes_hidden
    seat_view = dragonwidgets.DraghanWidget(game=g, viewer="0")
    teacher = dragonwidgets.DraghanWidget(game=g.clone(), viewer="teacher")
    assert seat_view._visible_actions(0) == [] and len(teacher._visible_actions(None)) == 4
    g.apply(sorted(a.id for a in g.legal_actions())[0])
    while g.state.phase not in ("reveal_encounter", "draw_market"):
        g.apply(g.legal_action_ids()[0])
    assert not g.chance_outcomes_hidden
