"""dragonwidgets: four dragon-themed board games for Jupyter.

Rules engines in plain Python (``dragonwidgets.engine``, ``dragonwidgets.games``) and anywidget front
ends (``GameWidget``, ``EmeraldWidget``, ``DrachenlandWidget``, ``ChasseAuDragonWidget``,
``DraghanWidget``) to play, rewind and inspect them one decision at a time; ``to_html`` writes a game as one
HTML page that steps through it anywhere, with no kernel.

>>> import dragonwidgets
>>> game = dragonwidgets.new_game("emerald", players=3, seed=1)
>>> game.apply(game.legal_actions()[0].id) is not None
True
"""

from importlib import import_module
from typing import Any

from .engine import (
    CHANCE,
    Action,
    Event,
    GameDataError,
    HistoryError,
    IllegalActionError,
    PositionError,
    RecordError,
    bot_names,
    from_record,
    make_bot,
    new_game,
)
from .engine.rules import rule_text, rules
from .lessons import Lesson, LessonError
from .lessons.tutorials import tutorial
from .simulation import simulate
from .analysis import ActionValue, Analysis, analyse

__version__ = "0.1.0"

# The widget classes import anywidget; load them on first use so that the engines (and process
# pools running simulations) never pay for Jupyter imports.
_WIDGETS = {
    "GameWidget": "dragonwidgets.widgets",
    "EmeraldWidget": "dragonwidgets.widgets",
    "DrachenlandWidget": "dragonwidgets.widgets",
    "ChasseAuDragonWidget": "dragonwidgets.widgets",
    "DraghanWidget": "dragonwidgets.widgets",
    "to_html": "dragonwidgets.widgets.page",
}


def __getattr__(name: str) -> Any:
    if name in _WIDGETS:
        return getattr(import_module(_WIDGETS[name]), name)
    raise AttributeError(f"module 'dragonwidgets' has no attribute {name!r}")


__all__ = [
    "CHANCE", "Action", "Event", "GameDataError", "HistoryError", "IllegalActionError", "PositionError", "RecordError",
    "Lesson", "LessonError", "bot_names", "from_record", "make_bot", "new_game", "rule_text", "rules", "simulate", "tutorial", "analyse", "Analysis",
    "ActionValue", "GameWidget", "EmeraldWidget",
    "DrachenlandWidget", "ChasseAuDragonWidget", "DraghanWidget", "to_html", "__version__",
]
