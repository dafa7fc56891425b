"""The anywidget front ends: a generic ``GameWidget`` and one small subclass per game.

The bundles they load are built from ``js/`` into ``dragonwidgets/static/`` by ``npm run build``.
``GameWidget`` (:mod:`.base`) is built from parts, a module per job: :mod:`.messages` (the intents the
front end sends, and their way in), :mod:`.publishing` (the traits sent after every change), :mod:`.views`
(who sees and chooses what), :mod:`.timeline` (undo, goto), :mod:`.bot_seats` (bots and their pace),
:mod:`.status` (the status line), :mod:`.editing` (edit mode), :mod:`.sync` (changes sent as patches).
:mod:`.game_widget` is the base of the games' widgets (:mod:`.emerald`, :mod:`.drachenland`,
:mod:`.chasse_au_dragon`, :mod:`.draghan`); :mod:`.page` writes a game as one HTML page.
"""

from .base import GameWidget, IntentError, MESSAGE_KINDS
from .chasse_au_dragon import ChasseAuDragonWidget
from .drachenland import DrachenlandWidget
from .draghan import DraghanWidget
from .emerald import EmeraldWidget

__all__ = ["GameWidget", "EmeraldWidget", "DrachenlandWidget", "ChasseAuDragonWidget", "DraghanWidget", "IntentError", "MESSAGE_KINDS"]
