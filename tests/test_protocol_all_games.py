"""The engine protocol, checked on every registered game by seeded random play (as pgx's api_test).

Each game must: list unique legal action ids whose ``str`` round-trips, refuse an illegal action
without changing anything, give chance outcomes probabilities summing to 1, give JSON-ready
observations for the table and every seat, end, and replay exactly from its record.
"""

from __future__ import annotations

import json
import random

import pytest

import dragonwidgets
from dragonwidgets.engine import CHANCE, GAMES, IllegalActionError, game_class


def player_counts(name):
    cls = game_class(name)
    return range(cls.min_players, cls.max_players + 1)


CASES = [(name, n) for name in sorted(GAMES) for n in player_counts(name)]


@pytest.mark.parametrize("name, players", CASES)
def test_random_play_keeps_the_protocol(name, players):
    rng = random.Random(players)
    game = dragonwidgets.new_game(name, players=players, seed=1000 + players)
    decisions = 0
    while not game.is_over:
        legal = game.legal_actions()
        ids = [a.id for a in legal]
        assert legal and len(ids) == len(set(ids)), "legal action ids must be unique"
        assert all(str(a) == a.id and a.label for a in legal)
        if game.is_chance_node:
            assert all(a.player == CHANCE for a in legal)
            assert sum(a.prob for a in legal) == pytest.approx(1.0)
            game.resolve_chance()
            continue
        assert all(a.player == game.current_player and a.prob is None for a in legal)
        if decisions % 7 == 0:
            digest = game.state_digest()
            with pytest.raises(IllegalActionError):
                game.apply("no such action")
            assert game.state_digest() == digest
            json.dumps(game.observation())
            for seat in range(players):
                json.dumps(game.observation(seat))
        game.apply(legal[rng.randrange(len(legal))].id)
        decisions += 1
        assert decisions < 50_000, "a random game must end"
    assert set(game.scores()) == set(range(players))
    if getattr(game, "cooperative", False):  # the team wins together or nobody does
        assert game.winners() in ([], list(range(players)))
    else:
        assert game.winners() and set(game.winners()) <= set(range(players))
    replay = dragonwidgets.from_record(json.loads(json.dumps(game.to_record())))
    assert replay.state_digest() == game.state_digest()
    assert repr(replay) == repr(game)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_offers_random_and_a_stronger_bot(name):
    assert "random" in dragonwidgets.bot_names(name)
    assert len(dragonwidgets.bot_names(name)) >= 2
