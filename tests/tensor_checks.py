"""A check every game's observation tensor must pass (issue 15), shared by the games' tensor tests."""

from __future__ import annotations

import json


def pair_views(game, by_obs: dict, by_tensor: dict, normal=None) -> None:
    """Assert, for every seat of ``game`` now, that its observation (``step`` aside) and its tensor pair one to
    one with every pair recorded before in ``by_obs`` / ``by_tensor``: equal observations give equal tensors and
    different ones different tensors (a faithful encoding, not a summary). Records this table's pairs.
    ``normal(obs)``, if given, returns the observation as the tensor keeps it (e.g. zones of cards as sets)."""
    for seat in range(game.players):
        obs = game.observation(seat)
        obs.pop("step")
        if normal is not None:
            obs = normal(obs)
        key, tensor = json.dumps(obs, sort_keys=True), game.observation_tensor(seat).tobytes()
        assert by_obs.setdefault(key, tensor) == tensor
        assert by_tensor.setdefault(tensor, key) == key


def twin_tensors(tables, hidden, mutant=None, redeals: int = 3) -> tuple[int, int]:
    """Assert, for every game of ``tables`` and every seat, that each of ``redeals`` ``determinize(seat)`` twins
    gives that seat the same observation tensor. Return how many twins differ in what the seat cannot see
    (``hidden(game, seat)``: any comparable value) and, of those, how many a wrong tensor built from the full
    table (``mutant(game, seat)``, an array) tells apart (0 without ``mutant``): both must be large for the check
    to have teeth."""
    import random

    import numpy as np

    redealt = caught = 0
    for g in tables:
        for seat in range(g.players):
            mine = g.observation_tensor(seat)
            for k in range(redeals):
                twin = g.determinize(seat, random.Random(k))
                assert np.array_equal(twin.observation_tensor(seat), mine)
                if hidden(twin, seat) != hidden(g, seat):
                    redealt += 1
                    caught += mutant is not None and not np.array_equal(mutant(twin, seat), mutant(g, seat))
    return redealt, caught


def check_mask(game) -> list:
    """Assert that ``game``'s legal action mask now marks exactly the legal action ids (all ``False`` at a chance
    node and at the end, where every chance outcome must be in the chance space). Return the legal actions
    (chance outcomes at a chance node)."""
    import numpy as np

    from dragonwidgets.engine import CHANCE

    mask, legal = game.legal_action_mask(), game.legal_actions()
    if game.current_player == CHANCE or game.is_over:
        assert not mask.any()
        for a in legal:
            assert game.chance_space.id(game.chance_space.index(a.id)) == a.id
    else:
        ids = [a.id for a in legal]
        assert [game.action_id(i) for i in np.flatnonzero(mask)] == sorted(ids, key=game.action_index)
        assert mask.sum() == len(ids)
    return legal


def play_out(game, rng, visit) -> None:
    """Play ``game`` to the end with ``rng``'s random choices (chance too), calling ``visit(game)`` before each
    and at the end."""
    while not game.is_over:
        visit(game)
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    visit(game)


def check_shape(game, shape: tuple) -> None:
    """Assert that ``game`` declares the tensor shape ``shape`` and gives every seat a float32 tensor of that
    shape with no negative entry."""
    import numpy as np

    assert game.observation_tensor_shape == shape
    for seat in range(game.players):
        t = game.observation_tensor(seat)
        assert t.dtype == np.float32 and t.shape == shape and (t >= 0).all()
