"""Draghan bots: ``random`` (the engine's) and ``planner``."""

from __future__ import annotations

from dragonwidgets.engine.bots import RandomBot

__all__ = ["RandomBot"]
