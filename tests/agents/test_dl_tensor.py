"""Drachenland as numbers (issue 15; layout in ``dragonwidgets/games/drachenland/tensor.py``): the fixed action
and chance spaces, and the observation tensor.

The mask is the legal actions over whole random games; the tensor holds exactly what ``observation(seat)``
holds (digest section 7): the same for two tables that differ only in what the seat cannot see
(``determinize`` twins: face-down and boxed tokens), and different whenever the observation differs.
"""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import dragonwidgets
from dragonwidgets import IllegalActionError
from dragonwidgets.engine import CHANCE
from dragonwidgets.games.drachenland.tensor import ObservationEncoder, observation_layout
from random_play import random_prefix
from tensor_checks import check_mask, play_out, twin_tensors

SHAPES = {2: (1045,), 3: (1366,), 4: (1687,)}
ACTIONS = {"special_2002": 265, "standard_d6": 267}
CHANCES = {"special_2002": 129, "standard_d6": 156}


@pytest.mark.parametrize("players", sorted(SHAPES))
def test_the_mask_is_the_legal_actions_over_whole_random_games(players):
    """Every decision of a whole game (the opening DL-OPEN, fate DL-FATE, tokens DL-TOKEN, treasure DL-TREASURE),
    with manual chance: the mask marks exactly the legal ids, and every chance outcome is in the chance space."""
    g = dragonwidgets.new_game("drachenland", players=players, seed=players, chance="manual")
    seen: set[str] = set()

    def visit(game):
        seen.update(a.id for a in check_mask(game) if a.player != CHANCE)

    play_out(g, random.Random(players), visit)
    assert len(seen) > 100  # walks, marches, takes, dice... not only a few kinds


@pytest.mark.parametrize("dice", sorted(ACTIONS))
@pytest.mark.parametrize("players", sorted(SHAPES))
def test_the_spaces_are_fixed_bijections_pinned_by_index(players, dice):
    """The player count changes no id; the dice preset only the ``die {value}`` and ``roll`` ids (DL-REC-1)."""
    g = dragonwidgets.new_game("drachenland", players=players, seed=1, dice=dice)
    assert g.num_distinct_actions == ACTIONS[dice] and len(g.chance_space) == CHANCES[dice]
    for space in (g.action_space, g.chance_space):
        assert len(set(space.ids)) == len(space)
        assert [space.index(space.id(i)) for i in range(len(space))] == list(range(len(space)))
    extra = ACTIONS[dice] - 265  # faces beyond 1..4 shift what follows the dice
    pins = {"keep": 0, "reroll": 1, "die 1": 2, "die 4": 5, "enter red": 6 + extra, "move blue": 11 + extra,
            "end turn": 12 + extra, "walk V01": 13 + extra, "walk s01": 28 + extra, "march V01": 114 + extra,
            "fly V01": 215 + extra, "fly V01 baby": 230 + extra, "call": 245 + extra, "call baby": 246 + extra,
            "boat V01": 247 + extra, "end movement": 257 + extra, "take gems": 258 + extra, "skip": 262 + extra,
            "magic hand": 263 + extra, "done": 264 + extra}
    assert {a: g.action_index(a) for a in pins} == pins
    assert g.chance_space.index("reveal V01 baby_dragon") == CHANCES[dice] - 120
    assert g.chance_space.ids[-1] == "reveal V15 royal_dragon_red"


def test_an_index_not_legal_now_raises_and_changes_nothing():
    g = dragonwidgets.new_game("drachenland", players=3, seed=1)
    before = g.state_digest()
    with pytest.raises(IllegalActionError, match="index 0 .'keep'."):
        g.apply_index(0)
    with pytest.raises(IllegalActionError, match="outside the action space"):
        g.apply_index(265)
    assert g.state_digest() == before
    g.apply_index(g.action_index("enter red"))
    assert g.state.positions[0]["red"] is None and g.legal_action_ids()[0].startswith("walk ")


def _positions():
    """Positions across the game: the opening, mid-game with face-down tokens left, a finished game."""
    out = [random_prefix("drachenland", p, seed, n) for p in (2, 3, 4) for seed, n in ((1, 0), (2, 40), (3, 300))]
    out.append(random_prefix("drachenland", 3, 4, 100_000))  # over: every hoard is shown (section 7)
    out.append(random_prefix("drachenland", 4, 5, 200, variant_open_hoards=True))  # DL-VAR2-1
    return out


def _hidden(game, seat):
    """What no seat can see, from the full table: the face-down tokens and the boxed one (DL-SETUP-5)."""
    s = game.state
    return sorted((v, s.token[v]) for v in s.face_down), s.boxed


def _mutant(game, seat):
    """A wrong tensor built from the full table: the seat's, with the face-down tokens shown and every
    hoard open. The twins test must tell it apart (so it could fail)."""
    obs = game.observation(None)
    obs["viewer"] = seat
    for v, kind in obs["hidden"]["face_down"].items():
        obs["volcanoes"][v]["token"] = kind
    return ObservationEncoder(game.board, game.players, game.options["dice"]).encode(obs)


def test_determinized_twins_give_the_seat_the_same_tensor_and_a_full_table_mutant_does_not():
    """Digest section 7, DL-SETUP-5: face-down and boxed tokens are in no seat's tensor; redealing them
    (``determinize``) changes nothing the seat gets, while the full table's tokens would."""
    redealt, caught = twin_tensors(_positions(), _hidden, _mutant)
    assert redealt > 30 and caught > 30


def test_another_seats_hoard_is_absent_its_own_present_and_variant_2_shows_all():
    """DL-TREASURE-5: hoards lie behind screens; DL-VAR2-1: Variant 2 opens them; the end shows them."""
    for open_hoards in (False, True):
        g = random_prefix("drachenland", 3, 2, 600, variant_open_hoards=open_hoards)
        held = [s for s in range(3) if any(g.state.hoards[s].values())]
        assert held
        seat = held[0]
        layout = observation_layout(g.board, 3, "special_2002")
        for viewer in range(3):
            row = layout.view(g.observation_tensor(viewer), "hoards").reshape(3, -1)[seat]
            shown = open_hoards or viewer == seat
            expected = list(g.state.hoards[seat].values()) if shown else [0] * 5
            assert row[0] == shown and row[1:].tolist() == expected


@pytest.mark.parametrize("players", sorted(SHAPES))
def test_the_tensor_changes_exactly_when_the_observation_does(players):
    """Over a whole random game and every seat: equal observations (``step`` aside) give equal tensors and
    different ones different tensors (a faithful encoding, not a summary); shape and dtype fixed, no negatives."""
    by_obs, by_tensor = {}, {}

    def visit(game):
        for seat in range(players):
            obs = game.observation(seat)
            obs.pop("step")
            tensor = game.observation_tensor(seat)
            assert tensor.shape == SHAPES[players] == game.observation_tensor_shape and tensor.dtype == np.float32
            assert (tensor >= 0).all()
            key, raw = json.dumps(obs, sort_keys=True), tensor.tobytes()
            assert by_obs.setdefault(key, raw) == raw
            assert by_tensor.setdefault(raw, key) == key

    g = dragonwidgets.new_game("drachenland", players=players, seed=10 + players)
    play_out(g, random.Random(players), visit)
    assert len(by_obs) > 1000


def test_the_adventurers_field_places_every_adventurer_on_the_board():
    """DL-SETUP-2: three adventurers a seat; each on the board is one 1 in its row, off the board all 0."""
    g = random_prefix("drachenland", 4, 6, 300)
    rows = observation_layout(g.board, 4, "special_2002").view(g.observation_tensor(2), "adventurers").reshape(12, -1)
    on_board = [node is not None for seat in g.state.positions for node in seat.values()]
    assert rows.sum(axis=1).tolist() == [float(x) for x in on_board] and any(on_board)


@pytest.mark.parametrize("bad", [None, -1, 3, True, "0"])
def test_a_bad_seat_is_refused(bad):
    g = dragonwidgets.new_game("drachenland", players=3, seed=1)
    with pytest.raises(ValueError, match="seat must be a seat 0..2"):
        g.observation_tensor(bad)
