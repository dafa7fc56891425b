"""Draghan setup and seats: the decks laid out, characters chosen, starting equipment, coins, the first
player (DG-SETUP-5..9), the number of characters and solo play (DG-SOLO-1..3, DG-INT-1), the options
``character_choice`` and ``first_player``. The deck build itself (DG-SETUP-1..4) is tested in
``test_dg_cards.py``. Manual chance stops at the dice and picks; ``pick_draws=False`` keeps the cards coming
from the top of the decks, as the rules deal them (the picks are tested in ``test_dg_draws.py``).
"""

from __future__ import annotations

from collections import Counter

import pytest

import dragonwidgets
from dg_builder import Hero, card_counts, expected_cards, ids, place, play, position
from dragonwidgets.games.draghan import DraghanGame, new_game
from dragonwidgets.games.draghan.state import CHOOSE_CHARACTER, DRAGHAN, HEAL_1

SIZES = {"location_draghan": 13, "location_shadow": 6, "encounter_draghan": 53, "encounter_shadow": 13,
         "market": 18, "dragons": 4, "characters": 0}


def chosen(players: int, seed: int = 1, **options) -> DraghanGame:
    """A game whose seats picked the characters CH1, CH2, ... in seat order."""
    g = DraghanGame(players=players, seed=seed, chance="manual", pick_draws=False, **options)
    for seat in range(players):
        play(g, f"choose CH{seat + 1}")
    return g


def test_DG_SETUP_5_decks_in_the_middle_shadow_decks_set_aside():
    """DG-SETUP-5: the Draghan location deck, the Draghan encounter deck and the market deck are laid out;
    the Shadow decks wait until the team travels: the first location and the first encounters come from
    the Draghan decks, the Shadow decks keep all their cards."""
    g = DraghanGame(players=3, seed=4, first_player=0, chance="manual", pick_draws=False)  # the top cards come
    assert g.observation(0)["deck_sizes"] == SIZES and g.state.realm == DRAGHAN
    assert g.state.phase == CHOOSE_CHARACTER and g.state.discard == [] and g.state.table == []
    top_location = g.state.decks["location_draghan"][0]
    play(g, "choose CH1", "choose CH2", "choose CH3")
    o = g.observation(0)
    assert g.state.location == top_location and g.decks.card(top_location).deck == "location_draghan"
    assert o["deck_sizes"]["location_shadow"] == 6 and o["deck_sizes"]["encounter_shadow"] == 13
    assert o["deck_sizes"]["location_draghan"] == 12 and o["deck_sizes"]["market"] == 18 - 3
    assert card_counts(g) == expected_cards(g)


def test_DG_SETUP_6_each_seat_chooses_a_different_character_in_seat_order():
    """DG-SETUP-6: seats choose in seat order, each a different character, laid healthy side up with its 3
    icons; the characters not chosen are set aside as the replacements."""
    g = DraghanGame(players=3, seed=2, first_player=2, chance="manual", pick_draws=False)
    assert g.current_player == 0 and ids(g) == [f"choose CH{i}" for i in range(1, 7)]
    play(g, "choose CH4")
    assert g.current_player == 1 and "choose CH4" not in ids(g) and len(ids(g)) == 5
    play(g, "choose CH1")
    assert g.current_player == 2 and ids(g) == ["choose CH2", "choose CH3", "choose CH5", "choose CH6"]
    play(g, "choose CH6")
    heroes = g.observation(1)["heroes"]
    assert [h["card"] for h in heroes] == ["CH4", "CH1", "CH6"]
    assert all(not h["wounded"] and h["shows"] == g.decks.card(h["card"]).healthy and len(h["shows"]) == 3
               for h in heroes)
    assert g.state.set_aside == ["CH2", "CH3", "CH5"] and g.observation(0)["set_aside"] == ["CH2", "CH3", "CH5"]


def test_DG_SETUP_6_character_choice_random_deals_from_the_seed():
    """DG-SETUP-6, option character_choice="random": the characters are dealt from the seed, all different,
    and round 1 starts in the same step; the same seed deals the same characters."""
    a = DraghanGame(players=4, seed=11, character_choice="random", chance="manual", pick_draws=False)
    b = DraghanGame(players=4, seed=11, character_choice="random", chance="manual", pick_draws=False)
    assert [x.id for x in a.legal_actions()] == ["deal"] and a.legal_actions()[0].prob == 1.0
    play(a, "deal")
    play(b, "deal")
    cards = [h.card for h in a.state.heroes]
    assert len(set(cards)) == 4 and cards == [h.card for h in b.state.heroes]
    assert sorted(cards + a.state.set_aside) == [f"CH{i}" for i in range(1, 7)]
    assert a.state.round == 1 and a.state.phase != CHOOSE_CHARACTER
    dealt = {tuple(h.card for h in DraghanGame(players=2, seed=s, character_choice="random").state.heroes)
             for s in range(30)}
    assert len(dealt) > 10


@pytest.mark.parametrize("players", [2, 3, 4])
def test_DG_SETUP_6_a_random_deal_is_a_logged_step_like_the_choices(players):
    """DG-SETUP-6, DG-SETUP-7, DG-LOC-1, DG-EXPLORE-1, option character_choice="random": the deal is a step of
    the history (the forced chance outcome ``deal``), so what it does is logged as the choices of "choose"
    are: each character joining with its market card, round 1's location and its reveals (and any theft).
    Step 0 is the table before the deal, with no character; the record replays; every seat reads the same
    log (test_dg_hidden.py checks that no line names a card still face down)."""
    g = DraghanGame(players=players, seed=20 + players, character_choice="random")
    assert g.step == 1 and [e.action.id for e in g.history] == ["deal"] and g.history[0].auto
    log = g.log()
    joined = [row for row in log if row["kind"] == "character_joined"]
    assert [row["text"].split(" plays ")[0] for row in joined] == [f"Seat {i + 1}" for i in range(players)]
    assert all(row["step"] == 1 for row in log)
    kinds = [row["kind"] for row in log]
    assert kinds.count("location") == 1 and kinds.count("revealed") >= 1, kinds
    revealed = g.state.table + g.state.revealed_equipment
    assert all(f"Revealed: {g.decks.card(c).name} " in " ".join(r["text"] for r in log) for c in revealed)
    assert all(g.log(seat) == log for seat in range(players))
    g.goto(0)
    assert g.state.heroes == [None] * players and g.state.round == 0 and g.log() == []
    assert g.observation(0)["set_aside"] == [] and g.observation(0)["deck_sizes"]["characters"] == 6
    g.goto(1)
    replay = dragonwidgets.from_record(g.to_record())
    assert replay.state_digest() == g.state_digest() and replay.log() == log


def test_DG_SETUP_7_DG_INT_12_each_character_takes_the_top_market_card_whatever_it_is():
    """DG-SETUP-7, DG-INT-12: each seat's character takes the top market card as it enters, face up; a
    healing card is taken like any other (it is only played once its owner is wounded and active)."""
    g = DraghanGame(players=2, seed=3, first_player=0, chance="manual", pick_draws=False)
    d = g.decks
    potion = next(c for c in d.market if d.card(c).heal)
    deck = g.state.decks["market"]
    deck.remove(potion)
    deck.insert(1, potion)
    first = deck[0]
    for name, top in (("location_draghan", place("heal")), ("encounter_draghan", "D41"), ("encounter_draghan", "D42")):
        g.state.decks[name].remove(top)  # a quiet round 1: a healer, two equipment cards
        g.state.decks[name].insert(0 if top != "D42" else 1, top)
    play(g, "choose CH3")
    assert g.state.heroes[0].equipment == [first] and g.state.decks["market"][0] == potion
    play(g, "choose CH5")
    assert g.state.heroes[1].equipment == [potion] and g.state.round == 1
    assert g.observation(0)["heroes"][1]["equipment"] == [potion] and len(g.state.decks["market"]) == 16
    assert g.state.phase != HEAL_1  # healthy: the healing card waits (DG-HEAL-2)


def test_DG_SETUP_8_the_supply_holds_28_coins_characters_none():
    """DG-SETUP-8: all 28 coins form the supply; every character starts with 0 coins."""
    g = chosen(4)
    o = g.observation(2)
    assert o["supply"] == 28 and all(h["coins"] == 0 for h in o["heroes"])


@pytest.mark.parametrize("first", [0, 1, 2])
def test_DG_SETUP_9_first_player_option_holds_the_map_in_round_1(first):
    """DG-SETUP-9, option first_player: the named seat holds the map card and is the active player of round 1
    (the map card carries no other data, DG-REC-7)."""
    g = chosen(3, first_player=first)
    assert g.state.round == 1 and g.observation(0)["active_player"] == first


def test_DG_SETUP_9_first_player_drawn_from_the_seed_by_default():
    """DG-SETUP-9: "de speler met de puntigste oren" is not a setting: by default the first player is drawn
    from the seed, every seat can be drawn, and a seat outside the table is refused."""
    firsts = Counter(DraghanGame(players=4, seed=s).state.active for s in range(80))
    assert set(firsts) == {0, 1, 2, 3} and DraghanGame.option_defaults["first_player"] == -1
    with pytest.raises(ValueError, match="first_player"):
        DraghanGame(players=2, seed=1, first_player=2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_DG_INT_1_DG_SOLO_1_two_to_four_characters_one_seat_each(players):
    """DG-INT-1, DG-SOLO-1: 2 to 4 characters are in play, one seat each (one person may play every seat,
    DG-SOLO-2); the game is cooperative and every seat is named after its character."""
    g = chosen(players)
    assert g.players == players and g.cooperative and len(g.state.heroes) == players
    assert [g.player_name(i) for i in range(players)] == [g.decks.card(f"CH{i + 1}").name for i in range(players)]


@pytest.mark.parametrize("players", [0, 1, 5, 6])
def test_DG_INT_1_other_character_counts_are_refused(players):
    """DG-INT-1: solo play means "meerdere" (several) characters, so at least 2; more than 4 is outside the
    box's range. The engine refuses 1 and 5..6 characters with a ValueError."""
    with pytest.raises(ValueError, match="2 to 4"):
        new_game(players=players, seed=1)


def test_DG_SOLO_2_each_character_keeps_its_own_equipment_and_coins():
    """DG-SOLO-2: in solo play too each character has its own equipment and coins: a coin won by one
    character lies on that character's card only, its cards stay its own."""
    goblin = "D01"
    g = position([Hero("CH4", equipment=["M01"]), Hero("CH3", equipment=["M03"])],
                 tops={"location_draghan": [place("heal")], "encounter_draghan": [goblin, "D41"]})
    play(g, "face D01", "done", "face none")
    h = g.state.heroes
    assert (h[0].coins, h[1].coins) == (1, 0) and h[0].equipment == ["M01", "D41"] and h[1].equipment == ["M03"]


def test_DG_SOLO_3_DG_INT_31_the_map_passes_in_fixed_seat_order():
    """DG-SOLO-3, DG-INT-31, DG-PASS-2: "to the left" is the engine's seat order; the map goes from seat to
    seat cyclically, round after round (in solo play through the player's characters)."""
    g = position(["CH1", "CH2", "CH3"], active=1, at="end")
    assert g.state.active == 2 and g.state.round == 2
    g = position(["CH1", "CH2", "CH3"], active=2, at="end")
    assert g.state.active == 0


def test_DG_SOLO_3_DG_INT_29_the_cycle_skips_characters_that_are_out():
    """DG-SOLO-3, DG-INT-29: in the Shadow Realm the cycle skips a seat whose character is out."""
    g = position(["CH1", None, "CH3", "CH4"], active=0, realm="shadow", at="end")
    assert g.state.active == 2
    g = position(["CH1", "CH2", None, None], active=1, realm="shadow", at="end")
    assert g.state.active == 0


def test_options_are_the_digests_and_bad_values_are_refused():
    """The options and their defaults are the digest's choices (DG-SETUP-6, DG-SETUP-9, DG-INT-13, DG-INT-19,
    DG-INT-24, DG-INT-6, DG-CAMP-3); there is no "harder play" setting from the website (DG-CAMP-4). Bad
    values raise ValueError naming the option."""
    assert DraghanGame.option_defaults == {
        "first_player": -1, "character_choice": "choose", "replacement_character": "choose",
        "portal_decision_time": "reveal", "unlimited_coins": False, "assist_alone": False,
        "campaign_defeated_dragons": "", "decks_file": "", "pick_draws": True}
    for key, value in (("character_choice", "draft"), ("replacement_character", "oldest"),
                       ("portal_decision_time", "never")):
        with pytest.raises(ValueError, match=key):
            DraghanGame(players=2, seed=1, **{key: value})
    with pytest.raises(ValueError, match="campaign_defeated_dragons"):
        DraghanGame(players=2, seed=1, campaign_defeated_dragons="G9")


@pytest.mark.parametrize("seed", range(6))
def test_DG_SETUP_4_the_game_deals_the_location_deck_in_three_piles(seed):
    """DG-SETUP-4, DG-SETUP-2, DG-SETUP-3 as the game deals them: the Draghan location deck of a new game holds the 13 locations,
    with one market and one portal in each of rounds 1-4, 5-8 and 9-13 (the 5-card pile at the bottom), so the
    third portal never comes before round 9."""
    g = DraghanGame(players=2, seed=seed)
    deck = g.state.decks["location_draghan"]
    assert sorted(deck) == sorted(g.decks.location_draghan)
    ability = [g.decks.card(c).ability for c in deck]
    for block in (ability[0:4], ability[4:8], ability[8:13]):
        assert block.count("market") == 1 and block.count("portal") == 1
    assert [i for i, a in enumerate(ability) if a == "portal"][2] >= 8
