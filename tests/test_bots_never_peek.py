"""Every game's own bots choose from their seat's view only (issue 6, item 5).

A seat's bot, shown two tables that differ only in what the seat cannot see (the same table with its
hidden part redealt by the game's ``_resample_hidden``), must choose the same action with the same rng.
The MCTS bot's version of this test is in tests/engine/test_mcts.py.
"""

from __future__ import annotations

import random

import pytest

import dragonwidgets
from dragonwidgets.engine.bots import bot_move
from dragonwidgets.engine.registry import GAMES, bot_names, make_bot

#: (game, players, seed): a seat's bots are asked at many decision points of one random game each.
CASES = [("emerald", 3, 2), ("drachenland", 3, 7), ("chasse_au_dragon", 3, 5), ("draghan", 2, 3)]
OWN_BOTS = [(g, p, s, b) for g, p, s in CASES for b in bot_names(g) if b not in ("random", "mcts")]


def test_every_game_has_a_bot_of_its_own_besides_random():
    assert {g for g, *_ in OWN_BOTS} == set(GAMES)


@pytest.mark.parametrize("name, players, seed, bot", OWN_BOTS)
def test_a_redeal_of_what_the_seat_cannot_see_never_changes_the_bots_choice(name, players, seed, bot):
    g = dragonwidgets.new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    asked = differ = 0
    while not g.is_over and asked < 40:
        seat = g.current_player
        if len(g.legal_actions()) > 1:
            other = g.clone(history=False)
            other._resample_hidden(seat, random.Random(asked))
            other._legal_cache = None
            assert other.observation(seat) == g.observation(seat)
            differ += other.state_digest() != g.state_digest()
            chosen = bot_move(g, make_bot(name, bot), random.Random(asked))
            assert bot_move(other, make_bot(name, bot), random.Random(asked)).id == chosen.id, (g.step, chosen.id)
            asked += 1
        g.apply(g.legal_actions()[rng.randrange(len(g.legal_actions()))])
    assert asked >= 10
    assert differ > 0, "nothing hidden was redealt: the test would prove nothing"
