"""Manual draws (issue 13 part 2): with ``chance="manual"`` every location and encounter turned up and every
market card drawn (onto the display, or by a character joining) is a chance node whose outcomes are the cards
that could come.

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


def take_top_market_cards(g) -> None:
    """Resolve the join_card nodes due by taking the top market card, as auto chance would."""
    while g.state.phase == "join_card":
        g.apply(f"join {g.state.decks['market'][0]}")


def started(seed: int = 1):
    g = dragonwidgets.new_game("draghan", players=2, seed=seed, chance="manual", first_player=0)
    for character in ("CH1", "CH3"):
        g.apply(f"choose {character}")
        take_top_market_cards(g)
    return g


def test_DG_SETUP_7_a_joining_character_takes_a_picked_market_card():
    """DG-SETUP-6/7: a character chosen at set-up takes a market card picked from the whole market deck, each
    equally likely; the next seat chooses after it, and the card picked is the one the character holds."""
    g = dragonwidgets.new_game("draghan", players=2, seed=1, chance="manual", first_player=0)
    g.apply("choose CH1")
    assert g.current_player == CHANCE and g.state.phase == "join_card" and g.state.heroes[0].equipment == []
    deck = list(g.state.decks["market"])
    outcomes = g.legal_actions()
    assert sorted(a.id for a in outcomes) == sorted(f"join {c}" for c in deck)
    assert all(a.prob == pytest.approx(1 / len(deck)) for a in outcomes)
    assert "market deck" in g.explain("join D01")
    pick = sorted(deck)[-1]
    g.apply(f"join {pick}")
    assert g.state.heroes[0].equipment == [pick] and pick not in g.state.decks["market"]
    assert g.state.phase == "choose_character" and every_card(g) == expected(g)
    assert g.log()[-1]["text"] == f"The Elf takes the {g.tables.name[pick]}."
    g.apply("choose CH3")
    g.apply(f"join {g.state.decks['market'][0]}")
    assert g.state.round == 1 and g.state.phase == "reveal_location"


def test_DG_SETUP_6_a_random_deal_picks_each_characters_card_in_seat_order():
    """DG-SETUP-6/7, character_choice="random": the deal gives every seat its character, then each one's market
    card is picked in seat order before round 1 begins; a position at such a node round-trips."""
    g = dragonwidgets.new_game("draghan", players=3, seed=2, chance="manual", character_choice="random")
    g.apply("deal")
    assert g.state.phase == "join_card" and g.state.joining == [0, 1, 2] and g.state.resume == "deal"
    twin = dragonwidgets.new_game("draghan", chance="manual", position=g.position())
    assert twin.observation(None) | {"step": 0} == g.observation(None) | {"step": 0}
    assert twin.legal_action_ids() == g.legal_action_ids()
    for seat in range(3):
        card = sorted(g.state.decks["market"])[0]
        g.apply(f"join {card}")
        assert g.state.heroes[seat].equipment == [card]
    assert g.state.round == 1 and every_card(g) == expected(g)


def test_DG_WOUND_4_a_replacement_takes_a_picked_market_card_then_the_market_follows():
    """DG-WOUND-4, DG-SETUP-7: a replacement's market card is a chance node; after it the market follows as
    without manual draws."""
    for seed in range(40):
        g = dragonwidgets.new_game("draghan", players=2, seed=seed, chance="manual")
        rng = random.Random(seed)
        while not g.is_over and not (g.state.phase == "join_card" and g.state.resume == "replace"):
            g.apply(rng.choice(g.legal_actions()))
        if not g.is_over:
            break
    else:
        raise AssertionError("no replacement in these games")
    seat = g.state.joining[0]
    card = sorted(g.state.decks["market"])[-1]
    auto = g.clone()
    g.apply(f"join {card}")
    assert g.state.heroes[seat].equipment == [card] and g.state.phase != "join_card" and every_card(g) == expected(g)
    with pytest.raises(dragonwidgets.PositionError, match="join_card"):
        bad = auto.position() | {"resume": "explore"}
        dragonwidgets.new_game("draghan", chance="manual", position=bad)


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
    assert {"reveal_location", "reveal_encounter", "join_card"} <= kinds


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
