"""The anywidget front ends: a generic ``GameWidget`` and one small subclass per game.

The bundles they load are built from ``js/`` into ``dragonwidgets/static/`` by ``npm run build``.
"""

from .base import GameWidget, IntentError, MESSAGE_KINDS
from .chasse_au_dragon import ChasseAuDragonWidget
from .drachenland import DrachenlandWidget
from .draghan import DraghanWidget
from .emerald import EmeraldWidget

__all__ = ["GameWidget", "EmeraldWidget", "DrachenlandWidget", "ChasseAuDragonWidget", "DraghanWidget", "IntentError", "MESSAGE_KINDS"]
