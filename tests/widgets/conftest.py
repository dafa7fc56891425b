"""Fixtures of the widget tests: Emerald widgets in known positions and a ``send`` spy."""

from __future__ import annotations

import pytest

from dragonwidgets import EmeraldWidget


@pytest.fixture
def widget():
    """A 3-player game, seat 0 a person, seats 1 and 2 the greedy bot, seed 1 (Red starts)."""
    return EmeraldWidget(players=3, seed=1, seats=["human", "greedy", "greedy"])


@pytest.fixture
def human_widget():
    """A 3-player game, every seat a person, seed 1."""
    return EmeraldWidget(players=3, seed=1)


@pytest.fixture
def sent(monkeypatch):
    """Return a function that monkeypatches ``w.send`` and returns the list of messages sent."""

    def watch(w):
        out = []
        monkeypatch.setattr(w, "send", lambda content, buffers=None: out.append(content))
        return out

    return watch
