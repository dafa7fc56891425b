"""A check every game's observation tensor must pass (issue 15), shared by the games' tensor tests."""

from __future__ import annotations

import json


def pair_views(game, by_obs: dict, by_tensor: dict) -> None:
    """Assert, for every seat of ``game`` now, that its observation (``step`` aside) and its tensor pair one to
    one with every pair recorded before in ``by_obs`` / ``by_tensor``: equal observations give equal tensors and
    different ones different tensors (a faithful encoding, not a summary). Records this table's pairs."""
    for seat in range(game.players):
        obs = game.observation(seat)
        obs.pop("step")
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
