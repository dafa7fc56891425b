"""Play options: each default (the digest's choice) and the other reading (CD-SETUP-7, CD-RAID-1, CD-INT-2,
CD-INT-4, CD-INT-10, CD-INT-19, CD-INT-21, CD-INT-24).
"""

from __future__ import annotations

import pytest

import dragonwidgets
from cd_builder import Board, board, ids, play, position
from dragonwidgets.games.chasse_au_dragon import ChasseGame
from dragonwidgets.games.chasse_au_dragon.setup import camps, load_setup
from dragonwidgets.games.chasse_au_dragon.state import MOVE, PLACE_CAMP, RAID

DEFAULTS = {
    "dragon_raids": False,
    "first_player": -1,
    "camp_placement": "default",
    "base_equipment_score": 0,
    "allow_sell_without_replacement": True,
    "duel_decoy_to_cage": True,
    "max_rounds": 0,
    "setup_file": "",
    "pick_draws": True,  # the engine's option every game has (issue 27, item 10)
}


def test_option_defaults_are_the_digests_choices():
    """CD-SETUP-7, CD-INT-2, CD-INT-4, CD-INT-10, CD-INT-19, CD-INT-21, CD-INT-24: the documented defaults."""
    assert ChasseGame.option_defaults == DEFAULTS
    g = ChasseGame(players=2, seed=1)
    assert g.options == DEFAULTS and g.to_record()["options"] == DEFAULTS


@pytest.mark.parametrize("options, message", [
    ({"dragon_raid": True}, "no option 'dragon_raid'"),
    ({"dragon_raids": 1}, "must be a bool"),
    ({"base_equipment_score": 2}, "base_equipment_score must be 0 or 4"),
    ({"first_player": 5}, "first_player must be -1"),
    ({"first_player": -2}, "first_player must be -1"),
    ({"max_rounds": -1}, "max_rounds must be 0"),
    ({"camp_placement": "corner"}, "camp_placement must be 'default' or 'choose'"),
])
def test_bad_option_values_are_refused(options, message):
    """Unknown options, wrong types and values out of range raise ValueError saying what is allowed."""
    with pytest.raises(ValueError, match=message):
        ChasseGame(players=3, seed=1, **options)


def test_CD_RAID_1_dragon_raids_off_and_on():
    """CD-RAID-1, CD-SETUP-7, CD-RAID-2: off, the first player's turn starts with the movement; on, with the
    raid chance node."""
    assert position(3).state.phase == MOVE
    on = position(3, dragon_raids=True)
    assert on.state.phase == RAID and on.is_chance_node and on.observation()["dragon_raids"] is True


def test_CD_INT_2_first_player_drawn_or_named():
    """CD-INT-2, CD-SETUP-3: -1 draws the first seat from the seed; a seat number names it."""
    drawn = {ChasseGame(players=5, seed=s).state.first_player for s in range(30)}
    assert len(drawn) > 1
    for seat in range(5):
        g = ChasseGame(players=5, seed=3, first_player=seat)
        assert g.state.first_player == seat == g.current_player


def test_CD_INT_4_camp_placement_default_and_choose():
    """CD-INT-4, CD-REC-3: "default" places the setup file's camps at once; "choose" asks each seat."""
    g = ChasseGame(players=4, seed=2, first_player=0)
    assert g.state.camps == camps(load_setup(), 4) and g.state.phase == MOVE
    g = ChasseGame(players=4, seed=2, first_player=0, camp_placement="choose")
    assert g.state.phase == PLACE_CAMP and g.state.camps == [None] * 4 and g.observation()["camps"] == [None] * 4


def test_CD_INT_19_base_equipment_score_0_or_4():
    """CD-INT-19, CD-SCORE-3: base equipment adds 0 by default, 4 with the option; a worn card adds its
    power either way."""
    for base in (0, 4):
        g = position(2, boards={0: Board(vault=["orc"]), 1: Board(equipment="orc")}, base_equipment_score=base)
        assert g.scores() == {0: 6 + base, 1: 6}


def test_CD_INT_19_base_equipment_fights_as_a_d4_whatever_it_scores():
    """CD-INT-19, CD-ENC-3: the scoring option does not change the flight threshold: a goblin is not fled
    for free with base equipment."""
    g = position(2, at={0: "1,1"}, piles={"1,1": ["goblin", "orc"]}, base_equipment_score=4)
    play(g, "stop")
    assert "flee free" not in ids(g)


def test_CD_INT_21_allow_sell_without_replacement():
    """CD-INT-21, CD-CAMP-6, CD-CAMP-5: by default 'unequip' is offered at camp; off, only swaps change the
    equipment."""
    on = position(2, boards={0: Board(equipment="ogre", vault=["troll"])})
    off = position(2, boards={0: Board(equipment="ogre", vault=["troll"])}, allow_sell_without_replacement=False)
    play(on, "stop")
    play(off, "stop")
    assert {"unequip backpack", "unequip vault"} <= set(ids(on))
    assert not any(i.startswith("unequip") for i in ids(off))
    assert "swap vault vault troll" in ids(off) and "swap vault vault troll" in ids(on)


def test_CD_INT_10_duel_decoy_to_cage():
    """CD-INT-10, CD-DUEL-3: by default the defender's decoy is captured into the attacker's cage; off, it
    leaves the game."""
    for to_cage, attacker_cage, removed in ((True, 1, 0), (False, 0, 1)):
        g = position(2, at={0: "2,2", 1: "2,2"}, boards={1: Board(cage=1)}, piles={"2,2": ["orc", "goblin"]},
                     duel_decoy_to_cage=to_cage)
        play(g, "stop", "duel 1", "decoy")
        assert board(g, 0)["cage"] == attacker_cage and board(g, 1)["cage"] == 0
        assert g.state.removed.get("goblin", 0) == removed


def test_CD_INT_24_max_rounds_none_or_a_cap():
    """CD-INT-24, CD-END-3: 0 never stops a game; a cap stops it after that many rounds and says so."""
    g = ChasseGame(players=2, seed=1, first_player=0, max_rounds=3, chance="manual")
    for _ in range(6):
        play(g, "stop", "end turn")
    assert g.is_over and g.outcome().reason == "stopped after 3 rounds (max_rounds, not a rule)"
    assert g.state.dragon_slayer is None
    g = ChasseGame(players=2, seed=1, first_player=0, chance="manual")
    for _ in range(40):
        play(g, "stop", "end turn")
    assert not g.is_over


def test_options_are_replayed_from_the_record():
    """Every option goes into the record and comes back with from_record."""
    g = ChasseGame(players=3, seed=8, dragon_raids=True, first_player=2, base_equipment_score=4,
                   allow_sell_without_replacement=False, duel_decoy_to_cage=False, max_rounds=5)
    for _ in range(10):
        g.apply(g.legal_action_ids()[-1])
    replay = dragonwidgets.from_record(g.to_record())
    assert replay.options == g.options and replay.state_digest() == g.state_digest()
