"""Draghan as numbers (issue 15; layout in ``dragonwidgets/games/draghan/tensor.py``): the fixed action and
chance spaces, the observation tensor and the team's shared return.

The mask is the legal actions over whole random games; the tensor holds exactly what ``observation(seat)``
holds (digest section 7: the order of the face-down decks and the large dragons not drawn are hidden from
every seat): the same for ``determinize`` twins, which differ only there, and different whenever the
observation differs.
"""

from __future__ import annotations

import random

import pytest

import dragonwidgets
from dg_builder import pick, play, position
from dragonwidgets import IllegalActionError
from dragonwidgets.engine import CHANCE
from dragonwidgets.games.draghan.tensor import ObservationEncoder, observation_layout, odd_coin_seats
from random_play import random_prefix
from tensor_checks import check_mask, check_shape, pair_views, play_out, twin_tensors

SHAPES = {2: (789,), 3: (925,), 4: (1061,)}
ACTIONS = {2: 312, 3: 401, 4: 490}
CHANCES = 168
#: Options that change which decisions and chance nodes come (DG-SETUP-6, DG-INT-13, DG-INT-19).
VARIANTS = ({"chance": "manual"}, {"chance": "manual", "character_choice": "random", "replacement_character": "random"},
            {"chance": "manual", "portal_decision_time": "end_of_round", "assist_alone": True})


@pytest.mark.parametrize("players", [2, 4])
def test_the_mask_is_the_legal_actions_over_whole_random_games(players):
    """Every decision of whole games (DG-SETUP-6 choices, DG-HEAL, DG-PORTAL, DG-FIGHT declarations, DG-LOC-3
    assists, DG-INT-4 odd coins, DG-WOUND-4 replacements, DG-MARKET buys, DG-SHARE, DG-EQUIP discards) under
    each variant: the mask marks exactly the legal ids, and every chance outcome is in the chance space."""
    seen: set[str] = set()
    chance_seen: set[str] = set()

    def visit(game):
        for a in check_mask(game):
            if a.player == CHANCE:
                chance_seen.add(a.kind)
            else:
                seen.add(a.id)

    for seed in range(30):
        g = dragonwidgets.new_game("draghan", players=players, seed=seed, **VARIANTS[seed % 3])
        play_out(g, random.Random(seed), visit)
    kinds = {a.split()[0] for a in seen}
    assert kinds >= {"choose", "heal", "pass", "travel", "stay", "face", "use", "done", "assist", "extra", "replace",
                     "buy", "give", "skip", "discard"}
    assert chance_seen >= {"deal", "reveal_location", "reveal_encounter", "draw_market", "join_card", "replace"}


@pytest.mark.parametrize("players", sorted(ACTIONS))
def test_the_spaces_are_fixed_bijections_pinned_by_index(players):
    """The order is the Draghan contract (tensor.py); only the seat sets of the odd coins (DG-INT-4) and the
    seats a card is given to (DG-SHARE-1) change with the player count."""
    g = dragonwidgets.new_game("draghan", players=players, seed=1)
    assert g.num_distinct_actions == ACTIONS[players] and len(g.chance_space) == CHANCES
    for space in (g.action_space, g.chance_space):
        assert len(set(space.ids)) == len(space)
        assert [space.index(space.id(i)) for i in range(len(space))] == list(range(len(space)))
    odd = {2: 34, 3: 87, 4: 140}[players]  # 5 monsters paying 1, 12 paying 2
    pins = {"choose CH1": 0, "choose CH6": 5, "heal M07": 6, "heal D53": 11, "pass": 12, "travel": 13, "stay": 14,
            "face D01": 15, "face S07": 61, "face dragon": 62, "face none": 63, "use M01": 64, "done": 95,
            "assist D01": 96, "assist dragon": 143, "assist none": 144, "extra D01 0": 145,
            "replace CH1": 145 + odd, "buy M01": 151 + odd, "give M01 0": 169 + odd, "give M01 1": 170 + odd,
            "skip": 169 + odd + 36 * players, "discard M01": 170 + odd + 36 * players,
            "discard S13": 205 + odd + 36 * players}
    assert {a: g.action_index(a) for a in pins} == pins
    assert g.action_id(ACTIONS[players] - 1) == "discard S13"
    chance = {"deal": 0, "lose M01": 1, "dragon G1": 37, "replace CH1": 41, "location L01": 47, "location V06": 65,
              "encounter D01": 66, "encounter S13": 131, "market M01": 132, "join M18": 167}
    assert {a: g.chance_space.index(a) for a in chance} == chance


def test_the_odd_coins_bound_their_free_value():
    """DG-INT-4: the odd coins of a monster's gold go one each to distinct characters that fought it, fewer
    than those characters (gold modulo their number): at most min(gold, P - 1) seats, in increasing order."""
    assert odd_coin_seats(1, 4) == ["0", "1", "2", "3"]
    assert odd_coin_seats(2, 2) == ["0", "1"]
    assert odd_coin_seats(2, 4) == ["0", "1", "2", "3", "0+1", "0+2", "0+3", "1+2", "1+3", "2+3"]
    g = dragonwidgets.new_game("draghan", players=3, seed=1)
    extras = [a for a in g.action_space.ids if a.startswith("extra ")]
    assert len(extras) == 5 * 3 + 12 * 6 and "extra D06 0+2" in extras and "extra D01 0+2" not in extras


def test_an_index_not_legal_now_or_outside_the_space_raises_and_changes_nothing():
    """The refusal names the index, its id and the legal indices (issue 15); the game is unchanged."""
    g = dragonwidgets.new_game("draghan", players=2, seed=1, first_player=0)
    before = g.state_digest()
    with pytest.raises(IllegalActionError, match=r"index 12 \('pass'\): .*legal indices: 0, 1, 2, 3, 4, 5"):
        g.apply_index(12)
    with pytest.raises(IllegalActionError, match="index 312 is outside the action space 0..311"):
        g.apply_index(312)
    with pytest.raises(IllegalActionError, match="outside the action space"):
        g.apply_index(-1)
    assert g.state_digest() == before
    g.apply_index(g.action_index("choose CH1"))
    assert g.state.heroes[0].card == "CH1"


def _positions():
    """Tables across the game, both realms, the endgame and the end, with manual draws and without."""
    out = [random_prefix("draghan", p, seed, n) for p in (2, 3, 4) for seed, n in ((1, 0), (2, 15), (3, 45), (4, 80))]
    out += [random_prefix("draghan", p, 5 + p, n, chance="manual") for p in (2, 4) for n in (10, 60)]
    out.append(random_prefix("draghan", 3, 9, 100_000))  # over
    return out


def _hidden(game, seat):
    """What no seat can see, from the full table: the order of every face-down deck (section 7)."""
    return game.observation(None)["hidden"]


def _mutant(game, seat):
    """A wrong tensor built from the full table: the seat's, with the top card of each face-down deck shown
    in the discard pile. The twins test must tell it apart (so it could fail)."""
    obs = game.observation(None)
    obs["viewer"] = seat
    obs["discard"] += [deck[0] for deck in obs["hidden"]["decks"].values() if deck]
    return ObservationEncoder(game.decks, game.players).encode(obs)


def test_determinized_twins_give_the_seat_the_same_tensor_and_a_full_table_mutant_does_not():
    """Digest section 7: the face-down decks' order and the large dragons not drawn are in no seat's tensor;
    redealing them (``determinize``) changes nothing a seat gets, while the full table's would."""
    redealt, caught = twin_tensors(_positions(), _hidden, _mutant, redeals=2)
    assert redealt > 40 and caught > 40


def _as_sets(obs):
    """The observation with the order of each zone of cards dropped (the tensor keeps the cards, not the order)."""
    for key in ("set_aside", "market_display", "revealed_equipment", "discard", "visited", "portals_up"):
        obs[key] = sorted(obs[key])
    obs["table"] = sorted(obs["table"], key=lambda e: e["id"])
    for hero in obs["heroes"]:
        if hero:
            hero["equipment"] = sorted(hero["equipment"])
    obs["used"] = {k: sorted(v) for k, v in obs["used"].items()}
    return obs


@pytest.mark.parametrize("players", [2, 4])
def test_the_tensor_changes_exactly_when_the_observation_does(players):
    """Over whole random games and every seat: equal observations (``step`` aside, each zone as a set) give
    equal tensors and different ones different tensors; shape and dtype fixed, no negatives."""
    by_obs, by_tensor = {}, {}

    def visit(game):
        pair_views(game, by_obs, by_tensor, _as_sets)
        check_shape(game, SHAPES[players])

    for seed in range(3):
        g = dragonwidgets.new_game("draghan", players=players, seed=20 + seed, **VARIANTS[seed])
        play_out(g, random.Random(seed), visit)
    assert len(by_obs) > 300


def test_the_fields_hold_the_heroes_the_targets_and_the_placed_icons():
    """DG-FIGHT-1/2/6: after the Knight faces the dragon, its ``targets`` row marks the dragon card, the
    dragon's ``placed`` counts hold the Knight's S S C, and each hero row its character and icons shown."""
    g = _dragon_table()
    play(g, "face dragon")
    layout = observation_layout(g.decks, 2)
    tensor = g.observation_tensor(1)
    table = [e["id"] for e in g.observation(1)["table"]]
    T = layout.view(tensor, "table").size
    targets = layout.view(tensor, "targets").reshape(2, 1 + T)
    assert targets[0, 0] == 1 and targets[0, T] == 1 and targets[0].sum() == 2 and not targets[1].any()
    assert layout.view(tensor, "placed").reshape(T, 3)[T - 1].tolist() == [2, 1, 0] and table == ["S01"]
    heroes = layout.view(tensor, "heroes").reshape(2, -1)
    assert heroes[:, 0].tolist() == [1, 1] and heroes[0, 1 + 3] == 1  # present; the Knight is CH4
    assert heroes[0, -3:].tolist() == [2, 1, 0] and heroes[1, -3:].tolist() == [0, 1, 2]


def _dragon_table():
    """A Shadow round: the Knight (S S C) and the Wizard (C K K) before the dragon (the Storm Dragon,
    S S C C K K) with nothing left to reveal."""
    return position([pick("CH4", healthy="SSC"), pick("CH3", healthy="CKK")], realm="shadow", table=["S01"],
                    dragon=pick("G4", req="SSCCKK"), tops={"location_shadow": [pick("V01", ability="heal")]},
                    decks={"encounter_shadow": []})


def test_DG_END_1_a_won_game_returns_1_to_every_seat():
    """DG-END-1, DG-SCORE-1: the team wins together: 1.0 for every seat, 0.0 before the end."""
    g = _dragon_table()
    assert g.returns() == [0.0, 0.0]
    play(g, "face dragon", "face dragon")
    assert g.state.result == "won" and g.returns() == [1.0, 1.0]


def test_DG_END_2_to_4_a_lost_game_returns_0_to_every_seat():
    """DG-END-2..4: the team loses together: 0.0 for every seat (no winner to share a reward)."""
    lost = [random_prefix("draghan", p, seed, 100_000) for p in (2, 4) for seed in range(3)]
    assert all(g.state.result == "lost" and g.returns() == [0.0] * g.players for g in lost)
