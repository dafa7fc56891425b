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
