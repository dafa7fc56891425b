"""La Chasse au Dragon as numbers (issue 15; spaces and layout in ``dragonwidgets/games/chasse_au_dragon/tensor.py``).

The action space holds every id the game offers (the mask is the legal actions over whole random games),
its indices are pinned; the tensor holds exactly what ``observation(seat)`` holds (digest section 7,
CD-ZONE-7): the same for ``determinize`` twins, different whenever the observation differs.
"""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import dragonwidgets
from dragonwidgets.games.chasse_au_dragon.tensor import ObservationEncoder, action_space, observation_layout
from random_play import random_prefix
from tensor_checks import check_shape, pair_views

SHAPES = {2: (731,), 3: (906,), 4: (1081,), 5: (1256,), 6: (1431,)}
SIZES = {p: 139 + p for p in SHAPES}


def _random_game(players, seed, **options):
    """Play a seeded random game with manual chance (every chance outcome drawn here by its probability);
    yield the game before each step."""
    g = dragonwidgets.new_game("chasse_au_dragon", players=players, seed=seed, chance="manual", **options)
    rng = random.Random(seed)
    while not g.is_over:
        yield g
        legal = g.legal_actions()
        g.apply(rng.choices(legal, [a.prob for a in legal])[0] if g.current_player == -1 else rng.choice(legal))
    yield g


@pytest.mark.parametrize("players", sorted(SHAPES))
def test_the_mask_is_the_legal_actions_over_whole_random_games(players):
    """Every action the game offers (camp choice CD-INT-4, raids CD-RAID, camp actions CD-CAMP-2..6 with
    selling CD-INT-21) has an index, and the mask marks exactly the legal ones; at chance nodes the
    outcomes are in the chance space and the mask is empty."""
    seen, chance_seen = set(), set()
    for seed, options in enumerate(({}, {"camp_placement": "choose", "dragon_raids": True})):
        for g in _random_game(players, seed, **options):
            mask = g.legal_action_mask()
            assert mask.shape == (SIZES[players],) and mask.dtype == bool
            if g.current_player == -1:
                assert not mask.any()
                chance_seen.update(g.chance_space.index(a) for a in g.legal_action_ids())
            elif g.is_over:
                assert not mask.any()
            else:
                want = sorted(g.action_index(a) for a in g.legal_action_ids())
                assert np.flatnonzero(mask).tolist() == want
                seen.update(want)
    assert len(seen) > 80 and len(chance_seen) > 20


@pytest.mark.parametrize("players", sorted(SHAPES))
def test_ids_and_indices_are_a_pinned_bijection(players):
    g = dragonwidgets.new_game("chasse_au_dragon", players=players, seed=0)
    assert g.num_distinct_actions == SIZES[players] == len(set(action_space(players)))
    for i in range(g.num_distinct_actions):
        assert g.action_index(g.action_id(i)) == i
    pinned = {0: "camp 0,0", 27: "camp 7,7", 28: "step 0,0", 91: "step 7,7", 92: "stop", 93: "duel 0",
              93 + players: "no duel", 94 + players: "no flight", 98 + players: "fight",
              99 + players: "deposit orc", 104 + players: "goblin to dungeon", 106 + players: "equip backpack orc",
              116 + players: "swap backpack backpack orc", 136 + players: "unequip backpack", 138 + players: "end turn"}
    assert {i: g.action_id(i) for i in pinned} == pinned
    chance = g.chance_space
    assert len(chance) == 67
    assert [chance.id(i) for i in (0, 19, 20, 39, 40, 60, 61, 66)] == [
        "throw 1", "throw 20", "flee 1", "flee 20", "raid 1 1", "raid 6 6", "reveal goblin", "reveal dragon"]


def _positions():
    out = [random_prefix("chasse_au_dragon", p, seed, n) for p in (2, 4, 6) for seed, n in ((1, 0), (2, 40), (3, 150))]
    out.append(random_prefix("chasse_au_dragon", 3, 4, 100_000))  # over: every board shown
    out.append(random_prefix("chasse_au_dragon", 3, 5, 120, dragon_raids=True))
    return out


def _hidden(game, seat):
    """What ``seat`` cannot see, from the full table: the piles' cards, the others' backpacks and vaults."""
    s = game.state
    return (json.dumps({f"{x},{y}": p for (x, y), p in sorted(s.piles.items())}),
            [(b.backpack, b.vault) for i, b in enumerate(s.boards) if i != seat])


def test_determinized_twins_give_the_seat_the_same_tensor():
    """Digest section 7, CD-ZONE-7: the piles' cards, the others' backpacks and vaults and exact zone
    counts are not in a seat's tensor; a tensor built from the full table (the mutant) would tell the twins
    apart, so the check has teeth."""
    redealt = mutant_differs = 0
    for g in _positions():
        encoder = ObservationEncoder(g.setup, g.players)
        for seat in range(g.players):
            mine = g.observation_tensor(seat)
            for k in range(3):
                twin = g.determinize(seat, random.Random(k))
                assert np.array_equal(twin.observation_tensor(seat), mine)
                redealt += _hidden(twin, seat) != _hidden(g, seat)
                full, twin_full = g.observation(None), twin.observation(None)
                full["viewer"] = twin_full["viewer"] = seat
                mutant_differs += not np.array_equal(encoder.encode(full), encoder.encode(twin_full))
    assert redealt > 50 and mutant_differs > 20


def test_another_seats_zones_are_thickness_words_only():
    """CD-ZONE-7: of another seat's board only equipment, pantry and thickness words; its own in full."""
    g = random_prefix("chasse_au_dragon", 3, 2, 300)
    layout = observation_layout(g.setup, 3)
    for viewer in range(3):
        boards = layout.view(g.observation_tensor(viewer), "boards").reshape(3, -1)
        for seat in range(3):
            row, b = boards[seat], g.state.boards[seat]
            assert row[0] == (seat == viewer)
            counts = row[7:20]  # backpack, vault, cage, dungeon, quarters...
            if seat == viewer:
                assert counts[:5].sum() == sum(b.backpack.values()) and counts[10] == b.cage
            else:
                assert not counts.any()
        thickness = layout.view(g.observation_tensor(viewer), "thickness").reshape(3, 4, -1)
        assert (thickness.sum(axis=2) == 1).all()  # one word per zone, every seat


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_tensor_changes_exactly_when_the_observation_does(players):
    """Over whole random games and every seat: equal observations (``step`` aside) give equal tensors and
    different ones different tensors (a faithful encoding, not a summary)."""
    by_obs, by_tensor = {}, {}
    for seed, options in enumerate(({}, {"dragon_raids": True})):
        g = dragonwidgets.new_game("chasse_au_dragon", players=players, seed=seed, **options)
        rng = random.Random(seed)
        for n in range(100_000):
            if n % 3 == 0 or g.is_over:
                pair_views(g, by_obs, by_tensor)
            if g.is_over:
                break
            g.apply(rng.choice(g.legal_actions()))
    assert len(by_obs) > 300


@pytest.mark.parametrize("players", [2, 6])
def test_shape_and_dtype_are_fixed_per_player_count(players):
    check_shape(random_prefix("chasse_au_dragon", players, 3, 50), SHAPES[players])


def test_the_returns_share_one_among_the_richest():
    """CD-SCORE-4, CD-INT-20: the richest win, ties share; 0 for every seat before the end."""
    g = random_prefix("chasse_au_dragon", 4, 7, 0)
    assert g.returns() == [0.0] * 4
    g = random_prefix("chasse_au_dragon", 4, 7, 100_000)
    scores, best = g.outcome().scores, max(g.outcome().scores.values())
    winners = [s for s in range(4) if scores[s] == best]
    assert g.returns() == [1 / len(winners) if s in winners else 0.0 for s in range(4)]


def test_an_illegal_index_names_its_action_and_changes_nothing():
    g = dragonwidgets.new_game("chasse_au_dragon", players=2, seed=1, first_player=0)
    digest = g.state_digest()
    with pytest.raises(dragonwidgets.IllegalActionError, match="'end turn'"):
        g.apply_index(g.action_index("end turn"))
    assert g.state_digest() == digest


#: Leaves of an observation the layout leaves out (documented in tensor.py): fixed by the shape or the
#: history length, or derived from another leaf (a board's power from its equipment, a card's from its type).
LEFT_OUT = {("game",), ("players",), ("step",), ("revealed", "power"), ("outcome", "scores")}


#: Numbers of an observation written one-hot (a seat, a die): another value is another entry, not + 1.
ONE_HOT = {"viewer", "current_player", "active_player", "first_player", "defender", "fleeing",
           ("outcome", "winners"), ("fight", "faces")}


def _numeric_leaves(obs, path=()):
    """Yield the path of every number and bool in ``obs`` (a JSON tree), a seat's list index included."""
    items = obs.items() if isinstance(obs, dict) else enumerate(obs) if isinstance(obs, list) else ()
    for key, value in items:
        here = (*path, key)
        if isinstance(value, (bool, int)) and value is not None:
            yield here
        else:
            yield from _numeric_leaves(value, here)


def _changed(obs, path):
    """Return a copy of ``obs`` with the leaf at ``path`` changed (a bool flipped, a number + 1)."""
    out = json.loads(json.dumps(obs))
    node = out
    for key in path[:-1]:
        node = node[key]
    old = node[path[-1]]
    node[path[-1]] = (not old) if isinstance(old, bool) else old + 1
    return out


def _is_left_out(path):
    if path[0] == "boards" and path[-1] == "power":
        return True
    return any(path[:len(left)] == left for left in LEFT_OUT)


@pytest.mark.parametrize("players", [2, 5])
def test_every_number_of_the_observation_reaches_the_tensor(players):
    """Each number or flag of ``observation(seat)`` (counts, pantry, steps, round, rolls, reach costs...)
    changed alone changes the tensor; only the documented leftovers (derived or fixed ones) do not."""
    checked = 0
    for seed, n in ((1, 0), (2, 60), (3, 200), (4, 100_000)):
        g = random_prefix("chasse_au_dragon", players, seed, n, dragon_raids=True)
        encoder = ObservationEncoder(g.setup, players)
        for seat in range(players):
            obs = g.observation(seat)
            base = encoder.encode(obs)
            for path in _numeric_leaves(obs):
                if _is_left_out(path) or path[0] in ONE_HOT or path[:2] in ONE_HOT:
                    continue  # seats and dice: one-hot entries, not numbers
                assert not np.array_equal(encoder.encode(_changed(obs, path)), base), path
                checked += 1
    assert checked > 200
