"""``ChasseGame.measures``: the game's length, the turn order and the monster fights won and lost per
seat, checked on the golden playthroughs against counts taken from their public logs.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import dragonwidgets
from dragonwidgets.games.chasse_au_dragon import ChasseGame

GOLDEN = Path(__file__).with_name("golden")
KEYS = {"turns", "turn_order", "fights_won", "fights_lost"}


def replayed(players: int) -> ChasseGame:
    data = json.loads((GOLDEN / f"chasse_au_dragon_{players}p.json").read_text(encoding="utf-8"))
    game = dragonwidgets.from_record(data["record"])
    assert game.is_over
    return game


@pytest.mark.parametrize("players", [2, 4, 6])
def test_measures_of_the_golden_games_match_their_logs(players):
    """CD-TURN-1, CD-ENC-8/9/10: a turn's movement always ends with one "stopped" event; a monster fight
    won logs "{seat} captures/defeats", one lost "The {card} wins: {seat}'s ...", a tie neither."""
    game = replayed(players)
    names = [game.player_name(i) for i in range(players)]
    log = game.log()
    won = [0] * players
    lost = [0] * players
    for row in log:
        if row["kind"] == "monster_beaten":
            won[names.index(row["text"].split()[0])] += 1
        m = re.match(r"The \w+ wins: (\w+)'s ", row["text"])
        if row["kind"] == "card_under" and m:
            lost[names.index(m.group(1))] += 1
    m = game.measures()
    assert set(m) == KEYS
    assert m["turns"] == sum(row["kind"] == "stopped" for row in log)
    s = game.state
    assert m["turns"] == (s.round - 1) * players + (s.active - s.first_player) % players + 1
    assert m["fights_won"] == won and m["fights_lost"] == lost and sum(won) > 0 and sum(lost) > 0
    assert m["turn_order"][s.first_player] == 0 and sorted(m["turn_order"]) == list(range(players))
    assert m["turn_order"][(s.first_player + 1) % players] == 1


def test_measures_have_the_same_keys_for_a_game_stopped_by_max_rounds():
    """CD-INT-24: a game cut after 3 rounds has played 3 turns per seat and reports the same keys."""
    game = ChasseGame(players=3, seed=4, max_rounds=3)
    while not game.is_over:
        game.apply(game.legal_actions()[-1])  # stop / no duel / fight / end turn
    m = game.measures()
    assert set(m) == KEYS and m["turns"] == 9 and len(m["fights_won"]) == 3
