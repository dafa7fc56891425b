"""La Chasse au Dragon bots: ``random`` (the engine's) and ``greedy``."""

from __future__ import annotations

from dragonwidgets.engine.bots import RandomBot

__all__ = ["RandomBot"]
