"""Drachenland bots: ``random`` (the engine's) and ``greedy``, which values sets (an egg and three gems)."""

from __future__ import annotations

from dragonwidgets.engine.bots import RandomBot

__all__ = ["RandomBot"]
