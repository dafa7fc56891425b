"""``EmeraldGame.measures()``: checked on the golden playthroughs against their stored log and text."""

from __future__ import annotations

import json
import random
import re

import pytest

import dragonwidgets
from dragonwidgets.engine import RandomBot, play_out
from make_golden import SEEDS, golden_path

KEYS = {"turns", "first_player_won", "dragon_moves", "knights_captured"}


@pytest.mark.parametrize("players", sorted(SEEDS))
def test_measures_of_the_golden_games(players):
    stored = json.loads(golden_path(players).read_text(encoding="utf-8"))
    game = dragonwidgets.from_record(stored["record"])
    m = game.measures()
    assert set(m) == KEYS
    # turns: the stored text board's header says "turn N: game over"
    assert m["turns"] == float(re.search(r"turn (\d+): game over", stored["text"][0]).group(1))
    # the dragon flew once per "The dragon die shows" line of the stored log
    assert m["dragon_moves"] == sum("The dragon die shows" in line for line in stored["log"])
    # captures: "The dragon captures a red knight on M7 (Red's)." names the owner
    names = [game.player_name(i) for i in range(players)]
    owners = re.findall(r"The dragon captures a \w+ knight on \w+ \((.+?)'s\)\.", "\n".join(stored["log"]))
    assert m["knights_captured"] == [float(owners.count(n)) for n in names]
    assert sum(m["knights_captured"]) > 0
    # the first player: the seat of the first recorded decision
    first = next(a["player"] for a in stored["record"]["actions"] if a["player"] >= 0)
    share = 1 / len(stored["winners"]) if first in stored["winners"] else 0.0
    assert m["first_player_won"] == share


def test_first_player_won_counts_a_win_and_a_loss():
    wins = []
    for seed in range(30):
        g = dragonwidgets.new_game("emerald", players=3, seed=seed, first_player=seed % 3)
        play_out(g, [RandomBot()] * 3, random.Random(seed))
        m = g.measures()
        assert set(m) == KEYS and len(m["knights_captured"]) == 3
        assert m["first_player_won"] == (1 / len(g.winners()) if seed % 3 in g.winners() else 0.0)
        wins.append(m["first_player_won"])
    assert 0.0 in wins and 1.0 in wins
