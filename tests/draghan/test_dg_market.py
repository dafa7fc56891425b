"""Buying market cards (DG-MARKET-1..5, DG-INT-7, DG-INT-11) and example A10."""

from __future__ import annotations

import pytest

from dg_builder import Hero, coins_total, hero, ids, kinds, obs, pick, play, position
from dragonwidgets.engine import IllegalActionError
from dragonwidgets.games.draghan.state import BUY, SHARE


def a10_cards():
    """Lute (1), Iron Helm (2), Healing Potion (2), Dragonhide Vest (4), as in example A10."""
    return (pick("M02", price=1), pick("M09", price=2, slot="head"), pick("M07", price=2, heal=True),
            pick("M17", price=4))


def market_round(heroes, encounters=("D41", "D42"), display=None, **kw):
    """A round whose location is a market, laying out ``display`` (default: A10's four cards)."""
    return position(heroes, tops={"location_draghan": [pick("L01", ability="market")],
                                  "encounter_draghan": list(encounters), "market": list(display or a10_cards())}, **kw)


def test_DG_MARKET_1_example_A10_the_buying_window():
    """DG-MARKET-1, DG-MARKET-2, DG-MARKET-3, DG-MARKET-4, DG-INT-11, example A10: after phase 4 the active
    Knight (3 coins) buys the Iron Helm and the Elf (1 coin) the Lute: the Knight keeps 1 coin, the Elf 0, the
    supply gains 3; nobody can afford the Potion or the Vest, so both go to the discard pile, and round 3
    offers nothing to buy."""
    lute, iron_helm, potion, vest = a10_cards()
    g = market_round([Hero("CH4", coins=3), Hero("CH1", coins=1)], round=2)
    supply = g.state.supply
    assert g.state.phase == BUY and g.current_player == 0
    assert ids(g) == [f"buy {lute}", f"buy {iron_helm}", f"buy {potion}", "pass"]
    play(g, f"buy {iron_helm}")
    assert g.current_player == 0 and ids(g) == [f"buy {lute}", "pass"]  # several cards may be bought
    play(g, "pass")
    assert g.current_player == 1 and ids(g) == [f"buy {lute}", "pass"]
    ev = play(g, f"buy {lute}")
    assert (hero(g, 0).coins, hero(g, 1).coins, g.state.supply) == (1, 0, supply + 3)
    assert iron_helm in hero(g, 0).equipment and hero(g, 1).equipment == [lute]
    assert {potion, vest} <= set(g.state.discard) and g.state.market_display == [] and "market_closed" in kinds(ev)
    assert g.state.phase == SHARE
    play(g, "skip")
    assert g.state.round == 3 and g.state.market_display == []
    assert coins_total(g) == 28


def test_DG_MARKET_1_nothing_is_bought_before_the_fight_is_resolved():
    """DG-MARKET-1: the market cards are laid out in phase 2 but bought only after phase 4: a ``buy`` during
    the declarations is refused, naming the rule."""
    lute = a10_cards()[0]
    g = market_round([Hero("CH4", coins=3), Hero("CH1", coins=1)], encounters=(pick("D01", req="S"), "D41"))
    assert obs(g)["market_display"] == list(a10_cards()) and g.state.phase == "declare_target"
    with pytest.raises(IllegalActionError, match="DG-MARKET-1"):
        g.apply(f"buy {lute}")


def test_DG_MARKET_1_coins_won_in_this_round_can_be_spent():
    """DG-MARKET-1, DG-RESULT-9: the purchases come after the gold of phase 4, so a coin just won buys."""
    goblin = pick("D01", req="S", gold=1, theft=False)
    g = market_round(["CH4", "CH1"], encounters=(goblin, "D41"))
    play(g, f"face {goblin}", "face none")
    assert g.state.phase == BUY and g.current_player == 0 and f"buy {a10_cards()[0]}" in ids(g)


def test_DG_MARKET_2_every_player_may_buy_in_seat_order_from_the_active_player():
    """DG-MARKET-2: all players may buy, one after the other in seat order from the active player, who so has
    the first pick (the active player decides disputes); seats that can afford nothing are passed over."""
    lute = a10_cards()[0]
    g = market_round([Hero("CH1", coins=1), Hero("CH2"), Hero("CH3", coins=1), Hero("CH4", coins=1)],
                     encounters=("D41", "D42", "D43", "D46"), active=2)
    order = []
    while g.state.phase == BUY:
        order.append(g.current_player)
        play(g, "pass")
    assert order == [2, 3, 0]
    g = market_round([Hero("CH1", coins=2), Hero("CH2", coins=1)], encounters=("D41", "D42"), active=1)
    play(g, f"buy {lute}")
    assert g.state.phase == BUY and g.current_player == 0 and f"buy {lute}" not in ids(g)


def test_DG_MARKET_3_a_character_pays_with_its_own_coins():
    """DG-MARKET-3, DG-INT-7: the price comes from the buyer's own coins only; a card it cannot afford is
    refused, naming the rule, even if another character could pay."""
    vest = a10_cards()[3]
    g = market_round([Hero("CH4", coins=3), Hero("CH1", coins=4)])
    assert f"buy {vest}" not in ids(g)
    with pytest.raises(IllegalActionError, match="DG-MARKET-3"):
        g.apply(f"buy {vest}")
    play(g, "pass", f"buy {vest}")
    assert hero(g, 1).coins == 0 and vest in hero(g, 1).equipment and hero(g, 0).coins == 3


def test_DG_MARKET_4_unsold_cards_are_discarded():
    """DG-MARKET-4, DG-INT-11: the cards nobody buys go to the discard pile at the end of the purchases; they
    never go back under the market deck."""
    g = market_round([Hero("CH4", coins=9), Hero("CH1")], supply=19)
    deck = list(g.state.decks["market"])
    play(g, "pass")
    assert set(a10_cards()) <= set(g.state.discard) and g.state.decks["market"] == deck


def test_DG_MARKET_4_no_one_can_pay_the_window_closes_at_once():
    """DG-MARKET-4: with no coins on the team there is no buying decision; the display is discarded."""
    g = market_round(["CH4", "CH1"])
    assert g.state.phase == SHARE and set(a10_cards()) <= set(g.state.discard)


def test_DG_MARKET_5_no_market_in_the_shadow_realm():
    """DG-MARKET-5, DG-SHADOW-3, DG-INT-7: no Shadow location is a market, so coins buy nothing after travel."""
    g = position([Hero("CH4", coins=9), Hero("CH1")], realm="shadow", supply=19,
                 tops={"location_shadow": [pick("V01", ability="heal")], "encounter_shadow": ["S11", "S12"]})
    assert all(g.decks.card(v).ability != "market" for v in g.decks.location_shadow)
    with pytest.raises(IllegalActionError, match="DG-MARKET-5"):
        g.apply("buy M01")
