"""``pick_draws``, one option for every game (issue 27, item 10).

With ``chance="manual"`` a teacher picks every chance outcome; ``pick_draws=False`` leaves the cards, tiles
and tokens turned up from a hidden stock to the seed's deal, so the teacher picks the dice only. Every game
has the option, with the same default (True: the draws are picked, as manual chance always did).
"""

from __future__ import annotations

import random

import pytest

import dragonwidgets
from dragonwidgets.engine import GAMES, game_class
from dragonwidgets.engine.chance import CHANCE_OPTION_DEFAULTS

#: the first word of a chance outcome that turns a card, tile or token up from a hidden stock
DRAW_WORDS = {"reveal", "location", "encounter", "market", "join"}
#: game -> (players, seed, decisions played): lines where draws fall due
LINES = {"emerald": (3, 5, 120), "chasse_au_dragon": (3, 7, 120), "drachenland": (2, 3, 120), "draghan": (2, 4, 80)}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_item10_every_game_has_pick_draws_with_the_same_default(game):
    defaults = game_class(game).option_defaults
    assert defaults["pick_draws"] is CHANCE_OPTION_DEFAULTS["pick_draws"] is True
    g = dragonwidgets.new_game(game, players=2, seed=1, chance="manual", pick_draws=False)
    assert g.options["pick_draws"] is False and g.to_record()["options"]["pick_draws"] is False
    assert g.picks_draws() is False
    assert dragonwidgets.new_game(game, players=2, seed=1, chance="manual").picks_draws() is True
    assert dragonwidgets.new_game(game, players=2, seed=1, pick_draws=True).picks_draws() is False  # auto


def _draw_node(game) -> bool:
    return game.is_chance_node and game.legal_action_ids()[0].split()[0] in DRAW_WORDS


def _stops_at_a_draw(game_name, players, seed, decisions, **manual_options) -> bool:
    """Play one line of random decisions in an auto game and in a manual one whose chance nodes the teacher
    leaves to the seed (``resolve_chance``), checking that both tables are the same at every decision; return
    True as soon as the manual game stops at a draw (a card, tile or token to pick), False if it never does."""
    auto = dragonwidgets.new_game(game_name, players=players, seed=seed)
    manual = dragonwidgets.new_game(game_name, players=players, seed=seed, chance="manual", **manual_options)
    rng = random.Random(seed)
    for _ in range(decisions):
        while manual.is_chance_node:
            if _draw_node(manual):
                return True  # (from here a picked card may not be the one dealt: the two lines part)
            manual.resolve_chance()
        assert manual.state_digest() == auto.state_digest(), f"step {auto.step}"
        if auto.is_over:
            break
        action = rng.choice(auto.legal_action_ids())
        auto.apply(action)
        manual.apply(action)
    return False


@pytest.mark.parametrize("game", sorted(LINES))
def test_item10_pick_draws_false_turns_up_the_seeds_deal_and_stops_at_dice_only(game):
    """With ``chance="manual", pick_draws=False`` no card, tile or token turned up is a chance node, and the
    table is at every decision the auto game's (the seed's deal is turned up); the default stops at draws."""
    players, seed, decisions = LINES[game]
    assert not _stops_at_a_draw(game, players, seed, decisions, pick_draws=False)
    assert _stops_at_a_draw(game, players, seed, decisions)  # the same line draws: by default they are picked
