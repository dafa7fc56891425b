"""The end of the game (DL-END-*, DL-INT-24, DL-INT-30): the moment the last egg is taken, and no other way.

The scoring formula itself is tested with the setup and scoring rules; here only what the end of a
played game does with rings (DL-RING-5) is checked.
"""

from __future__ import annotations

import pytest

from dragonwidgets.engine import IllegalActionError
from dl_builder import Volcano, hoard, play, position

VOLCANOES = [f"V{n:02d}" for n in range(1, 16)]


def last_egg_on(volcano, players=4, **kw):
    """Every volcano but ``volcano`` emptied of eggs (so face up, their tokens gone with the eggs, rings
    and revealed dragons staying), the taken eggs spread over the hoards; one egg left on ``volcano``."""
    total = 18 if players > 2 else 15
    spread = {p: (total - 1) // players + (p < (total - 1) % players) for p in range(players)}
    vols = {v: Volcano(eggs=0) for v in VOLCANOES}
    vols[volcano] = Volcano(eggs=1)
    vols.update(kw.pop("volcanoes", {}))
    more = kw.pop("hoards", {})
    return position(players, volcanoes=vols, hoards={p: {"egg": n, **more.get(p, {})} for p, n in spread.items()},
                    **kw)


def test_T11_the_game_ends_at_once_DL_END_1_DL_INT_24():
    """T-11 (DL-END-1, DL-INT-24): the only egg left is on V07 (17 taken); P2's red on s40 walks there with the 1
    and takes it: the game is over at once: no magic hand (P2 holds one), the 3 is not used, scores follow."""
    g = last_egg_on("V07", active=2, adventurers={2: {"red": "s40", "green": "s17"}},
                    volcanoes={"V07": Volcano(eggs=1, ruby=2)},
                    held={2: {"magic_hand": 1, "boatman": 0, "baby_dragon": 0}}, taken_from=("V01",), dice=(1, 3))
    assert g.state.eggs_left == 1
    play(g, "die 1", "move red", "walk V07")
    assert not g.is_over
    events = play(g, "take egg")
    assert events[-1].kind == "game_over"
    assert g.is_over and g.current_player is None and g.legal_actions() == []
    assert g.state.held[2]["magic_hand"] == 1  # never played
    assert g.observation()["dice_used"] == [True, False] and g.state.positions[2]["green"] == "s17"
    assert sum(hoard(g, p)["egg"] for p in range(4)) == 18
    out = g.outcome()
    assert out is not None and "last egg" in out.reason and set(out.scores) == {0, 1, 2, 3}
    assert g.observation()["final"] is not None
    with pytest.raises(IllegalActionError, match="over"):
        g.apply("magic hand")


def test_the_last_egg_with_the_first_die_drops_the_second_action_DL_END_1_DL_INT_24():
    """DL-END-1, DL-INT-24: taking the last egg with the first die ends the game: the second die never plays."""
    g = last_egg_on("V02", adventurers={0: {"red": "V02", "blue": "s01"}}, dice=(1, 2))
    play(g, "die 2", "move red", "end movement", "take egg")
    assert g.is_over and g.observation()["dice_used"] == [False, True]
    assert g.state.positions[0]["blue"] == "s01"


def test_the_last_egg_taken_with_a_magic_hand_ends_the_game_DL_END_1():
    """DL-END-1, DL-INT-21: a diamond first, then the magic hand takes the very last egg: the game ends, and the
    second magic hand P0 holds is not offered."""
    g = last_egg_on("V02", adventurers={0: {"red": "V02"}},
                    volcanoes={"V02": Volcano(up=True, eggs=1, diamond=2)},
                    held={0: {"magic_hand": 2}}, taken_from=("V14", "V15"), dice=(1, 2))
    play(g, "die 1", "move red", "end movement", "take diamond", "magic hand")
    assert not g.is_over
    play(g, "take egg")
    assert g.is_over and g.state.held[0]["magic_hand"] == 1 and g.state.gems["V02"]["diamond"] == 1


def test_two_players_end_on_the_fifteenth_egg_DL_END_1_DL_INT_24():
    """DL-END-1, DL-INT-24, DL-2P-2: with 2 players 'le tout dernier oeuf' is the 15th, the last on the board."""
    g = last_egg_on("V13", players=2, adventurers={1: {"green": "V13"}}, active=1, dice=(2, 3))
    assert g.state.eggs_left == 1 and sum(hoard(g, p)["egg"] for p in range(2)) == 14
    play(g, "die 2", "move green", "end movement", "take egg")
    assert g.is_over


def test_no_end_while_an_egg_remains_DL_END_2_DL_INT_30():
    """DL-END-2, DL-INT-30: taking the last gem does not end the game, and neither does any number of rounds
    (no turn limit by default): round 500 goes on to round 501."""
    g = position(4, adventurers={0: {"red": "V02"}}, turn=500,
                 volcanoes={**{v: Volcano(ruby=0) for v in VOLCANOES}, "V02": Volcano(up=True, token=None, ruby=1)},
                 dice=(1, 2))
    assert sum(sum(x.values()) for x in g.state.gems.values()) == 1
    play(g, "die 1", "move red", "end movement", "take gems")
    assert sum(sum(x.values()) for x in g.state.gems.values()) == 0 and not g.is_over
    play(g, "end turn")
    for _ in range(3):
        play(g, "roll 1 2", "keep", "end turn")
    assert not g.is_over and g.state.turn == 501 and g.state.active == 0


def test_gems_score_only_with_a_ring_on_their_colour_DL_RING_5():
    """DL-RING-5 (scored through DL-SCORE-1): at the end, P0's 3 rubies are given back (red wears no ring)
    while its 2 sapphires count (blue wears one)."""
    g = last_egg_on("V02", adventurers={0: {"red": "V02", "blue": "s01"}}, rings={0: {"blue"}},
                    hoards={0: {"ruby": 3, "sapphire": 2}}, dice=(1, 2))
    play(g, "die 1", "move red", "end movement", "take egg")
    final = g.observation()["final"][0]
    assert final["returned"] == {"ruby": 3, "emerald": 0}
    assert final["kept"]["sapphire"] == 2 and final["kept"]["ruby"] == 0
    eggs = hoard(g, 0)["egg"]
    assert final["score"] == eggs + 2  # no set without a ruby and an emerald: 1 point per item kept
