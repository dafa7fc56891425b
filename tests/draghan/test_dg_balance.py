"""The balance of the reconstructed decks (DG-REC-8): cheap, deterministic checks only.

The figures themselves come from ``benchmarks/draghan_balance.py --save`` (thousands of games, minutes of
CPU), stored in ``data/balance.json`` with a digest of the cards they measured; the tests read them and
never play a long simulation.
"""

from __future__ import annotations

import copy

import pytest

from dragonwidgets.games.draghan import balance
from dragonwidgets.games.draghan.cards import load_decks


def test_DG_REC_8_no_monster_needs_more_icons_than_the_strongest_dragon():
    """DG-REC-8, DG-REC-3/4/6, DG-DRAGON-1: the reconstruction looks like printed cards: no monster of either
    encounter deck (a Draghan monster that flees into the Shadow deck included) needs more icons than the
    strongest large dragon, the foe the whole game leads up to."""
    d = load_decks()
    strongest = max(len(d.card(g).req) for g in d.dragons)
    bigger = [(c.id, c.name, len(c.req)) for c in d.cards.values() if c.is_monster and len(c.req) > strongest]
    assert bigger == [], f"monsters above the strongest dragon's {strongest} icons"


def test_DG_REC_8_the_stored_figures_measured_the_bundled_cards_and_meet_the_aims():
    """DG-REC-8: the stored balance figures name the digest of the bundled cards (so they describe this very
    data) and meet every aim of the tuning for 2, 3 and 4 characters: at least 2,000 games each, the whole
    95 % interval of the planner team's win rate inside 25-75 %, no card beside the dragon (seen there in at
    least 50 games) moving the win rate by more than 25 points (from the overall rate; for a fled Draghan
    monster from the games with a fled monster beside the dragon, see balance.card_shifts), the planner
    20 points or more above a random team."""
    figures = balance.stored()
    assert figures, "no stored figures: run benchmarks/draghan_balance.py --save"
    assert figures["decks"].endswith(balance.cards_digest())
    assert balance.problems(figures, balance.cards_digest()) == []


def good_figures() -> dict:
    entry = {"games": 2000, "wins": 1000, "rate": 0.5, "low": 0.478, "high": 0.522,
             "beside": {"S02": [400, 150], "S05": [30, 0], "D23": [100, 20]}, "dragons": {"G1": [500, 300]},
             "fled": [300, 90], "fled_cards": ["D23"]}
    rnd = {"games": 2000, "wins": 20, "rate": 0.01, "low": 0.006, "high": 0.015}
    return {"decks": "decks.json cards sha256 abc", "rates": {str(n): copy.deepcopy(entry) for n in (2, 3, 4)},
            "random": {str(n): dict(rnd) for n in (2, 3, 4)}}


@pytest.mark.parametrize("change,found", [
    (lambda f: None, None),
    (lambda f: f["rates"]["3"].update(low=0.24), "3 characters: the interval 24.0%-52.2% leaves 25%-75%"),
    (lambda f: f["rates"]["4"].update(high=0.76), "4 characters: the interval 47.8%-76.0% leaves 25%-75%"),
    (lambda f: f["rates"]["2"]["beside"].update(S02=[400, 99]),
     "2 characters: with S02 beside the dragon the team wins 24.8% against 50.0% overall (400 games)"),
    (lambda f: f["rates"]["2"]["beside"].update(S05=[49, 0]), None),  # too rare to judge
    (lambda f: f["rates"]["3"]["beside"].update(D23=[100, 4]),
     "3 characters: with D23 beside the dragon the team wins 4.0% against 30.0% with a fled monster beside it "
     "(100 games)"),
    (lambda f: f["rates"]["3"].update(fled=[300, 150]),  # D23 at 20 % is now 30 points below the fled games
     "3 characters: with D23 beside the dragon the team wins 20.0% against 50.0% with a fled monster beside it "
     "(100 games)"),
    (lambda f: f["random"]["4"].update(rate=0.31), "4 characters: the planner wins 50.0%, a random team 31.0%"),
    (lambda f: f["rates"]["2"].update(games=1999), "2 characters: 1999 planner and 2000 random games, fewer than 2000"),
    (lambda f: f["random"].pop("3"), "no figures for 3 characters"),
])
def test_DG_REC_8_problems_names_each_missed_aim(change, found):
    """DG-REC-8: ``balance.problems`` reports each aim the figures miss, and nothing when they meet them all; a
    card seen beside the dragon in fewer than MIN_BESIDE games is not judged; a fled Draghan monster (D23 here,
    30 points below the overall rate) is judged against the games in which a fled monster stood beside the
    dragon."""
    figures = good_figures()
    change(figures)
    assert balance.problems(figures) == ([] if found is None else [found])


def test_DG_REC_8_problems_checks_the_digest_of_the_cards():
    """DG-REC-8: figures of other cards do not count for the bundled data."""
    assert balance.problems(good_figures(), "abc") == []
    assert balance.problems(good_figures(), "def") == [
        "the figures measured other cards ('decks.json cards sha256 abc', the data is def)"]
